"""Positions and sampled worlds of U.F.O.s (see :mod:`cardkit.positions`).

A position's game part is the state's record, written and read by the core
(docs/positions.md gives its keys): :func:`check` states the rules its types cannot
say, :func:`first_version` reads a version 1 part. A world is :func:`public_state` with
its cards dealt by the core and each pick part its seat has not seen drawn (:func:`redraw`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardkit import Bid, Card, Scoreboard, Trick
from cardkit.positions import Common, PositionError, game_part
from cardkit.tricks import trick_problem, voids
from games.ufos import state as ufos
from games.ufos.actions import Spy
from games.ufos.cards import DECK, GAME_CARD, GAMES, SUIT_CARD, SUITS, TRUMP_CHOICES
from games.ufos.view import UfosView

if TYPE_CHECKING:
    from games.ufos.game import UfosGame
    from games.ufos.state import UfosState


def check(state: UfosState) -> None:
    """Refuse (``PositionError``) a state read from a position that breaks a rule."""
    n, phase, board = state.players, state.phase, state.board
    if phase not in ufos.PHASES or not 0 <= state.dealer < n:
        raise PositionError(f"phase is one of {', '.join(ufos.PHASES)}; dealer a seat below {n}")
    if any(len(seats) != n for seats in (board.totals, state.last_tricks, *board.hands)):
        raise PositionError(f"the points, last_tricks and each hand's points list {n} seats")
    played, total, size = board.hands_played, state.hands_total, state.size
    if played > total or (phase == ufos.OVER) != (played == total):
        raise PositionError(f"the match has {total} hands, over once all are scored, not {played}")
    tricks, points = list(state.last_tricks), list(state.last_scores)
    if (sum(tricks) != size or min(tricks) < 0) if played else any(tricks):
        raise PositionError(
            f"last_tricks: the tricks of a hand total {size}, not {sum(tricks)} (all are 0 "
            "before the first hand is scored)"
        )
    rules = [ufos.hand_scores(tricks, w, g) for w in range(n) for g in GAMES] if played else []
    if all(
        any(p != d and not d < p <= 0 for p, d in zip(points, due, strict=True))
        for due in rules or [points]
    ):
        raise PositionError(f"no bid winner and game score {points} for the tricks {tricks}")
    _check_tricks(state, _check_auction(state))


def _check_auction(state: UfosState) -> int:
    """Refuse bid cards or an auction that break a rule; the bid winner (-1 before one)."""
    n, phase, board = state.players, state.phase, state.board
    laid = [(state.suit_of(s), state.game_of(s)) if state.picked(s) else None for s in range(n)]
    if (phase == ufos.DEAL and any(laid)) or (phase == ufos.CHOOSE and all(laid)):
        why = (
            "none has before the deal" if phase == ufos.DEAL else "the auction begins once all have"
        )
        raise PositionError(f"{n - laid.count(None)} seats have laid down bid cards: {why}")
    if phase not in (ufos.DEAL, ufos.CHOOSE) and None in laid:
        missing = laid.index(None)
        raise PositionError(f"seat {missing} has laid down no bid cards, as all have in {phase}")
    playing, ended = phase in (ufos.PLAY, ufos.OVER), state.auction_over()
    start = [
        p - d * (phase == ufos.OVER) for p, d in zip(board.totals, state.last_scores, strict=True)
    ]
    walker = state.clone()  # the auction again, from the points each seat held when it began
    for seat, action in walker.walk_auction():
        if isinstance(action, Spy):
            start[seat], start[action.target] = start[seat] + 1, start[action.target] - 1
    if ended and playing and state.high_bidder >= 0:
        start[state.high_bidder] += state.high_bid
    for seat, (now, then) in enumerate(zip(board.totals, start, strict=True)):
        if min(now, then) < 0:
            raise PositionError(
                f"points cannot be negative: seat {seat} has {now} after this hand's auction, "
                f"{then} before it"
            )
    walker.board = Scoreboard(start, state.board.floor, list(state.board.hands))
    for i, (seat, action) in enumerate(walker.walk_auction()):
        if action is None or walker.auction_over():
            why = "the auction was over" if action else "not an auction action of a seat"
        else:
            refusal = walker._refuse_auction(seat, action)
            why = "" if refusal is None else refusal.reason
        if why:
            raise PositionError(f"auction entry {i + 1} {list(state.auction[i])}: {why}")
        if isinstance(action, Spy):
            walker.board.add(seat, -1)
            walker.board.add(action.target, 1)
    if (state.auction and not playing and phase != ufos.AUCTION) or ended != playing:
        raise PositionError(
            f"the phase is {phase}, but the auction is {'over' if ended else 'open'}"
        )
    winner = (state.high_bidder if state.high_bidder >= 0 else state.dealer) if ended else -1
    odd = any(p and (p[0] not in TRUMP_CHOICES or p[1] not in GAMES) for p in laid)
    if odd or ufos.lay_out(n, laid, state.spied, winner) != state.bid_cards:
        raise PositionError(
            "the bid cards lie as the picks put them: each seat's Suit Card and Game Card "
            "face down, the Game Cards up once all have picked, the bid winner's Suit Card up, "
            "each spied one known to its spy"
        )
    return winner


def _check_tricks(state: UfosState, winner: int) -> None:
    """Refuse tricks, or cards where the tricks do not put them, that break a rule."""
    n, phase, cards, size, hand0 = state.players, state.phase, state.cards, state.size, state.hand0
    plays, done = (*state.finished, state.trick.plays()), len(state.finished)
    playing = phase in (ufos.PLAY, ufos.OVER)
    if (
        (not playing and any(plays))
        or done > size - (phase == ufos.PLAY)
        or (phase == ufos.OVER and (done < size or plays[-1]))
    ):
        raise PositionError(
            f"no card is played before the auction ends; a hand's {size} tricks are finished "
            "once it is over, not before"
        )
    hands = [ufos.faces(cards.masks[hand0 + s]) for s in range(n)]
    leads = state.trick.leader
    problem = trick_problem(plays, winner, hands, state.trick_order, leads) if playing else None
    if problem or any(t and t[0][2] not in SUITS for t in plays):
        raise PositionError(problem or "a led Blue 10 or 12 is declared R, Y, G or T")
    winners = [t[0][0] for t in plays[1:done]] + [leads] * (done > 0)
    zones = {ufos.STOCK: list(DECK.cards) * (phase == ufos.DEAL), ufos.TRICK: state.trick.cards}
    for s in range(n):
        zones[ufos.WON + s] = [
            p[1] for t, w in zip(plays[:done], winners, strict=True) if w == s for p in t
        ]
    for zone, want in zones.items():
        if sorted(c.id for c in want) != [c.id for c in cards.cards(zone)]:
            have = " ".join(c.text for c in want) or "no card"
            raise PositionError(f"zone {cards.layout.names[zone]!r} must hold {have}")
    for seat in range(n) if phase != ufos.DEAL else ():
        held, gone = cards.count(hand0 + seat), sum(p[0] == seat for t in plays for p in t)
        if held + gone != size:
            raise PositionError(
                f"seat {seat} holds {held} cards and played {gone}: each of {n} players is dealt "
                f"{size}"
            )
    lacking = voids(plays, state.trick_order)
    barred = [
        lacking.get(z - hand0, 0) if z >= hand0 and m else 0 for z, m in enumerate(cards.masks)
    ]
    if any(cards.known) or cards.lacks() != barred:
        raise PositionError(
            "a hand lacks just the suits it did not follow; no seat knows where another's cards are"
        )


def first_version(state: UfosState, common: Common, part: Any) -> dict[str, Any]:
    """The record of a version 1 game part (``hands``, ``picks``, ``auction``,
    ``past_tricks``, ``trick`` as ``[seat, card]`` plays, ``last_hand``), with the
    common part's dealer and scores."""
    keys = ("phase", "hands", "picks", "auction", "past_tricks", "trick", "last_hand")
    part = game_part(part, keys)
    n, phase, hands, past = state.players, part["phase"], part["hands"], part["past_tricks"]
    laid = [pick and (pick["suit"], pick["game"]) for pick in part["picks"]]
    for s, pick in enumerate(laid):
        if pick and (pick[0] not in TRUMP_CHOICES or pick[1] not in GAMES):
            raise PositionError(
                f"the pick of seat {s} is a Suit Card (R, Y, G, T or X) and a Game Card (high "
                f"or low), not {part['picks'][s]}"
            )
    entries = [(seat, ufos.auction_action(text, n)) for seat, text in part["auction"]]
    bids = [seat for seat, action in entries if isinstance(action, Bid)]
    spied = [
        sum({1 << a.target for s, a in entries if s == seat and isinstance(a, Spy)})
        for seat in range(n)
    ]
    bidder = (bids[-1] if bids else common.dealer or 0) if phase in (ufos.PLAY, ufos.OVER) else -1
    order, leader = ufos.ORDERS[(laid[bidder] or "X")[0] if bidder >= 0 else "X"], bidder
    zones: dict[str, Any] = {f"hand {s}": hand for s, hand in enumerate(hands)}
    zones["stock"] = [c.text for c in DECK.cards] * (phase == ufos.DEAL)
    zones["trick"] = [p[1] for p in part["trick"]]
    tricks: list[tuple[tuple[int, Card, str], ...]] = []
    for plays in (*past, part["trick"]):
        trick = Trick(leader, order=order, size=n)
        ends = [trick.play(seat, DECK.card(text), *declared) for seat, text, *declared in plays]
        tricks.append(trick.plays())
        if len(tricks) <= len(past):
            leader = ends[-1]
            zones.setdefault(f"tricks won {leader}", []).extend(p[1] for p in plays)
    barred = {
        f"hand {s}": [c.text for c in DECK.cards_in(m) if c.text not in hands[s]]
        for s, m in voids(tricks, order).items()
    }
    played = common.hand - (phase != ufos.OVER)
    return {
        "phase": phase,
        "dealer": common.dealer,
        "board": {
            "totals": list(common.scores),
            "hands": [[0] * n] * (played - 1) + [part["last_hand"]["points"]] if played else [],
        },
        "last_tricks": part["last_hand"]["tricks"],
        "bid_cards": ufos.lay_out(n, laid, spied, bidder).write(),
        "auction": part["auction"],
        "finished": [[[s, c.text, suit] for s, c, suit in t] for t in tricks[:-1]],
        "trick": {"leader": leader, "plays": part["trick"]},
        "cards": {"zones": zones, "barred": barred},
    }


