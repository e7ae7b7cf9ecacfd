"""U.F.O.s positions: the version 1 reader, and each rule a version 2 position is checked
against, refused on an explicit position."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from cardkit import CHANCE, RandomBot
from cardkit.bots import bot_seed
from cardkit.positions import PositionError
from games.ufos import GAME, UfosState

from .test_positions import example, mid_match, same_now


def first_form(state: UfosState) -> dict[str, Any]:
    """The position of ``state`` as version 1 wrote it."""

    def plays(trick: tuple[tuple[Any, ...], ...]) -> list[list[Any]]:
        return [
            [s, c.text, suit] if i == 0 and c.suit == "B" else [s, c.text]
            for i, (s, c, suit) in enumerate(trick)
        ]

    n, data = state.players, GAME.position(state)
    data["format"] = "cardkit-position/1"
    data["state"] = {
        "phase": state.phase,
        "hands": [[c.text for c in state.cards.cards(state.hand0 + s)] for s in range(n)],
        "picks": [
            {"suit": state.suit_of(s), "game": state.game_of(s)} if state.picked(s) else None
            for s in range(n)
        ],
        "auction": [list(entry) for entry in state.auction],
        "past_tricks": [plays(t) for t in state.finished],
        "trick": plays(state.trick.plays()),
        "last_hand": {"tricks": list(state.last_tricks), "points": list(state.last_scores)},
    }
    return data


@pytest.mark.parametrize("players", [3, 4, 6])
def test_version_1_positions_of_every_phase_read_as_the_state_and_play_on_alike(
    players: int,
) -> None:
    seed = 60 + players
    state = GAME.create(players, seed, {"respy": players == 4})
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    marks: list[UfosState] = []
    phase = ""
    while not state.is_over():
        if len(state.history) % 41 == 0 or state.phase != phase:
            marks.append(state.clone())
        phase = state.phase
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    marks.append(state.clone())
    for original in marks:
        start = len(original.history)
        rebuilt = GAME.from_position(json.loads(json.dumps(first_form(original))))
        same_now(original, rebuilt)
        now, read = GAME.position(original)["state"], GAME.position(rebuilt)["state"]
        assert now["board"]["totals"] == read["board"]["totals"]
        now.pop("board"), read.pop("board")  # version 1 kept only the last hand's points
        assert now == read
        for seat, action in state.history[start : start + 30]:
            if seat != CHANCE:
                original.apply(seat, action)
                rebuilt.apply(seat, action)
            same_now(original, rebuilt)


def test_the_version_1_example_reads_as_its_record() -> None:
    state = GAME.from_position(example())
    part = GAME.position(state)["state"]
    assert part["dealer"] == 3 and part["board"]["totals"] == [25, 32, 30, 31]
    assert part["board"]["hands"] == [[0, 0, 0, 0]] * 2 + [[5, 1, 12, 3]]
    assert part["last_tricks"] == [5, 1, 6, 3]
    # seat 3 won the bid at 5 with tan as trump: its Suit Card is face up
    assert part["bid_cards"]["zones"]["trump card"] == ["tan@3"]
    assert part["finished"][0] == [
        [3, "T15", "T"],
        [0, "B10", "T"],
        [1, "B10", "T"],
        [2, "B12", "T"],
    ]
    assert part["trick"] == {"leader": 2, "plays": [[2, "B12", "G"]]}
    zones = part["cards"]["zones"]
    assert [len(zones[f"tricks won {s}"]) for s in range(4)] == [0, 4, 12, 4]
    assert "barred" not in part["cards"]  # every seat has followed suit so far
    rebuilt = GAME.from_position(GAME.position(state))
    same_now(state, rebuilt)


def test_a_version_1_part_that_cannot_be_read_is_refused() -> None:
    data = mid_match()
    data["state"]["picks"][0] = "red high"
    with pytest.raises(PositionError, match="a version 1 game part that cannot be read"):
        GAME.from_position(data)


# -- each rule, refused on a version 2 position ----------------------------------------


def in_auction() -> dict[str, Any]:
    """:func:`mid_match` written now: seat 2 deals and is to act, seats hold 0, 5 and 20."""
    return GAME.position(GAME.from_position(mid_match()))


def in_play() -> dict[str, Any]:
    """The example file written now: seat 3 won the bid (tan), five tricks are finished."""
    return GAME.position(GAME.from_position(example()))


Change = Callable[[dict[str, Any]], Any]


def zones(data: dict[str, Any], cards: str = "cards") -> dict[str, list[str]]:
    found: dict[str, list[str]] = data["state"][cards]["zones"]
    return found


def set_part(key: str, value: Any) -> Change:
    return lambda d: d["state"].__setitem__(key, value)


def unlaid(data: dict[str, Any]) -> None:
    """Seat 0's bid cards back in its set, as before it picked."""
    bids = zones(data, "bid_cards")
    bids["bid set 0"] = ["red@0", "yellow@0", "green@0", "tan@0", "x@0", "high@0", "low@0"]
    bids["bid cards 0"], bids["suit card 0"] = [], []
    bids["game cards"].remove("low@0")


def played_in_auction(data: dict[str, Any]) -> None:
    zones(data)["hand 2"].remove("T1")
    zones(data)["trick"] = ["T1"]
    data["state"]["trick"] = {"leader": -1, "plays": [[2, "T1"]]}


def moved_trick(data: dict[str, Any]) -> None:
    """A card of seat 2's tricks among seat 1's."""
    zones(data)["tricks won 1"].append(zones(data)["tricks won 2"].pop())


