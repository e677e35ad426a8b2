"""What the server offers: the games with their options, and the AI seats it accepts."""

from __future__ import annotations

from typing import Any

from stonework.agents.catalog import EXPERT_SECONDS, expert_players, make_agent, parse_agent_spec
from stonework.agents.expert import ExpertAgent
from stonework.core.registry import list_games
from stonework.server import errors

DEFAULT_AGENT = "medium"
MAX_AGENT_SECONDS = 10.0
MAX_AGENT_ITERATIONS = 20_000


def agent_seconds(spec: str) -> float:
    """The time an agent spec may take per move (an upper bound for AI turn leases)."""
    name, kw = parse_agent_spec(spec)
    if "seconds" in kw:
        return float(kw["seconds"])
    if "iterations" in kw:
        return 0.0
    defaults = {
        "medium": 0.4,
        "hard": 1.5,
        "expert": EXPERT_SECONDS,
        "mcts": 1.0,
        "ismcts": 1.0,
        "flatmc": 1.0,
        "az": 1.0,
    }
    return defaults.get(name, 0.0)


def check_agent(spec: str, game: str, players: int) -> str:
    """Validate an AI seat's agent spec and its budget; raise ApiError(422) if unusable.

    ``az`` and ``expert`` play only the network shipped for the table's game and player count:
    a client may not name a file (``network=``), since that would make the server open a path
    of its choosing and tell it by the error whether the file exists.
    """
    try:
        name, kw = parse_agent_spec(spec)
        if name in ("az", "expert"):
            if "network" in kw:
                raise ValueError("an AI seat plays the shipped network; network= is not accepted")
            from stonework.agents.expert import expert_ships
            from stonework.learn.network import SHIPPED

            if (game, players) not in SHIPPED if name == "az" else not expert_ships(game, players):
                raise ValueError(f"no network is shipped for {game} at {players} players")
        if "leafnet" in kw and kw["leafnet"] != "shipped":
            raise ValueError(
                "an AI seat plays the shipped leaf network; leafnet=PATH is not accepted"
            )
        seconds = float(kw.get("seconds", 0.0))
        iterations = int(kw.get("iterations", 0))
        if not 0 <= seconds <= MAX_AGENT_SECONDS or not 0 <= iterations <= MAX_AGENT_ITERATIONS:
            raise ValueError(
                f"an AI seat may think at most {MAX_AGENT_SECONDS:g} s or "
                f"{MAX_AGENT_ITERATIONS} iterations a move"
            )
        agent = make_agent(name, **kw)
        if isinstance(agent, ExpertAgent):
            agent.route(game, players)
    except (ValueError, TypeError, RuntimeError) as exc:  # RuntimeError: az without numpy
        raise errors.invalid_option(f"AI seat {spec!r}: {exc}") from None
    return spec


def games_json() -> list[dict[str, Any]]:
    """The games with their player counts and options (``GET /api/games``)."""
    out = []
    for spec in list_games():
        out.append(
            {
                "name": spec.name,
                "title": spec.title,
                "min_players": min(spec.player_counts),
                "max_players": max(spec.player_counts),
                "players": list(spec.player_counts),
                "default_players": spec.default_players,
                "expert_players": expert_players(spec.name),
                "options": [
                    {
                        "name": o.name,
                        "type": o.kind,
                        "default": o.default,
                        "choices": list(o.choices),
                        "description": o.description,
                        "assumed": o.assumed,
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                    }
                    for o in spec.options.specs
                ],
                "chance": spec.has_chance,
                "hidden_information": spec.hidden_information,
                "summary": spec.summary,
            }
        )
    return out
