"""``skillctl agents``: roots resolved per machine, verified versions, caveats; text and JSON."""

from __future__ import annotations

import datetime
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skillctl.agents import agent_ids, all_profiles, get_profile
from skillctl.agents.profile import Winner
from skillctl.cli.app import app
from skillctl.discovery import LOCATION_VARS, root_places, settings_files, workspace_dir
from skillctl.report import agents_view
from tests.conftest import write_skill

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[1] / "docs" / "agents.md"


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    """A git project with a Claude Code skill; a home with no skill folder at all."""
    home = tmp_path / "home"
    home.mkdir()
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    write_skill(project / ".claude/skills", "deploy")
    (project / ".claude/settings.json").write_text('{"skillOverrides": {}}\n')
    return home, project


def agents_json(home: Path, project: Path, *names: str,
                env: dict[str, str] | None = None) -> Any:
    code, out, err = invoke("agents", *names, "--project", str(project), "--home", str(home),
                            "--format", "json", env=env)
    assert code == 0, err
    doc = json.loads(out)
    assert isinstance(doc, dict)
    return doc


def test_json_for_one_agent_marks_present_roots_in_precedence_order(
        world: tuple[Path, Path]) -> None:
    home, project = world
    doc = agents_json(home, project, "claude-code")
    assert doc["version"] == 1
    assert doc["project"] == str(project) and doc["home"] == str(home)
    [agent] = doc["agents"]
    assert agent["id"] == "claude-code" and agent["name"] == "Claude Code"
    assert agent["verified"] == {"version": "2.1.332", "date": "2026-11-25"}
    assert agent["winner"] == "first"
    by_path = {root["path"]: root for root in agent["roots"]}
    assert by_path[str(project / ".claude/skills")]["present"] is True
    assert by_path[str(project / ".claude/skills")]["scope"] == "project"
    assert by_path[str(home / ".claude/skills")]["present"] is False
    paths = [root["path"] for root in agent["roots"]]
    # Claude Code: a user skill wins over a project skill of the same name
    assert paths.index(str(home / ".claude/skills")) < paths.index(
        str(project / ".claude/skills"))
    # the synced root needs a variable that is not set: listed as off, with the reason
    [synced] = [r for r in get_profile("claude-code").roots if r.env_enable]
    assert {"template": synced.template, "scope": "user",
            "reason": "needs $CLAUDE_CODE_SYNC_SKILLS"} in agent["roots_off"]
    settings = {s["path"]: s for s in agent["settings"]}
    assert settings[str(project / ".claude/settings.json")]["present"] is True
    assert settings[str(project / ".claude/settings.json")]["scope"] == "project"
    assert settings[str(home / ".claude/settings.json")]["present"] is False
    assert all(s["applied"] for s in agent["settings"])
    assert agent["caveats"] == list(get_profile("claude-code").uncertain)


def test_roots_are_exactly_what_discovery_scans_highest_precedence_first(
        world: tuple[Path, Path]) -> None:
    home, project = world
    sub = project / "a/b"
    sub.mkdir(parents=True)  # walk-up roots give one entry per directory visited
    doc = agents_json(home, sub)
    assert [a["id"] for a in doc["agents"]] == agent_ids()
    for agent in doc["agents"]:
        profile = get_profile(agent["id"])
        workspace = workspace_dir(profile, sub, home, {})  # OpenClaw's own folder
        places = [str(p.path) for p in root_places(profile, workspace, home, {})]
        if profile.winner is Winner.LAST:  # the last one scanned wins: it comes first
            places.reverse()
        assert [r["path"] for r in agent["roots"]] == places, agent["id"]
        files = [str(path) for path, _ in settings_files(profile, sub, home, {})]
        assert [s["path"] for s in agent["settings"]] == files[::-1], agent["id"]


def test_a_settings_file_the_agent_ignores_says_so(world: tuple[Path, Path]) -> None:
    home, project = world
    [agent] = agents_json(home, project, "codex")["agents"]
    ignored = [s for s in agent["settings"] if not s["applied"]]
    assert ignored and all(s["note"] for s in ignored)
    code, out, _ = invoke("agents", "codex", "--project", str(project), "--home", str(home))
    assert code == 0 and "(skill settings ignored)" in out


