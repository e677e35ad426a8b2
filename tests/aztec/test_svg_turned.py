"""The Aztec drawing turned a quarter at a time: four different, valid drawings, the same plan."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from stonework.core.registry import get_game
from stonework.games.aztec.svg_iso import VIEWS

TARGET = re.compile(r'data-target="([^"]+)"')


def test_four_views_differ_are_valid_and_keep_the_plan() -> None:
    spec = get_game("aztec")
    state = spec.new_state(3, dict(spec.options.resolve("aztec", {})))
    while state.in_auction:
        state.apply(state.legal_actions()[0])
    for _ in range(4):
        state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    assert state.svg_views == len(VIEWS) == 4
    drawings = [state.to_svg_turned(0, view) for view in range(4)]
    assert len(set(drawings)) == 4
    for view, svg in zip(range(4), drawings, strict=True):
        ET.fromstring(svg)
        assert f"({VIEWS[view].upper()}) corner" in svg
        assert TARGET.findall(svg) == TARGET.findall(drawings[0])
        plan = re.search(r'<g class="plan".*?</g>', svg, re.S)
        assert plan is not None
    assert drawings[0] == state.to_svg(0)
    with pytest.raises(ValueError):
        state.to_svg_turned(0, 4)


def test_a_game_with_one_drawing_refuses_a_turn() -> None:
    spec = get_game("akropolis")
    state = spec.new_state(2, dict(spec.options.resolve("akropolis", {})))
    assert state.svg_views == 1
    assert state.to_svg_turned(None, 0) == state.to_svg(None)
    with pytest.raises(ValueError):
        state.to_svg_turned(None, 1)
