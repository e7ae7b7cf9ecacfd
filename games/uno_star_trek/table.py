"""The card table of UNO: Star Trek, built from a seat's view."""

from __future__ import annotations

from cardkit.table import Panel, SeatRow, TableLayout, seat_label
from games.uno_star_trek.view import UnoView

COMMANDS = {
    "skip": "skips you",
    "reverse": "reverses play at you",
    "draw2": "makes you draw 2",
    "wd4": "plays Wild Draw 4 on you: accept (draw 4) or challenge",
    "meld": "plays Mind Meld on you",
    "tribble": "sends you Tribbles",
}


def table(view: UnoView) -> TableLayout:
    """The seats (cards held, score), the top card, the colour in force, the open windows."""
    players = len(view.hand_sizes)
    shown = dict(view.shown)
    seats = []
    for seat in range(players):
        note = "one card" if view.hand_sizes[seat] == 1 else ""
        if seat in shown:
            note = "shown: " + " ".join(c.text for c in shown[seat])
        seats.append(
            SeatRow(
                seat,
                seat_label(seat, view.seat),
                held=view.hand_sizes[seat],
                numbers=(("score", str(view.scores[seat])),),
                dealer=seat == view.dealer,
                turn=seat == view.turn and view.phase != "over",
                note=note,
            )
        )
    panels = []
    if view.top is not None:
        colour = f", {view.colour} in force" if view.colour else ""
        panels.append(Panel("top card", f"{view.top.text}{colour}"))
    panels.append(Panel("draw pile", f"{view.draw_pile} cards, play goes {view.direction}"))
    if view.command is not None and view.commander is not None:
        who = seat_label(view.commander, view.seat)
        target = "you" if view.turn == view.seat else f"seat {view.turn}"
        words = COMMANDS.get(view.command, view.command)
        if target != "you":
            words = words.replace("you", target)
        panels.append(Panel("command", f"{who} {words}"))
    if view.window == "catch" and view.window_subject is not None:
        subject = seat_label(view.window_subject, view.seat)
        panels.append(
            Panel("catch", f"{subject} has one card and did not call UNO: catch or decline")
        )
    if view.drawn is not None:
        panels.append(Panel("drawn", f"you drew {view.drawn}: play it or keep it"))
    if view.phase == "colour" and view.turn == view.seat:
        panels.append(Panel("colour", "name the colour in force"))
    status = f"hand {view.hand_number}, turn {view.turns}"
    if view.phase == "over":
        status = "the match is over"
    return TableLayout(
        view.seat,
        tuple(seats),
        hand=view.hand,
        panels=tuple(panels),
        status=status,
    )
