"""``cardkit bots`` and the generic rendering of cards and views."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from cardkit.cards import Deck
from cardkit.registry import get_game
from cli.app import app
from cli.render import FALLBACK_STYLES, Renderer, SeatTable, cell
from tests.cli.tinycli import GAME
from tests.tinygame import DECK


def test_bots_lists_kinds_games_and_parameters(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bots", "tiny-cli"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.output.splitlines() if line.strip()}
    assert set(rows) >= {"random", "flaky", "crash", "illegal"}
    assert "every game" in rows["random"]
    assert "tiny-cli" in rows["flaky"]
    result = runner.invoke(app, ["bots", "tiny-cli", "--bot", "flaky"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "percent=0  a whole number from 0 to 100: chance in percent that a choice raises" in (
        result.output
    )


def test_bots_without_a_game_lists_every_bot(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bots"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "random" in result.output and "flaky" in result.output


def test_bots_for_an_unknown_game(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bots", "tini"])
    assert result.exit_code == 2
    assert "unknown game 'tini'" in result.output and "did you mean 'tiny'?" in result.output


def test_cards_are_grouped_by_suit_and_coloured() -> None:
    render = Renderer(GAME, 2, {})
    hand = DECK.cards_of("b3 a4 w b1 a2")
    text = render.cards(hand)
    assert text.plain == "a2 a4   b1 b3   w"
    styles = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    assert styles["a2"] == "red"  # the game's style
    assert styles["b1"] == styles["b3"] != styles["w"]  # fallback colours differ by suit
    assert {styles["b1"], styles["w"]} <= set(FALLBACK_STYLES)


def test_a_game_s_cards_show_in_its_deck_s_styles_and_suit_order() -> None:
    game = get_game("universal-bid")
    render = Renderer(game, 4, game.make_options())
    hand = game.deck(4, game.make_options()).cards_of("V:1 S:Sun E:2 E:1")
    text = render.cards(hand)
    # the deck lists V first, its styles E first: hands read strongest suit first
    assert text.plain == "E:1 E:2   S:Sun   V:1"
    styles = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    assert styles["E:1"] == "bold blue" and styles["V:1"] == "bold green"


def test_events_colour_the_card_texts_in_them() -> None:
    render = Renderer(GAME, 2, {})
    line = render.line("seat 1: play a3, then b2.")
    assert line.plain == "seat 1: play a3, then b2."
    coloured = {line.plain[s.start : s.end] for s in line.spans}
    assert coloured == {"a3", "b2"}


def test_per_seat_numbers_and_nested_records() -> None:
    render = Renderer(GAME, 3, {})
    assert render.per_seat((1, 2, 3)) and render.per_seat((None, 2, 0.5))
    assert render.per_seat((True, False, True)) and render.per_seat(("high", None, "low"))
    assert not render.per_seat((1, 2)) and not render.per_seat(("x", "a much longer text", "y"))
    assert [cell(v) for v in (None, True, False, 2.5, 3, "low")] == [
        "-",
        "yes",
        "no",
        "2.5",
        "3",
        "low",
    ]
    deck = Deck("t", [("x", 1, "1", "x1"), ("y", 2, "2", "y2")])
    x1, y2 = deck.cards
    assert render.value(((0, x1), (1, y2))).plain == "0 x1, 1 y2"
    assert render.value((((0, x1), (1, y2)), ((1, y2),))).plain == "[0 x1, 1 y2] [1 y2]"
    assert render.value(()).plain == "none" and render.value(None).plain == "-"
    # (seat, cards) pairs, such as hands shown to one seat, read "seat: cards", grouped
    assert render.value(((1, (x1, y2)), (2, (y2,)))).plain == "1: x1   y2, 2: y2"  # by suit


def shown(table: SeatTable, width: int) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(table)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_per_seat_table_has_a_column_per_seat_while_it_fits_else_a_row_per_seat() -> None:
    seats = [f"seat {i}" for i in range(10)]
    seats[3] = "seat 3 (you)"
    table = SeatTable(
        seats, [("hand sizes", [str(7 + i) for i in range(10)]), ("score", ["0"] * 10)]
    )
    wide = shown(table, 200)
    assert len(wide) == 3 and "seat 3 (you)" in wide[0] and "seat 9" in wide[0]
    assert wide[1].split() == ["hand", "sizes", *[str(7 + i) for i in range(10)]]
    tall = shown(table, 60)  # ten seat columns do not fit in 60 characters
    assert tall[0].split() == ["hand", "sizes", "score"]
    assert [line.split() for line in tall[1:]] == [
        [*seat.split(), str(7 + i), "0"] for i, seat in enumerate(seats)
    ]
    assert all(len(line) <= 60 for line in tall)


def test_a_log_of_records_shows_as_a_table_with_a_column_per_field() -> None:
    import attrs

    from cardkit.game import View

    @attrs.frozen
    class Hand:
        number: int
        bids: tuple[int, ...]

    @attrs.frozen
    class LogView(View):
        hand_log: tuple[Hand, ...]

    view = LogView(0, (0,), (Hand(1, (2, 0, 1)), Hand(2, (1, 1, 0))))
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(Renderer(GAME, 3, {}).view(view))
    lines = [line.split() for line in console.export_text().splitlines()]
    assert ["hand", "log", "number", "bids"] in lines
    assert ["1", "2", "0", "1"] in lines and ["2", "1", "1", "0"] in lines
