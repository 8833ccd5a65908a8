"""Run a child process in its own process group, bounded in time and in captured output.

Shared by ``run-script`` and ``render --exec``: stdin is closed, the child gets a new session,
and on a timeout, Ctrl-C, SIGTERM or SIGHUP (see :mod:`skillctl.interrupts`) the whole group
gets SIGTERM, then SIGKILL after a grace period. Captured output is cut at a byte limit while
the rest is read and dropped, so a chatty child cannot fill memory.

Processes that leave the group (``setsid``, a double fork) are found too where the system
allows it: on Linux skillctl becomes a child subreaper for the run (``prctl``), so an orphaned
descendant is re-parented to skillctl instead of init, and every descendant started during the
run is listed from ``/proc`` and stopped the same way once the child exits, times out or is
interrupted (issue 15 item 7). Elsewhere only the process group is stopped. Nothing can stop
a process that skillctl has no permission to signal (a set-uid program), one a descendant asks
another service to start (``systemd-run``, ``at``, a container daemon), or anything at all when
skillctl itself is killed with SIGKILL.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from skillctl import interrupts

#: Seconds between SIGTERM and SIGKILL when a process group is stopped.
KILL_GRACE = 3.0
#: Seconds after SIGKILL that skillctl keeps trying before it reports a descendant it could
#: not stop (no permission, or stuck in the kernel).
KILL_GIVE_UP = 5.0
#: ``prctl`` options (linux/prctl.h).
_PR_SET_CHILD_SUBREAPER = 36
_PR_GET_CHILD_SUBREAPER = 37


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
    #: the signal that interrupted the run (SIGINT, SIGTERM, SIGHUP); None when none did.
    interrupt_signal: int | None = None


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


def _stop_group(
    proc: subprocess.Popen[bytes], pgid: int, grace: float, reap: Callable[[], None] = lambda: None
) -> None:
    """SIGTERM the script's whole process group, then SIGKILL what is left after ``grace``.

    ``reap`` collects members re-parented to skillctl (a subreaper) once they died: a zombie
    still counts as a member of its group."""
    if _signal_group(pgid, signal.SIGTERM):
        deadline = time.monotonic() + grace
        try:
            while time.monotonic() < deadline:
                proc.poll()
                reap()
                if not _signal_group(pgid, 0):
                    break
                time.sleep(0.02)
        except KeyboardInterrupt:
            pass  # a second Ctrl-C: go straight to SIGKILL
        _signal_group(pgid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=max(grace, 1.0))


def _prctl(option: int, value: int) -> int | None:
    """``prctl(option, value)`` through ctypes; None where it cannot be called."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if option == _PR_GET_CHILD_SUBREAPER:
            out = ctypes.c_int(0)
            if libc.prctl(option, ctypes.byref(out), 0, 0, 0) != 0:
                return None
            return out.value
        result = libc.prctl(option, value, 0, 0, 0)
        return int(result) if result == 0 else None
    except (OSError, AttributeError, ValueError):
        return None


class _Descendants:
    """The processes a run starts, found through ``/proc`` (Linux) while skillctl is a child
    subreaper, so that they can be stopped even after they left the child's process group."""

    def __init__(self) -> None:
        self.enabled = sys.platform.startswith("linux") and os.path.isdir("/proc/self")
        self.was_subreaper = False
        self.subreaper = False
        self.before: frozenset[int] = frozenset()
        if not self.enabled:
            return
        self.was_subreaper = bool(_prctl(_PR_GET_CHILD_SUBREAPER, 0))
        self.subreaper = self.was_subreaper or _prctl(_PR_SET_CHILD_SUBREAPER, 1) == 0
        self.before = frozenset(self._table(include_zombies=True)[1].get(os.getpid(), ()))

    def close(self) -> None:
        """Stop being a subreaper (when this run made skillctl one)."""
        if self.subreaper and not self.was_subreaper:
            _prctl(_PR_SET_CHILD_SUBREAPER, 0)
            self.subreaper = False

    @staticmethod
    def _table(include_zombies: bool = False) -> tuple[set[int], dict[int, list[int]]]:
        """(zombies, children by parent) of every process in ``/proc``."""
        zombies: set[int] = set()
        children: dict[int, list[int]] = {}
        try:
            names = os.listdir("/proc")
        except OSError:
            return zombies, children
        for name in names:
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat", "rb") as handle:
                    stat_line = handle.read(4096)
            except OSError:
                continue
            fields = stat_line.rpartition(b")")[2].split()
            if len(fields) < 2:
                continue
            pid = int(name)
            if fields[0] in (b"Z", b"X"):
                zombies.add(pid)
                if not include_zombies:
                    continue
            children.setdefault(int(fields[1]), []).append(pid)
        return zombies, children

    def alive(self, exclude: int | None = None) -> tuple[list[int], list[int]]:
        """(live descendants started by this run, zombie children of skillctl to reap)."""
        if not self.enabled:
            return [], []
        zombies, children = self._table(include_zombies=True)
        me = os.getpid()
        found: list[int] = []
        todo = [pid for pid in children.get(me, ()) if pid not in self.before]
        seen: set[int] = set()
        while todo:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            found.append(pid)
            todo.extend(children.get(pid, ()))
        live = [pid for pid in found if pid not in zombies]
        reap = [pid for pid in found if pid in zombies and pid != exclude
                and pid in children.get(me, ())]
        return live, reap

    def reap(self, proc: subprocess.Popen[bytes]) -> None:
        """Collect the orphans re-parented to skillctl that have died (never ``proc``)."""
        if not self.subreaper:
            return
        for pid in self.alive(exclude=proc.pid)[1]:
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)

    def stop(self, proc: subprocess.Popen[bytes], grace: float) -> tuple[bool, list[int]]:
        """SIGTERM every live descendant, SIGKILL what is left after ``grace``; reap the
        orphans re-parented to skillctl. Returns (any found, pids that could not be stopped)."""
        if not self.enabled:
            return False, []
        found = False
        start = time.monotonic()
        termed: set[int] = set()
        hurry = False
        while True:
            proc.poll()  # the child itself is Popen's to reap, never ours
            try:
                live, reap = self.alive(exclude=proc.pid)
                for pid in reap:
                    with contextlib.suppress(ChildProcessError, OSError):
                        os.waitpid(pid, os.WNOHANG)
                if not live:
                    return found, []
                found = True
                now = time.monotonic()
                late = hurry or now - start >= grace
                if late and now - start >= grace + KILL_GIVE_UP:
                    return found, live
                for pid in live:
                    if late or pid not in termed:
                        with contextlib.suppress(OSError):
                            os.kill(pid, signal.SIGKILL if late else signal.SIGTERM)
                        termed.add(pid)
                time.sleep(0.02)
            except KeyboardInterrupt:
                hurry = True  # a second Ctrl-C (or SIGTERM): straight to SIGKILL