def public_state(game: UfosGame, view: UfosView) -> UfosState:
    """A state with ``view``'s public part: its record but the cards, each pick part the
    seat has not seen laid down as x or high."""
    n, seat, played = len(view.points), view.seat, view.hand_number - (view.phase != ufos.OVER)
    options = {"starting_points": view.starting_points, "hands_per_player": view.hands_total // n}
    world = game.new_state(n, 0, game.make_options({**options, "respy": view.respy}), False)
    world.phase, world.dealer, world.auction = view.phase, view.dealer, view.auction
    world.last_tricks = view.last_tricks
    world.board = Scoreboard(
        list(view.points), 0, [(0,) * n] * (played - 1) + [view.last_scores] if played else []
    )
    world.finished = (*view.earlier_tricks, view.last_trick) if view.last_trick else ()
    leader = view.last_winner if view.leader is None else view.leader
    world.trick = Trick(
        -1 if leader is None else leader, order=ufos.ORDERS[view.trump or "X"], size=n
    )
    for s, card, suit in view.trick:
        world.trick.play(s, card, suit)
    world.derive()  # who spied on whom
    suits: dict[int | None, str | None] = {**dict(view.spied), seat: view.my_suit}
    suits[view.bid_winner] = view.trump
    games = [view.my_game if s == seat else view.games[s] for s in range(n)]
    laid = [(suits.get(s) or "X", games[s] or "high") if view.picked[s] else None for s in range(n)]
    winner = -1 if view.bid_winner is None else view.bid_winner
    world.bid_cards = ufos.lay_out(n, laid, world.spied, winner)
    world.derive()
    world.step_offset = view.step
    return world


Draw = tuple[tuple[Card, ...], int, int, tuple[int, ...]]
"""A pick part a seat has not seen: the bid cards it may be, the zone of its seat's other
bid cards, the part's zone and the seats that spied it."""


def unseen(state: UfosState, view: UfosView) -> tuple[Draw, ...]:
    """The pick parts ``view``'s seat has not seen in ``state`` (its :func:`public_state`)."""
    n, seen = state.players, {view.seat, view.bid_winner, *dict(view.spied)}
    draws: list[Draw] = []
    for s in (s for s in range(n) if view.picked[s] and s != view.seat):
        kept, spies = ufos.SETS + n + s, tuple(a for a in range(n) if state.spied[a] >> s & 1)
        if s not in seen:
            draws.append((tuple(SUIT_CARD[s].values()), kept, kept + n, spies))
        if view.games[s] is None:
            draws.append((tuple(GAME_CARD[s].values()), kept, kept + 2 * n, ()))
    return tuple(draws)


def redraw(world: UfosState, draws: tuple[Draw, ...], rng: random.Random) -> None:
    """Draw each of ``draws`` uniformly: a Suit Card of five, a Game Card of two."""
    cards = world.bid_cards
    for choices, kept, zone, spies in draws:
        card = choices[int(rng.random() * len(choices))]
        if not cards.masks[zone] & card.bit:
            cards.move_all(zone, kept)
            cards.move(card, kept, zone)
            for spy in spies:
                cards.show(spy, zone)
