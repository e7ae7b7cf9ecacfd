"""The strength tables of the search bots, from ``cardkit arena --json`` files.

Each row of a game's strength table is one arena run: the bot in the first
seat's entry, three opponents of one kind, duplicate deals (each deal played
once per seat rotation, so the bot sits in every seat of every deal)::

    cardkit arena GAME -p 4 --bot BOT --bot OPP --bot OPP --bot OPP -n 2000 \\
        --seed 1 --duplicate --workers 2 --json RESULT.json

``python -m benchmarks.strength RESULT.json ...`` prints the Markdown rows of
those results, in the order given, with the command that reproduces each.
A run stopped by Ctrl-C shows how many of its matches finished.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _interval(pair: list[float] | None, digits: int = 3) -> str:
    if pair is None:
        return "-"
    return f"{pair[0]:.{digits}f} - {pair[1]:.{digits}f}"


def command(result: dict[str, Any]) -> str:
    """The ``cardkit arena`` command that plays the run of ``result`` again."""
    bots = " ".join(f"--bot {e['bot']}" for e in result["entrants"])
    flags = " --duplicate" if result.get("duplicate") else ""
    return (
        f"cardkit arena {result['game']} -p {result['players']} {bots} "
        f"-n {result['requested']} --seed {result['seed']}{flags} "
        f"--workers {result['workers']}"
    )


def row(result: dict[str, Any]) -> str:
    """One Markdown row: the bot, its opponents, the figures, the run's time."""
    hero, *others = result["entrants"]
    opponents = {e["bot"] for e in others}
    against = f"3 {next(iter(opponents))}" if len(opponents) == 1 else ", ".join(sorted(opponents))
    rest = [e["mean_score"] for e in others if e["mean_score"] is not None]
    their = sum(rest) / len(rest) if rest else None
    pair = next((p for p in result["pairs"] if p["a_index"] == 0), None)
    diff = "-"
    if pair is not None and pair["mean_score_diff"] is not None:
        diff = f"{pair['mean_score_diff']:+.1f} ({_interval(pair['mean_score_diff_ci95'], 1)})"
    minutes = result["seconds"] / 60
    matches = str(result["finished"])
    if result.get("interrupted"):
        matches += f" of {result['requested']} (stopped)"
    return (
        f"| `{hero['bot']}` | {against} | {matches} | {hero['wins']:g} | "
        f"{hero['win_rate']:.3f} | {_interval(hero['win_rate_ci95'])} | "
        f"{hero['mean_score']:.1f} | {their:.1f} | {diff} | "
        f"{minutes:.0f} ({result['workers']}) |"
    )


HEADER = (
    "| bot | opponents | matches | wins | win rate | 95% interval | its mean score | "
    "opponents' mean score | score over one opponent per deal (95%) | minutes (workers) |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def main(paths: list[str]) -> int:
    if not paths:
        print("usage: python -m benchmarks.strength RESULT.json ...", file=sys.stderr)
        return 2
    rows, commands = [], []
    for path in paths:
        try:
            result = json.loads(Path(path).read_text())
            rows.append(row(result))
            commands.append(command(result))
        except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
            reason = "not an arena --json result"
            if isinstance(error, OSError):
                reason = error.strerror or str(error)
            print(f"benchmarks.strength: {path}: {reason}", file=sys.stderr)
            return 2
    print(HEADER, *rows, "", *commands, sep="\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
