"""The Zapotec player boards as SVG, drawn from an observation: resources, the 3×3 grid of
building tiles with its wood/brick/stone headings and slot numbers, pieces left, trade tiles and
cards. A hand is listed only in its owner's view: other seats see its size and the cards all
seats saw it take (the observation already leaves the rest out).
"""

from __future__ import annotations

from typing import Final

from stonework.core import JSON, svg
from stonework.games.zapotec.components import RESOURCES
from stonework.games.zapotec.svg_board import SEAT_COLOURS, SEAT_INK, tile_code

BOARD_W: Final = 470.0
BOARD_H: Final = 178.0
HEADS: Final = ("wood", "brick", "stone")


def draw_player(
    player: dict[str, JSON], obs: dict[str, JSON], left: float, top: float
) -> tuple[list[str], float]:
    """One player board with its top-left corner at (left, top); returns parts and height."""
    seat = int(player["seat"])
    colour = SEAT_COLOURS[seat]
    details = _details(player)
    height = max(BOARD_H, 66 + 15 * len(details))
    parts = [f'<g class="player-board" data-seat="{seat}">']
    parts.append(svg.rect(left, top, BOARD_W, height, "#fff", colour, 2.5))
    parts.append(svg.rect(left, top, BOARD_W, 22, colour, colour, 2.5))
    you = " (you)" if obs["seat"] == seat else ""
    to_play = "  ◀ to play" if obs["to_play"] == seat else ""
    head = f"Seat {seat}{you}: {player['points']} VP{to_play}"
    parts.append(svg.text(left + 8, top + 16, head, 13, fill=SEAT_INK[seat], weight="bold"))
    # Resources as labelled amounts.
    res = player["resources"]
    x = left + 8
    for name in RESOURCES:
        parts.append(svg.text(x, top + 38, f"{name} {res[name]}", 11))
        x += 12 + 7 * len(f"{name} {res[name]}")
    parts += _grid(player["grid"], left + 8, top + 48)
    for n, line in enumerate(details):
        parts.append(svg.text(left + 170, top + 58 + 15 * n, line, 10))
    parts.append("</g>")
    return parts, height


def _grid(grid: list[JSON], left: float, top: float) -> list[str]:
    """The 3×3 grid: rows and columns headed wood, brick, stone; empty slots show their number."""
    parts = ['<g class="grid">']
    cell_w, cell_h = 36.0, 26.0
    for k, head in enumerate(HEADS):
        parts.append(
            svg.text(left + 40 + k * cell_w + cell_w / 2, top + 9, head, 9, "middle", "#555")
        )
        parts.append(
            svg.text(left + 34, top + 14 + k * cell_h + cell_h / 2 + 3, head, 9, "end", "#555")
        )
    for slot, tile in enumerate(grid):
        x = left + 40 + (slot % 3) * cell_w
        y = top + 14 + (slot // 3) * cell_h
        filled = isinstance(tile, str)
        parts.append(
            svg.rect(x, y, cell_w - 2, cell_h - 2, "#f4ead2" if filled else "#fff", "#888")
        )
        label = tile_code(tile) if filled else str(slot + 1)
        parts.append(
            svg.text(
                x + cell_w / 2 - 1,
                y + 16,
                label,
                11 if filled else 9,
                "middle",
                "#333" if filled else "#aaa",
                "bold" if filled else "normal",
            )
        )
    parts.append("</g>")
    return parts


def _details(player: dict[str, JSON]) -> list[str]:
    """The lines beside the grid: pieces, trade tiles, cards (wrapped to the board's width)."""
    pieces = player["pieces_left"]
    palace = player["palace"] or "not built"
    lines = [
        f"houses left {player['houses_left']}; palace: {palace}",
        f"pyramid pieces left: large {pieces['large']}, medium {pieces['medium']}, "
        f"small {pieces['small']}",
        f"ritual discs left {player['ritual_discs_left']}; sacrifice track {player['sacrifice']}",
    ]
    tiles = ", ".join(
        str(t["tile"]) + (" (used)" if t["used"] else "") for t in player["trade_tiles"]
    )
    lines.append(f"trade tiles: {tiles or '-'}")
    if "hand" in player:
        lines.append("hand: " + (", ".join(player["hand"]) or "-"))
        if player["my_choice"]:
            lines.append(f"your choice: {player['my_choice']}")
    else:
        known = ", ".join(player["known_cards"])
        lines.append(f"hand: {player['hand_size']} cards" + (f" (seen: {known})" if known else ""))
        if player["committed"]:
            lines.append("has chosen a card (hidden)")
    if player["played"]:
        lines.append(f"played: {player['played']}")
    return [part for line in lines for part in _wrap(line, 52)]


def _wrap(line: str, width: int) -> list[str]:
    """``line`` cut after commas into pieces of at most ``width`` characters."""
    out: list[str] = []
    for piece in line.split(", "):
        if out and len(out[-1]) + 2 + len(piece) <= width:
            out[-1] += ", " + piece
        elif out:
            out[-1] += ","
            out.append("    " + piece)
        else:
            out.append(piece)
    return out
