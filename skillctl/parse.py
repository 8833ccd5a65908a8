"""Read a SKILL.md: bytes -> text -> frontmatter + body, with positions. Never raises.

This is the one place that reads a SKILL.md. Everything a later stage needs to know about the
file (BOM, line endings, where the frontmatter is, what the YAML parser said, which keys were
quoted) is recorded here once, so rules and agent views never re-read or re-parse it.

The frontmatter is parsed as YAML 1.2 by ruamel.yaml in round-trip mode, which keeps line and
column numbers. When that fails, the file is retried the way Claude Code retries it (risky
values quoted), so that the lenient view of a skill is still available to every rule; the
failure itself stays recorded as a problem.

Most frontmatter is a handful of ``key: text`` lines, and importing and running ruamel costs
more than everything else skillctl does with such a file. ``_parse_simple`` reads that common
shape directly and declines (returns None, so ruamel parses the file) on anything it cannot
vouch for; whenever it accepts, its result is the one ruamel's path would give, which
``tests/test_parse_fast.py`` checks against the corpus, the golden files and generated input.
What it declines, :mod:`skillctl.yaml_subset` reads next when it is the block-style YAML real
skills write (multi-line and block scalars, numbers, lists, nested mappings, comments), under
the same rule (``tests/test_yaml_subset.py``); ruamel reads the rest.
"""

from __future__ import annotations

import base64
import functools
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillctl import limits
from skillctl.model import (
    BINARY_TAG,
    SET_TAG,
    Frontmatter,
    KeyPath,
    LineEndings,
    ParsedSkill,
    Position,
    Problem,
)

if TYPE_CHECKING:
    from ruamel.yaml import YAML

_DELIMITER = re.compile(r"---[ \t]*")
_SUPPRESS = re.compile(r"#\s*skillctl:\s*ignore(?:\[([^\]]*)\])?")
# Characters that make Claude Code's lenient retry quote a value (reference/agents.md §3).
_RISKY_VALUE = re.compile(r"[{}\[\]*&#!|>%@`]|: ")
_TOP_LEVEL_PAIR = re.compile(
    r"^(?P<key>[A-Za-z0-9_][A-Za-z0-9_.-]*)(?P<sep>:[ \t]+)(?P<value>\S.*?)\s*$"
)


# --------------------------------------------------------------------------- reading bytes

#: Non-blocking: a file swapped for a FIFO since it was looked at must not hang the run.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)


def read_bytes(path: Path, cap: int = limits.MAX_READ_BYTES) -> tuple[bytes, int]:
    """Read at most ``cap`` bytes of a regular file; return the bytes and the file's size.

    Raises OSError (with a clear ``strerror``) for anything that is not a regular file, so a
    FIFO, a device or a directory named SKILL.md is never opened for reading.
    """
    name = os.fspath(path)
    st = os.stat(name)
    if not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise OSError(0, f"{kind}", str(path))
    fd = os.open(name, _READ_FLAGS)
    try:
        # As many bytes as stat saw (a buffer of that size: a larger one, shrunk afterwards,
        # costs an mmap, an mremap and a munmap per file); when that is all there is, no
        # second read to find the end.
        size = st.st_size
        chunk = os.read(fd, min(cap, size) if size > 0 else min(cap, 1 << 16))
        if len(chunk) == size or not chunk:
            return chunk, size
        chunks = [chunk]
        remaining = cap - len(chunk)
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks), st.st_size


# --------------------------------------------------------------------------- decoding


