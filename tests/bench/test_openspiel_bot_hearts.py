"""benchmarks.openspiel_bot --game hearts: OpenSpiel's ISMCTS and MCTS playing Hearts.

The unit tests import the Hearts example from its folder; the arena test plays
the bot through ``cardkit.arena`` in the overlay where the examples are
installed (the one tests/examples/test_examples.py uses). Skipped without
open_spiel.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shlex
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from benchmarks import openspiel_bot as bot
from cardkit import CHANCE, Card
from cardkit.protocol import act_message, dumps
from tests.bench.test_openspiel_bot import named_cards
from tests.examples.overlay import ROOT, Overlay, installed

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (the bench extra)")

HEARTS = ROOT / "examples" / "hearts"
OH_HELL = ROOT / "examples" / "oh-hell"
BOTS = ROOT / "examples" / "bot-plugin"


@pytest.fixture
def hearts(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The example's package, imported from its folder."""
    monkeypatch.syspath_prepend(str(HEARTS))
    return pytest.importorskip("cardkit_hearts", reason="the Hearts example is missing")


@pytest.fixture
def overlay() -> Overlay:
    """The overlay of tests/examples/test_examples.py (the same packages: the same venv)."""
    if not (HEARTS / "pyproject.toml").is_file():
        pytest.skip("the Hearts example is missing")
    return installed(OH_HELL, HEARTS, BOTS)


def spiel_card(card: Card) -> int:
    """OpenSpiel's id of a cardkit Hearts card, written apart from the bot's own mapping."""
    return int(card.rank) * 4 + "CDHS".index(card.suit)


# -- the options ---------------------------------------------------------------------------


def test_the_options_are_openspiels_with_its_defaults(hearts: Any) -> None:
    defaults = hearts.GAME.make_options({})
    spiel = pyspiel.load_game("hearts").get_parameters()
    assert set(spiel) == set(bot.HEARTS_OPTIONS)
    assert {k: getattr(defaults, k) for k in bot.HEARTS_OPTIONS} == spiel
    flipped = {k: not v for k, v in spiel.items()}
    params = bot.hearts_params({**flipped, "target": 30}, 4)
    assert params == flipped  # the target is cardkit's own
    assert pyspiel.load_game("hearts", params).get_parameters() == flipped
    assert bot.hearts_params({}, 4) == {}
    with pytest.raises(bot.RebuildError, match="played by 4"):
        bot.hearts_params({}, 3)


# -- the state built from a message --------------------------------------------------------

SCENARIOS = [
    {},
    {"pass_cards": False},
    {"can_lead_any_club": True, "no_pts_on_first_trick": False, "must_break_hearts": False},
    {"can_lead_hearts_instead_of_qs": True, "qs_breaks_hearts": False},
    {"jd_bonus": True, "avoid_all_tricks_bonus": True, "no_pts_on_first_trick": False},
]


