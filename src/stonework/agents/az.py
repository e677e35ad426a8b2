"""``az``: PUCT tree search guided by a learned value-and-policy network (AlphaZero style).

The search is the information-set search of ``ismcts`` with the network in place of playouts:
each simulation draws a fresh determinization from what the seat to move at the root may see
(``state.determinize``), walks down by PUCT (mean value plus the network's prior times an
exploration bonus), samples chance outcomes (open loop), and judges the new leaf by the network
reading the observation tensor of the seat to move there, in that sampled world: the network
never reads the true hidden state. Values are per-seat vectors backed up max-n style (each seat
picks the child best for itself); the network's values are the rank-based returns it was
trained on, i.e. each seat's standing against the field.

Needs numpy; without it building the agent raises a RuntimeError that says how to install it.
"""

from __future__ import annotations

import math
from typing import Any

from stonework.agents.base import Agent, Budget, Values, check_turn, fork_rng
from stonework.core.rng import Rng
from stonework.core.state import CHANCE, TERMINAL, Action, State
from stonework.learn.network import Network, require_numpy, shipped_network

ID_CACHE = 200_000
"""Action ids kept by an agent before it forgets them all (actions are values: ids never change)."""
DEFAULT_PUCT = 1.5
"""The exploration constant of PUCT, on the [-1, 1] value scale."""


class AZNode:
    """One node: its children by action, the priors of its actions, visits and value sums."""

    __slots__ = ("children", "priors", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, AZNode] = {}
        self.priors: dict[Action, float] | None = None
        self.visits = 0
        self.totals = [0.0] * players


class AZAgent(Agent):
    """PUCT search with a network's prior and value, on a fresh determinization per simulation."""

    def __init__(
        self,
        network: Network | None,
        budget: Budget,
        puct: float = DEFAULT_PUCT,
        temperature: float = 0.0,
        noise: float = 0.0,
    ) -> None:
        require_numpy()
        self.network = network
        """``None``: the network shipped for the game and player count of the first position."""
        self.budget = budget
        self.puct = puct
        self.temperature = temperature
        """0: play the most visited action; above 0: sample by visits^(1/t) (self-play)."""
        self.noise = noise
        """Weight of Dirichlet noise mixed into the root prior (self-play exploration; 0: none)."""
        self.name = "az"
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}
        self.ids: dict[Action, int] = {}
        """Action ids seen so far (a game checks an action before naming its id: slow in a loop)."""
        self.ids_config = ""

    def describe(self) -> str:
        """Name, budget and network."""
        if self.network is None:
            return f"az ({self.budget.describe()}, shipped network)"
        info = self.network.info
        hidden = "x".join(str(h) for h in info.hidden)
        return f"az ({self.budget.describe()}, network {info.game} {info.players}p {hidden})"

    def act(self, state: State, rng: Rng) -> Action:
        """The most visited root action (or one sampled by visits when ``temperature`` > 0)."""
        seat = check_turn(state)
        network = self.network_for(state)
        config = repr((state.num_players, sorted(state.options.items())))
        if config != self.ids_config:  # ids may depend on the options (an Akropolis site size)
            self.ids.clear()
            self.ids_config = config
        actions = state.legal_actions()
        self.last_visits = {}
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        search = _PUCT(self, network, state, seat, rng)
        run = self.budget.start()
        while run.more():
            search.simulate()
            run.done += 1
        self.last_iterations = run.done
        legal = set(actions)
        visits = {a: ch.visits for a, ch in search.root.children.items() if a in legal}
        self.last_visits = visits
        if not visits:
            return rng.choice(actions)
        if self.temperature > 0.0:
            weighted = [(a, v ** (1.0 / self.temperature)) for a, v in visits.items() if v > 0]
            total = sum(w for _, w in weighted)
            pick = rng.random() * total
            for action, weight in weighted:
                pick -= weight
                if pick <= 0.0:
                    return action
            return weighted[-1][0]
        order = list(search.root.children)
        return max(visits, key=lambda a: (visits[a], -order.index(a)))

    def network_for(self, state: State) -> Network:
        """The network for ``state``'s game and player count (ValueError if there is none)."""
        game, players = state.spec.name, state.num_players
        if self.network is None:
            shipped = shipped_network(game, players)
            if shipped is None:
                raise ValueError(
                    f"no network is shipped for {game} at {players} players: train one with "
                    f"`stonework train {game} --players {players}` and pass network=PATH"
                )
            self.network = shipped
        info = self.network.info
        if (info.game, info.players) != (game, players):
            raise ValueError(
                f"this network plays {info.game} at {info.players} players, not {game} at {players}"
            )
        return self.network


