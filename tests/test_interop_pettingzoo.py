"""PettingZoo AEC environments over our engines: PettingZoo's own checks plus our promises."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from interop_cases import CASES, TOY
from stonework.core import GameSpec, IllegalAction, InvalidAction
from stonework.interop.pettingzoo import StoneworkAECEnv, env, env_ids, versions

# Every config at every env version (Akropolis has v0, its tensor, and v1, its rows).
ENV_CASES = [(spec, n, v) for spec, n in CASES for v in versions(spec)]
ENV_IDS = [f"{spec.name}_{v}-{n}p" for spec, n, v in ENV_CASES]


@pytest.mark.parametrize(("spec", "players", "version"), ENV_CASES, ids=ENV_IDS)
def test_pettingzoo_api_test(spec: GameSpec, players: int, version: str) -> None:
    # The observation is PettingZoo's action-masking dict ({"observation", "action_mask"}, as
    # in its classic games); api_test warns about a dict for every env not on its own list of
    # names, so exactly those two warnings are expected, and any other one fails the test.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(spec, players=players, render_mode="ansi", version=version), num_cycles=60)
    expected = (
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box",
    )
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(expected)}
    assert not unexpected


@pytest.mark.parametrize(("spec", "players", "version"), ENV_CASES, ids=ENV_IDS)
def test_observations_stay_within_the_declared_bounds(
    spec: GameSpec, players: int, version: str
) -> None:
    aec = env(spec, players=players, version=version)
    box = aec.observation_space("player_0")["observation"]
    low, high = aec.state.observation_bounds() if version == "v0" else aec.observation_bounds
    assert np.all(box.low == low) and np.all(box.high == high)
    assert -np.inf < low <= high < np.inf  # real bounds: gymnasium warns about infinite ones
    for seed in (1, 2):
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            assert box.contains(observation["observation"])
            if terminated or truncated:
                aec.step(None)
            else:
                aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(("spec", "players", "version"), ENV_CASES, ids=ENV_IDS)
def test_pettingzoo_seed_test(spec: GameSpec, players: int, version: str) -> None:
    seed_test(lambda: env(spec, players=players, version=version), num_cycles=40)


def play_out(aec: StoneworkAECEnv, seed: int) -> dict[str, float]:
    """Play to the end with masked random actions; returns each agent's total reward."""
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {agent: 0.0 for agent in aec.possible_agents}
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        assert set(observation) == {"observation", "action_mask"}
        mask = observation["action_mask"]
        engine = aec.state
        assert aec.agent_selection == f"player_{engine.current_player}"
        legal = sorted(engine.action_id(a) for a in engine.legal_actions())
        assert list(np.flatnonzero(mask)) == legal
        aec.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize(("spec", "players", "version"), ENV_CASES, ids=ENV_IDS)
def test_rewards_are_the_engine_returns(spec: GameSpec, players: int, version: str) -> None:
    aec = env(spec, players=players, version=version)
    totals = play_out(aec, seed=3)
    assert aec.state.is_terminal
    assert [totals[f"player_{s}"] for s in range(players)] == pytest.approx(aec.state.returns())


@pytest.mark.parametrize(("spec", "players"), CASES, ids=[f"{s.name}-{n}p" for s, n in CASES])
def test_renders_text_and_pixels(spec: GameSpec, players: int) -> None:
    text_env = env(spec, players=players, render_mode="ansi")
    text_env.reset(seed=1)
    assert text_env.render() == text_env.state.to_text(None)
    image_env = env(spec, players=players, render_mode="rgb_array")
    image_env.reset(seed=1)
    image = image_env.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8
    assert image.ndim == 3 and image.shape[2] == 3 and image.size > 0


def test_only_the_seat_to_move_has_a_mask() -> None:
    aec = env(TOY, players=3)
    aec.reset(seed=0)
    to_move = aec.agent_selection
    for agent in aec.agents:
        mask = aec.observe(agent)["action_mask"]
        assert mask.any() == (agent == to_move)


def test_hidden_card_is_only_in_its_seat_tensor() -> None:
    """The toy's secret card shows in its own seat's tensor; others see zeros there."""
    aec = env(TOY, players=2)
    aec.reset(seed=4)
    cards = aec.state.cards
    for seat, card in enumerate(cards):
        tensor = aec.observe(f"player_{seat}")["observation"]
        assert tensor[2 + card - 1] == 1.0 and tensor[2:].sum() == 1.0


