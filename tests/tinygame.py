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

from collections.abc import Mapping

import attrs

from cardkit import (
    CHANCE,
    Action,
    Card,
    Deck,
    Decline,
    Game,
    Option,
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
from cardkit.game import highest
from cardkit.options import OptionValue

DECK = Deck(
    "tiny",
    [(s, r, str(r), f"{s}{r}") for s in "ab" for r in range(1, 5)] + [("w", 0, "w", "w")],
)
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
    def __init__(
        self, game: Game, players: int, seed: int, options: Mapping[str, OptionValue], auto: bool
    ) -> None:
        super().__init__(game, players, seed, options, auto)
        size = options["hand_size"]
        assert isinstance(size, int)
        self.size = size
        self.order = TurnOrder(players, dealer=0)
        trump = options["trump"]
        self.trick_order = TrickOrder(
            trump=None if trump == "none" else str(trump),
            suit_rank={"a": 2, "b": 1} if options["order"] == "ranked" else None,
            adopters=frozenset({WILD}),
        )
        floor = options["floor"]
        assert isinstance(floor, int)
        self.board = Scoreboard.start(players, 0, floor)
        self.hands_total = int(options["hands"])
        self.stock: list[Card] = list(DECK.cards)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.won: list[list[Card]] = [[] for _ in range(players)]
        self.tricks = [0] * players
        self.trick: Trick | None = None
        self.choice: SealedChoice[str] | None = None
        self.mode: str | None = None
        self.window: ResponseWindow | None = None
        self.drawn: tuple[Card, ...] = ()
        self.phase = "draw" if options["draw_dealer"] else "deal"
        if auto:
            self.resolve_chance()

    # -- core protocol ----------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return tuple(self.stock) if self.phase in ("draw", "deal") else ()

    def chance_draw(self) -> int:
        return self.players if self.phase == "draw" else 0

    def _to_act(self) -> tuple[int, ...]:
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

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "pick":
            assert self.choice is not None
            return PICKS if seat in self.choice.pending else ()
        if self.phase != "play":
            return ()
        if self.window is not None and seat in self.window.pending:
            return (CHEER, DECLINE)
        if seat != self.order.current:
            return ()
        assert self.trick is not None
        out: list[Action] = []
        for card in self.trick_order.playable(self.hands[seat], self.trick.led):
            if card is WILD and self.trick.led is None:
                out.extend(Play(card, s) for s in "ab")
            else:
                out.append(Play(card))
        return tuple(out)

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
        elif seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._deal(action.cards)
        elif isinstance(action, Pick):
            assert self.choice is not None
            if self.choice.pick(seat, action.mode):
                highs = sum(1 for m in self.choice.picks.values() if m == "high")
                self.mode = "high" if highs * 2 >= self.players else "low"
                self.phase = "play"
        elif isinstance(action, Cheer | Decline):
            assert self.window is not None and self.window.subject is not None
            self.window.respond(seat)
            if isinstance(action, Cheer):
                self.board.add(self.window.subject, 1)
        elif isinstance(action, Play):
            self._play(seat, action)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        self.stock = list(cards)
        for seat in range(self.players):
            take = (seat - self.order.dealer - 1) % self.players
            self.hands[seat] = sorted(
                self.stock[take * self.size : (take + 1) * self.size], key=lambda c: c.id
            )
        self.stock = self.stock[self.players * self.size :]
        self.choice = SealedChoice(tuple(range(self.players)))
        self.trick = Trick(self.order.left_of_dealer())
        self.order.current = self.order.left_of_dealer()
        self.phase = "pick"

    def _play(self, seat: int, action: Play) -> None:
        assert self.trick is not None
        self.window = None
        self.hands[seat].remove(action.card)
        self.trick.add(seat, action.card, self.trick_order, action.declare)
        if len(self.trick) < self.players:
            self.order.advance()
            return
        winner = self.trick.winner()
        self.tricks[winner] += 1
        self.won[winner].extend(self.trick.cards)
        self.trick = Trick(winner)
        self.order.current = winner
        if any(self.hands):
            others = tuple(s for s in range(self.players) if s != winner)
            self.window = ResponseWindow("cheer", others, subject=winner)
            return
        self._end_hand()

    def _end_hand(self) -> None:
        sign = 1 if self.mode == "high" else -1
        self.board.add_hand([sign * t for t in self.tricks])
        if self.board.hands_played >= self.hands_total:
            self.phase = "over"
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

    def explain(self, seat: int, action: Action) -> tuple[str, str]:
        if (
            isinstance(action, Play)
            and self.phase == "play"
            and seat == self.order.current
            and self.trick is not None
            and action.card in self.hands[seat]
            and action.card not in self.trick_order.playable(self.hands[seat], self.trick.led)
        ):
            return "must-follow-suit", f"you hold {self.trick.led} cards and must follow suit"
        return super().explain(seat, action)


class TinyGame(Game):
    id = "tiny"
    name = "Tiny"
    summary = "a nine-card test game for the core"
    min_players = 2
    max_players = 3
    default_players = 2
    options = (
        Option("hand_size", "int", 2, "cards dealt to each seat", low=1, high=4),
        Option("hands", "int", 2, "hands in a match", low=1, high=10),
        Option("trump", "str", "a", "trump suit", choices=("a", "b", "none")),
        Option("order", "str", "led", "suit order in a trick", choices=("led", "ranked")),
        Option("floor", "int", -100, "lowest total a player can have"),
        Option("draw_dealer", "bool", False, "draw cards for the first deal"),
    )
    rules = "Nine cards, a sealed high/low pick, tricks with a wild card, cheers."

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], auto_chance: bool
    ) -> TinyState:
        return TinyState(self, players, seed, options, auto_chance)

    def deck(self, players: int, options: Mapping[str, OptionValue]) -> Deck:
        return DECK

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        from cardkit import OptionError

        size = options["hand_size"]
        assert isinstance(size, int)
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

    def max_steps(self, players: int, options: Mapping[str, OptionValue]) -> int:
        size = int(options["hand_size"])
        per_hand = 1 + players + players * size + players * size
        return 1 + per_hand * int(options["hands"])


GAME = TinyGame()
