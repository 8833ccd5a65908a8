"""Generated files (completions, man page) match the code, render, and ship in the wheel.

When one of the drift tests fails, run ``python scripts/gen_all.py`` and commit the result.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app

REPO = Path(__file__).resolve().parent.parent
MAN = REPO / "man" / "skillctl.1"


def load_script(name: str) -> ModuleType:
    """Import ``scripts/<name>.py`` as a module."""
    path = REPO / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"skillctl_test_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_match_the_generator(shell: str) -> None:
    gen = load_script("gen_completions")
    committed = (REPO / "completions" / gen.FILES[shell]).read_text(encoding="utf-8")
    assert committed == gen.render(shell), "completions/ is stale: run python scripts/gen_all.py"


def test_fish_script_is_typers_and_bash_zsh_use_its_bash_protocol() -> None:
    """fish's script comes straight from the app (STYLE.md §2a); bash and zsh are skillctl's
    own (Typer's zsh script evals, issue 15 item 1) and speak Typer's bash protocol."""
    gen = load_script("gen_completions")
    raw = CliRunner().invoke(app, [], prog_name="skillctl",
                             env={"_SKILLCTL_COMPLETE": "source_fish"})
    assert raw.exit_code == 0
    assert gen.render("fish") == raw.stdout.strip("\n") + "\n"
    for shell in ("bash", "zsh"):
        assert "_SKILLCTL_COMPLETE=complete_bash" in gen.render(shell)


def test_zsh_script_starts_with_compdef() -> None:
    first = (REPO / "completions" / "_skillctl").read_text(encoding="utf-8").splitlines()[0]
    assert first == "#compdef skillctl"


def test_man_page_matches_the_app() -> None:
    gen = load_script("gen_man")
    assert MAN.read_text(encoding="utf-8") == gen.render(), (
        "man/skillctl.1 is stale: run python scripts/gen_all.py"
    )


def test_gen_all_check_passes_on_the_committed_files() -> None:
    proc = subprocess.run([sys.executable, str(REPO / "scripts" / "gen_all.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_gen_check_reports_a_stale_file(tmp_path: Path) -> None:
    gen = load_script("gen_man")
    gen.OUTPUT = tmp_path / "skillctl.1"
    gen.OUTPUT.write_text("stale\n")
    gen.REPO = tmp_path
    assert gen.main(["--check"]) == 1
    assert gen.main([]) == 0
    assert gen.main(["--check"]) == 0


def test_man_page_lists_every_command_and_option() -> None:
    from typer.main import get_command

    text = MAN.read_text(encoding="utf-8")
    root = get_command(app)
    commands = getattr(root, "commands", {})
    assert commands
    for name, command in commands.items():
        assert f'.SS "skillctl {name.replace("-", chr(92) + "-")} ' in text, name
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-") and opt not in ("-h", "--help"):
                    assert f"\\fB{opt.replace('-', chr(92) + '-')}" in text, (name, opt)
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS",
                    "ENVIRONMENT", "FILES", "EXAMPLES"):
        assert f".SH {section}\n" in text
    for var in ("NO_COLOR", "SKILLCTL_DEBUG", "SKILLCTL_CACHE_DIR", "XDG_CACHE_HOME"):
        assert f"\\fB{var}\\fR" in text
    assert ".TH SKILLCTL 1 \"\"" in text  # no date from the clock


def test_man_examples_use_real_options() -> None:
    """Every option in EXAMPLES exists on its command (skipped for commands still stubs)."""
    from typer.main import get_command

    gen = load_script("gen_man")
    commands = getattr(get_command(app), "commands", {})
    for _, example in gen.EXAMPLES:
        words = example.replace("\\-", "-").split()
        assert words[0] == "skillctl" and words[1] in commands, example
        command = commands[words[1]]
        known = {opt for p in command.params for opt in getattr(p, "opts", [])}
        if known <= {"-h", "--help"}:
            continue  # placeholder command, not built yet
        for word in words[2:]:
            if word.startswith("-"):
                assert word in known, (example, word)


@pytest.mark.skipif(shutil.which("man") is None, reason="man(1) is not installed")
def test_man_page_renders_with_man_l() -> None:
    proc = subprocess.run(["man", "-l", str(MAN)], capture_output=True, text=True,
                          env={"MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "100",
                               "PATH": "/usr/bin:/bin:/usr/local/bin", "LANG": "C.UTF-8"},
                          timeout=60)
    if proc.returncode != 0 and "groff" in proc.stderr:
        pytest.skip(f"man cannot render here: {proc.stderr.strip()[:200]}")
    assert proc.returncode == 0, proc.stderr
    assert "warning" not in proc.stderr.lower(), proc.stderr
    plain = re.sub(r".\x08", "", proc.stdout)
    assert "SKILLCTL(1)" in plain
    assert "EXIT STATUS" in plain and "skillctl new" in plain


@pytest.mark.slow
def test_wheel_installs_completions_and_man_page_under_share(tmp_path: Path) -> None:
    """Build a wheel from a copy of the tree and list its data files."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, src / name)
    for name in ("skillctl", "man", "completions"):
        shutil.copytree(REPO / name, src / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--no-input",
         "--disable-pip-version-check", "-w", str(out), str(src)],
        capture_output=True, text=True, timeout=600,
    )
    if proc.returncode != 0 and re.search(r"(?i)network|connection|resolve|index", proc.stderr):
        pytest.skip(f"cannot fetch the build backend: {proc.stderr.strip()[-300:]}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    expected = {
        "share/man/man1/skillctl.1": MAN,
        "share/bash-completion/completions/skillctl.bash": REPO / "completions/skillctl.bash",
        "share/zsh/site-functions/_skillctl": REPO / "completions/_skillctl",
        "share/fish/vendor_completions.d/skillctl.fish": REPO / "completions/skillctl.fish",
    }
    with zipfile.ZipFile(wheel) as archive:
        data = {name.split(".data/data/", 1)[1]: name for name in archive.namelist()
                if ".data/data/" in name}
        assert set(data) == set(expected)
        for target, source in expected.items():
            assert archive.read(data[target]) == source.read_bytes(), target
