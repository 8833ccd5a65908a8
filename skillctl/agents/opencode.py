"""OpenCode 1.18.33 (native skills): roots, last-wins dedup and catalog as data.

Source: reference/agents.md §1-§5 ([OC-bin] npm ``opencode-linux-x64@1.18.33``, [OC-src]
anomalyco/opencode ``packages/opencode/src/skill``).
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
    Walk,
    Winner,
)
from skillctl.model import Scope

_EXTERNAL_OFF = ("OPENCODE_DISABLE_EXTERNAL_SKILLS",)
_ANY = limits.MAX_SCAN_DEPTH  # ``**``: unlimited (skillctl still stops at its own cap)

PROFILE = Profile(
    id="opencode",
    display_name="OpenCode",
    column="OC",
    version="1.18.33",
    sources=(
        "npm opencode-linux-x64@1.18.33 (skills/**/SKILL.md, SystemPrompt.skills, skill_content)",
        "anomalyco/opencode packages/opencode/src/skill/{index,skill}.ts, util/filesystem.ts up()",
        "opencode.ai/v1/docs/skills",
    ),
    roots=(
        Root("{home}/.claude/skills", Scope.USER, max_depth=_ANY,
             env_disable=("OPENCODE_DISABLE_CLAUDE_CODE", "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS",
                          *_EXTERNAL_OFF)),
        Root("{home}/.agents/skills", Scope.USER, max_depth=_ANY, env_disable=_EXTERNAL_OFF),
        Root("{project}/{.claude,.agents}/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY, env_disable=_EXTERNAL_OFF,
             note="each directory from the working directory up to the worktree"),
        Root("{config}/opencode/{skill,skills}", Scope.USER, max_depth=_ANY, skip_hidden=True,
             uncertain=True, note="config scans do not use dot:true"),
        Root("{project}/.opencode/{skill,skills}", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY, skip_hidden=True, uncertain=True),
        Root("{home}/.opencode/{skill,skills}", Scope.USER, max_depth=_ANY, skip_hidden=True,
             uncertain=True),
        Root("{env:OPENCODE_CONFIG_DIR}/{skill,skills}", Scope.USER, max_depth=_ANY,
             skip_hidden=True, uncertain=True),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.LAST,
    dedup_key=DedupKey.NAME,
    same_file_key=DedupKey.PATH,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=False,
    parser="js-yaml",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED,
    name_rule=NameRule(required=True, invalid=InvalidHandling.SKIP),
    description_required=False,
    hide_without_description=True,
    known_fields=frozenset({"name", "description"}),
    catalog_format="opencode",
    builtin_skills=frozenset({"customize-opencode"}),
    body_wrapper="opencode",
    script_cwd="project",
    uncertain=(
        "parsing runs with unbounded concurrency, so which duplicate wins is not "
        "deterministic; older builds ran in order and the last scanned won (modelled here)",
        "the **/SKILL.md glob is assumed case-sensitive on Linux",
        "config-dir scans are assumed to skip dot directories",
        "without a git worktree only the working directory is searched",
        "skills.paths and skills.urls from the config are not read",
        "a UTF-8 BOM is assumed to hide the frontmatter",
    ),
)