def _line_of_offset(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def detect_line_endings(text: str) -> LineEndings:
    """Classify the line endings of decoded text (before normalisation)."""
    if "\r" not in text:  # the common case, in one pass instead of three
        return LineEndings.LF if "\n" in text else LineEndings.NONE
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    kinds = [
        k for k, n in ((LineEndings.CRLF, crlf), (LineEndings.LF, lf), (LineEndings.CR, cr)) if n
    ]
    if not kinds:
        return LineEndings.NONE
    return kinds[0] if len(kinds) == 1 else LineEndings.MIXED


def decode(data: bytes) -> tuple[str, bool, list[Problem]]:
    """Decode bytes as UTF-8 (BOM tolerated); return text, whether a BOM was there, problems.

    Undecodable bytes are replaced so later stages can still look at the file; the first bad
    byte is reported with its line and column.
    """
    problems: list[Problem] = []
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        problems.append(
            Problem("not-utf8", "file is UTF-16 encoded; agents read SKILL.md as UTF-8")
        )
        return data.decode("utf-16", errors="replace"), False, problems
    has_bom = data.startswith(b"\xef\xbb\xbf")
    if has_bom:
        data = data[3:]
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _line_of_offset(data, nul)
        problems.append(
            Problem("not-utf8", "file contains NUL bytes (binary, not text)", line, col)
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_of_offset(data, exc.start)
        problems.append(
            Problem("not-utf8", f"invalid UTF-8 byte 0x{data[exc.start]:02x}", line, col)
        )
        text = data.decode("utf-8", errors="replace")
    return text, has_bom, problems


# --------------------------------------------------------------------------- splitting


@dataclass(frozen=True, slots=True)
class Split:
    """Where the frontmatter is in normalised text (0-based line indexes)."""

    opener: int | None  # index of the opening --- line
    closer: int | None  # index of the closing --- line
    leading: bool = False  # content stands before the opening ---


#: A line that opens or closes a fenced code block.
_FENCE_LINE = re.compile(r"[ ]{0,3}(?:```|~~~)")
#: A top-level ``name:`` or ``description:`` line: what every frontmatter block holds.
_SKILL_KEY = re.compile(r"['\"]?(?:name|description)['\"]?[ \t]*:(?:[ \t]|$)")


def split_frontmatter(lines: list[str]) -> Split:
    """Find the frontmatter delimiters line by line: ``---`` alone, trailing blanks allowed."""
    if lines and _DELIMITER.fullmatch(lines[0]):
        return Split(0, _find_closer(lines, 0))
    # Text (an HTML comment, a title, blank lines) before a real frontmatter block: agents
    # see no frontmatter at all, but the block is still worth parsing for other rules.
    opener = next((i for i, line in enumerate(lines[:50]) if _DELIMITER.fullmatch(line)), None)
    if opener is None:
        return Split(None, None)
    fences = [bool(_FENCE_LINE.match(line)) for line in lines[:opener] if line.strip()]
    if sum(fences) % 2 and not all(fences):
        # inside a code block below the file's own text: an example of frontmatter ("##
        # Example", "```", "---", "name: reviewer", ...), not this file's (issue 16, twelfth
        # sample); a file wrapped whole in a fence ("````markdown", then "---") is still
        # frontmatter pushed down by that line
        return Split(None, None)
    closer = _find_closer(lines, opener)
    # Only a block that names the skill is frontmatter pushed down: between two horizontal
    # rules of a Markdown file without frontmatter, "Note: ..." is text, not YAML (issue 16).
    if closer is None or not any(
        _SKILL_KEY.match(line) for line in lines[opener + 1 : closer]
    ):
        return Split(None, None)
    return Split(opener, closer, leading=True)


def _find_closer(lines: list[str], opener: int) -> int | None:
    return next((i for i in range(opener + 1, len(lines)) if _DELIMITER.fullmatch(lines[i])), None)


#: A delimiter line anywhere in normalised text: ``_DELIMITER.fullmatch`` of one line.
_DELIMITER_LINE = re.compile(r"^---[ \t]*$", re.MULTILINE)


def _split_at_top(text: str) -> tuple[str, int, str] | None:
    """(frontmatter text, closer line index, body) when ``text`` opens with a delimiter line
    and a closer follows: :func:`split_frontmatter`'s common case, found without splitting
    the whole file into lines and joining them again. None otherwise (then the line-based
    split decides)."""
    if not text.startswith("---"):
        return None
    first_end = text.find("\n")
    if first_end < 0 or not _DELIMITER.fullmatch(text, 0, first_end):
        return None
    # The closer: the first later line that is '---' and then only spaces and tabs. Lines
    # starting with '---' are found with str.find (what _DELIMITER_LINE.search finds, without
    # the regex engine trying every position).
    find = text.find
    at = find("\n---", first_end)
    while True:
        if at < 0:
            return None
        start = at + 1
        end = find("\n", start)
        if end < 0:
            end = len(text)
        if not text[start + 3 : end].strip(" \t"):
            break
        at = find("\n---", end)
    return (
        text[first_end + 1 : start - 1],
        text.count("\n", 0, start),
        text[end + 1 :] if end < len(text) else "",
    )


# --------------------------------------------------------------------------- YAML


@functools.cache
def _yaml(allow_duplicates: bool) -> YAML:
    """A round-trip loader; one per duplicate-key policy, because ruamel reads
    ``allow_duplicate_keys`` once, when it first builds its constructor."""
    from ruamel.yaml import YAML
    from ruamel.yaml.constructor import RoundTripConstructor

    class _Constructor(RoundTripConstructor):
        """Timestamps stay strings: JSON Schema and agents expect text, not datetimes."""

    def _timestamp_as_text(self: RoundTripConstructor, node: Any) -> str:
        return str(node.value)

    _Constructor.add_constructor("tag:yaml.org,2002:timestamp", _timestamp_as_text)
    yaml = YAML(typ="rt")
    yaml.Constructor = _Constructor
    yaml.preserve_quotes = True
    yaml.version = (1, 2)
    yaml.allow_duplicate_keys = allow_duplicates
    return yaml


#: What a problem from one of skillctl's own limits (against hostile files) adds: the agents
#: have no such limit, and most load such a file (probes of 2026-11-29 with a 300 KB
#: description, 25,000 list items and 80 nested brackets)
_OWN_LIMIT = "an agent may still load it"


class _TooComplex(Exception):
    pass


@dataclass
class _Converted:
    positions: dict[KeyPath, Position] = field(default_factory=dict)
    value_positions: dict[KeyPath, Position] = field(default_factory=dict)
    plain: set[KeyPath] = field(default_factory=set)
    block: set[KeyPath] = field(default_factory=set)
    merged: set[KeyPath] = field(default_factory=set)
    merges: dict[KeyPath, Any] = field(default_factory=dict)
    tags: dict[KeyPath, str] = field(default_factory=dict)
    nodes: int = 0


def _position(pair: Any, offset: int) -> Position | None:
    # ruamel has no position for some nodes (tagged collections): fall back to the parent's.
    if not isinstance(pair, (tuple, list)) or len(pair) < 2:
        return None
    return Position(int(pair[0]) + 1 + offset, int(pair[1]) + 1)


def _key_text(key: Any) -> str:
    """A mapping key as YAML spells it: ``true``/``null``, not Python's ``True``/``None``."""
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    return str(key)


#: The prefix of the tags the YAML specs define (``!!str`` is ``tag:yaml.org,2002:str``)
_YAML_TAG = "tag:yaml.org,2002:"


def _tagged(node: Any, path: KeyPath, out: _Converted) -> None:
    """Record a tag the YAML specs do not define (``!custom``) on ``node``."""
    tag = getattr(getattr(node, "tag", None), "value", None)
    if isinstance(tag, str) and not tag.startswith(_YAML_TAG):
        out.tags[path] = tag


def _to_plain(node: Any, path: KeyPath, offset: int, out: _Converted, depth: int = 0) -> Any:
    """Turn ruamel's round-trip objects into plain data, recording positions on the way.

    Counts nodes after alias expansion, so an alias bomb stops here instead of filling memory.
    """
    from ruamel.yaml.comments import CommentedMap, CommentedSeq, CommentedSet, TaggedScalar
    from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString, ScalarString

    out.nodes += 1
    if out.nodes > limits.MAX_YAML_NODES or depth > limits.MAX_YAML_DEPTH:
        raise _TooComplex
    if isinstance(node, CommentedMap):
        _tagged(node, path, out)
        result: dict[str, Any] = {}
        known = node.lc.data or {}  # (a key a merge key brought in has no position of its own)
        merge = node.merge if len(known) != len(node) else None
        for key in node:
            text_key = _key_text(key)
            child = (*path, text_key)
            at = known.get(key)
            if at is None and merge:
                out.merged.add(child)
            elif at is not None:
                key_at = _position(at[:2], offset)
                if key_at is not None:
                    out.positions[child] = key_at
                value_at = _position(at[2:], offset)
                if value_at is not None:
                    out.value_positions[child] = value_at
            result[text_key] = _to_plain(node[key], child, offset, out, depth + 1)
        if merge:  # what a parser that does not merge reads: the key "<<" and its maps
            scratch = _Converted(nodes=out.nodes)  # (positions of no use: counted, dropped)
            sources = [_to_plain(source, (*path, "<<"), offset, scratch, depth + 1)
                       for source in merge]
            out.nodes = scratch.nodes
            out.merges[path] = sources[0] if len(sources) == 1 else sources
        return result
    if isinstance(node, CommentedSeq):
        _tagged(node, path, out)
        items = []
        for index, item in enumerate(node):
            child = (*path, index)
            item_at = _position(node.lc.item(index), offset)
            if item_at is not None:
                out.positions[child] = out.value_positions[child] = item_at
            items.append(_to_plain(item, child, offset, out, depth + 1))
        return items
    if isinstance(node, CommentedSet):  # !!set: a mapping of keys to nulls
        out.tags[path] = SET_TAG
        return {_key_text(key): None for key in node}
    if isinstance(node, bytes):  # !!binary: its base64 text, as the agents that read it show it
        out.tags[path] = BINARY_TAG
        return base64.b64encode(node).decode("ascii")
    if isinstance(node, (list, tuple)):  # !!pairs: a list of (key, value) tuples
        return [_to_plain(item, path, offset, out, depth + 1) for item in node]
    if isinstance(node, TaggedScalar):
        _tagged(node, path, out)
        return str(node.value)
    if isinstance(node, (LiteralScalarString, FoldedScalarString)):
        out.block.add(path)
        return str(node)
    if isinstance(node, ScalarString):
        return str(node)
    if isinstance(node, str):
        out.plain.add(path)
        return str(node)
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return str(node)


def _suppressions(text: str) -> frozenset[str]:
    if "#" not in text:  # every suppression is a comment
        return frozenset()
    rules: set[str] = set()
    for match in _SUPPRESS.finditer(text):
        if match.group(1) is None:
            rules.add("*")
        else:
            rules.update(r.strip() for r in match.group(1).split(",") if r.strip())
    return frozenset(rules)


def quote_risky_values(text: str, *, quote: bool = True) -> str:
    """Claude Code's lenient retry: double-quote top-level values a strict parser rejects.

    Leading tabs become spaces, a tab after a top-level key's colon becomes a space, and a
    plain top-level ``key: value`` whose value holds one of ``{}[]*&#!|>%@``` or ``': '`` is
    wrapped in double quotes (not with ``quote=False``: Claude Code quotes no value on a line
    that ends in CR).
    """
    out = []
    for line in text.split("\n"):
        stripped = line.lstrip("\t")
        if stripped != line:
            line = "  " * (len(line) - len(stripped)) + stripped
        match = _TOP_LEVEL_PAIR.match(line)
        if match:
            value = match["value"]
            # a tab after the colon is separation space in YAML 1.2 (Claude Code 2.1.332
            # reads the value); ruamel refuses it, so the retry writes a space
            sep = ": " if "\t" in match["sep"] else match["sep"]
            block_or_quoted = value[0] in "\"'|>" or value in ("[]", "{}")
            if quote and not block_or_quoted and _RISKY_VALUE.search(value):
                escaped = value.replace("\\", "\\\\").replace('"', '\\"')
                line = f'{match["key"]}{sep}"{escaped}"'
            elif sep != match["sep"]:
                line = f'{match["key"]}{sep}{value}'
        out.append(line)
    return "\n".join(out)


def _yaml_error_position(exc: Exception, offset: int) -> tuple[int, int, str]:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    message = (
        f"{context}: {problem}" if context and problem and "duplicate" not in problem else problem
    )
    if mark is None:
        return offset + 1, 1, str(message)
    return mark.line + 1 + offset, mark.column + 1, str(message)


_FLOW_BRACKET = re.compile(r"[\[\]{}]")


def _flow_too_deep(text: str) -> int | None:
    """The 1-based line where ``[``/``{`` nesting first exceeds the depth cap, if it does.

    Brackets inside quoted strings count too: a false alarm needs more than
    ``MAX_YAML_DEPTH`` unclosed brackets in one value, which no real skill has.
    """
    if "[" not in text and "{" not in text:  # (one memchr each; most frontmatter has neither)
        return None
    depth = 0
    for match in _FLOW_BRACKET.finditer(text):
        if match.group() in "[{":
            depth += 1
            if depth > limits.MAX_YAML_DEPTH:
                return text.count("\n", 0, match.start()) + 1
        elif depth:
            depth -= 1
    return None


def _load(text: str, allow_duplicates: bool) -> Any:
    yaml = _yaml(allow_duplicates)
    return yaml.load(text)


def load_last_key_wins(text: str) -> dict[str, Any] | None:
    """Frontmatter text whose top-level keys repeat, read as a JavaScript YAML library that
    allows it reads it: the last value of a key wins, in the place of the key's first use
    (Claude Code 2.1.332; ruamel keeps the first). None when it is not a mapping or does not
    parse for another reason."""
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.nodes import MappingNode, ScalarNode

    yaml = _yaml(True)
    try:
        node = yaml.compose(text)
        if not isinstance(node, MappingNode):
            return None
        last: dict[Any, tuple[Any, Any]] = {}
        for key, value in node.value:
            last[key.value if isinstance(key, ScalarNode) else id(key)] = (key, value)
        node.value = list(last.values())
        loaded = yaml.constructor.construct_document(node)
        data = _to_plain(loaded, (), 0, _Converted())
    except (YAMLError, _TooComplex, RecursionError, ValueError, TypeError, OverflowError):
        return None
    return data if isinstance(data, dict) else None


def parse_yaml(
    text: str, first_line: int, *, fast: bool = True
) -> tuple[Frontmatter | None, list[Problem]]:
    """Parse frontmatter text whose first line is file line ``first_line`` (1-based).

    With ``fast`` (the default), simple frontmatter is read without ruamel (see
    ``_parse_simple`` and ``_parse_block``); the result is the same either way.
    """
    offset = first_line - 1
    problems: list[Problem] = []
    # A code point is at most 4 bytes of UTF-8: short text needs no encoding to be measured.
    if len(text) > limits.MAX_FRONTMATTER_BYTES // 4 and (
        len(text.encode("utf-8", errors="replace")) > limits.MAX_FRONTMATTER_BYTES
    ):
        problems.append(
            Problem(
                "yaml-syntax",
                f"frontmatter is larger than {limits.MAX_FRONTMATTER_BYTES} bytes, skillctl's "
                f"own limit: not parsed ({_OWN_LIMIT})",
                first_line,
            )
        )
        return None, problems
    too_deep = _flow_too_deep(text)
    if too_deep is not None:
        # ruamel's scanner re-checks every open flow level on each token: 10,000 nested
        # brackets cost seconds before the recursion limit stops the parse. Refuse early.
        problems.append(
            Problem(
                "yaml-syntax",
                f"frontmatter is nested too deeply (more than {limits.MAX_YAML_DEPTH} "
                f"levels of '[' or '{{', skillctl's own limit; {_OWN_LIMIT})",
                too_deep + offset,
            )
        )
        return None, problems
    if fast:
        simple = _parse_simple(text, first_line)
        if simple is not None:
            return simple, problems
        colon = _parse_colon_error(text, first_line)
        if colon is not None:
            return colon
        block = _parse_block(text, first_line)
        if block is not None:
            return block, problems
    return _parse_with_ruamel(text, first_line)


def _parse_with_ruamel(text: str, first_line: int) -> tuple[Frontmatter | None, list[Problem]]:
    """The general path: ruamel.yaml, the duplicate-key retry and Claude Code's lenient retry."""
    from ruamel.yaml.constructor import DuplicateKeyError
    from ruamel.yaml.error import YAMLError

    offset = first_line - 1
    problems: list[Problem] = []
    loaded: Any = None
    source = text
    try:
        try:
            loaded = _load(text, allow_duplicates=False)
        except DuplicateKeyError as exc:
            line, col, _ = _yaml_error_position(exc, offset)
            key = re.search(r'duplicate key "([^"]*)"', str(exc))
            problems.append(
                Problem(
                    "duplicate-key",
                    f"duplicate key {key.group(1)!r}" if key else "duplicate key",
                    line,
                    col,
                )
            )
            loaded = _load(text, allow_duplicates=True)
    except YAMLError as exc:
        line, col, message = _yaml_error_position(exc, offset)
        retried = quote_risky_values(text)
        lenient: Any = None
        if retried != text:
            try:
                lenient = _load(retried, allow_duplicates=True)
            except (YAMLError, RecursionError, ValueError, TypeError):
                lenient = None
        code = (
            "yaml-colon"
            if lenient is not None and _colon_at(text, line - offset)
            else "yaml-syntax"
        )
        problems.append(Problem(code, f"invalid YAML: {message}", line, col))
        if lenient is None:
            return None, problems
        loaded, source = lenient, retried
    except RecursionError:
        problems.append(Problem("yaml-syntax", "frontmatter is nested too deeply", first_line))
        return None, problems
    except (ValueError, TypeError, OverflowError) as exc:  # odd scalars ruamel cannot build
        problems.append(Problem("yaml-syntax", f"invalid YAML: {exc}", first_line))
        return None, problems

    converted = _Converted()
    try:
        data = _to_plain(loaded, (), offset, converted)
    except (_TooComplex, RecursionError):
        problems.append(
            Problem(
                "yaml-syntax",
                "frontmatter is too complex (aliases or nesting beyond "
                f"{limits.MAX_YAML_NODES} nodes / depth {limits.MAX_YAML_DEPTH}, skillctl's own "
                f"limit; {_OWN_LIMIT})",
                first_line,
            )
        )
        return None, problems
    if data is None:
        data = {}
    if not isinstance(data, dict):
        problems.append(
            Problem(
                "frontmatter-not-mapping",
                f"frontmatter must be a mapping of keys to values, not a {type(data).__name__}",
                first_line,
            )
        )
        return None, problems
    del source
    return (
        Frontmatter(
            data=data,
            text=text,
            start_line=first_line,
            positions=converted.positions,
            value_positions=converted.value_positions,
            ignored_rules=_suppressions(text),
            plain_scalars=frozenset(converted.plain),
            block_scalars=frozenset(converted.block),
            merged_keys=frozenset(converted.merged),
            merges=converted.merges,
            tags=converted.tags,
        ),
        problems,
    )


# --------------------------------------------------------------------------- simple frontmatter

# Characters the fast path refuses anywhere in the frontmatter, sending the text to ruamel:
# controls but the newline (tab and CR included), DEL and the C1 controls (U+0085 among them),
# YAML's extra line breaks U+2028 and U+2029, surrogates, the BOM (U+FEFF, which ruamel's
# reader and scanner treat specially) and the non-characters U+FFFE and U+FFFF. Everything
# else is printable text. Written as the refused set: the same class written as the accepted
# ranges, negated, took ~5 ms to compile on every run (tests/test_parse_split.py checks the
# two agree on every code point).
_SIMPLE_UNSAFE_CHAR = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]"
)
#: The ASCII characters :data:`_SIMPLE_UNSAFE_CHAR` refuses: controls but the newline, DEL.
_ASCII_UNSAFE = bytes([*range(0x0A), *range(0x0B, 0x20), 0x7F])
# ``key: value`` or ``key:`` (opening a nested mapping), indented by spaces only. A key is a
# plain word that cannot resolve to anything but a string (it starts with a letter or ``_``;
# the null/bool words are refused below) and is far below ruamel's 1,024-character limit on
# simple keys. The value is everything after ``: `` up to trailing spaces, which YAML drops
# (the space is the only blank left: tabs are refused above; U+00A0 and the like are text).
_SIMPLE_LINE = re.compile(
    r"(?P<indent> *)(?P<key>[A-Za-z_][A-Za-z0-9_.-]{0,127}):(?: +(?P<value>[^ ](?:.*[^ ])?))? *"
)
# A plain scalar's first character: not a YAML indicator (``-?:,[]{}#&*!|>'"%@`` and
# backtick), and not one that an implicit resolver of YAML 1.1 or 1.2 keys on (digits,
# ``+-.`` for numbers and timestamps, ``~`` for null, ``<`` for the merge key, ``=``).
_PLAIN_FIRST_REFUSED = frozenset("-?:,[]{}#&*!|>'\"%@`0123456789+.~<=")
# Words that resolve to null or a boolean in YAML 1.1 or 1.2, in any case.
_SPECIAL_WORDS = frozenset({"null", "true", "false", "yes", "no", "on", "off", "y", "n"})
_SPECIAL_WORD_MAX = max(map(len, _SPECIAL_WORDS))  # longer text is none of them, in any case
_DOUBLE_QUOTED = re.compile(r'"([^"\\]*)"')
_SINGLE_QUOTED = re.compile(r"'([^']*)'")
# Far below MAX_YAML_NODES: a frontmatter this long is left to the general path.
_SIMPLE_MAX_LINES = 1000
#: The same for the block-style reader: frontmatter longer than this goes to ruamel.
_SIMPLE_MAX_CHARS = 64 * 1024


