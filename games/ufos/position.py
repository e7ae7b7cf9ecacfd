"""Positions and sampled worlds of U.F.O.s (see :mod:`cardkit.positions`).

The game's own part of a position (``"state"``)::

    {"phase": "play",                      # deal, choose, auction, play or over
     "hands": [["R1", "Y4", ...], ...],    # each seat's cards now, by seat
     "picks": [{"suit": "R", "game": "high"}, null, ...],
                                           # the bid cards each seat laid down (null: not yet)
     "auction": [[2, "bid 3"], [0, "spy 2"], [1, "pass"], ...],
                                           # this hand's auction so far, in order
     "past_tricks": [[[1, "B12", "Y"], [2, "Y4"], [0, "Y9"]], ...],
                                           # this hand's finished tricks, in play order
     "trick": [[0, "T9"]],                 # the trick in progress
     "last_hand": {"tricks": [5, 8, 7], "points": [5, 16, 7]}}
                                           # the hand scored last (all 0 before the first)

A play is ``[seat, card]``; a led Blue 10 or 12 adds the suit it was declared
as (``[1, "B12", "Y"]``). The common part's ``dealer`` is any seat and its
``scores`` are each seat's points (any whole numbers from 0): a position may
start a match from any table, whoever dealt first and whatever points the
seats hold. Every card is dealt in U.F.O.s, so nothing is out of play; the
bid-card sets of absent seats stay in the box.

What was shown to whom follows from the rest: every Game Card is face up once
all seats have picked, a spy (``[0, "spy 2"]``) showed seat 2's Suit Card to
seat 0 alone, and the bid winner's Suit Card is face up from the end of the
auction. A seat's position writes ``"?"`` for each card and each part of a pick
that the seat has not seen.

A position is rebuilt by the rules themselves: the points each seat held when
the hand began (its points now, less what the auction moved), the deal its
cards imply, then every pick, auction action and play through
:meth:`~cardkit.game.State.apply`. So a position whose cards, bids, spies or
plays the rules would not allow is refused with the rule's reason.

A sampled world (:func:`sample_world`) is the view's public part (made once per
view, kept in its ``SeatCards.memo``, copied for each world), with the cards dealt
by the core from what the seat knows (:meth:`cardkit.zones.SeatCards.deal`: the
cards it has not seen go to the others uniformly among the deals where no seat
holds a suit it has shown it lacks) and each pick part it has not seen drawn
uniformly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardkit import CHANCE, Action, Bid, Card, Pass, Scoreboard, Shuffle, Trick
from cardkit.errors import ParseError
from cardkit.positions import (
    UNKNOWN,
    Common,
    PositionError,
    apply_checked,
    card_of,
    game_part,
    listed,
    whole,
)
from cardkit.seats import TurnOrder
from games.ufos.actions import CHOOSE, LEADS, PLAYS, Choose, PlayCard, Spy, Wait, parse
from games.ufos.cards import BLUE, DECK, GAME_CARD, GAMES, SUIT_CARD, SUITS, TRUMP_CHOICES
from games.ufos.state import GAMES_UP, SETS
from games.ufos.view import UfosView

if TYPE_CHECKING:
    from games.ufos.game import UfosGame
    from games.ufos.state import UfosState

KEYS = ("phase", "hands", "picks", "auction", "past_tricks", "trick", "last_hand")
"""The keys of the game's own part."""

BY_TEXT: dict[str, Card] = {c.text: c for c in DECK.faces}

Play = tuple[int, Card, str | None]
"""A play read from a position: seat, card and the suit a led Blue is declared as."""

_FACES = DECK.faces
_COPIES = tuple(sum(1 for c in DECK.cards if c is f) for f in _FACES)
"""How many copies of each face the deck holds, by card id."""


# -- writing --------------------------------------------------------------------------


def _play_json(seat: int, card: Card, suit: str, lead: bool) -> list[Any]:
    return [seat, card.text, suit] if lead and card.suit == BLUE else [seat, card.text]


def _trick_json(plays: Sequence[tuple[int, Card, str]]) -> list[list[Any]]:
    return [_play_json(s, c, suit, i == 0) for i, (s, c, suit) in enumerate(plays)]


