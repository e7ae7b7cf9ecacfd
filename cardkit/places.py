"""Where cards can be: a :class:`Place` is a kind of zone a game declares (a hand per
seat, a trick, a stock) and who sees its cards; a :class:`Zone` is one zone with its cards,
as :meth:`State.zones <cardkit.state.State.zones>` lists them. :mod:`cardkit.zones` lays
places out and keeps a state's cards in them.
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardkit.cards import Card

Seen = Literal["owner", "all", "none"]
"""Who sees a zone's cards: its seat (a hand), every seat (face up), no seat (face down)."""


@attrs.frozen(slots=True)
class Zone:
    """A place cards can be: a hand, a pile, a trick. ``visible_to`` lists who may see them."""

    name: str
    cards: tuple[Card, ...]
    visible_to: frozenset[int]


@attrs.frozen(slots=True, cache_hash=True)
class Place:
    """A kind of zone a game's cards can be in.

    ``seen``: who sees its cards (:data:`Seen`); ``per_seat``: one zone per seat,
    named ``"{name} {seat}"`` (a hand, a pile of won cards), else one zone;
    ``ordered``: the order of its cards matters (a draw pile, whose top card is
    the last), else the zone is a set, listed in deck order.
    """

    name: str
    seen: Seen = "none"
    per_seat: bool = False
    ordered: bool = False

    def __attrs_post_init__(self) -> None:
        if self.seen not in ("owner", "all", "none"):
            raise ValueError(f"place {self.name!r}: seen must be owner, all or none")
        if self.seen == "owner" and not self.per_seat:
            raise ValueError(f"place {self.name!r}: only a place per seat has an owner")
