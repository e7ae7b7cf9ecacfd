"""The Universal Deck bid-exact trick game: options, rules and steps.

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
    Play,
    Result,
    Scoreboard,
    Shuffle,
    State,
    Trick,
    Zone,
)
from cardkit.events import Dealt, MatchOver, Played, Received, TrickWon, only
from cardkit.game import Refusal, hand_value, highest
from cardkit.positions import Common, PositionError
from cardkit.tricks import trick_problem, voids
from cardkit.zones import Cards, Place, layout
from games.universal_bid.actions import BID_RANGES, PLAYS_INTO
from games.universal_bid.cards import CARDS, DECK, TRICK_ORDER, cards_in
from games.universal_bid.events import BidMade, DealerDrawn, ExactScored
from games.universal_bid.options import DEFAULT_SCHEDULE, UniversalBidOptions
from games.universal_bid.position import first_version
from games.universal_bid.view import HandScore, UniversalBidView

PHASES = DRAW, DEAL, BID, PLAY, OVER = ("draw", "deal", "bid", "play", "over")

EXACT_BONUS = 10
"""Points added to the tricks of a player who takes exactly the bid."""

ALONE = tuple((s,) for s in range(7))
"""``(seat,)`` for each seat: what :meth:`UniversalBidState.to_act` returns in turn."""

NEXT_SEAT = tuple(tuple((s + 1) % n for s in range(n)) if n else () for n in range(7))
"""The seat to the left of each seat, by player count."""

WAITING_FOR_CHANCE = (CHANCE,)

PLACES = (
    Place("hand", "owner", per_seat=True),
    Place("out of play"),
    Place("played", "all"),
)
"""Where the cards are: the zones are numbered the hand of seat ``s`` ``s``, then out of
play and the cards played this hand (the trick in progress among them: its order is the
:class:`~cardkit.Trick`'s)."""


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


class UniversalBidState(State):
    """One match of the bid-exact game (see the module docstring for the flow).

    Its cards are in :attr:`cards` (zones :data:`PLACES`); a hand is a bitmask over
    card ids (see :mod:`games.universal_bid.cards`). The :attr:`record` is the whole
    state; every other field follows from it (:meth:`derive`).
    """

    options: UniversalBidOptions
    phase: str
    drawn: tuple[Card, ...]
    bids: tuple[int | None, ...]
    finished: tuple[tuple[int, tuple[Card, ...]], ...]
    trick: Trick
    hand_log: tuple[HandScore, ...]
    cards: Cards
    record = ("phase", "drawn", "bids", "finished", "trick", "hand_log", "cards")
    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {BID: (Bid,), PLAY: (Play,)}
    copied = ("cards", "trick")  # the rest is replaced, never changed in place

    def setup(self) -> None:
        players = self.players
        self.schedule = effective_schedule(self.options.schedule, players)
        self.next_seat = NEXT_SEAT[players]
        self.out = players
        self.played = players + 1
        self.phase = DRAW
        self.drawn = ()
        """The cards drawn for the first deal (seat 0's first); they went back to the deck."""
        self.bids = (None,) * players
        self.finished = ()
        """The finished tricks of this hand: their leader and cards, in play order."""
        self.trick = Trick(-1, order=TRICK_ORDER, size=players)
        self.hand_log = ()
        self.cards = layout(DECK, PLACES, players).new(self.out)
        self.derive()

    def derive(self) -> None:
        """The fields that follow from the record: the hand, its dealer and size, whose
        turn it is, the bids' total, the tricks taken and the scores."""
        n, phase = self.players, self.phase
        self.hand_index = len(self.hand_log)
        self.size = self.schedule[min(self.hand_index, len(self.schedule) - 1)]
        first = first_dealer(self.drawn) if self.drawn else -1
        self.dealer = first if first < 0 else (first + self.hand_index - (phase == OVER)) % n
        made = [b for b in self.bids if b is not None]
        self.bid_total, self.bids_made = sum(made), len(made)
        taken = [0] * n
        replay = Trick(-1, order=TRICK_ORDER, size=n)
        leader = (self.dealer + 1) % n
        for lead, cards in self.finished:
            if len(cards) == n:  # else check_position refuses the trick
                replay.restart(lead)
                for i, card in enumerate(cards):
                    leader = replay.play((lead + i) % n, card)
                taken[leader] += 1
        self.taken = tuple(taken)
        self._past: tuple[tuple[tuple[int, Card], ...], ...] | None = None
        """:attr:`finished` as the view shows it, once built (None: not built yet)."""
        self.board = Scoreboard.start(n)
        for hand in self.hand_log:
            self.board.add_hand(hand.points)
        self.scores_t = tuple(self.board.totals)
        self.due = DECK.cards if phase in (DRAW, DEAL) else ()
        """What chance_cards() returns: the deck until it is dealt."""
        if phase == PLAY and not self.trick.cards:
            self.trick.restart(leader)
        self.current = -1
        if phase == BID:
            self.current = (self.dealer + 1 + self.bids_made) % n
        elif phase == PLAY:
            self.current = (self.trick.leader + len(self.trick)) % n
        self.acting = (
            WAITING_FOR_CHANCE if self.due else ALONE[self.current] if phase != OVER else ()
        )

    # -- core protocol ----------------------------------------------------------

    def chance_cards(self) -> tuple[Card, ...]:
        return self.due

    def deal_places(self) -> tuple[tuple[int | str, int | None], ...]:
        """The deal's shuffle: a block of the hand's size to each seat from the dealer's
        left, then the cards out of play (``out_of_play``)."""
        if self.phase != DEAL or not self.due:
            return ()
        n, first = self.players, self.dealer + 1
        return (*(((first + k) % n, self.size) for k in range(n)), ("out_of_play", None))

    def chance_draw(self) -> int:
        return self.players if self.phase == DRAW else 0

    def to_act(self) -> tuple[int, ...]:
        return self.acting

    # -- the rules, each stated once ----------------------------------------------

    def _forbidden_bid(self, seat: int) -> int:
        """The bid ``seat`` may not make (the dealer's that totals the tricks), else -1.

        Bids run from 0 to the hand size; this is the one exception.
        """
        if seat != self.dealer:
            return -1
        forbidden = self.size - self.bid_total
        return forbidden if 0 <= forbidden <= self.size else -1

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat != self.current:
            return ()
        if self.phase == PLAY:
            return PLAYS_INTO(self.cards.masks[seat], self.trick)
        if self.phase == BID:
            bids = BID_RANGES[self.size]
            forbidden = self._forbidden_bid(seat)
            if forbidden >= 0:
                return bids[:forbidden] + bids[forbidden + 1 :]
            return bids
        return ()

    def _refusal(self, seat: int, action: Action) -> Refusal | None:
        # the core refuses other kinds than the phase takes (phases) and words the rest
        if isinstance(action, Bid):
            return self._refuse_bid(seat, action.amount)
        if isinstance(action, Play):
            return self._refuse_play(seat, action)
        return None

    def _refuse_bid(self, seat: int, amount: int) -> Refusal | None:
        size = self.size
        if not 0 <= amount <= size:
            return Refusal(
                "bid-out-of-range", f"bids run from 0 to {size}, the number of tricks in this hand"
            )
        if amount == self._forbidden_bid(seat):
            return Refusal(
                "dealer-makes-total",
                f"the dealer may not bid {amount}: the bids would total {size}, "
                f"the number of tricks in this hand",
            )
        return None

    def _refuse_play(self, seat: int, action: Play) -> Refusal | None:
        card = action.card
        hand = self.cards.masks[seat]
        if not hand & card.bit:
            return Refusal("not-in-hand", f"you do not hold {card.text}")
        if action.declare is not None:
            return Refusal(
                "no-declare", f"no card names a suit in this game: type play {card.text}"
            )
        led = self.trick.led
        if TRICK_ORDER.must_follow(hand, card, led):
            return Refusal(
                "must-follow-suit", f"{led} was led and you hold {led} cards: you must follow suit"
            )
        return None

    # -- steps ----------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        # the core has checked the action is legal, so its type says the phase
        if type(action) is Play:
            card = action.card
            masks = self.cards.masks  # the hot path: the hand and the trick are sets
            masks[seat] ^= card.bit
            masks[self.played] |= card.bit
            winner = self.trick.play(seat, card)
            if self.log is not None:
                self.log.append(Played(seat, card))
            if winner < 0:
                left = self.next_seat[seat]
                self.current = left
                self.acting = ALONE[left]
            else:
                self._end_trick(winner)
        elif type(action) is Bid:
            self._bid(seat, action.amount)
        else:
            assert isinstance(action, Shuffle)
            if self.phase == DRAW:
                self._draw(action.cards)
            else:
                self._deal(action.cards)

    def _draw(self, cards: tuple[Card, ...]) -> None:
        self.drawn = cards[: self.players]
        self.dealer = first_dealer(self.drawn)
        self.phase = DEAL
        if self.log is not None:
            self.log.append(DealerDrawn(self.draw(), self.dealer))

    def draw(self) -> tuple[tuple[int, str], ...]:
        """``(seat, card text)`` of the cards drawn for the first deal."""
        return tuple((s, c.text) for s, c in enumerate(self.drawn))

    def _deal(self, cards: tuple[Card, ...]) -> None:
        n = self.players
        size = self.size
        first = self.dealer + 1
        blocks = [((first + k) % n, cards[k * size : (k + 1) * size]) for k in range(n)]
        self.cards.deal(self.out, blocks)
        self.current = self.next_seat[self.dealer]
        self.acting = ALONE[self.current]
        self.phase = BID
        self.due = ()
        if self.log is not None:
            self.emit(Dealt(self.dealer, size, self.hand_index + 1, len(self.schedule)))
            for s in range(n):
                self.emit(Received(s, cards_in(self.cards.masks[s]), to=only(s)))

    def _bid(self, seat: int, amount: int) -> None:
        self.bids = (*self.bids[:seat], amount, *self.bids[seat + 1 :])
        self.bid_total += amount
        self.bids_made += 1
        if self.log is not None:
            if seat == self.dealer:
                self.emit(BidMade(seat, amount, self.bid_total, self.size))
            else:
                self.emit(BidMade(seat, amount))
        if self.bids_made == self.players:
            self.phase = PLAY
            self.current = self.next_seat[self.dealer]
            self.trick.restart(self.current)
        else:
            self.current = self.next_seat[seat]
        self.acting = ALONE[self.current]

    def _end_trick(self, winner: int) -> None:
        trick = self.trick
        taken = list(self.taken)
        taken[winner] += 1
        self.taken = tuple(taken)
        finished = self.finished = (*self.finished, (trick.leader, tuple(trick.cards)))
        self._past = None
        if self.log is not None:
            best = trick.cards[trick.best]
            self.log.append(TrickWon(winner, best, len(finished), trick.pairs()))
        trick.restart(winner)
        self.current = winner
        self.acting = ALONE[winner]
        if len(finished) == self.size:
            self._end_hand()

    def shown(self) -> dict[int, int]:
        """Seat (the zone of its hand) -> the cards it has shown it lacks this hand, by
        not following a led suit (:func:`cardkit.tricks.voids`)."""
        found = voids((*self.past_tricks(), self.trick.pairs()), TRICK_ORDER)
        return found  # a seat's hand is the zone of its number

    def past_tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The finished tricks of this hand as ``(seat, card)`` pairs (built once per trick)."""
        past = self._past
        if past is None:
            n = self.players  # play goes left from the leader
            past = self._past = tuple(
                tuple(((leader + i) % n, card) for i, card in enumerate(cards))
                for leader, cards in self.finished
            )
        return past

    def _end_hand(self) -> None:
        bids = tuple(b or 0 for b in self.bids)  # every seat has bid
        exact = tuple(t == b for b, t in zip(bids, self.taken, strict=True))
        points = tuple(
            t + EXACT_BONUS if made else t for t, made in zip(self.taken, exact, strict=True)
        )
        board = self.board = self.board.copy()  # a copy shares the old board
        board.add_hand(points)
        self.scores_t = tuple(board.totals)
        self.hand_log = (
            *self.hand_log,
            HandScore(
                self.hand_index + 1,
                self.size,
                self.dealer,
                bids,
                self.taken,
                points,
            ),
        )
        if self.log is not None:
            self.emit(
                ExactScored(
                    self.hand_index + 1,
                    points,
                    self.scores_t,
                    len(self.schedule),
                    bids,
                    self.taken,
                    exact,
                )
            )
        n = self.players
        self.hand_index += 1
        self.cards.move_all(self.played, self.out)
        self.finished = ()
        self._past = ()
        self.taken = (0,) * n
        self.bids = (None,) * n
        self.bid_total = 0
        self.bids_made = 0
        self.current = -1
        if self.hand_index == len(self.schedule):
            self.phase = OVER
            self.acting = ()
            self.due = ()
            if self.log is not None:
                result = self.result()
                self.emit(MatchOver(result.scores, result.winners))
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

    def horizon(self) -> int:
        """Search rollouts stop at the end of the hand (a new deal shares nothing with this one)."""
        return self.hand_index

    def scores(self) -> tuple[float, ...]:
        """The match totals so far."""
        return self.scores_t

    def value(self, seat: int, start: State) -> float:
        """The hand's points less the others' mean, over the most a hand can give (its
        tricks + 10); at the end of the match the win share (see :func:`hand_value`)."""
        assert isinstance(start, UniversalBidState)
        return hand_value(self, seat, self.scores(), start.scores(), start.size + EXACT_BONUS)

    def view(self, seat: int) -> UniversalBidView:
        # positional, in field order (see UniversalBidView): views are built every step
        return UniversalBidView(
            seat,
            self.acting,
            self.players,
            self.phase,
            cards_in(self.cards.masks[seat]),
            min(self.hand_index + 1, len(self.schedule)),
            len(self.schedule),
            self.size,
            self.dealer if self.dealer >= 0 else None,
            self.draw(),
            self.bids,
            self.trick.pairs(),
            self.taken,
            self.past_tricks(),
            self.scores_t,
            self.hand_log,
            self.schedule,
            self.cards.seen_by(seat, self.shown()),
        )

    def zones(self) -> tuple[Zone, ...]:
        return self.cards.zones()

    # -- positions: the core writes and reads the record (see games.universal_bid.position)

    def position_summary(self) -> tuple[int | None, tuple[int, ...], int]:
        hand = min(self.hand_index + 1, len(self.schedule))
        return (self.dealer if self.dealer >= 0 else None, self.scores_t, hand)

    def restore_position(self, common: Common, part: Any) -> None:
        super().restore_position(common, first_version(self, part) if common.version == 1 else part)

    def check_position(self) -> None:
        """Refuse (``PositionError``) a record that breaks a rule its types cannot say."""
        n, size, phase, log = self.players, self.size, self.phase, self.hand_log
        if phase not in PHASES:
            raise PositionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
        if len(self.bids) != n:
            raise PositionError(f"bids must list {n} seats, not {len(self.bids)}")
        total = len(self.schedule)
        if len(log) > total or (phase == OVER) != (len(log) == total):
            raise PositionError(f"the match has {total} hands, the score sheet lists {len(log)}")
        if (phase == DRAW) == bool(self.drawn) or (phase == DRAW and log):
            raise PositionError("in the draw phase nothing is drawn or scored; after it, drawn is")
        if self.drawn and (len(self.drawn) != n or len(set(self.drawn)) != n):
            raise PositionError(f"drawn must list {n} different cards, one for each seat")
        first = self.dealer - self.hand_index + (phase == OVER)
        for i, hand in enumerate(log):
            size_i, dealer, bids, won = self.schedule[i], (first + i) % n, hand.bids, hand.tricks
            due = tuple(t + EXACT_BONUS if t == b else t for b, t in zip(bids, won, strict=False))
            rules = len(bids) == len(won) == n and min(bids + won) >= 0 and sum(won) == size_i
            if (
                not rules
                or sum(bids) == size_i
                or hand != HandScore(i + 1, size_i, dealer, bids, won, due)
            ):
                raise PositionError(
                    f"hand_log entry {i + 1} is not hand {i + 1} of {size_i} cards dealt by seat "
                    f"{dealer}, bids not totalling {size_i}, scored by the rules"
                )
        masks, plays = self.cards.masks, self.finished
        tricks = [[((lead + i) % n, c) for i, c in enumerate(cards)] for lead, cards in plays]
        tricks.append(list(self.trick.pairs()))
        if phase not in (BID, PLAY):
            if any(b is not None for b in self.bids) or any(tricks) or any(masks[:n]):
                raise PositionError(f"in the {phase} phase no cards are dealt and nobody has bid")
            return
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        made = self.bids_made
        if any(self.bids[s] is None for s in order[:made]):
            waiting = next(s for s in order if self.bids[s] is None)
            raise PositionError(f"seat {waiting} has not bid but a later seat has: bids go round")
        if (phase == BID) == (made == n) or (phase == BID and any(tricks)):
            raise PositionError(
                "in the bid phase not every seat has bid; in the play phase all have"
            )
        for seat in order[:made]:
            bid = self.bids[seat]
            if bid is not None and not 0 <= bid <= size:
                raise PositionError(f"the bid of seat {seat} is {bid}: bids run from 0 to {size}")
        if made == n and self.bid_total == size:
            last = self.bids[self.dealer]
            raise PositionError(f"the dealer may not bid {last}: the bids would total {size}")
        played = [c for t in tricks for _, c in t]
        if DECK.mask(played) != masks[self.played] or len(played) != masks[self.played].bit_count():
            raise PositionError("the cards played must be those of the tricks")
        for seat in range(n):
            gone, held = sum(1 for t in tricks for s, _ in t if s == seat), masks[seat].bit_count()
            if held + gone != size:
                raise PositionError(
                    f"seat {seat} holds {held} cards and played {gone}: a hand has {size}"
                )
        problem = trick_problem(tricks, order[0], masks[:n], TRICK_ORDER)
        if problem is not None or len(plays) >= size:
            raise PositionError(problem or f"a hand of {size} cards has {size} tricks, not more")
