"""Issue 36 at 80x24, through a real pty: every legal action on screen (paged when need
be), what was done to you kept until your next decision, every move since your last
decision, the hand's screen with the true tricks, help in a pager, watch's pause sign.

The screen is read as text, as tests/cli/test_screens.py does: what was drawn after the
last clearing, without colours.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardkit.actions import Bid
from cardkit.events import HandScored, TrickWon
from cardkit.record import Record, replay
from cardkit.registry import get_game
from cardkit.table import SeatRow, TableLayout
from cli.render import Renderer
from cli.table import Screen, Step
from tests.cli.test_screens import CLEAR, ESCAPES, screen_after, spawn_cardkit

pexpect = pytest.importorskip("pexpect")

ROWS, COLUMNS = 24, 80
PROMPT = r"quit\]: "
HAND_END = "Enter: next hand: "
LEAVE = "Enter: leave the table: "
NUMBERED = re.compile(r"(?:^|\s)(\d+)\) ")
ROOT = Path(__file__).resolve().parents[2]


def start(tmp_path: Path, *args: str) -> tuple[Any, Path]:
    save = tmp_path / "m.json"
    child = spawn_cardkit([*args, "--delay", "0", "--save", str(save)], ROWS, COLUMNS, tmp_path)
    return child, save


def screen(child: Any, *patterns: str) -> tuple[int, list[str]]:
    """Wait for one of ``patterns`` (the prompt by default): its index and the screen."""
    found = child.expect(list(patterns or (PROMPT,)))
    return found, screen_after(child.before + child.after)


def fits(lines: list[str]) -> None:
    shown = "\n".join(lines)
    assert len(lines) <= ROWS, f"{len(lines)} lines:\n{shown}"
    assert all(len(line) <= COLUMNS for line in lines), shown


def leave(child: Any) -> None:
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()


def offered(prompt_line: str) -> int:
    """N of the prompt's ``[1-N, ...]``; 1 for ``[Enter for ...]``."""
    found = re.search(r"\[1-(\d+),", prompt_line)
    return int(found.group(1)) if found else 1


def numbers_shown(child: Any, lines: list[str]) -> set[int]:
    """The action numbers on the screen, and on its other pages (``>``) when it is paged."""
    seen: set[int] = set()
    for _ in range(10):
        fits(lines)
        seen |= {int(n) for line in lines[:-1] for n in NUMBERED.findall(line)}
        if "> more" not in lines[-1]:
            break
        child.sendline(">")
        _, lines = screen(child)
        if {int(n) for line in lines[:-1] for n in NUMBERED.findall(line)} <= seen:
            break  # back at the first page
    return seen


# -- 1: every action offered is on screen ------------------------------------------------


def test_ufos_auction_shows_all_24_actions_and_the_spy_moves(tmp_path: Path) -> None:
    # the example: after "choose tan high" the prompt offers 1-24, the list
    # stopped at 19) bid 18 (spy 1 to spy 3 are 22 to 24)
    child, _ = start(tmp_path, "play", "ufos", "--players", "4", "--seed", "5")
    screen(child)
    child.sendline("choose tan high")
    _, lines = screen(child)
    assert offered(lines[-1]) == 24
    assert numbers_shown(child, lines) == set(range(1, 25))
    assert "spy 3" in "\n".join(lines) or "> more" in lines[-1]
    leave(child)


def cases() -> list[Any]:
    out = []
    for gid in ("universal-bid", "ufos", "uno-star-trek"):
        game = get_game(gid)
        for players in sorted({game.min_players, game.max_players}):
            out.append(pytest.param(gid, players, id=f"{gid}-{players}p"))
    return out


@pytest.mark.parametrize(("gid", "players"), cases())
def test_every_action_number_offered_is_on_screen(gid: str, players: int, tmp_path: Path) -> None:
    child, _ = start(tmp_path, "play", gid, "-p", str(players), "--seed", "3")
    for _ in range(6):
        found, lines = screen(child, PROMPT, HAND_END)
        if found == 1:
            child.sendline("")
            continue
        n = offered(lines[-1])
        assert numbers_shown(child, lines) >= set(range(1, n + 1)) if n > 1 else True
        child.sendline(str(n))  # the last action: the spy moves, a wild's last colour
    leave(child)


