"""What every agent shares: the ``Agent`` protocol, search budgets and position evaluation.

An agent chooses an action for the seat to move with ``act(state, rng)``. It may read only what
that seat may see: searches run on ``state.determinize(seat, rng)`` (a clone in games with
perfect information), never on the state passed in, whose hidden parts are the true ones.
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from stonework.core.rng import Rng
from stonework.core.state import CHANCE, TERMINAL, Action, State

Clock = Callable[[], float]
SCORE_SCALE_FLOOR = 10.0
"""Score margins are measured against at least this many points (early scores are tiny)."""
Values = list[float]
"""One value per seat, each in [-1, 1] (a win is +1, a loss -1)."""


class Agent(ABC):
    """A player: ``act(state, rng)`` returns a legal action for ``state.current_player``."""

    name: str = "agent"

    @abstractmethod
    def act(self, state: State, rng: Rng) -> Action:
        """A legal action for the seat to move, chosen from what that seat may see."""

    def describe(self) -> str:
        """The agent and its settings, as shown in arena reports."""
        return self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()}>"


def check_turn(state: State) -> int:
    """The seat to move; agents refuse chance nodes and finished games with a clear error."""
    seat = state.current_player
    if seat == CHANCE:
        raise ValueError("an agent cannot act at a chance node: sample the outcome instead")
    if seat == TERMINAL:
        raise ValueError("the game is over: there is nothing to choose")
    return seat


@dataclass
class Budget:
    """How long a search may run: a number of iterations, a number of seconds, or both.

    The search stops at whichever limit comes first. ``clock`` is injectable so that tests can
    check the time limit without timing anything.
    """

    iterations: int | None = None
    seconds: float | None = None
    clock: Clock = time.perf_counter

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")

    def start(self) -> BudgetRun:
        """Start counting for one decision."""
        now = self.clock()
        deadline = None if self.seconds is None else now + self.seconds
        return BudgetRun(self.iterations, deadline, self.clock, now)

    def describe(self) -> str:
        """``500 it``, ``1.0 s`` or both."""
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} it")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " / ".join(parts)


class BudgetRun:
    """The budget of one decision while it runs."""

    __slots__ = ("clock", "deadline", "done", "limit", "started")

    def __init__(
        self, limit: int | None, deadline: float | None, clock: Clock, started: float = 0.0
    ) -> None:
        self.limit = limit
        self.deadline = deadline
        self.clock = clock
        self.started = started
        self.done = 0

    def more(self) -> bool:
        """True while another iteration fits (always at least one)."""
        if self.done == 0:
            return True
        if self.limit is not None and self.done >= self.limit:
            return False
        return self.deadline is None or self.clock() < self.deadline

    def iterations_left(self) -> float:
        """An upper estimate of the iterations still to come (``inf`` if unbounded).

        With a time limit it extrapolates the rate so far, with a quarter more for safety: an
        early stop that relies on it must not cut off iterations that could have mattered.
        """
        left = math.inf if self.limit is None else float(self.limit - self.done)
        if self.deadline is not None:
            now = self.clock()
            elapsed = now - self.started
            if self.done == 0 or elapsed <= 0:
                return left
            rate = self.done / elapsed
            left = min(left, max(0.0, self.deadline - now) * rate * 1.25 + 1.0)
        return left

    def out_of_time(self) -> bool:
        """True once the deadline has passed (for work done before the iterations start)."""
        return self.deadline is not None and self.clock() >= self.deadline


def score_values(state: State) -> Values:
    """Per-seat values from the score totals when a game gives no heuristic.

    Each seat's margin over the average of the others, squashed into (-1, 1) by ``tanh``. The
    scale is the average score size (at least :data:`SCORE_SCALE_FLOOR`), not the spread of the
    totals: a spread would make every lead look the same, and greedy play needs a bigger lead to
    look better. A margin of half the average score is worth about 0.76.
    """
    totals = [float(score.total) for score in state.scores()]
    n = len(totals)
    if n < 2:
        return [0.0] * n
    scale = max(SCORE_SCALE_FLOOR, sum(abs(t) for t in totals) / n)
    whole = sum(totals)
    return [math.tanh(2.0 * (t - (whole - t) / (n - 1)) / scale) for t in totals]


def evaluate(state: State, leaf: bool = False) -> Values:
    """Per-seat values of a (determinized) state: returns at the end, else heuristic or scores.

    ``leaf``: a search's cut-off, judged by the game's leaf estimate where it has one
    (``State.leaf_heuristic``), else by the heuristic as without it.
    """
    if state.is_terminal:
        return state.returns()
    values = state.leaf_heuristic() if leaf else None
    if values is None:
        values = state.heuristic()
    if values is None:
        return score_values(state)
    return [max(-1.0, min(1.0, float(v))) for v in values]


def fork_rng(rng: Rng) -> Rng:
    """A separate generator drawn from ``rng`` (determinization gets its own stream)."""
    import random

    return random.Random(rng.getrandbits(64))
