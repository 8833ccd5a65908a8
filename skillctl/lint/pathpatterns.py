"""gitignore-style path patterns (``per-path-ignores``) compiled so that matching takes time
linear in the path, whatever the pattern.

A pattern comes from a configuration file in the repository, so it is hostile input: the usual
translation of ``*a*a*a…b`` to ``[^/]*a[^/]*a…b`` backtracks through every way of splitting
the name (25 stars did not finish in 20 seconds with pathspec). Here every ``*`` but the last of
a path segment is compiled to an atomic, lazy group ``(?>[^/]*?X)``: the text between two stars
has a fixed length, so taking its leftmost occurrence is always right and never revisited, and
only the segment's last star backtracks (once over the segment). ``**`` segments are limited in
number, since each may try every folder level. Invalid patterns raise :class:`PatternError`.
"""

from __future__ import annotations

import re

#: ``**`` segments allowed in one pattern (each may try every folder level of a path)
MAX_DOUBLE_STARS = 2
#: characters a pattern may have
MAX_PATTERN_LENGTH = 1024


class PatternError(ValueError):
    """A pattern that is not a valid gitignore-style pattern (or one too complex to match)."""


def _class(pattern: str, start: int) -> tuple[str, int]:
    """The regex of the ``[...]`` class starting at ``start``, and the index after it."""
    index = start + 1
    negate = index < len(pattern) and pattern[index] in "!^"
    if negate:
        index += 1
    body = []
    first = True
    while index < len(pattern) and (pattern[index] != "]" or first):
        char = pattern[index]
        if char == "\\":
            if index + 1 >= len(pattern):
                raise PatternError("a '\\' at the end of the pattern escapes nothing")
            index += 1
            char = pattern[index]
        if char == "/":
            raise PatternError("'/' inside [...] can never match")
        body.append(re.escape(char) if char not in "-" else "-")
        first = False
        index += 1
    if index >= len(pattern):
        raise PatternError("'[' without a closing ']'")
    regex = "[" + ("^/" if negate else "") + "".join(body) + "]"
    try:
        re.compile(regex)
    except re.error as exc:
        raise PatternError(f"bad character class {pattern[start:index + 1]!r}: {exc}") from None
    return regex, index + 1


def _segment(segment: str) -> str:
    """The regex of one path segment (no ``/``), stars made non-backtracking."""
    chunks: list[list[str]] = [[]]  # fixed-length pieces between stars
    index = 0
    while index < len(segment):
        char = segment[index]
        if char == "*":
            while index < len(segment) and segment[index] == "*":
                index += 1
            chunks.append([])
            continue
        if char == "?":
            chunks[-1].append("[^/]")
        elif char == "[":
            regex, index = _class(segment, index)
            chunks[-1].append(regex)
            continue
        elif char == "\\":
            if index + 1 >= len(segment):
                raise PatternError("a '\\' at the end of the pattern escapes nothing")
            index += 1
            chunks[-1].append(re.escape(segment[index]))
        else:
            chunks[-1].append(re.escape(char))
        index += 1
    parts = ["".join(chunks[0])]
    middle = chunks[1:-1]
    parts.extend(f"(?>[^/]*?{''.join(chunk)})" for chunk in middle)
    if len(chunks) > 1:
        parts.append("[^/]*" + "".join(chunks[-1]))
    return "".join(parts)


def compile_pattern(pattern: str) -> re.Pattern[str]:
    """A regex that matches a relative POSIX path (a folder with a trailing ``/``) when the
    gitignore-style ``pattern`` covers it, or anything below it. Raises PatternError."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise PatternError(f"longer than {MAX_PATTERN_LENGTH} characters")
    text = pattern.strip()
    if not text:
        raise PatternError("an empty pattern matches nothing")
    if text.startswith("#"):
        raise PatternError("a pattern starting with '#' is a comment in gitignore syntax "
                           "(write '\\#' for a literal '#')")
    if text.startswith("!"):
        raise PatternError("negated patterns ('!') are not supported here: list the paths "
                           "to ignore instead")
    if text.endswith("\\") and not text.endswith("\\\\"):
        raise PatternError("a '\\' at the end of the pattern escapes nothing")
    dir_only = text.endswith("/")
    text = text.rstrip("/")
    anchored = "/" in text
    segments = text.lstrip("/").split("/")
    if segments.count("**") > MAX_DOUBLE_STARS:
        raise PatternError(f"more than {MAX_DOUBLE_STARS} '**' segments")
    regex = "" if anchored else "(?:[^/]*/)*"
    for position, segment in enumerate(segments):
        last = position == len(segments) - 1
        if segment == "**":
            regex += ".*" if last else "(?:[^/]*/)*"
            continue
        regex += _segment(segment) + ("" if last else "/")
    regex += "/.*" if dir_only else "(?:/.*)?"
    try:
        return re.compile(regex + r"\Z", re.DOTALL)
    except re.error as exc:  # pragma: no cover - every piece above is valid on its own
        raise PatternError(str(exc)) from None


def matches(compiled: re.Pattern[str], path: str) -> bool:
    """True when ``compiled`` covers the relative POSIX ``path``."""
    return compiled.match(path) is not None