def position_part(state: UfosState, seat: int | None = None) -> dict[str, Any]:
    """The game's own part of the position of ``state`` (with ``seat``: as it knows it)."""
    n = state.players
    hands = [[c.text for c in state.cards.cards(state.hand0 + s)] for s in range(n)]
    picks: list[dict[str, str] | None] = [None] * n
    revealed = all(state.picked(s) for s in range(n))
    for s in range(n):
        if not state.picked(s):
            continue
        suit, game = state.suit_of(s), state.game_of(s)
        if seat is not None and s != seat:
            seen = revealed and (s == state.winner or bool(state.spied[seat] >> s & 1))
            suit = suit if seen else UNKNOWN
            game = game if revealed else UNKNOWN
        picks[s] = {"suit": suit, "game": game}
    if seat is not None:
        hands = [h if s == seat else [UNKNOWN] * len(h) for s, h in enumerate(hands)]
    trick = state.trick
    return {
        "phase": state.phase,
        "hands": hands,
        "picks": picks,
        "auction": [[s, str(a)] for s, a in state.auction],
        "past_tricks": [_trick_json(t) for t in (*state._earlier, state._last_plays) if t],
        "trick": _trick_json(trick.plays()) if trick is not None else [],
        "last_hand": {"tricks": list(state.last_tricks), "points": list(state.last_scores)},
    }


# -- reading --------------------------------------------------------------------------


def _ints(value: Any, n: int, what: str, low: int | None = None) -> list[int]:
    items = listed(value, what)
    if len(items) != n:
        raise PositionError(f"{what} must list {n} seats, not {len(items)}")
    return [whole(v, f"{what} of seat {i}", low) for i, v in enumerate(items)]


def _plays(value: Any, what: str, players: int) -> list[Play]:
    plays: list[Play] = []
    for item in listed(value, what):
        if not isinstance(item, list) or len(item) not in (2, 3):
            raise PositionError(
                f"{what}: each play is [seat, card], or [seat, card, suit] for a led Blue, "
                f"not {item!r}"
            )
        seat = whole(item[0], f"{what}: a seat", 0, players - 1)
        card = card_of(item[1], BY_TEXT, what)
        declare = None
        if len(item) == 3:
            declare = item[2]
            if declare not in SUITS:
                raise PositionError(
                    f"{what}: a led Blue is declared as R, Y, G or T, not {declare!r}"
                )
        plays.append((seat, card, declare))
    return plays


def _picks(value: Any, players: int) -> list[Choose | None]:
    items = listed(value, "picks")
    if len(items) != players:
        raise PositionError(f"picks must list {players} seats, not {len(items)}")
    picks: list[Choose | None] = []
    for s, item in enumerate(items):
        if item is None:
            picks.append(None)
            continue
        if not isinstance(item, Mapping) or set(item) != {"suit", "game"}:
            raise PositionError(
                f'the pick of seat {s} is null or {{"suit": ..., "game": ...}}, not {item!r}'
            )
        suit, game = item["suit"], item["game"]
        if suit not in TRUMP_CHOICES:
            raise PositionError(
                f"the pick of seat {s}: its Suit Card is R, Y, G, T or X, not {suit!r}"
            )
        if game not in GAMES:
            raise PositionError(f"the pick of seat {s}: its Game Card is high or low, not {game!r}")
        picks.append(CHOOSE[(suit, game)])
    return picks


def _auction(value: Any, players: int) -> list[tuple[int, Action]]:
    entries: list[tuple[int, Action]] = []
    for i, item in enumerate(listed(value, "auction")):
        what = f"auction entry {i + 1}"
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], str):
            raise PositionError(f'{what}: each entry is [seat, action], e.g. [2, "bid 3"]')
        seat = whole(item[0], f"{what}: the seat", 0, players - 1)
        try:
            action = parse(item[1])
        except ParseError as exc:
            raise PositionError(f"{what}: {exc}") from None
        if not isinstance(action, Pass | Bid | Spy | Wait):
            raise PositionError(
                f"{what}: {item[1]!r} is not an auction action (pass, bid N, spy SEAT, wait)"
            )
        entries.append((seat, action))
    return entries


def _last_hand(value: Any, players: int) -> tuple[list[int], list[int]]:
    if not isinstance(value, Mapping) or set(value) != {"tricks", "points"}:
        raise PositionError('last_hand is {"tricks": [...], "points": [...]}, one number a seat')
    return (
        _ints(value["tricks"], players, "last_hand tricks", 0),
        _ints(value["points"], players, "last_hand points"),
    )


def _scored(tricks: Sequence[int], points: Sequence[int]) -> bool:
    """Whether some bid winner and game give ``points`` for ``tricks`` (RULING 7; a
    seat's points may stop short of a loss at 0)."""
    from games.ufos.state import hand_scores

    for winner in range(len(tricks)):
        for game in GAMES:
            due = hand_scores(tricks, winner, game)
            if all(p == d or d < p <= 0 for p, d in zip(points, due, strict=True)):
                return True
    return False


