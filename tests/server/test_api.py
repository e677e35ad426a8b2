"""The HTTP API of docs/server.md: each endpoint, each error code, and that a refusal changes nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, make_settings, play_random_move, tokens, view, wait_for

import stonework
from stonework.server.app import create_app

HUMANS2 = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code
    message: str = body["error"]["message"]
    assert message and "Traceback" not in message
    return message


def snapshot(client: TestClient, table: str) -> str:
    return json.dumps(view(client, table), sort_keys=True)


def test_the_expert_seat_is_offered_where_a_network_ships(client: TestClient) -> None:
    pytest.importorskip("numpy")
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["aztec"]["expert_players"] == [2]
    assert games["akropolis"]["expert_players"] == [2]  # the leaf network
    assert games["zapotec"]["expert_players"] == [2, 3, 4]  # the leaf networks
    for game, agent, message in (
        ("akropolis", "az", "no network is shipped"),
        ("akropolis", "hard:leafnet=/etc/passwd", "leafnet=PATH is not accepted"),
        ("akropolis", "expert:rollout=0.2", "rollout does not apply"),
        ("aztec", f"expert:network={stonework.__file__}", "network= is not accepted"),
        ("aztec", "expert:rollout=3", "rollout is a weight"),
    ):
        seats = [HUMANS2[0], {"kind": "ai", "agent": agent}]
        answer = client.post("/api/tables", json={"game": game, "seats": seats})
        assert message in error_of(answer, 422, "invalid_option"), (game, agent)
    three = [HUMANS2[0], HUMANS2[1], {"kind": "ai", "agent": "expert"}]
    answer = client.post("/api/tables", json={"game": "akropolis", "seats": three})
    assert "no network is shipped" in error_of(answer, 422, "invalid_option")
    answer = create(client, "aztec", [HUMANS2[0], {"kind": "ai", "agent": "expert:iterations=20"}])
    table = answer["table"]
    play_random_move(client, table, tokens(answer), random.Random(0))
    wait_for(client, table, lambda v: v["seq"] >= 2)  # the expert seat answered


def test_games_are_listed_with_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"akropolis", "aztec", "zapotec"} <= set(games)
    zapotec = games["zapotec"]
    assert zapotec["min_players"] == 2 and zapotec["max_players"] == 4
    assert zapotec["hidden_information"] is True and zapotec["chance"] is True
    for option in games["aztec"]["options"]:
        assert {"name", "default", "choices", "description", "assumed"} <= set(option)


def test_create_view_and_play(client: TestClient) -> None:
    answer = create(client, "aztec", HUMANS2)
    table, seats = answer["table"], tokens(answer)
    assert answer["invites"] == [] and set(seats) == {0, 1}
    spectator = view(client, table)
    assert (
        spectator["you"] is None and spectator["legal"] == [] and spectator["status"] == "running"
    )
    first = view(client, table, seats[spectator["to_move"]])
    other = view(client, table, seats[1 - spectator["to_move"]])
    assert first["legal"] and other["legal"] == []
    assert all({"id", "notation", "label", "targets"} <= set(a) for a in first["legal"])
    move = first["legal"][0]
    response = client.post(
        f"/api/tables/{table}/actions",
        headers=auth(seats[first["you"]]),
        json={"seq": first["seq"], "action": move["notation"]},
    )
    after = response.json()
    assert response.status_code == 200 and after["seq"] == first["seq"] + 1
    assert after["last"]["text"] == move["notation"] and after["log"][-1] == after["last"]


def test_every_error_code_and_nothing_changes(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path))
    with TestClient(app) as client:
        answer = create(client, "aztec", HUMANS2)
        table, seats = answer["table"], tokens(answer)
        other_table = create(client, "aztec", HUMANS2, seed=2)
        other_token = tokens(other_table)[0]
        start = view(client, table)
        mover, waiter = seats[start["to_move"]], seats[1 - start["to_move"]]
        legal = view(client, table, mover)["legal"]
        url = f"/api/tables/{table}/actions"
        before = snapshot(client, table)

        # 400: malformed JSON, unknown field, wrong type, neither/both action forms
        error_of(
            client.post(
                url,
                headers=auth(mover),
                content=b"{seq:",
            ),
            400,
            "bad_request",
        )
        error_of(
            client.post(url, headers=auth(mover), json={"seq": 0, "action": "x", "extra": 1}),
            400,
            "bad_request",
        )
        error_of(
            client.post(url, headers=auth(mover), json={"seq": "0", "action": "x"}),
            400,
            "bad_request",
        )
        error_of(client.post(url, headers=auth(mover), json={"seq": 0}), 400, "bad_request")
        error_of(
            client.post(url, headers=auth(mover), json={"seq": 0, "action": "x", "action_id": 1}),
            400,
            "bad_request",
        )
        # 401: no token, unknown token, malformed header
        error_of(
            client.post(url, json={"seq": 0, "action": legal[0]["notation"]}), 401, "unauthorized"
        )
        error_of(
            client.post(url, headers=auth("not-a-token"), json={"seq": 0, "action": "x"}),
            401,
            "unauthorized",
        )
        error_of(client.get(f"/api/tables/{table}", headers=auth("nope")), 401, "unauthorized")
        error_of(
            client.post(
                url, headers={"Authorization": "Basic abc"}, json={"seq": 0, "action": "x"}
            ),
            401,
            "unauthorized",
        )
        # 403: another table's token, the seat that is not to move
        error_of(
            client.post(
                url, headers=auth(other_token), json={"seq": 0, "action": legal[0]["notation"]}
            ),
            403,
            "forbidden",
        )
        error_of(client.get(f"/api/tables/{table}", headers=auth(other_token)), 403, "forbidden")
        error_of(
            client.post(url, headers=auth(waiter), json={"seq": 0, "action": legal[0]["notation"]}),
            403,
            "forbidden",
        )
        # 404: table, game, invite, path
        error_of(client.get("/api/tables/t_doesnotexist"), 404, "not_found")
        error_of(client.get("/api/tables/t_%2E%2E%2Fx"), 404, "not_found")
        error_of(
            client.post("/api/tables", json={"game": "chess", "seats": HUMANS2}), 404, "not_found"
        )
        error_of(
            client.post(f"/api/tables/{table}/join", json={"invite": "nope"}), 404, "not_found"
        )
        error_of(client.get("/api/nothing-here"), 404, "not_found")
        # 409: stale seq
        error_of(
            client.post(url, headers=auth(mover), json={"seq": 5, "action": legal[0]["notation"]}),
            409,
            "conflict",
        )
        # 413: a body over 64 KiB
        error_of(
            client.post(
                url, headers=auth(mover), content=b'{"seq": 0, "action": "' + b"x" * 70_000 + b'"}'
            ),
            413,
            "too_large",
        )
        # 422: illegal (the engine's message), malformed notation, bad id
        message = error_of(
            client.post(url, headers=auth(mover), json={"seq": 0, "action": "EN-a1-1"}),
            422,
            "illegal_action",
        )
        assert "EN-a1-1" in message
        error_of(
            client.post(url, headers=auth(mover), json={"seq": 0, "action": "hello"}),
            422,
            "illegal_action",
        )
        error_of(
            client.post(url, headers=auth(mover), json={"seq": 0, "action_id": 10**8}),
            422,
            "illegal_action",
        )
        # 422: invalid options, player counts, agents
        error_of(
            client.post(
                "/api/tables", json={"game": "aztec", "seats": HUMANS2, "options": {"nope": 1}}
            ),
            422,
            "invalid_option",
        )
        error_of(
            client.post("/api/tables", json={"game": "aztec", "seats": HUMANS2 * 3}),
            422,
            "invalid_option",
        )
        error_of(
            client.post(
                "/api/tables",
                json={"game": "aztec", "seats": [HUMANS2[0], {"kind": "ai", "agent": "oracle"}]},
            ),
            422,
            "invalid_option",
        )
        error_of(
            client.post(
                "/api/tables",
                json={
                    "game": "aztec",
                    "seats": [HUMANS2[0], {"kind": "ai", "agent": "mcts:9999s"}],
                },
            ),
            422,
            "invalid_option",
        )
        assert snapshot(client, table) == before

        # the move, then the same move again: 409, applied once
        body = {"seq": 0, "action": legal[0]["notation"]}
        assert client.post(url, headers=auth(mover), json=body).status_code == 200
        error_of(client.post(url, headers=auth(mover), json=body), 409, "conflict")
        assert view(client, table)["seq"] == 1 and len(view(client, table)["log"]) == 1
        # a finished table refuses moves and resignations
        assert (
            client.post(f"/api/tables/{table}/resign", headers=auth(waiter), json={}).status_code
            == 200
        )
        error_of(
            client.post(url, headers=auth(mover), json={"seq": 2, "action": "x"}), 409, "conflict"
        )
        error_of(
            client.post(f"/api/tables/{table}/resign", headers=auth(mover), json={}),
            409,
            "conflict",
        )


def test_rate_limit_per_token(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, rate_per_second=0.01, rate_burst=5))
    with TestClient(app) as client:
        answer = create(client, "aztec", HUMANS2)
        token = tokens(answer)[0]
        codes = [
            client.get(f"/api/tables/{answer['table']}", headers=auth(token)).status_code
            for _ in range(8)
        ]
        assert codes[:5] == [200] * 5 and codes[-1] == 429
        error_of(
            client.get(f"/api/tables/{answer['table']}", headers=auth(token)), 429, "rate_limited"
        )


def test_open_seat_join_flow(client: TestClient) -> None:
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "open"}])
    table = answer["table"]
    [invite] = answer["invites"]
    assert invite["seat"] == 1 and invite["url"] == f"/t/{table}?invite={invite['invite']}"
    waiting = view(client, table)
    assert waiting["status"] == "waiting" and waiting["to_move"] is None
    host = tokens(answer)[0]
    error_of(
        client.post(
            f"/api/tables/{table}/actions", headers=auth(host), json={"seq": 0, "action": "x"}
        ),
        409,
        "conflict",
    )
    joined = client.post(
        f"/api/tables/{table}/join", json={"invite": invite["invite"], "name": "Cy"}
    )
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    error_of(
        client.post(f"/api/tables/{table}/join", json={"invite": invite["invite"]}), 409, "conflict"
    )
    running = view(client, table, joined.json()["token"])
    assert running["status"] == "running" and running["you"] == 1
    assert running["seats"][1]["name"] == "Cy"


def test_game_to_the_end_record_replay_and_rematch(client: TestClient) -> None:
    answer = create(client, "aztec", HUMANS2, seed=4)
    table, seats = answer["table"], tokens(answer)
    error_of(client.get(f"/api/tables/{table}/record"), 409, "conflict")
    rng = random.Random(4)
    while play_random_move(client, table, seats, rng) is not None:
        pass
    final = view(client, table)
    assert final["status"] == "finished" and final["result"]["resigned"] is None
    record = client.get(f"/api/tables/{table}/record").json()
    state = stonework.replay(record)
    assert state.is_terminal and [s.total for s in state.scores()] == final["result"]["scores"]
    count = len(final["log"])
    middle = client.get(f"/api/tables/{table}/replay/{count // 2}?perspective=0").json()
    assert middle["n"] == count // 2 and len(middle["log"]) == count // 2
    error_of(client.get(f"/api/tables/{table}/replay/{count + 1}"), 404, "not_found")
    again = client.post(f"/api/tables/{table}/rematch", headers=auth(seats[1]), json={})
    assert again.status_code == 201
    new_table = again.json()["table"]
    assert new_table != table and view(client, table)["rematch"] == new_table
    # the people keep their tokens and seats; asking twice gives the same table
    assert view(client, new_table, seats[0])["you"] == 0
    assert (
        client.post(f"/api/tables/{table}/rematch", headers=auth(seats[0])).json()["table"]
        == new_table
    )
    listed = {t["table"] for t in client.get("/api/tables?status=finished").json()}
    assert table in listed and new_table not in listed


def test_ai_seat_answers_through_the_same_log(client: TestClient) -> None:
    answer = create(client, "aztec", [{"kind": "human"}, {"kind": "ai", "agent": "random"}], seed=5)
    table, seats = answer["table"], tokens(answer)
    current = wait_for(client, table, lambda v: v["to_move"] == 0)
    mine = view(client, table, seats[0])
    client.post(
        f"/api/tables/{table}/actions",
        headers=auth(seats[0]),
        json={"seq": mine["seq"], "action_id": mine["legal"][0]["id"]},
    )
    replied = wait_for(client, table, lambda v: v["seq"] >= current["seq"] + 2)
    assert replied["log"][-1]["seat"] == 1 and replied["to_move"] == 0


def test_client_pages(tmp_path: Path) -> None:
    # A folder without a build (the package's own may hold one: make test builds the client).
    unbuilt = tmp_path / "unbuilt"
    with TestClient(create_app(make_settings(tmp_path, static_dir=unbuilt))) as client:
        page = client.get("/t/t_abc")
        assert page.status_code == 200 and "not built" in page.text
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<html>client</html>")
    (static / "app.js").write_text("console.log(1)")
    with TestClient(create_app(make_settings(tmp_path, static_dir=static))) as client:
        assert client.get("/t/t_abc").text == "<html>client</html>"
        assert client.get("/app.js").text == "console.log(1)"
        assert client.get("/../../etc/passwd").text == "<html>client</html>"


NASTY = [
    "",
    " ",
    "\x00",
    "é" * 50,
    "-1",
    "999999999999999999999",
    "play -3",
    "play 99999",
    "deal 1",
    "build x slot 0",
    "2@0,0/9",
    "1@99999,-99999/0",
    "EN-z9-9",
    "done done",
    "\ud800",
    "%s%n",
    "None",
]


def test_odd_actions_are_refused_with_422_on_every_game(client: TestClient) -> None:
    """Whatever text or id arrives, each engine's refusal is a 422 (400 for broken Unicode)."""
    rng = random.Random(9)
    for game, seats in (("aztec", 2), ("akropolis", 2), ("zapotec", 3)):
        answer = create(client, game, [{"kind": "human"}] * seats, seed=9)
        table, held = answer["table"], tokens(answer)
        mover, seq = view(client, table)["to_move"], view(client, table)["seq"]
        before = snapshot(client, table)
        url = f"/api/tables/{table}/actions"
        texts = [
            *NASTY,
            *(
                "".join(
                    rng.choice("0123456789 .,@/-:>+abcxyz") for _ in range(rng.randrange(1, 20))
                )
                for _ in range(40)
            ),
        ]
        for text in texts:
            legal = {a["notation"] for a in view(client, table, held[mover])["legal"]}
            if text in legal or not text:
                continue
            body = json.dumps({"seq": seq, "action": text}).encode()  # \ud800 stays escaped
            response = client.post(
                url,
                headers={**auth(held[mover]), "Content-Type": "application/json"},
                content=body,
            )
            expected = 400 if text == "\ud800" else 422
            assert response.status_code == expected, (game, text, response.text)
        for action_id in (-1, 10**9, 2**31, 123456):
            response = client.post(
                url, headers=auth(held[mover]), json={"seq": seq, "action_id": action_id}
            )
            assert response.status_code in (400, 422), (game, action_id, response.text)
        assert snapshot(client, table) == before


def test_an_ai_seat_plays_only_the_shipped_network(client: TestClient) -> None:
    """``az`` seats take the network shipped for the table; a client never names a file."""
    messages = []
    for path in (stonework.__file__, "/no/such/network.npz"):  # one file exists, one does not
        seats = [HUMANS2[0], {"kind": "ai", "agent": f"az:network={path}"}]
        answer = client.post("/api/tables", json={"game": "aztec", "seats": seats})
        messages.append(error_of(answer, 422, "invalid_option").replace(str(path), "PATH"))
    # the same answer whether the file exists or not: the server never opened it
    assert messages[0] == messages[1] and "network= is not accepted" in messages[0]
    akropolis = [HUMANS2[0], {"kind": "ai", "agent": "az"}]
    answer = client.post("/api/tables", json={"game": "akropolis", "seats": akropolis})
    assert "no network is shipped" in error_of(answer, 422, "invalid_option")
    aztec = [HUMANS2[0], {"kind": "ai", "agent": "az:iterations=20"}]
    answer = create(client, "aztec", aztec)
    table = answer["table"]
    play_random_move(client, table, tokens(answer), random.Random(0))
    wait_for(client, table, lambda v: v["seq"] >= 2)  # the az seat answered
