"""Pure renderers: state in, picture out (SVG text, Rich renderables). No rules are decided here.

:mod:`delvekit.render.svg` draws a board with tokens (the figures) and overlays as an SVG string
(the web app's board); :mod:`delvekit.render.scenario` lists and draws a scenario's setup
(``delve scenario show --svg``); :mod:`delvekit.render.terminal` draws the same in a terminal
with Rich.
"""

from delvekit.render.scenario import scenario_svg
from delvekit.render.svg import Marker, Token, board_svg

__all__ = ["Marker", "Token", "board_svg", "scenario_svg"]
