"""Provenance: the installers' records read back, and the content hash recomputed as the npm
``skills`` CLI computes it (issue 20).

The records under tests/data/provenance/ were written by the real ``skills@1.7.4`` (see the
README there); every test here works on copies of them in tmp_path.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from skillctl.cli.app import app
from skillctl.discovery import ParseCache
from skillctl.model import Scope, Skill
from skillctl.provenance import (
    LockIndex,
    folder_hash,
    provenance_of,
    read_lock,
    user_lock_path,
)

DATA = Path(__file__).resolve().parent / "data" / "provenance"
RECORDED = "b3135ecde6ba34b12d63eaff2cb4bbbcdd9dda3876d4ab893f3b646b77736c23"


def _skill(folder: Path) -> Skill:
    entry = folder / "SKILL.md"
    return Skill(folder, entry, ParseCache().get(entry), Scope.PROJECT, folder.parent)


def _project(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A project as ``npx skills add ... --agent claude-code`` leaves it, and a home."""
    project, home = tmp_path / "proj", tmp_path / "home"
    skill = project / ".claude" / "skills" / "pdf-tools"
    shutil.copytree(DATA / "pdf-tools", skill)
    shutil.copy(DATA / "skills-lock.json", project / "skills-lock.json")
    (project / ".git").mkdir()
    home.mkdir()
    return project, home, skill


def test_folder_hash_equals_the_hash_the_real_cli_recorded() -> None:
    lock = json.loads((DATA / "skills-lock.json").read_text(encoding="utf-8"))
    assert lock["skills"]["pdf-tools"]["computedHash"] == RECORDED
    assert folder_hash(DATA / "pdf-tools") == RECORDED


def test_hash_skips_links_git_and_node_modules_and_sees_renames(tmp_path: Path) -> None:
    folder = tmp_path / "pdf-tools"
    shutil.copytree(DATA / "pdf-tools", folder)
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref", encoding="utf-8")
    (folder / "node_modules").mkdir()
    (folder / "node_modules" / "x.js").write_text("x", encoding="utf-8")
    os.symlink(folder / "README.md", folder / "linked.md")
    assert folder_hash(folder) == RECORDED
    (folder / "B.txt").rename(folder / "C.txt")
    assert folder_hash(folder) != RECORDED


def test_read_lock_gives_entries_with_their_line(tmp_path: Path) -> None:
    entries, problem = read_lock(DATA / "skills-lock.json")
    assert problem is None
    entry = entries["pdf-tools"]
    assert (entry.source, entry.source_type, entry.line, entry.hash) == (
        "../src", "local", 4, RECORDED)
    bad = tmp_path / "skills-lock.json"
    bad.write_text('{"version": 1, "skills": [', encoding="utf-8")
    assert read_lock(bad)[0] == {}
    assert "not a JSON lock file" in (read_lock(bad)[1] or "")
    assert read_lock(tmp_path / "absent.json") == ({}, None)


def test_unmodified_then_modified_after_an_edit(tmp_path: Path) -> None:
    project, home, folder = _project(tmp_path)
    index = LockIndex(home, {})
    found = provenance_of(_skill(folder), index)
    assert found is not None and found.modified is False
    assert found.entry.record == project / "skills-lock.json"
    (folder / "scripts" / "a.py").write_text("print(2)\n", encoding="utf-8")
    found = provenance_of(_skill(folder), LockIndex(home, {}))
    assert found is not None and found.modified is True
    assert found.current_hash != RECORDED


def test_user_lock_under_home_and_xdg_state(tmp_path: Path) -> None:
    home = tmp_path / "home"
    folder = home / ".claude" / "skills" / "pdf-tools"
    shutil.copytree(DATA / "pdf-tools", folder)
    lock = user_lock_path(home, {})
    assert lock == home / ".agents" / ".skill-lock.json"
    lock.parent.mkdir(parents=True)
    shutil.copy(DATA / "user-skill-lock.json", lock)
    found = provenance_of(_skill(folder), LockIndex(home, {}))
    assert found is not None
    assert (found.entry.source, found.modified) == ("/src/skills-repo", False)
    state = tmp_path / "state"
    assert user_lock_path(home, {"XDG_STATE_HOME": str(state)}) == \
        state / "skills" / ".skill-lock.json"
    assert provenance_of(_skill(folder), LockIndex(home, {"XDG_STATE_HOME": str(state)})) \
        is None


