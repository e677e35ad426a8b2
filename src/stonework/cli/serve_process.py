"""``stonework serve`` of its own in a subprocess, on a free loopback port.

What the server tests, the browser tests and ``scripts/web_screenshots.py`` start: a real server
process, as a person runs it, on a data folder the caller owns, ready when its API answers.

>>> free_port() > 0
True
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

# The readiness probe and the tests poll as fast as they can from one address: the per-address
# rate limit is lifted in the child unless the caller sets it.
_UNLIMITED = {"STONEWORK_RATE_PER_SECOND": "100000", "STONEWORK_RATE_BURST": "100000"}


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServeProcess:
    """``stonework serve --data-dir DATA_DIR`` on a free loopback port, started and ready.

    ``args`` are further options of ``stonework serve`` (``--db URL``, ``--redis URL``,
    ``--ai-workers 1``). Its output goes to ``server-<port>.log`` in ``data_dir``; if it exits
    or does not answer ``GET /api/games`` within ``timeout`` seconds, RuntimeError says so
    with the end of that log. Use it as a context manager, or call :meth:`stop`.
    """

    def __init__(
        self,
        data_dir: Path,
        *args: str,
        timeout: float = 60.0,
        env: dict[str, str] | None = None,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = data_dir / f"server-{self.port}.log"
        command = [
            sys.executable,
            "-c",
            "from stonework.cli.main import app; app()",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data-dir",
            str(data_dir),
            *args,
        ]
        env = {**_UNLIMITED, **os.environ, **(env or {})}
        self.log = self.log_path.open("wb")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        try:
            self._wait_ready(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"stonework serve exited: {self._log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"stonework serve did not answer within {timeout:g} s")

    def _log_tail(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-2000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        """Stop politely, then for sure; close the log."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()

    def __enter__(self) -> ServeProcess:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
