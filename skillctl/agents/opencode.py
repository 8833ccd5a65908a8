"""OpenCode 1.18.33 (native skills): roots, last-wins dedup and catalog as data.

Source: reference/agents.md §1-§5 ([OC-bin] npm ``opencode-linux-x64@1.18.33``, [OC-src]
anomalyco/opencode ``packages/opencode/src/skill``).
"""

from __future__ import annotations

from skillctl import limits
from skillctl.agents.profile import (
    ConfigRoots,
    DedupKey,
    InvalidHandling,
    NameRule,
    NameSource,
    Profile,
    Root,
    SettingsSource,
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
    verified_version="1.18.33",
    verified_date="2026-11-25",
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
        # OPENCODE_DISABLE_CLAUDE_CODE_SKILLS drops the project's .claude/skills too (verified)
        Root("{project}/.claude/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY,
             env_disable=("OPENCODE_DISABLE_CLAUDE_CODE", "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS",
                          *_EXTERNAL_OFF),
             note="each directory from the working directory up to the worktree (/ without git)"),
        Root("{project}/.agents/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY, env_disable=_EXTERNAL_OFF,
             note="each directory from the working directory up to the worktree (/ without git)"),
        # the config-dir scans skip dot folders (no dot:true), the .claude/.agents ones do not
        # (verified: user-roots, dot-folders, opencode-config-dir cases)
        Root("{config}/opencode/{skill,skills}", Scope.USER, max_depth=_ANY, skip_hidden=True,
             note="config scans do not use dot:true"),
        Root("{project}/.opencode/{skill,skills}", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY, skip_hidden=True),
        Root("{home}/.opencode/{skill,skills}", Scope.USER, max_depth=_ANY, skip_hidden=True),
        Root("{env:OPENCODE_CONFIG_DIR}/{skill,skills}", Scope.USER, max_depth=_ANY,
             skip_hidden=True),
    ),
    # without git the worktree is "/": .claude, .agents and .opencode are looked for in every
    # parent up to / (verified)
    stop=Stop.GIT_ROOT_ELSE_FILESYSTEM,
    # files load concurrently: a duplicated name keeps a different copy from run to run
    # (seen with the real agent: `debug skill` and the prompt of one session disagreed)
    winner=Winner.RANDOM,
    # gray-matter keeps each text in a cache before parsing it, and a failed parse leaves an
    # empty result there: of identical copies of a SKILL.md that js-yaml rejects and the retry
    # reads, one copy loaded in 8 of 12 runs (2 to 4 copies), none in 4 (1.18.33, conformance
    # case opencode-identical-retried)
    failed_reads_remembered=True,
    dedup_key=DedupKey.NAME,
    same_file_key=DedupKey.PATH,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=False,
    # **/SKILL.md matches a SKILL.md directly in a root too, beside the folders below (verified)
    root_is_skill=True,
    # a link back to a parent is followed again and again: `debug skill` was still running
    # after 300 s (verified)
    symlink_loop_hangs=True,
    parser="opencode",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED,
    # a name must be a string, an empty or blank one included (conformance case
    # frontmatter-scalars-and-duplicates)
    name_rule=NameRule(required=True, invalid=InvalidHandling.SKIP, blank_name="keep"),
    description_required=False,
    hide_without_description=True,
    known_fields=frozenset({"name", "description"}),
    catalog_format="opencode",
    builtin_skills=frozenset({"customize-opencode"}),
    # listed in the catalog (sorted in) with the location "<built-in>" (verified)
    catalog_builtins=((
        "customize-opencode",
        "Use ONLY when the user is editing or creating opencode's own configuration: "
        "opencode.json, opencode.jsonc, files under .opencode/, or files under "
        "~/.config/opencode/. Also use when creating or fixing opencode agents, subagents, "
        "skills, plugins, MCP servers, or permission rules. Do not use for the user's own "
        "application code, or for any project that is not configuring opencode itself.",
        "<built-in>"),),
    # Bun's glob walks into node_modules (verified)
    skip_dirs=frozenset({".git"}),
    body_wrapper="opencode",
    script_cwd="project",
    # the 1.18.33 binary's default permission config is {"*": "allow", ...}: bash runs without
    # asking (external directories and *.env reads ask); skill frontmatter tools are not read
    allowed_tools="ignored",
    runs_scripts_without_approval=True,
    uncertain=(
        "without git, / itself is assumed to be searched (not checked: not writable)",
        "skills.urls from the config are not fetched (offline)",
        "of .opencode/opencode.json[c] at several levels of the project, which one wins is "
        "not verified (modelled: the nearest)",
    ),
    # Settings that switch skills off (issue 14 §5; checked with 1.18.33): permission.skill
    # (or permission / permission["*"]) rules, the last matching one wins; "deny" drops the
    # skill from the catalog. The files in the order OpenCode merges them (checked with
    # skills.paths, the last file's list winning, and with permission rules: conformance
    # case settings-opencode-config-order): the global ones, the project's opencode.json[c]
    # from the worktree down, the project's .opencode/opencode.json[c],
    # ~/.opencode/opencode.json[c], then $OPENCODE_CONFIG_DIR's, which beats them all; the
    # default agent's
    # agent.<name>.permission (default_agent, else build) after them all. skillctl
    # enable/disable edit opencode.json[c] (the legacy config.json, ~/.opencode and
    # $OPENCODE_CONFIG_DIR are read, never written)
    settings=tuple(
        SettingsSource((template,), scope, "opencode", walk=walk,
                       write_scope=write if "/config.json" not in template else "")
        for templates, scope, walk, write in (
            (("{config}/opencode/config.json", "{config}/opencode/opencode.json",
              "{config}/opencode/opencode.jsonc"), Scope.USER, Walk.NONE, "user"),
            (("{project}/opencode.json", "{project}/opencode.jsonc",
              "{project}/.opencode/opencode.json", "{project}/.opencode/opencode.jsonc"),
             Scope.PROJECT, Walk.DOWN_ROOT_FIRST, "project"),
            (("{home}/.opencode/opencode.json", "{home}/.opencode/opencode.jsonc"),
             Scope.USER, Walk.NONE, ""),
            (("{env:OPENCODE_CONFIG_DIR}/opencode.json",
              "{env:OPENCODE_CONFIG_DIR}/opencode.jsonc"), Scope.USER, Walk.NONE, ""),
        )
        for template in templates
    ),
    # skills.paths (1.18.33, checked: conformance case settings-opencode-skills-paths): the
    # folders of the last config file that sets it (a later file's list replaces an earlier
    # one's, the global one's included), each relative to the working directory, ~ and
    # {env:NAME} expanded, walked as the config scans are (any depth, dot folders skipped,
    # node_modules and links entered, a SKILL.md directly in the folder makes it a skill); a
    # missing folder is passed over
    config_roots=(ConfigRoots(
        "skills.paths",
        Root("{config-listed}", Scope.PROJECT, max_depth=_ANY, skip_hidden=True),
        merge="last", env_syntax=True),),
    link_project_root="{project}/.opencode/skills",
    link_user_root="{config}/opencode/skills",
)
