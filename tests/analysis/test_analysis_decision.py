"""One decision analysed: top moves, the played move's value, verdicts, and hidden cards."""

from __future__ import annotations

import pytest
from analysis_helpers import AGENT, settle_chance, swapped, zapotec_decision_with_secrets

import stonework
from stonework.agents.mcts import MCTSAgent
from stonework.analysis import (
    THRESHOLDS,
    MoveValue,
    Verdict,
    analyse_decision,
    analysis_agent,
    classify,
    default_agent_spec,
)
from stonework.analysis.decision import AnalysisError
from stonework.analysis.values import expected_rank, expected_result
from stonework.core import State, derive_rng, replay
from stonework.core.state import CHANCE
from stonework.games.zapotec.state import ZapotecState


def test_verdicts_follow_the_documented_thresholds() -> None:
    assert classify(0.5, chosen=True) is Verdict.BEST
    assert classify(0.0) is Verdict.GOOD
    assert classify(0.0299) is Verdict.GOOD
    assert classify(0.03) is Verdict.INACCURACY
    assert classify(0.0799) is Verdict.INACCURACY
    assert classify(0.08) is Verdict.MISTAKE
    assert classify(0.15) is Verdict.BLUNDER
    assert classify(1.0) is Verdict.BLUNDER
    assert list(THRESHOLDS.values()) == sorted(THRESHOLDS.values())


def test_values_read_as_win_probability_and_rank() -> None:
    assert expected_result(1.0) == 1.0 and expected_result(-1.0) == 0.0
    assert expected_result(0.0) == 0.5 and expected_result(3.0) == 1.0
    # A sole win, a sole loss, and the middle of three.
    assert expected_rank(1.0, 4) == 1.0 and expected_rank(0.0, 4) == 4.0
    assert expected_rank(0.5, 3) == 2.0
    move = MoveValue("x", 3, 0.75, 2.0)
    assert move.describe(2) == "75.0% win, margin +2.0"
    assert move.describe(3) == "rank 1.50, margin +2.0"


@pytest.mark.parametrize(("game", "players"), [("aztec", 2), ("akropolis", 3), ("zapotec", 4)])
def test_a_decision_reports_top_moves_and_the_played_move(game: str, players: int) -> None:
    state = stonework.new_game(game, players=players, seed=4)
    settle_chance(state, 4)
    actions = state.legal_actions()
    played = actions[-1]
    agent = analysis_agent(AGENT)
    before = state.position()
    result = analyse_decision(state, agent, derive_rng(1, "t"), played=played)
    assert state.position() == before  # the analysed state is not touched
    assert result.seat == state.current_player and result.legal == len(actions)
    assert 1 <= len(result.top) <= 3
    assert result.played is not None and result.played.action == str(played)
    assert result.played.visits >= 1
    legal_text = {str(a) for a in actions}
    assert all(move.action in legal_text for move in result.top)
    assert all(0.0 <= move.expected <= 1.0 for move in [*result.top, result.played])
    assert result.loss is not None and result.loss >= 0.0
    best = result.best
    assert best is not None
    assert result.loss == pytest.approx(max(0.0, best.expected - result.played.expected))
    if result.played.action == best.action:
        assert result.verdict is Verdict.BEST
    else:
        assert result.verdict is classify(result.loss)
    # The same seed gives the same analysis (the agent spends a fixed number of iterations).
    again = analyse_decision(state, analysis_agent(AGENT), derive_rng(1, "t"), played=played)
    assert again == result


def test_without_a_played_move_only_the_search_is_reported() -> None:
    state = stonework.new_game("aztec", players=2, seed=1)
    first = analyse_decision(state, analysis_agent(AGENT), derive_rng(5, "t"))
    assert first.played is None and first.verdict is None and first.loss is None
    assert first.best is not None and first.best.visits == max(m.visits for m in first.top)


def test_the_played_move_gets_its_share_of_simulations() -> None:
    """Even a move the search dislikes is valued from several simulations, not one."""
    state = stonework.new_game("aztec", players=2, seed=1)
    for played in state.legal_actions():
        result = analyse_decision(
            state, analysis_agent("mcts:iterations=60:early=0"), derive_rng(5, "t"), played=played
        )
        assert result.played is not None and result.played.visits >= 6


