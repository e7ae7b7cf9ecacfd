from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import EntryPoint

import pytest

from cardkit import Action, BaseBot, Game, Option, OptionError, UnknownNameError, View, registry
from cardkit.bots import BotSpec, RandomBot
from cardkit.runner import play_match
from tests.tinygame import GAME


@pytest.fixture
def fake_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    points = {
        registry.GAMES_GROUP: [
            EntryPoint("tiny", "tests.tinygame:GAME", registry.GAMES_GROUP),
            EntryPoint("broken", "tests.no_such_module:GAME", registry.GAMES_GROUP),
            EntryPoint("notagame", "tests.tinygame:DECK", registry.GAMES_GROUP),
        ],
        registry.BOTS_GROUP: [
            EntryPoint("random", "cardkit.bots:RandomBot", registry.BOTS_GROUP),
            EntryPoint("crashy", "tests.no_such_bots:Bot", registry.BOTS_GROUP),
        ],
    }
    monkeypatch.setattr(registry, "entry_points", lambda group: points.get(group, []))
    monkeypatch.setattr(registry, "_cache", {})


@pytest.mark.usefixtures("fake_entry_points")
def test_games_load_through_entry_points_and_broken_ones_are_reported() -> None:
    assert registry.game_names() == ["broken", "notagame", "tiny"]
    games = registry.all_games()
    assert [getattr(g, "id", getattr(g, "name", "")) for g in games] == [
        "broken",
        "notagame",
        "tiny",
    ]
    broken = games[0]
    assert isinstance(broken, registry.Broken)
    assert "ModuleNotFoundError" in broken.error
    assert isinstance(games[1], registry.Broken)
    assert registry.get_game("tiny") is GAME
    with pytest.raises(OptionError, match="'broken' is installed but failed to load"):
        registry.get_game("broken")


@pytest.mark.usefixtures("fake_entry_points")
def test_unknown_game_suggests_the_closest_name() -> None:
    with pytest.raises(UnknownNameError) as info:
        registry.get_game("tin")
    assert info.value.suggestion == "tiny"
    assert "did you mean 'tiny'?" in str(info.value)


class FirstBot(BaseBot):
    name = "first"
    summary = "always the first legal action"
    games = frozenset({"tiny"})

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


class OtherGameBot(FirstBot):
    name = "elsewhere"
    games = frozenset({"other"})


@pytest.mark.usefixtures("fake_entry_points")
def test_bots_resolve_by_spec_for_the_games_they_play() -> None:
    registry.register_bot(FirstBot)
    registry.register_bot(OtherGameBot)
    try:
        known = registry.bots_for(GAME)
        assert known["random"] is RandomBot
        assert known["first"] is FirstBot
        assert "elsewhere" not in known
        assert isinstance(registry.make_bot("first", GAME, 0, 1), FirstBot)
        with pytest.raises(UnknownNameError, match="did you mean 'first'"):
            registry.make_bot("firts", GAME, 0, 1)
        with pytest.raises(OptionError, match="unknown option 'depth'"):
            registry.make_bot("random:depth=3", GAME, 0, 1)
    finally:
        registry._extra_bots.clear()


def test_bot_spec_text() -> None:
    spec = BotSpec.parse("mcts:iterations=200,c=1.4")
    assert spec.name == "mcts"
    assert dict(spec.params) == {"iterations": "200", "c": "1.4"}
    assert str(spec) == "mcts:iterations=200,c=1.4"
    assert BotSpec.parse(" heuristic ") == BotSpec("heuristic", {})


@pytest.mark.parametrize("text", [":x=1", "", "heuristic:", "mcts:a=1,,b=2", "mcts:a=1,", "x:a"])
def test_a_bad_bot_spec_is_refused(text: str) -> None:
    with pytest.raises(OptionError, match="NAME:KEY=VALUE"):
        BotSpec.parse(text)


def test_a_bot_parameter_given_twice_is_refused() -> None:
    with pytest.raises(OptionError, match="option 'challenge_at' is given twice"):
        BotSpec.parse("heuristic:challenge_at=5,challenge_at=6")


def test_random_bot_is_seeded() -> None:
    def picks(seed: int) -> list[str]:
        bots = [RandomBot(GAME, s, seed * 10 + s) for s in range(2)]
        return [str(a) for _, a in play_match(GAME, bots, 1).state.history]

    assert picks(1) == picks(1)
    assert picks(1) != picks(2)


class IllegalBot(FirstBot):
    name = "illegal"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return BotSpec  # type: ignore[return-value]


class RaisingBot(FirstBot):
    name = "raising"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise RuntimeError("boom")


