"""The drawings use only SVG every renderer draws alike (issue 13, item 18).

`paint-order` is ignored by some converters (cairosvg): a haloed letter then had its wide light
stroke painted over it and showed as a blob. A halo is now a stroked copy under the letters.
"""

from __future__ import annotations

import re

import pytest

import stonework
from stonework.core import derive_rng, svg

# Attributes or features known not to render the same everywhere (cairosvg, resvg, browsers).
UNPORTABLE = ("paint-order", "mix-blend-mode", "<foreignObject")


def _played(game: str, players: int, plies: int) -> stonework.core.State:
    state = stonework.new_game(game, players=players, seed=3)
    rng = derive_rng(3, "svg-portability")
    for _ in range(plies):
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
    return state


@pytest.mark.parametrize(
    ("game", "players", "plies"),
    [("aztec", 2, 0), ("aztec", 2, 14), ("aztec", 3, 6), ("akropolis", 2, 12), ("zapotec", 2, 30)],
)
def test_drawings_avoid_unportable_svg(game: str, players: int, plies: int) -> None:
    """No drawing of any game, from any seat or a spectator, uses paint-order and the like."""
    state = _played(game, players, plies)
    for perspective in (None, *range(players)):
        drawing = state.to_svg(perspective)
        for feature in UNPORTABLE:
            assert feature not in drawing, (game, perspective, feature)


def test_aztec_compass_letters_are_haloed_without_paint_order() -> None:
    """The 3D view's N, S, E, W: an outline copy, then the coloured letter at the same place."""
    drawing = _played("aztec", 2, 14).to_svg(None)
    pairs = re.findall(
        r'<text x="([\d.]+)" y="([\d.]+)"[^>]* stroke="[^"]+"[^>]*>([NSEW])</text>'
        r'<text x="([\d.]+)" y="([\d.]+)"([^>]*)>([NSEW])</text>',
        drawing,
    )
    assert sorted(p[2] for p in pairs) == ["E", "N", "S", "W"]
    for x, y, letter, x2, y2, attributes, letter2 in pairs:
        assert (x, y, letter) == (x2, y2, letter2)
        assert "stroke" not in attributes


def test_halo_text_is_an_outline_copy_under_the_letters() -> None:
    """svg.text(halo=True): a background-coloured stroked copy, then the unstroked letters."""
    out = svg.text(10, 20, "N", 14, "middle", "#123456", "bold", halo=True)
    under, over = re.findall(r"<text [^>]*>N</text>", out)
    assert out == under + over
    assert f'stroke="{svg.BACKGROUND}"' in under and f'fill="{svg.BACKGROUND}"' in under
    assert 'fill="#123456"' in over and "stroke" not in over
    assert 'font-weight="bold"' in under and 'font-weight="bold"' in over
    plain = svg.text(10, 20, "N", 14, "middle", "#123456", "bold")
    assert plain == over
