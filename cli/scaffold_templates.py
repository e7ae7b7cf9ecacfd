"""The files ``cardkit new-game`` writes, as text with placeholders.

``__GAME_ID__`` (the game id, ``my-game``), ``__PACKAGE__`` (the Python
package, ``cardkit_my_game``), ``__DIST__`` (the distribution,
``cardkit-my-game``), ``__TITLE__`` (``My Game``) and ``__CAMEL__``
(``MyGame``) are replaced; nothing else is. The game is complete and small:
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
__GAME_ID__ = "__PACKAGE__.game:GAME"

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
plugin package. The rules are in `__PACKAGE__/game.py` (`RULES`) and shown by
`cardkit rules __GAME_ID__`.

    pip install -e .                              # registers the game with cardkit
    cardkit list                                  # __GAME_ID__ is listed
    cardkit rules __GAME_ID__
    cardkit arena __GAME_ID__ --bot greedy --bot random --bot random
    cardkit play __GAME_ID__
    python -m pytest                              # the conformance kit and the rules

Change the rules in `__PACKAGE__/game.py`, keep `tests/` in step, and let the
conformance kit (`cardkit.testing.check_game`) tell you when a change breaks
a guarantee every cardkit game gives.
"""

INIT = '''\
"""__TITLE__: a cardkit game plugin; ``GAME`` is what the entry point names."""

from __PACKAGE__.game import GAME

__all__ = ["GAME"]
'''