def revoked(data: dict[str, Any]) -> None:
    """In trick 5 (green led), seat 0 throws R2 and keeps G3, holding G4 and G6."""
    hand, won = zones(data)["hand 0"], zones(data)["tricks won 2"]
    hand[hand.index("R2")] = "G3"
    won[won.index("G3")] = "R2"
    data["state"]["finished"][4][2] = [0, "R2", "R"]


def spied_from_nothing(data: dict[str, Any]) -> None:
    """Seat 2 spied on seat 0, whose point is all it has: it began the hand with -1."""
    data["state"]["auction"] = [[2, "spy 0"]]
    data["state"]["board"]["totals"][2] = 19


def barred(data: dict[str, Any]) -> None:
    data["state"]["cards"].setdefault("barred", {})["hand 0"] = ["Y1"]


AUCTION: list[tuple[str, Change, str]] = [
    ("a phase the game does not have", set_part("phase", "bid"), "phase is one of deal, choose"),
    ("a dealer that is no seat", set_part("dealer", 3), "dealer a seat below 3"),
    ("last tricks of two seats", set_part("last_tricks", [5, 8]), "list 3 seats"),
    (
        "every hand scored mid-hand",
        lambda d: d["state"]["board"].__setitem__("hands", [[0, 0, 0]] * 5 + [[5, 16, 7]]),
        "the match has 6 hands, over once all are scored, not 6",
    ),
    ("last tricks that do not add up", set_part("last_tricks", [5, 8, 8]), "total 20, not 21"),
    (
        "a last score no game gives",
        lambda d: d["state"]["board"]["hands"].__setitem__(2, [5, 8, 30]),
        "no bid winner and game score [5, 8, 30]",
    ),
    ("bid cards down before the deal", set_part("phase", "deal"), "none has before the deal"),
    ("all bid cards down in choose", set_part("phase", "choose"), "the auction begins once all"),
    ("a seat with no pick in the auction", unlaid, "seat 0 has laid down no bid cards"),
    (
        "negative points",
        lambda d: d["state"]["board"]["totals"].__setitem__(0, -1),
        "points cannot be negative: seat 0 has -1",
    ),
    (
        "points the auction cannot have left",
        spied_from_nothing,
        "seat 0 has 0 after this hand's auction, -1 before it",
    ),
    (
        "an auction entry that is no action",
        set_part("auction", [[2, "dance"]]),
        "auction entry 1 [2, 'dance']: not an auction action of a seat",
    ),
    (
        "an auction entry the rules refuse",
        set_part("auction", [[2, "bid 21"]]),
        "auction entry 1 [2, 'bid 21']: a bid of 21 is more than your 20 points",
    ),
    (
        "an auction entry after the auction",
        set_part("auction", [[2, "pass"], [0, "pass"], [1, "bid 1"], [1, "wait"]]),
        "auction entry 4 [1, 'wait']: the auction was over",
    ),
    (
        "an auction over in the auction phase",
        set_part("auction", [[2, "pass"], [0, "pass"], [1, "bid 1"]]),
        "the phase is auction, but the auction is over",
    ),
    (
        "a Suit Card known with no spy",
        lambda d: d["state"]["bid_cards"].__setitem__("known", {"0": ["tan@2"]}),
        "the bid cards lie as the picks put them",
    ),
    (
        "a Suit Card in another seat's place",
        lambda d: zones(d, "bid_cards").update(
            {"suit card 0": ["red@1"], "suit card 1": ["yellow@0"]}
        ),
        "the bid cards lie as the picks put them",
    ),
    ("a card played in the auction", played_in_auction, "no card is played before the auction"),
]

PLAY: list[tuple[str, Change, str]] = [
    (
        "a trick in progress led by the wrong seat",
        lambda d: d["state"]["trick"].__setitem__("leader", 3),
        "the trick in progress is led by seat 2, not seat 3",
    ),
    (
        "a card counted in another suit",
        lambda d: d["state"]["finished"][0][1].__setitem__(2, "R"),
        "trick 1: B10 is not of the suit it takes in the trick",
    ),
    (
        "a Blue led as blue",
        lambda d: d["state"]["trick"].__setitem__("plays", [[2, "B12", "B"]]),
        "a led Blue 10 or 12 is declared R, Y, G or T",
    ),
    ("a trick among the wrong seat's", moved_trick, "zone 'tricks won 1' must hold"),
    (
        "a hand of the wrong size",
        lambda d: zones(d)["hand 1"].append(zones(d)["hand 0"].pop(0)),
        "seat 0 holds 9 cards and played 5",
    ),
    (
        "a play that does not follow suit",
        revoked,
        "trick 5: seat 0 played R2 without following the suit",
    ),
    ("a hand barred from a suit it followed", barred, "a hand lacks just the suits it did not"),
    (
        "a seat that knows another's card",
        lambda d: d["state"]["cards"].__setitem__("known", {"0": ["T2"]}),
        "no seat knows where another's cards are",
    ),
    (
        "every trick finished in play",
        lambda d: d["state"].__setitem__("phase", "over"),
        "the match has 8 hands, over once all are scored, not 3",
    ),
]


@pytest.mark.parametrize(
    ("base", "what", "change", "words"),
    [(in_auction, *case) for case in AUCTION] + [(in_play, *case) for case in PLAY],
    ids=[case[0] for case in AUCTION + PLAY],
)
def test_a_version_2_position_that_breaks_a_rule_is_refused(
    base: Callable[[], dict[str, Any]], what: str, change: Change, words: str
) -> None:
    data = copy.deepcopy(base())
    GAME.from_position(data)  # the position as written is read
    change(data)
    with pytest.raises(PositionError) as info:
        GAME.from_position(json.loads(json.dumps(data)))
    message = str(info.value)
    assert "\n" not in message and words in message, message
