"""Save a mid-game screenshot of the lobby and of each board, to look at them as a person does.

Usage: python scripts/web_screenshots.py OUT_DIR   (`make screenshots`: OUT_DIR is screenshots/)

It starts a real server on a temporary SQLite folder, sets up tables through the HTTP API
(a person's seat against AI), plays a few legal moves, then opens each table in Debian's
chromium with that seat's token and photographs it (with a placement selected where the game
has one, so the highlights and the ghost show too).
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from stonework.cli.serve_process import ServeProcess

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One API request; returns the decoded JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def wait_for_turn(base: str, table: str, token: str) -> dict[str, Any]:
    """Poll until the seat holding `token` is to move (or the game is over)."""
    for _ in range(600):
        view: dict[str, Any] = call(base, "GET", f"/api/tables/{table}", token=token)
        if view["status"] != "running" or (view["to_move"] == view["you"] and view["legal"]):
            return view
        time.sleep(0.1)
    raise RuntimeError("the AI did not move")


def set_up(base: str, game: str, players: int, moves: int, seed: int) -> tuple[str, str]:
    """A table of `game` (seat 0 a person, the others easy AI) after `moves` of seat 0's moves."""
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "ai", "agent": "easy"}] * (players - 1)
    created = call(
        base,
        "POST",
        "/api/tables",
        {"game": game, "players": players, "seats": seats, "seed": seed},
    )
    table, token = created["table"], created["seats"][0]["token"]
    play_randomly(base, table, token, seed, moves)
    wait_for_turn(base, table, token)
    return table, token


def play_randomly(base: str, table: str, token: str, seed: int, moves: int | None = None) -> None:
    """The seat of `token` plays random legal moves (drawn from `seed`): `moves` of them, or
    until the game ends."""
    rng = random.Random(seed)
    played = 0
    while moves is None or played < moves:
        view = wait_for_turn(base, table, token)
        if view["status"] != "running":
            return
        action = rng.choice(view["legal"])
        call(
            base,
            "POST",
            f"/api/tables/{table}/actions",
            {"seq": view["seq"], "action_id": action["id"]},
            token,
        )
        played += 1


def select_placement(page: Page) -> None:
    """Click through the first targets so the highlights (and a ghost) show in the picture."""
    for _ in range(2):
        next_target = page.locator(".board .sw-next").first
        if not next_target.count() or page.locator("#place").count():
            return
        shape = next_target.locator("polygon, rect, circle, path").first
        (shape if shape.count() else next_target).click(force=True)
        page.wait_for_timeout(200)


def main(out: Path) -> None:
    """Start a server (or use ``$STONEWORK_WEB_SERVER``), set up the games, save the pictures."""
    out.mkdir(parents=True, exist_ok=True)
    existing = os.environ.get("STONEWORK_WEB_SERVER")
    if existing:
        photograph(existing.rstrip("/"), out)
        return
    with tempfile.TemporaryDirectory() as data, ServeProcess(Path(data)) as server:
        photograph(server.url, out)


def photograph(base: str, out: Path) -> None:
    """Set up one table of each game on the server at `base` and save the pictures in `out`."""
    shots = {
        "akropolis": set_up(base, "akropolis", 2, 7, 1),
        "aztec": set_up(base, "aztec", 2, 6, 2),
        "zapotec": set_up(base, "zapotec", 2, 9, 3),
        # Four cities on one board: the case where each city's share of the space is smallest.
        "akropolis-4p": set_up(base, "akropolis", 4, 12, 4),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1440, "height": 1000}, locale="en-GB")
        page.goto(base + "/")
        page.wait_for_selector(".game-pick")
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / "lobby.png"), full_page=True)
        for game, (table, token) in shots.items():
            page.goto(f"{base}/t/{table}#seat=0&token={token}")
            page.wait_for_selector(".board svg")
            page.wait_for_timeout(500)
            select_placement(page)
            page.screenshot(path=str(out / f"{game}.png"), full_page=True)
        # The same boards in French (the engine's labels too), and the Aztec 3D view turned.
        french = browser.new_page(viewport={"width": 1440, "height": 1000}, locale="fr-FR")
        french.goto(base + "/")
        french.wait_for_selector("#lang-fr")
        french.click("#lang-fr")
        for game, (table, token) in shots.items():
            if game == "akropolis-4p":
                continue
            french.goto(f"{base}/t/{table}#seat=0&token={token}")
            french.wait_for_selector(".board svg")
            french.wait_for_timeout(500)
            select_placement(french)
            french.screenshot(path=str(out / f"{game}-fr.png"), full_page=True)
        table, token = shots["aztec"]
        french.goto(f"{base}/t/{table}#seat=0&token={token}")
        french.wait_for_selector("#turn-view")
        french.click("#turn-view")
        french.wait_for_timeout(600)
        french.screenshot(path=str(out / "aztec-turned-fr.png"), full_page=True)
        french.click("#turn-back")
        french.close()
        phone = browser.new_page(viewport={"width": 844, "height": 390}, locale="fr-FR")
        table, token = shots["akropolis"]
        phone.goto(f"{base}/t/{table}#seat=0&token={token}")
        phone.wait_for_selector(".board svg")
        phone.click("#lang-fr")
        phone.wait_for_timeout(300)
        select_placement(phone)
        phone.wait_for_timeout(300)
        phone.screenshot(path=str(out / "akropolis-phone-fr.png"))
        browser.close()
    print(f"saved {len(list(out.glob('*.png')))} screenshots in {out}/")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
