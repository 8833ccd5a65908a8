"""Output of ``skillctl list``: versioned JSON, a plain-text table, or a rich table on a TTY.

JSON never goes through rich. The plain table is what pipes and tests see; rich is imported
only when stdout is a terminal (and it honours ``NO_COLOR`` itself).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from json.encoder import encode_basestring as _quote  # the C version when there is one
from pathlib import Path
from typing import Any, TextIO

from skillctl.discovery import VISIBLE, CrossView, Resolution, SkillView, Status
from skillctl.model import Skill
from skillctl.scan import ScanNote

JSON_VERSION = 1

#: One-letter status marks for the cross-agent table.
MARKS = {Status.ACTIVE: "A", Status.CONDITIONAL: "C", Status.HIDDEN: "H",
         Status.SHADOWED: "S", Status.INVALID: "I"}
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


def _skill_fields(skill: Skill) -> dict[str, Any]:
    return {
        "declared_name": skill.declared_name,
        "description": skill.description,
        "path": str(skill.entry),
        "dir": str(skill.dir),
        "root": str(skill.root) if skill.root else None,
        "scope": skill.scope.value,
    }


def agent_json(res: Resolution, show_all: bool) -> dict[str, Any]:
    """The ``list --agent X --format json`` document."""
    document = _agent_document(res, show_all)
    document["skills"] = list(document["skills"])
    return document


def write_agent_json(res: Resolution, show_all: bool, out: TextIO) -> None:
    """``dump_json(agent_json(res, show_all))`` written to ``out`` one skill at a time."""
    write_json(_agent_document(res, show_all), out)


def _agent_document(res: Resolution, show_all: bool) -> dict[str, Any]:
    """The ``agent_json`` document with its skills as a generator."""
    views = res.views if show_all else res.visible()
    return {
        "version": JSON_VERSION,
        "agent": res.agent,
        "project": str(res.project),
        "home": str(res.home),
        "skills": (_agent_item(view) for view in views),
        "omitted": len(res.views) - len(views),
        "notes": [_note(n) for n in res.notes],
    }


def _agent_item(view: SkillView) -> dict[str, Any]:
    item = _skill_fields(view.skill) | _view_fields(view)
    item.update(declared_name=view.declared_name, description=view.description,
                root=str(view.root), scope=view.scope.value)
    return item


#: Best first, for the status of a skill across agents.
_RANK = {Status.ACTIVE: 0, Status.CONDITIONAL: 1, Status.HIDDEN: 2, Status.SHADOWED: 3,
         Status.INVALID: 4}


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


def cross_json(cross: CrossView, show_all: bool) -> dict[str, Any]:
    """The ``list --format json`` document without ``--agent``."""
    document = _cross_document(cross, show_all)
    document["skills"] = list(document["skills"])
    return document


def write_cross_json(cross: CrossView, show_all: bool, out: TextIO) -> None:
    """``dump_json(cross_json(cross, show_all))`` written to ``out`` one skill at a time."""
    write_json(_cross_document(cross, show_all, encoded=True), out)


def _cross_document(cross: CrossView, show_all: bool, *, encoded: bool = False) -> dict[str, Any]:
    """The ``cross_json`` document with its skills as a generator (with ``encoded``, each
    skill's ``agents`` already encoded as JSON text, for :func:`write_json` only)."""
    rows, omitted = cross_rows(cross, show_all)
    item = _cross_item_encoded if encoded else _cross_item
    return {
        "version": JSON_VERSION,
        "agent": None,
        "project": str(cross.project),
        "home": str(cross.home),
        "skills": (item(skill, views) for skill, views in rows),
        "omitted": omitted,
        "notes": [_note(n) for n in cross.notes],
    }


def _cross_item(skill: Skill, views: dict[str, SkillView | None], *,
                agents: bool = True) -> dict[str, Any]:
    best = _best(views)
    item = _skill_fields(skill)
    item["name"] = skill.name
    item["status"] = best.status.value if best else None
    item["shadowed_by"] = str(best.shadowed_by) if best and best.shadowed_by else None
    item["reason"] = best.reason if best else None
    if agents:
        item["agents"] = {a: (_view_fields(v) if v else None) for a, v in views.items()}
    return item


def _cross_item_encoded(skill: Skill, views: dict[str, SkillView | None]) -> dict[str, Any]:
    """:func:`_cross_item` with ``agents`` as its JSON text (at its depth in the document):
    eleven views per skill were most of the encoding time."""
    item = _cross_item(skill, views, agents=False)
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


def _emit(out: TextIO, tty: bool, headers: Sequence[str], rows: Sequence[Sequence[str]],
          title: str | None = None) -> None:
    if not tty:
        if title:
            out.write(title + "\n")
        out.write(_plain_table(headers, rows))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, box=None, header_style="bold", pad_edge=False)
    for heading in headers:
        table.add_column(heading, overflow="fold")
    for row in rows:
        table.add_row(*row)
    Console(file=out, highlight=False).print(table)


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


