"""Issue 15 item 12: the lint cache never serves a stale verdict for a file rewritten with
its size and modification time put back, as ``tar x`` and ``rsync -t`` leave it."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from skillctl.lint.engine import LintOptions, lint_paths
from tests.conftest import write_skill

CRLF = b"#!/bin/sh\r\necho hi\r\n"
LF = b"#!/bin/sh \necho hi \n"  # the same size as CRLF


def _rules(root: Path) -> set[str]:
    report = lint_paths(LintOptions(paths=(root,), use_cache=True))
    return {d.rule for d in report.diagnostics}


def _skill(root: Path) -> Path:
    skill = write_skill(root, "tool", "name: tool\ndescription: Runs it. Use when asked.\n",
                        body="# Tool\n\nRun `./scripts/run.sh`.\n")
    script = skill / "scripts" / "run.sh"
    script.parent.mkdir()
    script.write_bytes(CRLF)
    script.chmod(0o755)
    return script


def test_same_size_rewrite_with_mtime_restored_is_seen(tmp_path: Path) -> None:
    root = tmp_path / "skills"
    script = _skill(root)
    assert "script-crlf" in _rules(root)
    before = os.stat(script)
    script.write_bytes(LF)
    os.utime(script, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(script).st_size == before.st_size
    assert os.stat(script).st_mtime_ns == before.st_mtime_ns
    assert "script-crlf" not in _rules(root)


def test_tar_extract_over_the_tree_is_seen(tmp_path: Path) -> None:
    root = tmp_path / "skills"
    script = _skill(root)
    mtime = os.stat(script).st_mtime
    fixed = tmp_path / "fixed"
    shutil.copytree(root, fixed / "skills")
    (fixed / "skills/tool/scripts/run.sh").write_bytes(LF)
    os.utime(fixed / "skills/tool/scripts/run.sh", (mtime, mtime))
    archive = tmp_path / "fixed.tar"
    with tarfile.open(archive, "w") as tar:
        tar.add(fixed / "skills", arcname="skills")
    assert "script-crlf" in _rules(root)
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path, filter="tar")
    assert os.stat(script).st_mtime == mtime
    assert "script-crlf" not in _rules(root)


@pytest.mark.skipif(shutil.which("rsync") is None, reason="rsync is not installed")
def test_rsync_t_over_the_tree_is_seen(tmp_path: Path) -> None:
    root = tmp_path / "skills"
    script = _skill(root)
    mtime = os.stat(script).st_mtime
    source = tmp_path / "source"
    shutil.copytree(root, source)
    (source / "tool/scripts/run.sh").write_bytes(LF)
    os.utime(source / "tool/scripts/run.sh", (mtime, mtime))
    assert "script-crlf" in _rules(root)
    # --checksum: rsync's default quick check would skip a file of the same size and time.
    subprocess.run(["rsync", "-rt", "--checksum", "--inplace", f"{source}/", f"{root}/"],
                   check=True)
    assert script.read_bytes() == LF
    assert os.stat(script).st_mtime == mtime
    assert "script-crlf" not in _rules(root)
