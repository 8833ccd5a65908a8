"""Rules whose failing cases cannot be committed to git: built in tmp_path at test time."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths


def _rules(root: Path, *paths: Path, **kwargs: object) -> list[tuple[str, str]]:
    report = lint_paths(LintOptions(paths=paths or (root,), use_cache=False, **kwargs))  # type: ignore[arg-type]
    return [(d.rule, os.path.relpath(d.path, root)) for d in report.diagnostics]


def test_unreadable_fifo_named_skill_md(tmp_path: Path) -> None:
    skill = tmp_path / "fifo-skill"
    skill.mkdir()
    os.mkfifo(skill / "SKILL.md")
    found = _rules(tmp_path, skill / "SKILL.md")
    assert ("unreadable", "fifo-skill/SKILL.md") in found


def test_file_too_large_for_claude_code(make_skill: Callable[..., Path], tmp_path: Path) -> None:
    make_skill("big-skill", body="x" * 1_000_100 + "\n")
    make_skill("small-skill")
    found = _rules(tmp_path)
    assert ("file-too-large", "big-skill/SKILL.md") in found
    assert not any(rule == "file-too-large" and "small" in path for rule, path in found)


def test_file_too_large_uses_the_chosen_agents_cap(
    make_skill: Callable[..., Path], tmp_path: Path
) -> None:
    make_skill("mid-skill", body="x" * 300_000 + "\n")
    assert ("file-too-large", "mid-skill/SKILL.md") not in _rules(tmp_path)
    found = _rules(tmp_path, agents=("openclaw",))
    assert ("file-too-large", "mid-skill/SKILL.md") in found


def test_scan_problem_for_a_symlink_loop(make_skill: Callable[..., Path], tmp_path: Path) -> None:
    make_skill("ok-skill")
    (tmp_path / "loop").mkdir()
    os.symlink(tmp_path / "loop", tmp_path / "loop" / "again")
    found = _rules(tmp_path)
    assert ("scan-problem", "loop/again") in found


def test_agent_skill_cap_only_with_that_agent(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    from skillctl.agents import get_profile

    cap = get_profile("openclaw").max_skills_per_root
    assert cap is not None
    for i in range(cap + 2):
        make_skill(f"s{i:03d}", root=tmp_path / "skills")
    assert not any(r == "agent-skill-cap" for r, _ in _rules(tmp_path))
    capped = [p for r, p in _rules(tmp_path, agents=("openclaw",)) if r == "agent-skill-cap"]
    assert len(capped) == 2


def test_agent_skill_cap_counts_every_folder_openclaw_looks_at(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    # OpenClaw takes the first 300 folders of a folder by name, skills or not (conformance
    # case openclaw-folder-cap); 150 skills stay under its 200-skill cap
    collection = tmp_path / "collection"
    for i in range(170):
        (collection / f"docs-{i:03d}").mkdir(parents=True)
    for i in range(150):
        make_skill(f"skill-{i:03d}", root=collection)
    (collection / ".hidden-folder").mkdir()
    (collection / "node_modules").mkdir()
    capped = sorted(p for r, p in _rules(tmp_path, agents=("openclaw",))
                    if r == "agent-skill-cap")
    # 170 + 150 folders: skill-130 to skill-149 come past the first 300
    assert capped == [f"collection/skill-{i:03d}/SKILL.md" for i in range(130, 150)]
    assert not any(r == "agent-skill-cap" for r, _ in _rules(tmp_path, agents=("codex",)))
    report = lint_paths(LintOptions(paths=(tmp_path,), use_cache=False,
                                    agents=("openclaw",)))
    message = next(d.message for d in report.diagnostics if d.rule == "agent-skill-cap")
    assert "first 300 folders of a folder (by name); this folder has 320" in message


def test_agent_skill_cap_for_codex_counts_the_root_among_its_2000_folders(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    collection = tmp_path / "collection"
    for i in range(1998):
        (collection / f"a{i:04d}").mkdir(parents=True)
    make_skill("b-first", root=collection)  # the 2,000th folder walked
    make_skill("b-second", root=collection)
    capped = [p for r, p in _rules(tmp_path, agents=("codex",)) if r == "agent-skill-cap"]
    assert capped == ["collection/b-second/SKILL.md"]


def test_script_mode_comes_from_the_git_index(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    import shutil
    import subprocess

    import pytest

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    skill = make_skill("tracked")
    script = skill / "scripts" / "run.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho hi\n")
    os.chmod(script, 0o644)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "."], check=True)
    os.chmod(script, 0o755)  # executable here, but git still ships 100644
    report = lint_paths(LintOptions(paths=(skill,), use_cache=False))
    (diag,) = [d for d in report.diagnostics if d.rule == "script-not-executable"]
    assert "100644" in diag.message and not diag.fixable
    subprocess.run(["git", "-C", str(tmp_path), "update-index", "--chmod=+x",
                    "tracked/scripts/run.sh"], check=True)
    report = lint_paths(LintOptions(paths=(skill,), use_cache=False))
    assert not [d for d in report.diagnostics if d.rule == "script-not-executable"]
