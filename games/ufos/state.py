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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from cardkit import (
    CHANCE,
    Action,
    Bid,
    Card,
    Game,
    Pass,
    Result,
    Scoreboard,
    SealedChoice,
    Shuffle,
    State,
    Trick,
    TrickOrder,
    TurnOrder,
    View,
    Zone,
)
from cardkit.game import highest
from cardkit.options import OptionValue
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
    MAX_SETS,
    SUIT_CARD,
    SUIT_NAMES,
    SUITS,
    TRUMP_CHOICES,
)

DEAL, CHOOSE, AUCTION, PLAY, OVER = "deal", "choose", "auction", "play", "over"

RESPY_LIMIT = 10
"""With ``respy`` on, the most spies one player makes in one hand (keeps auctions finite)."""

ORDERS: dict[str, TrickOrder] = {
    t: TrickOrder(trump=None if t == "X" else t, adopters=BLUES, deck=DECK) for t in TRUMP_CHOICES
}
"""The trick order for each Suit Card: its suit is trump (none for X); Blues adopt."""

_LEAD_TABLE = DECK.table_of(
    lambda c: tuple(LEADS[(c, s)] for s in SUITS) if c in BLUES else (PLAYS[c.id],)
)
"""The leads of a bitmask of faces, by card id: a Blue once per suit it may be declared."""
_PLAY_TABLE = DECK.table(lambda c: PLAYS[c.id])
"""The plays of a bitmask of faces, by card id."""
_FOLLOWS: dict[str, Callable[[int, str | None], tuple[PlayCard, ...]]] = {
    t: order.legal_for(_PLAY_TABLE) for t, order in ORDERS.items()
}
"""For each Suit Card, the plays its trick order allows from a bitmask of faces."""
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


