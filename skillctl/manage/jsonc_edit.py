"""In-place edits of JSON, JSONC and JSON5 text: a value set, a member or list item removed.

Settings files are edited as text, never parsed and dumped again, so that comments, key order,
indentation (tabs, any number of spaces), line endings (CRLF kept) and trailing commas stay as
the user wrote them. :func:`parse` finds the span of every object member and array item; the
edit functions splice new text in with the indentation of its neighbours and return the new
text. Inserting and then removing the same member gives back the original bytes.

The text must already be valid in its dialect (the caller checks that with
:func:`skillctl.settings.load_json`, which names the line); what :func:`parse` cannot follow
raises :class:`~skillctl.settings.SettingsError` with the line, it never guesses.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from skillctl.settings import SettingsError, unquote_single

_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_SCALAR = re.compile(r"[^\s,\]}/]+")


@dataclass(slots=True)
class Node:
    """A JSON value: its span in the text and, for containers, its children."""

    kind: str  # "object", "array" or "scalar"
    start: int
    end: int  # one past the closing bracket or the last character
    members: list[Member] = field(default_factory=list)  # objects
    items: list[Node] = field(default_factory=list)  # arrays
    value: object = None  # scalars: the decoded value (strings, booleans, numbers, None)


@dataclass(slots=True)
class Member:
    """One ``key: value`` of an object; ``start`` is where its key begins."""

    key: str
    start: int
    value: Node


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _skip(text: str, i: int) -> int:
    """Past whitespace and comments."""
    size = len(text)
    while i < size:
        if text[i].isspace() or text[i] == "\ufeff":
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = size if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = size if end < 0 else end + 2
        else:
            break
    return i


def _string(text: str, i: int) -> tuple[str, int]:
    quote, j = text[i], i + 1
    while j < len(text) and text[j] != quote:
        if text[j] == "\n":
            break
        j += 2 if text[j] == "\\" else 1
    if j >= len(text) or text[j] != quote:
        raise SettingsError(f"line {_line(text, i)}: unterminated string")
    raw = text[i: j + 1]
    if quote == "'":
        return unquote_single(raw[1:-1]), j + 1
    try:
        decoded = json.loads(raw)
    except json.JSONDecodeError:
        raise SettingsError(f"line {_line(text, i)}: bad string") from None
    return str(decoded), j + 1


def parse(text: str) -> Node:
    """The tree of spans of a JSON document (comments, trailing commas, JSON5 keys and quotes
    accepted). Raises :class:`SettingsError` naming the line of what it cannot follow."""
    try:
        node, end = _value(text, _skip(text, 0))
    except RecursionError:
        raise SettingsError("nested too deeply to edit") from None
    if _skip(text, end) != len(text):
        raise SettingsError(f"line {_line(text, end)}: text after the value")
    return node


def _value(text: str, i: int) -> tuple[Node, int]:
    if i >= len(text):
        raise SettingsError(f"line {_line(text, i)}: a value is missing")
    c = text[i]
    if c == "{":
        return _container(text, i, "object", "}")
    if c == "[":
        return _container(text, i, "array", "]")
    if c in "\"'":
        value, end = _string(text, i)
        return Node("scalar", i, end, value=value), end
    match = _SCALAR.match(text, i)
    if match is None:
        raise SettingsError(f"line {_line(text, i)}: unexpected {text[i]!r}")
    word = match.group()
    decoded: object = {"true": True, "false": False, "null": None}.get(word, word)
    return Node("scalar", i, match.end(), value=decoded), match.end()


def _container(text: str, i: int, kind: str, close: str) -> tuple[Node, int]:
    node = Node(kind, i, i)
    j = _skip(text, i + 1)
    while j < len(text) and text[j] != close:
        if kind == "object":
            start = j
            if text[j] in "\"'":
                key, j = _string(text, j)
            else:
                match = _IDENTIFIER.match(text, j)
                if match is None:
                    raise SettingsError(f"line {_line(text, j)}: a key is missing")
                key, j = match.group(), match.end()
            j = _skip(text, j)
            if j >= len(text) or text[j] != ":":
                raise SettingsError(f"line {_line(text, j)}: ':' is missing")
            value, j = _value(text, _skip(text, j + 1))
            node.members.append(Member(key, start, value))
        else:
            value, j = _value(text, j)
            node.items.append(value)
        j = _skip(text, j)
        if j < len(text) and text[j] == ",":
            j = _skip(text, j + 1)
        elif j < len(text) and text[j] != close:
            raise SettingsError(f"line {_line(text, j)}: ',' or {close!r} is missing")
    if j >= len(text):
        raise SettingsError(f"line {_line(text, i)}: {close!r} is missing")
    node.end = j + 1
    return node, j + 1


def find(root: Node, path: tuple[str, ...]) -> Node | None:
    """The value at ``path`` (object keys; the last member of a repeated key wins, as in
    JSON.parse), or None."""
    node: Node | None = root
    for key in path:
        if node is None or node.kind != "object":
            return None
        node = next((m.value for m in reversed(node.members) if m.key == key), None)
    return node


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class Style:
    """How the file lays itself out: line ending, indent unit, text after a key's colon."""

    newline: str = "\n"
    unit: str = "  "
    colon: str = ": "


