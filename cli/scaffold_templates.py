"""The files ``cardkit new-game`` writes, as text with placeholders.

``__GAME_ID__`` (the game id, ``my-game``), ``__PACKAGE__`` (the Python
package, ``cardkit_my_game``), ``__DIST__`` (the distribution,
``cardkit-my-game``), ``__TITLE__`` (``My Game``) and ``__CAMEL__``
(``MyGame``) are replaced; nothing else is. The package has cardkit's common
layout, and the game is complete and small:
a 32-card deck, a trump card turned after the deal, follow suit, a point a
trick, a match of several hands, and a bot.
"""

from __future__ import annotations

PYPROJECT = """\
[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "__DIST__"
version = "0.1.0"
description = "__TITLE__: a trick-taking game for cardkit."
requires-python = ">=3.11"
dependencies = ["cardkit"]

[project.optional-dependencies]
test = ["pytest>=8"]

# This line makes the game appear in `cardkit list`: id = "module:object".
[project.entry-points."cardkit.games"]
__GAME_ID__ = "__PACKAGE__:GAME"

[tool.setuptools]
packages = ["__PACKAGE__"]

[tool.setuptools.package-data]
__PACKAGE__ = ["py.typed"]

[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.mypy]
strict = true

[tool.ruff]
line-length = 100
target-version = "py311"

[tool.ruff.lint]
select = ["E", "F", "W", "I", "UP", "B", "SIM", "RUF"]
"""

README = """\
# __TITLE__

A trick-taking game for [cardkit](https://pypi.org/project/cardkit/), as a
plugin package. The rules are in `__PACKAGE__/rules.py` (`RULES`) and shown by
`cardkit rules __GAME_ID__`.

    pip install -e .                              # registers the game with cardkit
    cardkit list                                  # __GAME_ID__ is listed
    cardkit rules __GAME_ID__
    cardkit arena __GAME_ID__ --bot greedy --bot random --bot random
    cardkit play __GAME_ID__
    python -m pytest                              # the conformance kit and the rules

The layout: `cards.py` (the deck), `actions.py` (actions and their text
forms), `events.py`, `view.py` (what a seat may know), `state.py` (the
options, the rules and the steps), `game.py` (the game object), `bot.py`,
`rules.py`. Change the rules in `state.py`, keep `tests/` in step, and let the
conformance kit (`cardkit.testing.check_game`) tell you when a change breaks
a guarantee every cardkit game gives.
"""

INIT = '''\
"""__TITLE__: a cardkit game plugin; ``GAME`` is what the entry point names."""

from __PACKAGE__.game import __CAMEL__Game

GAME = __CAMEL__Game()
'''

CARDS = '''\
"""The deck: 32 cards, 7 to ace in four suits, and the trick order for each trump."""

from cardkit import Deck, TrickOrder

GAME_ID = "__GAME_ID__"
SUITS = "SHDC"
RANKS = "789TJQKA"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

# The deck spec: (suit, rank order value, rank label, text form) for each card, and
# the colour a front end shows each suit in (clubs, without one, get a fallback colour).
DECK = Deck(
    GAME_ID,
    [(s, r, label, s + label) for s in SUITS for r, label in enumerate(RANKS)],
    styles={"S": "blue", "H": "red", "D": "yellow"},
)

# How cards compare in a trick, for each trump suit (None: no trump). Built once.
ORDERS: dict[str | None, TrickOrder] = {
    trump: TrickOrder(trump=trump, deck=DECK) for trump in (None, *SUITS)
}
'''

ACTIONS = '''\
"""Actions and their text forms: ``play HQ``."""

from cardkit import Action, ParseError, Play
from cardkit.actions import words

from __PACKAGE__.cards import DECK

# Actions are immutable; build each one once and hand out the same object.
PLAYS = {card: Play(card) for card in DECK.cards}
PLAY_TABLE = DECK.table(PLAYS.__getitem__)  # the plays of any set of cards, in deck order


def all_actions(players: int, options: object) -> tuple[Action, ...]:
    """Every action a match can ever take, in a fixed order: the game's action space
    (``GAME.action_space(players)``), which numbers them for learning agents."""
    return tuple(PLAYS.values())


def parse(text: str) -> Action:
    """The action written ``text``."""
    parts = words(text)
    if len(parts) == 2 and parts[0] == "play":
        return PLAYS[DECK.card(parts[1])]
    raise ParseError(f"cannot read {text!r}: the action is 'play' and a card, like 'play HQ'")
'''

EVENTS = '''\
"""The game's own events; the deal, plays, tricks, scores and the end are cardkit's."""

import attrs
from cardkit import Card, Event

from __PACKAGE__.cards import SUIT_NAMES


@attrs.frozen(slots=True)
class TrumpTurned(Event):
    """The card turned after the deal: its suit is trump."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card.text} is turned: {SUIT_NAMES[self.card.suit]} are trump"
'''

