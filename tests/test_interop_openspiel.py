"""stonework games as OpenSpiel games: OpenSpiel's own checks and algorithms over our engines."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import stonework.interop.openspiel as sw_spiel
from interop_cases import CASES, IDS, TOY, TensorPile, registered, shipped_games
from stonework.core import CHANCE, GameSpec, IllegalAction, OptionSpec, OptionValue
from toys import make_spec

TOY_NAME = sw_spiel.register(TOY)


def load(spec: GameSpec, players: int) -> pyspiel.Game:
    sw_spiel.register(spec)
    return pyspiel.load_game(sw_spiel.short_name(spec.name), {"players": players})


def play_random(state: pyspiel.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_random_sim_test_with_serialization(spec: GameSpec, players: int) -> None:
    """OpenSpiel's generic API check, including its serialize/deserialize round trips."""
    pyspiel.random_sim_test(load(spec, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_game_type_is_truthful(spec: GameSpec, players: int) -> None:
    game = load(spec, players)
    kind = game.get_type()
    Type = pyspiel.GameType
    assert kind.dynamics == Type.Dynamics.SEQUENTIAL
    assert (kind.chance_mode == Type.ChanceMode.EXPLICIT_STOCHASTIC) == spec.has_chance
    hidden = kind.information == Type.Information.IMPERFECT_INFORMATION
    assert hidden == spec.hidden_information
    assert kind.min_num_players == min(spec.player_counts)
    assert kind.max_num_players == max(spec.player_counts)
    assert game.num_players() == players
    engine = spec.new_state(players, spec.options.defaults())
    assert game.num_distinct_actions() == engine.num_distinct_actions()
    assert kind.provides_observation_tensor
    assert tuple(game.observation_tensor_shape()) == tuple(engine.observation_shape())
    assert set(game.get_parameters()) == {"players", *spec.options.names()}


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_states_mirror_the_engine(spec: GameSpec, players: int) -> None:
    """Ids, notation, chance odds, returns and observations are the engine's, seat by seat."""
    game = load(spec, players)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        engine = state.engine
        if state.is_chance_node():
            assert engine.current_player == CHANCE
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
        else:
            assert state.current_player() == engine.current_player
            ids = state.legal_actions()
            assert ids == sorted(engine.action_id(a) for a in engine.legal_actions())
            action = rng.choice(ids)
            assert state.action_to_string(action) == str(engine.action_from_id(action))
            if len(state.history()) % 5 == 0:  # the tensors are large: sample the game
                seat = engine.current_player
                ours = np.asarray(engine.observation_tensor(seat), np.float32)
                assert np.array_equal(np.asarray(state.observation_tensor(seat)), ours)
        play_random(state, rng, 1)
    assert state.returns() == pytest.approx(state.engine.returns())
    assert state.history() == [state.engine.action_id(a) for _, a in state.engine.history]


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_serialize_and_pickle_round_trips_mid_game(spec: GameSpec, players: int) -> None:
    """A state rebuilt from its serialisation (the replayed record) is the same state."""
    game = load(spec, players)
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(4):
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        assert str(state2) == str(state)
        assert state2.history() == state.history()
        assert state2.legal_actions() == state.legal_actions()
        copy = pickle.loads(pickle.dumps(state))
        assert str(copy) == str(state)
        play_random(state, rng, 7)


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_clone_is_independent(spec: GameSpec, players: int) -> None:
    game = load(spec, players)
    state = game.new_initial_state()
    play_random(state, random.Random(2), 3)
    before = str(state)
    clone = state.clone()
    assert clone.engine is not state.engine
    play_random(clone, random.Random(3), 5)
    assert str(state) == before
    assert clone.history()[: len(state.history())] == state.history()


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_strings_never_show_what_a_seat_may_not_see(spec: GameSpec, players: int) -> None:
    """Observation and information-state strings carry only the seat's own view."""
    game = load(spec, players)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(6):
        if state.is_terminal():
            break
        for seat in range(players):
            hidden = state.engine.hidden_tokens(seat)
            for text in (state.observation_string(seat), state.information_state_string(seat)):
                assert not any(token in text for token in hidden)
        play_random(state, rng, 5)


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_resample_from_infostate_keeps_the_seat_view(spec: GameSpec, players: int) -> None:
    game = load(spec, players)
    state = game.new_initial_state()
    play_random(state, random.Random(6), 6)
    if state.is_terminal() or state.is_chance_node():
        return
    seat = state.current_player()
    sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.observation_string(seat) == state.observation_string(seat)
    assert sampled.legal_actions() == state.legal_actions()


def test_illegal_id_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game(TOY_NAME, {"players": 2})
    state = game.new_initial_state()
    play_random(state, random.Random(1), 2)  # the two deals
    dealt = [a for a in range(game.num_distinct_actions()) if a not in state.legal_actions()]
    before = str(state)
    with pytest.raises(IllegalAction):
        state.apply_action(dealt[0])
    assert str(state) == before


def test_options_are_game_parameters() -> None:
    game = pyspiel.load_game(TOY_NAME, {"players": 3, "pile": 4})
    assert game.new_initial_state().engine.pile == 4
    with pytest.raises(Exception, match="pile"):
        pyspiel.load_game(TOY_NAME, {"pile": 99})


def _first_moves(game: pyspiel.Game, bot: pyspiel.Bot, moves: int, seed: int) -> None:
    state = game.new_initial_state()
    rng = random.Random(seed)
    made = 0
    while made < moves and not state.is_terminal():
        if state.is_chance_node():
            play_random(state, rng, 1)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        made += 1
    assert made == moves or state.is_terminal()


@pytest.mark.parametrize("name", [TOY.name, *registered("aztec", "akropolis")])
def test_openspiel_mcts_bot_plays(name: str) -> None:
    """OpenSpiel's MCTS (perfect-information search) plays a few moves on our engines."""
    game = sw_spiel.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(1))
    _first_moves(game, bot, moves=3, seed=0)


@pytest.mark.parametrize("name", [TOY.name, *registered("zapotec")])
def test_openspiel_ismcts_bot_plays(name: str) -> None:
    """OpenSpiel's information-set MCTS plays a few moves, resampling with our determinize."""
    game = sw_spiel.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 12, random_state=np.random.RandomState(1))
    _first_moves(game, bot, moves=3, seed=0)


