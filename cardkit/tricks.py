"""Trick play: the led suit, following suit and who wins, by a pluggable order.

A :class:`TrickOrder` says how cards compare in a trick:

- ``trump``: a suit that beats every other suit (or ``None``);
- ``suit_rank``: a fixed hierarchy of suits (higher wins, whatever was led);
  without it, only the led suit (and trump) can win;
- ``adopters``: cards that take the led suit when played to a trick and count
  as following it; when such a card is led, the leader declares its suit;
- between cards of equal strength, the first played wins.

:class:`Trick` records one trick as it is played. A trick made with its order
and size (``Trick(leader, order=ORDER, size=players)``) is played with
:meth:`Trick.play`: one call adds a card and answers whether the trick is
complete and who won it, from int strength tables indexed by card id; the
plays a hand may make into it come from :meth:`TrickOrder.legal_into`, a
function built once per order and table. Every trick game plays its tricks
this one way.

Given the ``deck`` its cards come from, an order also works on card sets as
bitmasks (bit ``card.id``, see :meth:`~cardkit.cards.Deck.mask`):
:meth:`TrickOrder.playable_mask` and :meth:`TrickOrder.must_follow` say what may
be played, :meth:`TrickOrder.legal` lists it through a
:class:`~cardkit.cards.CardTable`, and :meth:`Trick.play` compares precomputed
int strengths instead of building a key per card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardkit.cards import Card, CardTable, Deck, T

Lead = tuple[tuple[int, ...], tuple[str, ...], str, int]
"""What leading a card sets up: strengths and suits in the trick by card id, led suit, index."""

TIER = 1 << 32
"""Int strengths are ``tier * TIER + rank``: ranks must lie within ``±2**31``."""


@attrs.frozen(slots=True)
class TrickOrder:
    """How cards compare within a trick (see the module docstring)."""

    trump: str | None = None
    suit_rank: Mapping[str, int] | None = None
    adopters: frozenset[Card] = frozenset()
    deck: Deck | None = attrs.field(default=None, eq=False, repr=False)
    """The deck the cards come from: needed for the bitmask methods, speeds up tricks."""
    adopter_bits: int = attrs.field(init=False, eq=False, repr=False)
    """The adopters as a bitmask of ``Card.bit``: a cheap membership test."""
    follow_masks: Mapping[str, int] = attrs.field(init=False, eq=False, repr=False)
    """Per suit of the deck, the bitmask of its cards that are not adopters."""
    keys: Mapping[str, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)
    """Per led suit of the deck, every card's :meth:`key` by ``card.id``."""
    leads: Mapping[str, Lead] = attrs.field(init=False, eq=False, repr=False)
    """Per led suit of the deck: its :data:`Lead` (what :meth:`Trick.play` sets up)."""
    lead_of: tuple[Lead | None, ...] = attrs.field(init=False, eq=False, repr=False)
    """By ``card.id``: the :data:`Lead` of a trick led with that card (None for adopters)."""

    def __attrs_post_init__(self) -> None:
        bits = sum(c.bit for c in self.adopters)
        object.__setattr__(self, "adopter_bits", bits)
        follow: dict[str, int] = {}
        keys: dict[str, tuple[int, ...]] = {}
        leads: dict[str, Lead] = {}
        lead_of: tuple[Lead | None, ...] = ()
        deck = self.deck
        if deck is not None:
            for index, led in enumerate(deck.suits):
                follow[led] = deck.suit_mask(led) & ~bits
                suits = tuple(self.suit_in_trick(c, led) for c in deck.faces)
                keys[led] = tuple(self.key(c, suits[c.id], led) for c in deck.faces)
                leads[led] = (keys[led], suits, led, index)
            lead_of = tuple(None if c.bit & bits else leads[c.suit] for c in deck.faces)
        object.__setattr__(self, "follow_masks", follow)
        object.__setattr__(self, "keys", keys)
        object.__setattr__(self, "leads", leads)
        object.__setattr__(self, "lead_of", lead_of)

    def __copy__(self) -> TrickOrder:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> TrickOrder:
        return self  # frozen, with tables that never change: a copied state shares it

    def suit_in_trick(self, card: Card, led: str | None, declared: str | None = None) -> str:
        """The suit ``card`` counts as in a trick led in ``led``.

        An adopter takes the led suit; led itself, it takes ``declared``.
        """
        if card.bit & self.adopter_bits:
            if led is None:
                if declared is None:
                    raise ValueError(f"{card.text} is led and needs a declared suit")
                return declared
            return led
        return card.suit

    def strength(self, card: Card, suit: str, led: str) -> tuple[int, int]:
        """A key that orders cards played to a trick led in ``led``; higher wins."""
        if self.suit_rank is not None:
            tier = self.suit_rank.get(suit, -1)
        elif suit == led:
            tier = 0
        else:
            tier = -1
        if self.trump is not None and suit == self.trump:
            tier = 1_000
        return (tier, card.rank)

    def key(self, card: Card, suit: str, led: str) -> int:
        """:meth:`strength` as one int (``tier * TIER + rank``); higher wins."""
        tier, rank = self.strength(card, suit, led)
        return tier * TIER + rank

    def winner(self, cards: Sequence[Card], suits: Sequence[str]) -> int:
        """Index into ``cards`` of the winning card; ``suits`` are their suits in the trick."""
        led = suits[0]
        best = 0
        best_key = self.strength(cards[0], suits[0], led)
        for i in range(1, len(cards)):
            key = self.strength(cards[i], suits[i], led)
            if key > best_key:  # strictly greater: the first played wins ties
                best, best_key = i, key
        return best

    def playable(self, hand: Iterable[Card], led: str | None) -> list[Card]:
        """The cards of ``hand`` that may be played: follow suit if you can.

        Adopters are always playable. With nothing led, every card is.
        """
        cards = list(hand)
        if led is None:
            return cards
        bits = self.adopter_bits
        follow = [c for c in cards if c.suit == led and not c.bit & bits]
        if not follow:
            return cards
        if bits:
            follow.extend(c for c in cards if c.bit & bits)
        return follow

    # -- card sets as bitmasks (need ``deck``) -------------------------------------

    def _follow_mask(self, led: str) -> int:
        if self.deck is None:
            raise ValueError("this TrickOrder has no deck: give TrickOrder(deck=...)")
        return self.follow_masks.get(led, 0)

    def playable_mask(self, hand: int, led: str | None) -> int:
        """The cards of the bitmask ``hand`` that may be played: follow suit if you can.

        Adopters are always playable. With nothing led, every card is.
        """
        if led is None:
            return hand
        follow = hand & self._follow_mask(led)
        if follow:
            return follow | hand & self.adopter_bits
        return hand

    def must_follow(self, hand: int, card: Card, led: str | None) -> bool:
        """Whether ``card`` is refused only for not following ``led`` from ``hand``.

        The same rule as :meth:`playable_mask` (``card`` counts as held): a game
        uses it to give the refusal reason its legal actions imply.
        """
        return not self.playable_mask(hand | card.bit, led) & card.bit

    def legal(self, hand: int, led: str | None, table: CardTable[T]) -> tuple[T, ...]:
        """``table``'s items for :meth:`playable_mask` of ``hand``, in table order.

        Following without adopters costs one lookup in the led suit's rows.
        """
        if led is not None:
            follow = hand & self._follow_mask(led)
            if follow:
                if self.adopter_bits:
                    return table.of(follow | hand & self.adopter_bits)
                return table.of_suit(follow, led)
        return table.of(hand)

    def legal_for(self, table: CardTable[T]) -> Callable[[int, str | None], tuple[T, ...]]:
        """A function ``(hand, led) -> legal(hand, led, table)``, faster: build it once.

        Following a suit that is one chunk of ``table``, with no adopters, it is a
        single row lookup.
        """
        self._follow_mask(next(iter(self.follow_masks), ""))  # no deck: fail now
        of = table.of
        quick: dict[str, tuple[int, int, tuple[tuple[T, ...], ...]]] = {}
        if not self.adopter_bits:
            for suit in self.follow_masks:
                rows = table.suit_rows(suit)
                if rows is not None:
                    quick[suit] = rows
        slow = self.legal
        adopters = self.adopter_bits
        if adopters:  # follow the led suit (adopters too) if you can: one lookup of the table
            follows = dict(self.follow_masks)

            def legal_adopting(hand: int, led: str | None) -> tuple[T, ...]:
                if led is not None:
                    follow = hand & follows.get(led, 0)
                    if follow:
                        return of(follow | hand & adopters)
                return of(hand)

            return legal_adopting

        def legal(hand: int, led: str | None) -> tuple[T, ...]:
            if led is None:
                return of(hand)
            rows = quick.get(led)
            if rows is None:
                return slow(hand, led, table)
            shift, width, by_chunk = rows
            return by_chunk[hand >> shift & width] or of(hand)

        return legal

    def legal_into(self, table: CardTable[T]) -> Callable[[int, Trick], tuple[T, ...]]:
        """A function ``(hand, trick) -> legal(hand, trick.led, table)``: build it once.

        ``trick`` is played with :meth:`Trick.play`, which keeps the led suit's
        index. Following a suit that is one chunk of ``table``, with no adopters,
        costs one row lookup; the table's lookup of the whole hand is written
        inline (no call), since it runs on every lead.
        """
        self._follow_mask(next(iter(self.follow_masks), ""))  # no deck: fail now
        suits = tuple(self.follow_masks)
        rows = [None if self.adopter_bits else table.suit_rows(s) for s in suits]
        whole, names = table.expression("hand")
        scope: dict[str, Any] = {}
        if any(r is None for r in rows):
            names.update(_slow=self.legal, _suits=suits, _table=table)
            source = (
                "def legal(hand, trick):\n"
                "    lead = trick.lead\n"
                "    if lead < 0:\n"
                f"        return {whole}\n"
                "    return _slow(hand, _suits[lead], _table)\n"
            )
        else:
            names.update(
                _shifts=tuple(r[0] for r in rows if r is not None),
                _widths=tuple(r[1] for r in rows if r is not None),
                _follows=tuple(r[2] for r in rows if r is not None),
            )
            source = (
                "def legal(hand, trick):\n"
                "    lead = trick.lead\n"
                "    if lead >= 0:\n"
                "        follow = _follows[lead][hand >> _shifts[lead] & _widths[lead]]\n"
                "        if follow:\n"
                "            return follow\n"
                f"    return {whole}\n"
            )
        exec(source, names, scope)
        legal: Callable[[int, Trick], tuple[T, ...]] = scope["legal"]
        return legal