VIEW = '''\
"""What one seat may know."""

import attrs
from cardkit import Card, View


@attrs.frozen(slots=True)
class __CAMEL__View(View):
    """What one seat may know: its own hand and everything played face up."""

    hand: tuple[Card, ...]
    trump: Card | None
    dealer: int
    trick: tuple[tuple[int, Card, str], ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    hand_number: int
'''

STATE = '''\
"""One match: the options, the rules (each stated once) and the steps."""

import attrs
from cardkit import (
    CHANCE,
    Action,
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
from cardkit.events import Dealt, HandScored, MatchOver, Played, Received, TrickWon, only
from cardkit.game import highest

from __PACKAGE__.actions import PLAY_TABLE
from __PACKAGE__.cards import DECK, ORDERS, SUIT_NAMES
from __PACKAGE__.events import TrumpTurned
from __PACKAGE__.view import __CAMEL__View


@attrs.frozen(slots=True)
class __CAMEL__Options(Options):
    """The options of a match; ``cardkit rules`` lists them."""

    hand_size: int = option(7, "cards dealt to each player", low=1, high=10)
    hands: int = option(3, "hands in a match", low=1, high=50)
    trump: str = option("turn", "turn a card for trump, or none", choices=("turn", "none"))


class __CAMEL__State(State):
    """A match: ``hands`` hands, each dealt by chance and then played out trick by trick."""

    options: __CAMEL__Options

    def setup(self) -> None:
        self.order = TurnOrder(self.players)
        self.board = Scoreboard.start(self.players)
        self.stock: list[Card] = list(DECK.cards)
        self.hands: list[list[Card]] = [[] for _ in range(self.players)]
        self.trump: Card | None = None
        self.trick = Trick(0)
        self.taken: list[Card] = []
        self.won = [0] * self.players
        self.phase = "deal"

    # Chance: while a deal is due, the whole deck is to be shuffled.
    def chance_cards(self) -> tuple[Card, ...]:
        return DECK.cards if self.phase == "deal" else ()

    # Who may act: chance while a deal is due, then the seat whose turn it is.
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "deal":
            return (CHANCE,)
        if self.phase == "play":
            return (self.order.current,)
        return ()

    # The legal plays and the refusals come from the same rule of the trick core.
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase != "play" or seat != self.order.current:
            return ()
        hand = DECK.mask(self.hands[seat])
        return ORDERS[self.trump_suit].legal(hand, self.trick.led, PLAY_TABLE)

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        if self.phase != "play" or seat != self.order.current:
            return None  # cardkit answers: not this seat's turn, or the match is over
        if not isinstance(action, Play):
            return Refusal("not-allowed", "play a card, like play HQ")
        hand, card, led = DECK.mask(self.hands[seat]), action.card, self.trick.led
        if not hand & card.bit:
            return Refusal("not-in-hand", f"{card} is not in your hand")
        if led is not None and ORDERS[self.trump_suit].must_follow(hand, card, led):
            name = SUIT_NAMES[led]
            return Refusal("must-follow-suit", f"{name} were led and you hold {name}: follow suit")
        return None

    @property
    def trump_suit(self) -> str | None:
        """The trump suit of this hand (None: no trump)."""
        return self.trump.suit if self.trump is not None else None

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._deal(action.cards)
        else:
            assert isinstance(action, Play)
            self._play(seat, action.card)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        n, k = self.players, self.options.hand_size
        first = self.order.left_of_dealer()
        for i in range(n):
            self.hands[(first + i) % n] = sorted(cards[i : n * k : n], key=lambda c: c.id)
        rest = list(cards[n * k :])
        self.trump = rest.pop(0) if self.options.trump == "turn" else None
        self.stock = rest
        self.trick = Trick(first, order=ORDERS[self.trump_suit], size=n)
        self.order.current = first
        self.phase = "play"
        if self.log is not None:  # events: the deal, each seat's own cards, the trump card
            self.emit(Dealt(self.order.dealer, k, self.board.hands_played + 1, self.options.hands))
            for s in range(n):
                self.emit(Received(s, tuple(self.hands[s]), to=only(s)))
            if self.trump is not None:
                self.emit(TrumpTurned(self.trump))

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        winner = self.trick.play(seat, card)
        if self.log is not None:
            self.log.append(Played(seat, card))
        if winner < 0:
            self.order.advance()
            return
        self.won[winner] += 1
        self.taken.extend(self.trick.cards)
        if self.log is not None:
            best = self.trick.cards[self.trick.best]
            self.log.append(TrickWon(winner, best, sum(self.won), self.trick.pairs()))
        self.trick = Trick(winner, order=ORDERS[self.trump_suit], size=self.players)
        self.order.current = winner
        if not self.hands[winner]:
            self._end_hand()

    def _end_hand(self) -> None:
        points = self.board.add_hand(self.won)
        self.emit(HandScored(self.board.hands_played, points, tuple(self.board.totals)))
        if self.board.hands_played >= self.options.hands:
            self.phase = "over"
            result = self.result()
            self.emit(MatchOver(result.scores, result.winners))
            return
        self.order.rotate_dealer()
        self.stock = list(DECK.cards)
        self.taken = []
        self.trump = None
        self.won = [0] * self.players
        self.phase = "deal"

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    def view(self, seat: int) -> __CAMEL__View:
        return __CAMEL__View(
            seat=seat,
            to_act=self.to_act(),
            hand=tuple(self.hands[seat]),
            trump=self.trump,
            dealer=self.order.dealer,
            trick=self.trick.plays(),
            tricks_won=tuple(self.won),
            scores=tuple(self.board.totals),
            hand_number=self.board.hands_played + 1,
        )

    # Every card is in exactly one zone; a zone says who may see its cards.
    def zones(self) -> tuple[Zone, ...]:
        everyone = frozenset(range(self.players))
        zones = [
            Zone("stock", tuple(self.stock), frozenset()),
            Zone("trump card", (self.trump,) if self.trump else (), everyone),
            Zone("trick", tuple(self.trick.cards), everyone),
            Zone("taken", tuple(self.taken), everyone),
        ]
        zones += [Zone(f"hand {s}", tuple(h), frozenset({s})) for s, h in enumerate(self.hands)]
        return tuple(zones)
'''

