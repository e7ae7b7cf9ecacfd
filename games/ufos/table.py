"""The card table of U.F.O.s, built from a seat's view."""

from __future__ import annotations

from cardkit.table import Panel, Played, SeatRow, TableLayout, count_played, seat_label
from games.ufos.cards import SUIT_NAMES
from games.ufos.view import UfosView


def table(view: UfosView) -> TableLayout:
    """The seats (cards, points, tricks, auction), the trick, the last trick, the panels."""
    players = len(view.points)
    trick = tuple(
        Played(seat, card, "" if suit == card.suit else f"as {suit}")
        for seat, card, suit in view.trick
    )
    mine = len(view.hand) + count_played(trick, view.seat)
    turn = view.to_act[0] if len(view.to_act) == 1 and view.to_act[0] >= 0 else None
    seats = []
    for seat in range(players):
        note = ""
        if view.phase == "auction" or view.bid_winner is None:
            if view.passed[seat]:
                note = "passed"
            elif seat == view.high_bidder:
                note = f"high bid {view.high_bid}"
        elif seat == view.bid_winner:
            note = f"won the bid at {view.winning_bid}"
        seats.append(
            SeatRow(
                seat,
                seat_label(seat, view.seat),
                held=mine - count_played(trick, seat),
                numbers=(("points", str(view.points[seat])), ("tricks", str(view.tricks[seat]))),
                dealer=seat == view.dealer,
                turn=seat == turn or (turn is None and seat in view.to_act),
                note=note,
            )
        )
    panels = []
    if view.my_suit is not None:
        mine_text = f"{SUIT_NAMES[view.my_suit]} {view.my_game}"
        left = " ".join(c.text.split("@")[0] for c in view.bid_cards)
        panels.append(
            Panel("your pick", mine_text + (f" (bid cards left: {left})" if left else ""))
        )
    if view.spied:
        panels.append(
            Panel("spied", ", ".join(f"seat {s} {SUIT_NAMES.get(x, x)}" for s, x in view.spied))
        )
    if view.trump is not None:
        panels.append(Panel("trump", SUIT_NAMES.get(view.trump, view.trump)))
    if view.game is not None:
        panels.append(Panel("game", view.game))
    if view.bid_winner is None and view.high_bidder is not None:
        panels.append(Panel("auction", f"seat {view.high_bidder} bids {view.high_bid}"))
    last = tuple(
        Played(seat, card, "" if suit == card.suit else f"as {suit}")
        for seat, card, suit in view.last_trick
    )
    phase = {"choose": "choosing bid cards", "auction": "the auction", "play": "playing"}
    status = f"hand {view.hand_number} of {view.hands_total}: {phase.get(view.phase, view.phase)}"
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
