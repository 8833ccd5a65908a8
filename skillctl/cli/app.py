"""The Typer application: wires one module per command.

Only Typer and the standard library are imported here and in the command modules at import
time; each command imports the core inside its body, so ``--help`` and TAB completion stay
fast (tests/test_startup.py guards this).
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from skillctl import __version__
from skillctl.cli import lint, list_cmd, new, render, rules, run_script, schema, show


class _Group(TyperGroup):
    """Turns skillctl's own errors into one line on stderr and their exit code.

    Done here rather than only in :func:`run` so that every way of calling the app (the
    console script, ``python -m skillctl``, Typer's test runner) behaves the same.
    """

    def invoke(self, ctx: Any) -> Any:  # click.Context, vendored differently per Typer release
        from skillctl.errors import SkillctlError

        try:
            return super().invoke(ctx)
        except SkillctlError as exc:
            typer.echo(f"skillctl: error: {exc}", err=True)
            raise typer.Exit(exc.exit_code) from None


app = typer.Typer(
    name="skillctl",
    cls=_Group,
    help="Inspect, lint and render agent skills (SKILL.md) the way each coding agent sees them.",
    rich_markup_mode=None,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"skillctl {__version__}")
        raise typer.Exit(0)


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Inspect, lint and render agent skills (SKILL.md) the way each coding agent sees them.

    Exit codes: 0 success, 1 findings (lint) or a failed check, 2 usage error, 3 internal
    error, 124 timeout (run-script, render --exec), 126 script cannot be run, 127 interpreter
    missing, 130 interrupted; run-script otherwise exits with the script's own code.
    """


app.command("list")(list_cmd.command)
app.command("show")(show.command)
app.command("lint")(lint.command)
app.command("rules")(rules.command)
app.command("render")(render.command)
app.command("new")(new.command)
app.command("schema")(schema.command)
app.command(
    # Only arguments after "--" reach the script: a mistyped skillctl option stays an error.
    "run-script", context_settings={"allow_extra_args": True}
)(run_script.command)


def _escape_undecodable_output() -> None:
    """File names that are not valid UTF-8 reach output as lone surrogates; print them as
    ``\\udcff`` escapes (valid inside JSON strings too) instead of failing with exit 3 in a
    UTF-8 locale, where Python's streams are strict."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # a closed or unusual stream is left as it is
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def run() -> None:
    """Run the app, turning skillctl's own errors into a message and an exit code."""
    from skillctl.errors import SkillctlError

    _escape_undecodable_output()
    try:
        app(prog_name="skillctl")
    except SkillctlError as exc:
        typer.echo(f"skillctl: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        typer.echo("skillctl: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # the last line of defence: never a bare traceback
        if os.environ.get("SKILLCTL_DEBUG"):
            raise
        typer.echo(
            f"skillctl: internal error: {type(exc).__name__}: {exc} "
            "(set SKILLCTL_DEBUG=1 for a traceback, and please report it)",
            err=True,
        )
        sys.exit(3)
