"""``cardkit.deals``: exact, uniform constrained deals, checked against brute force."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import permutations, product
from typing import TypeVar

import pytest

from cardkit.cards import Card, Deck
from cardkit.deals import Allowed, DealConstraints, DealError, count_deals, sample_deal
from cardkit.positions import PositionError

SMALL = Deck.product("deals-small", "abc", [(1, "1"), (2, "2"), (3, "3")], text="d{suit}{label}")
"""Nine faces in three suits; the tests deal a few of them, some more than once."""
FULL = Deck.product("deals-52", "CDHS", [(r, str(r)) for r in range(2, 15)], text="d{suit}{label}")

P = TypeVar("P", bound=Hashable)
Rules = dict[Hashable, Allowed[Card]]


def _ok(rule: Allowed[Card], card: Card) -> bool:
    if rule is None:
        return True
    return card in rule if not callable(rule) else rule(card)


def brute_assignments(
    cards: Sequence[Card], sizes: Mapping[P, int], allowed: Mapping[P, Allowed[Card]]
) -> list[tuple[P, ...]]:
    """Every deal, by brute force: each physical card (by position) sent to a place."""
    places = list(sizes)
    out = []
    for where in product(places, repeat=len(cards)):
        held = Counter(where)
        if any(held[p] != sizes[p] for p in places):
            continue
        if all(_ok(allowed.get(p), c) for p, c in zip(where, cards, strict=True)):
            out.append(where)
    return out


def face_deal(hands: Mapping[P, Sequence[Card]]) -> tuple[tuple[P, str], ...]:
    """A deal as each place's sorted faces (what a sample can be told apart by)."""
    return tuple((p, " ".join(sorted(c.text for c in h))) for p, h in hands.items())


def in_suits(suits: str) -> Callable[[Card], bool]:
    return lambda card: card.suit in suits


def up_to(rank: int) -> Callable[[Card], bool]:
    return lambda card: card.rank <= rank


def random_case(rng: random.Random) -> tuple[list[Card], dict[Hashable, int], Rules]:
    """A few cards (faces may repeat), 3 or 4 places (some empty, one a pile) and mixed
    constraints: none, a set of faces, or a test of the suit or rank."""
    n = rng.randint(5, 7) if rng.random() < 0.5 else 8
    cards = [rng.choice(SMALL.faces[: rng.randint(3, 9)]) for _ in range(n)]
    places: list[Hashable] = [0, 1, 2] if n == 8 or rng.random() < 0.5 else [0, 1, 2, "pile"]
    cuts = sorted(rng.randint(0, n) for _ in range(len(places) - 1))
    sizes = {p: b - a for p, a, b in zip(places, [0, *cuts], [*cuts, n], strict=True)}
    allowed: Rules = {}
    for p in places:
        kind = rng.choice(["any", "any", "set", "suit", "rank"])
        if kind == "set":
            allowed[p] = frozenset(rng.sample(SMALL.faces, rng.randint(1, 8)))
        elif kind == "suit":
            allowed[p] = in_suits("".join(rng.sample("abc", rng.randint(1, 2))))
        elif kind == "rank":
            allowed[p] = up_to(rng.randint(1, 3))
        elif rng.random() < 0.5:
            allowed[p] = None
    return cards, sizes, allowed


# (1) exactness


def test_brute_force_by_product_and_by_permutations_agree() -> None:
    cards = list(SMALL.cards_of("da1 da1 db2 dc3 db1 da2"))
    sizes = {0: 2, 1: 3, 2: 1}
    allowed: dict[int, Allowed[Card]] = {0: lambda c: c.suit != "a", 2: frozenset(cards[:2])}
    deals = set()
    for order in permutations(range(len(cards))):
        blocks = [order[0:2], order[2:5], order[5:6]]
        if all(_ok(allowed.get(p), cards[i]) for p, b in enumerate(blocks) for i in b):
            deals.add(tuple(frozenset(b) for b in blocks))
    assert len(deals) == len(brute_assignments(cards, sizes, allowed)) > 0
    assert count_deals(cards, sizes, allowed) == len(deals)


