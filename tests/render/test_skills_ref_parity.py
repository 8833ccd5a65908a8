"""``render --format skills-ref`` against the reference validator itself (skills-ref 0.1.1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import corpus_skill_files
from tests.render.conftest import run

prompt = pytest.importorskip("skills_ref.prompt")


def _parseable(limit: int) -> list[Path]:
    dirs: list[Path] = []
    for entry in corpus_skill_files():
        try:
            prompt.to_prompt([entry.parent])
        except Exception:  # skills-ref rejects it: not a parity case
            continue
        dirs.append(entry.parent)
    return dirs[:: max(1, len(dirs) // limit)][:limit]


CASES = _parseable(12)


@pytest.mark.skipif(not CASES, reason="skills-ref accepts none of the corpus skills")
@pytest.mark.parametrize("skill_dir", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_one_skill_matches_to_prompt(skill_dir: Path, runner: CliRunner) -> None:
    code, out, _ = run(runner, "render", str(skill_dir), "--format", "skills-ref")
    assert code == 0
    assert out == prompt.to_prompt([skill_dir]) + "\n"


@pytest.mark.skipif(len(CASES) < 3, reason="skills-ref accepts too few corpus skills")
def test_several_skills_in_argument_order(runner: CliRunner) -> None:
    chosen = [CASES[2], CASES[0], CASES[1]]
    code, out, _ = run(runner, "render", *map(str, chosen), "--format", "skills-ref")
    assert code == 0
    assert out == prompt.to_prompt(chosen) + "\n"


def test_escaping_matches_on_a_copy(tmp_path: Path, runner: CliRunner) -> None:
    skill = tmp_path / "amp-and"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: amp-and\ndescription: Use <foo> & <bar> tags, "
                                    "'single' and \"double\".\n---\nBody\n")
    linked = tmp_path / "a&b <dir>"
    shutil.copytree(skill, linked / "amp-and")
    code, out, _ = run(runner, "render", str(linked / "amp-and"), "--format", "skills-ref")
    assert code == 0
    assert out == prompt.to_prompt([linked / "amp-and"]) + "\n"
    assert "&lt;foo&gt; &amp; &lt;bar&gt;" in out and "a&b <dir>" in out  # location unescaped