def style_of(text: str, root: Node | None) -> Style:
    """The file's own line ending, indent unit (its first indented member) and colon spacing."""
    newline = "\r\n" if "\r\n" in text else "\n"
    unit = "  "
    found = [_indent(text, m.start) for m in _all_members(root)] if root else []
    indents = [i for i in found if i]
    if indents:
        unit = min(indents, key=len) if all(set(i) == {" "} for i in indents) else indents[0]
    colon = ": "
    members = list(_all_members(root)) if root else []
    if members:
        m = members[0]
        after_key = text.find(":", _key_end(text, m), m.value.start)
        if after_key >= 0:
            colon = text[after_key: m.value.start]
            if "\n" in colon or "/" in colon:
                colon = ": "
    return Style(newline, unit, colon)


def _all_members(node: Node | None) -> list[Member]:
    if node is None:
        return []
    found: list[Member] = []
    for m in node.members:
        found.append(m)
        found.extend(_all_members(m.value))
    for item in node.items:
        found.extend(_all_members(item))
    return found


def _key_end(text: str, member: Member) -> int:
    if text[member.start] in "\"'":
        return _string(text, member.start)[1]
    match = _IDENTIFIER.match(text, member.start)
    return match.end() if match else member.start


def _indent(text: str, pos: int) -> str | None:
    """The whitespace before ``pos`` on its line, None when something else comes first."""
    line_start = text.rfind("\n", 0, pos) + 1
    before = text[line_start:pos]
    return before if before.strip() == "" else None


def _line_indent(text: str, pos: int) -> str:
    """The leading whitespace of the line ``pos`` is on."""
    line_start = text.rfind("\n", 0, pos) + 1
    match = re.match(r"[ \t]*", text[line_start:])
    return match.group() if match else ""