GAME = '''\
"""__TITLE__: deal, turn a trump card, follow suit, a point for every trick.

Each part a cardkit game needs is here: the deck, options, the state with its
phases and who may act, trick order, views, text forms of actions, scoring
over a match, and a bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
from cardkit import (
    CHANCE,
    Action,
    BaseBot,
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
from cardkit.actions import words
from cardkit.game import highest
from cardkit.options import OptionValue

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

SUITS = "SHDC"
RANKS = "789TJQKA"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

# The deck spec: (suit, rank order value, rank label, text form) for each card.
GAME_ID = "__GAME_ID__"
DECK = Deck(GAME_ID, [(s, r, label, s + label) for s in SUITS for r, label in enumerate(RANKS)])

# Actions are immutable; build each one once and hand out the same object.
PLAYS = {card: Play(card) for card in DECK.cards}


def _int(options: Mapping[str, OptionValue], name: str) -> int:
    value = options[name]
    assert isinstance(value, int)
    return value


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


class __CAMEL__State(State):
    """A match: ``hands`` hands, each dealt by chance and then played out trick by trick."""

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        auto_chance: bool,
    ) -> None:
        super().__init__(game, players, seed, options, auto_chance)
        self.hand_size = _int(options, "hand_size")
        self.hands_total = _int(options, "hands")
        self.turn_trump = options["trump"] == "turn"
        self.order = TurnOrder(players)
        self.board = Scoreboard.start(players)
        self.stock: list[Card] = list(DECK.cards)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.trump: Card | None = None
        self.trick_order = TrickOrder()
        self.trick = Trick(0)
        self.taken: list[Card] = []
        self.won = [0] * players
        self.phase = "deal"
        if auto_chance:
            self.resolve_chance()

    # Chance: while a deal is due, the whole deck is to be shuffled.
    def chance_cards(self) -> tuple[Card, ...]:
        return DECK.cards if self.phase == "deal" else ()

    # Who may act: chance while a deal is due, then the seat whose turn it is.
    def _to_act(self) -> tuple[int, ...]:
        if self.phase == "deal":
            return (CHANCE,)
        if self.phase == "play":
            return (self.order.current,)
        return ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase != "play" or seat != self.order.current:
            return ()
        playable = self.trick_order.playable(self.hands[seat], self.trick.led)
        return tuple(PLAYS[card] for card in playable)

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            assert isinstance(action, Shuffle)
            self._deal(action.cards)
        else:
            assert isinstance(action, Play)
            self._play(seat, action.card)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        n, k = self.players, self.hand_size
        first = self.order.left_of_dealer()
        for i in range(n):
            self.hands[(first + i) % n] = sorted(cards[i : n * k : n], key=lambda c: c.id)
        rest = list(cards[n * k :])
        self.trump = rest.pop(0) if self.turn_trump else None
        self.stock = rest
        self.trick_order = TrickOrder(trump=self.trump.suit if self.trump else None)
        self.trick = Trick(first)
        self.order.current = first
        self.phase = "play"

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.trick.add(seat, card, self.trick_order)
        if len(self.trick) < self.players:
            self.order.advance()
            return
        winner = self.trick.winner()
        self.won[winner] += 1
        self.taken.extend(self.trick.cards)
        self.trick = Trick(winner)
        self.order.current = winner
        if not self.hands[winner]:
            self._end_hand()

    def _end_hand(self) -> None:
        self.board.add_hand(self.won)
        if self.board.hands_played >= self.hands_total:
            self.phase = "over"
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

    def explain(self, seat: int, action: Action) -> tuple[str, str]:
        if self.phase == "play" and seat == self.order.current and isinstance(action, Play):
            if action.card not in self.hands[seat]:
                return "not-in-hand", f"{action.card} is not in your hand"
            assert self.trick.led is not None
            led = SUIT_NAMES[self.trick.led]
            return "must-follow-suit", f"{led} were led and you hold {led}: follow suit"
        return super().explain(seat, action)


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


class __CAMEL__Game(Game):
    """__TITLE__ (see ``RULES``)."""

    id = GAME_ID
    name = "__TITLE__"
    summary = "deal, turn a trump card, follow suit; a point for every trick"
    min_players = 2
    max_players = 4
    default_players = 3
    options = (
        Option("hand_size", "int", 7, "cards dealt to each player", low=1, high=10),
        Option("hands", "int", 3, "hands in a match", low=1, high=50),
        Option("trump", "str", "turn", "turn a card for trump, or none", choices=("turn", "none")),
    )
    rules = RULES
    bots: ClassVar[Mapping[str, type[Any]]] = {"greedy": GreedyBot}
    suit_styles: ClassVar[Mapping[str, str]] = {"S": "blue", "H": "red", "D": "yellow"}

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], auto_chance: bool
    ) -> __CAMEL__State:
        return __CAMEL__State(self, players, seed, options, auto_chance)

    def deck(self, players: int, options: Mapping[str, OptionValue]) -> Deck:
        return DECK

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        turned = 1 if options["trump"] == "turn" else 0
        needed = players * _int(options, "hand_size") + turned
        if needed > len(DECK):
            raise OptionError(
                f"hand_size {options['hand_size']} needs {needed} cards for {players} "
                f"players; the deck has {len(DECK)}"
            )

    def parse_action(self, text: str, state: State | None = None) -> Action:
        parts = words(text)
        if len(parts) == 2 and parts[0] == "play":
            return PLAYS[DECK.card(parts[1])]
        raise ParseError(f"cannot read {text!r}: the action is 'play' and a card, like 'play HQ'")

    def max_steps(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return (1 + players * _int(options, "hand_size")) * _int(options, "hands")


GAME = __CAMEL__Game()
'''

TESTS = '''\
"""__TITLE__: the conformance kit, and each rule set up by an explicit deal."""

from __future__ import annotations

import pytest
from cardkit import CHANCE, BaseBot, IllegalActionError, OptionError, Play, Shuffle, State, stack
from cardkit.bots import RandomBot, bot_seed
from cardkit.runner import play_match
from cardkit.testing import check_game

from __PACKAGE__.game import DECK, GAME, GreedyBot


def test_conformance() -> None:
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
    "__PACKAGE__/game.py": GAME,
    "__PACKAGE__/py.typed": "",
    "tests/test___PACKAGE__.py": TESTS,
}
"""Relative path -> text; both have their placeholders replaced."""
