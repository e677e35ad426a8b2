"""Hints and reviews through the server: where they are allowed or refused, the rate limit,
hidden information (a swap of what the seat cannot see changes no byte of the answer), and the
stored review of a finished game (the same as `stonework analyse` on its record)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, make_settings, play_random_move, tokens, view, wait_for

from stonework.analysis import analyse_record, decision_json
from stonework.core import Record, derive_rng
from stonework.games.zapotec.state import ZapotecState
from stonework.server.app import create_app

ANALYSIS_AGENT = "mcts:iterations=30:mode=auto"
"""Hints and reviews in these tests: a fixed number of iterations (fast, the same every run)."""


def analysis_settings(folder: Path, **kw: object) -> Any:
    """Test settings with analyses in threads on :data:`ANALYSIS_AGENT`, hints not limited."""
    values: dict[str, object] = {
        "analysis_workers": 0,
        "analysis_agent": ANALYSIS_AGENT,
        "hint_per_minute": 10_000.0,
        "hint_burst": 10_000,
    }
    values.update(kw)
    return make_settings(folder, **values)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of a fresh app (its own SQLite file) with those analysis settings."""
    with TestClient(create_app(analysis_settings(tmp_path))) as test_client:
        yield test_client


def hint(client: TestClient, table: str, token: str | None, seq: int) -> Any:
    """POST the hint request; the response (any status)."""
    headers = auth(token) if token else {}
    return client.post(f"/api/tables/{table}/hint", headers=headers, json={"seq": seq})


def finish(client: TestClient, table: str, seat_tokens: dict[int, str], seed: int = 0) -> None:
    """Play random moves until the table is over."""
    rng = random.Random(seed)
    while play_random_move(client, table, seat_tokens, rng) is not None:
        pass


def test_without_an_analysis_agent_hints_use_the_strongest_at_the_player_count(
    tmp_path: Path,
) -> None:
    """Two-player tables are analysed by their learned search (``expert``: Aztec's network's,
    the tree search on Akropolis's and Zapotec's leaf networks), three-player Zapotec by its own
    leaf network, three-player Akropolis (none ships) by hard."""
    pytest.importorskip("numpy")
    settings = analysis_settings(tmp_path, analysis_agent="", hint_seconds=0.05)
    with TestClient(create_app(settings)) as test_client:
        for game, players, agent, described in (
            ("aztec", 2, "expert", "network aztec 2p"),
            ("akropolis", 2, "expert", "learned leaf value"),
            ("zapotec", 2, "expert", "learned leaf value"),
            ("zapotec", 3, "expert", "learned leaf value"),
            ("akropolis", 3, "hard", "hard"),
        ):
            others = [{"kind": "ai", "agent": "random"}] * (players - 1)
            answer = create(test_client, game, [{"kind": "human"}, *others])
            table, token = answer["table"], tokens(answer)[0]
            mine = view(test_client, table, token)
            assert mine["legal"], game
            response = hint(test_client, table, token, mine["seq"])
            assert response.status_code == 200, response.text
            data = response.json()
            assert data["agent"] == agent and described in data["description"], data
            assert data["iterations"] > 0


def test_a_hint_against_ai_lists_three_legal_moves_with_values(client: TestClient) -> None:
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    table, token = answer["table"], tokens(answer)[0]
    mine = view(client, table, token)
    assert mine["hints"] == {"table": False, "allowed": True}
    response = hint(client, table, token, mine["seq"])
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["seat"] == 0 and data["players"] == 2 and data["agent"] == ANALYSIS_AGENT
    assert data["iterations"] == 30 and data["legal"] == len(mine["legal"])
    legal = {a["notation"]: a for a in mine["legal"]}
    assert len(data["moves"]) == 3
    for move in data["moves"]:
        assert move["id"] == legal[move["action"]]["id"]
        assert move["targets"] == legal[move["action"]]["targets"]
        assert 0.0 <= move["win_probability"] <= 1.0 and move["visits"] >= 1
    assert data["value"]["win_probability"] == data["moves"][0]["win_probability"]
    # Asked again: the same answer, byte for byte (computed once).
    assert hint(client, table, token, mine["seq"]).content == response.content
    # A stale seq is refused; nothing is played.
    stale = hint(client, table, token, mine["seq"] + 5)
    assert stale.status_code == 409 and "seq" in stale.json()["error"]["message"]
    assert view(client, table, token)["seq"] == mine["seq"]


