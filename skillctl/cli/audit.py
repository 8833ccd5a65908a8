"""``skillctl audit``: security findings and what each skill can do (exit 0, 1, 2 like lint)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent, complete_choices

_FORMATS = ("text", "json", "sarif")


def command(
    paths: list[Path] = typer.Argument(  # noqa: B008
        None,
        metavar="[PATH]...",
        help="Skill directories, SKILL.md files or trees to search (default: the current "
        "directory); with --diff REV1 REV2, the one path whose git history to compare.",
        show_default=False,
    ),
    agent: list[str] = typer.Option(  # noqa: B008
        None,
        "--agent",
        "-a",
        metavar="AGENT",
        help="Say whether these agents would run the skill's commands unasked (repeatable; "
        "default: every agent), and add their security rules.",
        autocompletion=complete_agent,
        show_default=False,
    ),
    fmt: str = typer.Option(
        "text",
        "--format",
        "-f",
        metavar="FORMAT",
        help="Output format: text, json or sarif (findings only).",
        autocompletion=complete_choices(*_FORMATS),
    ),
    diff: tuple[str, str] | None = typer.Option(
        None,
        "--diff",
        metavar="OLD NEW",
        help="Compare two versions: two folders, or two git revisions of PATH; show the "
        "capabilities and findings gained and lost.",
        show_default=False,
    ),
    strict: bool = typer.Option(False, "--strict", help="Security warnings fail the run too."),
    config: Path | None = typer.Option(  # noqa: B008
        None,
        "--config",
        metavar="FILE",
        help="Config file (default: nearest skillctl.toml or pyproject.toml).",
        show_default=False,
    ),
    no_cache: bool = typer.Option(False, "--no-cache", help="Do not use the lint cache."),
    color: str = color_option(),
) -> None:
    """Audit skills: security findings, and what each can do (hosts, commands, files, env).

    For each skill: its security findings (lint's security rules), the hosts and URLs it
    contacts, the commands it runs, the files it reads and writes outside its folder, the
    environment variables it reads, and which agents would run its commands without asking.
    Nothing is run. With --diff OLD NEW: what a new version gained and lost ("now contacts
    collector.example"). Exit codes: 0 no security error, 1 security errors (warnings too
    with --strict; with --diff: errors the old version did not have), 2 usage error (missing
    path, unknown agent, no skill found, bad revision), 3 internal error.
    """
    from skillctl.errors import UsageError
    from skillctl.report.term import use_color
    from skillctl.security.audit import AuditOptions, run_audit

    if fmt not in _FORMATS:
        raise UsageError(f"unknown format {fmt!r} (choose from {', '.join(_FORMATS)})")
    options = AuditOptions(
        paths=tuple(paths or ()),
        agents=tuple(a.strip() for value in agent or () for a in value.split(",") if a.strip()),
        config_path=config,
        strict=strict,
        use_cache=not no_cache,
    )
    colored = use_color(sys.stdout, color)
    raise typer.Exit(_diff(diff, options, fmt, colored) if diff else
                     _audit(run_audit(options), fmt, colored))


def _audit(report: object, fmt: str, colored: bool) -> int:
    from skillctl.report import audit_view
    from skillctl.security.audit import AuditReport

    assert isinstance(report, AuditReport)
    if fmt == "json":
        audit_view.write_json(report.to_dict(), sys.stdout)
    elif fmt == "sarif":
        audit_view.write_sarif(report, sys.stdout)
    else:
        audit_view.write_text(report, sys.stdout, color=colored)
    return report.exit_code()


def _diff(versions: tuple[str, str], options: object, fmt: str, colored: bool) -> int:
    from skillctl.errors import UsageError
    from skillctl.report import audit_view
    from skillctl.security.audit import AuditOptions, run_diff

    assert isinstance(options, AuditOptions)
    result = run_diff(versions[0], versions[1], options)
    if fmt == "json":
        audit_view.write_json(result.to_dict(), sys.stdout)
    elif fmt == "sarif":
        if result.new_report is None:
            raise UsageError("nothing to write as SARIF")
        audit_view.write_sarif(result.new_report, sys.stdout)
    else:
        audit_view.write_diff_text(result, sys.stdout, color=colored)
    return result.exit_code()
