from __future__ import annotations

import pytest

from cardkit import Card, Deck, Trick, TrickOrder
from cardkit.tricks import first_revoke, trick_problem

DECK = Deck(
    "t",
    [(s, r, str(r), f"{s}{r}") for s in "RYG" for r in (1, 9, 11, 13)]
    + [("B", 10, "10", "B10", 2), ("B", 12, "12", "B12", 2)],
)
C = DECK.card
BLUES = frozenset({C("B10"), C("B12")})


def play(order: TrickOrder, cards: str, declared: str | None = None) -> int:
    trick = Trick(leader=0)
    for seat, text in enumerate(cards.split()):
        trick.add(seat, C(text), order, declared if seat == 0 else None)
    return trick.winner()


def test_highest_of_led_suit_wins_without_trump() -> None:
    assert play(TrickOrder(), "R9 Y13 R11 G13") == 2


def test_trump_beats_the_led_suit() -> None:
    order = TrickOrder(trump="G")
    assert play(order, "R13 G1 R11") == 1
    assert play(order, "R13 G1 G9") == 2


def test_fixed_hierarchy_gives_the_led_suit_no_priority() -> None:
    order = TrickOrder(suit_rank={"R": 3, "Y": 2, "G": 1})
    assert play(order, "G13 R1 Y13") == 1
    assert play(order, "Y1 G13") == 0


def test_adopter_takes_the_led_suit_and_ranks_by_number() -> None:
    order = TrickOrder(trump="G", adopters=BLUES)
    assert play(order, "R9 B10 R1") == 1  # blue 10 counts as red, above the 9
    assert play(order, "R11 B10") == 0
    assert play(order, "R11 B12 R13") == 2  # blue 12 sits between 11 and 13
    assert play(order, "R13 G1 B12") == 1  # a blue is red here, never trump


def test_led_adopter_takes_the_declared_suit_and_may_be_trump() -> None:
    order = TrickOrder(trump="G", adopters=BLUES)
    assert play(order, "B10 G9 R13", declared="G") == 0
    assert play(order, "B10 G11 R13", declared="G") == 1
    assert play(order, "B10 Y13 R13", declared="Y") == 1
    with pytest.raises(ValueError, match="declared suit"):
        play(order, "B10 R1")


def test_the_winner_follows_the_order_the_cards_were_added_with() -> None:
    trick = Trick(leader=0)
    for seat, text in enumerate(["R9", "G1"]):
        trick.add(seat, C(text), TrickOrder())
    # an order given to winner() is ignored: green was not trump when G1 was added
    assert trick.winner(TrickOrder(trump="G")) == trick.winner() == 0


def test_first_played_wins_between_equal_cards() -> None:
    order = TrickOrder(adopters=BLUES)
    assert play(order, "R1 B12 B12") == 1
    assert play(order, "B10 B10 R9", declared="R") == 0


def test_follow_suit_with_adopters_always_playable() -> None:
    order = TrickOrder(adopters=BLUES)
    hand = DECK.cards_of("R1 Y9 B10 G13")
    assert order.playable(hand, "R") == list(DECK.cards_of("R1 B10"))
    assert order.playable(hand, "Y") == list(DECK.cards_of("Y9 B10"))
    # no natural card of the led suit: anything goes, the blue included
    assert order.playable(DECK.cards_of("Y9 B10"), "R") == list(DECK.cards_of("Y9 B10"))
    assert order.playable(hand, None) == list(hand)


# -- card sets as bitmasks --------------------------------------------------------
# DECK's ids: R1 R9 R11 R13 = 0-3, Y1 Y9 Y11 Y13 = 4-7, G1 G9 G11 G13 = 8-11,
# B10 = 12, B12 = 13.


def texts(cards: tuple[object, ...]) -> list[str]:
    return [str(c) for c in cards]


def test_deck_masks_and_cards_in_deck_order() -> None:
    assert DECK.mask([C("R9"), C("G1")]) == (1 << 1) | (1 << 8)
    assert DECK.mask([C("B10"), C("B10")]) == 1 << 12  # copies share a bit
    assert DECK.suit_mask("Y") == 0b1111 << 4
    assert DECK.suit_mask("Q") == 0
    assert texts(DECK.cards_in(DECK.mask([C("B10"), C("G13"), C("R1")]))) == ["R1", "G13", "B10"]


def test_table_lists_suits_in_the_given_order_each_from_the_lowest_id() -> None:
    table = DECK.table(lambda c: c.text, suits=("B", "G", "Y", "R"))
    mask = DECK.mask(C(t) for t in ("R9", "R1", "G11", "B12", "B10"))
    assert table.of(mask) == ("B10", "B12", "G11", "R1", "R9")
    assert table.of_suit(mask, "R") == ("R1", "R9")
    assert table.of(0) == ()


