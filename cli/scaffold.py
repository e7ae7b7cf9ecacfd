"""``cardkit new-game NAME``: write a new game plugin package that installs and plays at once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, NamedTuple

import typer

NAME_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_NAME = 30


class Names(NamedTuple):
    """Every name a plugin package needs, derived from its game id."""

    game_id: str
    package: str
    dist: str
    title: str
    camel: str

    @classmethod
    def of(cls, name: str) -> Names:
        """The names for game id ``name`` (already checked by :func:`check_name`)."""
        parts = name.split("-")
        return cls(
            game_id=name,
            package="cardkit_" + "_".join(parts),
            dist="cardkit-" + name,
            title=" ".join(p.capitalize() for p in parts),
            camel="".join(p.capitalize() for p in parts),
        )


def check_name(name: str) -> str | None:
    """Why ``name`` cannot be a game id, or None when it can."""
    if not NAME_PATTERN.fullmatch(name) or len(name) > MAX_NAME:
        return (
            f"bad game name {name!r}: use {MAX_NAME} characters at most, lowercase letters, "
            "digits and single hyphens, starting with a letter (like 'my-game')"
        )
    return None


def render(names: Names) -> dict[str, str]:
    """The files of the plugin package: relative path -> text."""
    from cli.scaffold_templates import FILES

    marks = {
        "__GAME_ID__": names.game_id,
        "__PACKAGE__": names.package,
        "__DIST__": names.dist,
        "__TITLE__": names.title,
        "__CAMEL__": names.camel,
    }

    def fill(text: str) -> str:
        for mark, value in marks.items():
            text = text.replace(mark, value)
        return text

    return {fill(path): fill(text) for path, text in FILES.items()}


def write(names: Names, target: Path) -> list[Path]:
    """Write the package into ``target``, which must not exist or be an empty folder."""
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for relative, text in render(names).items():
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("x", encoding="utf-8") as out:  # "x": never overwrite
            out.write(text)
        written.append(path)
    return written


def new_game(
    name: Annotated[str, typer.Argument(help="The new game's id, like 'my-game'.")],
    folder: Annotated[
        Path | None,
        typer.Option("--dir", help="Folder to create (default: ./NAME); never overwritten."),
    ] = None,
) -> None:
    """Write a new game plugin package: a playable game, its entry point and its tests."""
    from cardkit.registry import game_names
    from cli.common import console, fail

    problem = check_name(name)
    if problem:
        fail(problem)
    if name in game_names():
        fail(f"a game named {name!r} is already installed: choose another name")
    target = Path(name) if folder is None else folder
    if target.exists() and not (target.is_dir() and not any(target.iterdir())):
        fail(f"{target} already exists and is not an empty folder: choose another --dir")
    names = Names.of(name)
    try:
        written = write(names, target)
    except OSError as exc:
        fail(f"cannot write the package into {target}: {exc.strerror or exc}")
    lines = [
        f"Created the plugin package {names.dist} in {target}:",
        *(f"  {path}" for path in written),
        "Next, install it and play:",
        f"  cd {target}",
        "  pip install -e .",
        f"  cardkit list                  # {name} is listed",
        f"  cardkit arena {name} --bot greedy --bot random --bot random",
        f"  cardkit arena {name} --bot ismcts:iterations=100 --bot greedy -n 10",
        "  python -m pytest",
    ]
    out = console()
    for line in lines:
        out.print(line, markup=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Attach ``new-game`` to ``app``."""
    app.command("new-game")(new_game)
