"""Exception types a user can cause. Each message names the file, field, case or rule at fault."""

from __future__ import annotations

MAX_MESSAGE = 1500
"""The longest message an :class:`InputError` shows; longer ones (a document echoing a huge value)
are cut, saying how long they were."""


class DelvekitError(Exception):
    """Base of every error delvekit raises on purpose (never a bare KeyError or traceback)."""


class BoardError(DelvekitError):
    """A board description is inconsistent (a hex off the board, walls between non-neighbours)."""


class InputError(DelvekitError):
    """A document given to delvekit is malformed. ``where`` names the file, case or field."""

    def __init__(self, message: str, *, where: str = "") -> None:
        self.where = where
        text = f"{where}: {message}" if where else message
        if len(text) > MAX_MESSAGE:  # a long id echoed back (a fuzzed file): one readable line
            text = f"{text[: MAX_MESSAGE - 40]}... ({len(text)} characters in all)"
        super().__init__(text)


class ContentError(InputError):
    """A content file breaks the schema or an invariant; ``where`` is ``file: field``."""


class IllegalChoice(DelvekitError):
    """A choice that the pending decision does not allow; nothing was changed."""
