"""Build the tutorial's package from docs/writing-a-game.md, as it stands at any block.

Each fenced block in the page follows a marker comment:

- ``<!-- file: PATH -->``: the block is appended to PATH of the package;
- ``<!-- replace: PATH -->``: the block's items replace the items of PATH with the
  same name (a def, a class, an assignment, at the same indentation; a block that
  starts with the docstring or imports replaces the file's header); items not in
  PATH yet are inserted beside the block's neighbouring items;
- ``<!-- run: python -->``: run, in one namespace per block, against the package
  as built so far;
- ``<!-- run: shell -->``: each line is run in an overlay venv from the package folder;
- ``<!-- check: layout -->``: the package tree so far, compared with the files built.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.examples.overlay import ROOT

DOC = ROOT / "docs" / "writing-a-game.md"
BLOCK = re.compile(r"<!-- (file|replace|run|check): (\S+) -->\n```(\w*)\n(.*?)^```$", re.S | re.M)
FENCE = re.compile(r"^```", re.M)
PACKAGE = "cardkit_trump_call"
HEAD = re.compile(r"(?:async def|def|class) (\w+)|(\w+)\s*(?::[^=]*)?=|(\w+)\s*:")


def blocks() -> list[tuple[str, str, str]]:
    """``(kind, target, text)`` for every marked block, in page order."""
    return [(kind, target, text) for kind, target, _, text in BLOCK.findall(DOC.read_text())]


def _name(line: str) -> str | None:
    match = HEAD.match(line.strip())
    if match is None:
        return None
    return next(g for g in match.groups() if g)


def _header_end(lines: list[str]) -> int:
    """The index of the first line after a file's docstring and imports (0: none)."""
    i = 0
    if lines and lines[0].startswith('"""'):
        while not (lines[i].endswith('"""') and (i > 0 or lines[0].count('"""') == 2)):
            i += 1
        i += 1
    depth = 0
    while i < len(lines):
        line = lines[i]
        if depth or not line.strip() or line.startswith(("from ", "import ")):
            depth += line.count("(") - line.count(")")
            i += 1
        else:
            break
    return i


def _items(lines: list[str], indent: int) -> list[tuple[str, int, int]]:
    """``(name, start, end)`` of each item at ``indent`` (end excludes trailing blanks).

    A header (docstring, imports) at the top of a file is the item ``"<header>"``.
    """
    starts: list[tuple[str, int]] = []
    i = _header_end(lines) if indent == 0 else 0
    if i:
        starts.append(("<header>", 0))
    for j in range(i, len(lines)):
        line = lines[j]
        if not line.strip() or len(line) - len(line.lstrip()) != indent:
            continue
        body = line.strip()
        if body.startswith(("@", ")", "]", "}", '"""', "#")):
            continue
        name = _name(line)
        if name is None:
            continue
        start = j
        while start > 0 and lines[start - 1].strip().startswith("@"):
            start -= 1
        starts.append((name, start))
    out: list[tuple[str, int, int]] = []
    for k, (name, start) in enumerate(starts):
        end = starts[k + 1][1] if k + 1 < len(starts) else len(lines)
        if indent > 0:  # a method ends where the class ends
            for m in range(start + 1, end):
                line = lines[m]
                if line.strip() and len(line) - len(line.lstrip()) < indent:
                    end = m
                    break
        while end > start and not lines[end - 1].strip():
            end -= 1
        out.append((name, start, end))
    return out


def _gap(indent: int) -> list[str]:
    return [""] if indent else ["", ""]


def replace(text: str, block: str) -> str:
    """``text`` with the items of ``block`` put in place (see the module docstring)."""
    lines = text.rstrip("\n").split("\n")
    new = block.rstrip("\n").split("\n")
    indent = len(new[0]) - len(new[0].lstrip())
    mine = [(n, new[s:e]) for n, s, e in _items(new, indent)]
    assert mine, f"a replace block names nothing:\n{block}"
    pending: list[list[str]] = []
    after: int | None = None  # the line after which a new item goes
    for name, body in mine:
        found = [(s, e) for n, s, e in _items(lines, indent) if n == name]
        if not found:
            if after is None:
                pending.append(body)
                continue
            lines[after:after] = [*_gap(indent), *body]
            after += len(_gap(indent)) + len(body)
            continue
        assert len(found) == 1, f"{name} is defined more than once"
        start, end = found[0]
        lines[start:end] = body
        after = start + len(body)
        for early in reversed(pending):  # new items before the first known one
            lines[start:start] = [*early, *_gap(indent)]
            after += len(early) + len(_gap(indent))
        pending = []
    assert not pending, f"a replace block names nothing known in the file:\n{block}"
    return "\n".join(lines) + "\n"


def build(root: Path, upto: int | None = None) -> Path:
    """Write the package, as the blocks before index ``upto`` make it, under ``root``."""
    package = root / "trump-call"
    files: dict[str, str] = {}
    for kind, target, text in blocks()[:upto]:
        if kind == "file":
            if target not in files:
                files[target] = text.rstrip("\n") + "\n"
                continue
            old = files[target].rstrip("\n")
            last = old.rsplit("\n", 1)[-1]
            defines = text.startswith(("def ", "class ", "@"))
            one = text.startswith(" ") or (last.startswith(("from ", "import ")) and not defines)
            files[target] = old + ("\n\n" if one else "\n\n\n") + text.rstrip("\n") + "\n"
        elif kind == "replace":
            assert target in files, f"{target} is replaced before it is written"
            files[target] = replace(files[target], text)
    if package.exists():
        for path in sorted(package.rglob("*.py"), reverse=True):
            path.unlink()
    for target, text in files.items():
        path = package / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return package
