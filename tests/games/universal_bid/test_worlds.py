"""Sampled worlds of the bid-exact game, built directly from a view: each is the very
state its own position sets up, plays on as that state does, and deals uniformly."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from cardkit import RandomBot
from cardkit.bots import bot_seed
from cardkit.positions import PositionError
from cardkit.tricks import Trick
from games.universal_bid import GAME, UniversalBidState
from games.universal_bid.position import SUIT_MASKS, deal_masks, world_position

SKIP = {"history", "_rng", "_legal", "_legal_seat", "log", "seed", "_past", "start_position"}
"""Not compared: the steps taken, caches, and the seed (compared on its own)."""


def fields(state: UniversalBidState) -> dict[str, Any]:
    """The state's fields, with its trick and scoreboard as plain values."""
    out: dict[str, Any] = {}
    for name, value in vars(state).items():
        if name in SKIP:
            continue
        if isinstance(value, Trick):
            best = value.best if value.cards else None  # set again by the lead
            value = (value.leader, value.seats, value.cards, value.suits, best, value.lead)
        elif name == "board":
            value = (value.totals, value.floor, [tuple(h) for h in value.hands])
        out[name] = value
    return out


def rebuilt(world: UniversalBidState) -> UniversalBidState:
    return GAME.from_position(json.loads(json.dumps(GAME.position(world))))


def moments(players: int, seed: int) -> list[UniversalBidState]:
    """Every 7th decision of a seeded random match with short hands."""
    state = GAME.create(players, seed, {"schedule": "3,1,4"})
    bots = [RandomBot(GAME, s, bot_seed(seed, s)) for s in range(players)]
    kept = []
    while not state.is_over():
        if len(state.history) % 7 == 0:
            kept.append(state.clone())
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return [*kept, state]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_world_is_the_state_its_position_sets_up_and_plays_on_alike(players: int) -> None:
    rng = random.Random(players)
    for moment in moments(players, 30 + players):
        for seat in range(players):
            view = moment.view(seat)
            world = GAME.sample_world(view, rng)
            assert world.view(seat) == view
            again = rebuilt(world)
            assert fields(world) == fields(again)
            assert (world.seed, world.steps) == (again.seed, again.steps)
            bots = [RandomBot(GAME, s, s) for s in range(players)]
            while not world.is_over():
                assert world.zones() == again.zones()
                who = world.to_act()[0]
                legal = world.legal_actions(who)
                assert legal == again.legal_actions(who)
                action = bots[who].choose(world.view(who), legal)
                world.apply(who, action)
                again.apply(who, action)
            assert world.history == again.history  # the same chance draws too
            assert world.result() == again.result()


def test_a_world_deals_like_the_reference_position_sampler() -> None:
    """Right after a deal, the hidden hands of many worlds are spread alike by both samplers:
    each card lands in each seat's hand about as often."""
    state = GAME.create(4, 5, {"schedule": "5"})
    view = state.view(0)
    fast: Counter[tuple[int, str]] = Counter()
    slow: Counter[tuple[int, str]] = Counter()
    rng = random.Random(2)
    samples = 2000
    for _ in range(samples):
        world = GAME.sample_world(view, rng)
        reference = GAME.from_position(world_position(GAME, view, rng))
        for seat in (1, 2, 3):
            fast.update((seat, c.text) for c in world.view(seat).hand)
            slow.update((seat, c.text) for c in reference.view(seat).hand)
    # 5 of the 49 cards seat 0 cannot see (54 less its 5) go to each seat: 204 times each
    expected = samples * 5 / 49
    for key in set(fast) | set(slow):
        assert abs(fast[key] - expected) < 5 * expected**0.5, key
        assert abs(slow[key] - expected) < 5 * expected**0.5, key


def test_deal_masks_keeps_each_ban_and_the_sizes() -> None:
    # 18 cards: E and J; place 0 (3 cards) may hold no E, place 1 (4 cards) anything
    pool = SUIT_MASKS["E"] | SUIT_MASKS["J"]
    rng = random.Random(0)
    for _ in range(200):
        masks = deal_masks(pool, [3, 4], [SUIT_MASKS["E"], 0], rng)
        assert masks is not None
        first, second, rest = masks
        assert [m.bit_count() for m in masks] == [3, 4, 18 - 7]
        assert not first & SUIT_MASKS["E"]
        assert first | second | rest == pool and not first & second


def test_a_ban_no_deal_can_meet_is_a_position_error(monkeypatch: pytest.MonkeyPatch) -> None:
    only_e = SUIT_MASKS["E"]
    monkeypatch.setattr("games.universal_bid.position.MAX_TRIES", 50)
    assert deal_masks(only_e, [2], [only_e], random.Random(0)) is None  # 2 E cards, no E
    monkeypatch.setattr("games.universal_bid.position.deal_masks", lambda *args: None)
    state = GAME.create(3, 1)
    with pytest.raises(PositionError, match="no deal of the hidden cards meets"):
        GAME.sample_world(state.view(0), random.Random(0))


@pytest.mark.parametrize(
    ("bans", "deals"),
    [
        # place 0 takes 2 of J J M M and place 1 2 of what is left of E E M M:
        # JJ then C(4,2) = 6, MM then 1 (EE), JM (4 ways) then C(3,2) = 3: 6 + 1 + 12
        (("E", "J"), 19),
        # place 1 may hold only J: it takes J J; place 0 any 2 of E E M M: C(4,2)
        (("J", "EM"), 6),
    ],
)
def test_deal_masks_is_uniform_over_the_deals_two_bans_allow(
    bans: tuple[str, str], deals: int
) -> None:
    """Six cards, E J M twice each, into two places of 2 with bans; 2 are left over."""
    from itertools import combinations

    from cardkit.testing import chi_square_limit
    from games.universal_bid import parse_card

    bits = [parse_card(t).bit for t in ("E:1", "E:2", "J:1", "J:2", "M:1", "M:2")]
    pool = sum(bits)
    masks_of = [sum(SUIT_MASKS[suit] for suit in ban) for ban in bans]
    allowed = {
        (sum(a), sum(b))
        for a in combinations(bits, 2)
        for b in combinations([x for x in bits if x not in a], 2)
        if not sum(a) & masks_of[0] and not sum(b) & masks_of[1]
    }
    assert len(allowed) == deals
    rng = random.Random(3)
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(deals * 200):
        masks = deal_masks(pool, [2, 2], masks_of, rng)
        assert masks is not None
        counts[masks[0], masks[1]] += 1
    assert set(counts) == allowed
    chi = sum((k - 200) ** 2 / 200 for k in counts.values())
    assert chi < chi_square_limit(deals - 1)


def test_two_worlds_share_no_mutable_part() -> None:
    """A world starts from a fresh state's fields: each mutable one must be its own."""
    state = moments(4, 9)[3]
    view = state.view(state.to_act()[0])
    one = GAME.sample_world(view, random.Random(1))
    two = GAME.sample_world(view, random.Random(2))
    shared_ok = (int, str, bool, tuple, frozenset, type(None))
    for name, value in vars(one).items():
        if name in ("game", "options") or isinstance(value, shared_ok):
            continue
        assert value is not vars(two)[name], name
