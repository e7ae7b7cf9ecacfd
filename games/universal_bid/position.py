"""Positions and sampled worlds of the bid-exact game (see :mod:`cardkit.positions`).

The game's own part of a position (``"state"``)::

    {"phase": "play",                      # draw, deal, bid, play or over
     "draw": ["E:3", "J:Moon", ...],       # the cards drawn for the first dealer, by seat
     "hands": [["E:1", ...], ...],         # each seat's cards now
     "bids": [2, null, ...],               # null: not bid yet
     "past_tricks": [[[1, "M:4"], ...]],   # this hand's finished tricks, (seat, card) in play order
     "trick": [[3, "S:Sun"]],              # the trick in progress
     "out_of_play": ["V:2", ...],          # the cards not dealt this hand
     "hand_log": [{"number": 1, "size": 9, "dealer": 2, "bids": [...],
                   "tricks": [...], "points": [...]}]}

A position is rebuilt by the rules themselves: the draw, then the finished
hands' scores, then the deal its cards imply, then every bid and play through
:meth:`~cardkit.game.State.apply`. So a position whose cards, bids or plays the
rules would not allow is refused with the rule's reason.

A sampled world keeps the seat's view (its hand, the bids, every card played,
the score sheet, the schedule) and deals the other cards uniformly among the
deals where a seat that did not follow a led suit gets none of it; the rest
of the unseen cards stay out of play. :func:`sample_world` builds the world
directly from the view (the fields of a fresh state, then the view's), dealing
with :class:`cardkit.deals.DealConstraints`; :func:`world_position` is the same
world written as a position, the slow reference the tests compare it with.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from cardkit import CHANCE, Card, Scoreboard, Shuffle
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
from games.universal_bid.actions import BIDS, PLAYS
from games.universal_bid.cards import (
    CARDS,
    DECK,
    MAX_HAND,
    SUITS,
    cards_in,
)
from games.universal_bid.view import HandScore, UniversalBidView

if TYPE_CHECKING:
    from games.universal_bid.game import UniversalBidGame
    from games.universal_bid.state import UniversalBidState

KEYS = ("phase", "draw", "hands", "bids", "past_tricks", "trick", "out_of_play", "hand_log")
"""The keys of the game's own part."""

BY_TEXT: dict[str, Card] = {c.text: c for c in CARDS}

Pairs = list[tuple[int, Card]]


def position_part(state: UniversalBidState, seat: int | None = None) -> dict[str, Any]:
    """The game's own part of the position of ``state`` (with ``seat``: as it knows it)."""
    from games.universal_bid.state import PHASES

    masks = state.cards.masks
    hands = [[c.text for c in cards_in(masks[s])] for s in range(state.players)]
    out = [c.text for c in cards_in(masks[state.out])]
    if seat is not None:
        hands = [h if s == seat else [UNKNOWN] * len(h) for s, h in enumerate(hands)]
        out = [UNKNOWN] * len(out)
    return {
        "phase": PHASES[state.phase],
        "draw": [text for _, text in state.draw],
        "hands": hands,
        "bids": list(state.bids_t),
        "past_tricks": [[[s, c.text] for s, c in t] for t in state.past_tricks()],
        "trick": [[s, c.text] for s, c in state.trick.pairs()],
        "out_of_play": out,
        "hand_log": [
            {
                "number": h.number,
                "size": h.size,
                "dealer": h.dealer,
                "bids": list(h.bids),
                "tricks": list(h.tricks),
                "points": list(h.points),
            }
            for h in state.hand_log
        ],
    }


def summary(state: UniversalBidState) -> tuple[int | None, tuple[int, ...], int]:
    """The dealer (None before the draw), the scores and the hand number."""
    return (
        state.dealer if state.dealer >= 0 else None,
        state.scores_t,
        min(state.hand_index + 1, len(state.schedule)),
    )


