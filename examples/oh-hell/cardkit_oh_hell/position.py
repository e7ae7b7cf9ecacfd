"""Positions and sampled worlds of Oh Hell (see :mod:`cardkit.positions`).

The game's own part of a position (``"state"``)::

    {"phase": "play",                 # tricks, cut, deal, bid, play or over
     "trick_counters": ["#3", ...],   # the counters as last shuffled (top: the tricks drawn)
     "seat_counters": ["@1", ...],    # the top one dealt the first hand
     "num_tricks": 3,
     "hands": [["SK", "C2"], ...],    # each seat's cards now
     "trump": "H2",                   # the card turned for trump (null before the deal)
     "stock": ["C4", ...],            # the undealt cards, in order
     "bids": [1, 0, null],            # null: not bid yet
     "past_tricks": [[[1, "SA"], ...]], # this hand's finished tricks, (seat, card) in play order
     "trick": [[2, "S5"]],            # the trick in progress
     "hand_log": [{"tricks": 2, "points": [12, 1, 0]}]}  # the match's finished hands

A position is rebuilt by the rules: the counters, the finished hands' points
and the dealer are set, then the deal its cards imply
(:meth:`~cardkit.game.State.deal_shuffle`) and every bid and play go through
:meth:`~cardkit.game.State.apply`, so a position the rules would not allow is
refused with the rule's reason. A finished match is its last hand played out.

A sampled world keeps the seat's view and deals the cards it cannot see (the
other hands and the stock) with :func:`~cardkit.positions.deal_hidden`: a seat
that did not follow a led suit gets none of it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from cardkit import CHANCE, Bid, Card, Play, Trick
from cardkit.options import to_json
from cardkit.positions import (
    FORMAT,
    UNKNOWN,
    Common,
    PositionError,
    apply_checked,
    card_of,
    deal_hidden,
    game_part,
    listed,
    whole,
)

if TYPE_CHECKING:
    from cardkit_oh_hell.game import OhHellGame
    from cardkit_oh_hell.state import OhHellState
    from cardkit_oh_hell.view import OhHellView

PHASES = ("tricks", "cut", "deal", "bid", "play", "over")
KEYS = (
    "phase",
    "trick_counters",
    "seat_counters",
    "num_tricks",
    "hands",
    "trump",
    "stock",
    "bids",
    "past_tricks",
    "trick",
    "hand_log",
)
"""The keys of the game's own part."""

Pairs = list[tuple[int, Card]]


def past_tricks(state: OhHellState) -> list[Pairs]:
    """This hand's finished tricks as ``(seat, card)`` pairs: each led by the last winner."""
    n = state.players
    played = state.played
    out: list[Pairs] = []
    leader = state.order.left_of_dealer()
    trumps = state.trumps
    for start in range(0, len(played), n):
        cards = played[start : start + n]
        assert trumps is not None
        trick = Trick(leader)
        for i, card in enumerate(cards):
            trick.add((leader + i) % n, card, trumps.order)
        out.append(list(zip(trick.seats, trick.cards, strict=True)))
        leader = trick.winner()
    return out


def position_part(state: OhHellState, seat: int | None = None) -> dict[str, Any]:
    """The game's own part of the position of ``state`` (with ``seat``: as it knows it)."""
    cards_in = state.table.deck.cards_in
    hands = [[c.text for c in cards_in(h)] for h in state.hands]
    stock = [c.text for c in state.stock]
    if seat is not None:
        hands = [h if s == seat else [UNKNOWN] * len(h) for s, h in enumerate(hands)]
        stock = [UNKNOWN] * len(stock)
    hand = state.board.hands_played + (0 if state.phase == "over" else 1)
    return {
        "phase": state.phase,
        "trick_counters": [c.text for c in state.trick_counters],
        "seat_counters": [c.text for c in state.seat_counters],
        "num_tricks": state.num_tricks,
        "hands": hands,
        "trump": None if state.trump is None else state.trump.text,
        "stock": stock,
        "bids": list(state.bids),
        "past_tricks": [[[s, c.text] for s, c in t] for t in past_tricks(state)],
        "trick": [] if state.trick is None else [[s, c.text] for s, c in state.trick.pairs()],
        "hand_log": [
            {"tricks": k, "points": list(p)}
            for k, p in zip(state.sizes, state.board.hands[: hand - 1], strict=False)
        ],
    }


def summary(state: OhHellState) -> tuple[int | None, tuple[int, ...], int]:
    """The dealer (None before the first cut), the scores and the hand number."""
    played = state.board.hands_played
    before_cut = played == 0 and state.phase in ("tricks", "cut")
    hand = played if state.phase == "over" else played + 1
    return (None if before_cut else state.order.dealer, tuple(state.board.totals), hand)


