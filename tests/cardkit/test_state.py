"""The state protocol through the tiny test game: explicit deals, who may act,
sealed choices, response windows, legality and errors, matches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

from cardkit import CHANCE, Action, Decline, IllegalActionError, OptionError, Play, Shuffle
from cardkit.game import Refusal
from tests.tinygame import CHEER, DECK, GAME, Cheer, Pick, TinyState

C = DECK.card


def dealt(deal: list[str], players: int = 2, **options: object) -> TinyState:
    """A tiny match whose first hand is dealt as given (seat 1 is left of dealer 0)."""
    state = GAME.create(players, seed=1, options=options, auto_chance=False)
    assert isinstance(state, TinyState)
    assert state.to_act() == (CHANCE,)
    state.apply(CHANCE, state.deal_shuffle([DECK.cards_of(h) for h in deal]))
    return state


def pick_all(state: TinyState, *modes: str) -> None:
    for seat, mode in enumerate(modes):
        state.apply(seat, Pick(mode))


def test_explicit_deal_gives_the_named_hands() -> None:
    state = dealt(["a1 b4", "a3 w"])
    assert state.view(0).hand == DECK.cards_of("a1 b4")
    assert state.view(1).hand == DECK.cards_of("a3 w")
    assert state.chance_cards() == ()


def test_chance_must_order_exactly_the_due_cards() -> None:
    state = GAME.create(2, seed=1, auto_chance=False)
    with pytest.raises(IllegalActionError) as info:
        state.apply(CHANCE, Shuffle(DECK.cards[:-1]))
    assert info.value.code == "wrong-cards"
    assert state.history == []
    state.apply(CHANCE, Shuffle(DECK.cards))
    with pytest.raises(IllegalActionError) as info:
        state.apply(CHANCE, Shuffle(DECK.cards))
    assert info.value.code == "no-chance"


def test_sealed_choice_is_simultaneous_and_secret_until_revealed() -> None:
    state = dealt(["a1 b4", "a3 w"])
    assert state.to_act() == (0, 1)
    state.apply(1, Pick("low"))
    assert state.to_act() == (0,)
    assert state.view(1).my_pick == "low"
    assert state.view(0).my_pick is None
    assert state.view(0).picks == ()  # seat 0 cannot see seat 1's pick yet
    state.apply(0, Pick("high"))
    assert state.view(0).picks == ((0, "high"), (1, "low"))
    assert state.mode == "high"  # a tie goes to high


def test_illegal_action_names_action_seat_reason_and_changes_nothing() -> None:
    state = dealt(["a1 b4", "a3 w"])
    pick_all(state, "high", "high")
    assert state.to_act() == (1,)  # left of the dealer leads
    before = (list(state.history), state.view(0), state.view(1))
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, Play(C("a1")))
    err = info.value
    assert isinstance(err, ValueError)
    assert err.code == "not-your-turn"
    assert err.seat == 0
    assert "'play a1'" in str(err) and "seat 0" in str(err)
    assert (list(state.history), state.view(0), state.view(1)) == before
    with pytest.raises(IllegalActionError) as checked:
        state.check(0, Play(C("a1")))  # the same verdict without applying
    assert checked.value.code == "not-your-turn"
    state.check(1, Play(C("a3")))  # legal: no error, and nothing applied
    assert (list(state.history), state.view(0), state.view(1)) == before


def test_must_follow_suit_reason() -> None:
    state = dealt(["a1 b4", "a3 w"])
    pick_all(state, "high", "high")
    state.apply(1, Play(C("a3")))
    assert state.legal_actions(0) == (Play(C("a1")),)
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, Play(C("b4")))
    assert info.value.code == "must-follow-suit"
    assert "must follow suit" in info.value.reason


def test_led_wild_is_declared_and_wins_as_trump() -> None:
    state = dealt(["a1 b4", "b3 w"])
    pick_all(state, "high", "high")
    leads = state.legal_actions(1)
    assert Play(C("w"), "a") in leads and Play(C("w"), "b") in leads
    assert Play(C("w")) not in leads
    state.apply(1, Play(C("w"), "a"))  # declared trump a, rank 0
    state.apply(0, Play(C("a1")))  # a higher trump
    assert state.tricks == [1, 0]


def test_response_window_opens_after_a_trick_and_the_next_lead_closes_it() -> None:
    state = dealt(["a1 a2 b1", "a3 a4 b2", "b3 b4 w"], players=3, hand_size=3)
    pick_all(state, "high", "high", "high")
    # seat 1 leads (left of dealer 0); a is trump by default
    state.apply(1, Play(C("a3")))
    state.apply(2, Play(C("b3")))
    state.apply(0, Play(C("a1")))
    assert state.tricks == [0, 1, 0]
    assert state.to_act() == (0, 2, 1)  # responders first, then the leader
    assert state.legal_actions(0) == (CHEER, Decline())
    state.apply(2, CHEER)
    assert state.board.totals == [0, 1, 0]
    assert state.to_act() == (0, 1)
    with pytest.raises(IllegalActionError):
        state.apply(2, CHEER)  # answered already
    state.apply(1, Play(C("a4")))  # the next lead closes the window
    assert state.to_act() == (2,)
    assert state.legal_actions(0) == ()


def test_low_mode_scores_negative_and_match_rotates_the_dealer() -> None:
    state = dealt(["a1 b4", "a3 b2"], hands=2)
    pick_all(state, "low", "low")
    state.apply(1, Play(C("a3")))
    state.apply(0, Play(C("a1")))
    state.apply(0, Decline())
    state.apply(1, Play(C("b2")))
    state.apply(0, Play(C("b4")))
    # seat 1 won a3/a1, seat 0 won b4 over b2: one trick each, low mode
    assert state.board.totals == [-1, -1]
    assert state.order.dealer == 1
    assert state.to_act() == (CHANCE,)
    assert not state.is_over()


def test_match_ends_after_its_hands_and_ties_share() -> None:
    state = GAME.create(2, seed=3, options={"hands": 1})
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    result = state.result()
    assert state.to_act() == ()
    assert result.finished
    top = max(result.scores)
    assert result.winners == tuple(i for i, s in enumerate(result.scores) if s == top)
    assert sum(result.share(s) for s in range(2)) == pytest.approx(1.0)


def test_players_and_options_are_validated_at_creation() -> None:
    with pytest.raises(OptionError, match="2 to 3 players, not 4"):
        GAME.create(4)
    with pytest.raises(OptionError, match="2 to 3 players, not 1"):
        GAME.check_players(1)
    with pytest.raises(OptionError, match="whole number, not True"):
        GAME.check_players(True)
    with pytest.raises(OptionError, match="hand_size 4 needs 12 cards for 3 players"):
        GAME.create(3, options={"hand_size": 4})
    assert GAME.create(2, options={"hand_size": 4}).players == 2
    with pytest.raises(OptionError, match="allowed a, b, none"):
        GAME.create(2, options={"trump": "c"})


def test_clone_is_independent() -> None:
    state = dealt(["a1 b4", "a3 w"])
    copy = state.clone()
    pick_all(copy, "high", "low")
    assert state.to_act() == (0, 1)
    assert copy.to_act() == (1,)
    assert copy.game is state.game


class Slotted(TinyState):
    """Tiny with a ``__slots__`` field and the fast copy of just the fields named."""

    __slots__ = ("notes",)
    copied = ("order", "choice", "window", "board", "notes")

    def setup(self) -> None:
        super().setup()
        self.notes: list[str] = []


class Planned(TinyState):
    """Tiny with the fast copy of just the fields named, and no ``__slots__``."""

    copied = ("order", "choice", "window", "board", "notes")

    def setup(self) -> None:
        super().setup()
        self.notes: list[str] = []


@pytest.mark.parametrize("kind", [Slotted, Planned])
def test_the_fast_copy_copies_the_fields_named_keeps_none_and_slots(
    kind: type[Slotted | Planned],
) -> None:
    state = kind(GAME, 2, 1, GAME.make_options({}), auto_chance=False)
    state.apply(CHANCE, state.deal_shuffle([DECK.cards_of(h) for h in ["a1 b4", "a3 w"]]))
    state.apply(0, Pick("high"))
    state.notes.append("kept")
    assert state.window is None
    copy = state.clone()
    assert copy.notes == ["kept"] and copy.notes is not state.notes
    assert copy.choice is not state.choice and copy.order is not state.order
    copy.apply(1, Pick("low"))  # the sealed choice completes in the copy only
    copy.order.reverse()
    assert state.to_act() == (1,) and state.choice is not None and not state.choice.revealed
    assert state.order.direction == 1 and copy.order.direction == -1
    assert copy.to_act() == (1,) and copy.window is None
    assert len(copy.history) == len(state.history) + 1


def test_a_chance_draw_takes_a_few_cards_and_the_highest_deals() -> None:
    state = GAME.create(3, seed=1, options={"draw_dealer": True}, auto_chance=False)
    assert state.chance_draw() == 3
    assert len(state.chance_cards()) == 9
    with pytest.raises(IllegalActionError) as info:
        state.apply(CHANCE, Shuffle(DECK.cards_of("a1 a2")))
    assert info.value.code == "wrong-cards" and "take 3 of the 9" in info.value.reason
    with pytest.raises(IllegalActionError):
        state.apply(CHANCE, Shuffle(DECK.cards_of("a1 a1 a2")))  # a1 is there once
    # seat 0 draws b3, seat 1 a3 (equal rank, a beats b), seat 2 w: seat 1 deals
    state.apply(CHANCE, Shuffle(DECK.cards_of("b3 a3 w")))
    assert isinstance(state, TinyState)
    assert state.order.dealer == 1
    assert state.view(2).drawn == ("b3", "a3", "w")
    assert state.chance_draw() == 0 and len(state.chance_cards()) == 9


def test_a_sampled_draw_is_recorded_with_only_the_cards_drawn() -> None:
    state = GAME.create(2, seed=4, options={"draw_dealer": True})
    seat, draw = state.history[0]
    assert seat == CHANCE and isinstance(draw, Shuffle) and len(draw.cards) == 2
    assert len(state.history[1][1].cards) == 9  # type: ignore[attr-defined]


def test_legal_actions_are_cached_within_a_step_and_follow_each_step() -> None:
    state = GAME.create(2, 3)
    seat = state.to_act()[0]
    before = state.legal_actions(seat)
    assert state.legal_actions(seat) is before  # cached within the step
    state.apply(seat, before[0])  # seat 0 makes its sealed choice; seat 1 is still to choose
    assert state.to_act() == (1,)
    assert state.legal_actions(seat) == ()  # not the cached list of the step before


def test_explain_gives_the_refusal_as_code_and_reason() -> None:
    state = dealt(["a1 b4", "a3 w"])
    assert state.explain(0, Pick("high")) == ("", "")
    state.apply(0, Pick("high"))
    assert state.explain(0, Pick("low")) == ("picked", "you already picked")
    verdict = state.refusal(0, Pick("low"))
    assert verdict is not None and verdict.code == "picked"


class Phased(TinyState):
    """Tiny with the table of the kinds each phase takes; a seat with a cheer to answer
    answers it first, and the game words what that row refuses."""

    phases: ClassVar[Mapping[str, tuple[type[Action], ...]]] = {
        "pick": (Pick,),
        "play": (Play,),
        "cheer": (Cheer, Decline),
    }

    def phase_for(self, seat: int) -> str | None:
        window = self.window
        if window is not None and window.open and seat in window.pending:
            return "cheer"
        return super().phase_for(seat)

    def _wrong_phase(self, seat: int, action: Action, phase: str) -> Refusal | None:
        if phase == "cheer":
            return Refusal("cheer-first", "a trick was just won: cheer or decline first")
        return None


def phased(deal: list[str]) -> Phased:
    state = Phased(GAME, len(deal), 1, GAME.make_options({"hand_size": 3}), auto_chance=False)
    state.apply(CHANCE, state.deal_shuffle([DECK.cards_of(h) for h in deal]))
    return state


def refused(state: TinyState, seat: int, action: Action) -> tuple[str, str]:
    before = len(state.history)
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, action)
    assert len(state.history) == before
    return info.value.code, info.value.reason


def test_a_kind_the_phase_does_not_take_is_refused_by_the_table() -> None:
    state = phased(["a1 a2 b1", "a3 a4 b2", "b3 b4 w"])
    assert refused(state, 0, Play(C("a1"))) == (
        "wrong-phase",
        "the pick phase takes pick, not play",
    )
    pick_all(state, "high", "high", "high")
    assert refused(state, 1, Pick("low")) == ("wrong-phase", "the play phase takes play, not pick")
    assert refused(state, 1, Play(C("a1"))) == ("not-in-hand", "you do not hold a1")


def test_the_row_phase_for_names_judges_a_seat_answering_a_window() -> None:
    state = phased(["a1 a2 b1", "a3 a4 b2", "b3 b4 w"])
    pick_all(state, "high", "high", "high")
    state.apply(1, Play(C("a3")))
    state.apply(2, Play(C("b3")))
    state.apply(0, Play(C("a1")))  # seat 1 wins; seats 0 and 2 may cheer, then 1 leads
    assert state.to_act() == (0, 2, 1)
    assert refused(state, 0, Play(C("a2"))) == (
        "cheer-first",
        "a trick was just won: cheer or decline first",
    )
    assert refused(state, 1, CHEER) == ("wrong-phase", "the play phase takes play, not cheer")
    state.apply(0, CHEER)  # answered: seat 0 is judged by the play row again
    assert refused(state, 0, Play(C("a2")))[0] == "not-your-turn"
    state.apply(1, Play(C("a4")))  # the next lead closes the window
    assert refused(state, 2, CHEER) == ("wrong-phase", "the play phase takes play, not cheer")
    assert state.refusal(0, CHEER) == Refusal("no-window", "nobody is cheering now")
