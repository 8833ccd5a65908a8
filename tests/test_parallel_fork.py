"""The forked pool of skillctl/parallel.py (Linux): this process works too, children take
chunks from a shared pipe, and every guarantee of the pool holds with real processes.

Functions that must see a child take part make the parent wait (with a generous bound, not a
timing assertion) until a child has left a marker file: without that, this process could do
every chunk before the child even starts.
"""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from skillctl import parallel

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the forked pool runs on Linux only"
)

_BOUND = 60.0  # seconds: a bound for waiting on a child, never reached when things work


def _wait_for(marker: Path) -> None:
    deadline = time.monotonic() + _BOUND
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.005)


def square_once_a_child_worked(marker: Path, parent: int, x: int) -> tuple[int, int]:
    """x*x and the pid; the parent waits for a child to have done one item first."""
    if os.getpid() == parent:
        _wait_for(marker)
    else:
        marker.touch()
    return x * x, os.getpid()


def fail_in_a_child(marker: Path, parent: int, x: int) -> int:
    if os.getpid() == parent:
        _wait_for(marker)
        return x
    marker.touch()
    raise ValueError(f"failed in a child on {x}")


def die_in_a_child(marker: Path, parent: int, x: int) -> int:
    if os.getpid() == parent:
        _wait_for(marker)
        return x * 3
    marker.touch()
    os.kill(os.getpid(), signal.SIGKILL)
    return -1  # never reached


class Unpicklable(int):
    """An int that refuses to be pickled (as a result holding a lock or a file would)."""

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("not picklable")


def unpicklable_in_a_child(marker: Path, parent: int, x: int) -> int:
    if os.getpid() == parent:
        _wait_for(marker)
        return x + 1
    marker.touch()
    return Unpicklable(x + 1)


def interrupted_here(marker: Path, parent: int, x: int) -> int:
    """^C in this process once a child is busy; the child would work for seconds, then
    leave a second marker (which it never does if it was killed)."""
    if os.getpid() == parent:
        _wait_for(marker)
        raise KeyboardInterrupt
    marker.touch()
    time.sleep(3)
    marker.with_suffix(".finished").touch()
    return x


class OddError(Exception):
    """An exception that pickles but cannot be unpickled (its __init__ takes two values)."""

    def __init__(self, what: str, where: int) -> None:
        super().__init__(f"{what} at {where}")


def odd_error_in_a_child(marker: Path, parent: int, x: int) -> int:
    if os.getpid() == parent:
        _wait_for(marker)
        return x
    marker.touch()
    raise OddError("odd", x)


def fail_in_the_parent(parent: int, x: int) -> int:
    if os.getpid() == parent:
        raise ValueError(f"failed here on {x}")
    time.sleep(0.01)  # a child is slow: this process takes chunks too, and fails on them
    return x


def big_result(marker: Path, parent: int, x: int) -> tuple[int, str]:
    if os.getpid() == parent:
        _wait_for(marker)
    else:
        marker.touch()
    return x, str(x) * 20_000  # many times what a pipe holds, chunk after chunk


def fail_on_two_items(x: int) -> int:
    if x in (123, 1700):
        raise ValueError(f"item {x}")
    return x


def test_this_process_and_a_child_share_the_work_in_input_order(tmp_path: Path) -> None:
    items = list(range(500))[::-1]
    func = functools.partial(square_once_a_child_worked, tmp_path / "marker", os.getpid())
    out = parallel.map_ordered(func, items, jobs=2, threshold=1)
    assert [v for v, _ in out] == [x * x for x in items]
    pids = {pid for _, pid in out}
    assert os.getpid() in pids and len(pids) == 2


def test_many_workers_and_chunks_keep_the_order(tmp_path: Path) -> None:
    items = list(range(40_000))  # more chunks of _FORK_CHUNK than the pipe holds numbers
    func = functools.partial(square_once_a_child_worked, tmp_path / "marker", os.getpid())
    out = parallel.map_ordered(func, items, jobs=4, threshold=1)
    assert [v for v, _ in out] == [x * x for x in items]
    assert 2 <= len({pid for _, pid in out}) <= 4


def test_an_error_in_a_child_reaches_the_caller_with_its_traceback(tmp_path: Path) -> None:
    func = functools.partial(fail_in_a_child, tmp_path / "marker", os.getpid())
    with pytest.raises(ValueError, match="failed in a child") as caught:
        parallel.map_ordered(func, list(range(200)), jobs=2, threshold=1)
    cause = caught.value.__cause__
    assert cause is not None and "fail_in_a_child" in str(cause)


