"""Output of ``skillctl list``: versioned JSON, or a table laid out for the terminal's width.

JSON never goes through a text layout. Tables are plain text: a pipe gets whole lines; a
terminal (or ``COLUMNS``) gets names whole, paths shortened in the middle and descriptions cut
to the space left, or one block per skill when too narrow (:mod:`skillctl.report.term` decides
colour and width). Nothing here imports rich.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring as _quote  # the C version when there is one
from pathlib import Path
from typing import Any, TextIO

from skillctl.discovery import VISIBLE, CrossView, Resolution, SkillView, Status
from skillctl.model import Skill
from skillctl.provenance import LockIndex
from skillctl.report.term import cells, cut, cut_middle, pad, paint
from skillctl.scan import ScanNote
from skillctl.textsafe import printable

JSON_VERSION = 1

#: One-letter status marks for the cross-agent table.
MARKS = {Status.ACTIVE: "A", Status.CONDITIONAL: "C", Status.HIDDEN: "H",
         Status.DISABLED: "D", Status.SHADOWED: "S", Status.INVALID: "I"}
NOT_REACHED = "-"
def short(agent: str) -> str:
    """The column heading of an agent (its profile's ``column``)."""
    from skillctl.agents import get_profile

    return get_profile(agent).column


def display_path(path: Path, home: Path | None = None) -> str:
    """A path for people: relative to the working directory when below it, ``~/`` for home."""
    return _for_people(path, home, None)


def _for_people(path: Path, home: Path | None, cwd: str | None) -> str:
    """:func:`display_path`; with ``cwd`` (``os.path.abspath(os.curdir)``, worked out once
    for a whole table) a path below it is made relative without ``os.path.relpath``."""
    text = str(path)
    rel: str | None = None
    if cwd is not None and text and not text.startswith("//"):  # POSIX keeps a leading //
        absolute = os.path.normpath(text if text.startswith("/") else os.path.join(cwd, text))
        if absolute == cwd:
            rel = os.curdir
        elif absolute.startswith(cwd.rstrip("/") + "/"):
            rel = absolute[len(cwd.rstrip("/")) + 1:]
        else:  # not below the working directory: relpath would start with ".."
            rel = os.pardir
    if rel is None:
        try:
            rel = os.path.relpath(path)
        except ValueError:
            rel = text
    if not rel.startswith(".."):
        return rel
    if home is not None:
        home_text = str(home)
        if text == home_text or text.startswith(home_text.rstrip("/") + "/"):
            return "~" + text[len(home_text.rstrip("/")):]
    return text


def _paths_for_people(home: Path | None) -> Callable[[Path], str]:
    """:func:`display_path` for many paths (the working directory looked up once)."""
    cwd = os.path.abspath(os.curdir) if os.name == "posix" else None
    return lambda path: _for_people(path, home, cwd)


# --------------------------------------------------------------------------- JSON


def _note(note: ScanNote) -> dict[str, str]:
    return {"path": str(note.path), "reason": note.reason, "detail": note.detail}


def _view_fields(view: SkillView) -> dict[str, Any]:
    return {
        "name": view.name,
        "status": view.status.value,
        "shadowed_by": str(view.shadowed_by) if view.shadowed_by else None,
        "reason": view.reason,
        "warnings": list(view.warnings),
    }


def origin_fields(skill: Skill, locks: LockIndex) -> dict[str, Any]:
    """``linked`` (a link or skillctl's copy) and ``provenance`` (an installer's record)."""
    from skillctl.manage.link import linked_info
    from skillctl.provenance import provenance_of

    found = provenance_of(skill, locks)
    return {"linked": linked_info(skill.dir),
            "provenance": found.to_json() if found is not None else None}


def origin_marks(skill: Skill, locks: LockIndex) -> str:
    """The text table's short marks after a name: `` [link]`` (skillctl's link or copy),
    `` [skills]``/`` [gh]`` (installed by that installer) and ``modified`` since then."""
    fields = origin_fields(skill, locks)
    marks: list[str] = []
    linked = fields["linked"]
    if linked is not None and linked["by"] == "skillctl":
        marks.append(str(linked["kind"]))
    provenance = fields["provenance"]
    if provenance is not None:
        marks.append(provenance["installer"] + (", modified" if provenance["modified"] else ""))
    return "".join(f" [{m}]" for m in marks)


def _skill_fields(skill: Skill, locks: LockIndex | None = None) -> dict[str, Any]:
    origin = origin_fields(skill, locks) if locks is not None else {}
    return origin | {
        "declared_name": skill.declared_name,
        "description": skill.description,
        "path": str(skill.entry),
        "dir": str(skill.dir),
        "root": str(skill.root) if skill.root else None,
        "scope": skill.scope.value,
        "plugin": skill.plugin,
    }


def _locks(home: Path, locks: LockIndex | None) -> LockIndex:
    return locks if locks is not None else LockIndex(home, os.environ)


def agent_json(res: Resolution, show_all: bool,
               locks: LockIndex | None = None) -> dict[str, Any]:
    """The ``list --agent X --format json`` document."""
    document = _agent_document(res, show_all, _locks(res.home, locks))
    document["skills"] = list(document["skills"])
    return document


def write_agent_json(res: Resolution, show_all: bool, out: TextIO,
                     locks: LockIndex | None = None) -> None:
    """``dump_json(agent_json(res, show_all))`` written to ``out`` one skill at a time."""
    write_json(_agent_document(res, show_all, _locks(res.home, locks)), out)


def _agent_document(res: Resolution, show_all: bool, locks: LockIndex) -> dict[str, Any]:
    """The ``agent_json`` document with its skills as a generator."""
    views = res.views if show_all else res.visible()
    return {
        "version": JSON_VERSION,
        "agent": res.agent,
        "project": str(res.project),
        "home": str(res.home),
        "skills": (_agent_item(view, locks) for view in views),
        "omitted": len(res.views) - len(views),
        "notes": [_note(n) for n in res.notes],
    }


def _agent_item(view: SkillView, locks: LockIndex) -> dict[str, Any]:
    item = _skill_fields(view.skill, locks) | _view_fields(view)
    item.update(declared_name=view.declared_name, description=view.description,
                root=str(view.root), scope=view.scope.value)
    return item


#: Best first, for the status of a skill across agents.
_RANK = {Status.ACTIVE: 0, Status.CONDITIONAL: 1, Status.HIDDEN: 2, Status.DISABLED: 3,
         Status.SHADOWED: 4, Status.INVALID: 5}


def _best(views: dict[str, SkillView | None]) -> SkillView | None:
    seen = [v for v in views.values() if v is not None]
    return min(seen, key=lambda v: _RANK[v.status]) if seen else None


Row = tuple[Skill, dict[str, SkillView | None]]


def cross_rows(cross: CrossView, show_all: bool) -> tuple[list[Row], int]:
    """Skills of a cross-agent view with each agent's view; and how many were left out."""
    rows: list[Row] = []
    omitted = 0
    for skill in cross.skills:
        views = cross.views_of(skill)
        if show_all or any(v is not None and v.status in VISIBLE for v in views.values()):
            rows.append((skill, views))
        else:
            omitted += 1
    return rows, omitted


def cross_json(cross: CrossView, show_all: bool,
               locks: LockIndex | None = None) -> dict[str, Any]:
    """The ``list --format json`` document without ``--agent``."""
    document = _cross_document(cross, show_all, _locks(cross.home, locks))
    document["skills"] = list(document["skills"])
    return document


def write_cross_json(cross: CrossView, show_all: bool, out: TextIO,
                     locks: LockIndex | None = None) -> None:
    """``dump_json(cross_json(cross, show_all))`` written to ``out`` one skill at a time."""
    write_json(_cross_document(cross, show_all, _locks(cross.home, locks), encoded=True), out)


def _cross_document(cross: CrossView, show_all: bool, locks: LockIndex, *,
                    encoded: bool = False) -> dict[str, Any]:
    """The ``cross_json`` document with its skills as a generator (with ``encoded``, each
    skill's ``agents`` already encoded as JSON text, for :func:`write_json` only)."""
    rows, omitted = cross_rows(cross, show_all)
    item = _cross_item_encoded if encoded else _cross_item
    return {
        "version": JSON_VERSION,
        "agent": None,
        "project": str(cross.project),
        "home": str(cross.home),
        "skills": (item(skill, views, locks) for skill, views in rows),
        "omitted": omitted,
        "notes": [_note(n) for n in cross.notes],
    }


def _cross_item(skill: Skill, views: dict[str, SkillView | None], locks: LockIndex, *,
                agents: bool = True) -> dict[str, Any]:
    best = _best(views)
    item = _skill_fields(skill, locks)
    item["name"] = skill.name
    item["status"] = best.status.value if best else None
    item["shadowed_by"] = str(best.shadowed_by) if best and best.shadowed_by else None
    item["reason"] = best.reason if best else None
    if agents:
        item["agents"] = {a: (_view_fields(v) if v else None) for a, v in views.items()}
    return item


def _cross_item_encoded(skill: Skill, views: dict[str, SkillView | None],
                        locks: LockIndex) -> dict[str, Any]:
    """:func:`_cross_item` with ``agents`` as its JSON text (at its depth in the document):
    eleven views per skill were most of the encoding time."""
    item = _cross_item(skill, views, locks, agents=False)
    level = 3  # the document, its skills list, a skill, then this mapping
    if not views:
        item["agents"] = {}
        return item
    inner = "\n" + "  " * (level + 1)
    opener = "{" + inner
    parts: list[str] = []
    for agent in sorted(views):
        view = views[agent]
        parts.append(opener)
        opener = "," + inner
        parts.append(_quote(agent))
        parts.append(": ")
        parts.append("null" if view is None else _view_json(view, level + 1))
    parts.append("\n" + "  " * level + "}")
    item["agents"] = _Encoded("".join(parts))
    return item


def _view_json(view: SkillView, level: int) -> str:
    """``encode_indented(_view_fields(view), level)``, written out field by field."""
    inner = "\n" + "  " * (level + 1)
    if view.warnings:
        deeper = "\n" + "  " * (level + 2)
        warnings = ("[" + deeper + ("," + deeper).join(map(_quote, view.warnings)) + inner
                    + "]")
    else:
        warnings = "[]"
    reason = "null" if view.reason is None else _quote(view.reason)
    shadow = _quote(str(view.shadowed_by)) if view.shadowed_by else "null"
    return ("{" + inner + '"name": ' + _quote(view.name)
            + "," + inner + '"reason": ' + reason
            + "," + inner + '"shadowed_by": ' + shadow
            + "," + inner + '"status": ' + _quote(view.status.value)
            + "," + inner + '"warnings": ' + warnings
            + "\n" + "  " * level + "}")


class _Encoded(str):
    """JSON text made for its place in a document: :func:`encode_indented` writes it as is."""

    __slots__ = ()


def dump_json(document: dict[str, Any]) -> str:
    """Deterministic JSON text (sorted keys, UTF-8 kept)."""
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_json(document: dict[str, Any], out: TextIO) -> None:
    """``dump_json(document)``, written to ``out`` piece by piece.

    A ``skills`` value that is not a list (a generator) is consumed one item at a time, each
    encoded and written before the next is built, so a big listing never exists whole, as
    objects or as text. The bytes are those of :func:`dump_json` (JSON strings hold no raw
    newline, so an item's text is indented by prefixing its lines).
    """
    out.write("{")
    opener = "\n  "
    for key in sorted(document):
        value = document[key]
        out.write(opener + encode_indented(key) + ": ")
        opener = ",\n  "
        if key == "skills" and not isinstance(value, list):
            _write_items(value, out)
        else:
            out.write(encode_indented(value, 1))
    out.write("\n}\n" if document else "}\n")


def _write_items(items: Iterable[Any], out: TextIO) -> None:
    """A list one level below the top, its items encoded and written one by one."""
    opener = "[\n    "
    for item in items:
        out.write(opener + encode_indented(item, 2))
        opener = ",\n    "
    out.write("[]" if opener.startswith("[") else "\n  ]")


class _Unsupported(Exception):
    """A value :func:`encode_indented` leaves to the json module."""


_INFINITY = float("inf")


def encode_indented(value: Any, level: int = 0) -> str:
    """``json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)`` as it would appear
    ``level`` levels deep (lines after the first indented by ``2 * level`` spaces).

    The json module's indented encoder is pure Python; this one does the same for plain data
    (dicts with string keys, lists, tuples, strings, numbers, booleans, None) in about half the
    time, and hands anything else to the json module (``tests/test_cli_list_json.py`` compares
    both).
    """
    parts: list[str] = []
    try:
        _encode(value, level, parts)
    except _Unsupported:
        text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)
        return text.replace("\n", "\n" + "  " * level) if level else text
    return "".join(parts)


