"""Issue 15 item 6: a repository cannot make git cost the run its time. A ``.git`` whose
files git reads are FIFOs is not asked at all, and all git calls of a run share one budget."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from skillctl import gitfacts
from tests.conftest import write_skill
from tests.hostile.limited import run_limited


def _repo_with_script(repo: Path) -> Path:
    skill = write_skill(repo / "skills", "tool", "name: tool\ndescription: Runs. Use when.\n")
    script = skill / "scripts" / "run.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho ok\n")
    script.chmod(0o755)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return script


def test_fifo_git_config_in_three_repositories_does_not_stall(tmp_path: Path) -> None:
    for name in ("a", "b", "c"):
        repo = tmp_path / name
        _repo_with_script(repo)
        (repo / ".git/config").unlink()
        os.mkfifo(repo / ".git/config")
    # git would wait 30 s on each FIFO: 90 s; the child's limit is far below that
    outcome = run_limited("cli", "lint", "--no-cache", "--format", "json",
                          str(tmp_path / "a"), str(tmp_path / "b"), str(tmp_path / "c"),
                          timeout=25)
    assert outcome.returncode in (0, 1), outcome.stderr
    assert "Traceback" not in outcome.stderr


@pytest.mark.parametrize("odd", ["fifo-head", "dev-null-index", "git-link"])
def test_unusual_git_folders_are_not_asked(tmp_path: Path, odd: str) -> None:
    repo = tmp_path / "repo"
    _repo_with_script(repo)
    if odd == "fifo-head":
        (repo / ".git/HEAD").unlink()
        os.mkfifo(repo / ".git/HEAD")
    elif odd == "dev-null-index":
        (repo / ".git/index").unlink(missing_ok=True)
        (repo / ".git/index").symlink_to("/dev/null")
    else:
        (repo / ".git").rename(tmp_path / "real-git")
        (repo / ".git").symlink_to(tmp_path / "real-git")
    assert not gitfacts._plain_repository(str(repo))
    gitfacts.git_index_modes.cache_clear()
    assert gitfacts.git_index_modes(str(repo)) == {}


def test_git_calls_share_one_budget_per_run(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    script = _repo_with_script(repo)
    subprocess.run(["git", "-C", str(repo), "add", "."], check=True)
    real = os.path.realpath(script)
    gitfacts.git_index_modes.cache_clear()
    assert gitfacts.git_index_modes(str(repo)).get(real) == "100755"
    gitfacts.git_index_modes.cache_clear()
    gitfacts._git_seconds_left[0] = 0.0  # the run's budget is spent: git is not asked
    assert gitfacts.git_index_modes(str(repo)) == {}
    gitfacts.git_index_modes.cache_clear()  # a new run gets the whole budget back
    assert gitfacts._git_seconds_left[0] == gitfacts.GIT_BUDGET_SECONDS
    assert gitfacts.git_index_modes(str(repo)).get(real) == "100755"
