"""``--color auto|always|never``, ``NO_COLOR``, ``FORCE_COLOR`` and ``TERM=dumb`` (issue 17).

Precedence: ``--color`` > ``NO_COLOR`` > ``FORCE_COLOR`` > a terminal (``TERM`` not dumb).
Through the installed command (a pipe), and in a real terminal (tmux) when it is installed.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skillctl.report.term import use_color
from tests.conftest import write_skill

ESC = "\x1b["
COMMANDS = ("agents", "lint", "list", "new", "render", "rules", "run-script", "schema", "show")


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    home = tmp_path / "home"
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    # a warning for lint (no "use when"), and a skill for list
    write_skill(project / ".claude/skills", "demo", "name: demo\ndescription: Does things.\n")
    return home, project


def run(project: Path, home: Path, *args: str, **env: str) -> str:
    environ = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "LC_ALL": "C.UTF-8",
               **env}
    result = subprocess.run([sys.executable, "-m", "skillctl", *args], cwd=project,
                            env=environ, capture_output=True, text=True, timeout=120)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout


@pytest.mark.parametrize("args", [("list",), ("list", "-a", "claude-code"),
                                  ("lint", "--no-cache", ".claude/skills"), ("agents",)])
@pytest.mark.parametrize(("flag", "env", "colored"), [
    ((), {}, False),  # a pipe
    ((), {"FORCE_COLOR": "1"}, True),
    ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),  # NO_COLOR wins over FORCE_COLOR
    ((), {"NO_COLOR": ""}, False),  # empty NO_COLOR means unset; still a pipe
    (("--color", "always"), {"NO_COLOR": "1"}, True),  # the option wins over both
    (("--color", "never"), {"FORCE_COLOR": "1"}, False),
    (("--color", "auto"), {"FORCE_COLOR": "1", "TERM": "dumb"}, True),
])
def test_precedence_through_the_installed_command(
    world: tuple[Path, Path], args: tuple[str, ...], flag: tuple[str, ...],
    env: dict[str, str], colored: bool,
) -> None:
    home, project = world
    out = run(project, home, *args, *flag, **env)
    assert out
    assert (ESC in out) is colored


def test_every_command_takes_the_option() -> None:
    for command in COMMANDS:
        result = subprocess.run([sys.executable, "-m", "skillctl", command, "--help"],
                                capture_output=True, text=True, timeout=120,
                                env={**os.environ, "COLUMNS": "200"})
        assert "--color WHEN" in result.stdout, command
    bad = subprocess.run([sys.executable, "-m", "skillctl", "schema", "--color", "sometimes"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "auto, always, never" in bad.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_decision_order() -> None:
    tty, pipe = _Terminal(), io.StringIO()
    assert use_color(tty, "auto", {})
    assert not use_color(pipe, "auto", {})
    assert not use_color(tty, "auto", {"TERM": "dumb"})
    assert not use_color(tty, "auto", {"NO_COLOR": "1"})
    assert use_color(pipe, "auto", {"FORCE_COLOR": "1"})
    assert not use_color(pipe, "auto", {"FORCE_COLOR": "1", "NO_COLOR": "x"})
    assert use_color(pipe, "always", {"NO_COLOR": "1"})
    assert not use_color(tty, "never", {"FORCE_COLOR": "1"})


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize(("env", "colored"), [
    ("TERM=xterm", True), ("TERM=dumb", False), ("TERM=xterm NO_COLOR=1", False),
])
@pytest.mark.parametrize("args", ["list -a claude-code", "lint --no-cache .claude/skills"])
def test_in_a_real_terminal(world: tuple[Path, Path], tmp_path: Path, env: str,
                            colored: bool, args: str) -> None:
    home, project = world
    done = tmp_path / "done"
    session = f"skillctl-color-{os.getpid()}-{abs(hash((env, args)))}"
    command = (f"env -u FORCE_COLOR -u NO_COLOR HOME={home} LC_ALL=C.UTF-8 {env} "
               f"{sys.executable} -m skillctl {args}; touch {done}; sleep 60")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
                    "-c", str(project), command], check=True, timeout=30)
    try:
        deadline = time.monotonic() + 60
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        # -e keeps the escapes the program wrote (as tmux understood them)
        pane = subprocess.run(["tmux", "capture-pane", "-p", "-e", "-t", session],
                              capture_output=True, text=True, check=True, timeout=30).stdout
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], timeout=30, check=False)
    assert "demo" in pane
    assert (ESC in pane) is colored
