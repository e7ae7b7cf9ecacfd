"""The options of an UNO: Star Trek match: :class:`UnoOptions` (RULINGS 7, 10 and 12)."""

from __future__ import annotations

import attrs

from cardkit.options import Options, option


@attrs.frozen(slots=True)
class UnoOptions(Options):
    """The options of a match (see RULINGS 7, 10 and 12)."""

    target_score: int = option(500, "points that win the match", low=1)
    scoring: str = option(
        "winner",
        "winner: who goes out scores the others' cards, highest wins; "
        "lowest: everyone adds the points they hold, lowest total wins",
        choices=("winner", "lowest"),
    )
    uno_penalty: int = option(5, "cards drawn when caught not calling UNO", low=0, high=20)
    max_turns: int = option(10000, "turns after which a hand stops with no winner", low=1)
