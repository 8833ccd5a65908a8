"""Claude Code 2.1.332: roots, precedence, lenient YAML, catalog and invocation as data.

Source: reference/agents.md §1-§6 ([CC-bin] npm ``@anthropic-ai/claude-code-linux-x64@2.1.330``,
[CC-doc] code.claude.com/docs/en/skills, [CC-cl] its changelog), then checked against the real
2.1.332 by the conformance suite (``conformance/drivers/claude_code.py``): the catalog, the
bundled skills and commands below are what that version shows in an empty tree.
"""

from __future__ import annotations

from skillctl import limits
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

#: Frontmatter fields Claude Code reads (reference/agents.md §6).
KNOWN_FIELDS = frozenset({
    "name", "description", "when_to_use", "argument-hint", "arguments", "allowed-tools",
    "disallowed-tools", "model", "effort", "hooks", "context", "agent", "background", "paths",
    "shell", "user-invocable", "disable-model-invocation", "version", "metadata", "license",
    "compatibility",
})

#: Slash commands Claude Code 2.1.332 lists in ``claude -p`` (the ``init`` event's
#: ``slash_commands`` in an empty tree, bundled skills left out; ``__remote-workflow`` too).
_LISTED_COMMANDS = frozenset({
    "agents", "auto-mode-setup", "autocompact", "clear", "color", "compact", "config",
    "context", "effort", "fast", "focus", "goal", "heapdump", "init", "insights", "list-agents",
    "mcp", "model", "output-style", "recap", "reload-plugins", "reload-skills", "rename",
    "security-review", "team-onboarding", "usage", "workflow-launch-exec",
})
#: Documented commands of the interactive session, which ``claude -p`` does not list
#: (``batch`` is confirmed by claude-code#36010 and is now a bundled skill).
_DOCUMENTED_COMMANDS = frozenset({
    "add-dir", "bug", "cost", "exit", "export", "help", "hooks", "ide", "login", "logout",
    "memory", "permissions", "pr-comments", "release-notes", "resume", "review", "status",
    "terminal-setup", "vim",
})
#: From docs and release notes only; not seen in 2.1.332's lists.
_UNCERTAIN_BUILTINS = frozenset({"install-github-app", "statusline", "upgrade"})
#: Skills Claude Code 2.1.332 ships itself (the ``init`` event's ``skills`` in an empty tree,
#: plus ``keybindings-help``, which only the catalog shows: the model may invoke it, a user not).
BUNDLED_SKILLS = frozenset({
    "batch", "claude-api", "code-review", "dataviz", "debug", "deep-research", "doctor",
    "fewer-permission-prompts", "keybindings-help", "loop", "plugin-authoring", "run",
    "run-skill-generator", "simplify", "update-config", "verify", "workflow-authoring",
})
#: Claude Code 2.1.332's own entries at the end of its catalog, after the user's skills: the
#: bundled skills the model may invoke, then the prompt commands ``init`` and
#: ``security-review``, with the descriptions the real catalog shows (taken from the request a
#: run in an empty tree sends). A user skill of the same name (model-invocable) replaces one.
#: Over budget, the bundled skills keep their descriptions first (rank 0), then the user's
#: skills, then the two commands (rank 2): seen on listings of 30,000 characters +- a few.
BUNDLED_CATALOG: tuple[tuple[str, str, int], ...] = (
    ("dataviz",
     "Use this skill whenever you are about to create ANY chart, graph, plot, dashboard,"
     " or data visualization, in ANY output medium — an HTML or React artifact, inline"
     " SVG, plotting code in any library (matplotlib, plotly, d3, Recharts, …), an"
     " image/PNG you will render and upload, or a chart shared into Slack. Read it BEFORE"
     " writing the first line of chart code, choosing chart colors, building a stat tile /"
     " meter / KPI row, or laying out a dashboard. When the destination is a first-party"
     " document connector (host-designated, never self-described) that renders live"
     " charts, hand it the rows (inline, or as an uploaded data file the chart cites)"
     " rather than a rendered PNG/SVG — a picture of a chart loses hover, data inspection"
     " and per-value comments. Produces visualizations that read as one system — elegant,"
     " accessible, consistent in light and dark — using a brand-neutral placeholder"
     " palette you swap for your own. Teaches a design-system-agnostic method: a form"
     " heuristic, a color formula with a runnable validator, mark specs, and interaction"
     " rules. A validated default palette is documented in `references/palette.md` — swap"
     " that file's values for your brand's. Triggers on: \"chart\", \"graph\", \"plot\", \"data"
     " viz\", \"visualization\", \"dashboard\", \"analytics\", \"visualize data\", \"categorical"
     " colors\", \"sequential / diverging palette\", \"stat tile\", \"sparkline\", \"heatmap\","
     " \"legend\", \"axis\", \"tooltip\", \"chart colors\", \"color by series\".", 0),
    ("update-config",
     "Use this skill to configure the Claude Code harness via settings.json. Automated"
     " behaviors (\"from now on when X\", \"each time X\", \"whenever X\", \"before/after X\")"
     " require hooks configured in settings.json - the harness executes these, not Claude,"
     " so memory/preferences cannot fulfill them. Also use for: permissions (\"allow X\","
     " \"add permission\", \"move permission to\"), env vars (\"set X=Y\"), hook"
     " troubleshooting, or any changes to settings.json/settings.local.json files."
     " Examples: \"allow npm commands\", \"add bq permission to global settings\", \"move"
     " permission to user settings\", \"set DEBUG=true\", \"when claude stops show X\". For"
     " simple settings like theme/model, suggest the /config command.", 0),
    ("keybindings-help",
     "Use when the user wants to customize keyboard shortcuts, rebind keys, add chord"
     " bindings, or modify ~/.claude/keybindings.json. Examples: \"rebind ctrl+s\", \"add a"
     " chord shortcut\", \"change the submit key\", \"customize keybindings\".", 0),
    ("code-review",
     "Review the current diff, or a PR number/branch/path target, for correctness bugs"
     " (plus broken CLAUDE.md rules and cleanups where the model's recipe covers them; see"
     " /simplify) at the effort level given first, before any target"
     " (low|medium|high|xhigh|max: from few high-confidence findings to many, some"
     " uncertain); with no level given, it reuses the level you typed last. Pass --comment"
     " to post findings as inline PR comments, or --fix to apply them to the working tree"
     " after the review. Pass --max-findings <n> to report up to n findings, or"
     " --max-findings all for every finding. The choice stays until you pass"
     " --max-findings default. - Use the max level only when the user, or instructions"
     " such as CLAUDE.md or a skill, explicitly ask for it, never on your own judgment: it"
     " is the costliest level and starts many reviewer subagents.", 0),
    ("simplify",
     "Review the changed code for reuse, simplification, efficiency, and altitude"
     " cleanups, then apply the fixes. Quality only — it does not hunt for bugs; use"
     " /code-review for that.", 0),
    ("fewer-permission-prompts",
     "Scan your transcripts for common read-only Bash and MCP tool calls, then add a"
     " prioritized allowlist to project .claude/settings.json to reduce permission"
     " prompts.", 0),
    ("loop",
     "Run a prompt or slash command on a recurring interval (e.g. /loop 5m /foo). Omit the"
     " interval to let the model self-pace. - When the user wants to set up a recurring"
     " task, poll for status, or run something repeatedly on an interval (e.g. \"check the"
     " deploy every 5 minutes\", \"keep running /babysit-prs\"). Do NOT invoke for one-off"
     " tasks.", 0),
    ("claude-api",
     "Reference for the Claude API / Anthropic SDK — model ids, pricing, params,"
     " streaming, tool use, MCP, agents, caching, token counting, model migration.\n"
     "TRIGGER"
     " — read FIRST, before you answer, run a command or open a file (already started?"
     " read it now); don't skip because it \"looks like a one-liner\" — whenever: the prompt"
     " names Claude/Anthropic in any form (Claude, Anthropic, Fable, Opus, Sonnet, Haiku,"
     " `anthropic`, `@anthropic-ai`, `claude-*`, `us.anthropic.*`, `[1m]`); the user asks"
     " about an LLM (pricing/model choice/limits/caching) — never answer from memory; OR"
     " the task is LLM-shaped with provider unstated"
     " (agent/MCP/tool-definition/multi-agent/RAG/LLM-judge/computer-use;"
     " generate/summarize/extract/classify/rewrite/converse over NL; debugging"
     " refusals/cutoffs/streaming/tool-calls/tokens).\n"
     "SKIP only when another provider is"
     " being worked on (overrides all triggers):"
     " OpenAI/GPT/Gemini/Llama/Mistral/Cohere/Ollama named in the query; OR `grep -rE"
     " 'openai|langchain_openai|google.generativeai|genai|mistralai|cohere|ollama'` over"
     " the project hits (run this grep FIRST if no provider named — don't Read the file;"
     " if nothing hits, load this skill).", 0),
    ("workflow-authoring",
     "Reference for writing a Workflow tool script (script API and gotchas, resume,"
     " quality patterns, worked examples). Load before authoring a script for a workflow"
     " the user already opted into; it does not itself authorize running one.", 0),
    ("run",
     "Launch and drive this project's app to see a change working. Use when asked to run,"
     " start, or screenshot the app, or to confirm a change works in the real app (not"
     " just tests). First looks for a project skill that already covers launching the app;"
     " otherwise falls back to built-in patterns per project type (CLI, server, TUI,"
     " Electron, browser-driven, library).", 0),
    ("plugin-authoring",
     "Make a mod: a change to Claude's own interface or behaviour, such as a theme, a"
     " panel or pane that stays beside the chat and updates, a band, status line, toast,"
     " slash command, or hook on tool calls. Use to make, change or debug a mod or its"
     " hooks module.", 0),
    ("init",
     "Initialize a new CLAUDE.md file with codebase documentation", 2),
    ("security-review",
     "Complete a security review of the pending changes on the current branch", 2),
)