def _encode(value: Any, level: int, parts: list[str]) -> None:
    if isinstance(value, str):
        parts.append(value if type(value) is _Encoded else _quote(value))
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, dict):
        if not value:
            parts.append("{}")
            return
        inner = "\n" + "  " * (level + 1)
        opener = "{" + inner
        for key, item in sorted(value.items()):
            if not isinstance(key, str):
                raise _Unsupported
            parts.append(opener)
            opener = "," + inner
            parts.append(_quote(key))
            parts.append(": ")
            _encode(item, level + 1, parts)
        parts.append("\n" + "  " * level + "}")
    elif isinstance(value, (list, tuple)):
        if not value:
            parts.append("[]")
            return
        inner = "\n" + "  " * (level + 1)
        opener = "[" + inner
        for item in value:
            parts.append(opener)
            opener = "," + inner
            _encode(item, level + 1, parts)
        parts.append("\n" + "  " * level + "]")
    elif isinstance(value, int):
        parts.append(int.__repr__(value))
    elif isinstance(value, float):
        if value != value:
            parts.append("NaN")
        elif value == _INFINITY:
            parts.append("Infinity")
        elif value == -_INFINITY:
            parts.append("-Infinity")
        else:
            parts.append(float.__repr__(value))
    else:
        raise _Unsupported


