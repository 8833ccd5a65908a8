"""``skillctl disable`` / ``enable`` end to end: the file written, then ``list`` agrees."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.conftest import write_skill

runner = CliRunner()


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    """A git project with skill ``beta`` where every agent with a setting looks."""
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    for root in (project / ".claude/skills", project / ".agents/skills",
                 home / ".openclaw/skills"):
        write_skill(root, "beta")
    return project, home


def invoke(world: tuple[Path, Path], *args: str) -> tuple[int, str, str]:
    project, home = world
    result = runner.invoke(app, [*args, "--project", str(project), "--home", str(home)],
                           catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def statuses(world: tuple[Path, Path], agent: str) -> set[str]:
    code, out, _ = invoke(world, "list", "--agent", agent, "--all", "--format", "json")
    assert code == 0
    return {s["status"] for s in json.loads(out)["skills"] if s["name"] == "beta"}


@pytest.mark.parametrize(("agent", "scope", "file"), [
    ("claude-code", "project", "project/.claude/settings.json"),
    ("claude-code", "local", "project/.claude/settings.local.json"),
    ("claude-code", "user", "home/.claude/settings.json"),
    ("codex", "user", "home/.codex/config.toml"),
    ("opencode", "project", "project/opencode.json"),
    ("opencode", "user", "home/.config/opencode/opencode.json"),
    ("gemini-cli", "project", "project/.gemini/settings.json"),
    ("openclaw", "user", "home/.openclaw/openclaw.json"),
])
def test_disable_list_enable_list(world: tuple[Path, Path], agent: str, scope: str,
                                  file: str) -> None:
    assert "active" in statuses(world, agent)
    code, out, err = invoke(world, "disable", "beta", "--agent", agent, "--scope", scope)
    assert (code, err) == (0, "")
    written = world[0].parent / file
    assert out == f"{agent}: disabled 'beta' in {written}\n"
    assert statuses(world, agent) & {"active", "disabled"} == {"disabled"}
    code, out, err = invoke(world, "enable", "beta", "--agent", agent, "--scope", scope)
    assert (code, err) == (0, "")
    assert out == f"{agent}: enabled 'beta' in {written}\n"
    assert "active" in statuses(world, agent)
    assert "disabled" not in statuses(world, agent)


def test_dry_run_prints_the_diff_and_writes_nothing(world: tuple[Path, Path]) -> None:
    settings = world[0] / ".claude/settings.json"
    settings.parent.mkdir(exist_ok=True)
    settings.write_text('{\n  "model": "opus"\n}\n')
    code, out, _ = invoke(world, "disable", "beta", "-a", "claude-code", "--dry-run")
    assert code == 0
    assert out == (f"--- {settings}\n+++ {settings}\n@@ -1,3 +1,6 @@\n {{\n"
                   '-  "model": "opus"\n+  "model": "opus",\n+  "skillOverrides": {\n'
                   '+    "beta": "off"\n+  }\n }\n')
    assert settings.read_text() == '{\n  "model": "opus"\n}\n'


def test_all_writes_every_agent_that_sees_the_skill(world: tuple[Path, Path]) -> None:
    code, out, err = invoke(world, "disable", "beta", "--agent", "all", "--scope", "user")
    assert code == 0, err
    agents = [line.split(":")[0] for line in out.splitlines()]
    assert agents == ["claude-code", "opencode", "codex", "openclaw", "gemini-cli"]
    assert "amp: skipped: it has no setting that switches a skill off" in err
    for agent in agents:
        assert statuses(world, agent) & {"active", "disabled"} == {"disabled"}
    code, out, err = invoke(world, "enable", "beta", "--agent", "all", "--scope", "user")
    assert code == 0, err
    for agent in agents:
        assert "disabled" not in statuses(world, agent)


def test_all_in_project_scope_skips_codex_and_says_why(world: tuple[Path, Path]) -> None:
    code, out, err = invoke(world, "disable", "beta", "--agent", "all")
    assert code == 1
    assert "codex: skipped: Codex ignores [[skills.config]]" in err
    assert "use --scope user" in err
    assert "claude-code: disabled 'beta'" in out
    assert not (world[1] / ".codex").exists()


def test_codex_project_scope_is_refused(world: tuple[Path, Path]) -> None:
    code, out, err = invoke(world, "disable", "beta", "--agent", "codex")
    assert (code, out) == (2, "")
    assert "Codex ignores [[skills.config]] in a project's .codex/config.toml" in err
    assert "use --scope user" in err


def test_enable_names_the_user_setting_that_keeps_it_off(world: tuple[Path, Path]) -> None:
    assert invoke(world, "disable", "beta", "-a", "claude-code", "--scope", "user")[0] == 0
    code, out, err = invoke(world, "enable", "beta", "-a", "claude-code")
    assert code == 1
    assert out.startswith("claude-code: nothing to undo for 'beta' in ")
    user = world[1] / ".claude/settings.json"
    assert err == (f"claude-code: 'beta' is not active: {user}: skillOverrides.beta = \"off\" "
                   "decides (skillctl enable beta --agent claude-code --scope user)\n")


def test_a_refusal_writes_nothing_for_any_agent(world: tuple[Path, Path]) -> None:
    gemini = world[0] / ".gemini/settings.json"
    gemini.parent.mkdir()
    gemini.write_text('{\n  "skills": {\n    "disabled": [,]\n  }\n}\n')
    code, out, err = invoke(world, "disable", "beta", "-a", "claude-code", "-a", "gemini-cli")
    assert (code, out) == (2, "")
    assert err.startswith(f"skillctl: error: {gemini}: line 3: not valid JSON")
    assert not (world[0] / ".claude/settings.json").exists()


def test_output_is_escaped(tmp_path: Path) -> None:
    project = tmp_path / "evil\x1b]0;title\x07"
    project.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    code, out, err = invoke((project, home), "disable", "beta", "-a", "gemini-cli")
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;title\\x07" in out
    assert "note: no skill named 'beta' here" in err


def test_bad_scope_and_bad_name_are_usage_errors(world: tuple[Path, Path]) -> None:
    assert invoke(world, "disable", "beta", "-a", "claude-code", "--scope", "team")[0] == 2
    code, _, err = invoke(world, "disable", " beta", "-a", "claude-code")
    assert code == 2 and "not a skill name" in err
    code, _, err = invoke(world, "disable", "nothing-here", "-a", "all")
    assert code == 2 and "no agent sees a skill named 'nothing-here' here" in err
