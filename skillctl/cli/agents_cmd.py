"""``skillctl agents``: each agent's roots for this machine, settings, verified version, caveats."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent, complete_choices
from skillctl.cli.places import check_places, home_option, project_option

FORMATS = ("table", "json")


def command(
    name: str | None = typer.Argument(
        None, metavar="[NAME]", help="Only this agent (e.g. claude-code, codex).",
        show_default=False, autocompletion=complete_agent,
    ),
    project: Path | None = project_option(),  # noqa: B008
    home: Path | None = home_option(),  # noqa: B008
    fmt: str = typer.Option(
        "table", "--format", "-f", metavar="FORMAT", help="Output format: table or json.",
        autocompletion=complete_choices(*FORMATS),
    ),
    color: str = color_option(),
) -> None:
    """Show each agent's roots here (present or not), settings, verified version and caveats.

    Roots are resolved for the project and home directories (--project, --home) exactly as
    `list` scans them, highest precedence first. "verified" is the real agent release the
    conformance suite last checked the profile against.
    """
    if fmt not in FORMATS:
        raise typer.BadParameter(f"{fmt!r} is not one of: table, json", param_hint="--format")
    from skillctl.agents import all_profiles, get_profile
    from skillctl.discovery import simulated_env
    from skillctl.report import agents_view
    from skillctl.report.listing import dump_json
    from skillctl.report.term import use_color

    project_dir, home_dir = check_places(project, home)
    profiles = [get_profile(name)] if name is not None else all_profiles()
    env = simulated_env(os.environ, home_given=home is not None)
    agents = agents_view.overview(profiles, project_dir, home_dir, env)
    if fmt == "json":
        sys.stdout.write(dump_json(agents_view.to_json(agents, project_dir, home_dir)))
    else:
        from skillctl.report.term import width as terminal_width

        # a terminal (or COLUMNS) gets paths shortened to its width; a pipe keeps them whole
        columns = terminal_width(sys.stdout)
        agents_view.write_text(agents, home_dir, sys.stdout,
                               width=columns or shutil.get_terminal_size((100, 24)).columns,
                               color=use_color(sys.stdout, color), fit_paths=columns is not None)
