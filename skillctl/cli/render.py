"""``skillctl render``: a skill catalog exactly as an agent injects it, or one skill's body."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent, complete_choices, complete_skill
from skillctl.cli.places import check_places

_FORMATS = (
    "claude-code, codex, opencode, opencode-agent-skills, openclaw, gemini-cli, copilot, "
    "goose, amp, skills-ref, xml, markdown, json"
)


def command(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="[PATH]...",
            help="Skill dirs, SKILL.md files or trees. Without them, the active skills --agent "
            "discovers (and the commands Claude Code lists beside them; the Copilot CLI's "
            "skills include the files of .claude/commands).",
            show_default=False,
        ),
    ] = None,
    agent: Annotated[
        str | None,
        typer.Option(
            "--agent",
            "-a",
            metavar="AGENT",
            help="Agent whose catalog (and exclusions) to reproduce; its format is the default.",
            autocompletion=complete_agent,
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help=f"Catalog format: {_FORMATS}. Default: the agent's own, else xml.",
            autocompletion=complete_choices(*_FORMATS.split(", ")),
        ),
    ] = None,
    context_tokens: Annotated[
        int | None,
        typer.Option(
            "--context-tokens",
            metavar="TOKENS",
            min=1,
            help="Context window in tokens. Claude Code: budget = tokens "
            "x 4 x 0.01 columns (unknown -> 30,000 with its default model); Codex: 2% in tokens "
            "(unknown -> 8,000 chars).",
        ),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget",
            metavar="CHARS",
            min=0,
            help="Catalog budget in characters, overriding the agent default "
            "(OpenClaw: 18,000 chars and 150 skills, or its skills.limits).",
        ),
    ] = None,
    report: Annotated[
        bool,
        typer.Option(
            "--report",
            help="Print per skill chars, estimated tokens, share of the budget and "
            "kept/cut/dropped, with totals.",
        ),
    ] = False,
    into: Annotated[
        Path | None,
        typer.Option(
            "--into",
            metavar="FILE",
            help="Replace the text between <!-- skillctl:begin --> and <!-- skillctl:end "
            "--> in FILE (markers appended if absent).",
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check", help="With --into: write nothing; exit 1 when FILE is out of date."
        ),
    ] = False,
    skill: Annotated[
        str | None,
        typer.Option(
            "--skill",
            metavar="NAME|PATH",
            help="Render one skill's body as injected on invocation (a name --agent "
            "finds, or a path).",
            autocompletion=complete_skill,
        ),
    ] = None,
    args: Annotated[
        str | None,
        typer.Option(
            "--args", metavar="ARGS", help="Argument string for --skill (split shell-style)."
        ),
    ] = None,
    execute: Annotated[
        bool,
        typer.Option(
            "--exec",
            help="Run the body's inline shell commands (!`cmd`) in the project dir, as "
            "Claude Code does; otherwise they are only shown. --args values never run: "
            "like Claude Code, skillctl defuses !` in them. Like Claude Code, it does scan "
            "the substituted skill and project paths: a folder named 'x !`cmd`' runs cmd.",
        ),
    ] = False,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", metavar="SECONDS", min=0.01, help="Seconds per inline command with --exec."
        ),
    ] = 10.0,
    project: Annotated[
        Path | None,
        typer.Option(
            "--project",
            metavar="DIR",
            help="Project directory for discovery (default: the current directory).",
        ),
    ] = None,
    home: Annotated[
        Path | None,
        typer.Option(
            "--home",
            metavar="DIR",
            help="Home directory for discovery and ~/ paths (default: $HOME).",
        ),
    ] = None,
    color: Annotated[str, color_option(annotated=True)] = "auto",
) -> None:
    """Render the skill catalog an agent injects, within its budget, or one skill's body.

    Budgets are each agent's own: Claude Code 30,000 terminal columns with its default model
    (1% of the context window x 4 with --context-tokens), 1,536 per description; Codex 2% of
    the context in tokens (8,000 chars when unknown); OpenClaw 150 skills and 18,000 chars
    (or its skills.limits) with its compact fallbacks. Exit codes: 0 ok, 1 --check
    found the file out of date or an --exec command failed, 2 usage error, 124 an --exec
    command timed out.

    Control characters: into a file or a pipe (and with --into) the text is written byte for
    byte, as the agent sees it; on a terminal, escape sequences, carriage returns and bidi
    controls from skills are shown as \\x1b, \\r, \\u202e (pipe through cat to see them raw).
    """
    del color  # accepted on every command alike; a catalog is never coloured
    # Walked folders, candidates and catalog entries pile up and make no cycles: the cyclic
    # collector's passes over them find nothing (~7% of the CPU time on 10,000 skills).
    collecting = gc.isenabled()
    gc.disable()
    try:
        code = _run(
            paths or [],
            agent,
            fmt,
            context_tokens,
            budget,
            report,
            into,
            check,
            skill,
            args,
            execute,
            timeout,
            project,
            home,
        )
    finally:
        if collecting:
            gc.enable()
    raise typer.Exit(code)


def _note(message: str) -> None:
    from skillctl.textsafe import printable

    typer.echo(printable(f"skillctl: {message}"), err=True)


def _out(text: str) -> None:
    """Print catalog or body text: byte for byte into a file or pipe (what the agent sees);
    on a terminal, control characters other than line feeds and tabs are shown as escapes
    (``\\x1b``, ``\\r``, ``\\u202e``) so the text cannot drive the terminal."""
    import sys

    if sys.stdout.isatty():
        from skillctl.textsafe import printable_lines

        text = printable_lines(text)
    # color=True: click would otherwise take ANSI sequences out of what goes to a pipe
    typer.echo(text, color=True)


def _profile(agent: str | None) -> Any:
    if agent is None:
        return None
    from skillctl.agents import get_profile

    return get_profile(agent)


def _discovered(profile: Any, project: Path | None, home: Path | None
                ) -> tuple[list[Any], set[Path], tuple[Any, ...], tuple[Any, ...], Any]:
    """The skills the agent loads and offers (status active), in its precedence order, the
    entry files of those its settings list by name alone, those settings' rules, the
    commands it lists beside the skills, and the profile with the caps its settings set."""
    from skillctl.discovery import Status, discover

    found = discover(profile, project or Path.cwd(), home or Path.home())
    listed = {command.path for command in found.commands if command.skill}  # (as commands)
    active = [view for view in found.views
              if view.status is Status.ACTIVE and view.path not in listed]
    return ([view.skill for view in active], {view.path for view in active if view.name_only},
            found.settings_rules, found.commands, found.profile)


def _run(
    paths: list[Path],
    agent: str | None,
    fmt: str | None,
    context_tokens: int | None,
    budget: int | None,
    report: bool,
    into: Path | None,
    check: bool,
    skill: str | None,
    args: str | None,
    execute: bool,
    timeout: float,
    project: Path | None,
    home: Path | None,
) -> int:
    from skillctl.errors import PathNotFoundError, UsageError

    check_places(project, home)
    profile = _profile(agent)
    if check and into is None:
        raise UsageError("--check needs --into FILE")
    if skill is not None:
        return _body(skill, profile, agent, args, execute, timeout, project, home)
    from skillctl.render.catalog import CATALOG_FORMATS, get_format, render_catalog
    from skillctl.render.types import BudgetRequest

    if fmt is None and profile is not None:
        # Amp builds its prompt server-side (no catalog_format in its profile); the seed
        # document's shape is the best available guess, under the agent's own id.
        fmt = profile.catalog_format or (profile.id if profile.id in CATALOG_FORMATS else None)
        if fmt is None:
            raise UsageError(f"agent {profile.id!r} has no known catalog format; pass --format")
    fmt = fmt or "xml"
    get_format(fmt)
    skills: Iterable[Any]
    names_only: set[Path] = set()
    settings_rules: tuple[Any, ...] = ()
    commands: tuple[Any, ...] = ()
    capped: Any = None  # the profile with the caps its settings set
    if paths:
        from skillctl.collect import candidates_for, load_skill

        candidates, scan_notes, missing = candidates_for(list(paths))
        if missing:
            raise PathNotFoundError(missing)
        for scan_note in scan_notes:
            detail = f" ({scan_note.detail})" if scan_note.detail else ""
            _note(f"note: {scan_note.path}: {scan_note.reason}{detail}")
        # streamed: each skill is parsed, turned into its catalog entry and dropped, so a big
        # tree never holds every file's text at once (what collect() would do)
        skills = (load_skill(c.dir, c.entry, root=None) for c in candidates)
    elif profile is not None:
        skills, names_only, settings_rules, commands, capped = _discovered(profile, project,
                                                                            home)
    else:
        raise UsageError("give skill PATHs or --agent NAME to render its discovered skills")
    max_skills = max_chars = None
    if profile is not None:  # the catalog's caps its settings set (OpenClaw's skills.limits)
        if capped is None:
            from skillctl.discovery import configured

            capped = configured(profile, project or Path.cwd(), home or Path.home(),
                                os.environ)
        max_skills, max_chars = capped.catalog_max_skills, capped.catalog_max_chars
    request = BudgetRequest(
        context_tokens=context_tokens, budget_chars=budget, home=(home or Path.home()),
        project=project, max_skills=max_skills, max_chars=max_chars,
    )
    result = render_catalog(skills, fmt, request, profile, names_only, settings_rules,
                            commands)
    catalog = result.catalog
    if report:
        from skillctl.render.report import format_report
        from skillctl.textsafe import printable_lines

        # a table for people, not the catalog: escaped wherever it goes
        typer.echo(printable_lines(format_report(catalog, result.skipped,
                                                 get_format(fmt).budget_doc)))
        return 0
    for path, reason in result.skipped:
        _note(f"skipped {path}: {reason}")
    for note in catalog.notes:
        _note(f"note: {note}")
    if into is not None:
        return _into(into, catalog.text, check)
    if catalog.text:
        _out(catalog.text)
    return 0


def _into(path: Path, text: str, check: bool) -> int:
    from skillctl.render.into import plan_into, write_into

    plan = plan_into(path, text)
    if check:
        if plan.changed:
            _note(
                f"{path} is out of date: the skills catalog between the skillctl markers "
                "differs (run without --check to update it)"
            )
            return 1
        _note(f"{path} is up to date")
        return 0
    if plan.changed:
        write_into(plan)
        _note(f"updated {path}")
    else:
        _note(f"{path} already up to date")
    return 0


def _body(
    target: str,
    profile: Any,
    agent: str | None,
    args: str | None,
    execute: bool,
    timeout: float,
    project: Path | None,
    home: Path | None,
) -> int:
    from skillctl.discovery import find_skill
    from skillctl.errors import UsageError
    from skillctl.render.body import BodyOptions, render_body

    chosen = find_skill(target, project or Path.cwd(), home or Path.home(), agent=agent)
    if chosen.parsed.text is None:
        raise UsageError(f"{chosen.entry}: cannot be read")
    wrapper = "claude-code" if profile is None else (profile.body_wrapper or "plain")
    rendered = render_body(
        chosen,
        wrapper,
        BodyOptions(args=args, project_dir=project, execute=execute, timeout=timeout),
    )
    _out(rendered.text)
    code = 0
    for note in rendered.notes:
        _note(f"note: {note}")
    for cmd in rendered.commands:
        where = f"!`{cmd.command}` (body line {cmd.line})"
        if not cmd.ran and cmd.error:
            _note(f"{where}: {cmd.error}")
            code = max(code, 1)
        elif not cmd.ran:
            _note(f"{where}: not run (pass --exec to run it)")
        elif cmd.timed_out:
            _note(f"{where}: timed out after {timeout:g}s; its process group was killed")
            code = 124
        elif cmd.exit_code:
            _note(
                f"{where}: exited with status {cmd.exit_code}"
                + (f": {cmd.stderr.strip()}" if cmd.stderr.strip() else "")
            )
            code = code if code == 124 else 1
        else:
            _note(f"{where}: exited with status 0")
    return code