def test_table_of_gives_several_items_per_card_or_none() -> None:
    table = DECK.table_of(lambda c: (c.text, c.text) if c.suit == "B" else ())
    assert table.of(DECK.mask([C("R1"), C("B12")])) == ("B12", "B12")


def test_table_needs_every_suit_once() -> None:
    with pytest.raises(ValueError, match="list each suit once"):
        DECK.table(lambda c: c, suits=("R", "Y", "G"))


def test_table_over_a_suit_wider_than_one_chunk() -> None:
    wide = Deck("wide", [("S", r, str(r), f"S{r}") for r in range(1, 21)])
    table = wide.table(lambda c: c.rank)
    assert table.of((1 << 20) - 1) == tuple(range(1, 21))
    assert table.of_suit((1 << 0) | (1 << 19), "S") == (1, 20)
    assert table.suit_rows("S") is None  # 20 cards: more than one chunk


HAND = DECK.mask([C("R1"), C("R13"), C("Y9"), C("B10")])


def test_playable_mask_follows_suit_and_keeps_adopters() -> None:
    order = TrickOrder(trump="Y", adopters=BLUES, deck=DECK)
    assert order.playable_mask(HAND, "R") == DECK.mask([C("R1"), C("R13"), C("B10")])
    assert order.playable_mask(HAND, "G") == HAND  # no green held: anything
    assert order.playable_mask(HAND, None) == HAND  # leading: anything
    plain = TrickOrder(trump="Y", deck=DECK)  # the Blues are a suit of their own here
    assert plain.playable_mask(HAND, "R") == DECK.mask([C("R1"), C("R13")])


def test_must_follow_is_the_refusal_of_playable_mask() -> None:
    order = TrickOrder(adopters=BLUES, deck=DECK)
    assert order.must_follow(HAND, C("Y9"), "R")
    assert not order.must_follow(HAND, C("B10"), "R")  # an adopter may always be played
    assert not order.must_follow(HAND, C("R13"), "R")
    assert not order.must_follow(HAND, C("Y9"), "G")  # void in green
    assert not order.must_follow(HAND, C("Y9"), None)


@pytest.mark.parametrize("adopters", [frozenset(), BLUES])
def test_legal_and_legal_for_list_the_playable_cards_in_table_order(
    adopters: frozenset[Card],
) -> None:
    order = TrickOrder(adopters=adopters, deck=DECK)
    table = DECK.table(lambda c: c.text)
    fast = order.legal_for(table)
    follow_r = ["R1", "R13", "B10"] if adopters else ["R1", "R13"]
    for legal in (lambda h, led: order.legal(h, led, table), fast):
        assert list(legal(HAND, "R")) == follow_r
        assert list(legal(HAND, "G")) == ["R1", "R13", "Y9", "B10"]
        assert list(legal(HAND, None)) == ["R1", "R13", "Y9", "B10"]


def test_bitmask_methods_need_the_deck() -> None:
    with pytest.raises(ValueError, match="no deck"):
        TrickOrder().playable_mask(HAND, "R")


@pytest.mark.parametrize("deck", [None, DECK])
def test_tricks_with_and_without_the_deck_agree(deck: Deck | None) -> None:
    # led R, trump Y: the lowest trump beats the highest red; green cannot win
    assert play(TrickOrder(trump="Y", deck=deck), "R9 Y1 R13 G13") == 1
    # without trump the R13 wins
    assert play(TrickOrder(deck=deck), "R9 Y1 R13 G13") == 2
    blues = TrickOrder(trump="G", adopters=BLUES, deck=deck)
    # a led B12 declared red is a red 12: above R11, and Y13 does not follow
    assert play(blues, "B12 R11 Y13", declared="R") == 0
    # declared green it is trump, but G13 is higher
    assert play(blues, "B12 G13", declared="G") == 1
    # two equal Blue 10s both take red and beat R1: the first played wins
    assert play(blues, "R1 B10 B10") == 1


def test_would_win_restart_copy_and_pairs() -> None:
    order = TrickOrder(trump="Y", deck=DECK)
    trick = Trick(leader=2)
    assert trick.would_win(C("G1"), order)  # nothing led yet
    trick.add(2, C("R9"), order)
    assert trick.would_win(C("Y1"), order)  # trump
    assert not trick.would_win(C("R1"), order)
    assert not trick.would_win(C("G13"), order)  # off-suit
    copy = trick.copy()
    trick.add(3, C("R13"), order)
    assert copy.pairs() == ((2, C("R9")),)
    assert trick.pairs() == ((2, C("R9")), (3, C("R13")))
    trick.restart(3)
    assert (trick.leader, trick.pairs(), trick.led) == (3, (), None)
    trick.add(3, C("G1"), order)
    assert trick.winner() == 3 and trick.led == "G"


