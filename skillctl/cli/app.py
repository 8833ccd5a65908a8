"""The Typer application: a lazy table of commands, one module per command.

Every ``--help`` and every TAB press starts a new process, so start-up is mostly import and
set-up cost. Only Typer and the standard library are imported here, and the command modules
are not imported at all until needed: the group lists its commands from :data:`COMMANDS`
(name, module, first paragraph of the help), and only the command that is run (or asked for
``--help``, or completed past its name) is imported and converted to a Click command.
Each command module imports the core inside its function body. tests/test_startup.py guards
both: which modules ``--help`` and TAB load, and that the table matches the modules.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any, NamedTuple

import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command_from_info

from skillctl import __version__


class LazyCommand(NamedTuple):
    """Where a command lives and what the top-level help says about it."""

    #: Module holding the command function ``command``.
    module: str
    #: First paragraph of the function's docstring: ``skillctl --help`` and shell completion
    #: shorten it exactly as they would the full help (a test checks it matches).
    summary: str
    #: Click context settings of the command, if any.
    context_settings: dict[str, Any] | None = None


#: Every command, in the order ``skillctl --help`` lists them.
COMMANDS: dict[str, LazyCommand] = {
    "list": LazyCommand(
        "skillctl.cli.list_cmd",
        "List the skills each agent discovers, with shadowed, invalid and hidden ones explained.",
    ),
    "show": LazyCommand(
        "skillctl.cli.show",
        "Show a skill: fields and who honours them, catalog text per agent, size, files, "
        "scripts.",
    ),
    "lint": LazyCommand(
        "skillctl.cli.lint",
        "Lint skills: every rule of the open spec plus what breaks in real agents.",
    ),
    "audit": LazyCommand(
        "skillctl.cli.audit",
        "Audit skills: security findings, and what each can do (hosts, commands, files, env).",
    ),
    "rules": LazyCommand(
        "skillctl.cli.rules",
        "List every lint rule: id, category, default severity, fixable, agents and summary.",
    ),
    "agents": LazyCommand(
        "skillctl.cli.agents_cmd",
        "Show each agent's roots here (present or not), settings, verified version and caveats.",
    ),
    "render": LazyCommand(
        "skillctl.cli.render",
        "Render the skill catalog an agent injects, within its budget, or one skill's body.",
    ),
    "new": LazyCommand(
        "skillctl.cli.new",
        "Create NAME/SKILL.md (and optional scripts/, references/) that passes lint.",
    ),
    "schema": LazyCommand(
        "skillctl.cli.schema",
        "Print the JSON Schema of SKILL.md frontmatter, for editors and other tools.",
    ),
    "run-script": LazyCommand(
        "skillctl.cli.run_script",
        "Run a skill's script with no shell, stdin closed and a timeout, as an agent would.",
        # Only arguments after "--" reach the script: a mistyped skillctl option stays an error.
        {"allow_extra_args": True},
    ),
    "disable": LazyCommand(
        "skillctl.cli.disable_cmd",
        "Switch a skill off in each agent's own settings file, keeping its comments and layout.",
    ),
    "enable": LazyCommand(
        "skillctl.cli.enable_cmd",
        "Switch a skill back on: remove the setting that switches it off, keeping the layout.",
    ),
    "link": LazyCommand(
        "skillctl.cli.link_cmd",
        "Expose one skill folder to agents by a link in each agent's skills folder.",
    ),
    "unlink": LazyCommand(
        "skillctl.cli.unlink_cmd",
        "Remove the links and copies named NAME that `skillctl link` made for the agents.",
    ),
}


def load_command(name: str) -> Any:
    """Import command ``name``'s module and convert its function into a Click command.

    Built exactly as ``app.command(name, context_settings=...)(module.command)`` would be,
    on a scratch Typer instance so that ``app`` itself never registers (and so never
    eagerly builds) a command. Raises :class:`KeyError` for an unknown name.
    """
    entry = COMMANDS[name]
    # __import__ rather than importlib.import_module: only the former shows in -X importtime
    function = __import__(entry.module, fromlist=["command"]).command
    scratch = typer.Typer()
    scratch.command(name, context_settings=entry.context_settings, cls=_Command)(function)
    return get_command_from_info(
        scratch.registered_commands[0],
        pretty_exceptions_short=app.pretty_exceptions_short,
        rich_markup_mode=app.rich_markup_mode,
    )


class _Command(TyperCommand):
    """A command whose usage line shows a required argument as ``SKILL``, not Typer's
    ``{SKILL}`` (braces read as a set of choices, and a shell would expand them)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:  # click.Context, vendored
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]


