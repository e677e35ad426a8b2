"""The Zapotec main board as SVG, drawn from an observation: the nine sections with their spaces
and houses, the pyramids with their scoring tiles, the three trade rows, the rituals and the
sacrifice track.

Every cue carries a letter or a number besides its colour: spaces show their building's initial
(C cornfield, V village, T temple), houses and palaces the owner's seat number, pyramid pieces and
track markers the seat number too.
"""

from __future__ import annotations

from typing import Final

from stonework.core import JSON, svg
from stonework.core.i18n import LANGUAGES, catalogue
from stonework.games.zapotec.components import ICONS, LEVELS, REGIONS, TERRAINS, Components
from stonework.games.zapotec.effect_words import SHORT, effect_words
from stonework.games.zapotec.targets import (
    pyramid_target,
    ritual_target,
    scoring_tile_target,
    space_target,
    track_target,
    trade_target,
)

SEAT_COLOURS: Final = ("#c0392b", "#2e75b6", "#2e8b57", "#d4a50a")
SEAT_INK: Final = ("#fff", "#fff", "#fff", "#000")
"""Text colour on each seat's colour (dark on the light gold, so the number stays readable)."""
REGION_COLOURS: Final = ("#dbe9f6", "#fbf1cf", "#d8f1e1")
BUILDING_COLOURS: Final = {"cornfield": "#f7dc6f", "village": "#eba46f", "temple": "#b8c2c4"}
SECTION_W: Final = 200.0
SECTION_H: Final = 74.0
BOARD_W: Final = 70 + 3 * SECTION_W  # terrain names on the left
BOARD_H: Final = 20 + 3 * SECTION_H
TILE_H: Final = 52.0
"""A trade tile's height: its name, two lines of effect and its timing."""
EFFECT_SIZE: Final = 9.0
"""The effect's font size when it fits on one line, in every language."""


def tile_code(name: JSON) -> str:
    """A building tile's code from its resources (``wood+corn`` -> ``WC``); ``--`` for none."""
    if not isinstance(name, str):
        return "--"
    return "".join(SHORT.get(r, r[:1].upper()) for r in name.split("+"))


def seat_marker(x: float, y: float, seat: int, size: float, palace: bool = False) -> list[str]:
    """A house (square) or palace (bigger, with a roof) of ``seat``, its number written on it."""
    colour = SEAT_COLOURS[seat]
    parts = [svg.rect(x - size, y - size, 2 * size, 2 * size, colour, "#000", 1)]
    if palace:
        parts.append(
            f'<polygon points="{x - size - 2:.1f},{y - size:.1f} {x:.1f},{y - 2 * size:.1f} '
            f'{x + size + 2:.1f},{y - size:.1f}" fill="{colour}" stroke="#000"/>'
        )
    parts.append(
        svg.text(x, y + size * 0.5, str(seat), size * 1.3, "middle", SEAT_INK[seat], "bold")
    )
    return parts


def draw_sections(obs: dict[str, JSON], left: float, top: float, last: str = "") -> list[str]:
    """The 3×3 sections (regions across, terrains down), five spaces each.

    Each space in play is a click target ``space:<name>``; ``last`` is the target the last
    action changed: that space gets ``data-last`` and a dashed ring.
    """
    by_name = {space["space"]: space for space in obs["board"]}
    parts = ['<g class="main-board">']
    for r, region in enumerate(REGIONS):
        x = left + 70 + r * SECTION_W
        parts.append(svg.text(x + SECTION_W / 2, top + 13, region, 13, "middle", weight="bold"))
    for t, terrain in enumerate(TERRAINS):
        y = top + 20 + t * SECTION_H
        parts.append(svg.text(left, y + SECTION_H / 2 + 4, terrain, 12, weight="bold"))
        for r, region in enumerate(REGIONS):
            x = left + 70 + r * SECTION_W
            parts.append(svg.rect(x, y, SECTION_W - 4, SECTION_H - 4, REGION_COLOURS[r], "#777"))
            parts.append(svg.text(x + 4, y + 12, f"{region}-{terrain}", 9, fill="#555"))
            for k in range(1, 6):
                cx, cy = x + 22 + (k - 1) * 38, y + 38
                name = f"{region}-{terrain}.{k}"
                space = by_name.get(name)
                if space is None:
                    parts += _space(space, k, cx, cy)
                    continue
                mark = ' data-last="1"' if space_target(name) == last else ""
                parts.append(f'<g data-target="{space_target(name)}"{mark}>')
                parts += _space(space, k, cx, cy)
                if mark:
                    parts.append(
                        f'<circle class="last" cx="{cx:.1f}" cy="{cy:.1f}" r="17" fill="none" '
                        'stroke="#000" stroke-width="2.5" stroke-dasharray="4,2" '
                        'pointer-events="none"/>'
                    )
                parts.append("</g>")
    parts.append("</g>")
    return parts


