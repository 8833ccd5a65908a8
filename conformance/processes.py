"""Ending an agent's process with everything it started."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the process group of ``proc`` (started with ``start_new_session=True``) and
    reap it; a group already gone, or not ours to signal, is left alone."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)
