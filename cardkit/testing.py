"""The conformance kit: call :func:`check_game` from a plugin's own tests.

It plays seeded random matches at every allowed player count and checks, at
every step, what every game must guarantee:

- every match ends within ``game.max_steps``;
- while the match is not over, some seat may act, every seat to act has a
  legal action and no other seat has one;
- only legal actions are applied, and an illegal one raises
  ``IllegalActionError`` and changes nothing;
- every card is in exactly one zone (nothing lost or duplicated);
- no view shows a card that is not in a zone visible to its seat, and no
  view holds the state;
- every legal action's text form parses back to the same action;
- every event is an :class:`~cardkit.events.Event`, and no event a seat may
  see names a card that seat may not see (in the zones before or after the
  step); recording events changes nothing in the match;
- one statement per rule: over a pool of candidate actions (every action
  legal anywhere earlier in the match, and the game's ``candidates``), an
  action is refused with a code and a reason exactly when it is not among the
  legal actions, and asking changes nothing;
- replaying the record rebuilds an equal state, and the same seed gives the
  same match;
- for a game with an action space (``Game.spaces``), :func:`check_spaces`:
  every legal action has an index that maps back to it, and the space is
  what the game declares; every observation has the space's fixed size and
  is a function of the view alone;
- for a game with positions (``Game.has_positions``), :func:`check_positions`:
  a state rebuilt from its position plays on exactly as the original, and
  sampled worlds agree with their view and do not leak the hidden cards
  (:func:`check_uniform` tests a sampler's uniformity on one small position);
  and :func:`check_worlds`: at every decision of a seeded match (at the fewest
  and the most players), a world sampled for a seat shows it its view, has the
  same seats to act, each with a legal action, and agrees with every earlier
  play the seat saw (:func:`check_line` does the same along a line of play a
  test sets up by hand).
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from math import comb
from typing import Any

import attrs

from cardkit.actions import Action
from cardkit.bots import RandomBot, bot_seed
from cardkit.cards import Card, cards_within
from cardkit.errors import IllegalActionError
from cardkit.events import Event, cards_of
from cardkit.game import _STALE, Game, State, _state_items
from cardkit.positions import PositionError
from cardkit.record import Record, replay
from cardkit.runner import Stuck, drive
from cardkit.seats import CHANCE
from cardkit.zones import Cards, SeatCards


class ConformanceError(AssertionError):
    """A game broke one of the guarantees; the message says which, where and how."""


@attrs.frozen(slots=True)
class Report:
    """What :func:`check_game` played: matches and steps per player count."""

    game: str
    matches: dict[int, int]
    steps: dict[int, int]


def check_game(
    game: Game | str,
    players: Iterable[int] | None = None,
    matches: int = 3,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    deep_every: int = 1,
) -> Report:
    """Play ``matches`` seeded random matches per player count and check every guarantee.

    ``deep_every`` sets how often (in steps) the costlier checks run: views,
    zones and text round-trips. Raises :class:`ConformanceError` on the first
    broken guarantee.
    """
    if isinstance(game, str):
        from cardkit.registry import get_game

        game = get_game(game)
    counts = (
        list(players)
        if players is not None
        else list(range(game.min_players, game.max_players + 1))
    )
    played: dict[int, int] = {}
    steps: dict[int, int] = {}
    for n in counts:
        for m in range(matches):
            match_seed = seed * 1000 + n * 100 + m
            steps[n] = steps.get(n, 0) + _check_match(game, n, match_seed, options, deep_every)
            played[n] = played.get(n, 0) + 1
    if game.spaces is not None:
        check_spaces(game, counts, 1, seed, options)
    if game.has_positions:
        check_positions(game, counts, min(matches, 2), seed, options)
        check_worlds(game, sorted({min(counts), max(counts)}), 1, seed, options)
    return Report(game.id, played, steps)


def _fail(game: Game, n: int, seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game.id} ({n} players, seed {seed}) at step {step}: {what}")


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


def _inventory(state: State) -> Counter[Card]:
    counts: Counter[Card] = Counter()
    for zone in state.zones():
        counts.update(zone.cards)
    return counts


def _check_zones(
    game: Game, n: int, seed: int, step: int, state: State, initial: Counter[Card]
) -> None:
    now = _inventory(state)
    if now != initial:
        lost = initial - now
        extra = now - initial
        raise _fail(
            game,
            n,
            seed,
            step,
            f"cards not conserved: missing {sorted(c.text for c in lost.elements())}, "
            f"extra {sorted(c.text for c in extra.elements())}",
        )


def cards_in(obj: Any) -> Counter[Card]:
    """Every card a view shows (attrs fields, tuples, lists, dicts, sets, and the cards
    its :class:`~cardkit.zones.SeatCards` shows); a ``TypeError`` if the view holds the
    state. A card named in several fields of a view is one card: each card counts as
    often as the field naming it most often does (a hand and the cards just received
    name the same cards)."""
    fields = (
        [getattr(obj, f.name) for f in attrs.fields(type(obj))] if attrs.has(type(obj)) else [obj]
    )
    total: Counter[Card] = Counter()
    for value in fields:
        if isinstance(value, SeatCards):
            total |= Counter(c for z in range(len(value.sizes)) for c in value.cards(z))
            continue
        try:
            total |= Counter(cards_within(value, refuse=State))
        except TypeError:
            raise TypeError("a view holds the state") from None
    return total


def _check_views(game: Game, n: int, seed: int, step: int, state: State) -> None:
    zones = state.zones()
    for seat in range(n):
        try:
            seen = cards_in(state.view(seat))
        except TypeError as exc:
            raise _fail(game, n, seed, step, f"view of seat {seat}: {exc}") from None
        leaked = seen - _visible(zones, seat)
        if leaked:
            raise _fail(
                game,
                n,
                seed,
                step,
                f"view of seat {seat} shows cards it may not see: "
                f"{sorted(c.text for c in leaked.elements())}",
            )


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


def _visible(zones: Sequence[Any], seat: int) -> Counter[Card]:
    seen: Counter[Card] = Counter()
    for zone in zones:
        if seat in zone.visible_to:
            seen.update(zone.cards)
    return seen


def _check_events(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    events: Sequence[Any],
    before: Sequence[Any],
    after: Sequence[Any],
    action: Action | None,
) -> None:
    """Every event is an Event whose cards each seat that sees it may see.

    A seat may see the cards visible to it before or after the step, and the
    card the step's action plays (a card played and gathered in one step, as
    the last card of a hand, is visible in between).
    """
    played = Counter(_action_cards(action))
    for event in events:
        if not isinstance(event, Event):
            raise _fail(game, n, seed, step, f"step gave {event!r}, which is not an Event")
        if event.to is not None and not event.to <= frozenset(range(n)):
            raise _fail(game, n, seed, step, f"event {event!r} is shown to no such seat")
        try:
            text = str(event)
        except Exception as exc:
            raise _fail(game, n, seed, step, f"event {event!r} has no text: {exc}") from None
        if not text:
            raise _fail(game, n, seed, step, f"event {event!r} has an empty text")
        named = set(cards_of(event))
        if not named:
            continue
        for seat in range(n):
            if not event.seen_by(seat):
                continue
            may = _visible(before, seat) | _visible(after, seat) | played
            leaked = sorted(c.text for c in named if not may[c])
            if leaked:
                raise _fail(
                    game,
                    n,
                    seed,
                    step,
                    f"event {text!r} shown to seat {seat} names cards it may not see: {leaked}",
                )


def _action_cards(action: Action | None) -> list[Card]:
    if action is None or not attrs.has(type(action)):
        return []
    names = [f.name for f in attrs.fields(type(action))]
    return [v for v in (getattr(action, n) for n in names) if isinstance(v, Card)]


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


# -- positions and sampled worlds ----------------------------------------------------

CHECKPOINTS = 3
"""Steps per match at which :func:`check_positions` rebuilds the state from its position."""

WORLDS = 3
"""Sampled worlds checked against their view at each checkpoint."""

LEAK_SAMPLES = 20
"""Sampled worlds per fresh deal for the leak test."""

LEAK_DEALS = 2
"""Fresh deals per match at which the leak test samples."""


def check_positions(
    game: Game,
    players: Iterable[int],
    matches: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Check positions and sampled worlds over seeded random matches.

    At :data:`CHECKPOINTS` steps of each match, the state rebuilt from its
    position (through JSON text) has the same seats to act, legal actions,
    views and zones, and stays so (compared at each of the next 30 steps, then
    every 10th) while both take every later action of the original, with the
    same chance draws and result (the finished match is rebuilt too); :data:`WORLDS` sampled
    worlds per checkpoint show the seat exactly the view they came from and are
    valid positions. Right after each of the first :data:`LEAK_DEALS` deals
    (when the seat has seen nothing of the others' cards, so every hidden card
    is equally likely in every hidden zone) the true hidden cards come back in
    :data:`LEAK_SAMPLES` sampled worlds no more often than chance (within 5
    standard deviations). Raises :class:`ConformanceError`.
    """
    for n in players:
        truth = 0
        chance = 0.0
        for m in range(matches):
            match_seed = seed * 1000 + n * 100 + m + 50
            found, expected = _check_match_positions(game, n, match_seed, options)
            truth += found
            chance += expected
        if truth > chance + 5 * chance**0.5 + 2:
            raise ConformanceError(
                f"{game.id} ({n} players): sampled worlds give back the true hidden cards "
                f"{truth} times where chance gives {chance:.0f}: the sampler leaks"
            )