@attrs.frozen(slots=True)
class UfosView(View):
    """What one seat may know.

    ``hand``: own cards. ``bid_cards``: own bid cards not played;
    ``my_suit``/``my_game``: own pick (suit letter R, Y, G, T or X; high/low).
    ``picked``: who has laid bid cards down. ``games``: every Game Card once
    revealed (else None). ``spied``: ``(seat, suit letter)`` for each Suit Card
    this seat has seen by spying. ``shown``: the bid cards face up for this
    seat (own picks, revealed Game Cards, spied Suit Cards, the winner's Suit
    Card). ``points``: everyone's points. ``auction``: ``(seat, action text)``
    in order; ``passed``; ``high_bid``/``high_bidder`` (0/None before a bid).
    ``bid_winner``, ``winning_bid``, ``trump`` (R, Y, G, T, or X for no trump)
    and ``game`` once the auction is over. ``trick``: ``(seat, card, suit in
    trick)`` of the trick in play, led by ``leader``; ``last_trick`` and
    ``last_winner``: the trick just completed. ``tricks``: tricks taken.
    ``last_tricks`` and ``last_scores``: each seat's tricks and points in the
    previous hand.
    """

    phase: str
    hand_number: int
    hands_total: int
    dealer: int
    points: tuple[int, ...]
    hand: tuple[Card, ...]
    bid_cards: tuple[Card, ...]
    my_suit: str | None
    my_game: str | None
    picked: tuple[bool, ...]
    games: tuple[str | None, ...]
    spied: tuple[tuple[int, str], ...]
    shown: tuple[Card, ...]
    auction: tuple[tuple[int, str], ...]
    passed: tuple[bool, ...]
    high_bid: int
    high_bidder: int | None
    bid_winner: int | None
    winning_bid: int
    trump: str | None
    game: str | None
    trick: tuple[tuple[int, Card, str], ...]
    leader: int | None
    last_trick: tuple[tuple[int, Card, str], ...]
    last_winner: int | None
    tricks: tuple[int, ...]
    last_tricks: tuple[int, ...]
    last_scores: tuple[int, ...]


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

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        auto_chance: bool = True,
    ) -> None:
        super().__init__(game, players, seed, options, auto_chance)
        start = options["starting_points"]
        per_player = options["hands_per_player"]
        assert isinstance(start, int) and isinstance(per_player, int)
        self.hands_total = per_player * players
        self.respy = bool(options["respy"])
        self.size = len(DECK) // players
        self.order = TurnOrder(players, dealer=0)
        self.board = Scoreboard.start(players, start, floor=0)
        self.last_scores: tuple[int, ...] = (0,) * players
        self.last_tricks: tuple[int, ...] = (0,) * players
        self._new_hand()
        if auto_chance:
            self.resolve_chance()

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
        self.last_trick: Trick | None = None
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
        self._last_plays: tuple[tuple[int, Card, str], ...] = ()
        self._auction_texts: tuple[tuple[int, str], ...] = ()
        self._bid_view: list[_BidPart | None] = [None] * n

    # -- the core protocol ------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return tuple(self.stock) if self.phase == DEAL else ()

    def _to_act(self) -> tuple[int, ...]:
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
            assert self.choice is not None
            return CHOOSES if seat in self.choice.seats and seat not in self.choice.picks else ()
        return ()

    def _legal_plays(self, seat: int) -> tuple[Action, ...]:
        assert self.trick is not None
        suits = self.trick.suits
        if not suits:
            return _LEAD_TABLE.of(self.held[seat])
        assert self.trump is not None
        return _FOLLOWS[self.trump](self.held[seat], suits[0])

    def _legal_auction(self, seat: int) -> tuple[Action, ...]:
        points = self.board.totals[seat]
        out: list[Action]
        if seat == self.high_bidder:
            out = [WAIT]
            can_spy = points - 1 >= self.high_bid
        else:
            out = [PASS]
            out.extend(bids(self.high_bid + 1, points))
            can_spy = points >= 1
        if can_spy:
            if self.respy:
                if self.spy_count[seat] < RESPY_LIMIT:
                    out.extend(SPIES[t] for t in range(self.players) if t != seat)
            else:
                seen = self.spied[seat]
                out.extend(SPIES[t] for t in range(self.players) if t != seat and not seen >> t & 1)
        return tuple(out)

    def _apply(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase == PLAY:
            assert isinstance(action, PlayCard)
            self._play(seat, action.card, action.declare)
        elif phase == AUCTION:
            self._bid_turn(seat, action)
        elif phase == CHOOSE:
            assert self.choice is not None and isinstance(action, Choose)
            self._bid_view = [None] * self.players
            if self.choice.pick(seat, action):
                self.phase = AUCTION
                self.order.current = self.order.dealer
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

    def _bid_turn(self, seat: int, action: Action) -> None:
        self.auction.append((seat, action))
        if isinstance(action, Pass):
            self.passed[seat] = True
            self.n_passed += 1
        elif isinstance(action, Bid):
            self.high_bid = action.amount
            self.high_bidder = seat
        elif isinstance(action, Spy):
            self.board.add(seat, -1)
            self.board.add(action.target, 1)
            self.spied[seat] |= 1 << action.target
            self.spy_count[seat] += 1
            self._bid_view[seat] = None
        n = self.players
        if self.high_bidder >= 0 and self.n_passed == n - 1:
            self._win_bid(self.high_bidder, self.high_bid)
        elif self.n_passed == n:
            self._win_bid(self.order.dealer, 0)
        else:
            nxt = (seat + 1) % n
            while self.passed[nxt]:
                nxt = (nxt + 1) % n
            self.order.current = nxt

    def _win_bid(self, winner: int, amount: int) -> None:
        assert self.choice is not None
        self.board.add(winner, -amount)
        pick = self.choice.picks[winner]
        self.winner = winner
        self.winning_bid = amount
        self.trump = pick.suit
        self.mode = pick.game
        self.trick_order = ORDERS[pick.suit]
        self._bid_view = [None] * self.players
        self.trick = Trick(winner)
        self.order.current = winner
        self.phase = PLAY

    def _play(self, seat: int, card: Card, declare: str | None) -> None:
        trick = self.trick
        assert trick is not None
        hand = self.hands[seat]
        hand.remove(card)
        if card not in hand:  # the last copy of its face
            self.held[seat] ^= card.bit
        trick.add(seat, card, self.trick_order, declare)
        if len(trick.cards) < self.players:
            self.order.current = (seat + 1) % self.players
            return
        winner = trick.winner()
        self.tricks[winner] += 1
        if self.last_trick is not None:
            self.won[self.last_winner].extend(self.last_trick.cards)
        self.last_trick = trick
        self.last_winner = winner
        self._last_plays = trick.plays()
        if self.hands[winner]:
            self.trick = Trick(winner)
            self.order.current = winner
            return
        self.trick = None
        self._score_hand()

    def _score_hand(self) -> None:
        assert self.mode is not None
        deltas = hand_scores(self.tricks, self.winner, self.mode)
        self.last_tricks = tuple(self.tricks)
        self.last_scores = self.board.add_hand(deltas)
        if self.board.hands_played >= self.hands_total:
            self.phase = OVER
            return
        self.order.rotate_dealer()
        self._new_hand()

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    # -- what seats may see -----------------------------------------------------

    def view(self, seat: int) -> UfosView:
        bids = self._bid_view[seat]
        if bids is None:
            bids = self._bid_view[seat] = self._bid_part(seat)
        trick = self.trick
        return UfosView(
            seat,
            self._to_act(),
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
        picks = choice.picks
        my = picks.get(seat)
        shown: list[Card] = []
        bid_cards = BID_SET[seat]
        if my is not None:
            mine = (SUIT_CARD[seat][my.suit], GAME_CARD[seat][my.game])
            bid_cards = tuple(c for c in bid_cards if c not in mine)
            shown.extend(mine)
        games: tuple[str | None, ...] = (None,) * n
        spied: list[tuple[int, str]] = []
        if len(picks) == n:
            games = tuple(picks[s].game for s in range(n))
            shown.extend(GAME_CARD[s][picks[s].game] for s in range(n) if s != seat)
            seen = self.spied[seat]
            for t in range(n):
                if seen >> t & 1:
                    spied.append((t, picks[t].suit))
                    shown.append(SUIT_CARD[t][picks[t].suit])
            winner = self.winner
            if winner >= 0 and winner != seat and not seen >> winner & 1:
                shown.append(SUIT_CARD[winner][picks[winner].suit])
        return (
            bid_cards,
            my.suit if my is not None else None,
            my.game if my is not None else None,
            tuple(s in picks for s in range(n)),
            games,
            tuple(spied),
            tuple(shown),
        )

    def zones(self) -> tuple[Zone, ...]:
        n = self.players
        everyone = _EVERYONE[n]
        zones = [Zone("stock", tuple(self.stock), _NOBODY)]
        for s in range(n):
            zones.append(Zone(f"hand {s}", tuple(self.hands[s]), frozenset({s})))
            zones.append(Zone(f"tricks won {s}", tuple(self.won[s]), _NOBODY))
        zones.append(Zone("trick", tuple(self.trick.cards) if self.trick else (), everyone))
        last = tuple(self.last_trick.cards) if self.last_trick else ()
        zones.append(Zone("last trick", last, everyone))
        picks = self.choice.picks if self.choice is not None else {}
        revealed = len(picks) == n
        for s in range(n):
            pick = picks.get(s)
            if pick is None:
                zones.append(Zone(f"bid cards {s}", BID_SET[s], frozenset({s})))
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
        zones.append(Zone("box", box, _NOBODY))
        return tuple(zones)

    # -- rejected actions -------------------------------------------------------

    def explain(self, seat: int, action: Action) -> tuple[str, str]:
        phase = self.phase
        n = self.players
        if phase == OVER:
            return "game-over", "the match is over"
        if not 0 <= seat < n:
            return "no-such-seat", f"there is no seat {seat}; seats are 0 to {n - 1}"
        if phase == DEAL:
            return "deal-due", "the cards have not been dealt yet"
        if phase == CHOOSE:
            return self._explain_choose(seat, action)
        if isinstance(action, Choose):
            return "bid-cards-chosen", "bid cards are chosen once per hand, before the auction"
        if phase == AUCTION:
            if isinstance(action, PlayCard):
                return "auction-first", "cards are played after the auction: pass, bid or spy"
            return self._explain_auction(seat, action)
        if isinstance(action, Pass | Bid | Spy | Wait):
            return "auction-over", "the auction is over: play a card"
        if isinstance(action, PlayCard):
            return self._explain_play(seat, action)
        return super().explain(seat, action)

    def _explain_choose(self, seat: int, action: Action) -> tuple[str, str]:
        assert self.choice is not None
        if seat in self.choice.picks:
            return "already-chosen", "you already chose your bid cards this hand"
        return (
            "choose-first",
            "every player first chooses a Suit Card and a Game Card, e.g. choose red high",
        )

    def _explain_auction(self, seat: int, action: Action) -> tuple[str, str]:
        n = self.players
        if self.passed[seat]:
            if isinstance(action, Spy):
                return "passed-cannot-spy", "you passed; a player who has passed may not spy"
            return "passed", "you passed; a pass is final for the rest of this auction"
        current = self.order.current
        if seat != current:
            return "not-your-turn", f"it is seat {current}'s turn in the auction"
        points = self.board.totals[seat]
        standing = self.high_bid
        if isinstance(action, Pass):
            return (
                "high-bidder-cannot-pass",
                f"you hold the standing bid of {standing}; wait or spy instead",
            )
        if isinstance(action, Wait):
            return "only-high-bidder-waits", "only the standing high bidder may wait"
        if isinstance(action, Bid):
            amount = action.amount
            if seat == self.high_bidder:
                return (
                    "own-bid",
                    f"you hold the standing bid of {standing} and may not raise your own bid; "
                    "wait or spy",
                )
            if points <= 0:
                return "no-points", "you have 0 points and cannot bid"
            if standing > 0 and amount <= standing:
                return (
                    "bid-too-low",
                    f"a bid of {amount} is not above the standing bid of {standing}",
                )
            if amount < 1:
                return "bid-too-low", f"a bid must be at least 1, not {amount}"
            return "bid-over-points", f"a bid of {amount} is more than your {points} points"
        if isinstance(action, Spy):
            target = action.target
            if target == seat:
                return "spy-self", "you cannot spy on your own Suit Card"
            if not 0 <= target < n:
                return "no-such-seat", f"there is no seat {target}; seats are 0 to {n - 1}"
            if points < 1:
                return "spy-no-points", "spying costs 1 point and you have 0"
            if seat == self.high_bidder and points - 1 < standing:
                return (
                    "spy-below-bid",
                    f"spying would leave you {points - 1} points, "
                    f"fewer than your standing bid of {standing}",
                )
            if self.respy:
                return (
                    "spy-limit",
                    f"you have spied {RESPY_LIMIT} times this hand, the most allowed",
                )
            return (
                "already-spied",
                f"you already saw seat {target}'s Suit Card this hand (respy is off)",
            )
        return "not-allowed", "in the auction: pass, bid N, spy SEAT, or wait (high bidder)"

    def _explain_play(self, seat: int, action: PlayCard) -> tuple[str, str]:
        current = self.order.current
        if seat != current:
            return "not-your-turn", f"it is seat {current}'s turn to play"
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            return "not-in-hand", f"you do not hold {card.text}"
        trick = self.trick
        assert trick is not None
        led = trick.led
        if action.declare is not None:
            if card not in BLUES:
                return "no-declare", f"only a led Blue 10 or 12 is declared; play {card.text}"
            if led is not None:
                return (
                    "no-declare",
                    f"{card.text} takes the led suit {SUIT_NAMES[led]}; play {card.text}",
                )
            return (
                "bad-declare",
                f"a led {card.text} is declared as R, Y, G or T, not {action.declare}",
            )
        if led is None:
            return (
                "declare-suit",
                f"a led {card.text} needs a suit: play {card.text} as R, Y, G or T",
            )
        if self.trick_order.must_follow(self.held[seat], card, led):
            return (
                "must-follow-suit",
                f"you hold {SUIT_NAMES[led]} cards and must follow suit "
                "(a Blue 10 or 12 may always be played)",
            )
        return super().explain(seat, action)


def _card_id(card: Card) -> int:
    return card.id
