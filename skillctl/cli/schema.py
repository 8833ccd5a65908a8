"""Placeholder: this command is being built (see the issue tracker)."""

from __future__ import annotations

import typer


def command() -> None:
    """Not implemented yet."""
    typer.echo("skillctl: error: not implemented yet", err=True)
    raise typer.Exit(3)
