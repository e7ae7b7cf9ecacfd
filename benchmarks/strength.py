"""The strength tables of the search bots, from ``cardkit arena --json`` files.

Each row of a game's strength table is one arena run: the bot in the first
seat's entry, three opponents of one kind, duplicate deals (each deal played
once per seat rotation, so the bot sits in every seat of every deal)::

    cardkit arena GAME -p 4 --bot BOT --bot OPP --bot OPP --bot OPP -n 2000 \\
        --seed 1 --duplicate --workers 2 --json RESULT.json

``python -m benchmarks.strength RESULT.json ...`` prints the Markdown rows of
those results, in the order given, with the command that reproduces each.
A run stopped by Ctrl-C shows how many of its matches finished.

A run of two bots, two of each at a table of four (``--bot A --bot B --bot A
--bot B``, duplicate deals), is a versus row: the matches each bot's seats won
and the paired differences per deal of the bots' win rates and mean scores,
each bot's figure in a deal the mean over all its seats (``bot_pairs`` of the
result, :meth:`cardkit.tally.Tally.pairs`).

``A.json+B.json`` is one row pooled over runs of the same bots with different
seeds (so on different deals): a run too long for one sitting can be played
as several shorter ones, ``--seed 1``, ``--seed 2``, ... The wins and matches
add up, the means are weighted by their counts and the paired differences are
pooled deal by deal (their spread recovered from each run's interval); the
minutes are the runs' sum, and each run's command is listed.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

from cardkit.errors import CardkitError
from cardkit.options import resolve, show_value
from cardkit.registry import get_game
from cardkit.stats import Z95, Running, wilson


def _interval(pair: list[float] | None, digits: int = 3) -> str:
    if pair is None:
        return "-"
    return f"{pair[0]:.{digits}f} - {pair[1]:.{digits}f}"


def command(result: dict[str, Any]) -> str:
    """The ``cardkit arena`` command that plays the run of ``result`` again: its options
    that differ from the game's defaults as ``-o``, all of them when the game is not
    installed here."""
    bots = " ".join(f"--bot {shlex.quote(e['bot'])}" for e in result["entrants"])
    flags = " --duplicate" if result.get("duplicate") else ""
    return (
        f"cardkit arena {result['game']} -p {result['players']}{_options(result)} {bots} "
        f"-n {result['requested']} --seed {result['seed']}{flags} "
        f"--workers {result['workers']}"
    )


def _options(result: dict[str, Any]) -> str:
    try:
        game = get_game(result["game"])
        defaults = {f"{k}={show_value(v)}" for k, v in resolve(game.options, {}, game.id).items()}
    except CardkitError:  # not installed here, or does not load
        defaults = set()
    given = (f"{k}={show_value(v)}" for k, v in (result.get("options") or {}).items())
    return "".join(f" -o {shlex.quote(text)}" for text in given if text not in defaults)


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
    matches = _matches(result)
    return (
        f"| `{hero['bot']}` | {against} | {matches} | {hero['wins']:g} | "
        f"{hero['win_rate']:.3f} | {_interval(hero['win_rate_ci95'])} | "
        f"{hero['mean_score']:.1f} | {their:.1f} | {diff} | "
        f"{minutes:.0f} ({result['workers']}) |"
    )


def versus_row(result: dict[str, Any]) -> str:
    """One Markdown row of a two-bot run (two of each): the bots, matches, what each won,
    the paired differences (``a`` less ``b``) and the run's time."""
    (pair,) = result["bot_pairs"]
    a, b = pair["a"], pair["b"]
    won = {bot: sum(e["wins"] for e in result["entrants"] if e["bot"] == bot) for bot in (a, b)}
    share = _interval([x * 100 for x in pair["win_rate_diff_ci95"] or ()] or None, 1)
    return (
        f"| `{a}` | `{b}` | {_matches(result)} ({pair['units']} deals) | {_count(won[a])} : "
        f"{_count(won[b])} | "
        f"{pair['win_rate_diff'] * 100:+.1f} ({share}) | {pair['mean_score_diff']:+.2f} "
        f"({_interval(pair['mean_score_diff_ci95'], 2)}) | "
        f"{result['seconds'] / 60:.0f} ({result['workers']}) |"
    )


def _matches(result: dict[str, Any]) -> str:
    """The matches finished, and of how many when the run was stopped."""
    stopped = f" of {result['requested']} (stopped)" if result.get("interrupted") else ""
    return f"{result['finished']}{stopped}"


def _count(wins: float) -> str:
    """Matches won (shared wins are fractions): whole, else to one decimal."""
    return f"{wins:g}" if wins == int(wins) else f"{wins:.1f}"