def _simple_scalar(value: str) -> tuple[str, bool] | None:
    """The string a one-line scalar certainly means, and whether it is plain; else None.

    Quoted scalars are accepted only without escapes or embedded quotes of their kind.
    """
    first = value[0]
    if first == '"':
        match = _DOUBLE_QUOTED.fullmatch(value)
        return None if match is None else (match.group(1), False)
    if first == "'":
        match = _SINGLE_QUOTED.fullmatch(value)
        return None if match is None else (match.group(1), False)
    if (
        first in _PLAIN_FIRST_REFUSED
        or ": " in value
        or " #" in value
        or value.endswith(":")
        or (len(value) <= _SPECIAL_WORD_MAX and value.lower() in _SPECIAL_WORDS)
    ):
        return None
    return value, True


def _parse_simple(text: str, first_line: int) -> Frontmatter | None:
    """Frontmatter of ``key: text`` lines read without ruamel, or None to let ruamel decide.

    Accepted: top-level keys with a one-line scalar (plain text that can only be a string, or
    a quoted string without escapes), and top-level keys opening a mapping of such pairs,
    indented by the same number of spaces; blank lines and comment lines starting in the
    first column. Everything else (lists, deeper nesting, block scalars, multi-line or
    non-string scalars, duplicate keys, tabs, comments after a value) is declined.
    """
    scanned = _scan_simple(text, first_line)
    return scanned if isinstance(scanned, Frontmatter) else None


