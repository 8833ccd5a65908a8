"""Output of ``skillctl show``: one skill in full, and how every agent sees it.

Builds one plain document (also the ``--format json`` output, version 1) and renders it as
text. Nothing here imports rich.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from skillctl.agents.profile import Profile
from skillctl.discovery import CrossView, SkillView
from skillctl.model import Scope, Skill
from skillctl.scan import skill_files
from skillctl.scripts import scan_scripts
from skillctl.textsafe import printable

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


def build(skill: Skill, cross: CrossView, profiles: Sequence[Profile],
          roots: Mapping[str, Sequence[Path]] | None = None,
          env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The whole ``show`` document for one skill.

    :param cross: every agent's view (from :func:`~skillctl.discovery.discover_for`: an
        agent that does not reach the skill judges it as an extra tree, scope ``extra``).
    :param roots: each agent's roots (:func:`~skillctl.discovery.root_places`); an agent
        that does not reach the skill lists them as ``looks_in``.
    :param env: the environment that places the installers' user lock (``os.environ``).
    """
    from skillctl.provenance import LockIndex
    from skillctl.report.listing import origin_fields

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
        # show gives no extra trees: a view of scope "extra" is discover_for's stand-in for
        # an agent whose roots do not hold the skill (issue 17: it said "active" for Codex
        # on a skill in .claude/skills)
        reached = view is not None and view.scope is not Scope.EXTRA
        agents[profile.id] = {
            "reached": reached,
            "looks_in": ([] if reached or roots is None
                         else [str(path) for path in roots.get(profile.id, ())]),
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
    files, truncated = skill_files(skill)
    # the scripts run-script --list shows (a skill that is a file of its own has none)
    scripts = [] if skill.is_file_skill else scan_scripts(skill.dir)[0]
    origin = origin_fields(skill, LockIndex(cross.home, os.environ if env is None else env))
    return origin | {
        "version": JSON_VERSION,
        "name": skill.name,
        "declared_name": skill.declared_name,
        "dir_name": skill.dir_name,
        "plugin": skill.plugin or next((v.skill.plugin for v in views.values()
                                        if v is not None and v.skill.plugin), None),
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
        "scripts": [{"path": s.relpath, "executable": s.executable,
                     "interpreter": s.interpreter, "issues": list(s.issues())}
                    for s in scripts],
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
    """The human view of a ``show`` document (plain text). Every value from the skill goes
    through :func:`~skillctl.textsafe.printable`: one value never starts a line of its own."""
    w = out.write
    p = printable
    name = doc["name"]
    declared = doc["declared_name"]
    title = p(name if declared in (None, doc["dir_name"])
              else f"{declared} (directory {doc['dir_name']})")
    w(f"{title}\n{'=' * len(title)}\n")
    w(f"path: {p(doc['path'])}\n")
    if doc.get("plugin"):
        w(f"plugin: {p(doc['plugin'])}\n")
    if doc["description"]:
        w(f"description: {p(' '.join(doc['description'].split()))}\n")
    for problem in doc["problems"]:
        w(f"problem: line {problem['line']}: {p(problem['message'])} [{p(problem['code'])}]\n")
    w("\nFrontmatter (field, line, agents that honour it)\n")
    if not doc["frontmatter"]:
        w("  (none)\n")
    for key, info in doc["frontmatter"].items():
        honoured = ", ".join(info["honoured_by"]) or "no agent"
        w(f"  {p(str(key))} (line {info['line']}): {p(_short_value(info['value']))}\n")
        w(f"      honoured by: {honoured}\n")
    body = doc["body"]
    w(f"\nBody: {body['lines']} lines, {body['chars']} characters, "
      f"~{body['estimated_tokens']} tokens (estimated as {body['estimate']})\n")
    w("\nFiles\n")
    for item in doc["files"]:
        flags = " (executable)" if item["executable"] else ""
        flags += " (symlink)" if item["symlink"] else ""
        w(f"  {p(item['path'])}  {_size(item['size'])}{flags}\n")
    if doc["files_truncated"]:
        w("  ... (list cut)\n")
    _origin_text(doc, w)
    if doc["scripts"]:
        w("\nScripts (as run-script --list finds them)\n")
        for script in doc["scripts"]:
            mark = "executable" if script["executable"] else "NOT executable (no exec bit)"
            runner = f", runs with {p(script['interpreter'])}" if script["interpreter"] else ""
            w(f"  {p(script['path'])}: {mark}{runner}\n")
            w("".join(f"    ! {p(issue)}\n" for issue in script["issues"]))
    w("\nAgents\n")
    description = " ".join((doc["description"] or "").split())
    for names, lines in _agent_groups(doc["agents"], description):
        head, *rest = lines
        w(f"  {', '.join(names)}: {head}\n")
        w("".join(f"      {line}\n" for line in rest))
    if len(doc["agents"]) > 1 and not all(info["reached"] for info in doc["agents"].values()):
        w("  (where each agent looks: skillctl agents)\n")


def _agent_lines(info: dict[str, Any], description: str, single: bool) -> list[str]:
    """One agent's view as lines (escaped); the catalog line only where it differs from the
    description shown once at the top."""
    p = printable
    lines: list[str] = []
    if info["reached"]:
        lines.append(f"{info['status']} as '{p(str(info['name']))}' "
                     f"({info['scope']} root {p(info['root'])})")
    elif info["status"] is None:
        lines.append("not in its roots")
    else:
        lines.append(f"not in its roots (as an extra tree it would be {info['status']} as "
                     f"'{p(str(info['name']))}')")
    if info["reason"]:
        lines.append(f"why: {p(info['reason'])}")
    if info["shadowed_by"]:
        lines.append(f"shadowed by: {p(info['shadowed_by'])}")
    lines.extend(f"shadows: {p(path)}" for path in info["shadows"])
    lines.extend(f"warning: {p(warning)}" for warning in info["warnings"])
    if not info["reached"]:
        if single and info["looks_in"]:
            lines.append("looks in: " + ", ".join(p(path) for path in info["looks_in"]))
        return lines
    if info["catalog"]:
        shown = info["catalog_description"]
        if shown is None:
            lines.append("catalog: (no description)")
        elif " ".join(shown.split()) != description:
            lines.append(f"catalog: {p(shown)}")
    elif info["catalog_note"]:
        lines.append(f"catalog: {p(info['catalog_note'])}")
    return lines


def _agent_groups(agents: dict[str, Any],
                  description: str) -> list[tuple[list[str], list[str]]]:
    """Agents whose views read the same, together (first seen first)."""
    single = len(agents) == 1
    groups: dict[tuple[str, ...], list[str]] = {}
    for agent, info in agents.items():
        groups.setdefault(tuple(_agent_lines(info, description, single)), []).append(agent)
    return [(names, list(lines)) for lines, names in groups.items()]


def _origin_text(doc: dict[str, Any], w: Any) -> None:
    """The Provenance section: a link or copy, and an installer's record with its state."""
    p = printable
    linked = doc.get("linked")
    provenance = doc.get("provenance")
    if linked is None and provenance is None:
        return
    w("\nProvenance\n")
    if linked is not None:
        by = "by skillctl" if linked["by"] == "skillctl" else "not by skillctl"
        w(f"  {linked['kind']} ({by}) to {p(str(linked['target']))}\n")
    if provenance is not None:
        w(f"  installed by {p(provenance['installer'])} from {p(provenance['source'])}"
          + (f" at {p(provenance['revision'])}" if provenance["revision"] else "") + "\n")
        w(f"  record: {p(provenance['record'])}:{provenance['line']} "
          f"(entry {p(provenance['entry'])})\n")
        state = {True: "modified since it was installed",
                 False: "unchanged since it was installed (content hash matches)",
                 None: "not compared"}[provenance["modified"]]
        note = f" ({p(provenance['note'])})" if provenance["note"] else ""
        w(f"  files: {state}{note}\n")
