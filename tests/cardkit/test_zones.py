"""The core's card storage (cardkit.zones): zones, moves, knowledge, copies, worlds."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from cardkit import Card, Deck, Trick, TrickOrder, View
from cardkit.errors import PositionError
from cardkit.testing import cards_in
from cardkit.tricks import voids
from cardkit.zones import Cards, Holding, Layout, Place, SeatCards, layout

# suits a and b, ranks 1-3; the face "x" comes in two copies
DECK = Deck(
    "zones", [*((s, r, str(r), f"{s}{r}") for s in "ab" for r in (1, 2, 3)), ("c", 1, "x", "x", 2)]
)
PLACES = (
    Place("hand", "owner", per_seat=True),
    Place("trick", "all"),
    Place("stock", "none", ordered=True),
)
ORDER = TrickOrder(deck=DECK)


def card(text: str):  # type: ignore[no-untyped-def]
    return DECK.card(text)


def texts(cards) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.text for c in cards]


def dealt(hands: list[str], stock: str) -> Cards:
    """Three seats: ``hands[s]`` dealt to seat s, then the stock in the order given."""
    lay = layout(DECK, PLACES, 3)
    cards = lay.new("stock")
    shares = [(lay.zone("hand", s), DECK.cards_of(h)) for s, h in enumerate(hands)]
    cards.deal(lay.zone("stock"), shares)
    cards.arrange(lay.zone("stock"), DECK.cards_of(stock))
    return cards


def test_a_layout_numbers_zones_by_place_and_seat() -> None:
    lay = Layout(DECK, PLACES, 3)
    assert lay.names == ("hand 0", "hand 1", "hand 2", "trick", "stock")
    assert lay.zone("hand", 2) == 2 and lay.zone("stock") == 4
    assert lay.seen_by[1] == {1} and lay.seen_by[3] == {0, 1, 2} and lay.seen_by[4] == set()
    assert layout(DECK, PLACES, 3) is layout(DECK, PLACES, 3)


def test_a_place_seen_by_its_owner_must_be_one_per_seat() -> None:
    with pytest.raises(ValueError, match="only a place per seat"):
        Place("kitty", "owner")


def test_a_deal_moves_each_share_and_keeps_every_card_once() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    assert texts(cards.cards(1)) == ["b1", "x"]
    assert texts(cards.cards(2)) == ["b3", "x"]  # deck order: x is the last face
    assert texts(cards.cards(4)) == ["a3", "b2"] and cards.top(4) == card("b2")
    assert sum(cards.count(z) for z in range(5)) == 8  # six faces, x twice


def test_a_deal_of_a_card_the_source_lacks_moves_nothing() -> None:
    lay = layout(DECK, PLACES, 3)
    cards = lay.new("stock")
    with pytest.raises(ValueError, match="a1 is not there"):
        cards.deal(4, [(0, DECK.cards_of("a1 b1")), (1, DECK.cards_of("a1"))])
    assert cards.count(4) == 8 and cards.count(0) == 0


def test_copies_of_a_face_are_cards_of_their_own() -> None:
    cards = layout(DECK, PLACES, 3).new("stock")
    cards.move(card("x"), 4, 0)
    cards.move(card("x"), 4, 0)
    assert texts(cards.cards(0)) == ["x", "x"]
    with pytest.raises(ValueError, match="stock holds no x"):
        cards.move(card("x"), 4, 1)


def test_a_copy_is_independent() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    twin = cards.copy()
    twin.draw(4, 0)
    twin.show(1, 0)
    assert twin != cards and cards.count(4) == 2 and cards.known == [0, 0, 0]
    assert cards.copy() == cards


def test_cards_and_what_a_seat_knows_come_back_from_a_pickle_the_same() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    cards.move(card("a2"), 0, 1)
    cards.show(0, 1, [card("a2")])  # seat 0 passed a2 to seat 1: it knows where a2 lies
    back = pickle.loads(pickle.dumps(cards))
    assert back.layout is cards.layout and back.layout.deck is DECK  # this process's own
    assert back == cards and back.known == [DECK.card("a2").bit, 0, 0]
    assert texts(back.cards(4)) == ["a3", "b2"]  # the stock, in its order
    seen = cards.seen_by(0)
    assert pickle.loads(pickle.dumps(seen)) == seen
    assert copy.deepcopy(seen) is seen and copy.deepcopy(cards.layout) is cards.layout


def test_a_card_that_does_not_follow_bars_the_led_suit_from_its_hand() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    trick = Trick(0, order=ORDER, size=3)
    assert cards.play(0, card("a1"), 3, trick) == -1
    cards.play(1, card("b1"), 3, trick)  # seat 1 does not follow a: it holds no a card
    assert cards.play(2, card("b3"), 3, trick) == 0  # a1 is the only card of the led suit
    assert texts(DECK.cards_in(cards.barred[1])) == ["a1", "a2", "a3"]
    assert cards.barred[0] == 0 and cards.barred[2] == DECK.mask(DECK.cards_of("a1 a2 a3"))
    assert texts(cards.cards(3)) == ["a1", "b1", "b3"]
    cards.draw(4, 1)  # a hand that takes a card may hold anything again
    assert cards.barred[1] == 0


def test_a_card_shown_to_a_seat_is_known_until_it_moves() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    cards.move(card("a2"), 0, 1)
    cards.show(0, 1, [card("a2")])  # seat 0 passed a2 to seat 1
    zones = {z.name: (texts(z.cards), z.visible_to) for z in cards.zones()}
    assert zones["hand 1"] == (["b1", "x"], frozenset({1}))
    assert zones["hand 1, known to 0"] == (["a2"], frozenset({0, 1}))
    assert Counter(c for z in cards.zones() for c in z.cards) == Counter(DECK.cards)
    assert texts(cards.seen_by(0).cards(1)) == ["a2"]
    cards.move(card("a2"), 1, 2)
    assert cards.known[0] == 0 and texts(cards.seen_by(0).cards(2)) == []


def test_a_seat_sees_its_zones_and_counts_the_others() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    cards.move(card("a1"), 0, 3)
    mine = cards.seen_by(0)
    assert mine.write() == {
        "zones": {
            "hand 0": ["a2"],
            "hand 1": [],
            "hand 2": [],
            "trick": ["a1"],
            "stock": ["?", "?"],
        },
        "unseen": {"hand 1": 2, "hand 2": 2},
    }
    assert mine.count(1) == 2 and texts(mine.cards(3)) == ["a1"]


def test_cards_written_and_read_back_are_the_same() -> None:
    cards = dealt(["a1 a2", "b1 x", "x a3"], "b3 b2")
    cards.show(2, 0, [card("a1")])
    trick = Trick(1, order=ORDER, size=3)
    cards.play(1, card("b1"), 3, trick)
    cards.play(2, card("x"), 3, trick)  # x is of suit c: seat 2 holds no b card
    data = cards.write()
    assert data["known"] == {"2": {"hand 0": ["a1"]}}  # the deck has copies: by zone
    assert data["barred"] == {"hand 2": ["b1", "b2", "b3"]}
    assert Cards.read(cards.layout, data) == cards
    earlier = {**data, "known": {"2": ["a1"]}}  # as positions wrote it before: a list
    assert Cards.read(cards.layout, earlier) == cards


@pytest.mark.parametrize("owner", [1, 2])
def test_a_known_copy_of_a_face_comes_back_in_its_own_zone(owner: int) -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")  # an x in hands 1 and 2
    cards.show(0, owner, [card("x")])  # seat 0 is shown the x of seat `owner`
    data = cards.write()
    assert data["known"] == {"0": {f"hand {owner}": ["x"]}}
    back = Cards.read(cards.layout, data)
    assert back == cards
    assert texts(back.seen_by(0).cards(owner)) == ["x"]
    assert texts(back.seen_by(0).cards(3 - owner)) == []


def test_a_known_copy_in_an_ordered_zone_comes_back_in_its_place() -> None:
    cards = dealt(["a1 a2", "b1 a3", "b3"], "x b2 x")  # the stock: an x at each end
    stock = cards.layout.zone("stock")
    top = cards.orders[stock][-1]  # seat 0 knows the top x, not the bottom one
    cards.known[0] |= 1 << top
    data = cards.write()
    assert data["known"] == {"0": {"stock": ["?", "?", "x"]}}
    back = Cards.read(cards.layout, data)
    assert back == cards and back.known[0] == 1 << back.orders[stock][-1]
    wrong = {**data, "known": {"0": {"stock": ["?", "x", "?"]}}}
    with pytest.raises(PositionError, match="not where the zone has them"):
        Cards.read(cards.layout, wrong)


@pytest.mark.parametrize(
    ("known", "message"),
    [
        ({"0": {"hand 0": ["a1"]}}, "known to seat 0 in 'hand 0': a card it sees"),
        ({"0": {"hand 9": ["x"]}}, "no zone is called 'hand 9'"),
        ({"0": {"hand 1": ["a3"]}}, "known to seat 0 in 'hand 1': a card it sees, or no such"),
    ],
)
def test_known_cards_the_seat_sees_or_that_are_elsewhere_are_refused(
    known: dict[str, Any], message: str
) -> None:
    data = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2").write()
    with pytest.raises(PositionError, match=message):
        Cards.read(layout(DECK, PLACES, 3), {**data, "known": known})


def test_a_face_with_copies_that_a_zone_lacks_is_written_once() -> None:
    cards = dealt(["a1 a2", "b1 b2", "x a3"], "x b3")
    trick = Trick(2, order=ORDER, size=3)
    cards.play(2, card("x"), 3, trick)  # x leads suit c
    cards.play(0, card("a1"), 3, trick)  # seat 0 holds no c card: neither copy of x
    data = cards.write()
    assert data["barred"] == {"hand 0": ["x"]}
    back = Cards.read(cards.layout, data)
    assert back == cards and back.barred[0].bit_count() == 2  # both copies of x


@pytest.mark.parametrize(
    ("zones", "message"),
    [
        ({"hand 9": []}, "no zone is called 'hand 9'"),
        ({"hand 0": ["a1", "a1"]}, "a1 is placed more times than the deck has it"),
        ({"hand 0": ["zz"]}, "'zz' is not a card of this deck"),
        ({"hand 0": ["a1"]}, "cards are in no zone: a2"),
    ],
)
def test_cards_that_cannot_be_are_refused_with_the_reason(zones: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(PositionError, match=message):
        Cards.read(layout(DECK, PLACES, 3), {"zones": zones})


def test_a_world_keeps_what_the_seat_knows_and_deals_the_rest_within_the_bars() -> None:
    cards = dealt(["a1 a2", "b1 x", "x a3"], "b3 b2")
    trick = Trick(1, order=ORDER, size=3)
    cards.play(1, card("b1"), 3, trick)
    cards.play(2, card("x"), 3, trick)  # seat 2 shows it holds no b card
    cards.show(0, 1, [card("x")])  # seat 0 knows seat 1 holds an x
    mine = cards.seen_by(0)
    rng = random.Random(5)
    seen: Counter[tuple[str, ...]] = Counter()
    for _ in range(3000):
        world = mine.deal(rng)
        assert texts(world.cards(0)) == ["a1", "a2"] and texts(world.cards(3)) == ["b1", "x"]
        assert "x" in texts(world.cards(1)) and world.count(1) == 1 and world.count(2) == 1
        assert world.count(4) == 2 and world.seen_by(0) == mine
        seen[tuple(texts(world.cards(2)))] += 1
    # unseen by seat 0: a3 b2 b3 for hand 2 (one card, no b card: a3) and the stock
    assert seen == {("a3",): 3000}


def test_worlds_are_uniform_over_the_arrangements_left() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    mine = cards.seen_by(0)
    rng = random.Random(9)
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(6000):
        world = mine.deal(rng)
        counts[tuple(texts(world.cards(1)))] += 1
    # hand 1 takes 2 of the 6 unseen cards (b1 b2 b3 a3 x x): 15 pairs of physical cards,
    # 14 distinct face pairs ("x x" once; each "?, x" pair twice over)
    assert counts[("x", "x")] / 6000 == pytest.approx(1 / 15, abs=0.02)
    assert counts[("b1", "x")] / 6000 == pytest.approx(2 / 15, abs=0.025)
    assert counts[("a3", "b2")] / 6000 == pytest.approx(1 / 15, abs=0.02)


def test_a_holding_keeps_a_zone_with_at_least_one_of_some_cards_and_stays_uniform() -> None:
    # unseen by seat 0: b1 x (hand 1), x b3 (hand 2), a3 b2 (stock): 6 physical cards
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    mine = cards.seen_by(0)
    a_or_b3 = cards.layout.mask_of((card("a3"), card("b3")), cards.masks[2] | cards.masks[4])
    holding = Holding(1, a_or_b3, (0, 1, 1))  # hand 1 holds a3 or b3 (or both)
    rng = random.Random(3)
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(9000):
        hand = tuple(texts(mine.deal(rng, holding).cards(1)))
        assert "a3" in hand or "b3" in hand
        counts[hand] += 1
    # of the 15 pairs of physical cards, the 6 pairs of the four others hold neither: 9
    # deals are left, equally likely, 7 hands of faces ("a3 x" and "b3 x" are two deals
    # each: two copies of x)
    assert len(counts) == 7
    assert counts[("a3", "b3")] / 9000 == pytest.approx(1 / 9, abs=0.02)
    assert counts[("b3", "x")] / 9000 == pytest.approx(2 / 9, abs=0.025)


def test_a_holding_can_weigh_a_zone_by_how_many_of_the_cards_it_holds() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    mine = cards.seen_by(0)
    a3_b3 = cards.layout.mask_of((card("a3"), card("b3")), cards.masks[2] | cards.masks[4])
    rng = random.Random(4)
    counts: Counter[int] = Counter()
    for _ in range(9000):
        hand = mine.deal(rng, Holding(1, a3_b3, (0, 1, 2))).cards(1)
        counts[sum(c.text in ("a3", "b3") for c in hand)] += 1
    # deals with one of them: 2 x 4 = 8, weight 1 each; with both: 1, weight 2; so
    # one of them 8/10 of the time, both 2/10, neither never
    assert counts[0] == 0
    assert counts[2] / 9000 == pytest.approx(2 / 10, abs=0.02)


def test_holdings_of_two_zones_are_kept_together_and_stay_uniform() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    mine = cards.seen_by(0)
    unseen = cards.masks[1] | cards.masks[2] | cards.masks[4]
    a3_b3 = cards.layout.mask_of((card("a3"), card("b3")), unseen)
    b1 = cards.layout.mask_of((card("b1"),), unseen)
    holdings = (Holding(1, a3_b3, (0, 1, 1)), Holding(2, b1, (0, 1)))
    rng = random.Random(5)
    counts: Counter[tuple[tuple[str, ...], tuple[str, ...]]] = Counter()
    for _ in range(9000):
        world = mine.deal(rng, *holdings)
        one, two = tuple(texts(world.cards(1))), tuple(texts(world.cards(2)))
        assert ("a3" in one or "b3" in one) and "b1" in two
        counts[one, two] += 1
    # hand 2 holds b1 and one of the five others; the four left deal hand 1 two of them
    # (6 ways), at least one a3 or b3: with a3 or b3 beside b1, 3 ways each; with x, x
    # or b2, 5 ways each: 21 deals, equally likely. Hand 2 is "b1 x" in 10 of them;
    # hand 1 "a3 b3" in 3.
    two_x = sum(k for (_, two), k in counts.items() if two == ("b1", "x"))
    assert two_x / 9000 == pytest.approx(10 / 21, abs=0.025)
    both = sum(k for (one, _), k in counts.items() if one == ("a3", "b3"))
    assert both / 9000 == pytest.approx(3 / 21, abs=0.02)


def test_a_zone_takes_one_holding() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    mine = cards.seen_by(0)
    b3 = cards.layout.mask_of((card("b3"),), cards.masks[2])
    with pytest.raises(ValueError, match="one holding a zone"):
        mine.deal(random.Random(1), Holding(1, b3, (0, 1)), Holding(1, b3, (1, 1)))


def test_a_deal_is_given_holdings_one_by_one() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    b3 = cards.layout.mask_of((card("b3"),), cards.masks[2])
    # the compiled build refuses it at the call, in mypyc's words
    with pytest.raises(TypeError, match=r"a deal keeps Holding values|tuple object expected"):
        cards.seen_by(0).deal(random.Random(1), [Holding(1, b3, (0, 1))])  # type: ignore[arg-type]


def test_a_holding_no_deal_can_keep_is_a_clear_error() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    cards.bar(1, DECK.mask([card("a3"), card("b3")]))  # everyone knows hand 1 lacks both
    mine = cards.seen_by(0)
    a3_b3 = cards.layout.mask_of((card("a3"), card("b3")), cards.masks[2] | cards.masks[4])
    with pytest.raises(PositionError, match="no deal gives hand 1 the cards it is known to hold"):
        mine.deal(random.Random(1), Holding(1, a3_b3, (0, 1, 1)))


def test_a_worlds_ordered_zone_keeps_the_places_the_seat_knows() -> None:
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    cards.show(0, 4, [card("b2")])  # seat 0 knows b2 is in the stock (on top)
    world = cards.seen_by(0).deal(random.Random(1))
    assert world.top(4) == card("b2") and world.count(4) == 2


def test_what_a_games_own_tricks_show_is_known_to_every_seat_and_every_world() -> None:
    # a game that keeps its tricks itself: voids() infers from their plays, seen_by
    # takes them; the hand's own barred cards stay as they are
    cards = dealt(["a1 a2", "b1 x", "x a3"], "b3 b2")
    for seat, text in ((1, "b1"), (2, "a3")):  # seat 2 does not follow b
        cards.move(card(text), seat, 3)
    plays = [(1, card("b1")), (2, card("a3"))]
    b_cards = DECK.mask(DECK.cards_of("b1 b2 b3"))
    assert voids([plays], ORDER) == {2: b_cards}
    mine = cards.seen_by(0, voids([plays], ORDER))
    assert mine.lacking[2] == b_cards and mine.barred[2] == 0 and cards.barred[2] == 0
    # unseen by seat 0: x (hand 1), one card for hand 2 (no b card: x) and the stock
    assert all(mine.deal(random.Random(s)).cards(2) == (card("x"),) for s in range(20))


def test_voids_need_the_suit_an_adopter_led() -> None:
    wild = Deck("w", [("a", 1, "1", "a1"), ("b", 1, "1", "b1"), ("w", 0, "w", "w")])
    order = TrickOrder(adopters=frozenset({wild.card("w")}), deck=wild)
    a1, b1, w = wild.cards_of("a1 b1 w")
    assert voids([[(0, w), (1, b1)]], order) == {}  # led w: which suit is not said
    assert voids([[(0, w, "a"), (1, b1, "b")]], order) == {1: a1.bit}
    assert voids([[(0, a1), (1, w)]], order) == {}  # w takes the led suit: it follows


@attrs.frozen
class TwoFields(View):
    hand: tuple[Card, ...]
    received: tuple[Card, ...]
    cards: SeatCards | None = None


def test_a_card_named_in_two_fields_of_a_view_is_one_card() -> None:
    # the kit counts a card as often as the field naming it most often does: a hand and
    # the cards just received name the same cards (no false leak alarm), while a
    # field naming a face twice (copies) counts it twice, and SeatCards' cards count
    cards = dealt(["a1 a2", "b1 x", "x b3"], "a3 b2")
    a1, a2, x = DECK.cards_of("a1 a2 x")
    view = TwoFields(0, (0,), (a1, a2), (a1,), cards.seen_by(0))
    assert cards_in(view) == Counter({a1: 1, a2: 1})
    assert cards_in(TwoFields(0, (0,), (x, x), (x,))) == Counter({x: 2})


def test_a_seat_is_shown_copies_by_what_it_knows_not_by_where_hidden_copies_lie() -> None:
    # Seat 0 holds one x; the other x is in seat 1's hand in one deal, seat 2's in the
    # other, and seat 0 holds the other physical copy. It cannot tell these apart, so it
    # must be shown the same.
    lay = layout(DECK, PLACES, 3)
    one, two = lay.new("stock"), lay.new("stock")
    stock = lay.zone("stock")
    one.deal(
        stock, [(0, DECK.cards_of("a1 x")), (1, DECK.cards_of("b1 x")), (2, DECK.cards_of("a2 b2"))]
    )
    two.deal(
        stock, [(2, DECK.cards_of("a2 x")), (0, DECK.cards_of("a1 x")), (1, DECK.cards_of("b1 b2"))]
    )
    assert one.masks[0] != two.masks[0]  # seat 0 holds the other copy of x
    mine, theirs = one.seen_by(0), two.seen_by(0)
    assert mine.cards(0) == theirs.cards(0) == DECK.cards_of("a1 x")
    assert mine == theirs


def test_moving_a_whole_ordered_pile_onto_another_keeps_its_order() -> None:
    lay = layout(DECK, (*PLACES, Place("discard", "all", ordered=True)), 3)
    cards = lay.new("stock")
    stock, discard = lay.zone("stock"), lay.zone("discard")
    cards.arrange(stock, DECK.cards_of("b3 a1 x a2 x b1 a3 b2"))
    cards.move_all(stock, discard)
    assert texts(cards.cards(discard)) == ["b3", "a1", "x", "a2", "x", "b1", "a3", "b2"]
    assert cards.top(discard) == card("b2")


def _swapped(cards: Cards, a: int, b: int) -> Cards:
    """``cards`` with physical cards ``a`` and ``b`` (copies of one face) trading places,
    in the masks, the known cards and the piles' orders."""

    def swap(mask: int) -> int:
        bit_a, bit_b = mask >> a & 1, mask >> b & 1
        return mask & ~(1 << a | 1 << b) | bit_a << b | bit_b << a

    out = cards.copy()
    out.masks = [swap(m) for m in cards.masks]
    out.known = [swap(m) for m in cards.known]
    out.orders = [
        None if o is None else [b if i == a else a if i == b else i for i in o]
        for o in cards.orders
    ]
    return out


