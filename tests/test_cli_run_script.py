"""``skillctl run-script`` end to end: CliRunner on the app, plus one real subprocess."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.conftest import put

PY = sys.executable
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["run-script", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr



@pytest.fixture
def skill(make_skill: Callable[..., Path]) -> Path:
    directory = make_skill("demo")
    put(directory, "scripts/args.py",
        f"#!{PY}\nimport json, sys\nprint(json.dumps(sys.argv[1:]))\n")
    put(directory, "scripts/fail.sh", "#!/bin/sh\necho oops >&2\nexit 7\n")
    put(directory, "scripts/where.py", f"#!{PY}\nimport os\nprint(os.getcwd())\n"
        "print(os.environ.get('CLAUDE_SKILL_DIR', '-'))\n")
    return directory


def test_runs_a_script_and_passes_args_verbatim(skill: Path) -> None:
    code, out, err = run(str(skill), "scripts/args.py", "--", "a b", "--timeout", "5",
                         "--dry-run", "$HOME", "--")
    assert code == 0, err
    assert json.loads(out) == ["a b", "--timeout", "5", "--dry-run", "$HOME", "--"]


def test_exit_code_and_stderr_are_the_scripts(skill: Path) -> None:
    code, out, err = run(str(skill), "fail.sh")
    assert code == 7
    assert out == ""
    assert "oops" in err


def test_skill_given_as_its_skill_md_or_a_file_inside(skill: Path) -> None:
    for target in (skill / "SKILL.md", skill / "scripts" / "fail.sh"):
        code, _, err = run(str(target), "fail.sh")
        assert code == 7, err


def test_cwd_and_agent_variables(skill: Path, tmp_path: Path) -> None:
    code, out, _ = run(str(skill), "where.py", "--agent", "claude-code", "--cwd", "skill",
                       "--project", str(tmp_path))
    assert code == 0
    assert out.splitlines() == [str(skill.resolve()), str(skill)]
    code, out, _ = run(str(skill), "where.py", "--cwd", "project", "--project", str(tmp_path))
    assert out.splitlines() == [str(tmp_path.resolve()), "-"]


def test_list(skill: Path) -> None:
    put(skill, "scripts/noexec.sh", "#!/bin/sh\n", 0o644)
    code, out, _ = run(str(skill), "--list")
    assert code == 0
    assert "scripts/args.py" in out and "scripts/noexec.sh" in out
    assert "shebang but no exec bit" in out
    code, out, _ = run(str(skill), "--list", "--format", "json")
    data = json.loads(out)
    assert data["version"] == 1
    paths = [s["path"] for s in data["scripts"]]
    assert paths == sorted(paths) and "scripts/noexec.sh" in paths
    noexec = next(s for s in data["scripts"] if s["path"] == "scripts/noexec.sh")
    assert noexec["executable"] is False and noexec["issues"]
    code, _, err = run(str(skill), "fail.sh", "--list")
    assert code == 2 and "--list" in err


def test_dry_run_runs_nothing(skill: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    put(skill, "scripts/touch.sh", f"#!/bin/sh\ntouch '{marker}'\n")
    code, out, _ = run(str(skill), "touch.sh", "--dry-run", "--agent", "claude-code",
                       "--project", str(tmp_path), "--", "x y")
    assert code == 0
    assert not marker.exists()
    real = str((skill / "scripts" / "touch.sh").resolve())
    assert f"argv:   {real} 'x y'" in out
    assert f"CLAUDE_SKILL_DIR={skill}" in out and f"SKILL_DIR={skill}" in out
    code, out, _ = run(str(skill), "touch.sh", "--dry-run", "--format", "json", "--", "x y")
    data = json.loads(out)
    assert data["argv"] == [real, "x y"] and data["version"] == 1
    assert data["cwd"] == str(skill.resolve()) and data["env_added"] == {"SKILL_DIR": str(skill)}
    assert not marker.exists()


def test_json_output(skill: Path) -> None:
    code, out, _ = run(str(skill), "fail.sh", "--format", "json")
    assert code == 7
    data = json.loads(out)
    assert data["version"] == 1
    assert data["exit_code"] == 7 and data["stderr"] == "oops\n" and data["stdout"] == ""
    assert data["timed_out"] is False
    assert data["truncated"] == {"stderr": False, "stdout": False}
    assert isinstance(data["duration_s"], float)
    assert list(data) == sorted(data)


@pytest.mark.parametrize(
    "bad", ["../etc/passwd", "..", "a/../../b", "/etc/passwd", "..\\..\\x", "%2e%2e%2f", "ok\x00"]
)
def test_traversal_exits_2(skill: Path, bad: str) -> None:
    code, out, err = run(str(skill), bad)
    assert code == 2 and out == ""
    assert "refusing" in err


def test_missing_script_lists_scripts(skill: Path) -> None:
    code, _, err = run(str(skill), "nope.sh")
    assert code == 2
    assert "scripts/args.py" in err and "scripts/fail.sh" in err
    code, _, err = run(str(skill))
    assert code == 2 and "--list" in err


def test_missing_interpreter_exits_127(skill: Path) -> None:
    put(skill, "scripts/gone.py", "#!/usr/bin/env skillctl-no-such-python\nprint(1)\n")
    code, _, err = run(str(skill), "gone.py")
    assert code == 127
    assert "skillctl-no-such-python" in err and "Errno" not in err


def test_no_exec_bit_warns_and_runs(skill: Path) -> None:
    put(skill, "scripts/plain.sh", "#!/bin/sh\necho plain\n", 0o644)
    code, out, err = run(str(skill), "plain.sh")
    assert code == 0 and out == "plain\n"
    assert "chmod +x scripts/plain.sh" in err


def test_timeout_exits_124(skill: Path) -> None:
    put(skill, "scripts/hang.sh", "#!/bin/sh\nsleep 60\n")
    code, _, err = run(str(skill), "hang.sh", "--timeout", "0.5")
    assert code == 124
    assert "timed out" in err


def test_bad_skill_and_agent_are_usage_errors(skill: Path, tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "missing"), "x.sh")
    assert code == 2 and "path not found: " in err  # the one wording (issue 17)
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(str(empty), "x.sh")
    assert code == 2 and "not a skill directory" in err
    code, _, err = run(str(skill), "fail.sh", "--agent", "no-such-agent")
    assert code == 2 and "unknown agent" in err


def test_real_process_streams_output_through(skill: Path) -> None:
    put(skill, "scripts/both.sh", "#!/bin/sh\necho to-out\necho to-err >&2\nexit 5\n")
    env = dict(os.environ, NO_COLOR="1")
    proc = subprocess.run(
        [PY, "-m", "skillctl", "run-script", str(skill), "both.sh"],
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 5
    assert proc.stdout == b"to-out\n"
    assert proc.stderr == b"to-err\n"


def test_timeout_in_json_still_prints_the_object(skill: Path) -> None:
    put(skill, "scripts/slow.sh", "#!/bin/sh\necho started\nsleep 60\n")
    code, out, err = run(str(skill), "slow.sh", "--timeout", "0.5", "--format", "json")
    assert code == 124 and "timed out" in err
    data = json.loads(out)
    assert data["timed_out"] is True and data["exit_code"] == 124
    assert data["stdout"] == "started\n"


def test_ctrl_c_stops_the_script_and_exits_130(skill: Path, tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    put(skill, "scripts/wait.sh",
        f"#!/bin/sh\necho $$ > '{ready}.tmp'\nmv '{ready}.tmp' '{ready}'\nsleep 60\n")
    proc = subprocess.Popen(
        [PY, "-m", "skillctl", "run-script", str(skill), "wait.sh"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while not ready.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
        assert ready.exists()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert b"interrupted" in err
    child = int(ready.read_text())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        if _is_zombie(child):
            break
        time.sleep(0.02)
    else:
        raise AssertionError(f"script process {child} still running")


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return False


def test_a_folder_named_like_the_skill_falls_back_to_the_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain").mkdir()
    (tmp_path / "home").mkdir()
    code, _, err = run("plain", "x.sh", "--home", str(tmp_path / "home"),
                       "--project", str(tmp_path))
    assert code == 2 and "not a skill directory" in err


def test_skill_found_by_name(make_skill: Callable[..., Path], tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home = tmp_path / "home"
    home.mkdir()
    skill = make_skill("named", root=project / ".claude" / "skills")
    put(skill, "scripts/hello.sh", "#!/bin/sh\necho \"hello from $CLAUDE_SKILL_DIR\"\n")
    code, out, err = run("named", "hello.sh", "--agent", "claude-code",
                         "--project", str(project), "--home", str(home))
    assert code == 0, err
    assert out == f"hello from {skill}\n"
    code, _, err = run("no-such-skill", "hello.sh", "--project", str(project),
                       "--home", str(home))
    assert code == 2 and "no-such-skill" in err
