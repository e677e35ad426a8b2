"""The agents by name, the difficulty levels, and agent specs written as text (``mcts:1s``)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stonework.agents.base import Agent, Budget, Clock
from stonework.agents.flatmc import FlatMCAgent
from stonework.agents.mcts import LeafValue, MCTSAgent
from stonework.agents.playout import Playout
from stonework.agents.simple import GreedyAgent, RandomAgent

DEFAULT_SECONDS = 1.0

CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What ``seconds=`` counts, by the ``clock=`` setting: wall-clock time (the default, what a
player waits) or the searching thread's CPU time, so that ``mcts:1s:clock=cpu`` thinks as much
on a machine shared with other work as ``mcts:1s`` does on a free core (measurements only)."""


@dataclass(frozen=True)
class AgentKind:
    """A name people can ask for, what it is, and how to build it from keyword settings."""

    name: str
    summary: str
    build: Callable[..., Agent]


def _budget(kw: dict[str, Any], default_seconds: float = DEFAULT_SECONDS) -> Budget:
    iterations = kw.pop("iterations", None)
    seconds = kw.pop("seconds", None)
    clock = kw.pop("clock", None)
    if iterations is None and seconds is None:
        seconds = default_seconds
    budget = Budget(
        iterations=None if iterations is None else int(iterations),
        seconds=None if seconds is None else float(seconds),
    )
    if isinstance(clock, str):
        if clock not in CLOCKS:
            raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, not {clock!r}")
        budget.clock = CLOCKS[clock]
    elif clock is not None:
        budget.clock = clock
    return budget


def _playout(kw: dict[str, Any], depth: int | None, greedy: float) -> Playout:
    raw_depth = kw.pop("depth", depth)
    if isinstance(raw_depth, str):
        raw_depth = None if raw_depth in ("end", "none", "") else int(raw_depth)
    return Playout(
        depth=raw_depth,
        greedy=float(kw.pop("greedy", greedy)),
        sample=int(kw.pop("sample", 4)),
        leaf=str(kw.pop("leaf", "0")).lower() in ("1", "yes", "true", "on"),
    )


def _no_more(name: str, kw: dict[str, Any]) -> None:
    if kw:
        raise ValueError(f"agent {name!r} has no setting {', '.join(sorted(kw))}")


def _random(**kw: Any) -> Agent:
    _no_more("random", kw)
    return RandomAgent()


def _greedy(**kw: Any) -> Agent:
    _no_more("greedy", kw)
    return GreedyAgent()


def _flatmc(**kw: Any) -> Agent:
    budget = _budget(kw)
    playout = _playout(kw, None, 0.5)
    exploration = float(kw.pop("exploration", 0.7))
    max_actions = int(kw.pop("max_actions", 24))
    _no_more("flatmc", kw)
    return FlatMCAgent(budget, playout, exploration=exploration, max_actions=max_actions)


