"""Amp (CLI build 1790142911): global-first roots, walk to /, case-blind SKILL.md, as data.

Source: reference/agents.md §1-§5 ([AMP-bin] npm ``@ampcode/cli-linux-x64@0.0.1790142911``,
function ``OIt`` and friends).
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
    Walk,
    Winner,
)
from skillctl.model import Scope

PROFILE = Profile(
    id="amp",
    display_name="Amp",
    column="AM",
    version="0.0.1790142911-g7618fb",
    verified_version="",  # no offline way to run it (see uncertain)
    verified_date="",
    sources=("npm @ampcode/cli-linux-x64@0.0.1790142911-g7618fb (OIt, KS, w3, kIt, N4e)",),
    roots=(
        Root("{config}/agents/skills", Scope.USER, max_depth=5,
             note="off with amp.skills.disableGlobalAgentsSkills"),
        Root("{home}/.agents/skills", Scope.USER, max_depth=5,
             note="off with amp.skills.disableGlobalAgentsSkills"),
        Root("{config}/amp/skills", Scope.USER, max_depth=5),
        Root("{project}/.agents/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST, max_depth=5,
             note="the workspace root and every ancestor until /, /home or /Users"),
        Root("{project}/.claude/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST, max_depth=5,
             note="off with skills.disableClaudeCodeSkills"),
        Root("{home}/.claude/skills", Scope.USER, max_depth=5,
             note="off with skills.disableClaudeCodeSkills"),
        Root("{home}/.claude/plugins/cache", Scope.PLUGIN, max_depth=5, uncertain=True,
             note="off with skills.disableClaudeCodeSkills"),
    ),
    stop=Stop.FILESYSTEM,
    winner=Winner.FIRST,
    dedup_key=DedupKey.NAME,
    same_file_key=DedupKey.REALPATH,
    follow_symlinks=True,
    case_blind_entry=True,
    # seen running Amp 0.0.1790142911 (issue 14): the walk goes on below a skill folder, to
    # depth 5, and a SKILL.md directly in a root is a skill
    stop_at_skill=False,
    root_is_skill=True,
    scalar_names_as_text=True,
    parser="js-yaml-bom",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED,
    name_rule=NameRule(
        required=True,
        pattern=r"[a-z0-9](?:[a-z0-9]*(?:-[a-z0-9]+)*)?",
        max_length=64,
        invalid=InvalidHandling.WARN,
    ),
    description_required=True,
    description_max=1024,
    description_max_warns=True,
    known_fields=frozenset({
        "name", "description", "license", "compatibility", "metadata", "allowed-tools",
        "argument-hint", "model", "mode", "isolatedContext", "mcpServers",
    }),  # "builtin-tools" is no longer one (0.0.1790142911)
    catalog_format=None,
    catalog_note="skill metadata is sent to the server, which builds the prompt",
    excluded_from_catalog=("isolatedContext",),
    body_wrapper="amp",
    script_cwd="project",
    # not known (see uncertain)
    allowed_tools="",
    runs_scripts_without_approval=None,
    uncertain=(
        "security (issue 18): what Amp does with allowed-tools and whether it asks before running "
        "a command are not known",
        "not verified: no offline way to run it",
        "the prompt is built server-side; server-side Personal/Workspace skills are not seen",
        "global dirs shadow project ones per the code; a server-side merge could differ",
        "amp.skills.path and the built-in skills are not modelled",
        "a numeric name (name: 123) loads as its text (seen in issue 14's run); a boolean "
        "name is assumed to load the same way",
        "the facts marked as seen come from a run of the real CLI reported in issue 14, not "
        "from the conformance suite, which cannot run Amp offline",
    ),
    link_project_root="{project}/.agents/skills",
    link_user_root="{config}/amp/skills",
)
