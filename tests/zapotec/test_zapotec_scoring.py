"""Final scoring and tie-breakers (zapotec.md §7, §8, §9, §10) and the worked examples of §13."""

from __future__ import annotations

from zapotec_helpers import new, rederive, space

from stonework.games.zapotec import effects, scoring
from stonework.games.zapotec.components import ICONS, LARGE, MEDIUM, SMALL, piece
from stonework.games.zapotec.phases import END
from stonework.games.zapotec.state import ZapotecState

A, B, C = 0, 1, 2


def own(state: ZapotecState, seat: int, *names: str, palace: str | None = None) -> None:
    for name in names:
        state.space_owner[space(state, name)] = seat
    if palace is not None:
        state.space_owner[space(state, palace)] = seat
        state.palace[seat] = space(state, palace)
    rederive(state)


def test_pyramid_worked_example() -> None:
    """§13 example 3 (§7): pyramid "Temple" with A-large, B-medium, A-small is complete;
    A with 3 temple houses scores 2 x 3 + 2 x 5 = 16, B with 4 scores 1 x 4 + 5 = 9."""
    state = new(4)
    state.pyramids[0] = [piece(A, LARGE), piece(B, MEDIUM), piece(A, SMALL)]
    state.pyramid_tile[0] = ICONS.index("temple")
    own(state, A, "etla-plains.3", "etla-hills.3", "mitla-hills.3")
    own(state, B, "ocotlan-plains.3", "ocotlan-hills.3", "ocotlan-forests.3", "mitla-plains.3")
    assert scoring.pyramid_points(state, A)[0] == 16
    assert scoring.pyramid_points(state, B)[0] == 9
    assert scoring.pyramid_points(state, C)[0] == 0


def test_incomplete_pyramid_and_palace_counts_two() -> None:
    """§7 / seed: no bonus while incomplete; a palace counts as two matching houses."""
    state = new(4)
    state.pyramids[0] = [piece(A, LARGE), piece(B, MEDIUM)]
    state.pyramid_tile[0] = ICONS.index("hills")
    own(state, A, "etla-hills.1", palace="mitla-hills.2")
    assert scoring.pyramid_points(state, A)[0] == 3  # 1 piece x (1 + 2) houses


def test_sacrifice_tie_worked_example() -> None:
    """§13 example 5 (§9): A reaches 7 first, then B; A ranks above B: 9 and 6."""
    state = new(3)
    state.track[A] = 7
    state.stamp += 1
    state.track_stamp[A] = state.stamp
    state.track[B] = 7
    state.stamp += 1
    state.track_stamp[B] = state.stamp
    assert scoring.track_order(state) == [A, B]
    assert scoring.track_points(state) == [9, 6, 0]


def test_sacrifice_scoring_top_three_and_start_space() -> None:
    """§9: 9/6/3 for the top three; players still on space 0 score nothing (ASSUMED)."""
    state = new(4)
    state.track = [2, 5, 0, 1]
    state.track_stamp = [1, 2, 0, 3]
    assert scoring.track_points(state) == [6, 9, 0, 3]
    state.track = [0, 4, 0, 0]
    assert scoring.track_points(state) == [0, 9, 0, 0]


def test_ritual_cards() -> None:
    """§8 data set v1's ASSUMED per-unit cards: each card's count, a palace counting two houses."""
    state = new(4, components="v1")
    own(state, A, "etla-plains.1", "etla-hills.1", "etla-forests.2", palace="mitla-hills.3")
    c = state.comp
    by_id = {r.id: r.effect for r in c.rituals}
    assert effects.ritual_points(state, A, by_id[1]) == 6  # etla 3 houses, mitla 2 (palace)
    assert effects.ritual_points(state, A, by_id[2]) == 3  # hills: 1 + 2
    assert effects.ritual_points(state, A, by_id[3]) == 4  # the temple palace
    assert effects.ritual_points(state, A, by_id[4]) == 2
    assert effects.ritual_points(state, A, by_id[5]) == 4
    assert effects.ritual_points(state, A, by_id[10]) == 5  # one full set
    state.pyramids[0] = [piece(A, MEDIUM), piece(B, SMALL)]
    state.pyramids[1] = [piece(A, LARGE)]
    assert effects.ritual_points(state, A, by_id[6]) == 4
    state.tiles[A] = [0, 3, 7]
    assert effects.ritual_points(state, A, by_id[7]) == 6
    state.grid[A] = [0, 0, 0, 0, -1, -1, 0, -1, -1]  # row 1 and column 1 full
    assert effects.ritual_points(state, A, by_id[8]) == 6
    state.track[A] = 7
    assert effects.ritual_points(state, A, by_id[9]) == 7


def test_final_breakdown_and_total() -> None:
    """§10: round points plus pyramids, sacrifice track and rituals, each in the breakdown
    (data set v1: its track has no VP space, so the banked points are all round points)."""
    state = new(4, components="v1")
    state.points = [10, 4, 0, 0]
    state.pyramids[0] = [piece(A, SMALL)]
    state.pyramid_tile[0] = ICONS.index("etla")
    own(state, A, "etla-plains.1", "etla-plains.2")
    state.track = [3, 0, 0, 0]
    state.track_stamp = [1, 0, 0, 0]
    k = next(i for i, r in enumerate(state.rituals) if state.comp.rituals[r].id != 0)
    state.ritual_discs[k] = 1
    ritual_value = effects.ritual_points(state, A, state.comp.rituals[state.rituals[k]].effect)
    running = state.scores()[A]
    assert running.total == 10 and running.breakdown["final"] is False
    state.phase = END
    final = state.scores()[A]
    assert final.breakdown["pyramids"] == 2 * 1 + 5
    assert final.breakdown["sacrifice"] == 9
    assert final.breakdown["rituals"] == ritual_value
    assert final.total == 10 + 7 + 9 + ritual_value
    assert state.is_terminal and state.returns()[A] > 0


def test_tie_breakers() -> None:
    """§10 ASSUMED: equal scores are broken by the track (stack order), then leftover resources,
    else the win is shared."""
    state = new(3)
    state.phase = END
    state.points = [10, 10, 10]
    state.track = [0, 0, 0]
    state.res = [[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]]
    assert state.ranking() == [2, 1, 2]
    # on the track: B above A (9 VP) would change the totals; use a track tie without points
    state.track = [1, 1, 0]
    state.track_stamp = [2, 1, 0]
    state.points = [13, 10, 13]  # A gets 6, B 9, C 0: 19, 19, 13
    assert [s.total for s in state.scores()] == [19, 19, 13]
    assert state.ranking() == [2, 1, 3]


def test_tie_breakers_option_shared() -> None:
    """§10 ASSUMED tie-breakers; tie_breakers=shared makes equal totals share their place."""
    state = new(3, tie_breakers="shared")
    state.phase = END
    state.points = [10, 10, 9]
    state.res = [[1, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0], [9, 0, 0, 0, 0, 0]]
    assert state.ranking() == [1, 1, 3]
    state = new(3)
    state.phase = END
    state.points = [10, 10, 9]
    state.res = [[1, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0], [9, 0, 0, 0, 0, 0]]
    assert state.ranking() == [2, 1, 3]


def test_two_players_take_nine_and_six() -> None:
    """§9 ASSUMED: 9/6/3 at every player count; with two players the third reward is skipped."""
    state = new(2)
    state.track = [4, 9]
    state.track_stamp = [1, 2]
    assert scoring.track_points(state) == [6, 9]