def test_the_first_failing_item_is_the_error_raised_as_in_a_serial_run() -> None:
    items = list(range(2000))
    with pytest.raises(ValueError, match="item 123"):
        [fail_on_two_items(x) for x in items]
    for _ in range(3):  # whichever process meets which failure first
        with pytest.raises(ValueError, match="item 123"):
            parallel.map_ordered(fail_on_two_items, items, jobs=3, threshold=1)


def test_a_killed_child_s_share_is_done_here(tmp_path: Path) -> None:
    func = functools.partial(die_in_a_child, tmp_path / "marker", os.getpid())
    out = parallel.map_ordered(func, list(range(300)), jobs=2, threshold=1)
    assert out == [x * 3 for x in range(300)]
    assert (tmp_path / "marker").exists()  # the child did start, and died


def test_results_a_child_cannot_pickle_are_computed_here(tmp_path: Path) -> None:
    func = functools.partial(unpicklable_in_a_child, tmp_path / "marker", os.getpid())
    out = parallel.map_ordered(func, list(range(300)), jobs=2, threshold=1)
    assert out == [x + 1 for x in range(300)]
    assert {type(v) for v in out} == {int}  # every one made here, none came from the child
    assert (tmp_path / "marker").exists()


def test_with_another_thread_running_the_executor_does_the_work(tmp_path: Path) -> None:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        out = parallel.map_ordered(
            functools.partial(square_once_a_child_worked, tmp_path / "marker", -1),
            list(range(100)), jobs=2, threshold=1,
        )
    finally:
        stop.set()
        thread.join()
    assert [v for v, _ in out] == [x * x for x in range(100)]
    assert os.getpid() not in {pid for _, pid in out}  # no fork of a threaded process


def test_children_leave_stdout_and_exit_handlers_alone(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        import atexit, functools, os, sys
        from pathlib import Path
        from skillctl import parallel
        from tests.test_parallel_fork import square_once_a_child_worked
        atexit.register(lambda: print("exit handler ran in", "parent" if os.getpid() == PARENT
                                      else "child", flush=True))
        PARENT = os.getpid()
        sys.stdout.write("buffered before the fork|")  # not flushed: children must not flush it
        func = functools.partial(square_once_a_child_worked, Path(sys.argv[1]), PARENT)
        out = parallel.map_ordered(func, list(range(400)), jobs=3, threshold=1)
        print(len(out), len({pid for _, pid in out}) > 1)
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "marker")],
        capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parent.parent,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "buffered before the fork|400 True\nexit handler ran in parent\n"
    assert proc.stderr == ""


def test_no_child_is_left_behind(tmp_path: Path) -> None:
    func = functools.partial(square_once_a_child_worked, tmp_path / "marker", os.getpid())
    parallel.map_ordered(func, list(range(300)), jobs=3, threshold=1)
    with open(f"/proc/{os.getpid()}/task/{os.getpid()}/children") as handle:
        assert handle.read().split() == []  # every child was reaped (no zombie either)


def test_ctrl_c_in_this_process_kills_and_reaps_every_child(tmp_path: Path) -> None:
    func = functools.partial(interrupted_here, tmp_path / "marker", os.getpid())
    with pytest.raises(KeyboardInterrupt):
        parallel.map_ordered(func, list(range(300)), jobs=3, threshold=1)
    assert (tmp_path / "marker").exists()
    with open(f"/proc/{os.getpid()}/task/{os.getpid()}/children") as handle:
        assert handle.read().split() == []
    # every child was reaped: had one not been killed, it would have finished its item first
    assert not (tmp_path / "marker.finished").exists()


def test_a_child_s_error_this_process_cannot_unpickle_means_its_chunk_is_done_here(
    tmp_path: Path,
) -> None:
    func = functools.partial(odd_error_in_a_child, tmp_path / "marker", os.getpid())
    assert parallel.map_ordered(func, list(range(300)), jobs=2, threshold=1) == list(range(300))
    assert (tmp_path / "marker").exists()


def test_an_error_raised_here_has_no_remote_traceback() -> None:
    func = functools.partial(fail_in_the_parent, os.getpid())
    with pytest.raises(ValueError, match="failed here") as caught:
        parallel.map_ordered(func, list(range(300)), jobs=2, threshold=1)
    assert caught.value.__cause__ is None
    assert caught.value.__traceback__ is not None


def test_results_larger_than_a_pipe_come_back_whole_and_in_order(tmp_path: Path) -> None:
    func = functools.partial(big_result, tmp_path / "marker", os.getpid())
    items = list(range(400))
    out = parallel.map_ordered(func, items, jobs=3, threshold=1)
    assert out == [(x, str(x) * 20_000) for x in items]
