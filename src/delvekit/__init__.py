"""delvekit: an open rules engine and toolkit for tactical dungeon-crawler board games."""

__version__ = "0.1.0"
