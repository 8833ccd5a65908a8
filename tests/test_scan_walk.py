"""The walk and the file listing as the lint pipeline uses them: which entries the walk asks
about, the case-blind entry file, and listings that leave nothing for the cyclic garbage
collector. Real trees on disk."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from skillctl.collect import TREE_WALK
from skillctl.scan import Candidate, ScanNote, list_files, walk_skills
from tests.conftest import skill_files, write_skill


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_listing_a_skill_leaves_no_reference_cycle(tmp_path: Path, collector_off: None) -> None:
    skill = write_skill(tmp_path, "deep", "name: deep\ndescription: d")
    for folder in ("references/a/b", "scripts", "assets/img"):
        (skill / folder).mkdir(parents=True)
        (skill / folder / "f.txt").write_text("x\n")
    files, truncated = list_files(skill)
    assert not truncated
    assert [f.relpath for f in files] == [
        "SKILL.md", "assets/img/f.txt", "references/a/b/f.txt", "scripts/f.txt"
    ]
    for _ in range(50):
        list_files(skill)
    assert gc.collect() == 0  # every listing was freed as soon as it was dropped


def test_listing_every_corpus_skill_leaves_no_reference_cycle(
    collector_off: None, corpus: Path
) -> None:
    entries = skill_files(corpus)
    assert entries
    for entry in entries:
        list_files(entry.parent)
    assert gc.collect() == 0


def _walk(root: Path) -> list[tuple[str, str]]:
    out = []
    for item in walk_skills(root, TREE_WALK):
        if isinstance(item, Candidate):
            where = f"{item.dir.relative_to(root)}|{item.entry.name}|{item.exact_case}"
            out.append(("skill", where))
        else:
            assert isinstance(item, ScanNote)
            out.append((item.reason, str(item.path.relative_to(root))))
    return out


def test_the_entry_file_is_found_by_name_among_thousands_of_folders(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    for i in range(300):
        write_skill(root / "skills", f"s{i:03d}", f"name: s{i:03d}\ndescription: d")
    lower = write_skill(root / "skills", "lower", "name: lower\ndescription: d", entry="skill.md")
    (root / "skills" / "folder-named").mkdir()
    (root / "skills" / "folder-named" / "SKILL.md").mkdir()  # a folder: not an entry file
    (root / "skills" / "both").mkdir()
    (root / "skills" / "both" / "Skill.md").write_text("---\nname: both\n---\n")
    (root / "skills" / "both" / "SKILL.md").write_text("---\nname: both\n---\n")
    found = _walk(root)
    skills = [what for kind, what in found if kind == "skill"]
    assert len(skills) == 302
    assert "skills/both|SKILL.md|True" in skills  # the exact name wins over another case
    if not os.path.exists(lower / "SKILL.md"):  # a case-sensitive file system
        assert "skills/lower|skill.md|False" in skills
    assert ("unreadable", "skills/folder-named/SKILL.md") in found
    assert not any(what.startswith("skills/folder-named|") for what in skills)


def test_yielded_paths_are_the_folders_as_found(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    write_skill(root / "a" / "b", "c", "name: c\ndescription: d")
    os.symlink(root / "a", root / "link")
    items = [i for i in walk_skills(root, TREE_WALK) if isinstance(i, Candidate)]
    assert [(str(i.dir), str(i.entry), i.depth, i.via_symlink) for i in items] == [
        (str(root / "a" / "b" / "c"), str(root / "a" / "b" / "c" / "SKILL.md"), 3, False),
        (str(root / "link" / "b" / "c"), str(root / "link" / "b" / "c" / "SKILL.md"), 3, True),
    ]
