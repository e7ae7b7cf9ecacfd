"""The values a match hands out: a seat's view, a refusal, the result and its scoring.

:class:`View` is the base of every game's per-seat view, :class:`Refusal` says why
an action is not allowed and :class:`Result` is the outcome of a match.
:func:`highest` and :func:`lowest` name the winners of a score list, and
:func:`hand_value` is the :meth:`State.value <cardkit.state.State.value>` of a
match of several hands. All are importable from :mod:`cardkit.game` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from cardkit.state import State


@attrs.frozen(slots=True)
class Result:
    """The outcome of a match.

    ``scores`` are the final totals; ``winners`` share the win equally
    (1/k each); ``finished`` is False when a limit stopped the match, with the
    reason in ``note``.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    finished: bool = True
    note: str = ""

    def share(self, seat: int) -> float:
        """The part of the win that ``seat`` takes: 1/k for each of k winners."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


@attrs.frozen(slots=True)
class View:
    """Base of per-seat views: exactly what ``seat`` may know.

    Games subclass it with their own frozen fields. Views hold cards, numbers,
    strings and tuples only; never the state.
    """

    seat: int
    to_act: tuple[int, ...]


@attrs.frozen(slots=True)
class Refusal:
    """Why an action is not allowed: a stable ``code`` and a ``reason`` in words."""

    code: str
    reason: str


def highest(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats holding the highest score (several on a tie)."""
    top = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == top)


def lowest(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats holding the lowest score (several on a tie)."""
    low = min(scores)
    return tuple(i for i, s in enumerate(scores) if s == low)


def hand_value(
    state: State, seat: int, now: Sequence[float], before: Sequence[float], scale: float
) -> float:
    """A :meth:`State.value` for a match of several hands, from the scores ``now`` and
    ``before`` the rollout (higher is better; the :meth:`State.scores` of the state and of
    the rollout's start): ``seat``'s gain less the mean gain of the others, over ``scale``
    (the most that difference can be in one hand), as 0 to 1 with 0.5 for even. At the
    end of the match it is the win share, with that margin a tenth."""
    gains = [a - b for a, b in zip(now, before, strict=True)]
    n = len(gains)
    others = (sum(gains) - gains[seat]) / (n - 1) if n > 1 else 0.0
    margin = min(1.0, max(0.0, 0.5 + 0.5 * (gains[seat] - others) / scale))
    if state.is_over():
        return 0.9 * state.result().share(seat) + 0.1 * margin
    return margin
