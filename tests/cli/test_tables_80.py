"""Issue 36, points 7 and 9: what arena, tournament, bots, the game picker and --help print
fits 80 columns without breaking a word or a number; intervals that cannot be estimated
say so; fewer bots than seats fill the rest from the last; options that do nothing in the
mode given are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit.registry import get_game
from cli.app import app
from cli.arena import half_width, signed
from cli.runs import pace
from tests.cli.conftest import load

WIDE = {"COLUMNS": "80"}


def run(runner: CliRunner, *args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=WIDE, input=stdin)
    return result.exit_code, result.output


def fits(out: str, width: int = 80) -> list[str]:
    lines = out.splitlines()
    too_long = [line for line in lines if len(line) > width]
    assert not too_long, too_long
    assert "…" not in out  # nothing cut short with an ellipsis
    return lines


def row_of(lines: list[str], *words: str) -> str:
    """The first line whose first words are ``words``."""
    return next(line for line in lines if line.split()[: len(words)] == list(words))


# -- point 7: tables -------------------------------------------------------------------------


def test_arena_tables_keep_bot_specs_and_numbers_whole_at_80_columns(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = "pimc:worlds=1,rollout=random"  # too long for the table's bot column at 80
    monkeypatch.chdir(tmp_path)  # "Results written to r.json" is a short line
    out_file = Path("r.json")
    args = ["arena", "universal-bid", "-p", "3", "--bot", spec, "--bot", "heuristic"]
    code, out = run(runner, *args, "--bot", "random", "-n", "6", "--seed", "2", "--duplicate",
                    "--json", str(out_file))  # fmt: skip
    assert code == 0, out
    lines = fits(out)
    data = load(out_file)
    # the spec is whole, on one line of the key; the table names the bot
    assert f"*: 1 {spec}" in lines
    assert "pimc*" in row_of(lines, "1", "pimc*")
    for i, entrant in enumerate(data["entrants"], start=1):
        bot = entrant["bot"]
        line = row_of(lines, str(i), bot.split(":")[0] + "*" if ":" in bot else bot)
        low, high = entrant["mean_score_ci95"]
        assert f"{entrant['mean_score']:.2f} ± {(high - low) / 2:.2f}" in line
        assert f"{entrant['win_rate'] * 100:.1f}%" in line
    # the paired differences: every pair on one line, with both bots numbered
    pairs = [line for line in lines if re.match(r"\s+\d \S+\s+\d \S+\s+\d+\s", line)]
    assert len(pairs) == 3


def test_a_slow_run_shows_seconds_per_match_never_zero_matches_a_second() -> None:
    assert pace(1, 2.0, live=True) == "2.0 s/match"  # 0.5 matches a second
    assert pace(1, 2.0) == "2.0 s/match"
    assert pace(3, 2.0, live=True) == "1.5 matches/s"
    assert pace(30, 2.0, live=True) == "15 matches/s"
    assert pace(30, 2.0) == "15.0 matches/s"


def test_no_negative_zero_and_no_zero_width_interval_from_few_deals() -> None:
    assert signed(-0.0) == "0.0" and signed(-0.04) == "0.0" and signed(0.04) == "0.0"
    assert signed(-66.66) == "-66.7" and signed(3.05, 0) == "+3"
    assert half_width([-0.5, -0.5], 4, 1) == "±?"  # 4 deals all alike: cannot be estimated
    assert half_width([-0.5, -0.5], 30, 1) == "±0.0"
    assert half_width([-1.0, 2.0], 4, 1) == "±1.5"
    assert half_width(None, 1, 1) == ""


def test_tournament_says_an_interval_cannot_be_estimated(runner: CliRunner) -> None:
    # two copies of one bot differ by exactly 0 in every deal: over 4 deals that is ±?
    args = ["tournament", "tiny-cli", "--bot", "random", "--bot", "random", "-p", "2"]
    code, out = run(runner, *args, "-n", "8", "--seed", "3")
    assert code == 0, out
    lines = fits(out)
    assert "0.0±?" in out and "-0.0" not in out and "±0.0" not in out
    assert any(line.startswith("±?: ") and "under 30" in line for line in lines)


def test_tournament_matrix_and_verdict_fit_80_columns_in_whole_words(runner: CliRunner) -> None:
    bots = ["heuristic", "random", "heuristic", "random", "random"]
    args = ["tournament", "universal-bid", "-p", "3", "-n", "30", "--seed", "1"]
    code, out = run(runner, *args, *(w for b in bots for w in ("--bot", b)))
    assert code == 0, out
    lines = fits(out)
    words = " ".join(out.split())
    assert "Bonferroni over 4 neighbours" in words  # a wrapped line breaks between words
    assert any("Bonferroni" in line.split() or "Bonferroni" in line for line in lines)
    for i in range(1, 6):  # every row of the matrix whole: its label and four cells
        cells = re.findall(r"[-+]?\d+\.\d(?:±(?:\d+\.\d|\?))?", row_of(lines, str(i), bots[i - 1]))
        assert len(cells) == 4, row_of(lines, str(i), bots[i - 1])


def test_bots_is_one_compact_line_per_bot_and_nothing_cut(runner: CliRunner) -> None:
    code, out = run(runner, "bots")
    assert code == 0, out
    lines = fits(out)
    assert len(lines) <= 40  # it was 97 lines
    assert any("(exec[move=S,match=S]:COMMAND)" in line for line in lines)
    words = " ".join(out.split())  # a bot's parameters may wrap between words
    assert "iterations=0 time=0.5 rollout=auto infer=1 c=0.7 keep=0" in words
    code, out = run(runner, "bots", "--bot", "ismcts")
    assert code == 0, out
    lines = fits(out)
    keep = next(i for i, line in enumerate(lines) if line.split()[0] == "keep=0")
    indent = lines[keep].index("a number")
    assert all(line[:indent].isspace() for line in lines[keep + 1 :])  # wrapped under its text
    code, out = run(runner, "bots", "--bot", "nobody")
    assert code == 2 and "no bot 'nobody'" in out


def test_the_game_picker_indents_wrapped_descriptions(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play"], env={"COLUMNS": "60"}, input="")
    lines = fits(result.output, 60)
    items = lines[lines.index("Installed games") + 1 : next(
        i for i, line in enumerate(lines) if line.startswith("game ["))]  # fmt: skip
    assert items[0].startswith("  1) ")
    continued = [line for line in items if not re.match(r"  \d+\) ", line)]
    assert continued and all(line.startswith("     ") and line[5] != " " for line in continued)


COMMANDS = ["", "arena", "tournament", "bots", "list", "play", "replay", "rules", "position"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_proper_value_labels(runner: CliRunner, command: str) -> None:
    code, out = run(runner, *command.split(), "--help")
    assert code == 0, out
    fits(out)
    assert not re.search(r"<\w+(\[\w+\])?>|\{\w+\}", out), out  # no <list[str]>, <bool>, {file}
    help_line = next(line for line in out.splitlines() if "--help" in line)
    assert re.search(r"--help\s+Show this message", help_line)  # a flag has no value label
    if command in ("arena", "tournament"):
        assert re.search(r"--bot\s+SPEC\s", out) and re.search(r"--move-time\s+SECONDS", out)
        assert re.search(r"--json\s+FILE", out) and re.search(r"--force\s+With --json", out)
        assert f"Usage: cardkit {command} [OPTIONS] GAME" in out


# -- point 9: fewer bots than seats; options that do nothing -------------------------------


def test_fewer_bots_than_seats_fill_the_rest_from_the_last(
    runner: CliRunner, tmp_path: Path
) -> None:
    out_file = tmp_path / "r.json"
    args = ["arena", "universal-bid", "-p", "4", "--bot", "pimc:worlds=1,rollout=random"]
    code, out = run(runner, *args, "--bot", "random", "-n", "4", "--seed", "1",
                    "--json", str(out_file))  # fmt: skip
    assert code == 0, out
    head = " ".join(out.split("results over")[0].split())
    assert "4 players" in head and "entrants 3-4 filled with random (the last --bot)" in head
    bots = [e["bot"] for e in load(out_file)["entrants"]]
    assert bots == ["pimc:worlds=1,rollout=random", "random", "random", "random"]


def test_without_players_a_game_s_default_takes_the_seats_left(
    runner: CliRunner, tmp_path: Path
) -> None:
    out_file = tmp_path / "r.json"
    # ufos is for 3 to 6 players: two bots fill its default table, the random bot twice
    code, out = run(runner, "arena", "ufos", "--bot", "heuristic", "--bot", "random", "-n", "1",
                    "--seed", "1", "--json", str(out_file))  # fmt: skip
    assert code == 0, out
    data = load(out_file)
    assert data["players"] == get_game("ufos").default_players == 4
    assert [e["bot"] for e in data["entrants"]] == ["heuristic", "random", "random", "random"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            [
                "arena",
                "tiny-cli",
                "-p",
                "2",
                "--bot",
                "random",
                "--bot",
                "random",
                "--bot",
                "flaky",
            ],
            "give at most one --bot per seat (2), not 3",
        ),
        (
            ["arena", "tiny-cli", "--permutations"],
            "--permutations does nothing without --duplicate; leave it out",
        ),
        (["arena", "tiny-cli", "--force"], "--force does nothing without --json"),
        (
            ["tournament", "tiny-cli", "--bot", "random", "--bot", "random", "--max-matches", "9"],
            "--max-matches does nothing without --until-separated",
        ),
        (
            ["tournament", "tiny-cli", "--bot", "random", "--bot", "random", "--confidence", "0.9"],
            "--confidence does nothing without --until-separated",
        ),
        (
            [
                "tournament",
                "tiny-cli",
                "--bot",
                "random",
                "--bot",
                "random",
                "--until-separated",
                "-n",
                "10",
            ],
            "--matches does nothing with --until-separated (it plays up to --max-matches)",
        ),
        (
            ["tournament", "tiny-cli", "--bot", "random", "--bot", "random", "--force"],
            "--force does nothing without --json",
        ),
    ],
)
def test_options_that_do_nothing_are_refused(
    runner: CliRunner,
    tmp_path: Path,
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run(runner, *args)
    assert code == 2, out
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and message in " ".join(out.split()), out
    assert list(tmp_path.iterdir()) == []  # nothing made