BOT = '''\
"""A heuristic bot for __TITLE__."""

from collections.abc import Sequence

from cardkit import Action, BaseBot, Play, TrickOrder, View

from __PACKAGE__.cards import GAME_ID
from __PACKAGE__.view import __CAMEL__View


class GreedyBot(BaseBot):
    """Wins the trick as cheaply as it can; when it cannot, throws its lowest card."""

    name = "greedy"
    summary = "wins each trick as cheaply as it can, else throws its lowest card"
    games = frozenset({GAME_ID})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert isinstance(view, __CAMEL__View)
        plays = [a for a in legal if isinstance(a, Play)]
        order = TrickOrder(trump=view.trump.suit if view.trump else None)
        if not view.trick:
            return max(plays, key=lambda p: p.card.rank)
        cards = [c for _, c, _ in view.trick]
        suits = [s for _, _, s in view.trick]
        led, top = suits[0], order.winner(cards, suits)
        best = order.strength(cards[top], suits[top], led)
        winners = [p for p in plays if order.strength(p.card, p.card.suit, led) > best]
        if winners:
            return min(winners, key=lambda p: order.strength(p.card, p.card.suit, led))
        return min(plays, key=lambda p: (p.card.suit == order.trump, p.card.rank))
'''

RULES_TEXT = '''\
"""The rules in words, as ``cardkit rules __GAME_ID__`` shows them."""

RULES = """\\
**__TITLE__**, for 2 to 4 players with 32 cards (7 to ace in four suits).

1. **Deal.** The dealer deals `hand_size` cards to each player, one at a time
   from their left, and turns the next card face up: its suit is trump
   (with `trump=none`, no card is turned and there is no trump).
2. **Play.** The player left of the dealer leads. Follow suit if you can;
   otherwise play any card. The highest trump wins the trick, else the
   highest card of the suit led. The winner leads the next trick.
3. **Score.** One point for each trick taken.
4. **Match.** The option `hands` sets how many hands are played; the deal passes left
   each hand. The highest total wins.

Cards read suit then rank: `HQ` is the queen of hearts, `ST` the ten of
spades. The action is `play HQ`.
"""
'''

GAME = '''\
"""__TITLE__: the game object."""

from collections.abc import Mapping
from typing import Any, ClassVar

from cardkit import Action, Deck, Game, OptionError, State
from cardkit.spaces import Spaces

from __PACKAGE__.actions import all_actions, parse
from __PACKAGE__.bot import GreedyBot
from __PACKAGE__.cards import DECK, GAME_ID
from __PACKAGE__.rules import RULES
from __PACKAGE__.state import (
    __CAMEL__Options,
    __CAMEL__State,
)


class __CAMEL__Game(Game[__CAMEL__State]):
    """__TITLE__ (see ``RULES``)."""

    id = GAME_ID
    name = "__TITLE__"
    summary = "deal, turn a trump card, follow suit; a point for every trick"
    min_players = 2
    max_players = 4
    default_players = 3
    state = __CAMEL__State
    Options = __CAMEL__Options
    rules = RULES
    bots: ClassVar[Mapping[str, type[Any]]] = {"greedy": GreedyBot}
    spaces = Spaces(actions=all_actions)  # the action space; the generic observer

    def deck(self, players: int, options: __CAMEL__Options) -> Deck:
        return DECK

    def check_options(self, players: int, options: __CAMEL__Options) -> None:
        turned = 1 if options.trump == "turn" else 0
        needed = players * options.hand_size + turned
        if needed > len(DECK):
            raise OptionError(
                f"hand_size {options.hand_size} needs {needed} cards for {players} "
                f"players; the deck has {len(DECK)}"
            )

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse(text)

    def max_steps(self, players: int, options: __CAMEL__Options) -> int:
        return (1 + players * options.hand_size) * options.hands
'''

