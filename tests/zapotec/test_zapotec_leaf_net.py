"""The learned Zapotec leaf value (``leaf_net``), its file, and the search option that uses it
(``leafnet=PATH``), on a few greedy games: the tests check the plumbing, not the strength."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import stonework  # noqa: E402
from stonework.agents.catalog import agent_from_spec  # noqa: E402
from stonework.agents.leaf_values import load_leaf_value  # noqa: E402
from stonework.games.akropolis import leaf_net as akropolis_leaf  # noqa: E402
from stonework.games.zapotec import ZapotecState  # noqa: E402
from stonework.games.zapotec.evaluation import estimate, heuristic  # noqa: E402
from stonework.games.zapotec.leaf_net import (  # noqa: E402
    FEATURE_NAMES,
    LeafNet,
    seat_rows,
    value_scale,
)
from stonework.games.zapotec.scoring import track_points  # noqa: E402
from stonework.learn.leaf_fit import dataset, fit_mlp  # noqa: E402
from stonework.learn.leaf_games import play_one  # noqa: E402

WIDTH = len(FEATURE_NAMES)


def midgame(players: int = 2, seed: int = 9, decisions: int = 25) -> ZapotecState:
    state = stonework.new_game("zapotec", players=players, seed=seed)
    assert isinstance(state, ZapotecState)
    rng = random.Random(seed)
    done = 0
    # Played on to a decision with a choice: a forced move is played without a search.
    while done < decisions or state.current_player < 0 or len(state.legal_actions()) < 2:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(state.random_action(rng))
        done += 1
    return state


def fitted(players: int, seeds: tuple[int, ...]) -> LeafNet:
    # Greedy teachers: fast, and the tests do not ask for strength.
    games = [play_one("greedy", seed, "zapotec", players) for seed in seeds]
    data = dataset(games, "zapotec", players)
    net = fit_mlp(
        data["x"], data["margin"], (8,), 3, 0, residual=True, net=LeafNet, players=players
    ).net
    assert isinstance(net, LeafNet)
    return net


@pytest.fixture(scope="module")
def net() -> LeafNet:
    return fitted(2, (3, 4, 5))


@pytest.fixture(scope="module")
def net4() -> LeafNet:
    return fitted(4, (3, 4))


def test_features_are_named_and_tell_the_seats_apart() -> None:
    state = midgame()
    own, other = seat_rows(state)[state.active], seat_rows(state)[1 - state.active]
    assert len(own) == len(other) == 3 * WIDTH
    to_move = FEATURE_NAMES.index("to move")
    assert (own[to_move], other[to_move]) == (1.0, 0.0)
    # The second block is the other seat's own, the third (the rest) empty at two players.
    assert own[WIDTH : 2 * WIDTH] == other[:WIDTH]
    assert own[2 * WIDTH :] == [0.0] * WIDTH
    hand = FEATURE_NAMES.index("hand estimate")
    track = track_points(state)
    assert own[hand] == estimate(state, state.active, track)
    assert own[FEATURE_NAMES.index("res/gold")] == state.res[state.active][4]


def test_at_four_players_the_rival_is_the_strongest_other_seat_and_the_rest_their_mean() -> None:
    state = midgame(4, decisions=60)
    rows = seat_rows(state)
    hand = FEATURE_NAMES.index("hand estimate")
    own = [row[:WIDTH] for row in rows]
    for seat, row in enumerate(rows):
        others = sorted((s for s in range(4) if s != seat), key=lambda s: -own[s][hand])
        assert row[WIDTH : 2 * WIDTH] == own[others[0]]
        rest = [(a + b) / 2 for a, b in zip(own[others[1]], own[others[2]], strict=True)]
        assert row[2 * WIDTH :] == pytest.approx(rest)


def test_a_residual_network_with_nothing_learned_is_the_heuristic(net: LeafNet) -> None:
    # The value's scale is the heuristic's: with no correction the two agree at two players.
    w, b = net.layers[-1]
    silent = [*net.layers[:-1], (np.zeros_like(w), np.zeros_like(b))]
    hand = LeafNet(2, FEATURE_NAMES, net.mean, net.std, silent, net.scale, residual=True)
    state = midgame()
    assert hand.values(state) == pytest.approx(heuristic(state), abs=1e-12)
    assert value_scale(2) == 40.0


def test_values_are_in_range_and_opposite_at_two_players(net: LeafNet, net4: LeafNet) -> None:
    state = midgame()
    v0, v1 = net.values(state)
    assert v0 == -v1 and -1.0 <= v0 <= 1.0
    m0, m1 = net.margins(state)
    rows = seat_rows(state)
    both = net.margins_batch(rows)
    assert m0 == pytest.approx((both[0] - both[1]) / 2) and m1 == -m0
    values = net4.values(midgame(4, decisions=60))
    assert len(values) == 4 and all(-1.0 <= v <= 1.0 for v in values)


def test_a_saved_network_loads_to_the_same_answers(net: LeafNet, tmp_path: Path) -> None:
    path = tmp_path / "leaf.npz"
    net.save(path)
    again = load_leaf_value(path)
    assert isinstance(again, LeafNet) and again.players == 2
    state = midgame()
    # float32 on disk: equal to a few thousandths of a point.
    assert again.margins(state)[0] == pytest.approx(net.margins(state)[0], abs=1e-2)


def test_the_network_refuses_other_games_player_counts_and_files(
    net: LeafNet, net4: LeafNet, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="judges Zapotec, not akropolis"):
        net.check(stonework.new_game("akropolis", players=2, seed=1))
    with pytest.raises(ValueError, match="for 2 players, not 4"):
        net.check(stonework.new_game("zapotec", players=4, seed=1))
    with pytest.raises(ValueError, match="for 4 players, not 3"):
        net4.check(stonework.new_game("zapotec", players=3, seed=1))
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        LeafNet(5, FEATURE_NAMES, net.mean, net.std, net.layers, net.scale)
    path = tmp_path / "zapotec.npz"
    net.save(path)
    with pytest.raises(ValueError, match="not an akropolis-leaf-net/1 file"):
        akropolis_leaf.LeafNet.load(path)
    with pytest.raises(ValueError, match="judges Zapotec, not akropolis"):
        agent_from_spec(f"mcts:5:leafnet={path}").act(
            stonework.new_game("akropolis", players=2, seed=1), random.Random(1)
        )
    other = tmp_path / "other.npz"
    np.savez(other, info=np.array(json.dumps({"format": "chess-leaf-net/1"})))
    with pytest.raises(ValueError, match="its format 'chess-leaf-net/1' is none of"):
        agent_from_spec(f"ismcts:leafnet={other}")
    with pytest.raises(ValueError, match="cannot read the leaf network"):
        agent_from_spec(f"ismcts:leafnet={tmp_path / 'none.npz'}")


@pytest.mark.parametrize("mode", ["mcts", "ismcts"])
def test_a_saved_network_plays_through_the_agent_spec(
    net: LeafNet, tmp_path: Path, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "leaf.npz"
    net.save(path)
    agent = agent_from_spec(f"{mode}:30:leafnet={path}")
    assert "learned leaf value" in agent.describe()
    judged: list[ZapotecState] = []
    values = LeafNet.values

    def counted(self: LeafNet, state: ZapotecState) -> list[float]:
        judged.append(state)
        return values(self, state)

    monkeypatch.setattr(LeafNet, "values", counted)
    state = midgame()
    assert agent.act(state, random.Random(2)) in state.legal_actions()
    # Two players: the game's playouts are cut at depth 8, so the network judged leaves.
    assert judged


def test_a_fitted_network_judges_determinized_worlds(net: LeafNet) -> None:
    # What the search holds: the hidden hands re-dealt from what the seat has seen.
    state = midgame(decisions=3)
    rng = random.Random(4)
    for seat in (0, 1):
        for _ in range(5):
            world = state.determinize(seat, rng)
            v0, v1 = net.values(world)
            assert math.isfinite(v0) and -1.0 <= v0 <= 1.0 and v1 == -v0
