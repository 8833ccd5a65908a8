"""The catalog format registry, and skills -> catalog entries -> rendered catalog.

``CATALOG_FORMATS`` maps a format id to a :class:`CatalogFormat`: the agent's own rules for
which skills appear (names, descriptions, exclusions) as data, and a pure render function
(in :mod:`skillctl.render.budgeted` for the agents that apply a budget, in
:mod:`skillctl.render.plain` for the rest). :func:`render_catalog` is the one entry point.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from skillctl.dialects import file_skill_verdict, js_scalar, verdict
from skillctl.errors import UsageError
from skillctl.fallback import from_body
from skillctl.model import Scope, Skill
from skillctl.render import budgeted, copilot_cli, plain
from skillctl.render.types import (
    BudgetRequest,
    CatalogEntry,
    CatalogFormat,
    RenderedCatalog,
)
from skillctl.shown_text import JS_WHITESPACE

if TYPE_CHECKING:
    from pathlib import Path

    from skillctl.agents.profile import Profile
    from skillctl.commands import Command
    from skillctl.settings import Rule

_MODEL_OFF = ("disable-model-invocation",)

#: Every catalog format, keyed by the id used by ``--format`` and the profiles' ``catalog_format``.
CATALOG_FORMATS: dict[str, CatalogFormat] = {
    f.id: f
    for f in (
        CatalogFormat("claude-code", "Claude Code", budgeted.render_claude_code,
                      budget_doc="30,000 columns with its default model (2.1.332), else "
                      "context tokens x 4 x 0.01; each line charged in terminal columns and "
                      "each line break one; 1,536 per description", name_from_dir=True,
                      body_fallback="body-first-line", needs_description=False,
                      excluded_by=_MODEL_OFF, dialect="claude-lenient",
                      scalar_description_as_text=True,
                      uncertain=("usage ranking is replaced by catalog order",)),
        CatalogFormat("codex", "Codex", budgeted.render_codex, forward_slashes=True,
                      budget_doc="2% of --context-tokens in tokens, else 8,000 chars",
                      needs_description=False, dialect="codex",
                      sidecar_off=("agents/openai.yaml", "policy.allow_implicit_invocation")),
        CatalogFormat("opencode", "OpenCode", plain.render_opencode, dialect="opencode",
                      blank_description_listed=True, blank_name_listed=True),
        CatalogFormat("opencode-agent-skills", "opencode-agent-skills plugin",
                      plain.render_opencode_agent_skills, dialect="oas-yaml"),
        CatalogFormat("openclaw", "OpenClaw", budgeted.render_openclaw,
                      budget_doc="150 skills and 18,000 chars", excluded_by=_MODEL_OFF,
                      dialect="openclaw", resolved_outside_project=True, trims_name=True,
                      trims_description=True),
        CatalogFormat("gemini-cli", "Gemini CLI", plain.render_gemini, needs_description=False,
                      dialect="js-yaml-fallback", blank_description_listed=True,
                      blank_name_listed=True),
        CatalogFormat("copilot", "VS Code / Copilot", plain.render_copilot,
                      excluded_by=_MODEL_OFF, uncertain=("escaping and budget",)),
        CatalogFormat("copilot-cli", "GitHub Copilot CLI", copilot_cli.render,
                      budget_doc="15,000 chars, then the rest by name",
                      body_fallback="body-lines", trims_name=True, dialect="copilot-cli",
                      excluded_by=_MODEL_OFF, blank_description_listed=True),
        CatalogFormat("goose", "Goose", plain.render_goose, needs_description=False),
        CatalogFormat("amp", "Amp", plain.render_amp,
                      excluded_by=("disable-model-invocation", "isolatedContext"),
                      uncertain=("the prompt is built server-side",)),
        CatalogFormat("skills-ref", "skills-ref to-prompt", plain.render_skills_ref,
                      strict_properties=True),
        CatalogFormat("xml", "generic XML", plain.render_xml),
        CatalogFormat("markdown", "generic Markdown", plain.render_markdown),
        CatalogFormat("json", "generic JSON (version 1)", plain.render_json),
    )
}


# Claude Code's ``Q_n``: names it shows beside the directory name.
_DISPLAY_NAME = re.compile(r"^[\w\u0300-\u036f:.-]{1,256}$")
_TRUE = frozenset({"true", "yes", "on", "1"})


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


def _js_string(value: Any) -> str | None:
    """A scalar frontmatter value as JavaScript's ``String()`` writes it (Claude Code shows a
    numeric or boolean ``name`` that way); None for anything else."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return value if isinstance(value, str) else None


