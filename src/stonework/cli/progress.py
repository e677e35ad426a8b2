"""Progress of a run of games (``stonework arena``, ``stonework balance``): a bar on a terminal,
plain lines in a log."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console


@contextmanager
def games_progress(
    console: Console, title: str, total: int, resumed: int = 0
) -> Iterator[Callable[[int, int], None]]:
    """A ``progress(finished, total)`` callback for a run of ``total`` games, ``resumed`` of
    them already played: on a terminal a bar with the time left (gone when the block ends),
    otherwise the plain lines of :func:`plain_progress`."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    report = plain_progress(console, title, resumed)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(title, total=total)

        def progress(finished: int, total: int) -> None:
            bar.update(task, completed=finished)
            if report is not None:
                report(finished, total)

        yield progress


def duration_words(seconds: float) -> str:
    """A duration as a person reads it: seconds, minutes, or hours and minutes.

    >>> duration_words(0.04), duration_words(42.4), duration_words(150), duration_words(7380)
    ('0 s', '42 s', '2.5 min', '2 h 3 min')
    """
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.1f} min"
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"{hours} h {minutes} min"


def plain_progress(console: Console, title: str, resumed: int) -> Callable[[int, int], None] | None:
    """Progress as plain lines when the output is not a terminal (a log file, CI, nohup).

    A bar redrawn in place means nothing in a file, and a match can run for hours: a line at
    every tenth of the match and at least every ten minutes shows it is alive and when it ends.
    """
    if console.is_terminal:
        return None
    started = time.monotonic()
    last = {"time": started, "done": resumed}

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        step = max(1, total // 10)
        same_tenth = done // step == last["done"] // step
        if done < total and (done == resumed or same_tenth) and now - last["time"] < 600:
            return
        last["time"], last["done"] = now, done
        elapsed = now - started
        line = f"{title}: {done}/{total} games in {duration_words(elapsed)}"
        if resumed < done < total:
            left = elapsed / (done - resumed) * (total - done)
            line += f", about {duration_words(left)} left"
        print(line, file=sys.stderr, flush=True)

    return report
