"""The evaluation the search agents use (zapotec.md §5.2d round scoring, §9, §10 final scoring).

The heuristic estimates each seat's final points; a resource must be worth less than what it
builds, or a one-ply player never builds (issue 6: greedy lost 98.8% of games against random).
"""

from __future__ import annotations

from zapotec_helpers import new, on_turn, space

from stonework.agents.simple import greedy_ranking
from stonework.core import make_rng
from stonework.games.zapotec.components import Effect
from stonework.games.zapotec.effects import goal_count
from stonework.games.zapotec.evaluation import estimate
from stonework.games.zapotec.scenario import Scenario
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
    return on_turn("hills", "wood", Scenario.new(2, seed=3), wood=1, stone=1)


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
    late = Scenario.new(2, seed=3)
    while late.state().round < late.state().comp.rounds:
        late.end_round()  # nothing built, bought or scored on the way
    assert late.state().points == [0, 0]

    def stock_value(scenario: Scenario) -> float:
        """What wood and stone add to seat 0's value at this point (both seats hold them)."""
        bare = _value(Scenario(scenario.state()).resources(0).resources(1).state(), 0)
        stock = {"wood": 1, "stone": 1}
        held = scenario.resources(0, **stock).resources(1, **stock).state()
        return _value(held, 0) - bare

    assert 0 < stock_value(late) < stock_value(Scenario.new(2, seed=3))


def test_entering_the_sacrifice_track_beats_keeping_priest_and_corn() -> None:
    """§9: the first seat on the track is 9 VP ahead at the end; a priest and a corn held for it
    are worth less than the step they buy."""
    state = on_turn("hills", "wood", Scenario.new(2, seed=3), corn=1, priest=1)
    sacrifice = [str(a) for a in state.legal_actions() if str(a).startswith("sacrifice")]
    assert sacrifice, "the set-up must allow a sacrifice"
    assert _value(_after(state, sacrifice[0]), 0) > _value(_after(state, "done"), 0)


def test_an_unmet_ritual_goal_is_valued_by_its_progress() -> None:
    """§8 before the end: a disc on a goal is worth more the nearer the seat is to it; at the
    end only a met goal counts (issue 17: rituals valued before they are scored)."""
    state = new(4, seed=5)
    others = [state.comp.rituals[k].id for k in state.rituals if state.comp.rituals[k].id != 3]
    on_temples = Scenario.new(4, seed=5).rituals(3, *others[-2:])  # 3 temples: 7 VP
    state = on_temples.ritual(1, 0).state()
    effect = state.comp.rituals[state.rituals[0]].effect
    before = _value(state, 0)
    state = on_temples.houses(0, "etla-plains.3").state()  # one temple house of the three
    assert effect_count(state, effect) == 1
    without_disc = Scenario.new(4, seed=5).rituals(3, *others[-2:])
    without_disc = without_disc.houses(0, "etla-plains.3").state()
    assert _value(state, 0) > before
    assert _value(state, 0) > _value(without_disc, 0)


def test_a_piece_on_an_open_pyramid_is_worth_more_than_its_houses_now() -> None:
    """§7 before the end: a piece on an unfinished pyramid counts its chance of the completion
    bonus and the houses still to come, not only the houses on its icon today."""
    state = new(2, seed=3)
    base = _value(state, 0)
    state = Scenario(state).pyramid(1, (0, "large"), tile="cornfield").state()
    assert _value(state, 0) - base > 2.0  # no matching house yet: it scores 0 as it stands


def effect_count(state: ZapotecState, effect: Effect) -> int:
    return goal_count(state, 0, effect)


def test_a_pyramid_plan_is_valued_before_it_is_scored() -> None:
    """§7 under "largest piece left": a seat's small piece, its fourth level, completes a
    pyramid and pays 5 VP for it and for each of the seat's pieces in the pyramid it tops. A
    seat that has placed its large and a medium on pyramid 1 and holds a level's price (v4:
    with track space 2 a level costs wood + brick) values placing its second medium, which
    makes the next level that small piece, above ending its turn; and the state with three
    pieces placed is worth more than their houses-times-pieces score alone explains."""
    scenario = Scenario.new(4, seed=3, components="v4").turn(0, "temple", "stone")
    scenario.pyramid(1, (0, "large"), (0, "medium"), tile="plains").track(0, 2)
    state = scenario.resources(0, wood=1, brick=1).state()
    levels = [str(a) for a in state.legal_actions() if str(a).startswith("pyramid 2 ")]
    assert levels, "the seat must be able to start pyramid 2 with its medium piece"
    ranking = greedy_ranking(state, 0, make_rng(1))
    done = next(value for value, action in ranking if str(action) == "done")
    best_level = max(value for value, action in ranking if str(action) in levels)
    assert best_level > done
    placed = _after(state, levels[0])
    assert placed.pieces[0] == [3, 0, 0]
    gain = _value(placed, 0) - _value(state, 0)
    assert gain > 1.0 + 0.5 + 0.5  # more than the piece's own houses and the resources spent


def test_an_open_pyramid_is_likelier_finished_as_a_seat_nears_its_small_piece() -> None:
    """§7: B's large piece under C's medium waits for a small piece on top. Once A has placed
    its large and both mediums, A's next level is a small piece, so B's piece is worth more
    (its share of the completion bonus), though nothing of B's changed."""
    scenario = Scenario.new(4, seed=3, components="v4")
    far = scenario.pyramid(1, (1, "large"), (2, "medium"), tile="plains").state().clone()
    near = scenario.pyramid(2, (0, "large"), (0, "medium")).pyramid(3, (0, "medium")).state()
    assert near.pieces[0] == [3, 0, 0] and far.pieces[1] == near.pieces[1]
    assert _value(near, 1) - _value(far, 1) > 1.0