class _LazyCommands(MutableMapping[str, Any]):
    """A group's ``name -> Click command`` mapping that builds each command on first use.

    Keys are known without importing anything (:data:`COMMANDS`). While ``summaries_only``
    is set (listing commands in ``--help``, completing a command name), values are
    parameter-less stand-ins carrying the command's summary; otherwise the real command is
    imported, built and kept.
    """

    def __init__(self, given: Mapping[str, Any]) -> None:
        self._built: dict[str, Any] = dict(given)
        self.summaries_only = False

    def __getitem__(self, name: str) -> Any:
        built = self._built.get(name)
        if built is not None:
            return built
        entry = COMMANDS[name]  # KeyError for an unknown name, as a dict would
        if self.summaries_only:
            return TyperCommand(name, help=entry.summary, rich_markup_mode=None)
        built = self._built[name] = load_command(name)
        return built

    def __setitem__(self, name: str, command: Any) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        raise TypeError("skillctl's commands cannot be removed")

    def __contains__(self, name: object) -> bool:
        return name in COMMANDS or name in self._built

    def __iter__(self) -> Iterator[str]:
        yield from COMMANDS
        yield from (name for name in self._built if name not in COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS) + sum(1 for name in self._built if name not in COMMANDS)


class _Group(TyperGroup):
    """skillctl's top-level group: lazy commands, and skillctl's errors as exit codes.

    Errors are turned into one line on stderr here rather than only in :func:`run` so that
    every way of calling the app (the console script, ``python -m skillctl``, Typer's test
    runner) behaves the same.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.commands = self.lazy = _LazyCommands(self.commands)

    @contextlib.contextmanager
    def _summaries(self) -> Iterator[None]:
        """Within the block, looking a command up does not import or build it."""
        before, self.lazy.summaries_only = self.lazy.summaries_only, True
        try:
            yield
        finally:
            self.lazy.summaries_only = before

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The "Commands:" section of ``--help``, from the summaries alone."""
        with self._summaries():
            super().format_commands(ctx, formatter)

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        """Complete command names (and the group's options) from the summaries alone."""
        with self._summaries():
            return super().shell_complete(ctx, incomplete)

    def invoke(self, ctx: Any) -> Any:  # click.Context, vendored differently per Typer release
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort):  # the normal way out, --help included
            raise
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP (skillctl.interrupts)
            from skillctl import interrupts

            typer.echo(f"skillctl: {interrupts.describe(exc)}", err=True)
            raise typer.Exit(interrupts.exit_code(exc)) from None
        except Exception as exc:
            # imported only once something was raised: --help and TAB never need it
            from skillctl.errors import SkillctlError

            if not isinstance(exc, SkillctlError):
                raise
            from skillctl.textsafe import printable  # messages name files from the tree

            typer.echo(printable(f"skillctl: error: {exc}"), err=True)
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


def run() -> None:
    """Run the app, turning skillctl's own errors into a message and an exit code."""
    from skillctl.replay import escape_undecodable

    escape_undecodable(sys.stdout, sys.stderr)
    try:
        os.getcwd()
    except OSError as exc:  # paths are relative to it: nothing can be said without it
        typer.echo(f"skillctl: error: the current directory is gone ({exc.strerror})", err=True)
        sys.exit(2)
    from skillctl import interrupts

    interrupts.install()  # SIGTERM and SIGHUP clean up like Ctrl-C (issue 15 items 7, 11)
    try:
        app(prog_name="skillctl")
    except KeyboardInterrupt as exc:
        typer.echo(f"skillctl: {interrupts.describe(exc)}", err=True)
        sys.exit(interrupts.exit_code(exc))
    except Exception as exc:  # the last line of defence: never a bare traceback
        from skillctl.errors import SkillctlError  # only once something was raised

        if isinstance(exc, SkillctlError):
            from skillctl.textsafe import printable

            typer.echo(printable(f"skillctl: error: {exc}"), err=True)
            sys.exit(exc.exit_code)
        if os.environ.get("SKILLCTL_DEBUG"):
            raise
        typer.echo(
            f"skillctl: internal error: {type(exc).__name__}: {exc} "
            "(set SKILLCTL_DEBUG=1 for a traceback, and please report it)",
            err=True,
        )
        sys.exit(3)
