"""Output of ``skillctl show``: one skill in full, and how every agent sees it.

Builds one plain document (also the ``--format json`` output, version 1) and renders it as
text. Nothing here imports rich.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from typing import Any, TextIO

from skillctl.agents.profile import Profile
from skillctl.discovery import CrossView, SkillView
from skillctl.model import Skill
from skillctl.scan import list_files

JSON_VERSION = 1
#: Characters per token assumed by the estimate (a rough, model-independent rule of thumb).
CHARS_PER_TOKEN = 4


def catalog_description(profile: Profile, view: SkillView | None, skill: Skill) -> str | None:
    """The description as the agent's catalog shows it, cut where the agent cuts it."""
    text = view.description if view is not None else skill.description
    if text is None:
        return None
    data = view.data if view is not None else skill.parsed.data
    when = data.get("when_to_use") if "when_to_use" in profile.known_fields else None
    if isinstance(when, str) and when.strip():
        text = f"{text} - {when}"
    cap = profile.catalog_description_cap
    if cap is not None and len(text) > cap:
        text = text[: cap - 1] + "…"
    return text


def _short_value(value: Any, width: int = 70) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def build(skill: Skill, cross: CrossView, profiles: Sequence[Profile]) -> dict[str, Any]:
    """The whole ``show`` document for one skill."""
    parsed = skill.parsed
    fm = parsed.frontmatter
    views = cross.views_of(skill)
    fields = {}
    for key, value in parsed.data.items():
        position = fm.position(key) if fm is not None else None
        fields[key] = {
            "value": value,
            "line": position.line if position else None,
            "honoured_by": sorted(p.id for p in profiles if key in p.known_fields),
        }
    agents: dict[str, Any] = {}
    for profile in profiles:
        view = views.get(profile.id)
        resolution = cross.resolutions.get(profile.id)
        own = os.path.realpath(skill.entry)
        shadows = ([str(v.path) for v in resolution.shadowed_by(view)
                    if os.path.realpath(v.path) != own]
                   if view is not None and resolution is not None else [])
        agents[profile.id] = {
            "reached": view is not None,
            "name": view.name if view else None,
            "status": view.status.value if view else None,
            "scope": view.scope.value if view else None,
            "root": str(view.root) if view else None,
            "shadowed_by": str(view.shadowed_by) if view and view.shadowed_by else None,
            "shadows": shadows,
            "reason": view.reason if view else None,
            "warnings": list(view.warnings) if view else [],
            "catalog": profile.catalog_format is not None,
            "catalog_description": (catalog_description(profile, view, skill)
                                    if profile.catalog_format is not None else None),
            "catalog_note": profile.catalog_note or None,
        }
    body = parsed.body
    files, truncated = list_files(skill.dir)
    return {
        "version": JSON_VERSION,
        "name": skill.name,
        "declared_name": skill.declared_name,
        "dir_name": skill.dir_name,
        "description": skill.description,
        "path": str(skill.entry),
        "dir": str(skill.dir),
        "problems": [{"code": p.code, "message": p.message, "line": p.line}
                     for p in parsed.problems],
        "frontmatter": fields,
        "body": {
            "lines": len(body.strip("\n").split("\n")) if body.strip() else 0,
            "chars": len(body),
            "estimated_tokens": -(-len(body) // CHARS_PER_TOKEN),
            "estimate": f"characters / {CHARS_PER_TOKEN}",
        },
        "files": [{"path": f.relpath, "size": f.size, "executable": f.executable,
                   "symlink": f.is_symlink} for f in files],
        "files_truncated": truncated,
        "scripts": [{"path": f.relpath, "executable": f.executable}
                    for f in files if f.relpath.startswith("scripts/")],
        "agents": agents,
    }


def _finite(value: Any) -> Any:
    """Frontmatter may hold ``.inf``/``.nan`` (YAML floats JSON cannot spell): keep them as
    their YAML spelling so the output stays strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


def dump_json(document: dict[str, Any]) -> str:
    """Deterministic, strict JSON text."""
    return (
        json.dumps(
            _finite(document),
            indent=2,
            sort_keys=True,
            ensure_ascii=False,
            default=str,
            allow_nan=False,
        )
        + "\n"
    )


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB"):
        if n < 1024 or unit == "MB":
            return f"{n} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n = n / 1024  # type: ignore[assignment]
    return f"{n} B"


def render_text(doc: dict[str, Any], out: TextIO) -> None:
    """The human view of a ``show`` document (plain text)."""
    w = out.write
    name = doc["name"]
    declared = doc["declared_name"]
    title = (name if declared in (None, doc["dir_name"])
             else f"{declared} (directory {doc['dir_name']})")
    w(f"{title}\n{'=' * len(title)}\n")
    w(f"path: {doc['path']}\n")
    if doc["description"]:
        w(f"description: {_short_value(doc['description'], 200)}\n")
    for problem in doc["problems"]:
        w(f"problem: line {problem['line']}: {problem['message']} [{problem['code']}]\n")
    w("\nFrontmatter (field, line, agents that honour it)\n")
    if not doc["frontmatter"]:
        w("  (none)\n")
    for key, info in doc["frontmatter"].items():
        honoured = ", ".join(info["honoured_by"]) or "no agent"
        w(f"  {key} (line {info['line']}): {_short_value(info['value'])}\n")
        w(f"      honoured by: {honoured}\n")
    body = doc["body"]
    w(f"\nBody: {body['lines']} lines, {body['chars']} characters, "
      f"~{body['estimated_tokens']} tokens (estimated as {body['estimate']})\n")
    w("\nFiles\n")
    for item in doc["files"]:
        flags = " (executable)" if item["executable"] else ""
        flags += " (symlink)" if item["symlink"] else ""
        w(f"  {item['path']}  {_size(item['size'])}{flags}\n")
    if doc["files_truncated"]:
        w("  ... (list cut)\n")
    if doc["scripts"]:
        w("\nScripts\n")
        for script in doc["scripts"]:
            mark = "executable" if script["executable"] else "NOT executable (no exec bit)"
            w(f"  {script['path']}: {mark}\n")
    w("\nAgents\n")
    for agent, info in doc["agents"].items():
        if not info["reached"]:
            w(f"  {agent}: not in its roots\n")
            continue
        w(f"  {agent}: {info['status']} as {info['name']!r} "
          f"({info['scope']} root {info['root']})\n")
        if info["reason"]:
            w(f"      why: {info['reason']}\n")
        if info["shadowed_by"]:
            w(f"      shadowed by: {info['shadowed_by']}\n")
        for path in info["shadows"]:
            w(f"      shadows: {path}\n")
        for warning in info["warnings"]:
            w(f"      warning: {warning}\n")
        if info["catalog"]:
            shown = info["catalog_description"]
            w(f"      catalog: {shown if shown is not None else '(no description)'}\n")
        elif info["catalog_note"]:
            w(f"      catalog: {info['catalog_note']}\n")
