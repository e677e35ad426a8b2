"""``az``: PUCT tree search guided by a learned value-and-policy network (AlphaZero style).

The search is the information-set search of ``ismcts`` with the network in place of playouts:
each simulation draws a fresh determinization from what the seat to move at the root may see
(``state.determinize``), walks down by PUCT (mean value plus the network's prior times an
exploration bonus), samples chance outcomes (open loop), and judges the new leaf by the network
reading the observation tensor of the seat to move there, in that sampled world: the network
never reads the true hidden state. Values are per-seat vectors backed up max-n style (each seat
picks the child best for itself); the network's values are the rank-based returns it was
trained on, i.e. each seat's standing against the field.

With ``rollout=L`` (0 < L <= 1) a leaf is judged as in AlphaGo: ``(1 - L)`` times the network's
value plus ``L`` times the value of one playout from it. A network judges a position in one
step but with a bias it keeps however long the search runs; a playout is noisy but unbiased, so
long searches average its noise away. The playout is the one the game's tree searches use
(``stonework.agents.tuning``): uniformly random to the end for Aztec, a few random decisions
and the game's heuristic for Zapotec, whose random players end their turns early and so reach
an end that says little about the position; ``playout=end`` asks for random moves to the end
whatever the game.

With ``solve=D`` a two-player game of perfect information and no chance is played exactly once
at most ``D`` decisions are left (``State.decisions_left``): the endgame solver
(``stonework.agents.endgame``) proves the position won, drawn or lost within part of the
budget; a won position is played by a winning move, a drawn one by the most visited of the
search's moves that keeps the draw, a lost one as the search likes (the rival may still err).
If the solver runs out of its share, the search plays as without it.

Needs numpy; without it building the agent raises a RuntimeError that says how to install it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from stonework.agents.base import Agent, Budget, BudgetRun, Values, check_turn, fork_rng
from stonework.agents.endgame import DRAW, WIN, EndgameSolver, OutOfBudget, solvable
from stonework.agents.playout import Playout, run_playout
from stonework.agents.root_report import (
    INCLUDED_SHARE,
    ChildReport,
    RootReport,
    SearchUnavailable,
    score_margin,
)
from stonework.agents.tuning import tree_settings
from stonework.core.rng import Rng
from stonework.core.state import CHANCE, TERMINAL, Action, State
from stonework.interop.arrays import ArrayWriter, writer_for
from stonework.learn.network import Network, require_numpy, shipped_network

DEFAULT_PUCT = 1.5
"""The exploration constant of PUCT, on the [-1, 1] value scale."""

SOLVE_SHARE = 0.75
"""The share of a timed budget the endgame solver may take before the search has the rest."""

SOLVE_CHECK_SHARE = 0.1
"""The share of a budget kept, in a drawn endgame, to check that the search's move keeps the draw."""

SOLVE_NODES_PER_SIMULATION = 25
"""The solver's positions for one simulation of an iteration budget: a simulation of ``az``
at Aztec costs about as much as 25 solver positions, compiled or not (0.1 ms against 4 us
compiled, 0.4 ms against 15 us from source)."""

SOLVE_TABLE_LIMIT = 2_000_000
"""Positions the solver's table may hold before it is cleared (a few hundred MB)."""


class AZNode:
    """One node: its visits and value sums per seat, and its children's statistics as arrays.

    A decision node holds its actions by id (``ids``, in the order the game lists them when it
    is expanded), their priors, and per child the visits ``n`` and value sums ``w`` (child by
    seat), so that PUCT scores every child in one numpy expression: a Python loop over the
    ~100 actions of an Aztec node took a third of a simulation, and hashing action values a
    quarter before ids (measured: BENCHMARKS.md, "Distilling a search teacher"). Chance
    outcomes are children by outcome.
    """

    __slots__ = ("ids", "index", "kids", "n", "outcomes", "prior", "totals", "visits", "w")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.totals = [0.0] * players
        self.ids: list[int] | None = None
        """The action ids of the children (None until the node is expanded)."""
        self.index: dict[int, int] = {}
        self.kids: list[AZNode | None] = []
        self.prior: Any = None
        self.n: Any = None
        self.w: Any = None
        self.outcomes: dict[Action, AZNode] = {}


