"""Named effects of monster ability cards (registered in :mod:`delvekit.gloomhaven.effects`)."""

from __future__ import annotations
