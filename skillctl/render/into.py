"""Keep a rendered catalog inside a file, between ``<!-- skillctl:begin -->`` and
``<!-- skillctl:end -->``, leaving the rest of the file byte for byte as it was."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillctl.errors import UsageError

BEGIN = "<!-- skillctl:begin -->"
END = "<!-- skillctl:end -->"


@dataclass(frozen=True, slots=True)
class IntoResult:
    """The file's current text, the text it should have, and whether they differ."""

    path: Path
    old: str
    new: str

    @property
    def changed(self) -> bool:
        """True when the file is out of date."""
        return self.old != self.new


def splice(text: str, block: str) -> str:
    """``text`` with the part between the markers replaced by ``block``; markers are added
    at the end (after a blank line) when absent. Raises UsageError on broken markers."""
    inner = "\n" + block + ("\n" if block and not block.endswith("\n") else "")
    begin = text.find(BEGIN)
    end = text.find(END)
    if begin < 0 and end < 0:
        sep = "" if not text or text.endswith("\n\n") else "\n" if text.endswith("\n") else "\n\n"
        return f"{text}{sep}{BEGIN}{inner}{END}\n"
    if begin < 0 or end < 0 or end < begin or text.count(BEGIN) > 1 or text.count(END) > 1:
        raise UsageError(f"the file needs exactly one {BEGIN} followed by one {END}")
    return text[: begin + len(BEGIN)] + inner + text[end:]


def plan_into(path: Path, block: str) -> IntoResult:
    """What writing ``block`` into ``path`` would change (the file may not exist yet)."""
    from skillctl.parse import read_bytes

    if path.exists():
        try:
            # read_bytes refuses a FIFO or a device (which would block or never end) and reads
            # a bounded amount; a file larger than that is not ours to rewrite.
            data, size = read_bytes(path)
            if size > len(data):
                raise UsageError(f"{path}: larger than {len(data)} bytes; not changed")
            old = data.decode("utf-8")
        except UnicodeDecodeError:
            raise UsageError(f"{path}: not UTF-8 text; not changed") from None
        except OSError as exc:
            raise UsageError(f"{path}: cannot read: {exc.strerror or exc}") from None
    else:
        old = ""
    return IntoResult(path, old, splice(old, block))


def write_into(result: IntoResult) -> None:
    """Write the planned text through skillctl's one safe writer, inside the working
    directory (or the folder named, when outside it): a linked folder or file leading
    elsewhere is refused, and any failure to write is a one-line error (exit 2)."""
    from skillctl.fsio import UnsafeWriteError, atomic_write_text, write_boundary

    path = result.path
    try:
        atomic_write_text(path, result.new, confine_to=write_boundary(path))
    except UnsafeWriteError:
        raise
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise UsageError(f"{path}: cannot write: {reason}; not changed") from None
