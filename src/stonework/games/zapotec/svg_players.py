"""The Zapotec player boards as SVG, drawn from an observation: resources, the 3×3 grid of
building tiles with its wood/brick/stone headings and slot numbers, the pieces left (houses,
palace, pyramid pieces, ritual discs), trade tiles and cards. A hand is drawn only in its
owner's view: other seats see its size and the cards all seats saw it take (the observation
already leaves the rest out).

The board of the seat whose view is drawn carries that seat's click targets (grid slots, the
income row and column, owned trade tiles, the palace piece, hand cards; see
:mod:`~stonework.games.zapotec.targets`); other boards carry none, so every id appears once.
"""

from __future__ import annotations

from typing import Final

from stonework.core import JSON, svg
from stonework.games.zapotec.components import RESOURCES
from stonework.games.zapotec.effect_words import SHORT
from stonework.games.zapotec.svg_board import SEAT_COLOURS, SEAT_INK, fitting_size, tile_code
from stonework.games.zapotec.targets import PALACE_TARGET, card_target, owned_target, slot_target

BOARD_W: Final = 470.0
BOARD_H: Final = 208.0
HEADS: Final = ("wood", "brick", "stone")
RESOURCE_COLOURS: Final = {
    "wood": "#a0703c",
    "brick": "#c8553d",
    "stone": "#9aa0a6",
    "corn": "#f2c230",
    "gold": "#e0b040",
    "priest": "#6a4c93",
}
RESOURCE_INK: Final = {"corn": "#3b2f20", "gold": "#3b2f20", "stone": "#3b2f20"}
CELL_W: Final = 36.0
CELL_H: Final = 26.0
CARD_W: Final = 60.0


def card_number(card: JSON) -> int:
    """The number of a card written ``#14 hills/stone``."""
    return int(str(card)[1:].split(" ")[0])


def draw_player(
    player: dict[str, JSON], obs: dict[str, JSON], left: float, top: float
) -> tuple[list[str], float]:
    """One player board with its top-left corner at (left, top); returns parts and height."""
    seat = int(player["seat"])
    colour = SEAT_COLOURS[seat]
    viewer = obs["seat"] == seat
    lines = _lines(player)
    hand = player.get("hand") if viewer else None
    height = BOARD_H + 15 * max(0, len(lines) - 3) + (62 if hand else 0)
    parts = [f'<g class="player-board" data-seat="{seat}">']
    parts.append(svg.rect(left, top, BOARD_W, height, "#fff", colour, 2.5))
    parts.append(svg.rect(left, top, BOARD_W, 22, colour, colour, 2.5))
    you = " (you)" if viewer else ""
    to_play = "  ◀ to play" if obs["to_play"] == seat else ""
    head = f"Seat {seat}{you}: {player['points']} VP{to_play}"
    parts.append(svg.text(left + 8, top + 16, head, 13, fill=SEAT_INK[seat], weight="bold"))
    parts += _resources(player["resources"], left + 8, top + 28)
    income = _income_resource(player, obs) if viewer else ""
    parts += _grid(player["grid"], left + 8, top + 56, viewer, income)
    parts += _pieces(player, left + 170, top + 54, viewer)
    parts += _trade_tiles(player, left + 170, top + 124, viewer)
    y = top + 162
    for line in lines:
        parts.append(svg.text(left + 170, y, line, 10))
        y += 15
    if hand:
        parts += _hand(hand, left + 8, top + height - 62)
    parts.append("</g>")
    return parts, height


def _resources(res: JSON, left: float, top: float) -> list[str]:
    """Each resource as a coloured token with its letter, then its name and amount."""
    parts = []
    x = left
    for name in RESOURCES:
        fill = RESOURCE_COLOURS[name]
        parts.append(
            f'<rect x="{x:.1f}" y="{top:.1f}" width="16" height="16" rx="3" fill="{fill}" '
            'stroke="#3b2f20" stroke-width="0.8"/>'
        )
        ink = RESOURCE_INK.get(name, "#fff")
        parts.append(svg.text(x + 8, top + 12, SHORT[name], 10, "middle", ink, "bold"))
        label = f"{name} {res[name]}"
        parts.append(svg.text(x + 20, top + 12.5, label, 11))
        x += 28 + 6.3 * len(label)
    return parts


