"""``skillctl run-script``: run a skill's bundled script the way an agent would, safely.

Only Typer and the standard library are imported here at module level; the core
(``skillctl.scripts``) is imported inside the command.
"""

from __future__ import annotations

import enum
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent, complete_script, complete_skill
from skillctl.cli.places import check_places

if TYPE_CHECKING:
    from skillctl.scripts import RunPlan, RunResult


class OutputFormat(enum.StrEnum):
    """Output formats of run-script."""

    TEXT = "text"
    JSON = "json"


class CwdMode(enum.StrEnum):
    """Where the script runs."""

    SKILL = "skill"
    PROJECT = "project"


def command(
    ctx: typer.Context,
    skill: Annotated[str, typer.Argument(
        metavar="SKILL", show_default=False, autocompletion=complete_skill,
        help="A skill directory, its SKILL.md, or a skill name.",
    )],
    script: Annotated[str | None, typer.Argument(
        metavar="[SCRIPT]", show_default=False, autocompletion=complete_script,
        help="Path relative to the skill directory (scripts/build.sh) or a bare script name.",
    )] = None,
    list_only: Annotated[bool, typer.Option(
        "--list", help="List the skill's scripts (and what would stop an agent) instead.",
    )] = False,
    agent: Annotated[str | None, typer.Option(
        "--agent", "-a", metavar="NAME", show_default=False, autocompletion=complete_agent,
        help="Run as this agent: its working directory and variables.",
    )] = None,
    timeout: Annotated[float, typer.Option(
        "--timeout", min=0, metavar="SECONDS",
        help="Stop the script and its children after SECONDS (exit 124); 0 means never.",
    )] = 120.0,
    cwd: Annotated[CwdMode | None, typer.Option(
        "--cwd", case_sensitive=False, show_default=False,
        help="Working directory: the skill directory or the project (default: the agent's, "
        "else the skill directory).",
    )] = None,
    project: Annotated[Path | None, typer.Option(
        "--project", metavar="DIR", show_default=False,
        help="The project directory (default: the current directory).",
    )] = None,
    home: Annotated[Path | None, typer.Option(
        "--home", metavar="DIR", show_default=False,
        help="The home directory used to find skills by name (default: ~).",
    )] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Print the exact argv, working directory and added env; run nothing.",
    )] = False,
    clean_env: Annotated[bool, typer.Option(
        "--clean-env",
        help="Give the script only PATH, HOME and LANG from skillctl's environment, plus the "
        "agent's variables, SKILL_DIR and --env (default: all of skillctl's environment, "
        "secrets included, as agents pass theirs).",
    )] = False,
    env: Annotated[list[str] | None, typer.Option(
        "--env", metavar="NAME=VALUE", show_default=False,
        help="Set a variable for the script (repeatable; set last, over everything else).",
    )] = None,
    pin: Annotated[bool, typer.Option(
        "--pin",
        help="Run the very file that was checked through its descriptor (Linux), immune to a "
        "swap between the check and the exec; the script then sees /proc/self/fd/N as its "
        "own path ($0, __file__), which breaks scripts that find their siblings that way.",
    )] = False,
    output: Annotated[OutputFormat, typer.Option(
        "--format", "-f", case_sensitive=False,
        help="text: the script's output streams through; json: one object with the output "
        "(each stream capped at 1 MiB).",
    )] = OutputFormat.TEXT,
    color: Annotated[str, color_option(annotated=True)] = "auto",
) -> None:
    """Run a skill's script with no shell, stdin closed and a timeout, as an agent would.

    Arguments after -- go to the script verbatim. The exit code is the script's; skillctl
    itself exits 2 for a refused or unknown script, 126 when the file cannot be run, 127 when
    its interpreter is missing, 124 on timeout, 130 on Ctrl-C, 143 on SIGTERM and 129 on SIGHUP.

    The script gets skillctl's whole environment unless --clean-env, then the agent's
    variables (--agent), SKILL_DIR and --env. Right before it starts, the script is opened
    without following links and must be the very file that was checked (a link or another
    file put in its place is refused); it then runs by its path, as an agent runs it. With
    --pin (Linux) it runs through that open descriptor, so not even a swap in the moment
    before the exec can change what runs, at the price of its $0 being /proc/self/fd/N.
    A timeout, Ctrl-C, SIGTERM or SIGHUP stops the script's process group and,
    on Linux, every process it started, even detached ones (setsid, double fork); elsewhere
    only its process group. Nothing stops processes it had another service start, or that
    skillctl may not signal, or anything when skillctl itself gets SIGKILL.
    """
    del color  # accepted on every command alike; a script's own output passes through as is
    code = _run(
        skill=skill,
        script=script,
        args=list(ctx.args),
        list_only=list_only,
        agent=agent,
        timeout=timeout,
        cwd=cwd.value if cwd else None,
        project=project,
        home=home,
        dry_run=dry_run,
        as_json=output is OutputFormat.JSON,
        clean_env=clean_env,
        env=env or [],
        pin=pin,
    )
    raise typer.Exit(code)


