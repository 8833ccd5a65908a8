"""The process pool helper (skillctl/parallel.py): same results, same order, any worker count."""

from __future__ import annotations

import os

import pytest

from skillctl import parallel


def square_and_pid(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def fail_on_seven(x: int) -> int:
    if x == 7:
        raise ValueError("seven")
    return x


def test_pool_results_keep_input_order_and_use_other_processes() -> None:
    items = list(range(300))[::-1]
    out = parallel.map_ordered(square_and_pid, items, jobs=2, threshold=10)
    assert [v for v, _ in out] == [x * x for x in items]
    pids = {pid for _, pid in out}
    assert os.getpid() not in pids
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
def test_a_bad_skillctl_jobs_falls_back_to_the_cores(
    monkeypatch: pytest.MonkeyPatch, raw: str
) -> None:
    monkeypatch.setenv("SKILLCTL_JOBS", raw)
    assert parallel.jobs_wanted() == parallel.cpu_count() >= 1


def test_an_explicit_job_count_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLCTL_JOBS", "5")
    assert parallel.jobs_wanted() == 5
    assert parallel.jobs_wanted(3) == 3


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="seven"):
        parallel.map_ordered(fail_on_seven, list(range(40)), jobs=2, threshold=1)


def test_empty_input() -> None:
    assert parallel.map_ordered(square_and_pid, [], jobs=2, threshold=0) == []


def test_use_pool_needs_both_cores_and_enough_items() -> None:
    assert parallel.use_pool(1000, 2, 200)
    assert not parallel.use_pool(1000, 1, 200)
    assert not parallel.use_pool(199, 2, 200)
