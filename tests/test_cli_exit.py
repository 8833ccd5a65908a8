"""The console script ends its process without the interpreter's teardown (``__main__.leave``).

Real subprocesses: what was written must all arrive, the exit status must be the one asked
for, and a thread still running must still be waited for.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import write_skill


def python(code: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    options: dict[str, object] = {"capture_output": True, **kwargs}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-c", code], text=True, timeout=60, **options
    )


def test_buffered_output_is_flushed_and_the_status_kept() -> None:
    done = python(
        "import sys; from skillctl.__main__ import leave\n"
        "sys.stdout.write('out' * 10000); sys.stderr.write('err'); leave(5)"
    )
    assert (done.returncode, len(done.stdout), done.stderr) == (5, 30000, "err")


def test_statuses_as_sys_exit_takes_them() -> None:
    leave = "from skillctl.__main__ import leave; leave({})"
    assert python(leave.format("None")).returncode == 0
    message = python(leave.format("'skillctl: bye'"))
    assert (message.returncode, message.stderr) == (1, "skillctl: bye\n")
    assert python(leave.format("257")).returncode == 1


def test_a_running_thread_is_waited_for() -> None:
    done = python(
        "import threading, time\n"
        "from skillctl.__main__ import leave\n"
        "def late(): time.sleep(0.2); print('thread finished', flush=True)\n"
        "threading.Thread(target=late).start()\n"
        "leave(4)"
    )
    assert (done.returncode, done.stdout) == (4, "thread finished\n")


def test_a_closed_pipe_fails_as_python_exit_would() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will read: the flush at exit fails with EPIPE
    try:
        done = python(
            "import sys; from skillctl.__main__ import leave; sys.stdout.write('x'); leave(0)",
            capture_output=False,
            env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},
            stdout=write_end,
            stderr=subprocess.PIPE,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 120


def test_a_lint_run_through_the_console_entry_point(tmp_path: Path) -> None:
    """``python -m skillctl`` (the same ``run`` as the console script) writes the whole
    report through a pipe and exits 1 for findings, 0 when clean, 2 for a usage error."""
    bad = tmp_path / "bad"
    for n in range(30):
        write_skill(bad, f"Skill_{n}", f"name: Skill_{n}\ndescription: x\n")
    good = tmp_path / "good"
    write_skill(
        good,
        "pdf-tools",
        "name: pdf-tools\ndescription: Extracts text from PDF files. Use when the user asks "
        "about PDFs.\n",
    )
    run = [sys.executable, "-m", "skillctl", "lint", "--no-cache"]
    found = subprocess.run([*run, str(bad)], capture_output=True, text=True, timeout=120)
    assert found.returncode == 1
    assert found.stdout.count("Skill_") >= 30 and found.stdout.rstrip().endswith(".")
    clean = subprocess.run([*run, str(good)], capture_output=True, text=True, timeout=120)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    missing = subprocess.run(
        [*run, str(tmp_path / "nope")], capture_output=True, text=True, timeout=120
    )
    assert missing.returncode == 2 and "path not found" in missing.stderr


def test_atexit_functions_still_run() -> None:
    done = python(
        "import atexit; from skillctl.__main__ import leave\n"
        "atexit.register(print, 'at exit')\n"
        "leave(6)"
    )
    assert (done.returncode, done.stdout) == (6, "at exit\n")


def test_a_profiled_run_still_writes_its_profile(tmp_path: Path) -> None:
    """``python -m cProfile -o FILE -m skillctl ...`` writes FILE when the process exits."""
    out = tmp_path / "lint.prof"
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "skillctl", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "skillctl" in done.stdout
    assert out.stat().st_size > 0
