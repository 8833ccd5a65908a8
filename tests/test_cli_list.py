"""``skillctl list`` through Typer's runner (and once through the installed entry point)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.agents import agent_ids
from skillctl.cli.app import app
from tests.conftest import write_skill

runner = CliRunner()


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "h"
    home.mkdir(exist_ok=True)
    return home


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    home = tmp_path / "home"
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    write_skill(home / ".claude/skills", "deploy")
    write_skill(project / ".claude/skills", "deploy")
    write_skill(project / ".claude/skills", "colon", "name: colon\ndescription: Use when: x\n")
    write_skill(project / ".claude/skills/group", "nested")
    return home, project


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_agent_json_shape_and_precedence(world: tuple[Path, Path]) -> None:
    home, project = world
    code, out, _ = invoke("list", "--agent", "claude-code", "--project", str(project),
                          "--home", str(home), "--format", "json", "--all")
    assert code == 0
    doc = json.loads(out)
    assert doc["version"] == 1 and doc["agent"] == "claude-code"
    assert doc["project"] == str(project) and doc["home"] == str(home)
    skills = doc["skills"]
    keys = {"name", "declared_name", "description", "path", "dir", "root", "scope", "status",
            "shadowed_by", "reason"}
    assert all(keys <= set(s) for s in skills)
    assert skills[0]["path"] == str(home / ".claude/skills/deploy/SKILL.md")
    assert skills[0]["status"] == "active" and skills[0]["scope"] == "user"
    statuses = {Path(s["path"]).parent.name: s["status"] for s in skills}
    assert statuses == {"deploy": "shadowed", "colon": "active", "nested": "hidden"}
    shadowed = next(s for s in skills if s["status"] == "shadowed")
    assert shadowed["shadowed_by"] == skills[0]["path"]


def test_default_hides_losers_and_says_how_many(world: tuple[Path, Path]) -> None:
    home, project = world
    code, out, _ = invoke("list", "-a", "claude-code", "--project", str(project), "--home",
                          str(home))
    assert code == 0
    assert "2 more (shadowed, invalid or hidden; use --all)" in out
    assert "nested" not in out
    doc = json.loads(invoke("list", "-a", "claude-code", "--project", str(project), "--home",
                            str(home), "-f", "json")[1])
    assert doc["omitted"] == 2 and {s["status"] for s in doc["skills"]} == {"active"}


def test_explain_says_why(world: tuple[Path, Path]) -> None:
    home, project = world
    _, out, _ = invoke("list", "-a", "claude-code", "--project", str(project), "--home",
                       str(home), "--all", "--explain")
    assert "too deep" in out and "keeps the earlier skill named 'deploy'" in out
    assert "shadows " in out


def test_cross_agent_table_and_json(world: tuple[Path, Path]) -> None:
    home, project = world
    code, out, _ = invoke("list", "--project", str(project), "--home", str(home), "--all")
    assert code == 0
    assert out.startswith("NAME")
    assert "A active  C conditional  H hidden  S shadowed  I invalid" in out
    assert "\x1b[" not in out  # not a TTY: plain text
    doc = json.loads(invoke("list", "--project", str(project), "--home", str(home), "--all",
                            "-f", "json")[1])
    assert doc["agent"] is None
    colon = next(s for s in doc["skills"] if s["name"] == "colon")
    assert set(colon["agents"]) == set(agent_ids())
    assert colon["agents"]["claude-code"]["status"] == "active"
    assert colon["agents"]["opencode"]["status"] == "active"  # 1.18.33 rewrites such lines
    assert colon["agents"]["goose"]["status"] == "invalid"
    assert colon["agents"]["gemini-cli"] is None


def test_json_is_deterministic(world: tuple[Path, Path]) -> None:
    home, project = world
    args = ("list", "--project", str(project), "--home", str(home), "--all", "-f", "json")
    assert invoke(*args)[1] == invoke(*args)[1]


def test_path_arguments_add_extra_trees(world: tuple[Path, Path], tmp_path: Path) -> None:
    home, project = world
    write_skill(tmp_path / "repo/skills/a/b", "far")
    doc = json.loads(invoke("list", str(tmp_path / "repo"), "-a", "codex", "--project",
                            str(project), "--home", str(home), "-f", "json")[1])
    assert [(s["name"], s["scope"]) for s in doc["skills"]] == [("far", "extra")]


@pytest.mark.parametrize("args, message", [
    (("--agent", "vim"), "unknown agent 'vim'"),
    (("--format", "xml"), "not one of"),
    (("/does/not/exist",), "path not found"),
    (("--project", "/does/not/exist"), "path not found: /does/not/exist (--project)"),
])
def test_usage_errors_exit_2(args: tuple[str, ...], message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["list", "--home", str(tmp_path), *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_empty_world_lists_roots(tmp_path: Path) -> None:
    code, out, _ = invoke("list", "-a", "gemini-cli", "--project", str(tmp_path), "--home",
                          str(tmp_path))
    assert code == 0 and "No skills found for Gemini CLI" in out and ".gemini/skills" in out


def test_scan_notes_go_to_stderr(tmp_path: Path) -> None:
    root = tmp_path / ".agents/skills"
    write_skill(root, "ok")
    (root / "loop").symlink_to(root)
    code, out, err = invoke("list", "-a", "opencode", "--project", str(tmp_path), "--home",
                            str(_home(tmp_path)))
    assert code == 0 and "ok" in out and "symlink-loop" in err


def test_installed_entry_point(world: tuple[Path, Path]) -> None:
    home, project = world
    args = ["list", "-a", "claude-code", "--project", str(project), "--home", str(home), "-f",
            "json"]
    module = subprocess.run([sys.executable, "-m", "skillctl", *args], capture_output=True,
                            text=True, timeout=60, check=False)
    assert module.returncode == 0, module.stderr
    assert json.loads(module.stdout)["skills"][0]["name"] == "deploy"
    exe = shutil.which("skillctl") or str(Path(sys.executable).parent / "skillctl")
    if not Path(exe).exists():
        pytest.skip("the skillctl console script is not installed")
    script = subprocess.run([exe, *args], capture_output=True, text=True, timeout=60,
                            check=False)
    assert script.stdout == module.stdout
    bad = subprocess.run([exe, "list", "--agent", "nope"], capture_output=True, text=True,
                         timeout=60, check=False)
    assert bad.returncode == 2 and "unknown agent" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "--project", "{missing}"],
        ["show", "anything", "--home", "{missing}"],
        ["render", "--agent", "codex", "--project", "{missing}"],
        ["run-script", "anything", "--list", "--project", "{missing}"],
    ],
)
def test_a_missing_project_or_home_is_a_usage_error_everywhere(
    tmp_path: Path, argv: list[str]
) -> None:
    missing = str(tmp_path / "missing")
    result = CliRunner().invoke(app, [a.replace("{missing}", missing) for a in argv])
    assert result.exit_code == 2
    assert f"path not found: {missing} (--" in result.stderr
