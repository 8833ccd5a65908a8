"""The description an agent makes up from a skill's body when the frontmatter has none.

Each agent's way is a mode named in its profile (``description_fallback``), checked with the
real agents (conformance case ``description-from-body``):

* ``body-first-line`` (Claude Code 2.1.332): the first non-blank line, trimmed, with the marks
  of a Markdown heading (``#`` and the space after them) taken off, at most 100 characters
  (97 and ``...``); ``#Title`` and a bare ``#`` stay as they are;
* ``body-lines`` (GitHub Copilot CLI 1.0.102): the first three non-blank lines that do not
  start with ``#``, trimmed and joined by single spaces.
"""

from __future__ import annotations

import re

#: the fallback modes, for profiles and catalog formats
MODES = ("body-first-line", "body-lines")

_HEADING_MARKS = re.compile(r"#+[ \t]+")
_FIRST_LINE_CAP = 100
_COPILOT_LINES = 3


def body_first_line(body: str) -> str | None:
    """Claude Code's: the first non-blank line without its heading marks, 100 characters at
    most; None for a blank body."""
    start, size = 0, len(body)
    while start <= size:  # line by line without splitting the whole body
        end = body.find("\n", start)
        if end < 0:
            end = size
        text = body[start:end].strip()
        if text:
            marks = _HEADING_MARKS.match(text)
            if marks is not None:
                text = text[marks.end():].strip()
            if text:
                return text if len(text) <= _FIRST_LINE_CAP else text[:97] + "..."
        start = end + 1
    return None


def body_lines(body: str) -> str | None:
    """The Copilot CLI's: the first three non-blank lines not starting with ``#``, joined by
    spaces; None when there is none."""
    kept: list[str] = []
    for line in body.splitlines():
        text = line.strip()
        if text and not text.startswith("#"):
            kept.append(text)
            if len(kept) == _COPILOT_LINES:
                break
    return " ".join(kept) or None


def from_body(body: str, mode: str) -> str | None:
    """The description ``mode`` makes of ``body`` (None: the body gives none)."""
    if mode == "body-lines":
        return body_lines(body)
    return body_first_line(body)
