"""Cases about settings that switch skills off (issue 14 §5): each agent's own config files.

Every case is run against every agent: the settings of one agent are ordinary files to the
others, whose answers stay the control. Behaviour seen by hand with the pinned agents is noted
per case.
"""

from __future__ import annotations

import json
from pathlib import Path

from conformance.cases import CaseBuilder, make, skill, tree, write
from conformance.model import Case

CASES: dict[str, CaseBuilder] = {}


def _case(builder: CaseBuilder) -> CaseBuilder:
    CASES["settings-" + builder.__name__.strip("_").replace("_", "-")] = builder
    return builder


def _skills(root: Path, *names: str) -> None:
    for name in names:
        skill(root / name)


@_case
def _claude_overrides(base: Path) -> Case:
    # 2.1.332: "off" drops the skill; "user-invocable-only" keeps /delta but not in the catalog
    # or the init event's skills; "name-only" lists "- epsilon" without its description; the
    # project's "on" undoes the user's "off"; the local file wins over the project's.
    home, project = tree(base)
    _skills(project / ".claude/skills", "alpha", "beta", "gamma", "delta", "epsilon")
    write(home / ".claude/settings.json",
          '{"skillOverrides": {"alpha": "off", "delta": "user-invocable-only"}}\n')
    write(project / ".claude/settings.json",
          '{"skillOverrides": {"alpha": "on", "epsilon": "name-only", "Beta": "off"}}\n')
    write(project / ".claude/settings.local.json", '{"skillOverrides": {"gamma": "off"}}\n')
    return make("settings-claude-overrides", base, home, project,
                "Claude Code skillOverrides in user, project and local settings")


@_case
def _claude_config_dir(base: Path) -> Case:
    # 2.1.332: with CLAUDE_CONFIG_DIR, ~/.claude/settings.json is not read at all
    home, project = tree(base)
    _skills(project / ".claude/skills", "alpha", "beta")
    write(home / ".claude/settings.json", '{"skillOverrides": {"alpha": "off"}}\n')
    config = base / "claude-config"
    write(config / "settings.json", '{"skillOverrides": {"beta": "off"}}\n')
    return make("settings-claude-config-dir", base, home, project,
                "skillOverrides in $CLAUDE_CONFIG_DIR/settings.json replace ~/.claude's",
                env={"CLAUDE_CONFIG_DIR": str(config)})


@_case
def _claude_subdir(base: Path) -> Case:
    # 2.1.332: started below the git root, Claude Code reads the project settings of the
    # working directory only, so the root's skillOverrides do not apply
    home, project = tree(base)
    _skills(project / ".claude/skills", "alpha", "beta")
    write(project / ".claude/settings.json", '{"skillOverrides": {"alpha": "off"}}\n')
    (project / "sub").mkdir()
    return make("settings-claude-subdir", base, home, project / "sub",
                "skillOverrides at the git root, Claude Code started in a subdirectory")


@_case
def _claude_malformed(base: Path) -> Case:
    # 2.1.332: a file that is not JSON, or whose skillOverrides has a bad value, is ignored
    # whole (gamma stays on although its own value is fine)
    home, project = tree(base)
    _skills(project / ".claude/skills", "alpha", "beta", "gamma")
    write(home / ".claude/settings.json", '{\n  "skillOverrides": {"alpha": "off",}\n}\n')
    write(project / ".claude/settings.json",
          '{"skillOverrides": {"beta": "bogus", "gamma": "off"}}\n')
    return make("settings-claude-malformed", base, home, project,
                "malformed Claude Code settings: a trailing comma, a value not in the enum")


@_case
def _codex_config(base: Path) -> Case:
    # 0.169.0: a path selector matches the SKILL.md path only (beta's folder path matches
    # nothing); a later entry for the same name wins; the project's config is ignored
    home, project = tree(base)
    skills = project / ".agents/skills"
    _skills(skills, "alpha", "beta", "gamma", "delta", "epsilon")
    _skills(home / ".agents/skills", "user-one")
    write(home / ".codex/config.toml",
          f'[[skills.config]]\npath = "{skills / "alpha" / "SKILL.md"}"\nenabled = false\n\n'
          f'[[skills.config]]\npath = "{skills / "beta"}"\nenabled = false\n\n'
          '[[skills.config]]\nname = "gamma"\nenabled = false\n\n'
          '[[skills.config]]\nname = "delta"\nenabled = false\n\n'
          '[[skills.config]]\nname = "delta"\nenabled = true\n\n'
          '[[skills.config]]\nname = "user-one"\nenabled = false\n')
    write(project / ".codex/config.toml",
          '[[skills.config]]\nname = "epsilon"\nenabled = false\n')
    return make("settings-codex-config", base, home, project,
                "Codex [[skills.config]] by name and by path; a project config.toml")


