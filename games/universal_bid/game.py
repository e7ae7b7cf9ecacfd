"""The Universal Deck bid-exact trick game: state, rules and the game object.

A match:

1. chance draws one card per seat from the whole deck (a chance draw: the
   recorded shuffle holds just those cards, seat 0's first): the draws for
   the first deal, shown to everyone. The highest card deals (highest suit,
   then rank); the cards go back into the deck;
2. each hand, chance orders the deck again and the dealer deals: the first
   block of ``size`` cards goes to the seat left of the dealer, the next block
   to the seat after, the dealer's block last; the rest stays out of play,
   unseen by anyone;
3. every seat bids once, from the left of the dealer round to the dealer, who
   may not make the bids total the number of tricks;
4. the seat left of the dealer leads; follow suit if you can; the highest suit
   played wins, then the highest rank; the winner leads next;
5. an exact bid scores tricks + 10, a missed one the tricks taken; the deal
   passes left. Highest total after the last hand wins; ties share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

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
    Pass,
    Play,
    Result,
    Scoreboard,
    Shuffle,
    State,
    Trick,
    Zone,
)
from cardkit.actions import parse_int, words
from cardkit.game import highest
from cardkit.options import OptionValue
from games.universal_bid.bots import HeuristicBot
from games.universal_bid.deck import (
    ALL_CARDS,
    BIDS,
    CARDS,
    DECK,
    LEGAL_PLAYS,
    MAX_HAND,
    PLAYS,
    TRICK_ORDER,
    cards_in,
    parse_card,
)
from games.universal_bid.view import HandScore, UniversalBidView

DEFAULT_SCHEDULE: tuple[int, ...] = (9, 7, 5, 3, 1, 2, 4, 6, 8, 10)
"""The rulebook's hand sizes."""

DRAW, DEAL, BID, PLAY, OVER = range(5)
PHASES = ("draw", "deal", "bid", "play", "over")

EXACT_BONUS = 10
"""Points added to the tricks of a player who takes exactly the bid."""

PASS = Pass()

BID_RANGES = tuple(BIDS[: size + 1] for size in range(MAX_HAND + 1))
"""The bids ``0 .. size`` for each hand size."""

ALONE = tuple((s,) for s in range(7))
"""``(seat,)`` for each seat: what :meth:`UniversalBidState.to_act` returns in turn."""

NEXT_SEAT = tuple(tuple((s + 1) % n for s in range(n)) if n else () for n in range(7))
"""The seat to the left of each seat, by player count."""

WAITING_FOR_CHANCE = (CHANCE,)


def effective_schedule(schedule: Sequence[int], players: int) -> tuple[int, ...]:
    """The hand sizes actually played.

    The rulebook's schedule (the default) drops the hands that cannot be dealt
    (only the 10-card hand, with six players); any other schedule is played
    as given (:meth:`UniversalBidGame.check_options` rejects hands too big).
    """
    sizes = tuple(schedule)
    if sizes == DEFAULT_SCHEDULE:
        return tuple(s for s in sizes if s * players <= len(CARDS))
    return sizes


def first_dealer(drawn: Sequence[Card]) -> int:
    """The seat that drew the highest card (highest suit, then rank): ``drawn[seat]``."""
    return max(range(len(drawn)), key=lambda s: drawn[s].id)


def _schedule(options: Mapping[str, OptionValue]) -> tuple[int, ...]:
    value = options["schedule"]
    assert isinstance(value, tuple)
    return value


