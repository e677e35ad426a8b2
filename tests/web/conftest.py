"""Browser tests: a real `stonework serve` on a temporary SQLite folder, driven with Playwright.

Chromium is Debian's (`/usr/bin/chromium`, installed by `.ci/run` when missing); nothing here
downloads a browser. Without it, or without the built client, the tests are skipped with the
reason, so a checkout without Node still runs the rest of the suite — except under CI
(``CI`` set, as `.ci/run` runs), where a missing browser or client fails them: a green CI run
must have driven a real browser.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from stonework.cli.serve_process import ServeProcess

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


def _require() -> None:
    """Skip (on a developer's checkout) or fail (under CI) when the browser tests cannot run."""
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh server with its own SQLite folder, stopped after the session.

    ``STONEWORK_WEB_SERVER=http://host:port`` points the tests at a server already running.
    """
    _require()
    existing = os.environ.get("STONEWORK_WEB_SERVER")
    if existing:
        yield existing.rstrip("/")
        return
    with ServeProcess(tmp_path_factory.mktemp("server-data")) as process:
        yield process.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the session."""
    _require()
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
