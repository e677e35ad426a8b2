"""Terminal drawing of an Akropolis position: the site, each city and its score sheet.

A city is drawn in flat-top columns, north up: each hex takes two lines, its kind letter and
height (``m1``: a market on level 1; capitals are plazas) above its axial ``q,r``, the
coordinates the notation is typed with. A column of hexes sits half a hex below the column to
its west, as on the table. In the city of the seat to move, ``+`` marks the open ground spots
where a tile may touch the city.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from stonework.core.state import CHANCE, TERMINAL, State
from stonework.games.akropolis.city import City, column_height, column_kind
from stonework.games.akropolis.hexgrid import COORDS
from stonework.games.akropolis.svg_city import open_ground
from stonework.games.akropolis.tiles import DISTRICT_TYPES, KIND_LETTER, KIND_NAME, TILE_KINDS

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

LEGEND: Final = (
    "legend: q quarry  h house  m market  b barracks  t temple  g garden;",
    "        capitals are plazas (H 1 star, M B T 2, G 3); the digit is the height;",
    "        under each hex its q,r; + an open ground spot of the player to move;",
    "        the neighbours of q,r: N q,r-1  NE q+1,r-1  SE q+1,r  S q,r+1  SW q-1,r+1  NW q-1,r",
    "notation: POSITION@Q,R/ROTATION, e.g. 2@-1,3/4: take site tile 2, lay its hex 1 on -1,3,",
    "        turned 4 steps clockwise (at 0, hex 2 is north of hex 1 and hex 3 north-east)",
)
PITCH: Final = 6  # characters per column of hexes


def city_lines(city: City, open_spots: set[int] | None = None) -> list[str]:
    """The city as text rows: two lines per hex (kind+height over q,r), flat-top layout."""
    spots: dict[tuple[int, int], tuple[str, str]] = {}
    for cell in city.cells:
        q, r = COORDS[cell]
        value = city.columns[cell]
        spots[(2 * r + q, q)] = (
            KIND_LETTER[column_kind(value)] + str(column_height(value)),
            f"{q},{r}",
        )
    for cell in open_spots or ():
        q, r = COORDS[cell]
        spots[(2 * r + q, q)] = ("+", f"{q},{r}")
    rows = [row for row, _ in spots]
    cols = [col for _, col in spots]
    top, left = min(rows), min(cols)
    width = PITCH * (max(cols) - left) + PITCH
    grid = [[" "] * width for _ in range(max(rows) - top + 2)]
    for (row, q), (upper, lower) in spots.items():
        at = PITCH * (q - left)
        for line, text in ((row - top, upper), (row - top + 1, lower)):
            grid[line][at : at + PITCH - 1] = text.center(PITCH - 1)
    return ["".join(chars).rstrip() for chars in grid]


def plural(count: float, noun: str) -> str:
    """``1 stone``, ``2 stones``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def status_line(state: AkropolisState) -> str:
    """Who is to act, the turn, the stacks and the Chief Architect, in words."""
    player = state.current_player
    chief = "the Architect" if state.solo and state.chief == 1 else f"seat {state.chief}"
    head = f"Akropolis, {plural(state.num_players, 'player')}: "
    if player == TERMINAL:
        return head + "game over; " + result_text(state)
    if player == CHANCE:
        status = f"revealing tiles ({state.pending} to come)"
    else:
        status = f"seat {player} to play"
    return (
        f"{head}{status}; turn {state.tiles_placed() + 1}, "
        f"stacks left {state.stacks_left}, chief architect: {chief}"
    )


def result_text(state: AkropolisState) -> str:
    """Who won, in words (ties on points are broken by stones, rules §2.3)."""
    if state.solo:
        result = state.scores()[0].breakdown["result"]
        return {"won": "seat 0 beats", "lost": "seat 0 loses to"}.get(
            str(result), "seat 0 shares the victory with"
        ) + " the Architect"
    places = state.ranking()
    winners = [seat for seat, place in enumerate(places) if place == 1]
    names = " and ".join(f"seat {s}" for s in winners)
    verb = "wins" if len(winners) == 1 else "share the victory"
    return f"{names} {verb}"


