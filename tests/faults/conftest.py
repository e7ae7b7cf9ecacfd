"""The fault suite: every test under tests/faults is marked ``fault``.

Run it alone with ``python -m pytest -m fault``; it also runs with the rest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.fault)