class AZAgent(Agent):
    """PUCT search with a network's prior and value, on a fresh determinization per simulation."""

    def __init__(
        self,
        network: Network | None,
        budget: Budget,
        puct: float = DEFAULT_PUCT,
        temperature: float = 0.0,
        noise: float = 0.0,
        rollout: float = 0.0,
        reuse: bool = False,
        playout: Playout | None = None,
        solve: int = 0,
    ) -> None:
        require_numpy()
        if not 0.0 <= rollout <= 1.0:
            raise ValueError(f"rollout is a weight from 0 to 1, not {rollout}")
        if solve < 0:
            raise ValueError(f"solve is a number of decisions left, 0 or more, not {solve}")
        self.network = network
        """``None``: the network shipped for the game and player count of each position."""
        self._shipped: dict[tuple[str, int], Network] = {}
        self._in_use: Network | None = network
        """The network of the last search (the one described)."""
        self.budget = budget
        self.puct = puct
        self.temperature = temperature
        """0: play the most visited action; above 0: sample by visits^(1/t) (self-play)."""
        self.noise = noise
        """Weight of Dirichlet noise mixed into the root prior (self-play exploration; 0: none)."""
        self.rollout = rollout
        """Weight of a playout's value in a leaf's value (0: the network's alone)."""
        self.playout = playout
        """How a leaf is played out (``None``: as the game's tree searches do)."""
        self.reuse = reuse
        """Keep the subtree of the move played and search on from it at the next decision (games
        without hidden information only: elsewhere its visits came from worlds drawn on what
        the seat knew then)."""
        self._writers: dict[str, ArrayWriter] = {}
        """The game's array writer by game name (they keep what did not change between calls)."""
        self._kept: tuple[tuple[Any, ...], AZNode] | None = None
        """The game, player count, options and history the kept node stands for, and the node."""
        self.solve = solve
        """Decisions left at or below which the endgame solver plays (0: never)."""
        self._solver: tuple[tuple[Any, ...], int, EndgameSolver] | None = None
        """The solver of the game being played: its game and options, the decisions left at
        its last use (a new game has more), and the solver, whose table carries over."""
        self.last_solved: int | None = None
        """The exact value the solver found at the last decision (None: not solved)."""
        self.name = "az"
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}
        self.last_values: list[float] = []
        """The root's mean value per (absolute) seat after the last search (empty: no search)."""

    def describe(self) -> str:
        """Name, budget and network."""
        mix = ""
        if self.rollout:
            mix = f", rollout {self.rollout:g}"
            if self.playout is not None:
                mix += f" ({self.playout.describe()})"
        if self.solve:
            mix += f", solved {self.solve} from the end"
        if self._in_use is None:
            return f"{self.name} ({self.budget.describe()}, shipped network{mix})"
        info = self._in_use.info
        hidden = "x".join(str(h) for h in info.hidden)
        return f"{self.name} ({self.budget.describe()}, network {info.game} {info.players}p {hidden}{mix})"

    def act(self, state: State, rng: Rng) -> Action:
        """The most visited root action (or one sampled by visits when ``temperature`` > 0)."""
        check_turn(state)
        actions = state.legal_actions()
        self.last_visits = {}
        self.last_values = []
        self.last_solved = None
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        run = self.budget.start()
        solved = self._solve(state, run)
        if solved is not None and solved[0] == WIN:
            self.last_iterations = 0
            self._kept = None
            return state.action_from_id(solved[1])
        deadline = run.deadline
        if solved is not None and solved[0] == DRAW and deadline is not None:
            # Keep a tenth of the budget to show that the search's choice keeps the draw.
            run.deadline = deadline - SOLVE_CHECK_SHARE * (deadline - run.started)
        search = self._run(state, rng, root=self._reused_root(state), run=run)
        visits = self.last_visits
        if solved is not None and solved[0] == DRAW:
            return self._keep_draw(state, visits, solved[1], run.clock, deadline)
        if not visits:
            return rng.choice(actions)
        chosen = search.final_choice(visits)
        if self.temperature > 0.0:
            weighted = [(a, v ** (1.0 / self.temperature)) for a, v in visits.items() if v > 0]
            total = sum(w for _, w in weighted)
            pick = rng.random() * total
            chosen = weighted[-1][0]
            for action, weight in weighted:
                pick -= weight
                if pick <= 0.0:
                    chosen = action
                    break
        self._keep(state, search.root, chosen)
        return chosen

    def _solve(self, state: State, run: BudgetRun) -> tuple[int, int] | None:
        """The solver's value of ``state`` and an action id that keeps it, if ``solve`` asks for
        it here and the solver finishes within its share of ``run`` (else None)."""
        if not self.solve or not solvable(state):
            return None
        left = state.decisions_left()
        if left is None or left > self.solve:
            return None
        solver = self._solver_for(state, left)
        if run.deadline is not None:
            stop_at = run.started + SOLVE_SHARE * (run.deadline - run.started)
            clock = run.clock
            solver.stop, solver.node_limit = (lambda: clock() >= stop_at), None
        else:
            assert run.limit is not None  # a budget has iterations or seconds
            solver.stop = None
            share = SOLVE_SHARE * run.limit * SOLVE_NODES_PER_SIMULATION
            solver.node_limit = solver.nodes + int(share)
        try:
            solved = solver.solve(state)
        except OutOfBudget:
            return None
        self.last_solved = solved[0]
        return solved

    def _solver_for(self, state: State, left: int) -> EndgameSolver:
        """The solver of this game (a new one for a new game, or when its table is full)."""
        key = self._key(state, [])  # the game, player count and options
        kept = self._solver
        if (
            kept is None
            or kept[0] != key
            or kept[1] < left
            or len(kept[2].table) > SOLVE_TABLE_LIMIT
        ):
            kept = (key, left, EndgameSolver())
        self._solver = (key, left, kept[2])
        return kept[2]

    def _keep_draw(
        self,
        state: State,
        visits: dict[Action, int],
        proven: int,
        clock: Callable[[], float],
        deadline: float | None,
    ) -> Action:
        """The most visited of the search's moves that the solver shows to keep a drawn
        position drawn; ``proven`` (one that does) if none is shown before the budget ends
        (``deadline`` on ``clock``, or as many positions as a tenth of the simulations)."""
        assert self._solver is not None
        solver = self._solver[2]
        if deadline is not None:
            solver.stop, solver.node_limit = (lambda: clock() >= deadline), None
        else:
            share = SOLVE_CHECK_SHARE * SOLVE_NODES_PER_SIMULATION * self.last_iterations
            solver.stop, solver.node_limit = None, solver.nodes + max(1000, int(share))
        for action in sorted(visits, key=visits.__getitem__, reverse=True):
            i = state.action_id(action)
            if i == proven:
                return action
            try:
                if solver.keeps(state, i, DRAW):
                    return action
            except OutOfBudget:
                break
        return state.action_from_id(proven)

    def _key(self, state: State, history: list[tuple[int, Action]]) -> tuple[Any, ...]:
        options = tuple(sorted(state.options.items()))
        return (state.spec.name, state.num_players, options, tuple(history))

    def _keep(self, state: State, root: AZNode, chosen: Action) -> None:
        """Keep the child of ``chosen`` for the next decision (if reuse is on and may be)."""
        self._kept = None
        if not self.reuse or state.spec.hidden_information or root.ids is None:
            return
        k = root.index.get(state.action_id(chosen))
        kid = None if k is None else root.kids[k]
        if kid is not None:
            self._kept = (self._key(state, [*state.history, (state.current_player, chosen)]), kid)

    def _reused_root(self, state: State) -> AZNode | None:
        """The kept node followed down the moves played since, if it is this game's position."""
        kept, self._kept = self._kept, None
        if kept is None or state.spec.hidden_information:
            return None
        key, node = kept
        seen = len(key[3])
        if self._key(state, state.history[:seen]) != key:
            return None
        for who, action in state.history[seen:]:
            step: AZNode | None
            if who == CHANCE:
                step = node.outcomes.get(action)
            else:
                k = None if node.ids is None else node.index.get(state.action_id(action))
                step = None if k is None else node.kids[k]
            if step is None:
                return None
            node = step
        return node

    def root_statistics(self, state: State, rng: Rng, include: Action | None = None) -> RootReport:
        """Run the search of :meth:`act` and report its root: every child's visits and means.

        As :meth:`MCTSAgent.root_statistics <stonework.agents.mcts.MCTSAgent.root_statistics>`:
        ``include`` (legal here) gets at least :data:`INCLUDED_SHARE` of the simulations, which
        do not count towards the choice, and each child carries the mean score margin of the
        seat to move where its simulations stopped (the end of the game when leaves are played
        out, else the leaf).
        """
        seat = check_turn(state)
        actions = state.legal_actions()
        if include is not None and include not in actions:
            raise ValueError(f"{include} is not a legal action here")
        chosen_id = None if include is None else state.action_id(include)
        search = self._run(state, rng, include=chosen_id, margins=True)
        root = search.root
        children = []
        if root.ids is not None:
            legal = set(state.legal_action_ids())
            for k, i in enumerate(root.ids):
                visits = int(root.n[k])
                if not visits or i not in legal:
                    continue
                children.append(
                    ChildReport(
                        action=state.action_from_id(i),
                        visits=visits,
                        earned=visits - search.forced if i == chosen_id else visits,
                        values=[float(v) / visits for v in root.w[k]],
                        margin=search.margin_sums.get(k, 0.0) / visits,
                    )
                )
        earned = {child.action: child.earned for child in children}
        chosen = search.final_choice(earned) if earned else rng.choice(actions)
        return RootReport(
            seat=seat, iterations=self.last_iterations, chosen=chosen, children=children
        )

    def _run(
        self,
        state: State,
        rng: Rng,
        include: int | None = None,
        margins: bool = False,
        root: AZNode | None = None,
        run: BudgetRun | None = None,
    ) -> _PUCT:
        """Search the decision of the seat to move until the budget is spent (from ``root``, a
        node kept from the last search, if given; ``run``: what is left of a budget started
        before); keep its root's visits by action and mean values (``last_visits``,
        ``last_values``)."""
        seat = state.current_player
        search = _PUCT(self, self.network_for(state), state, seat, rng, include, margins)
        if root is not None:
            search.root = root
        if run is None:
            run = self.budget.start()
        while run.more():
            search.simulate()
            run.done += 1
        self.last_iterations = run.done
        legal = set(state.legal_action_ids())
        root = search.root
        self.last_visits = {
            state.action_from_id(i): int(root.n[k])
            for i, k in root.index.items()
            if i in legal and root.n[k] > 0
        }
        if root.visits:
            self.last_values = [t / root.visits for t in root.totals]
        return search

    def writer_for(self, state: State) -> ArrayWriter:
        """The array writer of ``state``'s game, kept between searches (a sampled world's tensor
        as numpy, the values of ``observation_tensor``, in a third of the time of the list)."""
        name = state.spec.name
        writer = self._writers.get(name)
        if writer is None:
            writer = self._writers[name] = writer_for(state.spec)
        return writer

    def network_for(self, state: State) -> Network:
        """The network for ``state``'s game and player count (SearchUnavailable if none)."""
        game, players = state.spec.name, state.num_players
        if self.network is None:
            # Looked up per game and player count: one agent may meet several (expert, hints).
            shipped = self._shipped.get((game, players)) or shipped_network(game, players)
            if shipped is None:
                raise SearchUnavailable(
                    f"no network is shipped for {game} at {players} players: train one with "
                    f"`stonework train {game} --players {players}` and pass network=PATH"
                )
            self._shipped[game, players] = self._in_use = shipped
            return shipped
        info = self.network.info
        if (info.game, info.players) != (game, players):
            raise SearchUnavailable(
                f"this network plays {info.game} at {info.players} players, not {game} at {players}"
            )
        return self.network