def _space(space: JSON, k: int, cx: float, cy: float) -> list[str]:
    tag = {4: "3+", 5: "4"}.get(k, "")
    label = f"{k}" + (f" ({tag})" if tag else "")
    parts = [svg.text(cx, cy - 18, label, 8, "middle", "#555")]
    if space is None:  # not in play at this player count
        parts.append(
            f'<circle class="space-out" cx="{cx:.1f}" cy="{cy:.1f}" r="14" fill="#eee" '
            'stroke="#bbb" stroke-dasharray="2,2"/>'
        )
        return parts
    building = str(space["building"])
    parts.append(
        f'<circle class="space" cx="{cx:.1f}" cy="{cy:.1f}" r="14" '
        f'fill="{BUILDING_COLOURS.get(building, "#fff")}" stroke="#333"/>'
    )
    owner = space["owner"]
    if isinstance(owner, int):
        parts += seat_marker(cx, cy, owner, 9 if space["palace"] else 7, bool(space["palace"]))
    else:
        parts.append(svg.text(cx, cy + 4, building[:1].upper(), 12, "middle", "#333", "bold"))
    parts.append(svg.text(cx, cy + 26, tile_code(space["tile"]), 9, "middle", "#333"))
    return parts


PIECE_W: Final = {"large": 66.0, "medium": 48.0, "small": 30.0}
PIECE_H: Final = 13.0
PYRAMID_ROW: Final = 46.0


def _step(cx: float, base: float, level: int, width: float) -> str:
    """The points of one step of a pyramid: a trapezoid ``level`` steps above ``base``."""
    bottom, top = base - PIECE_H * level, base - PIECE_H * (level + 1)
    return (
        f"{cx - width / 2:.1f},{bottom:.1f} {cx + width / 2:.1f},{bottom:.1f} "
        f"{cx + width / 2 - 3:.1f},{top:.1f} {cx - width / 2 + 3:.1f},{top:.1f}"
    )


def draw_pyramids(
    obs: dict[str, JSON], left: float, top: float, last: str = ""
) -> tuple[list[str], float]:
    """Each pyramid site as a stepped pyramid: its pieces in seat colour, seat and size written
    on each (``0L``), the empty steps dashed, the scoring tile on a plaque beside it.

    Each site is a click target ``pyramid:<p>``; the scoring tiles still to place on a new
    pyramid are targets ``scoring-tile:<icon>``.
    """
    parts = ['<g class="pyramids">', svg.text(left, top + 13, "Pyramids", 13, weight="bold")]
    y = top + 22
    shape = ("large", "medium", "small")
    for p, pyramid in enumerate(obs["pyramids"]):
        target = pyramid_target(p)
        mark = target == last
        parts.append(
            f'<g class="pyramid" data-target="{target}"' + (' data-last="1">' if mark else ">")
        )
        parts.append(
            svg.rect(left, y, 280, PYRAMID_ROW - 4, "#f7efe0", "#000" if mark else "#c9b48e", 0.8)
        )
        parts.append(svg.text(left + 8, y + 26, f"{p + 1}", 14, weight="bold"))
        cx, base = left + 62, y + PYRAMID_ROW - 7
        pieces = pyramid["pieces"]
        for level in range(3):
            if level < len(pieces):
                seat, size = pieces[level]
                parts.append(
                    f'<polygon class="piece" points="{_step(cx, base, level, PIECE_W[size])}" '
                    f'fill="{SEAT_COLOURS[seat]}" stroke="#000" stroke-width="1"/>'
                )
                label = f"{seat}{size[0].upper()}"
                ink = SEAT_INK[seat]
                y_text = base - PIECE_H * level - 3
                parts.append(svg.text(cx, y_text, label, 9.5, "middle", ink, "bold"))
            else:
                parts.append(
                    f'<polygon points="{_step(cx, base, level, PIECE_W[shape[level]])}" '
                    'fill="none" stroke="#a89773" stroke-width="0.8" stroke-dasharray="3,2"/>'
                )
        tile = pyramid["tile"]
        if tile:
            parts.append(svg.rect(left + 112, y + 10, 92, 22, "#fff8e6", "#8a6d3b", 1.2))
            parts.append(svg.text(left + 158, y + 25, str(tile), 11, "middle", weight="bold"))
        else:
            # New pyramids go on the first empty site (zapotec.md §7).
            words = (
                "empty" if any(not q["pieces"] for q in obs["pyramids"][:p]) else "next new pyramid"
            )
            parts.append(svg.text(left + 112, y + 25, words, 10, fill="#777"))
        parts.append("</g>")
        y += PYRAMID_ROW
    parts.append(svg.text(left, y + 12, "Scoring tiles to place:", 10, fill="#555"))
    x = left + 120
    for icon in obs["scoring_tiles"]:
        width = 8 + 6.4 * len(str(icon))
        index = ICONS.index(str(icon))
        parts.append(f'<g class="scoring-tile" data-target="{scoring_tile_target(index)}">')
        parts.append(svg.rect(x, y + 1, width, 16, "#fff8e6", "#8a6d3b", 1))
        parts.append(svg.text(x + width / 2, y + 13, str(icon), 10, "middle"))
        parts.append("</g>")
        x += width + 4
        if x > left + 230:
            x, y = left + 120, y + 20
    if not obs["scoring_tiles"]:
        parts.append(svg.text(x, y + 12, "-", 10))
    parts.append("</g>")
    return parts, y + 22


