"""OpenSpiel's search bots in cardkit's arena: a ``cardkit-bot/1`` process (issue 38).

    python -m benchmarks.openspiel_bot --game oh_hell|hearts [--time SECONDS] [--simulations N]
        [--algo ismcts|mcts] [--seed S] [--uct-c C] [--transcript DIR]

Run from the repository root (or with it on ``PYTHONPATH``), as an ``exec:`` bot::

    cardkit arena oh-hell -p 4 --bot 'exec:python -m benchmarks.openspiel_bot --game oh_hell' \\
        --bot random --bot random --bot random -n 40

It plays the Oh Hell example plugin (``examples/oh-hell``, which plays a hand
exactly as OpenSpiel's ``oh_hell``) or the Hearts one (``examples/hearts``, a
hand exactly as OpenSpiel's ``hearts``) with OpenSpiel's C++
``pyspiel.ISMCTSBot`` (``--algo ismcts``, the default) or its Python ``MCTSBot``
(``--algo mcts``).

Each ``act`` is answered from that message alone: its view is replayed into a
new OpenSpiel state of the hand in play, with the cards the seat cannot see
dealt at random among the deals its view allows (``cardkit.deals``).

Oh Hell: the view (the seat's hand, the trump card, the dealer, the bids, this
hand's finished tricks and the trick in progress) gives the chance steps (the
number of tricks, the dealer, the deal card by card from player 0, as OpenSpiel
deals, then the trump card), the bids from the dealer's left, and every play.
The deal is the seat's own cards (those it holds and those it played) and, for
the other seats, the cards they played this hand plus cards dealt uniformly
among the deals that give no seat a suit it failed to follow.

Hearts (see :func:`hearts_state`), with the seat as OpenSpiel's player 0 (the
seats turned round, :func:`hearts_rebuild`): the pass direction (cardkit's
left, right, across, none by hand are OpenSpiel's chance outcomes 1, 3, 2, 0),
the deal as it was before the passes, the passes (while passing, the seat's
picks alone: cardkit's seats choose together and see none of the others'
picks), then the plays. The other seats' cards now are dealt uniformly among
the deals the seat's view allows: the cards it passed stay with their receiver,
and a seat lacks what its plays showed (a card a rule would have refused shows
the hand held none of what that rule asks for, as cardkit Hearts reads it) and,
but the first leader, the two of clubs; each unseen pass is then three cards,
uniformly, of what its receiver holds or played. OpenSpiel's ``hearts`` is one
hand, so the bot plays for the hand's points, not for the match's total.

Every replayed step must be legal in OpenSpiel, the seat must be the one to
act, and its legal actions must be exactly the message's ``legal``, else the
bot stops with the reason on stderr (the arena then reports the match failed).
ISMCTS resamples the hidden cards from the information state on every
simulation (OpenSpiel's ``resample_from_infostate``, which ignores voids); MCTS
searches the one sampled deal (a determinisation) with perfect information.

Search budget: ``--simulations N`` runs exactly N simulations a move (1000
unless ``--time`` is given). ``--time T`` searches about T seconds a move, at
most 80% of the move's clock less 50 ms, and of the match clock shared among the
decisions the seat has left: ISMCTS through pyspiel's own ``max_wall_clock_time``
(it then searches until that time, whatever ``max_simulations`` is);
``--algo mcts`` (and ISMCTS on a pyspiel without that argument) by a calibrated
count: the first search of a match is a probe of :data:`PROBE` simulations,
timed, and each search is then sized to the time left from the rate measured on
the last one. A move with one legal action is answered without a search.

The only randomness is one ``random.Random`` seeded with the ``start``
message's ``seed`` and ``--seed``: it deals the hidden cards and seeds
OpenSpiel's bot and rollouts, so ``--simulations`` play is reproducible.
``--transcript DIR`` appends every line the bot receives to ``DIR/PID.jsonl``
(the tests check from it that no hidden card was sent).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

PROTOCOL = "cardkit-bot/1"
SUITS = "CDSH"
"""Suits in OpenSpiel's order (a card's id is ``rank * num_suits + suit``), written as
cardkit's Oh Hell writes them."""
RANKS = "23456789TJQKA"
SPIEL_OPTIONS = (
    "num_suits",
    "num_cards_per_suit",
    "num_tricks_fixed",
    "off_bid_penalty",
    "points_per_trick",
)
"""The options cardkit's Oh Hell shares with OpenSpiel's ``oh_hell`` (``hands`` is its own)."""
DEFAULT_SIMULATIONS = 1000
PROBE = 20
"""Simulations of the timed probe that starts a calibrated match."""
MOVE_SHARE = 0.8
MARGIN = 0.05
"""Of the move's clock, the share a search may use, less this many seconds."""
LEAST_SECONDS = 0.005
UNBOUNDED = 10**9
"""The simulation count given with pyspiel's own time limit, which then decides alone."""


