"""OpenClaw 2026.9.6: workspace-first roots, caps, confined symlinks, as data.

Source: reference/agents.md §1-§5 ([OCL] npm ``openclaw@2026.9.6`` dist files, [OCL-doc] its
``docs/tools/skills.md``), then checked against the real agent by the conformance suite
(issue 14), which corrected: the workspace is OpenClaw's own folder, not the project; a
``SKILL.md`` directly in a root makes the root one skill; a BOM is tolerated; links under
``~/.agents/skills`` and the managed dir are not confined; non-string names are made strings;
dot folders are skipped; the bundled skills it puts in the prompt.
"""

from __future__ import annotations

from skillctl.agents.profile import (
    ConfigLimit,
    ConfigRoots,
    DedupKey,
    InvalidHandling,
    NameRule,
    NameSource,
    Profile,
    Root,
    SettingsSource,
    Stop,
    Winner,
    Workspace,
)
from skillctl.model import Scope

#: The bundled, Custodian and bundled-plugin skills OpenClaw 2026.9.6 puts in the prompt
#: on any Linux machine (no binary, variable or setting required), read from the real
#: agent's prompt: (name, description, location below the package or under {home}).
#: Bundled skills gated on a binary (tmux, gh, ...) are left out: they depend on PATH.
BUNDLED_CATALOG: tuple[tuple[str, str, str], ...] = (
    ('add-model-provider',
     'Add and live-prove a model provider with non-interactive config one-liners, without '
     'exposing credentials.',
     'custodian-skills/add-model-provider/SKILL.md'),
    ('browser-automation',
     'Use when controlling web pages with the OpenClaw browser tool, especially multi-step '
     'flows, login checks, tab management, or recovery from stale refs/timeouts.',
     '{openclaw_state}/plugin-skills/browser-automation/SKILL.md'),
    ('canvas',
     'Present hosted widget documents on a connected macOS panel and control panel visibility '
     'or navigation.',
     '{openclaw_state}/plugin-skills/canvas/SKILL.md'),
    ('clawhub',
     'Search ClawHub for skills when a requested capability is not already available; '
     'install, verify, update, uninstall, publish, or sync skills.',
     'skills/clawhub/SKILL.md'),
    ('cloud-image-bake',
     'Bake, select, prove, and safely retire a Cloud Worker image with crabbox and config '
     'one-liners.',
     'custodian-skills/cloud-image-bake/SKILL.md'),
    ('configure-channel',
     'Configure and prove a chat channel with non-interactive one-liners; secrets only as '
     'SecretRefs.',
     'custodian-skills/configure-channel/SKILL.md'),
    ('control-ui',
     'Operate and troubleshoot the OpenClaw Control UI: navigate connected clients, organize '
     'sessions, build session dashboards, and handle direct or Tailscale-hosted Gateways.',
     'skills/control-ui/SKILL.md'),
    ('diagnose-gateway',
     'Diagnose Gateway, config, secrets, channels, and port failures with read-only '
     'one-liners.',
     'custodian-skills/diagnose-gateway/SKILL.md'),
    ('diagram-maker',
     'Create SVG/HTML or Excalidraw diagrams for concepts, architecture, flows, and '
     'whiteboards.',
     'skills/diagram-maker/SKILL.md'),
    ('healthcheck',
     'Audit/harden OpenClaw hosts: SSH, firewall, updates, exposure, backups, disk '
     'encryption, gateway security.',
     'skills/healthcheck/SKILL.md'),
    ('meme-maker',
     'Search meme templates, suggest formats, and generate local or hosted image memes.',
     'skills/meme-maker/SKILL.md'),
    ('node-connect',
     'Diagnose OpenClaw Control UI browser and native Android, iOS, or macOS node connection '
     'failures across route, auth, pairing, QR/setup-code, and reconnect states.',
     'skills/node-connect/SKILL.md'),
    ('node-inspect-debugger',
     'Debug Node.js with node inspect, --inspect, breakpoints, CDP, heap, and CPU profiles.',
     'skills/node-inspect-debugger/SKILL.md'),
    ('skill-creator',
     'Author or review AgentSkills: create, repair, validate, or restructure SKILL.md files '
     'and bundled resources.',
     'skills/skill-creator/SKILL.md'),
    ('spike',
     'Run throwaway prototypes to validate feasibility, compare approaches, and report a '
     'verdict.',
     'skills/spike/SKILL.md'),
    ('taskflow',
     'Run resumable approval workflows and coordinated subagent recipes with TaskFlow, Swarm, '
     'and optional Workboard claims.',
     'skills/taskflow/SKILL.md'),
    ('taskflow-inbox-triage',
     'Preview synthetic inbox routing with a real TaskFlow approval pause, and identify the '
     'adapters needed for live triage.',
     'skills/taskflow-inbox-triage/SKILL.md'),
    ('visualize',
     'Create inline visuals for code and explanations, or author persistent OpenClaw '
     'dashboard widgets with show_widget.',
     'skills/visualize/SKILL.md'),
    ('weather',
     'Current weather and forecasts with web_fetch, falling back to wttr.in curl for '
     'locations, rain, temperature, travel planning.',
     'skills/weather/SKILL.md'),
)

