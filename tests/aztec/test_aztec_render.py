"""Aztec drawings for people: the SVG's structure and the text view's rulers and legend.

What is drawn follows the issue's rendering bullet and the scoring of aztec.md §3.6 / §4.5:
level-3 cubes on a builder's outer rows score, so they are the ones marked.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from aztec_helpers import state_with

import stonework
from stonework.core import derive_rng, play_random
from stonework.games.aztec.geometry import START, cell_coords

NS = "{http://www.w3.org/2000/svg}"
# Four level-3 cubes that score with corners (two N/S, one corner counting for both, one E/W)
# and cubes inside the board that do not (aztec.md §4.5).
SCORING = {(0, 0, 3), (4, 8, 3), (8, 3, 3), (5, 0, 3)}
INSIDE = {(4, 6, 3), (2, 2, 1)}


def _root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox", "").startswith("0 0 ")
    assert float(root.get("width", "0")) >= 600
    return root


def _classed(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if e.get("class") == name]


@pytest.mark.parametrize("corner", ["sw", "se", "ne", "nw"])
def test_svg_marks_each_scoring_cube_in_the_3d_view_and_the_plan(corner: str) -> None:
    """§4.5: each level-3 edge cube is starred twice (3D view and plan); an inner one is not."""
    state = state_with({cell_coords(START)} | SCORING | INSIDE)
    root = _root(state.to_svg(corner=corner))
    assert len(_classed(root, "polygon", "scoring")) == 2 * len(SCORING)
    texts = [t.text for t in root.iter(f"{NS}text")]
    for label in ("a", "i", "1", "9", "N", "S", "E", "W"):
        assert label in texts
    assert any(t and t.startswith("Aztec: N/S 3 : 2 E/W") for t in texts)
    assert len(_classed(root, "circle", "viewer")) == 1


def test_svg_outlines_the_columns_of_the_last_piece_in_the_plan() -> None:
    state = play_random(stonework.new_game("aztec", seed=4), derive_rng(4, "render"))
    root = _root(state.to_svg())
    assert state.last is not None
    from stonework.games.aztec.actions import placement_mask
    from stonework.games.aztec.geometry import cells_of

    columns = {cell_coords(c)[:2] for c in cells_of(placement_mask(state.last))}
    assert len(_classed(root, "rect", "last")) == len(columns)
    assert "game over" in state.to_svg()


def test_svg_of_the_three_player_auction_and_result() -> None:
    """§3.7: the auction is shown while it runs, Ah Puch's bid and the result at the end."""
    state = stonework.new_game("aztec", players=3, seed=2)
    assert "auction for Ah Puch" in state.to_svg()
    state.apply_text("bid 12")
    assert "bids so far: 12" in state.to_text()
    state.apply_text("pass")
    state.apply_text("pass")
    play_random(state, derive_rng(2, "render"))
    svg = state.to_svg(1)
    _root(svg)
    assert "Ah Puch: seat 0, wins if each builder stays below 12" in svg
    assert "game over:" in svg


def test_text_view_has_rulers_legend_and_roles() -> None:
    state = state_with({cell_coords(START)} | SCORING | INSIDE)
    lines = state.to_text().splitlines()
    header = [line for line in lines if line.split() == list("abcdefghi")]
    assert len(header) == 2  # files above and below the map
    ranks = [line[3] for line in lines if re.match(r"^ [ W] \d ", line)]
    assert ranks == [str(r) for r in range(9, 0, -1)]
    assert any(line.startswith("legend:") for line in lines)
    assert any("e.g. NU-d4-1" in line for line in lines)
    assert "N/S builder: seat 0; E/W builder: seat 1" in lines[1]
    rank7 = next(line for line in lines if line.startswith("   7"))
    assert rank7.split()[5] == "3~"  # e7: an inner level-3 cube floats and does not score
