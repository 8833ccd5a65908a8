"""Terminal decisions shared by every text output: colour on or off, width, cell counting.

Colour follows one order of precedence, the same for every command (as ruff and uv do):

1. ``--color always|never`` (``auto``, the default, defers to what follows);
2. ``NO_COLOR`` set to anything but the empty string: no colour (https://no-color.org);
3. ``FORCE_COLOR`` set to anything but the empty string: colour, even into a pipe;
4. otherwise colour only when the stream is a terminal and ``TERM`` is not ``dumb``.

Standard library only (no rich, no Typer).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Mapping
from typing import TextIO

#: The values of ``--color``.
COLOR_CHOICES = ("auto", "always", "never")


def isatty(stream: object) -> bool:
    """True when ``stream`` is a terminal (False for anything that cannot tell)."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def use_color(stream: TextIO, mode: str | None = "auto",
              env: Mapping[str, str] | None = None) -> bool:
    """Whether to colour what is written to ``stream``, by the order in the module doc.

    :param mode: ``always``, ``never``, or ``auto``/None (decide from the environment).
    :param env: the environment (default ``os.environ``).
    """
    if mode == "always":
        return True
    if mode == "never":
        return False
    env = os.environ if env is None else env
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    return env.get("TERM") != "dumb" and isatty(stream)


def color_flag(mode: str | None) -> bool | None:
    """``--color`` as the tri-state the lint formats take: True, False or None (detect)."""
    return {"always": True, "never": False}.get(mode or "auto")


def width(stream: TextIO, env: Mapping[str, str] | None = None) -> int | None:
    """The width to lay text out in: the terminal's, or ``COLUMNS`` when it is set.

    None when ``stream`` is not a terminal and ``COLUMNS`` is not set: a pipe gets whole
    lines (the layout of a file does not depend on the window it was made in).
    """
    env = os.environ if env is None else env
    columns = env.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if not isatty(stream):
        return None
    try:
        return os.get_terminal_size(stream.fileno()).columns or None
    except (AttributeError, ValueError, OSError):
        return None


def _cell(ch: str) -> int:
    if unicodedata.combining(ch) or ch in "\u200b\u200c\u200d\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes (wide CJK and emoji count two)."""
    if text.isascii():
        return len(text)
    return sum(map(_cell, text))


def cut(text: str, room: int) -> str:
    """``text`` cut to at most ``room`` cells, with an ellipsis where it was cut."""
    if cells(text) <= room:
        return text
    if room <= 0:
        return ""
    kept, used = [], 0
    for ch in text:
        size = _cell(ch)
        if used + size > room - 1:
            break
        kept.append(ch)
        used += size
    return "".join(kept).rstrip() + "…"


def cut_middle(text: str, room: int) -> str:
    """``text`` shortened to ``room`` cells by an ellipsis in the middle (for paths: the
    start says where, the end names the file; the end keeps the larger share)."""
    if cells(text) <= room:
        return text
    if room <= 1:
        return "…"[:room]
    keep = room - 1
    head_room = keep // 3
    head, used = [], 0
    for ch in text:
        if used + _cell(ch) > head_room:
            break
        head.append(ch)
        used += _cell(ch)
    tail_room = keep - used
    tail: list[str] = []
    used = 0
    for ch in reversed(text):
        if used + _cell(ch) > tail_room:
            break
        tail.append(ch)
        used += _cell(ch)
    return "".join(head) + "…" + "".join(reversed(tail))


def pad(text: str, room: int) -> str:
    """``text`` followed by spaces up to ``room`` cells."""
    return text + " " * max(0, room - cells(text))


#: ANSI styles used by the plain-text writers when colour is on.
STYLES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34",
          "magenta": "35", "cyan": "36"}


def paint(text: str, style: str | None, color: bool) -> str:
    """``text`` in ``style`` (a key of :data:`STYLES`) when ``color`` is on, else as is."""
    if not color or not style or not text:
        return text
    return f"\x1b[{STYLES[style]}m{text}\x1b[0m"