def played(order: TrickOrder, cards: str, declared: str | None = None) -> tuple[int, Trick]:
    """Play ``cards`` (seat 0 leads) with Trick.play; the winner it answers, and the trick."""
    seats = cards.split()
    trick = Trick(0, order=order, size=len(seats))
    answers = [trick.play(s, C(t), declared if s == 0 else None) for s, t in enumerate(seats)]
    assert answers[:-1] == [-1] * (len(seats) - 1)  # not complete until the last card
    return answers[-1], trick


@pytest.mark.parametrize(
    ("order", "cards", "declared", "winner"),
    [
        (TrickOrder(trump="Y", deck=DECK), "R9 Y1 R13 G13", None, 1),  # the lowest trump
        (TrickOrder(deck=DECK), "R9 Y1 R13 G13", None, 2),  # no trump: the highest red
        (TrickOrder(suit_rank={"R": 3, "Y": 2, "G": 1, "B": 0}, deck=DECK), "G13 R1 Y13", None, 1),
        (TrickOrder(trump="G", adopters=BLUES, deck=DECK), "B12 R11 Y13", "R", 0),  # a red 12
        (TrickOrder(trump="G", adopters=BLUES, deck=DECK), "B12 G13", "G", 1),
        (TrickOrder(trump="G", adopters=BLUES, deck=DECK), "R1 B10 B10", None, 1),  # first wins
    ],
)
def test_play_answers_the_winner_once_complete(
    order: TrickOrder, cards: str, declared: str | None, winner: int
) -> None:
    answer, trick = played(order, cards, declared)
    assert answer == winner == trick.winner()
    added = Trick(0)
    for seat, text in enumerate(cards.split()):
        added.add(seat, C(text), order, declared if seat == 0 else None)
    assert trick.plays() == added.plays() and trick.best == added.best


def test_play_keeps_the_led_suit_index_and_restart_clears_it() -> None:
    order = TrickOrder(trump="G", adopters=BLUES, deck=DECK)
    trick = Trick(2, order=order, size=3)
    assert trick.lead == -1
    trick.play(2, C("B10"), "Y")  # a led Blue takes the declared suit
    assert trick.led == "Y" and trick.lead == DECK.suits.index("Y")
    copy = trick.copy()
    trick.restart(0)
    assert (trick.lead, trick.led, len(trick)) == (-1, None, 0)
    assert copy.lead == DECK.suits.index("Y") and copy.play(0, C("Y1")) == -1
    with pytest.raises(ValueError, match="declared suit"):
        trick.play(0, C("B12"))


def test_play_needs_an_order_and_works_without_its_deck() -> None:
    with pytest.raises(ValueError, match="needs its order"):
        Trick(0, size=2).play(0, C("R1"))
    # a deck-less order computes each card's key: trump G beats the led red 13
    trick = Trick(0, order=TrickOrder(trump="G"), size=3)
    assert [trick.play(s, C(t)) for s, t in enumerate(["R13", "G1", "R1"])] == [-1, -1, 1]
    assert trick.suits == ["R", "G", "R"] and trick.lead == -1


@pytest.mark.parametrize("adopters", [frozenset(), BLUES])
def test_legal_into_lists_what_legal_lists(adopters: frozenset[Card]) -> None:
    order = TrickOrder(trump="G", adopters=adopters, deck=DECK)
    table = DECK.table(lambda card: card.text)
    legal_into = order.legal_into(table)
    hands = [HAND, DECK.mask([C("Y9"), C("G1")]), DECK.mask(DECK.faces)]
    for lead in ("R1", "Y1", "G13", "B12"):
        for hand in hands:
            trick = Trick(0, order=order, size=4)
            assert legal_into(hand, trick) == order.legal(hand, None, table)  # leading
            trick.play(0, C(lead), "R" if C(lead) in adopters else None)
            assert legal_into(hand, trick) == order.legal(hand, trick.led, table)


def test_table_expression_is_the_lookup_of_the_whole_mask() -> None:
    table = DECK.table(lambda card: card.text)
    body, names = table.expression("hand")
    for mask in (0, HAND, DECK.mask(DECK.faces)):
        assert eval(body, dict(names), {"hand": mask}) == table.of(mask)


def test_a_copied_state_shares_its_deck_and_trick_order() -> None:
    import copy

    from tests.tinygame import DECK as TINY

    order = TrickOrder(trump="a", deck=TINY)
    holder = {"order": order, "deck": TINY}
    copied = copy.deepcopy(holder)
    assert copied["order"] is order and copied["deck"] is TINY


