"""``skillctl link``: expose one skill folder to agents by a link (or a copy)."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_choices
from skillctl.cli.link_shared import SCOPES, agent_option, places_of, report, scope_check
from skillctl.cli.places import home_option, project_option


def command(
    path: Path = typer.Argument(  # noqa: B008
        ..., metavar="PATH", help="The skill folder (or its SKILL.md) to expose.",
        show_default=False,
    ),
    agent: list[str] = agent_option(),  # noqa: B008
    scope: str = typer.Option(
        "project", "--scope", metavar="SCOPE",
        help="project (the agent's project skills folder) or user (its folder in your home).",
        autocompletion=complete_choices(*SCOPES),
    ),
    copy: bool = typer.Option(False, "--copy", help="Copy the folder instead of linking it."),
    force: bool = typer.Option(
        False, "--force",
        help="Link even when another skill of that name is in view; replace skillctl's own "
        "earlier link or copy.",
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Say what would be done; change nothing."
    ),
    project: Path | None = project_option(),  # noqa: B008
    home: Path | None = home_option(),  # noqa: B008
    color: str = color_option(),
) -> None:
    """Expose one skill folder to agents by a link in each agent's skills folder.

    The link is named after the skill and made in the folder each agent's profile names for
    the scope (see docs/provenance.md); --copy copies instead, as happens where links cannot
    be made. A skill of the same name already in an agent's view is a clash, refused without
    --force. Exit codes: 0 done (or nothing to do), 1 refused, 2 usage or write error.
    """
    del color  # accepted on every command alike; link writes no colour
    scope_check(scope)
    from skillctl.discovery import find_skill
    from skillctl.manage import link as linking

    places = places_of(project, home)
    if not os.path.lexists(path):
        from skillctl.errors import PathNotFoundError

        raise PathNotFoundError(path)
    skill = find_skill(str(path), places.project, places.home, env=places.env)
    outcomes = linking.link(skill, agent, scope, places, copy=copy, force=force,
                            dry_run=dry_run)
    report(outcomes, dry_run)
    raise typer.Exit(linking.exit_code(outcomes))