def test_count_deals_equals_brute_force_on_many_random_cases() -> None:
    rng = random.Random(20240601)
    possible = impossible = 0
    for _ in range(160):
        cards, sizes, allowed = random_case(rng)
        brute = len(brute_assignments(cards, sizes, allowed))
        deal = DealConstraints(cards, sizes, allowed)
        assert deal.count() == brute, (cards, sizes, allowed)
        if brute:
            possible += 1
            hands = deal.sample(rng)
            assert {p: len(h) for p, h in hands.items()} == sizes
            assert Counter(c for h in hands.values() for c in h) == Counter(cards)
            for p, h in hands.items():
                assert all(_ok(allowed.get(p), c) for c in h)
        else:
            impossible += 1
            with pytest.raises(DealError, match="no "):
                deal.sample(rng)
    assert possible > 60 and impossible > 20  # both kinds were tried


def test_count_with_no_constraints_is_the_multinomial() -> None:
    cards = list(FULL.cards)
    assert count_deals(cards, {0: 13, 1: 13, 2: 13, 3: 13}) == math.factorial(52) // (
        math.factorial(13) ** 4
    )
    assert count_deals(cards[:10], {"a": 3, "b": 0, "c": 7}, {"b": frozenset()}) == math.comb(10, 3)


# (2) uniformity


def wilson_hilferty(df: int, z: float = 4.753) -> float:
    """The chi-square value with ``df`` degrees of freedom exceeded with the normal tail
    probability of ``z`` (4.753: 1e-6)."""
    a = 2 / (9 * df)
    return float(df * (1 - a + z * math.sqrt(a)) ** 3)


def chi_square(
    draw: Callable[[random.Random], Mapping[P, Sequence[Card]]],
    cards: Sequence[Card],
    sizes: Mapping[P, int],
    allowed: Mapping[P, Allowed[Card]],
    n: int,
    seed: int,
) -> tuple[float, float, int]:
    """The chi-square statistic of ``n`` draws against the exact law of the deals as
    faces (each physical card counted as itself), its 1e-6 threshold and the cells."""
    law: Counter[tuple[tuple[P, str], ...]] = Counter()
    for where in brute_assignments(cards, sizes, allowed):
        law[
            face_deal({p: [c for c, w in zip(cards, where, strict=True) if w == p] for p in sizes})
        ] += 1
    total = sum(law.values())
    rng = random.Random(seed)
    seen = Counter(face_deal(draw(rng)) for _ in range(n))
    assert set(seen) <= set(law), "a deal the constraints do not allow"
    expected = {k: n * v / total for k, v in law.items()}
    assert min(expected.values()) >= 5
    stat = sum((seen[k] - e) ** 2 / e for k, e in expected.items())
    return stat, wilson_hilferty(len(law) - 1), len(law)


UNIFORM_CARDS = list(SMALL.cards_of("da1 da1 db2 db2 dc3 da2 db1"))
UNIFORM_SIZES: dict[Hashable, int] = {0: 3, 1: 2, "pile": 2}
UNIFORM_RULES: dict[Hashable, Allowed[Card]] = {
    0: lambda c: c.suit != "c",
    1: frozenset(SMALL.cards_of("da1 dc3 db1 da2")),
}


def test_deals_are_uniform_counting_each_physical_card() -> None:
    deal = DealConstraints(UNIFORM_CARDS, UNIFORM_SIZES, UNIFORM_RULES)
    stat, limit, cells = chi_square(
        deal.sample, UNIFORM_CARDS, UNIFORM_SIZES, UNIFORM_RULES, 20000, seed=7
    )
    assert cells > 15  # repeated faces: the cells are not equally likely
    assert stat < limit


