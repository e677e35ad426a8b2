"""PettingZoo AEC environments over the stonework engines: ``aztec_v0``, ``akropolis_v1``, ...

>>> from stonework.interop.pettingzoo import env, env_ids
>>> env_ids()
['akropolis_v0', 'akropolis_v1', 'aztec_v0', 'zapotec_v0']
>>> env("akropolis").metadata["name"]
'akropolis_v1'

Each seat is an agent ``player_<seat>``. Its observation is a dict: ``"observation"`` and
``"action_mask"`` (int8 over the game's whole id space, 1 where the action is legal now, the
only place the mask appears). At version 0 the observation is the game's observation tensor
(``State.observation_tensor``, float32, the game's ``observation_shape``); a game with a
compact layout (``GameSpec.compact_writer``: Akropolis's built cells as rows of small
integers, int16) offers it as version 1, which a name without a version gets. Version 0 stays,
for learners trained on it. Chance nodes (tile reveals, deals) are
resolved inside the environment with its own generator, seeded by ``reset(seed=...)``. Rewards
come once, at the end: each seat's ``State.returns()``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from stonework.core import GameSpec, Rng, State, list_games, make_rng
from stonework.interop.arrays import Arrays, Layout, MaskArray, compact_writer_for
from stonework.interop.encoding import (
    resolve_chance,
    spec_of,
    split_env_id,
    tensor_bounds,
    tensor_shape,
)
from stonework.interop.render import render_rgb

VERSION = "v0"
"""Env ids carry a version (PettingZoo habit): bumped when observations or rewards change.
Every game has version 0 (its observation tensor); a game with a compact layout has version 1."""


def versions(spec: GameSpec) -> tuple[str, ...]:
    """The env versions of a game, oldest first (the last is what a bare name gets)."""
    return (VERSION, "v1") if spec.compact_writer is not None else (VERSION,)


def env_ids() -> list[str]:
    """The environment ids of every registered game and version (``akropolis_v1``, ...)."""
    return sorted(f"{spec.name}_{v}" for spec in list_games() for v in versions(spec))


def env(game: str | GameSpec, **kwargs: Any) -> StoneworkAECEnv:
    """The AEC environment of a game by name (``aztec``), env id (``akropolis_v0``) or spec."""
    return StoneworkAECEnv(game, **kwargs)


raw_env = env


def agent_name(seat: int) -> str:
    """The PettingZoo agent name of a seat."""
    return f"player_{seat}"


class StoneworkAECEnv(AECEnv):  # type: ignore[misc]
    """One stonework game config as a PettingZoo AEC environment."""

    def __init__(
        self,
        game: str | GameSpec,
        players: int | None = None,
        render_mode: str | None = None,
        version: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.spec = spec_of(game)
        offered = versions(self.spec)
        named = None if isinstance(game, GameSpec) else split_env_id(game)[1]
        if named is not None and version is not None and named != version:
            raise ValueError(f"{game!r} names version {named}, not {version}")
        self.version = named or version or offered[-1]
        if self.version not in offered:
            raise ValueError(
                f"{self.spec.name} has env versions {', '.join(offered)}, not {self.version}"
            )
        count = self.spec.default_players if players is None else players
        if count not in self.spec.player_counts:
            allowed = ", ".join(map(str, self.spec.player_counts))
            raise ValueError(f"{self.spec.name} is played by {allowed} players, not {count}")
        if render_mode is not None and render_mode not in ("ansi", "rgb_array"):
            raise ValueError(f"render_mode must be 'ansi' or 'rgb_array', not {render_mode!r}")
        self.players = count
        self.options = self.spec.options.resolve(self.spec.name, options)
        self.render_mode = render_mode
        self.metadata = {
            "name": f"{self.spec.name}_{self.version}",
            "render_modes": ["ansi", "rgb_array"],
            "is_parallelizable": False,
        }
        probe = self.spec.new_state(count, dict(self.options))
        self.num_actions = probe.num_distinct_actions()
        layout: Layout | None = None if self.version == VERSION else compact_writer_for(self.spec)
        if layout is None:
            shape = tensor_shape(probe)
            if shape is None:
                raise ValueError(f"{self.spec.name} has no observation tensor to build an env on")
            low, high = tensor_bounds(probe)
            dtype: type[np.generic] = np.float32
        else:
            shape = layout.shape(probe)
            low, high = layout.bounds(probe)
            dtype = layout.dtype
        self.observation_shape = shape
        self.observation_bounds = (low, high)
        self.layout = layout
        self.arrays = Arrays(self.spec, shape, self.num_actions, layout)
        self.possible_agents = [agent_name(seat) for seat in range(count)]
        self._names = tuple(self.possible_agents)
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        # The layout is the game's, and so are its bounds (State.observation_bounds at v0).
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, shape, dtype),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {name: observation_space for name in self.possible_agents}
        self.action_spaces = {
            name: spaces.Discrete(self.num_actions) for name in self.possible_agents
        }
        self._rng: Rng = make_rng(None)
        self.state: State = probe
        # The last mask built for the seat to move, with the position it was built on (the
        # state and its history's length): step() applies an id it marks without checking it
        # again. The learner gets a copy, so what it does to its mask proves nothing here.
        self._proof: tuple[State, int, MaskArray] | None = None
        # A game that tells a legal id at once (State.is_legal_id overridden) needs no kept
        # mask: step() asks the state, and the learner gets the mask itself, not a copy.
        self._ids_checked = type(probe).is_legal_id is not State.is_legal_id

    def reference_observation(self, seat: int) -> list[float] | list[int]:
        """``seat``'s observation as a flat list by the plainest route (the game's
        ``observation_tensor`` at v0, the layout's reference after): what observe() equals."""
        if self.layout is None:
            return self.state.observation_tensor(seat)
        return self.layout.reference(self.state, seat)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the game's action ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes the chance outcomes drawn by the environment."""
        if seed is not None:
            self._rng = make_rng(seed)
        self.state = self.spec.new_state(self.players, dict(self.options))
        self._proof = None
        resolve_chance(self.state, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {name: 0.0 for name in self.agents}
        self._cumulative_rewards = {name: 0.0 for name in self.agents}
        self.terminations = {name: False for name in self.agents}
        self.truncations = {name: False for name in self.agents}
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._select_next()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view: its observation tensor and its action mask."""
        seat = self._seat[agent]
        return {
            "observation": self.arrays.observation(self.state, seat),
            "action_mask": self.action_mask(seat),
        }

    def action_mask(self, seat: int) -> MaskArray:
        """A fresh mask of ``seat``'s legal ids now (zeros unless it is to move); step() then
        applies an id it marks without checking it again (the env keeps its own copy, or, in a
        game whose state tells a legal id at once, asks the state)."""
        state = self.state
        if seat != state.current_player:
            return self.arrays.empty_mask()
        mask = self.arrays.legal_mask(state)
        if self._ids_checked:
            return mask
        self._proof = (state, len(state.history), mask)
        return mask.copy()

    def step(self, action: Any) -> None:
        """Apply the selected agent's action id (``None`` once that agent is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        action_id = int(action)
        proof = self._proof
        self._proof = None
        if (
            proof is not None
            and proof[0] is state
            and proof[1] == len(state.history)
            and 0 <= action_id < self.num_actions
            and proof[2][action_id]
        ) or (self._ids_checked and state.is_legal_id(action_id)):
            # The mask observe() built on this very position lists the id (or the state says
            # at once that it is legal): the space's own action, so the engine's second check
            # would repeat that work.
            state.apply_unchecked(state.action_from_id(action_id))
        else:
            # Otherwise the engine checks the id: an illegal one raises IllegalAction (an id
            # outside the space InvalidAction) and changes nothing.
            state.apply(state.action_from_id(action_id))
        player = resolve_chance(state, self._rng)
        if player >= 0:
            self.agent_selection = self._names[player]
            return
        if state.is_terminal:
            # Rewards are terminal only: until this step every reward and every cumulative
            # reward is 0, so there is nothing to clear or accumulate before it.
            self._clear_rewards()
            for seat, value in enumerate(state.returns()):
                name = self._names[seat]
                self.rewards[name] = float(value)
                self.terminations[name] = True
            self._cumulative_rewards[agent] = 0.0
            self._accumulate_rewards()
        self._select_next()

    def _select_next(self) -> None:
        player = self.state.current_player
        if player >= 0:
            self.agent_selection = self._names[player]
        else:
            # The game is over: each agent in turn must now step with None.
            self.agent_selection = self.agents[0]

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """The spectator's view: text for ``ansi``, an RGB image for ``rgb_array``."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self.state.to_text(None)
        return render_rgb(self.state)

    def close(self) -> None:
        """Nothing to release."""