class _SimplePositions(dict[KeyPath, Position]):
    """The ``positions`` of a :class:`Frontmatter` that :func:`_scan_simple` read from its own
    ``text``: equal to a plain dict with the same items, and the mark :func:`is_simple` reads."""

    __slots__ = ()


def is_simple(frontmatter: Frontmatter) -> bool:
    """True when this frontmatter was read by the simple scanner from its ``text``.

    Its shape is then known without looking at the text again: every line is blank, a comment
    starting in the first column, a top-level ``key: one-line scalar`` (a string) or a
    top-level ``key:`` opening a non-empty mapping of such pairs, indented alike; no key
    repeats. A false answer says nothing (ruamel read it, or it was rebuilt elsewhere).
    """
    return type(frontmatter.positions) is _SimplePositions


#: Positions the simple scanner hands out, shared (they are frozen): building a dataclass
#: costs more than looking one up, and frontmatter keys sit on the first lines of a file.
_POSITIONS: dict[tuple[int, int], Position] = {}
_MAX_SHARED_POSITIONS = 4096


def _shared_position(line: int, column: int) -> Position:
    """``Position(line, column)``, the same object each time for the common ones."""
    key = (line, column)
    found = _POSITIONS.get(key)
    if found is None:
        found = Position(line, column)
        if len(_POSITIONS) < _MAX_SHARED_POSITIONS:
            _POSITIONS[key] = found
    return found


