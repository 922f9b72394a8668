"""Descent: Journeys in the Dark, 2nd edition: dice, content, and the rules engine.

Built on :mod:`delvekit.core` like :mod:`delvekit.gloomhaven`; the same decisions-in, events-out
contract (:class:`delvekit.descent.engine.Game`).
"""
