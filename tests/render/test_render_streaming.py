"""``skillctl render PATH...`` streams skills (parse, build the entry, drop the text); its
output must be what rendering every collected skill at once gives."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.collect import collect
from skillctl.render.catalog import get_format, render_catalog
from skillctl.render.report import format_report
from skillctl.render.types import BudgetRequest
from tests.conftest import CORPUS, write_skill
from tests.render.conftest import run


@pytest.fixture
def mixed(tmp_path: Path) -> list[Path]:
    """Two trees and a single skill: real corpus skills, a broken one, one without a
    description, one hidden from the model, a duplicate given twice and a dangling link."""
    tree = tmp_path / "tree"
    shutil.copytree(CORPUS / "anthropics__skills", tree / "anthropic", symlinks=True)
    write_skill(tree, "broken", raw=b"---\nname: [broken\n---\nbody\n")
    write_skill(tree, "nodesc", "name: nodesc\n", body="# Falls back to this line\n")
    write_skill(tree, "quiet", "name: quiet\ndescription: Quiet.\n"
                "disable-model-invocation: true\n")
    os.symlink(tmp_path / "nowhere", tree / "dangling")
    single = write_skill(tmp_path / "other", "single", "name: single\ndescription: One.\n")
    return [tree, single, tree / "nodesc"]


def expected(paths: list[Path], fmt: str, report: bool = False) -> tuple[str, str]:
    """stdout and stderr as rendering the collected skills in one go gives them."""
    collected = collect(paths)
    result = render_catalog(list(collected.skills), fmt, BudgetRequest(home=Path.home()))
    err = "".join(f"skillctl: note: {n.path}: {n.reason}" + (f" ({n.detail})" if n.detail else "")
                  + "\n" for n in collected.notes)
    if report:
        return format_report(result.catalog, result.skipped, get_format(fmt).budget_doc) + "\n", err
    err += "".join(f"skillctl: skipped {path}: {reason}\n" for path, reason in result.skipped)
    err += "".join(f"skillctl: note: {note}\n" for note in result.catalog.notes)
    return (result.catalog.text + "\n" if result.catalog.text else ""), err


@pytest.mark.parametrize("fmt", ["xml", "claude-code", "codex", "openclaw", "json", "skills-ref"])
def test_streamed_render_equals_rendering_every_collected_skill(
    mixed: list[Path], fmt: str,
) -> None:
    code, out, err = run(CliRunner(), "render", "--format", fmt, *map(str, mixed))
    want_out, want_err = expected(mixed, fmt)
    assert code == 0
    assert "<name>" in out or "name" in out
    assert (out, err) == (want_out, want_err)


def test_streamed_report_equals_the_collected_report(mixed: list[Path]) -> None:
    code, out, err = run(CliRunner(), "render", "--format", "claude-code", "--report",
                         *map(str, mixed))
    assert code == 0
    assert (out, err) == expected(mixed, "claude-code", report=True)


def test_the_mixed_trees_exercise_notes_skips_and_fallbacks(mixed: list[Path]) -> None:
    out, err = expected(mixed, "claude-code")
    assert "dangling-symlink" in err
    assert "quiet" in err  # left out by disable-model-invocation
    assert "Falls back to this line" in out and "single" in out
    _, err = expected(mixed, "xml")
    assert "skipped" in err and "broken" in err and "nodesc" in err
