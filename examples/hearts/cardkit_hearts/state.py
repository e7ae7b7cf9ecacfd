"""One match of Hearts: the options, the rules (each stated once) and the steps.

A hand plays exactly as OpenSpiel's ``hearts`` with the same parameters (their
names are its own), so the two engines can be checked against each other;
OpenSpiel plays one hand with its pass direction drawn by chance, where a
match here passes left, right, across, then not at all, hand by hand, and ends
when a total reaches ``target``.
"""

from __future__ import annotations

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
    Zone,
    option,
)
from cardkit.events import Dealt, HandScored, MatchOver, Played, Received, TrickWon, only, others
from cardkit.game import hand_value, lowest

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
from cardkit_hearts.view import HeartsView

SEATS = 4
PASS_SIZE = 3
DIRECTIONS = (1, 3, 2, 0)
"""The pass offset of each hand in turn: left, right, across, none (then again)."""
ALL = (1 << len(DECK.faces)) - 1
STEPS_PER_HAND = 1 + SEATS * PASS_SIZE + len(DECK.faces)


@attrs.frozen(slots=True)
class HeartsOptions(Options):
    """OpenSpiel's parameters (defaults its own), and the match's target."""

    target: int = option(
        100, "the match ends when a total reaches this after a hand", low=1, high=10_000
    )
    pass_cards: bool = option(True, "pass 3 cards before a hand: left, right, across, none")
    no_pts_on_first_trick: bool = option(
        True, "no heart nor the queen of spades on the first trick unless nothing else is held"
    )
    can_lead_any_club: bool = option(False, "any club may lead the first trick, not only the 2")
    jd_bonus: bool = option(False, "the jack of diamonds scores -10")
    avoid_all_tricks_bonus: bool = option(False, "taking no trick scores -5 (unless a moon)")
    must_break_hearts: bool = option(True, "hearts may not be led until one has been played")
    qs_breaks_hearts: bool = option(True, "playing the queen of spades breaks hearts too")
    can_lead_hearts_instead_of_qs: bool = option(
        False, "a leader holding only hearts and the queen of spades may lead a heart"
    )


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
    target. Hands are bitmasks of ``card.bit``."""

    options: HeartsOptions

    def setup(self) -> None:
        self.board = Scoreboard.start(SEATS)
        self._new_hand()

    def _new_hand(self) -> None:
        self.hands = [0] * SEATS
        self.passing = [0] * SEATS  # chosen, not yet exchanged
        self.passed = [0] * SEATS
        self.received = [0] * SEATS
        self.won = [0] * SEATS  # the cards of the tricks each seat took
        self.tricks_won = [0] * SEATS
        self.tricks: list[tuple[tuple[int, Card], ...]] = []
        self.trick: Trick | None = None
        self.broken = not self.options.must_break_hearts
        self.current = 0
        self.dealer = self.board.hands_played % SEATS
        played = self.board.hands_played
        self.direction = DIRECTIONS[played % SEATS] if self.options.pass_cards else 0
        self.phase = "deal"  # then "pass" (when passing), "play"; "over" at the end

    # -- who acts, and what they may do -----------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return DECK.cards if self.phase == "deal" else ()

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """One card at a time to each seat from the dealer's left."""
        if self.phase != "deal":
            return ()
        return tuple(((self.dealer + 1 + i) % SEATS, 1) for i in range(len(DECK.faces)))

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "play":
            return (self.current,)
        if self.phase == "pass":
            return tuple(s for s in range(SEATS) if self.passing[s].bit_count() < PASS_SIZE)
        return (CHANCE,) if self.phase == "deal" else ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "play" and seat == self.current:
            return PLAYS.of(self.playable(seat)[0])
        if self.phase == "pass" and seat in self.to_act():
            return PASSES.of(self.hands[seat])
        return ()

    # -- the rules, each stated once: _legal_actions lists what these accept -------------

    def playable(self, seat: int) -> tuple[int, str]:
        """The cards ``seat`` may play now (a bitmask) and the code of the rule that
        limits them ("" when any card of the hand may go), OpenSpiel's checks in its order."""
        hand, trick, opts = self.hands[seat], self.trick, self.options
        assert trick is not None
        if trick.led is not None:
            follow = hand & DECK.suit_mask(trick.led)
            if follow:
                return follow, "must-follow-suit"
        if not self.tricks and not trick.cards:
            return (hand & CLUBS if opts.can_lead_any_club else TWO_OF_CLUBS.bit), "first-lead"
        if opts.no_pts_on_first_trick and not self.tricks and hand & ~POINT_CARDS:
            return hand & ~POINT_CARDS, "no-points-on-first-trick"
        if not trick.cards and not self.broken:
            lead = hand & ~HEARTS
            if opts.can_lead_hearts_instead_of_qs and lead == QUEEN_OF_SPADES.bit:
                lead = 0
            if lead:
                return lead, "hearts-not-broken"
        return hand, ""

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        if self.phase == "pass" and isinstance(action, PassCard):
            if self.passing[seat].bit_count() >= PASS_SIZE:
                return Refusal("passed-already", "you have chosen your 3 cards to pass")
            if not holds(self.hands[seat], action.card):
                return Refusal("not-in-hand", f"{action.card} is not in your hand")
            return None
        if self.phase == "play" and isinstance(action, Play):
            return self._refuse_play(seat, action.card) if seat == self.current else None
        if self.phase == "pass" and isinstance(action, Play):
            return Refusal("passing", "the cards are being passed: no card is played yet")
        if self.phase == "play" and isinstance(action, PassCard):
            return Refusal("not-allowed", "cards are passed only before the play")
        if self.phase in ("play", "pass"):
            return Refusal("not-allowed", "the actions are 'pass CARD' and 'play CARD'")
        return None  # the core answers: chance is due, or the match is over

    def _refuse_play(self, seat: int, card: Card) -> Refusal | None:
        if not holds(self.hands[seat], card):
            return Refusal("not-in-hand", f"{card} is not in your hand")
        allowed, rule = self.playable(seat)
        if card.bit & allowed:
            return None
        assert self.trick is not None
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
        first = self.dealer + 1
        for i in range(SEATS):
            self.hands[(first + i) % SEATS] = DECK.mask(cards[i::SEATS])
        if self.log is not None:
            hand = self.board.hands_played + 1
            self.log.append(Dealt(self.dealer, len(cards) // SEATS, hand))
            for s in range(SEATS):
                self.log.append(Received(s, DECK.cards_in(self.hands[s]), to=only(s)))
            self.log.append(PassDue(self.direction))
        if self.direction:
            self.phase = "pass"
        else:
            self._start_play()

    def _pick(self, seat: int, card: Card) -> None:
        self.hands[seat] &= ~card.bit
        self.passing[seat] |= card.bit
        if self.log is not None:
            self.log.append(Picked(seat, to=others(SEATS, seat), cover=True))
            self.log.append(Picked(seat, card, to=only(seat)))
        if all(p.bit_count() == PASS_SIZE for p in self.passing):
            self._exchange()

    def _exchange(self) -> None:
        """Every seat's 3 cards go to the seat ``direction`` places to its left, together."""
        for seat in range(SEATS):
            receiver = (seat + self.direction) % SEATS
            self.hands[receiver] |= self.passing[seat]
            self.received[receiver] = self.passed[seat] = self.passing[seat]
            if self.log is not None:
                cards = DECK.cards_in(self.passing[seat])
                self.log.append(Handed(seat, receiver, cards, to=only(seat, receiver)))
        self.passing = [0] * SEATS
        self._start_play()

    def _start_play(self) -> None:
        """The holder of the two of clubs leads."""
        self.phase = "play"
        self.current = next(s for s in range(SEATS) if self.hands[s] & TWO_OF_CLUBS.bit)
        self.trick = Trick(self.current, order=ORDER, size=SEATS)

    def _play(self, seat: int, card: Card) -> None:
        trick = self.trick
        assert trick is not None
        self.hands[seat] &= ~card.bit
        winner = trick.play(seat, card)
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
        self.won[winner] |= DECK.mask(trick.cards)
        self.tricks_won[winner] += 1
        self.tricks.append(trick.pairs())
        if self.log is not None:
            best = trick.cards[trick.best]
            self.log.append(TrickWon(winner, best, len(self.tricks), trick.pairs()))
        self.current = winner
        self.trick = Trick(winner, order=ORDER, size=SEATS)
        if not self.hands[winner]:
            self._end_hand()

    def shooter(self) -> int | None:
        """The seat that took every heart and the queen of spades this hand, if one did."""
        return next((s for s in range(SEATS) if self.won[s] & POINT_CARDS == POINT_CARDS), None)

    def hand_points(self) -> tuple[int, ...]:
        """This hand's points per seat, as OpenSpiel's ``hearts`` counts them (its returns
        are 26 less these): a shooter of the moon gets -26 and the others +26."""
        opts = self.options
        out = [points(w, opts.jd_bonus) for w in self.won]
        shooter = self.shooter()
        if shooter is not None:
            out = [p - MOON if s == shooter else p + MOON for s, p in enumerate(out)]
        elif opts.avoid_all_tricks_bonus:
            out = [p - 5 if not n else p for p, n in zip(out, self.tricks_won, strict=True)]
        return tuple(out)

    def _end_hand(self) -> None:
        deltas = self.board.add_hand(self.hand_points())
        shooter = self.shooter()
        if shooter is not None:
            self.emit(MoonShot(shooter))
        self.emit(HandScored(self.board.hands_played, deltas, tuple(self.board.totals)))
        self.trick = None
        if max(self.board.totals) >= self.options.target:
            self.phase = "over"
            if self.log is not None:
                result = self.result()
                self.emit(MatchOver(result.scores, result.winners))
            return
        self._new_hand()

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
        over = self.phase == "over"
        return HeartsView(
            seat=seat,
            to_act=self.to_act(),
            hand=cards_in(self.hands[seat]),
            direction=self.direction,
            passing=cards_in(self.passing[seat]),
            passed=cards_in(self.passed[seat]),
            received=cards_in(self.received[seat]),
            trick=self.trick.plays() if self.trick is not None else (),
            tricks=tuple(self.tricks),
            hearts_broken=self.broken,
            taken=tuple(points(w, self.options.jd_bonus) for w in self.won),
            scores=tuple(self.board.totals),
            hand_number=self.board.hands_played + (0 if over else 1),
            target=self.options.target,
            jd_bonus=self.options.jd_bonus,
        )

    def zones(self) -> tuple[Zone, ...]:
        cards_in = DECK.cards_in
        trick = tuple(self.trick.cards) if self.trick is not None else ()
        taken = self.won[0] | self.won[1] | self.won[2] | self.won[3]
        placed = taken | DECK.mask(trick)
        zones: list[Zone] = []
        for s in range(SEATS):
            giver = (s - self.direction) % SEATS
            held, got = self.hands[s], self.received[s]
            placed |= held | self.passing[s]
            zones.append(Zone(f"hand {s}", cards_in(held & ~got), frozenset({s})))
            zones.append(Zone(f"received {s}", cards_in(held & got), frozenset({s, giver})))
            zones.append(Zone(f"passing {s}", cards_in(self.passing[s]), frozenset({s})))
        everyone = frozenset(range(SEATS))
        zones.append(Zone("trick", trick, everyone))
        zones.append(Zone("taken", cards_in(taken), everyone))
        zones.append(Zone("stock", cards_in(ALL & ~placed), frozenset()))
        return tuple(zones)
