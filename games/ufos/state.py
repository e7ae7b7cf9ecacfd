"""A U.F.O.s match in progress: deal, sealed bid cards, auction, tricks, scoring.

Each hand:

1. chance shuffles the 60 cards; the first ``60/n`` go to seat 0, the next to
   seat 1, and so on (every card is dealt);
2. every seat secretly picks a Suit Card and a Game Card (``choose red high``);
   once all have picked, the Game Cards are shown, the Suit Cards stay hidden;
3. the auction, from the dealer in seat order: ``pass`` (final), ``bid N``,
   ``spy S`` or, for the standing high bidder, ``wait``;
4. the bid winner pays the bid, shows the Suit Card (trump, X = none) and
   leads; the tricks are played out;
5. the hand is scored (:func:`hand_scores`), the deal passes left.

Each rule is stated once, per action kind (``_refuse_choose``, ``_refuse_pass``,
``_refuse_wait``, ``_refuse_bid``, ``_refuse_spy``, ``_refuse_play``); the
legal actions are built from the same helpers (``_bid_range``, ``_spy_cost``,
``_spied_already``, :func:`lead_declares`, the trick order's ``playable_mask``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardkit import (
    CHANCE,
    Action,
    Bid,
    Card,
    Pass,
    Result,
    Scoreboard,
    SealedChoice,
    Shuffle,
    State,
    Trick,
    TrickOrder,
    TurnOrder,
    Zone,
)
from cardkit.events import BidMade, Dealt, MatchOver, Played, Received, TrickWon, only, others
from cardkit.game import Refusal, hand_value, highest
from cardkit.options import Options, option
from cardkit.positions import Common
from games.ufos.actions import (
    CHOOSES,
    LEADS,
    PASS,
    PLAYS,
    SPIES,
    WAIT,
    Choose,
    PlayCard,
    Spy,
    Wait,
    bids,
)
from games.ufos.cards import (
    BID_SET,
    BLUES,
    DECK,
    GAME_CARD,
    GAMES,
    MAX_SETS,
    SUIT_CARD,
    SUIT_NAMES,
    SUITS,
    TRUMP_CHOICES,
)
from games.ufos.events import (
    AuctionWon,
    Chose,
    GameCardsRevealed,
    Passed,
    Spied,
    SuitCardSeen,
    SuitCardShown,
    UfosHandScored,
    Waited,
)
from games.ufos.view import UfosView

DEAL, CHOOSE, AUCTION, PLAY, OVER = "deal", "choose", "auction", "play", "over"

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


ORDERS: dict[str, TrickOrder] = {
    t: TrickOrder(trump=None if t == "X" else t, adopters=BLUES, deck=DECK) for t in TRUMP_CHOICES
}
"""The trick order for each Suit Card: its suit is trump (none for X); the Blues adopt
the led suit (and count as following it)."""


def lead_declares(order: TrickOrder, card: Card) -> tuple[str | None, ...]:
    """The suits a led ``card`` may be declared as: for a Blue 10 or 12 (an adopter of
    ``order``) one of R, Y, G, T, trump included; any other card names none (``None``).

    A card played to a trick already led names no suit: an adopter takes the led suit.
    """
    return SUITS if card.bit & order.adopter_bits else (None,)


def _leads(card: Card) -> tuple[PlayCard, ...]:
    return tuple(
        PLAYS[card.id] if d is None else LEADS[(card, d)] for d in lead_declares(ORDERS["X"], card)
    )


_LEAD_TABLE = DECK.table_of(_leads)
"""The leads of a bitmask of faces, by card id: a Blue once per suit it may be declared."""
_PLAY_TABLE = DECK.table(lambda c: PLAYS[c.id])
"""The plays of a bitmask of faces, by card id."""
_FOLLOWS: dict[str, Callable[[int, str | None], tuple[PlayCard, ...]]] = {
    t: order.legal_for(_PLAY_TABLE) for t, order in ORDERS.items()
}
"""For each Suit Card, the plays its trick order allows from a bitmask of faces."""
_SPY_SETS: tuple[tuple[Spy, ...], ...] = tuple(
    tuple(SPIES[t] for t in range(MAX_SETS) if mask >> t & 1) for mask in range(1 << MAX_SETS)
)
"""``_SPY_SETS[mask]``: the spies on the seats of a bitmask, lowest seat first."""
_ALL_SEATS: tuple[int, ...] = tuple((1 << n) - 1 for n in range(MAX_SETS + 1))
"""``_ALL_SEATS[n]``: the bitmask of seats 0 to n - 1."""
_EVERYONE: dict[int, frozenset[int]] = {n: frozenset(range(n)) for n in range(1, MAX_SETS + 1)}
_NOBODY: frozenset[int] = frozenset()
_SEATS: tuple[tuple[int], ...] = tuple((s,) for s in range(MAX_SETS))


def hand_scores(tricks: Sequence[int], winner: int, game: str) -> list[int]:
    """Each seat's score for one hand, before the 0-point floor.

    High: the bid winner scores twice its tricks, every other seat its tricks.
    Low: every seat tied for fewest tricks scores the most-tricks count, every
    seat tied for most tricks loses its count; the bid winner doubles either.
    """
    if game == "high":
        return [2 * t if s == winner else t for s, t in enumerate(tricks)]
    fewest, most = min(tricks), max(tricks)
    out: list[int] = []
    for s, t in enumerate(tricks):
        delta = 0
        if t == fewest:
            delta += most
        if t == most:
            delta -= most
        out.append(2 * delta if s == winner else delta)
    return out


_BidPart = tuple[
    tuple[Card, ...],
    str | None,
    str | None,
    tuple[bool, ...],
    tuple[str | None, ...],
    tuple[tuple[int, str], ...],
    tuple[Card, ...],
]


class UfosState(State):
    """One U.F.O.s match; see the module docstring for the flow of a hand."""

    options: UfosOptions

    def setup(self) -> None:
        o = self.options
        players = self.players
        self.hands_total = o.hands_per_player * players
        self.respy = o.respy
        self.size = len(DECK) // players
        self.order = TurnOrder(players, dealer=0)
        self.board = Scoreboard.start(players, o.starting_points, floor=0)
        self.last_scores: tuple[int, ...] = (0,) * players
        self.last_tricks: tuple[int, ...] = (0,) * players
        self._new_hand()

    def _new_hand(self) -> None:
        """Gather every card for the next deal and clear the hand's state."""
        n = self.players
        self.phase = DEAL
        self.stock: list[Card] = list(DECK.cards)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.held = [0] * n  # the faces in each hand as a bitmask (copies share a bit)
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.trick: Trick | None = None
        self.last_trick: Trick | None = None  # never changed once complete: copies share it
        self.last_winner = -1
        self.choice: SealedChoice[Choose] | None = None
        self.passed = [False] * n
        self.n_passed = 0
        self.high_bid = 0
        self.high_bidder = -1
        self.spied = [0] * n
        self.spy_count = [0] * n
        self.auction: list[tuple[int, Action]] = []
        self.winner = -1
        self.winning_bid = 0
        self.trump: str | None = None
        self.mode: str | None = None
        self.trick_order = ORDERS["X"]
        self._follows = _FOLLOWS["X"]
        self._last_plays: tuple[tuple[int, Card, str], ...] = ()
        self._earlier: tuple[tuple[tuple[int, Card, str], ...], ...] = ()
        """This hand's finished tricks before the last one, as the view shows them."""
        self._auction_texts: tuple[tuple[int, str], ...] = ()
        self._bid_view: list[_BidPart | None] = [None] * n

    # -- the core protocol ------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return tuple(self.stock) if self.phase == DEAL else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """The deal's shuffle: a block of a hand's size to each seat, from seat 0."""
        if self.phase != DEAL:
            return ()
        return tuple((s, self.size) for s in range(self.players))

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (PLAY, AUCTION):
            return _SEATS[self.order.current]
        if phase == CHOOSE:
            assert self.choice is not None
            return self.choice.pending
        if phase == DEAL:
            return (CHANCE,)
        return ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY:
            return self._legal_plays(seat) if seat == self.order.current else ()
        if phase == AUCTION:
            return self._legal_auction(seat) if seat == self.order.current else ()
        if phase == CHOOSE:
            choice = self.choice
            assert choice is not None
            return CHOOSES if seat in choice.seats and seat not in choice.picks else ()
        return ()

    def _legal_plays(self, seat: int) -> tuple[Action, ...]:
        """Leads by :func:`lead_declares`, follows by the trick order's ``playable_mask``."""
        assert self.trick is not None
        led = self.trick.led
        if led is None:
            return _LEAD_TABLE.of(self.held[seat])
        return self._follows(self.held[seat], led)

    def _legal_auction(self, seat: int) -> tuple[Action, ...]:
        """Wait or pass, the bids of :meth:`_bid_range`, the spies :meth:`_spy_cost` and
        :meth:`_spied_already` allow: what :meth:`_refuse_auction` accepts."""
        out: list[Action]
        if seat == self.high_bidder:
            out = [WAIT]
        else:
            low, high = self._bid_range(seat)
            out = [PASS]
            out.extend(bids(low, high))
        if self._spy_cost(seat) is None:
            targets = _ALL_SEATS[self.players] & ~(1 << seat) & ~self._spied_already(seat)
            out.extend(_SPY_SETS[targets])
        return tuple(out)

    # -- the rules, each stated once ------------------------------------------------

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        phase = self.phase
        n = self.players
        if phase == OVER:
            return Refusal("game-over", "the match is over")
        if not 0 <= seat < n:
            return Refusal("no-such-seat", f"there is no seat {seat}; seats are 0 to {n - 1}")
        if phase == DEAL:
            return Refusal("deal-due", "the cards have not been dealt yet")
        if phase == CHOOSE:
            return self._refuse_choose(seat, action)
        if isinstance(action, Choose):
            return Refusal(
                "bid-cards-chosen", "bid cards are chosen once per hand, before the auction"
            )
        if phase == AUCTION:
            if isinstance(action, PlayCard):
                return Refusal(
                    "auction-first", "cards are played after the auction: pass, bid or spy"
                )
            return self._refuse_auction(seat, action)
        if isinstance(action, Pass | Bid | Spy | Wait):
            return Refusal("auction-over", "the auction is over: play a card")
        if isinstance(action, PlayCard):
            return self._refuse_play(seat, action)
        current = self.order.current
        if seat != current:
            return Refusal("not-your-turn", f"it is not seat {seat}'s turn (to act: {current})")
        legal = ", ".join(str(a) for a in self.legal_actions(seat)[:8])
        return Refusal("not-allowed", f"not allowed now; legal actions include {legal}")

    def _refuse_choose(self, seat: int, action: Action) -> Refusal | None:
        """RULING 1: one Suit Card and one Game Card per seat, once per hand."""
        assert self.choice is not None
        if seat in self.choice.picks:
            return Refusal("already-chosen", "you already chose your bid cards this hand")
        if isinstance(action, Choose) and action.suit in TRUMP_CHOICES and action.game in GAMES:
            return None
        return Refusal(
            "choose-first",
            "every player first chooses a Suit Card and a Game Card, e.g. choose red high",
        )

    def _refuse_auction(self, seat: int, action: Action) -> Refusal | None:
        """RULING 2: in turn, from the dealer; a pass is final."""
        if self.passed[seat]:
            if isinstance(action, Spy):
                return Refusal(
                    "passed-cannot-spy", "you passed; a player who has passed may not spy"
                )
            return Refusal("passed", "you passed; a pass is final for the rest of this auction")
        current = self.order.current
        if seat != current:
            return Refusal("not-your-turn", f"it is seat {current}'s turn in the auction")
        if isinstance(action, Pass):
            return self._refuse_pass(seat)
        if isinstance(action, Wait):
            return self._refuse_wait(seat)
        if isinstance(action, Bid):
            return self._refuse_bid(seat, action.amount)
        if isinstance(action, Spy):
            return self._refuse_spy(seat, action.target)
        return Refusal(
            "not-allowed", "in the auction: pass, bid N, spy SEAT, or wait (high bidder)"
        )

    def _refuse_pass(self, seat: int) -> Refusal | None:
        """The standing high bidder may not pass (it waits)."""
        if seat == self.high_bidder:
            return Refusal(
                "high-bidder-cannot-pass",
                f"you hold the standing bid of {self.high_bid}; wait or spy instead",
            )
        return None

    def _refuse_wait(self, seat: int) -> Refusal | None:
        """Only the standing high bidder waits."""
        if seat != self.high_bidder:
            return Refusal("only-high-bidder-waits", "only the standing high bidder may wait")
        return None

    def _bid_range(self, seat: int) -> tuple[int, int]:
        """The bids ``seat`` may make (not the high bidder): above the standing bid (so at
        least 1), at most its points (none with 0 points)."""
        return self.high_bid + 1, self.board.totals[seat]

    def _refuse_bid(self, seat: int, amount: int) -> Refusal | None:
        """RULING 2: a bid in :meth:`_bid_range`; the high bidder may not raise its own bid."""
        standing = self.high_bid
        if seat == self.high_bidder:
            return Refusal(
                "own-bid",
                f"you hold the standing bid of {standing} and may not raise your own bid; "
                "wait or spy",
            )
        points = self.board.totals[seat]
        if points <= 0:
            return Refusal("no-points", "you have 0 points and cannot bid")
        low, high = self._bid_range(seat)
        if amount < low:
            if standing > 0:
                return Refusal(
                    "bid-too-low", f"a bid of {amount} is not above the standing bid of {standing}"
                )
            return Refusal("bid-too-low", f"a bid must be at least 1, not {amount}")
        if amount > high:
            return Refusal(
                "bid-over-points", f"a bid of {amount} is more than your {points} points"
            )
        return None

    def _spy_cost(self, seat: int) -> Refusal | None:
        """RULING 3, whoever the target: a spy costs a point; the high bidder keeps at
        least its bid; with ``respy``, at most :data:`RESPY_LIMIT` spies a hand."""
        points = self.board.totals[seat]
        if points < 1:
            return Refusal("spy-no-points", "spying costs 1 point and you have 0")
        standing = self.high_bid
        if seat == self.high_bidder and points - 1 < standing:
            return Refusal(
                "spy-below-bid",
                f"spying would leave you {points - 1} points, "
                f"fewer than your standing bid of {standing}",
            )
        if self.respy and self.spy_count[seat] >= RESPY_LIMIT:
            return Refusal(
                "spy-limit", f"you have spied {RESPY_LIMIT} times this hand, the most allowed"
            )
        return None

    def _spied_already(self, seat: int) -> int:
        """The seats ``seat`` may not spy on again this hand, as a bitmask (none with ``respy``)."""
        return 0 if self.respy else self.spied[seat]

    def _refuse_spy(self, seat: int, target: int) -> Refusal | None:
        """RULING 3: spy on another seat, at :meth:`_spy_cost`, once each unless ``respy``."""
        n = self.players
        if target == seat:
            return Refusal("spy-self", "you cannot spy on your own Suit Card")
        if not 0 <= target < n:
            return Refusal("no-such-seat", f"there is no seat {target}; seats are 0 to {n - 1}")
        cost = self._spy_cost(seat)
        if cost is not None:
            return cost
        if self._spied_already(seat) >> target & 1:
            return Refusal(
                "already-spied",
                f"you already saw seat {target}'s Suit Card this hand (respy is off)",
            )
        return None

    def _refuse_play(self, seat: int, action: PlayCard) -> Refusal | None:
        """RULING 5: in turn, a held card, declared as :func:`lead_declares` says, following
        suit by the trick order's ``must_follow``."""
        current = self.order.current
        if seat != current:
            return Refusal("not-your-turn", f"it is seat {current}'s turn to play")
        card = action.card
        if card not in self.hands[seat]:
            return Refusal("not-in-hand", f"you do not hold {card.text}")
        trick = self.trick
        assert trick is not None
        led = trick.led
        order = self.trick_order
        declare = action.declare
        allowed = lead_declares(order, card) if led is None else (None,)
        if declare not in allowed:
            if declare is None:
                return Refusal(
                    "declare-suit",
                    f"a led {card.text} needs a suit: play {card.text} as R, Y, G or T",
                )
            if not card.bit & order.adopter_bits:
                return Refusal(
                    "no-declare", f"only a led Blue 10 or 12 is declared; play {card.text}"
                )
            if led is not None:
                return Refusal(
                    "no-declare",
                    f"{card.text} takes the led suit {SUIT_NAMES[led]}; play {card.text}",
                )
            return Refusal(
                "bad-declare", f"a led {card.text} is declared as R, Y, G or T, not {declare}"
            )
        if led is not None and order.must_follow(self.held[seat], card, led):
            return Refusal(
                "must-follow-suit",
                f"you hold {SUIT_NAMES[led]} cards and must follow suit "
                "(a Blue 10 or 12 may always be played)",
            )
        return None

    # -- steps ----------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase == PLAY:
            assert isinstance(action, PlayCard)
            self._play(seat, action.card, action.declare)
        elif phase == AUCTION:
            self._bid_turn(seat, action)
        elif phase == CHOOSE:
            assert isinstance(action, Choose)
            self._choose(seat, action)
        else:
            assert isinstance(action, Shuffle)
            self._deal(action.cards)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        size = self.size
        for seat in range(self.players):
            self.hands[seat] = sorted(cards[seat * size : (seat + 1) * size], key=_card_id)
            self.held[seat] = DECK.mask(self.hands[seat])
        self.stock = []
        self.choice = SealedChoice(tuple(range(self.players)))
        self.phase = CHOOSE
        if self.log is not None:
            number = self.board.hands_played + 1
            self.log.append(Dealt(self.order.dealer, size, number, self.hands_total))
            for seat in range(self.players):
                self.log.append(Received(seat, tuple(self.hands[seat]), to=only(seat)))

    def _choose(self, seat: int, action: Choose) -> None:
        choice = self.choice
        assert choice is not None
        n = self.players
        self._bid_view = [None] * n
        if self.log is not None:
            self.log.append(Chose(seat, to=others(n, seat), cover=True))
            self.log.append(Chose(seat, action.suit, action.game, to=only(seat)))
        if choice.pick(seat, action):
            self.phase = AUCTION
            self.order.current = self.order.dealer
            if self.log is not None:
                self.log.append(GameCardsRevealed(tuple(choice.picks[s].game for s in range(n))))

    def _bid_turn(self, seat: int, action: Action) -> None:
        self.auction.append((seat, action))
        log = self.log
        if isinstance(action, Pass):
            self.passed[seat] = True
            self.n_passed += 1
            if log is not None:
                log.append(Passed(seat))
        elif isinstance(action, Bid):
            self.high_bid = action.amount
            self.high_bidder = seat
            if log is not None:
                log.append(BidMade(seat, action.amount))
        elif isinstance(action, Spy):
            target = action.target
            self.board.add(seat, -1)
            self.board.add(target, 1)
            self.spied[seat] |= 1 << target
            self.spy_count[seat] += 1
            self._bid_view[seat] = None
            if log is not None:
                assert self.choice is not None
                suit = self.choice.picks[target].suit
                log.append(Spied(seat, target))
                log.append(SuitCardSeen(seat, target, SUIT_CARD[target][suit], suit, to=only(seat)))
        elif log is not None:
            log.append(Waited(seat))
        n = self.players
        if self.high_bidder >= 0 and self.n_passed == n - 1:
            self._win_bid(self.high_bidder, self.high_bid)
        elif self.n_passed == n:
            self._win_bid(self.order.dealer, 0)
        else:
            order = self.order
            order.advance()
            while self.passed[order.current]:
                order.advance()

    def _win_bid(self, winner: int, amount: int) -> None:
        """RULING 4: the winner pays the bid and shows its Suit Card; it leads."""
        assert self.choice is not None
        self.board.add(winner, -amount)
        pick = self.choice.picks[winner]
        self.winner = winner
        self.winning_bid = amount
        self.trump = pick.suit
        self.mode = pick.game
        self.trick_order = ORDERS[pick.suit]
        self._follows = _FOLLOWS[pick.suit]
        self._bid_view = [None] * self.players
        self.trick = Trick(winner, order=self.trick_order, size=self.players)
        self.order.current = winner
        self.phase = PLAY
        if self.log is not None:
            suit = pick.suit
            self.log.append(AuctionWon(winner, amount, suit, pick.game, self.high_bidder >= 0))
            self.log.append(SuitCardShown(winner, SUIT_CARD[winner][suit], suit))

    def _play(self, seat: int, card: Card, declare: str | None) -> None:
        trick = self.trick
        assert trick is not None
        hand = self.hands[seat]
        hand.remove(card)
        if card not in hand:  # the last copy of its face
            self.held[seat] ^= card.bit
        winner = trick.play(seat, card, declare)
        log = self.log
        if log is not None:
            log.append(Played(seat, card, declare))
        if winner < 0:
            self.order.advance()
            return
        self.tricks[winner] += 1
        if self.last_trick is not None:
            self.won[self.last_winner].extend(self.last_trick.cards)
        self.last_trick = trick
        self.last_winner = winner
        if self._last_plays:
            self._earlier = (*self._earlier, self._last_plays)
        self._last_plays = trick.plays()
        if log is not None:
            log.append(TrickWon(winner, trick.cards[trick.best], sum(self.tricks), trick.pairs()))
        if self.hands[winner]:
            self.trick = Trick(winner, order=self.trick_order, size=self.players)
            self.order.current = winner
            return
        self.trick = None
        self._score_hand()

    def _score_hand(self) -> None:
        """RULING 7 (:func:`hand_scores`), then the next deal or the end of the match."""
        assert self.mode is not None
        deltas = hand_scores(self.tricks, self.winner, self.mode)
        self.last_tricks = tuple(self.tricks)
        self.last_scores = self.board.add_hand(deltas)
        if self.log is not None:
            self.log.append(
                UfosHandScored(
                    self.board.hands_played,
                    self.last_scores,
                    tuple(self.board.totals),
                    self.last_tricks,
                    self.winner,
                    self.mode,
                    self.winning_bid,
                )
            )
        if self.board.hands_played >= self.hands_total:
            self.phase = OVER
            if self.log is not None:
                result = self.result()
                self.log.append(MatchOver(result.scores, result.winners))
            return
        self.order.rotate_dealer()
        self._new_hand()

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    # -- positions (see games.ufos.position) --------------------------------------

    def position_part(self, seat: int | None = None) -> dict[str, Any]:
        from games.ufos.position import position_part

        return position_part(self, seat)

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        return (
            self.order.dealer,
            tuple(self.board.totals),
            min(self.board.hands_played + 1, self.hands_total),
        )

    def restore_position(self, common: Common, part: Any) -> None:
        from games.ufos.position import restore

        restore(self, common, part)

    def horizon(self) -> int:
        """Search rollouts stop at the end of the hand (the next deal is a fresh shuffle)."""
        return self.board.hands_played

    def scores(self) -> tuple[float, ...]:
        """Everyone's points so far (spies and bids paid included)."""
        return tuple(self.board.totals)

    def value(self, seat: int, start: State) -> float:
        """The hand's points (spies included) less the others' mean, over twice the
        tricks of a hand; at the end of the match the win share (see :func:`hand_value`)."""
        assert isinstance(start, UfosState)
        return hand_value(self, seat, self.scores(), start.scores(), 2 * start.size)

    def __deepcopy__(self, memo: dict[int, Any]) -> UfosState:
        """A fast independent copy for :meth:`clone`: only the mutable parts are copied.

        Cards, actions, tuples, the options, the trick orders and a completed
        trick never change and are shared. The generator is shared too: the core
        reseeds it before every chance step.
        """
        new = object.__new__(type(self))
        memo[id(self)] = new
        fields = self.__dict__.copy()
        fields["history"] = self.history.copy()
        if self.log is not None:
            fields["log"] = self.log.copy()
        fields["stock"] = self.stock.copy()
        fields["hands"] = [h.copy() for h in self.hands]
        fields["held"] = self.held.copy()
        fields["won"] = [w.copy() for w in self.won]
        fields["tricks"] = self.tricks.copy()
        if self.trick is not None:
            fields["trick"] = self.trick.copy()
        if self.choice is not None:
            fields["choice"] = SealedChoice(self.choice.seats, self.choice.picks.copy())
        fields["passed"] = self.passed.copy()
        fields["spied"] = self.spied.copy()
        fields["spy_count"] = self.spy_count.copy()
        fields["auction"] = self.auction.copy()
        fields["_bid_view"] = self._bid_view.copy()
        order = self.order
        fields["order"] = TurnOrder(order.players, order.dealer, order.current, order.direction)
        board = self.board
        fields["board"] = Scoreboard(board.totals.copy(), board.floor, board.hands.copy())
        new.__dict__.update(fields)
        return new

    # -- what seats may see -----------------------------------------------------

    def view(self, seat: int) -> UfosView:
        bids = self._bid_view[seat]
        if bids is None:
            bids = self._bid_view[seat] = self._bid_part(seat)
        trick = self.trick
        return UfosView(
            seat,
            self.to_act(),
            self.phase,
            min(self.board.hands_played + 1, self.hands_total),
            self.hands_total,
            self.order.dealer,
            tuple(self.board.totals),
            tuple(self.hands[seat]),
            *bids,
            self._auction_view(),
            tuple(self.passed),
            self.high_bid,
            self.high_bidder if self.high_bidder >= 0 else None,
            self.winner if self.winner >= 0 else None,
            self.winning_bid,
            self.trump,
            self.mode,
            trick.plays() if trick is not None else (),
            trick.leader if trick is not None else None,
            self._last_plays,
            self.last_winner if self.last_winner >= 0 else None,
            tuple(self.tricks),
            self.last_tricks,
            self.last_scores,
            self._earlier,
            self.step_offset + len(self.history),
            self.options.starting_points,
            self.respy,
        )

    def _auction_view(self) -> tuple[tuple[int, str], ...]:
        """The auction so far as ``(seat, action text)``, built once per auction step."""
        shown = self._auction_texts
        if len(shown) != len(self.auction):
            shown = self._auction_texts = tuple((s, str(a)) for s, a in self.auction)
        return shown

    def _bid_part(self, seat: int) -> _BidPart:
        """The bid-card fields of ``seat``'s view (cached until a pick, spy or reveal)."""
        n = self.players
        choice = self.choice
        if choice is None:
            return (BID_SET[seat], None, None, (False,) * n, (None,) * n, (), ())
        known = choice.known_to(seat)
        my = known.get(seat)
        shown: list[Card] = []
        bid_cards = BID_SET[seat]
        if my is not None:
            mine = (SUIT_CARD[seat][my.suit], GAME_CARD[seat][my.game])
            bid_cards = tuple(c for c in bid_cards if c not in mine)
            shown.extend(mine)
        games: tuple[str | None, ...] = (None,) * n
        spied: list[tuple[int, str]] = []
        if choice.revealed:
            games = tuple(known[s].game for s in range(n))
            shown.extend(GAME_CARD[s][known[s].game] for s in range(n) if s != seat)
            seen = self.spied[seat]
            for t in range(n):
                if seen >> t & 1:
                    spied.append((t, known[t].suit))
                    shown.append(SUIT_CARD[t][known[t].suit])
            winner = self.winner
            if winner >= 0 and winner != seat and not seen >> winner & 1:
                shown.append(SUIT_CARD[winner][known[winner].suit])
        return (
            bid_cards,
            my.suit if my is not None else None,
            my.game if my is not None else None,
            tuple(s in choice.picks for s in range(n)),
            games,
            tuple(spied),
            tuple(shown),
        )

    def zones(self) -> tuple[Zone, ...]:
        """The cards and bid cards, each where it is. Every seat has seen the tricks won
        played, and knows the box (the sets of absent seats) and the whole set of a seat
        that has not laid its bid cards down: those zones are visible to everyone."""
        n = self.players
        everyone = _EVERYONE[n]
        zones = [Zone("stock", tuple(self.stock), _NOBODY)]
        for s in range(n):
            zones.append(Zone(f"hand {s}", tuple(self.hands[s]), frozenset({s})))
            zones.append(Zone(f"tricks won {s}", tuple(self.won[s]), everyone))
        zones.append(Zone("trick", tuple(self.trick.cards) if self.trick else (), everyone))
        last = tuple(self.last_trick.cards) if self.last_trick else ()
        zones.append(Zone("last trick", last, everyone))
        picks = self.choice.picks if self.choice is not None else {}
        revealed = len(picks) == n
        for s in range(n):
            pick = picks.get(s)
            if pick is None:
                zones.append(Zone(f"bid cards {s}", BID_SET[s], everyone))
                continue
            suit_card = SUIT_CARD[s][pick.suit]
            game_card = GAME_CARD[s][pick.game]
            rest = tuple(c for c in BID_SET[s] if c is not suit_card and c is not game_card)
            zones.append(Zone(f"bid cards {s}", rest, frozenset({s})))
            if s == self.winner:
                suit_seen = everyone
            else:
                suit_seen = frozenset({s, *(t for t in range(n) if self.spied[t] >> s & 1)})
            zones.append(Zone(f"suit card {s}", (suit_card,), suit_seen))
            zones.append(
                Zone(f"game card {s}", (game_card,), everyone if revealed else frozenset({s}))
            )
        box = tuple(c for s in range(n, MAX_SETS) for c in BID_SET[s])
        zones.append(Zone("box", box, everyone))
        return tuple(zones)


def _card_id(card: Card) -> int:
    return card.id
