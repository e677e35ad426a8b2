"""The single-seat Gymnasium environment: Gymnasium's checker plus our promises."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from interop_cases import CASES, IDS, TOY, shipped_games
from stonework.core import GameSpec, IllegalAction
from stonework.interop.gymnasium import (
    SingleSeatEnv,
    UniformRandomOpponent,
    env_id,
    make_opponent,
    register_envs,
)


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_gymnasium_env_checker(spec: GameSpec, players: int) -> None:
    # Made through gymnasium.make (so the checker can remake it in every render mode) and with
    # no warning filtered: the declared bounds must hold (no infinite Box) and nothing warns.
    name = f"stonework-test/{spec.name}-v0"
    if name not in gymnasium.registry:
        gymnasium.register(name, entry_point=SingleSeatEnv, kwargs={"game": spec})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        made = gymnasium.make(name, players=players, seat=players - 1)
        check_env(made.unwrapped, skip_render_check=False)
    assert [str(w.message) for w in caught] == []


def run_episode(env: SingleSeatEnv, seed: int) -> tuple[float, int]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0 and env.state.current_player == env.seat
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        assert not info.get("illegal_action")
        if terminated or truncated:
            return total, steps


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_episode_reward_is_the_seat_return(spec: GameSpec, players: int) -> None:
    env = SingleSeatEnv(spec, players=players, seat=0)
    total, _ = run_episode(env, seed=2)
    assert env.state.is_terminal
    assert total == pytest.approx(env.state.returns()[0])


def test_same_seed_same_episode() -> None:
    env = SingleSeatEnv(TOY, players=3, seat=1)
    run_episode(env, seed=7)
    first = env.state.record().entries
    run_episode(env, seed=7)
    assert env.state.record().entries == first


def test_illegal_action_loses_or_raises() -> None:
    env = SingleSeatEnv(TOY, players=2, pile=1)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(1)  # "take 2" with one stone left
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = SingleSeatEnv(TOY, players=2, pile=1, illegal_action="raise")
    strict.reset(seed=0)
    before = strict.state.position()
    with pytest.raises(IllegalAction):
        strict.step(1)
    assert strict.state.position() == before


def test_opponents() -> None:
    assert hasattr(make_opponent("random"), "act")
    mine = UniformRandomOpponent()
    assert make_opponent(mine) is mine
    with pytest.raises(ValueError, match="opponents"):
        SingleSeatEnv(TOY, players=3, opponents=["random"])


def test_registered_with_gymnasium() -> None:
    ids = register_envs()
    assert all(env_id in gymnasium.registry for env_id in ids)
    for spec in shipped_games():
        made = gymnasium.make(env_id(spec.name), render_mode="ansi")
        observation, _ = made.reset(seed=1)
        assert set(observation) == {"observation", "action_mask"}
        assert isinstance(made.render(), str)
        made.close()


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_learner_sees_its_own_seat(spec: GameSpec, players: int) -> None:
    seat = players - 1
    env = SingleSeatEnv(spec, players=players, seat=seat)
    observation, _ = env.reset(seed=5)
    ours = np.asarray(env.state.observation_tensor(seat), np.float32)
    assert np.array_equal(observation["observation"].reshape(-1), ours)


def test_adapter_bench_plays_every_runner() -> None:
    """The bench behind BENCHMARKS.md runs each adapter to the end (its figures are not tested)."""
    from stonework.interop.bench import RUNNERS, rates

    measured = rates(TOY, 2, 2)
    assert list(measured) == [label for label, _ in RUNNERS]
    assert all(rate > 0 for rate in measured.values())


def test_opponents_come_from_stonework_agents_when_present() -> None:
    """Named opponents are stonework agents; without that package only "random" exists."""
    try:
        import stonework.agents  # noqa: F401
    except ImportError:
        with pytest.raises(ValueError, match="stonework.agents"):
            make_opponent("greedy")
        assert isinstance(make_opponent("random"), UniformRandomOpponent)
        return
    env = SingleSeatEnv(TOY, players=3, seat=1, opponents=["greedy", "random"])
    total, _ = run_episode(env, seed=3)
    assert total == pytest.approx(env.state.returns()[1])
    assert type(env.opponents[0]).__name__ != "UniformRandomOpponent"
