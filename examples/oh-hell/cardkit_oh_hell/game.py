"""Oh Hell: bid the exact number of tricks you will take.

The parameters are those of OpenSpiel's ``oh_hell`` (``num_suits``,
``num_cards_per_suit``, ``num_tricks_fixed``, ``off_bid_penalty``,
``points_per_trick``; its ``players`` is the player count), and one hand
plays exactly as there, so the two engines can be checked against each other.
The ``hands`` option makes a match of several hands, the deal passing left.

Chance draws the hand's number of tricks (when it is not fixed) and the first
dealer. Those draws are shuffles of counters kept in the deck beside the
cards: trick counters ``#1``, ``#2``, ... (the top one gives the number of
tricks) and seat counters ``@0``, ``@1``, ... (the top one deals first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
from cardkit import (
    CHANCE,
    Action,
    Bid,
    Card,
    Deck,
    Game,
    Option,
    OptionError,
    ParseError,
    Play,
    Result,
    Scoreboard,
    Shuffle,
    State,
    Trick,
    TrickOrder,
    TurnOrder,
    View,
    Zone,
)
from cardkit.actions import parse_int, words
from cardkit.game import highest
from cardkit.options import OptionValue

from cardkit_oh_hell.bot import HeuristicBot

SUITS = "CDSH"
RANKS = "23456789TJQKA"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
TRICK_COUNTER = "#"
SEAT_COUNTER = "@"
MADE_BID_BONUS = 10
RANDOM_TRICKS = -1

BIDS = tuple(Bid(n) for n in range(len(SUITS) * len(RANKS)))


@attrs.frozen(slots=True)
class Setup:
    """The deck and sizes that the options and the player count give."""

    deck: Deck
    cards: tuple[Card, ...]
    trick_counters: tuple[Card, ...]
    seat_counters: tuple[Card, ...]
    plays: Mapping[Card, Play]
    max_tricks: int


def _int(options: Mapping[str, OptionValue], name: str) -> int:
    value = options[name]
    assert isinstance(value, int)
    return value


_SETUPS: dict[tuple[int, int, int, bool], Setup] = {}


def max_tricks(players: int, options: Mapping[str, OptionValue]) -> int:
    """The most tricks a hand can have: one card is kept back to turn for trump."""
    cards = _int(options, "num_suits") * _int(options, "num_cards_per_suit")
    return (cards - 1) // players


def setup(players: int, options: Mapping[str, OptionValue]) -> Setup:
    """The (cached) deck for these settings: the cards, suit by suit, then the counters."""
    suits, per_suit = _int(options, "num_suits"), _int(options, "num_cards_per_suit")
    random_tricks = options["num_tricks_fixed"] == RANDOM_TRICKS
    key = (players, suits, per_suit, random_tricks)
    found = _SETUPS.get(key)
    if found is not None:
        return found
    top = max_tricks(players, options)
    faces: list[tuple[str, int, str, str]] = [
        (s, r, RANKS[r], s + RANKS[r]) for s in SUITS[:suits] for r in range(per_suit)
    ]
    if random_tricks:
        faces += [(TRICK_COUNTER, n, str(n), f"{TRICK_COUNTER}{n}") for n in range(1, top + 1)]
    faces += [(SEAT_COUNTER, s, str(s), f"{SEAT_COUNTER}{s}") for s in range(players)]
    deck = Deck(f"oh-hell-{suits}x{per_suit}", faces)
    cards = tuple(c for c in deck.cards if c.suit in SUITS)
    built = Setup(
        deck=deck,
        cards=cards,
        trick_counters=tuple(c for c in deck.cards if c.suit == TRICK_COUNTER),
        seat_counters=tuple(c for c in deck.cards if c.suit == SEAT_COUNTER),
        plays={c: Play(c) for c in cards},
        max_tricks=top,
    )
    _SETUPS[key] = built
    return built


@attrs.frozen(slots=True)
class OhHellView(View):
    """What one seat knows: its hand, the trump card, bids, tricks and scores.

    ``trick`` lists ``(seat, card, suit)`` played to the trick in progress,
    ``played`` the cards of the tricks already taken this hand, ``ranks`` the
    cards per suit.
    """

    hand: tuple[Card, ...]
    trump: Card | None
    dealer: int
    num_tricks: int
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card, str], ...]
    played: tuple[Card, ...]
    ranks: int
    scores: tuple[int, ...]
    hand_number: int
    hands: int


class OhHellState(State):
    """A match of Oh Hell: ``hands`` hands, each dealt, bid and played out."""

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        auto_chance: bool,
    ) -> None:
        super().__init__(game, players, seed, options, auto_chance)
        self.table = setup(players, options)
        self.fixed_tricks = _int(options, "num_tricks_fixed")
        self.penalty = bool(options["off_bid_penalty"])
        self.points = _int(options, "points_per_trick")
        self.hands_total = _int(options, "hands")
        self.order = TurnOrder(players)
        self.board = Scoreboard.start(players)
        self.trick_counters = self.table.trick_counters
        self.seat_counters = self.table.seat_counters
        self.stock: list[Card] = list(self.table.cards)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.trump: Card | None = None
        self.trick_order = TrickOrder()
        self.num_tricks = 0
        self.bids: list[int | None] = [None] * players
        self.won = [0] * players
        self.played: list[Card] = []
        self.trick: Trick | None = None
        self.phase = "tricks"  # then "cut", "deal", "bid", "play"; "over" at the end
        self._start_hand()
        if auto_chance:
            self.resolve_chance()

    # -- the flow of a hand ---------------------------------------------------------

    def _start_hand(self) -> None:
        """Before a deal: draw the number of tricks unless it is fixed."""
        if self.fixed_tricks == RANDOM_TRICKS:
            self.phase = "tricks"
        else:
            self.num_tricks = self.fixed_tricks
            self.phase = "cut" if self.board.hands_played == 0 else "deal"

    def chance_cards(self) -> tuple[Card, ...]:
        if self.phase == "tricks":
            return self.trick_counters
        if self.phase == "cut":
            return self.seat_counters
        if self.phase == "deal":
            return self.table.cards
        return ()

    def _to_act(self) -> tuple[int, ...]:
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
            assert self.trick is not None
            plays = self.table.plays
            return tuple(
                plays[c] for c in self.trick_order.playable(self.hands[seat], self.trick.led)
            )
        return ()

    def _hooked_bid(self, seat: int) -> int | None:
        """The bid the dealer's hook forbids ``seat`` (only the last bidder has one)."""
        if seat != self.order.dealer:
            return None
        return self.num_tricks - sum(b for b in self.bids if b is not None)

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._chance(action.cards)
        elif isinstance(action, Bid):
            self.bids[seat] = action.amount
            if seat == self.order.dealer:
                self.phase = "play"
                self.trick = Trick(self.order.left_of_dealer())
            self.order.advance()
        elif isinstance(action, Play):
            self._play(seat, action.card)

    def _chance(self, cards: tuple[Card, ...]) -> None:
        if self.phase == "tricks":
            self.trick_counters = cards
            self.num_tricks = cards[0].rank
            self.phase = "cut" if self.board.hands_played == 0 else "deal"
        elif self.phase == "cut":
            self.seat_counters = cards
            self.order.dealer = cards[0].rank
            self.phase = "deal"
        else:
            self._deal(cards)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        """One card at a time from the left of the dealer, then the trump card is turned."""
        n, k = self.players, self.num_tricks
        first = self.order.left_of_dealer()
        for i in range(n):
            seat = (first + i) % n
            self.hands[seat] = sorted(cards[i : n * k : n], key=lambda c: c.id)
        self.trump = cards[n * k]
        self.stock = list(cards[n * k + 1 :])
        self.trick_order = TrickOrder(trump=self.trump.suit)
        self.order.current = first
        self.phase = "bid"

    def _play(self, seat: int, card: Card) -> None:
        assert self.trick is not None
        self.hands[seat].remove(card)
        self.trick.add(seat, card, self.trick_order)
        if len(self.trick) < self.players:
            self.order.advance()
            return
        winner = self.trick.winner(self.trick_order)
        self.won[winner] += 1
        self.played.extend(self.trick.cards)
        self.trick = Trick(winner)
        self.order.current = winner
        if not self.hands[winner]:
            self._end_hand()

    def hand_scores(self) -> tuple[int, ...]:
        """This hand's points per seat, as OpenSpiel's ``oh_hell`` scores them."""
        out: list[int] = []
        for bid, won in zip(self.bids, self.won, strict=True):
            if won == bid:
                out.append(self.points * won + MADE_BID_BONUS)
            elif self.penalty:
                assert bid is not None
                out.append(-self.points * abs(won - bid))
            else:
                out.append(self.points * won)
        return tuple(out)

    def _end_hand(self) -> None:
        self.board.add_hand(self.hand_scores())
        self.trick = None
        if self.board.hands_played >= self.hands_total:
            self.phase = "over"
            return
        self.order.rotate_dealer()
        self.stock = list(self.table.cards)
        self.trump = None
        self.trick_order = TrickOrder()
        self.bids = [None] * self.players
        self.won = [0] * self.players
        self.played = []
        self._start_hand()

    # -- results, views, zones --------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    def view(self, seat: int) -> OhHellView:
        return OhHellView(
            seat=seat,
            to_act=self.to_act(),
            hand=tuple(self.hands[seat]),
            trump=self.trump,
            dealer=self.order.dealer,
            num_tricks=self.num_tricks,
            bids=tuple(self.bids),
            tricks_won=tuple(self.won),
            trick=self.trick.plays() if self.trick is not None else (),
            played=tuple(self.played),
            ranks=_int(self.options, "num_cards_per_suit"),
            scores=tuple(self.board.totals),
            hand_number=self.board.hands_played + 1,
            hands=self.hands_total,
        )

    def zones(self) -> tuple[Zone, ...]:
        everyone = frozenset(range(self.players))
        zones = [
            Zone("stock", tuple(self.stock), frozenset()),
            Zone("trump card", (self.trump,) if self.trump is not None else (), everyone),
            Zone("played", tuple(self.played), everyone),
            Zone("trick", tuple(self.trick.cards) if self.trick else (), everyone),
            Zone("trick counters", self.trick_counters, everyone),
            Zone("seat counters", self.seat_counters, everyone),
        ]
        zones.extend(
            Zone(f"hand {s}", tuple(self.hands[s]), frozenset({s})) for s in range(self.players)
        )
        return tuple(zones)

    def explain(self, seat: int, action: Action) -> tuple[str, str]:
        if seat == self.order.current and self.phase == "bid" and isinstance(action, Bid):
            if action.amount == self._hooked_bid(seat):
                return (
                    "dealer-hook",
                    f"the dealer may not bid {action.amount}: the bids would total "
                    f"the {self.num_tricks} tricks",
                )
            return "bad-bid", f"bid from 0 to {self.num_tricks}"
        if seat == self.order.current and self.phase == "play" and isinstance(action, Play):
            if action.card not in self.hands[seat]:
                return "not-in-hand", f"{action.card} is not in your hand"
            assert self.trick is not None and self.trick.led is not None
            name = SUIT_NAMES[self.trick.led]
            return "must-follow-suit", f"{name} were led and you hold {name}: follow suit"
        return super().explain(seat, action)