def test_deals_of_distinct_cards_are_uniform() -> None:
    cards = list(SMALL.faces)
    sizes: dict[Hashable, int] = {0: 2, 1: 3, 2: 4}
    rules: dict[Hashable, Allowed[Card]] = {0: lambda c: c.suit != "c", 1: lambda c: c.rank != 1}
    deal = DealConstraints(cards, sizes, rules)
    stat, limit, cells = chi_square(deal.sample, cards, sizes, rules, 20000, seed=11)
    assert deal.count() == cells > 100
    assert stat < limit


def test_the_chi_square_check_catches_deals_uniform_over_faces_instead_of_cards() -> None:
    """The mistake the sampler must not make with repeated faces: every different deal
    of faces equally likely, whatever the copies."""
    faces = sorted(
        {
            face_deal(
                {
                    p: [c for c, w in zip(UNIFORM_CARDS, where, strict=True) if w == p]
                    for p in UNIFORM_SIZES
                }
            )
            for where in brute_assignments(UNIFORM_CARDS, UNIFORM_SIZES, UNIFORM_RULES)
        }
    )

    def by_faces(rng: random.Random) -> dict[Hashable, list[Card]]:
        return {p: list(SMALL.cards_of(texts.split())) for p, texts in rng.choice(faces)}

    stat, limit, _ = chi_square(
        by_faces, UNIFORM_CARDS, UNIFORM_SIZES, UNIFORM_RULES, 20000, seed=7
    )
    assert stat > limit


def test_each_place_gets_its_cards_in_a_uniformly_random_order() -> None:
    """A pile's order matters (the next card drawn): every order equally likely."""
    cards = list(SMALL.cards_of("da1 db1 dc1 dc2"))
    deal = DealConstraints(cards, {0: 1, "pile": 3}, {0: in_suits("c")})
    rng = random.Random(13)
    n = 12000
    seen = Counter(tuple(c.text for c in deal.sample(rng)["pile"]) for _ in range(n))
    assert len(seen) == 12  # the other c card in each of 3! orders
    stat = sum((k - n / 12) ** 2 / (n / 12) for k in seen.values())
    assert stat < wilson_hilferty(11)


def test_unordered_deals_are_uniform_too() -> None:
    """``ordered=False`` draws the same deals, equally likely: with constraints, and
    with none (where a few cards are drawn one by one and the largest place takes the
    rest)."""
    deal = DealConstraints(UNIFORM_CARDS, UNIFORM_SIZES, UNIFORM_RULES)
    stat, limit, _ = chi_square(
        lambda rng: deal.sample(rng, ordered=False),
        UNIFORM_CARDS,
        UNIFORM_SIZES,
        UNIFORM_RULES,
        20000,
        seed=8,
    )
    assert stat < limit
    cards = list(SMALL.faces)
    sizes: dict[Hashable, int] = {0: 1, 1: 1, "stock": 7}
    free = DealConstraints(cards, sizes)
    stat, limit, cells = chi_square(
        lambda rng: free.sample(rng, ordered=False), cards, sizes, {}, 20000, seed=9
    )
    assert cells == 72 and stat < limit


def test_sets_and_tests_of_the_same_cards_sort_them_alike() -> None:
    """Sets of cards (split by set operations) and tests (asked card by card) allow the
    same deals; a rule shared by several places is asked once."""
    rng = random.Random(20240602)
    for _ in range(60):
        cards, sizes, allowed = random_case(rng)
        cards = list(dict.fromkeys(cards))  # no card twice: the set operations apply
        places = list(sizes)
        sizes = dict(zip(places, sorted(rng.randint(0, 3) for _ in places), strict=True))
        sizes[places[-1]] = len(cards) - sum(sizes[p] for p in places[:-1])
        if sizes[places[-1]] < 0:
            continue
        as_sets = {
            p: None if rule is None else frozenset(c for c in SMALL.faces if _ok(rule, c))
            for p, rule in allowed.items()
        }
        as_tests = {p: None if r is None else r.__contains__ for p, r in as_sets.items()}
        count = len(brute_assignments(cards, sizes, as_sets))
        assert count_deals(cards, sizes, as_sets) == count_deals(cards, sizes, as_tests) == count
    shared = frozenset(SMALL.cards_of("da1 db1 dc1"))
    cards = list(SMALL.faces)
    sizes = {0: 1, 1: 1, 2: 7}
    assert count_deals(cards, sizes, {0: shared, 1: shared}) == 3 * 2 * 1


