"""A content problem: one broken rule in one field of one file."""

from __future__ import annotations

import msgspec


class Problem(msgspec.Struct, frozen=True):
    """One violation found by the content check. ``file`` is the content file (relative to its
    pack), ``field`` a dotted path inside it (``monsters.bandit-guard.levels[3].elite.health``)."""

    file: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.field}: {self.message}"