# -- checking a hand's tricks (positions) ---------------------------------------------

PLAIN = TrickOrder(deck=DECK)


def pairs(text: str, leader: int, players: int = 3) -> list[tuple[int, Card]]:
    return [((leader + i) % players, C(t)) for i, t in enumerate(text.split())]


def hands(*texts: str) -> list[int]:
    return [DECK.mask(C(t) for t in h.split()) for h in texts]


def test_tricks_that_keep_the_rules_show_no_problem() -> None:
    # seat 0 leads R1; seat 2 wins with R13 and leads Y1; seat 1 has no Y left
    tricks = [pairs("R1 R9 R13", 0), pairs("Y1 Y9", 2)]
    assert trick_problem(tricks, 0, hands("G1", "G9 G11", "G13"), PLAIN) is None


@pytest.mark.parametrize(
    ("tricks", "leader", "now", "words"),
    [
        # seat 1 discarded G9 on R1 but still holds R11: it held red then
        ([pairs("R1 G9 R13", 0), []], 0, ("Y1", "R11", "Y9"), "trick 1: seat 1 played G9"),
        # it plays R11 later, so it held red at trick 1 too (its cards then include it)
        ([pairs("R1 G9 R13", 0), pairs("Y1 Y9 R11", 2), []], 0, ("", "", ""), "trick 1: seat 1"),
        # the trick goes to seat 2 (R13), but seat 0 leads the next one
        (
            [pairs("R1 R9 R13", 0), pairs("Y1", 0)],
            0,
            ("Y9", "G1", "G9"),
            "seat 0 plays where seat 2",
        ),
        ([pairs("R1 R9", 0), []], 0, ("Y1", "G1", "G9"), "trick 1 holds 2 cards, not 3"),
        ([pairs("R1 R9 R13", 0)], 0, ("", "", ""), "the trick in progress holds 3 cards"),
        ([pairs("R1 R9 R13", 1), []], 0, ("Y1", "G1", "G9"), "seat 1 plays where seat 0"),
    ],
)
def test_a_broken_rule_of_the_tricks_is_named(
    tricks: list[list[tuple[int, Card]]], leader: int, now: tuple[str, ...], words: str
) -> None:
    problem = trick_problem(tricks, leader, hands(*now), PLAIN)
    assert problem is not None and words in problem and "\n" not in problem, problem


def test_a_revoke_names_the_suit_led() -> None:
    # seat 1 discards G9 on the led R1 while it still holds R11
    problem = trick_problem([pairs("R1 G9 R13", 0), []], 0, hands("Y1", "R11", "Y9"), PLAIN)
    assert problem == "trick 1: seat 1 played G9 without following the suit it held, R"


def test_a_play_given_the_wrong_suit_in_the_trick_is_named() -> None:
    # plays as Trick.plays gives them, with each card's suit in the trick: R9 is red
    tricks = [[(0, C("R1"), "R"), (1, C("R9"), "Y"), (2, C("R13"), "R")], []]
    problem = trick_problem(tricks, 0, hands("Y1", "G1", "G9"), PLAIN)
    assert problem == "trick 1: R9 is not of the suit it takes in the trick"
    tricks[0][1] = (1, C("R9"), "R")
    assert trick_problem(tricks, 0, hands("Y1", "G1", "G9"), PLAIN) is None


def test_the_leader_of_an_empty_trick_in_progress_is_the_last_winner() -> None:
    # R13 wins trick 1 for seat 2, who leads the next (no card of it played yet)
    tricks = [pairs("R1 R9 R13", 0), []]
    now = hands("Y1", "G1", "G9")
    assert trick_problem(tricks, 0, now, PLAIN, leads=2) is None
    problem = trick_problem(tricks, 0, now, PLAIN, leads=0)
    assert problem == "the trick in progress is led by seat 2, not seat 0"


def test_first_revoke_is_the_earliest_play_off_a_suit_its_seat_held() -> None:
    # trick 2 is led by seat 2 (R13 won trick 1): seat 0 plays G1, seat 1 Y9
    tricks = [pairs("R1 G9 R13", 0), pairs("Y1 G1 Y9", 2)]
    # seat 1 discarded G9 on red holding R11; seat 0 discarded G1 on yellow holding Y11
    assert first_revoke(tricks, hands("Y11", "R11", ""), PLAIN) == (0, 1, C("G9"))
    assert first_revoke(tricks, hands("Y11", "", ""), PLAIN) == (1, 0, C("G1"))
    assert first_revoke(tricks, hands("G11", "G13", ""), PLAIN) is None