class UniversalBidState(State):
    """One match of the bid-exact game (see the module docstring for the flow).

    Hands are bitmasks over card ids (see :mod:`games.universal_bid.deck`).
    """

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        auto: bool,
    ) -> None:
        super().__init__(game, players, seed, options, auto)
        self.schedule = effective_schedule(_schedule(options), players)
        self.phase = DRAW
        self.due = DECK.cards  # what chance_cards() returns: the deck until it is dealt
        self.acting: tuple[int, ...] = WAITING_FOR_CHANCE
        self.next_seat = NEXT_SEAT[players]
        self.hand_index = 0
        self.size = self.schedule[0]
        self.dealer = -1
        self.current = -1
        self.draw: tuple[tuple[int, str], ...] = ()
        self.hands = [0] * players
        self.bids = [-1] * players
        self.bids_t: tuple[int | None, ...] = (None,) * players
        self.bid_total = 0
        self.bids_made = 0
        self.taken = [0] * players
        self.taken_t: tuple[int, ...] = (0,) * players
        self.trick = Trick(-1)
        self.dealt = 0  # every card dealt this hand: held, in the trick or played
        self.past_tricks: tuple[tuple[tuple[int, Card], ...], ...] = ()
        self.board = Scoreboard.start(players)
        self.scores_t: tuple[int, ...] = (0,) * players
        self.hand_log: tuple[HandScore, ...] = ()
        if auto:
            self.resolve_chance()

    # -- core protocol ----------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return self.due

    def chance_draw(self) -> int:
        return self.players if self.phase == DRAW else 0

    def _to_act(self) -> tuple[int, ...]:
        return self.acting

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat != self.current:
            return ()
        if self.phase == PLAY:
            suits = self.trick.suits
            return LEGAL_PLAYS(self.hands[seat], suits[0] if suits else None)
        if self.phase == BID:
            size = self.size
            bids = BID_RANGES[size]
            if seat == self.dealer:
                forbidden = size - self.bid_total
                if 0 <= forbidden <= size:
                    return bids[:forbidden] + bids[forbidden + 1 :]
            return bids
        return ()

    def _apply(self, seat: int, action: Action) -> None:
        # the core has checked the action is legal, so its type says the phase
        if type(action) is Play:
            card = action.card
            self.hands[seat] ^= card.bit
            trick = self.trick
            trick.add(seat, card, TRICK_ORDER)
            if len(trick.cards) < self.players:
                left = self.next_seat[seat]
                self.current = left
                self.acting = ALONE[left]
            else:
                self._end_trick()
        elif type(action) is Bid:
            self._bid(seat, action.amount)
        else:
            assert isinstance(action, Shuffle)
            if self.phase == DRAW:
                self._draw(action.cards)
            else:
                self._deal(action.cards)

    def _draw(self, cards: tuple[Card, ...]) -> None:
        n = self.players
        drawn = cards[:n]
        self.draw = tuple((s, drawn[s].text) for s in range(n))
        self.dealer = first_dealer(drawn)
        self.phase = DEAL

    def _deal(self, cards: tuple[Card, ...]) -> None:
        n = self.players
        size = self.size
        dealt = 0
        for k in range(n):
            mask = 0
            for card in cards[k * size : (k + 1) * size]:
                mask |= card.bit
            self.hands[(self.dealer + 1 + k) % n] = mask
            dealt |= mask
        self.dealt = dealt
        self.current = self.next_seat[self.dealer]
        self.acting = ALONE[self.current]
        self.phase = BID
        self.due = ()

    def _bid(self, seat: int, amount: int) -> None:
        self.bids[seat] = amount
        self.bids_t = (*self.bids_t[:seat], amount, *self.bids_t[seat + 1 :])
        self.bid_total += amount
        self.bids_made += 1
        if self.bids_made == self.players:
            self.phase = PLAY
            self.current = self.next_seat[self.dealer]
            self.trick.restart(self.current)
        else:
            self.current = self.next_seat[seat]
        self.acting = ALONE[self.current]

    def _end_trick(self) -> None:
        trick = self.trick
        winner = trick.winner()
        self.taken[winner] += 1
        self.taken_t = tuple(self.taken)
        self.past_tricks = (*self.past_tricks, trick.pairs())
        trick.restart(winner)
        self.current = winner
        self.acting = ALONE[winner]
        if len(self.past_tricks) == self.size:
            self._end_hand()

    def _end_hand(self) -> None:
        points = tuple(
            t + EXACT_BONUS if t == b else t for b, t in zip(self.bids, self.taken, strict=True)
        )
        self.board.add_hand(points)
        self.scores_t = tuple(self.board.totals)
        self.hand_log = (
            *self.hand_log,
            HandScore(
                self.hand_index + 1,
                self.size,
                self.dealer,
                tuple(self.bids),
                self.taken_t,
                points,
            ),
        )
        n = self.players
        self.hand_index += 1
        self.dealt = 0
        self.past_tricks = ()
        self.taken = [0] * n
        self.taken_t = (0,) * n
        self.bids = [-1] * n
        self.bids_t = (None,) * n
        self.bid_total = 0
        self.bids_made = 0
        self.current = -1
        if self.hand_index == len(self.schedule):
            self.phase = OVER
            self.acting = ()
            self.due = ()
            return
        self.size = self.schedule[self.hand_index]
        self.dealer = self.next_seat[self.dealer]
        self.phase = DEAL
        self.acting = WAITING_FOR_CHANCE
        self.due = DECK.cards

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        if self.phase != OVER:
            return Result(scores, highest(scores), False, "the match is not over")
        return Result(scores, highest(scores))

    def view(self, seat: int) -> UniversalBidView:
        # positional, in field order (see UniversalBidView): views are built every step
        return UniversalBidView(
            seat,
            self.acting,
            self.players,
            PHASES[self.phase],
            cards_in(self.hands[seat]),
            min(self.hand_index + 1, len(self.schedule)),
            len(self.schedule),
            self.size,
            self.dealer if self.dealer >= 0 else None,
            self.draw,
            self.bids_t,
            self.trick.pairs(),
            self.taken_t,
            self.past_tricks,
            self.scores_t,
            self.hand_log,
        )

    def zones(self) -> tuple[Zone, ...]:
        everyone = frozenset(range(self.players))
        held = 0
        hands = []
        for s in range(self.players):
            held |= self.hands[s]
            hands.append(Zone(f"hand {s}", cards_in(self.hands[s]), frozenset({s})))
        in_trick = self.trick.cards
        played = self.dealt & ~(held | DECK.mask(in_trick))
        return (
            Zone("out of play", cards_in(ALL_CARDS & ~self.dealt), frozenset()),
            *hands,
            Zone("trick", tuple(in_trick), everyone),
            Zone("played", cards_in(played), everyone),
        )

    # -- copies -------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> UniversalBidState:
        """A fast independent copy for :meth:`clone`: only the mutable parts are copied.

        Tuples, cards, actions and the options never change and are shared. The generator is
        shared too: the core reseeds it from the seed and the step number
        before every chance step, so it carries nothing from one step to the next.
        """
        new = object.__new__(type(self))
        memo[id(self)] = new
        fields = self.__dict__.copy()
        fields["history"] = self.history.copy()
        fields["hands"] = self.hands.copy()
        fields["bids"] = self.bids.copy()
        fields["taken"] = self.taken.copy()
        fields["trick"] = self.trick.copy()
        board = self.board
        fields["board"] = Scoreboard(board.totals.copy(), board.floor, board.hands.copy())
        new.__dict__.update(fields)
        return new

    # -- reasons ------------------------------------------------------------------

    def explain(self, seat: int, action: Action) -> tuple[str, str]:
        phase = self.phase
        if phase == OVER or phase <= DEAL or seat != self.current:
            return super().explain(seat, action)
        size = self.size
        if isinstance(action, Pass):
            if phase == BID:
                return (
                    "no-pass",
                    f"nobody may pass: bid 0 to {size} (bid 0 to try to take no tricks)",
                )
            return "no-pass", "nobody may pass: play a card"
        if phase == BID:
            if isinstance(action, Bid):
                amount = action.amount
                if not 0 <= amount <= size:
                    return (
                        "bid-out-of-range",
                        f"bids run from 0 to {size}, the number of tricks in this hand",
                    )
                if seat == self.dealer and amount + self.bid_total == size:
                    return (
                        "dealer-makes-total",
                        f"the dealer may not bid {amount}: the bids would total {size}, "
                        f"the number of tricks in this hand",
                    )
            if isinstance(action, Play):
                return "bid-first", f"play starts after every player has bid: bid 0 to {size}"
        if phase == PLAY:
            if isinstance(action, Bid):
                return "bidding-over", "every player has bid; play a card"
            if isinstance(action, Play):
                card = action.card
                if not self.hands[seat] & card.bit:
                    return "not-in-hand", f"you do not hold {card.text}"
                if action.declare is not None:
                    return "no-declare", f"no card names a suit in this game: type play {card.text}"
                led = self.trick.led
                if TRICK_ORDER.must_follow(self.hands[seat], card, led):
                    return (
                        "must-follow-suit",
                        f"{led} was led and you hold {led} cards: you must follow suit",
                    )
        return super().explain(seat, action)