def test_a_failing_bot_ends_the_match_with_a_named_failure() -> None:
    outcome = play_match(GAME, [FirstBot(GAME, 0, 0), RaisingBot(GAME, 1, 0)], 0)
    assert outcome.result is None
    assert outcome.failure is not None
    assert outcome.failure.seat == 1 and outcome.failure.bot == "raising"
    assert "boom" in outcome.failure.reason
    assert str(outcome.failure) == "bot 'raising' in seat 1 failed: RuntimeError: boom"
    outcome = play_match(GAME, [IllegalBot(GAME, 0, 0), FirstBot(GAME, 1, 0)], 0)
    assert outcome.failure is not None and outcome.failure.bot == "illegal"
    assert str(outcome.failure).endswith(f"(action {str(BotSpec)!r})")  # what it answered


def test_versus_random_moves_the_bot_round_the_table() -> None:
    from cardkit.runner import versus_random

    seats = []
    for seat, outcome in versus_random(GAME, FirstBot, 5, players=2, seed=7):
        seats.append(seat)
        assert outcome.failure is None and outcome.result is not None
        # the bot in its seat always took the first legal action
        first = next(a for s, a in outcome.state.history if s == seat)
        assert str(first) == "pick high"
    assert seats == [0, 1, 0, 1, 0]
    again = [o.state.history for _, o in versus_random(GAME, FirstBot, 5, players=2, seed=7)]
    first_run = [o.state.history for _, o in versus_random(GAME, FirstBot, 5, players=2, seed=7)]
    assert again == first_run


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("uno", "uno-star-trek"),  # a unique start wins over a closer spelling (ufos)
        ("UFOS", "ufos"),
        ("Universal-Bid", "universal-bid"),
        ("univrsal-bid", "universal-bid"),
        ("u", None),  # starts three names: no single guess, and nothing spelled close
        ("chess", None),
    ],
)
def test_the_suggested_name_ignores_case_and_prefers_a_unique_start(
    typed: str, meant: str | None
) -> None:
    known = ["ufos", "universal-bid", "uno-star-trek"]
    error = UnknownNameError("game", typed, known)
    assert error.suggestion == meant
    assert ("did you mean" in str(error)) == (meant is not None)


@pytest.mark.parametrize("name", ["seed", "game", "seat"])
def test_a_reserved_bot_parameter_is_refused_with_the_bots_parameters(name: str) -> None:
    with pytest.raises(OptionError) as info:
        registry.check_bot_spec(f"random:{name}=5", GAME)
    message = str(info.value)
    assert message == (
        f"bot parameter {name!r} is reserved (cardkit sets game, seat and seed itself): "
        "the parameters of bot 'random' are none"
    )


class PlainBot:
    """A bot that is no BaseBot and declares no ``params``: its constructor says what it takes."""

    name = "plain"
    games = None

    def __init__(self, game: object, seat: int, seed: int, depth: str = "3") -> None:
        self.depth = int(depth)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


class StrictBot(FirstBot):
    """Declares ``depth`` but its constructor takes nothing more than BaseBot's."""

    name = "strict"
    params = (Option("depth", "int", 1, "how deep", low=1),)

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)


def test_a_constructor_that_refuses_its_parameters_is_one_line_naming_the_bot() -> None:
    registry.register_bot(PlainBot)
    registry.register_bot(StrictBot)
    try:
        assert isinstance(registry.make_bot("plain:depth=4", GAME, 0, 1), PlainBot)
        with pytest.raises(OptionError) as info:
            registry.make_bot("plain:width=2", GAME, 0, 1)
        assert str(info.value) == (
            "bot 'plain' refused the parameters width=2: the parameters of bot 'plain' are depth"
        )
        with pytest.raises(OptionError) as info:
            registry.make_bot("strict:depth=2", GAME, 0, 1)
        assert str(info.value) == (
            "bot 'strict' refused the parameters depth=2: the parameters of bot 'strict' are depth"
        )
    finally:
        registry._extra_bots.clear()


def test_a_game_whose_id_is_not_its_entry_point_name_is_broken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "my-game" names the tiny game, whose id is "tiny", also installed under its own name
    points = [
        EntryPoint("my-game", "tests.tinygame:GAME", registry.GAMES_GROUP),
        EntryPoint("tiny", "tests.tinygame:GAME", registry.GAMES_GROUP),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: points if "games" in group else [])
    monkeypatch.setattr(registry, "_cache", {})
    games = registry.all_games()
    assert len(games) == 2
    broken, tiny = games
    assert tiny is GAME
    assert broken == registry.Broken(
        "my-game",
        "its Game.id is 'tiny' but it is registered as 'my-game': "
        "a game's id must be its entry-point name",
    )
    assert registry.get_game("tiny") is GAME
    with pytest.raises(
        OptionError, match=r"'my-game' is installed but failed to load: its Game\.id is 'tiny'"
    ):
        registry.get_game("my-game")
