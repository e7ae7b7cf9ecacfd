"""One match of Oh Hell: the options, the rules (each stated once) and the steps.

The parameters are those of OpenSpiel's ``oh_hell`` (``num_suits``,
``num_cards_per_suit``, ``num_tricks_fixed``, ``off_bid_penalty``,
``points_per_trick``; its ``players`` is the player count), and one hand
plays exactly as there, so the two engines can be checked against each other.
The ``hands`` option makes a match of several hands, the deal passing left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
from cardkit import (
    CHANCE,
    Action,
    Bid,
    Card,
    Options,
    Play,
    Refusal,
    Result,
    Shuffle,
    State,
    Trick,
    Zone,
    option,
)
from cardkit.events import (
    BidMade,
    Dealt,
    HandScored,
    MatchOver,
    Played,
    Received,
    TrickWon,
    only,
)
from cardkit.game import highest
from cardkit.positions import Common, PositionError
from cardkit.tricks import trick_problem, voids
from cardkit.zones import Cards

from cardkit_oh_hell.actions import BIDS
from cardkit_oh_hell.cards import (
    COUNTERS,
    HAND,
    PLAYED,
    STOCK,
    SUIT_NAMES,
    SUITS,
    TRICK,
    TRUMP,
    Table,
    Trumps,
    table_for,
)
from cardkit_oh_hell.events import DealerCut, TricksDrawn, TrumpTurned
from cardkit_oh_hell.position import first_version
from cardkit_oh_hell.view import OhHellView

MADE_BID_BONUS = 10
RANDOM_TRICKS = -1
PHASES = ("tricks", "cut", "deal", "bid", "play", "over")


@attrs.frozen(slots=True)
class OhHellOptions(Options):
    """OpenSpiel's parameters, and the number of hands in a match."""

    num_suits: int = option(
        4, "suits in the deck (clubs, diamonds, spades, hearts)", low=1, high=len(SUITS)
    )
    num_cards_per_suit: int = option(13, "cards per suit, from the 2 up", low=2, high=13)
    num_tricks_fixed: int = option(
        RANDOM_TRICKS,
        "tricks (cards dealt to each) per hand; -1 draws it at random each hand",
        low=-1,
    )
    off_bid_penalty: bool = option(False, "a missed bid loses points_per_trick per trick off")
    points_per_trick: int = option(1, "points for each trick taken", low=0, high=1000)
    hands: int = option(1, "hands in a match; the deal passes left", low=1, high=100)


def table(players: int, options: OhHellOptions) -> Table:
    """The deck and sizes of a match with these settings."""
    random_tricks = options.num_tricks_fixed == RANDOM_TRICKS
    return table_for(players, options.num_suits, options.num_cards_per_suit, random_tricks)