def restore(state: UfosState, common: Common, part: Any) -> None:
    """Make the fresh ``state`` the position (see the module docstring); ``PositionError``
    naming what is wrong for one that breaks the rules."""
    from games.ufos.state import AUCTION, DEAL, OVER, PLAY
    from games.ufos.state import CHOOSE as CHOOSING

    part = game_part(part, KEYS)
    n = state.players
    size = state.size
    total = state.hands_total
    phases = (DEAL, CHOOSING, AUCTION, PLAY, OVER)
    phase = part["phase"]
    if phase not in phases:
        raise PositionError(f"phase must be one of {', '.join(phases)}, not {phase!r}")
    if common.dealer is None:
        raise PositionError(f"dealer must be a seat from 0 to {n - 1}: a U.F.O.s hand has one")
    if common.hand > total:
        raise PositionError(f"hand {common.hand} does not exist: the match has {total} hands")
    if phase == OVER and common.hand != total:
        raise PositionError(f"a match is over after its last hand, {total}, not {common.hand}")
    for s, points in enumerate(common.scores):
        if points < 0:
            raise PositionError(f"points cannot be negative: seat {s} has {points}")
    hands_in = listed(part["hands"], "hands")
    if len(hands_in) != n:
        raise PositionError(f"hands must list {n} seats, not {len(hands_in)}")
    held = [
        [card_of(t, BY_TEXT, f"hand of seat {s}") for t in listed(h, f"hand of seat {s}")]
        for s, h in enumerate(hands_in)
    ]
    picks = _picks(part["picks"], n)
    auction = _auction(part["auction"], n)
    past = [
        _plays(t, f"past trick {i + 1}", n)
        for i, t in enumerate(listed(part["past_tricks"], "past_tricks"))
    ]
    trick = _plays(part["trick"], "trick", n)
    last_tricks, last_points = _last_hand(part["last_hand"], n)
    if phase == DEAL:
        if any(held) or any(picks) or auction or past or trick:
            raise PositionError(
                "in the deal phase no card is dealt, no bid card laid down, nothing bid or played"
            )
    else:
        _check_cards(held, past, trick, n, size)
        if phase == CHOOSING and (auction or past or trick):
            raise PositionError("in the choose phase nothing is bid or played yet")
        if phase != CHOOSING:
            for s, pick in enumerate(picks):
                if pick is None:
                    raise PositionError(
                        f"seat {s} has laid down no bid cards: every seat has in the {phase} phase"
                    )
        if phase == AUCTION and (past or trick):
            raise PositionError("no card is played before the auction ends")
        if phase == PLAY and len(past) >= size:
            raise PositionError(
                f"a hand of {size} tricks ends after {size} tricks, not {len(past)}"
            )
        if phase == OVER and (len(past) != size or trick):
            raise PositionError(f"a match is over once the {size} tricks of its last hand are in")
    if phase != OVER:
        _check_last_hand(last_tricks, last_points, common.hand, size)
    start = _start_points(common, auction, last_points, phase in (PLAY, OVER), phase == OVER)
    played = common.hand - 1
    board = Scoreboard(start, 0)
    if played:
        board.hands = [(0,) * n] * (played - 1) + [tuple(last_points)]
    state.board = board
    state.last_tricks = tuple(last_tricks)
    state.last_scores = tuple(last_points)
    state.order = TurnOrder(n, common.dealer, common.dealer)
    if phase == DEAL:
        return
    deal: list[Card] = []
    for s in range(n):
        deal += held[s]
        deal += [c for t in (*past, trick) for p, c, _ in t if p == s]
    state.apply(CHANCE, Shuffle(tuple(deal)))
    for s, pick in enumerate(picks):
        if pick is not None:
            apply_checked(state, s, pick, f"the pick of seat {s}")
    for i, (seat, action) in enumerate(auction):
        what = f"auction entry {i + 1} ({seat}: {action})"
        if state.phase != AUCTION:
            raise PositionError(f"{what} comes after the auction has ended")
        current = state.order.current
        if seat != current:
            raise PositionError(f"{what}: seat {seat} acts where seat {current} is to act")
        apply_checked(state, seat, action, what)
    for t, plays in enumerate(past):
        if len(plays) != n:
            raise PositionError(f"past trick {t + 1} must hold {n} cards, not {len(plays)}")
    if len(trick) >= n:
        raise PositionError(f"the trick in progress holds fewer than {n} cards, not {len(trick)}")
    for t, plays in enumerate((*past, trick)):
        what = "the trick in progress" if t == len(past) else f"past trick {t + 1}"
        for seat, card, declare in plays:
            if state.phase != PLAY:
                raise PositionError(
                    f"{what}: seat {seat} plays {card.text} before the auction ends"
                )
            current = state.order.current
            if seat != current:
                raise PositionError(f"{what}: seat {seat} plays where seat {current} is to play")
            play = PLAYS[card.id] if declare is None else LEADS.get((card, declare))
            if play is None:
                play = PlayCard(card, declare)
            text = card.text if declare is None else f"{card.text} as {declare}"
            apply_checked(state, seat, play, f"{what}: seat {seat} playing {text}")
    if state.phase != phase:
        raise PositionError(
            f"phase is {phase}, but the cards and actions given leave the hand "
            f"in the {state.phase} phase"
        )
    if phase == OVER and (
        list(state.last_tricks) != last_tricks or list(state.last_scores) != last_points
    ):
        raise PositionError(
            f"last_hand: the last hand's tricks are {list(state.last_tricks)} and its points "
            f"{list(state.last_scores)} by the rules, not {last_tricks} and {last_points}"
        )


