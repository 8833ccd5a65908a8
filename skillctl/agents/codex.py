"""OpenAI Codex: roots, BFS depth, no dedup, its YAML dialect and System skills, as data.

Checked against the real @openai/codex 0.171.0 (before it 0.169.0) by the conformance suite
(``conformance/``, ``codex app-server`` ``skills/list`` and ``codex debug prompt-input``); what
it could not check stays in ``uncertain``. First read from reference/agents.md §1-§5 ([CX-load]
``codex-rs/core-skills/src/loader.rs``, [CX-render] ``render.rs``, [CX-inj] ``injection.rs``,
[CX-doc] developers.openai.com/codex/skills).
"""

from __future__ import annotations

from skillctl.agents.profile import (
    DedupKey,
    InvalidHandling,
    NameRule,
    NameSource,
    PluginSource,
    Profile,
    Root,
    SettingsSource,
    Stop,
    Walk,
    Winner,
)
from skillctl.model import Scope

#: Codex 0.169.0's System skills in its catalog order: (name, description, path below the
#: System root), read from ``codex debug prompt-input`` of @openai/codex 0.169.0.
SYSTEM_SKILLS_0_169_0: tuple[tuple[str, str, str], ...] = (
    ("imagegen", "Generate or edit raster images when the task benefits from AI-created bitmap "
     "visuals such as photos, illustrations, textures, sprites, mockups, or "
     "transparent-background cutouts. Use when Codex should create a brand-new image, transform "
     "an existing image, or derive visual variants from references, and the output should be a "
     "bitmap asset rather than repo-native code or vector. Do not use when the task is better "
     "handled by editing existing SVG/vector/code-native assets, extending an established icon "
     "or logo system, or building the visual directly in HTML/CSS/canvas.",
     "imagegen/SKILL.md"),
    ("openai-docs", "API first-timers, Codex/Work Q&A. If the user already has an OpenAI API "
     "integration, skip this skill for API questions and use the developer docs. Read this "
     "skill before answering how Codex or ChatGPT Work behaves, where to find a feature, or how "
     "to configure or troubleshoot this app or coding agent. This includes conversation "
     "history, model and cache behavior, instruction precedence, permissions, and tool "
     "availability. Use for API onboarding only when the user is connecting to the OpenAI API "
     "for the first time. Skip action requests, such as scheduling an automation, and tasks "
     "fully answered by supplied text or data.", "openai-docs/SKILL.md"),
    ("skill-creator", "Create or update a Codex skill with appropriately scoped instructions and "
     "any needed supporting resources.", "skill-creator/SKILL.md"),
    ("skill-installer", "Install Codex skills into $CODEX_HOME/skills from a curated list or a "
     "GitHub repo path. Use when a user asks to list installable skills, install a curated "
     "skill, or install a skill from another repo (including private repos).",
     "skill-installer/SKILL.md"),
)

