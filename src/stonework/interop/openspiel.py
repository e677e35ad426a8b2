"""stonework games as OpenSpiel games, driven by our engines (no rule lives here).

Importing this module registers every stonework game with OpenSpiel as ``stonework_<name>``,
with its player count and options as game parameters:

>>> import pyspiel
>>> import stonework.interop.openspiel as sw_spiel
>>> all(name.startswith("stonework_") for name in sw_spiel.register_all())
True

The mapping, in OpenSpiel's own terms:

- game type: sequential; explicit chance when the game has chance nodes; perfect or imperfect
  information from the registry; zero-sum terminal utilities (``State.returns``: +1 sole win,
  -1 sole loss, ranking-based in between; one-seat configs are general-sum);
- actions are the game's own ids (``State.action_id``). Chance outcomes live in the same id
  space, so ``max_chance_outcomes`` equals ``num_distinct_actions`` (a sparse chance space,
  but ids never change meaning between a decision and a chance outcome);
- observation string: the seat's ``observation()`` as canonical JSON; observation tensor: the
  game's ``observation_tensor()`` in its ``observation_shape()``; public observer: the spectator
  view; information state string: the action history in perfect-information games, and in
  hidden-information games the seat's observation plus its own past actions and the move count;
- ``state.resample_from_infostate`` is the game's ``determinize`` (used by IS-MCTS);
- serialisation pickles the game record (``State.record``) and rebuilds the state by replaying
  it, checked against the position string, so a round trip is exact.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from stonework.core import CHANCE, TERMINAL, GameSpec, Rng, State, list_games, replay
from stonework.interop.arrays import Arrays
from stonework.interop.encoding import (
    chance_outcome_ids,
    observation_string,
    sorted_legal_ids,
    tensor_shape,
    tensor_size,
)

PREFIX = "stonework_"
"""OpenSpiel short names are ``stonework_`` plus the stonework game name."""

DEFAULT_MAX_GAME_LENGTH = 10_000
"""Bound on decisions (and, separately, chance nodes) for a game that states none of its own.

A game may return a tight bound from ``State.max_game_length()``; OpenSpiel only needs an upper
bound, and the tests check every random game stays under it.
"""

_SPECS: dict[str, GameSpec] = {}  # by OpenSpiel short name, for every game registered here
_CLASSES: dict[str, type[StoneworkGame]] = {}


def short_name(game: str) -> str:
    """The OpenSpiel name of a stonework game: ``aztec`` -> ``stonework_aztec``."""
    return game if game.startswith(PREFIX) else PREFIX + game


def register(spec: GameSpec) -> str:
    """Register one stonework game with OpenSpiel (idempotent); returns its short name."""
    name = short_name(spec.name)
    known = _SPECS.get(name)
    if known is not None:
        if known is not spec:
            raise ValueError(f"{name} is already registered with OpenSpiel for another spec")
        return name
    _SPECS[name] = spec
    # OpenSpiel keeps the creator until the C++ runtime exits, after Python has finalised. A
    # class survives that (its own __mro__ keeps it alive); a partial or closure would be freed
    # then without the interpreter and abort the process. So each game gets its own subclass.
    game_class = type(f"StoneworkGame_{spec.name}", (StoneworkGame,), {"spec": spec})
    _CLASSES[name] = game_class
    pyspiel.register_game(_game_type(spec, None), game_class)
    return name


def register_all() -> list[str]:
    """Register every game in the stonework registry; returns their OpenSpiel short names."""
    return [register(spec) for spec in list_games()]


def load_game(game: str, players: int | None = None, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a stonework game by its stonework or OpenSpiel name."""
    name = short_name(game)
    if name not in _SPECS:
        register_all()
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)


def _parameter_specification(spec: GameSpec) -> dict[str, Any]:
    # OpenSpiel parameters are bool, int, float or str, the same kinds our options take.
    params: dict[str, Any] = {"players": spec.default_players}
    params.update(spec.options.defaults())
    return params


