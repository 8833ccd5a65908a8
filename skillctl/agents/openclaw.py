"""OpenClaw 2026.9.6: workspace-first roots, caps, confined symlinks, as data.

Source: reference/agents.md §1-§5 ([OCL] npm ``openclaw@2026.9.6`` dist files, [OCL-doc] its
``docs/tools/skills.md``).
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
    id="openclaw",
    display_name="OpenClaw",
    column="CL",
    version="2026.9.6",
    sources=(
        "npm openclaw@2026.9.6 dist/skill-prompt-limits-*.mjs, dist/skill-contract-*.mjs, "
        "dist/local-loader-*.mjs",
        "npm openclaw@2026.9.6 docs/tools/skills.md",
    ),
    roots=(
        Root("{project}/skills", Scope.PROJECT, max_depth=6, note="<workspace>/skills"),
        Root("{project}/.agents/skills", Scope.PROJECT, max_depth=6),
        Root("{home}/.agents/skills", Scope.USER, max_depth=6,
             env_disable=("OPENCLAW_STATE_DIR",), note="only with the default state dir"),
        Root("{home}/.openclaw/skills", Scope.USER, max_depth=6, note="<state>/skills"),
        Root("{home}/.openclaw/agents/main/agent/workshop-skills", Scope.USER, max_depth=6,
             uncertain=True, note="<state>/agents/<id>/agent/workshop-skills for agent 'main'"),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.FIRST,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    confine_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    max_dirs_per_root=300,
    max_skills_per_root=200,
    max_file_bytes=256 * 1024,
    parser="line-fallback",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED_OR_DIR,
    name_rule=NameRule(required=False, invalid=InvalidHandling.WARN),
    description_required=True,
    known_fields=frozenset({
        "name", "description", "homepage", "user-invocable", "disable-model-invocation",
        "command-dispatch", "command-tool", "command-arg-mode", "metadata",
    }),
    catalog_format="openclaw",
    body_wrapper="openclaw",
    excluded_from_catalog=("disable-model-invocation",),
    script_cwd="project",
    uncertain=(
        "disable-model-invocation is assumed to keep a skill out of the prompt",
        "bundled/Custodian skills, skills.load.extraDirs and plugin skill dirs are not scanned",
        "the per-root cap is applied to skills found (300 candidates, 200 skills) in walk order",
        "gating (metadata.openclaw.requires, os) is not evaluated",
        "a UTF-8 BOM is assumed to hide the frontmatter",
    ),
)
