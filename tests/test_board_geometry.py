"""What the browser reads off the drawings besides the targets (docs/web.md, "Clickable boards"):
the grid transforms, the last-move marks, the Aztec orientation picker, and that a Zapotec view
names no card as a target that its seat may not see."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import stonework
from stonework.core import derive_rng
from stonework.core.state import State
from stonework.games.akropolis.actions import Place, placement_index
from stonework.games.akropolis.hexgrid import COORDS, PLACEMENT_CELLS
from stonework.games.aztec.actions import placement_mask
from stonework.games.aztec.geometry import FILES, ORIENTATIONS, cell_coords, cells_of
from stonework.games.zapotec.actions import Build

NS = "{http://www.w3.org/2000/svg}"


def played(game: str, players: int, seed: int, decisions: int) -> State:
    """A seeded random game stopped at a decision after ``decisions`` decisions."""
    state = stonework.new_game(game, players=players, seed=seed)
    rng = derive_rng(seed, "geometry", game)
    made = 0
    while not state.is_terminal and (made < decisions or state.current_player < 0):
        made += state.current_player >= 0
        state.apply(state.random_action(rng))
    return state


def centroid(points: str) -> tuple[float, float]:
    xy = [tuple(map(float, p.split(","))) for p in points.split()]
    return sum(p[0] for p in xy) / len(xy), sum(p[1] for p in xy) / len(xy)


def test_akropolis_hex_targets_sit_where_the_city_transform_says() -> None:
    for players, decisions in ((2, 10), (4, 20)):
        state = played("akropolis", players, 5, decisions)
        root = ET.fromstring(state.to_svg(state.current_player))
        cities = [g for g in root.iter(f"{NS}g") if g.get("class") == "city"]
        assert len(cities) == players
        mover = next(g for g in cities if g.get("data-seat") == str(state.current_player))
        size = float(mover.attrib["data-hex-size"])
        ox, oy = float(mover.attrib["data-origin-x"]), float(mover.attrib["data-origin-y"])
        checked = 0
        for group in mover.iter(f"{NS}g"):
            target = group.get("data-target", "")
            if not target.startswith("hex:"):
                continue
            q, r = map(int, target[4:].split(","))
            shape = next(p for p in group.iter(f"{NS}polygon") if p.get("class") in ("hex", "open"))
            x, y = centroid(shape.attrib["points"])
            assert math.isclose(x, ox + 1.5 * size * q, abs_tol=0.3)
            assert math.isclose(y, oy + math.sqrt(3) * size * (r + q / 2), abs_tol=0.3)
            checked += 1
        assert checked > 10
        # Each site tile draws its three hexes as translated groups a client clones.
        for tile in (g for g in root.iter(f"{NS}g") if g.get("class") == "site-tile"):
            hexes = [g for g in tile.iter(f"{NS}g") if g.get("class") == "tile-hex"]
            assert [g.get("data-hex") for g in hexes] == ["1", "2", "3"]


def test_akropolis_marks_the_hexes_of_the_last_tile() -> None:
    state = played("akropolis", 3, 7, 12)
    seat, action = next((s, a) for s, a in reversed(state.history) if type(a) is Place)
    cells = PLACEMENT_CELLS[placement_index(action)]
    assert cells is not None
    root = ET.fromstring(state.to_svg(state.current_player))
    marked = [g for g in root.iter(f"{NS}g") if g.get("data-last") == "1"]
    spots = {
        (p.get("data-seat"), p.get("data-q"), p.get("data-r"))
        for g in marked
        for p in g.iter(f"{NS}polygon")
        if p.get("class") == "hex"
    }
    assert spots == {(str(seat), str(COORDS[c][0]), str(COORDS[c][1])) for c in cells}


def test_aztec_plan_cells_sit_where_the_plan_transform_says_and_mark_the_last_piece() -> None:
    state = played("aztec", 2, 3, 8)
    root = ET.fromstring(state.to_svg(state.current_player))
    plan = next(g for g in root.iter(f"{NS}g") if g.get("class") == "plan")
    size = float(plan.attrib["data-cell-size"])
    ox, oy = float(plan.attrib["data-origin-x"]), float(plan.attrib["data-origin-y"])
    cells = [g for g in plan.iter(f"{NS}g") if g.get("class") == "plan-cell"]
    assert len(cells) == 81
    for group in cells:
        name = group.attrib["data-target"][5:]
        x, y = FILES.index(name[0]), int(name[1:]) - 1
        rect = next(group.iter(f"{NS}rect"))
        assert math.isclose(float(rect.attrib["x"]), ox + x * size, abs_tol=0.1)
        assert math.isclose(float(rect.attrib["y"]), oy + (8 - y) * size, abs_tol=0.1)
    assert state.last is not None
    columns = {cell_coords(c)[:2] for c in cells_of(placement_mask(state.last))}
    marked = {g.attrib["data-target"] for g in cells if g.get("data-last") == "1"}
    assert marked == {f"cell:{FILES[x]}{y + 1}" for x, y in columns}


def test_aztec_draws_the_24_orientations_for_the_picker_while_the_game_runs() -> None:
    state = played("aztec", 2, 3, 4)
    for corner in ("sw", "ne"):
        root = ET.fromstring(state.to_svg(corner=corner))
        names = [g.attrib["data-orient"] for g in root.iter(f"{NS}g") if "data-orient" in g.attrib]
        assert names == [o.name for o in ORIENTATIONS]


def test_zapotec_card_targets_name_only_cards_the_viewer_may_see() -> None:
    state = stonework.new_game("zapotec", players=3, seed=4)
    rng = derive_rng(4, "card-targets")
    built = 0
    for _ in range(300):
        if state.is_terminal:
            break
        for seat in range(state.num_players):
            root = ET.fromstring(state.to_svg(seat))
            cards = {
                e.attrib["data-target"]
                for e in root.iter()
                if e.get("data-target", "").startswith("card:")
            }
            visible = set(state.offer) | set(state.hands[seat])  # type: ignore[attr-defined]
            assert cards == {f"card:{n}" for n in visible}
        if state.history and type(state.history[-1][1]) is Build:
            action = state.history[-1][1]
            name = state.comp.spaces[action.space].name  # type: ignore[attr-defined]
            root = ET.fromstring(state.to_svg(None))
            marked = [e.get("data-target") for e in root.iter() if e.get("data-last") == "1"]
            assert marked == [f"space:{name}"]
            built += 1
        state.apply(state.random_action(rng))
    assert built > 0


def test_aztec_picker_cubes_cover_the_cells_of_a_placement() -> None:
    """``data-cubes`` offsets added to the corner cube give exactly the placement's cells."""
    from stonework.games.aztec.geometry import cell_index

    state = played("aztec", 2, 6, 6)
    root = ET.fromstring(state.to_svg())
    cubes = {
        g.attrib["data-orient"]: [
            tuple(map(int, c.split(","))) for c in g.attrib["data-cubes"].split()
        ]
        for g in root.iter(f"{NS}g")
        if "data-orient" in g.attrib
    }
    checked = 0
    for action in state.legal_actions():
        cx, cy, cz = cell_coords(action.corner)  # type: ignore[attr-defined]
        name = ORIENTATIONS[action.orientation].name  # type: ignore[attr-defined]
        cells = {cell_index(cx + dx, cy + dy, cz + dz) for dx, dy, dz in cubes[name]}
        assert cells == set(cells_of(placement_mask(action)))  # type: ignore[arg-type]
        checked += 1
    assert checked > 0