def build_az(budget: Budget, kw: dict[str, Any]) -> AZAgent:
    """The ``az`` agent from catalog settings: ``network=PATH`` (else the shipped one), ``puct=``."""
    path = kw.pop("network", None)
    puct = float(kw.pop("puct", DEFAULT_PUCT))
    if kw:
        raise ValueError(f"agent 'az' has no setting {', '.join(sorted(kw))}")
    require_numpy()
    network = None if path is None else Network.load(str(path))
    return AZAgent(network, budget, puct=puct)


class _PUCT:
    """One decision's search: selection by PUCT, expansion and evaluation by the network."""

    def __init__(self, agent: AZAgent, network: Network, state: State, seat: int, rng: Rng) -> None:
        self.agent = agent
        self.network = network
        self.state = state
        self.seat = seat
        self.rng = rng
        self.det_rng = fork_rng(rng)
        self.players = state.num_players
        self.root = AZNode(self.players)
        self.np = require_numpy()

    def simulate(self) -> None:
        """One simulation: a sampled world, down the tree, a leaf judged, values backed up."""
        world = self.state.determinize(self.seat, self.det_rng)
        node = self.root
        path = [node]
        while True:
            player = world.current_player
            if player == TERMINAL:
                values = world.returns()
                break
            if player == CHANCE:
                outcome = world.sample_chance(self.rng)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = AZNode(self.players)
                world.apply_unchecked(outcome)
                node = child
                path.append(node)
                continue
            legal = world.legal_actions()
            if node.priors is None:
                values = self.expand(node, world, player, legal)
                break
            action = self.select(node, legal, player)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = AZNode(self.players)
            world.apply_unchecked(action)
            node = child
            path.append(node)
        for n in path:
            n.visits += 1
            totals = n.totals
            for i in range(self.players):
                totals[i] += values[i]

    def expand(self, node: AZNode, world: State, player: int, legal: list[Action]) -> Values:
        """Give ``node`` the network's prior over ``legal``; its values per (absolute) seat."""
        ids = self.agent.ids
        if len(ids) > ID_CACHE:
            ids.clear()
        for a in legal:
            if a not in ids:
                ids[a] = world.action_id(a)
        wanted = [ids[a] for a in legal]
        logits, relative = self.network.predict(world.observation_tensor(player), wanted)
        priors = _softmax(self.np, logits)
        if node is self.root and self.agent.noise > 0.0:
            gen = self.np.random.default_rng(self.rng.getrandbits(32))
            noise = gen.dirichlet([0.3] * len(legal))
            w = self.agent.noise
            priors = [(1.0 - w) * p + w * float(e) for p, e in zip(priors, noise, strict=True)]
        node.priors = dict(zip(legal, priors, strict=True))
        n = self.players
        return [float(relative[(seat - player) % n]) for seat in range(n)]

    def select(self, node: AZNode, legal: list[Action], player: int) -> Action:
        """The legal action of highest PUCT score for the seat to move at ``node``."""
        priors = node.priors
        assert priors is not None
        unseen = 1.0 / len(legal)
        sqrt_visits = math.sqrt(max(1, node.visits))
        # First-play urgency: an untried action is worth what this node is worth so far to the
        # seat choosing, not 0. With 0, wherever the tried actions score below 0 every untried
        # one outranks them, so a search of S simulations tries the first S actions of the
        # game's order once each and then picks among those: near-random play (measured:
        # BENCHMARKS.md, "Why the first runs did not learn").
        fpu = node.totals[player] / node.visits if node.visits else 0.0
        best_score = -math.inf
        best = legal[0]
        children = node.children
        c = self.agent.puct
        for action in legal:
            child = children.get(action)
            prior = priors.get(action)
            if prior is None:  # legal in this sampled world, not in the one that expanded it
                prior = priors[action] = unseen
            if child is None or child.visits == 0:
                q, visits = fpu, 0
            else:
                q, visits = child.totals[player] / child.visits, child.visits
            score = q + c * prior * sqrt_visits / (1 + visits)
            if score > best_score:
                best_score, best = score, action
        return best


def _softmax(numpy: Any, logits: Any) -> list[float]:
    chosen = numpy.asarray(logits, dtype=numpy.float64)
    chosen = numpy.exp(chosen - chosen.max())
    return [float(p) for p in chosen / chosen.sum()]