def _game_type(spec: GameSpec, players: int | None) -> pyspiel.GameType:
    """The truthful OpenSpiel game type (``players`` refines the utility for one config)."""
    Type = pyspiel.GameType
    fewest = min(spec.player_counts) if players is None else players
    has_tensor = tensor_shape(_probe_state(spec, players)) is not None
    return Type(
        short_name=short_name(spec.name),
        long_name=f"stonework {spec.title}",
        dynamics=Type.Dynamics.SEQUENTIAL,
        chance_mode=(
            Type.ChanceMode.EXPLICIT_STOCHASTIC
            if spec.has_chance
            else Type.ChanceMode.DETERMINISTIC
        ),
        information=(
            Type.Information.IMPERFECT_INFORMATION
            if spec.hidden_information
            else Type.Information.PERFECT_INFORMATION
        ),
        utility=Type.Utility.ZERO_SUM if fewest >= 2 else Type.Utility.GENERAL_SUM,
        reward_model=Type.RewardModel.TERMINAL,
        max_num_players=max(spec.player_counts),
        min_num_players=min(spec.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=has_tensor,
        parameter_specification=_parameter_specification(spec),
    )


def _probe_state(spec: GameSpec, players: int | None) -> State:
    count = spec.default_players if players is None else players
    return spec.new_state(count, spec.options.defaults())


class StoneworkGame(pyspiel.Game):  # type: ignore[misc]
    """One stonework game config (players and options) as an OpenSpiel game.

    :func:`register` makes one subclass per game with its ``spec``.
    """

    spec: GameSpec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        given = dict(params or {})
        players = int(given.pop("players", spec.default_players))
        if players not in spec.player_counts:
            allowed = ", ".join(map(str, spec.player_counts))
            raise ValueError(f"{spec.name} is played by {allowed} players, not {players}")
        self.players = players
        self.options = spec.options.resolve(spec.name, given)
        probe = spec.new_state(players, self.options)
        # Kept untouched: fresh engine states are clones of it (cheaper than a new setup).
        self._initial_engine = probe
        self.observation_shape = tensor_shape(probe)
        bound = probe.max_game_length()
        self.max_length = DEFAULT_MAX_GAME_LENGTH if bound is None else int(bound)
        actions = probe.num_distinct_actions()
        two_or_more = players >= 2
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions if spec.has_chance else 0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if two_or_more else None,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(spec, players), info, {"players": players, **self.options})

    def new_initial_state(self) -> StoneworkState:
        """The state before the setup's chance nodes (OpenSpiel's chance player draws them)."""
        return StoneworkState(self)

    def new_engine_state(self) -> State:
        """A fresh stonework state for this config."""
        return self._initial_engine.clone()

    def max_chance_nodes_in_history(self) -> int:
        """Bound on chance nodes in one game (used by OpenSpiel for move numbers)."""
        return self.max_length if self.spec.has_chance else 0

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> StoneworkObserver:
        """An observer for OpenSpiel's observation and information-state API."""
        # OpenSpiel calls make_py_observer(params) when no observation type is requested.
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"stonework observers take no parameters; got {params}")
        return StoneworkObserver(self, iig_obs_type)


class _EngineBox:
    """Holds the engine state inside an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by
    pickling them: the box turns the first into the engine's own ``clone()`` and the second
    into the game record, replayed on load.
    """

    __slots__ = ("short_name", "state")

    def __init__(self, short_name: str, state: State | None) -> None:
        self.short_name = short_name
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _EngineBox:
        return _EngineBox(self.short_name, None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str | None]]:
        if self.state is None:
            return (_box_from_record, (self.short_name, None))
        record = self.state.record()
        record.final_position = self.state.position()
        return (_box_from_record, (self.short_name, record.dumps()))


def _box_from_record(name: str, record: str | None) -> _EngineBox:
    if name not in _SPECS:
        register_all()
    spec = _SPECS[name]
    return _EngineBox(name, None if record is None else replay(record, spec=spec))


