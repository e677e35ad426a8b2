"""Hidden information never leaves the server for a seat that may not see it (Zapotec, 4 players).

Every HTTP answer and WebSocket frame that each seat and a spectator receive during a game
(views, move logs, action and undo answers, error messages) is checked two ways:

* no token the engine names as hidden from that viewer (``hidden_tokens``) appears in it, and no
  readable log entry names a card that was hidden from the viewer when it was made;
* swapping the hidden parts (the state determinized for that viewer) leaves the bytes of the
  view's state-derived parts unchanged.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import auth, create, tokens

from stonework.core.rng import derive_rng
from stonework.server.runtime import Runtime
from stonework.server.views import build_view

VIEWERS: list[int | None] = [0, 1, 2, 3, None]
CARD_IN_TEXT = re.compile(r"\b(?:deal|play|draft) (\d+)\b")
STATE_PARTS = ("observation", "svg", "legal", "scores", "turn", "to_move")


def hidden_card_words(tokens_: set[str]) -> list[str]:
    """The hidden cards also as notation would write them (``deal 14``, ``play 14``)."""
    out = []
    for token in tokens_:
        number = int(token.lstrip("#"))
        out += [f"deal {number}", f"play {number}", f"draft {number}"]
    return out


class Checker:
    def __init__(self, client: TestClient, table: str) -> None:
        self.client = client
        self.table = table
        self.service = client.app.state.services.service  # type: ignore[attr-defined]
        self.hidden_at: dict[int, dict[int | None, set[str]]] = {}
        self.checked = 0
        self.boards = 0

    def runtime(self) -> Runtime:
        runtime: Runtime = self.service.runtime(self.table)
        return runtime

    def note_entries(self) -> None:
        """Remember what each viewer could not see when each new entry was made."""
        runtime = self.runtime()
        hidden = {v: runtime.state.hidden_tokens(v) for v in VIEWERS}
        for entry in runtime.entries:
            self.hidden_at.setdefault(entry.seq, hidden)

    def check(self, viewer: int | None, payload: Any) -> None:
        text = json.dumps(payload)
        runtime = self.runtime()
        hidden = runtime.state.hidden_tokens(viewer)
        for token in hidden:
            assert token not in text, f"{token} leaked to {viewer}"
        words = hidden_card_words(hidden)
        if words:
            found = re.search(r"\b(?:" + "|".join(words) + r")\b", text)
            assert found is None, f"{found.group(0)!r} leaked to {viewer}"
        for entry in _log_entries(payload):
            for number in CARD_IN_TEXT.findall(entry["text"]):
                then = self.hidden_at.get(entry["seq"], {}).get(viewer, set())
                assert f"#{int(number):02d}" not in then, f"log {entry} leaked to {viewer}"
        self.checked += 1

    def check_error(self, viewer: int, sent: str, payload: Any) -> None:
        """An error message is the same in every world the viewer cannot tell from the true one."""
        assert payload["error"]["code"] == "illegal_action"
        state = self.runtime().state
        for index in range(3):
            world = state.determinize(viewer, derive_rng(index, "error"))
            try:
                world.apply(world.parse_action(sent))
            except ValueError as exc:
                assert str(exc) == payload["error"]["message"], (
                    f"the message depends on hidden cards: {exc}"
                )
            else:
                raise AssertionError(f"{sent} is legal in a world {viewer} cannot tell apart")
        self.checked += 1

    def check_board(self, viewer: int | None, token: str | None, frame: Any) -> None:
        """The board a frame names, fetched with the viewer's token: checked like any answer,
        byte for byte the frame's own drawing and the one :meth:`swap_check` proves independent
        of hidden parts."""
        headers = auth(token) if token is not None else {}
        response = self.client.get(frame["view"]["board"], headers=headers)
        runtime = self.runtime()
        if frame["view"]["seq"] < runtime.seq:
            # a frame read late (one per seat connecting is still queued): its board is gone
            assert response.status_code == 409, response.text
            self.check(viewer, response.json())
            return
        assert response.status_code == 200, response.text
        assert response.headers["vary"] == "Authorization"
        self.check(viewer, response.text)
        assert response.text == frame["view"]["svg"]
        self.boards += 1
        with runtime.lock:
            expected = build_view(runtime, viewer, set())["svg"]
        assert response.text == expected
        self.checked += 1

    def swap_check(self, viewer: int | None) -> None:
        """The view built on a world with the hidden parts re-dealt has the same bytes."""
        runtime = self.runtime()
        with runtime.lock:
            true_view = build_view(runtime, viewer, set())
            for index in range(2):
                world = runtime.state.determinize(
                    viewer if viewer is not None else 0, derive_rng(index, "swap")
                )
                swapped = Runtime(
                    runtime.row, runtime.seats, world, runtime.events, runtime.entries
                )
                other = build_view(swapped, viewer, set())
                for part in STATE_PARTS:
                    assert json.dumps(other[part], sort_keys=True) == json.dumps(
                        true_view[part], sort_keys=True
                    ), f"{part} of {viewer}'s view depends on what {viewer} cannot see"


def _log_entries(payload: Any) -> list[dict[str, Any]]:
    if not isinstance(payload, dict):
        return []
    entries: list[dict[str, Any]] = []
    body = payload.get("view", payload)
    if isinstance(body, dict):
        entries += [e for e in body.get("log", []) if isinstance(e, dict)]
    entries += [e for e in payload.get("events", []) if isinstance(e, dict)]
    return entries


def test_no_hidden_card_reaches_another_seat_or_a_spectator(client: TestClient) -> None:
    answer = create(client, "zapotec", [{"kind": "human"}] * 4, seed=21)
    table, seats = answer["table"], tokens(answer)
    checker = Checker(client, table)
    checker.note_entries()
    rng = random.Random(21)
    sockets: dict[int | None, Any] = {}
    path = f"/api/tables/{table}/ws"
    contexts = [client.websocket_connect(path) for _ in VIEWERS]
    try:
        for viewer, context in zip(VIEWERS, contexts, strict=True):
            ws = context.__enter__()
            ws.send_json(
                {
                    "type": "hello",
                    "token": seats.get(viewer) if viewer is not None else None,
                    "since": 0,
                }
            )
            checker.check(viewer, ws.receive_json())
            sockets[viewer] = ws
        undos = 0
        for _step in range(80):
            views = {}
            for viewer in VIEWERS:
                headers = auth(seats[viewer]) if viewer is not None else {}
                response = client.get(f"/api/tables/{table}", headers=headers)
                checker.check(viewer, response.json())
                views[viewer] = response.json()
            current = views[None]
            if current["status"] != "running":
                break
            mover = current["to_move"]
            if _step % 10 == 0:
                checker.swap_check(mover)
                checker.swap_check(None)
                checker.swap_check((mover + 1) % 4)
            # an illegal try naming every card: the message must not confirm anyone's hand
            held = set(checker.runtime().state.hands[mover])  # type: ignore[attr-defined]
            guess = f"play {rng.choice([c for c in range(1, 41) if c not in held])}"
            wrong = client.post(
                f"/api/tables/{table}/actions",
                headers=auth(seats[mover]),
                json={"seq": current["seq"], "action": guess},
            )
            checker.check_error(mover, guess, wrong.json())
            choice = rng.choice(views[mover]["legal"])
            response = client.post(
                f"/api/tables/{table}/actions",
                headers=auth(seats[mover]),
                json={"seq": current["seq"], "action_id": choice["id"]},
            )
            assert response.status_code == 200
            checker.note_entries()
            checker.check(mover, response.json())
            for viewer in VIEWERS:
                frame = sockets[viewer].receive_json()
                checker.check(viewer, frame)
                checker.check_board(
                    viewer, seats.get(viewer) if viewer is not None else None, frame
                )
            if response.json()["undo"]["allowed"] and rng.random() < 0.2:
                undone = client.post(
                    f"/api/tables/{table}/undo",
                    headers=auth(seats[mover]),
                    json={"seq": response.json()["seq"]},
                )
                assert undone.status_code == 200
                undos += 1
                checker.check(mover, undone.json())
                for viewer in VIEWERS:
                    frame = sockets[viewer].receive_json()
                    checker.check(viewer, frame)
                    checker.check_board(
                        viewer, seats.get(viewer) if viewer is not None else None, frame
                    )
        assert undos >= 3
    finally:
        for context in contexts:
            context.__exit__(None, None, None)
    hidden_entries = [e for e in views[0]["log"] if e["text"].endswith("(hidden)")]
    assert hidden_entries, "the log of a Zapotec game hides other seats' deals and commits"
    assert checker.checked > 500
    assert checker.boards > 100


def test_a_board_is_drawn_for_the_token_holder_only(client: TestClient) -> None:
    answer = create(client, "zapotec", [{"kind": "human"}] * 4, seed=5)
    table, seats = answer["table"], tokens(answer)
    board = client.get(f"/api/tables/{table}")
    url = board.json()["board"]
    drawings = {v: client.get(url, headers=auth(seats[v])).text for v in range(4)}
    spectator = client.get(url)
    assert spectator.status_code == 200 and spectator.text == board.json()["svg"]
    # every seat sees its own hand only: four different drawings, none the spectator's
    assert len(set(drawings.values()) | {spectator.text}) == 5
    other = create(client, "zapotec", [{"kind": "human"}] * 4, seed=6)
    wrong = client.get(url, headers=auth(tokens(other)[0]))
    assert wrong.status_code == 403 and "<svg" not in wrong.text
    assert client.get(url, headers=auth("not-a-token")).status_code == 401
    seq = board.json()["seq"]
    assert client.get(f"/api/tables/{table}/board/{seq + 1}").status_code == 404
    tag = spectator.headers["etag"]
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
