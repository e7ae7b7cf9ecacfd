"""benchmarks.openspiel_bot: OpenSpiel's ISMCTS and MCTS playing Oh Hell over cardkit-bot/1.

The arena test plays the bot through ``cardkit arena`` in the overlay venv where
the Oh Hell example is installed (tests/examples/overlay.py); the unit tests
import the example from its folder. Skipped without open_spiel.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import shlex
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from benchmarks import openspiel_bot as bot
from cardkit import CHANCE, Bid, Card, Play
from cardkit.protocol import act_message, dumps
from tests.examples.overlay import ROOT, Overlay, installed

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (the bench extra)")

OH_HELL = ROOT / "examples" / "oh-hell"
BOTS = ROOT / "examples" / "bot-plugin"
CARD = re.compile(r"^[CDSH][2-9TJQKA]$")


@pytest.fixture
def oh_hell(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The example's package, imported from its folder."""
    monkeypatch.syspath_prepend(str(OH_HELL))
    return pytest.importorskip("cardkit_oh_hell", reason="the Oh Hell example is missing")


@pytest.fixture
def overlay() -> Overlay:
    """The overlay of tests/examples/test_examples.py (the same packages: the same venv)."""
    if not (OH_HELL / "pyproject.toml").is_file():
        pytest.skip("the Oh Hell example is missing")
    return installed(OH_HELL, BOTS)


# -- (3) the state built from a message ------------------------------------------------


def spiel_card(card: Card, num_suits: int) -> int:
    """OpenSpiel's id of a cardkit card, written apart from the bot's own mapping."""
    return "23456789TJQKA".index(card.label) * num_suits + "CDSH".index(card.suit)


def spiel_action(action: Any, num_suits: int, num_cards: int) -> int:
    if isinstance(action, Bid):
        return num_cards + action.amount
    assert isinstance(action, Play)
    return spiel_card(action.card, num_suits)


