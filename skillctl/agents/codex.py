"""OpenAI Codex (core-skills loader @033d1d0): roots, BFS depth, no dedup, as data.

Source: reference/agents.md §1-§5 ([CX-load] ``codex-rs/core-skills/src/loader.rs``,
[CX-render] ``render.rs``, [CX-inj] ``injection.rs``, [CX-doc] developers.openai.com/codex/skills).
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
    id="codex",
    display_name="Codex",
    column="CX",
    version="openai/codex @033d1d0",
    sources=(
        "openai/codex codex-rs/core-skills/src/loader.rs @033d1d0",
        "openai/codex codex-rs/core-skills/src/render.rs @0899b7c",
        "openai/codex codex-rs/core-skills/src/injection.rs",
        "developers.openai.com/codex/skills",
    ),
    roots=(
        Root("{project}/.codex/skills", Scope.PROJECT, walk=Walk.DOWN_ROOT_FIRST, max_depth=6,
             uncertain=True, note="config layers of the project (Repo scope)"),
        Root("{codex_home}/skills", Scope.USER, max_depth=6,
             note="$CODEX_HOME/skills (deprecated); .system inside it is skipped as a dot dir"),
        Root("{home}/.agents/skills", Scope.USER, max_depth=6),
        Root("{codex_home}/skills/.system", Scope.SYSTEM, max_depth=6, follow_symlinks=False,
             note="embedded System skills; their errors are not shown"),
        Root("/etc/codex/skills", Scope.SYSTEM, max_depth=6, note="Admin scope"),
        Root("{project}/.agents/skills", Scope.PROJECT, walk=Walk.DOWN_ROOT_FIRST, max_depth=6,
             note="every directory from the project root (.git marker) down to the working "
             "directory"),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.NONE,
    dedup_key=DedupKey.REALPATH,
    same_file_key=DedupKey.REALPATH,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=False,
    skip_hidden=True,
    root_is_skill=True,
    max_dirs_per_root=2000,
    parser="yaml12",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED_OR_DIR,
    name_rule=NameRule(required=False, max_length=64, invalid=InvalidHandling.WARN),
    description_required=False,
    description_max=1024,
    known_fields=frozenset({"name", "description", "metadata"}),
    catalog_format="codex",
    body_wrapper="codex",
    script_cwd="project",
    uncertain=(
        "project .codex/skills layers are assumed to follow the same root-to-cwd walk",
        "plugin roots and extra roots from config.toml are not scanned",
        "the 2000-directories-per-root cap is not enforced by skillctl",
        "a UTF-8 BOM is assumed to give 'missing YAML frontmatter'",
    ),
)
