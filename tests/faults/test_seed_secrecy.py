"""Issue 35, point 4: nothing a bot receives lets it recover the match seed, and so the deals.

The attack: a drawn seed had 31 bits, per-match seeds were a splitmix mix of the
run seed and the index, and a bot's seed was an affine function of the match
seed, so trying every seed against the ``start`` message's ``seed`` found the
match seed, and ``GAME.create(players, seed)`` then gave every hand.
"""

from __future__ import annotations

import itertools
import json
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit import arena, schedule, seeds
from cardkit.bots import bot_seed
from cardkit.protocol import sent_seed
from cardkit.registry import get_game
from cli import runs
from cli.app import app
from cli.settings import new_seed

MASK48 = (1 << 48) - 1
MASK64 = (1 << 64) - 1
# a match seed of the kind cardkit now draws: 128 bits, fixed so the test is repeatable
MATCH = 0x9F3A_61C2_0B7E_D455_2C19_E0A4_7731_B68D


def old_mix(seed: int, index: int) -> int:
    """The per-match seed of before: a splitmix64 mix of the run seed's low 64 bits."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) >> 17


def old_bot_seed(seed: int, seat: int) -> int:
    """The bot seed of before: affine in the match seed, modulo 2**48."""
    return (seed * 7919 + seat * 104_729 + 12_345) & MASK48


def bit_flips(a: int, b: int) -> int:
    return (a ^ b).bit_count()


def test_a_drawn_seed_has_128_random_bits() -> None:
    drawn = [new_seed() for _ in range(100)]
    # each below 2**100 with chance 2**-28; none at 128 bits with chance 2**-100
    assert all(2**100 <= d < 2**128 for d in drawn)
    assert max(d.bit_length() for d in drawn) == 128
    assert len(set(drawn)) == len(drawn)


def test_match_seeds_are_a_keyed_hash_not_a_mix_nor_a_sum() -> None:
    for run in (0, 1, 7, 2**31 - 1, MATCH, -5):
        derived = [arena.match_seed(run, i) for i in range(64)]
        assert all(d != old_mix(run, i) and d != run + i for i, d in enumerate(derived))
        # not linear in the index: the steps from one match to the next all differ
        steps = {b - a for a, b in itertools.pairwise(derived)}
        assert len(steps) == len(derived) - 1
        # 128-bit seeds (the old mix gave 47 bits): all 64 below 2**120 has chance 2**-512
        assert max(d.bit_length() for d in derived) > 120
        assert len(set(derived)) == len(derived)


def test_match_seeds_depend_on_every_bit_of_the_run_seed() -> None:
    # the old mix read the run seed modulo 2**64: a 128-bit seed's high half was lost
    assert old_mix(MATCH, 3) == old_mix(MATCH + 2**64, 3)
    assert arena.match_seed(MATCH, 3) != arena.match_seed(MATCH + 2**64, 3)
    assert arena.match_seed(MATCH, 3) != arena.match_seed(MATCH + 2**200, 3)
    assert arena.match_seed(5, 3) != arena.match_seed(-5, 3)
    # one flipped bit of the run seed changes about half of the 128 bits of a match seed
    flips = [
        bit_flips(arena.match_seed(MATCH, 0), arena.match_seed(MATCH ^ (1 << b), 0))
        for b in range(128)
    ]
    assert 56 <= sum(flips) / len(flips) <= 72  # mean 64, its standard error 0.5


def test_the_old_inversion_of_a_bot_seed_fails() -> None:
    inverse = pow(7919, -1, 1 << 48)
    for seat in range(4):
        seed = bot_seed(MATCH, seat)
        assert ((seed - seat * 104_729 - 12_345) * inverse) & MASK48 != MATCH & MASK48
        assert seed != old_bot_seed(MATCH, seat)
    # not affine: an affine f has f(a) + f(b) - f(a + b) equal to f(0) for every a and b
    sums = {
        (bot_seed(a, 0) + bot_seed(b, 0) - bot_seed(a + b, 0)) & MASK64
        for a, b in ((1, 2), (3, 4), (MATCH, 9), (2**70, 2**71))
    }
    assert len(sums) == 4 and bot_seed(0, 0) not in sums


def test_a_bot_seed_is_keyed_by_every_bit_of_the_match_seed() -> None:
    base = bot_seed(MATCH, 0)
    flips = [bit_flips(base, bot_seed(MATCH ^ (1 << b), 0)) for b in range(128)]
    assert min(flips) > 0
    assert 28 <= sum(flips) / len(flips) <= 36  # mean 32 of 64 bits, its standard error 0.35
    # negative and huge seeds are keys too, each its own
    assert len({bot_seed(s, 0) for s in (5, -5, -6, 2**512, 2**512 + 1, -(2**512))}) == 6


def test_two_seats_seeds_do_not_reveal_their_difference() -> None:
    # before: seat 1's seed was seat 0's plus 104,729, so one bot knew every other's seed
    assert old_bot_seed(MATCH, 1) - old_bot_seed(MATCH, 0) == 104_729
    matches = [arena.match_seed(MATCH, i) for i in range(50)]
    differences = {(bot_seed(m, 1) - bot_seed(m, 0)) & MASK64 for m in matches}
    masks = {bot_seed(m, 1) ^ bot_seed(m, 0) for m in matches}
    assert len(differences) == len(masks) == len(matches)


def test_a_brute_force_with_the_old_derivation_finds_nothing() -> None:
    # the attack on a small space: a table of every candidate run seed's start
    # seed, built with the old derivation, finds an old run seed at once ...
    space = range(1 << 12)
    table = {sent_seed(old_bot_seed(old_mix(s, 0), 0)): s for s in space}
    assert table[sent_seed(old_bot_seed(old_mix(2_718, 0), 0))] == 2_718
    # ... but none of the seeds a bot is sent now, even from a run seed in that space
    for run in (2_718, 3, MATCH):
        sent = [
            sent_seed(bot_seed(arena.match_seed(run, i), seat))
            for i in range(20)
            for seat in (0, 1)
        ]
        assert not set(sent) & set(table)
    # and the seed a bot is sent is not the old digest of the match seed itself either
    assert sent_seed(bot_seed(MATCH, 0)) != sent_seed(old_bot_seed(MATCH, 0))


def test_duplicate_shuffles_depend_on_every_bit_of_the_deal_seed() -> None:
    # before, a duplicate deal's shuffles were seeded by 47 bits of the deal seed's low 64
    game = get_game("universal-bid")

    def hands(deal_seed: int) -> list[object]:
        """The steps of a duplicate deal seeded ``deal_seed``: its first shuffle."""
        state = schedule.deal_seeded(game.create(4, 1, auto_chance=False), deal_seed)
        return list(state.history)

    assert hands(MATCH) == hands(MATCH)
    assert hands(MATCH) != hands(MATCH + 2**64)
    assert seeds.shuffle_seed(MATCH, 52, 0, 0).bit_length() > 64


def test_seed_bytes_are_one_string_per_number() -> None:
    values = [*range(-70_000, 70_000, 7), 2**63, -(2**63), 2**64, 2**128 - 1, -(2**128)]
    assert len({seeds.seed_bytes(v) for v in values}) == len(values)
    assert seeds.seed_bytes(0) == b"\x00"
    assert seeds.seed_bytes(127) == b"\x7f" and seeds.seed_bytes(128) == b"\x00\x80"
    assert seeds.seed_bytes(-128) == b"\x80" and seeds.seed_bytes(-129) == b"\xff\x7f"


SPY = """
import json, sys
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
send({"type": "hello", "protocol": "cardkit-bot/1", "name": "spy"})
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "start":
        with open(sys.argv[1], "a") as notes:
            notes.write(json.dumps([m["seat"], m["seed"]]) + "\\n")
    elif m["type"] == "act":
        send({"type": "action", "id": m["id"], "action": m["legal"][0]})
    elif m["type"] == "match_end":
        break