def _run(
    *,
    skill: str,
    script: str | None,
    args: list[str],
    list_only: bool,
    agent: str | None,
    timeout: float,
    cwd: str | None,
    project: Path | None,
    home: Path | None,
    dry_run: bool,
    as_json: bool,
    clean_env: bool = False,
    env: list[str] | None = None,
    pin: bool = False,
) -> int:
    """The body of the command; returns the exit code."""
    from skillctl import scripts
    from skillctl.errors import UsageError

    check_places(project, home)
    profile = None
    if agent is not None:
        from skillctl.agents import get_profile

        profile = get_profile(agent)
    skill_dir = _skill_dir(skill, project, home, agent)
    if list_only:
        if script is not None or args:
            raise UsageError("--list takes no SCRIPT or script arguments")
        found, truncated = scripts.scan_scripts(skill_dir)
        if as_json:
            _print_json(scripts.listing_to_dict(skill_dir, found, truncated))
        else:
            typer.echo(scripts.format_listing(skill_dir, found), nl=False)
            if truncated:
                _say("the listing was cut short (too many files or folders too deep)")
        return 0
    if script is None:
        raise UsageError("missing SCRIPT (or use --list to see the skill's scripts)")
    extra = _env_pairs(env or [])
    plan = scripts.plan_run(
        skill_dir, script, args, profile=profile, cwd_mode=cwd, project=project, home=home,
        dry_run=dry_run,
    )
    if clean_env or extra:
        import dataclasses

        plan = dataclasses.replace(plan, clean_env=clean_env, env_extra=extra)
    if dry_run:
        if as_json:
            _print_json(plan.to_dict())
        else:
            for warning in plan.warnings:
                _say(f"warning: {warning}")
            typer.echo(_plan_text(plan), nl=False)
        return 0
    if not as_json:
        for warning in plan.warnings:
            _say(f"warning: {warning}")
        for note in plan.notes:
            _say(note)
    limit_timeout = timeout if timeout > 0 else None
    if as_json:
        result = scripts.execute(plan, limit_timeout, capture=True, via_fd=pin)
        _print_json(result.to_dict(plan))
    else:
        result = _run_streaming(plan, limit_timeout, pin)
        for warning in result.warnings:
            _say(f"warning: {warning}")
    _report_end(plan, result, timeout)
    return result.exit_code


def _run_streaming(plan: RunPlan, timeout: float | None, pin: bool = False) -> RunResult:
    """Run with the child's output going straight to ours (inherited file descriptors).

    When stdout or stderr has no file descriptor (an in-process test runner), the output is
    collected without a cap and written through afterwards instead.
    """
    from skillctl import scripts

    if _has_fd(sys.stdout) and _has_fd(sys.stderr):
        return scripts.execute(plan, timeout, capture=False, via_fd=pin)
    result = scripts.execute(plan, timeout, capture=True, limit=None, via_fd=pin)
    for data, stream in ((result.stdout, sys.stdout), (result.stderr, sys.stderr)):
        if data:
            buffer = getattr(stream, "buffer", None)
            if buffer is not None:
                buffer.write(data)
            else:
                stream.write(data.decode("utf-8", errors="replace"))
            stream.flush()
    return result