@_case
def _opencode_permission(base: Path) -> Case:
    # 1.18.33: the last matching rule wins, global rules before the project's; "deny" drops
    # the skill from the catalog, "ask" keeps it; names are matched case-sensitively
    home, project = tree(base)
    _skills(project / ".opencode/skills", "alpha", "beta", "gamma", "delta")
    write(home / ".config/opencode/opencode.json",
          '{"permission": {"skill": {"d*": "deny", "GAMMA": "deny"}}}\n')
    write(project / "opencode.jsonc",
          '{\n  // comments and trailing commas are allowed\n  "permission": {\n'
          '    "skill": {"a*": "deny", "alpha": "ask", "bet?": "deny",},\n  },\n}\n')
    return make("settings-opencode-permission", base, home, project,
                "OpenCode permission.skill rules in the global and the project config")


@_case
def _gemini_disabled(base: Path) -> Case:
    # 0.61.0: skills.disabled of user and workspace add up; names match in any case, with
    # no wildcards; comments are allowed
    home, project = tree(base)
    _skills(project / ".gemini/skills", "alpha", "beta", "gamma", "delta")
    write(home / ".gemini/settings.json",
          '{\n  // user\n  "skills": {"disabled": ["ALPHA", "g*"]}\n}\n')
    write(project / ".gemini/settings.json", '{"skills": {"disabled": ["beta"]}}\n')
    return make("settings-gemini-disabled", base, home, project,
                "Gemini CLI skills.disabled in the user's and the workspace's settings")


@_case
def _gemini_all_off(base: Path) -> Case:
    # 0.61.0: skills.enabled false lists no skill at all (built-ins included)
    home, project = tree(base)
    _skills(project / ".gemini/skills", "alpha")
    write(project / ".gemini/settings.json", '{"skills": {"enabled": false}}\n')
    return make("settings-gemini-all-off", base, home, project,
                "Gemini CLI skills.enabled false in the workspace settings")


@_case
def _openclaw_entries(base: Path) -> Case:
    # 2026.9.6: skills.entries.<name>.enabled false, in JSON5; names are case-sensitive
    home, project = tree(base)
    _skills(home / ".openclaw/skills", "alpha", "beta", "gamma")
    write(home / ".openclaw/openclaw.json",
          "{\n  // JSON5\n  skills: { entries: { alpha: { enabled: false }, Beta: "
          "{ enabled: false }, gamma: { enabled: true }, }, },\n}\n")
    return make("settings-openclaw-entries", base, home, project,
                "OpenClaw skills.entries.<name>.enabled in ~/.openclaw/openclaw.json")


@_case
def _opencode_default_agent(base: Path) -> Case:
    # 1.18.33: the default agent's own permissions come after the top-level ones of every file;
    # with default_agent "plan", the build agent's do not count
    home, project = tree(base)
    _skills(project / ".opencode/skills", "alpha", "beta", "gamma")
    write(home / ".config/opencode/opencode.json",
          '{"agent": {"plan": {"permission": {"skill": {"gamma": "deny"}}}}}\n')
    write(project / "opencode.json",
          '{"default_agent": "plan", "permission": {"skill": {"beta": "allow"}},\n'
          ' "agent": {"plan": {"permission": {"skill": {"beta": "deny"}}},\n'
          '           "build": {"permission": {"skill": {"alpha": "deny"}}}}}\n')
    return make("settings-opencode-default-agent", base, home, project,
                "OpenCode agent.<name>.permission of the default agent")


@_case
def _builtins_off(base: Path) -> Case:
    # each agent's own setting names one of its built-in (bundled, system) skills: whether the
    # built-in leaves the catalog is what this case checks, agent by agent
    home, project = tree(base)
    _skills(project / ".agents/skills", "alpha")
    _skills(project / ".claude/skills", "alpha")
    write(project / ".claude/settings.json", '{"skillOverrides": {"dataviz": "off"}}\n')
    write(home / ".codex/config.toml", '[[skills.config]]\nname = "imagegen"\nenabled = false\n')
    write(project / "opencode.json",
          '{"permission": {"skill": {"customize-opencode": "deny"}}}\n')
    write(project / ".gemini/settings.json", '{"skills": {"disabled": ["skill-creator"]}}\n')
    write(home / ".openclaw/openclaw.json",
          '{ skills: { entries: { "add-model-provider": { enabled: false } } } }\n')
    return make("settings-builtins-off", base, home, project,
                "each agent's settings switch off one of its built-in skills")


