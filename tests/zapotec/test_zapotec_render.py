"""Zapotec drawings for people: the SVG holds every part of the table (zapotec.md §2 main board,
§6 trade rows, §7 pyramids, §8 rituals, §9 sacrifice track) and each seat's board, and neither
the SVG nor the text shows a hand or a committed card to a seat that may not see it (§4.3, §5.1).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from zapotec_helpers import new

from stonework.core import derive_rng
from stonework.games.zapotec.state import ZapotecState

NS = "{http://www.w3.org/2000/svg}"


def _played(players: int, seed: int, steps: int) -> ZapotecState:
    state = new(players, seed=seed)
    rng = derive_rng(seed, "render")
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
    return state


def _groups(root: ET.Element) -> dict[str, list[ET.Element]]:
    out: dict[str, list[ET.Element]] = {}
    for g in root.iter(f"{NS}g"):
        out.setdefault(g.get("class", ""), []).append(g)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_svg_has_every_part_of_the_table(players: int) -> None:
    state = _played(players, seed=players, steps=150)
    for perspective in (None, *range(players)):
        root = ET.fromstring(state.to_svg(perspective))
        assert root.get("viewBox", "").startswith("0 0 ")
        groups = _groups(root)
        for part in ("main-board", "pyramids", "trade-rows", "rituals", "sacrifice-track", "cards"):
            assert len(groups[part]) == 1, part
        assert len(groups["player-board"]) == players
        # §2.1: 45 spaces, those not in play at this count drawn dashed.
        spaces = [c for c in root.iter(f"{NS}circle") if c.get("class") in ("space", "space-out")]
        assert len(spaces) == 45
        in_play = [c for c in spaces if c.get("class") == "space"]
        assert len(in_play) == len(state.observation(None)["board"])
        texts = {t.text for t in root.iter(f"{NS}text")}
        assert {"wood", "brick", "stone", "Legend", "Pyramids", "Trade rows"} <= texts


def _hidden_check(state: ZapotecState) -> None:
    for seat in (None, *range(state.num_players)):
        hidden = state.hidden_tokens(seat)
        # Only the drawn text counts: colour attributes such as #000 are not card tokens.
        drawn = "".join(ET.fromstring(state.to_svg(seat)).itertext())
        text = state.to_text(seat)
        for token in hidden:
            assert token not in drawn, (seat, token)
            assert token not in text, (seat, token)


def test_svg_and_text_never_show_hidden_hands_or_choices() -> None:
    """§5.1: hands and committed cards stay with their seat, at every step of a game."""
    state = new(3, seed=11)
    rng = derive_rng(11, "hidden-render")
    checked = 0
    while not state.is_terminal:
        if checked < 400 and state.current_player >= 0:
            _hidden_check(state)
            checked += 1
        state.apply(state.random_action(rng))
        if checked >= 40 and state.observation(None)["round"] >= 2:
            break
    assert checked >= 40


def test_own_hand_and_choice_are_shown_to_their_owner() -> None:
    state = new(4, seed=3)
    rng = derive_rng(3, "own")
    while state.current_player < 0:
        state.apply(state.random_action(rng))
    seat = state.current_player
    state.apply(state.random_action(rng))  # the seat commits a card
    mine = state.observation(seat)["players"][seat]
    drawn = "".join(ET.fromstring(state.to_svg(seat)).itertext())
    assert mine["my_choice"] and f"your choice: {mine['my_choice']}" in drawn
    assert "has chosen a card (hidden)" in "".join(ET.fromstring(state.to_svg(None)).itertext())
    for card in mine["hand"]:
        assert card in state.to_text(seat)


def test_text_view_has_grid_rulers_trade_effects_and_legend() -> None:
    state = _played(2, seed=5, steps=60)
    lines = state.to_text(0).splitlines()
    assert lines[0].startswith("Zapotec, 2 players, round")
    assert sum(1 for line in lines if line.split() == ["wood", "brick", "stone"]) == 2
    assert any(line.strip().startswith("I.1 ") for line in lines)
    assert any("(immediate)" in line or "(round)" in line for line in lines)
    assert any(line.startswith("legend:") for line in lines)
    assert any(line.startswith("notation:") for line in lines)
    assert (
        "bonuses on entering a space:"
        in lines[
            lines.index(next(line for line in lines if line.startswith("sacrifice track:"))) + 1
        ]
    )


@pytest.mark.parametrize("version", ["v1", "v2", "v3", "v4", "v5", "v6"])
def test_every_trade_tile_effect_is_readable_in_every_language(version: str) -> None:
    """A long effect (v6's III:architect, 39 letters, 50 in French) is split over two lines that
    each translate, rather than shrunk to a 6-pixel font; no line of any tile drops under 7 px
    and none stays English in the French drawing."""
    from stonework.core.i18n import catalogue
    from stonework.games.zapotec.components import default_components
    from stonework.games.zapotec.effect_words import effect_words
    from stonework.games.zapotec.svg_board import _effect_lines

    comp = default_components(version=version)
    zapotec = catalogue("zapotec")
    for tile in comp.trade_tiles:
        words = effect_words(tile.effect)
        lines = _effect_lines(words, 160)
        assert " ".join(line for line, _ in lines) == words
        for line, size in lines:
            assert size >= 7.0, (tile.name, line, size)
            if any(ch.isalpha() for ch in line):
                assert zapotec.translate(line, "fr") != line, (tile.name, line)
