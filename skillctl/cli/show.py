"""``skillctl show``: one skill in full, and how each agent sees it."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent, complete_choices, complete_skill
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
        "text", "--format", "-f", metavar="FORMAT", help="Output format: text or json.",
        autocompletion=complete_choices(*FORMATS),
    ),
    color: str = color_option(),  # accepted everywhere alike; show writes no colour yet
) -> None:
    """Show a skill: fields and who honours them, catalog text per agent, size, files, scripts.

    A NAME is looked up in the agents' roots, then in the current tree (a skills
    repository); agents that see the skill alike share one line.
    """
    if fmt not in FORMATS:
        raise typer.BadParameter(f"{fmt!r} is not one of: text, json", param_hint="--format")
    _run(skill, agent, project, home, fmt)


def _run(query: str, agent: str | None, project: Path | None, home: Path | None, fmt: str) -> None:
    from skillctl.agents import all_profiles, get_profile
    from skillctl.discovery import ParseCache, discover_for, root_places, simulated_env
    from skillctl.report import skill_view

    project_dir, home_dir = check_places(project, home)
    env = simulated_env(os.environ, home_given=home is not None)
    profiles = [get_profile(agent)] if agent else all_profiles()
    cache = ParseCache()
    skill = _find(query, project_dir, home_dir, agent, env, cache)
    cross = discover_for(skill, project_dir, home_dir, env, [p.id for p in profiles], cache=cache)
    roots = {p.id: [place.path for place in root_places(p, project_dir, home_dir, env)]
             for p in profiles}
    document = skill_view.build(skill, cross, profiles, roots, env)
    if fmt == "json":
        sys.stdout.write(skill_view.dump_json(document))
    else:
        skill_view.render_text(document, sys.stdout)


def _find(query: str, project: Path, home: Path, agent: str | None, env: Any,
          cache: Any) -> Any:
    """:func:`~skillctl.discovery.find_skill`; a NAME in no agent's roots is then looked up
    in the current tree (a skills repository), and if still missing the error says to pass
    the skill's path."""
    from skillctl.discovery import find_skill
    from skillctl.errors import UsageError

    try:
        return find_skill(query, project, home, agent, env=env, cache=cache)
    except UsageError as exc:
        if not str(exc).startswith("no skill named"):
            raise
        messages = [str(exc)]
        where = "any agent's roots" if agent is None else f"{agent}'s roots"
    here = Path.cwd()
    # a home directory or / is no skills repository: walking it would take long for nothing
    if here.resolve() not in (home.resolve(), Path(here.anchor)):
        try:
            return find_skill(query, project, home, agent, [here], env=env, cache=cache)
        except UsageError as exc:
            if not str(exc).startswith("no skill named"):
                raise
            messages.append(str(exc))
            where += " or the current tree"
    hints = [m[m.index(" (did you mean"):] for m in messages if " (did you mean" in m]
    raise UsageError(f"no skill named {query!r} in {where}{hints[0] if hints else ''}; to "
                     f"show a skill anywhere else, pass its path (skillctl show "
                     f"path/to/{query})") from None