# --------------------------------------------------------------------------- text


def _plain_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    size = len(headers)
    if any(len(row) != size for row in rows):
        raise ValueError(f"every row of the table needs {size} cells")
    # column by column, and cells padded by str.ljust through map: no Python call per cell
    widths = [len(h) for h in headers]
    if rows:
        widths = [max(w, max(map(len, column)))
                  for w, column in zip(widths, zip(*rows, strict=True), strict=True)]
    ljust = str.ljust
    lines = ["  ".join(map(ljust, row, widths)).rstrip() for row in [headers, *rows]]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class _Flex:
    """A column that gives way when the table is wider than the terminal."""

    index: int
    minimum: int  # below this the table turns into blocks
    target: int  # what it gets before any column grows to its full width
    middle: bool  # shortened in the middle (paths) rather than at the end (descriptions)


#: Gap between two columns.
_GAP = 2


def _fit(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int,
         flex: Sequence[_Flex]) -> list[int] | None:
    """Column widths (in cells) that fit ``width``; None when the flexible columns would fall
    below their minimum (the caller then writes one block per row). Columns not in ``flex``
    (names, statuses) keep their full width: a name is never broken."""
    natural = [max([cells(h), *(cells(row[i]) for row in rows)]) for i, h in enumerate(headers)]
    room = width - sum(natural) - _GAP * (len(headers) - 1)
    if room >= 0:
        return natural
    flexible = {f.index for f in flex}
    left = width - _GAP * (len(headers) - 1) - sum(
        w for i, w in enumerate(natural) if i not in flexible)
    sizes = {f.index: min(natural[f.index], f.minimum) for f in flex}
    left -= sum(sizes.values())
    if left < 0:
        return None
    for first_pass in (True, False):  # every column to its target, then to its full width
        for f in flex:
            goal = min(f.target, natural[f.index]) if first_pass else natural[f.index]
            grow = max(0, min(left, goal - sizes[f.index]))
            sizes[f.index] += grow
            left -= grow
    return [sizes.get(i, w) for i, w in enumerate(natural)]


