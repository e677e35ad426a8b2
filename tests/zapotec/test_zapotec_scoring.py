"""Final scoring and tie-breakers (zapotec.md §7, §8, §9, §10) and the worked examples of §13."""

from __future__ import annotations

from stonework.games.zapotec import effects, scoring
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState

A, B, C = 0, 1, 2


def test_pyramid_worked_example() -> None:
    """§13 example 3 (§7): pyramid "Temple" with A-large, B-medium, A-small is complete;
    A with 3 temple houses scores 2 x 3 + 2 x 5 = 16, B with 4 scores 1 x 4 + 5 = 9."""
    scenario = Scenario.new(4).pyramid(1, (A, "large"), (B, "medium"), (A, "small"), tile="temple")
    scenario.houses(A, "etla-plains.3", "etla-hills.3", "mitla-hills.3")
    scenario.houses(B, "ocotlan-plains.3", "ocotlan-hills.3", "ocotlan-forests.3", "mitla-plains.3")
    state = scenario.state()
    assert scoring.pyramid_points(state, A)[0] == 16
    assert scoring.pyramid_points(state, B)[0] == 9
    assert scoring.pyramid_points(state, C)[0] == 0


def test_incomplete_pyramid_and_palace_counts_two() -> None:
    """§7 / seed: no bonus while incomplete; a palace counts as two matching houses."""
    scenario = Scenario.new(4).pyramid(1, (A, "large"), (B, "medium"), tile="hills")
    state = scenario.houses(A, "etla-hills.1", palace="mitla-hills.2").state()
    assert scoring.pyramid_points(state, A)[0] == 3  # 1 piece x (1 + 2) houses


def test_sacrifice_tie_worked_example() -> None:
    """§13 example 5 (§9): A reaches 7 first, then B; A ranks above B: 9 and 6."""
    state = Scenario.new(3).track(A, 7).track(B, 7).state()
    assert scoring.track_order(state) == [A, B]
    assert scoring.track_points(state) == [9, 6, 0]


def test_sacrifice_scoring_top_three_and_start_space() -> None:
    """§9: 9/6/3 for the top three; players still on space 0 score nothing (ASSUMED)."""
    state = Scenario.new(4).track(0, 2).track(1, 5).track(3, 1).state()
    assert scoring.track_points(state) == [6, 9, 0, 3]
    state = Scenario.new(4).track(1, 4).state()
    assert scoring.track_points(state) == [0, 9, 0, 0]


def test_ritual_cards() -> None:
    """§8 data set v1's ASSUMED per-unit cards: each card's count, a palace counting two houses."""
    scenario = Scenario.new(4, components="v1")
    scenario.houses(A, "etla-plains.1", "etla-hills.1", "etla-forests.2", palace="mitla-hills.3")
    state = scenario.state()
    c = state.comp
    by_id = {r.id: r.effect for r in c.rituals}
    assert effects.ritual_points(state, A, by_id[1]) == 6  # etla 3 houses, mitla 2 (palace)
    assert effects.ritual_points(state, A, by_id[2]) == 3  # hills: 1 + 2
    assert effects.ritual_points(state, A, by_id[3]) == 4  # the temple palace
    assert effects.ritual_points(state, A, by_id[4]) == 2
    assert effects.ritual_points(state, A, by_id[5]) == 4
    assert effects.ritual_points(state, A, by_id[10]) == 5  # one full set
    scenario.pyramid(1, (A, "medium"), (B, "small")).pyramid(2, (A, "large"))
    state = scenario.state()
    assert effects.ritual_points(state, A, by_id[6]) == 4
    state = scenario.trade_tiles(A, *[c.trade_tiles[k].name for k in (0, 3, 7)]).state()
    assert effects.ritual_points(state, A, by_id[7]) == 6
    # slots 1-3 hold the three houses' tiles: two more on slots 4 and 7 fill row 1 and column 1
    scenario.house(A, "ocotlan-plains.1", slot=4).house(A, "ocotlan-plains.2", slot=7)
    state = scenario.state()
    assert [slot >= 0 for slot in state.grid[A]] == [1, 1, 1, 1, 0, 0, 1, 0, 0]
    assert effects.ritual_points(state, A, by_id[8]) == 6
    state = scenario.track(A, 7).state()
    assert effects.ritual_points(state, A, by_id[9]) == 7


def test_final_breakdown_and_total() -> None:
    """§10: round points plus pyramids, sacrifice track and rituals, each in the breakdown
    (data set v1: its track has no VP space, so the banked points are all round points)."""

    def play(scenario: Scenario) -> Scenario:
        state = scenario.state()
        k = next(i for i, r in enumerate(state.rituals) if state.comp.rituals[r].id != 0)
        scenario.points(A, 10).points(B, 4).pyramid(1, (A, "small"), tile="etla")
        return scenario.houses(A, "etla-plains.1", "etla-plains.2").track(A, 3).ritual(k + 1, A)

    state = play(Scenario.new(4, components="v1")).state()
    k = next(i for i, discs in enumerate(state.ritual_discs) if discs)
    ritual_value = effects.ritual_points(state, A, state.comp.rituals[state.rituals[k]].effect)
    running = state.scores()[A]
    assert running.total == 10 and running.breakdown["final"] is False
    state = play(Scenario.new(4, components="v1").finish()).state()
    assert state.rituals[k] == Scenario.new(4, components="v1").state().rituals[k]
    final = state.scores()[A]
    assert final.breakdown["pyramids"] == 2 * 1 + 5
    assert final.breakdown["sacrifice"] == 9
    assert final.breakdown["rituals"] == ritual_value
    assert final.total == 10 + 7 + 9 + ritual_value
    assert state.is_terminal and state.returns()[A] > 0


def test_tie_breakers() -> None:
    """§10 ASSUMED: equal scores are broken by the track (stack order), then leftover resources,
    else the win is shared."""
    ended = Scenario.new(3).finish()
    for seat, wood in enumerate((1, 2, 1)):
        ended.points(seat, 10).resources(seat, wood=wood)
    state = ended.state()
    assert state.track == [0, 0, 0]
    assert state.ranking() == [2, 1, 2]
    # on the track: B above A (9 VP) would change the totals; use a track tie without points
    ended.track(B, 1).track(A, 1)  # B arrives first, A lands on top of it
    state = ended.points(A, 13).points(C, 13).state()  # A gets 6, B 9, C 0: 19, 19, 13
    assert [s.total for s in state.scores()] == [19, 19, 13]
    assert state.ranking() == [2, 1, 3]


def test_tie_breakers_option_shared() -> None:
    """§10 ASSUMED tie-breakers; tie_breakers=shared makes equal totals share their place."""

    def ended(**options: object) -> ZapotecState:
        scenario = Scenario.new(3, **options).finish()
        for seat, (vp, wood) in enumerate(((10, 1), (10, 5), (9, 9))):
            scenario.points(seat, vp).resources(seat, wood=wood)
        return scenario.state()

    state = ended(tie_breakers="shared")
    assert state.ranking() == [1, 1, 3]
    state = ended()
    assert state.ranking() == [2, 1, 3]


def test_two_players_take_nine_and_six() -> None:
    """§9 ASSUMED: 9/6/3 at every player count; with two players the third reward is skipped."""
    state = Scenario.new(2).track(0, 4).track(1, 9).state()
    assert scoring.track_points(state) == [6, 9]
