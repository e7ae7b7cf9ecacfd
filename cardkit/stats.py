"""Statistics for bot comparisons: win rates and mean scores with 95% intervals."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may be fractional: shared wins).

    The interval always holds the rate ``wins / n`` and lies within [0, 1]:
    rounding cannot put an end past the rate (all wins give an upper end of
    exactly 1.0, none a lower end of exactly 0.0).
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(max(wins / n, 0.0), 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / denom
    low = 0.0 if p == 0.0 else max(0.0, min(centre - half, p))
    high = 1.0 if p == 1.0 else min(1.0, max(centre + half, p))
    return (low, high)


class Running:
    """Count, mean and variance of a stream of numbers (Welford's method)."""

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, x: float) -> None:
        """Take one more value."""
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def merge(self, other: Running) -> None:
        """Take in every value ``other`` took, as if added here (Chan, Golub and LeVeque's
        pairwise update)."""
        if not other.n:
            return
        n = self.n + other.n
        delta = other.mean - self.mean
        self.mean += delta * other.n / n
        self.m2 += other.m2 + delta * delta * self.n * other.n / n
        self.n = n

    def sd(self) -> float | None:
        """The sample standard deviation; None with fewer than two values."""
        if self.n < 2:
            return None
        return math.sqrt(max(self.m2, 0.0) / (self.n - 1))

    def ci95(self) -> tuple[float, float] | None:
        """A normal 95% interval of the mean, always holding the mean; None with fewer than two."""
        if self.n < 2:
            return None
        half = Z95 * math.sqrt(max(self.m2, 0.0) / (self.n - 1) / self.n)
        return (min(self.mean - half, self.mean), max(self.mean + half, self.mean))