def render_agent(res: Resolution, out: TextIO, *, show_all: bool, explain: bool, tty: bool,
                 label: str, roots: Sequence[Path] = ()) -> None:
    """The table for one agent, with ``--explain`` lines and a count of omitted skills."""
    views = res.views if show_all else res.visible()
    if not res.views:
        out.write(f"No skills found for {label}.\n")
        if roots:
            out.write("Looked in:\n" + "".join(f"  {display_path(r, res.home)}\n" for r in roots))
        return
    shown = _paths_for_people(res.home)
    rows = [[v.name, v.status.value, v.scope.value, _cut(v.description or v.skill.description, 50),
             shown(v.path)] for v in views]
    _emit(out, tty, ["NAME", "STATUS", "SCOPE", "DESCRIPTION", "PATH"], rows,
          title=f"{label}: {len(res.visible())} of {len(res.views)} skills offered")
    if explain:
        out.write("\n")
        for view in views:
            out.write(f"{view.name}  ({shown(view.path)})\n")
            out.write("".join(f"  {line}\n" for line in explain_view(view, res)))
    omitted = len(res.views) - len(views)
    if omitted:
        out.write(f"{omitted} more (shadowed, invalid or hidden; use --all)\n")


def render_cross(cross: CrossView, out: TextIO, *, show_all: bool, explain: bool,
                 tty: bool) -> None:
    """One row per SKILL.md, one column per agent with a status mark, and a legend."""
    rows, omitted = cross_rows(cross, show_all)
    agents = list(cross.resolutions)
    if not cross.skills:
        out.write("No skills found in any agent's roots.\n")
        return
    table = []
    shown = _paths_for_people(cross.home)
    for skill, views in rows:
        marks = [MARKS[v.status] if v else NOT_REACHED for v in (views[a] for a in agents)]
        table.append([skill.name, *marks, shown(skill.entry)])
    _emit(out, tty, ["NAME", *(short(a) for a in agents), "PATH"], table)
    out.write("\nA active  C conditional  H hidden  S shadowed  I invalid  - not in its roots\n")
    out.write("  ".join(f"{short(a)} {a}" for a in agents) + "\n")
    if explain:
        out.write("\n")
        for skill, views in rows:
            out.write(f"{skill.name}  ({shown(skill.entry)})\n")
            for agent in agents:
                view = views[agent]
                if view is None:
                    continue
                first, *rest = explain_view(view, cross.resolutions[agent])
                out.write(f"  {agent}: {first}\n")
                out.write("".join(f"    {line}\n" for line in rest))
    if omitted:
        out.write(f"{omitted} more (not offered by any agent; use --all)\n")


def render_notes(notes: Sequence[ScanNote], err: TextIO) -> None:
    """Scan notes (unreadable dirs, loops, dangling links) to stderr."""
    for note in notes:
        detail = f" ({note.detail})" if note.detail else ""
        err.write(f"skillctl: note: {note.path}: {note.reason}{detail}\n")