def _first_problem(skill: Skill) -> str:
    for problem in skill.parsed.problems:
        return f"line {problem.line}: {problem.message} ({problem.code})"
    return "no usable frontmatter"


def _sidecar_says_off(skill: Skill, relative: str, key: str) -> bool:
    """Whether the YAML file ``relative`` beside the skill's entry sets ``key`` to false (an
    unreadable or broken file says nothing)."""
    sidecar = skill.entry.parent / relative
    if not sidecar.is_file():
        return False
    from ruamel.yaml import YAML

    try:
        value: Any = YAML(typ="safe", pure=True).load(sidecar.read_text(encoding="utf-8"))
    except Exception:  # any broken file is ignored, as the agent does
        return False
    for part in key.split("."):
        if not isinstance(value, dict):
            return False
        value = value.get(part)
    return value is False


def build_entries(skills: Iterable[Skill], fmt: CatalogFormat,
                  excluded_by: Sequence[str] | None = None) -> tuple[list[CatalogEntry],
                                                                    list[tuple[str, str]]]:
    """Catalog entries for ``fmt`` and the skills it leaves out (path, reason)."""
    exclusions = tuple(fmt.excluded_by if excluded_by is None else excluded_by)
    entries: list[CatalogEntry] = []
    skipped: list[tuple[str, str]] = []
    strip = fmt.strict_properties
    for skill in skills:
        parsed = skill.parsed
        path = str(skill.entry)
        if parsed.text is None:
            skipped.append((path, f"not read: {_first_problem(skill)}"))
            continue
        data: Mapping[str, Any] = parsed.data
        body = parsed.body
        if fmt.dialect is not None:
            seen = verdict(fmt.dialect, parsed)
            if skill.file_skill:
                seen = file_skill_verdict(seen, parsed)
            if not seen.accepted or seen.data is None:
                skipped.append((path, f"invalid for {fmt.id}: {seen.reason}"))
                continue
            data = seen.data
            if seen.body is not None:  # the body as the agent cuts the file
                body = seen.body
        elif parsed.frontmatter is None and not fmt.body_fallback:
            skipped.append((path, f"invalid for {fmt.id}: {_first_problem(skill)}"))
            continue
        if fmt.sidecar_off is not None and _sidecar_says_off(skill, *fmt.sidecar_off):
            skipped.append((path, f"left out of the {fmt.id} catalog by "
                                  f"{fmt.sidecar_off[0]}: {fmt.sidecar_off[1]}: false"))
            continue
        hidden = [field for field in exclusions if is_true(data.get(field))]
        if hidden:
            skipped.append((path, f"left out of the {fmt.id} catalog by {hidden[0]}: true"))
            continue
        declared = data.get("name")
        declared_name = (declared.strip() if (strip or fmt.trims_name) and isinstance(declared, str)
                         else declared)
        if fmt.name_from_dir:
            name = skill.dir_name
        elif isinstance(declared_name, str) and (declared_name or fmt.blank_name_listed):
            name = declared_name
        elif fmt.strict_properties:
            skipped.append((path, f"invalid for {fmt.id}: missing or empty 'name'"))
            continue
        else:
            name = skill.dir_name
        raw = data.get("description")
        if fmt.scalar_description_as_text and isinstance(raw, int | float):  # bool is an int
            raw = js_scalar(raw)
        description = (raw.strip() if strip else raw.strip(JS_WHITESPACE)
                       if fmt.trims_description else raw) if isinstance(raw, str) else raw
        if not isinstance(description, str) or (not description.strip()
                                                and not fmt.blank_description_listed):
            if fmt.body_fallback:
                description = from_body(body, fmt.body_fallback) or ""
            elif fmt.needs_description:
                skipped.append((path, f"left out of the {fmt.id} catalog: no description"))
                continue
            else:
                description = ""
        when = data.get("when_to_use")
        resolved = fmt.strict_properties or (fmt.resolved_outside_project
                                             and skill.scope is not Scope.PROJECT)
        entry_file = skill.entry.resolve() if resolved else skill.entry
        location = os.path.abspath(entry_file)
        if fmt.forward_slashes:
            location = location.replace("\\", "/")
        as_text = _js_string(declared_name) if fmt.name_from_dir else None
        display = as_text if (as_text is not None and as_text != name
                              and _DISPLAY_NAME.match(as_text)) else None
        if skill.text_variables:  # a Gemini CLI extension's ${extensionPath}, ...
            name, description = (_hydrated(name, skill.text_variables),
                                 _hydrated(description, skill.text_variables))
        if skill.namespace is not None:  # a plugin's skill: <plugin>:<name> (issue 14 §4)
            name = f"{skill.namespace}:{name}"
            display = f"{skill.namespace}:{display}" if display is not None else None
        entries.append(CatalogEntry(name=name, description=description, location=location,
                                    path=skill.entry, display_name=display,
                                    when_to_use=str(when) if when not in (None, "") else None,
                                    scope=skill.scope,
                                    root=str(skill.root) if skill.root is not None else None))
    if fmt.name_from_dir:  # the display name is only shown when it resolves to this skill:
        # not another skill's directory name, nor a name an earlier skill declared
        names = {e.name for e in entries}
        shown: set[str] = set()
        kept: list[CatalogEntry] = []
        for e in entries:
            if e.display_name is not None and (e.display_name in names
                                               or e.display_name in shown):
                e = replace(e, display_name=None)
            elif e.display_name is not None:
                shown.add(e.display_name)
            kept.append(e)
        entries = kept
    return entries, skipped


