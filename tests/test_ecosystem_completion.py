"""TAB completion: the helpers, a real completion round trip, and that it stays light.

Each TAB press starts a skillctl process, so the subprocess tests also check that completing
imports none of the heavy libraries.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skillctl.cli.completion import complete_agent, complete_rule, complete_skill

REPO = Path(__file__).resolve().parent.parent
HEAVY = ("rich", "ruamel", "jsonschema", "pathspec", "pydantic")


def complete(words: str, cword: int, *, cwd: Path | None = None,
             env: dict[str, str] | None = None) -> tuple[list[str], set[str]]:
    """Run ``skillctl`` in bash completion mode; return the candidates and imported modules."""
    full_env = dict(os.environ)
    full_env.pop("PYTHONPROFILEIMPORTTIME", None)
    full_env.update(env or {})
    full_env.update({"_SKILLCTL_COMPLETE": "complete_bash", "COMP_WORDS": words,
                     "COMP_CWORD": str(cword)})
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "skillctl"],
        capture_output=True, text=True, env=full_env, cwd=cwd or REPO, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    modules = {
        line.rsplit("|", 1)[-1].strip()
        for line in proc.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert "skillctl.cli.app" in modules
    return proc.stdout.split(), modules


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".", 1)[0] in HEAVY)


def test_complete_agent() -> None:
    from skillctl.agents import agent_ids

    assert complete_agent("") == agent_ids()
    assert complete_agent("cl") == ["claude-code"]
    assert complete_agent("opencode") == ["opencode", "opencode-agent-skills"]
    assert complete_agent("zzz") == []


def test_complete_rule() -> None:
    registry = pytest.importorskip("skillctl.lint.registry")
    try:
        ids = registry.rule_ids()
    except ImportError:
        pytest.skip("lint rules not built yet")
    if not ids:
        pytest.skip("no lint rules registered yet")
    assert complete_rule("") == sorted([*ids, *registry.CATEGORIES])
    assert "security" in complete_rule("sec")
    first = ids[0]
    assert first in complete_rule(first[:3])
    assert all(r.startswith(first[:3]) for r in complete_rule(first[:3]))
    assert complete_rule("zzz-no-such-rule") == []
    # comma-separated lists, as --select and --ignore accept them
    listed = complete_rule(f"{first},")
    assert listed and all(item.startswith(f"{first},") for item in listed)
    assert f"{first},{first}" not in listed
    second = ids[1]
    assert f"{first},{second}" in complete_rule(f"{first},{second[:4]}")


def _skill(directory: Path) -> None:
    directory.mkdir(parents=True)
    (directory / "SKILL.md").write_text("---\nname: x\ndescription: y\n---\n")


def test_complete_skill_reads_agent_roots_below_cwd(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    _skill(project / ".claude" / "skills" / "deploy")
    _skill(project / ".agents" / "skills" / "data-report")
    (project / ".claude" / "skills" / "not-a-skill").mkdir()  # no SKILL.md
    home = tmp_path / "home"
    _skill(home / ".claude" / "skills" / "personal-notes")
    sub = project / "src"
    sub.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.chdir(sub)  # Claude Code walks up to the git root
    names = complete_skill("")
    assert "deploy" in names and "personal-notes" in names and "data-report" in names
    assert "not-a-skill" not in names
    assert complete_skill("de") == ["deploy"]
    assert names == sorted(set(names))


def test_complete_skill_never_raises_on_unreadable_roots(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "no-such-home"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "skills").write_text("a file, not a directory")
    assert complete_skill("") == []


def test_completion_module_imports_only_stdlib_at_module_level() -> None:
    code = ("import sys, skillctl.cli.completion; "
            "print(sorted(m for m in sys.modules if m.startswith('skillctl')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert proc.stdout.strip() == "['skillctl', 'skillctl.cli', 'skillctl.cli.completion']"


def test_tab_completes_subcommands_without_heavy_imports() -> None:
    words, modules = complete("skillctl sch", 1)
    assert words == ["schema"]
    assert heavy(modules) == []


def test_tab_completes_agent_ids_without_heavy_imports() -> None:
    words, modules = complete("skillctl schema --agent cl", 3)
    assert words == ["claude-code"]
    assert heavy(modules) == []
    words, _ = complete("skillctl new x --agent opencode", 4)
    assert words == ["opencode", "opencode-agent-skills"]


def test_tab_completes_skill_names_where_wired(tmp_path: Path) -> None:
    """Once an option uses ``complete_skill`` (wired by the lead), TAB offers skill names."""
    from typer.main import get_command

    from skillctl.cli.app import app

    wired = []
    root = get_command(app)
    for name, command in getattr(root, "commands", {}).items():
        for param in command.params:
            callback = getattr(param, "_custom_shell_complete", None)
            cells = [c.cell_contents for c in getattr(callback, "__closure__", None) or ()]
            cells = [getattr(c, "__wrapped__", c) for c in cells]
            if complete_skill in cells:  # Typer wraps the function (twice)
                wired.append((name, param))
    if not wired:
        pytest.skip("complete_skill is not wired into any option yet")
    _skill(tmp_path / ".claude" / "skills" / "deploy")
    (tmp_path / ".git").mkdir()
    name, param = wired[0]
    flag = param.opts[0] if param.opts[0].startswith("-") else None
    words_list = ["skillctl", name, *([flag] if flag else []), "dep"]
    words, modules = complete(" ".join(words_list), len(words_list) - 1, cwd=tmp_path,
                              env={"HOME": str(tmp_path / "home")})
    assert "deploy" in words
    assert heavy(modules) == []


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_committed_bash_script_completes_in_a_real_bash(tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    launcher = bindir / "skillctl"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m skillctl "$@"\n')
    launcher.chmod(0o755)
    script = (
        f"source {REPO / 'completions' / 'skillctl.bash'}\n"
        "COMP_WORDS=(skillctl schema --agent cod); COMP_CWORD=3\n"
        "_skillctl_completion skillctl\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
    proc = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], capture_output=True,
                          text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["codex"]


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_committed_fish_script_completes_in_a_real_fish(tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    launcher = bindir / "skillctl"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m skillctl "$@"\n')
    launcher.chmod(0o755)
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}",
           "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    script = f"source {REPO / 'completions' / 'skillctl.fish'}; complete -C 'skillctl sch'"
    proc = subprocess.run(["fish", "--no-config", "-c", script], capture_output=True,
                          text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert [line.split("\t")[0] for line in proc.stdout.splitlines()] == ["schema"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_committed_zsh_script_registers_when_autoloaded_from_fpath(tmp_path: Path) -> None:
    """compinit only picks up a site-functions file whose first line is ``#compdef``."""
    script = (
        f"fpath=({REPO / 'completions'} $fpath)\n"
        "autoload -Uz compinit && compinit -u -d "
        f"{tmp_path / 'zcompdump'}\n"
        "print -r -- ${_comps[skillctl]}\n"
    )
    proc = subprocess.run(["zsh", "-f", "-c", script], capture_output=True, text=True,
                          env={**os.environ, "HOME": str(tmp_path)}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "_skillctl"