def _has_unsafe_char(text: str) -> bool:
    """Whether ``text`` holds a character :data:`_SIMPLE_UNSAFE_CHAR` refuses."""
    if text.isascii():  # (a flag of the string: no scan)
        # The unsafe ASCII characters deleted from its bytes: a table lookup per byte, several
        # times faster than the regex engine testing each character against its ranges.
        return len(text.encode("ascii").translate(None, _ASCII_UNSAFE)) != len(text)
    return _SIMPLE_UNSAFE_CHAR.search(text) is not None


def _parse_block(text: str, first_line: int) -> Frontmatter | None:
    """Frontmatter in the block-style subset of YAML that real skills use (nested mappings,
    sequences, block and multi-line scalars, numbers, escapes, comments), read without
    ruamel by :mod:`skillctl.yaml_subset`; None to let ruamel decide. Not marked
    :func:`is_simple`: the dialects' shortcuts for simple frontmatter do not apply."""
    if len(text) > _SIMPLE_MAX_CHARS or _has_unsafe_char(text):
        return None
    from skillctl import yaml_subset

    read = yaml_subset.read(text, first_line)
    if read is None:
        return None
    return Frontmatter(
        data=read.data,
        text=text,
        start_line=first_line,
        positions=read.positions,
        value_positions=read.value_positions,
        ignored_rules=_suppressions(text),
        plain_scalars=frozenset(read.plain),
        block_scalars=frozenset(read.block),
    )


