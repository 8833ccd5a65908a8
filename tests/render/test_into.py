"""``--into FILE`` keeps a catalog between markers; ``--check`` says whether it is current."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.errors import UsageError
from skillctl.render.into import BEGIN, END, splice
from tests.render.conftest import run


def test_markers_are_appended_when_absent() -> None:
    assert splice("# Agents\n", "X") == f"# Agents\n\n{BEGIN}\nX\n{END}\n"
    assert splice("", "X") == f"{BEGIN}\nX\n{END}\n"


def test_only_the_text_between_markers_changes() -> None:
    before = f"head\n{BEGIN}\nold\nstuff\n{END}\ntail no newline"
    assert splice(before, "new") == f"head\n{BEGIN}\nnew\n{END}\ntail no newline"


def test_broken_markers_are_a_usage_error() -> None:
    with pytest.raises(UsageError):
        splice(f"{END}\n{BEGIN}\n", "x")


def test_into_then_check(tree: Path, tmp_path: Path, runner: CliRunner) -> None:
    target = tmp_path / "AGENTS.md"
    target.write_text("# Project\n\nKeep this.\n")
    code, _, _ = run(runner, "render", str(tree), "--format", "markdown", "--into", str(target),
                     "--check")
    assert code == 1 and target.read_text() == "# Project\n\nKeep this.\n"
    code, _, err = run(runner, "render", str(tree), "--format", "markdown", "--into", str(target))
    assert code == 0 and "updated" in err
    text = target.read_text()
    assert text.startswith("# Project\n\nKeep this.\n\n" + BEGIN + "\n## Available skills")
    code, _, err = run(runner, "render", str(tree), "--format", "markdown", "--into", str(target),
                       "--check")
    assert code == 0 and "up to date" in err
    (tree / "alpha" / "SKILL.md").write_text("---\nname: alpha\ndescription: Changed.\n---\n")
    code, _, err = run(runner, "render", str(tree), "--format", "markdown", "--into", str(target),
                       "--check")
    assert code == 1 and "out of date" in err
    assert target.read_text() == text


def test_check_without_into_is_a_usage_error(tree: Path, runner: CliRunner) -> None:
    code, _, err = run(runner, "render", str(tree), "--check")
    assert code == 2 and "--into" in err


def test_into_a_fifo_is_refused_without_blocking(tree: Path, tmp_path: Path,
                                                 runner: CliRunner) -> None:
    import os

    target = tmp_path / "AGENTS.md"
    os.mkfifo(target)
    code, _, err = run(runner, "render", str(tree), "--format", "markdown", "--into", str(target))
    assert code == 2 and "cannot read" in err