@pytest.mark.parametrize("seed", range(40))
def test_which_copy_lies_where_never_changes_what_a_seat_is_shown(seed: int) -> None:
    # Random deals of the six faces and the two x, the stock left ordered, and random
    # cards shown to random seats (a copy of x in a zone that also holds the other,
    # unseen, included): each seat is shown the same whichever physical x is where.
    rng = random.Random(seed)
    faces = [*DECK.cards_of("a1 a2 a3 b1 b2 b3"), *DECK.cards_of("x x")]
    rng.shuffle(faces)
    sizes = [rng.randrange(0, 3) for _ in range(3)]
    hands, start = [], 0
    for size in sizes:
        hands.append(" ".join(c.text for c in faces[start : start + size]))
        start += size
    cards = dealt(hands, " ".join(c.text for c in faces[start:]))
    for _ in range(rng.randrange(0, 4)):
        zone = rng.randrange(5)
        held = list(cards.cards(zone))
        if held:
            cards.show(rng.randrange(3), zone, rng.sample(held, rng.randrange(1, len(held) + 1)))
    a, b = (i for i, c in enumerate(DECK.cards) if c.text == "x")
    other = _swapped(cards, a, b)
    for seat in range(3):
        assert cards.seen_by(seat) == other.seen_by(seat)
