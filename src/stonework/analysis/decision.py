"""One decision analysed: the search's top moves, the played move's value, and its verdict."""

from __future__ import annotations

from dataclasses import dataclass, field

from stonework.agents.catalog import make_agent, parse_agent_spec, strongest_agent
from stonework.agents.root_report import ChildReport, RootSearcher, SearchUnavailable
from stonework.analysis.values import MoveValue, expected_result
from stonework.analysis.verdicts import Verdict, classify
from stonework.core import Action, Rng, State, StoneworkError
from stonework.core.state import CHANCE, TERMINAL

TOP_MOVES = 3
"""How many of the search's moves an analysis reports by default."""


class AnalysisError(StoneworkError, ValueError):
    """An analysis that cannot be made: no decision to analyse, or an agent without a search."""


def default_agent_spec(game: str, players: int | None = None) -> str:
    """The agent spec analysis uses unless told otherwise: the strongest agent of the game at
    ``players`` (at any count it is played by if ``None``)."""
    return strongest_agent(game, players)


def analysis_agent(spec: str, seconds: float | None = None) -> RootSearcher:
    """The tree-search agent of ``spec`` (``seconds`` replaces its time budget if given)."""
    try:
        name, settings = parse_agent_spec(spec)
        if seconds is not None:
            if not seconds > 0:
                raise ValueError(f"seconds must be positive, not {seconds}")
            settings["seconds"] = seconds
        agent = make_agent(name, **settings)
    except (TypeError, ValueError, RuntimeError) as exc:  # RuntimeError: az without numpy
        raise AnalysisError(f"agent {spec!r}: {exc}") from None
    if not isinstance(agent, RootSearcher):
        raise AnalysisError(
            f"agent {spec!r} has no search tree to report: analyse with mcts, ismcts, "
            "medium, hard, az or expert"
        )
    return agent


@dataclass(frozen=True)
class DecisionAnalysis:
    """What the search made of one decision, and of the move played there if one was given."""

    seat: int
    players: int
    legal: int
    """How many legal actions the seat had."""
    iterations: int
    top: list[MoveValue]
    """The search's most visited moves, best first (empty for a forced move)."""
    played: MoveValue | None = None
    verdict: Verdict | None = None
    loss: float | None = None
    """Expected result the played move gave away against the search's choice (0 at best)."""
    entry: int | None = field(default=None, compare=False)
    """The record entry this decision is (set by record analysis)."""

    @property
    def best(self) -> MoveValue | None:
        """The search's choice (the most visited move)."""
        return self.top[0] if self.top else None


def analyse_decision(
    state: State,
    agent: RootSearcher,
    rng: Rng,
    played: Action | str | None = None,
    top: int = TOP_MOVES,
) -> DecisionAnalysis:
    """Search the decision of the seat to move in ``state`` and report its top moves.

    The search sees only what that seat may see (it runs on determinizations of its
    information, like the agent's own play). With ``played`` (an action or its notation, legal
    here) the report also values that move and gives its verdict and loss.
    """
    seat = state.current_player
    if seat == CHANCE:
        raise AnalysisError("this is a chance node: there is no decision to analyse")
    if seat == TERMINAL:
        raise AnalysisError("the game is over: there is no decision to analyse")
    actions = state.legal_actions()
    played_action = state.parse_action(played) if isinstance(played, str) else played
    if played_action is not None and played_action not in actions:
        raise AnalysisError(f"{played_action} is not a legal action here")
    players = state.num_players
    if len(actions) == 1:
        return DecisionAnalysis(seat, players, 1, 0, [], None, Verdict.FORCED, 0.0)
    try:
        report = agent.root_statistics(state.clone(), rng, include=played_action)
    except SearchUnavailable as exc:
        raise AnalysisError(str(exc)) from None
    values = {child.action: _move_value(child, seat) for child in report.children}
    ranked = sorted(report.children, key=lambda c: (-c.earned, -c.values[seat]))
    chosen = values[report.chosen]
    best = [chosen, *(values[c.action] for c in ranked if c.action != report.chosen)]
    if played_action is None:
        return DecisionAnalysis(seat, players, len(actions), report.iterations, best[:top])
    mine = values[played_action]
    loss = max(0.0, chosen.expected - mine.expected)
    verdict = classify(loss, chosen=played_action == report.chosen)
    return DecisionAnalysis(
        seat, players, len(actions), report.iterations, best[:top], mine, verdict, loss
    )


def _move_value(child: ChildReport, seat: int) -> MoveValue:
    return MoveValue(
        str(child.action), child.visits, expected_result(child.values[seat]), child.margin
    )