def test_forced_visits_of_the_played_move_do_not_make_it_the_choice() -> None:
    """In a wide decision the played move's share would outvote every other: it must not."""
    state = stonework.new_game("akropolis", players=3, seed=4)
    settle_chance(state, 4)
    actions = state.legal_actions()
    assert len(actions) > 100
    # Settings named (session 8's three-player playout without the fitted leaf): the test needs a
    # seeded search that dislikes the played move, not whatever the default is today.
    agent = analysis_agent("mcts:iterations=200:early=0:depth=3:greedy=1:sample=16:leaf=0")
    report = agent.root_statistics(state, derive_rng(2, "t"), include=actions[-1])
    played = next(c for c in report.children if c.action == actions[-1])
    chosen = next(c for c in report.children if c.action == report.chosen)
    assert played.visits >= 20 and played.earned < played.visits
    assert chosen.earned == max(c.earned for c in report.children)
    assert all(c.earned == c.visits for c in report.children if c is not played)


def _forced_state() -> State | None:
    rng = derive_rng(2, "forced")
    state = stonework.new_game("zapotec", players=2, seed=2)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        elif len(state.legal_actions()) == 1:
            return state
        else:
            state.apply(state.random_action(rng))
    return None


def test_a_single_legal_action_is_forced() -> None:
    state = _forced_state()
    assert state is not None
    result = analyse_decision(
        state, analysis_agent(AGENT), derive_rng(0, "t"), played=state.legal_actions()[0]
    )
    assert result.verdict is Verdict.FORCED and result.top == []


def test_bad_requests_get_the_documented_error() -> None:
    state = stonework.new_game("akropolis", players=2)
    assert state.current_player == CHANCE
    with pytest.raises(AnalysisError, match="chance node"):
        analyse_decision(state, analysis_agent(AGENT), derive_rng(0, "t"))
    with pytest.raises(AnalysisError, match="no search tree"):
        analysis_agent("greedy")
    with pytest.raises(AnalysisError, match="no agent named"):
        analysis_agent("wizard")
    with pytest.raises(AnalysisError, match="positive"):
        analysis_agent("mcts", seconds=0)
    aztec = stonework.new_game("aztec", players=2)
    aztec_move = aztec.legal_actions()[0]
    aztec.apply(aztec_move)
    with pytest.raises(AnalysisError, match="not a legal action"):
        analyse_decision(aztec, analysis_agent(AGENT), derive_rng(0, "t"), played=aztec_move)


def test_the_default_agent_is_the_strongest_tree_search() -> None:
    for game in ("akropolis", "aztec", "zapotec"):
        spec = default_agent_spec(game)
        assert isinstance(analysis_agent(spec), MCTSAgent)
        assert spec == "hard"


# --- hidden information: the swap test -------------------------------------------------------


def test_analysis_of_a_seat_ignores_what_it_cannot_see() -> None:
    state = zapotec_decision_with_secrets()
    other = swapped(state)
    assert other.observation(0) == state.observation(0)
    assert other.hands[1:] != state.hands[1:]
    played = state.legal_actions()[0]
    for spec in (AGENT, "ismcts:iterations=40", "mcts:iterations=40"):
        first = analyse_decision(state, analysis_agent(spec), derive_rng(3, "a"), played=played)
        second = analyse_decision(other, analysis_agent(spec), derive_rng(3, "a"), played=played)
        assert first == second, spec


def test_the_swap_test_catches_a_search_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: a search on the true state (no determinization) does tell the worlds apart."""
    state = zapotec_decision_with_secrets()
    other = swapped(state)
    monkeypatch.setattr(ZapotecState, "determinize", lambda self, player, rng: self.clone())
    played = state.legal_actions()[0]
    first = analyse_decision(state, analysis_agent(AGENT), derive_rng(3, "a"), played=played)
    second = analyse_decision(other, analysis_agent(AGENT), derive_rng(3, "a"), played=played)
    assert first != second


def test_a_replayed_record_state_analyses_like_the_live_one() -> None:
    state = zapotec_decision_with_secrets()
    rebuilt = replay(state.record())
    a = analyse_decision(state, analysis_agent(AGENT), derive_rng(4, "a"))
    b = analyse_decision(rebuilt, analysis_agent(AGENT), derive_rng(4, "a"))
    assert a == b