class Trick:
    """One trick in progress: who led, the cards played, the led suit and the winner so far.

    Made with its ``order`` and ``size`` (the cards a complete trick holds),
    it is played with :meth:`play`, which answers the winning seat once the
    trick is complete. With the order's ``deck`` given, strengths are looked
    up by card id (a play costs a few int operations); without it, each card's
    :meth:`TrickOrder.key` is computed. The winning card so far is kept as
    cards are played, so :meth:`winner` costs nothing.
    """

    __slots__ = (
        "_in_trick",
        "_keys",
        "best",
        "best_key",
        "cards",
        "lead",
        "leader",
        "led",
        "order",
        "seats",
        "size",
    )

    def __init__(self, leader: int, *, order: TrickOrder | None = None, size: int = 0) -> None:
        self.leader = leader
        self.seats: list[int] = []
        """The seats that played, in order."""
        self.cards: list[Card] = []
        """The cards played, in order."""
        self.best = 0
        """Index in :attr:`cards` of the winning card so far."""
        self.best_key = 0
        """The :meth:`TrickOrder.key` of the winning card so far."""
        self.order = order
        """The order cards are compared by (given here, or by the first :meth:`add`)."""
        self.size = size
        """How many cards complete the trick (0: :meth:`play` never says it is complete)."""
        self.lead = -1
        """The led suit's index in the order's ``deck.suits`` (a deck-less order: -1)."""
        self.led: str | None = None
        """The led suit (a declared suit when an adopter was led), or None before the lead."""
        self._keys: tuple[int, ...] | None = None
        self._in_trick: tuple[str, ...] = ()

    def play(self, seat: int, card: Card, declared: str | None = None) -> int:
        """Record ``seat`` playing ``card``; the winning seat once the trick is complete, else -1.

        ``declared`` is the suit a led adopter takes (a ``ValueError`` when it lacks one).
        """
        cards = self.cards
        if cards:
            keys = self._keys
            if keys is not None:
                key = keys[card.id]
            else:
                order, led = self.order, self.led
                assert order is not None and led is not None  # set by the lead
                key = order.key(card, order.suit_in_trick(card, led), led)
            if key > self.best_key:  # strictly greater: the first played wins ties
                self.best = len(cards)
                self.best_key = key
            self.seats.append(seat)
            cards.append(card)
            if len(cards) == self.size:
                return self.seats[self.best]
            return -1
        order = self.order
        if order is None:
            raise ValueError("a Trick needs its order: Trick(leader, order=..., size=...)")
        lead = order.lead_of[card.id] if order.lead_of else None
        if lead is None:  # an adopter, or an order without its deck
            suit = order.suit_in_trick(card, None, declared)
            lead = order.leads.get(suit)
        if lead is None:  # an order without its deck: keys are computed per card
            self._keys = None
            self.lead = -1
            self.best_key = order.key(card, suit, suit)
        else:
            keys, self._in_trick, suit, self.lead = lead
            self._keys = keys
            self.best_key = keys[card.id]
        self.led = suit
        self.best = 0
        self.seats.append(seat)
        cards.append(card)
        return seat if self.size == 1 else -1

    def add(self, seat: int, card: Card, order: TrickOrder, declared: str | None = None) -> None:
        """:meth:`play` for a trick made without its order: the first card's ``order`` is
        the trick's (every card of one trick must come with the same order)."""
        if self.order is None:
            self.order = order
        self.play(seat, card, declared)

    @property
    def suits(self) -> list[str]:
        """The suit each card counts as in this trick, in play order."""
        led = self.led
        if led is None:
            return []
        in_trick = self._in_trick
        if self._keys is not None:
            return [led, *(in_trick[c.id] for c in self.cards[1:])]
        order = self.order
        assert order is not None
        return [led, *(order.suit_in_trick(c, led) for c in self.cards[1:])]

    def would_win(self, card: Card, order: TrickOrder | None = None) -> bool:
        """Whether ``card``, played now (not led), would be winning the trick.

        ``order`` is ignored once the trick is led (its own order decides)."""
        led = self.led
        if led is None:
            return True
        keys = self._keys
        if keys is not None:
            return keys[card.id] > self.best_key
        own = self.order
        assert own is not None
        return own.key(card, own.suit_in_trick(card, led), led) > self.best_key

    def restart(self, leader: int) -> None:
        """Empty this trick for the next one, led by ``leader``.

        Cheaper than a new :class:`Trick` when nothing keeps the finished one.
        """
        self.leader = leader
        self.lead = -1
        self.led = None
        self.seats.clear()
        self.cards.clear()

    def copy(self) -> Trick:
        """An independent copy (the cards and the order are shared: they never change)."""
        new = Trick.__new__(Trick)
        new.leader = self.leader
        new.seats = self.seats.copy()
        new.cards = self.cards.copy()
        new.best = self.best
        new.best_key = self.best_key
        new.order = self.order
        new.size = self.size
        new.lead = self.lead
        new.led = self.led
        new._keys = self._keys
        new._in_trick = self._in_trick
        return new

    def __copy__(self) -> Trick:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Trick:
        return self.copy()

    def winner(self, order: TrickOrder | None = None) -> int:
        """The seat that wins the trick so far (``order`` is ignored: the trick's own decides)."""
        return self.seats[self.best]

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.leader, self.seats, self.cards, self.led, self.best, self.size) == (
            other.leader,
            other.seats,
            other.cards,
            other.led,
            other.best,
            other.size,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader}, plays={list(self.pairs())}, led={self.led!r})"

    def pairs(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` for each card played, in order."""
        return tuple(zip(self.seats, self.cards, strict=True))

    def plays(self) -> tuple[tuple[int, Card, str], ...]:
        """``(seat, card, suit in trick)`` for each card played, in order."""
        return tuple(zip(self.seats, self.cards, self.suits, strict=True))


def voids(tricks: Iterable[Sequence[tuple[Any, ...]]], order: TrickOrder) -> dict[int, int]:
    """What the plays of ``tricks`` show where a seat must follow suit when it can:
    each seat that did not follow a led suit holds none of it.

    Each trick is its plays in order, led by the first: ``(seat, card)`` pairs, or the
    ``(seat, card, suit)`` of :meth:`Trick.plays` (the suit an adopter led stands for;
    a trick led by an adopter without it shows nothing). ``order`` says what follows
    (it needs its ``deck``). Returns seat -> the cards it lacks (a mask of ``Card.bit``:
    the led suits' cards that would follow); a seat that showed nothing is left out."""
    lacking: dict[int, int] = {}
    adopters = order.adopter_bits
    for plays in tricks:
        follow = _follow(plays, order)
        if not follow:
            continue
        ok = follow | adopters
        for play in plays[1:]:
            if not play[1].bit & ok:
                lacking[play[0]] = lacking.get(play[0], 0) | follow
    return lacking


def first_revoke(
    tricks: Sequence[Sequence[tuple[Any, ...]]], hands: Sequence[int], order: TrickOrder
) -> tuple[int, int, Card] | None:
    """The first play of ``tricks`` (as for :func:`voids`) that did not follow the led suit
    although its seat held that suit then, as ``(trick index, seat, card)``; None when
    every play followed suit. A seat's cards then are ``hands[seat]`` (a mask of
    ``Card.bit``: what it holds now) and every card it played from that trick on."""
    held = list(hands)
    found: tuple[int, int, Card] | None = None
    for index in range(len(tricks) - 1, -1, -1):
        plays = tricks[index]
        for play in plays:
            held[play[0]] |= play[1].bit
        follow = _follow(plays, order)
        ok = follow | order.adopter_bits
        for play in plays[1:]:
            if not play[1].bit & ok and held[play[0]] & follow:
                found = (index, play[0], play[1])
                break
    return found


def _follow(plays: Sequence[tuple[Any, ...]], order: TrickOrder) -> int:
    """The cards that follow the suit led in ``plays`` (0 when it shows nothing)."""
    if len(plays) < 2:
        return 0
    first = plays[0]
    card: Card = first[1]
    if card.bit & order.adopter_bits:
        if len(first) < 3:
            return 0
        return order.follow_masks.get(first[2], 0)
    return order.follow_masks.get(card.suit, 0)


def trick_problem(
    tricks: Sequence[Sequence[tuple[Any, ...]]],
    leader: int,
    hands: Sequence[int],
    order: TrickOrder,
    leads: int | None = None,
) -> str | None:
    """What breaks the rules of a hand's tricks, in one line (None: nothing).

    ``tricks`` are the finished tricks then the one in progress, each its plays in
    order as for :func:`voids` (a led adopter's play adds its suit; a play may give
    every card's suit in the trick, as :meth:`Trick.plays` does); ``leader`` leads the
    first; ``hands`` are the seats' cards now (masks of ``Card.bit``), one per seat;
    ``leads``, when given, is the seat that leads the trick in progress. Each finished
    trick holds a card from every seat, play goes left from the leader, the winner of a
    trick leads the next, each card's suit in a trick is the one the order gives it,
    the trick in progress is not complete and every play follows suit when its seat
    held the suit led (:func:`first_revoke`)."""
    players = len(hands)
    last = len(tricks) - 1
    for index, plays in enumerate(tricks):
        what = "the trick in progress" if index == last else f"trick {index + 1}"
        if (len(plays) != players) if index < last else (len(plays) >= players):
            size = players if index < last else f"fewer than {players}"
            return f"{what} holds {len(plays)} cards, not {size}"
        trick, winner = Trick(leader, order=order, size=players), leader
        for i, play in enumerate(plays):
            if play[0] != (leader + i) % players:
                return f"{what}: seat {play[0]} plays where seat {(leader + i) % players} is to"
            try:
                winner = trick.play(play[0], play[1], play[2] if len(play) > 2 else None)
            except ValueError as exc:
                return f"{what}: {exc}"
        suits = trick.suits if plays else []
        wrong = [
            p[1].text for p, suit in zip(plays, suits, strict=True) if p[2:3] not in ((), (suit,))
        ]
        if wrong:
            return f"{what}: {wrong[0]} is not of the suit it takes in the trick"
        if index < last:
            leader = winner
        elif leads is not None and leads != leader:
            return f"the trick in progress is led by seat {leader}, not seat {leads}"
    revoke = first_revoke(tricks, hands, order)
    if revoke is not None:
        index, seat, card = revoke
        what = "the trick in progress" if index == last else f"trick {index + 1}"
        lead = tricks[index][0]
        led = lead[2] if len(lead) > 2 else lead[1].suit
        return f"{what}: seat {seat} played {card.text} without following the suit it held, {led}"
    return None
