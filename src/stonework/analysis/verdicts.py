"""Verdicts on played moves by the expected result they gave away; one scale for every game.

The loss of a played move is the expected result (see :mod:`stonework.analysis.values`) of the
search's choice minus that of the played move, on the [0, 1] scale: 0.05 is five points of win
probability in a two-player game, or a twentieth of a place per opponent with more players.

| verdict | loss |
| --- | --- |
| best | the move the search chose |
| good | below 0.03 |
| inaccuracy | 0.03 to below 0.08 |
| mistake | 0.08 to below 0.15 |
| blunder | 0.15 or more |

A decision with a single legal action is ``forced`` and is not judged.
"""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """How good a played move was, by the expected result it lost."""

    FORCED = "forced"
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: dict[Verdict, float] = {
    Verdict.INACCURACY: 0.03,
    Verdict.MISTAKE: 0.08,
    Verdict.BLUNDER: 0.15,
}
"""The smallest loss of each verdict worse than ``good`` (expected result, [0, 1] scale)."""


def classify(loss: float, chosen: bool = False) -> Verdict:
    """The verdict on a move that lost ``loss`` expected result (``chosen``: the search's pick).

    >>> classify(0.0, chosen=True).value, classify(0.01).value, classify(0.2).value
    ('best', 'good', 'blunder')
    """
    if chosen:
        return Verdict.BEST
    verdict = Verdict.GOOD
    for worse, threshold in THRESHOLDS.items():
        if loss >= threshold:
            verdict = worse
    return verdict
