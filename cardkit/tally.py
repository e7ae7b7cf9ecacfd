"""A run's results so far: per entrant, per seat, per pair of entrants, and ratings."""

from __future__ import annotations

import collections
from typing import Any

from cardkit.plan import Plan, Report
from cardkit.ratings import Comparisons, Fit, finishing_pairs
from cardkit.ratings import fit as fit_ratings
from cardkit.stats import Running, wilson


class Tally:
    """Results so far: per entrant and per seat, over finished matches."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        n = len(plan.entrants)
        self.matches = [0] * n
        self.wins = [0.0] * n
        self.scores = [Running() for _ in range(n)]
        self.seat_wins = [0.0] * plan.players
        self.seat_scores = [Running() for _ in range(plan.players)]
        self.finished = 0
        self.unfinished = 0
        self.failed = 0
        self.played = 0
        self.failures: list[str] = []
        """The first :data:`KEPT_FAILURES` failure lines, in match order."""
        self.pair_shares: dict[tuple[int, int], Running] = {}
        self.pair_scores: dict[tuple[int, int], Running] = {}
        specs = [e.spec for e in plan.entrants]
        self.bots = [specs.index(spec) for spec in specs]
        """Per entrant, the first entrant with its spec: entrants of one spec are one bot."""
        self.repeated = len(set(specs)) < len(specs)
        """Some spec is given twice, so pairs of bots differ from pairs of entrants."""
        self.bot_pair_shares: dict[tuple[int, int], Running] = {}
        self.bot_pair_scores: dict[tuple[int, int], Running] = {}
        self.comparisons = Comparisons(n)
        self.deals = 0
        """Deals (matches, with fresh deals) counted whole in the pairs and the ratings."""
        self.deals_dropped = 0
        """Deals left out of the pairs and ratings: a match of theirs failed or did not finish."""
        self._deal: int | None = None
        self._deal_reports: list[Report] = []

    KEPT_FAILURES = 100

    def add(self, report: Report) -> None:
        """Count one match (reports come in match order)."""
        self.played += 1
        self._add_to_deal(report)
        if report.failure is not None:
            self.failed += 1
            if len(self.failures) < self.KEPT_FAILURES:
                self.failures.append(report.failure)
            return
        if not report.finished:
            self.unfinished += 1
            return
        self.finished += 1
        seating = self.plan.seating(report.index)
        for who in set(seating):
            self.matches[who] += 1
        for seat, who in enumerate(seating):
            score = report.scores[seat]
            share = report.shares[seat]
            self.wins[who] += share
            self.scores[who].add(score)
            self.seat_wins[seat] += share
            self.seat_scores[seat].add(score)

    def _add_to_deal(self, report: Report) -> None:
        deal = self.plan.deal(report.index)
        if deal != self._deal:
            self._deal, self._deal_reports = deal, []
        self._deal_reports.append(report)
        if len(self._deal_reports) < self.plan.rotations:
            return
        done, self._deal_reports = self._deal_reports, []
        if any(r.failure is not None or not r.finished for r in done):
            self.deals_dropped += 1
            return
        self.deals += 1
        shares: dict[int, float] = collections.defaultdict(float)
        scores: dict[int, float] = collections.defaultdict(float)
        seats: dict[int, int] = collections.defaultdict(int)
        for r in done:
            seating = self.plan.seating(r.index)
            for seat, who in enumerate(seating):
                shares[who] += r.shares[seat]
                scores[who] += r.scores[seat]
                seats[who] += 1
            for i, j, score in finishing_pairs(seating, r.scores, r.shares):
                self.comparisons.add(i, j, score)
        _add_pairs(self.pair_shares, self.pair_scores, shares, scores, seats)
        if self.repeated:
            bot_shares: dict[int, float] = collections.defaultdict(float)
            bot_scores: dict[int, float] = collections.defaultdict(float)
            bot_seats: dict[int, int] = collections.defaultdict(int)
            for who, count in seats.items():
                bot = self.bots[who]
                bot_shares[bot] += shares[who]
                bot_scores[bot] += scores[who]
                bot_seats[bot] += count
            _add_pairs(
                self.bot_pair_shares, self.bot_pair_scores, bot_shares, bot_scores, bot_seats
            )

    def pairs(self, by_bot: bool = False) -> list[dict[str, Any]]:
        """Per two entrants that met: the paired difference of their win rates (and mean
        scores), ``a`` minus ``b``, over the deals (or, with fresh deals, matches) they met in,
        with its 95% interval and standard deviation per deal.

        In a deal each entrant's figure is its mean over the deal's matches, so
        the luck of the deal cancels out of the difference. With ``by_bot``, per two
        bots: the entrants of one spec (two of each at a table of four) count as one,
        its figure in a deal the mean over all their seats; the indices are each
        bot's first entrant. Empty when no spec is given twice.
        """
        out: list[dict[str, Any]] = []
        names = [e.spec for e in self.plan.entrants]
        unit = "deal" if self.plan.duplicate else "match"
        shares, scores = (
            (self.bot_pair_shares, self.bot_pair_scores)
            if by_bot
            else (self.pair_shares, self.pair_scores)
        )
        for (a, b), diffs in sorted(shares.items()):
            score = scores[(a, b)]
            out.append(
                {
                    "a": names[a],
                    "b": names[b],
                    "a_index": a,
                    "b_index": b,
                    "unit": unit,
                    "units": diffs.n,
                    "win_rate_diff": _mean(diffs),
                    "win_rate_diff_ci95": _list(diffs.ci95()),
                    "win_rate_diff_sd": diffs.sd(),
                    "mean_score_diff": _mean(score),
                    "mean_score_diff_ci95": _list(score.ci95()),
                }
            )
        return out

    def ratings(self) -> Fit:
        """Bradley-Terry ratings of the entrants over the deals counted (:mod:`cardkit.ratings`)."""
        return fit_ratings(self.comparisons)

    def entrants(self) -> list[dict[str, Any]]:
        """Per entrant: bot, matches, wins, win rate and its 95% interval, mean score and its.

        A figure with no data (no finished match) is None. When one entrant
        fills every seat (:attr:`Plan.self_play`) it only plays itself: its
        wins, win rate and mean score say nothing about it, so they are None
        (the results are by seat, :meth:`seats`).
        """
        out: list[dict[str, Any]] = []
        for i, entrant in enumerate(self.plan.entrants):
            n = self.matches[i]
            if self.plan.self_play:
                figures = ("wins", "win_rate", "win_rate_ci95", "mean_score", "mean_score_ci95")
                out.append({"bot": entrant.spec, "matches": n} | dict.fromkeys(figures))
                continue
            out.append(
                {
                    "bot": entrant.spec,
                    "matches": n,
                    "wins": self.wins[i],
                    "win_rate": self.wins[i] / n if n else None,
                    "win_rate_ci95": list(wilson(self.wins[i], n)) if n else None,
                    "mean_score": _mean(self.scores[i]),
                    "mean_score_ci95": _list(self.scores[i].ci95()),
                }
            )
        return out

    def seats(self) -> list[dict[str, Any]]:
        """Per seat, over finished matches: wins, win rate and mean score with their intervals."""
        n = self.finished
        return [
            {
                "seat": seat,
                "wins": self.seat_wins[seat],
                "win_rate": self.seat_wins[seat] / n if n else None,
                "win_rate_ci95": list(wilson(self.seat_wins[seat], n)) if n else None,
                "mean_score": _mean(self.seat_scores[seat]),
                "mean_score_ci95": _list(self.seat_scores[seat].ci95()),
            }
            for seat in range(self.plan.players)
        ]


def _add_pairs(
    pair_shares: dict[tuple[int, int], Running],
    pair_scores: dict[tuple[int, int], Running],
    shares: dict[int, float],
    scores: dict[int, float],
    seats: dict[int, int],
) -> None:
    """Add one deal's differences of mean share and score to every pair present in it."""
    present = sorted(seats)
    for x, a in enumerate(present):
        for b in present[x + 1 :]:
            key = (a, b)
            if key not in pair_shares:
                pair_shares[key], pair_scores[key] = Running(), Running()
            pair_shares[key].add(shares[a] / seats[a] - shares[b] / seats[b])
            pair_scores[key].add(scores[a] / seats[a] - scores[b] / seats[b])


def _mean(running: Running) -> float | None:
    return running.mean if running.n else None


def _list(pair: tuple[float, float] | None) -> list[float] | None:
    return None if pair is None else list(pair)