def _pairs(value: Any, what: str, players: int, cards: Mapping[str, Card]) -> Pairs:
    pairs: Pairs = []
    for item in listed(value, what):
        if not isinstance(item, list) or len(item) != 2:
            raise PositionError(f"{what}: each play is [seat, card], not {item!r}")
        seat = whole(item[0], f"{what}: a seat", 0, players - 1)
        pairs.append((seat, card_of(item[1], cards, what)))
    return pairs


def _order(
    value: Any, what: str, expected: tuple[Card, ...], cards: Mapping[str, Card]
) -> tuple[Card, ...]:
    got = tuple(card_of(t, cards, what) for t in listed(value, what))
    if Counter(got) != Counter(expected):
        shown = " ".join(c.text for c in expected) or "none"
        raise PositionError(f"{what} must order exactly the counters {shown}")
    return got


def restore(state: OhHellState, common: Common, part: Any) -> None:
    """Make the fresh ``state`` the position (see the module docstring); ``PositionError``
    naming what is wrong for one that breaks the rules."""
    part = game_part(part, KEYS)
    n = state.players
    table = state.table
    by_text = {c.text: c for c in table.deck.cards}
    phase = part["phase"]
    if phase not in PHASES:
        raise PositionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    hands_total = state.options.hands
    if common.hand > hands_total:
        raise PositionError(f"hand {common.hand} does not exist: the match has {hands_total}")
    if phase == "cut" and common.hand != 1:
        raise PositionError("the cut for the first dealer comes before the first hand only")
    if phase == "over" and common.hand != hands_total:
        raise PositionError(f"a match is over after its last hand, hand {hands_total}")
    state.trick_counters = _order(
        part["trick_counters"], "trick_counters", table.trick_counters, by_text
    )
    state.seat_counters = _order(
        part["seat_counters"], "seat_counters", table.seat_counters, by_text
    )
    random_tricks = bool(table.trick_counters)
    num_tricks = whole(part["num_tricks"], "num_tricks", 0, table.max_tricks)
    drawn = phase != "tricks" or not random_tricks
    if drawn:
        due = state.trick_counters[0].rank if random_tricks else state.options.num_tricks_fixed
        if num_tricks != due:
            raise PositionError(
                f"num_tricks must be {due}, as the "
                + ("top trick counter says" if random_tricks else "option num_tricks_fixed says")
            )
    state.num_tricks = num_tricks
    log = listed(part["hand_log"], "hand_log")
    if len(log) != common.hand - 1:
        raise PositionError(
            f"hand_log must list the {common.hand - 1} finished hands, not {len(log)}"
        )
    for i, entry in enumerate(log):
        what = f"hand_log entry {i + 1}"
        if not isinstance(entry, Mapping) or set(entry) != {"tricks", "points"}:
            raise PositionError(f"{what} must hold tricks and points")
        tricks = whole(entry["tricks"], f"{what}: tricks", 1, table.max_tricks)
        if not random_tricks and tricks != state.options.num_tricks_fixed:
            raise PositionError(f"{what}: every hand has {state.options.num_tricks_fixed} tricks")
        items = listed(entry["points"], f"{what}: points")
        if len(items) != n:
            raise PositionError(f"{what}: points must list {n} seats, not {len(items)}")
        state.board.add_hand([whole(p, f"{what}: points of seat {s}") for s, p in enumerate(items)])
        state.sizes = (*state.sizes, tricks)
    if phase != "over" and tuple(state.board.totals) != common.scores:  # over: the core checks
        raise PositionError(
            f"scores must be the sums of the hand_log's points, {list(state.board.totals)}, "
            f"not {list(common.scores)}"
        )
    cut = common.hand > 1 or phase not in ("tricks", "cut")
    if cut:
        state.order.dealer = (state.seat_counters[0].rank + common.hand - 1) % n
    held = listed(part["hands"], "hands")
    if len(held) != n:
        raise PositionError(f"hands must list {n} seats, not {len(held)}")
    hands = [
        [card_of(t, by_text, f"hand of seat {s}") for t in listed(h, f"hand of seat {s}")]
        for s, h in enumerate(held)
    ]
    past = [
        _pairs(t, f"past trick {i + 1}", n, by_text)
        for i, t in enumerate(listed(part["past_tricks"], "past_tricks"))
    ]
    trick = _pairs(part["trick"], "trick", n, by_text)
    bids_in = listed(part["bids"], "bids")
    if len(bids_in) != n:
        raise PositionError(f"bids must list {n} seats, not {len(bids_in)}")
    bids = [
        None if b is None else whole(b, f"the bid of seat {s}", 0) for s, b in enumerate(bids_in)
    ]
    trump_text = part["trump"]
    stock = [card_of(t, by_text, "stock") for t in listed(part["stock"], "stock")]
    if phase in ("tricks", "cut", "deal"):
        if (
            any(hands)
            or past
            or trick
            or trump_text is not None
            or any(b is not None for b in bids)
        ):
            raise PositionError(f"in the {phase} phase no cards are dealt and nobody has bid")
        if Counter(stock) != Counter(table.cards):
            raise PositionError(f"in the {phase} phase the stock holds every card")
        state.stock = stock
        state.phase = phase if phase != "tricks" or random_tricks else "deal"
        if state.phase != phase:
            raise PositionError("num_tricks is fixed by the options: there is no tricks phase")
        if phase == "cut" and not cut:
            state.phase = "cut"
        return
    trump = card_of(trump_text, by_text, "trump")
    everything = [c for h in hands for c in h] + [c for t in (*past, trick) for _, c in t]
    everything += [trump, *stock]
    counts = Counter(everything)
    twice = sorted(c.text for c, k in counts.items() if k > 1)
    if twice:
        raise PositionError(f"cards appear more than once: {', '.join(twice)}")
    lacking = [c.text for c in table.cards if c not in counts]
    if lacking:
        raise PositionError(
            f"cards are missing (in no hand, trick or the stock): {', '.join(lacking)}"
        )
    strange = [c.text for c in counts if c not in table.cards]
    if strange:
        raise PositionError(f"counters are not cards to deal: {', '.join(strange)}")
    dealt: dict[int, list[Card]] = {}
    for seat in range(n):
        played = [c for t in (*past, trick) for s, c in t if s == seat]
        if len(hands[seat]) + len(played) != num_tricks:
            raise PositionError(
                f"seat {seat} holds {len(hands[seat])} cards and played {len(played)}: "
                f"a hand of this deal has {num_tricks}"
            )
        dealt[seat] = hands[seat] + played
    state.phase = "deal"
    state.stock = list(table.cards)
    state.apply(CHANCE, state.deal_shuffle(dealt, trump=[trump], stock=stock))
    _replay(state, phase, bids, past, trick)


