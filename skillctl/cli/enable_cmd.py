"""``skillctl enable NAME --agent AGENT``: undo what ``disable`` wrote in an agent's settings."""

from __future__ import annotations

from pathlib import Path

import typer

from skillctl.cli.color import color_option
from skillctl.cli.manage_cmd import (
    agent_option,
    dry_run_option,
    name_argument,
    run,
    scope_option,
)
from skillctl.cli.places import home_option, project_option


def command(
    name: str = name_argument(),
    agents: list[str] = agent_option(),  # noqa: B008
    scope: str = scope_option(),
    dry_run: bool = dry_run_option(),
    project: Path | None = project_option(),  # noqa: B008
    home: Path | None = home_option(),  # noqa: B008
    color: str = color_option(),
) -> None:
    """Switch a skill back on: remove the setting that switches it off, keeping the layout.

    Removes what disable writes (skillOverrides "off", a [[skills.config]] table with
    enabled = false, a "deny", a skills.disabled entry, enabled: false) from the file --scope
    selects; a setting in another file that keeps the skill off is named on stderr. Exit
    codes: 0 done (or nothing to undo), 1 another setting still keeps it off or an agent of
    'all' skipped, 2 refused (a malformed, read-only or linked-out file, an agent without
    that scope: nothing written; a file changed meanwhile: that file not written).
    """
    del color  # accepted on every command alike; enable writes no colour
    raise typer.Exit(run("enable", name, agents, scope, dry_run, project, home))
