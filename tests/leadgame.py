"""Lead: a small test game on the core's card storage, with positions and sampled worlds.

Twelve cards, suits a, b and c, ranks 1-4 (4 high); 2 or 3 players; every card is
dealt (6 or 4 each), from the dealer's left. Each hand:

1. the holder of a1 leads it to the first trick;
2. follow the suit led if you can, else play any card; the highest card of the suit
   led wins the trick and its winner leads the next;
3. b may not be led until a b has been played this hand, unless the leader holds
   only b;
4. each trick taken scores 1.

The match is ``hands`` hands, the deal passing left; the highest total wins.

What a play shows of the hands is kept in the state's :class:`~cardkit.zones.Cards`:
who leads the first trick holds a1 (:meth:`LeadState.leader_shows`), a b led before b
was played comes from a hand of b only (:meth:`LeadState.play_shows`), and a card
that does not follow shows a void (the core's :meth:`Cards.play
<cardkit.zones.Cards.play>`). The core deals worlds from that, so tests can break
either inference and see the conformance kit catch the worlds that forget it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardkit import (
    CHANCE,
    Action,
    Card,
    Deck,
    Game,
    ParseError,
    Play,
    PositionError,
    Refusal,
    Result,
    Scoreboard,
    Shuffle,
    State,
    Trick,
    TrickOrder,
    View,
    Zone,
)
from cardkit.actions import words
from cardkit.game import highest
from cardkit.options import Options, option
from cardkit.public import read_record
from cardkit.tricks import trick_problem
from cardkit.zones import Cards, Place, SeatCards, layout

DECK = Deck.product("lead", "abc", [(r, str(r)) for r in range(1, 5)])
ORDER = TrickOrder(deck=DECK)
"""No trump: the highest card of the suit led wins."""
START = DECK.card("a1")
"""The card that leads each hand's first trick."""
B = DECK.suit_mask("b")
NOT_B = DECK.mask(DECK.cards) & ~B
PLAYS = DECK.table(Play)
PHASES = ("deal", "play", "over")
PLACES = (
    Place("hand", "owner", per_seat=True),
    Place("won", "all", per_seat=True),
    Place("trick", "all"),
    Place("stock"),
)
"""Zone ``s`` is seat ``s``'s hand, ``players + s`` the cards of the tricks it took, then
the trick in progress and the stock (the deck between hands)."""


@attrs.frozen(slots=True)
class LeadOptions(Options):
    hands: int = option(2, "hands in a match", low=1, high=6)


@attrs.frozen(slots=True)
class LeadView(View):
    """A seat's hand, the tricks of this hand, the totals; ``led_card`` names the card
    that led the trick in progress a second time (it is also in ``trick``)."""

    phase: str
    hand: tuple[Card, ...]
    trick: tuple[tuple[int, Card, str], ...]
    led_card: Card | None
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    broken: bool
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    steps: int
    options: LeadOptions
    cards: SeatCards | None = None


