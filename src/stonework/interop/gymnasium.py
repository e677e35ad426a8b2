"""A Gymnasium single-agent environment: one seat of a stonework game against stonework agents.

>>> from stonework.interop.gymnasium import SingleSeatEnv
>>> SingleSeatEnv.metadata["render_modes"]
['ansi', 'rgb_array']

:func:`register_envs` makes them available to ``gymnasium.make("stonework/aztec-v0", ...)``.

The learner plays ``seat``; the other seats are played by opponents (``"random"`` by default,
any name ``stonework.agents.make_agent`` knows, or an object with ``act(state, rng)``), and
chance nodes are drawn by the environment, all with generators seeded by ``reset(seed=...)``.
Observations are ``{"observation", "action_mask"}`` as in the PettingZoo environments; the
reward is the seat's ``State.returns()`` value, given once at the end.

Gymnasium samples actions without a mask, so an illegal action id is handled by
``illegal_action``: ``"lose"`` (default) ends the episode with reward -1 and
``info["illegal_action"] = True``; ``"raise"`` raises the engine's ``IllegalAction``.
"""

from __future__ import annotations

from typing import Any, Protocol

import gymnasium
import numpy as np
from gymnasium import spaces

from stonework.core import Action, GameSpec, Rng, State, StoneworkError, derive_rng
from stonework.interop.arrays import Arrays
from stonework.interop.encoding import (
    resolve_chance,
    spec_of,
    tensor_bounds,
    tensor_shape,
)
from stonework.interop.render import render_rgb


class Opponent(Protocol):
    """What plays the other seats: stonework agents have this method."""

    def act(self, state: State, rng: Rng) -> Action:
        """A legal action for the seat to move."""
        ...


class UniformRandomOpponent:
    """Picks uniformly among the legal actions (the fallback when no agents are installed)."""

    name = "random"

    def act(self, state: State, rng: Rng) -> Action:
        """A uniformly random legal action."""
        return rng.choice(state.legal_actions())


def make_opponent(opponent: str | Opponent) -> Opponent:
    """An opponent from a stonework agent spec (``"greedy"``, ``"mcts:200"``) or the object itself.

    Without :mod:`stonework.agents` only ``"random"`` is available (a uniform random policy).
    """
    if not isinstance(opponent, str):
        return opponent
    try:
        from stonework.agents import catalog  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        if opponent == "random":
            return UniformRandomOpponent()
        raise ValueError(
            f"opponent {opponent!r} needs stonework.agents, which is not available"
        ) from None
    agent: Opponent = catalog.agent_from_spec(opponent)
    return agent


class SingleSeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a stonework game as a Gymnasium environment."""

    # A board game has no frame rate; 1 fps is a sensible pace for recording videos of one.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str | GameSpec,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Opponent | list[str | Opponent] = "random",
        render_mode: str | None = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        self.spec_game = spec_of(game)
        spec = self.spec_game
        count = spec.default_players if players is None else players
        if count not in spec.player_counts:
            allowed = ", ".join(map(str, spec.player_counts))
            raise ValueError(f"{spec.name} is played by {allowed} players, not {count}")
        if not 0 <= seat < count:
            raise ValueError(f"seat must be 0..{count - 1}, not {seat}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or 'rgb_array', not {render_mode!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.players = count
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.options = spec.options.resolve(spec.name, options)
        given = opponents if isinstance(opponents, list) else [opponents] * (count - 1)
        if len(given) != count - 1:
            raise ValueError(f"{count - 1} opponents are needed, {len(given)} given")
        others = [s for s in range(count) if s != seat]
        self.opponents: dict[int, Opponent] = {
            s: make_opponent(o) for s, o in zip(others, given, strict=True)
        }
        probe = spec.new_state(count, dict(self.options))
        shape = tensor_shape(probe)
        if shape is None:
            raise ValueError(f"{spec.name} has no observation tensor to build an env on")
        self.observation_shape = shape
        self.num_actions = probe.num_distinct_actions()
        self.arrays = Arrays(spec, shape, self.num_actions)
        low, high = tensor_bounds(probe)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.num_actions)
        self.state: State = probe
        self._chance_rng: Rng = derive_rng(0, "chance")
        self._opponent_rng: Rng = derive_rng(0, "opponents")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a game and play until the learner's first decision."""
        super().reset(seed=seed)
        # Chance and opponents draw from their own streams, both fixed by the env's generator.
        base = int(self.np_random.integers(2**62))
        self._chance_rng = derive_rng(base, "chance")
        self._opponent_rng = derive_rng(base, "opponents")
        self.state = self.spec_game.new_state(self.players, dict(self.options))
        self._advance()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the opponents, until its next turn or the end."""
        state = self.state
        info: dict[str, Any] = {}
        try:
            state.apply(state.action_from_id(int(action)))
        except StoneworkError:
            if self.illegal_action == "raise":
                raise
            info["illegal_action"] = True
            return self._observe(), -1.0, True, False, info
        self._advance()
        done = state.is_terminal
        reward = float(state.returns()[self.seat]) if done else 0.0
        return self._observe(), reward, done, False, info

    def _advance(self) -> None:
        state = self.state
        while not state.is_terminal:
            resolve_chance(state, self._chance_rng)
            player = state.current_player
            if player == self.seat or state.is_terminal:
                return
            state.apply(self.opponents[player].act(state, self._opponent_rng))

    def _observe(self) -> dict[str, Any]:
        return {
            "observation": self.arrays.observation(self.state, self.seat),
            "action_mask": self.arrays.mask(self.state, self.seat),
        }

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """The learner's view: text for ``ansi``, an RGB image for ``rgb_array``."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self.state.to_text(self.seat)
        return render_rgb(self.state, self.seat)


def env_id(game: str) -> str:
    """The Gymnasium id of a game's single-seat env: ``stonework/<game>-v0``."""
    return f"stonework/{game}-v0"


def register_envs() -> list[str]:
    """Register every game with an observation tensor with Gymnasium (idempotent); the ids."""
    from stonework.core import list_games

    ids = []
    for spec in list_games():
        if tensor_shape(spec.new_state(spec.default_players, spec.options.defaults())) is None:
            continue
        name = env_id(spec.name)
        if name not in gymnasium.registry:
            gymnasium.register(
                name,
                entry_point="stonework.interop.gymnasium:SingleSeatEnv",
                kwargs={"game": spec.name},
            )
        ids.append(name)
    return ids
