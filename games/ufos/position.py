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

A sampled world (:func:`sample_world`) is built directly from the view: the
seat's cards and knowledge as they are, the cards it has not seen dealt to the
others uniformly among the deals where no seat holds a suit it has shown it
lacks (:class:`cardkit.deals.DealConstraints`), and each pick part it has not
seen drawn uniformly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import reduce
from itertools import chain
from operator import attrgetter, itemgetter, or_
from typing import TYPE_CHECKING, Any

import attrs

from cardkit import CHANCE, Action, Bid, Card, Pass, Scoreboard, SealedChoice, Shuffle, Trick
from cardkit.deals import DealConstraints
from cardkit.errors import ParseError
from cardkit.game import _STALE
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
from games.ufos.actions import CHOOSE, CHOOSES, LEADS, PLAYS, Choose, PlayCard, Spy, Wait, parse
from games.ufos.cards import B10, B12, BLUE, DECK, GAMES, MAX_SETS, SUITS, TRUMP_CHOICES
from games.ufos.view import UfosView

if TYPE_CHECKING:
    from games.ufos.game import UfosGame
    from games.ufos.state import UfosState

KEYS = ("phase", "hands", "picks", "auction", "past_tricks", "trick", "last_hand")
"""The keys of the game's own part."""

BY_TEXT: dict[str, Card] = {c.text: c for c in DECK.faces}

Play = tuple[int, Card, str | None]
"""A play read from a position: seat, card and the suit a led Blue is declared as."""

_SUIT_BIT = {"R": 1, "Y": 2, "G": 4, "T": 8, BLUE: 0}
"""The bit of each coloured suit in a seat's set of shown voids (a Blue is never lacked)."""
_MAY_HOLD = tuple(
    frozenset(c for c in DECK.faces if not _SUIT_BIT[c.suit] & lacking) for lacking in range(16)
)
"""The cards a seat may hold, by the suits it has shown it lacks (a bitmask of them)."""

_FACES = DECK.faces
_COPIES = tuple(sum(1 for c in DECK.cards if c is f) for f in _FACES)
"""How many copies of each face the deck holds, by card id."""
_COLOURED = DECK.mask(c for c in DECK.faces if c.suit != BLUE)
_B10_COPIES = _COPIES[B10.id]
_B12_COPIES = _COPIES[B12.id]
_BIT = attrgetter("bit")
_ID = attrgetter("id")
_CARD = itemgetter(1)


# -- writing --------------------------------------------------------------------------


def _play_json(seat: int, card: Card, suit: str, lead: bool) -> list[Any]:
    return [seat, card.text, suit] if lead and card.suit == BLUE else [seat, card.text]


def _trick_json(plays: Sequence[tuple[int, Card, str]]) -> list[list[Any]]:
    return [_play_json(s, c, suit, i == 0) for i, (s, c, suit) in enumerate(plays)]


def position_part(state: UfosState, seat: int | None = None) -> dict[str, Any]:
    """The game's own part of the position of ``state`` (with ``seat``: as it knows it)."""
    n = state.players
    hands: list[list[str]] = [[c.text for c in h] for h in state.hands]
    choice = state.choice
    picks: list[dict[str, str] | None] = [None] * n
    if choice is not None:
        revealed = choice.revealed
        for s, pick in choice.picks.items():
            suit, game = pick.suit, pick.game
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

_TEMPLATES: dict[tuple[int, int, int, bool], UfosState] = {}
"""A fresh state per player count and options, whose fields a world starts from."""

_AUCTION_ACTIONS: dict[str, Action] = {}
"""The auction action of each text a view shows (parsed once)."""