def truth(
    game: Any,
    seat: int,
    dealt: Sequence[Sequence[Card]],
    exchanged: Sequence[Sequence[Card]],
    view: Any,
) -> Any:
    """OpenSpiel's state of the hand cardkit dealt, ``seat`` as player 0 (player k is seat
    ``seat + k``): the true deal, the passes (``exchanged``; while passing, the seat's
    picks alone: the others' are not in its information state), then the plays."""
    order = [(seat + k) % 4 for k in range(4)]
    state = game.new_initial_state()
    state.apply_action(view.direction)
    for j in range(52):
        state.apply_action(spiel_card(dealt[order[j % 4]][j // 4]))
    passes: dict[int, Sequence[Card]] = {seat: view.passing}
    if view.phase == "play":
        passes = dict(enumerate(exchanged))
    for s in order:
        for card in passes.get(s, ()):
            state.apply_action(spiel_card(card))
    plays = [(s, c) for t in view.tricks for s, c in t] + [(s, c) for s, c, _ in view.trick]
    for _, card in plays:
        state.apply_action(spiel_card(card))
    return state


@pytest.mark.parametrize("options", SCENARIOS)
def test_the_state_built_from_a_message_is_the_seats_own(
    hearts: Any, options: dict[str, Any]
) -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        play_and_compare(hearts, {**options, "target": 50}, seed, seen)
    assert seen["hands"] >= 12 and seen["bars"] > 0, seen
    if options.get("pass_cards", True):
        assert all(seen[f"direction {d}"] > 0 for d in range(4)), seen
        assert seen["late passes"] > 0, seen


def play_and_compare(hearts: Any, options: dict[str, Any], seed: int, seen: Counter[str]) -> None:
    """Play a random match, the seats choosing their passes in random order; at every
    decision build the OpenSpiel state from the act message the seat would be sent and
    compare it with the true one, and what the bot reads a seat lacks with what cardkit
    knows it lacks (on the cards the seat cannot locate)."""
    deck = hearts.cards.DECK
    state = hearts.GAME.create(4, seed, options, auto_chance=False)
    game = pyspiel.load_game("hearts", bot.hearts_params(options, 4))
    rules = game.get_parameters()
    rng = random.Random(seed)
    dealt: list[tuple[Card, ...]] = []
    hand = 0
    while not state.is_over():
        seats = state.to_act()
        if seats[0] == CHANCE:
            state.apply(CHANCE, state.sample_chance())
            continue
        if state.view(0).hand_number != hand:
            hand = state.view(0).hand_number
            dealt = [state.view(s).hand for s in range(4)]
            seen["hands"] += 1
            seen[f"direction {state.direction}"] += 1
        seat = seats[rng.randrange(len(seats))]
        view, legal = state.view(seat), state.legal_actions(seat)
        message = json.loads(dumps(act_message(1, view, legal, 300.0, 5.0)))
        built = bot.hearts_state(game, message, rng)
        where = f"seed {seed}, step {len(state.history)}, seat {seat}"
        exchanged = [state.view(s).passed for s in range(4)]
        expected = truth(game, seat, dealt, exchanged, view)
        assert built.information_state_string(0) == expected.information_state_string(0), where
        assert built.current_player() == 0, where
        assert sorted(built.legal_actions()) == sorted(spiel_card(a.card) for a in legal), where
        known = view.cards
        unknown = set(deck.cards_in(((1 << 52) - 1) & ~sum(known.masks)))
        lacking = bot.read_hearts_view(message["view"], rules).lacking()
        for s in range(4):
            if s != seat and known.sizes[s] > known.masks[s].bit_count():
                theirs = {c.text for c in deck.cards_in(known.barred[s]) if c in unknown}
                assert {c.text for c in unknown} & lacking[s] == theirs, where
                seen["bars"] += bool(theirs)
        if view.phase == "pass" and len(seats) < 4 and seat != 0:
            seen["late passes"] += 1
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_the_hidden_cards_are_dealt_around_what_the_plays_showed() -> None:
    rules = dict(pyspiel.load_game("hearts").get_parameters())
    # no passing; seat 0 led the two of clubs, seat 1 followed, seat 2 threw the queen of
    # spades (no clubs, and no card without points), seat 3 a diamond (no clubs)
    first = ((0, "C2"), (1, "CA"), (2, "SQ"), (3, "D4"))
    hand = ("C3", "C4", "C5", "D2", "D3", "S2", "S3", "S4", "S5", "S6", "S7", "S8")
    seen = bot.HeartsSeen(0, 0, False, hand, (), (), (), (first,), rules)
    lacking = seen.lacking()
    assert lacking[3] == set(bot.CLUBS) and lacking[0] == set()
    assert lacking[2] == set(bot.CLUBS) | set(bot.NO_POINTS)
    rng = random.Random(5)
    for _ in range(50):
        hands = bot.hearts_hands(seen, rng)
        assert [len(h) for h in hands] == [12] * 4 and hands[0] == list(hand)
        assert all(c[0] == "H" for c in hands[2])  # what seat 2 holds is all hearts
        assert not any(c[0] == "C" for c in hands[3])
        dealt, passes = bot.hearts_deal(seen, hands, rng)
        assert passes == [[], [], [], []]
        assert sorted(c for h in dealt for c in h) == sorted(bot.HEARTS_DECK)


@pytest.mark.parametrize("instead", [False, True])
def test_a_heart_led_before_hearts_are_broken_shows_a_hand_of_hearts(instead: bool) -> None:
    rules = dict(pyspiel.load_game("hearts").get_parameters())
    rules["can_lead_hearts_instead_of_qs"] = instead
    tricks = (((0, "C2"), (1, "C3"), (2, "C4"), (3, "C5")), ((3, "H5"),))
    hand = ("C6", "C7", "C8", "D2", "D3", "S2", "S3", "S4", "S5", "S6", "S7", "S8")
    seen = bot.HeartsSeen(0, 0, False, hand, (), (), (), tricks, rules)
    shown = bot.NO_POINTS if instead else bot.NOT_HEARTS  # with the variant, maybe the queen
    assert seen.lacking()[3] == set(shown) and seen.lacking()[1] == {"C2"}
    hands = bot.hearts_hands(seen, random.Random(7))
    assert {c[0] for c in hands[3]} == {"H"} or (instead and "SQ" in hands[3])


def test_an_unseen_pass_is_three_cards_its_receiver_holds_or_played() -> None:
    rules = dict(pyspiel.load_game("hearts").get_parameters())
    hand = ("C3", "C4", "C5", "D2", "D3", "D5", "S2", "S3", "S4", "S5", "H2", "H3", "H4")
    # seat 1 passes left: to seat 2, and got its cards from seat 0
    seen = bot.HeartsSeen(1, 1, False, hand, (), ("CA", "DA", "SA"), ("H2", "H3", "H4"), (), rules)
    rng = random.Random(6)
    for _ in range(50):
        hands = bot.hearts_hands(seen, rng)
        assert {"CA", "DA", "SA"} <= set(hands[2])
        dealt, passes = bot.hearts_deal(seen, hands, rng)
        assert passes[1] == ["CA", "DA", "SA"] and passes[0] == ["H2", "H3", "H4"]
        assert set(passes[2]) <= set(hands[3]) and set(passes[3]) <= set(hands[0])
        assert set(passes[0]) <= set(dealt[0]) and not set(passes[0]) & set(dealt[1])
        for s in range(4):  # each seat's cards now: as dealt, less its pass, plus what it got
            now = set(dealt[s]) - set(passes[s]) | set(passes[(s - 1) % 4])
            assert now == set(hands[s])


def test_the_time_is_shared_over_the_hands_left() -> None:
    options = {"target": 100, "pass_cards": True, "jd_bonus": False}
    view: dict[str, Any] = {"phase": "pass", "hand": ["C2"] * 12, "passing": ["C3"]}
    view.update(options=options, scores=[0, 10, 74, 20])
    # 26 points to go at 6.5 a hand (26 points a hand, a quarter to the highest total):
    # this hand (13 plays, 2 passes) and 3 more of 16 decisions
    assert bot.hearts_decisions_left(view) == 15 + 3 * 16
    jd = {**options, "jd_bonus": True, "pass_cards": False}  # 4 a hand: 6 more of 13
    assert bot.hearts_decisions_left({**view, "options": jd}) == 15 + 6 * 13
    view.update(phase="play", hand=["C2"] * 5, scores=[0, 10, 99, 20])
    assert bot.hearts_decisions_left(view) == 5


# -- the bot process -------------------------------------------------------------------------


def exchange(hearts: Any, seed: int) -> list[str]:
    """The messages a seat 1 bot gets in one random match to 30 points (with the act
    answers the match took), as lines: start, each act, match_end."""
    state = hearts.GAME.create(4, seed, {"target": 30}, auto_chance=False)
    rng = random.Random(seed)
    start = {"type": "start", "game": "hearts", "players": 4, "seat": 1, "seed": seed}
    start["options"] = {"target": 30}
    lines = [dumps(start)]
    while not state.is_over():
        seats = state.to_act()
        if seats[0] == CHANCE:
            state.apply(CHANCE, state.sample_chance())
            continue
        seat = seats[-1]  # the seats pass from the last: seat 1 after seats 3 and 2
        legal = state.legal_actions(seat)
        if seat == 1:
            lines.append(dumps(act_message(len(lines), state.view(1), legal, 300.0, 5.0)))
        state.apply(seat, legal[rng.randrange(len(legal))])
    return [*lines, dumps({"type": "match_end", "scores": [], "winners": []})]


def answers(lines: Sequence[str], *argv: str) -> list[str]:
    namespace = bot.parser().parse_args(["--game", "hearts", *argv])
    out = io.StringIO()
    assert bot.serve(namespace, io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies[0]["name"] == f"openspiel-{namespace.algo}"
    return [r["action"] for r in replies[1:]]


@pytest.mark.parametrize("algo", ["ismcts", "mcts"])
def test_each_answer_is_legal_and_mcts_is_reproducible(hearts: Any, algo: str) -> None:
    if algo == "mcts":
        pytest.importorskip("numpy")
    lines = exchange(hearts, 7)
    acts = [json.loads(line) for line in lines[1:-1]]
    assert any(a["view"]["phase"] == "pass" for a in acts)
    first = answers(lines, "--algo", algo, "--simulations", "20")
    assert len(first) == len(acts)
    assert all(answer in act["legal"] for answer, act in zip(first, acts, strict=True))
    if algo == "mcts":
        assert answers(lines, "--algo", algo, "--simulations", "20") == first


def test_time_sizes_the_search_to_the_seconds_given(hearts: Any) -> None:
    lines = exchange(hearts, 8)
    acts = [json.loads(line) for line in lines[1:-1]]
    player = bot.Player(
        bot.parser().parse_args(["--game", "hearts", "--time", "0.15"]), {**json.loads(lines[0])}
    )
    spent = []
    for act in acts[:4]:  # the three passes and the first play
        started = time.perf_counter()
        assert player.act(act) in act["legal"]
        spent.append(time.perf_counter() - started)
    assert 0.05 < max(spent) < 1.0, spent


def test_a_start_of_another_game_or_table_is_refused(hearts: Any) -> None:
    namespace = argparse.Namespace(game="hearts", seed=0, algo="ismcts", uct_c=2.0, rollouts=1)
    with pytest.raises(bot.RebuildError, match="plays hearts"):
        bot.Player(namespace, {"game": "oh-hell", "players": 4, "seed": 1})
    with pytest.raises(bot.RebuildError, match="played by 4"):
        bot.Player(namespace, {"game": "hearts", "players": 3, "seed": 1})


# -- matches through cardkit arena ----------------------------------------------------------


def unseen_cards(messages: Sequence[dict[str, Any]]) -> list[str]:
    """The cards named to a seat that it may not see. In a hand (from its ``Dealt``) a seat
    may see its own cards (its ``Received``), the passes it made and got (a ``Handed`` it
    is a party to) and every card played; each message may name only those, counting
    what the message itself shows."""
    seat, may_see, bad = None, set[str](), []
    for i, message in enumerate(messages):
        fields = message.get("fields", {})
        kind = message.get("kind") if message.get("type") == "event" else message.get("type")
        if kind == "start":
            seat = message["seat"]
        elif kind == "Dealt":
            may_see = set()
        elif (kind == "Received" and fields["seat"] == seat) or (
            kind == "Handed" and seat in (fields["seat"], fields["receiver"])
        ):
            may_see |= set(fields["cards"])
        elif kind == "Played":
            may_see.add(fields["card"])
        bad += [f"message {i} ({kind}): {c}" for c in named_cards(message) if c not in may_see]
    return bad


def event(kind: str, text: str = "", **fields: Any) -> dict[str, Any]:
    return {"type": "event", "kind": kind, "text": text, "fields": fields}


def test_the_transcript_check_finds_a_pass_the_seat_may_not_see() -> None:
    own = event("Received", "seat 0 receives HA C2", seat=0, cards=["HA", "C2"])
    got = event("Handed", "seat 3 passes D3 D4 D5 to seat 0", seat=3, receiver=0)
    got["fields"]["cards"] = ["D3", "D4", "D5"]
    act = {"type": "act", "view": {"hand": ["HA", "C2", "D3"], "received": ["D3", "D4", "D5"]}}
    fine = [{"type": "start", "seat": 0}, event("Dealt"), own, got, act]
    assert unseen_cards(fine) == []
    other = event("Handed", seat=1, receiver=2, cards=["SQ"])
    assert unseen_cards([*fine, other]) == ["message 5 (Handed): SQ"]
    assert unseen_cards([*fine, event("Dealt"), act])[0] == "message 6 (act): HA"


ARENA = """
import json, sys
from cardkit import arena
tally = arena.run(
    "hearts", [sys.argv[1], "heuristic", "heuristic", "heuristic"], 100, seed=38,
    players=4, options={"target": 50}, workers=2,
)
print(json.dumps({"played": tally.played, "finished": tally.finished,
                  "failed": tally.failed, "failures": tally.failures}))
"""


def test_a_hundred_arena_matches_are_legal_and_show_no_hidden_card(
    overlay: Overlay, tmp_path: Path
) -> None:
    """100 matches to 50 points against three heuristic bots (seats rotate) through
    ``cardkit.arena`` in the overlay where the example is installed: the bot never answers
    an illegal move nor fails, in every pass direction and from every seat; no message
    it received names a card its seat may not see."""
    transcripts = tmp_path / "transcripts"
    command = [
        str(overlay.python),
        *("-m", "benchmarks.openspiel_bot", "--game", "hearts", "--simulations", "10"),
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
    for m in matches:  # (a bot may be stopped before it reads the match's last lines)
        assert unseen_cards(m) == [], m[0]
    due = Counter(
        msg["fields"]["direction"] for m in matches for msg in m if msg.get("kind") == "PassDue"
    )
    assert set(due) == {0, 1, 2, 3} and sum(due.values()) > 200, due
    passes = Counter(
        (m[0]["seat"], msg["view"]["direction"])
        for m in matches
        for msg in m
        if msg["type"] == "act" and msg["view"]["phase"] == "pass"
    )
    assert len(passes) == 12, passes  # every seat passed in each direction
    acts = sum(1 for m in matches for msg in m if msg["type"] == "act")
    assert acts > 100 * 2 * 13