def _scan_simple(text: str, first_line: int) -> Frontmatter | tuple[int, int] | None:
    """:func:`_parse_simple`, except that an unquoted ``': '`` is located, not just declined.

    Returns the Frontmatter, or the (file line, column) of the first ``': '`` inside a plain
    one-line value when every line before it is simple and the value is simple up to that
    colon (where strict YAML stops with "mapping values are not allowed here"), or None.
    """
    if _has_unsafe_char(text):
        return None
    lines = text.split("\n")
    if len(lines) > _SIMPLE_MAX_LINES:
        return None
    data: dict[str, Any] = {}
    positions = _SimplePositions()
    value_positions: dict[KeyPath, Position] = {}
    plain: set[KeyPath] = set()
    block: dict[str, Any] | None = None  # the nested mapping being filled
    block_key = ""
    block_indent = 0
    shared = _POSITIONS.get  # (_shared_position, inlined: two calls per line)
    for index, line in enumerate(lines):
        if not line or line[0] == "#" or not line.strip(" "):
            continue
        match = _SIMPLE_LINE.fullmatch(line)
        if match is None:
            return None
        spaces, key, value = match.groups()
        if len(key) <= _SPECIAL_WORD_MAX and key.lower() in _SPECIAL_WORDS:
            return None
        indent = len(spaces)
        number = first_line + index
        if indent == 0:
            if (block is not None and not block) or key in data:
                return None
            path: KeyPath = (key,)
            positions[path] = shared((number, 1)) or _shared_position(number, 1)
            if value is None:
                block = data[key] = {}
                block_key = key
                continue
            block = None
            target = data
        else:
            if block is None or value is None or key in block:
                return None
            if not block:
                block_indent = indent
                value_positions[(block_key,)] = _shared_position(number, indent + 1)
            elif indent != block_indent:
                return None
            path = (block_key, key)
            positions[path] = shared((number, indent + 1)) or _shared_position(number, indent + 1)
            target = block
        first = value[0]
        if first == '"' or first == "'":
            scalar = _simple_scalar(value)
        elif (  # _simple_scalar's plain case, inlined
            first in _PLAIN_FIRST_REFUSED
            or ": " in value
            or " #" in value
            or value[-1] == ":"
            or (len(value) <= _SPECIAL_WORD_MAX and value.lower() in _SPECIAL_WORDS)
        ):
            scalar = None
        else:
            scalar = value, True
        if scalar is None:
            colon = _plain_colon(value)
            if colon is None:
                return None
            return number, match.start("value") + colon + 1
        target[key], is_plain = scalar
        column = match.start(3) + 1
        value_positions[path] = shared((number, column)) or _shared_position(number, column)
        if is_plain:
            plain.add(path)
    if not data or (block is not None and not block):
        return None
    return Frontmatter(
        data=data,
        text=text,
        start_line=first_line,
        positions=positions,
        value_positions=value_positions,
        ignored_rules=_suppressions(text),
        plain_scalars=frozenset(plain),
        block_scalars=frozenset(),
    )