def test_last_wins_agents_list_the_winning_root_first(world: tuple[Path, Path]) -> None:
    home, project = world
    [agent] = agents_json(home, project, "gemini-cli")["agents"]
    paths = [r["path"] for r in agent["roots"]]
    assert paths[0] == str(project / ".agents/skills")
    assert paths[-1] == str(home / ".gemini/skills")


def test_an_environment_switch_moves_a_root_to_off(world: tuple[Path, Path]) -> None:
    home, project = world
    # location variables (OPENCLAW_STATE_DIR) are dropped under --home, as in `list`
    switched = [(p.id, r, var) for p in all_profiles() for r in p.roots
                for var in r.env_disable[:1] if var not in LOCATION_VARS]
    assert switched  # some profile has a root that a variable switches off
    for agent_id, root, variable in switched:
        [agent] = agents_json(home, project, agent_id,
                              env={variable: "1"})["agents"]
        assert not any(r["template"] == root.template for r in agent["roots"])
        assert {"template": root.template, "scope": root.scope.value,
                "reason": f"switched off by ${variable}"} in agent["roots_off"]


def test_unknown_agent_is_a_usage_error_with_a_suggestion(world: tuple[Path, Path]) -> None:
    home, project = world
    code, out, err = invoke("agents", "claud", "--home", str(home), "--project", str(project))
    assert code == 2 and out == ""
    assert "unknown agent 'claud'; did you mean 'claude-code'?" in err


def test_bad_format_and_missing_directory_are_usage_errors(tmp_path: Path) -> None:
    assert invoke("agents", "--format", "yaml")[0] == 2
    code, _, err = invoke("agents", "--project", str(tmp_path / "nope"))
    assert code == 2 and "path not found: " in err