def true_hand(game: Any, views: Sequence[Any], num_suits: int) -> Any:
    """OpenSpiel's state of the hand cardkit dealt, every seat's cards known (as in the
    example's differential test: OpenSpiel deals from player 0, one card at a time)."""
    first = views[0]
    n, k = len(views), first.num_tricks
    state = game.new_initial_state()
    deal = [spiel_card(views[j % n].hand[j // n], num_suits) for j in range(n * k)]
    for action in (k, first.dealer, *deal, spiel_card(first.trump, num_suits)):
        state.apply_action(action)
    return state


def hand_shown(info: str, seat: int, num_suits: int) -> set[str]:
    """The cards an OpenSpiel oh_hell information state string shows in ``seat``'s hand."""
    lines = info.splitlines()
    at = lines.index(f"Player: {seat}")
    cards = set()
    for line in lines[at + 1 : at + 1 + num_suits]:
        suit, _, ranks = line.strip().partition(":")
        cards |= {suit + r for r in ranks.strip()}
    return cards


SCENARIOS = [
    (4, {}),
    (3, {"hands": 3}),
    (5, {"num_tricks_fixed": 4, "hands": 2, "off_bid_penalty": True}),
    (7, {"hands": 2}),
    (4, {"num_suits": 2, "num_cards_per_suit": 7, "hands": 3}),
    (6, {"num_suits": 3, "num_cards_per_suit": 5, "points_per_trick": 2}),
]


@pytest.mark.parametrize(("players", "options"), SCENARIOS)
def test_the_state_built_from_a_message_is_the_seats_own(
    oh_hell: Any, players: int, options: dict[str, Any]
) -> None:
    for seed in range(6):
        checked = play_and_compare(oh_hell.GAME, players, options, seed)
        assert checked >= players


def play_and_compare(game: Any, players: int, options: dict[str, Any], seed: int) -> int:
    """Play a random match; at every decision, build the OpenSpiel state from the act
    message the seat would be sent and compare it with the true one."""
    state = game.create(players, seed, options, auto_chance=False)
    values = state.options
    spiel_game = pyspiel.load_game("oh_hell", bot.spiel_params(bot_options(values), players))
    suits, num_cards = values.num_suits, values.num_suits * values.num_cards_per_suit
    rng = random.Random(seed)
    truth: Any = None
    checked = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance())
            continue
        if truth is None:
            truth = true_hand(spiel_game, [state.view(s) for s in range(players)], suits)
        view, legal = state.view(seat), state.legal_actions(seat)
        message = json.loads(dumps(act_message(checked + 1, view, legal, 300.0, 5.0)))
        built = bot.state_for(spiel_game, message, players, rng)
        where = f"seed {seed}, step {len(state.history)}, seat {seat}"
        info = built.information_state_string(seat)
        assert hand_shown(info, seat, suits) == {c.text for c in view.hand}, where
        assert info == truth.information_state_string(seat), where
        assert built.current_player() == seat, where
        ours = sorted(spiel_action(a, suits, num_cards) for a in legal)
        assert sorted(built.legal_actions()) == ours, where
        checked += 1
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        truth.apply_action(spiel_action(action, suits, num_cards))
        if truth.is_terminal():
            truth = None
    return checked


def bot_options(values: Any) -> dict[str, Any]:
    return {k: getattr(values, k) for k in (*bot.SPIEL_OPTIONS, "hands")}


def test_the_hidden_cards_are_dealt_around_the_voids_seen() -> None:
    # seat 0 led the ace of clubs: seats 1 and 2 did not follow, seat 3 did
    first = ((0, "CA"), (1, "H4"), (2, "D5"), (3, "CK"))
    seen = bot.Seen(0, 4, 4, 13, 3, 3, "S2", ("C2", "C3"), (1, 1, 1, 0), (first,))
    assert seen.voids() == [set(), {"C"}, {"C"}, set()]
    rng = random.Random(5)
    for _ in range(50):
        hands = bot.hands_now(seen, rng)
        assert hands[0] == ["C2", "C3"] and [len(h) for h in hands] == [2, 2, 2, 2]
        assert all(c[0] != "C" for c in hands[1] + hands[2])
        assert len({c for h in hands for c in h} | {"S2", "CA", "H4", "D5", "CK"}) == 13
    # seat 1 failed to follow every suit led and still holds a card: no deal fits
    led = [((0, "C2"), (1, "H2")), ((0, "D2"), (1, "C3")), ((0, "S3"), (1, "D3"))]
    led.append(((0, "H3"), (1, "S4")))
    tricks = tuple((*t, (2, t[0][1][0] + "9"), (3, t[0][1][0] + "T")) for t in led)
    stuck = bot.Seen(0, 4, 4, 13, 5, 3, "S2", ("CA",), (1, 1, 1, 1), tricks)
    with pytest.raises(bot.RebuildError, match="no deal"):
        bot.hands_now(stuck, rng)


# -- the bot process's own behaviour ----------------------------------------------------


def args(*argv: str) -> argparse.Namespace:
    return bot.parser().parse_args(["--game", "oh_hell", *argv])


def exchange(oh_hell: Any, seed: int, players: int = 4) -> list[str]:
    """The messages a seat 0 bot gets in one random match (with the act answers the
    match took), as lines: start, then each act."""
    state = oh_hell.GAME.create(players, seed, {"num_tricks_fixed": 5}, auto_chance=False)
    rng = random.Random(seed)
    start = {"type": "start", "game": "oh-hell", "players": players, "seat": 0, "seed": seed}
    start["options"] = bot_options(state.options)
    lines = [dumps(start)]
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance())
            continue
        legal = state.legal_actions(seat)
        if seat == 0:
            lines.append(dumps(act_message(len(lines), state.view(0), legal, 300.0, 5.0)))
        state.apply(seat, legal[rng.randrange(len(legal))])
    return [*lines, dumps({"type": "match_end", "scores": [], "winners": []})]


def answers(lines: Sequence[str], namespace: argparse.Namespace) -> list[str]:
    out = io.StringIO()
    assert bot.serve(namespace, io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    name = f"openspiel-{namespace.algo}"
    assert replies[0] == {"type": "hello", "protocol": "cardkit-bot/1", "name": name}
    return [r["action"] for r in replies[1:]]


def test_mcts_play_is_reproducible_from_the_seeds(oh_hell: Any) -> None:
    pytest.importorskip("numpy")
    lines = exchange(oh_hell, 3)
    first = answers(lines, args("--algo", "mcts", "--simulations", "30"))
    assert len(first) == len(lines) - 2
    assert answers(lines, args("--algo", "mcts", "--simulations", "30")) == first


def test_ismcts_is_given_the_same_deals_and_seeds_from_the_same_seeds(
    oh_hell: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pyspiel's C++ ISMCTSBot itself is not reproducible (identically seeded bots differ
    at about a quarter of positions): what the bot passes it is."""
    calls: list[tuple[Any, ...]] = []

    def recorded(search: bot.Search, state: Any, simulations: int, seconds: float = -1) -> int:
        calls.append((tuple(state.history()), search._seed(), simulations, seconds))
        return int(state.legal_actions()[0])

    monkeypatch.setattr(bot.Search, "_run", recorded)
    lines = exchange(oh_hell, 3)
    runs = []
    for seed in ("0", "0", "1"):
        calls.clear()
        answers(lines, args("--simulations", "50", "--seed", seed))
        runs.append(list(calls))
    assert runs[0] == runs[1] and len(runs[0]) > 2
    assert {c[2:] for c in runs[0]} == {(50, -1)}
    assert [c[1] for c in runs[2]] != [c[1] for c in runs[0]]  # --seed is mixed in


@pytest.mark.parametrize("algo", ["ismcts", "mcts"])
def test_time_sizes_the_search_to_the_seconds_given(oh_hell: Any, algo: str) -> None:
    if algo == "mcts":
        pytest.importorskip("numpy")
    lines = exchange(oh_hell, 4)
    acts = [json.loads(line) for line in lines[1:-1]]
    player = bot.Player(args("--time", "0.15", "--algo", algo), json.loads(lines[0]))
    spent = []
    for act in acts[:3]:  # the bid and the first two plays: five cards, several choices
        started = time.perf_counter()
        assert player.act(act) in act["legal"]
        spent.append(time.perf_counter() - started)
    assert 0.05 < max(spent) < 1.0, spent
    tight = {**acts[0], "clock": {"match": 300.0, "move": 0.2}}  # 80% of 0.2 s less 50 ms
    started = time.perf_counter()
    player.act(tight)
    assert time.perf_counter() - started < 0.6


def test_the_time_is_kept_within_the_clocks() -> None:
    assert bot.move_seconds(2.0, {"match": 300.0, "move": 5.0}, 10) == 2.0
    assert bot.move_seconds(2.0, {"match": 300.0, "move": 1.0}, 10) == pytest.approx(0.75)
    assert bot.move_seconds(2.0, {"match": 10.0, "move": 5.0}, 20) == pytest.approx(0.35)
    assert bot.move_seconds(2.0, {"match": None, "move": None}, 20) == 2.0


# -- (1) and (2): matches through cardkit arena --------------------------------------------


def named_cards(value: Any) -> Iterator[str]:
    """Every card a message names, in its fields or its sentences."""
    if isinstance(value, str):
        yield from (w.strip(".,:;()") for w in value.split() if CARD.match(w.strip(".,:;()")))
    elif isinstance(value, list):
        for v in value:
            yield from named_cards(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from named_cards(v)


def unseen_cards(messages: Sequence[dict[str, Any]]) -> list[str]:
    """The cards named to a seat that it may not see. In a hand (from its ``Dealt``) a seat
    may see its own cards (its ``Received``), the trump card turned and every card played;
    each message may name only those, counting what the message itself shows."""
    seat, may_see, bad = None, set[str](), []
    for i, message in enumerate(messages):
        fields = message.get("fields", {})
        kind = message.get("kind") if message.get("type") == "event" else message.get("type")
        if kind == "start":
            seat = message["seat"]
        elif kind == "Dealt":
            may_see = set()
        elif kind == "Received" and fields["seat"] == seat:
            may_see |= set(fields["cards"])
        elif kind in ("TrumpTurned", "Played"):
            may_see.add(fields["card"])
        bad += [f"message {i} ({kind}): {c}" for c in named_cards(message) if c not in may_see]
    return bad


def event(kind: str, text: str = "", **fields: Any) -> dict[str, Any]:
    return {"type": "event", "kind": kind, "text": text, "fields": fields}


def test_the_transcript_check_finds_a_card_the_seat_may_not_see() -> None:
    start: dict[str, Any] = {"type": "start", "seat": 0}
    act: dict[str, Any] = {"type": "act", "view": {"hand": ["HA", "C2"]}, "legal": ["play HA"]}
    own = event("Received", "seat 0 receives HA C2", seat=0, cards=["HA", "C2"])
    fine = [start, event("Dealt"), own, event("TrumpTurned", "S4 is turned", card="S4"), act]
    assert unseen_cards(fine) == []
    leak = event("Received", seat=1, cards=["DK"])
    assert unseen_cards([*fine, leak]) == ["message 5 (Received): DK"]
    peek = {**act, "view": {"hand": ["HA", "C2"], "others": [["D3"]]}}
    assert unseen_cards([*fine, peek]) == ["message 5 (act): D3"]
    told = event("Played", "seat 2 plays D3", seat=2, card="D3")
    assert unseen_cards([*fine, told, peek]) == []
    # a new hand: the last hand's cards are not this one's (in the view and in legal)
    again = unseen_cards([*fine, event("Dealt"), told, act])
    assert again == ["message 7 (act): HA", "message 7 (act): C2", "message 7 (act): HA"]


ARENA = """
import json, sys
from cardkit import arena
spec = sys.argv[1]
tally = arena.run(
    "oh-hell", [spec, "random", "random", "random"], 100, seed=38, players=4,
    options={"num_tricks_fixed": 4, "hands": 2}, workers=2,
)
print(json.dumps({"played": tally.played, "finished": tally.finished,
                  "failed": tally.failed, "failures": tally.failures}))
"""


def test_a_hundred_arena_matches_are_legal_and_show_no_hidden_card(
    overlay: Overlay, tmp_path: Path
) -> None:
    """(1) 100 matches against three random bots (seats rotate) through ``cardkit.arena``
    in the overlay where the example is installed: the bot never answers an illegal move
    nor fails; (2) no message it received names a card its seat may not see."""
    transcripts = tmp_path / "transcripts"
    command = [
        str(overlay.python),
        *("-m", "benchmarks.openspiel_bot", "--game", "oh_hell", "--simulations", "10"),
        *("--transcript", str(transcripts)),
    ]
    out = overlay.run("-c", ARENA, "exec:" + shlex.join(command), cwd=ROOT).stdout
    report = json.loads(out.splitlines()[-1])
    assert report == {"played": 100, "finished": 100, "failed": 0, "failures": []}
    matches = []
    for path in sorted(transcripts.glob("*.jsonl")):
        current: list[dict[str, Any]] = []
        for line in path.read_text().splitlines():
            message = json.loads(line)
            if message["type"] == "start":
                current = []
                matches.append(current)
            current.append(message)
    assert len(matches) == 100
    assert {m[0]["seat"] for m in matches} == {0, 1, 2, 3}
    acts = sum(1 for m in matches for msg in m if msg["type"] == "act")
    assert acts == 100 * 2 * 5  # two hands of four tricks: a bid and four plays each
    for m in matches:  # (a bot may be stopped before it reads the match's last lines)
        assert unseen_cards(m) == [], m[0]
    played = sum(1 for m in matches for msg in m if msg.get("kind") == "Played")
    assert played > 100 * 2 * 12  # the other seats' cards, shown as they are played
