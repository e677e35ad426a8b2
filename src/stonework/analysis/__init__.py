"""Analysis and review: what the strongest player would do at a decision, and what a move cost.

:func:`analyse_decision` searches one decision with a tree-search agent (on determinizations of
the deciding seat's information only, as the agents play) and reports the top moves with their
estimated values; :func:`classify` turns the value a played move lost into a verdict;
:func:`analyse_record` does every decision of a game record, in worker processes if asked.
See ``docs/analysis.md``.
"""

from stonework.analysis.annotations import (
    decision_json,
    read_analysis,
    summary_json,
    write_analysis,
)
from stonework.analysis.decision import (
    DecisionAnalysis,
    analyse_decision,
    analysis_agent,
    default_agent_spec,
)
from stonework.analysis.record_analysis import (
    RecordAnalysis,
    analyse_record,
    analyse_record_entry,
)
from stonework.analysis.summary import SeatSummary, summarise
from stonework.analysis.values import MoveValue
from stonework.analysis.verdicts import THRESHOLDS, Verdict, classify

__all__ = [
    "THRESHOLDS",
    "DecisionAnalysis",
    "MoveValue",
    "RecordAnalysis",
    "SeatSummary",
    "Verdict",
    "analyse_decision",
    "analyse_record",
    "analyse_record_entry",
    "analysis_agent",
    "classify",
    "decision_json",
    "default_agent_spec",
    "read_analysis",
    "summarise",
    "summary_json",
    "write_analysis",
]
