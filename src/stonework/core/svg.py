"""Small SVG helpers the games' drawings share: escaped text, a legend box and the document.

Every drawing is one ``<svg>`` element with a ``viewBox`` and a ``width`` (so notebooks and the
browser scale it), a light background and sans-serif text.

>>> doc = document(100, 50, [text(50, 25, "a < b", anchor="middle")])
>>> doc.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and 'viewBox="0 0 100 50"' in doc
True
>>> "a &lt; b" in doc
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final
from xml.sax.saxutils import escape

FONT: Final = "DejaVu Sans, Verdana, sans-serif"
BACKGROUND: Final = "#fbf8f1"


def text(
    x: float,
    y: float,
    body: str,
    size: float = 12,
    anchor: str = "start",
    fill: str = "#333",
    weight: str = "normal",
    halo: bool = False,
) -> str:
    """A ``<text>`` element; ``halo`` draws a light outline behind it so it reads over shapes.

    The outline is a copy of the text drawn first with a wide stroke in the background colour,
    then the text itself on top. (The ``paint-order`` attribute would do it in one element,
    but some converters, cairosvg among them, ignore it and paint the stroke over the letters.)
    """
    bold = f' font-weight="{weight}"' if weight != "normal" else ""
    start = (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="{FONT}" font-size="{size:g}" '
        f'text-anchor="{anchor}"'
    )
    letters = f'{start} fill="{fill}"{bold}>{escape(body)}</text>'
    if not halo:
        return letters
    outline = (
        f'{start} fill="{BACKGROUND}" stroke="{BACKGROUND}" stroke-width="3" '
        f'stroke-linejoin="round"{bold} aria-hidden="true">{escape(body)}</text>'
    )
    return outline + letters


def rect(
    x: float, y: float, w: float, h: float, fill: str, stroke: str = "#444", width: float = 1
) -> str:
    """A ``<rect>`` element."""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width:g}"/>'
    )


def legend(x: float, y: float, entries: Sequence[tuple[str, str]], size: float = 11) -> list[str]:
    """A legend: one line per entry, each an SVG snippet (a 14×14 swatch at 0,0) and a label.

    The swatch snippet is placed with a ``translate``, so callers draw it at the origin.
    """
    parts = ['<g class="legend">']
    for k, (swatch, label) in enumerate(entries):
        top = y + k * (size + 7)
        parts.append(f'<g transform="translate({x:.1f},{top:.1f})">{swatch}</g>')
        parts.append(text(x + 20, top + 11, label, size))
    parts.append("</g>")
    return parts


def document(width: float, height: float, parts: Iterable[str], title: str = "") -> str:
    """The whole SVG document, ``width`` × ``height`` user units, with a ``viewBox``."""
    head = f"<title>{escape(title)}</title>\n" if title else ""
    body = "\n".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">\n{head}'
        f'<rect width="100%" height="100%" fill="{BACKGROUND}"/>\n{body}\n</svg>\n'
    )
