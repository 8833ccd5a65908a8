"""The core (parse_file, walk_skills, list_files, collect) against every hostile case.

Each case must give a result with problems (never an exception), with the problem codes the
registry promises, in bounded time and memory. Heavy cases run in a child process with an
address-space cap and a timeout, so a regression fails instead of hanging the run.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from skillctl import limits
from skillctl.collect import collect
from skillctl.parse import parse_file
from skillctl.scan import Candidate, ScanNote, list_files, walk_skills
from tests.hostile.generate import (
    CASES,
    MARKER,
    Case,
    good_skill,
    python_tags,
    symlink_loop,
    unreadable_dir,
    unreadable_file,
)
from tests.hostile.limited import run_limited, setpriv_available

IS_ROOT = os.geteuid() == 0
ROOT_SKIP = (
    "running as root, where mode 000 does not deny reads, and setpriv is not available to "
    "drop to user nobody"
)


def _check_parse_result(
    case: Case, codes: set[str], keys: set[str], problems: list[tuple[str, int, int]]
) -> None:
    assert case.codes <= codes, f"{case.name}: expected {sorted(case.codes)}, got {sorted(codes)}"
    assert case.keeps <= keys, f"{case.name}: lost keys {sorted(case.keeps - keys)}"
    for code, line, column in problems:
        assert line >= 1 and column >= 1, (code, line, column)


@pytest.mark.parametrize("name", sorted(CASES))
def test_parse_file_survives(name: str, hostile_root: Path, shared_root: Path) -> None:
    case = CASES[name]
    if case.needs_non_root and IS_ROOT:
        if not setpriv_available():
            pytest.skip(ROOT_SKIP)
        entry = case.build(shared_root) / "SKILL.md"
        out = run_limited("core", entry, as_nobody=True)
        assert out.returncode == 0, out.stderr
        (result,) = out.json_lines()
        problems = [(str(p[0]), int(p[1]), int(p[2])) for p in result["problems"]]  # type: ignore[union-attr,index]
        _check_parse_result(case, set(result["codes"]), set(result["keys"]), problems)  # type: ignore[arg-type]
        return
    entry = case.build(hostile_root) / "SKILL.md"
    if case.heavy:
        out = run_limited("core", entry)
        assert out.returncode == 0, out.stderr
        assert "Traceback" not in out.stderr
        (result,) = out.json_lines()
        problems = [(str(p[0]), int(p[1]), int(p[2])) for p in result["problems"]]  # type: ignore[union-attr,index]
        _check_parse_result(case, set(result["codes"]), set(result["keys"]), problems)  # type: ignore[arg-type]
        return
    parsed = parse_file(entry)
    _check_parse_result(
        case,
        {p.code for p in parsed.problems},
        set(parsed.data),
        [(p.code, p.line, p.column) for p in parsed.problems],
    )


def _only_plain(value: Any) -> bool:
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _only_plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_only_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def test_yaml_tags_construct_nothing(hostile_root: Path) -> None:
    directory = python_tags(hostile_root)
    parsed = parse_file(directory / "SKILL.md")
    collected = collect([hostile_root])
    assert not (directory / MARKER).exists(), "a YAML tag was executed"
    assert _only_plain(parsed.data), parsed.data
    assert isinstance(parsed.data["description"], (str, list))
    assert [s.name for s in collected.skills] == ["python-tags"]


def test_problem_lines_point_into_the_file(hostile_root: Path) -> None:
    parsed = parse_file(CASES["invalid-utf8"].build(hostile_root) / "SKILL.md")
    (bad,) = [p for p in parsed.problems if p.code == "not-utf8"]
    assert (bad.line, bad.column) == (3, 17)
    parsed = parse_file(CASES["deep-flow-map"].build(hostile_root) / "SKILL.md")
    assert [p.line for p in parsed.problems if p.code == "yaml-syntax"] == [4]


def test_walk_and_collect_survive_every_light_case(hostile_root: Path) -> None:
    built = {name: case.build(hostile_root) for name, case in CASES.items() if not case.heavy}
    good_skill(hostile_root)
    items = list(walk_skills(hostile_root))
    found = {c.dir.name for c in items if isinstance(c, Candidate)}
    notes = {(n.path.name, n.reason) for n in items if isinstance(n, ScanNote)}
    expected = {
        built[name].name for name, case in CASES.items() if not case.heavy and case.found_by_walk
    }
    assert "good-skill" in found
    assert expected <= found, expected - found
    assert ("self", "symlink-loop") in notes
    assert ("parent", "symlink-loop") in notes
    assert ("SKILL.md", "dangling-symlink") in notes  # dangling-link and self-link

    collected = collect([hostile_root])
    by_name = {s.dir.name: s for s in collected.skills}
    assert by_name["good-skill"].parsed.problems == ()
    assert by_name["good-skill"].parsed.data["name"] == "good-skill"
    for name in ("alias-bomb", "binary", "utf16-le", "empty-file"):
        assert by_name[built[name].name].parsed.problems, name


def test_heavy_cases_collected_together_within_limits(hostile_root: Path) -> None:
    for case in CASES.values():
        if case.heavy:
            case.build(hostile_root)
    good_skill(hostile_root)
    out = run_limited("collect", hostile_root, timeout=120)
    assert out.returncode == 0, out.stderr
    (summary,) = out.json_lines()
    skills = {Path(str(d)).name: set(codes) for d, codes in summary["skills"]}  # type: ignore[union-attr,misc]
    assert skills["good-skill"] == set()
    assert "file-too-large" in skills["huge-sparse"]
    assert "yaml-syntax" in skills["deep-flow-seq"]
    assert "fifo" not in skills and "dev-zero" not in skills  # not regular files: no skill


@pytest.mark.parametrize("name", ["fifo", "dev-zero", "dir-named-skill-md", "self-link"])
def test_special_skill_md_given_directly(name: str, hostile_root: Path) -> None:
    directory = CASES[name].build(hostile_root)
    out = run_limited("collect", directory / "SKILL.md", timeout=30)
    assert out.returncode == 0, out.stderr
    (summary,) = out.json_lines()
    if name == "dir-named-skill-md":
        # A directory named SKILL.md is searched as a tree: there is nothing in it.
        assert summary["skills"] == []
        return
    if name == "self-link":
        # A link that cannot be resolved is reported as a note, not parsed.
        assert summary["skills"] == []
        assert [r for _, r in summary["notes"]] == ["dangling-symlink"]  # type: ignore[union-attr,misc]
        return
    ((_, codes),) = summary["skills"]  # type: ignore[misc]
    assert codes == ["unreadable"]


def test_deep_directory_chain_is_cut_at_the_scan_depth(deep_chain: Path) -> None:
    top = deep_chain
    items = list(walk_skills(top))
    candidates = [c for c in items if isinstance(c, Candidate)]
    assert [c.depth for c in candidates] == [3]
    assert [n.reason for n in items if isinstance(n, ScanNote)] == ["too-deep"]
    files, truncated = list_files(top)
    assert truncated
    assert len(files) <= limits.MAX_SKILL_FILES
    assert collect([top]).skills[0].parsed.data["name"] == "d"


def test_list_files_terminates_on_symlink_loops(hostile_root: Path) -> None:
    directory = symlink_loop(hostile_root)
    files, truncated = list_files(directory)
    names = {f.relpath for f in files}
    assert "SKILL.md" in names
    assert truncated  # the loops were noticed and not followed
    assert len(files) < 50


def test_non_utf8_names_are_listed(hostile_root: Path) -> None:
    directory = CASES["non-utf8-names"].build(hostile_root)
    files, _ = list_files(directory)
    assert any(os.fsencode(f.relpath) == b"scripts/run-\xe9.sh" for f in files)
    (skill,) = collect([hostile_root]).skills
    assert os.fsencode(skill.dir.name) == b"bad-name-\xff\xfe"


@pytest.mark.skipif(IS_ROOT and not setpriv_available(), reason=ROOT_SKIP)
def test_unreadable_file_and_folder(hostile_root: Path, shared_root: Path) -> None:
    unreadable_file(shared_root)
    unreadable_dir(shared_root)
    good_skill(shared_root)
    if IS_ROOT:
        out = run_limited("collect", shared_root, as_nobody=True)
        assert out.returncode == 0, out.stderr
        (summary,) = out.json_lines()
        skills = {Path(str(d)).name: codes for d, codes in summary["skills"]}  # type: ignore[union-attr,misc]
        notes = {(Path(str(p)).name, r) for p, r in summary["notes"]}  # type: ignore[union-attr,misc]
    else:  # pragma: no cover - depends on who runs the tests
        found = collect([shared_root])
        skills = {s.dir.name: sorted({p.code for p in s.parsed.problems}) for s in found.skills}
        notes = {(n.path.name, n.reason) for n in found.notes}
    assert skills["good-skill"] == []
    assert skills["unreadable-file"] == ["unreadable"]
    assert ("unreadable-dir", "unreadable") in notes
    assert "hidden-skill" not in skills


def test_list_files_does_not_climb_out_through_a_parent_link(hostile_root: Path) -> None:
    """Regression: ``parent -> ..`` inside a skill listed the whole surrounding tree."""
    directory = symlink_loop(hostile_root)
    good_skill(hostile_root)
    files, _ = list_files(directory)
    names = {f.relpath for f in files}
    assert not any(n.startswith(("parent/", "self/")) for n in names), sorted(names)
    assert "SKILL.md" in names


def test_list_files_leaves_out_fifos_and_devices(hostile_root: Path) -> None:
    """Regression: a FIFO or a link to /dev/zero was listed, and a rule reading it hung."""
    directory = good_skill(hostile_root, "special-files")
    (directory / "references").mkdir()
    os.mkfifo(directory / "references" / "pipe.md")
    os.symlink("/dev/zero", directory / "references" / "zero.md")
    (directory / "references" / "real.md").write_text("# Real\n")
    files, _ = list_files(directory)
    assert sorted(f.relpath for f in files) == ["SKILL.md", "references/real.md"]


@pytest.mark.parametrize(
    ("name", "detail"),
    [
        ("fifo", "named pipe"),
        ("dev-zero", "device"),
        ("dir-named-skill-md", "directory"),
    ],
)
def test_walk_says_why_a_special_skill_md_is_not_read(
    name: str, detail: str, hostile_root: Path
) -> None:
    """Regression: a SKILL.md that is a FIFO, device or folder was skipped without a word."""
    directory = CASES[name].build(hostile_root)
    items = list(walk_skills(hostile_root))
    assert not [c for c in items if isinstance(c, Candidate)]
    (note,) = [n for n in items if isinstance(n, ScanNote)]
    assert note.path == directory / "SKILL.md"
    assert note.reason == "unreadable" and detail in note.detail


def test_walk_does_not_climb_out_through_a_parent_link(hostile_root: Path) -> None:
    """Regression: walking a skill with ``parent -> ..`` walked the whole tree around it."""
    directory = symlink_loop(hostile_root)
    good_skill(hostile_root)
    items = list(walk_skills(directory))
    assert [c.dir for c in items if isinstance(c, Candidate)] == [directory]
    assert (directory / "parent", "symlink-loop") in {
        (n.path, n.reason) for n in items if isinstance(n, ScanNote)
    }
