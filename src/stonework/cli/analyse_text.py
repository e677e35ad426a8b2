"""One analysed decision as lines of text (replay and hints share them)."""

from __future__ import annotations

from stonework.analysis import DecisionAnalysis, Verdict


def annotation_lines(decision: DecisionAnalysis, moves: bool = True) -> list[str]:
    """The verdict on the played move and, with ``moves``, the search's best moves."""
    players = decision.players
    lines: list[str] = []
    if decision.verdict is Verdict.FORCED:
        return ["analysis: forced (the only legal action)"]
    if decision.verdict is not None and decision.played is not None:
        played = decision.played
        loss = decision.loss or 0.0
        text = f"analysis: {decision.verdict.value}"
        if moves:
            text += f", {played.action}: {played.describe(players)}"
        if loss > 0:
            text += f", lost {loss:.3f}"
        lines.append(text)
    if moves:
        for number, move in enumerate(decision.top, start=1):
            lines.append(
                f"  {number}. {move.action}: {move.describe(players)} ({move.visits} visits)"
            )
    return lines