def _ints(value: Any, n: int, what: str, low: int, high: int | None = None) -> list[int]:
    items = listed(value, what)
    if len(items) != n:
        raise PositionError(f"{what} must list {n} seats, not {len(items)}")
    return [whole(v, f"{what} of seat {i}", low, high) for i, v in enumerate(items)]


def _pairs(value: Any, what: str, players: int) -> Pairs:
    pairs: Pairs = []
    for item in listed(value, what):
        if not isinstance(item, list) or len(item) != 2:
            raise PositionError(f"{what}: each play is [seat, card], not {item!r}")
        seat = whole(item[0], f"{what}: a seat", 0, players - 1)
        pairs.append((seat, card_of(item[1], BY_TEXT, what)))
    return pairs


def restore(state: UniversalBidState, common: Common, part: Any) -> None:
    """Make the fresh ``state`` the position (see the module docstring); ``PositionError``
    naming what is wrong for one that breaks the rules."""
    from games.universal_bid.state import (
        BID,
        DEAL,
        EXACT_BONUS,
        OVER,
        PHASES,
        WAITING_FOR_CHANCE,
        first_dealer,
    )

    part = game_part(part, KEYS)
    n = state.players
    schedule = state.schedule
    total = len(schedule)
    phase_name = part["phase"]
    if phase_name not in PHASES:
        raise PositionError(f"phase must be one of {', '.join(PHASES)}, not {phase_name!r}")
    phase = PHASES.index(phase_name)
    if common.hand > total:
        raise PositionError(f"hand {common.hand} does not exist: the match has {total} hands")
    hand_index = total if phase == OVER else common.hand - 1
    hands = listed(part["hands"], "hands")
    if len(hands) != n:
        raise PositionError(f"hands must list {n} seats, not {len(hands)}")
    held = [
        [card_of(t, BY_TEXT, f"hand of seat {s}") for t in listed(h, f"hand of seat {s}")]
        for s, h in enumerate(hands)
    ]
    past = [
        _pairs(t, f"past trick {i + 1}", n)
        for i, t in enumerate(listed(part["past_tricks"], "past_tricks"))
    ]
    trick = _pairs(part["trick"], "trick", n)
    out = [card_of(t, BY_TEXT, "out_of_play") for t in listed(part["out_of_play"], "out_of_play")]
    bids_in = listed(part["bids"], "bids")
    if len(bids_in) != n:
        raise PositionError(f"bids must list {n} seats, not {len(bids_in)}")
    bids = [
        None if b is None else whole(b, f"the bid of seat {s}", 0) for s, b in enumerate(bids_in)
    ]
    everything = [c for h in held for c in h] + [c for t in past for _, c in t]
    everything += [c for _, c in trick] + out
    counts = Counter(everything)
    twice = sorted(c.text for c, k in counts.items() if k > 1)
    if twice:
        raise PositionError(f"cards appear more than once: {', '.join(twice)}")
    lacking = [c.text for c in CARDS if c not in counts]
    if lacking:
        raise PositionError(
            f"cards are missing (in no hand, trick or out of play): {', '.join(lacking)}"
        )
    draw_in = listed(part["draw"], "draw")
    if phase == 0:  # draw: nothing has happened yet
        if common.hand != 1 or draw_in or part["hand_log"] or any(held) or past or trick:
            raise PositionError("in the draw phase nothing has been drawn, dealt or scored yet")
        if any(b is not None for b in bids):
            raise PositionError("in the draw phase nobody has bid")
        return
    if len(draw_in) != n:
        raise PositionError(f"draw must list one card for each of the {n} seats")
    drawn = tuple(card_of(t, BY_TEXT, "draw") for t in draw_in)
    if len(set(drawn)) != n:
        raise PositionError("draw lists a card twice")
    state.apply(CHANCE, Shuffle(drawn))
    first = first_dealer(drawn)
    log = listed(part["hand_log"], "hand_log")
    if len(log) != hand_index:
        raise PositionError(f"hand_log must list the {hand_index} finished hands, not {len(log)}")
    for i, entry in enumerate(log):
        what = f"hand_log entry {i + 1}"
        if not isinstance(entry, Mapping) or set(entry) != {
            "number",
            "size",
            "dealer",
            "bids",
            "tricks",
            "points",
        }:
            raise PositionError(f"{what} must hold number, size, dealer, bids, tricks and points")
        size = schedule[i]
        if entry["number"] != i + 1 or entry["size"] != size or entry["dealer"] != (first + i) % n:
            raise PositionError(
                f"{what} must be hand {i + 1} of {size} cards dealt by seat {(first + i) % n}"
            )
        hand_bids = _ints(entry["bids"], n, f"{what}: bids", 0, size)
        tricks = _ints(entry["tricks"], n, f"{what}: tricks", 0, size)
        points = _ints(entry["points"], n, f"{what}: points", 0)
        if sum(hand_bids) == size:
            raise PositionError(
                f"{what}: the dealer's bid makes the bids total {size}, which is not allowed"
            )
        if sum(tricks) != size:
            raise PositionError(f"{what}: the tricks taken must total {size}, not {sum(tricks)}")
        due = [t + EXACT_BONUS if t == b else t for b, t in zip(hand_bids, tricks, strict=True)]
        if points != due:
            raise PositionError(
                f"{what}: points must be {due} for those bids and tricks, not {points}"
            )
        state.board.add_hand(points)
        state.hand_log = (
            *state.hand_log,
            HandScore(i + 1, size, entry["dealer"], tuple(hand_bids), tuple(tricks), tuple(points)),
        )
    state.scores_t = tuple(state.board.totals)
    if any(s < 0 for s in common.scores):
        raise PositionError(f"scores cannot be negative: {list(common.scores)}")
    state.hand_index = hand_index
    if phase in (DEAL, OVER):
        if any(held) or past or trick or any(b is not None for b in bids):
            raise PositionError(f"in the {phase_name} phase no cards are dealt and nobody has bid")
        if phase == OVER:
            if hand_index == 0:
                raise PositionError("a match is over only after its hands")
            state.phase = OVER
            state.acting = ()
            state.due = ()
            state.size = schedule[-1]
            state.dealer = (first + total - 1) % n
        else:
            state.size = schedule[hand_index]
            state.dealer = (first + hand_index) % n
            state.phase = DEAL
            state.acting = WAITING_FOR_CHANCE
        return
    size = schedule[hand_index]
    state.size = size
    state.dealer = dealer = (first + hand_index) % n
    state.phase = DEAL
    state.acting = WAITING_FOR_CHANCE
    _replay_hand(state, phase == BID, held, past, trick, out, bids, size, dealer)