def _check_cards(
    held: list[list[Card]], past: list[list[Play]], trick: list[Play], n: int, size: int
) -> None:
    """Every card once (the Blues four times each), and ``size`` cards dealt to each seat."""
    counts = Counter(c for h in held for c in h)
    counts.update(c for t in (*past, trick) for _, c, _ in t)
    extra = [f.text for f, k in zip(_FACES, _COPIES, strict=True) if counts[f] > k]
    if extra:
        raise PositionError(f"cards appear more often than the deck holds them: {', '.join(extra)}")
    lacking = [f.text for f, k in zip(_FACES, _COPIES, strict=True) if counts[f] < k]
    if lacking:
        raise PositionError(f"cards are missing (in no hand or trick): {', '.join(lacking)}")
    for s in range(n):
        plays = sum(1 for t in (*past, trick) for p, _, _ in t if p == s)
        if len(held[s]) + plays != size:
            raise PositionError(
                f"seat {s} holds {len(held[s])} cards and played {plays}: "
                f"each of {n} players is dealt {size}"
            )


def _check_last_hand(tricks: list[int], points: list[int], hand: int, size: int) -> None:
    if hand == 1:
        if any(tricks) or any(points):
            raise PositionError(
                "last_hand: before the first hand is scored its tricks and points are 0"
            )
        return
    if sum(tricks) != size:
        raise PositionError(f"last_hand: the tricks of a hand total {size}, not {sum(tricks)}")
    if not _scored(tricks, points):
        raise PositionError(
            f"last_hand: no bid winner and game score {points} for the tricks {tricks}"
        )


def _start_points(
    common: Common, auction: list[tuple[int, Action]], last: list[int], won: bool, over: bool
) -> list[int]:
    """The points each seat held when this hand began: its points now, less what the
    auction moved (the spies' points, the winning bid once paid) and, at the end of
    the match, the last hand's score."""
    n = common.players
    start = list(common.scores)
    if over:
        start = [p - d for p, d in zip(start, last, strict=True)]
    for seat, action in auction:
        if isinstance(action, Spy) and 0 <= action.target < n:
            start[seat] += 1
            start[action.target] -= 1
    if won:
        bids = [(s, a.amount) for s, a in auction if isinstance(a, Bid)]
        if bids:
            start[bids[-1][0]] += bids[-1][1]
    for s, points in enumerate(start):
        if points < 0:
            raise PositionError(
                f"seat {s} cannot hold {common.scores[s]} points after this hand's auction: "
                f"it would have begun the hand with {points}"
            )
    return start


# -- sampled worlds -------------------------------------------------------------------


@attrs.frozen(slots=True)
class Public:
    """What every world of a view shares: the state of its public facts and of the picks
    the seat has seen (each part it has not seen laid down as x or high), and those
    parts, drawn again for each world: ``(seat, whether its Game Card is unseen too,
    the seats that spied its Suit Card)``."""

    state: UfosState
    unseen: tuple[tuple[int, bool, tuple[int, ...]], ...]


