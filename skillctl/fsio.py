"""Safe writes: a temporary file in the same directory, fsync, then an atomic rename.

Used by ``lint --fix`` and ``render --into``: the original stays intact if anything fails,
the file keeps its mode, and a path that resolves outside the allowed tree is refused.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from skillctl.errors import SkillctlError


class UnsafeWriteError(SkillctlError):
    """A write that skillctl refused to make (a symlink out of the tree, not a regular file)."""

    exit_code = 2


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file: 0o666 less the process umask."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write_bytes(path: Path, data: bytes, *, confine_to: Path | None = None) -> None:
    """Replace ``path`` with ``data`` atomically, keeping its permission bits.

    A symlink is written through to its target only when the target stays inside
    ``confine_to`` (when given); the link itself is kept. Raises :class:`UnsafeWriteError` or
    ``OSError``; on any failure the original file is untouched and no temporary file is left.
    """
    target = Path(os.path.realpath(path))
    if confine_to is not None:
        root = os.path.realpath(confine_to)
        if os.path.commonpath([str(target), root]) != root:
            raise UnsafeWriteError(
                f"{path}: refusing to write through a link to {target}, outside {confine_to}"
            )
    mode = _new_file_mode()
    if target.exists():
        st = os.stat(target)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeWriteError(f"{path}: not a regular file; not written")
        mode = stat.S_IMODE(st.st_mode)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".skillctl-tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def atomic_write_text(path: Path, text: str, *, confine_to: Path | None = None) -> None:
    """:func:`atomic_write_bytes` for UTF-8 text (no newline translation)."""
    atomic_write_bytes(path, text.encode("utf-8"), confine_to=confine_to)