def render(value: object, style: Style, indent: str, multiline: bool) -> str:
    """``value`` (dicts, lists, str, bool, None) as JSON in the file's style; a nested object
    opens its own lines at ``indent`` plus one unit when ``multiline``."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        if not multiline:
            return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + style.colon
                                   + render(v, style, indent, False)
                                   for k, v in value.items()) + "}"
        inner = indent + style.unit
        parts = [inner + json.dumps(k, ensure_ascii=False) + style.colon
                 + render(v, style, inner, True) for k, v in value.items()]
        return "{" + style.newline + ("," + style.newline).join(parts) + style.newline \
            + indent + "}"
    if isinstance(value, list):
        return "[" + ", ".join(render(v, style, indent, False) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def _multiline(text: str, node: Node) -> bool:
    return "\n" in text[node.start: node.end]


def _separator_after(text: str, end: int, close: int) -> int | None:
    """The position of the comma after a value ending at ``end`` (before ``close``)."""
    j = _skip(text, end)
    return j if j < close and text[j] == "," else None


def _line_end(text: str, pos: int, limit: int) -> int | None:
    """Where the line of ``pos`` ends (its newline, CR included) when only blanks and comments
    follow up to it; None otherwise."""
    j = pos
    while j < limit:
        if text[j] in " \t":
            j += 1
        elif text.startswith("//", j):
            end = text.find("\n", j)
            j = limit if end < 0 else end
        elif text.startswith("/*", j) and "\n" not in text[j: text.find("*/", j) + 2]:
            j = text.find("*/", j) + 2
        elif text[j] == "\n":
            return j - 1 if j > 0 and text[j - 1] == "\r" else j
        elif text[j] == "\r" and text.startswith("\r\n", j):
            return j
        else:
            return None
    return None


# --------------------------------------------------------------------------- edits


def _append(text: str, container: Node, children: list[int], child_text: str,
            style: Style) -> str:
    """``child_text`` (a member or an item) added as the last child of ``container``;
    ``children`` are the ends of its present children."""
    close = container.end - 1
    if not children:
        if _multiline(text, container) or container.start == 0 or _is_root_like(text, container):
            own = _line_indent(text, container.start)
            inner = own + style.unit
            body = style.newline + inner + child_text + style.newline + own
            return text[: container.start + 1] + body + text[close:]
        return text[: container.start + 1] + child_text + text[close:]
    last_end = children[-1]
    comma = _separator_after(text, last_end, close)
    if not _multiline(text, container):
        return text[:last_end] + ", " + child_text + text[last_end:]
    first_child = _first_child_start(container)
    indent = _indent(text, first_child) or (_line_indent(text, container.start) + style.unit)
    if comma is not None:  # a trailing comma: keep one after the new child too
        at = _line_end(text, comma + 1, close)
        if at is None:
            return text[: comma + 1] + " " + child_text + "," + text[comma + 1:]
        return text[:at] + style.newline + indent + child_text + "," + text[at:]
    at = _line_end(text, last_end, close)
    if at is None:
        return text[:last_end] + "," + style.newline + indent + child_text + text[last_end:]
    return (text[:last_end] + "," + text[last_end:at] + style.newline + indent + child_text
            + text[at:])


def _is_root_like(text: str, container: Node) -> bool:
    return text[: container.start].strip("\ufeff \t\r\n") == ""


def _first_child_start(container: Node) -> int:
    if container.members:
        return container.members[0].start
    return container.items[0].start


def _remove(text: str, container: Node, index: int) -> str:
    """The child at ``index`` of ``container`` removed, with its separator and its line."""
    starts = [m.start for m in container.members] or [n.start for n in container.items]
    ends = [m.value.end for m in container.members] or [n.end for n in container.items]
    close = container.end - 1
    if len(starts) == 1:
        return text[: container.start + 1] + text[close:]
    multiline = _multiline(text, container)
    if index < len(starts) - 1:
        if multiline and _indent(text, starts[index]) is not None \
                and _indent(text, starts[index + 1]) is not None:
            first = text.rfind("\n", 0, starts[index]) + 1
            last = text.rfind("\n", 0, starts[index + 1]) + 1
            return text[:first] + text[last:]
        return text[: starts[index]] + text[starts[index + 1]:]
    previous_end = ends[index - 1]
    separator = _separator_after(text, previous_end, close)
    if separator is None:  # cannot happen in valid text
        raise SettingsError(f"line {_line(text, starts[index])}: ',' is missing")
    trailing = _separator_after(text, ends[index], close)
    newline = text.rfind("\n", separator, starts[index])
    if newline < 0:  # one line: drop ", child" (or " child," before a trailing comma)
        if trailing is not None:
            return text[: separator + 1] + text[trailing + 1:]
        return text[:separator] + text[ends[index]:]
    if newline > 0 and text[newline - 1] == "\r" and newline - 1 > separator:
        newline -= 1
    if trailing is not None:  # keep the previous child's comma as the trailing one
        return text[:newline] + text[trailing + 1:]
    return text[:separator] + text[separator + 1: newline] + text[ends[index]:]


def set_value(text: str, path: tuple[str, ...], value: object) -> str:
    """``text`` with the member at ``path`` set to ``value`` (created, with any missing
    objects on the way, as the last member); the root must be an object."""
    root = parse(text)
    style = style_of(text, root)
    node = root
    for depth, key in enumerate(path):
        if node.kind != "object":
            where = ".".join(path[:depth]) or "the file"
            raise SettingsError(f"line {_line(text, node.start)}: {where} is not an object")
        member = next((m for m in reversed(node.members) if m.key == key), None)
        if member is None:
            nested: object = value
            for outer in reversed(path[depth + 1:]):
                nested = {outer: nested}
            multiline = _multiline(text, node) or (_is_root_like(text, node) and not node.members)
            indent = (_indent(text, node.members[0].start) if node.members else None)
            if indent is None:
                indent = _line_indent(text, node.start) + style.unit
            child = json.dumps(key, ensure_ascii=False) + style.colon + render(
                nested, style, indent, multiline)
            return _append(text, node, [m.value.end for m in node.members], child, style)
        node = member.value
    own = _line_indent(text, node.start)
    new = render(value, style, own, _multiline(text, _enclosing(root, node) or root))
    return text[: node.start] + new + text[node.end:]


def _enclosing(root: Node, target: Node) -> Node | None:
    """The container whose member or item ``target`` is."""
    for child in [m.value for m in root.members] + root.items:
        if child is target:
            return root
        found = _enclosing(child, target)
        if found is not None:
            return found
    return None


def append_item(text: str, path: tuple[str, ...], value: object) -> str:
    """``text`` with ``value`` added at the end of the list at ``path`` (created when
    missing)."""
    root = parse(text)
    node = find(root, path)
    if node is None:
        return set_value(text, path, [value])
    if node.kind != "array":
        raise SettingsError(f"line {_line(text, node.start)}: {'.'.join(path)} is not a list")
    style = style_of(text, root)
    return _append(text, node, [n.end for n in node.items],
                   json.dumps(value, ensure_ascii=False), style)


def remove(text: str, path: tuple[str, ...], index: int | None = None) -> str:
    """``text`` without the member at ``path`` (or, with ``index``, without that item of the
    list at ``path``); an object or list left empty goes too, up to the root."""
    root = parse(text)
    target = find(root, path)
    if target is None:
        return text
    if index is not None:
        if target.kind != "array" or not 0 <= index < len(target.items):
            return text
        if len(target.items) > 1:
            return _remove(text, target, index)
    # remove the member at path, or its nearest ancestor left empty by the removal
    depth = len(path)
    while depth > 1:
        parent = find(root, path[: depth - 1])
        if parent is None or parent.kind != "object" or len(parent.members) > 1:
            break
        depth -= 1
    parent = find(root, path[: depth - 1]) if depth > 1 else root
    if parent is None or parent.kind != "object":
        return text
    keys = [m.key for m in parent.members]
    position = len(keys) - 1 - keys[::-1].index(path[depth - 1])
    return _remove(text, parent, position)