RULES = """\
# Universal Deck bid-exact

A trick-taking game for **2 to 6 players** with the 54-card Universal Card Deck
(no Galaxy cards). Say how many tricks you will take, then take exactly that many.

## Cards

Six suits rank from high to low: **E, J, M, N, S, V**. Within a suit the ranks go
**Sun** (high), **Moon**, 7, 6, 5, 4, 3, 2, **1** (low). Cards are written
`SUIT:RANK`, for example `J:Moon`, `E:7`, `V:1` (any case; `jmoon` works too).

## Dealer and deal

Before the first hand every player draws a card (seat 0 the first card of the
shuffled deck, seat 1 the next, ...). Everyone sees the draws. The highest suit
deals; if two players drew the same suit, the higher rank deals. After each hand
the deal passes to the left. The dealer's shuffle and the cut by the player on the
dealer's right are one random step in the game record.

The match follows a schedule of hand sizes, by default 9, 7, 5, 3, 1, 2, 4, 6, 8,
10 cards each. Six players cannot be dealt ten cards each from 54, so with six
players the default schedule skips its 10-card hand (nine hands). Cards not
dealt stay face down, out of play: nobody sees them, so remember that not every
card is in play when you bid.

## Bidding

Starting left of the dealer and ending with the dealer, each player bids once
how many tricks they will take: any number from 0 to the hand size. Nobody may
pass and a bid cannot be changed. **The dealer may not bid the number that
makes the bids total the number of tricks**, so at least one player will miss.

## Play

The player left of the dealer leads the first trick; the winner of each trick
leads the next. You must follow the led suit if you can; otherwise play any
card. **The highest suit played wins the trick, and within that suit the
highest rank** - the led suit has no special power. So a 1 of N beats the Sun
of S, and if you cannot follow suit you may duck with a lower suit or take the
trick with a higher one.

## Scoring

- Exact bid: the tricks taken plus 10 (a bid of 0 made scores 10).
- Missed bid (over or under): just the tricks taken.

Scores add up over the match. The highest total after the last hand wins;
players tied for it share the win.

## Typing actions

- `bid 2` - bid two tricks.
- `play J:Moon` - play a card (also `play jmoon`).

## Option

- `schedule` - the hand sizes, in order, as comma-separated numbers (for
  example `schedule=12` for a single 12-card hand, or `schedule=5,5,5`). With
  the default schedule a hand too big for the table is skipped; any other
  schedule must fit: at most 54 / players cards per hand (27 for 2 players,
  18 for 3, 13 for 4, 10 for 5, 9 for 6), or the match is refused with an
  error naming the largest hand allowed.
"""


