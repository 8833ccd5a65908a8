"""Fixtures for render tests: a small, deliberately awkward skill tree on disk."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.conftest import write_skill


def build_tree(root: Path) -> Path:
    """Skills that exercise escaping, exclusion, when_to_use, display names and fallbacks."""
    skills = root / "skills"
    write_skill(skills, "alpha", "name: alpha\ndescription: Extracts text from PDFs. Use when "
                "the user mentions PDFs.\n")
    write_skill(skills, "beta", "name: beta\ndescription: 'Handles <tags> & \"quotes\" and "
                "O''Brien.'\nwhen_to_use: the user edits XML\n")
    write_skill(skills, "gamma", "name: gamma\ndescription: Hidden from the model.\n"
                "disable-model-invocation: true\n")
    write_skill(skills, "delta-dir", "name: delta\ndescription: A skill whose name differs "
                "from its directory.\n")
    write_skill(skills, "epsilon", "name: epsilon\n", body="# Epsilon Helper\n\nNo "
                "description in the frontmatter.\n")
    return skills


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """The awkward tree, below ``tmp_path``."""
    return build_tree(tmp_path)


@pytest.fixture
def runner() -> CliRunner:
    """A CLI runner (stdout and stderr kept apart)."""
    return CliRunner()


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    """Invoke ``skillctl`` and return (exit code, stdout, stderr)."""
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr
