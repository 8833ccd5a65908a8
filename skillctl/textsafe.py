"""Text from a repository made safe for the place it is printed: the one escaping module.

Names, descriptions, folder and script names come from files nobody reviewed. Printed raw,
a newline starts a line that a CI runner reads as a command (``::add-mask::``), an escape
sequence sets the window title or the clipboard (OSC 0 / OSC 52) or clears the screen, a
carriage return overwrites what came before, and a bidi override (U+202E) reorders what a
terminal shows. Every human-facing output (``list``, ``show``, ``lint`` text / GitHub / JUnit
text parts, ``run-script --list`` and ``--dry-run``, ``render`` on a terminal, notes on
stderr) passes each value through :func:`printable` (one line) or :func:`printable_lines`
(a block whose own line breaks are kept) before laying it out.

Machine formats keep the data: JSON escapes control characters itself, and
:func:`unicode_safe` turns the lone surrogates of a file name that is not valid UTF-8 into
``\\xNN`` text where a consumer needs valid Unicode (SARIF). Standard library only.
"""

from __future__ import annotations

import unicodedata

#: Bidirectional controls: they reorder what a terminal shows ("Trojan source").
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Unicode categories escaped everywhere: controls (C0, DEL, C1 with ESC and CSI), lone
#: surrogates, and the line and paragraph separators that some terminals break lines on.
_ESCAPED_CATEGORIES = frozenset(("Cc", "Cs", "Zl", "Zp"))


def _escape(ch: str) -> str:
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8, kept by surrogateescape
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _safe(ch: str) -> bool:
    return ch == "\t" or (
        unicodedata.category(ch) not in _ESCAPED_CATEGORIES and ch not in BIDI
    )


def printable(text: str) -> str:
    """Text safe to print on one terminal line: control characters shown as escapes.

    A newline becomes ``\\n`` and a carriage return ``\\r``; other controls (ESC, BEL, C1),
    bidi controls, U+2028/U+2029 and lone surrogates become ``\\xNN`` / ``\\uNNNN`` (a byte
    of a non-UTF-8 file name shows as the byte, ``\\xff``). Tabs stay; other characters
    (non-ASCII letters, emoji) are kept. The result never starts a new output line.
    """
    if text.isprintable():
        return text
    return "".join(ch if _safe(ch) else _escape(ch) for ch in text)


def printable_lines(text: str) -> str:
    """:func:`printable` for a block of lines: line feeds (the block's own layout) stay,
    everything else that :func:`printable` escapes is escaped, ``\\r`` included."""
    if "\n" not in text:
        return printable(text)
    return "\n".join(printable(line) for line in text.split("\n"))


def unicode_safe(text: str) -> str:
    """``text`` as valid Unicode: each lone surrogate (a byte of a non-UTF-8 file name,
    decoded with surrogateescape) written as ``\\xNN`` (the byte) or ``\\udNNN``; all else
    unchanged. For formats whose readers reject lone surrogates (SARIF)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join(_escape(ch) if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text
