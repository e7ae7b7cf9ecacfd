"""What a person sees in a real terminal: each game's screen through a pty at 80x24 and
120x40, at its smallest and largest player count, and each way of answering the prompt.

The screen is read as text: what was drawn after the last clearing, without colours. It
must fit the terminal (no line scrolled off, none wider than it), begin with the title
and hold every seat, the hand and the prompt; the table part (above the event lines)
must name no card that only other seats may see.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from cardkit.errors import CardkitError
from cardkit.record import Record, replay
from cardkit.registry import get_game
from tests.cli.test_table import hidden_from, words

pexpect = pytest.importorskip("pexpect")

TIMEOUT = 60  # generous: the machine may be busy; nothing here measures time
PROMPT = r"quit\]: "
CLEAR = "\x1b[2J"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SIZES = ((24, 80), (40, 120))
DECISIONS = 4  # the screens looked at per match


def spawn_cardkit(
    args: list[str], rows: int, columns: int, home: Path, env: dict[str, str] | None = None
) -> Any:
    """The installed ``cardkit ARGS`` in a pty of ``rows`` x ``columns``."""
    base = {
        "PATH": str(Path(sys.executable).parent),
        "TERM": "xterm",
        "HOME": str(home),
        "CARDKIT_HOME": str(home / "home"),
        "LANG": os.environ.get("LANG", "C.UTF-8"),
    }
    return pexpect.spawn(
        str(Path(sys.executable).parent / "cardkit"),
        args,
        cwd=str(home),
        encoding="utf-8",
        codec_errors="replace",
        timeout=TIMEOUT,
        dimensions=(rows, columns),
        env=base | (env or {}),
    )


def screen_after(text: str) -> list[str]:
    """The lines drawn since the last clearing, as text (the prompt is the last line)."""
    drawn = text.rsplit(CLEAR, 1)[-1]
    plain = ESCAPES.sub("", drawn).replace("\r", "")
    return plain.split("\n")


def next_screen(child: Any) -> list[str]:
    """Wait for the prompt; the screen it ends."""
    child.expect(PROMPT)
    return screen_after(child.before + child.after)


def check_screen(lines: list[str], rows: int, columns: int, game: Any, players: int) -> None:
    """The screen fits and shows the table, the hand and the prompt."""
    shown = "\n".join(lines)
    assert len(lines) <= rows, f"{len(lines)} lines for {rows} rows:\n{shown}"
    assert all(len(line) <= columns for line in lines), shown
    assert lines[0].startswith(f"── {game.name}: your move"), shown
    assert "your move [" in lines[-1], shown
    assert any(line.startswith("hand ") for line in lines), shown
    for seat in range(1, players):
        assert re.search(rf"\bseat {seat}\b", shown), f"seat {seat} missing:\n{shown}"
    assert "you" in shown


def table_part(lines: list[str]) -> list[str]:
    """The screen without its event lines: the table, the panels, the hand, the actions."""
    if "recent" not in lines and "before you left" not in lines:
        return lines
    start = next(i for i, line in enumerate(lines) if line in ("recent", "before you left"))
    end = next(i for i, line in enumerate(lines) if i > start and line.startswith("1) "))
    return lines[:start] + lines[end:]


def cases() -> list[Any]:
    out = []
    for gid in ("universal-bid", "ufos", "uno-star-trek"):
        try:
            game = get_game(gid)
        except CardkitError:
            continue
        for players in (game.min_players, game.max_players):
            for rows, columns in SIZES:
                out.append(
                    pytest.param(
                        gid, players, rows, columns, id=f"{gid}-{players}p-{columns}x{rows}"
                    )
                )
    return out


@pytest.mark.parametrize(("gid", "players", "rows", "columns"), cases())
def test_the_screen_fits_and_shows_no_other_seats_cards(
    gid: str, players: int, rows: int, columns: int, tmp_path: Path
) -> None:
    game = get_game(gid)
    save = tmp_path / "m.json"
    args = ["play", gid, "-p", str(players), "--seed", "5", "--delay", "0", "--save", str(save)]
    child = spawn_cardkit(args, rows, columns, tmp_path)
    secrets = 0
    for _ in range(DECISIONS):
        lines = next_screen(child)
        check_screen(lines, rows, columns, game, players)
        state = replay(Record.load(save), game)  # saved before it is shown
        hidden = hidden_from(state, 0)
        secrets += bool(hidden)
        leaked = hidden & words(table_part(lines))
        assert not leaked, f"{sorted(leaked)} shown:\n" + "\n".join(lines)
        child.sendline("1")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert secrets, "no decision with cards hidden from seat 0: nothing was checked"


# universal-bid, 3 players, seed 7 (docs/cli.md shows it): seat 0 bids first (bid 0 to
# bid 9, listed 1 to 10); then leads trick 1 from E:1 E:5 J:4 N:6 S:2 S:Sun V:1 V:7
# V:Moon; after leading E:1, trick 2 leaves only E:5 to follow suit (Enter takes it).
SAMPLE = ["play", "universal-bid", "--players", "3", "--seed", "7", "--delay", "0"]


def _sample(tmp_path: Path) -> tuple[Any, Path]:
    save = tmp_path / "m.json"
    child = spawn_cardkit([*SAMPLE, "--save", str(save)], 24, 80, tmp_path)
    return child, save


def _mine(save: Path) -> list[str]:
    return [text for seat, text in Record.load(save).actions if seat == 0]


def _done(child: Any) -> None:
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("answer", ["3", "bid 2", "BID 2"])
def test_a_number_or_the_actions_text_bids(answer: str, tmp_path: Path) -> None:
    child, save = _sample(tmp_path)
    next_screen(child)
    child.sendline(answer)
    lines = next_screen(child)  # trick 1
    assert any(line.startswith("> you") and "bid  2" in line for line in lines), lines
    _done(child)
    assert _mine(save) == ["bid 2"]


def test_a_card_alone_plays_it_and_enter_takes_the_forced_move(tmp_path: Path) -> None:
    child, save = _sample(tmp_path)
    next_screen(child)
    child.sendline("3")
    next_screen(child)
    child.sendline("E:1")  # the card alone
    lines = next_screen(child)
    assert "[Enter for play E:5, undo, help, quit]" in lines[-1]
    child.sendline("")  # Enter
    next_screen(child)
    _done(child)
    assert _mine(save) == ["bid 2", "play E:1", "play E:5"]


@pytest.mark.parametrize("word", ["?", "h", "help"])
def test_help_is_a_page_and_enter_goes_back_to_the_table(word: str, tmp_path: Path) -> None:
    child, save = _sample(tmp_path)
    next_screen(child)
    child.sendline(word)
    # help is paged: space goes on; on the last page (the legal actions) Enter goes back
    while child.expect(["next page", "Enter: back to the table"]) == 0:
        child.send(" ")
    assert "Legal now:" in child.before
    child.sendline("")
    lines = next_screen(child)
    check_screen(lines, 24, 80, get_game("universal-bid"), 3)
    _done(child)
    assert _mine(save) == []


def test_hint_and_a_refusal_keep_the_whole_table_on_screen(tmp_path: Path) -> None:
    game = get_game("universal-bid")
    child, save = _sample(tmp_path)
    next_screen(child)
    child.sendline("hint")
    lines = next_screen(child)
    check_screen(lines, 24, 80, game, 3)
    assert lines[-2].startswith("hint from pimc: bid ")
    child.sendline("bid 12")
    lines = next_screen(child)
    check_screen(lines, 24, 80, game, 3)
    assert lines[-2].startswith("bid 12 is not allowed: ")
    _done(child)
    assert _mine(save) == []


def test_undo_takes_the_bid_back_on_screen(tmp_path: Path) -> None:
    child, save = _sample(tmp_path)
    next_screen(child)
    child.sendline("3")
    next_screen(child)
    child.sendline("undo")
    lines = next_screen(child)
    assert "  you took back your move (3 steps undone)" in lines
    assert "1) bid 0" in "\n".join(lines)  # the bid again
    _done(child)
    assert _mine(save) == []
    assert Record.load(save).meta["play"]["takebacks"][0]["undone"][0] == [0, "bid 2"]


@pytest.mark.parametrize(
    "env",
    [{"NO_COLOR": "1"}, {"LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}],
    ids=["no-color", "ascii"],
)
def test_no_colour_and_ascii_terminals_get_the_table(env: dict[str, str], tmp_path: Path) -> None:
    child = spawn_cardkit([*SAMPLE, "--save", str(tmp_path / "n.json")], 24, 80, tmp_path, env)
    child.expect(PROMPT)
    drawn = (child.before + child.after).rsplit(CLEAR, 1)[-1]
    if "NO_COLOR" in env:
        params = {p for sgr in re.findall(r"\x1b\[([0-9;]*)m", drawn) for p in sgr.split(";")}
        colours = {p for p in params if p[:1] in ("3", "4", "9") and p != "3"}  # 3: italic
        assert not colours, f"colour codes {sorted(colours)} with NO_COLOR"
    else:
        assert drawn.isascii()
    lines = screen_after(drawn)
    assert lines[0].startswith(("── Universal", "-- Universal"))
    assert any(line.startswith("hand E:1 E:5") for line in lines)
    _done(child)


ROOT = Path(__file__).resolve().parents[2]
SCREEN_GAMES = ("ufos", "uno-star-trek")  # universal-bid's sample is checked in test_pty


def documented_screens() -> list[Any]:
    """The 80x24 screens of README.md (indented) and docs/cli.md (fenced) for the other
    games: ``(where, command, lines)``."""
    found = []
    for name, indent, end_mark in (("README.md", "    ", ""), ("docs/cli.md", "", "```")):
        text = (ROOT / name).read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(text):
            for gid in SCREEN_GAMES:
                if line.startswith(f"{indent}$ cardkit play {gid} "):
                    end = text.index(end_mark, i)
                    lines = [x[len(indent) :] for x in text[i + 1 : end]]
                    command = line[len(indent) + 2 :].split()[1:]
                    found.append(pytest.param(command, lines, id=f"{name}-{gid}"))
    return found


@pytest.mark.parametrize(("command", "sample"), documented_screens())
def test_the_documented_screens_are_the_real_output(
    command: list[str], sample: list[str], tmp_path: Path
) -> None:
    answers = [line.split("]: ", 1)[1] for line in sample if line.startswith("your move [")]
    child = spawn_cardkit([*command, "--delay", "0"], 24, 80, tmp_path)
    shown = []
    for answer in answers:
        child.expect(PROMPT)
        shown.append(child.before + child.after)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    shown.append(child.before)
    child.close()
    assert child.exitstatus == 0
    lines = [
        line.rstrip() for line in ESCAPES.sub("", "".join(shown)).replace("\r", "").split("\n")
    ]
    at = 0
    for want in sample:
        if want == "[...]":
            continue
        assert want in lines[at:], f"{want!r} is not in the output from line {at}"
        at = lines.index(want, at) + 1


def test_seats_whose_cards_are_unknown_stay_in_line() -> None:
    from cardkit.table import SeatRow, TableLayout
    from cli.render import Renderer
    from cli.table import Screen

    game = get_game("universal-bid")
    rows = (
        SeatRow(0, "you", held=0, numbers=(("bid", "-"),)),
        SeatRow(1, "seat 1", held=None, numbers=(("bid", "-"),)),
    )
    screen = Screen(Renderer(game, 2, game.make_options()))
    you, other = (line.plain for line in screen.seats(TableLayout(0, rows), 80))
    assert you.index("bid") == other.index("bid")
