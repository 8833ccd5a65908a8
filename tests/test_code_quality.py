"""The code base stays ruff-clean and mypy --strict clean (the tools come with the test extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return found


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "--no-cache", "."], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(
        [_tool("mypy"), "--no-incremental"], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_only_cli_knows_typer_and_only_report_knows_rich() -> None:
    """The layering of ARCHITECTURE.md: typer only in cli/, rich only in report/ and cli/,
    and in report/ only inside functions (start-up never pays for it)."""
    offenders = []
    for path in sorted((REPO / "skillctl").rglob("*.py")):
        rel = path.relative_to(REPO / "skillctl")
        layer = rel.parts[0] if len(rel.parts) > 1 else ""
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip()
            typer = stripped.startswith(("import typer", "from typer"))
            rich = stripped.startswith(("import rich", "from rich"))
            top_level = line == stripped
            if (typer and layer != "cli") or (
                rich and (layer not in ("cli", "report") or top_level)
            ):
                offenders.append(f"{rel}:{number}: {stripped}")
    assert offenders == []
