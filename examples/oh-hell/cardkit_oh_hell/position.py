"""Positions and sampled worlds of Oh Hell (see :mod:`cardkit.positions`).

The game's own part of a position (``"state"``)::

    {"phase": "play",                 # tricks, cut, deal, bid, play or over
     "trick_counters": ["#3", ...],   # the counters as last shuffled (top: the tricks drawn)
     "seat_counters": ["@1", ...],    # the top one dealt the first hand
     "num_tricks": 3,
     "hands": [["SK", "C2"], ...],    # each seat's cards now
     "trump": "H2",                   # the card turned for trump (null before the deal)
     "stock": ["C4", ...],            # the undealt cards (any order; written in deck order)
     "bids": [1, 0, null],            # null: not bid yet
     "past_tricks": [[[1, "SA"], ...]], # this hand's finished tricks, (seat, card) in play order
     "trick": [[2, "S5"]],            # the trick in progress
     "hand_log": [{"tricks": 2, "points": [12, 1, 0]}]}  # the match's finished hands

A position is rebuilt by the rules: the counters, the finished hands' points
and the dealer are set, then the deal its cards imply
(:meth:`~cardkit.game.State.deal_shuffle`) and every bid and play go through
:meth:`~cardkit.game.State.apply`, so a position the rules would not allow is
refused with the rule's reason. A finished match is its last hand played out.

A sampled world is the view's public part, made once per view (kept in its
``SeatCards.memo``) and copied for each world, with the cards the seat cannot
see (the other hands and the stock) dealt by the core
(:meth:`cardkit.zones.SeatCards.deal`): a seat that did not follow a led suit
gets none of it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardkit import CHANCE, Bid, Card, Play, Scoreboard, Trick
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

from cardkit_oh_hell.cards import HAND, STOCK

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
    out: list[Pairs] = []
    leader = state.order.left_of_dealer()
    for start in range(0, len(state.played), n):
        assert state.trumps is not None
        trick = Trick(leader, order=state.trumps.order, size=n)
        for i, card in enumerate(state.played[start : start + n]):
            trick.play((leader + i) % n, card)
        out.append(list(trick.pairs()))
        leader = trick.winner()
    return out


def position_part(state: OhHellState, seat: int | None = None) -> dict[str, Any]:
    """The game's own part of the position of ``state`` (with ``seat``: as it knows it)."""
    cards = state.cards
    hands = [[c.text for c in cards.cards(HAND + s)] for s in range(state.players)]
    stock = [c.text for c in cards.cards(STOCK)]
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
        if phase == "tricks" and not random_tricks:
            raise PositionError("num_tricks is fixed by the options: there is no tricks phase")
        state.phase = phase
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


def sample_world(game: OhHellGame, view: OhHellView, rng: random.Random) -> OhHellState:
    """A full state that ``view``'s seat cannot tell from the true one (see the module
    docstring); later chance is seeded from ``rng``."""
    known = view.cards
    if known is None:
        raise PositionError("a world is sampled from a seat's view with its cards")
    if view.to_act and view.to_act[0] == CHANCE:
        raise PositionError(
            "oh-hell samples worlds at a decision or at the end, not while chance is due"
        )
    base = known.memo
    if not isinstance(base, game.state) or base.game is not game:
        base = known.memo = _public(game, view)
    world = base.clone()
    world.seed = rng.getrandbits(32)
    world.cards = known.deal(rng)
    return world


def _public(game: OhHellGame, view: OhHellView) -> OhHellState:
    """A state with ``view``'s public facts (the counters' draws, bids, tricks, scores,
    whose turn), its cards still to be dealt."""
    n = len(view.bids)
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
    world = game.new_state(n, 0, options, False)
    table = world.table
    over = not view.to_act
    hand = view.hand_number - 1 if over else view.hand_number  # the hand played now
    first = (view.dealer - hand + 1) % n  # the deal passes left each hand
    world.trick_counters = _on_top(table.trick_counters, view.num_tricks)
    world.seat_counters = _on_top(table.seat_counters, first)
    world.num_tricks = view.num_tricks
    world.order.dealer = view.dealer
    world.trump = view.trump
    world.trumps = None if view.trump is None else table.trumps[view.trump.suit]
    world.bids = list(view.bids)
    world.won = list(view.tricks_won)
    world.played = view.played
    world.sizes = view.hand_sizes
    world.board = Scoreboard(list(view.scores), None, list(view.hand_points))
    world.phase = "over" if over else "play" if None not in view.bids else "bid"
    if not over:
        world.order.current = view.to_act[0]
    if world.phase == "play":
        assert world.trumps is not None
        leader = view.trick[0][0] if view.trick else world.order.current
        world.trick = Trick(leader, order=world.trumps.order, size=n)
        for seat, card, _ in view.trick:
            world.trick.play(seat, card)
    draws = 1 if table.trick_counters else 0  # a hand's steps: its draw, deal, bids, plays
    done = sum(draws + 1 + n + n * k for k in view.hand_sizes[: hand - 1])
    now = draws + 1 + n - view.bids.count(None) + len(view.played) + len(view.trick)
    world.step_offset = 1 + done + now  # the cut came first
    world.auto_chance = True
    return world


def _on_top(counters: tuple[Card, ...], rank: int) -> tuple[Card, ...]:
    """``counters`` with the one of ``rank`` on top (the rest as they come)."""
    return tuple(sorted(counters, key=lambda c: c.rank != rank))
