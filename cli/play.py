"""``cardkit play``: a person against bots in the terminal."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.common import ascii_float, ascii_int, safe_text

if TYPE_CHECKING:
    import contextlib

    from cardkit.bots import BotSpec
    from cardkit.game import Game, State
    from cli.session import PlaySession


def register(app: typer.Typer) -> None:
    """Attach ``play`` to ``app``."""
    app.command("play")(play)


def play(
    game: Annotated[
        str | None, typer.Argument(help="Game id (`cardkit list`); omit it to choose from a list.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", parser=ascii_int, help="Number of players.")
    ] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", parser=ascii_int, help="Your seat (0 = first).")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", help="Bot spec for the other seats, in order; one fills them all."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", parser=ascii_int, help="Seed of the match.")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help=(
                "File to create for the record (not an existing one, in an existing "
                "folder), saved after every action."
            ),
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Continue the match saved in this file; an exec bot it names runs only "
            "if --bot names it again (or you confirm it on a terminal).",
        ),
    ] = None,
    position: Annotated[
        Path | None,
        typer.Option(
            "--position",
            help="Play on from the position in this file (docs/positions.md); it sets the "
            "players, seed and options.",
        ),
    ] = None,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            parser=ascii_float,
            help="Seconds each bot's move stays on screen (any key skips; 0: no pause). "
            "Default 0.6, 1.5 when watching.",
        ),
    ] = None,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch", help="Every seat a bot; watch the table from --seat's view (0 by default)."
        ),
    ] = False,
) -> None:
    """Play a game against bots: type a listed number, an action or a card; hint; undo;
    help; quit."""
    import contextlib

    from cli.common import TERMINAL_CLOSED, console, fail, terminal_lost
    from cli.play_screens import DELAY, WATCH_DELAY
    from cli.session import Ended, ending_on_signals

    if delay is not None and not 0 <= delay <= 60:  # also refuses nan
        fail(f"--delay must be from 0 to 60 seconds, not {delay}")

    if position is not None:
        if resume is not None:
            fail("give --position to start from a position, or --resume to continue a save")
        given = {"--players": players, "--seed": seed, "--option": option}
        conflicts = [k for k, v in given.items() if v is not None]
        if conflicts:
            fail(f"the position sets the players, seed and options; drop {', '.join(conflicts)}")
    try:
        with ending_on_signals(), contextlib.ExitStack() as held:  # held: the lock
            try:
                if resume is not None:
                    given = {
                        "--players": players,
                        "--seat": seat,
                        "--seed": seed,
                        "--option": option,
                    }
                    conflicts = [k for k, v in given.items() if v is not None]
                    if watch:
                        conflicts.append("--watch (a watched match resumes watched)")
                    session = _resume(resume, game, save, conflicts, held, bot or [])
                else:
                    session = _start(
                        game,
                        players,
                        seat,
                        bot or [],
                        seed,
                        option or [],
                        save,
                        held,
                        position,
                        watch,
                    )
                session.pace.delay = (
                    delay if delay is not None else (WATCH_DELAY if session.watch else DELAY)
                )
                code = session.run()
                console().file.flush()
            except OSError as exc:  # the terminal closed: every step is saved before it is shown
                if not terminal_lost(exc):
                    raise
                code = TERMINAL_CLOSED
    except Ended as exc:  # before the match began, or as its lock was let go: all saved
        console(stderr=True).print(f"ended by {exc.name}", soft_wrap=True)
        code = exc.code
    if code:
        raise typer.Exit(code)


def _start(
    name: str | None,
    players: int | None,
    seat: int | None,
    bots: list[str],
    seed: int | None,
    options: list[str],
    save: Path | None,
    held: contextlib.ExitStack[bool | None],
    position: Path | None = None,
    watch: bool = False,
) -> PlaySession:
    from rich.markup import escape

    from cli.common import console, fail, load_game
    from cli.prompt import WATCH_KEYS
    from cli.saves import default_save_path
    from cli.session import PlaySession
    from cli.settings import (
        check_players,
        create_state,
        default_bot,
        new_seed,
        parse_specs,
        resolved_options,
    )

    start: State | None = None
    if position is not None:
        game, start = _position_state(position, name)
        players, seed = start.players, start.seed
    else:
        game = load_game(name) if name is not None else _choose_game()
    if players is None:
        players = game.default_players if name is not None else _choose_players(game)
    check_players(game, players)
    human = 0 if seat is None else seat
    if not 0 <= human < players:
        fail(f"--seat must be from 0 to {players - 1} for {players} players, not {human}")
    values = resolved_options(game, options) if start is None else {}
    specs = parse_specs(game, bots or [default_bot(game)])
    others = [s for s in range(players) if s != human or watch]
    if len(specs) not in (1, len(others)):
        seats = "every seat" if watch else "all other seats"
        fail(
            f"give one --bot for {seats}, or one per {'seat' if watch else 'other seat'} "
            f"({len(others)}), not {len(specs)}"
        )
    per_seat: list[BotSpec | None] = [None] * players
    for i, other in enumerate(others):
        per_seat[other] = specs[0] if len(specs) == 1 else specs[i]
    if seed is None:
        seed = new_seed()
    state = create_state(game, players, seed, values, auto_chance=False) if start is None else start
    if save is not None:
        _claim(save)
        path = save
    else:
        path = _claim_default(default_save_path(game, seed))
    _lock(path, held, claimed=True)
    session = PlaySession(game, state, human, per_seat, path, watch=watch)
    _first_save(session, claimed=True)
    out = console()
    bots_text = ", ".join(f"seat {s} {per_seat[s]}" for s in others)
    who = f"watching seat {human}'s view" if watch else f"you are seat {human}"
    out.print(
        f"[bold]{escape(game.name)}[/bold] ({game.id}): {players} players, seed {seed}; "
        f"{who}; bots: {escape(bots_text)}",
        soft_wrap=True,
    )
    if start is not None:
        out.print(
            f"From the position in {position} (step {start.steps})", soft_wrap=True, markup=False
        )
    out.print(
        f"Saving to {path} after every action (resume: cardkit play --resume {path})",
        soft_wrap=True,
        markup=False,
    )
    out.print(
        f"Keys: {WATCH_KEYS}."
        if watch
        else "Type an action's number or text, or a card to play it; hint suggests a move, "
        "undo takes yours back; ? helps; quit saves and leaves.",
        soft_wrap=True,
    )
    return session


def _position_state(path: Path, name: str | None) -> tuple[Game, State]:
    """The game and the state of the position file ``path``; one line and exit 2 for a
    file that is not a position, is for a game other than ``name``, or breaks the rules."""
    from cardkit.errors import CardkitError
    from cardkit.positions import PositionError, load_position
    from cli.common import fail, load_game

    if path.exists() and not path.is_file():
        fail(f"--position {path} is not a regular file")
    try:
        data = load_position(path)
    except PositionError as exc:
        fail(str(exc))
    found = data.get("game") if isinstance(data, dict) else None
    if not isinstance(found, str):
        fail(f"{path} is not a cardkit position (it names no game)")
    if name is not None and name != found:
        fail(f"{path} is a position of {found}, not {name}")
    game = load_game(found)
    if not game.has_positions:
        fail(f"{game.id} has no positions yet: it cannot play from one")
    try:
        state = game.from_position(data, auto_chance=False)
    except CardkitError as exc:
        fail(f"{path}: {exc}")
    return game, state


def _claim(path: Path) -> None:
    """Create ``--save``'s file for a new match; refuse (exit 2) anything already there,
    and a folder that does not exist (it is not made)."""
    from cli.common import fail
    from cli.saves import create_save

    try:
        create_save(path)
    except FileExistsError:
        if not path.is_file():
            fail(f"--save {path} is not a regular file; choose the path of a new file")
        fail(
            f"--save {path} already exists; choose another path, "
            f"or continue its match with --resume {path}"
        )
    except FileNotFoundError:
        if not path.parent.is_dir():
            fail(
                f"--save {path}: the folder {path.parent} does not exist; "
                "create it first, or choose a file in an existing folder"
            )
        fail(f"cannot write {path}: no such file or folder")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def _claim_default(path: Path) -> Path:
    """Create the default save file (or ``...-2.json``, ``...-3.json``...); return it."""
    from cli.common import fail
    from cli.saves import create_unique_save

    try:
        return create_unique_save(path)
    except OSError as exc:
        fail(
            f"cannot write {path}: {exc.strerror or exc}; "
            "give --save FILE, or set CARDKIT_HOME to a folder you can write"
        )


def _lock(path: Path, held: contextlib.ExitStack[bool | None], claimed: bool) -> None:
    """Hold the save's lock until ``held`` closes; refuse (exit 2) a save in use.

    ``claimed``: the file was created empty for this match, and is removed on failure.
    """
    from cli.common import fail
    from cli.saves import SaveInUse, SaveLock

    try:
        held.enter_context(SaveLock(path))
    except SaveInUse as exc:
        fail(str(exc))
    except OSError as exc:
        if claimed:
            path.unlink(missing_ok=True)
        fail(f"cannot lock {path}: {exc.strerror or exc}")


def _first_save(session: PlaySession, claimed: bool) -> None:
    """Save at once, so an unwritable file is one line and exit 2 before the match starts.

    ``claimed``: the file was created empty for this match, and is removed on failure.
    """
    from cli.common import fail
    from cli.saves import SaveFailed

    try:
        session.save()
    except SaveFailed as exc:
        if claimed:
            session.path.unlink(missing_ok=True)
        fail(f"cannot write {session.path}: {exc.cause.strerror or exc.cause}")


def _resume(
    given: Path,
    name: str | None,
    save: Path | None,
    conflicts: list[str],
    held: contextlib.ExitStack[bool | None],
    named: list[str],
) -> PlaySession:
    from rich.markup import escape

    from cardkit.errors import CardkitError, RecordError
    from cardkit.record import Record
    from cli.common import console, fail, load_game
    from cli.play_match import saved_bots
    from cli.session import PlaySession

    if conflicts:
        fail(f"--resume continues the saved settings; drop {', '.join(conflicts)}")
    if given.exists() and not given.is_file():
        fail(f"--resume {given} is not a regular file")
    # a save reached through a link is locked and written as its real file: the link stays
    path = Path(os.path.realpath(given)) if given.is_symlink() else given
    # the match goes on in its own file; --save OTHER continues it in a new file instead
    elsewhere = save is not None and not (save.exists() and save.samefile(path))
    if not elsewhere and path.is_file():
        _lock(path, held, claimed=False)  # before reading: the save read is the latest
    try:
        record = Record.load(path)
    except RecordError as exc:
        fail(str(exc))
    if name is not None and name != record.game:
        fail(f"{path} is a {record.game} match, not {name}")
    game = load_game(record.game)
    try:
        specs = saved_bots(record, game)
    except CardkitError as exc:
        fail(f"cannot resume {path}: {exc}")
    _allow_programs(given, specs, named)  # before any bot is made
    try:
        session = PlaySession.resume(record, game, save if save is not None else path)
    except RecordError as exc:  # an illegal step: the record fails its check, as in replay
        fail(f"cannot resume {path}: {exc}", code=1)
    except CardkitError as exc:
        fail(f"cannot resume {path}: {exc}")
    if elsewhere:
        _claim(session.path)
        _lock(session.path, held, claimed=True)
        session.saved = None  # the new file holds nothing yet
    _first_save(session, claimed=elsewhere)
    console().print(
        f"[bold]{escape(game.name)}[/bold] ({game.id}): resumed {escape(str(path))} at step "
        f"{len(record.actions)}; seed {record.seed}; you are seat {session.human}",
        soft_wrap=True,
    )
    console().print(f"Saving to {session.path} after every action", soft_wrap=True, markup=False)
    return session


def _allow_programs(path: Path, specs: list[BotSpec | None], named: list[str]) -> None:
    """Refuse (one line, exit 2) to resume a save whose ``exec:`` bots would start a
    program the person did not name: each must be given again as ``--bot`` (``named``,
    the same spec text) or, on a terminal, confirmed at a prompt that shows it.

    With ``--resume``, ``--bot`` only names such a bot; any other is refused.
    """
    from rich.markup import escape

    from cardkit.bots import BotSpec
    from cardkit.errors import CardkitError
    from cli.common import console, fail
    from cli.prompt import keys_work, prompt

    programs = {str(spec) for spec in specs if spec is not None and spec.name == "exec"}
    for text in named:
        try:
            spec = BotSpec.parse(text)
        except CardkitError as exc:
            fail(safe_text(str(exc)))
        if str(spec) not in programs:
            saved = "; ".join(sorted(programs)) or "none"
            fail(
                f"--bot {safe_text(text)}: with --resume, --bot only allows an exec bot that "
                f"{path} names (its exec bots: {safe_text(saved)})"
            )
    allowed = {str(BotSpec.parse(text)) for text in named}
    unnamed = sorted(programs - allowed)
    if not unnamed:
        return
    out = console()

    def seats(text: str) -> str:
        found = [str(s) for s, spec in enumerate(specs) if str(spec) == text]
        return f"seat{'s' if len(found) > 1 else ''} {', '.join(found)}"

    if not (keys_work() and out.is_terminal):
        bots = "; ".join(f"{seats(text)}: {text}" for text in unnamed)
        again = " ".join(f"--bot {shlex.quote(text)}" for text in unnamed)
        fail(
            f"{path} names a program to run as a bot ({safe_text(bots)}); a saved file never "
            f"starts a program you did not name: to allow it, run cardkit play --resume "
            f"{shlex.quote(str(path))} {safe_text(again)}"
        )
    for text in unnamed:
        out.print(
            f"{escape(str(path))} runs this program as the bot of {seats(text)}:\n"
            f"  {escape(safe_text(text))}",
            soft_wrap=True,
            highlight=False,
        )
        try:
            answer = prompt("Run it? \\[y/N]: ")
        except EOFError:
            answer = ""
        except KeyboardInterrupt:
            out.print()
            fail("interrupted: the program was not run", code=130)
        if answer.lower() not in ("y", "yes"):
            fail(
                f"not resumed: the program was not run (name it with --bot "
                f"{safe_text(shlex.quote(text))} to allow it)"
            )


def _choose_game() -> Game:
    import textwrap

    from cardkit.game import Game
    from cardkit.registry import Broken, all_games
    from cli.common import console, fail, safe_markup
    from cli.prompt import choose

    found = all_games()
    games = [g for g in found if isinstance(g, Game)]
    broken = [f"  {g.name}: {g.error}" for g in found if isinstance(g, Broken)]
    if not games:
        if broken:
            fail("no installed game could be loaded: " + "; ".join(b.strip() for b in broken))
        fail("no game is installed (see `cardkit list`)")
    out = console()
    out.print("[bold]Installed games[/bold]")
    # each item wrapped at words, its further lines indented under its text (after "  N) ")
    indent = len(f"  {len(games)}) ")
    items = [
        f"\n{' ' * indent}".join(
            safe_markup(line)
            for line in textwrap.wrap(
                f"{g.name} ({g.id}, {g.min_players}-{g.max_players} players): {g.summary}",
                max(20, out.width - indent),
                break_on_hyphens=False,
            )
        )
        for g in games
    ]
    notes = ["Not offered, failed to load:", *broken] if broken else []
    try:
        return games[choose("game", items, notes=notes, names=[g.id for g in games])]
    except EOFError:
        fail("no game chosen")
    except KeyboardInterrupt:
        console().print()
        fail("interrupted: no game chosen", code=130)


def _choose_players(game: Game) -> int:
    from cli.common import console, fail
    from cli.prompt import ask_number

    if game.min_players == game.max_players:
        return game.min_players
    try:
        return ask_number("players", game.min_players, game.max_players, game.default_players)
    except EOFError:
        fail("no player count chosen")
    except KeyboardInterrupt:
        console().print()
        fail("interrupted: no player count chosen", code=130)
