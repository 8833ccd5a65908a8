"""Issue 15: files a repository controls that skillctl reads or writes besides SKILL.md
(the baseline, configuration files) cannot make it write outside the tree, hang, or fail with
an internal error. Each case is built for real and run through the command line in a child
with a memory cap and a time limit."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import write_skill
from tests.hostile.limited import Outcome, run_limited, setpriv_available


def _repo(root: Path) -> Path:
    """A repository with one skill that has findings (no description)."""
    repo = root / "repo"
    write_skill(repo / "skills", "one", "name: one\n")
    return repo


def _lint(repo: Path, *args: str) -> Outcome:
    return run_limited("cli", "lint", "--no-cache", "--format", "json", *args, "skills",
                       cwd=repo, timeout=30)


def _one_line_error(outcome: Outcome, *words: str) -> None:
    assert outcome.returncode == 2, (outcome.returncode, outcome.stderr)
    assert "Traceback" not in outcome.stderr and "internal error" not in outcome.stderr
    lines = [line for line in outcome.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, outcome.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_baseline_link_to_outside_is_refused_not_created(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    outside = tmp_path / "outside" / "victim.json"
    outside.parent.mkdir()
    (repo / ".skillctl-baseline.json").symlink_to(outside)  # dangling, pointing out
    outcome = _lint(repo, "--baseline", ".skillctl-baseline.json")
    _one_line_error(outcome, ".skillctl-baseline.json")
    assert not outside.exists()


def test_baseline_in_a_linked_folder_outside_is_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (repo / "ci").symlink_to(outside)
    outcome = _lint(repo, "--baseline", "ci/baseline.json")
    _one_line_error(outcome, "outside")
    assert list(outside.iterdir()) == []


def test_baseline_in_a_read_only_folder_is_a_clear_error(shared_root: Path) -> None:
    repo = _repo(shared_root)
    for folder in (shared_root, *shared_root.rglob("*")):
        if folder.is_dir():
            folder.chmod(0o755)
    locked = repo / "locked"
    locked.mkdir(mode=0o555)
    locked.chmod(0o555)
    as_nobody = setpriv_available()  # root writes anywhere: drop to nobody where we can
    if os.geteuid() == 0 and not as_nobody:
        pytest.skip("running as root without setpriv: a read-only folder is writable")
    outcome = run_limited("cli", "lint", "--no-cache", "--baseline", "locked/b.json",
                          "skills", cwd=repo, timeout=30, as_nobody=as_nobody)
    _one_line_error(outcome, "cannot write the baseline")
    assert not (locked / "b.json").exists()


def test_baseline_as_dev_zero_or_fifo_does_not_hang(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    (repo / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(repo / "fifo.json")
    for name in ("zero.json", "fifo.json"):
        _one_line_error(_lint(repo, "--baseline", name), name, "not a regular file")


@pytest.mark.parametrize(("content", "word"), [
    ("[" * 100_000 + "]" * 100_000, "not a skillctl baseline"),
    ('{"version": 1, "findings": 5}', "'findings' must be a list"),
    ('{"version": 1, "findings": [' + "9" * 5000 + "]}", "not a skillctl baseline"),
    ('{"version": 1, "findings": [{"fingerprint": "x", "count": ' + "9" * 5000 + "}]}",
     "not a skillctl baseline"),
    ('{"version": 1, "findings": [5]}', "malformed baseline entry number 1"),
    ("\xff\xfe", "not a readable skillctl baseline"),
])
def test_malformed_baselines_are_one_line_errors(tmp_path: Path, content: str,
                                                  word: str) -> None:
    repo = _repo(tmp_path)
    (repo / "b.json").write_bytes(content.encode("latin-1") if content.startswith("\xff")
                                  else content.encode())
    _one_line_error(_lint(repo, "--baseline", "b.json"), "b.json", word)


def test_a_baseline_inside_the_tree_still_works(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    first = _lint(repo, "--baseline", "b.json")
    assert first.returncode == 0, first.stderr
    second = _lint(repo, "--baseline", "b.json")
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout)["summary"]["errors"] == 0


def test_config_fifo_and_huge_sparse_pyproject_are_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    os.mkfifo(repo / "skillctl.toml")
    outcome = _lint(repo)  # not a regular file: not a configuration, and no hang
    assert outcome.returncode == 1 and json.loads(outcome.stdout)["summary"]["skills"] == 1
    (repo / "skillctl.toml").unlink()
    with open(repo / "pyproject.toml", "wb") as handle:
        handle.truncate(600 * 1024 * 1024)  # sparse: no disk used, 600 MB long
    outcome = run_limited("cli", "lint", "--no-cache", "skills", cwd=repo, timeout=30,
                          mem_mb=400)
    _one_line_error(outcome, "pyproject.toml", "larger than")