# (3) constraints a rejection sampler could not meet


def test_a_seat_that_may_hold_only_hearts_gets_the_thirteen_hearts() -> None:
    cards = list(FULL.cards)
    sizes = {0: 13, 1: 13, 2: 13, 3: 13}
    rules: dict[int, Allowed[Card]] = {0: lambda c: c.suit == "H"}
    deal = DealConstraints(cards, sizes, rules)
    assert deal.count() == math.factorial(39) // math.factorial(13) ** 3
    rng = random.Random(3)
    for _ in range(50):
        assert {c.suit for c in deal.sample(rng)[0]} == {"H"}


def test_voids_are_always_respected_and_the_sampler_never_fails() -> None:
    cards = list(FULL.cards)
    sizes = {0: 13, 1: 13, 2: 13, 3: 13}
    rules: dict[int, Allowed[Card]] = {1: lambda c: c.suit not in "HS", 2: lambda c: c.suit != "C"}
    deal = DealConstraints(cards, sizes, rules)
    assert deal.count() > 0
    rng = random.Random(5)
    diamonds_in_1: Counter[int] = Counter()
    for _ in range(400):
        hands = deal.sample(rng)
        assert sorted(c.id for h in hands.values() for c in h) == sorted(c.id for c in cards)
        assert all(len(h) == 13 for h in hands.values())
        assert all(c.suit in "CD" for c in hands[1])
        assert all(c.suit != "C" for c in hands[2])
        diamonds_in_1[sum(c.suit == "D" for c in hands[1])] += 1
    assert len(diamonds_in_1) > 3  # not one deal over and over


def test_places_may_be_named_piles_and_empty() -> None:
    cards = list(FULL.cards[:20])
    sizes = {"north": 5, "kitty": 0, "stock": 15}
    rules: dict[str, Allowed[Card]] = {"north": frozenset(cards[:6]), "kitty": frozenset()}
    hands = sample_deal(cards, sizes, rules, random.Random(1))
    assert hands["kitty"] == [] and len(hands["stock"]) == 15
    assert set(hands["north"]) <= set(cards[:6])
    assert count_deals(cards, sizes, rules) == 6


# (4) impossible constraints


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            {2: lambda c: c.suit == "H" and c.rank < 10},
            "no deal gives seat 2 13 cards it may hold: only 8 of the 52 cards may go there",
        ),
        (
            {1: lambda c: c.suit == "H", 2: lambda c: c.suit == "H"},
            "no deal gives seat 1 and seat 2 26 cards they may hold: only 13 of the 52",
        ),
        (
            {p: (lambda c: c.suit in "CD") for p in range(3)},
            "no deal gives seat 0, seat 1 and seat 2 39 cards they may hold: only 26 of the 52",
        ),
        (
            {p: (lambda c: c.text != "dS14") for p in range(4)},
            "no place with room may hold dS14",
        ),
    ],
)
def test_impossible_constraints_raise_a_clear_error(
    rules: dict[int, Allowed[Card]], message: str
) -> None:
    cards = list(FULL.cards)
    sizes = {0: 13, 1: 13, 2: 13, 3: 13}
    assert count_deals(cards, sizes, rules) == 0
    with pytest.raises(DealError, match=message) as caught:
        sample_deal(cards, sizes, rules, random.Random(1))
    assert isinstance(caught.value, PositionError) and isinstance(caught.value, ValueError)


