"""``list`` laid out for 60, 80, 120 and 200 columns, through the installed command (issue 17).

Names are never broken, long paths are shortened in the middle, descriptions are cut to the
space left, and below a usable width each skill becomes a block. ``COLUMNS`` stands for the
terminal's width in a pipe; one test also runs a real terminal (tmux) when it is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest

from tests.conftest import write_skill

LONG_NAME = "pdf-form-filling-and-extraction-toolkit"
LONG_DESCRIPTION = (
    "Fill, extract and flatten PDF forms with pdftk and qpdf. Use when the user asks to fill "
    "a PDF form, read its fields or merge several filled forms into one single document."
)


def cells(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    home = tmp_path / "home"
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    deep = project / ".claude/skills"
    write_skill(deep, LONG_NAME, f"name: {LONG_NAME}\ndescription: {LONG_DESCRIPTION}\n")
    write_skill(deep, "x", "name: x\ndescription: Short. Use when short.\n")
    write_skill(project / ".agents/skills", "表格处理",
                "name: 表格处理\ndescription: 处理电子表格。Use when working with sheets.\n")
    return home, project


def run(project: Path, home: Path, *args: str, columns: int | None = None) -> str:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "LC_ALL": "C.UTF-8"}
    if columns is not None:
        env["COLUMNS"] = str(columns)
    result = subprocess.run([sys.executable, "-m", "skillctl", *args], cwd=project, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("columns", [60, 80, 120, 200])
def test_agent_table_fits_and_never_breaks_a_name(world: tuple[Path, Path],
                                                  columns: int) -> None:
    home, project = world
    out = run(project, home, "list", "-a", "claude-code", columns=columns)
    lines = out.splitlines()
    assert LONG_NAME in out  # whole, on one line
    for line in lines:
        assert cells(line) <= columns or line.startswith(LONG_NAME), line
    if columns <= 80:  # too narrow for a table with a 39-character name: one block each
        assert not any(line.startswith("NAME") for line in lines)
        assert f"{LONG_NAME}  active, project" in lines
        assert "  .claude/skills/x/SKILL.md" in lines
    else:
        assert lines[1].split() == ["NAME", "STATUS", "SCOPE", "DESCRIPTION", "PATH"]
    if columns == 200:  # the description gets the room there is, not 50 characters
        row = next(line for line in lines if line.startswith(LONG_NAME))
        assert LONG_DESCRIPTION[:70] in row
    if columns == 120:  # the path is shortened in the middle, keeping its end
        row = next(line for line in lines if line.startswith(LONG_NAME))
        assert row.endswith("toolkit/SKILL.md") and "…" in row and row.count("…") == 2


@pytest.mark.parametrize("columns", [60, 80, 120, 200])
def test_cross_table_fits(world: tuple[Path, Path], columns: int) -> None:
    home, project = world
    out = run(project, home, "list", columns=columns)
    for line in out.splitlines():
        assert cells(line) <= columns or LONG_NAME in line, line
    assert LONG_NAME in out and "表格处理" in out
    table = any(line.startswith("NAME ") for line in out.splitlines())
    assert table == (columns >= 120)  # a 39-character name leaves too little room below


def test_cjk_names_keep_the_columns_aligned(world: tuple[Path, Path]) -> None:
    home, project = world
    lines = run(project, home, "list", columns=200).splitlines()
    header = lines[0]
    row = next(line for line in lines if line.startswith("表格处理"))
    assert cells(row[: row.index(".agents")]) == header.index("PATH")


def test_a_pipe_keeps_whole_paths_and_cuts_descriptions_at_50(
    world: tuple[Path, Path],
) -> None:
    home, project = world
    out = run(project, home, "list", "-a", "claude-code")
    row = next(line for line in out.splitlines() if line.startswith(LONG_NAME))
    assert f".claude/skills/{LONG_NAME}/SKILL.md" in row
    assert LONG_DESCRIPTION[:49] + "…" in row


def test_explain_collapses_agents_with_the_same_verdict(world: tuple[Path, Path]) -> None:
    home, project = world
    out = run(project, home, "list", "--explain")
    after = out[out.index("x  (.claude/skills/x/SKILL.md)"):].splitlines()[1:]
    section = after[: next(i for i, line in enumerate(after) if not line.startswith(" "))]
    # seven agents load it from the same root: one line names them all
    assert len(section) == 1, section
    assert section[0].startswith("  claude-code, opencode, ")
    assert section[0].endswith(f": active: loaded from the project root {project}/.claude/skills")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize("columns", [60, 80, 120, 200])
def test_in_a_real_terminal(world: tuple[Path, Path], tmp_path: Path, columns: int) -> None:
    home, project = world
    done = tmp_path / "done"
    session = f"skillctl-test-{os.getpid()}-{columns}"
    command = (f"env -u COLUMNS HOME={home} LC_ALL=C.UTF-8 TERM=xterm {sys.executable} -m "
               f"skillctl list -a claude-code; touch {done}; sleep 60")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", str(columns), "-y", "50",
                    "-c", str(project), command], check=True, timeout=30)
    try:
        deadline = time.monotonic() + 60
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        pane = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                              capture_output=True, text=True, check=True, timeout=30).stdout
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], timeout=30, check=False)
    lines = [line.rstrip() for line in pane.splitlines() if line.strip()]
    # the name is whole on one screen line: the terminal never had to wrap it
    assert any(line.startswith(LONG_NAME) for line in lines)
    assert not any(line.startswith(LONG_NAME[10:]) for line in lines)
    assert ("NAME" in lines[1]) == (columns >= 120)
