"""What a person sees at the card table: each game's screen at 80x24, and what it hides."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardkit.actions import Action, Play
from cardkit.bots import BotSpec
from cardkit.game import Game, State
from cardkit.record import Record
from cardkit.registry import get_game, make_bot
from cardkit.table import TableLayout, table_for
from cli.app import app
from cli.render import Renderer, step_line
from cli.session import PlaySession
from cli.table import Screen
from tests.cli.tinycli import GAME

GAMES = ("universal-bid", "ufos", "uno-star-trek")
MOMENTS = (1, 2, 4, 8, 15, 30)  # the seat's n-th decision of a match


def decisions(game: Game[Any], players: int, seed: int) -> Iterator[tuple[int, State, list[str]]]:
    """A bots' match, stopped at each decision of seat 0: ``(n, state, event lines)``."""
    state = game.new_state(players, seed, game.make_options(), True)
    state.log = []
    bots = [make_bot(BotSpec.parse(next(iter(game.bots))), game, s, s) for s in range(players)]
    lines: list[str] = []
    n = 0
    while not state.is_over() and n < max(MOMENTS):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat == 0:
            n += 1
            yield n, state, lines[-3:]
        action = bots[seat].choose(state.view(seat), legal)
        events = state.apply(seat, action)
        lines.append(step_line(game, seat, action, events, 0))


def screen(game: Game[Any], state: State, events: list[str]) -> tuple[list[str], TableLayout]:
    """The screen's lines as a person reads them (80 columns), and its layout."""
    console = Console(record=True, width=80, height=24, color_system=None)
    layout = table_for(game, state.view(0), state.players)
    render = Renderer(game, state.players, state.options)
    title = f"{game.name}: your move"
    for line in Screen(render).lines(console, title, layout, state.legal_actions(0), events):
        console.print(line, no_wrap=True, overflow="ellipsis")
    return console.export_text().splitlines(), layout


def hidden_from(state: State, seat: int) -> set[str]:
    """Texts of cards that only other seats may see (no copy of them is visible to ``seat``)."""
    seen = {c.text for z in state.zones() if seat in z.visible_to for c in z.cards}
    private = {
        c.text for z in state.zones() if z.visible_to and seat not in z.visible_to for c in z.cards
    }
    return private - seen


def words(lines: list[str]) -> set[str]:
    return {w.strip("*,.;:()…") for line in lines for w in line.split()} | {
        w.rstrip("*,;()…") for line in lines for w in line.split()
    }


@pytest.mark.parametrize("gid", GAMES)
def test_every_screen_fits_80x24_and_shows_no_other_seats_cards(gid: str) -> None:
    game = get_game(gid)
    for players in (game.min_players, game.max_players):
        seen = secrets = 0
        for n, state, events in decisions(game, players, seed=11):
            if n not in MOMENTS:
                continue
            seen += 1
            lines, layout = screen(game, state, events)
            where = f"{gid} at {players} players, decision {n}"
            assert len(lines) <= 23, where  # the prompt is the 24th line
            assert all(len(line) <= 80 for line in lines), where
            # every seat is on the table
            text = "\n".join(lines)
            for seat in range(1, players):
                assert f"seat {seat}" in text, where
            assert "hand " in text, where
            # the events name played cards (a copy of one may be in another hand): the table
            # itself is checked
            bare, _ = screen(game, state, [])
            hidden = hidden_from(state, 0)
            secrets += bool(hidden)  # the other hands hold cards this seat may not see
            leaked = hidden & words(bare)
            assert not leaked, f"{where}: {sorted(leaked)} shown\n{text}"
            mine = {c.text for c in state.view(0).hand}  # type: ignore[attr-defined]
            assert layout.hand is not None and {c.text for c in layout.hand} == mine
        assert seen >= 3, f"{gid} at {players} players: too few decisions to look at"
        assert secrets >= 3, f"{gid} at {players} players: no hidden cards to look for"


def test_the_hand_marks_the_playable_cards_only_when_some_are_not() -> None:
    game = get_game("universal-bid")
    for _, state, _ in decisions(game, 3, seed=7):
        legal = state.legal_actions(0)
        plays = {a.card.text for a in legal if isinstance(a, Play)}
        hand = {c.text for c in state.view(0).hand}  # type: ignore[attr-defined]
        if plays and plays != hand:
            break
    else:
        pytest.fail("no decision with only some cards playable")
    lines, _ = screen(game, state, [])
    hand_line = next(line for line in lines if line.startswith("hand "))
    assert "(* playable)" in hand_line
    starred = {w[:-1] for w in hand_line.split() if w.endswith("*") and w != "(*"}
    assert starred == plays


