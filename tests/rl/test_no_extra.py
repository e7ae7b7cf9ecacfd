"""Without the rl extra: the core's spaces work, and cardkit.rl says what to install."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys

class Absent:  # numpy, gymnasium and pettingzoo are not installed
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "pettingzoo", "gymnasium"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Absent())
from cardkit.registry import get_game
from cardkit.testing import check_spaces

game = get_game("universal-bid")
check_spaces(game, [3])
print(game.action_space(4).size, game.observation_space(4).size)
try:
    import cardkit.rl
except ImportError as exc:
    print(exc)
"""


def test_the_core_needs_no_numpy_and_the_environment_says_what_it_needs() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    sizes, message = proc.stdout.splitlines()
    assert sizes == "65 384"  # 11 bids and 54 plays; the layout in docs/rl.md
    assert message == "cardkit.rl needs the rl extra (numpy is missing): pip install 'cardkit[rl]'"
