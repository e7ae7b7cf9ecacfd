"""Issue 36 at 80x24 through a real pty: public facts on the seat rows (point 2), the UNO
catch window told to the player who forgot (point 5), run tables that fit 80 columns
(point 7) and missing seats filled from the last bot (point 9)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_screens import screen_after, spawn_cardkit

pexpect = pytest.importorskip("pexpect")

ROWS, COLUMNS = 24, 80
PROMPT = r"quit\]: "
ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^[> ] (you|seat \d+) .*\d+ cards?\b")


def prompt_screen(child: Any) -> list[str]:
    child.expect(PROMPT)
    return screen_after(child.before + child.after)


def seat_rows(lines: list[str]) -> list[str]:
    return [line for line in lines if ROW.match(line)]


def output(child: Any) -> list[str]:
    """Everything a command printed until it ended, as lines without colours (the live
    progress bar, redrawn in place, left out)."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    lines = screen_after(child.before)
    return [line for line in lines if line.strip() and not line.startswith("playing ")]


def test_ufos_game_cards_are_on_every_seat_row_once_revealed(tmp_path: Path) -> None:
    # all picks are sealed first; then every Game Card is revealed at once (ruling 1)
    save = tmp_path / "m.json"
    child = spawn_cardkit(
        ["play", "ufos", "-p", "4", "--seed", "5", "--delay", "0", "--save", str(save)],
        ROWS,
        COLUMNS,
        tmp_path,
    )
    before = seat_rows(prompt_screen(child))
    assert len(before) == 4 and all("game  -" in row for row in before)  # still sealed
    child.sendline("choose red high")
    rows = seat_rows(prompt_screen(child))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert len(rows) == 4
    assert "game high" in rows[0] and "suit red" in rows[0]  # my own pick
    for row in rows[1:]:  # the others' Game Cards, their Suit Cards still face down
        assert ("game high" in row or "game low" in row) and "suit  ?" in row


def test_the_player_who_forgot_uno_is_told_to_call_or_decline(tmp_path: Path) -> None:
    # the position: seat 0 holds y7 and g4; playing y7 without calling leaves one card
    child = spawn_cardkit(
        [
            "play",
            "--position",
            str(ROOT / "docs/positions/uno-star-trek.json"),
            "--bot",
            "random",
            "--delay",
            "0",
            "--save",
            str(tmp_path / "u.json"),
        ],
        ROWS,
        COLUMNS,
        tmp_path,
    )
    prompt_screen(child)
    child.sendline("y7")
    lines = prompt_screen(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    shown = " ".join(" ".join(lines).split())
    assert "you has" not in shown
    assert "you played your second-to-last card without calling UNO" in shown
    assert "1) uno" in shown and "2) decline" in shown
    assert "catchable" in seat_rows(lines)[0]  # my row says the window is on me


def run(tmp_path: Path, *args: str) -> list[str]:
    return output(spawn_cardkit(list(args), ROWS, COLUMNS, tmp_path))


def test_an_arena_table_fits_80_columns_with_specs_and_numbers_whole(tmp_path: Path) -> None:
    spec = "pimc:worlds=2,rollout=random"
    lines = run(
        tmp_path, "arena", "universal-bid", "-p", "4", "--bot", spec, "--bot", "random",
        "-n", "4", "--seed", "1",
    )  # fmt: skip
    assert all(len(line) <= COLUMNS for line in lines), "\n".join(lines)
    assert any(spec in line for line in lines)  # whole, in the table or in its key
    for line in lines:
        assert not re.search(r"±\s*$", line)  # an interval never split from its number


def test_fewer_bots_than_seats_are_filled_from_the_last(tmp_path: Path) -> None:
    lines = run(
        tmp_path, "arena", "universal-bid", "-p", "4", "--bot", "heuristic", "--bot", "random",
        "-n", "4", "--seed", "1",
    )  # fmt: skip
    head = " ".join(lines[:3])
    assert "filled with random" in head
    table = [line for line in lines if re.match(r"^\s+\d\s+(heuristic|random)\b", line)]
    assert [row.split()[1] for row in table] == ["heuristic", "random", "random", "random"]


def test_cardkit_bots_fits_80_columns(tmp_path: Path) -> None:
    lines = run(tmp_path, "bots")
    assert all(len(line) <= COLUMNS for line in lines), "\n".join(lines)
    assert len(lines) < 40
