"""``skillctl agents``: what skillctl knows about each agent, for one project and home.

For each agent: the directories it scans, resolved for the project and home given (through
:func:`skillctl.discovery.root_places`, so exactly what ``list`` scans) and marked present or
not, highest precedence first; roots that the environment switches off; the settings files it
reads; the real release the profile was last verified against; and its remaining caveats.

The data (:func:`overview`) is plain frozen dataclasses; :func:`to_json` gives the versioned
JSON document and :func:`write_text` the text for people (rich, for bold headings, only when
colour is on). Every path and every text is passed through
:func:`~skillctl.report.lint_common.printable` before it reaches a terminal.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from skillctl.agents.profile import Profile, Root, Winner
from skillctl.model import Scope

JSON_VERSION = 1

#: The narrowest and widest text layouts (wider terminals still get 200 columns).
MIN_WIDTH, MAX_WIDTH = 60, 200

#: How each winner rule reads in the text output, roots being listed highest precedence first.
_WINNER_TEXT = {
    Winner.FIRST: "roots, highest precedence first (a name clash goes to the higher one)",
    Winner.LAST: "roots, highest precedence first (a name clash goes to the higher one)",
    Winner.NONE: "roots, in scan order (no dedup: every copy of a name is offered)",
    Winner.UNDEFINED: "roots, in scan order (the winner of a name clash is not fixed)",
    Winner.RANDOM: "roots, in scan order (a name clash is won at random, run to run)",
}


@dataclass(frozen=True, slots=True)
class RootStatus:
    """One directory an agent scans, resolved for this project and home."""

    path: Path
    scope: Scope
    template: str  # the profile's root template it came from
    present: bool  # a directory (or a link to one) exists there
    max_depth: int
    note: str
    uncertain: bool


@dataclass(frozen=True, slots=True)
class RootOff:
    """A root of the profile that scans nothing here, and why."""

    template: str
    scope: Scope
    reason: str


@dataclass(frozen=True, slots=True)
class SettingsFile:
    """A settings file the agent reads (skills switched off there get status ``disabled``)."""

    path: Path
    scope: Scope
    present: bool  # a file exists there
    applied: bool  # False: users put skill settings there, but the agent ignores them
    note: str


@dataclass(frozen=True, slots=True)
class PluginFolder:
    """The skills folder of one installed plugin (its skills are ``<namespace>:<name>``)."""

    id: str
    namespace: str
    path: Path
    present: bool  # a directory (or a link to one) exists there
    state: str  # enabled, disabled or failed
    reason: str  # why it is not loaded ("" when enabled)


@dataclass(frozen=True, slots=True)
class AgentOverview:
    """Everything ``skillctl agents`` shows about one agent."""

    id: str
    name: str
    profile_version: str  # the build or commit the profile's facts were read from
    verified_version: str  # "" when never verified against the real agent
    verified_date: str
    winner: Winner
    #: the agent's own project directory and why, when it is not the project given (OpenClaw)
    workspace: tuple[Path, str] | None
    roots: tuple[RootStatus, ...]  # highest precedence first (scan order without a winner)
    roots_off: tuple[RootOff, ...]
    settings: tuple[SettingsFile, ...]  # highest precedence first
    caveats: tuple[str, ...]
    plugins: tuple[PluginFolder, ...] = ()  # in the order the agent scans them, after roots


def overview(profiles: Sequence[Profile], project: Path, home: Path,
             env: Mapping[str, str]) -> list[AgentOverview]:
    """The overview of each profile, in the order given, for ``project`` and ``home``."""
    from skillctl.discovery import plugin_places, root_places, workspace_dir

    project, home = _absolute(project), _absolute(home)
    found = []
    for profile in profiles:
        workspace = workspace_dir(profile, project, home, env)  # as discovery does
        places = root_places(profile, workspace, home, env, cwd=project)
        if profile.winner is Winner.LAST:  # as discovery ranks them: the last scanned wins
            places = places[::-1]
        roots = tuple(
            RootStatus(p.path, p.scope, p.root.template, os.path.isdir(p.path),
                       p.root.max_depth, p.root.note, p.root.uncertain)
            for p in places if p.root is not None
        )
        used = {id(p.root) for p in places}
        off = tuple(RootOff(r.template, r.scope, _why_off(r, env))
                    for r in profile.roots if id(r) not in used)
        found.append(AgentOverview(
            id=profile.id,
            name=profile.display_name,
            profile_version=profile.version,
            verified_version=profile.verified_version,
            verified_date=profile.verified_date,
            winner=profile.winner,
            workspace=(workspace, profile.workspace.note)
            if profile.workspace is not None and workspace != project else None,
            roots=roots,
            roots_off=off,
            settings=settings_of(profile, project, home, env),
            caveats=profile.uncertain,
            plugins=tuple(
                PluginFolder(p.plugin.id, p.plugin.namespace, p.path, os.path.isdir(p.path),
                             p.plugin.state.value, p.plugin.reason or "")
                for p in plugin_places(profile, workspace, home, env)[0]
                if p.plugin is not None),
        ))
    return found


def _absolute(path: Path) -> Path:
    """``path`` as discovery takes it: ``~`` expanded, made absolute."""
    return Path(os.path.abspath(os.path.expanduser(path)))


def _why_off(root: Root, env: Mapping[str, str]) -> str:
    switched = [name for name in root.env_disable if env.get(name)]
    if switched:
        return "switched off by " + ", ".join(f"${name}" for name in switched)
    if root.env_enable and not any(env.get(name) for name in root.env_enable):
        return "needs " + " or ".join(f"${name}" for name in root.env_enable)
    return "names an unset environment variable"


def settings_of(profile: Profile, project: Path, home: Path,
                env: Mapping[str, str]) -> tuple[SettingsFile, ...]:
    """The settings files that can switch ``profile``'s skills off, highest precedence first
    (exactly those :func:`skillctl.discovery.settings_files` gives discovery, reversed)."""
    from skillctl.discovery import settings_files

    return tuple(
        SettingsFile(path, source.scope, os.path.isfile(path), source.applied, source.note)
        for path, source in reversed(settings_files(profile, project, home, env))
    )


# --------------------------------------------------------------------------- JSON


def to_json(agents: Sequence[AgentOverview], project: Path, home: Path) -> dict[str, Any]:
    """The ``skillctl agents --format json`` document (version 1, documented in docs/)."""
    return {
        "version": JSON_VERSION,
        "project": str(_absolute(project)),
        "home": str(_absolute(home)),
        "agents": [_agent_json(a) for a in agents],
    }


def _agent_json(agent: AgentOverview) -> dict[str, Any]:
    verified = ({"version": agent.verified_version, "date": agent.verified_date}
                if agent.verified_version else None)
    settings = [{"path": str(s.path), "scope": s.scope.value, "present": s.present,
                 "applied": s.applied, "note": s.note} for s in agent.settings]
    return {
        "id": agent.id,
        "name": agent.name,
        "profile_version": agent.profile_version,
        "verified": verified,
        "winner": agent.winner.value,
        "workspace": None if agent.workspace is None else {
            "path": str(agent.workspace[0]), "note": agent.workspace[1]},
        "roots": [
            {"path": str(r.path), "scope": r.scope.value, "present": r.present,
             "template": r.template, "max_depth": r.max_depth, "note": r.note,
             "uncertain": r.uncertain}
            for r in agent.roots
        ],
        "roots_off": [{"template": r.template, "scope": r.scope.value, "reason": r.reason}
                      for r in agent.roots_off],
        "settings": settings,
        "plugins": [{"id": p.id, "namespace": p.namespace, "path": str(p.path),
                     "present": p.present, "state": p.state, "reason": p.reason}
                    for p in agent.plugins],
        "caveats": list(agent.caveats),
    }


# --------------------------------------------------------------------------- text

#: A line of output as (text, rich style) pieces; the plain form joins the texts.
Line = list[tuple[str, str]]


def build_lines(agents: Sequence[AgentOverview], home: Path, width: int, *,
                fit_paths: bool = True) -> list[Line]:
    """The text output, ``width`` columns wide (clamped to 60..200), as styled lines.

    With ``fit_paths`` (a terminal) a path too long for its line is shortened in the middle,
    as ``list`` does, rather than left for the terminal to break mid-word; without (a pipe)
    paths stay whole.
    """
    from skillctl.report.lint_common import printable
    from skillctl.report.listing import display_path
    from skillctl.report.term import cells, cut_middle

    width = max(MIN_WIDTH, min(MAX_WIDTH, width))
    home = _absolute(home)  # roots are absolute: so is the home they start with
    lines: list[Line] = []

    def shown(path: Path, used: int) -> str:
        """``path`` for a line whose other pieces take ``used`` cells."""
        text = printable(display_path(path, home))
        return cut_middle(text, max(width - used, 20)) if fit_paths else text

    def para(text: str, indent: str, first: str = "", style: str = "") -> None:
        wrapped = textwrap.wrap(printable(text), width, initial_indent=indent + first,
                                subsequent_indent=indent + " " * len(first),
                                break_on_hyphens=False, break_long_words=False)
        lines.extend([(w, style)] for w in wrapped or [indent + first])

    for number, agent in enumerate(agents):
        if number:
            lines.append([])
        lines.append([(printable(f"{agent.name} ({agent.id})"), "bold")])
        if agent.verified_version:
            verified = f"{agent.verified_version} on {agent.verified_date}"
            para(verified, "  ", "verified: ", "green")
        else:
            para("not verified against the real agent", "  ", "verified: ", "yellow")
        para(agent.profile_version, "  ", "profile facts from: ")
        if agent.workspace is not None:
            path, why = agent.workspace
            lines.append([("  workspace: " + shown(path, len("  workspace: ")), "")])
            if why:
                para(why, "    ", "", "dim")
        para(_WINNER_TEXT.get(agent.winner, "roots, in scan order") + ":", "  ")
        scope_width = max((len(r.scope.value) for r in agent.roots), default=0)
        for rank, root in enumerate(agent.roots, 1):
            mark = "yes" if root.present else "no "
            flag = " (uncertain)" if root.uncertain else ""
            lead = f"  {rank:>2}. {mark}  {root.scope.value.ljust(scope_width)}  "
            lines.append([
                (f"  {rank:>2}. ", ""),
                (mark, "green" if root.present else "dim"),
                (f"  {root.scope.value.ljust(scope_width)}  ", ""),
                (shown(root.path, cells(lead + flag)) + flag, ""),
            ])
        if not agent.roots:
            lines.append([("  (none here)", "dim")])
        for off in agent.roots_off:
            para(f"{off.template} ({off.scope.value}): {off.reason}", "      ", "off: ", "dim")
        if not agent.settings:
            lines.append([("  settings files: none modelled", "dim")])
        else:
            lines.append([("  settings files, highest precedence first:", "")])
            width_of = max(len(item.scope.value) for item in agent.settings)
            for item in agent.settings:
                mark = "yes" if item.present else "no "
                ignored = "" if item.applied else " (skill settings ignored)"
                lead = f"      {mark}  {item.scope.value.ljust(width_of)}  "
                where = shown(item.path, cells(lead))
                own_line = fit_paths and cells(lead + where + ignored) > width
                lines.append([
                    ("      ", ""),
                    (mark, "green" if item.present else "dim"),
                    (f"  {item.scope.value.ljust(width_of)}  ", ""),
                    (where + ("" if own_line else ignored), ""),
                ])
                if own_line:  # the remark, rather than the path, goes to the next line
                    lines.append([(" " * 11 + ignored.strip(), "")])
                if item.note:
                    para(item.note, "           ", "", "dim")
        if agent.plugins:
            # a plugin without a namespace (a Gemini CLI extension) adds plain names
            naming = ("skills named plugin:skill" if any(p.namespace for p in agent.plugins)
                      else "skills under their own names")
            lines.append([(f"  installed plugins' skills folders ({naming}):", "")])
            for plugin in agent.plugins:
                mark = "yes" if plugin.present else "no "
                state = "" if plugin.state == "enabled" else f" ({plugin.state})"
                label = printable(plugin.namespace or plugin.id)
                lead = f"      {mark}  {label}{state}  "
                lines.append([
                    ("      ", ""),
                    (mark, "green" if plugin.present else "dim"),
                    (f"  {label}{state}  ", ""),
                    (shown(plugin.path, cells(lead)), ""),
                ])
                if plugin.reason:
                    para(plugin.reason, "           ", "", "dim")
        if agent.caveats:
            lines.append([("  caveats:", "")])
            for caveat in agent.caveats:
                para(caveat, "    ", "- ", "yellow")
    return lines


def render_plain(agents: Sequence[AgentOverview], home: Path, width: int, *,
                 fit_paths: bool = True) -> str:
    """:func:`build_lines` as plain text, each line ending in a newline."""
    return "".join("".join(text for text, _ in line).rstrip() + "\n"
                   for line in build_lines(agents, home, width, fit_paths=fit_paths))


def write_text(agents: Sequence[AgentOverview], home: Path, stream: TextIO, *,
               width: int, color: bool | None = None, fit_paths: bool = True) -> None:
    """Write the text output; colour only on a terminal without ``NO_COLOR`` (or forced)."""
    from skillctl.report.lint_common import fit_to_stream, use_color

    if not use_color(stream, color):
        stream.write(fit_to_stream(stream, render_plain(agents, home, width,
                                                        fit_paths=fit_paths)))
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, force_terminal=True, no_color=False,
                      color_system="standard", highlight=False, markup=False, emoji=False,
                      soft_wrap=True)
    for line in build_lines(agents, home, width, fit_paths=fit_paths):
        text = Text(no_wrap=True, end="\n")
        for piece, style in line:
            text.append(fit_to_stream(stream, piece), style=style or None)
        console.print(text, soft_wrap=True)
