"""The catalog format registry, and skills -> catalog entries -> rendered catalog.

``CATALOG_FORMATS`` maps a format id to a :class:`CatalogFormat`: the agent's own rules for
which skills appear (names, descriptions, exclusions) as data, and a pure render function
(in :mod:`skillctl.render.budgeted` for the agents that apply a budget, in
:mod:`skillctl.render.plain` for the rest). :func:`render_catalog` is the one entry point.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from skillctl.errors import UsageError
from skillctl.model import Skill
from skillctl.render import budgeted, plain
from skillctl.render.types import (
    BudgetRequest,
    CatalogEntry,
    CatalogFormat,
    RenderedCatalog,
)

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile

_MODEL_OFF = ("disable-model-invocation",)

#: Every catalog format, keyed by the id used by ``--format`` and the profiles' ``catalog_format``.
CATALOG_FORMATS: dict[str, CatalogFormat] = {
    f.id: f
    for f in (
        CatalogFormat("claude-code", "Claude Code", budgeted.render_claude_code,
                      budget_doc="context tokens (200,000) x 4 x 0.01 = 8,000 chars; 1,536 per "
                      "description", name_from_dir=True, body_fallback=True,
                      needs_description=False, excluded_by=_MODEL_OFF,
                      uncertain=("usage ranking is replaced by catalog order",)),
        CatalogFormat("codex", "Codex", budgeted.render_codex,
                      budget_doc="2% of --context-tokens in tokens, else 8,000 chars",
                      needs_description=False),
        CatalogFormat("opencode", "OpenCode", plain.render_opencode),
        CatalogFormat("opencode-agent-skills", "opencode-agent-skills plugin",
                      plain.render_opencode_agent_skills),
        CatalogFormat("openclaw", "OpenClaw", budgeted.render_openclaw,
                      budget_doc="150 skills and 18,000 chars", excluded_by=_MODEL_OFF),
        CatalogFormat("gemini-cli", "Gemini CLI", plain.render_gemini),
        CatalogFormat("copilot", "VS Code / Copilot", plain.render_copilot,
                      excluded_by=_MODEL_OFF, uncertain=("escaping and budget",)),
        CatalogFormat("goose", "Goose", plain.render_goose, needs_description=False),
        CatalogFormat("amp", "Amp", plain.render_amp,
                      excluded_by=("disable-model-invocation", "isolatedContext"),
                      uncertain=("the prompt is built server-side",)),
        CatalogFormat("skills-ref", "skills-ref to-prompt", plain.render_skills_ref),
        CatalogFormat("xml", "generic XML", plain.render_xml),
        CatalogFormat("markdown", "generic Markdown", plain.render_markdown),
        CatalogFormat("json", "generic JSON (version 1)", plain.render_json),
    )
}

#: Formats whose name and description are taken stripped, as skills-ref's read_properties does.
_STRIPPED = frozenset({"skills-ref"})
#: Formats whose location is the resolved path of the entry file.
_RESOLVED_LOCATION = frozenset({"skills-ref", "codex"})

# Claude Code's ``Q_n``: names it shows beside the directory name.
_DISPLAY_NAME = re.compile(r"^[\w\u0300-\u036f:.-]{1,256}$")
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALLBACK_DESCRIPTION_CAP = 100


@dataclass(frozen=True, slots=True)
class CatalogResult:
    """A rendered catalog plus the skills left out before rendering, with the reason."""

    catalog: RenderedCatalog
    skipped: tuple[tuple[str, str], ...]  # (path, reason)


def get_format(format_id: str) -> CatalogFormat:
    """The format with this id; an unknown id is a usage error naming the known ones."""
    try:
        return CATALOG_FORMATS[format_id]
    except KeyError:
        raise UsageError(f"unknown format {format_id!r} (known formats: "
                         f"{', '.join(CATALOG_FORMATS)})") from None


def is_true(value: Any) -> bool:
    """A frontmatter boolean as the agents read it (``true``/``yes``/``on``/``1``)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value == 1
    return isinstance(value, str) and value.strip().lower() in _TRUE