class OhHellState(State):
    """A match of Oh Hell: ``hands`` hands, each dealt, bid and played out.

    Its cards are in :attr:`cards` (zones :data:`~cardkit_oh_hell.cards.PLACES`; masks
    of ``card.bit``); the trick core says what follows suit and who wins. The
    :attr:`record` is the whole state; every other field follows from it (:meth:`derive`).
    """

    options: OhHellOptions
    phase: str
    """tricks, cut, deal (chance is due), bid, play; over at the end."""
    dealer: int | None
    """The dealer of this hand (None before the cut for the first dealer)."""
    trick_counters: tuple[Card, ...]
    """The trick counters as last shuffled: the top one gave the number of tricks."""
    bids: list[int | None]
    played: tuple[Card, ...]
    """This hand's cards in the order they were played, the trick in progress last."""
    hand_sizes: tuple[int, ...]
    """The tricks of each finished hand."""
    hand_points: tuple[tuple[int, ...], ...]
    """The points of each finished hand, by seat."""
    cards: Cards
    record = (
        "phase",
        "dealer",
        "trick_counters",
        "bids",
        "played",
        "hand_sizes",
        "hand_points",
        "cards",
    )
    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {"bid": (Bid,), "play": (Play,)}
    table: Table
    num_tricks: int
    trump: Card | None
    trumps: Trumps | None
    current: int
    won: list[int]
    trick: Trick | None
    totals: tuple[int, ...]
    copied = ("cards", "bids", "won", "trick")

    def setup(self) -> None:
        n = self.players
        self.table = table(n, self.options)
        random_tricks = self.options.num_tricks_fixed == RANDOM_TRICKS
        self.phase = "tricks" if random_tricks else "cut"
        self.dealer = None
        self.trick_counters = self.table.trick_counters
        self.bids = [None] * n
        self.played = ()
        self.hand_sizes = ()
        self.hand_points = ()
        self.cards = self.table.layout.new(STOCK)
        self.cards.deal(STOCK, [(COUNTERS, self.trick_counters + self.table.seat_counters)])
        self.derive()

    def derive(self) -> None:
        """The fields that follow from the record: the trump card (in its zone), the number
        of tricks, whose turn it is, the tricks won, the trick in progress and the totals."""
        n, phase, counters = self.players, self.phase, self.trick_counters
        turned = self.cards.cards(TRUMP)
        self.trump = turned[0] if len(turned) == 1 else None
        self.trumps = self.table.trumps.get(self.trump.suit) if self.trump else None
        fixed, drawn = self.options.num_tricks_fixed, phase != "tricks" or self.hand_sizes
        top = counters[0].rank if counters and drawn else 0  # the count last drawn
        self.num_tricks = top if fixed == RANDOM_TRICKS else fixed
        self.totals = tuple(sum(p[s] for p in self.hand_points if len(p) == n) for s in range(n))
        self.current = ((self.dealer or 0) + 1 + n - self.bids.count(None)) % n
        self.won, self.trick = [0] * n, None
        if phase in ("play", "over") and self.trumps is not None:
            _, trick, self.won = self.replay()
            self.current = (trick.leader + len(trick)) % n
            self.trick = trick if phase == "play" else None

    def replay(self) -> tuple[list[tuple[tuple[int, Card], ...]], Trick, list[int]]:
        """This hand's :attr:`played` cards as tricks, each led by the winner of the one
        before: the finished tricks' ``(seat, card)`` plays, the trick in progress and the
        tricks each seat won."""
        n, trumps, done, won = self.players, self.trumps, [], [0] * self.players
        assert trumps is not None
        trick = Trick(((self.dealer or 0) + 1) % n, order=trumps.order, size=n)
        for card in self.played:
            winner = trick.play((trick.leader + len(trick)) % n, card)
            if winner >= 0:
                done.append(trick.pairs())
                won[winner] += 1
                trick.restart(winner)
        return done, trick, won

    # -- who acts, and what they may do -----------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        if self.phase == "tricks":
            return self.trick_counters
        if self.phase == "cut":
            return self.table.seat_counters
        if self.phase == "deal":
            return self.table.cards
        return ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """The deal's shuffle: one card at a time to each seat from the dealer's left,
        ``num_tricks`` rounds, then the trump card (``trump``) and the stock."""
        if self.phase != "deal":
            return ()
        n, first = self.players, ((self.dealer or 0) + 1) % self.players
        rounds = tuple((first + i) % n for _ in range(self.num_tricks) for i in range(n))
        return (*((s, 1) for s in rounds), ("trump", 1), ("stock", None))

    def to_act(self) -> tuple[int, ...]:
        if self.phase in ("bid", "play"):
            return (self.current,)
        if self.phase == "over":
            return ()
        return (CHANCE,)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat != self.current:
            return ()
        if self.phase == "bid":
            hooked = self._hooked_bid(seat)
            return tuple(b for b in BIDS[: self.num_tricks + 1] if b.amount != hooked)
        if self.phase == "play":
            assert self.trick is not None and self.trumps is not None
            return self.trumps.legal(self.cards.masks[HAND + seat], self.trick.led)
        return ()

    # -- the rules, each stated once: _legal_actions lists what these accept -------------

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        # the core words a seat not to act and a kind the phase does not take (phases)
        if seat != self.current or self.phase not in ("bid", "play"):
            return None
        if isinstance(action, Bid):
            return self._refuse_bid(seat, action.amount)
        if isinstance(action, Play):
            return self._refuse_play(seat, action.card)
        return None

    def _hooked_bid(self, seat: int) -> int | None:
        """The bid the dealer's hook forbids ``seat`` (only the last bidder has one)."""
        if seat != self.dealer:
            return None
        return self.num_tricks - sum(b for b in self.bids if b is not None)

    def _refuse_bid(self, seat: int, amount: int) -> Refusal | None:
        if amount == self._hooked_bid(seat):
            return Refusal(
                "dealer-hook",
                f"the dealer may not bid {amount}: the bids would total "
                f"the {self.num_tricks} tricks",
            )
        if not 0 <= amount <= self.num_tricks:
            return Refusal("bad-bid", f"bid from 0 to {self.num_tricks}")
        return None

    def _refuse_play(self, seat: int, card: Card) -> Refusal | None:
        assert self.trick is not None and self.trumps is not None
        hand, led = self.cards.masks[HAND + seat], self.trick.led
        if not self.table.holds(hand, card):
            return Refusal("not-in-hand", f"{card} is not in your hand")
        if led is not None and self.trumps.order.must_follow(hand, card, led):
            name = SUIT_NAMES[led]
            return Refusal("must-follow-suit", f"{name} were led and you hold {name}: follow suit")
        return None

    # -- the flow of a hand -----------------------------------------------------------

    def _new_hand(self) -> None:
        """Gather the cards into the stock; draw the number of tricks unless it is fixed."""
        self.cards.move_all(PLAYED, STOCK)
        self.cards.move_all(TRUMP, STOCK)
        self.trump = None
        self.trumps = None
        self.bids = [None] * self.players
        self.won = [0] * self.players
        self.played = ()
        self.phase = "tricks" if self.options.num_tricks_fixed == RANDOM_TRICKS else "deal"

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._chance(action.cards)
        elif isinstance(action, Bid):
            self.bids[seat] = action.amount
            self.emit(BidMade(seat, action.amount))
            n = self.players
            if seat == self.dealer:
                self.phase = "play"
                assert self.trumps is not None  # turned at the deal
                self.trick = Trick((seat + 1) % n, order=self.trumps.order, size=n)
            self.current = (seat + 1) % n
        elif isinstance(action, Play):
            self._play(seat, action.card)

    def _chance(self, cards: tuple[Card, ...]) -> None:
        if self.phase == "tricks":
            self.trick_counters = cards
            self.num_tricks = cards[0].rank
            self.phase = "deal" if self.hand_sizes else "cut"
            self.emit(TricksDrawn(self.num_tricks))
        elif self.phase == "cut":
            self.dealer = cards[0].rank
            self.phase = "deal"
            self.emit(DealerCut(self.dealer))
        else:
            self._deal(cards)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        """One card at a time from the left of the dealer, then the trump card is turned."""
        n, k = self.players, self.num_tricks
        self.current = first = ((self.dealer or 0) + 1) % n
        self.trump = cards[n * k]
        hands = [(HAND + (first + i) % n, cards[i : n * k : n]) for i in range(n)]
        self.cards.deal(STOCK, [*hands, (TRUMP, (self.trump,))])
        self.trumps = self.table.trumps[self.trump.suit]
        self.phase = "bid"
        if self.log is not None:
            assert self.dealer is not None  # cut before the first deal
            hand = len(self.hand_sizes) + 1
            self.emit(Dealt(self.dealer, k, hand, self.options.hands))
            cards_in = self.table.deck.cards_in
            for s in range(n):
                self.emit(Received(s, cards_in(self.cards.masks[HAND + s]), to=only(s)))
            self.emit(TrumpTurned(self.trump))

    def _play(self, seat: int, card: Card) -> None:
        trick = self.trick
        assert trick is not None and self.trumps is not None
        winner = self.cards.play(HAND + seat, card, TRICK, trick)
        self.played += (card,)
        if self.log is not None:
            self.log.append(Played(seat, card))
        if winner < 0:
            self.current = (seat + 1) % self.players
            return
        self.won[winner] += 1
        self.cards.move_all(TRICK, PLAYED)
        if self.log is not None:
            best = trick.cards[trick.best]
            self.log.append(TrickWon(winner, best, sum(self.won), trick.pairs()))
        trick.restart(winner)
        self.current = winner
        if not self.cards.masks[HAND + winner]:
            self._end_hand()

    def hand_scores(self) -> tuple[int, ...]:
        """This hand's points per seat, as OpenSpiel's ``oh_hell`` scores them."""
        points = self.options.points_per_trick
        out: list[int] = []
        for bid, won in zip(self.bids, self.won, strict=True):
            if won == bid:
                out.append(points * won + MADE_BID_BONUS)
            elif self.options.off_bid_penalty:
                assert bid is not None
                out.append(-points * abs(won - bid))
            else:
                out.append(points * won)
        return tuple(out)

    def _end_hand(self) -> None:
        points = self.hand_scores()
        self.hand_sizes += (self.num_tricks,)
        self.hand_points += (points,)
        self.totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        self.emit(HandScored(len(self.hand_sizes), points, self.totals))
        self.trick = None
        if len(self.hand_sizes) >= self.options.hands:
            self.phase = "over"
            if self.log is not None:
                result = self.result()
                self.emit(MatchOver(result.scores, result.winners))
            return
        assert self.dealer is not None
        self.dealer = (self.dealer + 1) % self.players
        self._new_hand()

    # -- results, views, zones --------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.totals)
        return Result(scores, highest(scores))

    def scores(self) -> tuple[float, ...]:
        """The match totals so far."""
        return self.totals

    def horizon(self) -> int:
        """Search rollouts stop once a hand is scored: the next deal shares nothing with it."""
        return len(self.hand_sizes)

    def view(self, seat: int) -> OhHellView:
        trick = self.trick
        return OhHellView(
            seat=seat,
            to_act=self.to_act(),
            hand=self.table.deck.cards_in(self.cards.masks[HAND + seat]),
            trump=self.trump,
            dealer=self.dealer or 0,
            num_tricks=self.num_tricks,
            bids=tuple(self.bids),
            tricks_won=tuple(self.won),
            trick=trick.plays() if trick else (),
            played=self.played[: len(self.played) - len(trick)] if trick else self.played,
            ranks=self.options.num_cards_per_suit,
            scores=self.totals,
            hand_number=len(self.hand_sizes) + 1,
            hands=self.options.hands,
            num_suits=self.options.num_suits,
            num_tricks_fixed=self.options.num_tricks_fixed,
            off_bid_penalty=self.options.off_bid_penalty,
            points_per_trick=self.options.points_per_trick,
            hand_sizes=self.hand_sizes,
            hand_points=self.hand_points,
            cards=self.cards.seen_by(seat),
        )

    # -- positions (see cardkit_oh_hell.position) ---------------------------------------

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        return self.dealer, self.totals, len(self.hand_sizes) + (self.phase != "over")

    def restore_position(self, common: Common, part: Any) -> None:
        if common.version > 1:
            super().restore_position(common, part)
        else:  # read, derived and the suits shown lacking barred by first_version
            first_version(self, common, part)
            self.check_position()

    def check_position(self) -> None:
        """Refuse (``PositionError``) a record that breaks a rule its types cannot say."""
        n, k, phase, bids = self.players, self.num_tricks, self.phase, self.bids
        played, masks, sizes, dealer = self.played, self.cards.masks, self.hand_sizes, self.dealer
        table, fixed, total = self.table, self.options.num_tricks_fixed, self.options.hands
        mask, counters = table.deck.mask, table.trick_counters
        skipped = ("tricks" if fixed != RANDOM_TRICKS else "", "cut" if sizes else "")
        phases = [p for p in PHASES if p not in skipped]  # a fixed size draws none; one cut
        if phase not in phases:
            raise PositionError(f"phase must be one of {', '.join(phases)}, not {phase!r}")
        if sorted(c.id for c in self.trick_counters) != [c.id for c in counters]:
            raise PositionError("trick_counters must list each trick counter once")
        if masks[COUNTERS] != mask(counters + table.seat_counters) or any(self.cards.known):
            raise PositionError("the counters zone holds the counters; no seat knows a hidden card")
        sizes_ok = all(fixed in (s, RANDOM_TRICKS) and 1 <= s <= table.max_tricks for s in sizes)
        if not sizes_ok or [len(p) for p in self.hand_points] != [n] * len(sizes):
            raise PositionError(f"hand_sizes and hand_points give each hand's tricks, {n} points")
        if len(sizes) > total or (phase == "over") != (len(sizes) == total):
            raise PositionError(f"the match is over after {total} hands, not {len(sizes)}")
        if phase in ("tricks", "over") and sizes and sizes[-1] != k:
            raise PositionError(f"the last hand had {sizes[-1]} tricks; the top counter says {k}")
        first = phase in ("tricks", "cut") and not sizes
        if (dealer is None) != first or not 0 <= (dealer or 0) < n:
            raise PositionError(f"dealer is null until the first cut, then a seat 0 to {n - 1}")
        if len(bids) != n:
            raise PositionError(f"bids must list {n} seats, not {len(bids)}")
        if phase in ("tricks", "cut", "deal"):
            dealt = bids.count(None) < n or played or masks[STOCK] != mask(table.cards)
            if dealt or any(self.cards.lacks()):
                raise PositionError(f"in the {phase} phase all cards are in the stock, none bid")
            return
        if self.trumps is None:
            raise PositionError("the trump card zone holds the one card turned for trump")
        turns, made = [((dealer or 0) + 1 + i) % n for i in range(n)], n - bids.count(None)
        if any(bids[s] is None for s in turns[:made]):
            waiting = next(s for s in turns if bids[s] is None)
            raise PositionError(f"seat {waiting} has not bid but a later seat has: bids go round")
        if (phase == "bid") == (made == n) or (phase == "bid" and played):
            raise PositionError("in the bid phase a seat has still to bid, and no card is played")
        wrong = [b for b in bids if b is not None and not 0 <= b <= k]
        if wrong:
            raise PositionError(f"a bid of {wrong[0]}: bid from 0 to {k}")
        if made == n and sum(b or 0 for b in bids) == k:
            hooked = bids[turns[-1]]
            raise PositionError(f"the dealer may not bid {hooked}: the bids would total {k}")
        done, trick, _ = self.replay()
        tricks, zones = [*done, trick.pairs()], (masks[PLAYED], masks[TRICK])
        finished = mask(played[: len(played) - len(trick)])
        if len(set(played)) < len(played) or (finished, mask(trick.cards)) != zones:
            raise PositionError("the played and trick zones hold the cards played, each once")
        gone = Counter(s for t in tricks for s, _ in t)
        for seat, held in enumerate(m.bit_count() for m in masks[HAND : HAND + n]):
            if held + gone[seat] != k:
                what = f"seat {seat} holds {held} cards and played {gone[seat]}"
                raise PositionError(f"{what}: a hand has {k}")
        if (phase == "over") != (len(played) == n * k):
            raise PositionError(f"the hand is over once its {n * k} cards are played, not before")
        problem = trick_problem(tricks, turns[0], masks[HAND : HAND + n], self.trumps.order)
        if problem:
            raise PositionError(problem)
        if phase == "over" and self.hand_points[-1] != self.hand_scores():
            raise PositionError(f"the last hand scores {list(self.hand_scores())} by its bids")
        shown = voids(tricks, self.trumps.order)
        if self.cards.lacks() != [shown.get(z - HAND, 0) if m else 0 for z, m in enumerate(masks)]:
            raise PositionError("barred must be the suits each seat has shown it lacks this hand")

    def zones(self) -> tuple[Zone, ...]:
        return self.cards.zones()