def test_actions_that_do_not_fit_are_paged_with_no_row_left_blank() -> None:
    game = get_game("uno-star-trek")
    render = Renderer(game, 10, game.make_options())
    seats = tuple(SeatRow(s, "you" if s == 0 else f"seat {s}", held=7) for s in range(10))
    layout = TableLayout(0, seats, hand=())
    legal = [Bid(i) for i in range(1, 201)]
    console = Console(width=COLUMNS, height=ROWS, color_system=None)
    view = Screen(render)
    seen: set[int] = set()
    pages = 0
    while True:
        lines = [line.plain for line in view.lines(console, "t", layout, legal, [])]
        page = view.shown
        assert page is not None and not page.whole
        if page.last < len(legal):
            assert len(lines) == ROWS - 1, lines  # the screen is full: no row is wasted
        numbers = {int(n) for line in lines for n in NUMBERED.findall(line)}
        assert numbers == set(range(page.first, page.last + 1))
        seen |= numbers
        pages += 1
        if page.last == len(legal):
            break
        view.page += 1
    assert seen == set(range(1, 201)) and pages >= 2


# -- 3: what was done to you stays; every move since your last decision ------------------


def test_being_caught_is_said_at_your_next_decision(tmp_path: Path) -> None:
    # the position: you hold y7 g4 and play y7 without calling UNO; you decline to call
    # it late, and seat 1 (heuristic) catches you: you draw 5
    position = str(ROOT / "docs" / "positions" / "uno-star-trek.json")
    child, save = start(tmp_path, "play", "--position", position, "--bot", "heuristic")
    screen(child)
    child.sendline("y7")
    screen(child)
    child.sendline("decline")
    _, lines = screen(child)
    text = "\n".join(lines)
    caught = [e for e in _events(save) if type(e).__name__ == "Caught"]
    assert caught and caught[0].caught == 0, "the position no longer has seat 0 caught"  # type: ignore[attr-defined]
    done = [line for line in lines if line.startswith("to you: ")]
    assert done, text
    assert f"seat {caught[0].seat} catches seat 0" in done[0], text  # type: ignore[attr-defined]
    leave(child)


def _events(save: Path) -> list[Any]:
    game = get_game(Record.load(save).game)
    found: list[Any] = []
    replay(Record.load(save), game, after_step=lambda *a: found.extend(a[-1]))
    return found


def test_a_ten_player_uno_shows_every_seat_that_moved_since_your_last_turn(
    tmp_path: Path,
) -> None:
    child, save = start(tmp_path, "play", "uno-star-trek", "-p", "10", "--seed", "3")
    screen(child)
    for turn in range(3):
        child.sendline("1")
        _, lines = screen(child)
        fits(lines)
        actions = Record.load(save).actions
        mine = max(i for i, (seat, _) in enumerate(actions) if seat == 0)
        movers = {seat for seat, _ in actions[mine + 1 :] if seat > 0}
        assert movers, "no bot moved between two decisions"
        start_at = lines.index("recent")
        recent = "\n".join(lines[start_at:])
        missing = [s for s in movers if not re.search(rf"\bseat {s}\b", recent)]
        assert not missing, f"turn {turn}: seats {missing} missing:\n" + "\n".join(lines)
    leave(child)


# -- 4: the hand's screen waits for Enter and shows the true tricks ----------------------


