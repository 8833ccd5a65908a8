"""``skillctl new NAME``: scaffold a skill that passes lint for the chosen agents."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent


def command(
    name: Annotated[str, typer.Argument(
        metavar="NAME",
        help="Skill name: lowercase a-z, 0-9 and single hyphens (1-64).",
        show_default=False,
    )],
    directory: Annotated[Path, typer.Option(
        "--dir", "-d", metavar="DIR", help="Directory that receives NAME/ (created when missing).",
    )] = Path("."),
    agents: Annotated[list[str] | None, typer.Option(
        "--agent", "-a", metavar="AGENT", autocompletion=complete_agent, show_default=False,
        help="Also follow this agent's name rules (repeatable).",
    )] = None,
    scripts: Annotated[bool, typer.Option(
        "--scripts", help="Add scripts/example.py (executable, with --help).",
    )] = False,
    references: Annotated[bool, typer.Option(
        "--references", help="Add references/REFERENCE.md.",
    )] = False,
    description: Annotated[str | None, typer.Option(
        "--description", metavar="TEXT", show_default=False,
        help='Description ("<what it does>. Use when <when>."); a template by default.',
    )] = None,
    color: Annotated[str, color_option(annotated=True)] = "auto",
) -> None:
    """Create NAME/SKILL.md (and optional scripts/, references/) that passes lint.

    Refuses an invalid name and an existing directory (exit 2); never overwrites anything.
    """
    del color  # accepted on every command alike; new writes no colour
    from skillctl.scaffold import ScaffoldOptions, scaffold

    options = ScaffoldOptions(name=name, parent=directory, agents=tuple(agents or ()),
                              scripts=scripts, references=references, description=description)
    result = scaffold(options)
    typer.echo(f"created {result.directory}/")
    for path in result.files:
        typer.echo(f"  {path}")
    for note in result.notes:
        typer.echo(f"note: {note}", err=True)
    typer.echo(f"next: edit {result.directory / 'SKILL.md'}, then run "
               f"'skillctl lint {result.directory}'")