class StoneworkState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a stonework engine state (``.engine``)."""

    def __init__(self, game: StoneworkGame, engine: State | None = None) -> None:
        super().__init__(game)
        # Built lazily: OpenSpiel's clone makes a fresh state and then overwrites this box.
        self._box = _EngineBox(short_name(game.spec.name), engine)

    @property
    def is_pristine(self) -> bool:
        """True for an initial state whose engine state has not been built yet."""
        return self._box.state is None

    @property
    def engine(self) -> State:
        """The stonework state this OpenSpiel state drives."""
        box = self._box
        if box.state is None:
            game = self.get_game()
            assert isinstance(game, StoneworkGame)
            box.state = game.new_engine_state()
        return box.state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's CHANCE / TERMINAL ids."""
        player = self.engine.current_player
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted_legal_ids(self.engine)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes as (id, probability), ascending by id."""
        return chance_outcome_ids(self.engine)

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        # Checked apply: a bad id raises the engine's IllegalAction and changes nothing.
        engine.apply(engine.action_from_id(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.engine.action_from_id(action))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.engine.is_terminal

    def returns(self) -> list[float]:
        """The engine's returns (zero until the end)."""
        return self.engine.returns()

    def resample_from_infostate(self, player: int, sampler: Any) -> StoneworkState:
        """A state in ``player``'s information set, drawn by the game's ``determinize``."""
        seed = int(float(sampler()) * 2**53)
        determinized = self.engine.determinize(player, Rng(seed))
        game = self.get_game()
        assert isinstance(game, StoneworkGame)
        return StoneworkState(game, determinized)

    def __str__(self) -> str:
        return self.engine.position()


class StoneworkObserver:
    """OpenSpiel's Python observer interface over the game's observation hooks."""

    def __init__(self, game: StoneworkGame, iig_obs_type: Any) -> None:
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        perfect_recall = False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            perfect_recall = bool(iig_obs_type.perfect_recall)
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            self.view = "information_state" if perfect_recall else "observation"
        elif private == pyspiel.PrivateInfoType.NONE:
            self.view = "public"
        else:
            self.view = "full"
        self.perfect_information = not game.spec.hidden_information
        shape = game.observation_shape if self.view == "observation" else None
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        self._arrays: Arrays | None = None
        if shape is not None:
            self.tensor = np.zeros(tensor_size(shape), np.float32)
            self.dict["observation"] = self.tensor.reshape(shape)
            self._arrays = Arrays(game.spec, shape, 0)  # one writer per observer (kept blocks)
        self._game = game
        self._initial_tensors: dict[int, list[float]] = {}

    def set_from(self, state: StoneworkState, player: int) -> None:
        """Write ``player``'s observation tensor of ``state`` into ``self.tensor``."""
        if self.tensor is None or self._arrays is None:
            return
        if state.is_pristine:
            # OpenSpiel sizes every tensor by observing a brand-new initial state; answer
            # that from a cache rather than setting up a game each time.
            cached = self._initial_tensors.get(player)
            if cached is None:
                cached = self._game.new_engine_state().observation_tensor(player)
                self._initial_tensors[player] = cached
            self.tensor[:] = cached
            return
        # The game's writer (or the generic one) fills the buffer in place: converting a long
        # list value by value was most of an Akropolis step.
        self._arrays.fill(state.engine, player, self.tensor)

    def string_from(self, state: StoneworkState, player: int) -> str:
        """The observation or information-state string of ``state`` for ``player``."""
        engine = state.engine
        if self.view == "observation":
            return observation_string(engine, player)
        if self.view == "public":
            return observation_string(engine, None)
        if self.view == "full":
            return engine.position()
        if self.perfect_information:
            # Everything is seen, so the history is the information state.
            return " ".join(str(engine.action_id(action)) for _, action in engine.history)
        own = [str(action) for seat, action in engine.history if seat == player]
        return json.dumps(
            {
                "observation": engine.observation(player),
                "own_actions": own,
                "moves": len(engine.history),
            },
            sort_keys=True,
            separators=(",", ":"),
        )


register_all()
