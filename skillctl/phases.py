"""Opt-in timings of a lint run's phases, for the benchmark (``bench/real.py``).

With ``SKILLCTL_PHASE_TIMES=PATH`` set, a lint run writes to PATH, as it exits, a JSON object
``{"format": 1, "phases": {PHASE: {"cpu": s, "wall": s, "calls": n}}}`` for the phases walk,
parse, skill-rules, across-rules and report. Unset, it costs nothing: nothing is wrapped.
Set, :func:`install` wraps the one function of each phase in its module (every caller looks
it up there when it calls), so the phases' own code carries no timing code.

The times are this process's: with worker processes the per-skill phases (parse, skill-rules)
run in the workers and are not counted; time with ``SKILLCTL_JOBS=1`` to see every phase.
"""

from __future__ import annotations

import atexit
import functools
import importlib
import json
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

#: The environment variable that asks for the phase times, and names the file to write.
VARIABLE = "SKILLCTL_PHASE_TIMES"
FORMAT = 1
#: Phase -> (module, function) that does it.
PHASES: dict[str, tuple[str, str]] = {
    "walk": ("skillctl.collect", "iter_candidates"),
    "parse": ("skillctl.collect", "load_skill"),
    "skill-rules": ("skillctl.lint.engine", "lint_skill"),
    "across-rules": ("skillctl.lint.engine", "lint_across"),
    "report": ("skillctl.report.lint_output", "write_lint_report"),
}

_spent: dict[str, list[float]] = {}  # phase -> [cpu, wall, calls]
_owner: list[int] = []  # the process that installed the timers (a forked worker writes nothing)


def requested() -> str | None:
    """The file the phase times go to, or None when they were not asked for."""
    return os.environ.get(VARIABLE) or None


def install() -> None:
    """Wrap every phase's function with a timer and write the times at exit (once)."""
    if _spent:
        return
    for phase, (module_name, name) in PHASES.items():
        _spent[phase] = [0.0, 0.0, 0]
        module = importlib.import_module(module_name)
        original = getattr(module, name)
        timer = _timed_generator if phase == "walk" else _timed
        setattr(module, name, timer(original, _spent[phase]))
    _owner.append(os.getpid())
    atexit.register(_write)


def _timed(function: Callable[..., Any], spent: list[float]) -> Callable[..., Any]:
    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - cpu
            spent[1] += time.perf_counter() - wall
            spent[2] += 1

    return timed


def _timed_generator(
    function: Callable[..., Iterator[Any]], spent: list[float]
) -> Callable[..., Iterator[Any]]:
    """A generator's time is what each step takes, not what its consumer does between."""

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Iterator[Any]:
        inner = function(*args, **kwargs)
        while True:
            cpu, wall = time.process_time(), time.perf_counter()
            try:
                item = next(inner)
            except StopIteration:
                return
            finally:
                spent[0] += time.process_time() - cpu
                spent[1] += time.perf_counter() - wall
                spent[2] += 1
            yield item

    return timed


def _write() -> None:
    target = requested()
    if target is None or _owner != [os.getpid()]:
        return
    phases = {
        phase: {"cpu": round(cpu, 6), "wall": round(wall, 6), "calls": int(calls)}
        for phase, (cpu, wall, calls) in _spent.items()
    }
    try:
        with open(target, "w", encoding="utf-8") as out:
            json.dump({"format": FORMAT, "pid": os.getpid(), "phases": phases}, out, indent=2)
    except OSError:
        pass  # a measurement aid: it never fails the run