def test_hints_are_refused_between_people_unless_the_table_agreed(client: TestClient) -> None:
    people = create(client, "aztec", [{"kind": "human"}, {"kind": "open"}])
    table = people["table"]
    joined = client.post(
        f"/api/tables/{table}/join", json={"invite": people["invites"][0]["invite"]}
    ).json()
    mine = view(client, table, tokens(people)[0])
    assert mine["hints"] == {"table": False, "allowed": False}
    refused = hint(client, table, tokens(people)[0], mine["seq"])
    assert refused.status_code == 403
    assert "hints are off" in refused.json()["error"]["message"]
    assert hint(client, table, joined["token"], mine["seq"]).status_code == 403
    # Without a token: a spectator may not ask at a running table.
    assert hint(client, table, None, mine["seq"]).status_code == 401
    assert client.get(f"/api/tables/{table}/replay/0/hint").status_code == 409

    # Created with hints on: every seat may ask, and the lobby and the views say so.
    agreed = create(client, "aztec", [{"kind": "human"}, {"kind": "open"}], hints=True)
    table = agreed["table"]
    listed = client.get("/api/tables?status=waiting").json()
    assert next(t for t in listed if t["table"] == table)["hints"] is True
    joined = client.post(
        f"/api/tables/{table}/join", json={"invite": agreed["invites"][0]["invite"]}
    ).json()
    first = view(client, table, tokens(agreed)[0])
    assert first["hints"] == {"table": True, "allowed": True}
    assert view(client, table, joined["token"])["hints"]["table"] is True
    assert hint(client, table, tokens(agreed)[0], first["seq"]).status_code == 200
    # ... at one's own turn only.
    other = hint(client, table, joined["token"], first["seq"])
    assert other.status_code == 409 and "your own turn" in other.json()["error"]["message"]
    # A hotseat table is people too.
    hotseat = create(client, "aztec", [{"kind": "human"}, {"kind": "human"}])
    seat_tokens = tokens(hotseat)
    assert hint(client, hotseat["table"], seat_tokens[0], 0).status_code == 403


def test_finished_games_have_hints_at_every_decision_of_their_replay(client: TestClient) -> None:
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "human"}], seed=5)
    table, seat_tokens = answer["table"], tokens(answer)
    finish(client, table, seat_tokens)
    final = view(client, table)
    assert final["status"] == "finished" and final["hints"]["allowed"] is True
    entries = len(final["log"])
    at_three = client.get(f"/api/tables/{table}/replay/3/hint")
    assert at_three.status_code == 200, at_three.text
    replayed = client.get(f"/api/tables/{table}/replay/3").json()
    assert at_three.json()["seat"] == replayed["to_move"]
    assert at_three.json()["position"] == 3
    # The end of the game is no decision; past the end there is nothing.
    assert client.get(f"/api/tables/{table}/replay/{entries}/hint").status_code == 409
    assert client.get(f"/api/tables/{table}/replay/{entries + 1}/hint").status_code == 404
    assert client.get("/api/tables/t_nothere/replay/1/hint").status_code == 404
    # The live endpoint points finished games to the replay's.
    assert hint(client, table, seat_tokens[0], final["seq"]).status_code == 409


def test_hints_are_rate_limited_per_token_or_address(tmp_path: Path) -> None:
    settings = analysis_settings(tmp_path, hint_per_minute=0.5, hint_burst=2)
    with TestClient(create_app(settings)) as client:
        answer = create(client, "aztec", [{"kind": "human"}, {"kind": "human"}], seed=2)
        table = answer["table"]
        finish(client, table, tokens(answer))
        assert client.get(f"/api/tables/{table}/replay/1/hint").status_code == 200
        assert client.get(f"/api/tables/{table}/replay/2/hint").status_code == 200
        # An answer already computed is given again without counting.
        assert client.get(f"/api/tables/{table}/replay/1/hint").status_code == 200
        limited = client.get(f"/api/tables/{table}/replay/3/hint")
        assert limited.status_code == 429
        assert limited.json()["error"]["code"] == "rate_limited"
        # Another seat token has its own allowance.
        other = client.get(f"/api/tables/{table}/replay/3/hint", headers=auth(tokens(answer)[1]))
        assert other.status_code == 200


def _zapotec_with_secrets(client: TestClient, seed: int) -> tuple[str, dict[int, str], list[str]]:
    """A hotseat Zapotec table (hints on) where seat 0 is to move and cannot see some cards."""
    seats = [{"kind": "human"}] * 3
    answer = create(client, "zapotec", seats, seed=seed, hints=True)
    table, seat_tokens = answer["table"], tokens(answer)
    service = client.app.state.services.service  # type: ignore[attr-defined]
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(400):
        state = service.runtime(table).state
        assert isinstance(state, ZapotecState)
        unseen = any(
            not state.known[seat] >> card & 1 for seat in (1, 2) for card in state.hands[seat]
        )
        if state.current_player == 0 and unseen and len(state.legal_actions()) > 2:
            return table, seat_tokens, played
        before = view(client, table)["seq"]
        assert play_random_move(client, table, seat_tokens, rng) is not None
        played.extend(
            e["text"] for e in view(client, table, seat_tokens[0])["log"] if e["seq"] > before
        )
    raise AssertionError("no decision with unseen cards")