def _tree(mode: str, default_seconds: float = DEFAULT_SECONDS) -> Callable[..., Agent]:
    def build(**kw: Any) -> Agent:
        budget = _budget(kw, default_seconds)
        # No playout setting given: each game's own default (stonework.agents.tuning).
        own_playout = any(key in kw for key in ("depth", "greedy", "sample", "leaf"))
        playout = _playout(kw, None, 0.0) if own_playout else None
        raw_exploration = kw.pop("exploration", None)
        exploration = None if raw_exploration is None else float(raw_exploration)
        widen_above = int(kw.pop("widen_above", 16))
        raw_expand = kw.pop("expand", None)
        expand_sample = None if raw_expand is None else int(raw_expand)
        stop_early = str(kw.pop("early", "1")).lower() not in ("0", "no", "false", "off")
        raw_rank = kw.pop("rank", None)
        rank_after = None if raw_rank is None else int(raw_rank)
        chosen = str(kw.pop("mode", mode))
        values = str(kw.pop("values", "auto"))
        raw_temperature = kw.pop("temperature", None)
        temperature = None if raw_temperature is None else float(raw_temperature)
        widen_factor = float(kw.pop("widen", 2.0))
        raw_replies = kw.pop("replies", None)
        replies = None if raw_replies is None else int(raw_replies)
        raw_reply_expand = kw.pop("reply_expand", None)
        reply_expand = None if raw_reply_expand is None else int(raw_reply_expand)
        raw_leafnet = kw.pop("leafnet", None)
        leaf_value = None if raw_leafnet is None else _leaf_net(raw_leafnet)
        net_rank = str(kw.pop("netrank", "auto")).lower()
        _no_more(mode, kw)
        agent = MCTSAgent(
            budget,
            mode=chosen,  # type: ignore[arg-type]
            playout=playout,
            exploration=exploration,
            widen_above=widen_above,
            expand_sample=expand_sample,
            stop_early=stop_early,
            rank_after=rank_after,
            values=values,  # type: ignore[arg-type]
            temperature=temperature,
            widen_factor=widen_factor,
            replies=replies,
            reply_expand=reply_expand,
            leaf_value=leaf_value,
            net_rank=net_rank,  # type: ignore[arg-type]
        )
        return agent

    return build


def _leaf_net(path: object) -> LeafValue:
    """The learned leaf value in ``path`` (``leafnet=PATH``, or ``leafnet=shipped`` for the one
    shipped for the table's player count); ValueError saying why if none."""
    if not isinstance(path, str) or not path:
        raise ValueError("leafnet= needs the path of a leaf network file, or 'shipped'")
    # Imported here: numpy is needed only when a network is asked for.
    from stonework.agents.leaf_values import load_leaf_value
    from stonework.agents.shipped_leaf import SHIPPED_NAME, ShippedLeafNet

    try:
        if path == SHIPPED_NAME:
            return ShippedLeafNet()
        return load_leaf_value(path)
    except RuntimeError as exc:  # numpy missing
        raise ValueError(str(exc)) from None


def _level(name: str, seconds: float) -> Callable[..., Agent]:
    def build(**kw: Any) -> Agent:
        kw.setdefault("seconds", seconds)
        agent = _tree("auto", seconds)(**kw)
        agent.name = name
        return agent

    return build


def _az(**kw: Any) -> Agent:
    from stonework.agents.az import build_az  # numpy only when asked for

    return build_az(_budget(kw), kw)


EXPERT_SECONDS = 1.5
EXPERT_ROLLOUT = 0.3
"""The playout weight of ``expert``'s Aztec leaves: 0.3 scored above 0.5 on the same games in
two sessions (62.5% against 60.2% of 200, 52.0% against 45.1% of 51; BENCHMARKS.md)."""
EXPERT_SOLVE = 7
"""Placements from the end at which ``expert`` plays Aztec exactly (``az:solve=7``):
BENCHMARKS.md, "Aztec's endgame solved"."""


def _expert(**kw: Any) -> Agent:
    """The learned level, 1.5 s a move: ``az`` on the shipped network with leaves judged 0.3 by
    playouts and the last seven placements solved exactly (Aztec, 2 players), or ``hard``'s tree search judging its leaves by the shipped leaf network
    (Akropolis, 2 players; Zapotec, 2 to 4); :class:`stonework.agents.expert.ExpertAgent` picks
    by the table.

    Offered only where one ships (the server's lobby asks ``expert_players``); elsewhere its
    first move says no network is shipped. Each was measured against ``hard`` at hard's own
    budget (docs/models.md)."""
    from stonework.agents.az import build_az
    from stonework.agents.expert import ExpertAgent

    if "network" in kw:
        raise ValueError("agent 'expert' plays the shipped network; use az for network=")
    budget_keys = ("iterations", "seconds", "clock")
    az_settings = sorted(key for key in kw if key not in budget_keys)
    tree_kw = {key: kw[key] for key in budget_keys if key in kw}
    kw.setdefault("rollout", EXPERT_ROLLOUT)
    kw.setdefault("solve", EXPERT_SOLVE)
    az = build_az(_budget(kw, EXPERT_SECONDS), kw)
    az.name = "expert"
    # The shipped leaf networks play at the playout depth each was measured with (no playout
    # setting here, so ShippedLeafNet.playout names it per table).
    tree = _tree("auto", EXPERT_SECONDS)(**tree_kw, leafnet="shipped")
    assert isinstance(tree, MCTSAgent)
    tree.name = "expert"
    return ExpertAgent(az, tree, az_settings)


