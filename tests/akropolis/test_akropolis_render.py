"""Akropolis drawings for people: hexes with a second cue besides colour, coordinates, the site
with its costs (akropolis.md §3.1: the k-th tile costs k - 1 stones) and the score sheet (§2)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import stonework
from stonework.core import derive_rng
from stonework.games.akropolis.city import column_kind
from stonework.games.akropolis.hexgrid import COORDS
from stonework.games.akropolis.state import AkropolisState
from stonework.games.akropolis.svg_city import open_ground
from stonework.games.akropolis.tiles import KIND_LETTER, TILE_KINDS, is_plaza

NS = "{http://www.w3.org/2000/svg}"


def midgame(players: int, steps: int, seed: int = 3) -> AkropolisState:
    state = stonework.new_game("akropolis", players=players, seed=seed)
    rng = derive_rng(seed, "render")
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
    assert isinstance(state, AkropolisState)
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_svg_has_one_lettered_hex_per_city_hex_and_site_hex(players: int) -> None:
    state = midgame(players, 30)
    root = ET.fromstring(state.to_svg())
    assert root.get("viewBox", "").startswith("0 0 ")
    hexes = [p for p in root.iter(f"{NS}polygon") if p.get("class") == "hex"]
    built = sum(len(city.cells) for city in state.cities)
    assert len(hexes) == built + 3 * len(state.site)
    # Every city hex names its coordinates for the notation, and its kind by a letter.
    city_hexes = [p for p in hexes if p.get("data-q") is not None]
    assert len(city_hexes) == built
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    for city in state.cities:
        for cell in city.cells:
            q, r = COORDS[cell]
            assert f"{q},{r}" in texts
            assert KIND_LETTER[column_kind(city.columns[cell])] in texts
    plazas = sum(is_plaza(column_kind(c.columns[cell])) for c in state.cities for cell in c.cells)
    plazas += sum(is_plaza(k) for tile in state.site for k in TILE_KINDS[tile])
    assert len([s for s in root.iter(f"{NS}tspan") if "★" in (s.text or "")]) == plazas


def test_svg_shows_costs_sheet_legend_and_open_spots_of_the_mover_only() -> None:
    """§3.1 costs on the site; the open ground spots are drawn for the seat to move only."""
    state = midgame(3, 31)
    while state.current_player < 0:
        state.apply(state.random_action(derive_rng(1, "reveal")))
    svg = state.to_svg()
    root = ET.fromstring(svg)
    labels = [t.text for t in root.iter(f"{NS}text")]
    assert "1: free" in labels and "2: 1 stone" in labels and "3: 2 stones" in labels
    assert "Legend" in labels and "total" in labels and "stones" in labels
    spots = [p for p in root.iter(f"{NS}polygon") if p.get("class") == "open"]
    assert len(spots) == len(open_ground(state.cities[state.current_player])) > 0
    assert f"Seat {state.current_player}" in svg and "◀ to move" in svg


def test_text_view_shows_coordinates_costs_legend_and_the_result() -> None:
    state = midgame(2, 20)
    text = state.to_text()
    for city in state.cities:
        for cell in city.cells:
            q, r = COORDS[cell]
            assert re.search(rf"(^|\s){q},{r}(\s|$)", text, re.M)
    assert "1: " in text and "(free)" in text
    assert text.count("legend:") == 1 and "notation: POSITION@Q,R/ROTATION" in text
    assert text == state.to_text(0) == state.to_text(1)  # everything is public
    rng = derive_rng(2, "finish")
    while not state.is_terminal:
        state.apply(state.random_action(rng))
    assert "game over; seat" in state.to_text().splitlines()[0]
    assert "game over; seat" in state.to_svg()