def _template(game: UfosGame, players: int, view: UfosView) -> UfosState:
    key = (players, view.starting_points, view.hands_total // players, view.respy)
    state = _TEMPLATES.get(key)
    if state is None:
        if len(_TEMPLATES) > 64:
            _TEMPLATES.clear()
        options = game.make_options(
            {
                "starting_points": view.starting_points,
                "hands_per_player": key[2],
                "respy": view.respy,
            }
        )
        state = _TEMPLATES[key] = game.new_state(players, 0, options, False)
    return state


def unseen_deal(
    pool: Sequence[Card], sizes: Mapping[int, int], lacking: Mapping[int, int]
) -> DealConstraints[int, Card]:
    """The deals of ``pool`` to the seats of ``sizes`` where no seat holds a card of a suit
    it lacks (``lacking``: a bitmask of suits per seat, R 1, Y 2, G 4, T 8; a Blue is of
    no suit), each card counted as itself: the four Blue 10s are four cards."""
    return DealConstraints(pool, sizes, {s: _MAY_HOLD[m] for s, m in lacking.items() if m})


@attrs.frozen(slots=True)
class _Skeleton:
    """What a view fixes of its worlds: a state with every known part (the others'
    hands empty, no picks), and what is left to draw."""

    state: UfosState
    deal: DealConstraints[int, Card] | None
    """The deals of the cards the seat has not seen to the others (None: none to deal)."""
    others: tuple[int, ...]
    picks: dict[int, Choose] | None
    """The picks the seat knows (None before the deal)."""
    sealed: tuple[int, ...]
    """The seats whose whole pick the seat has not seen."""
    suit_unseen: tuple[tuple[int, str], ...]
    """The seats whose Game Card (given) the seat has seen, but not their Suit Card."""


_RECENT: dict[int, tuple[UfosView, UfosGame, _Skeleton]] = {}
"""The skeletons of the last few views worlds were sampled from (a bot samples many
worlds from one view), by the view's id; the view is kept to check it is the same."""

RECENT = 16
"""How many views' skeletons :data:`_RECENT` keeps."""


def sample_world(game: UfosGame, view: UfosView, rng: random.Random) -> UfosState:
    """A world consistent with ``view`` (see the module docstring): a copy of the view's
    skeleton (kept for the next draw from the same view) with the unseen cards dealt
    and the unseen pick parts drawn."""
    kept = _RECENT.get(id(view))
    if kept is not None and kept[0] is view and kept[1] is game:
        skeleton = kept[2]
    else:
        skeleton = _skeleton(game, view)
        if len(_RECENT) >= RECENT:
            _RECENT.pop(next(iter(_RECENT)), None)
        _RECENT[id(view)] = (view, game, skeleton)
    world = skeleton.state.__deepcopy__({})  # what clone() does, without copy.deepcopy
    world.seed = rng.getrandbits(32)
    if skeleton.deal is not None:
        hands = world.hands
        held = world.held
        for s, cards in skeleton.deal.sample(rng, ordered=False).items():
            hands[s] = sorted(cards, key=_ID)
            held[s] = reduce(or_, map(_BIT, cards), 0)
    known = skeleton.picks
    if known is not None:
        picks = known.copy()
        rnd = rng.random
        for s in skeleton.sealed:
            picks[s] = CHOOSES[int(rnd() * 10)]
        for s, game_card in skeleton.suit_unseen:
            picks[s] = CHOOSE[(TRUMP_CHOICES[int(rnd() * 5)], game_card)]
        world.choice = SealedChoice(_SEATS[world.players], picks)
    return world


_SEATS = tuple(tuple(range(n)) for n in range(MAX_SETS + 1))


def _skeleton(game: UfosGame, view: UfosView) -> _Skeleton:
    """The state of everything ``view`` shows, and what its worlds still draw."""
    from games.ufos.state import _FOLLOWS, AUCTION, DEAL, ORDERS, OVER, PLAY

    n = len(view.points)
    seat = view.seat
    base = _template(game, n, view)
    size = base.size
    phase = view.phase
    fields = base.__dict__.copy()
    # the cards: the seat's own, the ones it saw played; the rest are the others'
    earlier = view.earlier_tricks
    past = (*earlier, view.last_trick) if view.last_trick else earlier
    current = view.trick
    lacking = [0] * n
    hand = view.hand
    cards = [*hand, *map(_CARD, chain.from_iterable(past)), *map(_CARD, current)]
    seen = reduce(or_, map(_BIT, cards), 0)
    blue10 = _B10_COPIES - cards.count(B10)
    blue12 = _B12_COPIES - cards.count(B12)
    for plays in (*past, current):
        if plays:
            led = plays[0][2]
            for s, _, suit in plays:
                if suit != led:  # off the led suit (a Blue always takes the led suit)
                    lacking[s] |= _SUIT_BIT[led]
    dealt = phase not in (DEAL, OVER)
    pool: tuple[Card, ...] = ()
    if dealt:
        pool = DECK.cards_in(_COLOURED & ~seen) + (B10,) * blue10 + (B12,) * blue12
    others = tuple(s for s in range(n) if s != seat)
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[seat] = list(hand)
    held = [0] * n
    held[seat] = reduce(or_, map(_BIT, hand), 0)
    # the picks the seat knows, and those it does not
    picks: dict[int, Choose] | None = None
    sealed: list[int] = []
    suit_unseen: list[tuple[int, str]] = []
    if phase != DEAL:
        shown: dict[int, str] = dict(view.spied)
        if view.bid_winner is not None and view.trump is not None:
            shown[view.bid_winner] = view.trump
        picks = {}
        for s in range(n):
            if not view.picked[s]:
                continue
            if s == seat:
                assert view.my_suit is not None and view.my_game is not None
                picks[s] = CHOOSE[(view.my_suit, view.my_game)]
                continue
            game_card = view.games[s]
            known = shown.get(s)
            if game_card is None:
                sealed.append(s)
            elif known is None:
                suit_unseen.append((s, game_card))
            else:
                picks[s] = CHOOSE[(known, game_card)]
    # the auction, and who spied on whom
    spied = [0] * n
    spy_count = [0] * n
    auction: list[tuple[int, Action]] = []
    for s, text in view.auction:
        action = _AUCTION_ACTIONS.get(text)
        if action is None:
            action = _AUCTION_ACTIONS[text] = parse(text)
        if isinstance(action, Spy):
            spied[s] |= 1 << action.target
            spy_count[s] += 1
        auction.append((s, action))
    # the tricks: the one in progress, the last one, the ones won before it
    trump = view.trump
    order = ORDERS[trump or "X"]
    trick: Trick | None = None
    if phase == PLAY:
        trick = Trick(
            view.leader if view.leader is not None else view.to_act[0], order=order, size=n
        )
        for i, (s, c, suit) in enumerate(current):
            trick.play(s, c, suit if i == 0 and c.suit == BLUE else None)
    won: list[list[Card]] = [[] for _ in range(n)]
    for k in range(len(past) - 1):
        won[past[k + 1][0][0]].extend(map(_CARD, past[k]))
    last_trick: Trick | None = None
    if past:
        last = past[-1]
        last_trick = Trick(last[0][0], order=order, size=n)
        for i, (s, c, suit) in enumerate(last):
            last_trick.play(s, c, suit if i == 0 and c.suit == BLUE else None)
    turn = view.to_act[0] if phase in (PLAY, AUCTION) else view.dealer
    hands_played = view.hand_number if phase == OVER else view.hand_number - 1
    board = Scoreboard(list(view.points), 0)
    if hands_played:
        board.hands = [(0,) * n] * (hands_played - 1) + [view.last_scores]
    passed = list(view.passed)
    fields.update(
        history=[],
        log=None,
        _rng=None,
        _legal_seat=_STALE,
        _legal=(),
        auto_chance=True,
        step_offset=view.step,
        order=TurnOrder(n, view.dealer, turn),
        board=board,
        last_scores=view.last_scores,
        last_tricks=view.last_tricks,
        phase=phase,
        stock=list(DECK.cards) if phase == DEAL else [],
        hands=hands,
        held=held,
        won=won,
        tricks=list(view.tricks),
        trick=trick,
        last_trick=last_trick,
        last_winner=view.last_winner if view.last_winner is not None else -1,
        choice=None,
        passed=passed,
        n_passed=sum(passed),
        high_bid=view.high_bid,
        high_bidder=view.high_bidder if view.high_bidder is not None else -1,
        spied=spied,
        spy_count=spy_count,
        auction=auction,
        winner=view.bid_winner if view.bid_winner is not None else -1,
        winning_bid=view.winning_bid,
        trump=trump,
        mode=view.game,
        trick_order=order,
        _follows=_FOLLOWS[trump or "X"],
        _last_plays=view.last_trick,
        _auction_texts=view.auction,
        _bid_view=[None] * n,
        _earlier=earlier,
    )
    state = object.__new__(type(base))
    state.__dict__.update(fields)
    deal = None
    if pool:
        in_trick = {p[0] for p in current}
        sizes = {s: size - len(past) - (s in in_trick) for s in others}
        deal = unseen_deal(pool, sizes, {s: lacking[s] for s in others})
    return _Skeleton(
        state,
        deal,
        others,
        picks,
        tuple(sealed),
        tuple(suit_unseen),
    )
