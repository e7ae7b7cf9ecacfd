"""The card table of the bid-exact game, built from a seat's view.

Between a hand's last trick and the next deal, and on the final table, the view
has already cleared the hand's bids and tricks: the rows then show the finished
hand's figures from the score sheet (``hand_log``), with ``made`` or ``missed``.
"""

from __future__ import annotations

from cardkit.table import Panel, Played, SeatRow, TableLayout, count_played, seat_label
from games.universal_bid.view import HandScore, UniversalBidView

ORDER = "E > J > M > N > S > V, Sun > Moon > 7..1: the highest suit played wins"
"""The ranking, on the table for every hand (the led suit has no power of its own)."""


def finished_hand(view: UniversalBidView) -> HandScore | None:
    """The hand just scored while the table waits for the next deal (or the match is
    over), else None."""
    if view.phase in ("deal", "over") and view.hand_log:
        return view.hand_log[-1]
    return None


def table(view: UniversalBidView) -> TableLayout:
    """The seats (cards left, bid, tricks, score), the trick, the last trick, the hand."""
    trick = tuple(Played(seat, card) for seat, card in view.trick)
    done = len(view.past_tricks)
    playing = view.phase == "play"
    dealt = playing or view.phase == "bid"
    last_hand = finished_hand(view)
    seats = []
    for seat in range(view.players):
        held = view.hand_size - done - count_played(trick, seat) if dealt else None
        if seat == view.seat:
            held = len(view.hand)
        note = ""
        if last_hand is not None:  # every card of the hand has been played
            held = 0
            bid: int | None = last_hand.bids[seat]
            taken = last_hand.tricks[seat]
            note = "made" if bid == taken else "missed"
        else:
            bid = view.bids[seat] if seat < len(view.bids) else None
            taken = view.tricks_taken[seat]
        seats.append(
            SeatRow(
                seat,
                seat_label(seat, view.seat),
                held=held,
                numbers=(
                    ("bid", "-" if bid is None else str(bid)),
                    ("tricks", str(taken)),
                    ("score", str(view.scores[seat])),
                ),
                dealer=seat == view.dealer,
                turn=seat == view.turn,
                note=note,
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
    if dealt:
        panels.append(Panel("order", ORDER))
    each = "card" if view.hand_size == 1 else "cards"
    status = f"hand {view.hand_number} of {view.hands_total}, {view.hand_size} {each} each"
    if view.phase == "bid":
        status += ": bidding"
    elif playing:
        status += f": trick {done + 1}"
    elif view.phase == "over":
        status = "the match is over"
    elif last_hand is not None:
        status = f"hand {last_hand.number} of {view.hands_total} is over"
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