@_case
def _opencode_skills_paths(base: Path) -> Case:
    # 1.18.33: skills.paths of the last config file that sets it (here the project's
    # .opencode/opencode.json, after sub/opencode.jsonc, which came after the global and the
    # root's opencode.json); relative folders from the working directory (sub/), ~ and
    # {env:NAME} expanded; any depth, dot folders skipped, node_modules and links entered, a
    # listed skill folder is a skill, a missing folder passed over
    home, project = tree(base)
    sub = project / "sub"
    for owner in ("global", "root", "sub-list"):
        skill(home / f"{owner}-dir/from-{owner}")
    skill(sub / "rel/a-rel")
    skill(project / "rel/not-cwd-rel")
    skill(home / "tilde/a-tilde")
    skill(base / "envdir/a-env")
    listed = base / "listed"
    skill(listed / "plain/a-plain")
    skill(listed / "deep/x/y/a-deep")
    skill(listed / ".hidden/a-hidden")
    skill(listed / "node_modules/a-nodemod")
    skill(base / "link-target/a-linked")
    (listed / "link").symlink_to(base / "link-target")
    skill(base / "selfskill", name="selfskill")
    write(home / ".config/opencode/opencode.json", '{"skills": {"paths": ["~/global-dir"]}}\n')
    write(project / "opencode.json", '{"skills": {"paths": ["~/root-dir"]}}\n')
    write(sub / "opencode.jsonc", '// replaced by the .opencode file below\n'
          '{"skills": {"paths": ["~/sub-list-dir",],},}\n')
    paths = ["rel", "~/tilde", "{env:SKILLS_DIR}", str(listed), str(base / "selfskill"),
             str(base / "missing")]
    write(project / ".opencode/opencode.json", json.dumps({"skills": {"paths": paths}}) + "\n")
    return make("settings-opencode-skills-paths", base, home, sub,
                "OpenCode skills.paths in several config files: which list counts, and how its "
                "folders are resolved and walked", env={"SKILLS_DIR": str(base / "envdir")})


@_case
def _openclaw_extra_dirs(base: Path) -> Case:
    # 2026.9.6: skills.load.extraDirs, below every other root (the managed copy of a-tilde
    # wins); ~ expanded, a relative folder from where OpenClaw is started; 2 levels deep, but
    # 6 below the folder's own skills/ and in a listed folder named skills; dot folders skipped
    home, project = tree(base)
    skill(home / "ex1/a-tilde")
    skill(home / ".openclaw/skills/a-tilde", description="The managed copy wins.")
    skill(project / "rel/a-rel")
    listed = base / "listed"
    skill(listed / "a-top")
    skill(listed / ".hidden/a-hidden")
    skill(listed / "g1/a-depth2")
    skill(listed / "g1/g2/a-depth3")
    skill(listed / "skills/s1/s2/s3/a-under-skills4")
    named = base / "named/skills"
    skill(named / "n1/n2/a-named3")
    skill(named / "n1/n2/n3/n4/n5/a-named6")
    skill(named / "n1/n2/n3/n4/n5/n6/a-named7")
    listed_dirs = ", ".join(json.dumps(str(folder)) for folder in (listed, named))
    write(home / ".openclaw/openclaw.json",
          '{ skills: { load: { extraDirs: ["~/ex1", "rel", ' + listed_dirs + ", ], }, }, }\n")
    return make("settings-openclaw-extra-dirs", base, home, project,
                "OpenClaw skills.load.extraDirs: precedence, resolution and depth")


@_case
def _openclaw_allowlist(base: Path) -> Case:
    # 2026.9.6: agents.defaults.skills lets in only the names it lists (trimmed), bundled
    # skills too; skills.entries.<name>.enabled: true does not let in one it leaves out, and
    # enabled: false still switches off one it lists
    home, project = tree(base)
    _skills(home / ".openclaw/skills", "listed", "listed-off", "unlisted", "unlisted-on")
    write(home / ".openclaw/openclaw.json",
          '{ agents: { defaults: { skills: [" listed ", "listed-off", "weather", ""] } },\n'
          '  skills: { entries: { "listed-off": { enabled: false },'
          ' "unlisted-on": { enabled: true } } } }\n')
    return make("settings-openclaw-allowlist", base, home, project,
                "OpenClaw's skill allowlist (agents.defaults.skills) beside skills.entries")


