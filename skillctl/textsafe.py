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


#: Format characters kept: the joiners that Persian, Indic scripts and emoji sequences need
#: (``👩‍💻`` holds U+200D). Every other format character is invisible and hides what a
#: reviewer reads (U+200B in ``de\u200bploy``, the tag characters of smuggled text, U+FEFF).
_KEPT_FORMAT = frozenset("\u200c\u200d")


def _escape(ch: str) -> str:
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    if ch == "\t":
        return "\\t"
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8, kept by surrogateescape
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _safe(ch: str) -> bool:
    category = unicodedata.category(ch)
    return (category not in _ESCAPED_CATEGORIES and ch not in BIDI
            and (category != "Cf" or ch in _KEPT_FORMAT))


def printable(text: str) -> str:
    """Text safe to print on one terminal line: control and invisible characters shown as
    escapes.

    A newline becomes ``\\n``, a carriage return ``\\r`` and a tab ``\\t`` (in a column of a
    table or a path it reads as spaces); other controls (ESC, BEL, C1), bidi controls,
    invisible format characters (zero-width space, word joiner, soft hyphen, U+FEFF, tag
    characters; not the joiners U+200C/U+200D), U+2028/U+2029 and lone surrogates become
    ``\\xNN`` / ``\\uNNNN`` (a byte of a non-UTF-8 file name shows as the byte, ``\\xff``).
    Other characters (non-ASCII letters, emoji) are kept. The result never starts a new
    output line.
    """
    if text.isprintable():
        return text
    return "".join(ch if _safe(ch) else _escape(ch) for ch in text)


def printable_lines(text: str) -> str:
    """:func:`printable` for a block of lines: line feeds and tabs (the block's own layout)
    stay, everything else that :func:`printable` escapes is escaped, ``\\r`` included."""
    if text.isprintable():
        return text
    return "".join(ch if ch in "\n\t" or _safe(ch) else _escape(ch) for ch in text)


def unicode_safe(text: str) -> str:
    """``text`` as valid Unicode: each lone surrogate (a byte of a non-UTF-8 file name,
    decoded with surrogateescape) written as ``\\xNN`` (the byte) or ``\\udNNN``; all else
    unchanged. For formats whose readers reject lone surrogates (SARIF)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join(_escape(ch) if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text