def _check_match_positions(
    game: Game, n: int, seed: int, options: Mapping[str, Any] | None
) -> tuple[int, float]:
    state = game.create(n, seed, options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]
    bound = game.max_steps(n, state.options)
    length = _length(game, n, seed, options, bound)  # checkpoints fall within the match
    picks = random.Random(seed)
    marks = set(picks.sample(range(length), min(CHECKPOINTS, length)))
    snapshots: list[State] = []
    truth = deals = 0
    chance = 0.0
    while not state.is_over() and len(state.history) <= bound:
        step = len(state.history)
        if step in marks:
            snapshots.append(state.clone())
            _check_worlds(game, n, seed, step, state, picks)
        if deals < LEAK_DEALS and state.history and state.history[-1][0] == CHANCE:
            deals += 1
            found, expected = _leak_counts(game, n, seed, step, state, picks)
            truth += found
            chance += expected
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    for snapshot in (*snapshots, state.clone()):  # the finished match too
        _check_rebuilt(game, n, seed, snapshot, state.history)
    return truth, chance


def _length(game: Game, n: int, seed: int, options: Mapping[str, Any] | None, bound: int) -> int:
    """The steps of the seeded random match :func:`_check_match_positions` plays."""
    state = game.create(n, seed, options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]
    while not state.is_over() and len(state.history) <= bound:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return len(state.history)


