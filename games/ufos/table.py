"""The card table of U.F.O.s, built from a seat's view.

Each seat's row carries its public facts: cards held, points, tricks, its Game
Card once revealed (high or low), its Suit Card where this seat has seen it
(its own, one it spied, the bid winner's), and its part in the auction (passed,
its bid, whom it spied on) or the bid it won. Between a hand's last trick and
the next deal the view is already the next hand's: the rows then show the
finished hand's tricks (``last_tricks``), not the new hand's zeros.
"""

from __future__ import annotations

from cardkit.table import Panel, Played, SeatRow, TableLayout, count_played, seat_label
from games.ufos.cards import SUIT_NAMES
from games.ufos.view import UfosView

UNSEEN = "?"
"""A bid card laid face down that this seat has not seen."""


def finished_hand(view: UfosView) -> int | None:
    """The hand just scored while the table waits for the next deal, else None."""
    if view.phase == "deal" and view.hand_number > 1:
        return view.hand_number - 1
    return None


def known_suits(view: UfosView) -> dict[int, str]:
    """The Suit Cards this seat has seen, by seat: its own pick, those it spied, the bid
    winner's (turned up)."""
    known = dict(view.spied)
    if view.my_suit is not None:
        known[view.seat] = view.my_suit
    if view.bid_winner is not None and view.trump is not None:
        known[view.bid_winner] = view.trump
    return known


def auction_note(view: UfosView, seat: int) -> str:
    """``seat``'s part in the auction: passed, its last bid (the standing high bid), spies."""
    bid = None
    spies = []
    for who, text in view.auction:
        if who != seat:
            continue
        if text.startswith("bid "):
            bid = text[4:]
        elif text.startswith("spy "):
            spies.append(text[4:])
    parts = []
    if seat == view.high_bidder:
        parts.append(f"high bid {view.high_bid}")
    elif bid is not None:
        parts.append(f"bid {bid}")
    if view.passed[seat]:
        parts.append("passed")
    if spies:
        parts.append("spied " + " ".join(spies))
    return ", ".join(parts)


def seat_numbers(view: UfosView, seat: int, suits: dict[int, str]) -> tuple[tuple[str, str], ...]:
    """Points and tricks; during a hand the Game Card and Suit Card as far as this seat knows
    (``?``: laid face down, unseen; ``-``: not laid down yet)."""
    tricks = view.last_tricks if finished_hand(view) is not None else view.tricks
    numbers = [("points", str(view.points[seat])), ("tricks", str(tricks[seat]))]
    if view.phase in ("choose", "auction", "play") or (view.phase == "over" and view.game):
        game = view.games[seat]
        if game is None and seat == view.seat:
            game = view.my_game
        laid = view.picked[seat] or view.phase != "choose"
        numbers.append(("game", game or (UNSEEN if laid else "-")))
        suit = suits.get(seat)
        numbers.append(("suit", SUIT_NAMES[suit] if suit else UNSEEN if laid else "-"))
    return tuple(numbers)


def table(view: UfosView) -> TableLayout:
    """The seats (cards, points, tricks, bid cards, auction), the trick, the last trick,
    the panels."""
    players = len(view.points)
    trick = tuple(
        Played(seat, card, "" if suit == card.suit else f"as {suit}")
        for seat, card, suit in view.trick
    )
    mine = len(view.hand) + count_played(trick, view.seat)
    turn = view.to_act[0] if len(view.to_act) == 1 and view.to_act[0] >= 0 else None
    suits = known_suits(view)
    seats = []
    for seat in range(players):
        if view.bid_winner is not None and view.phase in ("play", "over"):
            note = f"won the bid at {view.winning_bid}" if seat == view.bid_winner else ""
        else:
            note = auction_note(view, seat)
        seats.append(
            SeatRow(
                seat,
                seat_label(seat, view.seat),
                held=mine - count_played(trick, seat),
                numbers=seat_numbers(view, seat, suits),
                dealer=seat == view.dealer,
                turn=seat == turn or (turn is None and seat in view.to_act),
                note=note,
            )
        )
    panels = []
    if view.my_suit is not None and view.phase in ("choose", "auction"):
        mine_text = f"{SUIT_NAMES[view.my_suit]} {view.my_game}"
        left = " ".join(c.text.split("@")[0] for c in view.bid_cards)
        panels.append(
            Panel("your pick", mine_text + (f" (bid cards left: {left})" if left else ""))
        )
    if view.trump is not None and view.game is not None:
        trump = "none" if view.trump == "X" else SUIT_NAMES.get(view.trump, view.trump)
        panels.append(Panel("trump", f"{trump}, game {view.game}"))
    last = tuple(
        Played(seat, card, "" if suit == card.suit else f"as {suit}")
        for seat, card, suit in view.last_trick
    )
    phase = {"choose": "choosing bid cards", "auction": "the auction", "play": "playing"}
    status = f"hand {view.hand_number} of {view.hands_total}: {phase.get(view.phase, view.phase)}"
    done = finished_hand(view)
    if done is not None:
        status = f"hand {done} of {view.hands_total} is over"
    if view.phase == "over":
        status = "the match is over"
    return TableLayout(
        view.seat,
        tuple(seats),
        hand=view.hand,
        trick=trick,
        last_trick=last,
        last_winner=view.last_winner,
        panels=tuple(panels),
        status=status,
    )
