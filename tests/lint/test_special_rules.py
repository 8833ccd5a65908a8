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
