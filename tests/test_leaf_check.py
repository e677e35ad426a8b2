"""Choosing a leaf network by play (:mod:`stonework.learn.leaf_check`): the tally of a
candidate's games against ``hard``, the choice, and the same games for every candidate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stonework.learn import leaf_check
from stonework.learn.leaf_check import CheckResult, best_candidate, summarise


def row(seat: int, returns: list[float], scores: list[float]) -> dict[str, Any]:
    return {"seat": seat, "returns": returns, "scores": scores}


def test_a_candidate_is_tallied_against_each_hard_seat_ties_halved() -> None:
    rows = [
        # First of four: ahead of all three hard seats, 20 points over their mean.
        row(0, [1.0, 1 / 3, -1 / 3, -1.0], [80, 60, 60, 60]),
        # Third: ahead of one of three, level on points with them.
        row(1, [1.0, -1 / 3, 1 / 3, -1.0], [70, 60, 65, 45]),
        # Level first with one hard seat (a draw): half of that pair, half the first place.
        row(2, [1.0, 0.0, 1.0, -1.0], [70, 50, 70, 40]),
    ]
    result = summarise(3, rows)
    assert result.epoch == 3 and result.games == 3
    assert result.ahead == pytest.approx((1 + 1 / 3 + 2.5 / 3) / 3)
    assert result.first == pytest.approx((1 + 0 + 0.5) / 3)
    assert result.margin == pytest.approx((20 + 0 + 70 - 160 / 3) / 3)
    shares = [1, 1 / 3, 2.5 / 3]
    mean = sum(shares) / 3
    spread = sum((s - mean) ** 2 for s in shares) / 2
    assert result.ahead_se == pytest.approx((spread / 3) ** 0.5)


def test_the_best_candidate_is_ahead_most_then_by_points_then_the_earliest() -> None:
    def result(epoch: int, ahead: float, margin: float) -> CheckResult:
        return CheckResult(epoch, 10, ahead, 0.1, 0.3, margin)

    assert best_candidate([result(1, 0.5, 9), result(2, 0.6, -3), result(3, 0.55, 20)]).epoch == 2
    assert best_candidate([result(1, 0.6, 1), result(2, 0.6, 4)]).epoch == 2
    assert best_candidate([result(3, 0.6, 4), result(1, 0.6, 4), result(2, 0.6, 4)]).epoch == 1


def test_every_candidate_plays_the_same_games_in_the_same_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[leaf_check.CheckGame] = []

    def fake(
        function: object, tasks: list[leaf_check.CheckGame], *rest: object
    ) -> list[dict[str, Any]]:
        seen.extend(tasks)
        return [row(t.seat, [1.0, -1.0], [1, 0]) for t in tasks]

    monkeypatch.setattr("stonework.learn.pool.run_tasks", fake)
    results = leaf_check.check_candidates(
        {1: "a.npz", 4: "b.npz"}, "zapotec", 2, 3, 0.1, seed=7, settings="depth=0"
    )
    assert [r.epoch for r in results] == [1, 4]
    by_file: dict[str, list[tuple[int, int]]] = {}
    for task in seen:
        by_file.setdefault(task.network, []).append((task.seed, task.seat))
        assert (task.game, task.players, task.seconds, task.settings) == (
            "zapotec",
            2,
            0.1,
            "depth=0",
        )
    assert by_file["a.npz"] == by_file["b.npz"] == [(50_028, 0), (50_029, 1), (50_030, 0)]
    # Seat 0 won each game: the candidate won the two it sat there.
    assert results[0].ahead == pytest.approx(2 / 3)


@pytest.mark.parametrize(("games", "seconds"), [(0, 0.1), (2, 0.0), (2, float("nan"))])
def test_a_check_without_games_or_time_is_refused(games: int, seconds: float) -> None:
    with pytest.raises(ValueError, match="at least one game|more than 0 CPU seconds"):
        leaf_check.check_candidates({1: "a.npz"}, "zapotec", 2, games, seconds, 0)


def test_one_check_game_is_played_to_the_end(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from stonework.games.zapotec.leaf_net import LeafNet
    from stonework.learn.leaf_fit import fit_mlp
    from stonework.learn.leaf_games import play_one, replay
    from stonework.learn.leaf_kinds import leaf_kind

    kind = leaf_kind("zapotec", 2)
    game = play_one("greedy", 30_000, "zapotec", 2)
    positions, totals = replay(game, "zapotec", 2)
    x = [r for state in positions for r in kind.rows(state)]
    import numpy as np

    margins = [totals[s] - totals[1 - s] for _ in positions for s in range(2)]
    net = fit_mlp(np.array(x), np.array(margins, dtype=float), (4,), 1, 0, net=LeafNet).net
    net.save(tmp_path / "leaf.npz")
    task = leaf_check.CheckGame(
        "zapotec", 2, str(tmp_path / "leaf.npz"), 1, 50_000, 0.005, "depth=0"
    )
    played = leaf_check.play_check_game(task)
    assert played["seat"] == 1 and len(played["scores"]) == len(played["returns"]) == 2
    assert sorted(played["returns"]) in ([-1.0, 1.0], [0.0, 0.0])