def _table_lines(headers: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[int],
                 flex: Sequence[_Flex], styles: Sequence[Sequence[str | None]],
                 color: bool) -> list[str]:
    shapers = {f.index: (cut_middle if f.middle else cut) for f in flex}
    last = len(headers) - 1
    lines = []
    for row, row_styles in zip([headers, *rows], [["bold"] * len(headers), *styles],
                               strict=True):
        parts = []
        for i, text in enumerate(row):
            text = shapers[i](text, widths[i]) if i in shapers else text
            parts.append(paint(text if i == last else pad(text, widths[i]), row_styles[i],
                               color))
        lines.append(("  ".join(parts)).rstrip())
    return lines


def _wrap_items(items: Sequence[tuple[str, str]], room: int, indent: str) -> list[str]:
    """Short items (plain text, text as written) joined by two spaces into lines of at most
    ``room`` cells (measured on the plain text)."""
    lines: list[str] = []
    line, used = "", 0
    for plain, written in items:
        if line and used + _GAP + cells(plain) > room:
            lines.append(indent + line)
            line, used = "", 0
        line = f"{line}  {written}" if line else written
        used += cells(plain) + (_GAP if used else 0)
    if line:
        lines.append(indent + line)
    return lines


def _wrapped(text: str, width: int | None, first: str, later: str) -> str:
    """``text`` as lines of at most ``width`` cells, broken between words only (a path or a
    name longer than the line stays whole); one line when ``width`` is None."""
    if width is None or cells(first + text) <= width:
        return f"{first}{text}\n"
    import textwrap

    lines = textwrap.wrap(text, width, initial_indent=first, subsequent_indent=later,
                          break_long_words=False, break_on_hyphens=False)
    return "".join(f"{line}\n" for line in lines)