class RebuildError(Exception):
    """An ``act`` message that does not replay into OpenSpiel as the message says."""


# -- cards and actions ----------------------------------------------------------------


def card_id(text: str, num_suits: int) -> int:
    """OpenSpiel's id of a card written as cardkit writes it (``HQ``): rank * suits + suit."""
    if len(text) != 2 or text[0] not in SUITS[:num_suits] or text[1] not in RANKS:
        raise RebuildError(f"not a card of this deck: {text!r}")
    return RANKS.index(text[1]) * num_suits + SUITS.index(text[0])


def action_id(text: str, num_suits: int, num_cards: int) -> int:
    """OpenSpiel's id of an action text: ``play HQ`` a card, ``bid 2`` num_cards + 2."""
    verb, _, arg = text.partition(" ")
    if verb == "bid" and arg.isdigit():
        return num_cards + int(arg)
    if verb == "play":
        return card_id(arg, num_suits)
    raise RebuildError(f"not an Oh Hell action: {text!r}")


def spiel_params(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """OpenSpiel ``oh_hell``'s parameters for a cardkit match's options."""
    params: dict[str, Any] = {"players": players}
    params.update({k: options[k] for k in SPIEL_OPTIONS if k in options})
    return params


def trick_winner(cards: Sequence[str], trump: str) -> int:
    """The index in ``cards`` (in play order) of the card that takes the trick."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card[0] == top[0]:
            if RANKS.index(card[1]) > RANKS.index(top[1]):
                best = i
        elif card[0] == trump:
            best = i
    return best


# -- what the seat knows --------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """The hand in progress as one seat's view shows it."""

    seat: int
    players: int
    num_suits: int
    ranks: int
    num_tricks: int
    dealer: int
    trump: str
    hand: tuple[str, ...]
    bids: tuple[int | None, ...]
    tricks: tuple[tuple[tuple[int, str], ...], ...]
    """This hand's tricks, finished and in progress, as (seat, card) in play order."""

    @property
    def deck(self) -> list[str]:
        return [s + RANKS[r] for s in SUITS[: self.num_suits] for r in range(self.ranks)]

    def plays(self) -> list[tuple[int, str]]:
        return [p for trick in self.tricks for p in trick]

    def voids(self) -> list[set[str]]:
        """Per seat, the suits it showed it lacks (it did not follow them)."""
        out: list[set[str]] = [set() for _ in range(self.players)]
        for trick in self.tricks:
            led = trick[0][1][0]
            for seat, card in trick[1:]:
                if card[0] != led:
                    out[seat].add(led)
        return out


def read_view(view: Mapping[str, Any], players: int) -> Seen:
    """The :class:`Seen` of an ``act`` message's view: who played each finished trick's
    cards follows from the dealer (whose left leads first) and each trick's winner."""
    if view.get("trump") is None:
        raise RebuildError("a decision before the trump card is turned")
    trump = str(view["trump"])
    dealer, n = int(view["dealer"]), players
    leader = (dealer + 1) % n
    tricks: list[tuple[tuple[int, str], ...]] = []
    played = [str(c) for c in view["played"]]
    if len(played) % n:
        raise RebuildError(f"{len(played)} cards in finished tricks of {n}")
    for start in range(0, len(played), n):
        cards = played[start : start + n]
        seats = [(leader + i) % n for i in range(n)]
        tricks.append(tuple(zip(seats, cards, strict=True)))
        leader = seats[trick_winner(cards, trump[0])]
    current = tuple((int(p[0]), str(p[1])) for p in view["trick"])
    if current:
        if current[0][0] != leader:
            raise RebuildError(f"the trick is led by seat {current[0][0]}, not {leader}")
        tricks.append(current)
    return Seen(
        seat=int(view["seat"]),
        players=n,
        num_suits=int(view.get("num_suits", 4)),
        ranks=int(view["ranks"]),
        num_tricks=int(view["num_tricks"]),
        dealer=dealer,
        trump=trump,
        hand=tuple(str(c) for c in view["hand"]),
        bids=tuple(None if b is None else int(b) for b in view["bids"]),
        tricks=tuple(tricks),
    )


def hands_now(seen: Seen, rng: random.Random) -> list[list[str]]:
    """Every seat's cards now: the seat's own, and the others' dealt from the cards it
    cannot see, uniformly among the deals that give no seat a suit it did not follow
    (:func:`cardkit.deals.sample_deal`; the cards left over are the undealt stock)."""
    from cardkit.deals import DealError, sample_deal

    known = {*seen.hand, seen.trump, *(c for _, c in seen.plays())}
    pool = [c for c in seen.deck if c not in known]
    played = [0] * seen.players
    for s, _ in seen.plays():
        played[s] += 1
    sizes: dict[int | str, int] = {
        s: seen.num_tricks - played[s] for s in range(seen.players) if s != seen.seat
    }
    if min(sizes.values()) < 0:
        raise RebuildError("a seat played more cards than the hand has")
    sizes["stock"] = len(pool) - sum(sizes.values())
    voids = seen.voids()
    allowed: dict[int | str, Callable[[str], bool] | None] = {
        s: _lacking(voids[s]) for s in sizes if isinstance(s, int) and voids[s]
    }
    try:
        dealt = sample_deal(pool, sizes, allowed, rng)
    except DealError as exc:
        raise RebuildError(f"no deal of the unseen cards fits what the seat saw: {exc}") from None
    return [list(seen.hand) if s == seen.seat else dealt[s] for s in range(seen.players)]


def _lacking(suits: set[str]) -> Callable[[str], bool]:
    return lambda card: card[0] not in suits


# -- the OpenSpiel state ----------------------------------------------------------------


def rebuild(game: Any, seen: Seen, hands: Sequence[Sequence[str]]) -> Any:
    """An OpenSpiel ``oh_hell`` state of the hand in ``seen`` with ``hands`` (every seat's
    cards now): the chance steps, the bids and the plays, each checked legal."""
    n, k, suits = seen.players, seen.num_tricks, seen.num_suits
    num_cards = suits * seen.ranks
    dealt = [list(h) for h in hands]
    for s, card in seen.plays():
        dealt[s].append(card)
    if any(len(h) != k for h in dealt):
        raise RebuildError(f"hands of {[len(h) for h in dealt]} cards in a hand of {k} tricks")
    deal = [card_id(dealt[j % n][j // n], suits) for j in range(n * k)]  # player 0 first
    steps = [k, seen.dealer, *deal, card_id(seen.trump, suits)]
    order = [(seen.dealer + 1 + i) % n for i in range(n)]
    made = [s for s in order if seen.bids[s] is not None]
    if made != order[: len(made)] or (seen.tricks and len(made) < n):
        raise RebuildError(f"bids {list(seen.bids)} are not those of the bidding order")
    steps += [num_cards + b for s in made if (b := seen.bids[s]) is not None]
    state = game.new_initial_state()
    for action in steps:
        _apply(state, action)
    for s, card in seen.plays():
        if state.current_player() != s:
            raise RebuildError(f"seat {s} plays {card} out of turn")
        _apply(state, card_id(card, suits))
    return state


def _apply(state: Any, action: int) -> None:
    if action not in state.legal_actions():
        raise RebuildError(f"OpenSpiel refuses {state.action_to_string(action)} at\n{state}")
    state.apply_action(action)


def legal_by_id(
    state: Any, seat: int, legal: Sequence[str], action: Callable[[str], int]
) -> dict[int, str]:
    """The message's legal texts by OpenSpiel action id (``action`` of each), checked
    against the state: ``seat`` is to act there with exactly these actions."""
    ours = {action(t): t for t in legal}
    if state.current_player() != seat:
        raise RebuildError(f"OpenSpiel has player {state.current_player()} to act")
    theirs = sorted(state.legal_actions())
    if sorted(ours) != theirs:
        named = [state.action_to_string(a) for a in theirs]
        raise RebuildError(f"legal {list(legal)} but OpenSpiel allows {named}")
    return ours


def state_for(game: Any, message: Mapping[str, Any], players: int, rng: random.Random) -> Any:
    """The OpenSpiel state an ``act`` message stands for, with a sampled deal."""
    seen = read_view(message["view"], players)
    return rebuild(game, seen, hands_now(seen, rng))


# -- Hearts -------------------------------------------------------------------------------

HEARTS_SUITS = "CDHS"
"""Suits in OpenSpiel ``hearts``' order (a card's id is ``rank * 4 + suit``)."""
HEARTS_OPTIONS = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
)
"""cardkit Hearts' options that are OpenSpiel ``hearts``' parameters (``target`` is its own)."""
HEARTS_SEATS = 4
PASS_SIZE = 3
HAND_SIZE = 13
HEARTS_DECK = tuple(s + r for s in "CDSH" for r in RANKS)
CLUBS = frozenset(c for c in HEARTS_DECK if c[0] == "C")
NOT_HEARTS = frozenset(c for c in HEARTS_DECK if c[0] != "H")
NO_POINTS = NOT_HEARTS - {"SQ"}
"""Neither a heart nor the queen of spades."""


def hearts_card(text: str) -> int:
    """OpenSpiel ``hearts``' id of a card written as cardkit writes it (``SQ``)."""
    if len(text) != 2 or text[0] not in HEARTS_SUITS or text[1] not in RANKS:
        raise RebuildError(f"not a card of this deck: {text!r}")
    return RANKS.index(text[1]) * len(HEARTS_SUITS) + HEARTS_SUITS.index(text[0])


def hearts_action(text: str) -> int:
    """OpenSpiel's id of an action text: ``pass SQ`` and ``play SQ`` are both the card's."""
    verb, _, arg = text.partition(" ")
    if verb in ("pass", "play"):
        return hearts_card(arg)
    raise RebuildError(f"not a Hearts action: {text!r}")


def hearts_params(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """OpenSpiel ``hearts``' parameters for a cardkit match's options (the same names;
    those not given keep their defaults, which are cardkit Hearts' too)."""
    if players != HEARTS_SEATS:
        raise RebuildError(f"Hearts is played by {HEARTS_SEATS}, not {players}")
    return {k: bool(options[k]) for k in HEARTS_OPTIONS if k in options}


@dataclass(frozen=True)
class HeartsSeen:
    """The hand in progress as one seat's Hearts view shows it."""

    seat: int
    direction: int
    """The pass offset: seat ``s`` passes to ``(s + direction) % 4`` (0: no passing)."""
    passing: bool
    """Whether the seats are still choosing their passes."""
    hand: tuple[str, ...]
    picked: tuple[str, ...]
    """The cards the seat has chosen to pass so far (while passing)."""
    passed: tuple[str, ...]
    received: tuple[str, ...]
    tricks: tuple[tuple[tuple[int, str], ...], ...]
    """This hand's tricks, finished and in progress, as (seat, card) in play order."""
    rules: Mapping[str, bool]

    def plays(self) -> list[tuple[int, str]]:
        return [p for trick in self.tricks for p in trick]

    def limits(
        self, first: bool, led: str | None, broken: bool
    ) -> list[tuple[frozenset[str], frozenset[str]]]:
        """The rules that limit a card played, in cardkit Hearts' order, as ``(held,
        allowed)``: a hand holding a card of ``held`` not limited by an earlier rule must
        play a card of ``allowed``."""
        out = []
        if led is not None:
            suit = frozenset(c for c in HEARTS_DECK if c[0] == led)
            out.append((suit, suit))
        if first and led is None:
            lead = CLUBS if self.rules["can_lead_any_club"] else frozenset({"C2"})
            out.append((lead, lead))
        if first and self.rules["no_pts_on_first_trick"]:
            out.append((NO_POINTS, NO_POINTS))
        if led is None and not broken:
            instead = self.rules["can_lead_hearts_instead_of_qs"]
            out.append((NO_POINTS if instead else NOT_HEARTS, NOT_HEARTS))
        return out

    def lacking(self) -> list[set[str]]:
        """Per seat, the cards everyone knows it does not hold now: the two of clubs but
        the first leader, and what its plays showed (a card a rule would have refused
        shows that the hand held none of what that rule asks for)."""
        out: list[set[str]] = [set() for _ in range(HEARTS_SEATS)]
        if not self.tricks:
            return out
        for s in range(HEARTS_SEATS):
            if s != self.tricks[0][0][0]:
                out[s].add("C2")
        broken = not self.rules["must_break_hearts"]
        for number, trick in enumerate(self.tricks):
            led = None
            for seat, card in trick:
                for held, allowed in self.limits(number == 0, led, broken):
                    if card in allowed:
                        break
                    out[seat] |= held
                led = led or card[0]
                if card[0] == "H" or (card == "SQ" and self.rules["qs_breaks_hearts"]):
                    broken = True
        return out


def read_hearts_view(view: Mapping[str, Any], rules: Mapping[str, bool]) -> HeartsSeen:
    """The :class:`HeartsSeen` of an ``act`` message's view in a game of ``rules`` (every
    option of :data:`HEARTS_OPTIONS`), which the view's options must not contradict."""
    phase = view.get("phase")
    if phase not in ("pass", "play"):
        raise RebuildError(f"a decision in the {phase!r} phase")
    options = view.get("options") or {}
    if any(bool(options[k]) != rules[k] for k in HEARTS_OPTIONS if k in options):
        raise RebuildError(f"the view's options {dict(options)} are not the game's {rules}")
    tricks = [tuple((int(s), str(c)) for s, c in t) for t in view["tricks"]]
    current = tuple((int(p[0]), str(p[1])) for p in view["trick"])
    if current:
        tricks.append(current)
    return HeartsSeen(
        seat=int(view["seat"]),
        direction=int(view["direction"]),
        passing=phase == "pass",
        hand=tuple(str(c) for c in view["hand"]),
        picked=tuple(str(c) for c in view["passing"]),
        passed=tuple(str(c) for c in view["passed"]),
        received=tuple(str(c) for c in view["received"]),
        tricks=tuple(tricks),
        rules={k: bool(rules[k]) for k in HEARTS_OPTIONS},
    )


def hearts_hands(seen: HeartsSeen, rng: random.Random) -> list[list[str]]:
    """Every seat's cards now (while passing: as dealt): the seat's own, and the others'
    dealt uniformly among the deals that leave the cards it passed with their receiver
    and give no seat a card it is known to lack (:func:`cardkit.deals.sample_deal`)."""
    from cardkit.deals import DealError, sample_deal

    n, seat = HEARTS_SEATS, seen.seat
    played = [0] * n
    for s, _ in seen.plays():
        played[s] += 1
    gone = {c for _, c in seen.plays()}
    fixed: dict[int, list[str]] = {}
    if seen.passed:
        fixed[(seat + seen.direction) % n] = [c for c in seen.passed if c not in gone]
    mine = {*seen.hand, *seen.picked}
    pool = [c for c in HEARTS_DECK if c not in mine and c not in gone]
    sizes = {s: HAND_SIZE - played[s] for s in range(n) if s != seat}
    lacking, unseen = seen.lacking(), frozenset(pool)
    allowed = {s: unseen - lacking[s] for s in sizes if lacking[s] & unseen}
    try:
        dealt = sample_deal(pool, sizes, allowed, rng, fixed=fixed)
    except DealError as exc:
        raise RebuildError(f"no deal of the unseen cards fits what the seat saw: {exc}") from None
    return [list(seen.hand) if s == seat else dealt[s] for s in range(n)]


def hearts_deal(
    seen: HeartsSeen, hands: Sequence[Sequence[str]], rng: random.Random
) -> tuple[list[list[str]], list[list[str]]]:
    """The hand as dealt and each seat's passes (while passing, only the seat's picks so
    far) from every seat's cards now: a pass the seat did not see is three cards,
    uniformly, of what its receiver holds or played."""
    n, d, seat = HEARTS_SEATS, seen.direction, seen.seat
    passes: list[list[str]] = [[] for _ in range(n)]
    if seen.passing:
        dealt = [sorted(h, key=HEARTS_DECK.index) for h in hands]
        dealt[seat] = sorted({*seen.hand, *seen.picked}, key=HEARTS_DECK.index)
        passes[seat] = list(seen.picked)
        return dealt, passes
    holding = [list(h) for h in hands]
    for s, card in seen.plays():
        holding[s].append(card)
    for s in range(n) if d else ():
        if s == seat:
            passes[s] = list(seen.passed)
        elif (s + d) % n == seat:
            passes[s] = list(seen.received)
        else:
            passes[s] = rng.sample(sorted(holding[(s + d) % n], key=HEARTS_DECK.index), PASS_SIZE)
    dealt = []
    for s in range(n):
        came = set(passes[(s - d) % n])
        cards = [c for c in holding[s] if c not in came] + passes[s]
        dealt.append(sorted(cards, key=HEARTS_DECK.index))
    if any(len(h) != HAND_SIZE for h in dealt):
        raise RebuildError(f"hands of {[len(h) for h in dealt]} cards dealt")
    return dealt, passes


def hearts_rebuild(
    game: Any, seen: HeartsSeen, dealt: Sequence[Sequence[str]], passes: Sequence[Sequence[str]]
) -> Any:
    """An OpenSpiel ``hearts`` state of the hand with the seat as player 0 (player ``k`` is
    seat ``seat + k``): the pass direction, the deal card by card to players 0, 1, 2, 3,
    their passes in that order, then the plays, each checked legal.

    A hand is the same game from any seat; OpenSpiel's ISMCTS is not: open_spiel 2.0.2
    crashes (SIGSEGV) on a pass-phase state where the player passing to the one to act
    has passed (its ``resample_from_infostate`` replays that player's true passes into a
    resampled deal that need not hold them). As player 0 the seat passes first."""
    n, seat = HEARTS_SEATS, seen.seat
    order = [(seat + k) % n for k in range(n)]
    steps = [seen.direction]
    steps += [hearts_card(dealt[order[j % n]][j // n]) for j in range(n * HAND_SIZE)]
    steps += [hearts_card(c) for s in order for c in passes[s]]
    state = game.new_initial_state()
    for action in steps:
        _apply(state, action)
    for s, card in seen.plays():
        if state.current_player() != (s - seat) % n:
            raise RebuildError(f"seat {s} plays {card} out of turn")
        _apply(state, hearts_card(card))
    return state


def hearts_state(game: Any, message: Mapping[str, Any], rng: random.Random) -> Any:
    """The OpenSpiel ``hearts`` state a Hearts ``act`` message stands for, with a sampled
    deal and sampled unseen passes, the seat as player 0 (:func:`hearts_rebuild`)."""
    seen = read_hearts_view(message["view"], game.get_parameters())
    hands = hearts_hands(seen, rng)
    return hearts_rebuild(game, seen, *hearts_deal(seen, hands, rng))


def hearts_decisions_left(view: Mapping[str, Any]) -> int:
    """The seat's decisions left in the match, about (each hand raises the highest total
    by a quarter of its points at least, save bonuses): for sharing the match clock."""
    options = view.get("options") or {}
    passes = PASS_SIZE * bool(options.get("pass_cards", True))
    here = len(view["hand"])
    if view.get("phase") == "pass":
        here = HAND_SIZE + PASS_SIZE - len(view["passing"])
    rise = (26 - 10 * bool(options.get("jd_bonus"))) / HEARTS_SEATS
    to_go = int(options.get("target", 100)) - max(int(t) for t in view["scores"])
    later = max(0, math.ceil(to_go / rise) - 1)
    return max(1, here + later * (HAND_SIZE + passes))


# -- search -------------------------------------------------------------------------------


def _pyspiel() -> Any:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return pyspiel


def native_clock() -> bool:
    """Whether pyspiel's ``ISMCTSBot`` takes ``max_wall_clock_time`` (open_spiel 2.0.2 does)."""
    return "max_wall_clock_time" in (_pyspiel().ISMCTSBot.__init__.__doc__ or "")


class Search:
    """OpenSpiel's bot for one match: ``step(state, simulations, seconds)`` gives an action
    id after ``simulations`` simulations, or about ``seconds`` of search."""

    def __init__(
        self, game: Any, algo: str, rng: random.Random, uct_c: float, rollouts: int
    ) -> None:
        self.game, self.algo, self.rng, self.uct_c = game, algo, rng, uct_c
        self.rate: float | None = None  # simulations per second, when calibrating
        self.native = algo == "ismcts" and native_clock()
        if algo == "ismcts":
            self.evaluator: Any = _pyspiel().RandomRolloutEvaluator(rollouts, self._seed())
        else:
            import numpy as np
            from open_spiel.python.algorithms import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
                mcts,
            )

            rollout_rng = np.random.RandomState(self._seed())
            self.evaluator = mcts.RandomRolloutEvaluator(rollouts, rollout_rng)
            self.mcts = mcts.MCTSBot(
                game,
                uct_c,
                DEFAULT_SIMULATIONS,
                self.evaluator,
                random_state=np.random.RandomState(self._seed()),
            )

    def _seed(self) -> int:
        return self.rng.getrandbits(31)

    def _run(self, state: Any, simulations: int, seconds: float = -1.0) -> int:
        if self.algo == "mcts":
            self.mcts.max_simulations = simulations
            return int(self.mcts.step(state))
        pyspiel = _pyspiel()
        args: list[Any] = [
            self._seed(),
            self.evaluator,
            self.uct_c,
            simulations,
            -1,  # max_world_samples: a fresh world every simulation
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,  # information state strings, not observations
            False,  # the legal actions follow from the information state
        ]
        if seconds > 0:
            args.append(seconds)
        return int(pyspiel.ISMCTSBot(*args).step(state))

    def step(self, state: Any, simulations: int | None, seconds: float | None) -> int:
        if seconds is None:
            return self._run(state, simulations or DEFAULT_SIMULATIONS)
        if self.native:  # pyspiel then stops on the time alone
            return self._run(state, UNBOUNDED, seconds)
        started = time.perf_counter()
        if self.rate is None:  # the first search of the match: a timed probe
            probe = self._run(state, PROBE)
            spent = time.perf_counter() - started
            self.rate = PROBE / max(spent, 1e-6)
            if spent >= seconds / 2:
                return probe
        left = seconds - (time.perf_counter() - started)
        count = max(1, int(self.rate * left))
        began = time.perf_counter()
        action = self._run(state, count)
        self.rate = count / max(time.perf_counter() - began, 1e-6)
        return action


# -- the protocol -----------------------------------------------------------------------


def decisions_left(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> int:
    """The seat's decisions left in the match, at most (for sharing the match clock)."""
    here = len(view["hand"]) + (view["bids"][view["seat"]] is None)
    fixed = int(options.get("num_tricks_fixed", -1))
    cards = int(options.get("num_suits", 4)) * int(options.get("num_cards_per_suit", 13))
    tricks = fixed if fixed > 0 else (cards - 1) // players
    later = int(view.get("hands", 1)) - int(view.get("hand_number", 1))
    return max(1, here + later * (tricks + 1))


def move_seconds(wanted: float, clock: Mapping[str, Any] | None, left: int) -> float:
    """``wanted`` seconds, within the move's clock and the match clock's share of a move."""
    seconds = wanted
    clock = clock or {}
    if clock.get("move") is not None:
        seconds = min(seconds, MOVE_SHARE * float(clock["move"]) - MARGIN)
    if clock.get("match") is not None:
        seconds = min(seconds, MOVE_SHARE * float(clock["match"]) / left - MARGIN)
    return max(seconds, LEAST_SECONDS)


GAMES = {"oh_hell": "oh-hell", "hearts": "hearts"}
"""``--game`` (OpenSpiel's name) -> the cardkit game id it plays."""


class Player:
    """One match: built at ``start``, it answers each ``act`` with an action text."""

    def __init__(self, args: argparse.Namespace, start: Mapping[str, Any]) -> None:
        if start.get("game") != GAMES[args.game]:
            raise RebuildError(f"this bot plays {GAMES[args.game]}, not {start.get('game')!r}")
        self.args = args
        self.players = int(start["players"])
        self.options = dict(start.get("options") or {})
        self.rng = random.Random(f"{start.get('seed')} {args.seed}")
        params = (hearts_params if args.game == "hearts" else spiel_params)(
            self.options, self.players
        )
        self.game = _pyspiel().load_game(args.game, params)
        self.search = Search(self.game, args.algo, self.rng, args.uct_c, args.rollouts)

    def position(self, message: Mapping[str, Any]) -> tuple[Any, dict[int, str]]:
        """The OpenSpiel state of an ``act`` message (a sampled deal) and its legal texts
        by action id, checked."""
        legal = [str(t) for t in message["legal"]]
        if self.args.game == "hearts":
            state = hearts_state(self.game, message, self.rng)
            return state, legal_by_id(state, 0, legal, hearts_action)  # the seat is player 0
        seen = read_view(message["view"], self.players)
        state = rebuild(self.game, seen, hands_now(seen, self.rng))
        num_cards = seen.num_suits * seen.ranks
        by_id = legal_by_id(
            state, seen.seat, legal, lambda t: action_id(t, seen.num_suits, num_cards)
        )
        return state, by_id

    def act(self, message: Mapping[str, Any]) -> str:
        state, by_id = self.position(message)
        if len(by_id) == 1:
            return next(iter(by_id.values()))
        seconds = None
        if self.args.time is not None:
            view = message["view"]
            if self.args.game == "hearts":
                left = hearts_decisions_left(view)
            else:
                left = decisions_left(view, self.players, self.options)
            seconds = move_seconds(self.args.time, message.get("clock"), left)
        return by_id[self.search.step(state, self.args.simulations, seconds)]


def serve(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    """Speak ``cardkit-bot/1`` on ``stdin``/``stdout`` until ``match_end``; an exit code."""

    def send(message: Mapping[str, Any]) -> None:
        stdout.write(json.dumps(message) + "\n")
        stdout.flush()

    transcript: IO[str] | None = None
    if args.transcript is not None:
        Path(args.transcript).mkdir(parents=True, exist_ok=True)
        transcript = open(Path(args.transcript) / f"{os.getpid()}.jsonl", "a")  # noqa: SIM115
    send({"type": "hello", "protocol": PROTOCOL, "name": f"openspiel-{args.algo}"})
    player: Player | None = None
    try:
        for line in stdin:
            if transcript is not None:
                transcript.write(line if line.endswith("\n") else line + "\n")
                transcript.flush()
            try:
                message = json.loads(line)
            except (ValueError, RecursionError):
                continue
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "start":
                player = Player(args, message)
            elif kind == "act" and player is not None:
                send({"type": "action", "id": message["id"], "action": player.act(message)})
            elif kind == "match_end":
                return 0
    except RebuildError as exc:
        print(f"openspiel_bot: {exc}", file=sys.stderr)
        return 1
    finally:
        if transcript is not None:
            transcript.close()
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.openspiel_bot",
        description="OpenSpiel's ISMCTS (or MCTS) as a cardkit-bot/1 process.",
    )
    p.add_argument("--game", required=True, choices=sorted(GAMES), help="OpenSpiel's game name")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--time", type=float, help="seconds of search a move (about)")
    budget.add_argument(
        "--simulations", type=int, help=f"simulations a move (default {DEFAULT_SIMULATIONS})"
    )
    p.add_argument("--algo", choices=("ismcts", "mcts"), default="ismcts")
    p.add_argument("--seed", type=int, default=0, help="mixed with the start message's seed")
    p.add_argument("--uct-c", type=float, default=2.0, help="UCT exploration constant")
    p.add_argument("--rollouts", type=int, default=1, help="random rollouts per evaluation")
    p.add_argument("--transcript", help="append every received line to DIR/PID.jsonl")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.time is not None and not args.time > 0:
        p.error("--time must be above 0")
    if args.simulations is not None and args.simulations < 1:
        p.error("--simulations must be at least 1")
    if args.rollouts < 1:
        p.error("--rollouts must be at least 1")
    return serve(args, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