def _replay(
    state: OhHellState, phase: str, bids: list[int | None], past: list[Pairs], trick: Pairs
) -> None:
    n = state.players
    order = [state.order.left_of_dealer(1 + k) for k in range(n)]
    made = [s for s in order if bids[s] is not None]
    if made != order[: len(made)]:
        waiting = next(s for s in order if bids[s] is None)
        raise PositionError(
            f"seat {waiting} has not bid but a later seat has: bids go round from seat {order[0]}"
        )
    if phase == "bid" and len(made) == n:
        raise PositionError("every seat has bid, so the phase is play, not bid")
    if phase != "bid" and len(made) < n:
        raise PositionError(
            f"in the {phase} phase every seat has bid; seat {order[len(made)]} has not"
        )
    for seat in made:
        amount = bids[seat]
        assert amount is not None
        apply_checked(state, seat, Bid(amount), f"the bid of seat {seat}")
    if phase == "bid":
        if past or trick:
            raise PositionError("no card is played before every seat has bid")
        return
    for t, cards in enumerate(past):
        if len(cards) != n:
            raise PositionError(f"past trick {t + 1} must hold {n} cards, not {len(cards)}")
    if len(trick) >= n:
        raise PositionError(f"the trick in progress holds fewer than {n} cards, not {len(trick)}")
    for t, cards in enumerate((*past, trick)):
        what = "the trick in progress" if t == len(past) else f"past trick {t + 1}"
        for seat, card in cards:
            if state.phase != "play":
                raise PositionError(f"{what}: the hand is over before seat {seat} plays")
            if seat != state.order.current:
                raise PositionError(
                    f"{what}: seat {seat} plays where seat {state.order.current} is to play"
                )
            apply_checked(state, seat, Play(card), f"{what}: seat {seat} playing {card.text}")
    if state.phase != phase:
        raise PositionError(f"these plays leave the match in the {state.phase} phase, not {phase}")


def _lacking(suits: frozenset[str]) -> Callable[[Card], bool]:
    def allowed(card: Card) -> bool:
        return card.suit not in suits

    return allowed


