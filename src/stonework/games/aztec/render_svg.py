"""Aztec as SVG: the isometric view from one corner beside the plan, with the score and a legend.

The isometric view (:mod:`~stonework.games.aztec.svg_iso`) shows the structure as it stands on
the table; the plan (:mod:`~stonework.games.aztec.svg_plan`) is the map with the files and ranks a
player types placements with. Nothing is hidden in Aztec, so every perspective sees the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stonework.core import svg
from stonework.games.aztec import svg_iso, svg_plan
from stonework.games.aztec.actions import Placement, placement_mask
from stonework.games.aztec.geometry import cells_of
from stonework.games.aztec.render_text import result_line, role_line
from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE
from stonework.games.aztec.svg_iso import (
    BOTH_COLOUR,
    ROLE_COLOURS,
    ROLE_LETTERS,
    ROLE_PATTERNS,
    VIEWS,
    star_points,
)

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState

PAD: Final = 16.0
HEADER: Final = 66.0


def _legend(state: AztecState, corners: bool, view: str) -> list[tuple[str, str]]:
    def swatch(fill: str) -> str:
        return svg.rect(0, 0, 14, 14, fill, "#444", 0.8)

    ns, ew = (state.builder(e) for e in ("north_south", "east_west"))
    ns_seat = f" (seat {ns})" if ns >= 0 else ""
    ew_seat = f" (seat {ew})" if ew >= 0 else ""

    def role(key: str) -> str:
        parts = [swatch(ROLE_COLOURS[key])]
        if key in ROLE_PATTERNS:
            parts.append(svg.rect(0, 0, 14, 14, f"url(#{ROLE_PATTERNS[key]})", "none", 0))
        parts.append(svg.text(7, 11, ROLE_LETTERS[key], 10, "middle", "#fff", "bold"))
        return "".join(parts)

    entries = [
        (role("ns"), f"N/S builder{ns_seat}: rows N+S; pieces plain"),
        (role("ew"), f"E/W builder{ew_seat}: rows E+W; pieces hatched"),
    ]
    if state.num_players == 3 and state.ah_puch >= 0:
        entries.append((role("ap"), f"Ah Puch (seat {state.ah_puch}): pieces dotted"))
    if corners:
        entries.append((swatch(BOTH_COLOUR), "corner: scores for both builders"))
    star = f'<polygon points="{star_points(7, 7, 7)}" fill="#fff" stroke="#222"/>'
    entries += [
        (star, "level-3 cube on a builder's row: 1 point"),
        (svg.rect(1, 1, 12, 12, "none", "#000", 2.5), "the last piece placed"),
        (svg.text(7, 12, "2", 12, "middle"), "level of the top cube; 2~ floats over a gap"),
        (
            '<circle cx="7" cy="7" r="6" fill="#222"/>',
            f"the 3D view is seen from this ({view.upper()}) corner",
        ),
    ]
    return entries


ROLE_KEYS: Final = {"N/S": "ns", "E/W": "ew", "Ah Puch": "ap"}


def placed_pieces(state: AztecState) -> dict[int, tuple[int, str]]:
    """Each placed cell: the number of its piece (in placing order) and the placer's role key.

    Read from the history, so a state built from a position string (no history) has none.
    """
    out: dict[int, tuple[int, str]] = {}
    number = 0
    for seat, action in state.history:
        if type(action) is Placement:
            role = ROLE_KEYS.get(state.role(seat), "")
            for cell in cells_of(placement_mask(action)):
                out[cell] = (number, role)
            number += 1
    return out


def render(state: AztecState, perspective: int | None = None, corner: str = "sw") -> str:
    """The SVG drawing of ``state`` with the 3D view from ``corner`` (same for every seat)."""
    view = corner.lower()
    if view not in VIEWS:
        raise ValueError(f"corner must be one of {', '.join(VIEWS)}, not {corner!r}")
    corners = state.options["corners"] == "both"
    scoring = (NS_EDGE[corners], EW_EDGE[corners])
    last = placement_mask(state.last) if state.last is not None else 0
    parts: list[str] = []
    ns, ew = state.edge_points()
    title = f"Aztec: N/S {ns} : {ew} E/W"
    parts.append(svg.text(PAD, PAD + 12, title, 17, weight="bold"))
    parts.append(svg.text(PAD, PAD + 31, role_line(state), 12))
    status = result_line(state) if state.is_terminal else state.describe_turn()
    parts.append(
        svg.text(PAD, PAD + 48, status, 12, weight="bold" if state.is_terminal else "normal")
    )
    iso_top = PAD + HEADER
    pieces = placed_pieces(state)
    roles = {cell: role for cell, (_, role) in pieces.items()}
    parts += svg_iso.draw(view, PAD, iso_top, state.occupied, scoring, last, corners, roles)
    plan_left = PAD + svg_iso.WIDTH + PAD
    parts += svg_plan.draw(
        plan_left,
        iso_top - 10,
        state.occupied,
        scoring[0] | scoring[1],
        last,
        corners,
        view,
        pieces,
    )
    picker_h = 0.0
    if not state.is_terminal:
        picker, picker_h = svg_iso.draw_picker(view, PAD, iso_top + svg_iso.HEIGHT + 6)
        parts += picker
    legend_top = iso_top - 10 + svg_plan.HEIGHT
    entries = _legend(state, corners, view)
    parts += svg.legend(plan_left + 10, legend_top, entries)
    width = plan_left + svg_plan.WIDTH + PAD
    height = max(iso_top + svg_iso.HEIGHT + 6 + picker_h, legend_top + 18 * len(entries)) + PAD
    return svg.document(width, height, parts, f"Aztec, {state.describe_turn()}")
