"""Bad input (issue 5): every refused decision raises a clear error and changes nothing.

Sections are those of zapotec.md: wrong phase (§5), unaffordable actions (§6-§9), a seat acting
with another seat's card (§5.1, §4.3), a second buy from one row (§6), malformed notation.
"""

from __future__ import annotations

import pytest
from zapotec_helpers import eager_action, illegal, new, on_turn

from stonework.core import IllegalAction, InvalidAction, make_rng
from stonework.games.zapotec.components import ICONS
from stonework.games.zapotec.phases import DRAFT
from stonework.games.zapotec.scenario import Scenario


def test_unaffordable_pyramid_ritual_sacrifice() -> None:
    """§7 a level needs W+B+S+priest; §8 a ritual needs a priest and 1 gold per other disc;
    §9 a sacrifice needs a priest and at least one corn per step."""
    state = on_turn("village", "brick", wood=1, brick=1, stone=1)
    assert "1 priest" in illegal(state, f"pyramid 1 {ICONS[state.scoring_tiles[0]]}")
    assert "priest" in illegal(state, "sacrifice 1")
    basics = {"wood": 1, "brick": 1, "stone": 1}
    state = Scenario(state).resources(0, **basics, priest=1).state()  # a priest, but no corn
    assert "corn" in illegal(state, "sacrifice 1")
    state = Scenario(state).resources(0, **basics, priest=1, corn=2).state()
    assert "corn" in illegal(state, "sacrifice 3")
    # a piece on a pyramid; discs of seats 1 and 2 on ritual 1: 2 gold for seat 0
    scenario = Scenario(state).pyramid(1, (0, "large")).ritual(1, 1, 2)
    state = scenario.resources(0, **basics, priest=1, corn=2, gold=1).state()
    assert "1 gold per other disc" in illegal(state, "ritual 1")
    state = scenario.resources(0, **basics, priest=1, corn=2, gold=2).state()
    state.apply_text("ritual 1")
    assert state.res[0][4] == 0 and state.res[0][5] == 0


def test_palace_only_once() -> None:
    """§5.2c: the palace is built once per game."""
    state = on_turn("hills", "stone", wood=2, brick=2, stone=2)
    state.apply_text("palace etla-hills.1")
    assert "not free" in illegal(state, "palace etla-hills.1")
    assert "palace already" in illegal(state, "palace mitla-hills.1")


def test_draft_only_from_the_offer_and_in_the_draft_phase() -> None:
    """§4.3: a draft takes a card of the offer, after the turn; another seat's card is refused
    without saying where it is."""
    state = new(4, seed=5)
    for seat in range(4):
        state.apply_text(f"play {state.hands[seat][0]}")
    seat = state.current_player
    assert "draft" in illegal(state, f"draft {state.offer[0]}")  # income first
    state.apply_text("income row")
    state.apply_text("done")
    assert state.phase == DRAFT
    other = state.hands[(seat + 1) % 4][0]
    message = illegal(state, f"draft {other}")
    assert message.startswith(f"draft {other}: card {other} is not in the offer")
    assert "seat" not in message.split("(")[0] and "hand" not in message
    assert "phase" in illegal(state, "done")


def test_chance_outcome_is_not_a_decision_and_game_over() -> None:
    """A chance outcome offered as a decision, and any action after the end, are refused."""
    state = new(2, seed=3)
    assert "chance outcome" in illegal(state, "deal 5")
    rng = make_rng(4)
    while not state.is_terminal:
        state.apply(state.random_action(rng))
    with pytest.raises(IllegalAction, match="over"):
        state.apply_text("done")


def test_malformed_notation_is_invalid() -> None:
    """Notation outside the action space (6 corn, a 4th trade row, slot 10) is InvalidAction."""
    state = new(4)
    before = state.position()
    for text in ("sacrifice 6", "sacrifice 0", "buy I.4", "build etla-hills.2 slot 10", "draft"):
        with pytest.raises(InvalidAction):
            state.apply_text(text)
    assert state.position() == before


def test_every_action_is_accepted_exactly_when_legal() -> None:
    """Bad input everywhere: at sampled moments of seeded games (chance nodes included), every
    action of the fixed space is either legal (in legal_actions) or refused with IllegalAction
    and a reason, never another exception; refusing changes nothing."""
    for seed in range(3):
        state = new(2 + seed, seed=seed)
        rng = make_rng(seed)
        step = 0
        while not state.is_terminal:
            if step % 29 == 0:
                legal = set(state.legal_actions())
                before = state.position()
                for action in state.space.actions:
                    try:
                        state.clone().apply(action)
                    except IllegalAction as exc:
                        assert action not in legal and str(exc).startswith(f"{action}")
                    else:
                        assert action in legal, f"{action} passes the check but is not legal"
                assert state.position() == before
            state.apply(eager_action(state, rng))
            step += 1