def draw_market(
    obs: dict[str, JSON], comp: Components, left: float, top: float
) -> tuple[list[str], float]:
    """The three trade rows: each tile's name and what it does, its cost and the stack left."""
    parts = ['<g class="trade-rows">', svg.text(left, top + 13, "Trade rows", 13, weight="bold")]
    y = top + 22
    tile_w = 168.0
    for k, level in enumerate(LEVELS):
        parts.append(svg.text(left, y + 22, f"{level}", 13, weight="bold"))
        cost = comp.trade_costs[k]
        parts.append(svg.text(left, y + 36, f"{cost} gold", 9, fill="#555"))
        for slot, name in enumerate(obs["trade_rows"][level], start=1):
            x = left + 46 + (slot - 1) * (tile_w + 6)
            if name is None:
                parts.append(svg.rect(x, y, tile_w, TILE_H, "#fffaf0", "#8a7a5a"))
                parts.append(svg.text(x + 4, y + 13, f"{level}.{slot}", 9, fill="#777"))
                parts.append(svg.text(x + tile_w / 2, y + 26, "(empty)", 10, "middle"))
                continue
            parts.append(f'<g class="trade-tile" data-target="{trade_target(k + 1, slot - 1)}">')
            parts.append(svg.rect(x, y, tile_w, TILE_H, "#fffaf0", "#8a7a5a"))
            parts.append(svg.text(x + 4, y + 13, f"{level}.{slot}", 9, fill="#777"))
            tile = comp.trade_tiles[comp.trade_index[name]]
            parts.append(svg.text(x + 30, y + 14, name, 11, weight="bold"))
            lines = _effect_lines(effect_words(tile.effect), tile_w - 8)
            for n, (line, size) in enumerate(lines):
                parts.append(svg.text(x + 4, y + 26 + 9 * n, line, size))
            parts.append(svg.text(x + 4, y + 28 + 9 * len(lines), tile.timing, 8, fill="#777"))
            parts.append("</g>")
        stack = obs["trade_stacks"][level]
        parts.append(svg.text(left + 46 + 3 * (tile_w + 6), y + 24, f"stack {stack}", 10))
        y += TILE_H + 6
    parts.append("</g>")
    return parts, y


def draw_rituals(
    obs: dict[str, JSON], left: float, top: float, last: str = ""
) -> tuple[list[str], float]:
    """The ritual cards with the seats' discs on them."""
    parts = ['<g class="rituals">', svg.text(left, top + 13, "Rituals", 13, weight="bold")]
    y = top + 20
    for k, ritual in enumerate(obs["rituals"], start=1):
        target = ritual_target(k - 1)
        mark = target == last
        parts.append(
            f'<g class="ritual" data-target="{target}"' + (' data-last="1">' if mark else ">")
        )
        parts.append(
            svg.rect(left, y, 330, 24, "#f3ecff", "#000" if mark else "#7d6aa8", 2 if mark else 1)
        )
        parts.append(svg.text(left + 6, y + 16, f"{k}. {ritual['text']}", 11))
        for n, seat in enumerate(ritual["discs"]):
            parts += _disc(left + 250 + 16 * n, y + 12, seat)
        parts.append("</g>")
        y += 28
    parts.append("</g>")
    return parts, y