class UniversalBidGame(Game):
    """The Universal Deck bid-exact game, registered as ``universal-bid``."""

    id = "universal-bid"
    name = "Universal Deck bid-exact"
    summary = "bid the tricks you will take, then take exactly that many; highest suit wins"
    min_players = 2
    max_players = 6
    default_players = 4
    options = (
        Option(
            "schedule",
            "ints",
            DEFAULT_SCHEDULE,
            "cards per player in each hand, in order (the default skips 10 for 6 players)",
            low=1,
            high=MAX_HAND,
        ),
    )
    rules = RULES
    bots: ClassVar[Mapping[str, type[Any]]] = {"heuristic": HeuristicBot}
    suit_styles: ClassVar[Mapping[str, str]] = {
        "E": "bold blue",
        "J": "bold dark_orange",
        "M": "bold red",
        "N": "bold cyan",
        "S": "bold yellow",
        "V": "bold green",
    }

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], auto_chance: bool
    ) -> UniversalBidState:
        return UniversalBidState(self, players, seed, options, auto_chance)

    def deck(self, players: int, options: Mapping[str, OptionValue]) -> Deck:
        return DECK

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        schedule = _schedule(options)
        if schedule == DEFAULT_SCHEDULE:
            return
        most = len(CARDS) // players
        for size in schedule:
            if size > most:
                raise OptionError(
                    f"bad value {','.join(map(str, schedule))} for option 'schedule': "
                    f"a {size}-card hand cannot be dealt to {players} players from "
                    f"{len(CARDS)} cards; hands for {players} players hold 1 to {most} cards"
                )

    def parse_action(self, text: str, state: State | None = None) -> Action:
        parts = words(text)
        if parts[0] == "bid" and len(parts) == 2:
            amount = parse_int(parts[1], "a bid")
            return BIDS[amount] if 0 <= amount <= MAX_HAND else Bid(amount)
        if parts[0] == "play" and len(parts) in (2, 3):
            return PLAYS[parse_card("".join(parts[1:])).id]
        if parts == ["pass"]:
            return PASS  # never legal: the state explains that nobody may pass
        raise ParseError(
            f"cannot read {text.strip()!r}: "
            "type bid N (for example bid 2) or play CARD (for example play J:Moon)"
        )

    def max_steps(self, players: int, options: Mapping[str, OptionValue]) -> int:
        sizes = effective_schedule(_schedule(options), players)
        return 1 + sum(1 + players + players * size for size in sizes)

    def describe(self, state: State, seat: int, action: Action, viewer: int | None) -> str:
        """One public line per step: draws, deals, bids and plays (no hand is shown)."""
        assert isinstance(state, UniversalBidState)
        n = state.players
        if seat == CHANCE and isinstance(action, Shuffle):
            if state.phase == DRAW:
                drawn = action.cards[:n]
                listed = ", ".join(f"seat {s} {drawn[s].text}" for s in range(n))
                return f"draw for the deal: {listed}; seat {first_dealer(drawn)} deals first"
            size = state.size
            each = "card" if size == 1 else "cards"
            return (
                f"hand {state.hand_index + 1} of {len(state.schedule)}: "
                f"seat {state.dealer} deals {size} {each} each"
            )
        if isinstance(action, Bid):
            line = f"seat {seat} bids {action.amount}"
            if seat == state.dealer:
                total = state.bid_total + action.amount
                line += f" (bids total {total} for {state.size} tricks)"
            return line
        if isinstance(action, Play):
            line = f"seat {seat} plays {action.card.text}"
            if len(state.trick) == n - 1:
                trick = state.trick
                winner = seat if trick.would_win(action.card, TRICK_ORDER) else trick.winner()
                line += f"; seat {winner} wins the trick"
                if len(state.past_tricks) == state.size - 1:
                    line += "; " + _hand_summary(state, winner)
            return line
        return super().describe(state, seat, action, viewer)


def _hand_summary(state: UniversalBidState, last_winner: int) -> str:
    """How the hand being finished scores, once ``last_winner`` takes its last trick."""
    parts = []
    for s in range(state.players):
        bid = state.bids[s]
        took = state.taken[s] + (s == last_winner)
        if took == bid:
            parts.append(f"seat {s} bid {bid}, took {took}: exact, +{took + EXACT_BONUS}")
        else:
            parts.append(f"seat {s} bid {bid}, took {took}: +{took}")
    return f"hand {state.hand_index + 1} of {len(state.schedule)} scored: " + "; ".join(parts)


GAME = UniversalBidGame()