@pytest.mark.parametrize(
    "args",
    [
        ("ufos", "-p", "3", "--seed", "5"),
        ("universal-bid", "-p", "3", "--seed", "5", "-o", "schedule=3,2"),
    ],
    ids=["ufos", "universal-bid"],
)
def test_the_hands_screen_waits_and_shows_each_seats_true_tricks(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    child, save = start(tmp_path, "play", *args)
    for _ in range(80):
        found, lines = screen(child, PROMPT, HAND_END)
        if found == 1:
            break
        child.sendline("1")
    else:
        pytest.fail("no hand ended")
    fits(lines)
    # the tricks each seat took in hand 1, counted from the record's events
    events = _events(save)
    end = next(i for i, e in enumerate(events) if isinstance(e, HandScored))
    taken = Counter(e.seat for e in events[:end] if isinstance(e, TrickWon))
    scored = events[end]
    assert isinstance(scored, HandScored)
    header = next(line for line in lines if "tricks" in line.split() and "total" in line)

    def cell(row: str, heading: str) -> str:  # the columns are right-aligned to their heading
        end = header.index(f" {heading}") + 1 + len(heading)
        return row[:end].split()[-1]

    for seat in range(3):
        name = "you" if seat == 0 else f"seat {seat}"
        row = next(line for line in lines if line.startswith(f"{name} "))
        assert cell(row, "tricks") == str(taken[seat]), "\n".join(lines)
        assert cell(row, "total") == str(scored.totals[seat])
        assert cell(row, "hand") == f"{scored.points[seat]:+d}"
    assert lines[-1].startswith("hand 1 is over")
    # it waits: nothing more is drawn until Enter
    with pytest.raises(pexpect.TIMEOUT):
        child.expect_exact(CLEAR, timeout=1)
    child.sendline("")
    screen(child, PROMPT, LEAVE)
    leave(child)


def test_the_final_screen_waits_for_enter(tmp_path: Path) -> None:
    child, _ = start(
        tmp_path, "play", "universal-bid", "-p", "2", "--seed", "5", "-o", "schedule=1"
    )
    while screen(child, PROMPT, LEAVE)[0] == 0:
        child.sendline("1")
    text = ESCAPES.sub("", child.before)
    assert "bid" in text and "tricks" in text and "total" in text
    with pytest.raises(pexpect.TIMEOUT):
        child.expect(pexpect.EOF, timeout=1)
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# -- 6: help in a pager ------------------------------------------------------------------


def test_help_pages_keep_their_heading_and_list_every_action(tmp_path: Path) -> None:
    child, _ = start(tmp_path, "play", "ufos", "--players", "4", "--seed", "5")
    screen(child)
    child.sendline("choose tan high")
    screen(child)
    child.sendline("help")
    explained: set[int] = set()
    for _ in range(10):
        found = child.expect(["next page · q: back to the table", "Enter: back to the table"])
        lines = screen_after(child.before + child.after)
        fits(lines)
        assert lines[0].startswith("── help"), lines  # the heading stays on screen
        explained |= {int(n) for n in re.findall(r"^\s*(\d+)\) ", "\n".join(lines), re.M)}
        child.send(" ")
        if found == 1:
            break
    assert explained == set(range(1, 25))
    _, lines = screen(child)
    assert lines[0].startswith("── U.F.O.s: your move")
    leave(child)


def test_q_leaves_the_help_pager(tmp_path: Path) -> None:
    child, save = start(tmp_path, "play", "uno-star-trek", "--players", "2", "--seed", "5")
    screen(child)
    child.sendline("?")
    child.expect("back to the table")
    child.send("q")
    _, lines = screen(child)
    assert lines[0].startswith("── UNO: Star Trek: your move")
    leave(child)
    assert [a for a in Record.load(save).actions if a[0] == 0] == []


# -- 8: watch says it is paused ----------------------------------------------------------


def test_watch_says_when_it_is_paused(tmp_path: Path) -> None:
    save = tmp_path / "w.json"
    args = ["play", "ufos", "--watch", "--seed", "5", "--delay", "2", "--save", str(save)]
    child = spawn_cardkit(args, ROWS, COLUMNS, tmp_path)
    child.expect("space pause/go on")
    child.send(" ")
    child.expect("paused: space to go on")
    child.send(" ")
    child.expect("space pause/go on")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_steps_fold_into_one_line_per_seat() -> None:
    from cli.table import fold

    steps = [
        Step(3, ("seat 3 plays r3",)),
        Step(4, ("seat 4 draws 1 card",)),
        Step(3, ("seat 3 draws 1 card", "seat 3 calls UNO")),
        Step(-1, ("the draw pile is shuffled",)),
    ]
    assert fold(steps) == [
        "seat 3: plays r3, draws 1 card, calls UNO",
        "seat 4: draws 1 card",
        "the draw pile is shuffled",
    ]
