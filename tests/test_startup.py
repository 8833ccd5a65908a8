"""Start-up guard: ``--help`` and TAB completion must not load the heavy libraries.

Every TAB press and every ``--help`` starts a fresh process, so its cost is the import cost.
These tests run skillctl in a subprocess under ``python -X importtime`` and read the module
names it reports on stderr. No timing is asserted: only *which* modules load.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Top-level packages that only a command's body may import (STYLE.md §2d and §4).
HEAVY = ("jsonschema", "ruamel", "rich", "pathspec", "pydantic")

COMMANDS = ("list", "show", "lint", "audit", "rules", "agents", "render", "new", "schema",
            "run-script", "disable", "enable", "link", "unlink")


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
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    names = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
    assert heavy_in(names) != []


# --------------------------------------------------------------------------- lazy commands
#
# The group lists its commands from a table (skillctl.cli.app.COMMANDS) and imports and
# builds only the command that runs, is asked for --help, or is completed past its name.

#: skillctl.cli modules that hold a command; the helpers (app, completion, places) are not.
COMMAND_MODULES = {
    "skillctl.cli.list_cmd",
    "skillctl.cli.show",
    "skillctl.cli.lint",
    "skillctl.cli.audit",
    "skillctl.cli.rules",
    "skillctl.cli.agents_cmd",
    "skillctl.cli.render",
    "skillctl.cli.new",
    "skillctl.cli.schema",
    "skillctl.cli.run_script",
    "skillctl.cli.disable_cmd",
    "skillctl.cli.enable_cmd",
    "skillctl.cli.link_cmd",
    "skillctl.cli.unlink_cmd",
}


def command_modules_in(modules: set[str]) -> set[str]:
    """The command modules among ``modules``."""
    return modules & COMMAND_MODULES


def test_top_level_help_imports_no_command_module() -> None:
    modules, out = imported_modules(["--help"])
    assert "run-script" in out
    assert command_modules_in(modules) == set()


@pytest.mark.parametrize("command", COMMANDS)
def test_command_help_imports_only_that_command(command: str) -> None:
    from skillctl.cli.app import COMMANDS as TABLE

    modules, _ = imported_modules([command, "--help"])
    assert command_modules_in(modules) == {TABLE[command].module}


def test_tab_completion_of_a_command_name_imports_no_command_module() -> None:
    env = {"_SKILLCTL_COMPLETE": "complete_bash", "COMP_WORDS": "skillctl li", "COMP_CWORD": "1"}
    modules, out = imported_modules([], env)
    assert out.split() == ["list", "lint", "link"]
    assert command_modules_in(modules) == set()


def test_tab_completion_of_options_imports_only_that_command() -> None:
    env = {
        "_SKILLCTL_COMPLETE": "complete_bash",
        "COMP_WORDS": "skillctl lint --",
        "COMP_CWORD": "2",
    }
    modules, out = imported_modules([], env)
    assert "--no-cache" in out.split()
    assert command_modules_in(modules) == {"skillctl.cli.lint"}


def test_the_command_table_lists_every_command_module() -> None:
    """A new command module must be added to the table, or it would never be reachable."""
    from pathlib import Path

    import skillctl.cli
    from skillctl.cli.app import COMMANDS as TABLE

    folder = Path(skillctl.cli.__file__).parent
    defined = {
        f"skillctl.cli.{path.stem}"
        for path in folder.glob("*.py")
        if "\ndef command(" in path.read_text(encoding="utf-8")
    }
    assert defined == COMMAND_MODULES
    assert {entry.module for entry in TABLE.values()} == COMMAND_MODULES
    assert tuple(TABLE) == COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_summary_matches_the_commands_docstring(command: str) -> None:
    """The table's summary is the first paragraph of the command's help, word for word."""
    import inspect

    from skillctl.cli.app import COMMANDS as TABLE
    from skillctl.cli.app import load_command

    real = load_command(command)
    first_paragraph = (real.help or "").split("\n\n")[0]
    assert TABLE[command].summary == " ".join(first_paragraph.split())
    assert real.help == inspect.getdoc(__import__(TABLE[command].module, fromlist=["x"]).command)


@pytest.mark.parametrize("command", COMMANDS)
def test_stand_in_shortens_its_help_like_the_real_command(command: str) -> None:
    """``--help`` and completion show stand-ins: same short help at every width."""
    from typer.core import TyperCommand

    from skillctl.cli.app import COMMANDS as TABLE
    from skillctl.cli.app import load_command

    real = load_command(command)
    stand_in = TyperCommand(command, help=TABLE[command].summary, rich_markup_mode=None)
    assert (stand_in.hidden, stand_in.deprecated, stand_in.short_help) == (
        real.hidden,
        real.deprecated,
        real.short_help,
    )
    for limit in range(5, 200):
        assert stand_in.get_short_help_str(limit) == real.get_short_help_str(limit), limit


def test_group_commands_behave_like_a_dict_of_real_commands() -> None:
    """Scripts (man page, completions) walk ``get_command(app).commands`` like a dict."""
    from typer.main import get_command

    from skillctl.cli.app import app

    commands = get_command(app).commands  # type: ignore[attr-defined]
    assert list(commands) == list(COMMANDS)
    assert len(commands) == len(COMMANDS)
    assert "lint" in commands and "nosuch" not in commands
    assert commands.get("nosuch") is None
    lint = commands["lint"]
    assert lint is commands["lint"]  # built once per group
    assert "--no-cache" in {opt for param in lint.params for opt in getattr(param, "opts", [])}
    assert commands["run-script"].context_settings == {"allow_extra_args": True}


def test_unknown_command_still_suggests_close_names() -> None:
    from typer.testing import CliRunner

    from skillctl.cli.app import app

    result = CliRunner().invoke(app, ["lnit"])
    assert result.exit_code == 2
    assert "Error: No such command 'lnit'. Did you mean " in result.stderr
    assert "'lint'" in result.stderr


# -- a lint run loads what its output needs, not every format's dependencies ------------------


def _clean_tree(tmp_path: Path) -> Path:
    from tests.conftest import write_skill

    root = tmp_path / "skills"
    write_skill(
        root,
        "pdf-tools",
        "name: pdf-tools\ndescription: Extracts text from PDF files. Use when the user asks "
        "about PDFs.\n",
    )
    return root


@pytest.mark.parametrize("cache", [["--no-cache"], []], ids=["no-cache", "cache"])
def test_text_lint_loads_neither_other_formats_nor_openssl(
    tmp_path: Path, cache: list[str]
) -> None:
    root = _clean_tree(tmp_path)
    modules, out = imported_modules(
        ["lint", *cache, str(root)], {"SKILLCTL_CACHE_DIR": str(tmp_path / "cache")}
    )
    assert "skillctl.report.lint_text" in modules, out
    assert not {f"skillctl.report.lint_{f}" for f in ("json", "sarif", "github", "junit")} & (
        modules
    )
    # The cache and the config fingerprint hash with BLAKE2b from _blake2: no OpenSSL.
    assert "_hashlib" not in modules


def test_sarif_lint_loads_its_format(tmp_path: Path) -> None:
    modules, out = imported_modules(
        ["lint", "--no-cache", "--format", "sarif", str(_clean_tree(tmp_path))]
    )
    assert '"version": "2.1.0"' in out
    assert "skillctl.report.lint_sarif" in modules
    assert "skillctl.report.lint_text" not in modules