PROFILE = Profile(
    id="codex",
    display_name="Codex",
    column="CX",
    version="openai/codex @033d1d0",
    verified_version="0.171.0",
    verified_date="2026-11-29",
    sources=(
        "openai/codex codex-rs/core-skills/src/loader.rs @033d1d0",
        "openai/codex codex-rs/core-skills/src/render.rs @0899b7c",
        "openai/codex codex-rs/core-skills/src/injection.rs",
        "developers.openai.com/codex/skills",
    ),
    roots=(
        # verified 0.169.0: the project config layers, nearest first, from the working
        # directory up to the git root (the working directory only outside a repository)
        Root("{project}/.codex/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST, max_depth=6,
             note="project config layers: the working directory up to the git root"),
        Root("{codex_home}/skills", Scope.USER, max_depth=6,
             note="$CODEX_HOME/skills (deprecated); .system inside it is skipped as a dot dir"),
        Root("{home}/.agents/skills", Scope.USER, max_depth=6),
        Root("/etc/codex/skills", Scope.SYSTEM, max_depth=6, note="Admin scope (not checked)"),
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
    # verified 0.169.0: a SKILL.md that is itself a symlink is not loaded (folder links are)
    entry_symlinks=False,
    # verified 0.169.0: node_modules is scanned like any folder (dot folders are not)
    skip_dirs=frozenset(),
    # a root's walk takes at most 2,000 folders, breadth first and by name (seen with
    # 2,100 skill folders: the last 101 by name are not loaded; case codex-folder-cap)
    max_folders_walked=2000,
    # verified 0.169.0: serde YAML with a quoting retry; numbers and booleans read as text
    parser="codex",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED_OR_DIR,
    # (conformance case folder-name-characters)
    dir_name_drops="\t\n\r",
    name_rule=NameRule(required=False, max_length=64, invalid=InvalidHandling.WARN),
    # verified 0.169.0: missing, null, empty or blank -> "missing field `description`"
    description_required=True,
    # verified 0.169.0: no length limit at load; the catalog cuts at 1,024 characters
    description_max=None,
    catalog_description_cap=1024,
    # the budget is 2% of the default model's window, as `codex debug models` lists it (the
    # model of priority 1): 272,000 tokens in 0.169.0 (a 21,755-byte list was cut, a
    # 20,892-byte one not); 500,000 in 0.171.0, whose default model is gpt-6.2-sol (the
    # 21,755-byte list is kept whole, and 2,010 bare lines fit up to s1123)
    catalog_context_tokens=500_000,
    known_fields=frozenset({"name", "description", "metadata"}),
    catalog_format="codex",
    body_wrapper="codex",
    script_cwd="project",
    builtin_skills=frozenset({"imagegen", "openai-docs", "review-agent", "skill-creator",
                              "skill-installer"}),
    # Codex 0.169.0 embeds these System skills and installs them to $CODEX_HOME/skills/.system
    # on start; review-agent is left out of the catalog (its agents/openai.yaml sets
    # policy.allow_implicit_invocation: false). Descriptions as the catalog shows them.
    catalog_builtins_root="{codex_home}/skills/.system",
    catalog_builtins_at=3,
    catalog_builtins=SYSTEM_SKILLS_0_169_0,
    # allowed-tools is not read; default approval on-request in a workspace-write sandbox
    allowed_tools="ignored",
    runs_scripts_without_approval=True,
    uncertain=(
        "security (issue 18): allowed-tools is not read from skills (not found in the 0.169.0 "
        "binary's skill loader); commands run without asking by default only inside the sandbox "
        "(approval on-request, workspace-write) in a trusted project: from the docs, not the "
        "suite",
        "project .codex/skills: checked in a project Codex was never asked to trust; a bare "
        "'.git' folder that is no repository ends the .agents walk but not Codex's layer "
        "search (seen, not modelled)",
        "extra roots from config.toml are not scanned; plugins: several cached versions of "
        "one plugin are assumed to load the last by name, a cached plugin without a "
        "[plugins] table is assumed not to load, and a remote or curated plugin is not read",
        "the 2,000-folder cap of a root's walk: two links to one folder are assumed to count "
        "once (it keeps the folders' real paths)",
        "the catalog budget is checked only for the default model (500,000-token window); "
        "another model in config.toml changes it",
        "a relative or ~ path in [[skills.config]] is assumed to be taken as written",
    ),
    # Settings that switch skills off (issue 14 §5; checked with 0.169.0): [[skills.config]]
    # with name = "..." or path = ".../SKILL.md" (a folder path matches nothing), enabled.
    settings=(
        SettingsSource(("{codex_home}/config.toml",), Scope.USER, "codex", write_scope="user"),
        SettingsSource(("{project}/.codex/config.toml",), Scope.PROJECT, "codex",
                       walk=Walk.DOWN_ROOT_FIRST, applied=False,
                       note="Codex ignores [[skills.config]] in a project's .codex/config.toml "
                       "(checked with 0.169.0, trusted project or not); only "
                       "$CODEX_HOME/config.toml switches skills off"),
    ),
    # Plugins (issue 14 §4; checked with 0.169.0 after `codex plugin marketplace add` and
    # `codex plugin add`): [plugins."name@mkt"] in config.toml, on unless enabled = false,
    # read from $CODEX_HOME/plugins/cache/<mkt>/<name>/<version>; invoked as <plugin>:<name>.
    plugin_sources=(
        PluginSource("codex-config", ("{codex_home}/config.toml",),
                     note="[plugins] in config.toml, installed under plugins/cache"),
    ),
    # A plugin manifest above a skill in a plain root names it too (seen with 0.169.0 on a
    # cloned plugin repository in .agents/skills, and on a project that is itself a plugin):
    # `.agents/skills/repo/skills/x` below `repo/.claude-plugin/plugin.json` ("name": "repo")
    # is offered as repo:x. Conformance case codex-folder-manifests.
    folder_manifests=(".codex-plugin/plugin.json", ".claude-plugin/plugin.json",
                      ".cursor-plugin/plugin.json"),
    link_project_root="{project}/.agents/skills",
    link_user_root="{home}/.agents/skills",
)
