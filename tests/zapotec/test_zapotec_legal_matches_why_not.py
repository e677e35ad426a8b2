"""The legal list and ``why_not`` agree on every decision of the action space.

The legal list's hottest loops test the same conditions as the ``_why_not_*`` predicates
written out for speed; this keeps the two in step over the positions of seeded games.
"""

from __future__ import annotations

import random

import pytest

from stonework.core.registry import get_game
from stonework.core.state import CHANCE
from stonework.games.zapotec import rules
from stonework.games.zapotec.state import FROM_SOURCE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_is_legal_exactly_when_why_not_has_no_reason(players: int) -> None:
    spec = get_game("zapotec")
    rng = random.Random(players)
    state = spec.new_state(players, spec.options.resolve("zapotec", {}))
    decisions = list(state.space.ids)  # type: ignore[attr-defined]
    checked = 0
    while not state.is_terminal and checked < 60:
        if state.current_player != CHANCE:
            legal = set(state.legal_actions())
            for action in decisions:
                allowed = rules.why_not(state, action) is None  # type: ignore[arg-type]
                assert allowed == (action in legal), (str(action), rules.why_not(state, action))  # type: ignore[arg-type]
            checked += 1
        state.apply_unchecked(state.random_action(rng))
    assert checked > 20


@pytest.mark.skipif(not FROM_SOURCE, reason="a compiled state's methods cannot be replaced")
def test_legal_ids_are_the_ids_of_the_legal_list_whatever_objects_it_holds() -> None:
    # legal_action_ids looks the space's own values up by identity; equal values that are not
    # the space's own (a copy) must still get their ids, by value.
    import copy

    spec = get_game("zapotec")
    rng = random.Random(5)
    state = spec.new_state(3, spec.options.resolve("zapotec", {}))
    ids = state.space.ids  # type: ignore[attr-defined]
    seen = 0
    while not state.is_terminal and seen < 40:
        if state.current_player != CHANCE:
            legal = state.legal_actions()
            assert state.legal_action_ids() == [ids[a] for a in legal]
            copies = [copy.copy(a) for a in legal]
            state.legal_actions = lambda copies=copies: copies  # type: ignore[method-assign]
            try:
                assert state.legal_action_ids() == [ids[a] for a in legal]
            finally:
                del state.legal_actions
            seen += 1
        state.apply(state.random_action(rng))
    assert seen == 40
