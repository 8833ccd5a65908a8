"""skillctl/parallel.py's streamed pool (Linux): workers start once enough items are known and
take chunks while the items are still being produced (a directory walk); every guarantee of
the pool holds, with real processes.

The generators below look at this process's children in /proc as they produce items: that
is how the tests see when workers start, without any timing assertion.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from skillctl import parallel
from tests.test_parallel_fork import (
    die_in_a_child,
    fail_in_a_child,
    fail_on_two_items,
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not os.path.exists("/proc/self/task"),
    reason="the forked pool runs on Linux only (and these tests read /proc)",
)

_BOUND = 60.0  # seconds: a bound for waiting on a child, never reached when things work


def _children() -> list[int]:
    pid = os.getpid()
    with open(f"/proc/{pid}/task/{pid}/children") as handle:
        return [int(p) for p in handle.read().split()]


def square_and_pid(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def slow_in_a_child(parent: int, x: int) -> tuple[int, int]:
    """x*x and the pid; a child takes its time, so this process surely gets chunks too."""
    if os.getpid() != parent:
        time.sleep(0.002)
    return x * x, os.getpid()


def counting(count: int, seen: list[int]) -> Iterator[int]:
    """0..count-1, recording how many children this process has as each item is made."""
    for x in range(count):
        seen.append(len(_children()))
        yield x


def test_workers_start_once_the_threshold_is_known_and_results_keep_input_order() -> None:
    seen: list[int] = []
    func = functools.partial(slow_in_a_child, os.getpid())
    fds = sorted(os.listdir("/proc/self/fd"))
    out = parallel.map_streamed(func, counting(600, seen), jobs=2, threshold=100)
    assert sorted(os.listdir("/proc/self/fd")) == fds  # every pipe closed again
    assert [v for v, _ in out] == [x * x for x in range(600)]
    assert set(seen[:100]) == {0}  # nothing forked before 100 items were known
    assert set(seen[101:]) == {1}  # one child from then on, while the items were still made
    pids = {pid for _, pid in out}
    assert os.getpid() in pids and len(pids) == 2
    assert _children() == []  # and it was reaped


def test_a_run_below_the_threshold_stays_in_this_process() -> None:
    seen: list[int] = []
    out = parallel.map_streamed(square_and_pid, counting(99, seen), jobs=2, threshold=100)
    assert out == [(x * x, os.getpid()) for x in range(99)]
    assert set(seen) == {0}


def test_one_more_worker_for_each_min_per_worker_items_known_up_to_jobs() -> None:
    seen: list[int] = []
    out = parallel.map_streamed(
        square_and_pid, counting(700, seen), jobs=3, threshold=100, min_per_worker=200
    )
    assert [v for v, _ in out] == [x * x for x in range(700)]
    assert set(seen[:400]) == {0}  # 2 workers need 400 items (this process and a child)
    assert set(seen[401:600]) == {1}
    assert set(seen[601:]) == {2}  # 3 at 600, and no more than jobs


def test_skillctl_jobs_one_makes_every_item_then_does_them_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SKILLCTL_JOBS", "1")
    order: list[str] = []

    def made() -> Iterator[int]:
        for x in range(2000):
            order.append(f"made {x}")
            yield x

    def done(x: int) -> int:
        order.append(f"done {x}")
        return os.getpid()

    assert set(parallel.map_streamed(done, made(), threshold=1)) == {os.getpid()}
    assert order == [f"made {x}" for x in range(2000)] + [f"done {x}" for x in range(2000)]


def test_the_first_failing_item_is_the_error_raised_as_in_a_serial_run() -> None:
    for _ in range(3):  # whichever process meets which failure first
        with pytest.raises(ValueError, match="item 123"):
            parallel.map_streamed(fail_on_two_items, iter(range(2000)), jobs=3, threshold=1)
    assert _children() == []


def test_an_error_in_a_child_reaches_the_caller_with_its_traceback(tmp_path: Path) -> None:
    func = functools.partial(fail_in_a_child, tmp_path / "marker", os.getpid())
    with pytest.raises(ValueError, match="failed in a child") as caught:
        parallel.map_streamed(func, iter(range(200)), jobs=2, threshold=1)
    cause = caught.value.__cause__
    assert cause is not None and "fail_in_a_child" in str(cause)


def test_a_killed_child_s_share_is_done_here(tmp_path: Path) -> None:
    func = functools.partial(die_in_a_child, tmp_path / "marker", os.getpid())
    out = parallel.map_streamed(func, iter(range(300)), jobs=2, threshold=1)
    assert out == [x * 3 for x in range(300)]
    assert (tmp_path / "marker").exists()  # the child did start, and died
    assert _children() == []


class Unpicklable(int):
    """An item that refuses to be pickled: its chunk cannot be handed out."""

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("not picklable")


def test_items_that_cannot_be_handed_out_are_done_here() -> None:
    items = [Unpicklable(x) for x in range(300)]
    out = parallel.map_streamed(square_and_pid, iter(items), jobs=2, threshold=1)
    assert out == [(x * x, os.getpid()) for x in range(300)]


def test_more_chunks_than_the_pipe_holds_keep_the_order() -> None:
    items = range(120_000)  # ~7,500 tokens of 16 bytes: more than a 64 KiB pipe holds
    out = parallel.map_streamed(square_and_pid, iter(items), jobs=3, threshold=1)
    assert [v for v, _ in out] == [x * x for x in items]
    assert len({pid for _, pid in out}) >= 2


def _interrupted_once_a_child_works(marker: Path) -> Iterator[int]:
    for x in range(10_000):
        if x == 500:
            deadline = time.monotonic() + _BOUND
            while not marker.exists() and time.monotonic() < deadline:
                time.sleep(0.005)
            raise KeyboardInterrupt
        yield x


def touch_and_linger(marker: Path, x: int) -> int:
    marker.touch()
    time.sleep(0.05)
    return x


def test_ctrl_c_while_the_items_are_made_kills_and_reaps_every_child(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    with pytest.raises(KeyboardInterrupt):
        parallel.map_streamed(
            functools.partial(touch_and_linger, marker),
            _interrupted_once_a_child_works(marker),
            jobs=3,
            threshold=100,
        )
    assert marker.exists()
    assert _children() == []


def test_an_error_raised_by_the_items_kills_every_child() -> None:
    def broken() -> Iterator[int]:
        yield from range(400)
        raise OSError("the walk broke")

    with pytest.raises(OSError, match="the walk broke"):
        parallel.map_streamed(square_and_pid, broken(), jobs=2, threshold=100)
    assert _children() == []


def frozen_count_or_pid(x: int) -> tuple[int, int]:
    import gc

    return gc.get_freeze_count(), os.getpid()


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_garbage_collector_is_frozen_only_for_the_map(jobs: int) -> None:
    import gc

    assert gc.get_freeze_count() == 0
    out = parallel.map_streamed(frozen_count_or_pid, iter(range(60)), jobs=jobs, threshold=1)
    assert all(count > 0 for count, _ in out)
    assert gc.get_freeze_count() == 0


def test_children_ignore_ctrl_c_and_leave_it_to_this_process() -> None:
    seen: list[int] = []

    def signalled() -> Iterator[int]:
        for x in range(300):
            children = _children()
            if x == 200 and children:
                seen.extend(children)
                for pid in children:
                    os.kill(pid, signal.SIGINT)
            yield x

    out = parallel.map_streamed(square_and_pid, signalled(), jobs=2, threshold=100)
    assert [v for v, _ in out] == [x * x for x in range(300)]
    assert seen  # a child was there to be sent ^C, and the run went on


def young_threshold(x: int) -> int:
    import gc

    return gc.get_threshold()[0]


@pytest.mark.parametrize("jobs", [1, 2])
def test_young_collections_are_rare_during_a_map_and_thresholds_come_back(jobs: int) -> None:
    import gc

    before = gc.get_threshold()
    for out in (
        parallel.map_streamed(young_threshold, iter(range(300)), jobs=jobs, threshold=1),
        parallel.map_ordered(young_threshold, list(range(300)), jobs=jobs, threshold=1),
    ):
        assert set(out) == {max(before[0], parallel._YOUNG_THRESHOLD)}  # here and in children
    assert gc.get_threshold() == before
    with pytest.raises(ValueError, match="item 123"):
        parallel.map_streamed(fail_on_two_items, iter(range(300)), jobs=jobs, threshold=1)
    assert gc.get_threshold() == before


_NO_FORK_SCRIPT = """
import os, resource, sys
resource.setrlimit(resource.RLIMIT_NPROC, (1, 1))  # this process only: every fork fails
from skillctl import parallel
from tests.test_parallel_stream import square_and_pid
out = parallel.map_streamed(square_and_pid, iter(range(3000)), jobs=2, threshold=10)
print(out == [(x * x, os.getpid()) for x in range(3000)])
"""


def test_when_no_worker_can_be_forked_everything_is_done_here() -> None:
    import shutil
    import subprocess

    from tests.conftest import REPO

    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run as nobody under a process limit")
    probe = subprocess.run(
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable,
         "-c", "import skillctl, tests.test_parallel_stream"],
        capture_output=True, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip(f"nobody cannot import the project here: {probe.stderr[-300:]}")
    done = subprocess.run(
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable,
         "-c", _NO_FORK_SCRIPT],
        capture_output=True, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True\n"
    assert done.stderr == ""