def _rebuilt(game: Game, n: int, seed: int, step: int, state: State) -> State:
    import json

    text = json.dumps(game.position(state))
    try:
        return game.from_position(json.loads(text))
    except PositionError as exc:
        raise _fail(game, n, seed, step, f"its own position is refused: {exc}") from None


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


def _check_rebuilt(
    game: Game, n: int, seed: int, original: State, later: Sequence[tuple[int, Action]]
) -> None:
    start = len(original.history)
    rebuilt = _rebuilt(game, n, seed, start, original)
    for seat, action in later[start:]:
        step = len(original.history)
        difference = _same_now(original, rebuilt) if step < start + 30 or step % 10 == 0 else ""
        if difference:
            what = f"the state rebuilt from the position at step {start} differs: {difference}"
            raise _fail(game, n, seed, step, what)
        if seat == CHANCE:
            continue  # both draw it themselves
        original.apply(seat, action)
        try:
            rebuilt.apply(seat, action)
        except IllegalActionError as exc:
            what = f"the state rebuilt at step {start} refuses {action}: {exc.reason}"
            raise _fail(game, n, seed, step, what) from None
    ours = [(s, str(a)) for s, a in original.history[start:]]
    theirs = [(s, str(a)) for s, a in rebuilt.history]
    difference = "chance steps" if ours != theirs else _same_now(original, rebuilt)
    if difference:
        what = f"the state rebuilt at step {start} ends differently: {difference}"
        raise _fail(game, n, seed, len(original.history), what)