def _replay_hand(
    state: UniversalBidState,
    bidding: bool,
    held: list[list[Card]],
    past: list[Pairs],
    trick: Pairs,
    out: list[Card],
    bids: list[int | None],
    size: int,
    dealer: int,
) -> None:
    n = state.players
    order = [(dealer + 1 + k) % n for k in range(n)]
    dealt: list[Card] = []
    for seat in order:
        played = [c for t in (*past, trick) for s, c in t if s == seat]
        if len(held[seat]) + len(played) != size:
            raise PositionError(
                f"seat {seat} holds {len(held[seat])} cards and played {len(played)}: "
                f"a hand of this deal has {size}"
            )
        dealt += held[seat] + played
    state.apply(CHANCE, Shuffle(tuple(dealt + out)))
    made = [s for s in order if bids[s] is not None]
    if made != order[: len(made)]:
        waiting = next(s for s in order if bids[s] is None)
        raise PositionError(
            f"seat {waiting} has not bid but a later seat has: bids go round from seat {order[0]}"
        )
    if bidding and len(made) == n:
        raise PositionError("every seat has bid, so the phase is play, not bid")
    if not bidding and len(made) < n:
        raise PositionError(
            f"in the play phase every seat has bid; seat {order[len(made)]} has not"
        )
    for seat in made:
        amount = bids[seat]
        assert amount is not None
        if amount > MAX_HAND:
            raise PositionError(f"the bid of seat {seat} is {amount}: bids run from 0 to {size}")
        apply_checked(state, seat, BIDS[amount], f"the bid of seat {seat}")
    if bidding:
        if past or trick:
            raise PositionError("no card is played before every seat has bid")
        return
    if len(past) >= size:
        raise PositionError(f"a hand of {size} tricks ends after {size} tricks, not {len(past)}")
    for t, cards in enumerate(past):
        if len(cards) != n:
            raise PositionError(f"past trick {t + 1} must hold {n} cards, not {len(cards)}")
    if len(trick) >= n:
        raise PositionError(f"the trick in progress holds fewer than {n} cards, not {len(trick)}")
    for t, cards in enumerate((*past, trick)):
        what = "the trick in progress" if t == len(past) else f"past trick {t + 1}"
        for seat, card in cards:
            if seat != state.current:
                raise PositionError(
                    f"{what}: seat {seat} plays where seat {state.current} is to play"
                )
            apply_checked(state, seat, PLAYS[card.id], f"{what}: seat {seat} playing {card.text}")


