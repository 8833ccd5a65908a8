"""Safe reads and writes of files a repository controls.

Writes go to a temporary file in the same directory, fsync, then an atomic rename (``lint
--fix``, ``render --into``, ``--baseline``): the original stays intact if anything fails, the
file keeps its mode, and a path that resolves outside the allowed tree is refused. Reads of
whole files (configuration, baselines) open only regular files, without blocking, up to a cap.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

from skillctl.errors import SkillctlError


class UnsafeWriteError(SkillctlError):
    """A write that skillctl refused to make (a symlink out of the tree, not a regular file)."""

    exit_code = 2


def read_regular_file(path: Path, limit: int) -> bytes:
    """The whole of ``path`` when it is a regular file of at most ``limit`` bytes.

    Opened without blocking, so a FIFO (or a device) put where a file is expected cannot hang
    the run; the size is checked on the open descriptor, and at most ``limit + 1`` bytes are
    ever read, so a sparse or growing file cannot exhaust memory. Raises ``OSError`` with a
    ``strerror`` for anything else (the caller names the file).
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        if st.st_size > limit:
            raise OSError(errno.EFBIG, f"larger than {limit:,} bytes ({st.st_size:,})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise OSError(errno.EFBIG, f"larger than {limit:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def inside(path: Path, boundary: Path) -> bool:
    """True when the real path of ``path`` (followed through every link, dangling ones too)
    lies inside the real path of ``boundary``."""
    target = os.path.realpath(path)
    root = os.path.realpath(boundary)
    return os.path.commonpath([target, root]) == root


def write_boundary(path: Path) -> Path:
    """The folder a write of a file the user named (``--into``, ``--baseline``) must stay
    inside: the working directory when the path given lies below it, else the folder the path
    names. Either way a link (dangling or not) or a linked folder leading out of it is refused,
    so a repository cannot redirect the write elsewhere."""
    given = Path(os.path.abspath(path))
    cwd = Path(os.getcwd())
    return cwd if given.is_relative_to(cwd) else given.parent


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file: 0o666 less the process umask."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write_bytes(path: Path, data: bytes, *, confine_to: Path | None = None,
                       before_replace: Callable[[], None] | None = None) -> None:
    """Replace ``path`` with ``data`` atomically, keeping its permission bits.

    A symlink is written through to its target only when the target stays inside
    ``confine_to`` (when given); the link itself is kept. ``before_replace`` runs right before
    the rename and may raise to call the write off (a settings edit checks that nobody changed
    the file since it was read). Raises :class:`UnsafeWriteError` or ``OSError``; on any
    failure the original file is untouched and no temporary file is left.
    """
    target = Path(os.path.realpath(path))
    if confine_to is not None and not inside(path, confine_to):
        raise UnsafeWriteError(
            f"{path}: refusing to write through a link to {target}, outside {confine_to}"
        )
    mode = _new_file_mode()
    if target.exists():
        st = os.stat(target)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeWriteError(f"{path}: not a regular file; not written")
        mode = stat.S_IMODE(st.st_mode)
    import tempfile  # only when writing: it costs ~25 ms to import, and reads need none

    from skillctl.interrupts import deferred

    # Ctrl-C, SIGTERM or SIGHUP is held back until the file is either replaced or removed:
    # between mkstemp and the try below, an interrupt would leave the temporary file behind
    with deferred():
        fd, tmp = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".skillctl-tmp", dir=target.parent
        )
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode)
            if before_replace is not None:
                before_replace()
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def atomic_write_text(path: Path, text: str, *, confine_to: Path | None = None) -> None:
    """:func:`atomic_write_bytes` for UTF-8 text (no newline translation)."""
    atomic_write_bytes(path, text.encode("utf-8"), confine_to=confine_to)