def site_line(state: AkropolisState) -> str:
    """The construction site: position, the tile's hexes 1 2 3 and its cost."""
    cells = []
    for i, tile in enumerate(state.site):
        hexes = " ".join(KIND_LETTER[k] for k in TILE_KINDS[tile])
        cost = "free" if i == 0 else f"{i} stone{'s' if i > 1 else ''}"
        cells.append(f"{i + 1}: {hexes} ({cost})")
    return "site: " + ("   ".join(cells) or "-")


def _mover(state: AkropolisState) -> int:
    """The seat to move, the seat whose turn comes at a chance node; TERMINAL at the end."""
    player = state.current_player
    return state.turn if player == CHANCE else player


def seat_lines(state: AkropolisState, seat: int, mover: int) -> list[str]:
    """One seat's city (open ground marked for the player to move) and its score sheet."""
    scores = state.scores()
    city = state.cities[seat]
    mark = "  (to move)" if seat == mover and not state.is_terminal else ""
    stones = state.stones[seat]
    out = [f"seat {seat}: {plural(scores[seat].total, 'point')}, {plural(stones, 'stone')}{mark}"]
    open_spots = open_ground(city) if seat == mover and not state.is_terminal else None
    out.extend("  " + line for line in city_lines(city, open_spots))
    sheet = scores[seat].breakdown
    for name in DISTRICT_TYPES:
        line = sheet[name]
        assert isinstance(line, dict)
        out.append(
            f"  {name:9} {line['districts']:2} districts  value {line['value']:2} "
            f"x {line['stars']:2} stars = {line['points']:3}"
        )
    out.append(f"  {'stones':45} {stones:3}")
    out.append(f"  {'total':45} {scores[seat].total:3}")
    return out


def render(state: AkropolisState, perspective: int | None = None) -> str:
    """The whole table as text (everything is public, so every perspective sees the same)."""
    mover = _mover(state)
    out = [status_line(state), site_line(state)]
    for seat in range(len(state.cities)):
        out.append("")
        out.extend(seat_lines(state, seat, mover))
    if state.solo:
        _, total = state.architect_result()
        out.append("")
        out.append(
            f"Architect ({state.level}): {state.stones[1]} stones, {len(state.pile)} tiles, "
            f"{total} points"
        )
    out.append("")
    out.extend(LEGEND)
    return "\n".join(out)


# --- the compact view, the details on request, the score sheet ---------------------------------

COMPACT_LINES: Final = 16
"""The compact view's height at most: on a 24-line screen that leaves room for the moves. A
city that does not fit is drawn on request (``city K``)."""


def compact_text(state: AkropolisState, perspective: int | None = None) -> str:
    """Each turn in 80 columns: the site, a line per seat, the city of the player to move."""
    mover = _mover(state)
    scores = state.scores()
    out = textwrap.wrap(status_line(state), 79, subsequent_indent="    ")
    tiles = [
        f"{i + 1}:{''.join(KIND_LETTER[k] for k in TILE_KINDS[tile])}"
        for i, tile in enumerate(state.site)
    ]
    out.append("site (tile k costs k-1 stones): " + ("  ".join(tiles) or "-"))
    for seat in range(len(state.cities)):
        sheet = scores[seat].breakdown
        # Points per district type by its letter (h house ... g garden, as on the city).
        points = " ".join(f"{name[0]}{sheet[name]['points']}" for name in DISTRICT_TYPES)
        arrow = ">" if seat == mover and not state.is_terminal else " "
        out.append(
            f"{arrow}seat {seat}: {plural(scores[seat].total, 'point')}, "
            f"{plural(state.stones[seat], 'stone')}; by type {points}"
        )
    if state.solo:
        _, total = state.architect_result()
        out.append(
            f" Architect ({state.level}): {total} points, {plural(state.stones[1], 'stone')}"
        )
    # The city of the seat to move (in solo play the person's, also while the Architect acts).
    shown = mover if 0 <= mover < len(state.cities) else 0
    city = city_lines(state.cities[shown])
    # The heading and the city, then the line of details: all within COMPACT_LINES.
    if len(out) + 1 + len(city) + 1 <= COMPACT_LINES and max(map(len, city)) < 78:
        out.append(f"city of seat {shown} (type city {shown} to see its open ground):")
        out.extend("  " + line for line in city)
    else:
        out.append(
            f"seat {shown}'s city is {len(city)} lines high: type city {shown} to draw it "
            "with its open ground"
        )
    out.append("more: city K, site, board, legend, scores (type help)")
    return "\n".join(line.rstrip() for line in out)


