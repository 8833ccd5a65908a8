"""The committed man page says what the tool does: its EXIT STATUS lists every code the
commands document, and its examples do what their captions claim (issue 17)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO, write_skill

MAN = REPO / "man" / "skillctl.1"


def _section(name: str) -> str:
    text = MAN.read_text()
    start = text.index(f".SH {name}\n")
    end = text.find("\n.SH ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _skillctl(*args: str, cwd: Path, home: Path) -> str:
    proc = subprocess.run([sys.executable, "-m", "skillctl", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=60, env={"PATH": "/usr/bin:/bin",
                                                               "HOME": str(home)})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_exit_status_lists_every_code_run_script_documents() -> None:
    listed = set(re.findall(r"^\\fB(\d+)\\fR$", _section("EXIT STATUS"), re.M))
    help_text = subprocess.run(
        [sys.executable, "-m", "skillctl", "run-script", "--help"],
        capture_output=True, text=True, timeout=60, env={"COLUMNS": "200", "PATH": "/usr/bin"},
    ).stdout
    sentence = re.search(r"skillctl itself exits (.*?)\.", " ".join(help_text.split()))
    assert sentence is not None, help_text
    documented = set(re.findall(r"\b(\d{1,3})\b", sentence[1]))
    assert {"126", "127"} <= documented  # what run-script --help promises
    assert documented | {"0", "1", "2", "3"} <= listed


def test_the_explain_example_shows_the_skills_that_lose(tmp_path: Path) -> None:
    examples = _section("EXAMPLES")
    assert "skillctl list \\-\\-agent claude\\-code \\-\\-all \\-\\-explain" in examples
    # what the caption promises: the shadowed copy is there, with why
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    write_skill(project / ".claude" / "skills", "same", "name: same\ndescription: Project.\n")
    home = tmp_path / "home"
    write_skill(home / ".claude" / "skills", "same", "name: same\ndescription: User.\n")
    out = _skillctl("list", "--agent", "claude-code", "--all", "--explain", cwd=project, home=home)
    without_all = _skillctl("list", "--agent", "claude-code", "--explain", cwd=project, home=home)
    assert out.count("same") > without_all.count("same")
