"""``cardkit rules uno-star-trek`` explains the game, its card texts and its options."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cardkit import OptionError
from cli.app import app
from games.uno_star_trek import DECK, GAME


def test_rules_name_the_card_texts_and_every_option() -> None:
    texts = ("r0", "y7", "rskip", "yrev", "gd2", "wild", "wd4", "llap", "meld", "beam", "tribble")
    for text in texts:
        assert f"`{text}`" in GAME.rules
        DECK.card(text)  # and each is a real card text
    for option in GAME.options:
        assert f"`{option.name}" in GAME.rules


def test_cardkit_rules_command_shows_rules_and_options() -> None:
    result = CliRunner().invoke(app, ["rules", "uno-star-trek"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    for words in ("UNO: Star Trek", "Beam Me Up", "target_score", "uno_penalty", "max_turns"):
        assert words in result.output


@pytest.mark.parametrize(
    "options, words",
    [
        ({"target_score": 0}, "target_score"),
        ({"scoring": "most"}, "winner, lowest"),
        ({"uno_penalty": 21}, "uno_penalty"),
        ({"max_turns": "many"}, "max_turns"),
        ({"colours": 5}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_one_line(options: dict[str, object], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        GAME.create(4, 0, options)