def build_az(budget: Budget, kw: dict[str, Any]) -> AZAgent:
    """The ``az`` agent from catalog settings: ``network=PATH`` (else the shipped one), ``puct=``,
    ``rollout=`` (weight of a playout in a leaf's value), ``playout=game`` (the game's tree
    playout, the default) or ``playout=end`` (uniformly random to the end), ``reuse=1``
    (search on from the subtree of the last move), ``solve=D`` (play exactly from ``D``
    decisions before the end, where the game allows it)."""
    path = kw.pop("network", None)
    puct = float(kw.pop("puct", DEFAULT_PUCT))
    rollout = float(kw.pop("rollout", 0.0))
    raw_reuse = str(kw.pop("reuse", "0"))
    if raw_reuse not in ("0", "1"):
        raise ValueError(f"reuse is 0 or 1, not {raw_reuse!r}")
    reuse = raw_reuse == "1"
    raw_solve = str(kw.pop("solve", "0"))
    if not raw_solve.isdigit():
        raise ValueError(f"solve is a number of decisions left, 0 or more, not {raw_solve!r}")
    raw_playout = str(kw.pop("playout", "game"))
    if raw_playout not in PLAYOUTS:
        raise ValueError(f"playout is {' or '.join(PLAYOUTS)}, not {raw_playout!r}")
    if kw:
        raise ValueError(f"agent 'az' has no setting {', '.join(sorted(kw))}")
    require_numpy()
    network = None if path is None else Network.load(str(path))
    return AZAgent(
        network,
        budget,
        puct=puct,
        rollout=rollout,
        reuse=reuse,
        playout=PLAYOUTS[raw_playout],
        solve=int(raw_solve),
    )


