"""Reinforcement-learning environments (the ``rl`` extra: ``pip install 'delvekit[rl]'``).

:func:`aec_env` is a PettingZoo AEC environment with one agent per character; :func:`gym_env`
a Gymnasium environment for one seat, the others played by a bot. See :mod:`delvekit.rl.env`
and docs/rl.md.
"""

from __future__ import annotations

try:
    from delvekit.rl.env import GloomhavenAEC, GloomhavenGym, aec_env, gym_env
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(f"delvekit.rl needs the rl extra: pip install 'delvekit[rl]' ({exc})") from exc

__all__ = ["GloomhavenAEC", "GloomhavenGym", "aec_env", "gym_env"]