def test_inputs_that_do_not_fit_together_are_refused_at_once() -> None:
    cards = list(FULL.cards[:10])
    with pytest.raises(DealError, match="10 cards cannot fill places that hold 9"):
        DealConstraints(cards, {0: 4, 1: 5})
    with pytest.raises(DealError, match="constraints for seat 7, which is not a place"):
        DealConstraints(cards, {0: 5, 1: 5}, {7: None})
    with pytest.raises(DealError, match="dD2, known to be in seat 0, is not among the cards"):
        DealConstraints(cards, {0: 5, 1: 5}, fixed={0: FULL.cards_of("dD2")})
    with pytest.raises(DealError, match="seat 1 holds 1 cards, not the 2 known"):
        DealConstraints(cards, {0: 9, 1: 1}, fixed={1: cards[:2]})
    with pytest.raises(DealError, match="seat 0 cannot hold -1 cards"):
        DealConstraints(cards, {0: -1, 1: 11})


# (5) fixed cards


def test_fixed_cards_are_placed_first_and_taken_from_the_cards() -> None:
    cards = list(SMALL.cards_of("da1 da1 db2 dc3 db1 da2 dc1"))
    passed = list(SMALL.cards_of("da1 dc3"))
    sizes = {0: 3, 1: 2, 2: 2}
    rules: dict[int, Allowed[Card]] = {1: lambda c: c.suit != "a"}
    deal = DealConstraints(cards, sizes, rules, fixed={0: passed})
    rest = list(SMALL.cards_of("da1 db2 db1 da2 dc1"))
    assert deal.count() == len(brute_assignments(rest, {0: 1, 1: 2, 2: 2}, rules)) > 0
    rng = random.Random(2)
    for _ in range(100):
        hands = deal.sample(rng)
        assert hands[0][:2] == passed and len(hands[0]) == 3
        assert Counter(c for h in hands.values() for c in h) == Counter(cards)
        assert all(c.suit != "a" for c in hands[1])


def test_fixed_cards_listed_first_or_anywhere_give_the_same_deals() -> None:
    passed = list(SMALL.cards_of("dc3 da1"))
    first = [*passed, *SMALL.cards_of("da1 db2 db1 da2 dc1")]
    later = list(SMALL.cards_of("da1 db2 da1 db1 dc3 da2 dc1"))
    sizes = {0: 3, 1: 2, 2: 2}
    rules: dict[int, Allowed[Card]] = {1: lambda c: c.suit != "a"}
    one, two = (DealConstraints(c, sizes, rules, fixed={0: passed}) for c in (first, later))
    assert one.count() == two.count() > 0
    for deal in (one, two):
        hands = deal.sample(random.Random(3))
        assert hands[0][:2] == passed
        assert Counter(c for h in hands.values() for c in h) == Counter(first)


def test_a_fixed_card_its_place_may_not_hold_makes_the_deal_impossible() -> None:
    cards = list(SMALL.cards_of("da1 db2 dc3 db1"))
    deal = DealConstraints(cards, {0: 2, 1: 2}, {0: lambda c: c.suit == "b"}, {0: cards[:1]})
    assert deal.count() == 0
    with pytest.raises(DealError, match="da1 is known to be in seat 0, which may not hold it"):
        deal.sample(random.Random(1))


# (6) determinism


def test_the_same_rng_state_gives_the_same_deal() -> None:
    cards = list(FULL.cards)
    sizes = {0: 13, 1: 13, 2: 13, 3: 13}
    voids: dict[int, Allowed[Card]] = {1: lambda c: c.suit not in "HS", 2: lambda c: c.suit != "C"}
    for rules in ({}, voids):
        deal = DealConstraints(cards, sizes, rules)
        one = [deal.sample(random.Random(9)) for _ in range(2)]
        assert one[0] == one[1]
        assert sample_deal(cards, sizes, rules, random.Random(9)) == one[0]
        rng, again = random.Random(4), random.Random(4)
        assert [deal.sample(rng) for _ in range(5)] == [deal.sample(again) for _ in range(5)]
        assert deal.sample(random.Random(10)) != one[0]


def test_only_the_given_rng_is_used() -> None:
    state = random.getstate()
    sample_deal(list(FULL.cards), {0: 26, 1: 26}, {0: lambda c: c.suit != "C"}, random.Random(1))
    sample_deal(list(FULL.cards), {0: 26, 1: 26}, None, random.Random(1))
    assert random.getstate() == state
