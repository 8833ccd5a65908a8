"""Start-up guard: ``--help`` and TAB completion must not load the heavy libraries.

Every TAB press and every ``--help`` starts a fresh process, so its cost is the import cost.
These tests run skillctl in a subprocess under ``python -X importtime`` and read the module
names it reports on stderr. No timing is asserted: only *which* modules load.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

#: Top-level packages that only a command's body may import (STYLE.md §2d and §4).
HEAVY = ("jsonschema", "ruamel", "rich", "pathspec", "pydantic")

COMMANDS = ("list", "show", "lint", "rules", "render", "new", "schema", "run-script")


def imported_modules(
    args: list[str], extra_env: dict[str, str] | None = None
) -> tuple[set[str], str]:
    """Run ``python -X importtime -m skillctl ARGS``; return the imported modules and stdout."""
    env = dict(os.environ)
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    env.update(extra_env or {})
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "skillctl", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    modules: set[str] = set()
    for line in proc.stderr.splitlines():
        # "import time:  self [us] | cumulative | imported package"
        if not line.startswith("import time:"):
            continue
        name = line.rsplit("|", 1)[-1].strip()
        if name and name != "imported package":
            modules.add(name)
    assert "skillctl.cli.app" in modules, "importtime output was not parsed"
    return modules, proc.stdout


def heavy_in(modules: set[str]) -> list[str]:
    """The heavy modules among ``modules``, sorted."""
    return sorted(m for m in modules if m.split(".", 1)[0] in HEAVY)


def test_top_level_help_imports_no_heavy_module() -> None:
    modules, out = imported_modules(["--help"])
    assert "lint" in out
    assert heavy_in(modules) == []


def test_version_imports_no_heavy_module() -> None:
    modules, out = imported_modules(["--version"])
    assert out.startswith("skillctl ")
    assert heavy_in(modules) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_command_help_imports_no_heavy_module(command: str) -> None:
    modules, out = imported_modules([command, "--help"])
    assert "Usage:" in out
    assert heavy_in(modules) == []


def test_tab_completion_of_commands_imports_no_heavy_module() -> None:
    env = {"_SKILLCTL_COMPLETE": "complete_bash", "COMP_WORDS": "skillctl li", "COMP_CWORD": "1"}
    modules, out = imported_modules([], env)
    assert set(out.split()) >= {"lint", "list"}
    assert heavy_in(modules) == []


def test_tab_completion_of_lint_options_imports_no_heavy_module() -> None:
    env = {
        "_SKILLCTL_COMPLETE": "complete_bash",
        "COMP_WORDS": "skillctl lint --",
        "COMP_CWORD": "2",
    }
    modules, out = imported_modules([], env)
    assert "--help" in out.split()
    assert heavy_in(modules) == []


def test_the_guard_detects_a_heavy_import() -> None:
    """The parser above really sees third-party imports (so the guard can fail)."""
    env = dict(os.environ)
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import ruamel.yaml"],
        capture_output=True, text=True, env=env, timeout=60,
    )
    names = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
    assert heavy_in(names) != []
