"""Cursor (closed source): documented roots only; most behaviour is unknown.

Source: reference/agents.md §1-§2 ([CUR] cursor.com/docs/context/skills and a third-party
help-center mirror). Everything beyond the roots is marked uncertain.
"""

from __future__ import annotations

from skillctl.agents.profile import (
    DedupKey,
    InvalidHandling,
    NameRule,
    NameSource,
    Profile,
    Root,
    Stop,
    Winner,
)
from skillctl.model import Scope

PROFILE = Profile(
    id="cursor",
    display_name="Cursor",
    column="CU",
    version="docs, 2026-11",
    verified_version="",  # no offline way to run it (see uncertain)
    verified_date="",
    sources=(
        "cursor.com/docs/context/skills",
        "cursorhc.javierivero.com/customization/skills (third-party mirror)",
    ),
    roots=(
        Root("{project}/.agents/skills", Scope.PROJECT),
        Root("{project}/.cursor/skills", Scope.PROJECT),
        Root("{home}/.cursor/skills", Scope.USER),
        Root("{home}/.agents/skills", Scope.USER, uncertain=True, note="per the help center"),
        Root("{project}/.claude/skills", Scope.PROJECT, note="compatibility"),
        Root("{project}/.codex/skills", Scope.PROJECT, note="compatibility"),
        Root("{home}/.claude/skills", Scope.USER, note="compatibility"),
        Root("{home}/.codex/skills", Scope.USER, note="compatibility"),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.UNDEFINED,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    parser="yaml12",
    invalid=InvalidHandling.SKIP,
    name_source=NameSource.DECLARED_OR_DIR,
    name_rule=NameRule(required=False, invalid=InvalidHandling.SKIP),
    description_required=True,
    known_fields=frozenset({
        "name", "description", "license", "compatibility", "metadata",
        "disable-model-invocation",
    }),
    catalog_format=None,
    catalog_note="closed source: the catalog shape is unknown",
    excluded_from_catalog=("disable-model-invocation",),
    script_cwd="project",
    # not known (see uncertain)
    allowed_tools="",
    runs_scripts_without_approval=None,
    uncertain=(
        "security (issue 18): what Cursor does with allowed-tools and whether its agent asks "
        "before running a command are not known",
        "not verified: no offline way to run it",
        "duplicate-name resolution is undocumented",
        "depth (one level assumed), symlinks, parser, name and description rules are unknown",
        "the known-field list follows the docs and was not verified",
        "nested apps/web/.cursor/skills are auto-scoped to their subtree; not modelled",
    ),
    link_project_root="{project}/.cursor/skills",
    link_user_root="{home}/.cursor/skills",
)
