"""What each Zapotec decision costs and brings, as the browser shows it before a click."""

from __future__ import annotations

import random

from stonework.core.registry import get_game
from stonework.core.rng import Rng
from stonework.core.state import observation_json
from stonework.games.zapotec import actions as a
from stonework.games.zapotec.components import RESOURCES


def test_effects_are_the_acting_seats_counters_before_and_after_and_change_nothing() -> None:
    spec = get_game("zapotec")
    seen: set[type] = set()
    for players in (2, 3, 4):
        state = spec.new_state(players, dict(spec.options.resolve("zapotec", {})))
        rng = random.Random(players)
        for step in range(500):
            if state.is_terminal:
                break
            if state.current_player < 0:
                state.apply_unchecked(state.random_action(Rng(step)))
                continue
            seat = state.current_player
            before = observation_json(state, seat)
            for action in state.legal_actions():
                effects = state.action_effects(action)
                assert effects is not None
                assert set(effects) == {"pay", "gain", "use"}
                assert all(n > 0 for part in effects.values() for n in part.values())
                after = state.clone()
                after.apply(action)
                for r, name in enumerate(RESOURCES):
                    delta = after.res[seat][r] - state.res[seat][r]
                    assert delta == effects["gain"].get(name, 0) - effects["pay"].get(name, 0)
                match action:
                    case a.Build():
                        assert effects["use"] == {"houses": 1}
                        assert effects["pay"], "a house costs something"
                    case a.Sacrifice(corn=corn):
                        # net of what the space the marker lands on gives back at once
                        assert 0 < effects["gain"]["track"] <= corn
                    case a.Ritual():
                        assert effects["use"] == {"discs": 1}
                    case a.Pyramid():
                        assert sum(effects["use"].values()) == 1
                        assert effects["pay"]
                    case a.Play():
                        assert effects == {"pay": {}, "gain": {}, "use": {}}
                seen.add(type(action))
            assert observation_json(state, seat) == before
            state.apply(rng.choice(state.legal_actions()))
    assert {a.Build, a.Sacrifice, a.Pyramid, a.Buy, a.Play, a.Draft} <= seen


def test_other_games_say_nothing_about_effects() -> None:
    spec = get_game("aztec")
    state = spec.new_state(2, dict(spec.options.resolve("aztec", {})))
    assert state.action_effects(state.legal_actions()[0]) is None