def expert_players(game: str) -> list[int]:
    """The player counts of ``game`` where ``expert`` can play: a network ships and numpy is
    installed (it is in the ``learn`` extra, not needed by any other agent)."""
    import importlib.util

    if importlib.util.find_spec("numpy") is None:
        return []
    from stonework.agents.expert import expert_ships
    from stonework.core.registry import get_game

    return [p for p in get_game(game).player_counts if expert_ships(game, p)]


AGENTS: dict[str, AgentKind] = {
    kind.name: kind
    for kind in (
        AgentKind("random", "a uniformly random legal action", _random),
        AgentKind("greedy", "one ply: best position by the game's evaluation", _greedy),
        AgentKind(
            "flatmc", "flat Monte Carlo: UCB1 over root actions, greedy-biased playouts", _flatmc
        ),
        AgentKind(
            "mcts", "UCT on one determinization per move (plain UCT if no secrets)", _tree("mcts")
        ),
        AgentKind(
            "ismcts",
            "information-set MCTS: a fresh determinization per simulation",
            _tree("ismcts"),
        ),
        AgentKind("az", "PUCT search guided by a trained network (needs numpy)", _az),
        AgentKind("easy", "difficulty: greedy one-ply play", _greedy),
        AgentKind("medium", "difficulty: MCTS/ISMCTS for 0.4 s a move", _level("medium", 0.4)),
        AgentKind(
            "hard",
            "difficulty: MCTS/ISMCTS for 1.5 s a move (answers within 2 s)",
            _level("hard", 1.5),
        ),
        AgentKind(
            "expert",
            "difficulty: the learned search for 1.5 s a move, where a network ships "
            "(Aztec and Akropolis at 2 players, Zapotec at 2 to 4; needs numpy)",
            _expert,
        ),
    )
}


STRONGEST: dict[tuple[str, int], str] = {
    ("aztec", 2): "expert",
    ("akropolis", 2): "expert",
    ("zapotec", 2): "expert",
    ("zapotec", 3): "expert",
    ("zapotec", 4): "expert",
}
"""The strongest agent spec by game and player count where it is not :data:`STRONGEST_DEFAULT`.

Aztec at 2 players: ``expert`` won 60.2% of 200 games against ``hard`` at hard's own 1.5 s a
move (95% interval 53.3-66.8%; BENCHMARKS.md, "Aztec: the network's value mixed with
playouts"); on a machine that runs ``hard`` twice as far in that time the two are level
(BENCHMARKS.md, "Aztec at 1.5 s on a faster machine"). Akropolis at 2 players: ``hard``'s search on the shipped leaf network won 60.3% of
200 games against ``hard`` at 1 s a move (53.3-66.8%) and, as ``expert`` at 1.5 s, 55.5% of 200
by 4.9 ± 3.9 points a game (BENCHMARKS.md, "Akropolis 2p: the leaf network at hard's budget");
with the network shipped since, 105.5 of 200 against alpha-zero-general's two-player AlphaZero
at the same time a move (BENCHMARKS.md, "Akropolis 2p: the session-36 network meets the peer's
target").
Zapotec at 2 players: the same search on Zapotec's shipped leaf network with no playout before
it (``depth=0``) won 64.0% of 200 games against ``hard`` at 0.25 s and, as ``expert`` at 1.5 s,
66.5% of 200 by 25.0 ± 5.7 points a game (BENCHMARKS.md, "Zapotec 2p: the leaf network judges
the leaves at once"). Zapotec at 4 players: the same search on the four-player network, against
three ``hard`` seats at 0.25 s, finished ahead of a given ``hard`` seat in 67.3% ± 5.6% of 200
games and first in 54.5% (fair share 25%; BENCHMARKS.md, "Zapotec 4p: 1,500 teacher games fit
better and play worse"). Zapotec at 3 players: the same on the three-player network, against two
``hard`` seats at 0.25 s, ahead of a given ``hard`` seat in 59.0% ± 8.2% of 100 games and first
in 45.0% (fair share 33.3%), by 19.7 ± 7.9 points (BENCHMARKS.md, "Zapotec 3p: a leaf network
chosen by play"). All need numpy, so without it ``hard`` stays the strongest there too."""
STRONGEST_DEFAULT = "hard"
"""``hard`` (MCTS, or ISMCTS with secrets, on the game's measured settings) is the strongest
level wherever no learned agent was measured stronger (BENCHMARKS.md)."""


