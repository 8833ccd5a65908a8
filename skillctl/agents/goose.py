"""Goose (block/goose @013ab84): working-dir and user roots, unlimited depth, as data.

Source: reference/agents.md §1-§5 ([GOO] block/goose ``crates/goose/src/skills/mod.rs``
@013ab84 and ``client.rs`` @0d2074c).
"""

from __future__ import annotations

from skillctl import limits
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

_ANY = limits.MAX_SCAN_DEPTH  # unlimited (skillctl still stops at its own cap)

PROFILE = Profile(
    id="goose",
    display_name="Goose",
    column="GO",
    version="block/goose @013ab84",
    verified_version="",  # no offline way to run it (see uncertain)
    verified_date="",
    sources=("block/goose crates/goose/src/skills/mod.rs @013ab84, client.rs @0d2074c",),
    roots=(
        Root("{project}/.agents/skills", Scope.PROJECT, max_depth=_ANY),
        Root("{project}/.goose/skills", Scope.PROJECT, max_depth=_ANY),
        Root("{project}/.claude/skills", Scope.PROJECT, max_depth=_ANY),
        Root("{home}/.agents/skills", Scope.USER, max_depth=_ANY),
        Root("{config}/goose/skills", Scope.USER, max_depth=_ANY),
        Root("{home}/.claude/skills", Scope.USER, max_depth=_ANY),
        Root("{config}/agents/skills", Scope.USER, max_depth=_ANY),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.FIRST,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    skip_dirs=frozenset({".git", ".hg", ".svn"}),
    parser="yaml12",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED,
    name_rule=NameRule(required=True, pattern=r"[^/]+", invalid=InvalidHandling.WARN),
    description_required=False,
    known_fields=frozenset({"name", "description", "metadata"}),
    catalog_format="goose",
    body_wrapper="goose",
    script_cwd="project",
    # not known (see uncertain)
    allowed_tools="",
    runs_scripts_without_approval=None,
    uncertain=(
        "security (issue 18): what Goose does with allowed-tools and its default approval mode "
        "are not known",
        "not verified: no offline way to run it",
        "upstream appears to have moved to aaif-goose/goose",
        "not descending below a directory that has SKILL.md is assumed",
        "plugin skill dirs and built-in skills are not scanned",
        "named arguments from metadata.arguments: exact syntax unknown",
    ),
    link_project_root="{project}/.goose/skills",
    link_user_root="{config}/goose/skills",
)
