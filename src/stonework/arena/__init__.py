"""The arena: matches between agents with fair seat rotation, statistics, ratings and reports.

>>> from stonework.arena import seating
>>> seating(2, 2, 2)
[(0, 1), (1, 0)]
"""

from stonework.arena.match import GameResult, Table, play_table, schedule, seating
from stonework.arena.runner import MatchConfig, MatchResult, entry_labels, run_match
from stonework.arena.stats import EntrySummary, bradley_terry, elo_scale, summarize, wilson

__all__ = [
    "EntrySummary",
    "GameResult",
    "MatchConfig",
    "MatchResult",
    "Table",
    "bradley_terry",
    "elo_scale",
    "entry_labels",
    "play_table",
    "run_match",
    "schedule",
    "seating",
    "summarize",
    "wilson",
]
