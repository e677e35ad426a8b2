"""Load on the game server: many tables, a WebSocket client per seat, random legal moves (loopback only).

Starts ``stonework serve`` on a free port of 127.0.0.1 (SQLite in a temporary folder, or the
``--db`` URL given), creates ``--tables`` two-seat tables with no AI seat, connects one WebSocket
client per seat, and lets the seat to move submit a random legal action over HTTP as soon as its
update arrives. It stops by itself after ``--seconds`` or ``--max-actions``, stops the server, and
reports actions per second and the latency of each action from its submission to the update
(with its board) reaching the last client of its table (p50, p99). ``--src DIR`` runs the
server from another checkout's ``src`` (before/after in one run); the server's CPU time per
accepted action is reported too (less sensitive to a shared machine than the latencies).

    python benchmarks/server_load.py --tables 100 --seconds 40 --think 5
    python benchmarks/server_load.py --tables 100 --seconds 40 --think 5 \
        --db postgresql://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Load:
    """The clients of every table and the measurements they share."""

    def __init__(self, url: str, game: str, seconds: float, max_actions: int, think: float) -> None:
        self.url = url
        self.think = think
        self.game = game
        self.deadline = time.monotonic() + seconds
        self.max_actions = max_actions
        self.submitted: dict[tuple[str, int], float] = {}
        self.arrivals: dict[tuple[str, int], list[float]] = {}
        self.latencies: list[float] = []
        self.answers: list[float] = []
        self.errors = 0
        self.actions = 0
        self.refused = 0
        self.finished_tables = 0
        self.rng = random.Random(1)
        self.connected = 0
        self.clients = 0

    def running(self) -> bool:
        return time.monotonic() < self.deadline and self.actions < self.max_actions

    async def table(self, http: httpx.AsyncClient, index: int) -> None:
        body = {"game": self.game, "seed": index, "seats": [{"kind": "human"}, {"kind": "human"}]}
        answer = (await http.post("/api/tables", json=body)).json()
        table = answer["table"]
        tokens = {s["seat"]: s["token"] for s in answer["seats"]}
        await asyncio.gather(*(self.seat(http, table, seat, tokens[seat]) for seat in (0, 1)))

    async def seat(self, http: httpx.AsyncClient, table: str, seat: int, token: str) -> None:
        ws_url = self.url.replace("http", "ws") + f"/api/tables/{table}/ws"
        async with websockets.connect(ws_url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
            first = True
            while self.running():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                frame = json.loads(raw)
                if frame.get("type") != "update":
                    continue
                if first:
                    first = False
                    self.connected += 1
                    # the first move waits until every client has its first view: latency is
                    # measured on the steady load, not on 200 connections opening at once
                    while self.connected < self.clients and self.running():
                        await asyncio.sleep(0.05)
                for event in frame["events"]:
                    key = (table, event["seq"])
                    arrived = self.arrivals.setdefault(key, [])
                    arrived.append(now)
                    if len(arrived) == 2 and key in self.submitted:
                        self.latencies.append(now - self.submitted.pop(key))
                        del self.arrivals[key]
                view = frame["view"]
                if view["status"] != "running":
                    if seat == 0:
                        self.finished_tables += 1
                    return
                if view["to_move"] == seat and view["legal"] and self.running():
                    if self.think:
                        await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                    choice = self.rng.choice(view["legal"])
                    seq = view["seq"]
                    sent = self.submitted[(table, seq + 1)] = time.perf_counter()
                    try:
                        response = await http.post(
                            f"/api/tables/{table}/actions",
                            headers={"Authorization": f"Bearer {token}"},
                            json={"seq": seq, "action_id": choice["id"]},
                        )
                    except httpx.TransportError:
                        self.errors += 1
                        continue
                    if response.status_code == 200:
                        self.actions += 1
                        self.answers.append(time.perf_counter() - sent)
                    else:
                        self.refused += 1


async def drive(
    url: str, tables: int, game: str, seconds: float, max_actions: int, think: float
) -> Load:
    load = Load(url, game, seconds, max_actions, think)
    load.clients = 2 * tables
    limits = httpx.Limits(max_connections=tables * 2, max_keepalive_connections=tables * 2)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        started = time.perf_counter()
        await asyncio.gather(*(load.table(http, i) for i in range(tables)))
        load.elapsed = time.perf_counter() - started  # type: ignore[attr-defined]
    return load


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--max-actions", type=int, default=20_000)
    parser.add_argument("--game", default="akropolis")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a seat waits before its move"
    )
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temp dir)")
    parser.add_argument("--src", default=None, help="run the server from this src folder")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    folder = Path(tempfile.mkdtemp(prefix="stonework-load-"))
    db = args.db or f"sqlite:///{folder / 'load.db'}"
    scratch = None
    if db.startswith("postgresql"):
        import psycopg

        name = f"stonework_load_{int(time.time())}"
        with psycopg.connect(db, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        scratch = (args.db, name)
        db = db.rsplit("/", 1)[0] + "/" + name
    port = free_port()
    env = dict(os.environ, STONEWORK_RATE_PER_SECOND="100000", STONEWORK_RATE_BURST="100000")
    if args.src:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [args.src, env.get("PYTHONPATH")]))
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from stonework.cli.main import app; app()",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--data-dir",
            str(folder),
            "--ai-workers",
            "0",
        ],
        stdout=(folder / "server.log").open("wb"),
        stderr=subprocess.STDOUT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        cpu_at_start = _cpu_seconds(server.pid)
        load = asyncio.run(
            drive(url, args.tables, args.game, args.seconds, args.max_actions, args.think)
        )
    finally:
        server_cpu = _cpu_seconds(server.pid)
        server.terminate()
        server.wait(30)
        if scratch is not None:
            import psycopg

            with psycopg.connect(scratch[0], autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{scratch[1]}" WITH (FORCE)')
    elapsed = load.elapsed  # type: ignore[attr-defined]
    lat = [v * 1000 for v in load.latencies]
    print(
        f"server: {args.src or 'this checkout'}  "
        f"database: {db.split('://')[0]}  game: {args.game}  tables: {args.tables}  "
        f"think: {args.think:g} s"
    )
    print(
        f"actions: {load.actions} in {elapsed:.1f} s = {load.actions / elapsed:.0f} actions/s "
        f"(refused {load.refused}, connection errors {load.errors}, "
        f"tables finished {load.finished_tables})"
    )
    client_cpu = time.process_time()
    under_load = server_cpu - cpu_at_start
    print(
        f"CPU: server {server_cpu:.1f} s, {under_load:.1f} s under load "
        f"({1000 * under_load / max(1, load.actions):.1f} ms per "
        f"action), load generator {client_cpu:.1f} s"
    )
    if lat:
        print(
            f"latency submit -> last client's update: p50 {statistics.median(lat):.1f} ms, "
            f"p99 {percentile(lat, 0.99):.1f} ms, max {max(lat):.1f} ms ({len(lat)} actions)"
        )
    answers = [v * 1000 for v in load.answers]
    if answers:
        print(
            f"HTTP answer to a submission: p50 {statistics.median(answers):.1f} ms, "
            f"p99 {percentile(answers, 0.99):.1f} ms"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