def _plain_colon(value: str) -> int | None:
    """Where a plain one-line value ends at ``': '`` (strict YAML's error), else None.

    Only when the text before that colon is a plain scalar :func:`_simple_scalar` accepts.
    """
    colon = value.find(": ")
    if colon <= 0 or value[0] in "\"'":
        return None
    head = value[:colon]
    if head[-1] == " " or _simple_scalar(head) is None:
        return None
    return colon


_COLON_ERROR = "mapping values are not allowed here"


def _parse_colon_error(
    text: str, first_line: int
) -> tuple[Frontmatter | None, list[Problem]] | None:
    """The general path's result for simple frontmatter broken only by an unquoted ``': '``.

    Strict YAML stops at the first such colon; Claude Code's retry (:func:`quote_risky_values`)
    is then read by :func:`_scan_simple` too. None (let ruamel decide) unless both readings
    are certain.
    """
    found = _scan_simple(text, first_line)
    if not isinstance(found, tuple):
        return None
    line, column = found
    retried = quote_risky_values(text)
    lenient: Frontmatter | None = None
    if retried != text:
        again = _scan_simple(retried, first_line)
        if again is None:
            return None
        if isinstance(again, Frontmatter):
            lenient = again
    code = (
        "yaml-colon"
        if lenient is not None and _colon_at(text, line - first_line + 1)
        else "yaml-syntax"
    )
    problems = [Problem(code, f"invalid YAML: {_COLON_ERROR}", line, column)]
    if lenient is None:
        return None, problems
    return (
        Frontmatter(
            data=lenient.data,
            text=text,
            start_line=first_line,
            positions=dict(lenient.positions),  # read from the retried text, not ``text``
            value_positions=lenient.value_positions,
            ignored_rules=_suppressions(text),
            plain_scalars=lenient.plain_scalars,
            block_scalars=lenient.block_scalars,
            merged_keys=lenient.merged_keys,
            merges=lenient.merges,
            tags=lenient.tags,
        ),
        problems,
    )