def test_illegal_action_raises_and_changes_nothing() -> None:
    aec = env(TOY, players=2, pile=1)
    aec.reset(seed=0)
    before = aec.state.position()
    with pytest.raises(IllegalAction):
        aec.step(1)  # "take 2" with one stone left
    assert aec.state.position() == before


def test_an_id_the_mask_leaves_out_raises_even_after_observe() -> None:
    # step() skips the engine's check only for an id that the env's own mask for this very
    # position marks; a learner that sets its copy of the mask proves nothing.
    aec = env(TOY, players=2, pile=1)
    aec.reset(seed=0)
    observation, *_ = aec.last()
    observation["action_mask"][:] = 1
    before = aec.state.position()
    with pytest.raises(IllegalAction):
        aec.step(1)  # "take 2" with one stone left
    with pytest.raises(InvalidAction):
        aec.step(aec.num_actions)
    assert aec.state.position() == before
    assert aec.last()[0]["action_mask"].tolist()[:2] == [1, 0]
    aec.step(0)  # the legal id, proven by the mask
    assert aec.state.history[-1][1] == aec.state.action_from_id(0)


def test_a_game_that_checks_ids_itself_refuses_what_its_mask_leaves_out() -> None:
    # Akropolis tells a legal id at once (State.is_legal_id), so the env hands the learner the
    # mask itself and asks the state in step(): a learner that marks every id proves nothing.
    aec = env("akropolis", players=2)
    aec.reset(seed=3)
    observation, *_ = aec.last()
    mask = observation["action_mask"]
    legal = set(aec.state.legal_action_ids())
    assert set(np.flatnonzero(mask).tolist()) == legal
    mask[:] = 1
    before = aec.state.position()
    illegal = next(i for i in range(aec.num_actions) if i not in legal)
    with pytest.raises(IllegalAction):
        aec.step(illegal)
    with pytest.raises(InvalidAction):
        aec.step(aec.num_actions)
    assert aec.state.position() == before
    chosen = min(legal)
    aec.step(chosen)
    assert aec.state.history[-1][1] == aec.state.action_from_id(chosen)


def test_a_mask_for_another_position_proves_nothing() -> None:
    # A mask built before the state moved on (here by a direct apply) is not used.
    aec = env(TOY, players=2, pile=2)
    aec.reset(seed=0)
    aec.last()  # mask of the first position: "take 1" and "take 2" legal
    aec.state.apply(aec.state.action_from_id(0))  # one stone left
    with pytest.raises(IllegalAction):
        aec.step(1)


def test_same_seed_same_game_and_env_ids() -> None:
    first, second = env(TOY), env(TOY)
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.state.position() == second.state.position()
    assert "akropolis_v0" in env_ids() and "akropolis_v1" in env_ids()
    assert {name.rpartition("_")[0] for name in env_ids()} >= {"aztec", "zapotec"}
    with pytest.raises(ValueError, match="players"):
        env(TOY, players=5)


def test_a_bare_name_gets_the_latest_version_and_an_id_its_own() -> None:
    latest = env("akropolis", players=2)
    assert latest.metadata["name"] == "akropolis_v1"
    assert latest.observation_space("player_0")["observation"].dtype == np.int16
    old = env("akropolis_v0", players=2)
    assert old.metadata["name"] == "akropolis_v0"
    assert old.observation_space("player_0")["observation"].dtype == np.float32
    assert env("aztec").metadata["name"] == "aztec_v0"
    for bad in ("akropolis_v2", "aztec_v1"):
        with pytest.raises(ValueError, match="env versions"):
            env(bad)
    with pytest.raises(ValueError, match="names version v0"):
        env("akropolis_v0", version="v1")
    with pytest.raises(ValueError, match="env versions"):
        env("zapotec", version="v1")


@pytest.mark.parametrize(("spec", "players", "version"), ENV_CASES, ids=ENV_IDS)
def test_each_agent_sees_its_own_seat(spec: GameSpec, players: int, version: str) -> None:
    """Agent player_k gets seat k's observation (which holds only what seat k may see)."""
    aec = env(spec, players=players, version=version)
    aec.reset(seed=6)
    for seat, agent in enumerate(aec.possible_agents):
        theirs = aec.observe(agent)["observation"]
        ours = np.asarray(aec.reference_observation(seat), theirs.dtype)
        assert np.array_equal(theirs.reshape(-1), ours)
