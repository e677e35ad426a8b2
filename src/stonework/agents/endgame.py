"""Exact play in the last moves of a two-player game of perfect information and no chance.

A few moves from the end of an Aztec game the tree that is left is small: six placements
from the end alpha-beta leaves tens of thousands of positions, which a search solves in well
under a second. A sampling search (``hard``'s playouts, ``az``'s network and playouts) only
estimates those positions, and games between even players are lost there: in 24 games of
``az`` against ``hard`` at 1.5 s a move, ``az`` gave away a won or drawn result seven to five
placements from the end in 6 games and ``hard`` in 2 (BENCHMARKS.md, "Aztec's endgame solved").
So the searches can hand such positions to :class:`EndgameSolver`, which finds the exact result
(won, drawn or lost for the seat to move, from the game's returns) by negamax with alpha-beta,
a transposition table and the moves tried in the order of the score lead each gives.

The solver reads positions through :class:`CompactRules`: a game may give a fast one
(``State.compact_rules``: Aztec's works on the bit mask of its cubes), and any other game of
two players, no chance and nothing hidden is read through its states (:class:`StateRules`).
``State.decisions_left`` says how near the end a position is. The solver stops as soon as its
``stop`` test says so (the caller's clock) or its node limit is reached, raising
:class:`OutOfBudget`, and the caller searches as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from stonework.core.solving import CompactRules
from stonework.core.state import TERMINAL, State

WIN = 1
DRAW = 0
LOSS = -1
_ABOVE = 2
"""Beyond every value: the open ends of a full window."""

CHECK_EVERY = 256
"""Nodes between two calls of the ``stop`` test (a clock read costs about a node's time)."""


class OutOfBudget(Exception):
    """The solver ran out of its time or nodes before it had an answer."""


def solvable(state: State) -> bool:
    """Whether the solver can judge ``state``'s game: two players, no chance, nothing hidden."""
    spec = state.spec
    return state.num_players == 2 and not spec.has_chance and not spec.hidden_information


class StateRules:
    """Positions as the game's own states (clone and apply): any solvable game, not fast."""

    def key(self, position: State) -> Hashable:
        return position.position()

    def mover(self, position: State) -> int:
        return position.current_player

    def moves(self, position: State) -> Sequence[int]:
        return position.legal_action_ids()

    def play(self, position: State, action: int) -> State:
        child = position.clone()
        child.apply_unchecked(child.action_from_id(action))
        return child

    def outcome(self, position: State, seat: int) -> int:
        mine = position.returns()[seat]
        return WIN if mine > 0 else LOSS if mine < 0 else DRAW

    def lead(self, position: State, seat: int) -> float:
        totals = position.score_totals()
        return float(totals[seat] - totals[1 - seat])


def rules_for(state: State) -> tuple[CompactRules[Any], Any]:
    """The rules the solver reads ``state``'s game through, and ``state`` as their position."""
    compact = state.compact_rules()
    if compact is not None:
        return compact
    return StateRules(), state


@dataclass(frozen=True)
class Verdict:
    """A position's exact result for the seat to move and the moves (ids) that keep it."""

    value: int
    """WIN, DRAW or LOSS for the seat to move, against best play by both."""
    best: tuple[int, ...]
    """The ids of the legal actions that keep ``value``, in the game's order."""
    nodes: int
    """Positions the solver visited to find it."""


class EndgameSolver:
    """Negamax with alpha-beta over won, drawn and lost, for one game's positions.

    The table holds bounds by position key (from the seat to move's side) and is kept between
    calls, so the positions of the next decision, deeper in the same tree, are cheaper. One
    solver serves one game's positions: the keys of another game's, or of the same game under
    other options, may be equal for other positions.
    """

    def __init__(
        self,
        stop: Callable[[], bool] | None = None,
        node_limit: int | None = None,
        through_states: bool = False,
    ) -> None:
        self.stop = stop
        self.node_limit = node_limit
        self.through_states = through_states
        """Read positions as states even where the game gives compact rules (to compare)."""
        self.nodes = 0
        self.table: dict[Hashable, tuple[int, int, int]] = {}
        """Lower bound, upper bound and the best action id found (-1: none) by key."""
        self._rules: CompactRules[Any] = StateRules()

    def verdict(self, state: State) -> Verdict:
        """The exact value of ``state`` for its seat to move and every action that keeps it.

        Raises :class:`OutOfBudget` if the stop test or the node limit ends the search first,
        and ValueError if the game is not one the solver can judge or the game is over.
        """
        position = self._start(state)
        rules = self._rules
        mover = rules.mover(position)
        start = self.nodes
        best_value = LOSS - 1
        best: list[int] = []
        for action, child in self._children(position, rules.moves(position), -1, mover):
            # A window just below the best so far: every move that equals it is found exactly,
            # every worse one fails low as soon as that is certain.
            low = best_value - 1 if best else LOSS - 1
            value = self._value_of(child, mover, low, _ABOVE)
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        order = {a: k for k, a in enumerate(rules.moves(position))}
        return Verdict(best_value, tuple(sorted(best, key=order.__getitem__)), self.nodes - start)

    def value(self, state: State) -> int:
        """The exact value of ``state`` for its seat to move (OutOfBudget as :meth:`verdict`)."""
        return self.solve(state)[0]

    def solve(self, state: State) -> tuple[int, int]:
        """The exact value of ``state`` for its seat to move and the id of an action that keeps
        it (OutOfBudget and ValueError as :meth:`verdict`)."""
        position = self._start(state)
        value = self._negamax(position, LOSS - 1, _ABOVE)
        return value, self.table[self._rules.key(position)][2]

    def keeps(self, state: State, action: int, value: int) -> bool:
        """Whether the action of id ``action`` keeps at least ``value`` for the seat to move in
        ``state`` (a test with a null window: cheaper than the action's exact value)."""
        position = self._start(state)
        mover = self._rules.mover(position)
        return self._child(position, mover, action, value - 1, value) >= value

    def _start(self, state: State) -> Any:
        if not solvable(state):
            raise ValueError(f"{state.spec.name} at {state.num_players} players cannot be solved")
        if state.current_player < 0:
            raise ValueError("the game is over: there is no move to solve")
        if self.through_states:
            self._rules = StateRules()
            return state
        self._rules, position = rules_for(state)
        return position

    def _child(self, position: Any, mover: int, action: int, alpha: int, beta: int) -> int:
        """The value for ``mover`` of ``action`` played at ``position``, searched in (alpha, beta)."""
        return self._value_of(self._rules.play(position, action), mover, alpha, beta)

    def _value_of(self, child: Any, mover: int, alpha: int, beta: int) -> int:
        """The value for ``mover`` of the position ``child`` (after ``mover``'s move)."""
        rules = self._rules
        nxt = rules.mover(child)
        if nxt == TERMINAL:
            self.nodes += 1
            return rules.outcome(child, mover)
        if nxt == mover:  # the same seat moves again
            return self._negamax(child, alpha, beta)
        return -self._negamax(child, -beta, -alpha)

    def _negamax(self, position: Any, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            if self.node_limit is not None and self.nodes >= self.node_limit:
                raise OutOfBudget
            if self.stop is not None and self.stop():
                raise OutOfBudget
        rules = self._rules
        key = rules.key(position)
        low, high, hint = self.table.get(key, (LOSS, WIN, -1))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        # The window stays the caller's (not narrowed by the table's bounds), so that what the
        # loop returns is read against it below; with three values little is lost.
        alpha0 = alpha
        beta = min(beta, WIN)  # nothing beats a win: finding one ends the search of a node
        mover = rules.mover(position)
        best_value, best_action = LOSS - 1, -1
        for action, child in self._children(position, rules.moves(position), hint, mover):
            value = self._value_of(child, mover, alpha, beta)
            if value > best_value:
                best_value, best_action = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        # Bounds from what this window proved, tightened by what the table knew.
        if best_value <= alpha0:
            high = min(high, best_value)
        elif best_value >= beta:
            low = max(low, best_value)
        else:
            low = high = best_value
        self.table[key] = (low, high, best_action)
        return best_value

    def _children(
        self, position: Any, ids: Sequence[int], hint: int, mover: int
    ) -> list[tuple[int, Any]]:
        """The moves ``ids`` and the positions they lead to: the table's best move first, then
        by the score lead each gives ``mover``.

        Ordering by the lead right after the move cut Aztec's solving time about in half
        against the game's own order or the history heuristic, although it plays every move
        before the first is searched (BENCHMARKS.md, "Aztec's endgame solved").
        """
        rules = self._rules
        scored: list[tuple[float, int, int, Any]] = []
        first = None
        for action in ids:
            child = rules.play(position, action)
            if action == hint:
                first = (action, child)
            else:
                scored.append((-rules.lead(child, mover), len(scored), action, child))
        scored.sort()
        ordered = [(action, child) for _, _, action, child in scored]
        if first is not None:
            ordered.insert(0, first)
        return ordered