#: Colour of each status (the word in the agent table, the mark in the cross table).
_STATUS_STYLE = {Status.ACTIVE: "green", Status.CONDITIONAL: "cyan", Status.HIDDEN: "dim",
                 Status.DISABLED: "dim", Status.SHADOWED: "yellow", Status.INVALID: "red"}


def _cut(text: str | None, width: int) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def explain_view(view: SkillView, res: Resolution) -> list[str]:
    """Why a skill won or lost, one line each."""
    lines = []
    if view.status is Status.ACTIVE:
        lines.append(f"active: loaded from the {view.scope.value} root {view.root}")
    else:
        lines.append(f"{view.status.value}: {view.reason}")
    for loser in res.shadowed_by(view):
        lines.append(f"shadows {loser.path}")
    lines.extend(f"warning: {w}" for w in view.warnings)
    return lines


#: Where a pipe (no width) cuts descriptions in the agent table.
PIPE_DESCRIPTION = 50
_AGENT_FLEX = (_Flex(4, 22, 40, True), _Flex(3, 16, 30, False))


def render_agent(res: Resolution, out: TextIO, *, show_all: bool, explain: bool,
                 tty: bool = False, label: str, roots: Sequence[Path] = (),
                 color: bool | None = None, width: int | None = None,
                 locks: LockIndex | None = None) -> None:
    """The table for one agent, with ``--explain`` lines and a count of omitted skills.

    :param color: colour the headings and statuses (default: ``tty``).
    :param width: the terminal's width: long paths are shortened in the middle, descriptions
        cut to the space left, and below a usable width each skill becomes a block of lines.
        None (a pipe): whole paths, descriptions cut at :data:`PIPE_DESCRIPTION` characters.
    """
    color = tty if color is None else color
    views = res.views if show_all else res.visible()
    if not res.views:
        out.write(f"No skills found for {label}.\n")
        if roots:
            out.write("Looked in:\n"
                      + "".join(f"  {printable(display_path(r, res.home))}\n" for r in roots))
        return
    shown = _paths_for_people(res.home)
    limit = PIPE_DESCRIPTION if width is None else 10_000
    locks = _locks(res.home, locks)
    rows = [[printable(v.name + origin_marks(v.skill, locks)), v.status.value, v.scope.value,
             printable(_cut(v.description or v.skill.description, limit)),
             printable(shown(v.path))] for v in views]
    styles = [[None, _STATUS_STYLE[v.status], None, None, None] for v in views]
    title = printable(f"{label}: {len(res.visible())} of {len(res.views)} skills offered")
    out.write(paint(title, "bold", color) + "\n")
    headers = ["NAME", "STATUS", "SCOPE", "DESCRIPTION", "PATH"]
    widths = _fit(headers, rows, width, _AGENT_FLEX) if width is not None else None
    if width is None or widths is not None:
        if widths is None:
            widths = _fit(headers, rows, 1 << 30, ())
            assert widths is not None
        out.write("\n".join(_table_lines(headers, rows, widths, _AGENT_FLEX, styles, color))
                  + "\n")
    else:
        room = max(width - 2, 8)
        for row, view in zip(rows, views, strict=True):
            status = paint(row[1], _STATUS_STYLE[view.status], color)
            out.write(f"{paint(row[0], 'bold', color)}  {status}, {row[2]}\n")
            if row[3]:
                out.write(f"  {cut(row[3], room)}\n")
            out.write(f"  {cut_middle(row[4], room)}\n")
    if explain:
        out.write("\n")
        for view in views:
            out.write(printable(f"{view.name}  ({shown(view.path)})") + "\n")
            out.write("".join(_wrapped(printable(line), width, "  ", "    ")
                              for line in explain_view(view, res)))
    omitted = len(res.views) - len(views)
    if omitted:
        out.write(f"{omitted} more (shadowed, invalid or hidden; use --all)\n")