def voids(tricks: tuple[tuple[tuple[int, Card], ...], ...]) -> dict[int, set[str]]:
    """The suits each seat has shown it lacks: led suits it did not follow."""
    shown: dict[int, set[str]] = {}
    for cards in tricks:
        if not cards:
            continue
        led = cards[0][1].suit
        for seat, card in cards[1:]:
            if card.suit != led:
                shown.setdefault(seat, set()).add(led)
    return shown


_SUIT_BIT = {suit: 1 << i for i, suit in enumerate(SUITS)}
"""The bit of each suit in a set of suits a seat lacks."""
MAY_HOLD = tuple(
    frozenset(c.id for c in CARDS if not _SUIT_BIT[c.suit] & lacking)
    for lacking in range(1 << len(SUITS))
)
"""The cards (their ids) a seat may hold, by the suits it lacks (a set of suit bits)."""


def _holds(lacking: frozenset[str]) -> Callable[[Card], bool]:
    ids = MAY_HOLD[sum(map(_SUIT_BIT.__getitem__, lacking))]
    return lambda card: card.id in ids


def world_position(
    game: UniversalBidGame, view: UniversalBidView, rng: random.Random
) -> dict[str, Any]:
    """A position consistent with ``view`` (see :func:`sample_world`)."""
    n = view.players
    seat = view.seat
    options = game.make_options({"schedule": view.schedule})
    tricks = (*view.past_tricks, view.trick)
    known = {c for c in view.hand} | {c for t in tricks for _, c in t}
    pool = [c for c in CARDS if c not in known]
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[seat] = list(view.hand)
    others = [s for s in range(n) if s != seat]
    dealing = view.phase in ("bid", "play")
    sizes = []
    allowed: list[Callable[[Card], bool] | None] = []
    shown = voids(tricks)
    for s in others:
        played = sum(1 for t in tricks for p, _ in t if p == s)
        sizes.append(view.hand_size - played if dealing else 0)
        lacking = frozenset(shown.get(s, ()))
        allowed.append(_holds(lacking) if lacking else None)
    sizes.append(len(pool) - sum(sizes))
    allowed.append(None)
    dealt = deal_hidden(pool, sizes, allowed, rng)
    for s, cards in zip(others, dealt, strict=False):
        hands[s] = cards
    step = 0
    if view.phase != "draw":
        step = 1 + sum(1 + n + n * h.size for h in view.hand_log)
        if dealing:
            bids = sum(1 for b in view.bids if b is not None)
            step += 1 + bids + sum(len(t) for t in tricks)
    return {
        "format": FORMAT,
        "game": game.id,
        "players": n,
        "options": to_json(options),
        "seed": rng.getrandbits(32),
        "step": step,
        "dealer": view.dealer,
        "to_act": list(view.to_act),
        "scores": list(view.scores),
        "hand": view.hand_number,
        "state": {
            "phase": view.phase,
            "draw": [text for _, text in view.draw],
            "hands": [[c.text for c in h] for h in hands],
            "bids": list(view.bids),
            "past_tricks": [[[s, c.text] for s, c in t] for t in view.past_tricks],
            "trick": [[s, c.text] for s, c in view.trick],
            "out_of_play": [c.text for c in dealt[-1]],
            "hand_log": [
                {
                    "number": h.number,
                    "size": h.size,
                    "dealer": h.dealer,
                    "bids": list(h.bids),
                    "tricks": list(h.tricks),
                    "points": list(h.points),
                }
                for h in view.hand_log
            ],
        },
    }


