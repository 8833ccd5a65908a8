"""``lint --fix`` on hostile trees: links out of the tree, concurrent runs, hostile cases."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.hostile.generate import CASES, build_all
from tests.hostile.limited import REPO, run_limited

CRLF_SKILL = "---\r\nname: {name}\r\ndescription: Does {name}: use when {name}.\r\n---\r\nBody.\r\n"


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(tmp_path / "cache"))


def _fixable_tree(root: Path, count: int) -> list[Path]:
    entries = []
    for i in range(count):
        directory = root / f"skill-{i:02d}"
        directory.mkdir(parents=True)
        entry = directory / "SKILL.md"
        entry.write_bytes(b"\xef\xbb\xbf" + CRLF_SKILL.format(name=f"skill-{i:02d}").encode())
        entries.append(entry)
    return entries


def test_fix_refuses_a_link_out_of_the_tree_and_leaves_the_target_alone(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_bytes(CRLF_SKILL.format(name="a").encode())
    tree = tmp_path / "tree"
    (tree / "a").mkdir(parents=True)
    (tree / "a" / "SKILL.md").symlink_to(outside)
    result = CliRunner().invoke(app, ["lint", "--no-cache", "--fix", str(tree)])
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    assert outside.read_bytes() == CRLF_SKILL.format(name="a").encode()
    assert str(tree / "a" / "SKILL.md") in result.stdout + result.stderr


def test_fix_goes_on_with_other_skills_after_a_refused_write(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_bytes(CRLF_SKILL.format(name="a").encode())
    tree = tmp_path / "tree"
    (tree / "a").mkdir(parents=True)
    (tree / "a" / "SKILL.md").symlink_to(outside)
    (other,) = _fixable_tree(tree, 1)
    result = CliRunner().invoke(app, ["lint", "--no-cache", "--fix", str(tree)])
    assert b"\r\n" not in other.read_bytes()
    assert outside.read_bytes() == CRLF_SKILL.format(name="a").encode()
    assert "fix-failed" in result.stdout
    assert result.exit_code == 1


def test_concurrent_fix_runs_never_corrupt_a_file(tmp_path: Path) -> None:
    reference = _fixable_tree(tmp_path / "reference", 12)
    CliRunner().invoke(app, ["lint", "--no-cache", "--fix", str(tmp_path / "reference")])
    expected = {p.parent.name: p.read_bytes() for p in reference}
    assert all(b"\r\n" not in v and not v.startswith(b"\xef") for v in expected.values())

    entries = _fixable_tree(tmp_path / "shared", 12)
    env = {**os.environ, "SKILLCTL_CACHE_DIR": str(tmp_path / "cache"), "NO_COLOR": "1"}
    argv = [
        sys.executable,
        "-m",
        "skillctl",
        "lint",
        "--no-cache",
        "--fix",
        str(tmp_path / "shared"),
    ]
    runs = [
        subprocess.Popen(argv, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(6)
    ]
    errors = [run.communicate(timeout=240)[1].decode() for run in runs]
    assert all("Traceback" not in e and "internal error" not in e for e in errors), errors
    assert {p.parent.name: p.read_bytes() for p in entries} == expected
    leftovers = [p for p in (tmp_path / "shared").rglob("*") if p.name.endswith(".skillctl-tmp")]
    assert leftovers == []


def test_fix_survives_the_hostile_tree(hostile_root: Path) -> None:
    """--fix over every light case: no crash, the special files untouched."""
    build_all(hostile_root, include_heavy=False, include_trees=False)
    before = {
        name: os.lstat(hostile_root / name / "SKILL.md")
        for name in ("fifo", "dev-zero", "self-link", "dangling-link")
    }
    out = run_limited("cli", "lint", "--no-cache", "--fix", hostile_root, timeout=120)
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr, out.stderr
    assert out.returncode in (0, 1, 2)
    for name, st in before.items():
        now = os.lstat(hostile_root / name / "SKILL.md")
        assert (now.st_ino, now.st_mode) == (st.st_ino, st.st_mode), name
    assert set(CASES) >= {"fifo", "dev-zero"}
