"""``skillctl lint``: check skills before commit and in CI (exit 0 clean, 1 findings, 2 usage)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent, complete_choices, complete_rule

# the same names, in the same order, as skillctl.report.lint_output.LINT_FORMATS (a test
# compares them; importing that module here would slow every --help and TAB)
_FORMATS = ("text", "concise", "json", "sarif", "github", "junit")


def _split(values: list[str] | None) -> tuple[str, ...]:
    """Repeatable options that also accept comma-separated lists."""
    return tuple(v.strip() for value in values or () for v in value.split(",") if v.strip())


def command(
    paths: list[Path] = typer.Argument(  # noqa: B008
        None,
        metavar="[PATH]...",
        help="Skill directories, SKILL.md files, files inside skills, or trees to search "
        "(default: the current directory; a search skips .gitignore'd folders but not the "
        "files git tracks in them, the config's "
        "exclude and test fixtures: fixtures/, testdata/ and the like).",
        show_default=False,
    ),
    agent: list[str] = typer.Option(  # noqa: B008
        None,
        "--agent",
        "-a",
        metavar="AGENT",
        help="Add this agent's rules and limits (repeatable).",
        autocompletion=complete_agent,
        show_default=False,
    ),
    select: list[str] = typer.Option(  # noqa: B008
        None,
        "--select",
        metavar="RULE",
        help="Run only these rules or categories (security, spec, ...; repeatable, or "
        "comma-separated).",
        autocompletion=complete_rule,
        show_default=False,
    ),
    ignore: list[str] = typer.Option(  # noqa: B008
        None,
        "--ignore",
        metavar="RULE",
        help="Skip these rules or categories (repeatable, or comma-separated).",
        autocompletion=complete_rule,
        show_default=False,
    ),
    fmt: str = typer.Option(
        "text",
        "--format",
        "-f",
        metavar="FORMAT",
        help="Output format: text (grouped, with hints), concise (one line per finding), "
        "json, sarif, github or junit.",
        autocompletion=complete_choices(*_FORMATS),
    ),
    quiet: bool = typer.Option(
        False,
        "--quiet",
        "-q",
        help="Show only the errors and the summary (text and concise formats).",
    ),
    statistics: bool = typer.Option(
        False,
        "--statistics",
        help="Show how many findings each rule produced instead of the findings "
        "(text and concise formats).",
    ),
    fix: bool = typer.Option(False, "--fix", help="Rewrite what is safe to fix, then lint."),
    diff: bool = typer.Option(
        False, "--diff", help="Print the fixes as a unified diff; write nothing."
    ),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail the run too (exit 1)."),
    config: Path | None = typer.Option(  # noqa: B008
        None,
        "--config",
        metavar="FILE",
        help="Config file (default: nearest skillctl.toml or pyproject.toml).",
        show_default=False,
    ),
    baseline: Path | None = typer.Option(  # noqa: B008
        None,
        "--baseline",
        metavar="FILE",
        help="Record today's findings in FILE if it is absent; else report only new ones.",
        show_default=False,
    ),
    min_skills: int = typer.Option(
        1, "--min-skills", metavar="N", min=0, help="Fail (exit 2) when fewer skills are found."
    ),
    allow_empty: bool = typer.Option(
        False, "--allow-empty", help="Finding no skill at all is not an error."
    ),
    no_cache: bool = typer.Option(False, "--no-cache", help="Do not use the lint cache."),
    color: str = color_option(),
) -> None:
    """Lint skills: every rule of the open spec plus what breaks in real agents.

    Exit codes: 0 clean, 1 errors found (warnings too with --strict), 2 usage or config
    error (missing path, unknown agent or rule, no skill found), 3 internal error.
    """
    code = _run(
        paths,
        agent,
        select,
        ignore,
        fmt,
        fix,
        diff,
        strict,
        config,
        baseline,
        min_skills,
        allow_empty,
        no_cache,
        quiet=quiet,
        statistics=statistics,
        color=color,
    )
    raise typer.Exit(code)


def _run(
    paths: list[Path] | None,
    agent: list[str] | None,
    select: list[str] | None,
    ignore: list[str] | None,
    fmt: str,
    fix: bool,
    diff: bool,
    strict: bool,
    config: Path | None,
    baseline: Path | None,
    min_skills: int,
    allow_empty: bool,
    no_cache: bool,
    *,
    quiet: bool = False,
    statistics: bool = False,
    color: str = "auto",
) -> int:
    """Build the options, lint, write the report; return the exit code."""
    from skillctl.errors import UsageError
    from skillctl.lint.engine import LintOptions, exit_code, run_lint

    if fmt not in _FORMATS:
        raise UsageError(f"unknown format {fmt!r} (choose from {', '.join(_FORMATS)})")
    if (quiet or statistics) and fmt not in ("text", "concise"):
        flag = "--statistics" if statistics else "--quiet"
        raise UsageError(
            f"{flag} works with --format text or concise, not {fmt!r} "
            "(machine formats always hold every finding)"
        )
    options = LintOptions(
        paths=tuple(paths or ()),
        agents=_split(agent),
        select=_split(select),
        ignore=_split(ignore),
        strict=strict,
        config_path=config,
        baseline=baseline,
        min_skills=min_skills,
        allow_empty=allow_empty,
        fix=fix,
        diff=diff,
        use_cache=not no_cache,
    )
    baseline_existed = baseline is not None and os.path.lexists(baseline)
    run = run_lint(options)
    # Only a run the cache took a snapshot of can be replayed: others keep no copy of the
    # output (at 15,000 skills, two copies of a 33 MB JSON report).
    recordable = run.snapshot is not None and baseline is None
    output = _write(
        run.report, fmt, quiet=quiet, statistics=statistics, color=color, record=recordable
    )
    if baseline is not None and not baseline_existed:
        typer.echo(
            f"skillctl: baseline written to {baseline}; later runs report only new findings",
            err=True,
        )
    elif baseline is not None:
        from skillctl.textsafe import printable

        hidden = run.report.baseline_hidden
        typer.echo(
            printable(
                f"skillctl: the baseline {baseline} hid {hidden} known "
                f"finding{'' if hidden == 1 else 's'}"
            ),
            err=True,
        )
    code = exit_code(run.report, strict=run.config.strict)
    if run.snapshot is not None and output is not None:
        from skillctl.lint.config import config_inputs
        from skillctl.replay import remember

        start = options.paths[0] if options.paths else Path(".")
        remember(run.snapshot, config_inputs(start, config), output, code)
    return code


class _Recorder:
    """Standard output that also keeps what was written (for a replay record): the
    formats see its encoding and terminal state, so they write exactly what they would."""

    def __init__(self, target: TextIO) -> None:
        self._target = target
        self.encoding: str | None = getattr(target, "encoding", None)
        self.parts: list[str] = []

    def isatty(self) -> bool:
        return self._target.isatty()

    def write(self, text: str) -> int:
        self.parts.append(text)
        return self._target.write(text)

    def flush(self) -> None:
        self._target.flush()


def _write(
    report: object, fmt: str, *, quiet: bool = False, statistics: bool = False,
    color: str = "auto", record: bool = True,
) -> str | None:
    """Write the report to standard output; return what was written when ``record`` is
    set and it is not a terminal (what a replay record keeps), else None."""
    from skillctl.report.lint_output import write_lint_report
    from skillctl.report.term import use_color

    colored = use_color(sys.stdout, color)  # --color > NO_COLOR > FORCE_COLOR > terminal
    if not record or sys.stdout.isatty():
        write_lint_report(
            report, fmt, sys.stdout, quiet=quiet, statistics=statistics,  # type: ignore[arg-type]
            color=colored,
        )
        return None
    recorder = _Recorder(sys.stdout)
    write_lint_report(
        report, fmt, recorder, quiet=quiet, statistics=statistics,  # type: ignore[arg-type]
        color=colored,
    )
    return "".join(recorder.parts)