def _colon_at(text: str, line: int) -> bool:
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return False
    match = _TOP_LEVEL_PAIR.match(lines[line - 1])
    return bool(match and ": " in match["value"])


# --------------------------------------------------------------------------- entry points


def parse_text(
    path: Path,
    raw_text: str,
    *,
    size: int | None = None,
    has_bom: bool = False,
    problems: Iterable[Problem] = (),
) -> ParsedSkill:
    """Parse already-decoded text (line endings not yet normalised)."""
    found: list[Problem] = list(problems)
    endings = detect_line_endings(raw_text)
    text = (
        raw_text
        if endings is LineEndings.LF or endings is LineEndings.NONE  # no CR at all
        else raw_text.replace("\r\n", "\n").replace("\r", "\n")
    )
    top = _split_at_top(text)
    if top is not None:  # the common case: '---' on the first line, found without splitting
        yaml_text, closer, body = top
        frontmatter = _parse_yaml_guarded(yaml_text, 2, found)
        body_start, has_block = closer + 2, True
    else:
        frontmatter, body, body_start, has_block = _split_and_parse(text, found)
    return ParsedSkill(
        path=path,
        size=len(raw_text.encode("utf-8", errors="replace")) if size is None else size,
        text=text,
        has_bom=has_bom,
        line_endings=endings,
        frontmatter=frontmatter,
        body=body,
        body_start_line=body_start,
        problems=tuple(found),
        has_frontmatter_block=has_block,
    )


def _parse_yaml_guarded(
    yaml_text: str, first_line: int, found: list[Problem]
) -> Frontmatter | None:
    """:func:`parse_yaml`, its problems added to ``found``; a parser bug is a problem too
    (it must not take the whole run down)."""
    try:
        frontmatter, problems = parse_yaml(yaml_text, first_line)
    except Exception as exc:
        frontmatter = None
        problems = [
            Problem(
                "yaml-syntax",
                f"frontmatter could not be parsed ({type(exc).__name__}: {exc})",
                first_line,
            )
        ]
    found.extend(problems)
    return frontmatter


def _split_and_parse(
    text: str, found: list[Problem]
) -> tuple[Frontmatter | None, str, int, bool]:
    """The line-by-line split (for whatever :func:`_split_at_top` does not handle): the
    frontmatter, the body, the body's first line and whether there is a ``---`` block."""
    lines = text.split("\n")
    split = split_frontmatter(lines)
    if split.opener is None:
        first = next((line for line in lines if line.strip()), "")
        hint = (
            " (the opening '---' must stand alone on the first line)"
            if first.startswith("---")
            else ""
        )
        found.append(Problem("no-frontmatter", f"no YAML frontmatter{hint}", 1, 1))
        return None, text, 1, False
    if split.closer is None:
        found.append(
            Problem(
                "unclosed-frontmatter",
                "frontmatter is not closed by a '---' line",
                split.opener + 1,
                1,
            )
        )
        return None, text, 1, True
    if split.leading:
        found.append(
            Problem(
                "leading-content",
                "text before the opening '---': agents see no frontmatter",
                1,
                1,
            )
        )
    yaml_text = "\n".join(lines[split.opener + 1 : split.closer])
    frontmatter = _parse_yaml_guarded(yaml_text, split.opener + 2, found)
    return frontmatter, "\n".join(lines[split.closer + 1 :]), split.closer + 2, True


def parse_file(path: Path) -> ParsedSkill:
    """Read and parse one SKILL.md. Any failure becomes a problem on the result."""
    try:
        data, size = read_bytes(path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return ParsedSkill.without_text(
            path, problems=(Problem("unreadable", f"cannot read file: {reason}"),)
        )
    text, has_bom, problems = decode(data)
    if size > len(data):
        problems.append(
            Problem("file-too-large", f"file is {size} bytes; only the first {len(data)} were read")
        )
    return parse_text(path, text, size=size, has_bom=has_bom, problems=problems)
