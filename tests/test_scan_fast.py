"""``scan.list_files`` looks up the folders above a skill only when a directory could be one.

The reference below is the listing as it was before: the (device, inode) of the skill dir and
of every folder above it computed up front, every subdirectory checked against them. The fast
listing must give exactly the same files and the same "cut" flag on real skills, on trees
full of symlinks that point up, sideways and back in, and on a bind mount of a parent (a loop
without any symlink), where that can be set up.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from skillctl import limits
from skillctl.model import SkillFile
from skillctl.scan import ALWAYS_SKIPPED, list_files
from tests.conftest import REPO, skill_files, write_skill


def _reference_list_files(skill_dir: Path) -> tuple[tuple[SkillFile, ...], bool]:
    """The listing with every folder above the skill looked up first (the old algorithm)."""
    files: list[SkillFile] = []
    truncated = False

    def visit(
        directory: Path, prefix: str, depth: int, ancestors: frozenset[tuple[int, int]]
    ) -> None:
        nonlocal truncated
        try:
            with os.scandir(directory) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            if len(files) >= limits.MAX_SKILL_FILES:
                truncated = True
                return
            if entry.name in ALWAYS_SKIPPED:
                continue
            rel = f"{prefix}{entry.name}"
            is_link = entry.is_symlink()
            try:
                st = os.stat(entry.path)
            except OSError:
                files.append(SkillFile(rel, 0, False, is_link))
                continue
            if stat.S_ISDIR(st.st_mode):
                key = (st.st_dev, st.st_ino)
                if depth < limits.MAX_SKILL_FILE_DEPTH and key not in ancestors:
                    visit(Path(entry.path), rel + "/", depth + 1, ancestors | {key})
                else:
                    truncated = True
            elif stat.S_ISREG(st.st_mode):
                files.append(SkillFile(rel, st.st_size, bool(st.st_mode & 0o111), is_link))

    try:
        st = os.stat(skill_dir)
    except OSError:
        return (), False
    keys = {(st.st_dev, st.st_ino)}
    for parent in Path(os.path.realpath(skill_dir)).parents:
        try:
            pst = os.stat(parent)
        except OSError:
            continue
        keys.add((pst.st_dev, pst.st_ino))
    visit(skill_dir, "", 0, frozenset(keys))
    return tuple(files), truncated


def _same(directory: Path) -> tuple[tuple[SkillFile, ...], bool]:
    fast = list_files(directory)
    assert fast == _reference_list_files(directory), directory
    return fast


def test_corpus_listings_equal_the_reference(corpus: Path) -> None:
    entries = skill_files(corpus)
    assert entries
    for entry in entries:
        _same(entry.parent)


def test_repository_folders_equal_the_reference() -> None:
    # Larger trees than a skill (cut at MAX_SKILL_FILES), relative and absolute spellings.
    for directory in (REPO / "tests" / "data", REPO / "skillctl", Path("tests"), Path(".")):
        _same(directory)


def _tangled(root: Path) -> Path:
    """A skill whose links point at itself, its parents, its siblings and back in."""
    outside = root / "outside"
    (outside / "deeper").mkdir(parents=True)
    (outside / "deeper" / "note.md").write_text("outside\n")
    skill = write_skill(root / "skills", "tangled", "name: tangled\ndescription: d")
    (skill / "references").mkdir()
    (skill / "references" / "a.md").write_text("a\n")
    (skill / "scripts" / "sub").mkdir(parents=True)
    (skill / "scripts" / "sub" / "run.sh").write_text("#!/bin/sh\n")
    os.chmod(skill / "scripts" / "sub" / "run.sh", 0o755)
    os.symlink(".", skill / "self")
    os.symlink("..", skill / "up")
    os.symlink("../..", skill / "references" / "up2")
    os.symlink(root, skill / "scripts" / "root")
    os.symlink("/", skill / "slash")
    os.symlink("../references", skill / "scripts" / "refs")
    os.symlink(outside / "deeper", skill / "out")
    os.symlink(outside, outside / "deeper" / "back-out")  # a loop outside the skill
    os.symlink(skill, outside / "deeper" / "back-in")  # ... and one back into it
    os.symlink("missing", skill / "dangling")
    os.symlink("references/a.md", skill / "linked.md")
    return skill


def test_links_up_sideways_and_back_in_equal_the_reference(tmp_path: Path) -> None:
    skill = _tangled(tmp_path)
    files, truncated = _same(skill)
    names = {f.relpath for f in files}
    assert truncated
    assert {"SKILL.md", "references/a.md", "scripts/sub/run.sh", "scripts/refs/a.md"} <= names
    assert "out/note.md" in names
    assert not any(n.startswith(("self/", "up/", "slash/", "scripts/root/")) for n in names)
    # Start the listing inside the tangle, through a link, and from a relative path.
    _same(skill / "scripts")
    _same(skill / "out")
    _same(skill / "references" / "up2")
    cwd = os.getcwd()
    try:
        os.chdir(skill / "references")
        _same(Path(".."))
        _same(Path("../scripts/sub"))
    finally:
        os.chdir(cwd)


def test_missing_and_file_arguments_equal_the_reference(tmp_path: Path) -> None:
    assert _same(tmp_path / "nope") == ((), False)
    (tmp_path / "file.md").write_text("x\n")
    _same(tmp_path / "file.md")


_BIND_SCRIPT = """
import json, sys
from pathlib import Path
from skillctl.scan import list_files
from tests.test_scan_fast import _reference_list_files
skill = Path(sys.argv[1])
fast = list_files(skill)
print(json.dumps({"same": fast == _reference_list_files(skill), "truncated": fast[1],
                  "names": sorted(f.relpath for f in fast[0])}))