def test_gh_frontmatter_metadata_is_read_not_compared(tmp_path: Path) -> None:
    folder = tmp_path / "code-checklist"
    folder.mkdir()
    (folder / "SKILL.md").write_text(
        "---\nname: code-checklist\ndescription: Check code.\nmetadata:\n"
        "  github-repo: https://github.com/github/awesome-copilot\n"
        "  github-ref: refs/heads/main\n"
        "  github-tree-sha: 0123456789abcdef0123456789abcdef01234567\n"
        "  github-path: skills/code-checklist\n---\nBody\n", encoding="utf-8")
    found = provenance_of(_skill(folder), LockIndex(tmp_path / "home", {}))
    assert found is not None
    assert found.entry.installer == "gh"
    assert found.revision == "refs/heads/main"
    assert found.modified is None and found.note is not None
    assert found.entry.line == 4


def test_list_and_show_report_provenance(tmp_path: Path) -> None:
    project, home, folder = _project(tmp_path)
    args = ["--project", str(project), "--home", str(home)]
    runner = CliRunner()
    listed = runner.invoke(app, ["list", "-a", "claude-code", "-f", "json", *args])
    assert listed.exit_code == 0, listed.output
    item = json.loads(listed.stdout)["skills"][0]
    assert item["provenance"]["modified"] is False
    assert item["provenance"]["record"] == str(project / "skills-lock.json")
    assert item["linked"] is None
    (folder / "README.md").write_text("changed\n", encoding="utf-8")
    table = runner.invoke(app, ["list", "-a", "claude-code", *args])
    assert "pdf-tools [skills, modified]" in table.stdout
    shown = runner.invoke(app, ["show", "pdf-tools", "-a", "claude-code", *args])
    assert "Provenance\n  installed by skills from ../src\n" in shown.stdout
    assert "files: modified since it was installed" in shown.stdout


@pytest.mark.parametrize("edit", [False, True])
def test_lock_drift_rule_points_at_the_lock_entry(tmp_path: Path, edit: bool) -> None:
    project, _home, folder = _project(tmp_path)
    if edit:
        (folder / "SKILL.md").write_bytes((folder / "SKILL.md").read_bytes() + b"\nMore.\n")
    result = CliRunner().invoke(app, ["lint", "--no-cache", "--select", "lock-drift",
                                      "--format", "json", str(folder)])
    diagnostics = json.loads(result.stdout)["diagnostics"]
    if not edit:
        assert diagnostics == []
        return
    assert [(d["path"], d["line"], d["rule"]) for d in diagnostics] == [
        (str(project / "skills-lock.json"), 4, "lock-drift")]


def test_list_json_matches_its_published_schema(tmp_path: Path) -> None:
    import jsonschema

    import skillctl

    schema = json.loads((Path(skillctl.__file__).parent / "schemas" / "output" / "list.json")
                        .read_text(encoding="utf-8"))
    project, home, folder = _project(tmp_path)
    os.symlink(folder, project / ".claude" / "skills" / "alias")  # a link nobody recorded
    args = ["--project", str(project), "--home", str(home), "-f", "json", "--all"]
    for extra in ([], ["-a", "claude-code"]):
        result = CliRunner().invoke(app, ["list", *extra, *args])
        document = json.loads(result.stdout)
        jsonschema.validate(document, schema)
        linked = [s["linked"] for s in document["skills"] if s["linked"]]
        assert linked and all(item["by"] is None for item in linked)


_PARTS = st.sampled_from(["", "root", "home", "ro", "rootx", "a b", ".."])


@given(st.lists(_PARTS, max_size=4).map("/".join), st.lists(_PARTS, max_size=4).map("/".join))
@settings(max_examples=500, deadline=None, derandomize=True)
def test_below_home_on_strings_equals_pathlib(home: str, folder: str) -> None:
    index = LockIndex(Path("/" + home), {})
    absolute = os.path.abspath("/" + folder)
    assert index.is_below_home(absolute) == Path(absolute).is_relative_to(index.home)


@given(st.sampled_from(["/", "//", "///", ""]), st.lists(_PARTS, max_size=4).map("/".join))
@settings(max_examples=500, deadline=None, derandomize=True)
def test_parent_and_name_on_strings_equal_pathlib(root: str, folder: str) -> None:
    # entry_for splits the skill's absolute path as a string where it used Path's parent/name
    absolute = os.path.abspath(root + folder)
    parent, name = os.path.split(absolute)
    assert (Path(parent), name) == (Path(absolute).parent, Path(absolute).name)
