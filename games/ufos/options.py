"""The options of a U.F.O.s match: :class:`UfosOptions` (RULINGS 3 and 8)."""

from __future__ import annotations

import attrs

from cardkit.options import Options, option

RESPY_LIMIT = 10
"""With ``respy`` on, the most spies one player makes in one hand (keeps auctions finite)."""


@attrs.frozen(slots=True)
class UfosOptions(Options):
    """The U.F.O.s options (RULINGS 3 and 8)."""

    starting_points: int = option(
        20, "points each player starts with (15 in the German edition)", low=1, high=1000
    )
    hands_per_player: int = option(2, "hands in a match, per player", low=1, high=20)
    respy: bool = option(
        False,
        f"allow spying on the same player again in a hand (at most {RESPY_LIMIT} spies)",
    )
