"""No surprise execution: list, show, lint and render run nothing that is in a skill.

A "trap" skill holds every way a skill can carry a command (an executable script, inline
shell, a fenced shell block, ``$(...)`` and backticks in frontmatter, Claude Code hooks, a
name made of shell syntax). Each would create a marker file if anything ran it. Only
``render --exec`` may run the inline commands, and run-script only the script asked for,
confined to the skill directory.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.hostile.limited import run_limited

MARKERS = ("inline", "fence", "dollar", "backtick", "hook", "script", "dirname", "fsmonitor")


def _trap(root: Path) -> Path:
    marks = root / "marks"
    marks.mkdir()
    directory = root / "trap"
    (directory / "scripts").mkdir(parents=True)
    (directory / "SKILL.md").write_text(
        "---\n"
        "name: trap\n"
        f"description: Runs $(touch {marks}/dollar) and `touch {marks}/backtick`.\n"
        "hooks:\n"
        "  PreToolUse:\n"
        "    - hooks:\n"
        "        - type: command\n"
        f"          command: touch {marks}/hook\n"
        "allowed-tools: Bash(touch:*)\n"
        "---\n"
        "# Trap\n\n"
        f"Inline: !`touch {marks}/inline`\n\n"
        "```!\n"
        f"touch {marks}/fence\n"
        "```\n\n"
        "Run `scripts/run.sh` to finish.\n"
    )
    script = directory / "scripts" / "run.sh"
    script.write_text(f"#!/bin/sh\ntouch {marks}/script\n")
    script.chmod(0o755)
    return directory


def _made(root: Path) -> set[str]:
    return {p.name for p in (root / "marks").iterdir()}


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(tmp_path / "cache"))


READ_ONLY_COMMANDS = [
    ["list", "--all"],
    ["list", "--format", "json", "--all"],
    ["show"],
    ["show", "--format", "json"],
    ["lint", "--no-cache"],
    ["lint", "--no-cache", "--format", "sarif"],
    ["render"],
    ["render", "--report"],
    ["render", "--format", "claude-code"],
    ["render", "--skill"],
    ["render", "--agent", "claude-code", "--args", "$(touch x)", "--skill"],
]


@pytest.mark.parametrize("argv", READ_ONLY_COMMANDS, ids=lambda a: "-".join(a))
def test_read_only_commands_run_nothing(argv: list[str], tmp_path: Path) -> None:
    directory = _trap(tmp_path)
    result = CliRunner().invoke(app, [*argv, str(directory)])
    if "not implemented yet" in result.output:
        pytest.skip("command not implemented yet")
    assert result.exit_code in (0, 1), result.output
    assert _made(tmp_path) == set()


def test_render_exec_runs_the_inline_commands_and_nothing_else(tmp_path: Path) -> None:
    directory = _trap(tmp_path)
    result = CliRunner().invoke(app, ["render", "--skill", str(directory), "--exec"])
    if "not implemented yet" in result.output:
        pytest.skip("command not implemented yet")
    assert result.exit_code == 0, result.output
    assert _made(tmp_path) == {"inline", "fence"}


def test_shell_syntax_in_folder_names_is_never_evaluated(tmp_path: Path) -> None:
    marks = tmp_path / "marks"
    marks.mkdir()
    directory = tmp_path / f"$(touch {marks}/dirname)"
    (directory / "scripts").mkdir(parents=True)
    (directory / "SKILL.md").write_text("---\nname: odd\ndescription: x. Use when y.\n---\nB\n")
    script = directory / "scripts" / "ok.sh"
    script.write_text('#!/bin/sh\necho "dir=$CLAUDE_SKILL_DIR"\n')
    script.chmod(0o755)
    for argv in (["lint", "--no-cache"], ["list", "--all"], ["show"], ["render"]):
        CliRunner().invoke(app, [*argv, str(directory)])
    out = run_limited("cli", "run-script", "--agent", "claude-code", directory, "scripts/ok.sh")
    assert out.returncode == 0, out.stderr
    assert f"dir={directory}" in out.stdout
    assert _made(tmp_path) == set()


def test_lint_does_not_run_git_config_commands(tmp_path: Path) -> None:
    directory = _trap(tmp_path)
    git = tmp_path / ".git"
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    with open(git / "config", "a") as handle:
        handle.write(f"[core]\n\tfsmonitor = touch {tmp_path}/marks/fsmonitor; false\n")
    run_limited("cli", "lint", "--no-cache", directory)
    assert _made(tmp_path) == set()


# --------------------------------------------------------------------------- run-script


def _runner_skill(root: Path) -> Path:
    directory = root / "sk"
    (directory / "scripts").mkdir(parents=True)
    (directory / "SKILL.md").write_text("---\nname: sk\ndescription: x. Use when y.\n---\nB\n")
    show = directory / "scripts" / "show.sh"
    show.write_text('#!/bin/sh\nprintf "[%s]" "$@"; echo; echo "FOO=${FOO-unset} cwd=$(pwd)"\n')
    show.chmod(0o755)
    return directory


@pytest.mark.parametrize(
    "script",
    [
        "../outside.sh",
        "scripts/../../outside.sh",
        "%2e%2e/outside.sh",
        "%252e%252e%252foutside.sh",
        "..%2foutside.sh",
        "scripts\\..\\..\\outside.sh",
        "/bin/sh",
        "scripts/show.sh\x00.txt",
        "scripts/out-link.sh",
        "scripts/out-dir/evil.sh",
        "FOO=bar",
        "--env",
    ],
)
def test_run_script_refuses_every_way_out(script: str, tmp_path: Path) -> None:
    directory = _runner_skill(tmp_path)
    evil = tmp_path / "outside.sh"
    evil.write_text(f"#!/bin/sh\ntouch {tmp_path}/ESCAPED\n")
    evil.chmod(0o755)
    (tmp_path / "evil-dir").mkdir()
    (tmp_path / "evil-dir" / "evil.sh").write_text(f"#!/bin/sh\ntouch {tmp_path}/ESCAPED\n")
    (tmp_path / "evil-dir" / "evil.sh").chmod(0o755)
    (directory / "scripts" / "out-link.sh").symlink_to(evil)
    (directory / "scripts" / "out-dir").symlink_to(tmp_path / "evil-dir")
    if "\x00" in script:  # argv cannot carry NUL: go through the core
        from skillctl.errors import UsageError
        from skillctl.scripts import plan_run

        with pytest.raises(UsageError):
            plan_run(directory, script)
        return
    out = run_limited("cli", "run-script", directory, script, "--", "x")
    if "not implemented yet" in out.stderr:
        pytest.skip("command not implemented yet")
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    assert "Traceback" not in out.stderr
    assert not (tmp_path / "ESCAPED").exists()


def test_run_script_passes_arguments_verbatim_and_injects_no_environment(tmp_path: Path) -> None:
    directory = _runner_skill(tmp_path)
    args = ["--env", "FOO=bar", "FOO=baz", "--cwd=/", f"$(touch {tmp_path}/M)", ";touch M", "`id`"]
    out = run_limited("cli", "run-script", directory, "scripts/show.sh", "--", *args)
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()[:2]
    assert first == "".join(f"[{a}]" for a in args)
    assert second == f"FOO=unset cwd={os.path.realpath(directory)}"
    assert not (tmp_path / "M").exists()


@pytest.mark.parametrize("swap", ["file", "folder"])
def test_run_script_notices_a_symlink_swapped_in_after_the_check(swap: str, tmp_path: Path) -> None:
    """Plan (resolve + check), then swap the script or its folder for a link out: refused."""
    from skillctl.scripts import ScriptPathError, execute, plan_run

    directory = _runner_skill(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    evil = outside / "show.sh"
    evil.write_text(f"#!/bin/sh\ntouch {tmp_path}/ESCAPED\n")
    evil.chmod(0o755)
    plan = plan_run(directory, "scripts/show.sh")
    if swap == "file":
        (directory / "scripts" / "show.sh").unlink()
        (directory / "scripts" / "show.sh").symlink_to(evil)
    else:
        os.rename(directory / "scripts", directory / "scripts.old")
        (directory / "scripts").symlink_to(outside)
    with pytest.raises(ScriptPathError):
        execute(plan, timeout=10, capture=True)
    assert not (tmp_path / "ESCAPED").exists()


def test_run_script_gets_no_stdin(tmp_path: Path) -> None:
    directory = _runner_skill(tmp_path)
    reader = directory / "scripts" / "read.sh"
    reader.write_text('#!/bin/sh\nif read line; then echo "got:$line"; else echo eof; fi\n')
    reader.chmod(0o755)
    proc = subprocess.run(
        [sys.executable, "-m", "skillctl", "run-script", str(directory), "scripts/read.sh"],
        input=b"secret\n",
        capture_output=True,
        timeout=60,
    )
    assert proc.stdout.strip() == b"eof"


def test_render_exec_output_is_bounded(tmp_path: Path) -> None:
    directory = tmp_path / "noisy"
    directory.mkdir()
    (directory / "SKILL.md").write_text(
        "---\nname: noisy\ndescription: x. Use when y.\n---\nOut: !`yes`\n"
    )
    out = run_limited("cli", "render", "--skill", directory, "--exec", "--timeout", "3", timeout=60)
    # `yes` never ends: it is stopped at the timeout (124), with its output cut, not kept whole
    # until memory runs out (which was exit 3 under the memory cap).
    assert out.returncode == 124, out.stderr[-500:]
    assert "internal error" not in out.stderr
    assert "[output cut at 1048576 bytes]" in out.stdout
    assert len(out.stdout) < 3 * 1024 * 1024
