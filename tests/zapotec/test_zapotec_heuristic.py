"""The evaluation the search agents use (zapotec.md §5.2d round scoring, §9, §10 final scoring).

The heuristic estimates each seat's final points; a resource must be worth less than what it
builds, or a one-ply player never builds (issue 6: greedy lost 98.8% of games against random).
"""

from __future__ import annotations

from zapotec_helpers import card_with, give_turn, new, space

from stonework.agents.simple import greedy_ranking
from stonework.core import make_rng
from stonework.games.zapotec.evaluation import estimate
from stonework.games.zapotec.scoring import track_points
from stonework.games.zapotec.state import ZapotecState


def _after(state: ZapotecState, text: str) -> ZapotecState:
    child = state.clone()
    child.apply_text(text)
    return child


def _value(state: ZapotecState, seat: int) -> float:
    return estimate(state, seat, track_points(state))


def _turn_with_a_house_to_build() -> ZapotecState:
    """Round 1, seat 0 on turn with a hills card and the wood and stone a cornfield costs."""
    state = new(2, seed=3)
    card = card_with(state, "hills", "wood")
    return give_turn(state, 0, card, wood=1, stone=1)


def test_building_a_house_beats_keeping_its_cost() -> None:
    """§5.2c/§5.2d: a house scores 2 VP in each later round whose card matches it, and its tile
    brings income; the two resources it costs are worth less than that in round 1."""
    state = _turn_with_a_house_to_build()
    builds = [str(a) for a in state.legal_actions() if str(a).startswith("build ")]
    assert builds, "the set-up must allow a build"
    keep = _value(_after(state, "done"), 0)
    for text in builds:
        assert _value(_after(state, text), 0) > keep + 1.0, text


def test_greedy_builds_instead_of_ending_its_turn() -> None:
    """The one-ply agent ranks a build above ending the turn with the resources in hand."""
    state = _turn_with_a_house_to_build()
    ranking = greedy_ranking(state, 0, make_rng(1))
    best = str(ranking[0][1])
    assert best.startswith("build "), best
    done = next(value for value, action in ranking if str(action) == "done")
    assert ranking[0][0] > done


def test_round_points_to_come_count_for_houses_on_the_board() -> None:
    """§5.2d: a seat with a house on the board expects more points than one without, before
    any is banked, and a house matching the round's scoring card counts it exactly."""
    state = _turn_with_a_house_to_build()
    target = space(state, "etla-hills.1")
    text = next(str(a) for a in state.legal_actions() if str(a).startswith("build etla-hills.1 "))
    built = _after(state, text)
    assert built.space_owner[target] == 0
    assert built.points[0] == state.points[0] == 0
    assert _value(built, 0) - _value(state, 0) > 2.0


def test_resources_lose_value_as_the_game_ends() -> None:
    """§10: leftover resources score nothing, so the same stock is worth less in round 5."""
    early = _turn_with_a_house_to_build()
    late = early.clone()
    late.round = late.comp.rounds
    assert _value(late, 0) < _value(early, 0)


def test_entering_the_sacrifice_track_beats_keeping_priest_and_corn() -> None:
    """§9: the first seat on the track is 9 VP ahead at the end; a priest and a corn held for it
    are worth less than the step they buy."""
    state = new(2, seed=3)
    state = give_turn(state, 0, card_with(state, "hills", "wood"), corn=1, priest=1)
    sacrifice = [str(a) for a in state.legal_actions() if str(a).startswith("sacrifice")]
    assert sacrifice, "the set-up must allow a sacrifice"
    assert _value(_after(state, sacrifice[0]), 0) > _value(_after(state, "done"), 0)
