"""``skillctl schema [--agent NAME] [--path]``: print the frontmatter JSON Schema lint uses."""

from __future__ import annotations

from typing import Annotated

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent


def command(
    agent: Annotated[str | None, typer.Option(
        "--agent", "-a", metavar="AGENT", autocompletion=complete_agent, show_default=False,
        help="This agent's frontmatter schema (default: the open Agent Skills spec's).",
    )] = None,
    path: Annotated[bool, typer.Option(
        "--path", help="Print the schema file's path instead of its content.",
    )] = False,
    color: Annotated[str, color_option(annotated=True)] = "auto",
) -> None:
    """Print the JSON Schema of SKILL.md frontmatter, for editors and other tools.

    Without --agent: the open specification's fields with strict types. With --agent: the
    fields that agent reads; an agent without a schema of its own gets the spec's (with a
    note on stderr). Save it and point an editor at it with a comment in the frontmatter:
    "# yaml-language-server: $schema=skill.schema.json".
    """
    del color  # accepted on every command alike; schema writes no colour
    from skillctl.errors import UsageError
    from skillctl.lint.schemas import schema_path

    schema_id = None
    if agent is not None:
        from skillctl.agents import get_profile

        get_profile(agent)  # an unknown agent is a usage error naming the known ones
        try:
            schema_path(agent)
            schema_id = agent
        except UsageError:
            typer.echo(f"note: {agent} has no frontmatter schema of its own; this is the "
                       "open specification's", err=True)
    file = schema_path(schema_id)
    if path:
        typer.echo(str(file))
        return
    typer.echo(file.read_text(encoding="utf-8"), nl=False)