class OhHellGame(Game):
    """Oh Hell with OpenSpiel's parameters; see :data:`RULES`."""

    id = "oh-hell"
    name = "Oh Hell"
    summary = "bid the exact number of tricks you will take; the dealer's bid may not fit"
    min_players = 3
    max_players = 7
    default_players = 3
    options = (
        Option(
            "num_suits",
            "int",
            4,
            "suits in the deck (clubs, diamonds, spades, hearts)",
            low=1,
            high=4,
        ),
        Option("num_cards_per_suit", "int", 13, "cards per suit, from the 2 up", low=2, high=13),
        Option(
            "num_tricks_fixed",
            "int",
            RANDOM_TRICKS,
            "tricks (cards dealt to each) per hand; -1 draws it at random each hand",
            low=-1,
        ),
        Option(
            "off_bid_penalty", "bool", False, "a missed bid loses points_per_trick per trick off"
        ),
        Option("points_per_trick", "int", 1, "points for each trick taken", low=0, high=1000),
        Option("hands", "int", 1, "hands in a match; the deal passes left", low=1, high=100),
    )
    rules = """\
**Oh Hell** for 3 to 7 players, with 52 cards (or fewer, by options).

1. **Deal.** The first dealer is drawn at random; then the deal passes left.
   Each player gets the hand's number of cards (drawn at random from 1 to the
   most the deck allows, or fixed by `num_tricks_fixed`), one at a time from
   the dealer's left. The next card is turned face up: its suit is trump.
2. **Bid.** From the dealer's left, each player bids how many tricks they will
   take, from 0 to the number of tricks. The dealer bids last and may not bid
   so that the bids add up to the number of tricks (the *hook*): someone must
   miss.
3. **Play.** The player left of the dealer leads. Follow suit if you can;
   otherwise play any card. The highest trump wins the trick, else the highest
   card of the suit led. The winner leads the next trick.
4. **Score.** Each trick taken scores `points_per_trick`; an exact bid scores
   10 more. With `off_bid_penalty`, a missed bid instead loses
   `points_per_trick` for each trick over or under.
5. **Match.** `hands` hands; the highest total wins.

Cards read suit then rank: `HQ` is the queen of hearts, `CT` the ten of clubs.
Actions: `bid 2`, `play HQ`.
"""
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}
    suit_styles: ClassVar[Mapping[str, str]] = {
        "C": "green",
        "D": "yellow",
        "S": "blue",
        "H": "red",
    }

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], auto_chance: bool
    ) -> OhHellState:
        return OhHellState(self, players, seed, options, auto_chance)

    def deck(self, players: int, options: Mapping[str, OptionValue]) -> Deck:
        return setup(players, options).deck

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        cards = _int(options, "num_suits") * _int(options, "num_cards_per_suit")
        if players > cards - 1:
            raise OptionError(
                f"{players} players need at least {players + 1} cards; "
                f"num_suits x num_cards_per_suit gives {cards}"
            )
        fixed = _int(options, "num_tricks_fixed")
        top = max_tricks(players, options)
        if fixed != RANDOM_TRICKS and not 1 <= fixed <= top:
            raise OptionError(
                f"bad value {fixed} for option 'num_tricks_fixed': allowed -1 (random) "
                f"or 1 to {top} with {players} players and {cards} cards"
            )

    def parse_action(self, text: str, state: State | None = None) -> Action:
        parts = words(text)
        if parts[0] == "bid" and len(parts) == 2:
            amount = parse_int(parts[1], "a bid")
            if not 0 <= amount < len(BIDS):
                raise ParseError(f"a bid is a number of tricks from 0 to {len(BIDS) - 1}")
            return BIDS[amount]
        if parts[0] == "play" and len(parts) == 2:
            deck = state.game.deck(state.players, state.options) if state else _DEFAULT.deck
            return Play(deck.card(parts[1]))
        raise ParseError(f"cannot read {text!r}: actions look like 'bid 2' or 'play HQ'")

    def max_steps(self, players: int, options: Mapping[str, OptionValue]) -> int:
        per_hand = 3 + players + players * max_tricks(players, options)
        return per_hand * _int(options, "hands")

    def describe(self, state: State, seat: int, action: Action, viewer: int | None) -> str:
        if seat != CHANCE or not isinstance(state, OhHellState):
            return super().describe(state, seat, action, viewer)
        assert isinstance(action, Shuffle)
        if state.phase == "tricks":
            return f"this hand has {action.cards[0].rank} tricks"
        if state.phase == "cut":
            return f"seat {action.cards[0].rank} deals first"
        turned = action.cards[state.players * state.num_tricks]
        return f"the cards are dealt; {turned} is turned: {SUIT_NAMES[turned.suit]} are trump"


_DEFAULT = setup(3, {o.name: o.default for o in OhHellGame.options})

GAME = OhHellGame()
