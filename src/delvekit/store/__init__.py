"""Persistence: SQLite through the standard library (the embedded default)."""

from delvekit.store.sqlite import CampaignStore, LogEntry, StoreBusy, StoreError, default_db_path

__all__ = ["CampaignStore", "LogEntry", "StoreBusy", "StoreError", "default_db_path"]
