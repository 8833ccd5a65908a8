"""``skillctl unlink``: take back the links and copies ``skillctl link`` made."""

from __future__ import annotations

from pathlib import Path

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_choices
from skillctl.cli.link_shared import SCOPES, agent_option, places_of, report, scope_check
from skillctl.cli.places import home_option, project_option


def command(
    name: str = typer.Argument(..., metavar="NAME", help="The linked skill's folder name."),
    agent: list[str] = agent_option(  # noqa: B008
        "An agent whose link or copy to remove (repeatable), or 'all'."
    ),
    scope: str | None = typer.Option(
        None, "--scope", metavar="SCOPE", help="project or user [default: both].",
        autocompletion=complete_choices(*SCOPES),
    ),
    force: bool = typer.Option(
        False, "--force",
        help="Also remove a link skillctl did not record, or a copy modified since.",
    ),
    dry_run: bool = typer.Option(False, "--dry-run", help="Say what would be removed; change "
                                 "nothing."),
    project: Path | None = project_option(),  # noqa: B008
    home: Path | None = home_option(),  # noqa: B008
    color: str = color_option(),
) -> None:
    """Remove the links and copies named NAME that `skillctl link` made for the agents.

    A real folder skillctl did not create is never removed. Exit codes: 0 removed, 1 nothing
    to remove or refused, 2 usage or write error.
    """
    del color  # accepted on every command alike; unlink writes no colour
    if scope is not None:
        scope_check(scope)
    from skillctl.manage import link as linking

    places = places_of(project, home)
    outcomes = linking.unlink(name, agent, [scope] if scope else list(SCOPES), places,
                              force=force, dry_run=dry_run)
    if not outcomes:
        from skillctl.textsafe import printable

        typer.echo(printable(f"skillctl: nothing named {name!r} in those agents' skills "
                             "folders"), err=True)
        raise typer.Exit(1)
    report(outcomes, dry_run)
    raise typer.Exit(linking.exit_code(outcomes))
