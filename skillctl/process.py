"""Run a child process in its own process group, bounded in time and in captured output.

Shared by ``run-script`` and ``render --exec``: stdin is closed, the child gets a new session,
and on a timeout or Ctrl-C the whole group gets SIGTERM, then SIGKILL after a grace period.
Captured output is cut at a byte limit while the rest is read and dropped, so a chatty child
cannot fill memory.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

#: Seconds between SIGTERM and SIGKILL when a process group is stopped.
KILL_GRACE = 3.0


@dataclass(frozen=True, slots=True)
class GroupRun:
    """What happened to a child run by :func:`run_in_group`."""

    returncode: int | None  # the raw Popen return code (negative for a signal)
    duration_s: float
    timed_out: bool = False
    interrupted: bool = False
    stdout: bytes | None = None
    stderr: bytes | None = None
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    #: processes of the child's group still running after it exited, then stopped.
    stopped_leftovers: bool = False
    warnings: tuple[str, ...] = field(default=())


class _Drain(threading.Thread):
    """Read a pipe to its end, keeping at most ``limit`` bytes (None: everything)."""

    def __init__(self, stream: IO[bytes], limit: int | None) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.limit = limit
        self.chunks: list[bytes] = []
        self.kept = 0
        self.truncated = False

    def run(self) -> None:
        fd = self.stream.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            if self.limit is not None and self.kept + len(chunk) > self.limit:
                chunk = chunk[: self.limit - self.kept]
                self.truncated = True
            if chunk:
                self.chunks.append(chunk)
                self.kept += len(chunk)

    def data(self) -> bytes:
        return b"".join(self.chunks)


def _signal_group(pgid: int, sig: int) -> bool:
    """Send a signal to a process group; False when the group no longer exists."""
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stop_group(proc: subprocess.Popen[bytes], pgid: int, grace: float) -> None:
    """SIGTERM the script's whole process group, then SIGKILL what is left after ``grace``."""
    if _signal_group(pgid, signal.SIGTERM):
        deadline = time.monotonic() + grace
        try:
            while time.monotonic() < deadline:
                proc.poll()
                if not _signal_group(pgid, 0):
                    break
                time.sleep(0.02)
        except KeyboardInterrupt:
            pass  # a second Ctrl-C: go straight to SIGKILL
        _signal_group(pgid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=max(grace, 1.0))


def run_in_group(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    timeout: float | None,
    capture: bool,
    limit: int | None,
    kill_grace: float = KILL_GRACE,
) -> GroupRun:
    """Run ``argv`` (never through a shell) with stdin closed in a new process group.

    With ``capture`` stdout and stderr are collected, each cut at ``limit`` bytes; otherwise
    they are the caller's. A timeout (None or <= 0: none) or a KeyboardInterrupt stops the
    whole group; so do processes the child leaves behind. Raises OSError when the child
    cannot be started.
    """
    pipe = subprocess.PIPE if capture else None
    start = time.monotonic()
    proc = subprocess.Popen(
        list(argv),
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=pipe,
        stderr=pipe,
        start_new_session=True,
        close_fds=True,
        shell=False,
    )
    pgid = proc.pid
    drains = [
        _Drain(stream, limit) for stream in (proc.stdout, proc.stderr) if stream is not None
    ]
    for drain in drains:
        drain.start()
    timed_out = interrupted = leftovers = False
    warnings: list[str] = []
    try:
        try:
            proc.wait(timeout=timeout if timeout and timeout > 0 else None)
        except subprocess.TimeoutExpired:
            timed_out = True
            _stop_group(proc, pgid, kill_grace)
        else:
            if _signal_group(pgid, 0):
                leftovers = True
                _stop_group(proc, pgid, kill_grace)
    except KeyboardInterrupt:
        interrupted = True
        _stop_group(proc, pgid, kill_grace)
    duration = time.monotonic() - start
    for drain in drains:
        drain.join(timeout=max(kill_grace, 1.0))
        if drain.is_alive():
            warnings.append(
                "a process outside the child's process group still holds its output open; "
                "output after this point was not collected"
            )
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    out = drains[0] if capture and drains else None
    err = drains[1] if capture and len(drains) > 1 else None
    return GroupRun(
        returncode=proc.returncode,
        duration_s=duration,
        timed_out=timed_out,
        interrupted=interrupted,
        stdout=out.data() if out else None,
        stderr=err.data() if err else None,
        stdout_truncated=bool(out and out.truncated),
        stderr_truncated=bool(err and err.truncated),
        stopped_leftovers=leftovers,
        warnings=tuple(dict.fromkeys(warnings)),
    )
