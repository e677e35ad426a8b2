"""The undo policy: never across another person's action, a chance outcome or a reveal."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import auth, create, tokens, view, wait_for


def move(client: TestClient, table: str, token: str, choice: int = 0) -> dict[str, Any]:
    mine = view(client, table, token)
    legal = mine["legal"]
    response = client.post(
        f"/api/tables/{table}/actions",
        headers=auth(token),
        json={"seq": mine["seq"], "action_id": legal[choice % len(legal)]["id"]},
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def undo(client: TestClient, table: str, token: str) -> Any:
    seq = view(client, table)["seq"]
    return client.post(f"/api/tables/{table}/undo", headers=auth(token), json={"seq": seq})


def same_position(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("observation", "legal", "log", "to_move", "svg")
    return all(a[k] == b[k] for k in keys)


def test_undo_against_ai_takes_back_the_reply(client: TestClient) -> None:
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    table, token = answer["table"], tokens(answer)[0]
    wait_for(client, table, lambda v: v["to_move"] == 0)
    before = view(client, table, token)
    assert before["undo"] == {"allowed": False}
    move(client, table, token)
    replied = wait_for(client, table, lambda v: v["to_move"] == 0)
    assert replied["log"][-1]["seat"] == 1
    assert view(client, table, token)["undo"] == {"allowed": True}
    response = undo(client, table, token)
    assert response.status_code == 200
    after = response.json()
    assert same_position(after, before) and after["seq"] == replied["seq"] + 1
    # the board the answer names is the drawing it carries
    assert client.get(after["board"], headers=auth(token)).text == after["svg"]
    assert after["undo"] == {"allowed": False}


def test_no_undo_across_another_persons_move(client: TestClient) -> None:
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "human"}])
    table, seats = answer["table"], tokens(answer)
    first = view(client, table)["to_move"]
    move(client, table, seats[first])
    assert view(client, table, seats[first])["undo"]["allowed"] is True
    assert view(client, table)["undo"]["allowed"] is False  # a spectator never may
    move(client, table, seats[1 - first])
    assert view(client, table, seats[first])["undo"]["allowed"] is False
    before = view(client, table)
    response = undo(client, table, seats[first])
    assert response.status_code == 409 and "a person" in response.json()["error"]["message"]
    assert view(client, table) == before
    # the other seat may still take back its own move
    assert undo(client, table, seats[1 - first]).status_code == 200


def test_no_undo_across_a_chance_outcome(client: TestClient) -> None:
    answer = create(client, "akropolis", [{"kind": "human"}, {"kind": "human"}], seed=3)
    table, seats = answer["table"], tokens(answer)
    for _ in range(30):
        current = view(client, table)
        mover = current["to_move"]
        move(client, table, seats[mover])
        after = view(client, table)
        if after["log"][-1]["kind"] == "chance":
            assert view(client, table, seats[mover])["undo"]["allowed"] is False
            response = undo(client, table, seats[mover])
            assert response.status_code == 409 and "chance" in response.json()["error"]["message"]
            assert view(client, table)["seq"] == after["seq"]
            return
        assert view(client, table, seats[mover])["undo"]["allowed"] is True
    raise AssertionError("no chance outcome followed a move")


def test_undo_steps_back_through_a_multi_step_turn_until_a_reveal(client: TestClient) -> None:
    """Zapotec: each decision of one's own turn can be taken back, never a reveal of cards."""
    answer = create(client, "zapotec", [{"kind": "human"}] * 3, seed=11)
    table, seats = answer["table"], tokens(answer)
    rng = random.Random(11)
    undone = blocked = 0
    for _ in range(120):
        current = view(client, table)
        if current["status"] != "running":
            break
        mover = current["to_move"]
        before = view(client, table, seats[mover])
        move(client, table, seats[mover], rng.randrange(1000))
        mine = view(client, table, seats[mover])
        if mine["undo"]["allowed"]:
            if rng.random() < 0.4:
                response = undo(client, table, seats[mover])
                assert response.status_code == 200
                assert same_position(response.json(), before)
                undone += 1
        else:
            blocked += 1
            snapshot = view(client, table)
            assert undo(client, table, seats[mover]).status_code == 409
            assert view(client, table) == snapshot
            entries = [e for e in mine["log"] if e["seq"] > before["seq"]]
            # refused only because of a reveal (the commit that showed everyone's card) or chance
            assert entries[0]["seat"] == mover
    assert undone >= 5 and blocked >= 1