def _hidden(state: State, seat: int) -> dict[str, Counter[Card]]:
    return {z.name: Counter(z.cards) for z in state.zones() if seat not in z.visible_to}


def _overlap(a: dict[str, Counter[Card]], b: dict[str, Counter[Card]]) -> int:
    return sum(sum((cards & b.get(name, Counter())).values()) for name, cards in a.items())


def _world(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    seat: int,
    rng: random.Random,
    valid: bool = True,
) -> State:
    view = state.view(seat)
    try:
        world = game.sample_world(view, rng)
    except PositionError as exc:
        raise _fail(game, n, seed, step, f"no world sampled for seat {seat}: {exc}") from None
    if world.view(seat) != view:
        raise _fail(game, n, seed, step, f"a world sampled for seat {seat} shows it another view")
    if _inventory(world) != _inventory(state):
        raise _fail(game, n, seed, step, f"a world sampled for seat {seat} has other cards")
    if not valid:
        return world
    try:
        game.from_position(game.position(world))
    except PositionError as exc:
        what = f"a world sampled for seat {seat} breaks the rules: {exc}"
        raise _fail(game, n, seed, step, what) from None
    return world


def _check_worlds(
    game: Game, n: int, seed: int, step: int, state: State, rng: random.Random
) -> None:
    for k in range(WORLDS):
        _world(game, n, seed, step, state, (step + k) % n, rng)


DECISION_MATCHES = 1
"""Seeded matches per player count in which :func:`check_worlds` samples at every decision."""

DECISION_STEPS = 600
"""The steps of a match in which :func:`check_worlds` checks worlds (a whole match of
most games)."""


