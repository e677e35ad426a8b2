"""The engines' texts in French: every message in both languages, and every text the drawings,
turn lines and refusals produce known to its game's catalogue (or a name kept as it is)."""

from __future__ import annotations

import html
import importlib
import random
import re
import xml.etree.ElementTree as ET

import pytest

from stonework.core.errors import StoneworkError
from stonework.core.i18n import LANGUAGES, Catalogue, Message, catalogue, translate_svg
from stonework.core.registry import get_game
from stonework.core.rng import Rng
from stonework.core.state import State

GAMES = ("akropolis", "aztec", "zapotec")
TEXT = re.compile(r"<(text|title|tspan|desc)\b[^>]*>([^<]+)</\1>")


def _states(game: str, every: int, steps: int = 400) -> list[State]:
    """Positions of seeded random games at every player count, ``every`` steps apart."""
    spec = get_game(game)
    out = []
    for players in spec.player_counts:
        state = spec.new_state(players, dict(spec.options.resolve(game, {})))
        rng = random.Random(players)
        for step in range(steps):
            if step % every == 0:
                out.append(state.clone())
            if state.is_terminal:
                out.append(state.clone())
                break
            if state.current_player < 0:
                state.apply_unchecked(state.random_action(Rng(step)))
            else:
                state.apply(rng.choice(state.legal_actions()))
    return out


def _neutral(game: str) -> tuple[str, ...]:
    found: tuple[str, ...] = importlib.import_module(f"stonework.games.{game}.messages").NEUTRAL
    return found


def _untranslated(game: str, texts: set[str]) -> list[str]:
    cat = catalogue(game)
    neutral = _neutral(game)
    return sorted(
        t
        for t in texts
        if re.search(r"[A-Za-z]{3,}", t)
        and not cat.knows(t)
        and not any(re.fullmatch(n, t.strip()) for n in neutral)
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_message_has_both_languages_with_the_same_placeholders(game: str) -> None:
    cat = catalogue(game)
    assert len(cat.messages) > 20
    for message in cat.messages:
        for lang in LANGUAGES:
            assert message.text(lang).strip(), (message.key, lang)
        assert message.placeholders("en") == message.placeholders("fr"), message.key


def test_a_catalogue_refuses_a_key_twice_and_a_bare_placeholder() -> None:
    with pytest.raises(ValueError, match="twice"):
        Catalogue("x", [Message("k", "a", "b"), Message("k", "c", "d")])
    with pytest.raises(ValueError, match="only a placeholder"):
        Catalogue("x", [Message("k", "{all}", "{all}")])


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_the_drawings_and_turn_lines_is_in_the_catalogue(game: str) -> None:
    texts: set[str] = set()
    for state in _states(game, every=25):
        texts.add(state.describe_turn())
        for perspective in [None, *range(state.num_players)]:
            for match in TEXT.finditer(state.to_svg(perspective)):
                texts.add(html.unescape(match.group(2)))
    assert len(texts) > 20
    assert _untranslated(game, texts) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_of_an_illegal_action_is_in_the_catalogue(game: str) -> None:
    messages: set[str] = set()
    rng = random.Random(7)
    for state in _states(game, every=9, steps=250):
        if state.current_player < 0 or state.is_terminal:
            continue
        count = state.num_distinct_actions()
        for action_id in rng.sample(range(count), min(count, 60)):
            try:
                state.clone().apply(state.action_from_id(action_id))
            except StoneworkError as exc:
                messages.add(str(exc))
    assert len(messages) > 5
    assert _untranslated(game, messages) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_french_drawing_is_valid_svg_with_french_words(game: str) -> None:
    state = _states(game, every=30, steps=31)[-1]
    english = state.to_svg(0)
    french = translate_svg(english, catalogue(game), "fr")
    ET.fromstring(french)
    assert french != english
    assert translate_svg(english, catalogue(game), "en") == english
    assert re.search(r"Légende|Siège|siège|Chantier|Orientations", french)


def test_translation_fills_french_templates_and_keeps_notation() -> None:
    aztec = catalogue("aztec")
    assert aztec.translate("seat 1 (N/S) to place a piece (12 left)", "fr") == (
        "siège 1 (N/S) pose une pièce (encore 12)"
    )
    zapotec = catalogue("zapotec")
    reason = "sacrifice 3: a sacrifice costs 1 priest and 1 corn per step (§9) (round 2: seat 0 to play, actions phase)"
    assert zapotec.translate(reason, "fr") == (
        "sacrifice 3 : un sacrifice coûte 1 prêtre et 1 maïs par pas (§9) "
        "(manche 2 : au tour du siège 0, phase actions)"
    )
    assert zapotec.translate("build etla-hills.2 slot 5", "fr") == "build etla-hills.2 slot 5"


def test_a_malformed_placeholder_is_refused() -> None:
    with pytest.raises(ValueError, match="malformed"):
        Catalogue("x", [Message("k", "+{n2} wood", "+{n2} bois")])
