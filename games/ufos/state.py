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

Each phase takes the action kinds :attr:`UfosState.phases` lists; each rule is
stated once, per action kind (``_refuse_pass``, ``_refuse_wait``, ``_refuse_bid``,
``_refuse_spy``, ``_refuse_play``); the legal actions are built from the same helpers
(``_bid_range``, ``_spy_cost``, ``_spied_already``, :func:`lead_declares`, the trick
order's ``playable_mask``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from cardkit import (
    CHANCE,
    Action,
    Bid,
    Card,
    Pass,
    Result,
    Scoreboard,
    Shuffle,
    State,
    Trick,
    TrickOrder,
    Zone,
)
from cardkit.errors import ParseError, PositionError
from cardkit.events import BidMade, Dealt, MatchOver, Played, Received, TrickWon, only, others
from cardkit.game import Refusal, hand_value, highest
from cardkit.positions import Common
from cardkit.zones import Cards, Place, layout
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
    parse,
)
from games.ufos.cards import (
    B10,
    B12,
    BID_DECK,
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
from games.ufos.options import RESPY_LIMIT, UfosOptions
from games.ufos.view import UfosView

PHASES = DEAL, CHOOSE, AUCTION, PLAY, OVER = ("deal", "choose", "auction", "play", "over")

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
_SEATS: tuple[tuple[int], ...] = tuple((s,) for s in range(MAX_SETS))

PLACES = (
    Place("stock"),
    Place("trick", "all"),
    Place("tricks won", "all", per_seat=True),
    Place("hand", "owner", per_seat=True),
)
"""Where the cards are: the stock (the deck between hands), the trick in progress, each
seat's tricks won (every seat saw them played; the last one stays face up until the
next trick is complete) and each seat's hand: zone ``WON + s`` holds seat ``s``'s tricks
won and zone ``WON + players + s`` its hand."""
STOCK, TRICK, WON = 0, 1, 2

BID_PLACES = (
    Place("box", "all"),
    Place("game cards", "all"),
    Place("trump card", "all"),
    Place("bid set", "all", per_seat=True),
    Place("bid cards", "owner", per_seat=True),
    Place("suit card", "owner", per_seat=True),
    Place("game card", "owner", per_seat=True),
)
"""Where the bid cards are: the box (the sets of absent seats), the Game Cards once all
are face up, the bid winner's Suit Card face up, then per seat: its set before it picks
(everyone knows it), the bid cards it did not lay down, its Suit Card face down (known to
the seats that spied it) and its Game Card face down until every seat has picked; zone
``SETS + k * players + s`` is seat ``s``'s zone of the ``k``-th of these."""
BOX, GAMES_UP, TRUMP_UP, SETS = 0, 1, 2, 3

LETTERS: tuple[str, ...] = tuple(
    next(k for k, v in (SUIT_NAMES | {g: g for g in GAMES}).items() if c.label == v)
    for c in BID_DECK.faces
)
"""By bid card id: the letter of a Suit Card (R, Y, G, T, X) or the name of a Game Card."""
SET_BITS: tuple[int, ...] = tuple(BID_DECK.mask(BID_SET[s]) for s in range(MAX_SETS))
"""The bid cards of each set, a mask."""

ONE_COPY = sum(1 << i for i, c in enumerate(DECK.cards) if DECK.cards.count(c) == 1)
"""The physical cards (bits of a zone's mask) of the faces the deck holds once: for
these, physical card ``i`` is face ``i`` (its ``Card.bit``)."""
B10_COPIES = sum(1 << i for i, c in enumerate(DECK.cards) if c is B10)
B12_COPIES = sum(1 << i for i, c in enumerate(DECK.cards) if c is B12)
assert all(DECK.cards[i] is DECK.faces[i] for i in range(ONE_COPY.bit_length()))


def faces(held: int) -> int:
    """The faces (a mask of ``Card.bit``) of the physical cards ``held``."""
    out = held & ONE_COPY
    if held & B10_COPIES:
        out |= B10.bit
    if held & B12_COPIES:
        out |= B12.bit
    return out


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


def lay_down(cards: Cards, seat: int, suit: str, game: str) -> None:
    """In the bid ``cards``, ``seat`` lays down its Suit Card ``suit`` and Game Card ``game``."""
    n = cards.layout.players
    rest = SETS + n + seat
    cards.move_all(SETS + seat, rest)
    cards.move(SUIT_CARD[seat][suit], rest, rest + n)
    cards.move(GAME_CARD[seat][game], rest, rest + 2 * n)


def lay_out(
    players: int,
    picks: Sequence[tuple[str, str] | None] = (),
    spied: Sequence[int] = (),
    winner: int = -1,
) -> Cards:
    """A hand's bid cards: each seat's set ready or, once it picked (``picks[seat]``: its
    Suit Card and Game Card), laid down face down; the Game Cards face up once all have
    picked, each Suit Card a seat spied (``spied[seat]``: a mask of seats) known to it, and
    the bid ``winner``'s face up."""
    n = players
    cards = layout(BID_DECK, BID_PLACES, n).new(BOX)
    cards.deal(BOX, [(SETS + s, BID_SET[s]) for s in range(n)])
    for seat, pick in enumerate(picks):
        if pick is not None:
            lay_down(cards, seat, *pick)
    for seat in range(n) if picks and all(picks) else ():
        cards.move_all(SETS + 3 * n + seat, GAMES_UP)
    for seat, seen in enumerate(spied):
        for target in (t for t in range(n) if seen >> t & 1):
            cards.show(seat, SETS + 2 * n + target)
    if winner >= 0:
        cards.move_all(SETS + 2 * n + winner, TRUMP_UP)
    return cards


def auction_action(text: str, players: int) -> Action | None:
    """The auction action ``text`` names (pass, bid, wait, or a spy on one of ``players``
    seats), else None."""
    try:
        action = parse(text)
    except ParseError:
        return None
    spy = isinstance(action, Spy) and 0 <= action.target < players
    return action if spy or isinstance(action, Pass | Bid | Wait) else None


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
    """One U.F.O.s match; see the module docstring for the flow of a hand.

    The :attr:`record` is the whole state (the play cards in :attr:`cards`, zones
    :data:`PLACES`; the bid cards in :attr:`bid_cards`, zones :data:`BID_PLACES`); every
    other field follows from it (:meth:`derive`).
    """

    options: UfosOptions
    phase: str
    dealer: int
    board: Scoreboard
    last_tricks: tuple[int, ...]
    """Each seat's tricks in the hand scored last (0 before the first)."""
    bid_cards: Cards
    auction: tuple[tuple[int, str], ...]
    """This hand's auction so far: ``(seat, action text)`` in order."""
    finished: tuple[tuple[tuple[int, Card, str], ...], ...]
    """This hand's finished tricks: ``(seat, card, suit in the trick)`` in play order."""
    trick: Trick
    cards: Cards
    trump: str | None
    mode: str | None
    record = (
        "phase",
        "dealer",
        "board",
        "last_tricks",
        "bid_cards",
        "auction",
        "finished",
        "trick",
        "cards",
    )
    copied = ("cards", "bid_cards", "trick")  # the rest is replaced, never changed in place

    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {
        CHOOSE: (Choose,),
        AUCTION: (Pass, Bid, Spy, Wait),
        PLAY: (PlayCard,),
    }

    def setup(self) -> None:
        o = self.options
        players = self.players
        self.hands_total = o.hands_per_player * players
        self.respy = o.respy
        self.size = len(DECK) // players
        self.hand0 = WON + players
        """The zone of seat 0's hand (seat ``s``'s is ``hand0 + s``)."""
        self.dealer = 0
        self.board = Scoreboard.start(players, o.starting_points, floor=0)
        self.last_tricks = (0,) * players
        self._new_hand()

    def _new_hand(self) -> None:
        """Gather every card for the next deal and clear the hand's state."""
        n = self.players
        self.phase = DEAL
        self.cards = layout(DECK, PLACES, n).new(STOCK)
        self.bid_cards = lay_out(n)
        self.auction = ()
        self.finished = ()
        self.trick = Trick(-1, order=ORDERS["X"], size=n)
        self.derive()

    def derive(self) -> None:
        """Set what follows from the record: the auction's standing (:meth:`walk_auction`), whose
        turn it is, the bid winner with its trump and game, the tricks taken this hand
        and the points of the hand scored last."""
        n = self.players
        for _ in self.walk_auction():
            pass
        up = self.bid_cards.masks[TRUMP_UP]
        shown = [(s, x) for s in range(n) for x in TRUMP_CHOICES if up == SUIT_CARD[s][x].bit]
        self.winner, self.trump = shown[0] if shown else (-1, None)
        self.mode = self.game_of(self.winner) if shown else None
        self.trick_order, self._follows = ORDERS[self.trump or "X"], _FOLLOWS[self.trump or "X"]
        trick = self.trick
        if trick.order is not self.trick_order:  # read by the order of no trump
            self.trick = Trick(trick.leader, order=self.trick_order, size=n)
            for i, (seat, card) in enumerate(trick.pairs()):
                self.trick.play(seat, card, None if i else trick.led)
        if self.phase == PLAY:
            self.current = (self.trick.leader + len(self.trick)) % n
        # each finished trick's winner leads the next one (the last one's, the trick now)
        leaders = [t[0][0] for t in self.finished[1:] if t] + [self.trick.leader]
        self.tricks = tuple(leaders.count(s) if self.finished else 0 for s in range(n))
        self.last_scores = self.board.hands[-1] if self.board.hands else (0,) * n
        self._bid_view: tuple[_BidPart | None, ...] = (None,) * n

    def walk_auction(self) -> Iterator[tuple[int, Action | None]]:
        """The auction's standing from the start of the hand, entry by entry: each is
        yielded (None for an entry naming no auction action of a seat), then taken."""
        n = self.players
        self.current, self.passed, self.n_passed = self.dealer, (False,) * n, 0
        self.high_bid, self.high_bidder, self.spied, self.spy_count = 0, -1, (0,) * n, (0,) * n
        for seat, text in self.auction:
            action = auction_action(text, n) if 0 <= seat < n else None
            yield seat, action
            if action is not None:
                self._take(seat, action)

    # -- the core protocol ------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return DECK.cards if self.phase == DEAL else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """The deal's shuffle: a block of a hand's size to each seat, from seat 0."""
        if self.phase != DEAL:
            return ()
        return tuple((s, self.size) for s in range(self.players))

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (PLAY, AUCTION):
            return _SEATS[self.current]
        if phase == CHOOSE:
            return tuple(s for s in range(self.players) if not self.picked(s))
        if phase == DEAL:
            return (CHANCE,)
        return ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY:
            return self._legal_plays(seat) if seat == self.current else ()
        if phase == AUCTION:
            return self._legal_auction(seat) if seat == self.current else ()
        if phase == CHOOSE:
            return CHOOSES if 0 <= seat < self.players and not self.picked(seat) else ()
        return ()

    def _legal_plays(self, seat: int) -> tuple[Action, ...]:
        """Leads by :func:`lead_declares`, follows by the trick order's ``playable_mask``."""
        led = self.trick.led
        held = faces(self.cards.masks[self.hand0 + seat])
        if led is None:
            return _LEAD_TABLE.of(held)
        return self._follows(held, led)

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
        """The words of a refusal; the core words an action the phase does not take
        (:attr:`phases`), a seat not to act and what is legal."""
        phase = self.phase
        n = self.players
        if not 0 <= seat < n:
            return Refusal("no-such-seat", f"there is no seat {seat}; seats are 0 to {n - 1}")
        if phase == DEAL:
            return Refusal("deal-due", "the cards have not been dealt yet")
        if phase == CHOOSE and self.picked(seat):
            return Refusal("already-chosen", "you already chose your bid cards this hand")
        if phase == AUCTION:
            return self._refuse_auction(seat, action)
        if isinstance(action, PlayCard) and phase == PLAY:
            return self._refuse_play(seat, action)
        return None

    def _refuse_auction(self, seat: int, action: Action) -> Refusal | None:
        """RULING 2: in turn, from the dealer; a pass is final."""
        if self.passed[seat]:
            if isinstance(action, Spy):
                return Refusal(
                    "passed-cannot-spy", "you passed; a player who has passed may not spy"
                )
            return Refusal("passed", "you passed; a pass is final for the rest of this auction")
        current = self.current
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
        return None

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
        current = self.current
        if seat != current:
            return Refusal("not-your-turn", f"it is seat {current}'s turn to play")
        card = action.card
        if not self.cards.holds(self.hand0 + seat, card):
            return Refusal("not-in-hand", f"you do not hold {card.text}")
        led = self.trick.led
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
        if led is not None and order.must_follow(
            faces(self.cards.masks[self.hand0 + seat]), card, led
        ):
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
        size, hand0 = self.size, self.hand0
        shares = [(hand0 + s, cards[s * size : (s + 1) * size]) for s in range(self.players)]
        self.cards.deal(STOCK, shares)
        self.phase = CHOOSE
        if self.log is not None:
            number = self.board.hands_played + 1
            self.log.append(Dealt(self.dealer, size, number, self.hands_total))
            for seat in range(self.players):
                hand = self.cards.cards(hand0 + seat)
                self.log.append(Received(seat, hand, to=only(seat)))

    def _choose(self, seat: int, action: Choose) -> None:
        n = self.players
        self._bid_view = (None,) * n
        if self.log is not None:
            self.log.append(Chose(seat, to=others(n, seat), cover=True))
            self.log.append(Chose(seat, action.suit, action.game, to=only(seat)))
        lay_down(self.bid_cards, seat, action.suit, action.game)
        if not self.to_act():
            for s in range(n):  # every seat has picked: the Game Cards are turned up
                self.bid_cards.move_all(SETS + 3 * n + s, GAMES_UP)
            self.phase = AUCTION
            self.current = self.dealer
            if self.log is not None:
                self.log.append(GameCardsRevealed(tuple(self.game_of(s) for s in range(n))))

    # -- the bid cards ----------------------------------------------------------------

    def picked(self, seat: int) -> bool:
        """Whether ``seat`` has laid its bid cards down this hand."""
        return not self.bid_cards.masks[SETS + seat]

    def suit_of(self, seat: int) -> str:
        """The Suit Card ``seat`` laid down (it has picked)."""
        masks = self.bid_cards.masks
        card = masks[SETS + 2 * self.players + seat] or masks[TRUMP_UP] & SET_BITS[seat]
        return LETTERS[card.bit_length() - 1]

    def game_of(self, seat: int) -> str:
        """The Game Card ``seat`` laid down (it has picked)."""
        masks = self.bid_cards.masks
        card = (masks[SETS + 3 * self.players + seat] | masks[GAMES_UP]) & SET_BITS[seat]
        return LETTERS[card.bit_length() - 1]

    def _bid_turn(self, seat: int, action: Action) -> None:
        self.auction = (*self.auction, (seat, str(action)))
        log = self.log
        if isinstance(action, Spy):
            target = action.target
            board = self.board = self.board.copy()  # a copy shares the old board
            board.add(seat, -1)
            board.add(target, 1)
            self._bid_view = _replaced(self._bid_view, seat, None)
            self.bid_cards.show(seat, SETS + 2 * self.players + target)
            if log is not None:
                suit = self.suit_of(target)
                log.append(Spied(seat, target))
                log.append(SuitCardSeen(seat, target, SUIT_CARD[target][suit], suit, to=only(seat)))
        elif log is not None:
            if isinstance(action, Pass):
                log.append(Passed(seat))
            elif isinstance(action, Bid):
                log.append(BidMade(seat, action.amount))
            else:
                log.append(Waited(seat))
        self._take(seat, action)
        if self.auction_over():
            high = self.high_bidder
            self._win_bid(high if high >= 0 else self.dealer, self.high_bid)

    def _take(self, seat: int, action: Action) -> None:
        """The auction's standing after ``seat``'s ``action``: who passed, the standing bid,
        who spied on whom and, unless the auction is over, whose turn it is."""
        if isinstance(action, Pass):
            self.passed = _replaced(self.passed, seat, True)
            self.n_passed += 1
        elif isinstance(action, Bid):
            self.high_bid = action.amount
            self.high_bidder = seat
        elif isinstance(action, Spy):
            self.spied = _replaced(self.spied, seat, self.spied[seat] | 1 << action.target)
            self.spy_count = _replaced(self.spy_count, seat, self.spy_count[seat] + 1)
        if not self.auction_over():
            n, passed = self.players, self.passed
            current = (self.current + 1) % n
            while passed[current]:
                current = (current + 1) % n
            self.current = current

    def auction_over(self) -> bool:
        """RULING 2: the auction ends when all but the standing high bidder have passed (or
        all have, and the dealer wins the bid at 0)."""
        n, passed = self.players, self.n_passed
        return passed == n or (passed == n - 1 and self.high_bidder >= 0)

    def _win_bid(self, winner: int, amount: int) -> None:
        """RULING 4: the winner pays the bid and shows its Suit Card; it leads."""
        board = self.board = self.board.copy()
        board.add(winner, -amount)
        suit, game = self.suit_of(winner), self.game_of(winner)
        self.bid_cards.move_all(SETS + 2 * self.players + winner, TRUMP_UP)
        self.winner = winner
        self.trump = suit
        self.mode = game
        self.trick_order = ORDERS[suit]
        self._follows = _FOLLOWS[suit]
        self._bid_view = (None,) * self.players
        self.trick = Trick(winner, order=self.trick_order, size=self.players)
        self.current = winner
        self.phase = PLAY
        if self.log is not None:
            self.log.append(AuctionWon(winner, amount, suit, game, self.high_bidder >= 0))
            self.log.append(SuitCardShown(winner, SUIT_CARD[winner][suit], suit))

    def _play(self, seat: int, card: Card, declare: str | None) -> None:
        trick = self.trick
        cards = self.cards
        winner = cards.play(self.hand0 + seat, card, TRICK, trick, declare)
        log = self.log
        if log is not None:
            log.append(Played(seat, card, declare))
        if winner < 0:
            self.current = (self.current + 1) % self.players
            return
        self.tricks = _replaced(self.tricks, winner, self.tricks[winner] + 1)
        cards.move_all(TRICK, WON + winner)
        self.finished = (*self.finished, trick.plays())
        if log is not None:
            log.append(TrickWon(winner, trick.cards[trick.best], sum(self.tricks), trick.pairs()))
        trick.restart(winner)
        if cards.masks[self.hand0 + winner]:
            self.current = winner
            return
        self._score_hand()

    def _score_hand(self) -> None:
        """RULING 7 (:func:`hand_scores`), then the next deal or the end of the match."""
        assert self.mode is not None
        deltas = hand_scores(self.tricks, self.winner, self.mode)
        self.last_tricks = self.tricks
        board = self.board = self.board.copy()
        self.last_scores = board.add_hand(deltas)
        if self.log is not None:
            self.log.append(
                UfosHandScored(
                    self.board.hands_played,
                    self.last_scores,
                    tuple(self.board.totals),
                    self.last_tricks,
                    self.winner,
                    self.mode,
                    self.high_bid,
                )
            )
        if self.board.hands_played >= self.hands_total:
            self.phase = OVER
            if self.log is not None:
                result = self.result()
                self.log.append(MatchOver(result.scores, result.winners))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._new_hand()

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    # -- positions (see games.ufos.position) --------------------------------------

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        hand = min(self.board.hands_played + 1, self.hands_total)
        return self.dealer, tuple(self.board.totals), hand

    def restore_position(self, common: Common, part: Any) -> None:
        """The core reads the record; a version 1 part is read as a record first
        (:func:`games.ufos.position.first_version`)."""
        from games.ufos.position import first_version

        if common.version == 1:
            try:
                part = first_version(self, common, part)
            except (LookupError, TypeError, ValueError) as exc:
                if isinstance(exc, PositionError):
                    raise
                raise PositionError(f"a version 1 game part that cannot be read: {exc}") from None
        super().restore_position(common, part)

    def check_position(self) -> None:
        from games.ufos.position import check

        check(self)

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

    # -- what seats may see -----------------------------------------------------

    def view(self, seat: int) -> UfosView:
        bids = self._bid_view[seat]
        if bids is None:
            bids = self._bid_part(seat)
            self._bid_view = _replaced(self._bid_view, seat, bids)
        trick, finished, play = self.trick, self.finished, self.phase == PLAY
        return UfosView(
            seat,
            self.to_act(),
            self.phase,
            min(self.board.hands_played + 1, self.hands_total),
            self.hands_total,
            self.dealer,
            tuple(self.board.totals),
            self.cards.cards(self.hand0 + seat),
            *bids,
            self.auction,
            tuple(self.passed),
            self.high_bid,
            self.high_bidder if self.high_bidder >= 0 else None,
            self.winner if self.winner >= 0 else None,
            self.high_bid if self.winner >= 0 else 0,
            self.trump,
            self.mode,
            trick.plays() if play else (),
            trick.leader if play else None,
            finished[-1] if finished else (),
            trick.leader if finished else None,
            tuple(self.tricks),
            self.last_tricks,
            self.last_scores,
            finished[:-1],
            self.step_offset + len(self.history),
            self.options.starting_points,
            self.respy,
            self.cards.seen_by(seat),
        )

    def _bid_part(self, seat: int) -> _BidPart:
        """The bid-card fields of ``seat``'s view (cached until a pick, spy or reveal)."""
        n = self.players
        picked = tuple(self.picked(s) for s in range(n))
        shown: list[Card] = []
        bid_cards = BID_SET[seat]
        my_suit: str | None = None
        my_game: str | None = None
        if picked[seat]:
            my_suit, my_game = self.suit_of(seat), self.game_of(seat)
            mine = (SUIT_CARD[seat][my_suit], GAME_CARD[seat][my_game])
            bid_cards = tuple(c for c in bid_cards if c not in mine)
            shown.extend(mine)
        games: tuple[str | None, ...] = (None,) * n
        spied: list[tuple[int, str]] = []
        if all(picked):
            games = tuple(self.game_of(s) for s in range(n))
            shown.extend(GAME_CARD[s][self.game_of(s)] for s in range(n) if s != seat)
            seen = self.spied[seat]
            for t in range(n):
                if seen >> t & 1:
                    spied.append((t, self.suit_of(t)))
                    shown.append(SUIT_CARD[t][self.suit_of(t)])
            winner = self.winner
            if winner >= 0 and winner != seat and not seen >> winner & 1:
                shown.append(SUIT_CARD[winner][self.suit_of(winner)])
        return (bid_cards, my_suit, my_game, picked, games, tuple(spied), tuple(shown))

    def zones(self) -> tuple[Zone, ...]:
        """The cards (:data:`PLACES`) and the bid cards (:data:`BID_PLACES`), each where it is."""
        return self.cards.zones() + self.bid_cards.zones()


T = TypeVar("T")


def _replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the one at ``index`` replaced by ``value``."""
    changed = list(values)
    changed[index] = value
    return tuple(changed)
