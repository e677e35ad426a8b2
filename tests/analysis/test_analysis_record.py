"""Records analysed: every decision, workers, summaries, annotations written and read back."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from analysis_helpers import AGENT, short_record

from stonework.analysis import (
    DecisionAnalysis,
    Verdict,
    analyse_record,
    read_analysis,
    write_analysis,
)
from stonework.analysis.decision import AnalysisError
from stonework.core import CHANCE, Record, RecordError, replay

CASES = [("aztec", 2), ("aztec", 3), ("akropolis", 3), ("akropolis", 4), ("zapotec", 2),
         ("zapotec", 4)]  # fmt: skip


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_record_is_annotated_and_the_annotations_read_back(game: str, players: int) -> None:
    record = short_record(game, players, decisions=6)
    seen: list[tuple[int, int]] = []
    analysis = analyse_record(record, AGENT, seed=1, progress=lambda d, t: seen.append((d, t)))
    decisions = [i for i, (seat, _) in enumerate(record.entries) if seat != CHANCE]
    assert [d.entry for d in analysis.decisions] == decisions
    assert seen[0] == (0, len(decisions)) and seen[-1] == (len(decisions), len(decisions))
    for decision in analysis.decisions:
        assert decision.entry is not None
        assert decision.seat == record.entries[decision.entry][0]
        assert decision.verdict is not None
        if decision.verdict is not Verdict.FORCED:
            assert decision.played is not None
            assert decision.played.action == record.entries[decision.entry][1]
    annotated = write_analysis(analysis)
    text = annotated.dumps()
    # Old readers' sense: the same record, the annotations one optional field.
    loaded = Record.loads(text)
    assert loaded.entries == record.entries and loaded.game == record.game
    assert replay(loaded).position() == replay(record).position()
    assert json.loads(text)["meta"]["analysis"]["information"].startswith("each decision")
    notes = read_analysis(loaded)
    assert notes is not None and notes.agent == AGENT
    assert sorted(notes.decisions) == decisions
    for decision in analysis.decisions:
        assert decision.entry is not None
        _same_but_rounded(notes.decisions[decision.entry], decision)
    summaries = analysis.summaries()
    assert [s.seat for s in summaries] == list(range(players))
    assert sum(s.judged for s in summaries) == sum(
        1 for d in analysis.decisions if d.verdict is not Verdict.FORCED
    )


def _same_but_rounded(read: DecisionAnalysis, written: DecisionAnalysis) -> None:
    """What the JSON keeps: everything, with values rounded to 4 places and margins to 2."""
    assert (read.entry, read.seat, read.players, read.legal, read.iterations, read.verdict) == (
        written.entry, written.seat, written.players, written.legal, written.iterations,
        written.verdict,
    )  # fmt: skip
    assert read.loss == pytest.approx(written.loss, abs=1e-4)
    pairs = list(zip(read.top, written.top, strict=True))
    if written.played is not None:
        assert read.played is not None
        pairs.append((read.played, written.played))
    else:
        assert read.played is None
    for a, b in pairs:
        assert (a.action, a.visits) == (b.action, b.visits)
        assert a.expected == pytest.approx(b.expected, abs=1e-4)
        assert a.margin == pytest.approx(b.margin, abs=1e-2)


def test_workers_give_the_same_analysis_as_one_process() -> None:
    record = short_record("zapotec", 3, decisions=5)
    alone = analyse_record(record, AGENT, seed=2)
    pooled = analyse_record(record, AGENT, seed=2, workers=2)
    assert pooled.decisions == alone.decisions
    other_seed = analyse_record(record, AGENT, seed=3)
    assert other_seed.decisions != alone.decisions


def test_only_the_asked_seat_is_analysed() -> None:
    record = short_record("akropolis", 2, decisions=6)
    analysis = analyse_record(record, AGENT, seat=1)
    assert analysis.decisions and {d.seat for d in analysis.decisions} == {1}
    summaries = analysis.summaries()
    assert summaries[0].judged == 0 and summaries[0].accuracy is None


def test_bad_requests_are_refused_before_any_search() -> None:
    record = short_record("aztec", 2, decisions=2)
    with pytest.raises(AnalysisError, match="seat must be from 0 to 1"):
        analyse_record(record, AGENT, seat=2)
    with pytest.raises(AnalysisError, match="workers"):
        analyse_record(record, AGENT, workers=0)
    with pytest.raises(AnalysisError, match="no search tree"):
        analyse_record(record, "random")
    broken = Record(record.game, 2, {}, [(0, "nonsense")])
    with pytest.raises(RecordError, match="entry 0"):
        analyse_record(broken, AGENT)


# --- annotations are untrusted input -----------------------------------------------------------


@pytest.fixture(scope="module")
def annotated() -> dict[str, Any]:
    record = short_record("zapotec", 2, decisions=4)
    data: dict[str, Any] = write_analysis(analyse_record(record, AGENT)).to_json()
    return data


def _judged(data: dict[str, Any]) -> dict[str, Any]:
    items: list[dict[str, Any]] = data["meta"]["analysis"]["decisions"]
    return next(item for item in items if item["verdict"] != "forced")


EDITS = [
    (lambda d: d["meta"].__setitem__("analysis", []), "must be an object"),
    (lambda d: d["meta"]["analysis"].__setitem__("format", "x"), "format must be"),
    (lambda d: d["meta"]["analysis"].__setitem__("version", 9), "version 9"),
    (lambda d: d["meta"]["analysis"].__setitem__("agent", ""), "agent must be a text"),
    (lambda d: d["meta"]["analysis"].__setitem__("decisions", {}), "decisions must be a list"),
    (lambda d: _judged(d).__setitem__("entry", 10**6), "entry must be a whole number"),
    (lambda d: _judged(d).__setitem__("entry", True), "entry must be a whole number"),
    (lambda d: _judged(d).__setitem__("seat", 5), "is not the seat that moved"),
    (lambda d: _judged(d).__setitem__("verdict", "brilliant"), "verdict 'brilliant'"),
    (lambda d: _judged(d).__setitem__("loss", float("nan")), "loss must be from 0 to 1"),
    (lambda d: _judged(d).__setitem__("loss", "0.1"), "loss must be a number"),
    (lambda d: _judged(d).__setitem__("top", "x"), "top must be a list"),
    (lambda d: _judged(d).__setitem__("top", []), "needs the search's moves"),
    (lambda d: _judged(d)["top"][0].__setitem__("visits", -1), "visits must be a whole"),
    (lambda d: _judged(d)["top"][0].__setitem__("expected", 2), "expected must be from 0 to 1"),
    (lambda d: _judged(d)["top"][0].__setitem__("action", "x" * 999), "action must be a text"),
    (lambda d: _judged(d).pop("played"), "played must be an object"),
    (lambda d: _judged(d)["played"].__setitem__("action", "zz"), "is not the recorded move"),
]


@pytest.mark.parametrize(("edit", "message"), EDITS)
def test_bad_annotations_get_a_record_error(
    annotated: dict[str, Any], edit: Any, message: str
) -> None:
    data = copy.deepcopy(annotated)
    assert read_analysis(Record.from_json(data)) is not None
    edit(data)
    record = Record.from_json(data)  # the record itself still loads: annotations are optional
    with pytest.raises(RecordError, match=message):
        read_analysis(record)


def test_a_record_without_annotations_has_none() -> None:
    assert read_analysis(short_record("aztec", 2, 3)) is None


def test_a_chance_entry_cannot_carry_a_verdict(annotated: dict[str, Any]) -> None:
    data = copy.deepcopy(annotated)
    chance = next(i for i, item in enumerate(data["actions"]) if item["seat"] == "chance")
    _judged(data)["entry"] = chance
    with pytest.raises(RecordError, match="chance outcome"):
        read_analysis(Record.from_json(data))