PROFILE = Profile(
    id="claude-code",
    display_name="Claude Code",
    column="CC",
    version="2.1.332",
    verified_version="2.1.332",
    verified_date="2026-11-25",
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
        Root("{claude_config}/skills", Scope.USER,
             note="in the config dir, ~/.claude or $CLAUDE_CONFIG_DIR (verified with 2.1.332)"),
        Root("{claude_config}/skills/synced", Scope.USER,
             env_enable=("CLAUDE_CODE_SYNC_SKILLS",), note="synced skills; local ones win"),
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
    # description: 1.50 is "1.5", false is "false" (conformance case
    # frontmatter-scalars-and-duplicates)
    scalar_descriptions_as_text=True,
    name_rule=NameRule(required=False, invalid=InvalidHandling.WARN_LOAD),
    # the folder's name, as the Skill tool shows it (conformance case folder-name-characters)
    shown_name_check="claude-code",
    description_required=False,
    description_fallback="body-first-line",
    known_fields=KNOWN_FIELDS,
    catalog_format="claude-code",
    catalog_description_cap=1536,
    excluded_from_catalog=("disable-model-invocation",),
    builtin_commands=_LISTED_COMMANDS | _DOCUMENTED_COMMANDS | _UNCERTAIN_BUILTINS,
    builtin_skills=BUNDLED_SKILLS,
    catalog_trailing=BUNDLED_CATALOG,
    body_wrapper="claude-code",
    script_cwd="project",
    script_env=(("CLAUDE_SKILL_DIR", "{skill_dir}"), ("CLAUDE_PROJECT_DIR", "{project}")),
    conditional_field="paths",
    # allowed-tools: the listed tools run without a permission prompt while the skill is active
    # (docs: 'Tools Claude can use without asking permission'; the 2.1.332 binary adds them as an
    # allowed_tools permission layer); Bash asks by default
    allowed_tools="preapproves",
    runs_scripts_without_approval=False,
    uncertain=(
        "built-in command names "
        + ", ".join(sorted(_UNCERTAIN_BUILTINS))
        + " come from docs and release notes, not from the binary; "
        + ", ".join(sorted(_DOCUMENTED_COMMANDS))
        + " are documented for the interactive session, which the suite cannot list",
        "--add-dir and bundled skills are not scanned",
        "of a SKILL.md and a skill.md in one commands folder, which one it reads (skillctl: "
        "the first by name)",
        "commands: the catalog order (skills-folder skills, then the user's and project's "
        "commands sorted together by name, then each plugin's commands, then plugin skills) "
        "and the budget rank of commands (as the user's skills) are from a few runs, not "
        "from the code; a command whose name a plugin skill or another plugin's command "
        "also has is not checked",
        "nested .claude/skills below the working directory load only once a file there is "
        "touched; skillctl does not model that",
        "the reserved directory name 'synced' is applied to every root",
        "the managed-settings path and its precedence over local settings are not verified",
        "plugins: a SKILL.md directly in a plugin's skills/ folder (Claude Code loads it as "
        "<plugin>:skills and ignores the rest); a project-scope install is matched against "
        "the working directory only; enabledPlugins is not applied to skills-dir plugins",
    ),
    # Settings that switch skills off (issue 14 §5; checked with 2.1.332): skillOverrides in
    # user, project and local settings; the later file wins per skill name (case-sensitive).
    # Strict JSON: a comment or trailing comma voids the whole file.
    settings=(
        SettingsSource(("{env:CLAUDE_CONFIG_DIR}/settings.json", "{home}/.claude/settings.json"),
                       Scope.USER, "claude-code", note="$CLAUDE_CONFIG_DIR replaces ~/.claude",
                       write_scope="user"),
        SettingsSource(("{project}/.claude/settings.json",), Scope.PROJECT, "claude-code",
                       note="the working directory's only, not the git root's",
                       write_scope="project"),
        SettingsSource(("{project}/.claude/settings.local.json",), Scope.PROJECT,
                       "claude-code", write_scope="local"),
        SettingsSource(("/etc/claude-code/managed-settings.json",), Scope.SYSTEM,
                       "claude-code", note="managed (policy) settings win over all others"),
    ),
    # Plugins (issue 14 §4; checked with 2.1.332): installed_plugins.json with the marketplace
    # known and listing the plugin, switched on by enabledPlugins; plugin folders in the user
    # skills folder load as <name>@skills-dir. Skills are invoked as <plugin>:<dir>.
    # commands (seen with 2.1.332, conformance case claude-commands): the user's first, then
    # the project's from the working directory up to the git root
    command_roots=(
        Root("{claude_config}/commands", Scope.USER),
        Root("{project}/.claude/commands", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST),
    ),
    # a commands folder (or one below it) holding a SKILL.md is a skill named after it, and
    # that folder's other files are no commands (conformance case commands-skill-md)
    command_skill_folders=True,
    plugin_sources=(
        PluginSource("claude-installed", ("{claude_config}/plugins/installed_plugins.json",),
                     enabled_key="enabledPlugins",
                     note="installed plugins; enabledPlugins in the settings switches them on"),
        PluginSource("claude-skills-dir", ("{claude_config}/skills",),
                     note="plugin folders (.claude-plugin/plugin.json) in the user skills "
                     "folder"),
    ),
    link_project_root="{project}/.claude/skills",
    link_user_root="{claude_config}/skills",
)
