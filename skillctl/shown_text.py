"""Text an agent shows differently from how it is written, or not at all.

Claude Code 2.1.332 has one notion of a *hidden* character (control, format, surrogate,
private-use and unassigned code points, the line and paragraph separators, its table of
default-ignorable code points, and the braille blank U+2800), found by running it
(conformance cases ``description-controls`` and ``folder-name-characters``):

* in a catalog description (:func:`claude_catalog_text`) each run of hidden characters is
  written as one space, after terminal escape sequences are taken out;
* a skill whose name (its folder's) holds one is not offered at all, nor one whose name
  "may not hold hidden, direction-changing or blank-like characters, < or >, or be over 256
  characters" in its other ways (:func:`claude_code_name_problem`), its own words.

Both keep the characters that hold an emoji together (Claude Code keeps every code point of
an RGI emoji sequence); Python has no RGI_Emoji property, so skillctl keeps a joiner, a
variation selector, a skin tone or a tag right after a pictograph, which a sequence that is
not RGI (a man and a woman joined by U+200D, no child) breaks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

#: Claude Code's limit, in UTF-16 code units
_CLAUDE_MAX = 256
#: the default-ignorable code points Claude Code counts as hidden (its table, 2.1.332), and
#: the braille blank U+2800
_HIDDEN_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x2800, 0x2800),
    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFFB),
    (0x1107F, 0x1107F), (0x13430, 0x1343F), (0x16FE4, 0x16FE4), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
#: control, format, surrogate, private-use and unassigned code points, and the line and
#: paragraph separators: hidden too
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: what holds an emoji together (a joiner, a variation selector, a skin tone, a tag): not
#: hidden right after an emoji, where Claude Code reads the whole sequence as one emoji
_EMOJI_PARTS = frozenset({0x200D, 0xFE0E, 0xFE0F, 0x20E3}) | frozenset(range(0x1F3FB, 0x1F400)) \
    | frozenset(range(0xE0020, 0xE0080))
#: blank-like although not a space: the object replacement character
_BLANK_LIKE = frozenset({"\ufffc"})


def _hidden(char: str) -> bool:
    code = ord(char)
    if unicodedata.category(char) in _HIDDEN_CATEGORIES:
        return True
    return any(low <= code <= high for low, high in _HIDDEN_RANGES)


def _emoji(char: str) -> bool:
    """A pictograph an emoji sequence may start with (approximated by its category and the
    emoji blocks: Python has no ``\\p{RGI_Emoji}``)."""
    code = ord(char)
    return unicodedata.category(char) == "So" or 0x1F000 <= code <= 0x1FAFF \
        or 0x2600 <= code <= 0x27BF


def _kept(text: str) -> list[bool]:
    """For each character of ``text``, whether it is kept as part of an emoji sequence."""
    kept = [False] * len(text)
    in_emoji = False
    for index, char in enumerate(text):
        if in_emoji and ord(char) in _EMOJI_PARTS:
            kept[index] = True
            continue
        in_emoji = _emoji(char)
    return kept


#: Terminal escape sequences, in their 7-bit and 8-bit forms: CSI; OSC to BEL or ST; DCS,
#: SOS, PM and APC to ST; any other ESC with its intermediates and final. One left open runs
#: to the end of the text.
_TERMINAL_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c|$)"
    r"|(?:\x1b[PX^_]|[\x90\x98\x9e\x9f])[^\x1b\x9c]*(?:\x1b\\|\x9c|$)"
    r"|\x1b[ -/]*[0-~]?")
#: JavaScript's ``trim()``: what it takes off both ends (not Python's ``strip()``, which
#: also takes ``\x1c``-``\x1f`` and ``\x85`` but leaves ``\ufeff``)
JS_WHITESPACE = ("\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                 "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff")


def claude_catalog_text(text: str) -> str:
    """A user's description as Claude Code 2.1.332 writes it in its catalog: trimmed as
    JavaScript trims, terminal escape sequences taken out, each run of hidden characters (CR,
    LF and tab among them) written as one space, ``<`` and ``>`` as entities (``&`` and
    quotes are not)."""
    text = text.strip(JS_WHITESPACE)
    if not (text.isascii() and text.isprintable()):  # (printable ASCII hides nothing)
        text = _TERMINAL_SEQUENCE.sub("", text)
        kept = _kept(text)
        out: list[str] = []
        in_run = False  # (a space of the text itself starts no run)
        for index, char in enumerate(text):
            hidden = not kept[index] and _hidden(char)
            if not hidden:
                out.append(char)
            elif not in_run:
                out.append(" ")
            in_run = hidden
        text = "".join(out)
    return text.replace("<", "&lt;").replace(">", "&gt;")


def display_width(text: str) -> int:
    """Columns the text takes in a terminal, as ``Bun.stringWidth`` counts them, which Claude
    Code 2.1.332 charges its skill listing's budget in (not UTF-16 units): a wide or
    full-width character (CJK, most emoji) takes 2, a combining mark, a format or control
    character 0, the parts that join or modify an emoji (U+200D and what follows it, skin
    tones, variation selectors) 0, anything else 1. Claude Code's own corrections for rare
    grapheme clusters are left out."""
    if text.isascii():
        return len(text) if text.isprintable() else sum(1 for c in text if " " <= c <= "~")
    width = 0
    joined = False  # the character after U+200D belongs to the emoji before it
    for char in text:
        code = ord(char)
        if joined:
            joined = False
            if _emoji(char):
                continue
        if code == 0x200D:
            joined = True
            continue
        if 0x1F3FB <= code <= 0x1F3FF or 0xFE00 <= code <= 0xFE0F:
            continue
        category = unicodedata.category(char)
        if category in ("Mn", "Me", "Cf", "Cc"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def claude_code_name_problem(name: str) -> str | None:
    """Why Claude Code will not offer a skill named ``name``, or None.

    Checked: the length (256 UTF-16 code units), ``<`` and ``>``, hidden characters
    (control, format, private-use, unassigned, default-ignorable, U+2800; the parts of an
    emoji sequence right after an emoji are not), spaces other than U+0020, a space at
    either end, two spaces in a row, a space next to a ``:`` or a ``:`` at either end, and a
    combining mark with no letter, digit or mark before it. Left out: Claude Code's checks
    of marks by script (a mark after a Latin letter that is not of the inherited script)
    and of emoji sequences beyond the approximation above.
    """
    units = len(name) + sum(1 for char in name if ord(char) > 0xFFFF)
    if units > _CLAUDE_MAX:
        return f"it is {units} characters long (at most {_CLAUDE_MAX})"
    if "<" in name or ">" in name:
        return "it holds < or >"
    if name.isascii() and name.isprintable():  # (the common case: only spaces and colons)
        return _space_problem(name)
    previous = ""
    kept = _kept(name)
    for index, char in enumerate(name):
        code = ord(char)
        if kept[index]:
            continue
        if _hidden(char):
            return f"it holds the hidden character U+{code:04X}"
        if (unicodedata.category(char) == "Zs" and char != " ") or char in _BLANK_LIKE:
            return f"it holds the blank-like character U+{code:04X}"
        if unicodedata.category(char).startswith("M") and (
                not previous or unicodedata.category(previous)[0] not in "LNM"):
            return f"it holds a combining mark U+{code:04X} with no letter before it"
        previous = char
    return _space_problem(name)


def _space_problem(name: str) -> str | None:
    if name != name.strip(" ") or "  " in name:
        return "it starts or ends with a space, or holds two in a row"
    if name.startswith(":") or name.endswith(":") or " :" in name or ": " in name:
        return "a ':' stands at one end or next to a space"
    return None


#: check id (a profile's ``shown_name_check``) -> why the agent does not show a name
CHECKS: dict[str, Callable[[str], str | None]] = {"claude-code": claude_code_name_problem}


def name_problem(check: str, name: str) -> str | None:
    """Why the agent whose profile names ``check`` will not show ``name``, or None."""
    return CHECKS[check](name)
