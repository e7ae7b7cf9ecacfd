"""benchmarks.decisions times a bot without changing how the runner treats it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from benchmarks.decisions import Timed
from cardkit.actions import Action
from cardkit.bots import RandomBot
from cardkit.events import Event
from cardkit.game import View
from cardkit.runner import play_match
from tests.tinygame import GAME, TinyView


class Follower(RandomBot):
    """Reads no view and follows the match's events, as an external bot does."""

    observes = True

    def __init__(self, seat: int) -> None:
        super().__init__(GAME, seat, seat)
        self.joined = False
        self.observed = 0
        self.views: list[View] = []
        self.choices = 0

    def join(self, players: int, options: Any, events: Sequence[Event]) -> None:
        self.joined = True

    def observe(self, events: Sequence[Event]) -> None:
        self.observed += 1

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        self.choices += len(legal) > 1
        return super().choose(view, legal)


def test_a_timed_bot_is_told_the_match_and_given_the_view_it_asks_for() -> None:
    follower = Follower(0)
    times: list[float] = []
    outcome = play_match(GAME, [Timed(follower, times), RandomBot(GAME, 1, 1)], 5)
    assert outcome.failure is None
    # without the wrapped bot's observes, the runner would neither tell it the match
    # nor build it bare views (reads_view False): it would get TinyViews
    assert follower.joined
    assert follower.observed > 0
    assert follower.views and not any(isinstance(v, TinyView) for v in follower.views)
    assert follower.choices > 0
    assert len(times) == follower.choices  # one time for each decision with a choice
