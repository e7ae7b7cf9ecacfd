"""The errors cardkit raises for a caller's mistakes.

Every error here is a ``ValueError`` or ``LookupError`` with a one-line message
that names what was wrong and what is allowed, so a front end can print it as
it is.
"""

from __future__ import annotations

from typing import Any


class CardkitError(Exception):
    """Base of every cardkit error."""


class ParseError(CardkitError, ValueError):
    """Text that is not a valid card, action, option value or record."""


class IllegalActionError(CardkitError, ValueError):
    """An action that the rules do not allow now.

    ``code`` is a stable machine-readable reason (``not-your-turn``,
    ``must-follow-suit``, ...); ``reason`` is the same in words.
    """

    def __init__(self, action: Any, seat: int, reason: str, code: str = "illegal") -> None:
        self.action = action
        self.seat = seat
        self.reason = reason
        self.code = code
        who = "chance" if seat < 0 else f"seat {seat}"
        super().__init__(f"illegal action {str(action)!r} by {who}: {reason} [{code}]")


class OptionError(CardkitError, ValueError):
    """An unknown option, or a value of the wrong type or out of range."""


class UnknownNameError(CardkitError, LookupError):
    """A game or bot name that is not installed; ``suggestion`` is the closest name."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = known
        self.suggestion = closest(name, known)
        hint = f"; did you mean {self.suggestion!r}?" if self.suggestion else ""
        choices = ", ".join(known) if known else "none installed"
        super().__init__(f"unknown {kind} {name!r} (known: {choices}){hint}")


def closest(name: str, known: list[str]) -> str | None:
    """The known name a mistyped ``name`` most likely meant, or None.

    Case is ignored; a name that starts the way ``name`` does (``uno`` for
    ``uno-star-trek``) comes first, then the closest spelling.
    """
    import difflib

    lowered = {k.lower(): k for k in known}
    typed = name.lower()
    starts = [k for low, k in lowered.items() if typed and low.startswith(typed)]
    if len(starts) == 1:
        return starts[0]
    close = difflib.get_close_matches(typed, list(lowered), n=1, cutoff=0.5)
    return lowered[close[0]] if close else None


class PositionError(CardkitError, ValueError):
    """A position that cannot be read or breaks the rules, or a world no deal can make;
    the message says what is wrong (see :mod:`cardkit.positions`)."""


class RecordError(CardkitError, ValueError):
    """A game record that cannot be read, or whose step ``step`` is illegal."""

    def __init__(self, message: str, step: int | None = None) -> None:
        self.step = step
        super().__init__(message)
