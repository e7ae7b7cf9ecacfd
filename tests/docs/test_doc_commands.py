"""The `cardkit arena`, `tournament`, `bots` and `list` commands that docs/cli.md and
docs/writing-a-bot.md show run and exit 0, so the docs' commands never rot.

They run cheaply: in this process, with at most a few matches (``-n``), one worker, the
searching bots' ``iterations`` and ``worlds`` at most 2, and ``--json`` in a temporary
folder. Commands for a game this checkout does not install (the guide's ``oh-hell``, run by
test_writing_a_bot.py in its own venv) and for ``--backend ray`` without Ray are listed as
skipped, never silently dropped.
"""

from __future__ import annotations

import importlib.util
import itertools
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit.registry import all_games, bots_for, get_game
from cli.app import app

ROOT = Path(__file__).parents[2]
DOCS = ("docs/cli.md", "docs/writing-a-bot.md")
RUN = ("arena", "tournament", "bots", "list")
CAPS = {"arena": 4, "tournament": 6}
"""The most matches each command's example runs here."""
FENCE = re.compile(r"^```\w*\n(.*?)^```$", re.S | re.M)


def commands() -> list[tuple[str, str]]:
    """``(doc, command line)`` of every command of :data:`RUN` in a fenced block."""
    found = []
    for doc in DOCS:
        for block in FENCE.findall((ROOT / doc).read_text(encoding="utf-8")):
            for line in block.splitlines():
                text = line.removeprefix("$ ").strip()
                words = text.split()
                if words[:1] == ["cardkit"] and len(words) > 1 and words[1] in RUN:
                    found.append((doc, text))
    return found


def cheap(words: list[str], tmp_path: Path) -> list[str]:
    """``words`` (after ``cardkit``) made cheap to run, as the module says."""
    out = list(words)
    for i, word in enumerate(out[:-1]):
        if word in ("-n", "--matches"):
            out[i + 1] = str(min(int(out[i + 1]), CAPS[out[0]]))
        elif word in ("-w", "--workers"):
            out[i + 1] = "1"
        elif word == "--json":
            out[i + 1] = str(tmp_path / "results.json")
        elif word == "--bot":
            out[i + 1] = re.sub(
                r"\b(iterations|worlds)=(\d+)", lambda m: f"{m[1]}={min(int(m[2]), 2)}", out[i + 1]
            )
    if out[0] in CAPS and not {"-n", "--matches"} & set(out):
        out += ["-n", str(CAPS[out[0]])]
    return out


def test_the_docs_show_the_commands_run_here() -> None:
    shown = {text.split()[1] for _, text in commands()}
    assert shown >= {"arena", "tournament", "bots"}
    guide = [text for doc, text in commands() if doc == "docs/writing-a-bot.md"]
    assert "cardkit arena universal-bid -p 4 --bot pimc:worlds=5,rollout=random --bot random" in (
        guide
    )


@pytest.mark.parametrize(("doc", "line"), commands(), ids=lambda v: str(v)[:60])
def test_a_documented_command_runs(doc: str, line: str, tmp_path: Path) -> None:
    words = shlex.split(line)[1:]
    games = {getattr(g, "id", None) for g in all_games()}
    game = words[1] if len(words) > 1 and not words[1].startswith("-") else None
    if words[0] in CAPS and game not in games:
        pytest.skip(f"{doc}: {game} is not installed here")
    if words[0] == "bots" and game is not None and game not in games:
        pytest.skip(f"{doc}: {game} is not installed here")
    if words[0] in CAPS and game is not None:
        known = set(bots_for(get_game(game)))
        bots = (b for w, b in itertools.pairwise(words) if w == "--bot")
        names = {b.split(":")[0].split("[")[0] for b in bots}
        if names - known:
            pytest.skip(f"{doc}: {', '.join(sorted(names - known))}: not installed here")
    if "ray" in words and importlib.util.find_spec("ray") is None:
        pytest.skip(f"{doc}: --backend ray needs Ray")
    args = cheap(words, tmp_path)
    result = CliRunner().invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, f"{doc}: cardkit {' '.join(args)}\n{result.output}"