def _disc(x: float, y: float, seat: int) -> list[str]:
    return [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{SEAT_COLOURS[seat]}" stroke="#000"/>',
        svg.text(x, y + 3.5, str(seat), 9, "middle", SEAT_INK[seat], "bold"),
    ]


ROW = 81
"""The height of a row of track spaces: a space of four lines of words and the discs below it."""


def draw_track(
    obs: dict[str, JSON], comp: Components, left: float, top: float, last: str = ""
) -> tuple[list[str], float]:
    """The sacrifice track: spaces with their bonuses, the seats' markers below their space."""
    parts = ['<g class="sacrifice-track">']
    rewards = "/".join(str(v) for v in comp.track_rewards)
    parts.append(
        svg.text(left, top + 13, f"Sacrifice track (end: {rewards} VP by rank)", 13, weight="bold")
    )
    y = top + 20
    cell = 78.0
    per_line = 6
    positions: dict[int, list[int]] = {}
    for player in obs["players"]:
        positions.setdefault(int(player["sacrifice"]), []).append(int(player["seat"]))
    for space in range(comp.track_length + 1):
        x = left + (space % per_line) * cell
        row_y = y + (space // per_line) * ROW
        target = track_target(space)
        mark = target == last
        parts.append(
            f'<g class="track-space" data-target="{target}"' + (' data-last="1">' if mark else ">")
        )
        parts.append(
            svg.rect(
                x, row_y, cell - 4, 53, "#fdebd0", "#000" if mark else "#a0785a", 2 if mark else 1
            )
        )
        parts.append(svg.text(x + 4, row_y + 12, str(space), 10, weight="bold"))
        words = effect_words(comp.track_bonuses[space])
        for n, line in enumerate(_wrap(words, 14)):
            # sized for its longest language ("pyramid levels": "étages de pyramide")
            parts.append(
                svg.text(x + 4, row_y + 22 + 9 * n, line, fitting_size(line, cell - 10, 8))
            )
        for n, seat in enumerate(sorted(positions.get(space, []))):
            parts += _disc(x + 9 + 16 * n, row_y + 63, seat)
        parts.append("</g>")
    lines = (comp.track_length + per_line) // per_line
    parts.append("</g>")
    return parts, y + lines * ROW


def _longest(words: str) -> int:
    """The length of ``words`` in its longest language: the drawing is translated after it is
    made, so a line is sized for the longest text it will hold."""
    zapotec = catalogue("zapotec")
    return max(len(zapotec.translate(words, lang)) for lang in LANGUAGES)


def fitting_size(words: str, width: float, size: float = EFFECT_SIZE) -> float:
    """The font size (at most ``size``) at which ``words`` fit ``width`` in every language, at
    about 0.55 em a letter."""
    return min(size, width / (0.55 * max(1, _longest(words))))


def _effect_lines(words: str, width: float) -> list[tuple[str, float]]:
    """A tile's effect as one line, or as two when one would need a small font: split where
    each half is a phrase of its own in the catalogue (so each translates, as the track's
    wrapped lines do), the split whose smaller font is largest and, among those, whose halves
    are the most even. Each line with its size."""
    whole = fitting_size(words, width)
    if whole >= 8.0:
        return [(words, whole)]
    zapotec = catalogue("zapotec")
    best: list[tuple[str, float]] = [(words, whole)]
    best_key = (whole, -_longest(words))
    parts = words.split()
    for cut in range(1, len(parts)):
        head, tail = " ".join(parts[:cut]), " ".join(parts[cut:])
        # A half the catalogue leaves as it was would stay English in a French drawing.
        if not all(
            zapotec.knows(half) and zapotec.translate(half, lang) != half
            for half in (head, tail)
            for lang in LANGUAGES
            if lang != "en"
        ):
            continue
        sizes = (fitting_size(head, width), fitting_size(tail, width))
        # The largest smaller font first, then the more even halves.
        key = (min(sizes), -max(_longest(head), _longest(tail)))
        if key > best_key:
            # One size for both lines: a tile's words read as one text.
            best, best_key = [(head, key[0]), (tail, key[0])], key
    return best


def _wrap(words: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    # Four lines of 14 fit a track space and hold its longest words (v6's space 2: "pyramid
    # levels / save 1 wood / and 1 stone / and 1 priest"); three dropped the priest.
    return lines[:4]
