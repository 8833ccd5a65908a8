"""Ending an agent's process with everything it started."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from conformance.model import DriverError


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the process group of ``proc`` (started with ``start_new_session=True``) and
    reap it; a group already gone, or not ours to signal, is left alone."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


def run_bounded(argv: Sequence[str], cwd: Path, env: Mapping[str, str], timeout: float,
                what: str) -> str:
    """Run ``argv`` in its own process group with stdin closed and return its output as text;
    a time-out or a non-zero exit is a :class:`DriverError` naming ``what`` (the group is
    killed either way).

    Standard output goes to a file, not a pipe: a Node CLI that calls ``process.exit()``
    drops what is still queued for a pipe (``gemini skills list`` of 600 skills stopped
    after its first 64 KiB), while its writes to a file are synchronous."""
    with tempfile.TemporaryFile() as stdout:
        proc = subprocess.Popen(list(argv), cwd=cwd, env=dict(env), stdin=subprocess.DEVNULL,
                                stdout=stdout, stderr=subprocess.PIPE, start_new_session=True)
        try:
            _, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise DriverError(f"{what} did not finish within {timeout:.0f} s") from None
        finally:
            kill_group(proc)
        if proc.returncode != 0:
            raise DriverError(f"{what} exited {proc.returncode}: "
                              f"{err.decode('utf-8', errors='replace')[-2000:]!r}")
        stdout.seek(0)
        return stdout.read().decode("utf-8", errors="replace")
