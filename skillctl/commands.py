"""Commands: Markdown files an agent lists in its catalog beside the skills.

Claude Code 2.1.332 (seen running it, conformance case claude-commands) lists every ``.md``
file below ``~/.claude/commands``, the project's ``.claude/commands`` folders (from the working
directory up to the git root) and each enabled plugin's commands folders, named by the path
below the folder with ``:`` between folders (``sub/deep.md`` is ``sub:deep``; a plugin's as
``<plugin>:sub:deep``). The ``name`` field is not read; the description is the
``description`` field, else the first line of the body, else "Custom command";
``disable-model-invocation: true`` keeps one out. What wins a name, and where commands stand
in the catalog, is the catalog's business (:mod:`skillctl.render.catalog`).
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


def command_files(folder: Path) -> list[tuple[str, Path]]:
    """(name, path) of every ``.md`` file below ``folder`` (a folder's files by name, then its
    subfolders by name), its name the path below ``folder`` without ``.md``, ``:`` between
    folders. A ``.md`` file given as
    ``folder`` is one command, named by its stem."""
    if folder.suffix == ".md" and folder.is_file():
        return [(folder.stem, folder)]
    found: list[tuple[str, Path]] = []
    base = len(os.fspath(folder)) + 1
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        if top[base:].count(os.sep) >= MAX_DEPTH - 1:
            dirs[:] = []
        for file in sorted(files):
            if file.endswith(".md") and len(found) < MAX_COMMANDS:
                path = os.path.join(top, file)
                found.append((path[base:-3].replace(os.sep, ":"), Path(path)))
    return found


def read_commands(folder: Path, scope: Scope, namespace: str | None = None, *,
                  dialect: str | None = None, scalar_text: bool = False) -> list[Command]:
    """The commands below ``folder`` that the agent offers to the model (a file it cannot
    read, or one with ``disable-model-invocation: true``, is left out). ``dialect``: the
    parser dialect the agent reads them with, as it reads its skills (Claude Code's cuts the
    frontmatter at the next ``---`` and reads a repeated key's last value); ``scalar_text``:
    a description YAML reads as a number or boolean is its JavaScript text (``1.50`` is
    ``1.5``), as for the agent's skills (conformance case copilot-commands)."""
    from skillctl.dialects import js_scalar, verdict
    from skillctl.parse import parse_file

    commands: list[Command] = []
    for name, path in command_files(folder):
        parsed = parse_file(path)
        if parsed.text is None:
            continue
        data, body = parsed.data, parsed.body
        if dialect is not None:
            seen = verdict(dialect, parsed)
            data = seen.data if seen.accepted and seen.data is not None else {}
            body = seen.body if seen.body is not None else body
        if data.get("disable-model-invocation") is True:
            continue
        raw = data.get("description")
        if scalar_text and isinstance(raw, int | float):  # (a bool is an int)
            raw = js_scalar(raw)
        description = (raw if isinstance(raw, str) and raw.strip()
                       else body_first_line(body) or _NO_DESCRIPTION)
        shown = f"{namespace}:{name}" if namespace else name
        commands.append(Command(shown, description, path, scope, namespace))
    return commands