def sample_world(game: UfosGame, view: UfosView, rng: random.Random) -> UfosState:
    """A full state that ``view``'s seat cannot tell from the true one: the view's public
    part (made once per view, kept in its ``SeatCards.memo``) copied, the cards dealt by
    :meth:`cardkit.zones.SeatCards.deal`, each pick part the seat has not seen drawn
    uniformly (a Suit Card of five, a Game Card of two), later chance from a fresh seed."""
    known = view.cards
    if known is None:
        raise PositionError("a world is sampled from a seat's view with its cards")
    public = known.memo
    if not isinstance(public, Public) or public.state.game is not game:
        public = known.memo = _public(game, view)
    world = public.state.clone()
    world.seed = rng.getrandbits(32)
    world.cards = known.deal(rng)
    rnd = rng.random
    n, bids = world.players, world.bids
    for seat, sealed, spies in public.unseen:
        kept = SETS + n + seat  # the bid cards it kept: swap the drawn ones in
        draws = [(SUIT_CARD[seat][TRUMP_CHOICES[int(rnd() * 5)]], kept + n, spies)]
        if sealed:
            draws.append((GAME_CARD[seat][GAMES[int(rnd() * 2)]], kept + 2 * n, ()))
        for card, zone, knowers in draws:
            if not bids.masks[zone] & card.bit:
                bids.move_all(zone, kept)
                bids.move(card, kept, zone)
                for spy in knowers:
                    bids.show(spy, zone)
    return world


def _lay_down(
    state: UfosState, seat: int, suit: str, game: str, revealed: bool, spies: Sequence[int]
) -> None:
    """``seat``'s bid cards laid down, its Game Card face up once all are (``revealed``),
    its Suit Card known to ``spies``."""
    n = state.players
    state.lay_down(seat, suit, game)
    if revealed:
        state.bids.move_all(SETS + 3 * n + seat, GAMES_UP)
    for spy in spies:
        state.bids.show(spy, SETS + 2 * n + seat)


def _public(game: UfosGame, view: UfosView) -> Public:
    """The state of ``view``'s public facts, the seat's cards still to be dealt."""
    from games.ufos.state import _FOLLOWS, AUCTION, ORDERS, OVER, PLAY, TRUMP_UP

    n, seat, phase, trump = len(view.points), view.seat, view.phase, view.trump
    hands = view.hands_total // n
    options = {"starting_points": view.starting_points, "hands_per_player": hands}
    world = game.new_state(n, 0, game.make_options({**options, "respy": view.respy}), False)
    order = ORDERS[trump or "X"]
    turn = view.to_act[0] if phase in (PLAY, AUCTION) else view.dealer
    world.order = TurnOrder(n, view.dealer, turn)
    played = view.hand_number if phase == OVER else view.hand_number - 1
    world.board = Scoreboard(list(view.points), 0)
    if played:
        world.board.hands = [(0,) * n] * (played - 1) + [view.last_scores]
    world.phase, world.last_scores, world.last_tricks = phase, view.last_scores, view.last_tricks
    world.tricks = list(view.tricks)
    world.last_winner = -1 if view.last_winner is None else view.last_winner
    world.passed, world.n_passed = list(view.passed), sum(view.passed)
    world.high_bid = view.high_bid
    world.high_bidder = -1 if view.high_bidder is None else view.high_bidder
    world.winner = -1 if view.bid_winner is None else view.bid_winner
    world.winning_bid, world.trump, world.mode = view.winning_bid, trump, view.game
    world.trick_order, world._follows = order, _FOLLOWS[trump or "X"]
    world._last_plays, world._earlier = view.last_trick, view.earlier_tricks
    world._auction_texts = view.auction
    for s, text in view.auction:
        action = parse(text)
        if isinstance(action, Spy):
            world.spied[s] |= 1 << action.target
            world.spy_count[s] += 1
        world.auction.append((s, action))
    if phase == PLAY:
        leader = view.to_act[0] if view.leader is None else view.leader
        world.trick = Trick(leader, order=order, size=n)
        for i, (s, c, suit) in enumerate(view.trick):
            world.trick.play(s, c, suit if i == 0 and c.suit == BLUE else None)
    shown = dict(view.spied)
    if view.bid_winner is not None and trump is not None:
        shown[view.bid_winner] = trump
    revealed = all(view.picked)
    unseen: list[tuple[int, bool, tuple[int, ...]]] = []
    for s in (s for s in range(n) if view.picked[s]):
        spies = tuple(a for a in range(n) if world.spied[a] >> s & 1)
        pick = view.my_suit if s == seat else shown.get(s)
        game_card = view.my_game if s == seat else view.games[s]
        if pick is None or game_card is None:
            unseen.append((s, game_card is None, spies))
        _lay_down(world, s, pick or "X", game_card or "high", revealed, spies)
    if world.winner >= 0:  # its Suit Card is face up
        world.bids.move_all(SETS + 2 * n + world.winner, TRUMP_UP)
    world.step_offset = view.step
    world.auto_chance = True
    return Public(world, tuple(unseen))
