"""Running independent tasks over local worker processes or a Ray cluster, in a fixed order.

The same shape as the arena's runner (:mod:`stonework.arena.runner`): one worker runs in
process, more use a ``spawn`` process pool, ``ray_address`` sends each task to Ray. Results come
back in the order of the tasks, so a seeded run gives the same result however it was spread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def run_tasks(
    function: Callable[[T], R],
    tasks: Sequence[T],
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_result: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``function`` of every task, in the tasks' order; ``progress(done, total)`` as they finish.

    ``on_result(index, result)`` is called with each result as it arrives (in any order), so a
    caller can keep what is finished before the whole run ends.
    """
    if workers < 1:
        raise ValueError("use at least one worker")
    total = len(tasks)
    results: list[Any] = [None] * total
    done = 0
    if ray_address is not None:
        import ray

        if not ray.is_initialized():
            ray.init(address=ray_address, ignore_reinit_error=True, log_to_driver=False)
        remote = ray.remote(function)
        refs = {remote.remote(task): i for i, task in enumerate(tasks)}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                results[refs[ref]] = ray.get(ref)
                if on_result is not None:
                    on_result(refs[ref], results[refs[ref]])
                done += 1
                if progress is not None:
                    progress(done, total)
        return results
    if workers == 1 or total <= 1:
        for i, task in enumerate(tasks):
            results[i] = function(task)
            if on_result is not None:
                on_result(i, results[i])
            if progress is not None:
                progress(i + 1, total)
        return results
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # spawn: workers start clean (no inherited threads or locks), the same on every platform.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(function, task): i for i, task in enumerate(tasks)}
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            if on_result is not None:
                on_result(index, results[index])
            done += 1
            if progress is not None:
                progress(done, total)
    return results
