"""Hints do not hold up the server: the latency of other requests while hints are searched.

Starts ``stonework serve`` on a free loopback port (SQLite in a temporary folder, default
settings: the game's strongest agent, 1 s a hint, one analysis worker process), sets up an Aztec
table of a person against a random AI player, then for ``--hints`` turns asks for a hint and,
while it is searched, sends ``GET /api/tables/{id}`` (a view: a real request through the table
service) as fast as one client can. It reports each hint's wall time (the first one also starts
the worker process) and the view latency (p50, p99) during hints against the same requests with
no hint running (measured afterwards, on the warm server).

    python benchmarks/hint_latency.py --hints 5
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from stonework.cli.serve_process import ServeProcess


async def views_until(client: httpx.AsyncClient, path: str, done: asyncio.Event) -> list[float]:
    """Latencies (ms) of view requests sent one after another until ``done`` is set."""
    out = []
    while not done.is_set():
        start = time.perf_counter()
        response = await client.get(path)
        response.raise_for_status()
        out.append(1000 * (time.perf_counter() - start))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(base: str, hints: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        seats = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]
        created = (await client.post("/api/tables", json={"game": "aztec", "seats": seats})).json()
        table, token = created["table"], created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        path = f"/api/tables/{table}"
        busy: list[float] = []
        for turn in range(hints):
            while True:
                view = (await client.get(path, headers=auth)).json()
                if view["to_move"] == 0:
                    break
                await asyncio.sleep(0.05)
            done = asyncio.Event()
            probe = asyncio.create_task(views_until(client, path, done))
            start = time.perf_counter()
            answer = await client.post(f"{path}/hint", headers=auth, json={"seq": view["seq"]})
            took = time.perf_counter() - start
            done.set()
            busy.extend(await probe)
            answer.raise_for_status()
            hint = answer.json()
            print(f"hint {turn + 1}: {took:.2f} s, {hint['iterations']} simulations")
            move = hint["moves"][0]
            await client.post(
                f"{path}/actions", headers=auth, json={"seq": view["seq"], "action_id": move["id"]}
            )
        # The same requests with no hint running (after the hints: the server is warm).
        idle_done = asyncio.Event()
        idle_task = asyncio.create_task(views_until(client, path, idle_done))
        await asyncio.sleep(5.0)
        idle_done.set()
        idle = await idle_task
        print(
            f"views with no hint running: {len(idle)} requests, "
            f"p50 {statistics.median(idle):.1f} ms, p99 {pct(idle, 0.99):.1f} ms"
        )
        print(
            f"views while hints searched: {len(busy)} requests, "
            f"p50 {statistics.median(busy):.1f} ms, p99 {pct(busy, 0.99):.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        env = {
            "STONEWORK_HINTS_PER_MINUTE": "600",
            # one client polls as fast as it can: lift the per-address request limit
            "STONEWORK_RATE_PER_SECOND": "100000",
            "STONEWORK_RATE_BURST": "100000",
        }
        with ServeProcess(Path(data), env=env) as server:
            asyncio.run(run(server.url, args.hints))


if __name__ == "__main__":
    main()