_PLACEHOLDER = re.compile(r"\$\{(.*?)\}")


def _hydrated(text: str, variables: tuple[tuple[str, str], ...]) -> str:
    """``text`` with each ``${key}`` of ``variables`` replaced by its value; other
    placeholders stay as written (Gemini CLI's ``hydrateString``)."""
    values = dict(variables)
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def render_catalog(skills: Iterable[Skill], format_id: str, request: BudgetRequest | None = None,
                   profile: Profile | None = None,
                   names_only: Collection[Path] = (),
                   settings_rules: Sequence[Rule] = (),
                   commands: Sequence[Command] = ()) -> CatalogResult:
    """Render ``skills`` in ``format_id``; ``profile`` (when its catalog format is this one)
    supplies the excluded fields and the description cap. The skills whose entry file is in
    ``names_only`` are listed without a description (the agent's settings say so); the
    agent's ``settings_rules`` apply to its built-in skills as to discovered ones; the
    agent's ``commands`` (:attr:`skillctl.discovery.Resolution.commands`) are listed among
    them (:func:`_with_commands`)."""
    fmt = get_format(format_id)
    request = request or BudgetRequest()
    excluded: Sequence[str] | None = None
    if profile is not None and profile.catalog_format == format_id:
        excluded = profile.excluded_from_catalog or fmt.excluded_by
        if profile.catalog_description_cap and request.description_cap is None:
            request = replace(request, description_cap=profile.catalog_description_cap)
        if profile.catalog_context_tokens and request.context_tokens is None \
                and request.budget_chars is None:
            request = replace(request, context_tokens=profile.catalog_context_tokens)
    entries, skipped = build_entries(skills, fmt, excluded)
    if names_only:
        entries = [replace(e, name_only=True) if e.path in names_only else e for e in entries]
    if profile is not None and profile.catalog_format == format_id:
        if profile.name_rule.sanitize_chars:  # the catalog shows the name the agent made
            made = profile.name_rule.sanitized
            entries = [replace(e, name=made(e.name)) for e in entries]
        entries = _with_commands(entries, commands)
        entries = _after_builtins(profile, request, entries)
        entries = _with_builtins(profile, request, entries, settings_rules)
        entries += _obeying(settings_rules,
                            _trailing_entries(profile, {e.name for e in entries}))
    return CatalogResult(fmt.render(entries, request), tuple(skipped))


def _with_commands(entries: list[CatalogEntry],
                   commands: Sequence[Command]) -> list[CatalogEntry]:
    """``entries`` with the agent's commands after the skills of its skills folders and before
    its plugins' skills: the user's and project's commands as one group, then each plugin's
    (seen with Claude Code 2.1.332; the catalog sorts each group by name)."""
    if not any(c.offered for c in commands):
        return entries
    listed = [CatalogEntry(name=c.name, description=c.description, location=str(c.path),
                           path=c.path, scope=c.scope,
                           root=f"<commands:{c.namespace}>" if c.namespace else "<commands>")
              for c in commands if c.offered]
    at = next((i for i, e in enumerate(entries) if e.scope is Scope.PLUGIN), len(entries))
    return entries[:at] + listed + entries[at:]


def _obeying(rules: Sequence[Rule], builtins: list[CatalogEntry]) -> list[CatalogEntry]:
    """``builtins`` as the agent's settings leave them: every agent verified (issue 14 §5)
    drops a built-in its settings switch off, and lists one by name alone when told to."""
    if not rules:
        return builtins
    from skillctl.settings import Effect, decide

    kept = []
    for entry in builtins:
        rule = decide(rules, entry.name, (str(entry.path),))
        if rule is None or rule.effect is Effect.ON:
            kept.append(entry)
        elif rule.effect is Effect.NO_DESCRIPTION:
            kept.append(replace(entry, name_only=True))
    return kept


