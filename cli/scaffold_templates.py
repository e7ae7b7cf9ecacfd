"""The files ``cardkit new-game`` writes, as text with placeholders.

``__GAME_ID__`` (the game id, ``my-game``), ``__PACKAGE__`` (the Python
package, ``cardkit_my_game``), ``__DIST__`` (the distribution,
``cardkit-my-game``), ``__TITLE__`` (``My Game``) and ``__CAMEL__``
(``MyGame``) are replaced; nothing else is. The package has cardkit's common
layout, and the game is complete and small, on the core's card storage
(:mod:`cardkit.zones`): a 32-card deck, a trump card turned after the deal,
follow suit, a point a trick, a match of several hands, a bot, positions
and sampled worlds.
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
    cardkit arena __GAME_ID__ --bot ismcts:iterations=100 --bot greedy -n 10
    cardkit play __GAME_ID__
    python -m pytest                              # the conformance kit and the rules

The layout: `cards.py` (the deck), `actions.py` (actions and their text
forms), `events.py`, `rules.py` (the options and the rules in words),
`view.py` (what a seat may know), `state.py` (where the cards can be, the
rules, the steps and positions), `game.py` (the game object, and the state of
what a view shows, from which search bots sample worlds), `bot.py`.
Change the rules in `state.py`, keep `tests/` in step, and let the
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
from cardkit.zones import SeatCards

from __PACKAGE__.rules import __CAMEL__Options


@attrs.frozen(slots=True)
class __CAMEL__View(View):
    """What one seat may know: its hand, the cards face up, the scores (``hands``: each
    finished hand's points), the steps taken and the options. ``cards`` is what it
    knows of where every card is (a seat that did not follow suit lacks that suit):
    search bots sample the worlds it cannot tell apart from it."""

    phase: str
    hand: tuple[Card, ...]
    trump: Card | None
    dealer: int
    trick: tuple[tuple[int, Card, str], ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    steps: int
    options: __CAMEL__Options
    cards: SeatCards
'''

STATE = '''\
"""One match: the rules (each stated once), the steps, and positions."""

from collections.abc import Mapping
from typing import ClassVar

from cardkit import (
    CHANCE,
    Action,
    Card,
    Play,
    PositionError,
    Refusal,
    Result,
    Scoreboard,
    Shuffle,
    State,
    Trick,
    TurnOrder,
    Zone,
)
from cardkit.events import Dealt, HandScored, MatchOver, Played, Received, TrickWon, only
from cardkit.game import highest
from cardkit.tricks import trick_problem
from cardkit.zones import Cards, Place, layout

from __PACKAGE__.actions import PLAY_TABLE
from __PACKAGE__.cards import DECK, ORDERS, SUIT_NAMES
from __PACKAGE__.events import TrumpTurned
from __PACKAGE__.rules import __CAMEL__Options
from __PACKAGE__.view import __CAMEL__View

# Where a card can be, and who sees it there. The core numbers the zones in this
# order (a place per seat is one zone per seat) and keeps each card in exactly one.
PLACES = (
    Place("stock"),  # zone 0: the cards not dealt, seen by nobody
    Place("trump", "all"),  # zone 1: the card turned for trump
    Place("trick", "all"),  # zone 2: the trick in progress
    Place("hand", "owner", per_seat=True),  # zone HAND + s: seat s's hand, seen by s
    Place("won", "all", per_seat=True),  # zone HAND + players + s: the tricks s took
)
STOCK, TRUMP, TRICK, HAND = 0, 1, 2, 3


class __CAMEL__State(State):
    """A match: ``hands`` hands, each dealt by chance and then played out trick by trick.

    The record is the whole state, as a position writes it; the rest follows (derive).
    """

    options: __CAMEL__Options
    phase: str  # deal (chance is due), play or over
    trump: Card | None  # the card turned this hand (None: not dealt yet, or trump=none)
    trick: Trick
    board: Scoreboard  # the match totals and each hand's points
    cards: Cards  # where every card is, in the zones of PLACES
    record = ("phase", "trump", "trick", "board", "cards")
    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {"play": (Play,)}
    copied = ("cards", "trick", "board", "order")  # what a step changes in place

    def setup(self) -> None:
        self.phase = "deal"
        self.trump = None
        self.trick = Trick(0, order=ORDERS[None], size=self.players)
        self.board = Scoreboard.start(self.players)
        self.cards = layout(DECK, PLACES, self.players).new(STOCK)  # all in the stock
        self.derive()

    def derive(self) -> None:
        """Set what follows from the record (a position's, a sampled world's): the trick
        under this hand's trump, the dealer (seat 0 deals first, then the deal passes
        left) and whose turn it is."""
        n, plays = self.players, self.trick.pairs()
        self.trick = Trick(self.trick.leader, order=ORDERS[self.trump_suit], size=n)
        for seat, card in plays:
            self.trick.play(seat, card)
        dealer = (self.board.hands_played - (self.phase == "over")) % n
        self.order = TurnOrder(n, dealer, (self.trick.leader + len(plays)) % n)

    @property
    def trump_suit(self) -> str | None:
        """The trump suit of this hand (None: no trump)."""
        return self.trump.suit if self.trump is not None else None

    # Chance: while a deal is due, the whole deck is to be shuffled.
    def chance_cards(self) -> tuple[Card, ...]:
        return DECK.cards if self.phase == "deal" else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """Where the deal puts the shuffled cards, for explicit deals (``deal_shuffle``):
        one at a time from the dealer's left, the trump card, the rest to the stock."""
        if self.phase != "deal":
            return ()
        n, k, first = self.players, self.options.hand_size, self.order.left_of_dealer()
        hands = [((first + i) % n, 1) for i in range(n * k)]
        turned = [("trump", 1)] if self.options.trump == "turn" else []
        return (*hands, *turned, ("stock", None))

    # Who may act: chance while a deal is due, then the seat whose turn it is.
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "deal":
            return (CHANCE,)
        return (self.order.current,) if self.phase == "play" else ()

    # The verdict on a play is the trick core's rule, once: the legal plays.
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.to_act() != (seat,):
            return ()
        hand = self.cards.masks[HAND + seat]
        return ORDERS[self.trump_suit].legal(hand, self.trick.led, PLAY_TABLE)

    # Why a play is not among them, in words. The core words the rest: a seat not to
    # act, and an action of a kind the phase does not take (phases).
    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        if not isinstance(action, Play) or self.to_act() != (seat,):
            return None
        hand, card, led = self.cards.masks[HAND + seat], action.card, self.trick.led
        if not hand & card.bit:
            return Refusal("not-in-hand", f"{card} is not in your hand")
        if led is not None and ORDERS[self.trump_suit].must_follow(hand, card, led):
            name = SUIT_NAMES[led]
            return Refusal("must-follow-suit", f"{name} were led and you hold {name}: follow suit")
        return None

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Shuffle):
            self._deal(action.cards)
        elif isinstance(action, Play):
            self._play(seat, action.card)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        n, k, first = self.players, self.options.hand_size, self.order.left_of_dealer()
        self.cards.deal(STOCK, [(HAND + (first + i) % n, cards[i : n * k : n]) for i in range(n)])
        if self.options.trump == "turn":
            self.trump = cards[n * k]
            self.cards.move(self.trump, STOCK, TRUMP)
        self.trick = Trick(first, order=ORDERS[self.trump_suit], size=n)
        self.order.current = first
        self.phase = "play"
        if self.log is not None:  # events: the deal, each seat's own cards, the trump card
            self.emit(Dealt(self.order.dealer, k, self.board.hands_played + 1, self.options.hands))
            for s in range(n):
                self.emit(Received(s, self.cards.cards(HAND + s), to=only(s)))
            if self.trump is not None:
                self.emit(TrumpTurned(self.trump))

    def _play(self, seat: int, card: Card) -> None:
        # Cards.play moves the card into the trick and records what the play shows:
        # a seat that does not follow the led suit has none of it left.
        winner = self.cards.play(HAND + seat, card, TRICK, self.trick)
        if self.log is not None:
            self.log.append(Played(seat, card))
        if winner < 0:
            self.order.advance()
            return
        self.cards.move_all(TRICK, HAND + self.players + winner)
        if self.log is not None:
            best, number = self.trick.cards[self.trick.best], sum(self.tricks_won())
            self.log.append(TrickWon(winner, best, number, self.trick.pairs()))
        self.trick.restart(winner)
        self.order.current = winner
        if not self.cards.masks[HAND + winner]:
            self._end_hand()

    def tricks_won(self) -> tuple[int, ...]:
        """The tricks each seat took this hand: the cards it won, a trick's worth each."""
        n, masks = self.players, self.cards.masks
        return tuple(masks[HAND + n + s].bit_count() // n for s in range(n))

    def _end_hand(self) -> None:
        points = self.board.add_hand(self.tricks_won())
        self.emit(HandScored(self.board.hands_played, points, tuple(self.board.totals)))
        self.cards = self.cards.layout.new(STOCK)  # every card back to the stock
        self.trump = None
        if self.board.hands_played >= self.options.hands:
            self.phase = "over"
            result = self.result()
            self.emit(MatchOver(result.scores, result.winners))
            return
        self.order.rotate_dealer()
        self.phase = "deal"

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    def horizon(self) -> int:
        """Search bots look ahead to the end of the hand: the next deal is chance's."""
        return self.board.hands_played

    def view(self, seat: int) -> __CAMEL__View:
        return __CAMEL__View(
            seat=seat,
            to_act=self.to_act(),
            phase=self.phase,
            hand=self.cards.cards(HAND + seat),
            trump=self.trump,
            dealer=self.order.dealer,
            trick=self.trick.plays(),
            tricks_won=self.tricks_won(),
            scores=tuple(self.board.totals),
            hands=tuple(self.board.hands),
            steps=self.steps,
            options=self.options,
            cards=self.cards.seen_by(seat),
        )

    def zones(self) -> tuple[Zone, ...]:
        return self.cards.zones()

    # -- positions: the core writes and reads the record; these say the rest

    def check_position(self) -> None:
        """Refuse (one line) a position that breaks a rule the record's types cannot say."""
        n, k, last = self.players, self.options.hand_size, self.options.hands
        hands, masks, trick = self.board.hands, self.cards.masks, self.trick
        if self.phase not in ("deal", "play", "over"):
            raise PositionError("phase must be deal, play or over")
        if len(hands) > last or (len(hands) == last) != self.is_over():
            raise PositionError(f"the match is over once its {last} hands are scored")
        scored = all(len(h) == n and sum(h) == k and min(h) >= 0 for h in hands)
        if not scored or self.board.totals != [sum(h[s] for h in hands) for s in range(n)]:
            raise PositionError(f"each hand scores its {k} tricks, and the totals add them up")
        if self.phase != "play":
            if self.trump is not None or trick.cards or self.cards.count(STOCK) < len(DECK):
                raise PositionError(f"in the {self.phase} phase every card is in the stock")
            return
        turned = () if self.trump is None else (self.trump,)
        if self.cards.cards(TRUMP) != turned or bool(turned) != (self.options.trump == "turn"):
            raise PositionError("the trump card is the card turned (none with trump=none)")
        won = [masks[HAND + n + s].bit_count() for s in range(n)]
        done = sum(won) // n
        if any(w % n for w in won) or done >= k or len(trick) >= n:
            raise PositionError(f"the cards won are whole tricks, fewer than {k}")
        for s in range(n):
            if masks[HAND + s].bit_count() != k - done - (s in trick.seats):
                raise PositionError(f"seat {s} holds a card too many or too few")
        if masks[TRICK] != DECK.mask(trick.cards):
            raise PositionError("the trick zone holds the cards of the trick")
        # the first trick is led from the dealer's left; its plays go left and follow suit
        leader = trick.leader if done and 0 <= trick.leader < n else self.order.left_of_dealer()
        held, order = masks[HAND : HAND + n], ORDERS[self.trump_suit]
        problem = trick_problem([trick.pairs()], leader, held, order, trick.leader)
        if problem:
            raise PositionError(problem)

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        """The dealer, the match totals and the number of the hand (from 1)."""
        hand = len(self.board.hands) + (self.phase != "over")
        return self.order.dealer, tuple(self.board.totals), hand
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
"""The options of a match, and the rules in words, as ``cardkit rules`` shows them."""

import attrs
from cardkit import Options, option


@attrs.frozen(slots=True)
class __CAMEL__Options(Options):
    """The options of a match; ``cardkit rules`` lists them."""

    hand_size: int = option(7, "cards dealt to each player", low=1, high=10)
    hands: int = option(3, "hands in a match", low=1, high=50)
    trump: str = option("turn", "turn a card for trump, or none", choices=("turn", "none"))


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

from cardkit import Action, Deck, Game, OptionError, PositionError, Scoreboard, State, View
from cardkit.spaces import Spaces

from __PACKAGE__.actions import all_actions, parse
from __PACKAGE__.bot import GreedyBot
from __PACKAGE__.cards import DECK, GAME_ID
from __PACKAGE__.rules import RULES, __CAMEL__Options
from __PACKAGE__.state import __CAMEL__State
from __PACKAGE__.view import __CAMEL__View


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

    def public_state(self, view: View) -> __CAMEL__State:
        """The state of what ``view`` shows: its record but the cards, then what follows.
        The core's ``sample_world`` copies it and deals the cards from ``view.cards``, so
        that search bots (``pimc``, ``ismcts``, the hint of ``cardkit play``) play it."""
        if not isinstance(view, __CAMEL__View):
            raise PositionError(f"{self.id} samples worlds from its own views")
        state = self.new_state(len(view.scores), 0, view.options, False)
        state.phase, state.trump = view.phase, view.trump
        state.board = Scoreboard(list(view.scores), None, list(view.hands))
        playing = view.phase == "play"  # an empty trick is led by the seat to act
        state.trick.restart(view.trick[0][0] if view.trick else view.to_act[0] if playing else 0)
        for seat, card, _ in view.trick:
            state.trick.play(seat, card)
        state.derive()
        state.step_offset = view.steps
        return state
'''

TESTS = '''\
"""__TITLE__: the conformance kit, and the rules on explicit deals."""

from __future__ import annotations

import random

import pytest
from cardkit import CHANCE, BaseBot, IllegalActionError, OptionError, Play, State
from cardkit.bots import RandomBot, bot_seed
from cardkit.registry import get_game
from cardkit.runner import play_match
from cardkit.testing import check_endgames, check_game

from __PACKAGE__.bot import GreedyBot
from __PACKAGE__.cards import DECK, GAME_ID

GAME = get_game(GAME_ID)  # the game as cardkit finds it, through the entry point


def test_conformance() -> None:
    """Every guarantee of a cardkit game, positions and sampled worlds included."""
    assert GAME.has_positions and GAME.action_space(3).size == len(DECK)  # a play per card
    check_game(GAME, matches=3)
    check_game(GAME, matches=2, options={"trump": "none", "hand_size": 3})


def test_the_endgame_solver_agrees_with_brute_force() -> None:
    """pimc's ``solve`` on 40 endgames of 2 or 3 cards a hand (horizon: the hand)."""
    assert check_endgames(GAME, 3, {"hands": 2}, cards=3, endgames=40) == 40


def dealt(*hands: str, turned: str = "", **options: object) -> State:
    """A match of 3 whose first hand is dealt as given: seat 0's cards, seat 1's, seat
    2's (seat 0 deals), and the card turned for trump; the rest is left to chance."""
    state = GAME.create(3, 0, options, auto_chance=False)
    piles = {"trump": DECK.cards_of(turned)} if turned else {}
    state.apply(CHANCE, state.deal_shuffle([DECK.cards_of(h) for h in hands], **piles))
    return state


def play(state: State, cards: str) -> None:
    for card in DECK.cards_of(cards):
        state.apply(state.to_act()[0], Play(card))


def test_deal_follow_suit_trump_and_score() -> None:
    state = dealt("SK D7", "SA C7", "S8 H9", turned="HT", hand_size=2, hands=1)
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
    state = dealt("SK D7", "SA C7", "S8 H9", hand_size=2, hands=1, trump="none")
    play(state, "SA S8 SK C7 H9 D7")  # the club lead wins: no trump
    assert state.result().scores == (0.0, 2.0, 0.0)


def test_sampled_worlds_keep_what_the_play_showed() -> None:
    state = dealt("SK D7 D8", "SA C7 C8", "S8 H9 HJ", turned="HT", hand_size=3)
    play(state, "SA S8 SK C7 H9")  # seat 2 does not follow clubs: it has none left
    for seed in range(20):  # what seat 0 cannot see is dealt anew in each world
        world = GAME.sample_world(state.view(0), random.Random(seed))
        assert world.view(0) == state.view(0)
        zones = {zone.name: zone.cards for zone in world.zones()}
        assert not any(card.suit == "C" for card in zones["hand 2"])


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
