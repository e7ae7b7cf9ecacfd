"""The seeded random matches that :func:`~cardkit.testing.check_game` plays, checked
at every step.

A match ends within ``game.max_steps``; the seats to act, and only they, have
legal actions; an illegal action is refused and changes nothing; every legal
action's text parses back to it; an action is refused with a code and a reason
exactly when it is not legal; the cards and views are checked by
:mod:`cardkit.testing.cards`. The same seed gives the same match, and replaying
the record rebuilds an equal state (:func:`states_equal`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardkit.actions import Action
from cardkit.bots import RandomBot, bot_seed
from cardkit.cards import Card
from cardkit.errors import IllegalActionError
from cardkit.events import Event
from cardkit.game import Game, State
from cardkit.record import Record, replay
from cardkit.runner import Stuck, drive
from cardkit.seats import CHANCE
from cardkit.testing.cards import _check_events, _check_views, _check_zones, _inventory
from cardkit.testing.errors import _fail


def _play(
    game: Game,
    n: int,
    seed: int,
    options: Mapping[str, Any] | None,
    deep_every: int,
    events: bool = False,
) -> State:
    # with events, chance is a step of its own, so that each step's events are checked
    # against the zones just before and after it (cards drawn as a hand ends are seen
    # before the next deal gathers them); the match is the same either way
    state = game.create(n, seed, options, events=events, auto_chance=not events)
    bound = game.max_steps(n, state.options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]
    initial: Counter[Card] = Counter()  # the cards in play, counted at the first decision
    poke = random.Random(seed)
    pool: dict[Action, None] = {}
    zones_before: list[Any] = []
    if events:
        assert state.log is not None
        _check_events(game, n, seed, 0, state, state.log, (), state.zones(), None)
        zones_before.extend(state.zones())

    def before(state: State, seat: int, legal: tuple[Action, ...]) -> None:
        step = len(state.history)
        if step > bound:
            raise _fail(game, n, seed, step, f"match did not end within {bound} steps")
        seats = state.to_act()
        for s in seats:
            if not state.legal_actions(s):
                raise _fail(game, n, seed, step, f"seat {s} is to act but has no legal action")
        if not initial:  # after the first deal: a game may list no zones before it
            initial.update(_inventory(state))
        deep = step % deep_every == 0
        if deep:
            for s in range(n):
                if s not in seats and state.legal_actions(s):
                    what = f"seat {s} is not to act but has legal actions"
                    raise _fail(game, n, seed, step, what)
            _check_zones(game, n, seed, step, state, initial)
            _check_views(game, n, seed, step, state)
            _check_texts(game, n, seed, step, state)
        pool.update(dict.fromkeys(legal))
        if poke.random() < 0.2:
            _check_rejects(game, n, seed, step, state, seat, legal)
        if deep and events and poke.random() < 0.5:
            _check_refusals(game, n, seed, step, state, pool, poke)
        zones_before[:] = state.zones() if deep and events else ()

    def after(state: State, seat: int, action: Action, stepped: tuple[Event, ...]) -> None:
        step = len(state.history) - 1
        if zones_before:
            _check_events(game, n, seed, step, state, stepped, zones_before, state.zones(), action)
        if events and state.chance_cards():  # the chance step next is checked in turn
            zones_before[:] = state.zones()

    try:
        outcome = drive(state, bots, before=before, after=after, max_steps=bound + 1)
    except Stuck:
        step = len(state.history)
        seats = state.to_act()
        if not seats:
            raise _fail(game, n, seed, step, "match is not over but no seat may act") from None
        if CHANCE in seats:
            what = "chance is due although auto_chance is on"
            raise _fail(game, n, seed, step, what) from None
        what = f"seat {seats[0]} is to act but has no legal action"
        raise _fail(game, n, seed, step, what) from None
    except RuntimeError:  # drive's own bound: chance steps can carry a match past ours
        what = f"match did not end within {bound} steps"
        raise _fail(game, n, seed, len(state.history), what) from None
    if outcome.failure is not None:
        what = f"a random bot's legal choice failed: {outcome.failure}"
        raise _fail(game, n, seed, len(state.history), what)
    _check_zones(game, n, seed, len(state.history), state, initial)
    _check_views(game, n, seed, len(state.history), state)
    result = state.result()
    if len(result.scores) != n:
        raise _fail(game, n, seed, len(state.history), "result scores do not cover every seat")
    if any(not 0 <= w < n for w in result.winners):
        raise _fail(game, n, seed, len(state.history), f"bad winners {result.winners}")
    if result.finished and not result.winners:
        raise _fail(game, n, seed, len(state.history), "a finished match has no winner")
    return state


def _check_match(
    game: Game, n: int, seed: int, options: Mapping[str, Any] | None, deep_every: int
) -> int:
    state = _play(game, n, seed, options, deep_every, events=True)
    again = _play(game, n, seed, options, 10**9)
    if [(s, str(a)) for s, a in state.history] != [(s, str(a)) for s, a in again.history]:
        raise _fail(game, n, seed, 0, "the same seed gave a different match (with events)")
    record = Record.from_json(Record.of(state).to_json())
    rebuilt = replay(record, game)
    difference = _difference(state, rebuilt)
    if difference:
        raise _fail(game, n, seed, len(state.history), f"replayed record differs: {difference}")
    return len(state.history)


def _check_texts(game: Game, n: int, seed: int, step: int, state: State) -> None:
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            text = str(action)
            try:
                back = game.parse_action(text, state)
            except ValueError as exc:
                raise _fail(game, n, seed, step, f"text {text!r} does not parse: {exc}") from None
            if back != action:
                raise _fail(
                    game, n, seed, step, f"text {text!r} parses to {back!r}, not {action!r}"
                )


def _check_rejects(
    game: Game, n: int, seed: int, step: int, state: State, seat: int, legal: Sequence[Action]
) -> None:
    others = [s for s in range(n) if s not in state.to_act()]
    if not others:
        return
    intruder = others[step % len(others)]
    action = legal[0]
    before = (len(state.history), state.to_act())
    try:
        state.apply(intruder, action)
    except IllegalActionError as exc:
        if not exc.code or not exc.reason:
            raise _fail(
                game, n, seed, step, "illegal-action error lacks a code or a reason"
            ) from None
    else:
        raise _fail(game, n, seed, step, f"seat {intruder} applied {action} out of turn")
    if (len(state.history), state.to_act()) != before:
        raise _fail(game, n, seed, step, "a rejected action changed the state")


def _check_refusals(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    pool: Mapping[Action, None],
    poke: random.Random,
) -> None:
    """Legal exactly when not refused, for a sample of candidates and seats."""
    to_act = state.to_act()
    seats = list(to_act)
    others = [s for s in range(n) if s not in to_act]
    if others:
        seats.append(others[step % len(others)])
    before = (len(state.history), to_act)
    for seat in seats:
        candidates = list(pool)
        extra = state.candidates(seat)
        if extra is not None:
            candidates.extend(a for a in extra if a not in pool)
        if len(candidates) > 40:
            candidates = poke.sample(candidates, 40)
        legal = state.legal_actions(seat)
        for action in candidates:
            verdict = state.refusal(seat, action)
            if action in legal:
                if verdict is not None:
                    raise _fail(
                        game,
                        n,
                        seed,
                        step,
                        f"legal action {action} of seat {seat} is refused: "
                        f"{verdict.code}: {verdict.reason}",
                    )
            elif verdict is None:
                raise _fail(
                    game, n, seed, step, f"seat {seat} may not {action} but it is not refused"
                )
            elif not verdict.code or not verdict.reason:
                raise _fail(game, n, seed, step, f"refusal of {action} lacks a code or a reason")
    if (len(state.history), state.to_act()) != before:
        raise _fail(game, n, seed, step, "asking for a refusal changed the state")


def _difference(a: State, b: State) -> str:
    """Empty when two states are equal to every observer; else what differs."""
    if [(s, str(x)) for s, x in a.history] != [(s, str(x)) for s, x in b.history]:
        return "history"
    return _same_now(a, b)


def states_equal(a: State, b: State) -> bool:
    """True when two states agree on history, seats to act, zones, views and legal actions."""
    return not _difference(a, b)


def _same_now(a: State, b: State) -> str:
    """Empty when two states stand at the same moment (history aside); else what differs."""
    if a.to_act() != b.to_act():
        return "seats to act"
    if a.is_over() != b.is_over():
        return "end of match"
    if a.is_over() and a.result() != b.result():
        return "result"
    if a.zones() != b.zones():
        return "zones"
    if a.steps != b.steps:
        return "step count"
    for seat in range(a.players):
        if a.view(seat) != b.view(seat):
            return f"view of seat {seat}"
        if a.legal_actions(seat) != b.legal_actions(seat):
            return f"legal actions of seat {seat}"
    return ""