def body_description(body: str) -> str:
    """Claude Code's fallback description: the body's first non-blank line, ``#`` stripped,
    at most 100 characters (97 + ``...``)."""
    for line in body.splitlines():
        text = line.strip().lstrip("#").strip()
        if text:
            if len(text) > _FALLBACK_DESCRIPTION_CAP:
                return text[: _FALLBACK_DESCRIPTION_CAP - 3] + "..."
            return text
    return ""


def _first_problem(skill: Skill) -> str:
    for problem in skill.parsed.problems:
        return f"line {problem.line}: {problem.message} ({problem.code})"
    return "no usable frontmatter"


def build_entries(skills: Iterable[Skill], fmt: CatalogFormat,
                  excluded_by: Sequence[str] | None = None) -> tuple[list[CatalogEntry],
                                                                    list[tuple[str, str]]]:
    """Catalog entries for ``fmt`` and the skills it leaves out (path, reason)."""
    exclusions = tuple(fmt.excluded_by if excluded_by is None else excluded_by)
    entries: list[CatalogEntry] = []
    skipped: list[tuple[str, str]] = []
    strip = fmt.id in _STRIPPED
    for skill in skills:
        parsed = skill.parsed
        path = str(skill.entry)
        if parsed.text is None:
            skipped.append((path, f"not read: {_first_problem(skill)}"))
            continue
        if parsed.frontmatter is None and not fmt.body_fallback:
            skipped.append((path, f"invalid for {fmt.id}: {_first_problem(skill)}"))
            continue
        data: Mapping[str, Any] = parsed.data
        hidden = [field for field in exclusions if is_true(data.get(field))]
        if hidden:
            skipped.append((path, f"left out of the {fmt.id} catalog by {hidden[0]}: true"))
            continue
        declared = data.get("name")
        declared_name = declared.strip() if strip and isinstance(declared, str) else declared
        if fmt.name_from_dir:
            name = skill.dir_name
        elif isinstance(declared_name, str) and declared_name:
            name = declared_name
        elif fmt.id == "skills-ref":
            skipped.append((path, "invalid for skills-ref: missing or empty 'name'"))
            continue
        else:
            name = skill.dir_name
        raw = data.get("description")
        description = raw.strip() if strip and isinstance(raw, str) else raw
        if not isinstance(description, str) or not description.strip():
            if fmt.body_fallback:
                description = body_description(parsed.body)
            elif fmt.needs_description:
                skipped.append((path, f"left out of the {fmt.id} catalog: no description"))
                continue
            else:
                description = ""
        when = data.get("when_to_use")
        entry_file = skill.entry.resolve() if fmt.id in _RESOLVED_LOCATION else skill.entry
        location = os.path.abspath(entry_file).replace("\\", "/") if fmt.id == "codex" \
            else os.path.abspath(entry_file)
        display = declared_name if (fmt.name_from_dir and isinstance(declared_name, str)
                                    and declared_name != name
                                    and _DISPLAY_NAME.match(declared_name)) else None
        entries.append(CatalogEntry(name=name, description=description, location=location,
                                    path=skill.entry, display_name=display,
                                    when_to_use=str(when) if when not in (None, "") else None,
                                    scope=skill.scope))
    if fmt.name_from_dir:  # the display name is only shown when it resolves to this skill
        names = {e.name for e in entries}
        entries = [replace(e, display_name=None) if e.display_name in names else e
                   for e in entries]
    return entries, skipped


def render_catalog(skills: Iterable[Skill], format_id: str, request: BudgetRequest | None = None,
                   profile: Profile | None = None) -> CatalogResult:
    """Render ``skills`` in ``format_id``; ``profile`` (when its catalog format is this one)
    supplies the excluded fields and the description cap."""
    fmt = get_format(format_id)
    request = request or BudgetRequest()
    excluded: Sequence[str] | None = None
    if profile is not None and profile.catalog_format == format_id:
        excluded = profile.excluded_from_catalog or fmt.excluded_by
        if profile.catalog_description_cap and request.description_cap is None:
            request = replace(request, description_cap=profile.catalog_description_cap)
    entries, skipped = build_entries(skills, fmt, excluded)
    return CatalogResult(fmt.render(entries, request), tuple(skipped))
