"""The composite GitHub Action (action.yml): inputs are wired, safely, and the steps really run.

The lint step's script is executed with bash exactly as a runner would (inputs as ``INPUT_*``
environment variables, skillctl on PATH); the install step runs for real in the slow test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
ACTION = REPO / "action.yml"
INPUTS = {"paths", "agents", "format", "strict", "sarif-file", "args", "python"}

GOOD = (
    "---\nname: good-skill\ndescription: Formats release notes from merged pull requests. "
    "Use when the user asks for release notes or a changelog entry.\n---\n# Good\n\nBody.\n"
)
WARN = ("---\nname: warn-skill\ndescription: Formats release notes from merged pull requests "
        "for the team.\n---\n# Warn\n\nBody.\n")
BROKEN = "---\nname: Broken_Skill\ndescription: x\n---\n# Broken\n\nBody.\n"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")


def load_action() -> dict[str, Any]:
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(ACTION.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def step(name: str) -> dict[str, Any]:
    steps = load_action()["runs"]["steps"]
    (found,) = [s for s in steps if s["name"] == name]
    return dict(found)


def test_action_is_composite_with_the_documented_inputs() -> None:
    action = load_action()
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) == INPUTS
    assert action["inputs"]["format"]["default"] == "github"
    assert action["inputs"]["paths"]["default"] == "."
    assert action["inputs"]["sarif-file"]["default"] == ""
    for spec in action["inputs"].values():
        assert spec["description"] and spec["required"] is False


def test_every_input_reaches_a_step_through_env_never_through_the_script() -> None:
    steps = load_action()["runs"]["steps"]
    wired: set[str] = set()
    for item in steps:
        assert item["shell"] == "bash"
        assert "${{" not in item["run"], "expressions in run: allow shell injection"
        for var, value in item.get("env", {}).items():
            match = re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", str(value))
            assert match, (var, value)
            assert var in item["run"], f"{var} is set but never used"
            wired.add(match.group(1))
    assert wired == INPUTS
    install = step("Install skillctl")
    assert '"$GITHUB_ACTION_PATH"' in install["run"]


def make_launcher(bindir: Path) -> None:
    bindir.mkdir(parents=True, exist_ok=True)
    launcher = bindir / "skillctl"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m skillctl "$@"\n')
    launcher.chmod(0o755)


def write(root: Path, name: str, text: str) -> None:
    (root / name).mkdir(parents=True, exist_ok=True)
    (root / name / "SKILL.md").write_text(text, encoding="utf-8")


def lint_step(workspace: Path, **inputs: str) -> subprocess.CompletedProcess[str]:
    """Run the "Lint skills" step in ``workspace`` with the given inputs (others: defaults)."""
    action = load_action()
    env = {k: v for k, v in os.environ.items() if not k.startswith("INPUT_")}
    make_launcher(workspace.parent / "bin")
    env["PATH"] = f"{workspace.parent / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["NO_COLOR"] = "1"
    env["SKILLCTL_CACHE_DIR"] = str(workspace.parent / "cache")
    lint = step("Lint skills")
    for var, value in lint["env"].items():
        name = re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", value).group(1)  # type: ignore[union-attr]
        env[var] = inputs.get(name.replace("-", "_"), action["inputs"][name]["default"])
    return subprocess.run(["bash", "--noprofile", "--norc", "-e", "-c", lint["run"]],
                          cwd=workspace, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


def test_good_skills_pass_with_github_annotations_by_default(workspace: Path) -> None:
    write(workspace / ".claude" / "skills", "good-skill", GOOD)
    proc = lint_step(workspace)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "::error" not in proc.stdout


def test_broken_skill_fails_with_error_annotations(workspace: Path) -> None:
    write(workspace / "skills", "broken-skill", BROKEN)
    proc = lint_step(workspace)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert re.search(r"^::error file=skills/broken-skill/SKILL\.md,line=2", proc.stdout, re.M)


def test_paths_input_limits_what_is_linted(workspace: Path) -> None:
    write(workspace, "broken-skill", BROKEN)
    write(workspace / "ok", "good-skill", GOOD)
    write(workspace / "also", "good-skill", GOOD)
    assert lint_step(workspace, paths="ok\nalso").returncode == 0
    assert lint_step(workspace, paths="ok broken-skill").returncode == 1


def test_strict_input_makes_warnings_fail(workspace: Path) -> None:
    write(workspace, "warn-skill", WARN)
    assert lint_step(workspace).returncode == 0
    strict = lint_step(workspace, strict="true")
    assert strict.returncode == 1, strict.stdout + strict.stderr
    bad = lint_step(workspace, strict="maybe")
    assert bad.returncode == 2 and "strict must be true or false" in bad.stdout


def test_agents_input_is_passed_to_lint(workspace: Path) -> None:
    write(workspace, "good-skill", GOOD)
    assert lint_step(workspace, agents="claude-code, codex\nopencode").returncode == 0
    unknown = lint_step(workspace, agents="claude-code,no-such-agent")
    assert unknown.returncode == 2
    assert "no-such-agent" in unknown.stderr


def test_args_and_format_inputs(workspace: Path) -> None:
    write(workspace, "warn-skill", WARN)
    proc = lint_step(workspace, args="--ignore description-no-trigger --strict", format="json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(proc.stdout)
    assert report["diagnostics"] == []


def test_sarif_file_is_written_and_does_not_decide_the_result(workspace: Path) -> None:
    write(workspace, "broken-skill", BROKEN)
    write(workspace, "good-skill", GOOD)
    sarif = workspace / "skillctl.sarif"
    proc = lint_step(workspace, sarif_file="skillctl.sarif")
    assert proc.returncode == 1
    assert "::error file=broken-skill/SKILL.md" in proc.stdout
    log = json.loads(sarif.read_text(encoding="utf-8"))
    assert log["version"] == "2.1.0"
    # Broken_Skill is one finding (issue 16): name-charset, which covers the uppercase too
    assert any(r["ruleId"] == "name-charset" for r in log["runs"][0]["results"])
    sarif.unlink()
    shutil.rmtree(workspace / "broken-skill")
    clean = lint_step(workspace, sarif_file="skillctl.sarif")
    assert clean.returncode == 0
    assert json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"] == []


def test_input_values_are_never_run_as_shell(workspace: Path) -> None:
    write(workspace, "good-skill", GOOD)
    marker = workspace.parent / "pwned"
    proc = lint_step(workspace, args=f"$(touch {marker})", paths=f"good-skill;touch {marker}")
    assert not marker.exists()
    assert proc.returncode == 2  # skillctl got the odd words as arguments and refused them


@pytest.mark.slow
def test_install_step_installs_skillctl_into_a_venv(tmp_path: Path) -> None:
    """The install step for real: a venv under RUNNER_TEMP, pip install of the action path."""
    action_path = tmp_path / "action"
    action_path.mkdir()
    for name in ("pyproject.toml", "README.md"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, action_path / name)
    for name in ("skillctl", "man", "completions"):
        shutil.copytree(REPO / name, action_path / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    runner_temp = tmp_path / "runner-temp"
    runner_temp.mkdir()
    github_path = tmp_path / "github_path"
    github_path.write_text("")
    install = step("Install skillctl")
    env = {**os.environ, "RUNNER_TEMP": str(runner_temp), "GITHUB_ACTION_PATH": str(action_path),
           "GITHUB_PATH": str(github_path), "INPUT_PYTHON": sys.executable}
    proc = subprocess.run(["bash", "--noprofile", "--norc", "-e", "-c", install["run"]],
                          env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0 and re.search(r"(?i)connection|network|resolve", proc.stderr):
        pytest.skip("the package index is not reachable")
    assert proc.returncode == 0, proc.stderr[-3000:]
    bindir = Path(github_path.read_text().strip())
    version = subprocess.run([str(bindir / "skillctl"), "--version"], capture_output=True,
                             text=True, timeout=120)
    assert version.returncode == 0 and version.stdout.startswith("skillctl ")
