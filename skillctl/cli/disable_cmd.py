"""``skillctl disable NAME --agent AGENT``: switch a skill off in each agent's own settings."""

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
    """Switch a skill off in each agent's own settings file, keeping its comments and layout.

    Writes Claude Code's skillOverrides, Codex's [[skills.config]], OpenCode's
    permission.skill, Gemini CLI's skills.disabled or OpenClaw's skills.entries in the file
    --scope selects. Exit codes: 0 done (or already so), 1 written but another setting still
    decides (named on stderr) or an agent of 'all' skipped, 2 refused (a malformed, read-only
    or linked-out file, an agent without that scope: nothing written; a file changed meanwhile:
    that file not written).
    """
    del color  # accepted on every command alike; disable writes no colour
    raise typer.Exit(run("disable", name, agents, scope, dry_run, project, home))
