"""docs/writing-a-bot.md stays true: its code is the example package's, its commands run.

Python and TOML blocks follow ``<!-- from: PATH -->`` and must appear, as they
are, in that file of the repository; shell blocks follow ``<!-- run: shell -->``
and are run, from the repository root, in an overlay venv.
"""

from __future__ import annotations

import re
import shlex

import pytest

from tests.examples.overlay import ROOT, installed

DOC = ROOT / "docs" / "writing-a-bot.md"
BLOCK = re.compile(r"(?:<!-- (from|run): (\S+) -->\n)?```(\w*)\n(.*?)^```$", re.S | re.M)


def blocks() -> list[tuple[str, str, str, str]]:
    """``(kind, target, language, text)`` of every fenced block, in page order."""
    return BLOCK.findall(DOC.read_text())


def test_code_blocks_quote_the_example_package() -> None:
    quoted = [b for b in blocks() if b[2] in ("python", "toml")]
    assert len(quoted) >= 3
    for kind, target, _, text in quoted:
        assert kind == "from", f"a code block has no <!-- from: PATH --> marker:\n{text}"
        assert text in (ROOT / target).read_text(), f"the block is no longer in {target}:\n{text}"


def test_shell_steps_run() -> None:
    scripts = [b for b in blocks() if b[2] == "sh"]
    assert scripts and all(b[:2] == ("run", "shell") for b in scripts)
    outputs: list[str] = []
    overlay = None
    for _, _, _, script in scripts:
        for line in script.splitlines():
            words = shlex.split(line)
            if words[:3] == ["pip", "install", "-e"]:
                paths = [ROOT / w for w in words[2:] if w != "-e"]
                overlay = installed(*paths)
            elif words[0] == "cardkit" and overlay is not None:
                outputs.append(overlay.run("-m", "cli", *words[1:], cwd=ROOT).stdout)
            else:
                pytest.fail(f"the guide runs a command this test does not know: {line!r}")
    listed = outputs[0]
    assert "ducker" in listed and "lowball" in listed and "every game" in listed
    assert "ducker:bid=1" in outputs[1] and "lowball" in outputs[1]
