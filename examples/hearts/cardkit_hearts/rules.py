"""The rules in words, as ``cardkit rules hearts`` shows them, and the options record."""

from __future__ import annotations

import attrs
from cardkit import Options, option


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


RULES = """\
**Hearts** for 4 players with 52 cards: take as few points as you can.

1. **Deal.** Each player gets 13 cards, one at a time from the dealer's left;
   the deal passes left each hand.
2. **Pass.** Each player chooses 3 cards in secret (`pass SQ`, three times);
   then all are passed together: left in the first hand, right in the second,
   across in the third, none in the fourth, and so on. With `pass_cards` off,
   nobody passes.
3. **Play.** The holder of the two of clubs leads it (with
   `can_lead_any_club`, any club). Follow suit if you can; the highest card of
   the suit led wins, and the winner leads next. On the first trick, a player
   who cannot follow may not play a heart or the queen of spades unless the
   hand holds nothing else (`no_pts_on_first_trick`). Hearts may not be led
   until one has been played (the queen of spades counts too, with
   `qs_breaks_hearts`), unless the leader holds only hearts
   (`must_break_hearts`; `can_lead_hearts_instead_of_qs` also lets a leader
   holding only hearts and the queen lead a heart).
4. **Score.** Each heart taken scores 1 point, the queen of spades 13 (with
   `jd_bonus`, the jack of diamonds -10). A player who takes every heart and
   the queen *shoots the moon*: 26 points off their score and 26 on each other
   player's, as in OpenSpiel. With `avoid_all_tricks_bonus`, a player who takes
   no trick scores -5 (not when someone shoots the moon).
5. **Match.** When a total reaches `target` (100) at the end of a hand, the
   match is over: the lowest total wins, and equal lowest totals share the win.

Cards read suit then rank: `SQ` is the queen of spades, `HT` the ten of hearts.
Actions: `pass SQ`, `play H7`.
"""
