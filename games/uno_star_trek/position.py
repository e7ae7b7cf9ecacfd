"""Positions and sampled worlds of UNO: Star Trek (see :mod:`cardkit.positions`).

A position's game part is the state's record with what only some seats know beside it
(:meth:`~games.uno_star_trek.state.UnoState.position_part`; docs/positions.md gives the
keys); :func:`first_version` reads a version 1 part. A sampled world is the view's
:func:`public_state` with the cards its seat has not seen dealt by the core
(:meth:`cardkit.zones.SeatCards.deal`), and the card just drawn and a Wild Draw 4's
fairness, where the seat cannot know them, as the dealt hands give them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardkit import CHANCE, ResponseWindow, Scoreboard, TurnOrder
from cardkit.positions import Common, PositionError, game_part, listed, whole
from cardkit.public import read_value
from cardkit.zones import Holding
from games.uno_star_trek.cards import COMMAND_NAMES, DECK, WILD4
from games.uno_star_trek.state import ACTING, BY_TEXT, DRAWN, UnoState, call_cards, fair_wild4
from games.uno_star_trek.view import UnoView

if TYPE_CHECKING:
    from games.uno_star_trek.game import UnoStarTrek

FIRST = (
    *(key for key in UnoState.record if key not in ("order", "board", "redrew")),
    *("shown", "drawn", "fair", "turn", "direction", "command", "commander", "last_hand"),
)
"""The keys of a version 1 game part."""
COMMANDS: dict[str, int] = {name: kind for kind, name in COMMAND_NAMES.items()}


def score_sheet(totals: Sequence[int], played: int, last: Sequence[int]) -> list[list[int]]:
    """The points of ``played`` hands that make ``totals``, the last ``last``, as a view or
    a version 1 position gives them: the hands before the last as one, then zeros."""
    if played < 2:
        return [list(last)] * played
    first = [t - p for t, p in zip(totals, last, strict=False)]
    return [first, *[[0] * len(totals)] * (played - 2), list(last)]


def first_version(state: UnoState, common: Common, part: Any) -> dict[str, Any]:
    """A version 1 game part in this version's form. It had ``turn`` and ``direction``
    (``left`` or ``right``) for ``order``; ``window`` as its ``subject`` and the seats
    that ``answered``; ``last_hand``, the last hand's points, for the score sheet (the
    common part has the totals and the hand); null ``stopped`` for none; and ``command``
    and ``commander``, which the top card and the turn give. Its earlier form had
    ``hands``, ``discard`` (bottom first, the hands under the top in it) and ``draw``
    (top first) for ``cards``."""
    n, earlier = state.players, isinstance(part, Mapping) and "hands" in part
    keys = [k for k in FIRST if k != "cards"] + ["hands", "discard", "draw"] if earlier else FIRST
    old = dict(game_part(part, keys))
    if earlier:
        under = {i for _, a, b in read_value(state, "under", old["under"]) for i in range(a, b)}
        discard = listed(old.pop("discard"), "discard")
        zones = {f"hand {s}": hand for s, hand in enumerate(listed(old.pop("hands"), "hands"))}
        zones["draw pile"] = listed(old.pop("draw"), "draw")[::-1]
        zones["discard pile"] = [t for i, t in enumerate(discard) if i not in under]
        zones["under"] = [t for i, t in enumerate(discard) if i in under]
        old["cards"] = {"zones": zones}
    direction = {"left": 1, "right": -1}.get(old.pop("direction"), 0)
    window, turn = old["window"], old.pop("turn")
    if isinstance(window, Mapping) and set(window) == {"subject", "answered"}:
        subject = whole(window["subject"], "window: subject", 0, n - 1)
        seats = [(subject + i * direction) % n for i in range(n)]
        old["window"] = dict(kind="catch", seats=seats, subject=subject, done=window["answered"])
    played = common.hand - (old["phase"] != "over" or old["stopped"] is not None)
    last = read_value(state, "last_hand", old.pop("last_hand"))
    board = {"totals": list(common.scores), "hands": score_sheet(common.scores, played, last)}
    order = {"players": n, "dealer": common.dealer or 0, "current": turn, "direction": direction}
    del old["command"], old["commander"]
    return {**old, "order": order, "board": board, "stopped": old["stopped"] or "", "redrew": False}


def public_state(game: UnoStarTrek, view: UnoView) -> UnoState:
    """A state of ``view``'s public part: its record but the cards (the score sheet as
    :func:`score_sheet` gives it), and the card the seat drew and a fairness it knows."""
    n = len(view.hand_sizes)
    if view.phase not in ACTING or CHANCE in view.to_act or view.options is None:
        raise PositionError(
            f"a world is sampled at a seat's decision in a hand, not in the {view.phase} phase"
        )
    state = game.new_state(n, 0, view.options, False)
    state.phase, state.colour, state.called = view.phase, view.colour, view.called_uno
    state.previous_colour, state.redrew, state.turns = view.previous_colour, view.redrew, view.turns
    state.first_draw, state.under = view.first_draw, list(view.under)
    calls = {seat: (BY_TEXT[top], colour) for seat, top, colour in view.call_on}
    state.call_on = tuple(calls.get(s) for s in range(n))
    state.order = TurnOrder(n, view.dealer, view.turn, 1 if view.direction == "left" else -1)
    subject = view.window_subject
    if subject is not None:
        seats = state.order.from_seat(subject)
        state.window = ResponseWindow("catch", seats, subject, set(view.window_answered))
    hands = score_sheet(view.scores, view.hand_number - 1, view.last_hand)
    state.board = Scoreboard(list(view.scores), None, [tuple(h) for h in hands])
    state.drawn = None if view.drawn is None else BY_TEXT[view.drawn]
    state.fair = view.fair is not False
    state.derive()  # the command card is the top discard, dealt with the cards: as shown
    state.command = -1 if view.command is None else COMMANDS[view.command]
    state.commander = -1 if view.commander is None else view.commander
    return state


def call_shows(view: UnoView) -> tuple[Holding, ...]:
    """What UNO calls show of the others' hands (RULING 7: a seat calls when it can play
    a card), as holdings for the deal: each hand in ``view.call_on`` holds a card it
    could play then, unless the seat knows one in it; after a call and a draw, among its
    cards but the one drawn; after a call on the card just drawn, that card (a world as
    likely as the number of such cards it gives the caller)."""
    cards = view.cards
    if cards is None or view.phase not in ACTING:
        return ()
    out: list[Holding] = []
    for seat, top, colour in view.call_on:
        unseen = cards.count(seat) - cards.masks[seat].bit_count()
        if seat == view.seat or not unseen:
            continue
        shows = call_cards((BY_TEXT[top], colour))
        drawing = seat == view.turn and view.phase == DRAWN
        if drawing and view.called_uno:  # a call on the drawn card, one of those unseen
            out.append(Holding(seat, shows, tuple(range(unseen + 1))))
        elif cards.masks[seat] & shows:
            continue
        elif drawing:  # a call, then a draw: the cards called with are the others
            out.append(Holding(seat, shows, (0, unseen - 1, *(unseen,) * (unseen - 1))))
        else:
            out.append(Holding(seat, shows, (0, *(1,) * unseen)))
    return tuple(out)


def fill_in(world: UnoState, view: UnoView, rng: random.Random) -> None:
    """Give a world of ``view`` (its cards dealt by :func:`call_shows`) the card just drawn
    and a Wild Draw 4's fairness where the seat cannot know them, from the dealt hands:
    the card drawn is one of the cards of its drawer's hand the seat has not seen (one
    it can play after an UNO call on it; after a call and then a draw, not the only one
    the cards called with could play)."""
    turn, cards = view.turn, world.cards
    if world.phase == DRAWN and view.drawn is None:  # a card the seat has not seen
        hand = cards.masks[turn]
        unseen = hand & ~(view.cards.masks[turn] if view.cards else 0) or hand
        on = world.call_on[turn]
        if view.called_uno:
            unseen &= world.match_mask()
        elif on is not None:  # a call, then a draw: the cards called with keep a playable one
            playable, known = unseen & call_cards(on), hand & ~unseen
            if playable.bit_count() == 1 and playable != unseen and not known & call_cards(on):
                unseen &= ~playable
        bits = [i for i in range(unseen.bit_length()) if unseen >> i & 1]
        world.drawn = DECK.cards[bits[int(rng.random() * len(bits))]]
    if world.command == WILD4 and view.fair is None:
        world.fair = fair_wild4(cards.masks[world.commander], world.previous_colour)