PLAYOUTS: dict[str, Playout | None] = {"game": None, "end": Playout()}
"""``az``'s ``playout=`` choices: the game's tree playout (``None``), random moves to the end."""


class _PUCT:
    """One decision's search: selection by PUCT, expansion and evaluation by the network."""

    def __init__(
        self,
        agent: AZAgent,
        network: Network,
        state: State,
        seat: int,
        rng: Rng,
        include: int | None = None,
        margins: bool = False,
    ) -> None:
        self.agent = agent
        self.network = network
        self.state = state
        self.seat = seat
        self.rng = rng
        self.det_rng = fork_rng(rng)
        self.players = state.num_players
        self.root = AZNode(self.players)
        self.np = require_numpy()
        self.playout = agent.playout or tree_settings(state.spec, self.players).playout
        # Greedy playout steps need a heuristic; asked only if leaves are played out at all.
        self.has_heuristic = agent.rollout > 0.0 and state.heuristic() is not None
        self.writer = agent.writer_for(state)
        self.inputs = network.info.inputs
        self.include = include
        """The id of a root action that gets at least its share of simulations (analysis)."""
        self.forced = 0
        """The simulations ``include`` got only because of that share."""
        self.margins = margins
        self.margin_sums: dict[int, float] = {}
        """Score margin sums of the root's seat, by position of the root child they went through."""

    def simulate(self) -> None:
        """One simulation: a sampled world, down the tree, a leaf judged, values backed up."""
        world = self.state.determinize(self.seat, self.det_rng)
        node = self.root
        nodes = [node]
        edges: list[tuple[AZNode, int]] = []
        while True:
            player = world.current_player
            if player == TERMINAL:
                values = world.returns()
                break
            if player == CHANCE:
                outcome = world.sample_chance(self.rng)
                child = node.outcomes.get(outcome)
                if child is None:
                    child = node.outcomes[outcome] = AZNode(self.players)
                world.apply_unchecked(outcome)
                node = child
                nodes.append(node)
                continue
            legal = world.legal_action_ids()
            if node.ids is None:
                values = self.expand(node, world, player, legal)
                break
            k = self.select(node, legal, player)
            if node is self.root and self.include is not None:
                k = self._keep_included(k)
            kid = node.kids[k]
            if kid is None:
                kid = node.kids[k] = AZNode(self.players)
            world.apply_unchecked(world.action_from_id(node.ids[k]))
            edges.append((node, k))
            node = kid
            nodes.append(node)
        if self.margins and edges:
            k0 = edges[0][1]
            self.margin_sums[k0] = self.margin_sums.get(k0, 0.0) + score_margin(world, self.seat)
        for n in nodes:
            n.visits += 1
            totals = n.totals
            for i in range(self.players):
                totals[i] += values[i]
        if edges:
            backed = self.np.asarray(values, dtype=self.np.float64)
            for parent, k in edges:
                parent.n[k] += 1.0
                parent.w[k] += backed

    def _keep_included(self, k: int) -> int:
        """The root position of ``include`` instead of ``k`` while it has had less than its
        share of the simulations."""
        assert self.include is not None
        root = self.root
        at = self._position(root, self.include, 0.0)
        if root.n[at] < INCLUDED_SHARE * root.visits:
            if at != k:
                self.forced += 1
            return at
        return k

    def final_choice(self, visits: dict[Action, int]) -> Action:
        """The most visited of ``visits``; a tie goes to the first in the game's order."""
        return max(visits, key=visits.__getitem__)

    def expand(self, node: AZNode, world: State, player: int, legal: list[int]) -> Values:
        """Give ``node`` the network's prior over ``legal`` (ids); its values per (absolute) seat."""
        numpy = self.np
        tensor = self.writer.observation(world, player, self.inputs)
        logits, relative = self.network.predict(tensor, legal)
        priors = _softmax(numpy, logits)
        if node is self.root and self.agent.noise > 0.0:
            gen = numpy.random.default_rng(self.rng.getrandbits(32))
            noise = gen.dirichlet([0.3] * len(legal))
            w = self.agent.noise
            priors = (1.0 - w) * priors + w * noise
        node.ids = list(legal)
        node.index = {a: k for k, a in enumerate(legal)}
        node.kids = [None] * len(legal)
        node.prior = priors
        node.n = numpy.zeros(len(legal))
        node.w = numpy.zeros((len(legal), self.players))
        n = self.players
        values = [float(relative[(seat - player) % n]) for seat in range(n)]
        weight = self.agent.rollout
        if weight > 0.0:
            # The world is this simulation's own copy and is not read after the leaf.
            ended = run_playout(world, self.playout, self.rng, self.has_heuristic)
            values = [(1.0 - weight) * v + weight * r for v, r in zip(values, ended, strict=True)]
        return values

    def select(self, node: AZNode, legal: list[int], player: int) -> int:
        """The position in ``node.ids`` of the legal child of highest PUCT score for ``player``."""
        numpy = self.np
        positions = None
        if legal != node.ids:  # another sampled world: other actions may be legal here
            positions = [self._position(node, a, 1.0 / len(legal)) for a in legal]
        # First-play urgency: an untried action is worth what this node is worth so far to the
        # seat choosing, not 0. With 0, wherever the tried actions score below 0 every untried
        # one outranks them, so a search of S simulations tries the first S actions of the
        # game's order once each and then picks among those: near-random play (measured:
        # BENCHMARKS.md, "Why the first runs did not learn").
        fpu = node.totals[player] / node.visits if node.visits else 0.0
        n = node.n
        tried = n > 0
        q = numpy.where(tried, node.w[:, player] / numpy.where(tried, n, 1.0), fpu)
        bonus = self.agent.puct * math.sqrt(max(1, node.visits))
        score = q + bonus * node.prior / (1.0 + n)
        if positions is None:
            return int(numpy.argmax(score))  # the first of equal scores, as the game lists them
        return positions[int(numpy.argmax(score[positions]))]

    def _position(self, node: AZNode, action: int, prior: float) -> int:
        """The position of ``action`` among ``node``'s children, added (``prior``) if new."""
        k = node.index.get(action)
        if k is not None:
            return k
        numpy = self.np
        assert node.ids is not None
        k = len(node.ids)
        node.ids.append(action)
        node.index[action] = k
        node.kids.append(None)
        node.prior = numpy.append(node.prior, prior)
        node.n = numpy.append(node.n, 0.0)
        node.w = numpy.vstack([node.w, numpy.zeros((1, self.players))])
        return k


def _softmax(numpy: Any, logits: Any) -> Any:
    chosen = numpy.asarray(logits, dtype=numpy.float64)
    chosen = numpy.exp(chosen - chosen.max())
    return chosen / chosen.sum()
