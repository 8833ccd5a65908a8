"""Commands: Markdown files an agent lists in its catalog beside the skills.

Claude Code 2.1.332 (seen running it, conformance case claude-commands) lists every ``.md``
file below ``~/.claude/commands``, the project's ``.claude/commands`` folders (from the working
directory up to the git root) and each enabled plugin's commands folders, named by the path
below the folder with ``:`` between folders (``sub/deep.md`` is ``sub:deep``; a plugin's as
``<plugin>:sub:deep``). The ``name`` field is not read; the description is the
``description`` field, else the first line of the body, else "Custom command";
``disable-model-invocation: true`` keeps one out. What wins a name, and where commands stand
in the catalog, is the catalog's business (:mod:`skillctl.render.catalog`).

A folder of the user's or project's commands (the commands folder itself, or one below it)
that holds a ``SKILL.md`` (in any letter case) is a skill to Claude Code: it offers only that
file, named after the folder (``commands``; ``a/b/SKILL.md`` is ``a:b``), read and described
as a command, and lists it among its skills; the folder's other files are no commands, those
of the folders below it still are (2.1.332, conformance case commands-skill-md).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from skillctl.fallback import body_first_line
from skillctl.model import Scope

#: What Claude Code shows for a command with neither a description nor a body line (2.1.332;
#: conformance case copilot-commands, which every agent is run on)
_NO_DESCRIPTION = "Custom command"
#: Most command files read below one folder, and how deep.
MAX_COMMANDS = 2000
MAX_DEPTH = 8


@dataclass(frozen=True, slots=True)
class Command:
    """One command as the agent lists it."""

    name: str
    description: str
    path: Path
    scope: Scope
    #: the plugin's namespace for a plugin's command, else None
    namespace: str | None = None
    #: a SKILL.md that makes its folder a skill (see the module's docstring)
    skill: bool = False
    #: the commands folder it was found below
    root: Path | None = None
    #: False for a skill the model is not offered (``disable-model-invocation: true``): the
    #: user can still invoke it; a plain command with it is not read at all
    offered: bool = True


def command_files(folder: Path, *, skill_folders: bool = False) -> list[tuple[str, Path, bool]]:
    """(name, path, is a skill) of every ``.md`` file below ``folder`` (a folder's files by
    name, then its subfolders by name), its name the path below ``folder`` without ``.md``,
    ``:`` between folders. A ``.md`` file given as ``folder`` is one command, named by its
    stem. ``skill_folders``: a folder holding a ``SKILL.md`` gives only that file, a skill
    named after the folder (see the module's docstring)."""
    if folder.suffix == ".md" and folder.is_file():
        return [(folder.stem, folder, False)]
    found: list[tuple[str, Path, bool]] = []
    base = len(os.fspath(folder)) + 1
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        if top[base:].count(os.sep) >= MAX_DEPTH - 1:
            dirs[:] = []
        names = sorted(file for file in files if file.endswith(".md"))
        entry = next((n for n in names if n.lower() == "skill.md"), None) if skill_folders else None
        if entry is not None:
            below = top[base:]
            name = below.replace(os.sep, ":") if below else folder.name
            if len(found) < MAX_COMMANDS:
                found.append((name, Path(top, entry), True))
            continue
        for file in names:
            if len(found) < MAX_COMMANDS:
                path = os.path.join(top, file)
                found.append((path[base:-3].replace(os.sep, ":"), Path(path), False))
    return found


def read_commands(folder: Path, scope: Scope, namespace: str | None = None, *,
                  dialect: str | None = None, scalar_text: bool = False,
                  skill_folders: bool = False) -> list[Command]:
    """The commands below ``folder`` that the agent offers to the model (a file it cannot
    read, or a command with ``disable-model-invocation: true``, is left out; a skill with it
    is kept, not ``offered``). ``dialect``: the
    parser dialect the agent reads them with, as it reads its skills (Claude Code's cuts the
    frontmatter at the next ``---`` and reads a repeated key's last value); ``scalar_text``:
    a description YAML reads as a number or boolean is its JavaScript text (``1.50`` is
    ``1.5``), as for the agent's skills (conformance case copilot-commands);
    ``skill_folders``: see :func:`command_files`."""
    from skillctl.dialects import js_scalar, verdict
    from skillctl.parse import parse_file

    commands: list[Command] = []
    for name, path, is_skill in command_files(folder, skill_folders=skill_folders):
        parsed = parse_file(path)
        if parsed.text is None:
            continue
        data, body = parsed.data, parsed.body
        if dialect is not None:
            seen = verdict(dialect, parsed)
            data = seen.data if seen.accepted and seen.data is not None else {}
            body = seen.body if seen.body is not None else body
        offered = data.get("disable-model-invocation") is not True
        if not offered and not is_skill:
            continue
        raw = data.get("description")
        if scalar_text and isinstance(raw, int | float):  # (a bool is an int)
            raw = js_scalar(raw)
        description = (raw if isinstance(raw, str) and raw.strip()
                       else body_first_line(body) or _NO_DESCRIPTION)
        shown = f"{namespace}:{name}" if namespace else name
        commands.append(Command(shown, description, path, scope, namespace, is_skill, folder,
                                offered))
    return commands