def _explain_groups(views: dict[str, SkillView | None], agents: Sequence[str],
                    cross: CrossView) -> list[tuple[list[str], list[str]]]:
    """The agents that reach a skill, grouped by identical explanations (first seen first)."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for agent in agents:
        view = views[agent]
        if view is not None:
            groups.setdefault(tuple(explain_view(view, cross.resolutions[agent])),
                              []).append(agent)
    return [(names, list(lines)) for lines, names in groups.items()]


def render_cross(cross: CrossView, out: TextIO, *, show_all: bool, explain: bool,
                 tty: bool = False, color: bool | None = None,
                 width: int | None = None, locks: LockIndex | None = None) -> None:
    """One row per SKILL.md, one column per agent with a status mark, and a legend.

    ``color`` and ``width`` as for :func:`render_agent`; with ``--explain`` the agents that
    give the same explanation share one line.
    """
    color = tty if color is None else color
    rows, omitted = cross_rows(cross, show_all)
    agents = list(cross.resolutions)
    if not cross.skills:
        out.write("No skills found in any agent's roots.\n")
        return
    table = []
    styles: list[list[str | None]] = []
    shown = _paths_for_people(cross.home)
    locks = _locks(cross.home, locks)
    for skill, views in rows:
        row_views = [views[a] for a in agents]
        marks = [MARKS[v.status] if v else NOT_REACHED for v in row_views]
        table.append([printable(skill.name + origin_marks(skill, locks)), *marks,
                      printable(shown(skill.entry))])
        styles.append([None, *(_STATUS_STYLE[v.status] if v else "dim" for v in row_views),
                       None])
    headers = ["NAME", *(short(a) for a in agents), "PATH"]
    flex = (_Flex(len(headers) - 1, 16, 60, True),)
    widths = _fit(headers, table, width if width is not None else 1 << 30, flex)
    if widths is not None:
        out.write("\n".join(_table_lines(headers, table, widths, flex, styles, color)) + "\n")
    else:
        room = max((width or 80) - 2, 8)
        for row, row_styles in zip(table, styles, strict=True):
            out.write(paint(row[0], "bold", color) + "\n")
            items = [(f"{h} {m}", f"{h} {paint(m, style, color)}") for h, m, style in
                     zip(headers[1:-1], row[1:-1], row_styles[1:-1], strict=True)]
            out.write("".join(f"{line}\n" for line in _wrap_items(items, room, "  ")))
            out.write(f"  {cut_middle(row[-1], room)}\n")
    legend = "A active  C conditional  H hidden  S shadowed  I invalid  - not in its roots"
    if any(v is not None and v.status is Status.DISABLED for _, views in rows
           for v in views.values()):
        legend += "  D disabled in its settings"
    room = width or 1 << 30
    out.write("\n")
    for words in (legend.split("  "), [f"{short(a)} {a}" for a in agents]):
        out.write("".join(f"{line}\n" for line in _wrap_items([(w, w) for w in words], room, "")))
    if explain:
        out.write("\n")
        for skill, views in rows:
            out.write(printable(f"{skill.name}  ({shown(skill.entry)})") + "\n")
            for names, (first, *rest) in _explain_groups(views, agents, cross):
                out.write(_wrapped(f"{', '.join(names)}: {printable(first)}", width, "  ",
                                   "    "))
                out.write("".join(_wrapped(printable(line), width, "    ", "      ")
                                  for line in rest))
    if omitted:
        out.write(f"{omitted} more (not offered by any agent; use --all)\n")


def render_notes(notes: Sequence[ScanNote], err: TextIO) -> None:
    """Scan notes (unreadable dirs, loops, dangling links) to stderr."""
    for note in notes:
        detail = f" ({note.detail})" if note.detail else ""
        err.write(printable(f"skillctl: note: {note.path}: {note.reason}{detail}") + "\n")
