"""Issue 15 items 2 and 10: ``render --into`` and ``new`` write only inside the working tree,
and every way a write can fail (a linked folder out, a missing or read-only folder, a full
disk, a file that is not UTF-8) is a one-line error with exit 2 that leaves nothing half-made."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import write_skill
from tests.hostile.limited import Outcome, run_limited, setpriv_available


def _project(root: Path) -> Path:
    project = root / "project"
    write_skill(project / "skills", "one")
    return project


def _into(project: Path, target: str, *, as_nobody: bool = False) -> Outcome:
    return run_limited("cli", "render", "--into", target, "skills", cwd=project, timeout=30,
                       as_nobody=as_nobody)


def _refused(outcome: Outcome, *words: str) -> None:
    assert outcome.returncode == 2, (outcome.returncode, outcome.stderr)
    assert "internal error" not in outcome.stderr and "Traceback" not in outcome.stderr
    lines = outcome.stderr.strip().splitlines()
    assert len(lines) == 1, outcome.stderr
    for word in words:
        assert word in lines[0], lines[0]


def _no_temporary_files(folder: Path) -> None:
    assert not [p for p in folder.rglob("*") if "skillctl-tmp" in p.name
                or "skillctl-new" in p.name]


def test_into_a_linked_folder_outside_is_refused(tmp_path: Path) -> None:
    project = _project(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "AGENTS.md").write_text("# theirs\n")
    (project / "docs").symlink_to(outside)
    _refused(_into(project, "docs/AGENTS.md"), "outside")
    assert (outside / "AGENTS.md").read_text() == "# theirs\n"
    _no_temporary_files(outside)


def test_into_a_file_linked_outside_is_refused(tmp_path: Path) -> None:
    project = _project(tmp_path)
    victim = tmp_path / "victim.md"
    victim.write_text("keep\n")
    (project / "AGENTS.md").symlink_to(victim)
    _refused(_into(project, "AGENTS.md"), "outside")
    assert victim.read_text() == "keep\n"


def test_into_inside_the_tree_through_an_inner_link_still_works(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "real-docs").mkdir()
    (project / "docs").symlink_to(project / "real-docs")
    outcome = _into(project, "docs/AGENTS.md")
    assert outcome.returncode == 0, outcome.stderr
    assert "skillctl:begin" in (project / "real-docs/AGENTS.md").read_text()


def test_into_a_missing_folder_or_a_non_utf8_file(tmp_path: Path) -> None:
    project = _project(tmp_path)
    _refused(_into(project, "nope/AGENTS.md"), "nope/AGENTS.md", "cannot write")
    assert not (project / "nope").exists()
    (project / "bad.md").write_bytes(b"\xff\xfe binary")
    _refused(_into(project, "bad.md"), "bad.md", "not UTF-8")
    assert (project / "bad.md").read_bytes() == b"\xff\xfe binary"


def test_into_a_read_only_folder(shared_root: Path) -> None:
    if os.geteuid() == 0 and not setpriv_available():
        pytest.skip("root without setpriv: a read-only folder is writable")
    project = _project(shared_root)
    for folder in (shared_root, *shared_root.rglob("*")):
        if folder.is_dir():
            folder.chmod(0o755)
    (project / "locked").mkdir(mode=0o555)
    (project / "locked").chmod(0o555)
    _refused(_into(project, "locked/AGENTS.md", as_nobody=setpriv_available()),
             "cannot write")


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs, filled to the last byte (needs root and mount rights)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                          capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root and mount rights)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(folder: Path) -> Path:
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(fd, b"x" * 512)
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def test_into_on_a_full_disk_leaves_the_file_as_it_was(tiny_disk: Path,
                                                        tmp_path: Path) -> None:
    project = _project(tmp_path)
    target = tiny_disk / "AGENTS.md"
    target.write_text("# mine\n")
    _fill(tiny_disk)
    _refused(run_limited("cli", "render", "--into", str(target), str(project / "skills"),
                         cwd=tiny_disk, timeout=30), "cannot write")
    assert target.read_text() == "# mine\n"
    _no_temporary_files(tiny_disk)


def test_new_on_a_full_disk_leaves_nothing_and_a_retry_works(tiny_disk: Path) -> None:
    filler = _fill(tiny_disk)
    outcome = run_limited("cli", "new", "fresh-skill", "--description",
                          "Does a thing. Use when testing.", "--dir", str(tiny_disk / "skills"),
                          cwd=tiny_disk, timeout=30)
    _refused(outcome, "fresh-skill", "cannot create")
    assert sorted(p.name for p in tiny_disk.iterdir()) == ["filler"]
    filler.unlink()
    again = run_limited("cli", "new", "fresh-skill", "--description",
                        "Does a thing. Use when testing.", "--dir", str(tiny_disk / "skills"),
                        cwd=tiny_disk, timeout=30)
    assert again.returncode == 0, again.stderr
    assert (tiny_disk / "skills/fresh-skill/SKILL.md").is_file()


def _victim(root: Path) -> tuple[Path, Path, Path]:
    """``repo/skills/victim`` a link to a skill outside the repository, with a CRLF
    SKILL.md and a script without its exec bit (both fixable)."""
    outside = root / "outside" / "victim"
    outside.mkdir(parents=True)
    entry = outside / "SKILL.md"
    entry.write_bytes(b"---\r\nname: victim\r\ndescription: Does it. Use when asked.\r\n---\r\n"
                      b"\r\nRun `./scripts/run.sh`.\r\n")
    script = outside / "scripts" / "run.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho hi\n")
    script.chmod(0o644)
    repo = root / "repo"
    write_skill(repo / "skills", "fine")
    (repo / "skills" / "victim").symlink_to(outside)
    return repo, entry, script


@pytest.mark.parametrize("mode", ["--fix", "--diff"])
def test_fix_never_writes_through_a_skill_folder_linked_outside(tmp_path: Path,
                                                                 mode: str) -> None:
    repo, entry, script = _victim(tmp_path)
    before = entry.read_bytes()
    outcome = run_limited("cli", "lint", "--no-cache", mode, "--format", "json", "skills",
                          cwd=repo, timeout=30)
    assert outcome.returncode in (0, 1), outcome.stderr
    assert entry.read_bytes() == before
    assert script.stat().st_mode & 0o777 == 0o644
    import json

    report = json.loads(outcome.stdout)
    failed = [d for d in report["diagnostics"] if d["rule"] == "fix-failed"]
    assert failed and "outside" in failed[0]["message"], report["diagnostics"]
