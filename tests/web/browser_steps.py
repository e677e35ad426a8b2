"""What a person does in the app, as Playwright steps shared by the browser tests."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

SEAT_CHOICES = {"you", "hotseat", "friend", "easy", "medium", "hard", "expert"}


def open_lobby(page: Page, server: str) -> None:
    """Load the lobby and wait for the game choice."""
    page.goto(server + "/")
    expect(page.locator(".game-pick").first).to_be_visible()


def create_table(
    page: Page,
    server: str,
    game: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> str:
    """Create a table from the lobby form (seats from SEAT_CHOICES); returns the table id."""
    open_lobby(page, server)
    page.locator(f'.game-pick:has(input[value="{game}"])').click()
    page.select_option("#players", str(len(seats)))
    for i, choice in enumerate(seats):
        assert choice in SEAT_CHOICES
        page.select_option(f"#seat-{i}", choice)
    for name, value in (options or {}).items():
        page.locator("details.options summary").click()
        control = page.locator(f"#option-{name}")
        if isinstance(value, bool):
            control.set_checked(value)
        else:
            control.select_option(str(value))
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url(re.compile(r".*/t/[^/?#]+$"))
    expect(page.locator(".table-head h1")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def log_seqs(page: Page) -> list[int]:
    """The seq numbers of the move log as shown, in order."""
    return [
        int(s) for s in page.locator("#log li").evaluate_all("els => els.map(e => e.dataset.seq)")
    ]


def last_seq(page: Page) -> int:
    seqs = log_seqs(page)
    return seqs[-1] if seqs else 0


def wait_turn_or_end(page: Page, timeout: float = 60_000) -> str:
    """Wait until it is this seat's turn ("turn") or the game is over ("end")."""
    page.wait_for_function(
        """() => document.querySelector('.your-turn') ||
                 document.querySelector('.badge.status-finished')""",
        timeout=timeout,
    )
    return "end" if page.locator(".badge.status-finished").count() else "turn"


def click_target(page: Page, selector: str) -> None:
    """Click the first shape of a board target where a person would (on the drawing)."""
    target = page.locator(selector).first
    shape = target.locator("polygon, rect, circle, path").first
    (shape if shape.count() else target).click(force=True)


def play_one_move(page: Page) -> None:
    """Make one legal move the way a person does: highlighted targets, then place or a button."""
    before = last_seq(page)
    for _ in range(8):
        if page.locator(".board .sw-next").count():
            click_target(page, ".board .sw-next")
        elif page.locator("#place").count():
            page.click("#place")
        elif page.locator(".action-buttons button").count():
            page.locator(".action-buttons button").first.click()
        if _moved(page, before):
            return
    raise AssertionError("no move was made: " + page.locator(".message").inner_text())


def _moved(page: Page, before: int) -> bool:
    try:
        page.wait_for_function(
            "before => [...document.querySelectorAll('#log li')].some(li => +li.dataset.seq > before)",
            arg=before,
            timeout=3000,
        )
        return True
    except Exception:
        return False


def record_frames(page: Page) -> list[str]:
    """Collect the text of every WebSocket frame the page receives from now on."""
    frames: list[str] = []

    def on_socket(socket: Any) -> None:
        socket.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, str) else payload.decode()
            ),
        )

    page.on("websocket", on_socket)
    return frames


def view_json(page: Page, server: str, table: str) -> dict[str, Any]:
    """The view this page's seat gets from the API (its token taken from localStorage)."""
    seats = json.loads(page.evaluate(f"localStorage.getItem('stonework.seats.{table}') || '[]'"))
    headers = {"Authorization": f"Bearer {seats[0]['token']}"} if seats else {}
    response = page.request.get(f"{server}/api/tables/{table}", headers=headers)
    assert response.ok, response.text()
    data: dict[str, Any] = response.json()
    return data
