"""The ``expert`` level: the learned search shipped for the table's game and player count.

Two kinds of learned help ship in the package. Aztec at two players has an ``az`` network (a
value and a policy guiding its own search, :mod:`stonework.agents.az`); other tables have a leaf
value for the ordinary tree search (``hard`` with ``leafnet=shipped``, which plays each network
at the playout depth it was measured with, :mod:`stonework.agents.shipped_leaf`). An agent is
built before it sees a table, so ``expert`` holds both searches and picks at every decision by
the state's game and player count; where nothing ships, the ``az`` one answers with its "no
network is shipped" error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.agents.base import Agent, Budget
from stonework.agents.root_report import RootReport, RootSearcher, SearchUnavailable
from stonework.agents.shipped_leaf import SHIPPED_LEAF
from stonework.core.rng import Rng
from stonework.core.state import Action, State

if TYPE_CHECKING:
    from stonework.agents.az import AZAgent
    from stonework.agents.mcts import MCTSAgent


def leaf_net_ships(game: str, players: int) -> bool:
    """Whether ``expert`` plays ``game`` at ``players`` as the tree search with a shipped leaf value."""
    return (game, players) in SHIPPED_LEAF


def expert_ships(game: str, players: int) -> bool:
    """Whether ``expert`` has something learned to play ``game`` at ``players`` with."""
    from stonework.learn.network import SHIPPED

    return (game, players) in SHIPPED or leaf_net_ships(game, players)


class ExpertAgent(Agent):
    """``az`` on the shipped network, or the tree search on the shipped leaf value."""

    name = "expert"

    def __init__(self, az: AZAgent, tree: MCTSAgent, az_settings: list[str]) -> None:
        self.az = az
        self.tree = tree
        """The tree search on the shipped leaf networks (``leafnet=shipped``), for their tables."""
        self.az_settings = az_settings
        """Settings given that only ``az`` reads (refused where the tree search plays)."""
        self._last: AZAgent | MCTSAgent | None = None

    def agent_for(self, state: State) -> Agent:
        """The search that plays ``state``'s game at its player count."""
        self._last = self.route(state.spec.name, state.num_players)
        return self._last

    def route(self, game: str, players: int) -> AZAgent | MCTSAgent:
        """The search for ``game`` at ``players`` (SearchUnavailable if its settings do not
        apply there; where nothing ships, ``az`` says so at its first search)."""
        if not leaf_net_ships(game, players):
            return self.az
        if self.az_settings:
            raise SearchUnavailable(
                f"expert plays {game} at {players} players as the tree search with a learned "
                f"leaf value: {', '.join(self.az_settings)} does not apply"
            )
        return self.tree

    @property
    def budget(self) -> Budget:
        """The time or simulations a move (both searches have the same)."""
        return self.az.budget

    @budget.setter
    def budget(self, budget: Budget) -> None:
        self.az.budget = budget
        self.tree.budget = budget

    @property
    def last_iterations(self) -> int:
        """The simulations of the last decision searched."""
        return (self._last or self.az).last_iterations

    def act(self, state: State, rng: Rng) -> Action:
        return self.agent_for(state).act(state, rng)

    def root_statistics(self, state: State, rng: Rng, include: Action | None = None) -> RootReport:
        """The chosen search's root report (analysis and hints)."""
        agent = self.agent_for(state)
        assert isinstance(agent, RootSearcher)
        return agent.root_statistics(state, rng, include)

    def describe(self) -> str:
        """The search last used; before any table, the level and its budget."""
        if self._last is None:
            return (
                f"{self.name} ({self.budget.describe()}, the learned search shipped for the table)"
            )
        return self._last.describe()
