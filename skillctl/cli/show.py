"""``skillctl show``: one skill in full, and how each agent sees it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from skillctl.cli.completion import complete_agent, complete_skill
from skillctl.cli.places import check_places, home_option, project_option

FORMATS = ("text", "json")


def command(
    skill: str = typer.Argument(
        ...,
        metavar="NAME|PATH",
        help="A skill name, or the path of a skill (dir or file).",
        autocompletion=complete_skill,
    ),
    agent: str | None = typer.Option(
        None,
        "--agent",
        "-a",
        metavar="AGENT",
        help="Only this agent's view (and look the name up in its roots).",
        autocompletion=complete_agent,
    ),
    project: Path | None = project_option(),  # noqa: B008
    home: Path | None = home_option(),  # noqa: B008
    fmt: str = typer.Option(
        "text", "--format", "-f", metavar="FORMAT", help="Output format: text or json."
    ),
) -> None:
    """Show a skill: fields and who honours them, catalog text per agent, size, files, scripts."""
    if fmt not in FORMATS:
        raise typer.BadParameter(f"{fmt!r} is not one of: text, json", param_hint="--format")
    _run(skill, agent, project, home, fmt)


def _run(query: str, agent: str | None, project: Path | None, home: Path | None, fmt: str) -> None:
    from skillctl.agents import all_profiles, get_profile
    from skillctl.discovery import ParseCache, discover_for, find_skill, simulated_env
    from skillctl.report import skill_view

    project_dir, home_dir = check_places(project, home)
    env = simulated_env(os.environ, home_given=home is not None)
    profiles = [get_profile(agent)] if agent else all_profiles()
    cache = ParseCache()
    skill = find_skill(query, project_dir, home_dir, agent, env=env, cache=cache)
    cross = discover_for(skill, project_dir, home_dir, env, [p.id for p in profiles], cache=cache)
    document = skill_view.build(skill, cross, profiles)
    if fmt == "json":
        sys.stdout.write(skill_view.dump_json(document))
    else:
        skill_view.render_text(document, sys.stdout)
