from __future__ import annotations

import pytest

from cardkit import Option, OptionError
from cardkit.options import parse_assignments, resolve, to_json

OPTIONS = (
    Option("points", "int", 20, "starting points", low=0, high=100),
    Option("mode", "str", "high", "scoring mode", choices=("high", "low")),
    Option("respy", "bool", False, "allow spying twice"),
    Option("schedule", "ints", (3, 2, 1), "hand sizes", low=1, high=9),
)


def test_defaults_and_overrides() -> None:
    values = resolve(OPTIONS, {"points": 15, "schedule": "4, 2"})
    assert values == {"points": 15, "mode": "high", "respy": False, "schedule": (4, 2)}


def test_text_values_are_parsed_by_kind() -> None:
    values = resolve(OPTIONS, {"respy": "true", "points": "7", "schedule": [1, 2]})
    assert values["respy"] is True
    assert values["points"] == 7
    assert values["schedule"] == (1, 2)


def test_json_form_lists_the_ints_values() -> None:
    values = resolve(OPTIONS, {"schedule": "4,2"})
    assert to_json(values) == {"points": 20, "mode": "high", "respy": False, "schedule": [4, 2]}


def test_unknown_option_names_the_known_ones() -> None:
    expected = r"unknown option 'pionts'.*points, mode, respy, schedule"
    with pytest.raises(OptionError, match=expected):
        resolve(OPTIONS, {"pionts": 3}, "g")


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("points", 101, "from 0 to 100"),
        ("points", "ten", "from 0 to 100"),
        ("points", True, "from 0 to 100"),
        ("mode", "middle", "high, low"),
        ("respy", "maybe", "true, false"),
        ("schedule", "3,0", "each from 1 to 9"),
        ("schedule", "", "each from 1 to 9"),
        ("schedule", "3,,4", "each from 1 to 9"),
        ("schedule", "3,4,", "each from 1 to 9"),
        ("schedule", "3;4", "each from 1 to 9"),
        ("schedule", "3 4", "bad value 3 4 for"),  # not read as 34
    ],
)
def test_bad_values_name_the_allowed_values(name: str, value: object, allowed: str) -> None:
    with pytest.raises(OptionError) as info:
        resolve(OPTIONS, {name: value})
    assert f"option {name!r}" in str(info.value)
    assert allowed in str(info.value)
    assert "\n" not in str(info.value)


def test_assignments() -> None:
    assert parse_assignments(["a=1", "b = x"]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError, match="option 'a' is given twice"):
        parse_assignments(["a=1", "b=2", " a =3"])
    with pytest.raises(OptionError, match="KEY=VALUE"):
        parse_assignments(["novalue"])


def test_a_games_options_come_from_its_record_on_the_class_and_on_instances() -> None:
    from cardkit import Option
    from tests.tinygame import GAME, TinyGame

    names = ["hand_size", "hands", "trump", "order", "floor", "draw_dealer"]
    assert [o.name for o in TinyGame.options] == names
    assert GAME.options is TinyGame.options
    hand_size = TinyGame.options[0]
    assert (hand_size.kind, hand_size.default, hand_size.low, hand_size.high) == ("int", 2, 1, 4)

    class Declared(TinyGame):  # a game may still list Option objects itself
        options = (Option("hand_size", "int", 3, "cards dealt", low=1, high=4),)
        Options = None

    assert [o.name for o in Declared.options] == ["hand_size"]
    assert Declared().make_options({"hand_size": "4"}) == {"hand_size": 4}