def _trailing_entries(profile: Profile, taken: set[str]) -> list[CatalogEntry]:
    """The entries ``profile`` lists after the discovered skills (``catalog_trailing``), but
    those a discovered skill's name has taken."""
    from pathlib import Path

    return [CatalogEntry(name=name, description=description, location="",
                         path=Path(f"<{profile.id} built-in>", name), scope=Scope.BUILTIN,
                         budget_rank=rank)
            for name, description, rank in profile.catalog_trailing if name not in taken]


def _after_builtins(profile: Profile, request: BudgetRequest,
                    entries: list[CatalogEntry]) -> list[CatalogEntry]:
    """``entries`` with those found in a root the agent reads after its built-in skills
    (``Root.after_builtins``: the Copilot CLI's ``.claude/commands``) marked so."""
    if not any(root.after_builtins for root in profile.roots):
        return entries
    from pathlib import Path

    from skillctl.discovery import root_places

    home = request.home or Path.home()
    later = {str(place.path) for place in root_places(profile, request.project or Path.cwd(),
                                                      home, os.environ)
             if place.root is not None and place.root.after_builtins}
    return [replace(e, after_builtins=True) if e.root in later else e for e in entries]


def _with_builtins(profile: Profile, request: BudgetRequest, entries: list[CatalogEntry],
                   settings_rules: Sequence[Rule]) -> list[CatalogEntry]:
    """``entries`` (in scan order) with the ``catalog_builtins`` the settings leave on, where
    their root stands among the profile's roots (``catalog_builtins_at``)."""
    builtins = _obeying(settings_rules, _builtin_entries(profile, request))
    if profile.builtins_yield:  # a discovered skill of a built-in's name replaces it
        taken = {e.name for e in entries}
        builtins = [b for b in builtins if b.name not in taken]
    if profile.catalog_first_seen:  # a skill named like a built-in takes the built-in's slot
        overriding = {e.name: e for e in entries}
        return ([overriding.get(b.name, b) for b in builtins]
                + [e for e in entries if e.name not in {b.name for b in builtins}])
    if not builtins or profile.catalog_builtins_at <= 0:
        return builtins + entries
    from pathlib import Path

    from skillctl.discovery import root_places

    home = request.home or Path.home()
    index: dict[str, int] = {}
    for place in root_places(profile, Path.cwd(), home, os.environ):
        if place.root is not None:  # a folder that two roots name counts as the first
            index.setdefault(str(place.path), profile.roots.index(place.root))
    at = next((i for i, e in enumerate(entries)
               if index.get(e.root or "", len(profile.roots)) >= profile.catalog_builtins_at),
              len(entries))
    return entries[:at] + builtins + entries[at:]


def _builtin_entries(profile: Profile, request: BudgetRequest) -> list[CatalogEntry]:
    """The skills ``profile`` embeds and lists itself (``catalog_builtins``), installed below
    ``catalog_builtins_root`` expanded for the request's home and this environment."""
    if not profile.catalog_builtins:
        return []
    from pathlib import Path

    if profile.catalog_builtins_root is None:  # not files: the third item is the location
        return [CatalogEntry(name=name, description=description, location=where,
                             path=Path(where), scope=Scope.SYSTEM)
                for name, description, where in profile.catalog_builtins]

    from skillctl.discovery import expand_template

    home = request.home or Path.home()
    roots = expand_template(profile.catalog_builtins_root, Path.cwd(), home, os.environ)
    if not roots:
        return []
    root = os.path.abspath(roots[0])
    # an item with a placeholder may lie outside the root (OpenClaw's bundled plugins link
    # their skills into <state dir>/plugin-skills): os.path.join keeps the absolute path
    placed = [(name, description,
               os.path.join(root, *expand_template(relative, Path.cwd(), home, os.environ)))
              for name, description, relative in profile.catalog_builtins]
    if profile.folder_manifests:  # installed as files, they take a manifest above them too
        from skillctl.plugins import NearestNamespace

        nearest = NearestNamespace(profile.folder_manifests)
        placed = [(_namespaced(nearest(os.path.dirname(where)), name), description, where)
                  for name, description, where in placed]
    return [CatalogEntry(name=name, description=description, location=where, path=Path(where),
                         scope=Scope.SYSTEM, root=root)
            for name, description, where in placed]


def _namespaced(namespace: str | None, name: str) -> str:
    return name if namespace is None else f"{namespace}:{name}"
