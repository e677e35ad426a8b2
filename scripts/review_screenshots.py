"""Save pictures of the hint panel and of a game's review, to look at them as a person does.

Usage: python scripts/review_screenshots.py OUT_DIR   (`make screenshots` runs it too)

It starts a real server on a temporary SQLite folder (hints on the default agent, reviews at
0.2 s a decision), sets up through the HTTP API an Aztec table and a 3-player Akropolis table
against AI with a hint asked, and a finished Aztec game, then photographs in Debian's chromium
the hint panel (the hinted move outlined on the board) and the review (English and French).
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from web_screenshots import CHROMIUM_ARGS, call, set_up, wait_for_turn


def finished_game(base: str, seed: int) -> tuple[str, str]:
    """An Aztec game of a random player (seat 0) against easy AI, played to the end."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "agent": "easy"}]
    created = call(base, "POST", "/api/tables", {"game": "aztec", "seats": seats, "seed": seed})
    table, token = created["table"], created["seats"][0]["token"]
    rng = random.Random(seed)
    while True:
        view = wait_for_turn(base, table, token)
        if view["status"] != "running":
            return table, token
        action = rng.choice(view["legal"])
        call(
            base,
            "POST",
            f"/api/tables/{table}/actions",
            {"seq": view["seq"], "action_id": action["id"]},
            token,
        )


def hint_shot(page: Page, base: str, table: str, token: str, path: Path) -> None:
    page.goto(f"{base}/t/{table}#seat=0&token={token}")
    page.wait_for_selector("#hint:not([disabled])")
    page.click("#hint")
    page.wait_for_selector("#hint-moves li", timeout=60_000)
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)


def review_shot(page: Page, base: str, table: str, out: Path) -> None:
    page.goto(f"{base}/replay/{table}#review")
    page.wait_for_selector("#review-start")
    page.select_option("#review-seat", "0")
    page.click("#review-start")
    page.wait_for_selector("#review-progress", timeout=30_000)
    page.screenshot(path=str(out / "review-progress.png"), full_page=True)
    page.wait_for_selector("#review-summary tbody tr", timeout=300_000)
    costly = page.locator("#costliest li button")
    if costly.count():
        costly.first.click()
    else:
        page.click("#replay-last")
    page.wait_for_timeout(500)
    page.click("#replay-hint")
    page.wait_for_selector("#replay-hint-moves li, .replay-hint p", timeout=60_000)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "review.png"), full_page=True)
    page.click("#lang-fr")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "review-fr.png"), full_page=True)
    page.click("#lang-en")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        env = dict(os.environ, STONEWORK_DATA_DIR=data, STONEWORK_REVIEW_SECONDS="0.2")
        server = subprocess.Popen(
            [str(Path(sys.executable).with_name("stonework")), "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    call(base, "GET", "/api/games")
                    break
                except OSError:
                    time.sleep(0.2)
            aztec = set_up(base, "aztec", 2, 4, 2)
            akropolis = set_up(base, "akropolis", 3, 3, 1)
            finished = finished_game(base, 5)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
                )
                page = browser.new_page(viewport={"width": 1440, "height": 1000}, locale="en-GB")
                hint_shot(page, base, *aztec, out / "hint-aztec.png")
                hint_shot(page, base, *akropolis, out / "hint-akropolis-3p.png")
                review_shot(page, base, finished[0], out)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"saved the hint and review pictures in {out}/")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
