"""Game-agnostic building blocks: hex grids, boards, line of sight, paths, decks, RNG.

Depends on the standard library and msgspec only.
"""