TESTS = '''\
"""__TITLE__: the conformance kit, and each rule set up by an explicit deal."""

from __future__ import annotations

import pytest
from cardkit import CHANCE, BaseBot, IllegalActionError, OptionError, Play, Shuffle, State, stack
from cardkit.bots import RandomBot, bot_seed
from cardkit.registry import get_game
from cardkit.runner import play_match
from cardkit.testing import check_game

from __PACKAGE__.bot import GreedyBot
from __PACKAGE__.cards import DECK, GAME_ID

GAME = get_game(GAME_ID)  # the game as cardkit finds it, through the entry point


def test_conformance() -> None:  # the action space too: one play per card
    assert GAME.action_space(3).size == len(DECK)
    check_game(GAME, matches=5)
    check_game(GAME, matches=3, options={"trump": "none", "hand_size": 3})


def dealt(order: str, players: int = 3, **options: object) -> State:
    """A hand dealt from ``order`` (top card first): one card at a time from the
    dealer's (seat 0's) left, then the trump card."""
    state = GAME.create(players, 0, options, auto_chance=False)
    state.apply(CHANCE, Shuffle(stack(DECK.cards, DECK.cards_of(order))))
    return state


def play(state: State, cards: str) -> None:
    for card in DECK.cards_of(cards):
        state.apply(state.to_act()[0], Play(card))


# Seat 1 gets SA, C7; seat 2 S8, H9; seat 0 SK, D7; HT is turned: hearts are trump.
ORDER = "SA S8 SK C7 H9 D7 HT"


def test_deal_follow_suit_trump_and_score() -> None:
    state = dealt(ORDER, hand_size=2, hands=1)
    assert state.to_act() == (1,)  # left of the dealer leads
    play(state, "SA")
    with pytest.raises(IllegalActionError) as err:  # seat 2 holds a spade
        state.apply(2, Play(DECK.card("H9")))
    assert err.value.code == "must-follow-suit"
    play(state, "S8 SK")  # the ace wins; seat 1 leads again
    play(state, "C7 H9 D7")  # seat 2 has no club and trumps
    assert state.is_over()
    assert state.result().scores == (0.0, 1.0, 1.0)
    assert state.result().winners == (1, 2)


def test_without_trump_only_the_led_suit_wins() -> None:
    state = dealt("SA S8 SK C7 H9 D7", hand_size=2, hands=1, trump="none")
    play(state, "SA S8 SK C7 H9 D7")  # the club lead wins: no trump
    assert state.result().scores == (0.0, 2.0, 0.0)


def test_too_many_cards_is_refused() -> None:
    with pytest.raises(OptionError, match="needs 41 cards"):
        GAME.create(4, 0, {"hand_size": 10})


def test_the_greedy_bot_beats_random_play() -> None:
    wins = 0.0
    for seed in range(60):
        bots: list[BaseBot] = [GreedyBot(GAME, 0, bot_seed(seed, 0))]
        bots += [RandomBot(GAME, s, bot_seed(seed, s)) for s in (1, 2)]
        outcome = play_match(GAME, bots, seed)
        assert outcome.result is not None
        wins += outcome.result.share(0)
    assert wins / 60 > 1 / 3  # a random seat would win a third
'''

FILES = {
    "pyproject.toml": PYPROJECT,
    "README.md": README,
    "__PACKAGE__/__init__.py": INIT,
    "__PACKAGE__/cards.py": CARDS,
    "__PACKAGE__/actions.py": ACTIONS,
    "__PACKAGE__/events.py": EVENTS,
    "__PACKAGE__/view.py": VIEW,
    "__PACKAGE__/state.py": STATE,
    "__PACKAGE__/game.py": GAME,
    "__PACKAGE__/bot.py": BOT,
    "__PACKAGE__/rules.py": RULES_TEXT,
    "__PACKAGE__/py.typed": "",
    "tests/test___PACKAGE__.py": TESTS,
}
"""Relative path -> text; both have their placeholders replaced."""