def _session(game: Game[Any], state: State, tmp_path: Path) -> PlaySession:
    specs: list[BotSpec | None] = [None] + [BotSpec.parse(next(iter(game.bots)))] * (
        state.players - 1
    )
    return PlaySession(game, state, 0, specs, tmp_path / "save.json")


def _find(gid: str, players: int, wanted: Any) -> tuple[Game[Any], State, Action]:
    """A decision of seat 0 where ``wanted(legal)`` gives an action."""
    game = get_game(gid)
    for seed in range(60):
        for _, state, _ in decisions(game, players, seed):
            found = wanted(state.legal_actions(0))
            if found is not None:
                return game, state, found
    pytest.fail(f"no {gid} decision found")


def _plain_play(legal: tuple[Action, ...]) -> Action | None:
    plays = [a for a in legal if isinstance(a, Play) and a.declare is None]
    return plays[-1] if len(plays) >= 2 else None


def _declared(legal: tuple[Action, ...]) -> Action | None:
    return next((a for a in legal if isinstance(a, Play) and a.declare is not None), None)


@pytest.mark.parametrize("gid", GAMES)
def test_a_cards_text_alone_plays_it(gid: str, tmp_path: Path) -> None:
    game, state, play = _find(gid, 3, _plain_play)
    assert isinstance(play, Play)
    session = _session(game, state, tmp_path)
    legal = state.legal_actions(0)
    assert session.read(play.card.text, legal) == play
    assert session.read(play.card.text.lower(), legal) == play
    assert session.read(f"play {play.card.text}", legal) == play  # the full text still works


@pytest.mark.parametrize("gid", ["ufos", "uno-star-trek"])
def test_a_card_that_takes_a_suit_is_typed_with_it(gid: str, tmp_path: Path) -> None:
    game, state, play = _find(gid, 3, _declared)
    assert isinstance(play, Play) and play.declare is not None
    session = _session(game, state, tmp_path)
    legal = state.legal_actions(0)
    card, declare = play.card.text, play.declare
    assert session.read(f"{card} {declare}", legal) == play
    assert session.read(f"{card} as {declare}", legal) == play


def test_numbers_still_pick_and_one_action_is_not_a_range(tmp_path: Path) -> None:
    game, state, _ = _find("universal-bid", 3, lambda legal: legal[0] if len(legal) == 1 else None)
    session = _session(game, state, tmp_path)
    legal = state.legal_actions(0)
    assert session.read("1", legal) == legal[0]
    said = session.read("2", legal)
    assert isinstance(said, str)
    assert "from 1 to 1" not in said and f"the only action now is {legal[0]}" in said


def test_an_unplayable_card_is_refused_with_the_reason(tmp_path: Path) -> None:
    game = get_game("universal-bid")
    for _, state, _ in decisions(game, 3, seed=7):
        legal = state.legal_actions(0)
        hand = state.view(0).hand  # type: ignore[attr-defined]
        playable = {a.card for a in legal if isinstance(a, Play)}
        stuck = next((c for c in hand if c not in playable), None)
        if playable and stuck is not None:
            break
    else:
        pytest.fail("no decision with a card that may not be played")
    said = _session(game, state, tmp_path).read(stuck.text, legal)
    assert isinstance(said, str) and said.startswith(f"play {stuck.text} is not allowed: ")


@pytest.mark.parametrize("word", ["?", "h", "help"])
def test_help_words_explain_the_legal_actions(word: str, runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    result = runner.invoke(
        app, ["play", "tiny-cli", "--seed", "2", "--save", str(save)], input=f"{word}\nquit\n"
    )
    assert result.exit_code == 0, result.output
    after = result.output.split("your move [", 1)[1]
    assert "Legal now:" in after and "1) pick high" in after
    assert [seat for seat, _ in Record.load(save).actions] == [-1]  # help changes nothing


def test_output_to_a_pipe_is_appended_not_redrawn(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    result = runner.invoke(
        app, ["play", "tiny-cli", "--seed", "3", "--save", str(save)], input="1\n" * 40
    )
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output  # no clearing, no colour codes
    assert result.output.count("── Tiny CLI: your move") >= 2  # one screen per decision


def test_a_game_without_a_table_gets_one_from_its_view_fields() -> None:
    state = GAME.new_state(2, 5, GAME.make_options(), True)
    assert getattr(GAME, "table", None) is None
    layout = table_for(GAME, state.view(0), 2)
    assert [row.label for row in layout.seats] == ["you", "seat 1"]
    assert layout.hand == state.view(0).hand
