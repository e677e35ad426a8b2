"""The Akropolis leaf value at three and four players: a seat's row is its features, the
strongest other seat's and the rest's mean; its value is each seat's own margin over the best
other seat; ``stonework leafnet akropolis --players N`` fits it. Greedy games: plumbing only."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import stonework  # noqa: E402
from stonework.agents.catalog import agent_from_spec  # noqa: E402
from stonework.agents.leaf_values import load_leaf_value  # noqa: E402
from stonework.games.akropolis import AkropolisState  # noqa: E402
from stonework.games.akropolis.evaluation import LEAD_SCALE, estimate  # noqa: E402
from stonework.games.akropolis.leaf_net import (  # noqa: E402
    FEATURE_NAMES,
    LeafNet,
    net_features,
    seat_rows,
)
from stonework.learn.leaf_fit import dataset, fit_mlp, lambda_returns  # noqa: E402
from stonework.learn.leaf_games import play_one  # noqa: E402

WIDTH = len(FEATURE_NAMES)


def midgame(players: int, seed: int = 5, decisions: int = 12) -> AkropolisState:
    state = stonework.new_game("akropolis", players=players, seed=seed)
    assert isinstance(state, AkropolisState)
    rng = random.Random(seed)
    done = 0
    while done < decisions or state.current_player < 0:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(state.random_action(rng))
        done += 1
    return state


def fitted(players: int) -> LeafNet:
    games = [play_one("greedy", seed, "akropolis", players) for seed in (3, 4)]
    data = dataset(games, "akropolis", players)
    assert data["x"].shape[1] == 3 * WIDTH
    net = fit_mlp(data["x"], data["margin"], (8,), 3, 0, residual=True, players=players).net
    assert isinstance(net, LeafNet) and net.players == players
    return net


@pytest.mark.parametrize("players", [3, 4])
def test_the_rival_is_the_strongest_other_seat_and_the_rest_their_mean(players: int) -> None:
    state = midgame(players)
    rows = seat_rows(state)
    own = [net_features(state, seat) for seat in range(players)]
    hand = FEATURE_NAMES.index("hand estimate")
    assert [row[:WIDTH] for row in rows] == own
    for seat, row in enumerate(rows):
        assert len(row) == 3 * WIDTH
        assert row[hand] == estimate(state, seat)
        others = sorted((s for s in range(players) if s != seat), key=lambda s: -own[s][hand])
        assert row[WIDTH : 2 * WIDTH] == own[others[0]]
        rest = [sum(col) / (players - 2) for col in zip(*(own[s] for s in others[1:]), strict=True)]
        assert row[2 * WIDTH :] == pytest.approx(rest)


def test_two_player_rows_keep_their_two_blocks() -> None:
    state = midgame(2)
    f0, f1 = net_features(state, 0), net_features(state, 1)
    assert seat_rows(state) == [f0 + f1, f1 + f0]


@pytest.mark.parametrize("players", [3, 4])
def test_each_seat_is_valued_by_its_own_margin_and_a_file_keeps_it(
    players: int, tmp_path: Path
) -> None:
    net = fitted(players)
    state = midgame(players)
    margins = net.margins(state)
    assert margins == pytest.approx(list(net.margins_batch(seat_rows(state))))
    values = net.values(state)
    assert values == pytest.approx([float(np.tanh(m / LEAD_SCALE)) for m in margins])
    assert all(-1.0 <= v <= 1.0 for v in values)
    path = tmp_path / "leaf.npz"
    net.save(path)
    again = load_leaf_value(path)
    assert isinstance(again, LeafNet) and again.players == players
    assert again.margins(state) == pytest.approx(margins, abs=1e-2)
    # Asked at its own table only.
    other = 4 if players == 3 else 3
    with pytest.raises(ValueError, match=f"for {players} players, not {other}"):
        again.check(stonework.new_game("akropolis", players=other, seed=1))


def test_a_residual_network_with_nothing_learned_is_the_hand_lead_over_the_best_rival() -> None:
    net = fitted(3)
    w, b = net.layers[-1]
    silent = [*net.layers[:-1], (np.zeros_like(w), np.zeros_like(b))]
    hand = LeafNet(3, FEATURE_NAMES, net.mean, net.std, silent, net.scale, residual=True)
    state = midgame(3)
    totals = [estimate(state, seat) for seat in range(3)]
    leads = [t - max(totals[:k] + totals[k + 1 :]) for k, t in enumerate(totals)]
    assert hand.margins(state) == pytest.approx(leads)


def test_the_search_plays_a_three_player_game_with_it(tmp_path: Path) -> None:
    net = fitted(3)
    path = tmp_path / "leaf3.npz"
    net.save(path)
    agent = agent_from_spec(f"mcts:30:leafnet={path}")
    state = midgame(3)
    action = agent.act(state, random.Random(0))
    assert action in state.legal_actions()


def test_a_wrong_player_count_for_the_file_is_refused() -> None:
    net = fitted(3)
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        LeafNet(5, FEATURE_NAMES, net.mean, net.std, net.layers, net.scale)
    with pytest.raises(ValueError, match="input statistics are not of"):
        # A three-player layout read as two players: the widths differ.
        LeafNet(2, FEATURE_NAMES, net.mean, net.std, net.layers, net.scale)


def test_lambda_returns_lean_on_the_next_estimate_and_stop_at_each_games_end() -> None:
    # Three seats; game 0 has two positions, game 1 one: its row is its final margin alone.
    final = np.array([5.0, -5.0, -7.0, 5.0, -5.0, -7.0, 1.0, -1.0, -3.0])
    estimate = np.array([0.0, 0.0, 0.0, 9.0, -9.0, -1.0, 50.0, 50.0, 50.0])
    games = np.array([0, 0, 0, 0, 0, 0, 1, 1, 1])
    got = lambda_returns(final, estimate, games, 3, 0.75)
    assert got.tolist() == [6.0, -6.0, -5.5, 5.0, -5.0, -7.0, 1.0, -1.0, -3.0]
    assert lambda_returns(final, estimate, games, 3, 1.0).tolist() == final.tolist()
    assert final.tolist()[0] == 5.0  # the margins given are not changed
