"""Settings that switch skills off (issue 14 §5): each agent's own config files, on real trees.

The behaviour pinned here was checked against the real agents (Claude Code 2.1.332, Codex
0.169.0, OpenCode 1.18.33, Gemini CLI 0.61.0, OpenClaw 2026.9.6); these tests need none of them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.agents import get_profile
from skillctl.cli.app import app
from skillctl.discovery import Resolution, discover
from skillctl.settings import SettingsError, load_json, to_json
from tests.conftest import write_skill


def _tree(tmp_path: Path, root: str, names: tuple[str, ...] = ("alpha", "beta", "gamma"),
          *, user: bool = False) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir(exist_ok=True)
    base = home if user else project
    for name in names:
        write_skill(base / root, name)
    return project, home


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _run(agent: str, project: Path, home: Path, env: dict[str, str] | None = None) -> Resolution:
    return discover(get_profile(agent), project, home, env or {})


def _status(res: Resolution) -> dict[str, str]:
    return {v.name: v.status.value for v in res.views}


def _notes(res: Resolution) -> list[str]:
    return [f"{n.path.name}: {n.reason}: {n.detail}" for n in res.notes
            if n.reason.startswith("settings")]


# --------------------------------------------------------------------------- Claude Code


def test_claude_skill_overrides_later_file_wins(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".claude/skills", ("alpha", "beta", "gamma", "delta"))
    _write(home / ".claude/settings.json",
           '{"skillOverrides": {"alpha": "off", "delta": "user-invocable-only"}}')
    _write(project / ".claude/settings.json", '{"skillOverrides": {"alpha": "on"}}')
    _write(project / ".claude/settings.local.json", '{"skillOverrides": {"gamma": "off"}}')
    res = _run("claude-code", project, home)
    assert _status(res) == {"alpha": "active", "beta": "active", "gamma": "disabled",
                            "delta": "hidden"}
    gamma = next(v for v in res.views if v.name == "gamma")
    assert gamma.reason is not None
    assert str(project / ".claude/settings.local.json") in gamma.reason
    assert 'skillOverrides.gamma = "off"' in gamma.reason
    delta = next(v for v in res.views if v.name == "delta")
    assert delta.loaded  # still a slash command, only out of the model's catalog
    assert delta.reason is not None and "user-invocable-only" in delta.reason


def test_claude_name_only_is_a_warning_and_names_are_case_sensitive(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".claude/skills")
    _write(project / ".claude/settings.json",
           '{"skillOverrides": {"alpha": "name-only", "BETA": "off"}}')
    res = _run("claude-code", project, home)
    assert _status(res) == {"alpha": "active", "beta": "active", "gamma": "active"}
    alpha = next(v for v in res.views if v.name == "alpha")
    assert any("without its description" in w for w in alpha.warnings)


def test_claude_config_dir_replaces_the_user_settings(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".claude/skills")
    _write(home / ".claude/settings.json", '{"skillOverrides": {"alpha": "off"}}')
    config = tmp_path / "cfg"
    _write(config / "settings.json", '{"skillOverrides": {"beta": "off"}}')
    res = _run("claude-code", project, home, {"CLAUDE_CONFIG_DIR": str(config)})
    assert _status(res)["alpha"] == "active"
    assert _status(res)["beta"] == "disabled"


def test_claude_reads_project_settings_of_the_working_directory_only(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".claude/skills")
    _write(project / ".claude/settings.json", '{"skillOverrides": {"alpha": "off"}}')
    sub = project / "sub"
    sub.mkdir()
    assert _status(_run("claude-code", sub, home))["alpha"] == "active"


def test_claude_invalid_value_voids_the_file_with_a_note(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".claude/skills")
    _write(project / ".claude/settings.json",
           '{"skillOverrides": {"beta": "bogus", "gamma": "off"}}')
    _write(home / ".claude/settings.json", '{\n  "skillOverrides": {"alpha": "off",}\n}')
    res = _run("claude-code", project, home)
    assert set(_status(res).values()) == {"active"}
    notes = _notes(res)
    assert any("skillOverrides.beta is \"bogus\"" in n and "ignores this file" in n
               for n in notes)
    assert any(n.startswith("settings.json: settings: line 2: not valid JSON") for n in notes)


# --------------------------------------------------------------------------- Codex


def test_codex_skills_config_by_name_and_by_skill_file_path(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".agents/skills")
    skills = project / ".agents/skills"
    _write(home / ".codex/config.toml",
           f'[[skills.config]]\npath = "{skills / "alpha" / "SKILL.md"}"\nenabled = false\n\n'
           f'[[skills.config]]\npath = "{skills / "beta"}"\nenabled = false\n\n'
           '[[skills.config]]\nname = "gamma"\nenabled = false\n\n'
           '[[skills.config]]\nname = "gamma"\nenabled = true\n')
    res = _run("codex", project, home)
    assert _status(res) == {"alpha": "disabled", "beta": "active", "gamma": "active"}


def test_codex_skill_paths_expand_the_home_and_resolve_dots(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".agents/skills", user=True)
    _write(home / ".codex/config.toml",
           '[[skills.config]]\npath = "~/.agents/skills/alpha/SKILL.md"\nenabled = false\n\n'
           f'[[skills.config]]\npath = "{home}/.agents/skills/./beta/SKILL.md"\n'
           'enabled = false\n\n'
           '[[skills.config]]\npath = "../.agents/skills/gamma/SKILL.md"\nenabled = false\n')
    res = _run("codex", project, home)
    assert _status(res) == {"alpha": "disabled", "beta": "disabled", "gamma": "active"}


def test_codex_project_config_is_ignored_with_a_note(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".agents/skills")
    _write(project / ".codex/config.toml", '[[skills.config]]\nname = "alpha"\nenabled = false\n')
    res = _run("codex", project, home)
    assert _status(res)["alpha"] == "active"
    assert any("settings-ignored" in n and "Codex ignores" in n for n in _notes(res))


def test_codex_home_moves_the_config_and_bad_toml_is_a_note(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".agents/skills")
    codex_home = tmp_path / "cx"
    _write(codex_home / "config.toml", '[[skills.config]]\nname = "beta"\nenabled = false\n')
    assert _status(_run("codex", project, home, {"CODEX_HOME": str(codex_home)}))["beta"] == (
        "disabled")
    _write(codex_home / "config.toml", '[[skills.config]]\nname = "beta"\nenabled = fals\n')
    res = _run("codex", project, home, {"CODEX_HOME": str(codex_home)})
    assert _status(res)["beta"] == "active"
    assert any("not valid TOML" in n and "line 3" in n for n in _notes(res))
    _write(codex_home / "config.toml", '[[skills.config]]\nname = 3\nenabled = false\n')
    res = _run("codex", project, home, {"CODEX_HOME": str(codex_home)})
    assert any("name is a number, not a string" in n for n in _notes(res))


# --------------------------------------------------------------------------- OpenCode


def test_opencode_permission_last_matching_rule_wins(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".opencode/skills")
    _write(project / "opencode.json", '{\n  // comment\n  "permission": {"skill": '
           '{"*": "deny", "gamma": "allow", "bet?": "ask",},},\n}\n')
    res = _run("opencode", project, home)
    assert _status(res) == {"alpha": "disabled", "beta": "active", "gamma": "active"}
    alpha = next(v for v in res.views if v.name == "alpha")
    assert alpha.reason is not None and 'permission.skill.* = "deny"' in alpha.reason


def test_opencode_project_rules_follow_global_ones(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".opencode/skills")
    _write(home / ".config/opencode/opencode.json", '{"permission": {"skill": {"g*": "deny", '
           '"ALPHA": "deny"}}}')
    _write(project / ".opencode/opencode.jsonc", '{"permission": {"skill": {"gamma": "allow"}}}')
    assert _status(_run("opencode", project, home)) == {"alpha": "active", "beta": "active",
                                                        "gamma": "active"}
    _write(project / "opencode.json", '{"permission": "deny"}')
    assert _status(_run("opencode", project, home))["beta"] == "disabled"


def test_opencode_default_agent_permissions_come_last(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".opencode/skills")
    _write(home / ".config/opencode/opencode.json",
           '{"agent": {"build": {"permission": {"skill": {"gamma": "deny"}}}}}')
    _write(project / "opencode.json", '{"permission": {"skill": {"alpha": "deny"}}, "agent": '
           '{"build": {"permission": {"skill": {"alpha": "allow", "beta": "deny"}}}}}')
    assert _status(_run("opencode", project, home)) == {"alpha": "active", "beta": "disabled",
                                                        "gamma": "disabled"}
    _write(project / "opencode.json", '{"default_agent": "plan", "agent": {"plan": '
           '{"permission": {"skill": {"beta": "deny"}}}, "build": {"permission": '
           '{"skill": {"alpha": "deny"}}}}}')
    assert _status(_run("opencode", project, home)) == {"alpha": "active", "beta": "disabled",
                                                        "gamma": "active"}


def test_opencode_home_and_config_dir_files_come_after_the_project(tmp_path: Path) -> None:
    # file k denies skill k and allows the later ones: every skill is denied only in
    # OpenCode's order (1.18.33, conformance case settings-opencode-config-order)
    names = tuple(f"skill-{k}" for k in range(1, 7))
    project, home = _tree(tmp_path, ".agents/skills", names)
    config_dir = tmp_path / "config-dir"
    files = [home / ".config/opencode/opencode.json", project / "opencode.json",
             project / "opencode.jsonc", project / ".opencode/opencode.json",
             home / ".opencode/opencode.json", config_dir / "opencode.json"]
    for k, path in enumerate(files):
        rules = {names[k]: "deny", **{name: "allow" for name in names[k + 1:]}}
        _write(path, json.dumps({"permission": {"skill": rules}}))
    res = _run("opencode", project, home, {"OPENCODE_CONFIG_DIR": str(config_dir)})
    assert set(_status(res).values()) == {"disabled"}


def test_opencode_invalid_config_is_a_note(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".opencode/skills")
    _write(project / "opencode.json", '{"permission": {"skill": {"alpha": "deny"}')
    res = _run("opencode", project, home)
    assert _status(res)["alpha"] == "active"
    assert any("not valid JSON" in n and "does not start" in n for n in _notes(res))


# --------------------------------------------------------------------------- Gemini CLI


def test_gemini_disabled_names_ignore_case_and_add_up(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".gemini/skills")
    _write(home / ".gemini/settings.json", '{\n // c\n "skills": {"disabled": ["ALPHA", "g*"]}}')
    _write(project / ".gemini/settings.json", '{"skills": {"disabled": ["beta"]}}')
    res = _run("gemini-cli", project, home)
    assert _status(res) == {"alpha": "disabled", "beta": "disabled", "gamma": "active"}


def test_gemini_skills_enabled_false_and_trailing_comma(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".gemini/skills")
    _write(project / ".gemini/settings.json", '{"skills": {"enabled": false}}')
    assert set(_status(_run("gemini-cli", project, home)).values()) == {"disabled"}
    _write(project / ".gemini/settings.json", '{"skills": {"disabled": ["beta"],}}')
    res = _run("gemini-cli", project, home)
    assert _status(res)["beta"] == "active"
    assert any("line 1: not valid JSON" in n for n in _notes(res))


# --------------------------------------------------------------------------- OpenClaw


def test_openclaw_entries_enabled_in_json5(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".openclaw/skills", user=True)
    _write(home / ".openclaw/openclaw.json",
           "{\n  // json5\n  skills: { entries: { alpha: { enabled: false }, Beta: "
           "{enabled: false}, 'gamma': {enabled: 'no'}, }, },\n}\n")
    res = _run("openclaw", project, home)
    # OpenClaw refuses a config with a wrong type: a note, and no entry of the file applies
    assert _status(res) == {"alpha": "active", "beta": "active", "gamma": "active"}
    assert any("skills.entries.gamma.enabled is a string" in n and "does not start" in n
               for n in _notes(res))
    _write(home / ".openclaw/openclaw.json",
           "{\n  // json5\n  skills: { entries: { alpha: { enabled: false }, Beta: "
           "{enabled: false}, 'gamma': {enabled: true}, }, },\n}\n")
    res = _run("openclaw", project, home)
    assert _status(res) == {"alpha": "disabled", "beta": "active", "gamma": "active"}
    assert _notes(res) == []


def test_openclaw_state_dir_moves_the_config(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".openclaw/skills", user=True)
    state = tmp_path / "state"
    _write(state / "openclaw.json", '{"skills": {"entries": {"beta": {"enabled": false}}}}')
    _write(home / ".openclaw/openclaw.json", '{"skills": {"entries": {"alpha": {"enabled": '
           'false}}}}')
    expected = {"alpha": "active", "beta": "disabled", "gamma": "active"}
    for name in expected:  # the state dir moves the skills root too
        write_skill(state / "skills", name)
    assert _status(_run("openclaw", project, home, {"OPENCLAW_STATE_DIR": str(state)})) == (
        expected)
    config = {"OPENCLAW_CONFIG_PATH": str(state / "openclaw.json")}
    assert _status(_run("openclaw", project, home, config)) == expected


def test_openclaw_allowlist_lets_in_only_the_names_it_lists(tmp_path: Path) -> None:
    # checked with 2026.9.6 (conformance case settings-openclaw-allowlist)
    project, home = _tree(tmp_path, ".openclaw/skills", ("alpha", "beta", "gamma", "delta"),
                          user=True)
    config = _write(home / ".openclaw/openclaw.json",
                    '{ agents: { defaults: { skills: [" alpha ", "gamma", ""] } },\n'
                    '  skills: { entries: { gamma: { enabled: false }, beta: { enabled: true } '
                    '} } }\n')
    res = _run("openclaw", project, home)
    assert _status(res) == {"alpha": "active", "beta": "disabled", "gamma": "disabled",
                            "delta": "disabled"}
    off = {v.name: v.reason or "" for v in res.views}
    assert f'{config}: agents.defaults.skills = ["alpha", "gamma"] (not listed)' in off["delta"]
    assert "skills.entries.gamma.enabled = false" in off["gamma"]
    # an empty list lets in none; the one agent of a roster replaces the default list
    _write(config, '{ agents: { defaults: { skills: ["alpha"] }, list: [{ id: "main", '
                   'skills: [] }] } }\n')
    assert set(_status(_run("openclaw", project, home)).values()) == {"disabled"}
    _write(config, '{ agents: { defaults: { skills: ["alpha"] }, entries: { main: { skills: '
                   '["beta"] } } } }\n')
    assert _status(_run("openclaw", project, home))["beta"] == "active"


@pytest.mark.parametrize(("value", "note"), [
    ('"alpha"', "agents.defaults.skills is a string, not a list"),
    ('[1, "alpha"]', "agents.defaults.skills[0] is a number, not a name"),
])
def test_openclaw_refuses_an_allowlist_of_the_wrong_type(tmp_path: Path, value: str,
                                                         note: str) -> None:
    project, home = _tree(tmp_path, ".openclaw/skills", user=True)
    _write(home / ".openclaw/openclaw.json",
           "{ agents: { defaults: { skills: " + value + " } } }\n")
    res = _run("openclaw", project, home)
    assert set(_status(res).values()) == {"active"}
    assert any(note in n and "does not start" in n for n in _notes(res))


def test_openclaw_several_agents_fall_back_to_the_default_list(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".openclaw/skills", user=True)
    _write(home / ".openclaw/openclaw.json",
           '{ agents: { defaults: { skills: ["alpha"] }, entries: { a: { skills: ["beta"] }, '
           'b: {} } } }\n')
    res = _run("openclaw", project, home)
    assert _status(res) == {"alpha": "active", "beta": "disabled", "gamma": "disabled"}
    assert any("several agents are configured" in n for n in _notes(res))


# --------------------------------------------------------------------------- reading


@pytest.mark.parametrize(("text", "dialect", "expected"), [
    ('{"a": "// not a comment", /* c */ "b": [1, 2,],}', {}, {"a": "// not a comment",
                                                            "b": [1, 2]}),
    ("{a: 'it\\'s', b_1: {c: true,},}", {"json5": True}, {"a": "it's", "b_1": {"c": True}}),
    ('{"a": "x,}"}', {}, {"a": "x,}"}),
])
def test_json_dialects(text: str, dialect: dict[str, bool], expected: object) -> None:
    assert load_json(text, **dialect) == expected


def test_json_errors_keep_their_line() -> None:
    text = '{\n  // one\n  /* two\n  three */\n  "a": nope\n}'
    assert to_json(text).count("\n") == text.count("\n")
    with pytest.raises(SettingsError, match="line 5"):
        load_json(text)
    with pytest.raises(SettingsError, match="line 1"):
        load_json('{"a": 1,}', trailing_commas=False)


def test_settings_path_that_is_a_directory_is_not_read(tmp_path: Path) -> None:
    project, home = _tree(tmp_path, ".claude/skills")
    (project / ".claude/settings.json").mkdir(parents=True)
    assert set(_status(_run("claude-code", project, home)).values()) == {"active"}


# --------------------------------------------------------------------------- output


def test_list_shows_disabled_in_text_json_and_the_cross_table(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    project, home = _tree(tmp_path, ".claude/skills")
    _write(project / ".claude/settings.json", '{"skillOverrides": {"alpha": "off"}}')
    _write(home / ".claude/settings.local.json", "not json")  # not a file Claude reads
    monkeypatch.chdir(project)
    runner = CliRunner()
    base = ["list", "--project", str(project), "--home", str(home)]
    done = runner.invoke(app, [*base, "-a", "claude-code", "--all", "-f", "json"],
                         catch_exceptions=False)
    assert done.exit_code == 0
    skills = {s["name"]: s for s in json.loads(done.stdout)["skills"]}
    assert skills["alpha"]["status"] == "disabled"
    assert "skillOverrides.alpha" in skills["alpha"]["reason"]
    done = runner.invoke(app, [*base, "-a", "claude-code", "--all"], catch_exceptions=False)
    assert "alpha  disabled" in done.stdout
    done = runner.invoke(app, [*base, "-a", "claude-code"], catch_exceptions=False)
    assert "alpha" not in done.stdout.split("offered", 1)[1].split("more", 1)[0]
    done = runner.invoke(app, [*base, "--all"], catch_exceptions=False)
    assert "D disabled in its settings" in done.stdout
    row = next(line for line in done.stdout.splitlines() if line.startswith("alpha"))
    assert row.split()[1] == "D"


@pytest.mark.parametrize(("agent", "root", "settings", "text", "builtin"), [
    ("claude-code", ".claude/skills", ".claude/settings.json",
     '{"skillOverrides": {"dataviz": "off"}}', "- dataviz:"),
    ("opencode", ".opencode/skills", "opencode.json",
     '{"permission": {"skill": {"customize-opencode": "deny"}}}', "<name>customize-opencode"),
])
def test_settings_switch_off_a_built_in_in_the_catalog(tmp_path: Path, agent: str, root: str,
                                                        settings: str, text: str, builtin: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # every agent verified drops a built-in its settings switch off (conformance case
    # settings-builtins-off)
    project, home = _tree(tmp_path, root, ("alpha",))
    monkeypatch.chdir(project)
    base = ["render", "-a", agent, "--project", str(project), "--home", str(home)]
    before = CliRunner().invoke(app, base, catch_exceptions=False)
    assert builtin in before.stdout and "alpha" in before.stdout
    _write(project / settings, text)
    after = CliRunner().invoke(app, base, catch_exceptions=False)
    assert after.exit_code == 0
    assert builtin not in after.stdout and "alpha" in after.stdout


def test_show_gives_the_settings_file_and_key(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    project, home = _tree(tmp_path, ".claude/skills")
    _write(project / ".claude/settings.json", '{"skillOverrides": {"alpha": "off"}}')
    monkeypatch.chdir(project)
    done = CliRunner().invoke(app, ["show", "alpha", "-a", "claude-code", "--project",
                                    str(project), "--home", str(home)], catch_exceptions=False)
    assert "claude-code: disabled as 'alpha'" in done.stdout
    assert 'skillOverrides.alpha = "off"' in done.stdout


def test_a_malformed_settings_file_is_a_note_on_stderr(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    project, home = _tree(tmp_path, ".opencode/skills")
    _write(project / "opencode.json", "{\n  permission: 1\n")
    monkeypatch.chdir(project)
    done = CliRunner().invoke(app, ["list", "-a", "opencode", "--project", str(project),
                                    "--home", str(home)], catch_exceptions=False)
    assert done.exit_code == 0
    assert "opencode.json: settings (line 2: not valid JSON" in done.stderr


def test_reading_settings_adds_nothing_to_help_start_up() -> None:
    code = ("import sys, skillctl.cli.app; "
            "print('skillctl.settings' in sys.modules, 'tomllib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["False", "False"]