def sample_world(
    game: UniversalBidGame, view: UniversalBidView, rng: random.Random
) -> UniversalBidState:
    """A full state that ``view``'s seat cannot tell from the true one: the view's
    public facts, the cards dealt by the core from what the seat knows
    (:meth:`cardkit.zones.SeatCards.deal`: the other hands uniformly among the deals
    where a seat lacks the suits it did not follow, the rest out of play), and later
    chance seeded from ``rng``. The public part is made once per view (kept in its
    ``SeatCards.memo``) and copied for each world."""
    from games.universal_bid.state import BID

    known = view.cards
    if known is None:
        raise PositionError("a world is sampled from a seat's view with its cards")
    base = known.memo
    if not isinstance(base, game.state) or base.game is not game:
        base = known.memo = _public(game, view)
    world = base.clone()
    world.seed = rng.getrandbits(32)
    world.cards = known.deal(rng)
    if world.phase < BID:  # as from a position: due chance is drawn at once
        world.resolve_chance()
    return world


def _public(game: UniversalBidGame, view: UniversalBidView) -> UniversalBidState:
    """A state with ``view``'s public facts (bids, tricks, scores, whose turn), its cards
    still to be dealt."""
    from games.universal_bid.state import BID, OVER, PHASES, PLAY

    n = view.players
    phase = PHASES.index(view.phase)
    options = game.make_options({"schedule": view.schedule})
    world = game.new_state(n, 0, options, False)
    world.phase = phase
    world.due = DECK.cards if phase < BID else ()
    world.acting = view.to_act
    world.hand_index = len(view.schedule) if phase == OVER else view.hand_number - 1
    world.size = view.hand_size
    world.dealer = -1 if view.dealer is None else view.dealer
    world.draw = view.draw
    made = [b for b in view.bids if b is not None]
    world.bids = [-1 if b is None else b for b in view.bids]
    world.bids_t = view.bids
    world.bid_total = sum(made)
    world.bids_made = len(made)
    world.taken = list(view.tricks_taken)
    world.taken_t = view.tricks_taken
    world.finished = [(t[0][0], tuple(c for _, c in t)) for t in view.past_tricks]
    world._past = view.past_tricks
    world.board = Scoreboard(list(view.scores), None, [h.points for h in view.hand_log])
    world.scores_t = view.scores
    world.hand_log = view.hand_log
    step = 0
    if phase != 0:
        step = 1 + sum(1 + n + n * h.size for h in view.hand_log)
    if BID <= phase <= PLAY:
        world.current = view.to_act[0]
        step += 1 + len(made) + sum(len(t) for t in view.past_tricks) + len(view.trick)
        if phase == PLAY:
            trick = view.trick
            world.trick.restart(trick[0][0] if trick else view.to_act[0])
            for s, card in trick:
                world.trick.play(s, card)
    world.step_offset = step
    world.auto_chance = True
    return world
