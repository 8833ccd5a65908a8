"""JavaScript's ``String.prototype.localeCompare`` as a sort key.

Agents written for Node sort with ``localeCompare`` (ICU's root collation under ``en-US`` or
``C.UTF-8``): OpenCode its catalog, OpenClaw its catalog and each root's skill folders, the
``skills`` CLI the files it hashes. Byte order differs from it on every name with
punctuation (``x_a`` before ``x-a``, ``a-b/c`` before ``a/c``) or capitals.
"""

from __future__ import annotations

import unicodedata

#: White space, punctuation and symbols in ICU's root order, all before digits, digits before
#: letters: every printable ASCII one and some common others, as Node 24.21 sorts them (with
#: OpenCode 1.18.33 too, on names that differ in one: ``x_a`` before ``x-a``, ``x~a`` before
#: ``x$a``).
_PUNCTUATION_ORDER = (
    "\t\n\x0b\x0c\r _-\u2010\u2011\u2012\u2013\u2014\u2015,;:!\u00a1?\u00bf.\u2026\u00b7'"
    "\u2018\u2019\u201a\u201b\u2039\u203a\"\u201c\u201d\u201e\u201f\u00ab\u00bb()[]{}\u00a7"
    "\u00b6@*/\\&#%\u2030\u2020\u2021\u2022`\u00b4\u02dc^\u00af\u00a8\u00b8\u00b0\u00a9\u00ae"
    "\u2190\u2192\u2191\u2193\u21d2+\u00b1\u00f7\u00d7<=>\u00ac|\u00a6~\u2605\u2606\u2665"
    "\u2713\u2717\u00a4\u00a2$\u00a3\u00a5\u20a9\u20ac\u20b9"
)
#: Combining marks in ICU's secondary order (an accent's rank: ``é`` before ``è`` before
#: ``ê``); others come after them, by code point.
_MARK_ORDER = "\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u030b\u0303\u0307\u0327\u0328\u0304"


def _accent_rank(marks: str) -> int:
    rank = _MARK_ORDER.find(marks[0])
    return 1 + rank if rank >= 0 else len(_MARK_ORDER) + 2 + ord(marks[0])


#: Latin letters that are other letters with a mark, or two, in ICU's root collation but that
#: Unicode does not decompose.
_EXPANSIONS = {"\u00e6": "ae", "\u00c6": "AE", "\u0153": "oe", "\u0152": "OE", "\u00df": "ss",
               "\u00f8": "o", "\u00d8": "O", "\u0111": "d", "\u0110": "D", "\u0142": "l",
               "\u0141": "L"}
#: The groups of base characters, in order, each above every code point of the one before.
_SYMBOLS, _DIGITS, _LETTERS, _OTHER_LETTERS = (group << 22 for group in range(4))
#: Where symbols outside ASCII start: after ASCII's.
_OTHER_SYMBOLS = _SYMBOLS + len(_PUNCTUATION_ORDER)

LocaleKey = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def locale_key(text: str) -> LocaleKey:
    """A key that sorts like ``localeCompare``: base characters first (punctuation and
    symbols, then digits, then letters without case or accents), then accents, then case
    (lower case first), the three levels ICU compares in turn.

    Exact for ASCII (checked against Node 24.21 on every printable ASCII character). Other
    characters are approximated: a symbol after ASCII's symbols, an accented Latin letter as
    its base letter with an accent, any other letter after the Latin ones by code point.
    """
    primary: list[int] = []
    secondary: list[int] = []
    tertiary: list[int] = []
    for ch in text:
        rank = _PUNCTUATION_ORDER.find(ch)
        if rank >= 0:
            primary.append(rank)
            secondary.append(0)
            tertiary.append(0)
            continue
        variant = 0  # a compatibility form (superscript, ligature): a tertiary difference
        if ch.isascii():
            base, accented = ch, 0
        elif ch in _EXPANSIONS:
            base, accented = _EXPANSIONS[ch], len(_MARK_ORDER) + 1
        else:
            base = unicodedata.normalize("NFKD", ch) or ch
            accented = _accent_rank(base[1:]) if len(base) > 1 else 0
            variant = 2 if base != unicodedata.normalize("NFD", ch) else 0
        for letter in base if ch in _EXPANSIONS else base[0]:
            if letter.isascii() and letter.isdigit():
                primary.append(_DIGITS + ord(letter))
            elif letter.isascii() and letter.isalpha():
                primary.append(_LETTERS + ord(letter.lower()))
            elif letter.isalnum():
                primary.append(_OTHER_LETTERS + ord(letter.lower()))
            else:  # a symbol outside the list: with the symbols, after them
                primary.append(_OTHER_SYMBOLS + ord(letter))
            secondary.append(accented)
            tertiary.append(variant + (1 if letter.isupper() else 0))
    return tuple(primary), tuple(secondary), tuple(tertiary)
