"""``hint`` in terminal play: the strongest search's best moves for the person to move."""

from __future__ import annotations

from stonework.analysis import analyse_decision, analysis_agent, default_agent_spec
from stonework.cli.analyse_text import annotation_lines
from stonework.core import State, StoneworkError, derive_rng

HINT_MOVES = 3


def hint_lines(state: State, agent: str | None, seed: int) -> list[str]:
    """Lines naming the best moves with their values, or why there is no hint."""
    spec = agent if agent is not None else default_agent_spec(state.spec.name, state.num_players)
    # A stream of its own (by position in the game), so asking for a hint never changes what the
    # AI players or chance do afterwards.
    rng = derive_rng(seed, "hint", len(state.history))
    try:
        result = analyse_decision(state, analysis_agent(spec), rng, top=HINT_MOVES)
    except StoneworkError as exc:
        return [f"No hint: {exc}"]
    if not result.top:
        return ["Only one legal action: play it."]
    heading = f"Hint ({result.iterations} simulations on what you can see):"
    return [heading, *annotation_lines(result)]