def _twin_with_other_secrets(
    client: TestClient, table: str, seed: int, seat_tokens: dict[int, str]
) -> tuple[str, str]:
    """The same table again (same seed, same moves), then its cards unseen by seat 0 swapped."""
    service = client.app.state.services.service  # type: ignore[attr-defined]
    twin = create(client, "zapotec", [{"kind": "human"}] * 3, seed=seed, hints=True)
    twin_tokens = tokens(twin)
    record = service.runtime(table).state.record()
    for who, notation in record.entries:
        current = view(client, twin["table"])
        if who < 0:
            continue  # chance: the server drew the same outcome from the same seed
        response = client.post(
            f"/api/tables/{twin['table']}/actions",
            headers=auth(twin_tokens[who]),
            json={"seq": current["seq"], "action": notation},
        )
        assert response.status_code == 200, response.text
    runtime = service.runtime(twin["table"])
    assert runtime.state.position() == service.runtime(table).state.position()
    truth = runtime.state
    for k in range(50):
        other = truth.determinize(0, derive_rng(k, "another world"))
        if other.hands[1:] != truth.hands[1:]:
            break
    else:
        raise AssertionError("no other world")
    assert other.observation(0) == truth.observation(0)
    runtime.state = other  # the twin now holds other cards in the hands seat 0 cannot see
    return twin["table"], twin_tokens[0]


def test_a_hint_uses_only_what_the_asking_seat_can_see(client: TestClient) -> None:
    table, seat_tokens, _ = _zapotec_with_secrets(client, seed=8)
    twin, twin_token = _twin_with_other_secrets(client, table, 8, seat_tokens)
    seq = view(client, table)["seq"]
    first = hint(client, table, seat_tokens[0], seq)
    second = hint(client, twin, twin_token, seq)
    assert first.status_code == 200, first.text
    assert first.content == second.content


def test_the_swap_test_tells_a_peeking_hint_apart(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Control: with determinization switched off (the true state searched), the answers differ."""
    table, seat_tokens, _ = _zapotec_with_secrets(client, seed=8)
    twin, twin_token = _twin_with_other_secrets(client, table, 8, seat_tokens)
    monkeypatch.setattr(ZapotecState, "determinize", lambda self, player, rng: self.clone())
    seq = view(client, table)["seq"]
    first = hint(client, table, seat_tokens[0], seq)
    second = hint(client, twin, twin_token, seq)
    assert first.status_code == second.status_code == 200
    assert first.content != second.content


def test_a_finished_game_is_reviewed_once_per_seat_as_the_cli_would(client: TestClient) -> None:
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    table, seat_tokens = answer["table"], tokens(answer)
    # Not before the end.
    assert client.post(f"/api/tables/{table}/review", json={"seat": 0}).status_code == 409
    rng = random.Random(1)
    while True:
        current = wait_for(client, table, lambda v: v["status"] == "finished" or v["to_move"] == 0)
        if current["status"] == "finished":
            break
        play_random_move(client, table, seat_tokens, rng)
    none = client.get(f"/api/tables/{table}/review/0").json()
    assert none["status"] == "none" and none["review"] is None
    assert client.post(f"/api/tables/{table}/review", json={"seat": 2}).status_code == 400
    started = client.post(f"/api/tables/{table}/review", json={"seat": 0})
    assert started.status_code in (200, 202), started.text
    deadline = time.monotonic() + 120
    while True:
        state = client.get(f"/api/tables/{table}/review/0").json()
        assert state["status"] in ("running", "done"), state
        assert 0 <= state["done"] <= state["total"]
        if state["status"] == "done":
            break
        assert time.monotonic() < deadline
        time.sleep(0.05)
    review = state["review"]
    record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
    mine = [i for i, (who, _) in enumerate(record.entries) if who == 0]
    assert state["total"] == state["done"] == len(mine)
    assert [d["entry"] for d in review["decisions"]] == mine
    log = view(client, table)["log"]
    assert [d["seq"] for d in review["decisions"]] == [log[i]["seq"] for i in mine]
    # The same analysis as `stonework analyse RECORD --seat 0 --agent ... --seed 0`.
    cli = analyse_record(record, agent=ANALYSIS_AGENT, seat=0, seed=0)
    expected = [decision_json(d, 2) for d in cli.decisions]
    assert [{k: v for k, v in d.items() if k != "seq"} for d in review["decisions"]] == expected
    summary = review["summary"]
    assert summary["seat"] == 0 and summary["judged"] == cli.summaries()[0].judged
    for costly in summary["costliest"]:
        assert costly["seq"] == log[costly["entry"]]["seq"] and costly["better"]
    # Asked again: the stored review, not a second computation.
    again = client.post(f"/api/tables/{table}/review", json={"seat": 0})
    assert again.status_code == 200 and again.json() == state


def test_hint_and_review_errors_are_json(client: TestClient) -> None:
    assert client.post("/api/tables/t_none/hint", json={"seq": 0}).status_code == 404
    assert client.post("/api/tables/t_none/review", json={"seat": 0}).status_code == 404
    assert client.get("/api/tables/t_none/review/0").status_code == 404
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    table = answer["table"]
    bad = client.post(f"/api/tables/{table}/hint", headers=auth("x" * 30), json={"seq": 0})
    assert bad.status_code == 401
    assert client.post(f"/api/tables/{table}/hint", json={"seq": "0"}).status_code == 400
    assert client.post(f"/api/tables/{table}/review", json={"seat": 0, "x": 1}).status_code == 400