class LeadState(State):
    options: LeadOptions
    cards: Cards
    phase: str
    current: int
    broken: bool
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick: Trick
    board: Scoreboard
    record = ("phase", "current", "broken", "tricks", "trick", "board", "cards")
    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {"play": (Play,)}
    copied = ("cards", "board", "trick")

    def setup(self) -> None:
        self.board = Scoreboard.start(self.players)
        self.trick = Trick(0, order=ORDER, size=self.players)
        self._new_hand()

    def _new_hand(self) -> None:
        n = self.players
        self.cards = layout(DECK, PLACES, n).new("stock")
        self.phase, self.current, self.broken, self.tricks = "deal", 0, False, ()
        self.trick.restart(0)

    # -- who acts, and what they may do ---------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return DECK.cards if self.phase == "deal" else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """An equal share of the deck to each seat, from the dealer's left."""
        if self.phase != "deal":
            return ()
        n, first = self.players, self.board.hands_played + 1
        return tuple(((first + k) % n, len(DECK) // n) for k in range(n))

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "play":
            return (self.current,)
        return (CHANCE,) if self.phase == "deal" else ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "play" and seat == self.current:
            return PLAYS.of(self.playable(seat)[0])
        return ()

    def limits(self) -> list[tuple[int, int, str]]:
        """The rules that limit the card played now, each ``(held, allowed, code)``: a hand
        holding a card of ``held`` must play one of ``allowed``."""
        led, out = self.trick.led, []
        if led is not None:
            suit = DECK.suit_mask(led)
            out.append((suit, suit, "must-follow-suit"))
        elif not self.tricks:
            out.append((START.bit, START.bit, "first-lead"))
        elif not self.broken:
            out.append((NOT_B, NOT_B, "b-not-broken"))
        return out

    def playable(self, seat: int) -> tuple[int, str]:
        """The cards ``seat`` may play now and the code of the rule that limits them."""
        hand = self.cards.masks[seat]
        for held, allowed, rule in self.limits():
            if hand & held:
                return hand & allowed, rule
        return hand, ""

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        if not isinstance(action, Play) or seat != self.current:
            return None  # the core words the rest
        if not self.cards.masks[seat] & action.card.bit:
            return Refusal("not-in-hand", f"you do not hold {action.card.text}")
        rule = self.playable(seat)[1]
        reasons = {
            "must-follow-suit": "follow the suit led",
            "first-lead": "the first trick is led with a1",
            "b-not-broken": "b is not broken: lead another suit",
        }
        return Refusal(rule, reasons[rule])

    # -- steps ------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Shuffle):
            shares, at = [], 0
            for seat, count in self.deal_places():  # the runs deal_shuffle deals by
                assert isinstance(seat, int) and count is not None
                shares.append((seat, action.cards[at : at + count]))
                at += count
            self.cards.deal(self.cards.layout.zone("stock"), shares)
            self.current = next(s for s in range(self.players) if self.cards.masks[s] & START.bit)
            self.leader_shows(self.current)
            self.trick.restart(self.current)
            self.phase = "play"
        elif isinstance(action, Play):
            self._play(seat, action.card)

    def leader_shows(self, leader: int) -> None:
        """Everyone knows that no hand but the first leader's holds a1."""
        for seat in range(self.players):
            if seat != leader:
                self.cards.bar(seat, START.bit)

    def play_shows(self, seat: int, card: Card) -> None:
        """A card a rule would refuse shows that the hand held none of the cards that rule
        asks for (a b led before b was played: a hand of b only)."""
        for held, allowed, _ in self.limits():
            if card.bit & allowed:
                break
            self.cards.bar(seat, held)

    def _play(self, seat: int, card: Card) -> None:
        n, zone = self.players, self.cards.layout.zone
        self.play_shows(seat, card)
        winner = self.cards.play(seat, card, zone("trick"), self.trick)
        self.broken = self.broken or bool(card.bit & B)
        if winner < 0:
            self.current = (seat + 1) % n
            return
        self.tricks = (*self.tricks, self.trick.pairs())
        self.cards.move_all(zone("trick"), zone("won", winner))
        self.current = winner
        self.trick.restart(winner)
        if not self.cards.masks[winner]:
            self.board.add_hand([self.cards.count(zone("won", s)) // n for s in range(n)])
            if self.board.hands_played == self.options.hands:
                self.phase = "over"
            else:
                self._new_hand()

    # -- results, views, positions ------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, highest(scores))

    def view(self, seat: int) -> LeadView:
        trick = self.trick.plays()
        return LeadView(
            seat=seat,
            to_act=self.to_act(),
            phase=self.phase,
            hand=DECK.cards_in(self.cards.masks[seat]),
            trick=trick,
            led_card=trick[0][1] if trick else None,
            tricks=self.tricks,
            broken=self.broken,
            scores=tuple(self.board.totals),
            hands=tuple(self.board.hands),
            steps=self.steps,
            options=self.options,
            cards=self.cards.seen_by(seat),
        )

    def zones(self) -> tuple[Zone, ...]:
        return self.cards.zones()

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        over = self.phase == "over"
        played = self.board.hands_played
        return (played - over) % self.players, tuple(self.board.totals), played + (not over)

    def check_position(self) -> None:
        if self.phase not in PHASES:
            raise PositionError(f"phase must be one of {', '.join(PHASES)}")
        tricks = [*self.tricks, self.trick.pairs()]
        first = self.phase == "play" and not self.trick.cards and not self.tricks
        if first and not self.cards.masks[self.current] & START.bit:
            raise PositionError("the holder of a1 leads the first trick")
        lead = tricks[0][0][0] if tricks[0] else self.trick.leader
        n = self.players
        problem = trick_problem(tricks, lead, self.cards.masks[:n], ORDER, self.trick.leader)
        if problem:
            raise PositionError(problem)


class LeadGame(Game[LeadState]):
    id = "lead"
    name = "Lead"
    summary = "a twelve-card test game with positions and sampled worlds"
    min_players = 2
    max_players = 3
    default_players = 3
    state = LeadState
    cards: ClassVar[Deck | None] = DECK
    Options = LeadOptions
    rules = "a1 leads; follow suit; b is not led until played, unless a hand holds only b."

    def parse_action(self, text: str, state: State | None = None) -> Action:
        parts = words(text)
        if len(parts) == 2 and parts[0] == "play":
            return Play(DECK.card(parts[1]))
        raise ParseError(f"cannot read {text!r}: try play a1")

    def max_steps(self, players: int, options: LeadOptions) -> int:
        return (1 + len(DECK)) * options.hands

    def public_state(self, view: View) -> LeadState:
        """The state of what ``view`` shows but the cards, which the core deals."""
        if not isinstance(view, LeadView):
            raise PositionError("a world is sampled from a Lead view")
        n = len(view.scores)
        state = self.new_state(n, 0, view.options, False)
        leader = view.trick[0][0] if view.trick else view.to_act[0] if view.to_act else 0
        record: dict[str, Any] = {
            "phase": view.phase,
            "current": view.to_act[0] if view.phase == "play" else 0,
            "broken": view.broken,
            "tricks": [[[s, c.text] for s, c in t] for t in view.tricks],
            "trick": {"leader": leader, "plays": [[s, c.text] for s, c, _ in view.trick]},
            "board": {"totals": list(view.scores), "hands": [list(h) for h in view.hands]},
        }
        read_record(state, record, tuple(record))
        state.step_offset = view.steps
        return state


GAME = LeadGame()