"""


def test_a_bind_mount_of_a_parent_is_a_loop(tmp_path: Path) -> None:
    """No symlink anywhere: the mount point looks like a plain folder but is the parent."""
    unshare = shutil.which("unshare")
    if unshare is None or os.geteuid() != 0:
        pytest.skip("needs root and unshare(1) for a private bind mount")
    skill = write_skill(tmp_path / "skills", "bound", "name: bound\ndescription: d")
    (skill / "mnt").mkdir()
    (skill / "same-fs").mkdir()
    (tmp_path / "skills" / "sibling.md").write_text("x\n")
    script = (
        f'mount --bind "{tmp_path / "skills"}" "{skill / "mnt"}" && '
        f'mount --bind "{skill / "references-src"}" "{skill / "same-fs"}" && '
        f'exec "{sys.executable}" -c "$0" "{skill}"'
    )
    (skill / "references-src").mkdir()
    (skill / "references-src" / "r.md").write_text("r\n")
    done = subprocess.run(
        [unshare, "-m", "--propagation", "private", "sh", "-c", script, _BIND_SCRIPT],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    if done.returncode != 0 and "mount" in done.stderr:
        pytest.skip(f"bind mounts are not allowed here: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    import json

    result = json.loads(done.stdout)
    assert result["same"]
    assert result["truncated"]  # mnt is the skill's own parent: a loop, not entered
    assert "same-fs/r.md" in result["names"]  # a bind mount of an inner folder is listed
    assert not any(name.startswith("mnt/") for name in result["names"])


def test_walk_reads_every_gitignore_its_listings_name(tmp_path: Path) -> None:
    """.gitignore files are read only where a listing names one: nested, linked, any case."""
    from skillctl.collect import TREE_WALK
    from skillctl.scan import Candidate, walk_skills

    tree = tmp_path / "tree"
    for name in ("keep", "build/skip", "nested/drop", "nested/keep2", "linked/gone", "upper/x"):
        write_skill(tree, name, f"name: {name.rsplit('/', 1)[-1]}\ndescription: d")
    (tree / ".gitignore").write_text("build/\n")
    (tree / "nested" / ".gitignore").write_text("drop/\n")
    (tmp_path / "rules").write_text("gone/\n")
    os.symlink(tmp_path / "rules", tree / "linked" / ".gitignore")
    (tree / "upper" / ".GITIGNORE").write_text("x/\n")  # read only where case is ignored
    os.mkdir(tree / "dir-named")
    os.mkdir(tree / "dir-named" / ".gitignore")  # a folder, not a file: nothing to read
    write_skill(tree / "dir-named", "kept", "name: kept\ndescription: d")
    found = sorted(
        str(item.dir.relative_to(tree))
        for item in walk_skills(tree, TREE_WALK)
        if isinstance(item, Candidate)
    )
    case_blind = os.path.exists(tree / "upper" / ".gitignore")
    expected = ["dir-named/kept", "keep", "nested/keep2"] + ([] if case_blind else ["upper/x"])
    assert found == expected


def test_a_gitignored_folder_is_walked_for_the_files_git_tracks(tmp_path: Path) -> None:
    """git ignores only untracked files: a committed .claude/skills beside a `.claude/` line
    of .gitignore is part of the repository (vishalsdesai28/claude-trading-skills, forty-
    seventh sample), an untracked skill in an ignored folder is not."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    from skillctl.collect import TREE_WALK
    from skillctl.gitfacts import git_index_modes
    from skillctl.scan import Candidate, walk_skills

    tree = tmp_path / "repo"
    for name in (".claude/skills/tracked", ".claude/skills/untracked", "build/local", "plain"):
        write_skill(tree, name, f"name: {name.rsplit('/', 1)[-1]}\ndescription: d")
    (tree / ".gitignore").write_text(".claude/\nbuild/\n")

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tree), *args], check=True, capture_output=True)

    def found() -> list[str]:
        git_index_modes.cache_clear()
        return sorted(str(item.dir.relative_to(tree)) for item in walk_skills(tree, TREE_WALK)
                      if isinstance(item, Candidate))

    assert found() == ["plain"]  # no repository: the .gitignore alone decides
    git("init", "-q")
    git("add", "-f", ".gitignore", "plain", ".claude/skills/tracked/SKILL.md")
    assert found() == [".claude/skills/tracked", "plain"]