def test_table_is_plain_when_piped(world: tuple[Path, Path]) -> None:
    home, project = world
    code, out, _ = invoke("agents", "--project", str(project), "--home", str(home))
    assert code == 0 and "\x1b" not in out
    assert "Claude Code (claude-code)\n  verified: 2.1.332 on 2026-11-25\n" in out
    assert "Amp (amp)\n  verified: not verified against the real agent\n" in out
    assert "    - not verified: no offline way to run it\n" in out
    assert re.search(r"^ +\d+\. yes +project +\S+/proj/\.claude/skills$", out, re.M)
    assert re.search(r"^ +\d+\. no +user +~/\.claude/skills$", out, re.M)
    assert "  settings files, highest precedence first:\n" in out
    assert "settings files: none modelled" in out  # Amp


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_on_a_terminal_unless_no_color(world: tuple[Path, Path],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    home, project = world
    agents = agents_view.overview([get_profile("codex")], project, home, {})
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = _Terminal()
    agents_view.write_text(agents, home, coloured, width=100)
    assert "\x1b[" in coloured.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    plain = _Terminal()
    agents_view.write_text(agents, home, plain, width=100)
    assert plain.getvalue() == agents_view.render_plain(agents, home, 100)
    assert "\x1b" not in plain.getvalue()


@pytest.mark.parametrize("width", [60, 80, 200])
def test_text_fits_the_width(world: tuple[Path, Path], width: int) -> None:
    home, project = world
    text = agents_view.render_plain(agents_view.overview(all_profiles(), project, home, {}),
                                    home, width)
    for line in text.splitlines():
        # only a path (a root or the workspace) or a single unbreakable word may run over
        if len(line) > width:
            assert (re.match(r" +((\d+\. )?(yes|no ) |workspace: )", line)
                    or " " not in line.strip()), line


def test_file_system_values_are_escaped(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    project = tmp_path / "evil\x1b[31m\nproj"
    (project / ".claude/skills").mkdir(parents=True)
    code, out, _ = invoke("agents", "claude-code", "--project", str(project),
                          "--home", str(home))
    assert code == 0
    assert "\x1b" not in out and "\\x1b[31m\\nproj/.claude/skills" in out
    code, out, _ = invoke("agents", "claude-code", "--project", str(project),
                          "--home", str(home), "--format", "json")
    [agent] = json.loads(out)["agents"]
    assert str(project / ".claude/skills") in [r["path"] for r in agent["roots"]]


def test_every_profile_is_verified_or_says_why_not() -> None:
    for profile in all_profiles():
        if profile.verified_version:
            assert datetime.date.fromisoformat(profile.verified_date), profile.id
        else:
            assert profile.verified_date == "", profile.id
            assert any(c.startswith("not verified: ") and "offline" in c
                       for c in profile.uncertain), profile.id


def _strip_comments(text: str) -> str:
    return re.sub(r"\s*//[^\n]*", "", text)


def test_the_json_document_is_documented(world: tuple[Path, Path]) -> None:
    """docs/agents.md shows one example document; its keys are exactly the real ones."""
    home, project = world
    block = re.search(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert block is not None
    example = json.loads(_strip_comments(block.group(1)))
    real = agents_json(home, project, "opencode")
    assert set(example) == set(real)
    [agent] = real["agents"]
    documented = example["agents"][0]
    assert set(documented) == set(agent)
    assert set(documented["roots"][0]) == set(agent["roots"][0])
    assert set(documented["roots_off"][0]) == set(agent["roots_off"][0])
    assert set(documented["verified"]) == set(agent["verified"])
    assert set(documented["settings"][0]) == set(agent["settings"][0])
    assert "plugins" in documented and agent["plugins"] == []


def test_relative_places_show_paths_as_list_does(world: tuple[Path, Path],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _, project = world
    monkeypatch.chdir(project)
    code, out, _ = invoke("agents", "claude-code", "--home", "../home")
    assert code == 0
    assert re.search(r"^ +\d+\. no +user +~/\.claude/skills$", out, re.M)
    assert re.search(r"^ +\d+\. yes +project +\.claude/skills$", out, re.M)


def test_an_agent_with_its_own_workspace_says_where_project_roots_apply(
        world: tuple[Path, Path]) -> None:
    home, project = world
    [agent] = agents_json(home, project, "openclaw")["agents"]
    workspace = agent["workspace"]
    assert workspace["path"] == str(home / ".openclaw/workspace") and workspace["note"]
    project_roots = [r["path"] for r in agent["roots"] if r["scope"] == "project"]
    assert project_roots and all(p.startswith(workspace["path"] + "/") for p in project_roots)
    [claude] = agents_json(home, project, "claude-code")["agents"]
    assert claude["workspace"] is None


def test_readme_names_every_verified_version() -> None:
    readme = (DOCS.parents[1] / "README.md").read_text(encoding="utf-8")
    for profile in all_profiles():
        row = next((line for line in readme.splitlines()
                    if line.startswith("| ") and f"`{profile.id}`" in line.split("|")[1]), None)
        assert row is not None, profile.id
        if profile.verified_version:
            assert profile.verified_version in row and profile.verified_date in row, row
        else:
            assert "not verified" in row, row


def test_installed_plugins_skills_folders_are_listed(tmp_path: Path) -> None:
    from tests.test_plugins import install

    home, project = tmp_path / "home", tmp_path / "proj"
    project.mkdir()
    install(home)
    folder = home / ".claude/plugins/cache/mkt/myplug/1.0.0/skills"
    [agent] = agents_json(home, project, "claude-code")["agents"]
    assert agent["plugins"] == [{"id": "myplug@mkt", "namespace": "myplug", "path": str(folder),
                                 "present": True, "state": "enabled", "reason": ""}]
    code, out, _ = invoke("agents", "claude-code", "--project", str(project), "--home",
                          str(home))
    assert code == 0
    assert "installed plugins' skills folders" in out
    assert "yes  myplug  ~/.claude/plugins/cache/mkt/myplug/1.0.0/skills" in out
    (home / ".claude/settings.json").write_text('{"enabledPlugins": {"myplug@mkt": false}}')
    [agent] = agents_json(home, project, "claude-code")["agents"]
    assert agent["plugins"][0]["state"] == "disabled" and agent["plugins"][0]["reason"]
