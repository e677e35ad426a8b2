"""An SVG drawing of the game from one seat's view (or a spectator's), built from its observation."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .components import REGIONS, RESOURCES, TERRAINS
from .observe import observation

if TYPE_CHECKING:
    from .state import ZapotecState

SEAT_COLOURS = ("#c0392b", "steelblue", "seagreen", "#d4ac0d")
REGION_COLOURS = ("#d6eaf8", "#fcf3cf", "#d5f5e3")
BUILDING_COLOURS = {"cornfield": "#f7dc6f", "village": "#e59866", "temple": "#aab7b8"}
_SHORT = {"wood": "W", "brick": "B", "stone": "S", "corn": "C", "gold": "G", "priest": "P"}


def _text(x: float, y: float, text: str, size: int = 11, anchor: str = "start") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-family="sans-serif">{escape(text)}</text>'
    )


def _short(tile: object) -> str:
    return "".join(_SHORT[r] for r in tile.split("+")) if isinstance(tile, str) else ""


def render_svg(state: ZapotecState, perspective: int | None) -> str:
    """The main board, market, track, rituals, cards and player boards as one SVG string."""
    obs = observation(state, perspective)
    out: list[str] = []
    who = "spectator" if perspective is None else f"seat {perspective}"
    out.append(_text(10, 20, f"Zapotec, round {obs['round']}, {obs['phase']} ({who})", 14))
    # main board: regions are columns, terrains rows; five spaces per section
    by_name = {space["space"]: space for space in obs["board"]}
    for r, region in enumerate(REGIONS):
        for t, terrain in enumerate(TERRAINS):
            x, y = 10 + r * 200, 40 + t * 70
            out.append(
                f'<rect x="{x}" y="{y}" width="195" height="65" fill="{REGION_COLOURS[r]}" '
                'stroke="dimgray"/>'
            )
            out.append(_text(x + 4, y + 13, f"{region} {terrain}", 10))
            for k in range(1, 6):
                space = by_name.get(f"{region}-{terrain}.{k}")
                cx = x + 22 + (k - 1) * 37
                if space is None:
                    out.append(
                        f'<circle cx="{cx}" cy="{y + 40}" r="14" fill="whitesmoke" stroke="silver"/>'
                    )
                    continue
                fill = BUILDING_COLOURS.get(str(space["building"]), "#fff")
                out.append(f'<circle cx="{cx}" cy="{y + 40}" r="14" fill="{fill}" stroke="black"/>')
                owner = space["owner"]
                if isinstance(owner, int):
                    size = 10 if space["palace"] else 7
                    out.append(
                        f'<rect x="{cx - size}" y="{y + 40 - size}" width="{2 * size}" '
                        f'height="{2 * size}" fill="{SEAT_COLOURS[owner]}"/>'
                    )
                else:
                    out.append(_text(cx, y + 44, _short(space["tile"]), 9, "middle"))
    # pyramids
    px = 620
    out.append(_text(px, 52, "pyramids", 12))
    for p, pyramid in enumerate(obs["pyramids"]):
        y = 60 + p * 40
        out.append(_text(px, y + 20, f"{p + 1} {pyramid['tile'] or '-'}", 10))
        for level, (seat, size) in enumerate(pyramid["pieces"]):
            width = {"large": 60, "medium": 44, "small": 28}[size]
            out.append(
                f'<rect x="{px + 120 - width / 2:.0f}" y="{y + 24 - 10 * (level + 1)}" '
                f'width="{width}" height="10" fill="{SEAT_COLOURS[seat]}" stroke="black"/>'
            )
    # market, rituals, track, cards
    y = 270
    for level, row in obs["trade_rows"].items():
        tiles = "  ".join(t or "-" for t in row)
        out.append(_text(10, y, f"row {level}: {tiles}  (stack {obs['trade_stacks'][level]})"))
        y += 16
    for k, ritual in enumerate(obs["rituals"], start=1):
        discs = ",".join(str(s) for s in ritual["discs"]) or "-"
        out.append(_text(10, y, f"ritual {k}: {ritual['text']}  discs {discs}"))
        y += 16
    out.append(_text(10, y, "sacrifice track:"))
    for space in range(state.comp.track_length + 1):
        out.append(
            f'<rect x="{110 + space * 26}" y="{y - 12}" width="24" height="16" fill="#fdebd0" '
            'stroke="gray"/>'
        )
        out.append(_text(110 + space * 26 + 12, y, str(space), 9, "middle"))
    for player in obs["players"]:
        seat = int(player["seat"])
        out.append(
            f'<circle cx="{110 + int(player["sacrifice"]) * 26 + 5 + 5 * seat}" cy="{y + 8}" '
            f'r="4" fill="{SEAT_COLOURS[seat]}"/>'
        )
    y += 28
    out.append(
        _text(
            10, y, f"scoring card: {obs['scoring_card'] or '-'}   offer: {', '.join(obs['offer'])}"
        )
    )
    y += 24
    # player boards
    for player in obs["players"]:
        seat = int(player["seat"])
        out.append(
            f'<rect x="10" y="{y}" width="780" height="78" fill="none" stroke="{SEAT_COLOURS[seat]}"/>'
        )
        res = player["resources"]
        out.append(
            _text(
                16,
                y + 15,
                f"seat {seat}: {player['points']} VP   "
                + " ".join(f"{_SHORT[r]}{res[r]}" for r in RESOURCES)
                + f"   houses {player['houses_left']}   palace {player['palace'] or '-'}",
            )
        )
        for k, tile in enumerate(player["grid"]):
            gx, gy = 20 + (k % 3) * 34, y + 22 + (k // 3) * 18
            out.append(
                f'<rect x="{gx}" y="{gy}" width="32" height="16" fill="#fff" stroke="gray"/>'
            )
            out.append(_text(gx + 16, gy + 12, _short(tile), 9, "middle"))
        tiles = ", ".join(str(t["tile"]) for t in player["trade_tiles"]) or "-"
        out.append(_text(130, y + 35, f"trade tiles: {tiles}", 10))
        if "hand" in player:
            hand = ", ".join(player["hand"])
        else:
            hand = f"{player['hand_size']} cards"
            if player["known_cards"]:
                hand += " (known: " + ", ".join(player["known_cards"]) + ")"
        out.append(_text(130, y + 52, f"hand: {hand}", 10))
        if player["played"]:
            out.append(_text(130, y + 69, f"played: {player['played']}", 10))
        y += 84
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="800" height="{y + 10}" '
        f'viewBox="0 0 800 {y + 10}">' + "".join(out) + "</svg>"
    )
