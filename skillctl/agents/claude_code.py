"""Claude Code 2.1.330: roots, precedence, lenient YAML, catalog and invocation as data.

Source: reference/agents.md §1-§6 ([CC-bin] npm ``@anthropic-ai/claude-code-linux-x64@2.1.330``,
[CC-doc] code.claude.com/docs/en/skills, [CC-cl] its changelog).
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

#: Frontmatter fields Claude Code reads (reference/agents.md §6).
KNOWN_FIELDS = frozenset({
    "name", "description", "when_to_use", "argument-hint", "arguments", "allowed-tools",
    "disallowed-tools", "model", "effort", "hooks", "context", "agent", "background", "paths",
    "shell", "user-invocable", "disable-model-invocation", "version", "metadata", "license",
    "compatibility",
})

#: Built-in slash commands and bundled skills a skill directory name collides with.
#: Documented commands; ``batch`` is confirmed by claude-code#36010. Those listed in
#: ``_UNCERTAIN_BUILTINS`` come from docs and release notes not checked against the binary.
_CERTAIN_BUILTINS = frozenset({
    "add-dir", "agents", "batch", "bug", "clear", "compact", "config", "context", "cost",
    "doctor", "exit", "export", "help", "hooks", "ide", "init", "login", "logout", "mcp",
    "memory", "model", "permissions", "pr-comments", "release-notes", "resume", "review",
    "status", "terminal-setup", "vim",
})
_UNCERTAIN_BUILTINS = frozenset({
    "debug", "install-github-app", "loop", "security-review", "simplify", "statusline",
    "upgrade",
})

PROFILE = Profile(
    id="claude-code",
    display_name="Claude Code",
    column="CC",
    version="2.1.330",
    sources=(
        "npm @anthropic-ai/claude-code-linux-x64@2.1.330 (functions pBi, ei, Fm, pie, cot, qgt, "
        "zd, A9e, JZt, r5n)",
        "code.claude.com/docs/en/skills (mirror thevibeworks/claude-code-docs @e7cbe5e)",
    ),
    roots=(
        Root(
            "/etc/claude-code/.claude/skills",
            Scope.SYSTEM,
            env_disable=("CLAUDE_CODE_DISABLE_POLICY_SKILLS",),
            note="managed skills (Linux path; macOS /Library/Application Support/ClaudeCode, "
            "Windows C:\\Program Files\\ClaudeCode); also skipped when managed settings come "
            "from the server",
        ),
        Root("{home}/.claude/skills", Scope.USER,
             note="the config dir (CLAUDE_CONFIG_DIR moves it)"),
        Root("{home}/.claude/skills/synced", Scope.USER, env_enable=("CLAUDE_CODE_SYNC_SKILLS",),
             note="synced skills; local ones win"),
        Root("{project}/.claude/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             note="from the working directory up to the git root, nearest first, never $HOME"),
    ),
    stop=Stop.GIT_ROOT_BEFORE_HOME,
    winner=Winner.FIRST,
    dedup_key=DedupKey.NAME,
    same_file_key=DedupKey.REALPATH,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    max_file_bytes=limits.CLAUDE_MAX_FILE_BYTES,
    reserved_dir_names=frozenset({"synced"}),
    parser="claude-lenient",
    invalid=InvalidHandling.EMPTY_METADATA,
    name_source=NameSource.DIR_NAME,
    name_rule=NameRule(required=False, invalid=InvalidHandling.WARN_LOAD),
    description_required=False,
    description_fallback="body-first-line",
    known_fields=KNOWN_FIELDS,
    catalog_format="claude-code",
    catalog_description_cap=1536,
    excluded_from_catalog=("disable-model-invocation",),
    builtin_commands=_CERTAIN_BUILTINS | _UNCERTAIN_BUILTINS,
    body_wrapper="claude-code",
    script_cwd="project",
    script_env=(("CLAUDE_SKILL_DIR", "{skill_dir}"), ("CLAUDE_PROJECT_DIR", "{project}")),
    conditional_field="paths",
    uncertain=(
        "built-in command names "
        + ", ".join(sorted(_UNCERTAIN_BUILTINS))
        + " come from docs and release notes, not from the binary",
        "a UTF-8 BOM is assumed to hide the frontmatter (the skill then loads with empty "
        "metadata)",
        "legacy .claude/commands, --add-dir, plugin and bundled skills are not scanned",
        "nested .claude/skills below the working directory load only once a file there is "
        "touched; skillctl does not model that",
        "the reserved directory name 'synced' is applied to every root",
    ),
)