PROFILE = Profile(
    id="openclaw",
    display_name="OpenClaw",
    column="CL",
    version="2026.9.6",
    verified_version="2026.9.6",
    verified_date="2026-11-25",
    sources=(
        "npm openclaw@2026.9.6 dist/skill-prompt-limits-*.mjs, dist/skill-contract-*.mjs, "
        "dist/local-loader-*.mjs",
        "npm openclaw@2026.9.6 docs/tools/skills.md",
        "conformance suite (conformance/drivers/openclaw.py): openclaw@2026.9.6 run offline",
    ),
    roots=(
        Root("{project}/skills", Scope.PROJECT, max_depth=6, note="<workspace>/skills"),
        Root("{project}/.agents/skills", Scope.PROJECT, max_depth=6),
        Root("{home}/.agents/skills", Scope.USER, max_depth=6,
             env_disable=("OPENCLAW_STATE_DIR",), note="only with the default state dir",
             confine_symlinks=False),
        Root("{env:OPENCLAW_STATE_DIR}/skills", Scope.USER, max_depth=6,
             confine_symlinks=False, note="<state>/skills, state dir moved"),
        Root("{home}/.openclaw/skills", Scope.USER, max_depth=6, confine_symlinks=False,
             env_disable=("OPENCLAW_STATE_DIR",), note="<state>/skills"),
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
    # checked against 2026.9.6: a SKILL.md directly in a root makes the root one skill (and
    # hides the tree below it); dot folders are never entered
    root_is_skill=True,
    root_skill_hides_tree=True,
    skip_hidden=True,
    max_child_folders=300,
    max_folder_listings=1800,
    skills_folder_as_root=True,
    max_skills_per_root=200,
    # 256e3 in its loader: a SKILL.md of 256,001 bytes is left out (conformance case
    # file-size-caps; skillctl had 256 KiB)
    max_file_bytes=256_000,
    parser="openclaw",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED_OR_DIR,
    # the name is trimmed before two skills' names are compared ("ship " and "ship" are one
    # name, the later kept; conformance case name-variants in the workspace)
    name_rule=NameRule(required=False, invalid=InvalidHandling.WARN, trimmed=True),
    description_required=True,
    known_fields=frozenset({
        "name", "description", "homepage", "user-invocable", "disable-model-invocation",
        "command-dispatch", "command-tool", "command-arg-mode", "metadata",
    }),
    # The workspace is OpenClaw's own folder, not the directory it is started in: skills in a
    # project's skills/ load only when the project is made the workspace (checked 2026.9.6).
    workspace=Workspace(
        config_files=("{env:OPENCLAW_CONFIG_PATH}", "{env:OPENCLAW_STATE_DIR}/openclaw.json",
                      "{home}/.openclaw/openclaw.json"),
        config_key="agents.defaults.workspace",
        candidates=("{env:OPENCLAW_WORKSPACE_DIR}", "{env:OPENCLAW_STATE_DIR}/workspace",
                    "{home}/.openclaw/workspace"),
        note="OpenClaw reads workspace skills from its workspace (agents.defaults.workspace "
             "in openclaw.json, $OPENCLAW_WORKSPACE_DIR, else ~/.openclaw/workspace), not "
             "from the project",
    ),
    # a link back to a parent is walked again until the depth limit; the last lap's copy
    # wins (verified: conformance case symlink-loop@openclaw-ws)
    walks_symlink_loops=True,
    root_last_wins=True,
    # a root's skills sorted by their folder's path below it with localeCompare (seen with
    # 2026.9.6: of plugins/sdlc-workflow/skills/x and plugins/sdlc-workflow-codex/skills/x,
    # the first wins, being the last met)
    root_order="locale-path",
    # metadata.openclaw (or the legacy metadata.clawdbot) requires.bins / anyBins / env and
    # os gate a skill (seen with 2026.9.6 on mfang0126/openclaw-skills: reddit, which needs
    # $REDDIT_SESSION, and md2img, which needs an md2img binary, are left out)
    requirement_keys=("openclaw", "clawdbot"),
    catalog_format="openclaw",
    catalog_builtins=BUNDLED_CATALOG,
    # the package folder: `openclaw` on PATH is a link to <package>/openclaw.mjs
    catalog_builtins_root="{bin:openclaw}",
    builtin_skills=frozenset(name for name, _, _ in BUNDLED_CATALOG),
    body_wrapper="openclaw",
    excluded_from_catalog=("disable-model-invocation",),
    script_cwd="project",
    # not known (see uncertain)
    allowed_tools="",
    runs_scripts_without_approval=None,
    uncertain=(
        "security (issue 18): what OpenClaw does with allowed-tools and whether exec asks first "
        "are not known",
        "disable-model-invocation is assumed to keep a skill out of the prompt",
        "bundled skills are data (BUNDLED_CATALOG): those gated on a binary or a variable "
        "(tmux, gh, notion, ...) are left out",
        "installed plugins are not scanned: seen with 2026.9.6 after `openclaw plugins "
        "install --force --accept-capabilities <dir>`, a Claude-style plugin copied to "
        "~/.openclaw/extensions/<plugin> with plugins.entries.<plugin>.enabled in "
        "openclaw.json adds its skills/<dir> to the prompt under the declared name (no "
        "plugin: prefix) at ~/.openclaw/plugin-skills/<dir>/SKILL.md, while `skills list` "
        "leaves them out",
        "skills.allowBundled (an allowlist of bundled skills) is not read; the skill "
        "allowlist of an agent other than the roster's only one is not known",
        "an agent's own agents.entries.<id>.skillsLimits.maxSkillsPromptChars is not read; "
        "a skills.limits.maxSkillsLoadedPerSource below 52 also cuts the bundled skills "
        "(gated ones count), which is not modelled",
        "a folder of more than 3,000 entries is listed only in part (its first 3,000 in the "
        "file system's order), and a root's `skills` folder holding every skill becomes the "
        "root (which changes what the caps count): neither is modelled",
        "gating: requires.config is not evaluated (taken as met), and a variable set only "
        "in openclaw.json (skills.entries.<name>.env or apiKey) is not seen; remote "
        "(node) binaries are not known",
        "the workspace of agents other than the default one (agents.list, --agent) and "
        "$OPENCLAW_PROFILE are not modelled",
        "$OPENCLAW_CONFIG_PATH and $OPENCLAW_STATE_DIR are assumed to move the settings too",
    ),
    # Settings that switch skills off (issue 14 §5; checked with 2026.9.6):
    # skills.entries.<name>.enabled in openclaw.json (JSON5), the name case-sensitive, and
    # the allowlist agents.defaults.skills (conformance case settings-openclaw-allowlist).
    settings=(
        SettingsSource(("{env:OPENCLAW_CONFIG_PATH}", "{env:OPENCLAW_STATE_DIR}/openclaw.json",
                        "{home}/.openclaw/openclaw.json"), Scope.USER, "openclaw",
                       write_scope="user"),
    ),
    # skills.load.extraDirs of openclaw.json (2026.9.6, checked: conformance case
    # settings-openclaw-extra-dirs): below every other root ("extra" tier), ~ expanded, a relative
    # folder taken from where OpenClaw is started; walked 2 levels deep
    # (MAX_CONFIGURED_ROOT_GROUPED_SKILL_SCAN_DEPTH), but 6 in its skills/ folder or when
    # the folder itself is named skills
    config_roots=(ConfigRoots(
        "skills.load.extraDirs",
        Root("{config-listed}", Scope.USER, max_depth=2, confine_symlinks=False,
             skills_folder_depth=6),
        named_skills=Root("{config-listed}", Scope.USER, max_depth=6,
                          confine_symlinks=False)),),
    # skills.limits in openclaw.json replaces the caps above and the catalog's (read from
    # its loader; conformance case settings-openclaw-limits): a root's child folders (and
    # 6 times as many folder listings), skills per root, SKILL.md bytes, the prompt's
    # skills and characters
    config_limits=(
        ConfigLimit("skills.limits.maxCandidatesPerRoot",
                    (("max_child_folders", 1), ("max_folder_listings", 6)), minimum=1),
        ConfigLimit("skills.limits.maxSkillsLoadedPerSource", (("max_skills_per_root", 1),),
                    minimum=1),
        ConfigLimit("skills.limits.maxSkillFileBytes", (("max_file_bytes", 1),)),
        ConfigLimit("skills.limits.maxSkillsInPrompt", (("catalog_max_skills", 1),)),
        ConfigLimit("skills.limits.maxSkillsPromptChars", (("catalog_max_chars", 1),)),
    ),
    link_project_root="{project}/skills",
    link_user_root="{home}/.openclaw/skills",
)
