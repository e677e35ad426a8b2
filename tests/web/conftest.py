"""Browser tests: a real `stonework serve` on a temporary SQLite folder, driven with Playwright.

Chromium is Debian's (`/usr/bin/chromium`, installed by `.ci/run` when missing); nothing here
downloads a browser. Without it, or without the built client, the tests are skipped with the
reason, so a checkout without Node still runs the rest of the suite.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
STATIC = Path(__file__).resolve().parents[2] / "src" / "stonework" / "server" / "static"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Hints and reviews on a small fixed budget in the browser tests' server, which inherits this
# environment: fast, and the same answer every run (a person's server uses the strongest agent).
for _key, _value in {
    "STONEWORK_ANALYSIS_AGENT": "mcts:iterations=30:mode=auto",
    "STONEWORK_HINTS_PER_MINUTE": "600",
    "STONEWORK_HINT_BURST": "100",
}.items():
    os.environ.setdefault(_key, _value)

try:
    from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
except ImportError:  # the dev extra brings it; without it these modules cannot even be imported
    collect_ignore_glob = ["*.py"]


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return "Debian's chromium is not installed (/usr/bin/chromium; .ci/run installs it)"
    if not (STATIC / "index.html").exists():
        return "the client is not built (make web-build)"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh server with its own SQLite folder, stopped after the session.

    ``STONEWORK_WEB_SERVER=http://host:port`` points the tests at a server already running.
    """
    if _missing():
        pytest.skip(_missing() or "")
    existing = os.environ.get("STONEWORK_WEB_SERVER")
    if existing:
        yield existing.rstrip("/")
        return
    data = tmp_path_factory.mktemp("server-data")
    port = _free_port()
    env = dict(os.environ, STONEWORK_DATA_DIR=str(data))
    process = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("stonework")),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if process.poll() is not None:
                output = process.stdout.read() if process.stdout else ""
                pytest.fail(f"stonework serve exited: {output}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("stonework serve did not start listening")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the session."""
    if _missing():
        pytest.skip(_missing() or "")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile (its own localStorage), in English."""
    ctx = browser.new_context(locale="en-GB", viewport={"width": 1400, "height": 1000})
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """A page of that profile."""
    return context.new_page()
