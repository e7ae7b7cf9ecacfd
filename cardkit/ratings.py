"""Ratings from finishing orders: a Bradley-Terry model fitted by MM, in pure Python.

The model: bot ``i`` has a strength ``g_i = exp(t_i)``, and in any match it
finishes above bot ``j`` with probability ``g_i / (g_i + g_j)``. Every match
of ``k`` seats gives its ``k(k-1)/2`` pairs of bots: the one that finished
higher won the pair, a tie counts half to each (:func:`finishing_pairs`).
The strengths are the maximum-likelihood fit by Hunter's MM iteration (2004),
``g_i <- W_i / sum_j N_ij / (g_i + g_j)``, with one virtual drawn game between
every two bots, so that a bot that never wins or never loses still has a
finite rating and the fit always exists.

Ratings are ``400 * log10(g_i)`` (the Elo scale: 200 points apart, the
stronger finishes above the weaker 76% of the time), centred on a mean of 0.
Their 95% intervals come from the model's information matrix, which treats
every pair as an independent game: pairs of one match and matches of one
duplicate deal are not, so read the pairwise paired differences (by deal) for
a claim that one bot beats another.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import attrs

from cardkit.stats import Z95

ELO = 400 / math.log(10)
"""Rating points per unit of natural log strength."""
PRIOR_GAMES = 1.0
"""Virtual drawn games between every two bots."""


class Comparisons:
    """Pairwise results between ``n`` bots: wins (ties count half) and games, per pair."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.wins = [[0.0] * n for _ in range(n)]
        self.games = [[0.0] * n for _ in range(n)]

    def add(self, i: int, j: int, score: float) -> None:
        """One game between ``i`` and ``j``: ``score`` 1 if ``i`` won, 0.5 a tie, 0 a loss."""
        self.wins[i][j] += score
        self.wins[j][i] += 1.0 - score
        self.games[i][j] += 1.0
        self.games[j][i] += 1.0


def finishing_pairs(
    seating: Sequence[int], scores: Sequence[float], shares: Sequence[float]
) -> Iterator[tuple[int, int, float]]:
    """``(i, j, score of i)`` for every two seats of one match, from its result.

    Winners (a positive share) finish first. When the winners hold the highest
    score the others are ordered by score, highest first; when they hold the
    lowest, lowest first; otherwise the others tie among themselves.
    """
    players = len(seating)
    won = [s for s in range(players) if shares[s] > 0]
    sign = 0.0
    if won:
        best = scores[won[0]]
        if best == max(scores):
            sign = 1.0
        elif best == min(scores):
            sign = -1.0
    for a in range(players):
        for b in range(a + 1, players):
            if seating[a] == seating[b]:
                continue
            wa, wb = shares[a] > 0, shares[b] > 0
            if wa != wb:
                score = 1.0 if wa else 0.0
            else:
                d = sign * (scores[a] - scores[b])
                score = 1.0 if d > 0 else 0.0 if d < 0 else 0.5
            yield seating[a], seating[b], score


@attrs.frozen(slots=True)
class Fit:
    """Fitted ratings (Elo scale, mean 0) with their standard errors and 95% intervals."""

    ratings: tuple[float, ...]
    errors: tuple[float, ...]
    iterations: int

    def ci95(self, i: int) -> tuple[float, float]:
        """The 95% interval of bot ``i``'s rating."""
        half = Z95 * self.errors[i]
        return (self.ratings[i] - half, self.ratings[i] + half)

    def order(self) -> list[int]:
        """The bots, best first (ties in bot order)."""
        return sorted(range(len(self.ratings)), key=lambda i: (-self.ratings[i], i))


def fit(comparisons: Comparisons, tol: float = 1e-10, max_iterations: int = 100_000) -> Fit:
    """The maximum-likelihood Bradley-Terry ratings of ``comparisons`` (see the module)."""
    n = comparisons.n
    games = [
        [comparisons.games[i][j] + (PRIOR_GAMES if i != j else 0.0) for j in range(n)]
        for i in range(n)
    ]
    wins = [
        sum(comparisons.wins[i][j] + (PRIOR_GAMES / 2 if i != j else 0.0) for j in range(n))
        for i in range(n)
    ]
    g = [1.0] * n
    iterations = 0
    for iterations in range(1, max_iterations + 1):  # noqa: B007 - the count is reported
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (g[i] + g[j]) for j in range(n) if j != i)
            new.append(wins[i] / denom if denom > 0 else g[i])
        centre = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / centre for x in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, g, strict=True))
        g = new
        if change < tol:
            break
    theta = [math.log(x) for x in g]
    # information matrix (a weighted graph Laplacian); its pseudo-inverse is the covariance
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                p = g[i] / (g[i] + g[j])
                w = games[i][j] * p * (1 - p)
                info[i][j] = -w
                info[i][i] += w
    shifted = [[info[i][j] + 1.0 / n for j in range(n)] for i in range(n)]
    inverse = _inverse(shifted)
    errors = tuple(ELO * math.sqrt(max(inverse[i][i] - 1.0 / n, 0.0)) for i in range(n))
    return Fit(tuple(ELO * t for t in theta), errors, iterations)


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small non-singular matrix (Gauss-Jordan with partial pivoting)."""
    n = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]