def _income_resource(player: dict[str, JSON], obs: dict[str, JSON]) -> str:
    """The resource heading the row and column income comes from, while it is to be taken."""
    played = player["played"]
    if obs["phase"] != "income" or obs["to_play"] != player["seat"] or not played:
        return ""
    return str(played).rpartition("/")[2]


def _grid(grid: list[JSON], left: float, top: float, viewer: bool, income: str) -> list[str]:
    """The 3×3 grid: rows and columns headed wood, brick, stone; empty slots show their number.

    With ``income`` (the income phase of the viewer) the row and the column of that resource
    are highlighted and their headings are the targets ``income:row`` and ``income:column``.
    """
    parts = ['<g class="grid">']
    gx, gy = left + 40, top + 14
    if income in HEADS:
        k = HEADS.index(income)
        band = "#fff3b0"
        parts.append(svg.rect(left, gy + k * CELL_H - 1, 40 + 3 * CELL_W, CELL_H, band, band))
        parts.append(svg.rect(gx + k * CELL_W - 1, top, CELL_W, 14 + 3 * CELL_H, band, band))
    for k, head in enumerate(HEADS):
        hx, hy = gx + k * CELL_W + CELL_W / 2, top + 9
        rx, ry = left + 34, gy + k * CELL_H + CELL_H / 2 + 3
        if head == income:
            parts.append('<g data-target="income:column">')
            parts.append(svg.rect(hx - 17, top - 3, 34, 15, "#ffe27a", "#8a6d3b", 1))
            parts.append(svg.text(hx, hy, f"{head} ▼", 9, "middle", "#3b2f20", "bold"))
            parts.append("</g>")
            parts.append('<g data-target="income:row">')
            parts.append(svg.rect(left - 4, ry - 11, 42, 15, "#ffe27a", "#8a6d3b", 1))
            parts.append(svg.text(rx + 2, ry, f"{head} ▶", 9, "end", "#3b2f20", "bold"))
            parts.append("</g>")
        else:
            parts.append(svg.text(hx, hy, head, 9, "middle", "#555"))
            parts.append(svg.text(rx, ry, head, 9, "end", "#555"))
    for slot, tile in enumerate(grid):
        x = gx + (slot % 3) * CELL_W
        y = gy + (slot // 3) * CELL_H
        filled = isinstance(tile, str)
        target = viewer and not filled
        if target:
            parts.append(f'<g class="slot" data-target="{slot_target(slot)}">')
        parts.append(
            svg.rect(x, y, CELL_W - 2, CELL_H - 2, "#f4ead2" if filled else "#fff", "#888")
        )
        label = tile_code(tile) if filled else str(slot + 1)
        parts.append(
            svg.text(
                x + CELL_W / 2 - 1,
                y + 16,
                label,
                11 if filled else 9,
                "middle",
                "#333" if filled else "#aaa",
                "bold" if filled else "normal",
            )
        )
        if target:
            parts.append("</g>")
    parts.append("</g>")
    return parts


def _pieces(player: dict[str, JSON], left: float, top: float, viewer: bool) -> list[str]:
    """Houses, the palace, pyramid pieces and ritual discs left, as small shapes with counts."""
    seat = int(player["seat"])
    colour, ink = SEAT_COLOURS[seat], SEAT_INK[seat]
    parts = [svg.text(left, top, "pieces left", 9, fill="#777")]
    y = top + 12
    # Houses: a square with the seat number, times the count.
    parts.append(svg.rect(left, y, 16, 16, colour, "#000", 1))
    parts.append(svg.text(left + 8, y + 12, str(seat), 10, "middle", ink, "bold"))
    parts.append(svg.text(left + 20, y + 12, f"×{player['houses_left']} houses", 10))
    # The palace: a house with a roof; a target while it can still be built.
    x = left + 92
    palace = player["palace"]
    if viewer and not palace:
        parts.append(f'<g class="palace" data-target="{PALACE_TARGET}">')
    parts.append(
        f'<polygon points="{x - 2:.1f},{y + 6:.1f} {x + 9:.1f},{y - 3:.1f} '
        f'{x + 20:.1f},{y + 6:.1f}" fill="{colour}" stroke="#000"/>'
    )
    parts.append(svg.rect(x, y + 6, 18, 12, colour, "#000", 1))
    parts.append(svg.text(x + 9, y + 16, str(seat), 9, "middle", ink, "bold"))
    text = f"palace on {palace}" if palace else "palace to build"
    parts.append(svg.text(x + 24, y + 14, text, 10))
    if viewer and not palace:
        parts.append("</g>")
    # Pyramid pieces: one step shape per size with its count.
    y += 30
    pieces = player["pieces_left"]
    x = left
    for size, width in (("large", 30.0), ("medium", 22.0), ("small", 14.0)):
        parts.append(
            f'<polygon points="{x:.1f},{y + 12:.1f} {x + width:.1f},{y + 12:.1f} '
            f'{x + width - 3:.1f},{y + 2:.1f} {x + 3:.1f},{y + 2:.1f}" fill="{colour}" '
            'stroke="#000" stroke-width="0.8"/>'
        )
        label = f"{size[0].upper()}×{pieces[size]}"
        parts.append(svg.text(x + width + 3, y + 11, label, 10))
        x += width + 34
    # Ritual discs.
    parts.append(f'<circle cx="{x + 6:.1f}" cy="{y + 7:.1f}" r="6" fill="{colour}" stroke="#000"/>')
    parts.append(svg.text(x + 6, y + 10.5, str(seat), 8, "middle", ink, "bold"))
    parts.append(svg.text(x + 15, y + 11, f"×{player['ritual_discs_left']} discs", 10))
    return parts


def _trade_tiles(player: dict[str, JSON], left: float, top: float, viewer: bool) -> list[str]:
    """The trade tiles owned, one chip per kind (count, and how many are used this round)."""
    parts = [svg.text(left, top, "trade tiles", 9, fill="#777")]
    kinds: dict[str, list[bool]] = {}
    for entry in player["trade_tiles"]:
        kinds.setdefault(str(entry["tile"]), []).append(bool(entry["used"]))
    x, y = left, top + 5
    if not kinds:
        parts.append(svg.text(left, top + 17, "-", 10))
    for name, used in kinds.items():
        label = name + (f" ×{len(used)}" if len(used) > 1 else "")
        if all(used):
            label += " (used)"
        width = 10 + 6.2 * len(label)
        if x + width > left + 290:
            x, y = left, y + 20
        if viewer:
            parts.append(f'<g class="owned-tile" data-target="{owned_target(name)}">')
        fill = "#eee" if all(used) else "#fffaf0"
        parts.append(svg.rect(x, y, width, 17, fill, "#8a7a5a", 1))
        parts.append(svg.text(x + 5, y + 12.5, label, 10, fill="#777" if all(used) else "#333"))
        if viewer:
            parts.append("</g>")
        x += width + 5
    return parts


def _hand(hand: list[JSON], left: float, top: float) -> list[str]:
    """The viewer's hand as cards, each a target ``card:<n>``."""
    parts = [svg.text(left, top + 8, "your hand (only you see it)", 9, fill="#777")]
    top += 14
    for n, card in enumerate(hand):
        x = left + n * (CARD_W + 6)
        number, _, rest = str(card).partition(" ")
        icon, _, resource = rest.partition("/")
        parts.append(f'<g class="card" data-target="{card_target(card_number(card))}">')
        parts.append(svg.rect(x, top, CARD_W, 40, "#fffdf5", "#6b5d48", 1.2))
        parts.append(svg.text(x + 5, top + 15, number, 12, weight="bold"))
        # "cornfield" is "champ de maïs" in French: sized for the longest language's words
        parts.append(svg.text(x + 5, top + 27, icon, fitting_size(icon, CARD_W - 8, 9)))
        parts.append(svg.text(x + 5, top + 37, resource, 9, fill="#555"))
        parts.append("</g>")
    return parts


def _lines(player: dict[str, JSON]) -> list[str]:
    """The lines under the pieces: track, hand, the card chosen or played."""
    lines = [f"sacrifice track: space {player['sacrifice']}"]
    if "hand" in player:
        if not player["hand"]:
            lines.append("hand: -")
        if player["my_choice"]:
            lines.append(f"your choice: {player['my_choice']}")
    else:
        known = ", ".join(player["known_cards"])
        lines.append(f"hand: {player['hand_size']} cards" + (f" (seen: {known})" if known else ""))
        if player["committed"]:
            lines.append("has chosen a card (hidden)")
    if player["played"]:
        lines.append(f"played: {player['played']}")
    return [part for line in lines for part in _wrap(line, 50)]


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
