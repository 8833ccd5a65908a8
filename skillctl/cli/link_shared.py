"""What ``skillctl link`` and ``skillctl unlink`` share: the options and the report."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import typer

from skillctl.cli.completion import complete_agent
from skillctl.cli.places import check_places

SCOPES = ("project", "user")


def agent_option(
    help_text: str = "An agent to expose the skill to (repeatable), or 'all'.",
) -> Any:
    return typer.Option(
        ..., "--agent", "-a", metavar="AGENT", help=help_text, autocompletion=complete_agent,
    )


def scope_check(scope: str) -> None:
    if scope not in SCOPES:
        raise typer.BadParameter(f"{scope!r} is not one of: project, user",
                                 param_hint="--scope")


def places_of(project: Path | None, home: Path | None) -> Any:
    from skillctl.discovery import simulated_env
    from skillctl.manage.link import Places

    project_dir, home_dir = check_places(project, home)
    return Places(project_dir, home_dir, simulated_env(os.environ, home_given=home is not None))


def report(outcomes: Any, dry_run: bool) -> None:
    from skillctl.textsafe import printable

    prefix = "would be " if dry_run else ""
    for outcome in outcomes:
        agents = ", ".join(outcome.agents)
        stream = sys.stderr if outcome.action in ("refused", "failed") else sys.stdout
        action = outcome.action if outcome.action in ("refused", "failed", "unchanged",
                                                      "skipped") \
            else prefix + outcome.action
        line = f"{action}: {outcome.path} [{agents}]"
        if outcome.detail:
            line += f": {outcome.detail}"
        stream.write(printable(line) + "\n")
        for note in outcome.notes:
            stream.write("  " + printable(note) + "\n")
