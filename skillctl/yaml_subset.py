"""Read the block-style YAML that real frontmatter uses, without ruamel; decline the rest.

:func:`skillctl.parse._parse_simple` reads ``key: text`` lines. Real skills also write
multi-line plain scalars, ``|``/``>`` block scalars, ``true``/``1.0``/``1.0.0`` scalars,
quoted strings with escapes, block and flow sequences, nested mappings and comments; before
this reader, ruamel parsed every such file (issue 19). :func:`read` takes those shapes and
returns exactly what ``skillctl.parse._parse_with_ruamel`` (ruamel's round-trip loader, YAML
1.2, timestamps as text) would: the same data with the same types and key order, the same key
and value positions, the same plain and block scalar paths. On anything it cannot vouch for
it declines (returns None) and ruamel decides. ``tests/test_yaml_subset.py`` holds it to that
on every corpus file and on generated frontmatter.

What is declined: tabs and control characters (checked by the caller), anchors, aliases,
tags, directives, ``?`` keys, quoted or non-word keys, duplicate keys, multi-line quoted or
flow scalars, flow mappings, block scalars with an indentation indicator, ``+`` chomping, a
comment on their header or leading blank lines, more-indented lines in a folded scalar,
numbers other than plain decimals, and every ``: `` or `` #`` whose meaning needs a closer
look. Positions are 1-based and absolute in the file, as in :class:`skillctl.model.Frontmatter`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from skillctl.model import KeyPath, Position

#: A mapping key this reader accepts, at the column where the key must start: a plain word
#: that is always a string (null/bool words are refused below), then ``:`` and a space or the
#: end of the line.
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]{0,127}):(?= |$)")
#: Words that resolve to null or a boolean in YAML 1.1 or 1.2, in any case: refused as keys.
_SPECIAL_KEYS = frozenset({"null", "true", "false", "yes", "no", "on", "off", "y", "n"})
#: Plain scalars YAML 1.2 (ruamel) resolves to something else than a string.
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
          "FALSE": False}
_NULLS = frozenset({"null", "Null", "NULL", "~"})
#: Numbers read here: plain decimals (short enough for ``int()``'s digit limit).
_INT = re.compile(r"0|[1-9][0-9]{0,17}")
_FLOAT = re.compile(r"(?:0|[1-9][0-9]{0,17})\.[0-9]{1,17}")
#: Strings that start with a digit: versions (no number has two dots) and dates (the loader
#: keeps timestamps as their text).
_DIGIT_TEXT = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9}){2,8}|[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: Every character YAML's int, float and timestamp patterns can match after a digit: text
#: starting with a digit and holding any other character ("3-clause BSD") is a string.
_NUMBER_CHARS = frozenset("0123456789_.+-:eEbBoOxXabcdefABCDEFtTzZ ")
#: First characters of a plain scalar left to ruamel: YAML indicators, and characters an
#: implicit resolver keys on (digits are handled above; ``<`` only as ``<<``, the merge key).
_PLAIN_FIRST_REFUSED = frozenset("-?:,[]{}#&*!|>'\"%@`+.~=")
_FLOW_PLAIN_REFUSED = frozenset(",[]{}#:")
_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
    "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
    "L": "\u2028", "P": "\u2029",
}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}
_HEX = re.compile(r"[0-9A-Fa-f]+")
_SPACES = re.compile(r" *")
#: Where a plain item of a flow sequence ends.
_FLOW_END = re.compile(r"[,\]]")
_BLOCK_HEADER = re.compile(r"([|>])(-?) *")
#: Far below ruamel's limits (``limits.MAX_YAML_NODES``, ``MAX_YAML_DEPTH``): larger
#: frontmatter is left to the general path, which reports what is too complex.
_MAX_NODES = 5000
_MAX_DEPTH = 16


class _Decline(Exception):
    """The text is outside the subset: ruamel reads it."""


@dataclass
class Read:
    """What :func:`read` found: the parts of a :class:`skillctl.model.Frontmatter`."""

    data: dict[str, Any]
    positions: dict[KeyPath, Position] = field(default_factory=dict)
    value_positions: dict[KeyPath, Position] = field(default_factory=dict)
    plain: set[KeyPath] = field(default_factory=set)
    block: set[KeyPath] = field(default_factory=set)


def read(text: str, first_line: int) -> Read | None:
    """The frontmatter ``text`` (its first line is file line ``first_line``) as ruamel's path
    would read it, or None when it is outside the subset.

    The caller has refused tabs, carriage returns and other control characters.
    """
    reader = _Reader(text.split("\n"), first_line)
    try:
        return reader.document()
    except _Decline:
        return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _after_spaces(line: str, at: int) -> int:
    """The index of the first character from ``at`` on that is not a space."""
    match = _SPACES.match(line, at)
    return at if match is None else match.end()


def _is_dash(line: str, column: int) -> bool:
    """A block sequence entry (``-`` then a space or the end of the line) at ``column``."""
    return line.startswith("-", column) and (len(line) == column + 1 or line[column + 1] == " ")


def _resolve(text: str, *, flow: bool = False) -> tuple[Any, bool]:
    """A one-line plain scalar as YAML 1.2 resolves it, and whether it is a plain string."""
    if ": " in text or text[-1] == ":" or (flow and not _FLOW_PLAIN_REFUSED.isdisjoint(text)):
        raise _Decline
    first = text[0]
    if first.isdigit():
        if _INT.fullmatch(text):
            return int(text), False
        if _FLOAT.fullmatch(text):
            return float(text), False
        if _DIGIT_TEXT.fullmatch(text) or not _NUMBER_CHARS.issuperset(text):
            return text, True
        raise _Decline
    if text in _BOOLS:
        return _BOOLS[text], False
    if text in _NULLS:
        return None, False
    if first in _PLAIN_FIRST_REFUSED or text.startswith("<<"):
        raise _Decline
    return text, True


def _double_quoted(line: str, start: int) -> tuple[str, int]:
    """The double-quoted scalar opening at ``line[start]`` and the index after its quote."""
    out: list[str] = []
    at = start + 1
    stop = line.find('"', at)
    while True:
        if stop < at:  # (the quote found last was escaped)
            stop = line.find('"', at)
        if stop < 0:
            raise _Decline  # (continued on the next line)
        slash = line.find("\\", at, stop)
        if slash < 0:
            out.append(line[at:stop])
            return "".join(out), stop + 1
        out.append(line[at:slash])
        if slash + 1 >= len(line):
            raise _Decline
        code = line[slash + 1]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            at = slash + 2
            continue
        width = _HEX_ESCAPES.get(code)
        digits = line[slash + 2 : slash + 2 + width] if width else ""
        if not width or len(digits) != width or not _HEX.fullmatch(digits):
            raise _Decline
        point = int(digits, 16)
        if 0xD800 <= point <= 0xDFFF or point > 0x10FFFF:
            raise _Decline
        out.append(chr(point))
        at = slash + 2 + width


def _single_quoted(line: str, start: int) -> tuple[str, int]:
    """The single-quoted scalar opening at ``line[start]`` and the index after its quote."""
    out: list[str] = []
    at = start + 1
    while True:
        stop = line.find("'", at)
        if stop < 0:
            raise _Decline
        out.append(line[at:stop])
        if line.startswith("'", stop + 1):
            out.append("'")
            at = stop + 2
            continue
        return "".join(out), stop + 1


def _end_of_line(line: str, at: int) -> bool:
    """Only spaces, or spaces and a comment, from ``at`` on (a comment needs a space first)."""
    rest = line[at:]
    stripped = rest.lstrip(" ")
    return not stripped or (stripped[0] == "#" and len(stripped) < len(rest))


class _Reader:
    """One pass over the lines of a frontmatter block, recursive in its nesting."""

    def __init__(self, lines: list[str], first_line: int) -> None:
        self.lines = lines
        self.offset = first_line
        self.nodes = 0
        self.out = Read({})

    def position(self, index: int, column: int) -> Position:
        """The file position of 0-based ``column`` on line ``index`` of the block."""
        return Position(index + self.offset, column + 1)

    def skip(self, index: int) -> int:
        """The first line from ``index`` on that is neither blank nor a comment."""
        lines = self.lines
        while index < len(lines):
            stripped = lines[index].lstrip(" ")
            if stripped and stripped[0] != "#":
                return index
            index += 1
        return index

    def count(self, depth: int) -> None:
        self.nodes += 1
        if self.nodes > _MAX_NODES or depth > _MAX_DEPTH:
            raise _Decline

    def document(self) -> Read:
        start = self.skip(0)
        if start == len(self.lines) or _indent(self.lines[start]) != 0:
            raise _Decline
        self.count(0)
        data, end = self.mapping(start, 0, (), 0, inline=False)
        if self.skip(end) != len(self.lines):
            raise _Decline
        self.out.data = data
        return self.out

    def mapping(
        self, index: int, indent: int, path: KeyPath, depth: int, *, inline: bool
    ) -> tuple[dict[str, Any], int]:
        """A block mapping whose keys start at column ``indent``, from line ``index`` (where,
        when ``inline``, the key follows a sequence entry's ``-``)."""
        result: dict[str, Any] = {}
        lines = self.lines
        while True:
            if not inline:
                index = self.skip(index)
                if index == len(lines):
                    break
                column = _indent(lines[index])
                if column < indent:
                    break
                if column > indent:
                    raise _Decline
            inline = False
            line = lines[index]
            match = _KEY.match(line, indent)
            if match is None:
                raise _Decline
            key = match.group(1)
            if key in result or (len(key) <= 5 and key.lower() in _SPECIAL_KEYS):
                raise _Decline
            child = (*path, key)
            self.out.positions[child] = self.position(index, indent)
            self.count(depth + 1)
            result[key], index = self.value(index, match.end(), indent, child, depth + 1)
        return result, index

    def value(
        self, index: int, at: int, indent: int, path: KeyPath, depth: int
    ) -> tuple[Any, int]:
        """The value of the mapping key whose ``:`` ends before ``line[at]``, the key at
        column ``indent``; returns it and the index of the first line after it."""
        line = self.lines[index]
        start = _after_spaces(line, at)
        if start >= len(line) or line[start] == "#":
            return self.empty_value(index, at, start < len(line), indent, path, depth)
        self.out.value_positions[path] = self.position(index, start)
        first = line[start]
        if first == "[":
            return self.flow_sequence(index, start, path, depth), index + 1
        if first == "|" or first == ">":
            return self.block_scalar(index, start, indent, path)
        return self.scalar(index, start, indent, path)

    def empty_value(
        self, index: int, at: int, commented: bool, indent: int, path: KeyPath, depth: int
    ) -> tuple[Any, int]:
        """A key with nothing after its ``:`` (but maybe a comment): a nested block, a plain
        scalar on the next lines, or null. A null's position is where ruamel marks it: the
        next token, just after the colon when a comment and a sibling key follow, or the end
        of the last line."""
        lines = self.lines
        following = self.skip(index + 1)
        if following < len(lines):
            line = lines[following]
            column = _indent(line)
            if column > indent or (column == indent and _is_dash(line, column)):
                if commented:
                    raise _Decline
                self.out.value_positions[path] = self.position(following, column)
                if _is_dash(line, column):
                    return self.sequence(following, column, path, depth)
                if _KEY.match(line, column) is not None:
                    return self.mapping(following, column, path, depth, inline=False)
                if column == indent or any(
                    lines[between].strip(" ") for between in range(index + 1, following)
                ):
                    raise _Decline  # (a comment line before the scalar)
                return self.plain(following, column, indent, path)
            if not commented:
                where = self.position(following, column)
            elif column == indent:  # (a sibling key follows)
                where = self.position(index, at)
            else:
                raise _Decline  # (the mark moves to the end of the comment or the next line)
        elif index == len(lines) - 1:  # (the last line: the mark is at its end)
            where = self.position(index, len(lines[index]))
        else:
            raise _Decline  # (blank or comment lines up to the end: ruamel's mark moves)
        self.out.value_positions[path] = where
        return None, following

    def scalar(self, index: int, start: int, indent: int, path: KeyPath) -> tuple[Any, int]:
        """A quoted or plain scalar starting at ``line[start]``, the value of a mapping key
        or sequence entry at column ``indent``."""
        line = self.lines[index]
        first = line[start]
        if first == '"' or first == "'":
            text, end = (_double_quoted if first == '"' else _single_quoted)(line, start)
            if not _end_of_line(line, end):
                raise _Decline
            return text, index + 1
        return self.plain(index, start, indent, path)

    def plain(self, index: int, start: int, indent: int, path: KeyPath) -> tuple[Any, int]:
        """A plain scalar from ``line[start]``, continued on lines indented past ``indent``."""
        lines = self.lines
        line = lines[index]
        comment = line.find(" #", start)
        text = (line[start:] if comment < 0 else line[start:comment]).rstrip(" ")
        if not text:
            raise _Decline
        parts = [text]
        last = index
        after = index + 1
        blanks = 0
        while after < len(lines):
            stripped = lines[after].strip(" ")
            if not stripped:
                blanks += 1
                after += 1
                continue
            if _indent(lines[after]) <= indent or stripped[0] == "#":
                break
            if comment >= 0:
                raise _Decline  # (text after a comment)
            comment = stripped.find(" #")
            if comment >= 0:  # the scalar's last line
                stripped = stripped[:comment].rstrip(" ")
            if ": " in stripped or stripped[-1] == ":":
                raise _Decline
            parts.append("\n" * blanks if blanks else " ")
            parts.append(stripped)
            blanks = 0
            last = after
            after += 1
        value, is_plain = _resolve(text)
        if len(parts) > 1:
            if not is_plain:  # ("1" then more lines: a string, but left to ruamel)
                raise _Decline
            value = "".join(parts)  # (a string too: its first line is one)
        if is_plain:
            self.out.plain.add(path)
        return value, last + 1

    def block_scalar(self, index: int, start: int, indent: int, path: KeyPath) -> tuple[str, int]:
        """A ``|`` or ``>`` block scalar (clip or strip chomping) whose header is at
        ``line[start]``, the value of a key at column ``indent``."""
        lines = self.lines
        header = _BLOCK_HEADER.fullmatch(lines[index], start)
        if header is None:
            raise _Decline
        folded = header.group(1) == ">"
        first = index + 1
        if first >= len(lines) or not lines[first].strip(" "):
            raise _Decline  # (no content, or leading blank lines)
        content = _indent(lines[first])
        if content <= indent:
            raise _Decline
        parts: list[str] = []
        last = first
        after = first
        while after < len(lines):
            line = lines[after]
            if not line.strip(" "):
                if len(line) > content:
                    raise _Decline
                parts.append("")
            elif _indent(line) >= content:
                if folded and line[content] == " ":
                    raise _Decline
                parts.append(line[content:])
                last = after
            else:
                break
            after += 1
        parts = parts[: last - first + 1]
        if folded:
            value = parts[0]
            blanks = 0
            for part in parts[1:]:
                if not part:
                    blanks += 1
                    continue
                value += ("\n" * blanks if blanks else " ") + part
                blanks = 0
        else:
            value = "\n".join(parts)
        if not header.group(2) and last < len(lines) - 1:
            value += "\n"
        self.out.block.add(path)
        return value, after

    def sequence(
        self, index: int, indent: int, path: KeyPath, depth: int
    ) -> tuple[list[Any], int]:
        """A block sequence whose ``-`` entries stand at column ``indent``."""
        items: list[Any] = []
        lines = self.lines
        while True:
            index = self.skip(index)
            if index == len(lines):
                break
            line = lines[index]
            column = _indent(line)
            if column < indent or not _is_dash(line, column):
                break
            if column > indent:
                raise _Decline
            start = _after_spaces(line, column + 1)
            if start >= len(line) or line[start] in "#-|>[{":
                raise _Decline
            child = (*path, len(items))
            self.out.positions[child] = self.out.value_positions[child] = self.position(
                index, start
            )
            self.count(depth + 1)
            if _KEY.match(line, start) is not None:
                item, index = self.mapping(index, start, child, depth + 1, inline=True)
            else:
                item, index = self.scalar(index, start, indent, child)
            items.append(item)
        return items, index

    def flow_sequence(self, index: int, start: int, path: KeyPath, depth: int) -> list[Any]:
        """A one-line ``[a, "b", 1]`` of scalars opening at ``line[start]``."""
        line = self.lines[index]
        items: list[Any] = []
        at = start + 1
        while True:
            at = _after_spaces(line, at)
            if at >= len(line):
                raise _Decline
            if line[at] == "]" and not items:
                break
            child = (*path, len(items))
            self.out.positions[child] = self.out.value_positions[child] = self.position(
                index, at
            )
            self.count(depth + 1)
            first = line[at]
            if first == '"' or first == "'":
                text, at = (_double_quoted if first == '"' else _single_quoted)(line, at)
                items.append(text)
            else:
                found = _FLOW_END.search(line, at)
                end = len(line) if found is None else found.start()
                word = line[at:end].rstrip(" ")
                if not word:
                    raise _Decline
                value, is_plain = _resolve(word, flow=True)
                if is_plain:
                    self.out.plain.add(child)
                items.append(value)
                at = end
            at = _after_spaces(line, at)
            if line.startswith("]", at):
                break
            if not line.startswith(",", at):
                raise _Decline
            at += 1
            if line.startswith("]", _after_spaces(line, at)):
                raise _Decline  # (a trailing comma)
        if not _end_of_line(line, at + 1):
            raise _Decline
        return items
