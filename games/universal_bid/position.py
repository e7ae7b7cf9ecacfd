"""Positions and sampled worlds of the bid-exact game (see :mod:`cardkit.positions`).

A position's game part is the state's record, written and read by the core
(docs/positions.md gives its keys); :func:`check` states the rules its types
cannot, and :func:`first_version` reads a version 1 part. A sampled world is
:func:`public_state` with the cards dealt by the core from what the seat knows
(:meth:`cardkit.game.Game.sample_world`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardkit import Card
from cardkit.positions import PositionError, card_of, game_part, listed, whole
from cardkit.tricks import trick_problem
from games.universal_bid.cards import CARDS, DECK, TRICK_ORDER
from games.universal_bid.view import HandScore, UniversalBidView

if TYPE_CHECKING:
    from games.universal_bid.game import UniversalBidGame
    from games.universal_bid.state import UniversalBidState

BY_TEXT: dict[str, Card] = {c.text: c for c in CARDS}


def summary(state: UniversalBidState) -> tuple[int | None, tuple[int, ...], int]:
    """The dealer (None before the draw), the scores and the hand number."""
    hand = min(state.hand_index + 1, len(state.schedule))
    return (state.dealer if state.dealer >= 0 else None, state.scores_t, hand)


def check(state: UniversalBidState) -> None:
    """Refuse (``PositionError``) a state read from a position that breaks a rule."""
    from games.universal_bid.state import BID, DRAW, EXACT_BONUS, OVER, PHASES, PLAY

    n, size, phase, log = state.players, state.size, state.phase, state.hand_log
    if phase not in PHASES:
        raise PositionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    if len(state.bids) != n:
        raise PositionError(f"bids must list {n} seats, not {len(state.bids)}")
    total = len(state.schedule)
    if len(log) > total or (phase == OVER) != (len(log) == total):
        raise PositionError(f"the match has {total} hands, the score sheet lists {len(log)}")
    if (phase == DRAW) == bool(state.drawn) or (phase == DRAW and log):
        raise PositionError("in the draw phase nothing is drawn or scored; after it, drawn is")
    if state.drawn and (len(state.drawn) != n or len(set(state.drawn)) != n):
        raise PositionError(f"drawn must list {n} different cards, one for each seat")
    first = state.dealer - state.hand_index + (phase == OVER)
    for i, hand in enumerate(log):
        size_i, dealer, bids, won = state.schedule[i], (first + i) % n, hand.bids, hand.tricks
        due = tuple(t + EXACT_BONUS if t == b else t for b, t in zip(bids, won, strict=False))
        rules = len(bids) == len(won) == n and min(bids + won) >= 0 and sum(won) == size_i
        if (
            not rules
            or sum(bids) == size_i
            or hand != HandScore(i + 1, size_i, dealer, bids, won, due)
        ):
            raise PositionError(
                f"hand_log entry {i + 1} is not hand {i + 1} of {size_i} cards dealt by seat "
                f"{dealer}, bids not totalling {size_i}, scored by the rules"
            )
    masks = state.cards.masks
    plays = state.finished
    tricks = [[((lead + i) % n, c) for i, c in enumerate(cards)] for lead, cards in plays]
    tricks.append(list(state.trick.pairs()))
    if phase not in (BID, PLAY):
        if any(b is not None for b in state.bids) or any(tricks) or any(masks[:n]):
            raise PositionError(f"in the {phase} phase no cards are dealt and nobody has bid")
        return
    order = [(state.dealer + 1 + k) % n for k in range(n)]
    made = state.bids_made
    if any(state.bids[s] is None for s in order[:made]):
        waiting = next(s for s in order if state.bids[s] is None)
        raise PositionError(f"seat {waiting} has not bid but a later seat has: bids go round")
    if (phase == BID) == (made == n) or (phase == BID and any(tricks)):
        raise PositionError("in the bid phase not every seat has bid; in the play phase all have")
    for seat in order[:made]:
        bid = state.bids[seat]
        if bid is not None and not 0 <= bid <= size:
            raise PositionError(f"the bid of seat {seat} is {bid}: bids run from 0 to {size}")
    if made == n and state.bid_total == size:
        last = state.bids[state.dealer]
        raise PositionError(f"the dealer may not bid {last}: the bids would total {size}")
    played = [c for t in tricks for _, c in t]
    if DECK.mask(played) != masks[state.played] or len(played) != masks[state.played].bit_count():
        raise PositionError("the cards played must be those of the tricks")
    for seat in range(n):
        gone, held = sum(1 for t in tricks for s, _ in t if s == seat), masks[seat].bit_count()
        if held + gone != size:
            raise PositionError(
                f"seat {seat} holds {held} cards and played {gone}: a hand has {size}"
            )
    problem = trick_problem(tricks, order[0], masks[:n], TRICK_ORDER)
    if problem is not None or len(plays) >= size:
        raise PositionError(problem or f"a hand of {size} cards has {size} tricks, not more")


def first_version(state: UniversalBidState, part: Any) -> dict[str, Any]:
    """The record of a version 1 game part (``hands``, ``past_tricks``, ``trick`` as
    pairs, ``out_of_play``, ``draw``; the rest as in version 2)."""
    keys = ("phase", "draw", "hands", "bids", "past_tricks", "trick", "out_of_play", "hand_log")
    part = game_part(part, keys)
    n = state.players
    tricks = [
        _pairs(t, f"past trick {i + 1}", n)
        for i, t in enumerate(listed(part["past_tricks"], "past_tricks"))
    ]
    trick = _pairs(part["trick"], "the trick in progress", n)
    hands = listed(part["hands"], "hands")
    if len(hands) != n:
        raise PositionError(f"hands must list {n} seats, not {len(hands)}")
    zones = {f"hand {s}": listed(h, f"hand of seat {s}") for s, h in enumerate(hands)}
    zones["out of play"] = listed(part["out_of_play"], "out_of_play")
    zones["played"] = [c.text for t in (*tricks, trick) for _, c in t]
    return {
        "phase": part["phase"],
        "drawn": part["draw"],
        "bids": part["bids"],
        "finished": [[t[0][0] if t else -1, [c.text for _, c in t]] for t in tricks],
        "trick": {"leader": trick[0][0] if trick else -1, "plays": [[s, c.text] for s, c in trick]},
        "hand_log": part["hand_log"],
        "cards": {"zones": zones},
    }


def _pairs(value: Any, what: str, players: int) -> list[tuple[int, Card]]:
    pairs: list[tuple[int, Card]] = []
    for item in listed(value, what):
        if not isinstance(item, list) or len(item) != 2:
            raise PositionError(f"{what}: each play is [seat, card], not {item!r}")
        seat, due = (
            whole(item[0], f"{what}: a seat", 0, players - 1),
            len(pairs) and pairs[-1][0] + 1,
        )
        if pairs and seat != due % players:
            raise PositionError(f"{what}: seat {seat} plays where seat {due % players} is to play")
        pairs.append((seat, card_of(item[1], BY_TEXT, what)))
    return pairs


def public_state(game: UniversalBidGame, view: UniversalBidView) -> UniversalBidState:
    """A state with ``view``'s public part: its record but the cards."""
    n = view.players
    world = game.new_state(n, 0, game.make_options({"schedule": view.schedule}), False)
    world.phase = view.phase
    world.drawn = tuple(BY_TEXT[text] for _, text in view.draw)
    world.bids = view.bids
    world.finished = [(t[0][0], tuple(c for _, c in t)) for t in view.past_tricks]
    world.trick.restart(view.trick[0][0] if view.trick else -1)
    for seat, card in view.trick:
        world.trick.play(seat, card)
    world.hand_log = view.hand_log
    world.derive()
    steps = 1 + sum(1 + n + n * h.size for h in view.hand_log) if view.draw else 0
    if view.phase in ("bid", "play"):
        steps += 1 + world.bids_made + sum(map(len, view.past_tricks)) + len(view.trick)
    world.step_offset = steps
    return world
