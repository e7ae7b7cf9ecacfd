"""Sampled worlds of the bid-exact game, built directly from a view: each is the very
state its own position sets up, plays on as that state does, and deals uniformly."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardkit import RandomBot
from cardkit.bots import bot_seed
from cardkit.positions import PositionError, load_position
from cardkit.tricks import Trick
from cardkit.zones import SeatCards
from games.universal_bid import GAME, UniversalBidState
from games.universal_bid.cards import DECK
from games.universal_bid.view import UniversalBidView

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "positions" / "universal-bid.json"

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


def test_a_world_deals_like_a_plain_shuffle_of_the_unseen_cards() -> None:
    """Right after a deal (nothing shown yet), the hidden hands of many worlds are spread
    as a shuffle of the cards seat 0 cannot see, five to each other seat, spreads them:
    each card lands in each seat's hand about as often."""
    state = GAME.create(4, 5, {"schedule": "5"})
    view = state.view(0)
    fast: Counter[tuple[int, str]] = Counter()
    slow: Counter[tuple[int, str]] = Counter()
    rng = random.Random(2)
    samples = 2000
    unseen = [c for c in DECK.cards if c not in view.hand]
    for _ in range(samples):
        world = GAME.sample_world(view, rng)
        rng.shuffle(unseen)
        for seat in (1, 2, 3):
            fast.update((seat, c.text) for c in world.view(seat).hand)
            slow.update((seat, c.text) for c in unseen[5 * seat - 5 : 5 * seat])
    # 5 of the 49 cards seat 0 cannot see (54 less its 5) go to each seat: 204 times each
    expected = samples * 5 / 49
    for key in set(fast) | set(slow):
        assert abs(fast[key] - expected) < 5 * expected**0.5, key
        assert abs(slow[key] - expected) < 5 * expected**0.5, key


def lacking(view: UniversalBidView, seat: int, suits: str) -> UniversalBidView:
    """``view`` with ``seat`` known to lack ``suits`` too, as if it had not followed them."""
    known = view.cards
    assert known is not None
    barred = list(known.lacking)
    for suit in suits:
        barred[seat] |= DECK.suit_mask(suit)  # zone s: the hand of seat s
    cards = SeatCards(
        known.layout, known.seat, known.masks, known.sizes, known.orders, tuple(barred)
    )
    return attrs.evolve(view, cards=cards)


def test_a_seat_gets_no_card_of_a_suit_it_lacks_and_a_deal_none_meets_is_refused() -> None:
    # Seat 1 has not seen E:3, M:7, J:Moon and N:5; seats 0 and 2 hold two each, and
    # seat 0 has shown it lacks N. Made to lack M too, it holds E:3 and J:Moon.
    view = GAME.from_position(load_position(EXAMPLE)).view(1)
    assert view.cards is not None and view.cards.lacking[0] == DECK.suit_mask("N")
    lacks_m = lacking(view, 0, "M")
    rng = random.Random(0)
    for _ in range(20):
        hand = GAME.sample_world(lacks_m, rng).view(0).hand
        assert sorted(c.text for c in hand) == ["E:3", "J:Moon"]
    lacks_all = lacking(view, 0, "MEJ")
    with pytest.raises(PositionError, match="no deal gives hand 0 2 cards it may hold"):
        GAME.sample_world(lacks_all, rng)


def test_two_worlds_share_no_mutable_part() -> None:
    """A world starts from a fresh state's fields: each mutable one must be its own."""
    state = moments(4, 9)[3]
    view = state.view(state.to_act()[0])
    one = GAME.sample_world(view, random.Random(1))
    two = GAME.sample_world(view, random.Random(2))
    shared_ok = (int, str, bool, tuple, frozenset, type(None))
    for name, value in vars(one).items():  # the board is replaced at a hand's end
        if name in ("game", "options", "board") or isinstance(value, shared_ok):
            continue
        assert value is not vars(two)[name], name
    rng = random.Random(3)
    totals = list(two.board.totals)
    while one.hand_index == two.hand_index:  # one scores a hand; two keeps its totals
        seat = one.to_act()[0]
        legal = one.legal_actions(seat)
        one.apply(seat, legal[rng.randrange(len(legal))])
    assert one.board.hands_played == two.board.hands_played + 1
    assert two.board.totals == totals