VERSUS_HEADER = (
    "| bot a | bot b | matches | matches won, a : b | win rate a - b, % points (95%) | "
    "mean score a - b (95%) | minutes (workers) |\n"
    "|---|---|---|---|---|---|---|"
)


_SAME = ("game", "players", "duplicate", "permutations", "options")


class PoolError(ValueError):
    """Runs that cannot be pooled into one row (the message says why)."""


def pooled(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One result, in the shape :func:`row` reads, of several runs of the same bots, game,
    players and options on different seeds (see the module's doc)."""
    if len(results) == 1:
        return results[0]
    first = results[0]
    if any(r.get("bot_pairs") for r in results):
        raise PoolError("runs of two bots, two of each, are not pooled")
    for key in _SAME:
        if any(r.get(key) != first.get(key) for r in results):
            raise PoolError(f"the runs differ in {key}")
    bots = [e["bot"] for e in first["entrants"]]
    if any([e["bot"] for e in r["entrants"]] != bots for r in results):
        raise PoolError("the runs differ in their bots")
    seeds = [r["seed"] for r in results]
    if len(set(seeds)) < len(seeds):
        raise PoolError(f"two runs have the same seed, so the same deals: {seeds}")
    entrants = []
    for i, bot in enumerate(bots):
        parts = [r["entrants"][i] for r in results]
        n = sum(e["matches"] for e in parts)
        wins = sum(e["wins"] for e in parts)
        scored = sum(e["mean_score"] * e["matches"] for e in parts if e["matches"])
        entrants.append(
            {
                "bot": bot,
                "matches": n,
                "wins": wins,
                "win_rate": wins / n if n else None,
                "win_rate_ci95": list(wilson(wins, n)) if n else None,
                "mean_score": scored / n if n else None,
            }
        )
    pair = _pooled_pair([next(p for p in r["pairs"] if p["a_index"] == 0) for r in results])
    return {
        "game": first["game"],
        "players": first["players"],
        "duplicate": first.get("duplicate"),
        "requested": sum(r["requested"] for r in results),
        "finished": sum(r["finished"] for r in results),
        "interrupted": any(r.get("interrupted") for r in results),
        "seconds": sum(r["seconds"] for r in results),
        "workers": "/".join(sorted({str(r["workers"]) for r in results})),
        "entrants": entrants,
        "pairs": [pair],
    }


def _pooled_pair(pairs: list[dict[str, Any]]) -> dict[str, Any]:
    """The first entrant's paired score difference over the deals of all the runs: each run's
    count, mean and (from its 95% interval) sum of squares, merged."""
    total = Running()
    for pair in pairs:
        part = Running()
        part.n, part.mean = pair["units"], pair["mean_score_diff"]
        if not part.n:
            continue
        low, high = pair["mean_score_diff_ci95"] or (part.mean, part.mean)
        error = (high - low) / 2 / Z95  # the standard error of the run's mean
        part.m2 = error * error * part.n * (part.n - 1)
        total.merge(part)
    ci = total.ci95()
    return {
        "a_index": 0,
        "units": total.n,
        "mean_score_diff": total.mean if total.n else None,
        "mean_score_diff_ci95": None if ci is None else list(ci),
    }


HEADER = (
    "| bot | opponents | matches | wins | win rate | 95% interval | its mean score | "
    "opponents' mean score | score over one opponent per deal (95%) | minutes (workers) |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def main(paths: list[str]) -> int:
    if not paths:
        print("usage: python -m benchmarks.strength RESULT.json[+MORE.json] ...", file=sys.stderr)
        return 2
    rows: list[str] = []
    versus: list[str] = []
    commands: list[str] = []
    for arg in paths:
        parts = []
        for path in arg.split("+"):
            try:
                parts.append(json.loads(Path(path).read_text()))
            except (OSError, ValueError) as error:
                reason = "not an arena --json result"
                if isinstance(error, OSError):
                    reason = error.strerror or str(error)
                print(f"benchmarks.strength: {path}: {reason}", file=sys.stderr)
                return 2
        try:
            result = pooled(parts)
            if result.get("bot_pairs"):
                versus.append(versus_row(result))
            else:
                rows.append(row(result))
            commands.extend(command(part) for part in parts)
        except PoolError as error:
            print(f"benchmarks.strength: {arg}: {error}", file=sys.stderr)
            return 2
        except (StopIteration, KeyError, TypeError, IndexError, ValueError):
            print(f"benchmarks.strength: {arg}: not an arena --json result", file=sys.stderr)
            return 2
    tables = [[HEADER, *rows]] * bool(rows) + [[VERSUS_HEADER, *versus]] * bool(versus)
    print(*(line for table in tables for line in (*table, "")), *commands, sep="\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
