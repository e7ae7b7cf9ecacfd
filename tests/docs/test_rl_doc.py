"""docs/rl.md: the observation layouts are the games' own, and its Python blocks run."""

from __future__ import annotations

import re
import sys

import pytest

from cardkit.game import Game
from cardkit.registry import get_game
from tests.examples.overlay import ROOT

DOC = ROOT / "docs" / "rl.md"
LAYOUT = re.compile(r"<!-- layout: (\S+) -->\n(\|.*?)\n\n", re.S)
PYTHON = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def game_of(game_id: str) -> Game:
    if game_id != "oh-hell":
        return get_game(game_id)
    sys.path.insert(0, str(ROOT / "examples" / "oh-hell"))
    try:
        from cardkit_oh_hell import GAME
    finally:
        sys.path.remove(str(ROOT / "examples" / "oh-hell"))
    return GAME


def test_every_game_has_its_layout_in_the_page() -> None:
    found = dict(LAYOUT.findall(DOC.read_text() + "\n\n"))
    assert set(found) == {"universal-bid", "ufos", "uno-star-trek", "oh-hell"}
    for game_id, table in found.items():
        game = game_of(game_id)
        assert table.strip() == game.observation_space(game.default_players).layout(), game_id


@pytest.mark.parametrize("index", range(len(PYTHON.findall(DOC.read_text()))))
def test_the_python_blocks_run(index: int) -> None:
    block = PYTHON.findall(DOC.read_text())[index]
    if "import rl" in block or "cardkit.rl" in block or "numpy" in block:
        pytest.importorskip("numpy")  # the rl extra
        pytest.importorskip("pettingzoo")
    exec(compile(block, str(DOC), "exec"), {"__name__": "rl_doc"})
