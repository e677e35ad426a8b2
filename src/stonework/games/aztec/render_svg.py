"""Aztec as SVG: the isometric view from one corner beside the plan, with the score and a legend.

The isometric view (:mod:`~stonework.games.aztec.svg_iso`) shows the structure as it stands on
the table; the plan (:mod:`~stonework.games.aztec.svg_plan`) is the map with the files and ranks a
player types placements with. Nothing is hidden in Aztec, so every perspective sees the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stonework.core import svg
from stonework.games.aztec import svg_iso, svg_plan
from stonework.games.aztec.actions import placement_mask
from stonework.games.aztec.render_text import result_line, role_line
from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE
from stonework.games.aztec.svg_iso import BOTH_COLOUR, EW_COLOUR, NS_COLOUR, VIEWS, star_points

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
    entries = [
        (swatch(NS_COLOUR), f"N/S builder{ns_seat}: north and south rows"),
        (swatch(EW_COLOUR), f"E/W builder{ew_seat}: east and west rows"),
    ]
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
    parts += svg_iso.draw(view, PAD, iso_top, state.occupied, scoring, last, corners)
    plan_left = PAD + svg_iso.WIDTH + PAD
    parts += svg_plan.draw(
        plan_left, iso_top - 10, state.occupied, scoring[0] | scoring[1], last, corners, view
    )
    legend_top = iso_top - 10 + svg_plan.HEIGHT
    entries = _legend(state, corners, view)
    parts += svg.legend(plan_left + 10, legend_top, entries)
    width = plan_left + svg_plan.WIDTH + PAD
    height = max(iso_top + svg_iso.HEIGHT, legend_top + 18 * len(entries)) + PAD
    return svg.document(width, height, parts, f"Aztec, {state.describe_turn()}")