class ShortPile(TensorPile):
    """The toy claiming a bound its games break: OpenSpiel's own check must catch it."""

    def max_game_length(self) -> int:
        return 2


def test_a_game_bound_is_taken_from_the_state_and_checked_by_openspiel() -> None:
    name = sw_spiel.register(make_spec(ShortPile, "pile_short"))
    game = pyspiel.load_game(name)
    assert game.max_game_length() == 2
    with pytest.raises(pyspiel.SpielError, match="MaxGameLength"):
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    assert pyspiel.load_game(TOY_NAME).max_game_length() == sw_spiel.DEFAULT_MAX_GAME_LENGTH


def other_value(option: OptionSpec) -> OptionValue | None:
    """A value of ``option`` other than its default (None for free text)."""
    if option.kind == "bool":
        return not option.default
    if option.kind == "choice":
        return next(c for c in option.choices if c != option.default)
    if option.kind == "int":
        assert isinstance(option.default, int)
        top = option.maximum if option.maximum is not None else option.default + 1
        return option.default + 1 if option.default < top else option.default - 1
    return None


@pytest.mark.parametrize("spec", [TOY, *shipped_games()], ids=lambda spec: spec.name)
def test_every_option_is_a_game_parameter_that_reaches_the_engine(spec: GameSpec) -> None:
    name = sw_spiel.register(spec)
    for option in spec.options.specs:
        value = other_value(option)
        if value is None:
            continue
        game = pyspiel.load_game(name, {option.name: value})
        state = game.new_initial_state()
        assert state.engine.options[option.name] == value
        assert str(pyspiel.load_game(str(game))) == str(game)
        play_random(state, random.Random(0), 4)
