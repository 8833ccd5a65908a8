"""Entry point for ``python -m skillctl`` and the ``skillctl`` console script."""

from __future__ import annotations

import os
import sys

# typing is not imported at run time: a replayed run loads nothing but this and replay.py
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn


def main() -> None:
    """Run the command-line app, unless an unchanged lint run can be replayed first.

    Ends by raising :class:`SystemExit`, as any Click app does, so that it can be called in
    a process that goes on (the tests); :func:`console` is the process's own entry point.
    """
    from skillctl.replay import replay_or_continue

    code = replay_or_continue(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from skillctl.cli.app import run

    run()


def console() -> NoReturn:
    """The ``skillctl`` command and ``python -m skillctl``: :func:`main`, then :func:`leave`."""
    try:
        main()
    except SystemExit as done:
        leave(done.code)
    leave(0)


def leave(status: str | int | None) -> NoReturn:
    """End the process with ``status`` (as :func:`sys.exit` takes it), skipping the
    interpreter's teardown.

    Tearing down a process that has linted thousands of skills frees every object one at a
    time: ~20 ms at 2,000 skills, as long as writing the report takes. Nothing is left to
    do by then (output is flushed here, files were written and closed, workers reaped), so
    the process ends at once, as a forked worker does. The normal exit is kept whenever
    something still expects it: another thread still running (it waits for it), a function
    registered with :mod:`atexit` (coverage, a ``sitecustomize``), or a profiler or tracer
    (``python -m cProfile`` writes its results at exit).
    """
    if _exit_expected():
        sys.exit(status)
    if status is None:
        code = 0
    elif isinstance(status, int):
        code = status
    else:  # sys.exit("message"): the message on stderr, status 1
        print(status, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: status 120, as Python's own exit
            code = code or 120
    os._exit(code & 0xFF)



def _exit_expected() -> bool:
    """Whether anything in this process relies on the interpreter's normal exit."""
    import atexit

    threading = sys.modules.get("threading")
    pending = getattr(atexit, "_ncallbacks", None)  # CPython's; elsewhere: assume there are
    return (
        (threading is not None and threading.active_count() > 1)
        or pending is None
        or pending() > 0
        or sys.getprofile() is not None
        or sys.gettrace() is not None
    )


if __name__ == "__main__":
    console()
