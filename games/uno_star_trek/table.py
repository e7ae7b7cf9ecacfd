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


def seat_notes(view: UnoView, seat: int) -> str:
    """The public facts of ``seat`` in a few words: catchable (one card, no UNO call),
    called UNO, one card, went out (at a hand's end), and the cards it showed this seat."""
    notes = []
    held = view.hand_sizes[seat]
    if view.window == "catch" and view.window_subject == seat:
        notes.append("no UNO call: catchable")
    elif view.called_uno and seat == view.turn and view.phase in ("play", "drawn", "respond"):
        notes.append("called UNO")
    elif held == 1:
        notes.append("one card")
    elif held == 0 and view.phase in ("deal", "over") and view.last_hand:
        notes.append("went out")
    shown = [cards for target, cards in view.shown if target == seat]
    if shown:
        notes.append("shown: " + " ".join(c.text for c in shown[0]))
    return ", ".join(notes)


def catch_text(view: UnoView) -> str:
    """The open catch window in words for this seat: what it may do now, or that it is
    waiting for the others."""
    subject = view.window_subject
    assert subject is not None
    waiting = view.seat not in view.to_act or view.seat in view.window_answered
    if subject == view.seat:
        if waiting:
            return "you did not call UNO: you can be caught until the next turn begins"
        return (
            "you played your second-to-last card without calling UNO: "
            "call uno now (then you are safe) or decline"
        )
    penalty = view.options.uno_penalty if view.options is not None else None
    draws = f" (they draw {penalty})" if penalty is not None else ""
    if waiting:
        return f"seat {subject} did not call UNO; you let it pass"
    return (
        f"seat {subject} played their second-to-last card without calling UNO: "
        f"catch {subject}{draws} or decline"
    )


def table(view: UnoView) -> TableLayout:
    """The seats (cards held, score, UNO calls, hands shown to this seat), the top card,
    the colour in force, the open windows. Every seat that may act now is marked: in a
    catch window that is each seat still to answer it, besides the seat whose turn it is."""
    players = len(view.hand_sizes)
    seats = []
    for seat in range(players):
        seats.append(
            SeatRow(
                seat,
                seat_label(seat, view.seat),
                held=view.hand_sizes[seat],
                numbers=(("score", str(view.scores[seat])),),
                dealer=seat == view.dealer,
                turn=seat in view.to_act and view.phase != "over",
                note=seat_notes(view, seat),
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
        panels.append(Panel("catch", catch_text(view)))
    if view.drawn is not None:
        panels.append(Panel("drawn", f"you drew {view.drawn}: play it or keep it"))
    if view.phase == "colour" and view.turn == view.seat:
        panels.append(Panel("colour", "name the colour in force"))
    status = f"hand {view.hand_number}, turn {view.turns}"
    if view.phase == "over":
        status = "the match is over"
    elif view.phase == "deal" and view.last_hand:
        status = f"hand {view.hand_number - 1} is over"
    return TableLayout(
        view.seat,
        tuple(seats),
        hand=view.hand,
        panels=tuple(panels),
        status=status,
    )