def check_worlds(
    game: Game,
    players: Iterable[int],
    matches: int = DECISION_MATCHES,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> None:
    """At every decision of seeded random matches (within :data:`DECISION_STEPS`), check
    a world sampled for the seat to act and for one other seat, each in turn.

    The world shows the seat exactly its view; the same seats act in it, each with a
    legal action, and the seat's own legal actions are its real ones. For a state
    keeping its cards in :class:`~cardkit.zones.Cards`, the seat's public history is
    also replayed in the world: at each earlier decision back to the last hidden move
    of a card, the world's cards then (the cards moved since put back where they were)
    must let that seat take the action it took. A sampler that misses what a play
    showed (a heart led before hearts were broken shows a hand of hearts only) or
    what whose turn it is shows (who holds the card that leads) fails here.
    Raises :class:`ConformanceError`.
    """
    for n in players:
        for m in range(matches):
            _check_match_worlds(game, n, seed * 1000 + n * 100 + m + 70, options)


def _check_match_worlds(game: Game, n: int, seed: int, options: Mapping[str, Any] | None) -> None:
    state = game.create(n, seed, options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]
    bound = game.max_steps(n, state.options)

    def chooser(state: State) -> tuple[int, Action] | None:
        if state.is_over() or len(state.history) > bound:
            return None
        seat = state.to_act()[0]
        return seat, bots[seat].choose(state.view(seat), state.legal_actions(seat))

    _check_line_worlds(state, chooser, seed)


def check_line(state: State, line: Iterable[tuple[int, Action]], seed: int = 0) -> None:
    """:func:`check_worlds` along a line of play set up by hand: from ``state`` (a match
    dealt as the test needs), take each ``(seat, action)`` of ``line`` in turn, checking
    worlds sampled before each one and after the last."""
    steps = iter(line)
    _check_line_worlds(state, lambda _: next(steps, None), seed)


def _check_line_worlds(
    state: State, chooser: Callable[[State], tuple[int, Action] | None], seed: int
) -> None:
    game, n = state.game, state.players
    rng = random.Random(seed)
    past: list[tuple[int, Action, State, list[int] | None]] = []
    while True:
        step = len(state.history)
        if not state.is_over() and step < DECISION_STEPS:
            actor = state.to_act()[0]
            for seat in {actor, (actor + 1 + step) % n}:
                world = _world(game, n, seed, step, state, seat, rng, valid=False)
                _check_world_now(game, n, seed, step, state, world, seat)
                _check_world_past(game, n, seed, step, state, world, seat, past)
        chosen = chooser(state)
        if chosen is None:
            return
        seat, action = chosen
        past.append((seat, action, state.clone(), _places(state)))
        state.apply(seat, action)


def _check_world_now(
    game: Game, n: int, seed: int, step: int, state: State, world: State, seat: int
) -> None:
    if world.to_act() != state.to_act():
        what = (
            f"in a world sampled for seat {seat}, seats {world.to_act()} act, not {state.to_act()}"
        )
        raise _fail(game, n, seed, step, what)
    for actor in world.to_act():
        legal = world.legal_actions(actor)
        if not legal:
            what = f"in a world sampled for seat {seat}, seat {actor} to act has no legal action"
            raise _fail(game, n, seed, step, what)
        if actor == seat and legal != state.legal_actions(seat):
            what = f"a world sampled for seat {seat} gives it other legal actions"
            raise _fail(game, n, seed, step, what)


def _cards_field(state: State) -> str | None:
    """The name of the field holding ``state``'s :class:`~cardkit.zones.Cards`, if any."""
    for name, value in _state_items(state):
        if isinstance(value, Cards):
            return name
    return None


def _places(state: State) -> list[int] | None:
    """The zone of each physical card of ``state`` (None for a game not on zones)."""
    name = _cards_field(state)
    if name is None:
        return None
    cards: Cards = getattr(state, name)
    places = [0] * len(cards.layout.physical)
    for zone, mask in enumerate(cards.masks):
        while mask:
            low = mask & -mask
            places[low.bit_length() - 1] = zone
            mask ^= low
    return places


def _check_world_past(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    world: State,
    seat: int,
    past: Sequence[tuple[int, Action, State, list[int] | None]],
) -> None:
    now, there = _places(state), _places(world)
    if now is None or there is None:
        return
    for actor, action, before, then in reversed(past):
        assert then is not None
        rebuilt = [0] * len(now)
        for i, (was, is_, seen) in enumerate(zip(then, now, there, strict=True)):
            if was == is_:
                rebuilt[i] = seen  # not moved since: where the world has it
            elif seen == is_:
                rebuilt[i] = was  # moved in sight: the world moved it too
            else:
                return  # a hidden move: the world's past differs from here back
        name = _cards_field(before)
        assert name is not None
        truth: Cards = getattr(before, name)
        masks = [0] * len(truth.masks)
        for i, zone in enumerate(rebuilt):
            masks[zone] |= 1 << i
        if [m.bit_count() for m in masks] != [m.bit_count() for m in truth.masks]:
            return  # the world's cards moved otherwise: its past differs from here back
        if truth.layout.piles and any(
            o is not None and m != t
            for o, m, t in zip(truth.orders, masks, truth.masks, strict=True)
        ):
            return  # an ordered pile holds other cards in the world
        then_world = before.clone()
        setattr(
            then_world, name, Cards(truth.layout, masks, truth.orders, truth.known, truth.barred)
        )
        then_world._legal_seat = _STALE
        if action not in then_world.legal_actions(actor):
            what = (
                f"in a world sampled for seat {seat}, seat {actor}'s {action} at step "
                f"{len(before.history)} would have been illegal: the sampler misses what it showed"
            )
            raise _fail(game, n, seed, step, what)


def _leak_counts(
    game: Game, n: int, seed: int, step: int, state: State, rng: random.Random
) -> tuple[int, float]:
    """How often the true hidden cards come back, and how often chance would bring them.

    Right after a deal every hidden card is equally likely in any hidden place, so
    a uniform sampler puts a card back in its true place with probability
    size / hidden cards: the chance level is the sum of size**2 / hidden per place
    (:func:`chance_overlap`, which also counts faces the deck holds several copies of).
    """
    seat = step % n
    truth = _hidden(state, seat)
    if not any(truth.values()):
        return 0, 0.0
    chance = chance_overlap(truth)
    found = 0
    for _ in range(LEAK_SAMPLES):
        hidden = _hidden(_world(game, n, seed, step, state, seat, rng, valid=False), seat)
        found += _overlap(hidden, truth)
    return found, chance * LEAK_SAMPLES


def chance_overlap(truth: Mapping[str, Counter[Card]]) -> float:
    """The overlap with ``truth`` (the cards of each hidden place) that a deal of the same
    cards into places of the same sizes, uniform over every arrangement, gives on average.

    A face with ``k`` copies among ``total`` hidden cards puts ``w`` copies in a place of
    ``size`` with the hypergeometric probability, and meets the ``t`` copies truly there
    ``min(t, w)`` times (for a face held once: ``size / total``).
    """
    faces: Counter[Card] = Counter()
    for cards in truth.values():
        faces.update(cards)
    total = sum(faces.values())
    expected = 0.0
    for cards in truth.values():
        size = sum(cards.values())
        ways = comb(total, size)
        for card, t in cards.items():
            k = faces[card]
            met = sum(
                comb(k, w) * comb(total - k, size - w) * min(t, w)
                for w in range(1, min(k, size) + 1)
            )
            expected += met / ways
    return expected


def chi_square_limit(df: int, z: float = 3.090) -> float:
    """The chi-square value a uniform sample exceeds with probability about 0.001 (Wilson and
    Hilferty's approximation; ``z`` is the normal quantile of the level)."""
    h = 2 / (9 * df)
    return float(df * (1 - h + z * h**0.5) ** 3)


def check_uniform(
    game: Game, position: Any, seat: int, deals: int, samples: int = 3000, seed: int = 0
) -> None:
    """Check that worlds sampled from ``seat``'s view of ``position`` are uniform over the
    ``deals`` arrangements of the hidden cards that view allows.

    Every sample must be one of exactly ``deals`` arrangements (each a valid
    world), and their counts pass a chi-square test of uniformity at the 0.001
    level (:func:`chi_square_limit`), from a generator seeded with ``seed``.
    Raises :class:`ConformanceError`.
    """
    state = game.from_position(position)
    n = state.players
    rng = random.Random(seed)
    counts: Counter[tuple[tuple[str, tuple[str, ...]], ...]] = Counter()
    step = state.steps
    for _ in range(samples):
        view = state.view(seat)
        world = game.sample_world(view, rng)
        key = tuple(
            (name, tuple(sorted(c.text for c in cards.elements())))
            for name, cards in sorted(_hidden(world, seat).items())
        )
        if key not in counts:
            if world.view(seat) != view:
                raise _fail(
                    game, n, seed, step, f"a world sampled for seat {seat} shows it another view"
                )
            try:
                game.from_position(game.position(world))
            except PositionError as exc:
                what = f"a world sampled for seat {seat} breaks the rules: {exc}"
                raise _fail(game, n, seed, step, what) from None
        counts[key] += 1
    if len(counts) != deals:
        what = (
            f"worlds sampled for seat {seat} fell on {len(counts)} deals, not the {deals} it allows"
        )
        raise _fail(game, n, seed, step, what)
    if deals > 1:
        expected = samples / deals
        chi = sum((k - expected) ** 2 / expected for k in counts.values())
        limit = chi_square_limit(deals - 1)
        if chi > limit:
            what = (
                f"worlds sampled for seat {seat} are not uniform over the {deals} deals: "
                f"chi-square {chi:.1f} above {limit:.1f} (level 0.001)"
            )
            raise _fail(game, n, seed, step, what)


# -- action spaces and observations ------------------------------------------------


def check_spaces(
    game: Game,
    players: Iterable[int],
    matches: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Check the game's action space and observations over seeded random matches.

    The space is what the game declares (its ``spaces.actions``, in its order, the
    same each time it is asked), every index maps to an action that maps back to it
    and whose text parses back to it; at every step, every legal action of every
    seat to act has an index that maps back to it, and the mask marks exactly
    the legal actions. Observations: see :func:`_check_observations`.
    Raises :class:`ConformanceError`.
    """
    for n in players:
        record = game.make_options(options)
        space = game.action_space(n, record)
        _check_space(game, n, space, record)
        for m in range(matches):
            match_seed = seed * 1000 + n * 100 + m + 70
            _check_match_spaces(game, n, match_seed, options)


def _check_space(game: Game, n: int, space: Any, options: Any) -> None:
    assert game.spaces is not None  # game.action_space refuses a game without
    listed = game.spaces.actions
    declared = tuple(listed(n, options))
    if space.actions != declared or tuple(listed(n, options)) != declared:
        raise ConformanceError(
            f"{game.id} ({n} players): the action space is not the actions the game declares, "
            "in the same order each time"
        )
    if space.size != len(declared) or not space.size:
        raise ConformanceError(
            f"{game.id} ({n} players): the action space has {space.size} actions, "
            f"the game declares {len(declared)}"
        )
    state = game.new_state(n, 0, options, True)  # the deck texts are read from
    for i in range(space.size):
        action = space.action(i)
        if space.index(action) != i:
            raise ConformanceError(
                f"{game.id} ({n} players): action index {i} ({action}) maps back to "
                f"{space.index(action)}"
            )
        text = str(action)
        try:
            back = game.parse_action(text, state)
        except ValueError as exc:
            what = f"action {i} of the space, {text!r}, does not parse: {exc}"
            raise ConformanceError(f"{game.id} ({n} players): {what}") from None
        if back != action:
            what = f"action {i} of the space, {text!r}, parses to {back!r}, not {action!r}"
            raise ConformanceError(f"{game.id} ({n} players): {what}")


def _check_match_spaces(game: Game, n: int, seed: int, options: Mapping[str, Any] | None) -> None:
    state = game.create(n, seed, options)
    space = game.action_space(n, state.options)
    bots = [RandomBot(game, s, bot_seed(seed, s)) for s in range(n)]

    def before(state: State, seat: int, legal: tuple[Action, ...]) -> None:
        step = len(state.history)
        for s in state.to_act():
            actions = state.legal_actions(s)
            for action in actions:
                if action not in space:
                    what = f"legal action {action} of seat {s} has no index in the action space"
                    raise _fail(game, n, seed, step, what)
                back = space.action(space.index(action))
                if back != action:
                    what = f"legal action {action} maps to index {space.index(action)}, "
                    raise _fail(game, n, seed, step, what + f"which is {back}")
            mask = space.mask(actions)
            if sum(mask) != len(set(actions)) or len(mask) != space.size:
                what = f"the mask of seat {s} does not mark exactly its legal actions"
                raise _fail(game, n, seed, step, what)
        for s in dict.fromkeys((seat, step % n)):
            _check_observation(game, n, seed, step, state, s, encoder, seen)
        if step in marks:
            view = state.view(seat)
            world = game.sample_world(view, picks)
            if encoder.encode(world.view(seat)) != encoder.encode(view):
                what = f"a world sampled for seat {seat} gives it another observation"
                raise _fail(game, n, seed, step, what)

    encoder = game.observation_space(n, state.options)
    seen: dict[Any, list[float]] = {}
    picks = random.Random(seed)
    bound = game.max_steps(n, state.options)
    marks = set(picks.sample(range(bound), min(WORLDS, bound))) if game.has_positions else set()
    drive(state, bots, before=before)
    _check_observation(game, n, seed, len(state.history), state, 0, encoder, seen)


def _check_observation(
    game: Game,
    n: int,
    seed: int,
    step: int,
    state: State,
    seat: int,
    encoder: Any,
    seen: dict[Any, list[float]],
) -> None:
    """The observation of ``seat`` has the space's size, finite floats, and is the same for
    equal views (met earlier in the match, or a copy of this one)."""
    view = state.view(seat)
    got = encoder.encode(view)
    if len(got) != encoder.size:
        what = f"the observation of seat {seat} has {len(got)} floats, not {encoder.size}"
        raise _fail(game, n, seed, step, what)
    if not all(isinstance(x, float) and math.isfinite(x) for x in got):
        what = f"the observation of seat {seat} holds something other than finite floats"
        raise _fail(game, n, seed, step, what)
    if encoder.encode(copy.deepcopy(view)) != got:
        what = f"the observation of seat {seat} is not a function of its view"
        raise _fail(game, n, seed, step, what)
    if encoder.from_state is not None and encoder.from_state(state, seat) != got:
        what = f"the observation of seat {seat} read from the state is not that of its view"
        raise _fail(game, n, seed, step, what)
    try:
        earlier = seen.setdefault(view, got)
    except TypeError:  # a view that cannot be hashed is only compared with its copy
        return
    if earlier != got:
        what = f"two equal views of seat {seat} give different observations"
        raise _fail(game, n, seed, step, what)