def site_lines(state: AkropolisState) -> list[str]:
    """The construction site tile by tile: the kinds of hexes 1, 2, 3 and the cost."""
    out = ["construction site (take position k for k - 1 stones; hexes 1 2 3 as the notation):"]
    for i, tile in enumerate(state.site):
        kinds = ", ".join(KIND_NAME[k] for k in TILE_KINDS[tile])
        cost = "free" if i == 0 else plural(i, "stone")
        out.append(f"  {i + 1}: {kinds} ({cost})")
    if not state.site:
        out.append("  empty")
    return out


SHEET_CELL: Final = "districts: value x stars = points"
"""How to read a cell of a district type's row in the score sheet."""


def score_sheet(state: AkropolisState) -> list[tuple[str, list[str]]]:
    """A row per district type (``districts: value x stars = points``), then the stones."""
    sheets = [score.breakdown for score in state.scores()]
    rows: list[tuple[str, list[str]]] = []
    for name in DISTRICT_TYPES:
        cells = []
        for sheet in sheets:
            line = sheet[name]
            assert isinstance(line, dict)
            cells.append(
                f"{line['districts']}: {line['value']} x {line['stars']} = {line['points']}"
            )
        rows.append((name, cells))
    rows.append(("stones", [str(state.stones[seat]) for seat in range(len(sheets))]))
    if state.solo:
        _, total = state.architect_result()
        rows.append((f"the Architect ({state.level})", [str(total)]))
        rows.append(("result", [str(sheets[0]["result"])]))
    return rows


def _akropolis(state: State) -> AkropolisState:
    from stonework.games.akropolis.state import AkropolisState

    assert isinstance(state, AkropolisState)
    return state


def _seat_argument(state: AkropolisState, argument: str, default: int) -> int:
    if not argument:
        return default
    if not argument.isdigit() or not 0 <= int(argument) < len(state.cities):
        raise ValueError(f"write the seat: city K, K from 0 to {len(state.cities) - 1}")
    return int(argument)


def _view_city(state: State, perspective: int | None, argument: str) -> str:
    akropolis = _akropolis(state)
    mover = _mover(akropolis)
    default = mover if 0 <= mover < len(akropolis.cities) else 0
    seat = _seat_argument(akropolis, argument.strip(), default)
    return "\n".join(seat_lines(akropolis, seat, mover))


def _view_site(state: State, perspective: int | None, argument: str) -> str:
    return "\n".join(site_lines(_akropolis(state)))


def _view_scores(state: State, perspective: int | None, argument: str) -> str:
    akropolis = _akropolis(state)
    rows = score_sheet(akropolis)
    width = max(len(label) for label, _ in rows)
    heads = "".join(f"  {'seat ' + str(seat):>14}" for seat in range(len(rows[0][1])))
    lines = [f"score sheet (a district type: {SHEET_CELL})", "  " + " " * width + heads]
    lines += [
        f"  {label:<{width}}" + "".join(f"  {cell:>14}" for cell in cells) for label, cells in rows
    ]
    return "\n".join(lines)


def _view_legend(state: State, perspective: int | None, argument: str) -> str:
    return "\n".join(LEGEND)


TEXT_VIEWS: Final[dict[str, tuple[str, Callable[[State, int | None, str], str]]]] = {
    "city": ("city K: seat K's city with its open ground and score sheet", _view_city),
    "site": ("the construction site, tile by tile", _view_site),
    "scores": ("the score sheet of every seat", _view_scores),
    "legend": ("what the letters mean, and the notation", _view_legend),
}
