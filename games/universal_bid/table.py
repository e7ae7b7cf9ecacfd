"""The card table of the bid-exact game, built from a seat's view."""

from __future__ import annotations

from cardkit.table import Panel, Played, SeatRow, TableLayout, count_played, seat_label
from games.universal_bid.view import UniversalBidView


def table(view: UniversalBidView) -> TableLayout:
    """The seats (cards left, bid, tricks, score), the trick, the last trick, the hand."""
    trick = tuple(Played(seat, card) for seat, card in view.trick)
    done = len(view.past_tricks)
    playing = view.phase == "play"
    dealt = playing or view.phase == "bid"
    seats = []
    for seat in range(view.players):
        held = view.hand_size - done - count_played(trick, seat) if dealt else None
        if seat == view.seat:
            held = len(view.hand)
        bid = view.bids[seat] if seat < len(view.bids) else None
        seats.append(
            SeatRow(
                seat,
                seat_label(seat, view.seat),
                held=held,
                numbers=(
                    ("bid", "-" if bid is None else str(bid)),
                    ("tricks", str(view.tricks_taken[seat])),
                    ("score", str(view.scores[seat])),
                ),
                dealer=seat == view.dealer,
                turn=seat == view.turn,
            )
        )
    last: tuple[Played, ...] = ()
    winner = None
    if view.past_tricks:
        last = tuple(Played(seat, card) for seat, card in view.past_tricks[-1])
        winner = view.trick[0][0] if view.trick else view.turn  # the winner leads next
    bids = [b for b in view.bids if b is not None]
    panels = []
    if bids:
        panels.append(Panel("bids", f"{sum(bids)} bid for {view.hand_size} tricks"))
    status = f"hand {view.hand_number} of {view.hands_total}, {view.hand_size} cards each"
    if view.phase == "bid":
        status += ": bidding"
    elif playing:
        status += f": trick {done + 1}"
    elif view.phase == "over":
        status = "the match is over"
    return TableLayout(
        view.seat,
        tuple(seats),
        hand=view.hand,
        trick=trick,
        last_trick=last,
        last_winner=winner,
        panels=tuple(panels),
        status=status,
    )
