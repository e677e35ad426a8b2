"""Monte Carlo tree search (UCT) and information-set MCTS, one implementation.

The tree stores actions only: a node is reached by the actions from the root, and each
simulation clones one state at the root and plays the actions down the tree on it (no copy per
node). Values are a vector over all seats, so the same tree serves 2 to 4 players: each seat
picks the child best for itself. Chance nodes are sampled (open loop: the outcome drawn selects
or creates a child). Where a node has many actions (an Akropolis tile can go in hundreds of
places) progressive widening lets the number of children grow with the square root of visits,
the first ones taken in greedy order at the root.

The search stops before its budget once the most visited root action can no longer be
overtaken in the iterations left: the answer is then the one the full budget would give, sooner.
How a simulation ends (a playout to the end, or the game's heuristic after a few moves) is a
per-game default (:mod:`stonework.agents.tuning`) unless the caller sets it.

Two ways to handle what the seat cannot see:

- ``mcts``: one determinization per decision, then plain UCT on it (honest, since the sample
  is drawn from what the seat sees, but it plans as if the guess were true);
- ``ismcts``: a fresh determinization per simulation (single-observer ISMCTS), so the tree
  averages over the hidden cards; a child's UCB uses how often it was *available*, because an
  action legal in one sampled world may not be in the next.

In games with perfect information both are plain UCT.

Multi-player values (max-n): every node keeps one value sum per seat and each seat picks the
child best for *itself*. What a seat maximises is set per player count (``values``): ``lead``
keeps the game's own leaf values (the heuristics estimate each seat's lead over its best rival,
which at 3-4 players makes a seat that cannot catch the leader indifferent to the rest of the
field); ``field`` turns them into each seat's expected standing against every other seat (the
mean of soft pairwise comparisons), the same scale as the rank-based returns at the end of a
game. ``auto`` (the default) takes the model set for the player count in :data:`VALUE_MODELS`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final, Literal, Protocol

from stonework.agents.base import Agent, Budget, BudgetRun, Values, check_turn, fork_rng
from stonework.agents.playout import Playout, run_playout
from stonework.agents.root_report import (
    INCLUDED_SHARE,
    ChildReport,
    RootReport,
    score_margin,
)
from stonework.agents.simple import greedy_ranking, one_ply_value
from stonework.agents.tuning import tree_settings
from stonework.core.rng import Rng
from stonework.core.state import CHANCE, TERMINAL, Action, State

Mode = Literal["mcts", "ismcts", "auto"]
ValueModel = Literal["lead", "field", "auto"]
NetRank = Literal["off", "root", "all", "auto"]
VALUE_MODELS: dict[int, ValueModel] = {2: "lead", 3: "lead", 4: "lead"}
"""What ``values="auto"`` backs up at each player count (``lead`` where a count is missing).

All ``lead`` for now: at three players in Akropolis ``field`` won 0 games of 12 to ``lead``'s 4
(0.2 s a move, greedy at the table), and with a softer comparison (temperature 1) it scored 2.7
points a game less than greedy in its seat where ``lead`` scored as much (24 games each,
BENCHMARKS.md "Multi-player search"). A game may declare its own model per player count
(``SearchDefaults.values``); it stays available to tune (``values=field:temperature=T``).
"""


class LeafValue(Protocol):
    """A value for the search's cut-off leaves in place of the game's own (a learned one)."""

    def check(self, state: State) -> None:
        """Raise ValueError, saying why, if it cannot judge positions of this game."""

    def __call__(self, state: State) -> Values:
        """Each seat's value of a position that is not over, in [-1, 1]."""


def leaf_playout(leaf_value: LeafValue | None, state: State, default: Playout) -> Playout:
    """The playout a search with ``leaf_value`` runs at ``state``'s table when none was given.

    A leaf value may name the playout it was measured best with (a shipped network does: see
    :meth:`stonework.agents.shipped_leaf.ShippedLeafNet.playout`); otherwise the game's own."""
    chooser = getattr(leaf_value, "playout", None)
    if chooser is None:
        return default
    chosen: Playout = chooser(state, default)
    return chosen


def leaf_net_rank(leaf_value: LeafValue | None, asked: NetRank, state: State) -> NetRank:
    """Where a search with ``leaf_value`` orders new children by it at ``state``'s table:
    ``asked`` unless that is ``auto``, which takes what the leaf value names for the table (a
    shipped network does: :meth:`stonework.agents.shipped_leaf.ShippedLeafNet.net_rank`) and
    otherwise ``off``."""
    if asked != "auto":
        return asked
    chooser = getattr(leaf_value, "net_rank", None)
    if chooser is None:
        return "off"
    chosen: NetRank = chooser(state)
    return chosen


