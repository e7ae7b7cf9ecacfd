"""Fixtures for the CLI tests: the tiny games registered, a Typer test runner."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardkit import registry
from cli import common
from tests.cli.tinycli import GAMES


@pytest.fixture(autouse=True)
def tiny_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``tiny`` and ``tiny-cli`` are installed for the test, and only for it."""
    for game in GAMES:
        monkeypatch.setitem(registry._extra_games, game.id, game)
    yield


@pytest.fixture(autouse=True)
def fresh_consoles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test gets new rich consoles, sized by its own environment (``COLUMNS``)."""
    monkeypatch.setattr(common, "_consoles", {})


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
