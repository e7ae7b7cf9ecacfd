"""What the UNO table shows per seat (UNO called, catchable, hands shown, a hand's end),
the catch window for the player who forgot, the help, and event lines that say each fact
once (issue 36: points 2, 4, 5, 6 and 8)."""

from __future__ import annotations

from pathlib import Path

from cardkit.events import Event, HandScored, seen_by
from cardkit.positions import load_position
from cardkit.table import TableLayout, table_for
from games.uno_star_trek import GAME, UnoState
from games.uno_star_trek.events import UnoHandScored
from games.uno_star_trek.rules import HELP, RULES
from tests.games.uno_star_trek.support import act, cards, shed_skips, start

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "positions" / "uno-star-trek.json"
HANDS3 = ["r1 r2 r3 r4 r6 r7 r8", "y1 y2 y3 y4 y6 y7 y8", "g1 g2 g3 g4 g6 g7 g8"]


def layout(state: UnoState, seat: int) -> TableLayout:
    return table_for(GAME, state.view(seat), state.players)


def panels(lay: TableLayout) -> dict[str, str]:
    return {p.title: p.text for p in lay.panels}


def turns(lay: TableLayout) -> list[int]:
    return [row.seat for row in lay.seats if row.turn]


def notes(lay: TableLayout) -> list[str]:
    return [row.note for row in lay.seats]


def example_missed_call() -> UnoState:
    """The docs' example position: seat 0 holds y7 g4 on a yellow wild, seat 1 plays next.
    Seat 0 plays y7 without calling UNO: the catch window asks seat 0 (who may still
    call), then seats 1 and 2 (who may catch)."""
    state = GAME.from_position(load_position(EXAMPLE))
    assert isinstance(state, UnoState)
    act(state, 0, "play y7")
    return state


def test_the_player_who_forgot_is_told_to_call_or_decline() -> None:
    state = example_missed_call()
    assert [str(a) for a in state.legal_actions(0)] == ["uno", "decline"]
    lay = layout(state, 0)
    text = panels(lay)["catch"]
    assert text == (
        "you played your second-to-last card without calling UNO: "
        "call uno now (then you are safe) or decline"
    )
    assert "you has" not in text
    # every seat may act now: seat 0 may call, seats 1 and 2 may catch
    assert turns(lay) == [0, 1, 2]
    assert notes(lay)[0] == "no UNO call: catchable"
    for seat in (1, 2):
        assert [str(a) for a in state.legal_actions(seat)] == ["catch 0", "decline"]
        other = layout(state, seat)
        assert panels(other)["catch"] == (
            "seat 0 played their second-to-last card without calling UNO: "
            "catch 0 (they draw 5) or decline"
        )
        assert turns(other) == [0, 1, 2]


def test_the_window_marks_only_the_seats_still_to_answer() -> None:
    state = example_missed_call()
    act(state, 0, "decline")
    lay = layout(state, 0)
    assert turns(lay) == [1, 2]  # seat 0 has answered; seat 1 (its turn) and 2 may catch
    assert panels(lay)["catch"] == (
        "you did not call UNO: you can be caught until the next turn begins"
    )
    act(state, 1, "decline")
    # seat 1 has let it pass but its turn is next; seat 2 may still catch
    assert state.legal_actions(2) and turns(layout(state, 2)) == [1, 2]
    assert panels(layout(state, 1))["catch"] == "seat 0 did not call UNO; you let it pass"
    act(state, 2, "catch 0")  # seat 0 draws 5: 1 + 5 = 6 cards, the window is closed
    lay = layout(state, 1)
    assert "catch" not in panels(lay) and turns(lay) == [1]
    assert lay.seats[0].held == 6 and notes(lay)[0] == ""


def test_a_called_uno_and_a_single_card_are_on_the_row() -> None:
    # two players: seat 0 sheds five Skips (seat 1 accepting each), holding g1 g2
    state = start(["rskip rskip yskip yskip gskip g1 g2", HANDS3[1]], "r5")
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    for viewer in (0, 1):
        assert notes(layout(state, viewer))[0] == "called UNO"
    act(state, 0, "play g1")  # called in time: no window
    for viewer in (0, 1):
        lay = layout(state, viewer)
        assert notes(lay)[0] == "one card" and "catch" not in panels(lay)
        assert lay.seats[0].held == 1 and turns(lay) == [1]


def test_a_mind_meld_hand_is_shown_to_its_viewer_alone() -> None:
    state = start(["meld r2 r3 r4 r6 r7 r8", HANDS3[1], HANDS3[2]], "r5")
    act(state, 0, "play meld")
    act(state, 1, "accept")
    assert notes(layout(state, 0))[1] == "shown: y1 y2 y3 y4 y6 y7 y8"
    for viewer in (1, 2):
        assert notes(layout(state, viewer))[1] == ""


def test_the_hand_end_table_and_columns() -> None:
    # two players: seat 0 goes out with g3; seat 1 is left with 7 cards worth
    # 9 + 9 + 20 + 20 + 50 + 50 + 0 = 158
    hands = ["rskip rskip yskip yskip gskip gskip g3", "r9 b9 yd2 grev wild meld g0"]
    state = start(hands, "r5", events=True)
    shed_skips(state, 0, 1)
    act(state, 0, "uno")
    act(state, 0, "play gskip")
    act(state, 1, "accept")
    events = state.apply(0, GAME.parse_action("play g3"))
    (scored,) = [e for e in events if isinstance(e, HandScored)]
    assert isinstance(scored, UnoHandScored)
    assert scored.points == (158, 0)
    assert scored.columns() == (("cards left", ("0", "7")),)
    lay = layout(state, 1)
    assert lay.status == "hand 1 is over"
    assert [row.held for row in lay.seats] == [0, 7]
    assert notes(lay) == ["went out", ""]
    assert [dict(row.numbers)["score"] for row in lay.seats] == ["158", "0"]


def text(events: tuple[Event, ...], viewer: int) -> str:
    return "; ".join(str(e) for e in seen_by(events, viewer))


def test_a_command_and_its_draw_say_each_fact_once() -> None:
    state = start(["rd2 r2 r3 r4 r6 r7 r8", HANDS3[1], HANDS3[2]], "r5", "b1 b9", events=True)
    played = state.apply(0, GAME.parse_action("play rd2"))
    line = text(played, 2)
    assert "COLOUR" not in line
    assert line == (
        "seat 0 plays rd2; seat 0's Draw 2 is directed at seat 1, who may accept it or "
        "stop it with Beam Me Up, Scotty (beam and a colour: beam red)"
    )
    events = state.apply(1, GAME.parse_action("accept"))
    for viewer in (0, 2):
        assert text(events, viewer).count("draws 2") == 1
    assert text(events, 1) == (
        "seat 1 accepts seat 0's Draw 2 and is skipped; seat 1 draws 2 cards: b1 b9"
    )
    assert cards("b1 b9")[0] in state.hands[1]


def test_the_help_explains_every_card_and_action_text() -> None:
    words = (
        *("r7", "rskip", "grev", "rd2", "wild", "wd4", "llap", "meld", "tribble", "beam"),
        *("play wd4 red", "draw", "keep", "uno", "catch 2", "decline", "accept"),
        *("challenge", "beam red", "colour green"),
    )
    for word in words:
        assert f"`{word}`" in HELP, word
        assert f"`{word}`" in RULES, word
    lines = HELP.strip("\n").splitlines()
    assert len(lines) <= 22 and max(map(len, lines)) <= 80