def strongest_agent(game: str, players: int | None = None) -> str:
    """The spec of the strongest agent for ``game`` at ``players`` (analysis and hints default
    to it); with ``players`` unknown, one that plays every count of the game."""
    if players is None:
        return STRONGEST_DEFAULT
    spec = STRONGEST.get((game, players), STRONGEST_DEFAULT)
    if spec == "expert" and players not in expert_players(game):
        return STRONGEST_DEFAULT
    return spec


def list_agents() -> list[tuple[str, str]]:
    """(name, summary) of every agent and difficulty level, for help text."""
    return [(kind.name, kind.summary) for kind in AGENTS.values()]


def make_agent(name: str, **kw: Any) -> Agent:
    """Build an agent by name with its settings (``iterations=``, ``seconds=``, ``depth=``, ...)."""
    kind = AGENTS.get(name)
    if kind is None:
        raise ValueError(f"no agent named {name!r}; the agents are: {', '.join(AGENTS)}")
    return kind.build(**dict(kw))


def parse_agent_spec(text: str) -> tuple[str, dict[str, Any]]:
    """Read ``name[:setting...]``: ``1.5s`` seconds, ``400`` iterations, ``key=value`` others.

    >>> parse_agent_spec("mcts:0.5s:depth=20")
    ('mcts', {'seconds': 0.5, 'depth': '20'})
    >>> parse_agent_spec("flatmc:300")
    ('flatmc', {'iterations': 300})
    """
    name, *settings = text.strip().split(":")
    if name not in AGENTS:
        raise ValueError(f"no agent named {name!r}; the agents are: {', '.join(AGENTS)}")
    kw: dict[str, Any] = {}
    for setting in settings:
        if "=" in setting:
            key, value = setting.split("=", 1)
            kw[key.strip()] = value.strip()
        elif setting.endswith("s") and _is_number(setting[:-1]):
            kw["seconds"] = float(setting[:-1])
        elif setting.isdigit():
            kw["iterations"] = int(setting)
        else:
            raise ValueError(
                f"bad agent setting {setting!r} in {text!r}: use 1.5s, 400 or key=value"
            )
    return name, kw


def agent_from_spec(text: str) -> Agent:
    """Build an agent from its text spec (see :func:`parse_agent_spec`)."""
    name, kw = parse_agent_spec(text)
    return make_agent(name, **kw)


def cpu_timed(text: str, seconds: float) -> Agent:
    """The agent of spec ``text`` with ``seconds`` of this process's CPU time a move
    (``time.process_time``) as its whole budget: a match between such agents is not tilted by
    other work on the machine, where wall-clock budgets give whichever side waits for a core
    fewer iterations. ValueError if the spec is bad or the agent has no search budget."""
    agent = agent_from_spec(text)
    budget = getattr(agent, "budget", None)
    if not isinstance(budget, Budget):
        raise ValueError(f"{text} has no search budget to set")
    agent.budget = dataclasses.replace(  # type: ignore[attr-defined]
        budget, iterations=None, seconds=seconds, clock=time.process_time
    )
    return agent


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
