"""One match of Hearts: where the cards are, the rules (each stated once) and the steps.

A hand plays exactly as OpenSpiel's ``hearts`` with the same parameters (their
names are its own), so the two engines can be checked against each other;
OpenSpiel plays one hand with its pass direction drawn by chance, where a
match here passes left, right, across, then not at all, hand by hand, and ends
when a total reaches ``target``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

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
    Zone,
)
from cardkit.events import Dealt, HandScored, MatchOver, Played, Received, TrickWon, only, others
from cardkit.game import hand_value, lowest
from cardkit.positions import UNKNOWN, Common, game_part
from cardkit.public import read_value
from cardkit.tricks import trick_problem
from cardkit.zones import Cards, Place, layout

from cardkit_hearts.actions import PASSES, PLAYS, PassCard
from cardkit_hearts.cards import (
    CLUBS,
    DECK,
    HEARTS,
    MOON,
    ORDER,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    SUIT_NAMES,
    TWO_OF_CLUBS,
    points,
)
from cardkit_hearts.events import Handed, HeartsBroken, MoonShot, PassDue, Picked
from cardkit_hearts.rules import HeartsOptions
from cardkit_hearts.view import HeartsView

SEATS = 4
PASS_SIZE = 3
DIRECTIONS = (1, 3, 2, 0)
"""The pass offset of each hand in turn: left, right, across, none (then again)."""
ALL = (1 << len(DECK.faces)) - 1
NOT_HEARTS = ALL & ~HEARTS
NO_POINTS = ALL & ~POINT_CARDS
STEPS_PER_HAND = 1 + SEATS * PASS_SIZE + len(DECK.faces)
PHASES = ("deal", "pass", "play", "over")

PLACES = (
    Place("hand", "owner", per_seat=True),
    Place("passing", "owner", per_seat=True),
    Place("won", "all", per_seat=True),
    Place("trick", "all"),
    Place("stock"),
)
"""Where the cards are: zone ``s`` is seat ``s``'s hand, ``PASSING + s`` the cards it has
chosen to pass (until the exchange), ``WON + s`` the cards of the tricks it took, then
the trick in progress and the stock (the deck between hands, seen by nobody)."""
PASSING, WON, TRICK, STOCK = 4, 8, 12, 13
LAYOUT = layout(DECK, PLACES, SEATS)


def holds(hand: int, card: Card) -> bool:
    """Whether the bitmask ``hand`` holds ``card`` (a card of this deck)."""
    return card.id < len(DECK.faces) and DECK.faces[card.id] is card and bool(hand & card.bit)


def most_hands(options: HeartsOptions) -> int:
    """The most hands a match can last: each adds at least ``least`` to the four totals
    together, and the largest is at least a quarter of that sum."""
    least = MOON - 10 * options.jd_bonus - 15 * options.avoid_all_tricks_bonus
    return -(-4 * options.target // least)


class HeartsState(State):
    """A match of Hearts: hands dealt, passed and played out until a total reaches the
    target. Its cards are in :attr:`cards` (zones :data:`PLACES`; masks of ``card.bit``)."""

    options: HeartsOptions
    cards: Cards
    phase: str
    direction: int
    current: int
    broken: bool
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick: Trick
    board: Scoreboard
    exchanged: tuple[tuple[Card, ...], ...]
    """The cards each seat passed this hand: known to it and to the seat it passed to."""
    record = ("phase", "direction", "current", "broken", "tricks", "trick", "board", "cards")
    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {
        "pass": (PassCard,),
        "play": (Play,),
    }
    copied = ("cards", "board", "trick")

    def setup(self) -> None:
        self.board = Scoreboard.start(SEATS)
        self.trick = Trick(0, order=ORDER, size=SEATS)
        self._new_hand(0)

    def _new_hand(self, index: int) -> None:
        """Get hand ``index`` (from 0) ready to deal."""
        self.cards = LAYOUT.new(STOCK)
        self.exchanged = ((),) * SEATS
        self.tricks = ()
        self.trick.restart(0)
        self.broken = not self.options.must_break_hearts
        self.current = 0
        self.direction = DIRECTIONS[index % SEATS] if self.options.pass_cards else 0
        self.phase = "deal"  # then "pass" (when passing), "play"; "over" at the end

    # -- who acts, and what they may do -----------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return DECK.cards if self.phase == "deal" else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """One card at a time to each seat from the dealer's left."""
        if self.phase != "deal":
            return ()
        first = self.board.hands_played + 1
        return tuple(((first + i) % SEATS, 1) for i in range(len(DECK.faces)))

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "play":
            return (self.current,)
        if self.phase == "pass":
            masks = self.cards.masks
            return tuple(s for s in range(SEATS) if masks[PASSING + s].bit_count() < PASS_SIZE)
        return (CHANCE,) if self.phase == "deal" else ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "play" and seat == self.current:
            return PLAYS.of(self.playable(seat)[0])
        if self.phase == "pass" and seat in self.to_act():
            return PASSES.of(self.cards.masks[seat])
        return ()

    # -- the rules, each stated once: _legal_actions lists what these accept -------------

    def limits(self) -> list[tuple[int, int, str]]:
        """The rules that limit the card played now, OpenSpiel's in its order, each as
        ``(held, allowed, code)``: a hand holding a card of ``held`` (within ``allowed``)
        and not limited by an earlier rule must play a card of ``allowed``. Legal plays,
        refusals and what a play shows of the hand (:meth:`_play`) all come from here."""
        trick, opts, first = self.trick, self.options, not self.tricks
        out = []
        if trick.led is not None:
            suit = DECK.suit_mask(trick.led)
            out.append((suit, suit, "must-follow-suit"))
        if first and not trick.cards:
            lead = CLUBS if opts.can_lead_any_club else TWO_OF_CLUBS.bit
            out.append((lead, lead, "first-lead"))
        if first and opts.no_pts_on_first_trick:
            out.append((NO_POINTS, NO_POINTS, "no-points-on-first-trick"))
        if not trick.cards and not self.broken:  # with the variant, hearts and the queen
            held = NOT_HEARTS & ~QUEEN_OF_SPADES.bit  # may lead a heart
            out.append(
                (
                    held if opts.can_lead_hearts_instead_of_qs else NOT_HEARTS,
                    NOT_HEARTS,
                    "hearts-not-broken",
                )
            )
        return out

    def playable(self, seat: int) -> tuple[int, str]:
        """The cards ``seat`` may play now (a bitmask) and the code of the rule that
        limits them ("" when any card of the hand may go)."""
        hand = self.cards.masks[seat]
        for held, allowed, rule in self.limits():
            if hand & held:
                return hand & allowed, rule
        return hand, ""

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        # the core refuses other kinds than the phase takes (phases) and words the rest
        if isinstance(action, PassCard):
            if self.cards.masks[PASSING + seat].bit_count() >= PASS_SIZE:
                return Refusal("passed-already", "you have chosen your 3 cards to pass")
            if not holds(self.cards.masks[seat], action.card):
                return Refusal("not-in-hand", f"{action.card} is not in your hand")
        if isinstance(action, Play) and seat == self.current:
            return self._refuse_play(seat, action.card)
        return None

    def _refuse_play(self, seat: int, card: Card) -> Refusal | None:
        if not holds(self.cards.masks[seat], card):
            return Refusal("not-in-hand", f"{card} is not in your hand")
        allowed, rule = self.playable(seat)
        if card.bit & allowed:
            return None
        led = SUIT_NAMES[self.trick.led or "C"]
        reasons = {
            "must-follow-suit": f"{led} were led and you hold {led}: follow suit",
            "first-lead": "the first trick is led with the two of clubs",
            "no-points-on-first-trick": "no heart nor the queen of spades on the first trick "
            "while you hold another card",
            "hearts-not-broken": "hearts are not broken: lead another suit",
        }
        if self.options.can_lead_any_club:
            reasons["first-lead"] = "the first trick is led with a club"
        return Refusal(rule, reasons[rule])

    # -- the flow of a hand -----------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Shuffle):
            self._deal(action.cards)
        elif isinstance(action, PassCard):
            self._pick(seat, action.card)
        elif isinstance(action, Play):
            self._play(seat, action.card)

    def _deal(self, cards: tuple[Card, ...]) -> None:
        dealer = self.board.hands_played % SEATS
        shares = [((dealer + 1 + i) % SEATS, cards[i::SEATS]) for i in range(SEATS)]
        self.cards.deal(STOCK, shares)
        if self.log is not None:
            hand = self.board.hands_played + 1
            self.log.append(Dealt(dealer, len(cards) // SEATS, hand))
            for s in range(SEATS):
                self.log.append(Received(s, DECK.cards_in(self.cards.masks[s]), to=only(s)))
            self.log.append(PassDue(self.direction))
        if self.direction:
            self.phase = "pass"
        else:
            self._start_play()

    def _pick(self, seat: int, card: Card) -> None:
        self.cards.move(card, seat, PASSING + seat)
        if self.log is not None:
            self.log.append(Picked(seat, to=others(SEATS, seat), cover=True))
            self.log.append(Picked(seat, card, to=only(seat)))
        if not self.to_act():
            self._exchange()

    def _exchange(self) -> None:
        """Every seat's 3 cards go to the seat ``direction`` places to its left, together;
        the passer knows where they are."""
        self.exchanged = tuple(map(DECK.cards_in, self.cards.masks[PASSING:WON]))
        for seat, passed in enumerate(self.exchanged):
            receiver = (seat + self.direction) % SEATS
            self.cards.move_all(PASSING + seat, receiver)
            self.cards.show(seat, receiver, passed)
            if self.log is not None:
                self.log.append(Handed(seat, receiver, passed, to=only(seat, receiver)))
        self._start_play()

    def _start_play(self) -> None:
        """The holder of the two of clubs leads: everyone knows no other hand holds it."""
        self.phase = "play"
        self.current = next(s for s in range(SEATS) if self.cards.masks[s] & TWO_OF_CLUBS.bit)
        for s in range(SEATS):
            if s != self.current:
                self.cards.bar(s, TWO_OF_CLUBS.bit)
        self.trick.restart(self.current)

    def _play(self, seat: int, card: Card) -> None:
        for held, allowed, _ in self.limits():  # a card a rule would refuse shows that
            if card.bit & allowed:  # the hand held none of the cards that rule asks for
                break
            self.cards.bar(seat, held)
        trick = self.trick
        winner = self.cards.play(seat, card, TRICK, trick)
        if self.log is not None:
            self.log.append(Played(seat, card))
        if not self.broken and (
            card.bit & HEARTS or (card is QUEEN_OF_SPADES and self.options.qs_breaks_hearts)
        ):
            self.broken = True
            self.emit(HeartsBroken(card))
        if winner < 0:
            self.current = (seat + 1) % SEATS
            return
        self.tricks = (*self.tricks, trick.pairs())
        self.cards.move_all(TRICK, WON + winner)
        if self.log is not None:
            best = trick.cards[trick.best]
            self.log.append(TrickWon(winner, best, len(self.tricks), trick.pairs()))
        self.current = winner
        trick.restart(winner)
        if not self.cards.masks[winner]:
            self._end_hand()

    def won(self, seat: int) -> int:
        """The cards of the tricks ``seat`` took this hand (a bitmask)."""
        return self.cards.masks[WON + seat]

    def shooter(self) -> int | None:
        """The seat that took every heart and the queen of spades this hand, if one did."""
        return next((s for s in range(SEATS) if self.won(s) & POINT_CARDS == POINT_CARDS), None)

    def hand_points(self) -> tuple[int, ...]:
        """This hand's points per seat, as OpenSpiel's ``hearts`` counts them (its returns
        are 26 less these): a shooter of the moon gets -26 and the others +26."""
        opts = self.options
        out = [points(self.won(s), opts.jd_bonus) for s in range(SEATS)]
        shooter = self.shooter()
        if shooter is not None:
            out = [p - MOON if s == shooter else p + MOON for s, p in enumerate(out)]
        elif opts.avoid_all_tricks_bonus:
            out = [p if self.won(s) else p - 5 for s, p in enumerate(out)]
        return tuple(out)

    def _end_hand(self) -> None:
        deltas = self.board.add_hand(self.hand_points())
        shooter = self.shooter()
        if shooter is not None:
            self.emit(MoonShot(shooter))
        self.emit(HandScored(self.board.hands_played, deltas, tuple(self.board.totals)))
        if max(self.board.totals) >= self.options.target:
            self.phase = "over"
            if self.log is not None:
                result = self.result()
                self.emit(MatchOver(result.scores, result.winners))
            return
        self._new_hand(self.board.hands_played)

    # -- results, views, zones --------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        scores = tuple(float(t) for t in self.board.totals)
        return Result(scores, lowest(scores), True, "the lowest total wins")

    def horizon(self) -> int:
        """Search rollouts stop at the end of the hand."""
        return self.board.hands_played

    def scores(self) -> tuple[float, ...]:
        """The match totals so far (the lowest wins)."""
        return tuple(float(t) for t in self.board.totals)

    def value(self, seat: int, start: State) -> float:
        """The hand's points against the others' mean, negated (fewer is better), over the
        most a hand can give; at the end of the match the win share."""
        assert isinstance(start, HeartsState)
        now = [-t for t in self.scores()]
        before = [-t for t in start.scores()]
        return hand_value(self, seat, now, before, 3 * MOON)

    def view(self, seat: int) -> HeartsView:
        cards_in = DECK.cards_in
        masks = self.cards.masks
        over = self.phase == "over"
        return HeartsView(
            seat=seat,
            to_act=self.to_act(),
            phase=self.phase,
            hand=cards_in(masks[seat]),
            direction=self.direction,
            passing=cards_in(masks[PASSING + seat]),
            passed=self.exchanged[seat],
            received=self.exchanged[(seat - self.direction) % SEATS],
            trick=self.trick.plays(),
            tricks=self.tricks,
            hearts_broken=self.broken,
            taken=tuple(points(masks[WON + s], self.options.jd_bonus) for s in range(SEATS)),
            scores=tuple(self.board.totals),
            hands=tuple(self.board.hands),
            hand_number=self.board.hands_played + (0 if over else 1),
            steps=self.steps,
            options=self.options,
            cards=self.cards.seen_by(seat),
        )

    def zones(self) -> tuple[Zone, ...]:
        return self.cards.zones()

    # -- positions: the core writes and reads the record; the passes as each seat knows them

    def position_part(self, seat: int | None = None) -> dict[str, Any]:
        mine = range(SEATS) if seat is None else (seat, (seat - self.direction) % SEATS)
        passed = [
            [c.text if s in mine else UNKNOWN for c in p] for s, p in enumerate(self.exchanged)
        ]
        return {**super().position_part(seat), "passed": passed}

    def restore_position(self, common: Common, part: Any) -> None:
        part = dict(game_part(part, (*self.record, "passed")))
        self.exchanged = read_value(self, "exchanged", part.pop("passed"))
        super().restore_position(common, part)

    def check_position(self) -> None:
        hand = self.board.hands_played - (self.phase == "over")
        if self.phase not in PHASES or len(self.exchanged) != SEATS:
            raise PositionError(f"phase must be one of {', '.join(PHASES)}, with 4 passes")
        if self.direction != (DIRECTIONS[hand % SEATS] if self.options.pass_cards else 0):
            raise PositionError(f"hand {hand + 1} passes {DIRECTIONS[hand % SEATS]} seats on")
        tricks = [*self.tricks, self.trick.pairs()]  # in turn, following suit, winner leads
        if DECK.mask(c for t in tricks for _, c in t) != sum(self.cards.masks[WON:STOCK]):
            raise PositionError("the cards won and in the trick are not those of the tricks")
        first = self.phase == "play" and not self.tricks and not self.trick.cards
        if first and not self.cards.masks[self.current] & TWO_OF_CLUBS.bit:
            raise PositionError("the holder of the two of clubs leads the first trick")
        lead = tricks[0][0][0] if tricks[0] else self.trick.leader
        problem = trick_problem(tricks, lead, self.cards.masks[:SEATS], ORDER, self.trick.leader)
        if problem:
            raise PositionError(problem)

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        over = self.phase == "over"
        return (
            (self.board.hands_played - over) % SEATS,
            tuple(self.board.totals),
            self.board.hands_played + (not over),
        )
