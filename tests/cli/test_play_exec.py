"""``cardkit play`` in a terminal with external bots in the other seats."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cardkit.record import Record, replay
from cardkit.registry import get_game
from tests.cli.test_pty import PROMPT, finish, spawn

pexpect = pytest.importorskip("pexpect")

TOLD_BOT = Path(__file__).with_name("told_bot.py")


def test_a_person_plays_a_whole_match_against_exec_bots(tmp_path: Path) -> None:
    # the bots answer their first move illegally unless the deal's events named their cards
    save = tmp_path / "ub.json"
    spec = f"exec:{sys.executable} {TOLD_BOT}"
    args = ["play", "universal-bid", "--players", "3", "--seat", "1", "--seed", "4"]
    child = spawn(*args, "-o", "schedule=3", "--bot", spec, "--save", str(save), module=False)
    prompts = 0
    while (found := child.expect([PROMPT, "Enter: next hand", "Enter: leave", "failed"])) < 2:
        prompts += found == 0
        child.sendline("1" if found == 0 else "")
    assert child.after == "Enter: leave", child.before
    child.sendline("")
    assert finish(child) == 0
    record = Record.load(save)
    assert record.meta["play"]["bots"] == [spec, None, spec]
    assert prompts == sum(1 for seat, _ in record.actions if seat == 1)
    assert {0, 2} <= {seat for seat, _ in record.actions}  # both exec seats moved
    assert replay(record, get_game("universal-bid")).is_over()
