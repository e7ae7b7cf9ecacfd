"""Fixtures for every test."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def cardkit_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and caches go to a fresh directory, never the user's ``~/.cardkit``."""
    home = tmp_path_factory.mktemp("cardkit-home")
    monkeypatch.setenv("CARDKIT_HOME", str(home))
    return home
