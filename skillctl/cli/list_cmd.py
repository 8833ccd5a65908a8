"""``skillctl list``: the skills each agent sees, and why others stay out of sight."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from skillctl.cli.color import color_option
from skillctl.cli.completion import complete_agent, complete_choices
from skillctl.cli.places import check_places, home_option, project_option

FORMATS = ("table", "json")


def command(
    paths: list[Path] | None = typer.Argument(  # noqa: B008
        None,
        metavar="[PATH]...",
        help="Extra skill trees (skills repositories) to include, scope 'extra'.",
        show_default=False,
    ),
    agent: str | None = typer.Option(
        None,
        "--agent",
        "-a",
        metavar="AGENT",
        help="Show exactly this agent's view (e.g. claude-code, codex).",
        autocompletion=complete_agent,
    ),
    project: Path | None = project_option(),  # noqa: B008
    home: Path | None = home_option(),  # noqa: B008
    show_all: bool = typer.Option(
        False, "--all", help="Include shadowed, invalid and hidden skills."
    ),
    explain: bool = typer.Option(False, "--explain", help="Say why each skill won or lost."),
    fmt: str = typer.Option(
        "table", "--format", "-f", metavar="FORMAT", help="Output format: table or json.",
        autocompletion=complete_choices(*FORMATS),
    ),
    color: str = color_option(),
) -> None:
    """List the skills each agent discovers, with shadowed, invalid and hidden ones explained."""
    if fmt not in FORMATS:
        raise typer.BadParameter(f"{fmt!r} is not one of: table, json", param_hint="--format")
    from skillctl.gcpause import paused_gc

    with paused_gc():  # discovery and the output keep every view alive: no cycles to find
        code = _run(paths or [], agent, project, home, show_all, explain, fmt, color)
    raise typer.Exit(code)


def _run(
    paths: list[Path],
    agent: str | None,
    project: Path | None,
    home: Path | None,
    show_all: bool,
    explain: bool,
    fmt: str,
    color_mode: str = "auto",
) -> int:
    from skillctl.agents import get_profile
    from skillctl.discovery import ParseCache, discover, discover_all, root_places, simulated_env
    from skillctl.provenance import LockIndex
    from skillctl.report import listing, term

    project_dir, home_dir = check_places(project, home)
    env = simulated_env(os.environ, home_given=home is not None)
    cache = ParseCache(keep_text=False)  # list needs frontmatter and verdicts, not the text
    locks = LockIndex(home_dir, env)  # installers' records, each read once (issue 20)
    color = term.use_color(sys.stdout, color_mode)
    width = term.width(sys.stdout)
    if agent is not None:
        profile = get_profile(agent)
        res = discover(profile, project_dir, home_dir, env, paths, cache=cache)
        if fmt == "json":
            listing.write_agent_json(res, show_all, sys.stdout, locks)
        else:
            roots = [p.path for p in root_places(profile, res.project, res.home, env)]
            listing.render_agent(
                res,
                sys.stdout,
                show_all=show_all,
                explain=explain,
                color=color,
                width=width,
                label=profile.display_name,
                roots=roots,
                locks=locks,
            )
            listing.render_notes(res.notes, sys.stderr)
        return 0
    cross = discover_all(project_dir, home_dir, env, paths, cache=cache)
    if fmt == "json":
        listing.write_cross_json(cross, show_all, sys.stdout, locks)
    else:
        listing.render_cross(cross, sys.stdout, show_all=show_all, explain=explain,
                             color=color, width=width, locks=locks)
        listing.render_notes(cross.notes, sys.stderr)
    return 0
