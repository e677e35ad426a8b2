"""Save pictures of the hint panel and of a game's review, to look at them as a person does.

Usage: python scripts/review_screenshots.py OUT_DIR   (`make screenshots` runs it too)

It starts a real server on a temporary SQLite folder (hints on the default agent, reviews at
0.2 s a decision), sets up through the HTTP API an Aztec table and a 3-player Akropolis table
against AI with a hint asked, and a finished Aztec game, then photographs in Debian's chromium
the hint panel (the hinted move outlined on the board) and the review (English and French).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from stonework.cli.serve_process import ServeProcess

sys.path.insert(0, str(Path(__file__).parent))
from web_screenshots import CHROMIUM_ARGS, call, play_randomly, set_up


def finished_game(base: str, seed: int) -> tuple[str, str]:
    """An Aztec game of a random player (seat 0) against easy AI, played to the end."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "agent": "easy"}]
    created = call(base, "POST", "/api/tables", {"game": "aztec", "seats": seats, "seed": seed})
    table, token = created["table"], created["seats"][0]["token"]
    play_randomly(base, table, token, seed)
    return table, token


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
    env = {"STONEWORK_REVIEW_SECONDS": "0.2"}
    with tempfile.TemporaryDirectory() as data, ServeProcess(Path(data), env=env) as server:
        base = server.url
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
    print(f"saved the hint and review pictures in {out}/")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
