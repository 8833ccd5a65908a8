"""Gemini CLI (@5411f11): last-wins roots, js-yaml with a line fallback, as data.

Source: reference/agents.md §1-§5 ([GEM] google-gemini/gemini-cli @5411f11
``packages/core/src/skills/skill{Loader,Manager}.ts``).
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
    id="gemini-cli",
    display_name="Gemini CLI",
    column="GE",
    version="google-gemini/gemini-cli @5411f11",
    sources=(
        "google-gemini/gemini-cli @5411f11 packages/core/src/skills/skillLoader.ts, "
        "skillManager.ts, config/storage.ts, prompts/snippets.ts, tools/activate-skill.ts",
        "google-gemini/gemini-cli docs/cli/skills.md",
    ),
    # Lowest precedence first: later roots overwrite earlier ones (last wins).
    roots=(
        Root("{home}/.gemini/skills", Scope.USER),
        Root("{home}/.agents/skills", Scope.USER),
        Root("{project}/.gemini/skills", Scope.PROJECT,
             note="workspace skills load only when the folder is trusted"),
        Root("{project}/.agents/skills", Scope.PROJECT,
             note="workspace skills load only when the folder is trusted"),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.LAST,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    root_is_skill=True,
    parser="js-yaml-fallback",
    invalid=InvalidHandling.SKIP,
    name_source=NameSource.DECLARED,
    name_rule=NameRule(required=True, invalid=InvalidHandling.SKIP, sanitize_chars=':\\/<>*?"|'),
    description_required=True,
    known_fields=frozenset({"name", "description"}),
    catalog_format="gemini-cli",
    body_wrapper="gemini-cli",
    script_cwd="project",
    uncertain=(
        "symlinks are assumed followed (glob default)",
        "built-in and extension skills are not scanned",
        "folder trust is not checked: project skills are shown as loaded",
    ),
)