@_case
def _openclaw_agent_allowlist(base: Path) -> Case:
    # 2026.9.6: the one agent of the roster (agents.list) sets its own skills, which replace
    # agents.defaults.skills rather than merge with them
    home, project = tree(base)
    _skills(home / ".openclaw/skills", "from-defaults", "from-agent")
    write(home / ".openclaw/openclaw.json",
          '{ agents: { defaults: { skills: ["from-defaults"] },\n'
          '  list: [{ id: "main", skills: ["from-agent"] }] } }\n')
    return make("settings-openclaw-agent-allowlist", base, home, project,
                "an OpenClaw agent's own skill allowlist replaces the default one")


@_case
def _openclaw_limits(base: Path) -> Case:
    # 2026.9.6: skills.limits replaces the defaults of the loader's caps (60 skills of the
    # managed root, in sorted order; the cap counts the 52 bundled skills, gated ones too, so
    # it stays above them) and of the prompt's (9 skills, 2,500 characters: the compact
    # format with shortened descriptions)
    home, project = tree(base)
    for number in range(1, 63):
        skill(home / f".openclaw/skills/a{number:02d}",
              description=f"Skill a{number:02d} " + "word " * 30)
    _skills(home / ".agents/skills", "b1", "b2")
    write(home / ".openclaw/openclaw.json",
          "{ skills: { limits: { maxSkillsLoadedPerSource: 60, maxSkillsInPrompt: 9,\n"
          "  maxSkillsPromptChars: 2500 } } }\n")
    return make("settings-openclaw-limits", base, home, project,
                "OpenClaw's skills.limits: skills per root and the prompt's caps")


@_case
def _gemini_cli_home(base: Path) -> Case:
    # 0.61.0: $GEMINI_CLI_HOME stands for the home folder in Gemini CLI's user roots
    # (.gemini/skills, .agents/skills), its user settings and its extensions; the real home's
    # folders are not read
    home, project = tree(base)
    moved = base / "gemini-home"
    skill(moved / ".gemini/skills/from-moved-gemini")
    skill(moved / ".agents/skills/from-moved-agents")
    skill(moved / ".gemini/skills/switched-off")
    write(moved / ".gemini/settings.json", '{"skills": {"disabled": ["switched-off"]}}\n')
    write(moved / ".gemini/extensions/ext/gemini-extension.json",
          '{"name": "ext", "version": "1"}\n')
    skill(moved / ".gemini/extensions/ext/skills/from-moved-extension")
    skill(home / ".gemini/skills/from-real-home")
    skill(home / ".agents/skills/from-real-home-agents")
    skill(project / ".gemini/skills/from-project")
    return make("settings-gemini-cli-home", base, home, project,
                "$GEMINI_CLI_HOME moves Gemini CLI's user skills, settings and extensions",
                env={"GEMINI_CLI_HOME": str(moved)})


@_case
def _opencode_config_order(base: Path) -> Case:
    # 1.18.33: the order OpenCode merges its config files in. File k of the six denies skill
    # sk and allows every later one, so each skill is denied only when its file comes after
    # every earlier file: all six are denied when skillctl's order is OpenCode's (global,
    # opencode.json, opencode.jsonc, .opencode/opencode.json, ~/.opencode/opencode.json,
    # $OPENCODE_CONFIG_DIR/opencode.json; also seen with skills.paths, the last list winning)
    home, project = tree(base)
    config_dir = base / "opencode-config-dir"
    files = [home / ".config/opencode/opencode.json", project / "opencode.json",
             project / "opencode.jsonc", project / ".opencode/opencode.json",
             home / ".opencode/opencode.json", config_dir / "opencode.json"]
    names = [f"skill-{k}" for k in range(1, len(files) + 1)]
    _skills(project / ".agents/skills", *names)
    for k, path in enumerate(files):
        rules = {names[k]: "deny", **{name: "allow" for name in names[k + 1:]}}
        write(path, json.dumps({"permission": {"skill": rules}}) + "\n")
    return make("settings-opencode-config-order", base, home, project,
                "the order of OpenCode's six config files, read off permission rules",
                env={"OPENCODE_CONFIG_DIR": str(config_dir)})
