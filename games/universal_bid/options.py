"""The options of a bid-exact match: :class:`UniversalBidOptions`."""

from __future__ import annotations

import attrs

from cardkit.options import Options, option
from games.universal_bid.cards import MAX_HAND

DEFAULT_SCHEDULE: tuple[int, ...] = (9, 7, 5, 3, 1, 2, 4, 6, 8, 10)
"""The rulebook's hand sizes."""


@attrs.frozen(slots=True)
class UniversalBidOptions(Options):
    """The bid-exact game's options."""

    schedule: tuple[int, ...] = option(
        DEFAULT_SCHEDULE,
        "cards per player in each hand, in order (the default skips 10 for 6 players)",
        low=1,
        high=MAX_HAND,
    )
