"""The ``heuristic`` bot for UNO: Star Trek.

It plays a matching coloured card when it has one (preferring the colour it
holds most of, and Skip or Draw 2 when the next player is close to going
out), keeps Wilds and specials for when nothing else can be played, names the
colour it holds most of, calls UNO before playing its second-to-last card,
catches every opponent who forgets, challenges a Wild Draw 4 when a bluff is
likely enough, and stops Draw 2, Wild Draw 4 and Double Tribble with Beam Me
Up Scotty. It reads only its view.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit import Action, Card, Option, Play
from cardkit.bots import BaseBot
from cardkit.game import View
from games.uno_star_trek.actions import (
    ACCEPT,
    BEAMS,
    CHALLENGE,
    DRAW,
    KEEP,
    NAMES,
    UNO,
    Beam,
    Catch,
)
from games.uno_star_trek.cards import (
    COLOUR_OF,
    COLOUR_WORDS,
    COLOURS,
    DECK,
    DRAW2,
    LLAP,
    MELD,
    POINTS,
    REVERSE,
    SKIP,
    TRIBBLE,
    WILD,
    WILD4,
)
from games.uno_star_trek.state import fair_wild4
from games.uno_star_trek.view import UnoView

# How much the bot likes to play each wild kind when nothing else fits.
_WILD_PRIORITY = {TRIBBLE: 40, WILD4: 30, WILD: 20, LLAP: 15, MELD: 12}
_BEAM_PRIORITY = 5
_STOPPED = ("wd4", "draw2", "tribble")


class HeuristicBot(BaseBot):
    """A rule-of-thumb player: colour it holds most, wilds kept for need, UNO calls,
    catches, Wild Draw 4 challenges by the odds, Beam against draw commands."""

    name = "heuristic"
    summary = (
        "plays its strongest colour, keeps wilds for need, calls and catches UNO, "
        "challenges likely bluffs, beams away draw commands"
    )
    games = frozenset({"uno-star-trek"})
    params = (
        Option(
            "challenge_at",
            "int",
            35,
            "challenge a Wild Draw 4 when the chance of a bluff is at least this many percent",
            low=0,
            high=100,
        ),
    )

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert isinstance(view, UnoView)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if type(first) is Catch or first is UNO:
            return first  # a catch window: catch the player, or call UNO as that player
        if view.phase == "colour":
            return NAMES[best_colour(view.hand)]
        if view.phase == "respond":
            return self._respond(view, legal)
        if UNO in legal:
            return UNO
        play = self._pick(view, [a for a in legal if isinstance(a, Play)])
        if play is not None:
            return play
        return KEEP if view.phase == "drawn" else DRAW

    def _pick(self, view: UnoView, plays: list[Play]) -> Play | None:
        """The best play, or None to draw (or keep) instead."""
        hand = view.hand
        step = 1 if view.direction == "left" else -1
        following = (view.seat + step) % len(view.hand_sizes)
        danger = view.hand_sizes[following] <= 2
        counts = colour_counts(hand)
        # a Wild Draw 4 only when it is fair (the rule: state.fair_wild4)
        held = 0
        for card in hand:
            held |= card.bit
        fair = fair_wild4(held, view.colour)
        named = COLOURS[best_colour(hand)]  # the colour a card that names one names
        best: Play | None = None
        best_score = -1
        for play in plays:
            card = play.card
            kind = card.rank
            if play.declare is not None and play.declare != named:
                continue
            if kind == WILD4 and not fair:
                continue
            if kind < WILD:
                score = 100 + 3 * counts[COLOUR_OF[card.id]] + POINTS[card.id] // 5
                if kind in (SKIP, DRAW2, REVERSE):
                    score += 40 if danger and kind != REVERSE else 2
            elif kind in (WILD4, TRIBBLE):
                score = _WILD_PRIORITY[kind] + (80 if danger else 0)
            else:
                score = _WILD_PRIORITY.get(kind, _BEAM_PRIORITY)
            if score > best_score:
                best, best_score = play, score
        return best

    def _respond(self, view: UnoView, legal: Sequence[Action]) -> Action:
        beams = [a for a in legal if isinstance(a, Beam)]
        threshold = self.settings["challenge_at"]
        assert isinstance(threshold, int)
        if CHALLENGE in legal and bluff_chance(view) * 100 >= threshold:
            return CHALLENGE
        if beams and view.command in _STOPPED:
            if UNO in legal:
                return UNO
            return BEAMS[best_colour(view.hand)]
        return ACCEPT


def colour_counts(hand: Sequence[Card]) -> list[int]:
    """Cards of each colour in ``hand`` (wild cards and specials have none)."""
    counts = [0, 0, 0, 0]
    for card in hand:
        colour = COLOUR_OF[card.id]
        if colour >= 0:
            counts[colour] += 1
    return counts


def best_colour(hand: Sequence[Card]) -> int:
    """The colour the hand holds most of (ties: most points, then red, yellow, green, blue)."""
    counts = colour_counts(hand)
    points = [0, 0, 0, 0]
    for card in hand:
        colour = COLOUR_OF[card.id]
        if colour >= 0:
            points[colour] += POINTS[card.id]
    return max(range(4), key=lambda c: (counts[c], points[c], -c))


def bluff_chance(view: UnoView) -> float:
    """The chance that the Wild Draw 4 player holds a card of the colour that was in force,
    reckoned from the cards this seat cannot see (hypergeometric)."""
    if view.previous_colour is None or view.commander is None:
        return 0.0
    colour = COLOUR_WORDS[view.previous_colour]
    unseen = len(DECK.cards) - len(view.hand) - 1
    of_colour = 25 - colour_counts(view.hand)[colour]
    if view.top is not None and COLOUR_OF[view.top.id] == colour:
        of_colour -= 1
    held = view.hand_sizes[view.commander]
    none = 1.0
    for i in range(held):
        if unseen - i <= 0:
            break
        none *= max(0, unseen - of_colour - i) / (unseen - i)
    return 1.0 - none
