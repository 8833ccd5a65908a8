"""What ``skillctl enable`` and ``skillctl disable`` share: their options and their output."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from skillctl.cli.completion import complete_agent, complete_choices, complete_skill

if TYPE_CHECKING:
    from skillctl.manage.settings_write import Edit, Plan, Request

SCOPES = ("project", "local", "user")


def name_argument() -> Any:
    """The skill's invocation name."""
    return typer.Argument(metavar="NAME", show_default=False, autocompletion=complete_skill,
                          help="The skill's name, as the agents invoke it.")


def agent_option() -> Any:
    """``--agent``, repeatable and required."""
    return typer.Option(..., "--agent", "-a", metavar="AGENT", autocompletion=complete_agent,
                        show_default=False,
                        help="Agent whose setting to write (repeatable); 'all': every agent "
                        "that sees the skill here.")


def scope_option() -> Any:
    """``--scope``: which of the agent's settings files is written."""
    return typer.Option("project", "--scope", metavar="SCOPE",
                        autocompletion=complete_choices(*SCOPES),
                        help="Settings file to write: project (shared with the repository), "
                        "local (the project's, kept out of git: Claude Code) or user.")


def dry_run_option() -> Any:
    """``--dry-run``: the diff, nothing written."""
    return typer.Option(False, "--dry-run", help="Print the diff of each file; write nothing.")


def run(action: str, name: str, agents: list[str], scope: str, dry_run: bool,
        project: Path | None, home: Path | None) -> int:
    """Plan every agent's edit, then (unless ``dry_run``) write them; the exit code."""
    from skillctl.cli.places import check_places
    from skillctl.discovery import simulated_env
    from skillctl.manage import settings_write as sw

    if scope not in SCOPES:
        raise typer.BadParameter(f"{scope!r} is not one of: {', '.join(SCOPES)}",
                                 param_hint="--scope")
    project_dir, home_dir = check_places(project, home)
    request = sw.Request(sw.Action(action), name, tuple(agents), scope,
                         Path(os.path.abspath(project_dir)), Path(os.path.abspath(home_dir)),
                         simulated_env(os.environ, home_given=home is not None))
    plan = sw.make_plan(request)  # refusals (exit 2) come here, before anything is written
    if dry_run:
        for edit in plan.edits:
            _out(edit.diff() if edit.changed else f"{edit.agent}: {_path(edit.path)}: "
                 "no change\n")
    else:
        for edit in plan.edits:
            sw.apply(edit)
            _out(_said(request, edit) + "\n")
    return _report(request, plan)


def _report(request: Request, plan: Plan) -> int:
    """Notes on stderr for what is not as asked; 1 when some agent still differs."""
    from skillctl.agents import get_profile
    from skillctl.manage import settings_write as sw

    code = 0
    for skipped in plan.skipped:
        _err(f"{skipped.agent}: skipped: {skipped.reason}")
        if not skipped.no_setting:  # the user can still act (another --scope)
            code = 1
    for agent in plan.unseen:
        _err(f"{agent}: note: no skill named {request.name!r} here; the setting is written "
             "for when there is one")
    state = "disabled" if request.action is sw.Action.DISABLE else "active"
    for edit in plan.edits:
        if edit.done:
            continue
        code = 1
        rule = edit.deciding
        if rule is None:
            _err(f"{edit.agent}: {request.name!r} stays {'on' if state == 'disabled' else 'off'}")
            continue
        scope = sw.scope_of(get_profile(edit.agent), rule.file, request)
        hint = (f" (skillctl {request.action} {request.name} --agent {edit.agent} "
                f"--scope {scope})" if scope and scope != request.scope else "")
        _err(f"{edit.agent}: {request.name!r} is not {state}: {rule.describe()} "
             f"decides{hint}")
    return code


def _said(request: Request, edit: Edit) -> str:
    from skillctl.manage.settings_write import Action

    verb = "disabled" if request.action is Action.DISABLE else "enabled"
    if edit.changed:
        return f"{edit.agent}: {verb} {request.name!r} in {_path(edit.path)}"
    if request.action is Action.DISABLE:
        return f"{edit.agent}: {request.name!r} already switched off in {_path(edit.path)}"
    return f"{edit.agent}: nothing to undo for {request.name!r} in {_path(edit.path)}"


def _path(path: Path) -> str:
    """``path`` relative to the working directory when it lies below it."""
    cwd = Path.cwd()
    return str(path.relative_to(cwd)) if path.is_relative_to(cwd) else str(path)


def _out(text: str) -> None:
    from skillctl.textsafe import printable, printable_lines

    sys.stdout.write(printable_lines(text) if text.endswith("\n") and text.count("\n") > 1
                     else printable(text.rstrip("\n")) + "\n")


def _err(text: str) -> None:
    from skillctl.textsafe import printable

    sys.stderr.write(printable(text) + "\n")
