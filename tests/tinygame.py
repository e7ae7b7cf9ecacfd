"""Tiny: a small test game that exercises every core mechanism.

Nine cards: suits a and b, ranks 1-4, and one wild card ``w`` that takes the
led suit (declared when led). Each hand:

1. chance shuffles the nine cards; each seat gets ``hand_size`` cards, the
   rest stay in the stock, unseen;
2. a sealed choice: every seat picks ``high`` or ``low`` in secret; the picks
   are revealed together and the majority (high on a tie) sets the mode;
3. tricks, led first by the seat left of the dealer, with trump ``trump`` and
   suit order ``order`` (``led``: led suit wins; ``ranked``: a beats b);
4. after each trick but the last, a cheer window: every other seat may
   ``cheer`` the trick's winner (1 point to the winner) or ``decline``;
   the window closes once they all answered;
5. score: tricks taken in high mode, minus tricks taken in low mode; totals
   may not go below ``floor``.

The match is ``hands`` hands, the deal passing left; highest total wins.
With ``draw_dealer``, each seat first draws a card (a chance draw) and the
highest card deals first (a over b on equal ranks; the wild is lowest).
"""

from __future__ import annotations

import attrs

from cardkit import (
    CHANCE,
    Action,
    Card,
    Deck,
    Decline,
    Game,
    OptionError,
    ParseError,
    Play,
    ResponseWindow,
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
from cardkit.actions import words
from cardkit.events import (
    Dealt,
    Event,
    HandScored,
    MatchOver,
    Played,
    Received,
    TrickWon,
    only,
    others,
)
from cardkit.game import Refusal, highest
from cardkit.options import Options, option
from cardkit.spaces import Spaces

FACES = [(s, r, str(r), f"{s}{r}") for s in "ab" for r in range(1, 5)] + [("w", 0, "w", "w")]
"""The deck spec: a1 to a4, b1 to b4 and the wild card w."""
DECK = Deck("tiny", FACES)
WILD = DECK.card("w")


@attrs.frozen(slots=True)
class Pick(Action):
    mode: str

    def __str__(self) -> str:
        return f"pick {self.mode}"


@attrs.frozen(slots=True)
class Cheer(Action):
    def __str__(self) -> str:
        return "cheer"


PICKS = (Pick("high"), Pick("low"))
CHEER = Cheer()
DECLINE = Decline()
PLAYS = (*tuple(Play(c) for c in DECK.faces), Play(WILD, "a"), Play(WILD, "b"))
CANDIDATES: tuple[Action, ...] = (*PICKS, CHEER, DECLINE, *PLAYS)


def all_actions(players: int, options: object) -> tuple[Action, ...]:
    """Tiny's action space: every candidate, at any settings."""
    return CANDIDATES


SPACES = Spaces(actions=all_actions)
"""Tiny's action space, with the generic observer."""
"""Every action of every kind a seat might try: the rules decide which are legal."""


@attrs.frozen(slots=True)
class TinyOptions(Options):
    hand_size: int = option(2, "cards dealt to each seat", low=1, high=4)
    hands: int = option(2, "hands in a match", low=1, high=10)
    trump: str = option("a", "trump suit", choices=("a", "b", "none"))
    order: str = option("led", "suit order in a trick", choices=("led", "ranked"))
    floor: int = option(-100, "lowest total a player can have")
    draw_dealer: bool = option(False, "draw cards for the first deal")


@attrs.frozen(slots=True)
class Picked(Event):
    seat: int
    mode: str | None  # None in the public event: the pick is sealed

    def __str__(self) -> str:
        return f"seat {self.seat} picks {self.mode or 'in secret'}"


@attrs.frozen(slots=True)
class Revealed(Event):
    picks: tuple[str, ...]
    mode: str

    def __str__(self) -> str:
        return f"picks revealed: {' '.join(self.picks)}; mode {self.mode}"


@attrs.frozen(slots=True)
class Cheered(Event):
    seat: int
    winner: int
    cheer: bool

    def __str__(self) -> str:
        verb = "cheers" if self.cheer else "does not cheer"
        return f"seat {self.seat} {verb} seat {self.winner}"


@attrs.frozen(slots=True)
class DealerDrawn(Event):
    drawn: tuple[str, ...]  # shown to all, then back in the hidden stock: texts, as in the view
    dealer: int

    def __str__(self) -> str:
        return f"draw for the deal: {' '.join(self.drawn)}; seat {self.dealer} deals first"


@attrs.frozen(slots=True)
class TinyView(View):
    hand: tuple[Card, ...]
    my_pick: str | None
    picks: tuple[tuple[int, str], ...]
    mode: str | None
    trick: tuple[tuple[int, Card, str], ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    window: tuple[int, ...]
    hand_number: int
    drawn: tuple[str, ...]  # public, but back in the hidden stock: shown as texts


class TinyState(State):
    options: TinyOptions

    def setup(self) -> None:
        o = self.options
        n = self.players
        self.size = o.hand_size
        self.order = TurnOrder(n, dealer=0)
        self.trick_order = TrickOrder(
            trump=None if o.trump == "none" else o.trump,
            suit_rank={"a": 2, "b": 1} if o.order == "ranked" else None,
            adopters=frozenset({WILD}),
        )
        self.board = Scoreboard.start(n, 0, o.floor)
        self.hands_total = o.hands
        self.stock: list[Card] = list(DECK.cards)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.trick: Trick | None = None
        self.choice: SealedChoice[str] | None = None
        self.mode: str | None = None
        self.window: ResponseWindow | None = None
        self.drawn: tuple[Card, ...] = ()
        self.phase = "draw" if o.draw_dealer else "deal"

    # -- core protocol ----------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return tuple(self.stock) if self.phase in ("draw", "deal") else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """The deal's shuffle: ``hand_size`` cards to each seat from the dealer's left,
        then the stock."""
        if self.phase != "deal":
            return ()
        n, first = self.players, self.order.dealer + 1
        return (*(((first + k) % n, self.size) for k in range(n)), ("stock", None))

    def chance_draw(self) -> int:
        return self.players if self.phase == "draw" else 0

    def to_act(self) -> tuple[int, ...]:
        if self.phase in ("draw", "deal"):
            return (CHANCE,)
        if self.phase == "pick":
            assert self.choice is not None
            return self.choice.pending
        if self.phase == "play":
            if self.window is not None and self.window.open:
                return (*self.window.pending, self.order.current)
            return (self.order.current,)
        return ()

    def candidates(self, seat: int) -> tuple[Action, ...]:
        return CANDIDATES

    # -- the rules, each stated once ------------------------------------------------

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        if isinstance(action, Pick):
            return self._refuse_pick(seat, action)
        if isinstance(action, Cheer | Decline):  # the next play closes the window
            if self.window is None or seat not in self.window.pending:
                return Refusal("no-window", "nobody is cheering now")
            return None
        if isinstance(action, Play):
            return self._refuse_play(seat, action)
        return Refusal("not-allowed", "pick, play, cheer or decline")

    def _refuse_pick(self, seat: int, action: Pick) -> Refusal | None:
        if self.phase != "pick":
            return Refusal("picked", "picks are made once, before the tricks")
        assert self.choice is not None
        if seat not in self.choice.pending:
            return Refusal("picked", "you already picked")
        if action.mode not in ("high", "low"):
            return Refusal("bad-pick", "pick high or low")
        return None

    def _refuse_play(self, seat: int, action: Play) -> Refusal | None:
        if self.phase != "play":
            return Refusal("not-playing", "cards are played after the picks")
        if seat != self.order.current:
            current = self.order.current
            return Refusal("not-your-turn", f"it is not seat {seat}'s turn to play ({current} is)")
        assert self.trick is not None
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            return Refusal("not-in-hand", f"you do not hold {card.text}")
        led = self.trick.led
        if card is WILD and led is None:
            if action.declare not in ("a", "b"):
                return Refusal("declare", "a led w names its suit: play w a, or play w b")
            return None
        if action.declare is not None:
            return Refusal("no-declare", f"only a led w names a suit: play {card.text}")
        if card not in self.trick_order.playable(hand, led):
            return Refusal("must-follow-suit", f"you hold {led} cards and must follow suit")
        return None

    # -- steps ----------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE and self.phase == "draw":
            assert isinstance(action, Shuffle)
            self.drawn = action.cards
            best = max(
                range(self.players),
                key=lambda s: (action.cards[s].rank, -ord(action.cards[s].suit)),
            )
            self.order.dealer = best
            self.phase = "deal"
            self.emit(DealerDrawn(tuple(c.text for c in action.cards), best))
        elif seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._deal(action.cards)
        elif isinstance(action, Pick):
            assert self.choice is not None
            self.emit(Picked(seat, None, to=others(self.players, seat), cover=True))
            self.emit(Picked(seat, action.mode, to=only(seat)))
            if self.choice.pick(seat, action.mode):
                picks = self.choice.picks
                highs = sum(1 for m in picks.values() if m == "high")
                self.mode = "high" if highs * 2 >= self.players else "low"
                self.phase = "play"
                self.emit(Revealed(tuple(picks[s] for s in range(self.players)), self.mode))
        elif isinstance(action, Cheer | Decline):
            assert self.window is not None and self.window.subject is not None
            self.window.respond(seat)
            if isinstance(action, Cheer):
                self.board.add(self.window.subject, 1)
            self.emit(Cheered(seat, self.window.subject, isinstance(action, Cheer)))
        elif isinstance(action, Play):
            self._play(seat, action)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        self.stock = list(cards)
        n = self.players
        for seat in range(n):
            take = (seat - self.order.dealer - 1) % n
            self.hands[seat] = sorted(
                self.stock[take * self.size : (take + 1) * self.size], key=lambda c: c.id
            )
        self.stock = self.stock[n * self.size :]
        self.choice = SealedChoice(tuple(range(n)))
        self.trick = Trick(self.order.left_of_dealer(), order=self.trick_order, size=n)
        self.order.current = self.order.left_of_dealer()
        self.phase = "pick"
        if self.log is not None:
            number = self.board.hands_played + 1
            self.emit(Dealt(self.order.dealer, self.size, number, self.hands_total))
            for s in range(n):
                self.emit(Received(s, tuple(self.hands[s]), to=only(s)))

    def _play(self, seat: int, action: Play) -> None:
        assert self.trick is not None
        self.window = None
        self.hands[seat].remove(action.card)
        winner = self.trick.play(seat, action.card, action.declare)
        self.emit(Played(seat, action.card, action.declare))
        if winner < 0:
            self.order.advance()
            return
        self.tricks[winner] += 1
        self.won[winner].extend(self.trick.cards)
        if self.log is not None:
            best = self.trick.cards[self.trick.best]
            plays = tuple(zip(self.trick.seats, self.trick.cards, strict=True))
            self.emit(TrickWon(winner, best, sum(self.tricks), plays))
        self.trick = Trick(winner, order=self.trick_order, size=self.players)
        self.order.current = winner
        if any(self.hands):
            others = tuple(s for s in range(self.players) if s != winner)
            self.window = ResponseWindow("cheer", others, subject=winner)
            return
        self._end_hand()

    def _end_hand(self) -> None:
        sign = 1 if self.mode == "high" else -1
        points = self.board.add_hand([sign * t for t in self.tricks])
        self.emit(HandScored(self.board.hands_played, tuple(points), tuple(self.board.totals)))
        if self.board.hands_played >= self.hands_total:
            self.phase = "over"
            if self.log is not None:
                result = self.result()
                self.emit(MatchOver(result.scores, result.winners))
            return
        self.order.rotate_dealer()
        self.stock = [*self.stock, *(c for pile in self.won for c in pile)]
        self.won = [[] for _ in range(self.players)]
        self.tricks = [0] * self.players
        self.mode = None
        self.choice = None
        self.phase = "deal"

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    def scores(self) -> tuple[float, ...]:
        """The match totals so far."""
        return tuple(self.board.totals)

    def view(self, seat: int) -> TinyView:
        picks = self.choice.known_to(seat) if self.choice is not None else {}
        return TinyView(
            seat=seat,
            to_act=self.to_act(),
            hand=tuple(self.hands[seat]),
            my_pick=picks.get(seat),
            picks=tuple(sorted(picks.items())) if self.choice and self.choice.revealed else (),
            mode=self.mode,
            trick=self.trick.plays() if self.trick is not None else (),
            tricks=tuple(self.tricks),
            scores=tuple(self.board.totals),
            window=self.window.pending if self.window is not None else (),
            hand_number=self.board.hands_played + 1,
            drawn=tuple(c.text for c in self.drawn),
        )

    def zones(self) -> tuple[Zone, ...]:
        everyone = frozenset(range(self.players))
        zones = [Zone("stock", tuple(self.stock), frozenset())]
        zones.extend(
            Zone(f"hand {s}", tuple(self.hands[s]), frozenset({s})) for s in range(self.players)
        )
        zones.extend(Zone(f"won {s}", tuple(self.won[s]), everyone) for s in range(self.players))
        if self.trick is not None:
            zones.append(Zone("trick", tuple(self.trick.cards), everyone))
        return tuple(zones)


class TinyGame(Game[TinyState]):
    id = "tiny"
    name = "Tiny"
    summary = "a nine-card test game for the core"
    min_players = 2
    max_players = 3
    default_players = 2
    state = TinyState
    Options = TinyOptions
    rules = "Nine cards, a sealed high/low pick, tricks with a wild card, cheers."
    spaces = SPACES

    def deck(self, players: int, options: TinyOptions) -> Deck:
        return DECK

    def check_options(self, players: int, options: TinyOptions) -> None:
        size = options.hand_size
        if size * players > len(DECK):
            raise OptionError(
                f"hand_size {size} needs {size * players} cards for {players} players; "
                f"the deck has {len(DECK)}"
            )

    def parse_action(self, text: str, state: State | None = None) -> Action:
        parts = words(text)
        if parts[0] == "pick" and len(parts) == 2 and parts[1] in ("high", "low"):
            return Pick(parts[1])
        if parts == ["cheer"]:
            return CHEER
        if parts == ["decline"]:
            return DECLINE
        if parts[0] == "play" and len(parts) in (2, 3):
            return Play(DECK.card(parts[1]), parts[2] if len(parts) == 3 else None)
        raise ParseError(f"cannot read {text!r}: try pick high, pick low, play a3, cheer, decline")

    def max_steps(self, players: int, options: TinyOptions) -> int:
        per_hand = 1 + players + players * options.hand_size * 2
        return 1 + per_hand * options.hands


GAME = TinyGame()