def world_position(game: OhHellGame, view: OhHellView, rng: random.Random) -> dict[str, Any]:
    """A position consistent with ``view`` (see the module docstring): the cards the seat
    cannot see dealt uniformly among the deals that give no seat a suit it did not follow."""
    from cardkit_oh_hell.state import table

    if view.to_act and view.to_act[0] == CHANCE:
        raise PositionError(
            "oh-hell samples worlds at a decision or at the end, not while chance is due"
        )
    n = len(view.bids)
    seat = view.seat
    options = game.make_options(
        {
            "num_suits": view.num_suits,
            "num_cards_per_suit": view.ranks,
            "num_tricks_fixed": view.num_tricks_fixed,
            "off_bid_penalty": view.off_bid_penalty,
            "points_per_trick": view.points_per_trick,
            "hands": view.hands,
        }
    )
    tab = table(n, options)
    trumps = tab.trumps[view.trump.suit] if view.trump is not None else None
    # who played what: each finished trick is led by the last winner
    past: list[Pairs] = []
    leader = (view.dealer + 1) % n
    for start in range(0, len(view.played), n):
        assert trumps is not None
        trick = Trick(leader)
        for i, card in enumerate(view.played[start : start + n]):
            trick.add((leader + i) % n, card, trumps.order)
        past.append(list(zip(trick.seats, trick.cards, strict=True)))
        leader = trick.winner()
    current = [(s, c) for s, c, _ in view.trick]
    shown: dict[int, set[str]] = {}
    for cards in (*past, current):
        if cards:
            led = cards[0][1].suit
            for s, card in cards[1:]:
                if card.suit != led:
                    shown.setdefault(s, set()).add(led)
    known = {*view.hand, *view.played, *(c for _, c in current)}
    if view.trump is not None:
        known.add(view.trump)
    pool = [c for c in tab.cards if c not in known]
    over = not view.to_act
    others = [s for s in range(n) if s != seat]
    sizes = []
    allowed: list[Callable[[Card], bool] | None] = []
    for s in others:
        played = sum(1 for t in (*past, current) for p, _ in t if p == s)
        sizes.append(0 if over else view.num_tricks - played)
        lacking = frozenset(shown.get(s, ()))
        allowed.append(_lacking(lacking) if lacking else None)
    sizes.append(len(pool) - sum(sizes))
    allowed.append(None)
    dealt = deal_hidden(pool, sizes, allowed, rng)
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[seat] = list(view.hand)
    for s, given in zip(others, dealt, strict=False):
        hands[s] = given
    hand = view.hand_number - (1 if over else 0)
    counters = [c for c in tab.trick_counters if c.rank != view.num_tricks]
    trick_counters = [c for c in tab.trick_counters if c.rank == view.num_tricks] + counters
    first = (view.dealer - (hand - 1)) % n
    seat_counters = [tab.seat_counters[first], *(c for c in tab.seat_counters if c.rank != first)]
    steps = _steps(tab, hand, n, view, past, current)
    phase = "over" if over else ("play" if all(b is not None for b in view.bids) else "bid")
    return {
        "format": FORMAT,
        "game": game.id,
        "players": n,
        "options": to_json(options),
        "seed": rng.getrandbits(32),
        "step": steps,
        "dealer": view.dealer,
        "to_act": list(view.to_act),
        "scores": list(view.scores),
        "hand": hand,
        "state": {
            "phase": phase,
            "trick_counters": [c.text for c in trick_counters],
            "seat_counters": [c.text for c in seat_counters],
            "num_tricks": view.num_tricks,
            "hands": [[c.text for c in h] for h in hands],
            "trump": None if view.trump is None else view.trump.text,
            "stock": [c.text for c in dealt[-1]],
            "bids": list(view.bids),
            "past_tricks": [[[s, c.text] for s, c in t] for t in past],
            "trick": [[s, c.text] for s, c in current],
            "hand_log": [
                {"tricks": k, "points": list(p)}
                for k, p in zip(view.hand_sizes, view.hand_points[: hand - 1], strict=False)
            ],
        },
    }


def _steps(tab: Any, hand: int, n: int, view: OhHellView, past: list[Pairs], current: Pairs) -> int:
    """The steps a match takes to reach the view's moment (chance included)."""
    draws = 1 if tab.trick_counters else 0
    steps = 1  # the cut
    for size in view.hand_sizes[: hand - 1]:  # each: its draw, deal, bids and plays
        steps += draws + 1 + n + n * size
    steps += draws + 1 + sum(1 for b in view.bids if b is not None)
    return steps + sum(len(t) for t in past) + len(current)


def sample_world(game: OhHellGame, view: OhHellView, rng: random.Random) -> OhHellState:
    """The state of :func:`world_position`."""
    return game.from_position(world_position(game, view, rng))
