"""Names of the phases of play and of the chance tasks waiting in a state's queue."""

from __future__ import annotations

# Phases of play. Setup is a run of chance nodes before the first COMMIT.
COMMIT, INCOME, ACTIONS, BUILD, FREE_RITUAL, DRAFT, END = range(7)
PHASES = ("commit", "income", "actions", "build", "free-ritual", "draft", "end")

# Chance tasks waiting in the queue, as (kind, argument): a building tile for a space, a trade
# tile for a row slot (argument: trade_task(level, slot)), a scoring tile, a ritual card, and a
# card for the scoring space, the offer or a seat's hand (argument: the seat).
Q_TILE, Q_TRADE, Q_SCORING_TILE, Q_RITUAL, Q_SCORING_CARD, Q_OFFER, Q_HAND = range(7)
TASKS = ("tile", "trade", "scoring-tile", "ritual", "scoring-card", "offer", "hand")


def trade_task(level: int, slot: int) -> int:
    """The argument of a trade-tile reveal: the row's level (1-3) and the slot, ``level * 8 + slot``."""
    return level << 3 | slot


def trade_task_level(task: int) -> int:
    """The trade row's level (1-3) of a trade-tile reveal."""
    return task >> 3


def trade_task_slot(task: int) -> int:
    """The slot in its row of a trade-tile reveal."""
    return task & 7
