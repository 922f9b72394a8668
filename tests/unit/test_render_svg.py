"""The SVG and terminal renderers: well-formed output that shows what the board holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from rich.console import Console

from delvekit.cli.scenario import group as scenario_cli
from delvekit.core.board import Board, Terrain
from delvekit.core.errors import InputError
from delvekit.gloomhaven.content.scenario import Scenario, default_folder, load_scenarios
from delvekit.render.scenario import monster_label, scenario_svg
from delvekit.render.svg import Marker, Token, board_svg
from delvekit.render.terminal import board_text, scenario_text

NS = {"s": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def scenarios() -> dict[int, Scenario]:
    return load_scenarios(default_folder())


def _classes(root: ET.Element, cls: str) -> list[ET.Element]:
    """Elements of class ``cls`` on the board itself (the terrain key's samples left out)."""
    keyed = {id(e) for g in root.iter() if g.get("class") == "key" for e in g.iter() if e is not g}
    return [e for e in root.iter() if cls in (e.get("class") or "").split() and id(e) not in keyed]


def test_scenario_key_explains_each_terrain_and_token_present(scenarios: dict[int, Scenario]) -> None:
    root = ET.fromstring(scenario_svg(scenarios[1], 4))
    texts = [t.text for g in root.iter() if g.get("class") == "key" for t in g.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["starting hex", "obstacle", "trap", "closed door", "money token", "treasure"]
    assert not any(g.get("class") == "key" for g in ET.fromstring(board_svg(Board.build([(0, 0)]))).iter())


def test_board_svg_draws_hexes_walls_doors_terrain() -> None:
    board = Board.build(
        [(0, 0), (1, 0), (1, -1), (0, 1)],
        terrain={(1, -1): Terrain.OBSTACLE, (0, 1): Terrain.TRAP},
        walls=[((0, 0), (1, 0))],
        doors=[(1, 0)],
    )
    root = ET.fromstring(board_svg(board))
    assert len(_classes(root, "hex")) == 4
    assert len(_classes(root, "door")) == 1
    assert len(_classes(root, "obstacle")) == 1
    assert len(_classes(root, "trap")) == 1
    walls = _classes(root, "walls")
    assert len(walls) == 1 and walls[0].get("d", "").count("M") == 1


def test_board_svg_overlays_for_the_web_app() -> None:
    board = Board.build([(0, 0), (1, 0), (2, 0)])
    svg = board_svg(
        board,
        figures=[Token((0, 0), "<&>", "boss", name="a & b")],
        markers=[Marker((1, 0), "treasure", "7")],
        highlights={(2, 0): "#ff0000"},
        dimmed=[(2, 0), (9, 9)],
        paths=[[(0, 0), (1, 0), (2, 0)]],
        labels="coords",
        title="T & T",
    )
    root = ET.fromstring(svg)  # escaping keeps it well-formed
    assert len(_classes(root, "highlight")) == 1
    assert len(list(_classes(root, "dimmed")[0])) == 1  # hexes off the board are ignored
    assert len(_classes(root, "path")) == 1
    assert len(_classes(root, "treasure")) == 1
    assert "&lt;&amp;&gt;" in svg and "2,0" in svg


def test_scenario_svg_draws_every_placed_standee(scenarios: dict[int, Scenario]) -> None:
    for number in (1, 2, 3):
        s = scenarios[number]
        for players in (2, 3, 4):
            root = ET.fromstring(scenario_svg(s, players))
            totals = s.standees(players)
            figures = _classes(root, "figure")
            legend = [e for g in _classes(root, "legend") for e in g.iter() if e in figures]
            on_map = [f for f in figures if f not in legend]
            elites = [f for f in on_map if "elite" in f.get("class", "")]
            bosses = [f for f in on_map if "boss" in f.get("class", "")]
            assert len(elites) == sum(v["elite"] for v in totals.values())
            assert len(on_map) == sum(v["normal"] + v["elite"] for v in totals.values())
            assert len(bosses) == (1 if number == 2 else 0)
            assert len(_classes(root, "door")) == sum(1 for d in s.doors if d.closed)
            assert len(_classes(root, "start")) == len(s.starting_hexes)


def test_monster_labels_are_distinct_in_a_scenario(scenarios: dict[int, Scenario]) -> None:
    assert monster_label("living-bones") == "LB"
    for s in scenarios.values():
        if not any(r.tiles for r in s.rooms):
            continue
        svg = scenario_svg(s, 4)
        ET.fromstring(svg)


def test_terminal_drawing(scenarios: dict[int, Scenario]) -> None:
    console = Console(width=140, record=True, color_system=None)
    console.print(scenario_text(scenarios[1], 4))
    out = console.export_text()
    assert "#1 Black Barrow - 4 characters" in out
    assert out.count("BG*") == 3  # the three elite bandit guards at 4 characters
    assert out.count("[=]") == 2 + 1 and out.count("○") == 7 + 1  # map and legend
    plain = board_text(Board.build([(0, 0), (0, 1)], doors=[(0, 1)])).plain
    assert plain.splitlines() == [" ·", "", "[=]"]
    # The book's view: north is to the left, so (0, 1) south of (0, 0) is to its right and
    # (1, 0), south-east, is up and to the right.
    book = board_text(Board.build([(0, 0), (0, 1), (1, 0)], doors=[(0, 1)]), orientation="pointy").plain
    assert book.splitlines() == ["   ·", " ·  [=]"]


def test_orientations_draw_the_same_things(scenarios: dict[int, Scenario]) -> None:
    flat = ET.fromstring(scenario_svg(scenarios[2], 4, orientation="flat"))
    book = ET.fromstring(scenario_svg(scenarios[2], 4))
    for cls in ("hex", "figure", "door", "obstacle", "trap", "start", "treasure"):
        assert len(_classes(flat, cls)) == len(_classes(book, cls)) > 0, cls
    # Barrow Lair is taller than wide in the book (entrance at the top).
    assert float(book.get("height", 0)) > float(book.get("width", 0)) * 0.9


def test_cli_show_terminal_and_svg(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    result = runner.invoke(scenario_cli, ["show", "1", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "Black Barrow - 2 characters" in result.output
    target = tmp_path / "s.svg"
    result = runner.invoke(scenario_cli, ["show", "3", "-p", "4", "--svg", str(target)])
    assert result.exit_code == 0, result.output
    ET.parse(target)
    result = runner.invoke(scenario_cli, ["show", "1", "--players", "5"])
    assert result.exit_code == 2 and "2<=x<=4" in result.output


def test_cli_shows_scenario_55_as_its_seeded_stand_in() -> None:
    runner = CliRunner()
    one = runner.invoke(scenario_cli, ["show", "55", "--players", "2"])
    assert one.exit_code == 0, one.output
    assert "stand-in for seed 1" in one.output and "Foggy Thicket - 2 characters" in one.output
    again = runner.invoke(scenario_cli, ["show", "55", "--players", "2", "--seed", "1"])
    other = runner.invoke(scenario_cli, ["show", "55", "--players", "2", "--seed", "2"])
    assert again.output == one.output and "stand-in for seed 2" in other.output
    assert other.output.replace("seed 2", "seed 1") != one.output  # another map


def test_cli_refuses_what_it_cannot_draw() -> None:
    runner = CliRunner()
    result = runner.invoke(scenario_cli, ["show", "96"])
    assert isinstance(result.exception, InputError) and "no scenario 96" in str(result.exception)


def test_delve_command_end_to_end(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    def delve(*args: str) -> subprocess.CompletedProcess[str]:
        code = "import sys; from delvekit.cli.main import main; sys.argv[0] = 'delve'; main()"
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)

    done = delve("scenario", "show", "2", "--players", "3", "--svg", str(tmp_path / "two.svg"))
    assert done.returncode == 0, done.stderr
    assert "Barrow Lair - 3 characters" in (tmp_path / "two.svg").read_text()
    refused = delve("scenario", "show", "96")
    assert refused.returncode == 2
    assert refused.stderr.startswith("error: scenario: no scenario 96")
    assert "Traceback" not in refused.stderr