"""


def test_an_arena_without_a_seed_sends_bots_nothing_that_leads_back_to_it(tmp_path: Path) -> None:
    spy = tmp_path / "spy.py"
    spy.write_text(SPY)
    notes = tmp_path / "notes.jsonl"
    results = tmp_path / "results.json"
    args = ["arena", "universal-bid", "-p", "2", "--option", "schedule=1", "-n", "4"]
    args += ["--bot", f"exec:{sys.executable} {spy} {notes}", "--bot", "random"]
    outcome = CliRunner().invoke(app, [*args, "--json", str(results)])
    assert outcome.exit_code == 0, outcome.output
    run = json.loads(results.read_text())["seed"]
    assert 2**100 <= run < 2**128  # drawn by cardkit: 2**-28 that it is below 2**100
    received = [tuple(json.loads(line)) for line in notes.read_text().splitlines()]
    # seats rotate every match: the spy sits in seat 0, 1, 0, 1
    expected = [(i % 2, sent_seed(bot_seed(arena.match_seed(run, i), i % 2))) for i in range(4)]
    assert received == expected
    # 48-bit digests of 64-bit keyed hashes of 128-bit match seeds: none is a seed of the run
    sent = {seed for _, seed in received}
    assert not sent & {run, *(arena.match_seed(run, i) for i in range(4))}
    assert all(s < 2**48 for s in sent)


def test_the_folder_of_failed_matches_does_not_name_the_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # it is made in the temporary folder, which every user of the machine may list
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    folder = runs.failures_folder("arena", get_game("universal-bid"), MATCH)
    assert folder.parent == tmp_path and str(MATCH) not in folder.name
