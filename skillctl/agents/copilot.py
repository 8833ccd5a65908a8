"""GitHub Copilot in VS Code: project and personal roots, one level deep, as data.

Source: reference/agents.md §1-§4 ([VSC] code.visualstudio.com/docs/agent-customization/
agent-skills, docs.github.com cloud-agent skills, microsoft/vscode ``promptFilesLocator.ts``).
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
    id="copilot",
    display_name="GitHub Copilot (VS Code)",
    column="CP",
    version="VS Code docs, 2026-11",
    verified_version="",  # no offline way to run it (see uncertain)
    verified_date="",
    sources=(
        "code.visualstudio.com/docs/agent-customization/agent-skills",
        "docs.github.com cloud-agent/create-skills",
        "microsoft/vscode promptFilesLocator.ts (quoted in the anthonychu gist)",
    ),
    roots=(
        Root("{project}/.github/skills", Scope.PROJECT),
        Root("{project}/.claude/skills", Scope.PROJECT),
        Root("{project}/.agents/skills", Scope.PROJECT),
        Root("{home}/.copilot/skills", Scope.USER),
        Root("{home}/.claude/skills", Scope.USER),
        Root("{home}/.agents/skills", Scope.USER),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.UNDEFINED,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    parser="js-yaml",
    invalid=InvalidHandling.SKIP,
    name_source=NameSource.DECLARED,
    name_rule=NameRule(required=True, must_match_dir=True, invalid=InvalidHandling.SKIP),
    description_required=True,
    description_max=1024,
    known_fields=frozenset({
        "name", "description", "argument-hint", "user-invocable", "disable-model-invocation",
    }),
    catalog_format="copilot",
    excluded_from_catalog=("disable-model-invocation",),
    script_cwd="project",
    # not known (see uncertain)
    allowed_tools="",
    runs_scripts_without_approval=None,
    uncertain=(
        "security (issue 18): what Copilot does with allowed-tools and whether it asks before "
        "running a command are not known",
        "not verified: VS Code discovers skills inside the editor, with no offline way to ask "
        "it; the Copilot CLI, verified, is the separate profile copilot-cli",
        "how duplicate names are resolved is undocumented (a third-party note says no dedup)",
        "what happens to an invalid skill is undocumented; skipping is assumed",
        "the YAML parser is unknown; block-scalar descriptions were once read as '|' "
        "(microsoft/vscode#289725)",
        "symlink handling is unknown; following is assumed",
        "chat.agentSkillsLocations and plugin skills/ dirs are not scanned",
    ),
    link_project_root="{project}/.github/skills",
    link_user_root="{home}/.copilot/skills",
)
