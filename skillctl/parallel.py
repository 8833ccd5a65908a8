"""Map a function over many items on every core, above a measured threshold, in input order.

Small runs stay in one process: starting workers costs more than it saves (see
docs/benchmarks.md for the measurement behind :data:`THRESHOLD`). Results always come back in
the order of the input, so output is the same whatever the number of workers. When a pool
cannot be started or breaks (a sandbox without ``fork``, a killed worker), the work is done
serially instead: parallelism may make a run faster, never make it fail.

``SKILLCTL_JOBS`` sets the number of worker processes (``1`` turns the pool off).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

T = TypeVar("T")
R = TypeVar("R")

#: Items below which one process is faster than a pool (measured, docs/benchmarks.md).
THRESHOLD = 1000
#: Skills a lint worker should get at least: half the measured break-even of 2 workers
#: (~500 skills), so a machine with many cores starts as many workers as the run can use.
MIN_SKILLS_PER_WORKER = 250
#: Chunks per worker: enough to balance uneven items, few enough to keep overhead low.
_CHUNKS_PER_WORKER = 4


def usable_cores() -> int:
    """The CPUs this process may run on (its affinity mask where the platform has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def jobs_wanted(jobs: int | None = None) -> int:
    """Worker count: ``jobs`` if given, else ``$SKILLCTL_JOBS``, else every usable core.

    A worker parses and lints skills from their paths, so only two paths go to it and a
    result and a summary come back; measured on 2 cores, 2 workers lint 2,000 skills about
    1.5x faster than one process, and lose below ~500 skills (docs/benchmarks.md), hence
    :data:`THRESHOLD`. ``SKILLCTL_JOBS=1`` keeps everything in one process.
    """
    if jobs is None:
        raw = os.environ.get("SKILLCTL_JOBS", "").strip()
        if raw.isdigit() and int(raw) > 0:
            jobs = int(raw)
    if jobs is None or jobs < 1:
        jobs = usable_cores()
    return max(1, jobs)


def use_pool(count: int, jobs: int, threshold: int = THRESHOLD) -> bool:
    """Whether ``count`` items are worth a pool of ``jobs`` workers."""
    return jobs > 1 and count >= threshold


def map_ordered(
    func: Callable[[T], R],
    items: Sequence[T],
    *,
    jobs: int | None = None,
    threshold: int = THRESHOLD,
    min_per_worker: int = 1,
) -> list[R]:
    """``[func(x) for x in items]``, spread over worker processes when that pays.

    ``func`` must be a module-level function and the items and results picklable. Exceptions
    raised by ``func`` propagate as they would serially. No worker is started for fewer
    than ``min_per_worker`` items (on a machine with many cores, a small run gets a few
    workers, not one per core).
    """
    workers = min(jobs_wanted(jobs), max(1, len(items) // max(1, min_per_worker)))
    if not use_pool(len(items), workers, threshold):
        return [func(item) for item in items]
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    chunksize = max(1, len(items) // (workers * _CHUNKS_PER_WORKER))
    try:
        executor = ProcessPoolExecutor(
            max_workers=workers, mp_context=_context(), initializer=_ignore_sigint
        )
    except (OSError, ValueError, NotImplementedError):
        return [func(item) for item in items]
    import gc

    # A forked worker shares this process's memory until it writes to it, and the garbage
    # collector writes to every object it visits: moving everything alive now out of its
    # reach keeps those pages shared instead of copied into each worker.
    gc.freeze()
    try:
        # ^C while the workers are forked would be swallowed by fork's at-fork hooks
        # ("Exception ignored in ... _releaseLock"): hold it back until all are started.
        with _sigint_held():
            pending = executor.map(func, items, chunksize=chunksize)
        results = list(pending)
    except KeyboardInterrupt:
        # ^C reaches the whole process group; only this process acts on it (exit 130).
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    except (BrokenProcessPool, OSError):
        executor.shutdown(wait=True, cancel_futures=True)
        return [func(item) for item in items]
    finally:
        gc.unfreeze()
    executor.shutdown(wait=True)
    return results


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Block SIGINT in this thread for the duration; a ^C meanwhile is raised at the end."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ignore_sigint() -> None:
    """Workers leave ^C to the main process, which cancels the pool and exits with 130."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> BaseContext | None:
    """``fork`` where it is safe and cheap (Linux): workers inherit the imported modules."""
    import multiprocessing

    # macOS offers fork but system libraries may crash in a forked child: keep its default.
    if sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None
