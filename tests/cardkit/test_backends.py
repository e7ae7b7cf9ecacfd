"""Backends: one seed gives the same results locally and on Ray, whatever the workers."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardkit import arena
from cardkit.actions import Action
from cardkit.backends import BackendError, stream
from cardkit.bots import RandomBot
from cardkit.game import View

GAME = "universal-bid"
OPTIONS = {"schedule": "3"}
BOTS = ["heuristic", "random", "random"]
MARKER = "CARDKIT_TEST_DIE_ONCE"


def figures(tally: arena.Tally) -> tuple[Any, ...]:
    return (tally.played, tally.entrants(), tally.seats(), tally.pairs(), tally.failures)


class DiesOnceBot(RandomBot):
    """Kills its own process the first time it moves, while the marker file is missing."""

    name = "dies-once"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        marker = Path(os.environ[MARKER])
        if not marker.exists():
            marker.touch()
            os._exit(1)
        return super().choose(view, legal)


@pytest.fixture(scope="module")
def ray_running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A local Ray of 2 CPUs for the module; its workers see the marker file's path."""
    ray = pytest.importorskip("ray")
    marker = tmp_path_factory.mktemp("ray") / "died"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(MARKER, str(marker))  # Ray's workers inherit the environment of now
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield marker
    ray.shutdown()


def test_an_unknown_backend_is_one_line() -> None:
    plan = arena.make_plan(GAME, BOTS)
    with pytest.raises(BackendError, match="unknown backend 'nope'; use one of: local, ray"):
        stream(plan, 10, backend="nope")
    with pytest.raises(BackendError, match="--address is for --backend ray only"):
        stream(plan, 10, address="auto")


def test_local_with_one_and_two_workers_and_ray_with_two_agree(ray_running: Path) -> None:
    runs = [
        arena.run(GAME, BOTS, 90, seed=8, options=OPTIONS, duplicate=True, workers=w, backend=b)
        for w, b in ((1, "local"), (2, "local"), (2, "ray"))
    ]
    assert figures(runs[0]) == figures(runs[1]) == figures(runs[2])
    assert runs[0].deals == 30


def test_a_ray_worker_lost_mid_run_has_its_matches_played_again(
    ray_running: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = ray_running
    plan = arena.make_plan(GAME, [DiesOnceBot, RandomBot], seed=3, options=OPTIONS)
    monkeypatch.setenv(MARKER, str(marker))
    marker.touch()  # no death: the reference run, in this process
    expected = list(stream(plan, 40))
    marker.unlink()
    with contextlib.closing(stream(plan, 40, 2, backend="ray")) as reports:
        got = list(reports)  # the first worker to move dies, once; Ray runs its chunk again
    assert marker.exists()
    assert got == expected and all(r.failure is None for r in got)