FIELD_TEMPERATURE = 0.25
"""Softness of the pairwise comparisons of ``field`` values (on the [-1, 1] value scale)."""


def field_values(values: Values, temperature: float = FIELD_TEMPERATURE) -> Values:
    """Each seat's expected standing against the field from per-seat leaf values.

    Seat ``i`` gets the mean over the other seats ``j`` of ``tanh((v_i - v_j) / temperature)``:
    +1 when it is clearly ahead of everyone, -1 when clearly behind everyone, like
    :meth:`State.returns` at the end of a game.
    """
    n = len(values)
    if n < 2:
        return list(values)
    return [
        sum(math.tanh((values[i] - values[j]) / temperature) for j in range(n) if j != i) / (n - 1)
        for i in range(n)
    ]


KEEP_LEGAL_AFTER: Final = 4
"""Visits after which a node of a one-world search keeps its legal actions (Node.legal)."""


class Node:
    """Statistics of one node: children by action, visits, availability, value sums per seat."""

    __slots__ = ("avail", "children", "legal", "order", "rank", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.totals = [0.0] * players
        self.order: list[Action] | None = None
        """The node's actions in one-ply order, once it has earned a full ranking."""
        self.legal: list[Action] | None = None
        """The legal actions here, kept where every visit sees the same position (one world)."""
        self.rank: dict[Action, int] | None = None
        """Each action's place in ``legal``, the order its children are taken in."""

    def uct(self, player: int, exploration: float) -> float:
        """UCB1 of this child for ``player``: its mean value plus the exploration bonus.

        The bonus uses how often the child was available, not its parent's visits (ISMCTS: an
        action legal in one sampled world may not be in the next); unvisited children come first.
        """
        if self.visits == 0:
            return math.inf
        mean = self.totals[player] / self.visits
        return mean + exploration * math.sqrt(math.log(self.avail) / self.visits)


class MCTSAgent(Agent):
    """UCT with value vectors, sampled chance, progressive widening; MCTS or ISMCTS."""

    def __init__(
        self,
        budget: Budget,
        mode: Mode = "mcts",
        playout: Playout | None = None,
        exploration: float | None = None,
        widen_above: int = 16,
        widen_factor: float = 2.0,
        widen_power: float = 0.5,
        expand_sample: int | None = None,
        stop_early: bool = True,
        rank_after: int | None = None,
        values: ValueModel = "auto",
        temperature: float | None = None,
        replies: int | None = None,
        reply_expand: int | None = None,
        leaf_value: LeafValue | None = None,
        net_rank: NetRank = "off",
    ) -> None:
        if mode not in ("mcts", "ismcts", "auto"):
            raise ValueError(f"mode must be mcts, ismcts or auto, not {mode!r}")
        if values not in ("lead", "field", "auto"):
            raise ValueError(f"values must be lead, field or auto, not {values!r}")
        if temperature is not None and not temperature > 0:
            raise ValueError(f"temperature must be positive, not {temperature!r}")
        if net_rank not in ("off", "root", "all", "auto"):
            raise ValueError(f"netrank must be off, root, all or auto, not {net_rank!r}")
        if net_rank in ("root", "all") and leaf_value is None:
            raise ValueError("netrank= ranks moves by the leaf network: give leafnet= too")
        self.budget = budget
        self.mode = mode
        self.playout = playout
        """``None``: the game's own default (see :mod:`stonework.agents.tuning`)."""
        self.exploration = exploration
        """UCT's exploration constant; ``None``: the game's own (see :mod:`stonework.agents.tuning`)."""
        self.widen_above = widen_above
        self.widen_factor = widen_factor
        self.widen_power = widen_power
        self.expand_sample = expand_sample
        """``None``: the game's own default (see :mod:`stonework.agents.tuning`)."""
        self.stop_early = stop_early
        self.rank_after = rank_after
        """``None``: the game's own default (see :mod:`stonework.agents.tuning`)."""
        self.values = values
        """What each seat maximises: the game's leaf values or its standing against the field."""
        self.temperature = temperature
        """Softness of ``field`` comparisons; ``None``: :data:`FIELD_TEMPERATURE`."""
        self.replies = replies
        """Most children of a node where another seat than the root's moves (0: no cap);
        ``None``: the game's own default (see :mod:`stonework.agents.tuning`)."""
        self.reply_expand = reply_expand
        """Candidates compared by one ply for such a node's new child; ``None``: the game's own."""
        self.leaf_value = leaf_value
        """Judges the leaves cut off by the playout's depth; ``None``: the game's evaluation."""
        self.net_rank = net_rank
        """Where new children are chosen by one ply of ``leaf_value`` instead of the game's
        heuristic: nowhere (``off``), in the root's order (``root``), or everywhere (``all``);
        ``auto``: where the leaf value names for the table (a shipped network, as measured
        best: :func:`leaf_net_rank`), else nowhere."""
        self.name = "ismcts" if mode == "ismcts" else "mcts"
        self.last_iterations = 0
        self.last_root: Node | None = None

    def describe(self) -> str:
        """Name, budget and playout."""
        if self.playout is not None:
            playout = self.playout.describe()
        elif getattr(self.leaf_value, "playout", None) is not None:
            playout = "the playout its leaf value was measured with"
        else:
            playout = "game's default playout"
        if self.leaf_value is not None:
            playout += ", learned leaf value"
        return f"{self.name} ({self.budget.describe()}, {playout})"

    def playout_for(self, state: State) -> Playout:
        """The playout this search runs at ``state``'s table: its own if given, else the one its
        leaf value names, else the game's default (:mod:`stonework.agents.tuning`)."""
        if self.playout is not None:
            return self.playout
        default = tree_settings(state.spec, state.num_players).playout
        return leaf_playout(self.leaf_value, state, default)

    def _width(self, node: Node, legal: int) -> int:
        if legal <= self.widen_above:
            return legal
        width: float = self.widen_factor * (node.visits + 1) ** self.widen_power
        return max(1, math.ceil(width))

    def _pick_new(
        self,
        world: State,
        player: int,
        untried: list[Action],
        has_heuristic: bool,
        expand: int,
        rng: Rng,
        judge: Callable[[State], Values] | None = None,
    ) -> Action:
        # Below the root there is no time to rank every action, but the best of a few random
        # ones (by one ply of the game's heuristic) makes every seat, opponents included, try
        # sensible moves first: a random reply would make the opponent look weaker than it is.
        if not has_heuristic or expand < 2 or len(untried) == 1:
            return rng.choice(untried)
        candidates = rng.sample(untried, min(expand, len(untried)))
        return max(candidates, key=lambda a: one_ply_value(world, a, player, rng, judge))

    def act(self, state: State, rng: Rng) -> Action:
        """The most visited root action after the budget is spent."""
        seat = check_turn(state)
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        return self._run(state, seat, actions, rng).final_choice()

    def root_statistics(self, state: State, rng: Rng, include: Action | None = None) -> RootReport:
        """Run the search of :meth:`act` and report its root: every child's visits and means.

        ``include`` (an action legal here) is the first root child to be tried and gets at least
        :data:`INCLUDED_SHARE` of the simulations, so the report values it even where
        progressive widening or UCT would leave it unvisited (analysis asks for the value of
        the move actually played); the forced visits do not count towards the choice. Each child
        also carries the mean score margin of its simulations for the seat to move (its score
        minus the best other score where the simulation stopped: final at the end of the game,
        running before it).
        """
        seat = check_turn(state)
        actions = state.legal_actions()
        if include is not None and include not in actions:
            raise ValueError(f"{include} is not a legal action here")
        search = self._run(state, seat, actions, rng, include=include, margins=True)
        children = [
            ChildReport(
                action=action,
                visits=child.visits,
                earned=search.earned(action, child),
                values=[total / child.visits for total in child.totals],
                margin=search.margin_sums.get(id(child), 0.0) / child.visits,
            )
            for action, child in search.root.children.items()
            if child.visits and action in search.legal_now
        ]
        return RootReport(
            seat=seat,
            iterations=self.last_iterations,
            chosen=search.final_choice(),
            children=children,
        )

    def _run(
        self,
        state: State,
        seat: int,
        actions: list[Action],
        rng: Rng,
        include: Action | None = None,
        margins: bool = False,
    ) -> _Search:
        """Search one decision until the budget is spent (or the answer is settled)."""
        run = self.budget.start()
        search = _Search(self, state, seat, actions, run, rng, include, margins)
        while run.more():
            search.simulate()
            run.done += 1
            if self.stop_early and run.done % 16 == 0 and search.decided():
                break
        self.last_iterations = run.done
        self.last_root = search.root
        return search


class _Search:
    """One decision's search: its settings, its root, and the phases of a simulation.

    A simulation is :meth:`select` (down the tree by UCT, sampling chance), :meth:`expand` (one
    new child where progressive widening lets the node grow), :meth:`evaluate` (a playout or the
    heuristic) and :meth:`backup` (the value vector added along the path); :meth:`final_choice`
    picks the answer once the budget is spent.
    """

    def __init__(
        self,
        agent: MCTSAgent,
        state: State,
        seat: int,
        actions: list[Action],
        run: BudgetRun,
        rng: Rng,
        include: Action | None = None,
        margins: bool = False,
    ) -> None:
        self.agent = agent
        self.state = state
        self.seat = seat
        self.actions = actions
        self.run = run
        self.rng = rng
        self.det_rng = fork_rng(rng)
        self.fresh_worlds = agent.mode == "ismcts" or (
            agent.mode == "auto" and state.spec.hidden_information
        )
        if agent.leaf_value is not None:
            agent.leaf_value.check(state)
        self.world0 = state.determinize(seat, self.det_rng)
        self.has_heuristic = self.world0.heuristic() is not None
        net_rank = leaf_net_rank(agent.leaf_value, agent.net_rank, state)
        self.judge = agent.leaf_value if net_rank == "all" else None
        """What new children below the root are chosen by (``None``: the game's heuristic)."""
        self.root_order: list[Action] = []
        if self.has_heuristic and len(actions) > agent.widen_above:
            judge = agent.leaf_value if net_rank != "off" else None
            ranking = greedy_ranking(self.world0, seat, rng, run.out_of_time, judge)
            self.root_order = [a for _, a in ranking]
        if include is not None:
            # Tried first, so that a report can value it (see MCTSAgent.root_statistics).
            self.root_order = [include, *(a for a in self.root_order if a != include)]
        self.include = include
        self.forced = 0
        """Simulations sent through ``include`` against UCT's choice (not the search's vote)."""
        self.margins = margins
        self.margin_sums: dict[int, float] = {}
        """Score margin sums of the seat to move, by ``id`` of the root child they went through."""
        self.players = state.num_players
        self.root = Node(self.players)
        defaults = tree_settings(state.spec, state.num_players)
        self.exploration = defaults.exploration if agent.exploration is None else agent.exploration
        self.playout = agent.playout or leaf_playout(agent.leaf_value, state, defaults.playout)
        self.expand_sample = defaults.expand if agent.expand_sample is None else agent.expand_sample
        self.rank_after = defaults.rank_after if agent.rank_after is None else agent.rank_after
        self.legal_now = set(actions)
        model: str = agent.values
        if model == "auto":
            model = defaults.values or VALUE_MODELS.get(self.players, "lead")
        if model not in ("lead", "field"):
            raise ValueError(f"values must be lead or field, not {model!r} ({state.spec.name})")
        self.field = model == "field"
        temperature = defaults.temperature if agent.temperature is None else agent.temperature
        self.temperature = FIELD_TEMPERATURE if temperature is None else temperature
        self.replies = defaults.replies if agent.replies is None else agent.replies
        reply_expand = defaults.reply_expand if agent.reply_expand is None else agent.reply_expand
        self.reply_expand = reply_expand or self.expand_sample

    def simulate(self) -> None:
        """One simulation: a world, down the tree and one step beyond, a value, backed up."""
        if self.fresh_worlds:
            world = self.state.determinize(self.seat, self.det_rng)
        else:
            world = self.world0.clone()
        path = self.select(world)
        self.backup(path, self.evaluate(world))
        if self.margins and len(path) > 1:
            key = id(path[1])
            self.margin_sums[key] = self.margin_sums.get(key, 0.0) + score_margin(world, self.seat)

    def select(self, world: State) -> list[Node]:
        """Walk ``world`` down the tree from the root; return the nodes visited, new leaf last."""
        node = self.root
        path = [node]
        while True:
            player = world.current_player
            if player == TERMINAL:
                return path
            if player == CHANCE:
                outcome = world.sample_chance(self.rng)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = Node(self.players)
                world.apply_unchecked(outcome)
                node = child
                path.append(child)
                continue
            children = node.children
            legal_kept = node.legal
            if legal_kept is not None:
                # One world for every simulation: the node is always the same position, so its
                # legal list was kept and every child is available. They are taken in the
                # list's order, as the filter below gives them: UCT values do tie (Aztec's
                # seeded play changed when they were not).
                legal = legal_kept
                rank = node.rank
                assert rank is not None
                present = sorted(children, key=rank.__getitem__)
            else:
                legal = world.legal_actions()
                present = [a for a in legal if a in children]
                if node.visits >= KEEP_LEGAL_AFTER and not self.fresh_worlds:
                    # Only well-visited nodes keep the list and its ranks: kept at every node
                    # they would take nine times the tree's own memory.
                    node.legal = legal
                    node.rank = {a: i for i, a in enumerate(legal)}
            for a in present:
                children[a].avail += 1
            width = self.agent._width(node, len(legal))
            if self.replies and player != self.seat:
                # The other seats' replies: a few good ones (one by default in a game that
                # asks for it) instead of a widening fan, so that the simulations reach the
                # root seat's next decision, where its own plan is judged.
                width = min(width, self.replies)
            if len(present) < len(legal) and len(present) < width:
                action = self.expand(node, world, player, legal)
                child = children[action] = Node(self.players)
                world.apply_unchecked(action)
                path.append(child)
                return path
            best_action = max(present, key=lambda a: children[a].uct(player, self.exploration))
            if node is self.root and self.include is not None:
                best_action = self._keep_included(self.include, best_action)
            world.apply_unchecked(best_action)
            node = children[best_action]
            path.append(node)

    def _keep_included(self, include: Action, best_action: Action) -> Action:
        """``include`` instead, while it has had less than its share of the simulations."""
        child = self.root.children.get(include)
        if child is not None and child.visits < INCLUDED_SHARE * self.root.visits:
            if best_action != include:
                self.forced += 1
            return include
        return best_action

    def expand(self, node: Node, world: State, player: int, legal: list[Action]) -> Action:
        """The action of the new child: the root's greedy order, a node's ranking, or a pick."""
        children = node.children
        untried = [a for a in legal if a not in children]
        if node is self.root and self.root_order:
            first = _first_untried(self.root_order, untried)
            if first is not None:
                return first
        if (
            0 < self.rank_after <= node.visits
            and node.order is None
            and self.has_heuristic
            and len(untried) > 1
        ):
            # A node visited this often lies on a line the search believes in: rank all its
            # actions once, so its best replies are tried.
            ranking = greedy_ranking(world, player, self.rng, self.run.out_of_time, self.judge)
            node.order = [a for _, a in ranking]
        action = _first_untried(node.order, untried) if node.order else None
        if action is None:
            expand = self.expand_sample if player == self.seat else self.reply_expand
            action = self.agent._pick_new(
                world, player, untried, self.has_heuristic, expand, self.rng, self.judge
            )
        return action

    def evaluate(self, world: State) -> Values:
        """The value vector of the leaf: a playout, or the heuristic (the game's default).

        A playout cut off by its depth is judged by the agent's ``leaf_value`` where it has one.

        With ``field`` values a leaf judged before the end becomes each seat's standing against
        the field (the returns at the end are already rank-based).
        """
        values = run_playout(
            world, self.playout, self.rng, self.has_heuristic, self.agent.leaf_value
        )
        if self.field and not world.is_terminal:
            return field_values(values, self.temperature)
        return values

    def backup(self, path: list[Node], values: Values) -> None:
        """Add the value vector to every node on the path."""
        players = self.players
        for n in path:
            n.visits += 1
            totals = n.totals
            for i in range(players):
                totals[i] += values[i]

    def decided(self) -> bool:
        """True when no other root action can reach the leader's visits in the time left."""
        return _decided(self.root, self.legal_now, self.run)

    def earned(self, action: Action, child: Node) -> int:
        """The visits UCT itself gave a root child (an included action's forced ones left out)."""
        return child.visits - self.forced if action == self.include else child.visits

    def final_choice(self) -> Action:
        """The most visited legal root action; ties go to the better mean, then the first tried."""
        seat = self.seat
        visited = [
            (self.earned(a, ch), ch.totals[seat] / max(1, ch.visits), i, a)
            for i, (a, ch) in enumerate(self.root.children.items())
            if a in self.legal_now
        ]
        if not visited:
            return self.rng.choice(self.actions)
        visited.sort(key=lambda item: (-item[0], -item[1], item[2]))
        return visited[0][3]


def _first_untried(order: list[Action], untried: list[Action]) -> Action | None:
    """The first action of a node's ranking still untried here (None if the ranking is spent)."""
    wanted = set(untried)
    return next((a for a in order if a in wanted), None)


def _decided(root: Node, legal: set[Action], run: BudgetRun) -> bool:
    """True when no other root action can reach the leader's visits in the iterations left."""
    first = second = 0
    for action, child in root.children.items():
        visits = child.visits
        if visits > first and action in legal:
            first, second = visits, first
        elif visits > second and action in legal:
            second = visits
    return first - second > run.iterations_left()