def run_in_group(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    timeout: float | None,
    capture: bool,
    limit: int | None,
    kill_grace: float = KILL_GRACE,
    executable: str | None = None,
    pass_fds: Sequence[int] = (),
) -> GroupRun:
    """Run ``argv`` (never through a shell) with stdin closed in a new process group.

    With ``capture`` stdout and stderr are collected, each cut at ``limit`` bytes; otherwise
    they are the caller's. A timeout (None or <= 0: none) or a KeyboardInterrupt (Ctrl-C, or
    SIGTERM/SIGHUP once :func:`skillctl.interrupts.install` ran) stops the whole group and,
    on Linux, every process the run started (see the module docstring); so do processes the
    child leaves behind when it exits. ``executable`` is the file executed (default
    ``argv[0]``); ``pass_fds`` stay open in the child. Raises OSError when the child cannot be
    started.
    """
    pipe = subprocess.PIPE if capture else None
    start = time.monotonic()
    tracker = _Descendants()
    proc: subprocess.Popen[bytes] | None = None
    drains: list[_Drain] = []
    timed_out = interrupted = leftovers = False
    interrupt_signal: int | None = None
    warnings: list[str] = []
    try:
        try:
            # a signal while the child starts is held back until it has started (and is
            # then stopped like any other): never a child that nobody stops
            with interrupts.deferred():
                proc = subprocess.Popen(
                    list(argv),
                    executable=executable,
                    pass_fds=tuple(pass_fds),
                    cwd=cwd,
                    env=dict(env),
                    stdin=subprocess.DEVNULL,
                    stdout=pipe,
                    stderr=pipe,
                    start_new_session=True,
                    close_fds=True,
                    shell=False,
                )
                drains = [
                    _Drain(stream, limit)
                    for stream in (proc.stdout, proc.stderr)
                    if stream is not None
                ]
                for drain in drains:
                    drain.start()
            pgid = proc.pid
            try:
                proc.wait(timeout=timeout if timeout and timeout > 0 else None)
            except subprocess.TimeoutExpired:
                timed_out = True
                _stop_group(proc, pgid, kill_grace, lambda: tracker.reap(proc))
            else:
                tracker.reap(proc)
                if _signal_group(pgid, 0):
                    leftovers = True
                    _stop_group(proc, pgid, kill_grace, lambda: tracker.reap(proc))
        except KeyboardInterrupt as exc:
            if proc is None:
                raise
            interrupted = True
            interrupt_signal = getattr(exc, "signum", None) or interrupts.received()
            if interrupt_signal is None:
                interrupt_signal = signal.SIGINT
            _stop_group(proc, proc.pid, kill_grace, lambda: tracker.reap(proc))
        detached, unstoppable = tracker.stop(proc, kill_grace)
    finally:
        tracker.close()
    assert proc is not None  # Popen raised otherwise
    if detached and not (timed_out or interrupted):
        leftovers = True
    if unstoppable:
        warnings.append(
            f"{len(unstoppable)} process(es) started by the child could not be stopped "
            f"(no permission, or stuck): {', '.join(map(str, sorted(unstoppable)))}"
        )
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
        interrupt_signal=interrupt_signal,
    )
