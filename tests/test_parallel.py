"""The process pool helper (skillctl/parallel.py): same results, same order, any worker count."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from skillctl import parallel


def square_and_pid(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def fail_on_seven(x: int) -> int:
    if x == 7:
        raise ValueError("seven")
    return x


def test_pool_results_keep_input_order_and_use_at_most_the_jobs_asked_for() -> None:
    items = list(range(300))[::-1]
    out = parallel.map_ordered(square_and_pid, items, jobs=2, threshold=10)
    assert [v for v, _ in out] == [x * x for x in items]
    pids = {pid for _, pid in out}
    # On Linux this process is one of the workers (tests/test_parallel_fork.py shows that
    # the others take part); elsewhere the executor's workers do all of it.
    assert 1 <= len(pids) <= 2


def test_below_the_threshold_everything_runs_here() -> None:
    out = parallel.map_ordered(square_and_pid, [1, 2, 3], jobs=2, threshold=10)
    assert out == [(1, os.getpid()), (4, os.getpid()), (9, os.getpid())]


def test_skillctl_jobs_one_turns_the_pool_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLCTL_JOBS", "1")
    assert parallel.jobs_wanted() == 1
    out = parallel.map_ordered(square_and_pid, list(range(50)), threshold=1)
    assert {pid for _, pid in out} == {os.getpid()}


@pytest.mark.parametrize("raw", ["", "0", "-3", "many"])
def test_without_a_valid_skillctl_jobs_every_usable_core_works(
    monkeypatch: pytest.MonkeyPatch, raw: str
) -> None:
    monkeypatch.setenv("SKILLCTL_JOBS", raw)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert parallel.jobs_wanted() == parallel.usable_cores() == cores
    out = parallel.map_ordered(square_and_pid, list(range(50)), threshold=1)
    pids = {pid for _, pid in out}
    assert [v for v, _ in out] == [x * x for x in range(50)]
    assert pids == {os.getpid()} if cores == 1 else 1 <= len(pids) <= cores


def test_an_explicit_job_count_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLCTL_JOBS", "5")
    assert parallel.jobs_wanted() == 5
    assert parallel.jobs_wanted(3) == 3


def test_a_small_run_gets_no_more_workers_than_it_can_use() -> None:
    out = parallel.map_ordered(square_and_pid, list(range(40)), jobs=8, threshold=1,
                               min_per_worker=20)
    assert [v for v, _ in out] == [x * x for x in range(40)]
    assert 1 <= len({pid for _, pid in out}) <= 2
    few = parallel.map_ordered(square_and_pid, list(range(10)), jobs=8, threshold=1,
                               min_per_worker=20)
    assert {pid for _, pid in few} == {os.getpid()}  # one worker's worth: no pool at all


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="seven"):
        parallel.map_ordered(fail_on_seven, list(range(40)), jobs=2, threshold=1)


def test_empty_input() -> None:
    assert parallel.map_ordered(square_and_pid, [], jobs=2, threshold=0) == []


def test_use_pool_needs_both_cores_and_enough_items() -> None:
    assert parallel.use_pool(1000, 2, 200)
    assert not parallel.use_pool(1000, 1, 200)
    assert not parallel.use_pool(199, 2, 200)


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(x) for x in handle.read().split()]
    except OSError:
        return []


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="needs Linux /proc")
def test_ctrl_c_during_a_pooled_lint_exits_130_and_leaves_no_worker(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    from tests.test_bench import load_bench

    load_bench().generate_corpus(tmp_path / "corpus", parallel.THRESHOLD + 400)
    env = {**os.environ, "SKILLCTL_JOBS": "2", "SKILLCTL_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "skillctl", "lint", "--no-cache", str(tmp_path / "corpus")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
    )
    try:
        workers: list[int] = []
        while proc.poll() is None and not workers:
            workers = _children(proc.pid)
        if not workers:
            pytest.skip("the lint finished before its pool could be interrupted")
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(timeout=60)
        assert rc == 130, (workers, proc.stderr.read() if proc.stderr else b"")
        deadline = time.monotonic() + 30  # a bound for polling, not a timing assertion
        while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_running(pid) for pid in workers)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_garbage_collector_is_frozen_only_for_the_map(jobs: int) -> None:
    import gc

    assert gc.get_freeze_count() == 0
    out = parallel.map_ordered(frozen_count, list(range(60)), jobs=jobs, threshold=1)
    assert set(out) != {0}  # what was alive before the map was kept frozen
    assert gc.get_freeze_count() == 0
    with pytest.raises(ValueError, match="seven"):
        parallel.map_ordered(fail_on_seven, list(range(40)), jobs=jobs, threshold=1)
    assert gc.get_freeze_count() == 0
    gc.freeze()  # someone else froze first: theirs to undo, not ours
    try:
        before = gc.get_freeze_count()
        parallel.map_ordered(frozen_count, list(range(60)), jobs=jobs, threshold=1)
        assert gc.get_freeze_count() >= before > 0
    finally:
        gc.unfreeze()


def frozen_count(x: int) -> int:
    import gc

    return gc.get_freeze_count()
