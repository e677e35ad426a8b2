"""The view and the drawing in French, the Aztec drawing turned, and Zapotec's action effects."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient
from server_helpers import auth, create, tokens, view

HUMAN = {"kind": "human", "name": "Ana"}
TARGET = re.compile(r'data-target="([^"]+)"')


def test_the_aztec_board_turns_four_ways_and_keeps_its_targets(client: TestClient) -> None:
    answer = create(client, "aztec", [HUMAN, {"kind": "human"}])
    table, token = answer["table"], tokens(answer)[0]
    client.post(
        f"/api/tables/{table}/actions", json={"seq": 0, "action": "EN-d4-1"}, headers=auth(token)
    )
    drawings = []
    for turn in range(4):
        response = client.get(f"/api/tables/{table}/board?view={turn}", headers=auth(token))
        assert response.status_code == 200, response.text
        board = response.json()
        assert (board["view"], board["views"], board["seq"]) == (turn, 4, 1)
        ET.fromstring(board["svg"])
        drawings.append(board["svg"])
    assert len(set(drawings)) == 4
    targets = [set(TARGET.findall(svg)) for svg in drawings]
    assert all(t == targets[0] for t in targets) and "cell:d4" in targets[0]
    assert drawings[0] == view(client, table, token)["svg"]
    for bad in ("view=4", "view=-1", "view=x", "lang=de"):
        response = client.get(f"/api/tables/{table}/board?{bad}")
        assert response.status_code == 400, bad
        assert response.json()["error"]["code"] == "bad_request"


def test_a_game_with_one_drawing_refuses_a_turn(client: TestClient) -> None:
    table = create(client, "akropolis", [HUMAN, {"kind": "human"}])["table"]
    assert client.get(f"/api/tables/{table}/board?view=0").status_code == 200
    response = client.get(f"/api/tables/{table}/board?view=1")
    assert response.status_code == 400
    assert "view must be from 0 to 0" in response.json()["error"]["message"]


def test_french_view_board_descriptions_and_refusal(client: TestClient) -> None:
    answer = create(client, "aztec", [HUMAN, {"kind": "human"}])
    table, token = answer["table"], tokens(answer)[0]
    english = view(client, table, token)
    french = client.get(f"/api/tables/{table}?lang=fr", headers=auth(token)).json()
    assert "to place a piece" in english["turn"] and "pose une pièce" in french["turn"]
    assert "bâtisseur N/S" in french["svg"] and "builder" not in french["svg"]
    assert [a["notation"] for a in french["legal"]] == [a["notation"] for a in english["legal"]]
    first = french["legal"][0]
    assert first["text"].startswith("poser ") and first["notation"] in first["label"]
    board = client.get(f"/api/tables/{table}/board?view=2&lang=fr", headers=auth(token)).json()
    assert "(NE)" in board["svg"] and "la vue 3D est vue depuis ce coin" in board["svg"]
    refused = client.post(
        f"/api/tables/{table}/actions?lang=fr",
        json={"seq": 0, "action": "EN-a1-1"},
        headers=auth(token),
    )
    assert refused.status_code == 422
    message = refused.json()["error"]["message"]
    assert "n'est pas permis" in message and "is not legal" not in message
    again = client.post(
        f"/api/tables/{table}/actions", json={"seq": 0, "action": "EN-a1-1"}, headers=auth(token)
    )
    assert "is not legal" in again.json()["error"]["message"]
    assert view(client, table, token)["seq"] == 0


def test_zapotec_legal_actions_carry_their_effects(client: TestClient) -> None:
    answer = create(client, "zapotec", [HUMAN, {"kind": "human"}])
    table, token = answer["table"], tokens(answer)[0]
    current = view(client, table, token)
    assert current["legal"]
    for action in current["legal"]:
        assert set(action["effects"]) == {"pay", "gain", "use"}
        assert action["text"].startswith("choose card")
    french = client.get(f"/api/tables/{table}?lang=fr", headers=auth(token)).json()
    assert french["legal"][0]["text"].startswith("choisir la carte")


def test_the_websocket_speaks_the_hello_language(client: TestClient) -> None:
    answer = create(client, "akropolis", [HUMAN, {"kind": "human"}])
    table, token = answer["table"], tokens(answer)[0]
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": token, "since": 0, "lang": "fr"})
        frame = ws.receive_json()
        assert frame["type"] == "update"
        assert "Chantier" in frame["view"]["svg"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": token, "since": 0, "lang": "xx"})
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["error"]["code"] == "bad_request"


def test_a_stale_move_and_a_refused_undo_are_explained_in_french(client: TestClient) -> None:
    answer = create(client, "aztec", [HUMAN, {"kind": "human"}])
    table, token = answer["table"], tokens(answer)[0]
    played = client.post(
        f"/api/tables/{table}/actions", json={"seq": 0, "action": "EN-d4-1"}, headers=auth(token)
    )
    assert played.status_code == 200, played.text
    stale = client.post(
        f"/api/tables/{table}/actions?lang=fr",
        json={"seq": 0, "action": "EN-d4-1"},
        headers=auth(token),
    )
    assert stale.status_code == 409
    message = stale.json()["error"]["message"]
    assert message == "la partie en est au coup 1, pas 0 : rechargez-la (coup en retard ou répété)"
    english = client.post(
        f"/api/tables/{table}/undo", json={"seq": 0}, headers=auth(tokens(answer)[1])
    )
    assert english.json()["error"]["message"] == "the table is at seq 1, not 0: reload it"
    refused = client.post(
        f"/api/tables/{table}/undo?lang=fr", json={"seq": 1}, headers=auth(tokens(answer)[1])
    )
    assert refused.status_code == 409
    assert refused.json()["error"]["message"] == (
        "annulation impossible : le siège 0 (une personne) a joué depuis"
    )
    assert view(client, table, token)["seq"] == 1
