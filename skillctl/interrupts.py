"""SIGTERM and SIGHUP end skillctl the way Ctrl-C does: through its clean-up code.

Python's default for SIGTERM and SIGHUP is to die on the spot, so a cancelled CI job or
``timeout`` left the script of ``run-script`` (or the command of ``render --exec``) running,
and ``lint --fix`` could leave a ``.SKILL.md.*.skillctl-tmp`` file behind (issue 15 items 7,
11). :func:`install` (called once by the console script) turns them into :class:`Terminated`,
a ``KeyboardInterrupt``, so every ``except KeyboardInterrupt`` and ``finally`` that already
cleans up after Ctrl-C cleans up after them too, and skillctl exits with 128 + the signal.

:func:`deferred` holds these signals back over a short region that must not be cut in half
(starting a child, writing and renaming a temporary file): a signal that arrives meanwhile is
raised when the region ends. Deferral works by flag, not by the signal mask, because a child
started inside the region would inherit a blocked mask.

Only the standard library's ``signal`` and ``os`` are imported: this runs on every start-up.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from types import FrameType

#: Signals turned into an interrupt (SIGHUP does not exist on Windows).
SIGNALS: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C would raise KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_owner: int | None = None  # the pid that installed the handlers (forked workers differ)
_received: int | None = None  # the last signal received
_depth = 0  # nesting of deferred()
_pending: int | None = None  # a signal held back by deferred()


def _handler(signum: int, frame: FrameType | None) -> None:
    global _received, _pending
    if os.getpid() != _owner:
        # a forked worker inherited this handler: die by the signal, as before install()
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    _received = signum
    if _depth:
        if _pending is None:
            _pending = signum
        return
    raise _interrupt(signum)


def _interrupt(signum: int) -> KeyboardInterrupt:
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated(signum)


def install() -> None:
    """Turn SIGINT, SIGTERM and SIGHUP into interrupts in this process (main thread only).

    A signal that is ignored when skillctl starts (``nohup`` ignores SIGHUP) stays ignored,
    and so does one with a handler someone else installed.
    """
    global _owner
    if threading.current_thread() is not threading.main_thread():
        return
    _owner = os.getpid()
    for signum in SIGNALS:
        current = signal.getsignal(signum)
        default = signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
        if current is default or current is _handler:
            signal.signal(signum, _handler)


def installed() -> bool:
    """True when :func:`install` took effect in this process."""
    return _owner == os.getpid()


def received() -> int | None:
    """The last of :data:`SIGNALS` received since :func:`install` (None: none)."""
    return _received


def exit_code(exc: BaseException) -> int:
    """The exit code for an interrupt: 128 + its signal (130 for Ctrl-C)."""
    signum = getattr(exc, "signum", None) or _received or signal.SIGINT
    return 128 + int(signum)


def describe(exc: BaseException) -> str:
    """``interrupted`` for Ctrl-C, ``terminated by SIGTERM`` (or SIGHUP) otherwise."""
    signum = getattr(exc, "signum", None) or _received or signal.SIGINT
    if signum == signal.SIGINT:
        return "interrupted"
    return f"terminated by {signal.Signals(signum).name}"


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold back interrupts (see the module docstring) until the block ends, then raise the
    first one that arrived. A no-op where :func:`install` did not run in this process."""
    global _depth, _pending
    if not installed() or threading.current_thread() is not threading.main_thread():
        yield
        return
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if not _depth and _pending is not None:
            signum, _pending = _pending, None
            raise _interrupt(signum)