def _env_pairs(values: list[str]) -> tuple[tuple[str, str], ...]:
    """``--env NAME=VALUE`` options as sorted pairs (the last one of a name wins)."""
    import re

    from skillctl.errors import UsageError

    pairs: dict[str, str] = {}
    for value in values:
        name, sep, text = value.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise UsageError(f"--env takes NAME=VALUE with NAME a variable name, not {value!r}")
        if "\x00" in text:
            raise UsageError(f"--env {name}: a value cannot hold a NUL byte")
        pairs[name] = text
    return tuple(sorted(pairs.items()))


def _has_fd(stream: Any) -> bool:
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True


def _report_end(plan: RunPlan, result: RunResult, timeout: float) -> None:
    """skillctl's own closing messages on stderr."""
    if result.timed_out:
        _say(
            f"{plan.relpath} timed out after {timeout:g}s; stopped it and its child processes "
            f"(exit {result.exit_code})"
        )
    elif result.interrupted:
        import signal

        how = "interrupted"
        if result.interrupt_signal not in (None, signal.SIGINT):
            how = f"terminated by {signal.Signals(result.interrupt_signal or 0).name}"
        _say(f"{how}; stopped {plan.relpath} and its child processes")
    elif result.returncode is not None and result.returncode < 0:
        _say(f"{plan.relpath} was killed by signal {-result.returncode}")


def _skill_dir(query: str, project: Path | None, home: Path | None, agent: str | None) -> Path:
    """The skill directory for a SKILL argument: a path first, else a name via discovery."""
    from skillctl.errors import PathNotFoundError, UsageError

    path = Path(query)
    if os.path.isdir(path):
        if any(name.lower() == "skill.md" for name in _names(path)):
            return path
        problem = f"{query}: not a skill directory (no SKILL.md in it)"
        if "/" in query or query.startswith("."):
            raise UsageError(problem)
        try:
            return _find_by_name(query, project, home, agent)
        except UsageError as exc:
            raise UsageError(f"{problem}; as a skill name: {exc}") from None
    if os.path.lexists(path):
        from skillctl.collect import candidates_for

        found, _, _ = candidates_for([path])
        if not found:
            raise UsageError(f"{query}: not inside a skill directory (no SKILL.md above it)")
        return found[0].dir
    if "/" in query or query.startswith("."):
        raise PathNotFoundError(path)  # normalised ("./x" as x), as every command words it
    return _find_by_name(query, project, home, agent)


def _names(directory: Path) -> list[str]:
    try:
        return os.listdir(directory)
    except OSError:
        return []


def _find_by_name(query: str, project: Path | None, home: Path | None, agent: str | None) -> Path:
    """Look a skill name up the way ``show`` does (every agent's roots, or one agent's)."""
    from skillctl.discovery import find_skill
    from skillctl.errors import UsageError

    found = find_skill(query, project or Path.cwd(), home or Path.home(), agent)
    if found.is_file_skill:  # the Copilot CLI's .claude/commands/x.md
        raise UsageError(f"{query}: {found.entry} is a Markdown file an agent reads as a "
                         "skill of its own; it has no scripts")
    return found.dir


def _print_json(data: dict[str, Any]) -> None:
    import json

    typer.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


def _say(message: str) -> None:
    from skillctl.textsafe import printable

    typer.echo(printable(f"skillctl: {message}"), err=True)


def _plan_text(plan: Any) -> str:
    """``--dry-run`` text with every path, argument and value escaped."""
    import dataclasses

    from skillctl import scripts
    from skillctl.textsafe import printable, printable_lines

    shown = dataclasses.replace(
        plan,
        relpath=printable(plan.relpath),
        argv=tuple(map(printable, plan.argv)),
        cwd=Path(printable(str(plan.cwd))),
        env_added=tuple((printable(k), printable(v)) for k, v in plan.env_added),
        env_extra=tuple((printable(k), printable(v)) for k, v in plan.env_extra),
    )
    return printable_lines(scripts.format_plan(shown))
