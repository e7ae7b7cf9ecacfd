"""One match of Oh Hell: the options, the rules (each stated once) and the steps.

The parameters are those of OpenSpiel's ``oh_hell`` (``num_suits``,
``num_cards_per_suit``, ``num_tricks_fixed``, ``off_bid_penalty``,
``points_per_trick``; its ``players`` is the player count), and one hand
plays exactly as there, so the two engines can be checked against each other.
The ``hands`` option makes a match of several hands, the deal passing left.
"""

from __future__ import annotations

from typing import Any

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
    Scoreboard,
    Shuffle,
    State,
    Trick,
    TurnOrder,
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
from cardkit.positions import Common
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
from cardkit_oh_hell.position import position_part, restore, summary
from cardkit_oh_hell.view import OhHellView

MADE_BID_BONUS = 10
RANDOM_TRICKS = -1


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
    of ``card.bit``); the trick core says what follows suit and who wins.
    """

    options: OhHellOptions
    table: Table
    cards: Cards
    order: TurnOrder
    board: Scoreboard
    phase: str
    """tricks, cut, deal (chance is due), bid, play; over at the end."""
    trick_counters: tuple[Card, ...]
    """The trick counters as last shuffled: the top one gave the number of tricks."""
    seat_counters: tuple[Card, ...]
    """The seat counters as shuffled: the top one dealt the first hand."""
    num_tricks: int
    trump: Card | None
    trumps: Trumps | None
    bids: list[int | None]
    won: list[int]
    played: tuple[Card, ...]
    """The cards of this hand's finished tricks, in play order."""
    trick: Trick | None
    sizes: tuple[int, ...]
    """The tricks of each finished hand."""
    copied = ("cards", "order", "board", "bids", "won", "trick")

    def setup(self) -> None:
        n = self.players
        self.table = table(n, self.options)
        self.trick_counters = self.table.trick_counters
        self.seat_counters = self.table.seat_counters
        self.cards = self.table.layout.new(STOCK)
        self.cards.deal(STOCK, [(COUNTERS, self.trick_counters + self.seat_counters)])
        self.order = TurnOrder(n)
        self.board = Scoreboard.start(n)
        self.num_tricks = 0
        self.trick = None
        self.sizes = ()
        self._new_hand()

    # -- who acts, and what they may do -----------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        if self.phase == "tricks":
            return self.trick_counters
        if self.phase == "cut":
            return self.seat_counters
        if self.phase == "deal":
            return self.table.cards
        return ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """The deal's shuffle: one card at a time to each seat from the dealer's left,
        ``num_tricks`` rounds, then the trump card (``trump``) and the stock."""
        if self.phase != "deal":
            return ()
        n, first = self.players, self.order.left_of_dealer()
        rounds = tuple((first + i) % n for _ in range(self.num_tricks) for i in range(n))
        return (*((s, 1) for s in rounds), ("trump", 1), ("stock", None))

    def to_act(self) -> tuple[int, ...]:
        if self.phase in ("bid", "play"):
            return (self.order.current,)
        if self.phase == "over":
            return ()
        return (CHANCE,)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat != self.order.current:
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
        if seat != self.order.current or self.phase not in ("bid", "play"):
            return None  # the core answers: not this seat's turn
        if self.phase == "bid" and isinstance(action, Bid):
            return self._refuse_bid(seat, action.amount)
        if self.phase == "play" and isinstance(action, Play):
            return self._refuse_play(seat, action.card)
        legal = ", ".join(str(a) for a in self.legal_actions(seat)[:8])
        return Refusal("not-allowed", f"not allowed now; legal actions include {legal}")

    def _hooked_bid(self, seat: int) -> int | None:
        """The bid the dealer's hook forbids ``seat`` (only the last bidder has one)."""
        if seat != self.order.dealer:
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
        fixed = self.options.num_tricks_fixed
        if fixed == RANDOM_TRICKS:
            self.phase = "tricks"
        else:
            self.num_tricks = fixed
            self.phase = "cut" if self.board.hands_played == 0 else "deal"

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._chance(action.cards)
        elif isinstance(action, Bid):
            self.bids[seat] = action.amount
            self.emit(BidMade(seat, action.amount))
            if seat == self.order.dealer:
                self.phase = "play"
                assert self.trumps is not None  # turned at the deal
                self.trick = Trick(
                    self.order.left_of_dealer(), order=self.trumps.order, size=self.players
                )
            self.order.advance()
        elif isinstance(action, Play):
            self._play(seat, action.card)

    def _chance(self, cards: tuple[Card, ...]) -> None:
        if self.phase == "tricks":
            self.trick_counters = cards
            self.num_tricks = cards[0].rank
            self.phase = "cut" if self.board.hands_played == 0 else "deal"
            self.emit(TricksDrawn(self.num_tricks))
        elif self.phase == "cut":
            self.seat_counters = cards
            self.order.dealer = cards[0].rank
            self.phase = "deal"
            self.emit(DealerCut(self.order.dealer))
        else:
            self._deal(cards)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        """One card at a time from the left of the dealer, then the trump card is turned."""
        n, k = self.players, self.num_tricks
        first = self.order.left_of_dealer()
        self.trump = cards[n * k]
        hands = [(HAND + (first + i) % n, cards[i : n * k : n]) for i in range(n)]
        self.cards.deal(STOCK, [*hands, (TRUMP, (self.trump,))])
        self.trumps = self.table.trumps[self.trump.suit]
        self.order.current = first
        self.phase = "bid"
        if self.log is not None:
            hand = self.board.hands_played + 1
            self.emit(Dealt(self.order.dealer, k, hand, self.options.hands))
            cards_in = self.table.deck.cards_in
            for s in range(n):
                self.emit(Received(s, cards_in(self.cards.masks[HAND + s]), to=only(s)))
            self.emit(TrumpTurned(self.trump))

    def _play(self, seat: int, card: Card) -> None:
        trick = self.trick
        assert trick is not None and self.trumps is not None
        winner = self.cards.play(HAND + seat, card, TRICK, trick)
        if self.log is not None:
            self.log.append(Played(seat, card))
        if winner < 0:
            self.order.advance()
            return
        self.won[winner] += 1
        self.played += tuple(trick.cards)
        self.cards.move_all(TRICK, PLAYED)
        if self.log is not None:
            best = trick.cards[trick.best]
            self.log.append(TrickWon(winner, best, sum(self.won), trick.pairs()))
        trick.restart(winner)
        self.order.current = winner
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
        self.sizes = (*self.sizes, self.num_tricks)
        points = self.board.add_hand(self.hand_scores())
        self.emit(HandScored(self.board.hands_played, tuple(points), tuple(self.board.totals)))
        self.trick = None
        if self.board.hands_played >= self.options.hands:
            self.phase = "over"
            if self.log is not None:
                result = self.result()
                self.emit(MatchOver(result.scores, result.winners))
            return
        self.order.rotate_dealer()
        self._new_hand()

    # -- results, views, zones --------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    def scores(self) -> tuple[float, ...]:
        """The match totals so far."""
        return tuple(self.board.totals)

    def view(self, seat: int) -> OhHellView:
        return OhHellView(
            seat=seat,
            to_act=self.to_act(),
            hand=self.table.deck.cards_in(self.cards.masks[HAND + seat]),
            trump=self.trump,
            dealer=self.order.dealer,
            num_tricks=self.num_tricks,
            bids=tuple(self.bids),
            tricks_won=tuple(self.won),
            trick=self.trick.plays() if self.trick is not None else (),
            played=self.played,
            ranks=self.options.num_cards_per_suit,
            scores=tuple(self.board.totals),
            hand_number=self.board.hands_played + 1,
            hands=self.options.hands,
            num_suits=self.options.num_suits,
            num_tricks_fixed=self.options.num_tricks_fixed,
            off_bid_penalty=self.options.off_bid_penalty,
            points_per_trick=self.options.points_per_trick,
            hand_sizes=self.sizes,
            hand_points=tuple(self.board.hands),
            cards=self.cards.seen_by(seat),
        )

    # -- positions (see cardkit_oh_hell.position) ---------------------------------------

    def position_part(self, seat: int | None = None) -> dict[str, Any]:
        return position_part(self, seat)

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        return summary(self)

    def restore_position(self, common: Common, part: Any) -> None:
        restore(self, common, part)

    def zones(self) -> tuple[Zone, ...]:
        return self.cards.zones()
