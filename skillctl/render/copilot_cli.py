"""GitHub Copilot CLI's ``<available_skills>`` block, as 1.0.102 puts it in the system prompt
(verified against the request it sends, see conformance/drivers/copilot_cli.py).

Each skill is a ``<skill>`` with its name, description and a location that is a word, not a
path: ``project``, ``user``, ``custom`` or ``builtin``. Name and description are XML-escaped, quotes
included (``GitHub's`` is written ``GitHub&apos;s``). The order is the agent's, seen with 1.0.102
(conformance cases walk-up-git, walk-up-no-git, home-is-git-root): project skills found in the
home directory's folders (when the walk reaches it), then those of the working directory's,
then those of every other folder walked, each group sorted by name (byte order); then personal
skills root by root (``~/.copilot/skills`` first), sorted by name; then the skills of the
``$COPILOT_SKILLS_DIRS`` folders (location ``custom``), all sorted by name; then the built-in ones
(a discovered skill of a built-in's name takes its place); then the Markdown files of the
``.claude/commands`` folders, which it reads as skills, grouped and sorted as project skills
are (conformance cases copilot-commands, builtin-named).

Skills are listed whole while their ``<skill>`` elements, each with the line break after it
(the opening ``<available_skills>`` line not counted), take at most 15,000 characters
(``--budget`` sets another); from the first that does not fit, the rest are named on one
line, ``Additional skills available (invoke by name): a, b``, before the closing tag
(conformance cases copilot-budget-*: 150 skills of 99 characters fit, 151 do not; a real tree
whose block was 15,014 characters with its opening line kept its last skill whole; measured
with the default model, claude-sonnet-4.5). Escaped text is counted (``&apos;`` as six).
That line stops at 5,000 characters: the names after the last that fits are only counted,
``... and 24 more`` (found on real collections; case copilot-names-line).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from skillctl.model import Scope
from skillctl.render.types import (
    Budget,
    BudgetRequest,
    CatalogEntry,
    EntryReport,
    EntryStatus,
    RenderedCatalog,
    estimate_tokens,
)

#: skillctl's scope -> the word Copilot writes as ``<location>``
_LOCATION_WORD = {
    Scope.PROJECT: "project",
    Scope.USER: "user",
    Scope.CUSTOM: "custom",
    Scope.SYSTEM: "builtin",
    Scope.BUILTIN: "builtin",
}
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                          "'": "&apos;"})


def _escape(text: str) -> str:
    return text.translate(_ESCAPES)


def _location(entry: CatalogEntry) -> str:
    return _LOCATION_WORD.get(entry.scope, entry.scope.value)


_SCOPE_RANK = {Scope.PROJECT: 0, Scope.USER: 1, Scope.CUSTOM: 2}


def _order(entry: CatalogEntry, user_roots: dict[str, int],
           first_folders: tuple[str, str]) -> tuple[int, int, bytes]:
    """Scope (the skills of a root read after the built-ins last); then for project skills
    the group of the folder their root lies in (the home directory, the working directory,
    any other), for personal skills the root in scan order; then the name in byte order."""
    rank = 4 if entry.after_builtins else _SCOPE_RANK.get(entry.scope, 3)
    group = 0
    if entry.scope is Scope.PROJECT and entry.root is not None:
        # <folder>/.claude/skills, <folder>/.claude/commands
        folder = os.path.realpath(Path(entry.root).parent.parent)
        group = first_folders.index(folder) if folder in first_folders else 2
    elif entry.scope is Scope.USER:
        group = user_roots.get(entry.root or "", 0)
    return rank, group, entry.name.encode("utf-8")


def render(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """The ``<available_skills>`` block (empty text when no skill is listed)."""
    user_roots: dict[str, int] = {}
    for e in entries:
        if e.scope is Scope.USER:
            user_roots.setdefault(e.root or "", len(user_roots))
    first_folders = (os.path.realpath(request.home or Path.home()),
                     os.path.realpath(request.project or Path.cwd()))
    entries = sorted(entries, key=lambda e: _order(e, user_roots, first_folders))
    pieces = [f"<skill>\n  <name>{_escape(e.name)}</name>\n  <description>"
              f"{_escape(e.description)}</description>\n  <location>{_location(e)}"
              "</location>\n</skill>" for e in entries]
    limit = request.budget_chars if request.budget_chars is not None else BUDGET_CHARS
    used = 0  # each skill with the line break after it; the opening tag is not counted
    whole = 0
    while whole < len(pieces) and used + 1 + len(pieces[whole]) <= limit:
        used += 1 + len(pieces[whole])
        whole += 1
    lines = pieces[:whole]
    named = whole
    if whole < len(pieces):
        line = _MORE
        for entry in entries[whole:]:
            name = (", " if named > whole else "") + _escape(entry.name)
            if len(line) + len(name) > MORE_CHARS:
                break
            line += name
            named += 1
        if named < len(entries):
            line += f"... and {len(entries) - named} more"
        lines.append(line)
    text = _OPEN + "\n".join(lines) + "\n</available_skills>" if pieces else ""
    reports = tuple(
        EntryReport(e.name, str(e.path), len(piece), estimate_tokens(len(piece)), None,
                    EntryStatus.WHOLE if index < whole else EntryStatus.NAME_ONLY
                    if index < named else EntryStatus.DROPPED)
        for index, (e, piece) in enumerate(zip(entries, pieces, strict=True)))
    return RenderedCatalog("copilot-cli", text, reports,
                           Budget(limit, "chars", "--budget" if request.budget_chars
                                  is not None else "Copilot CLI 1.0.102's default"))


#: the characters the block may take before the remaining skills are listed by name only
BUDGET_CHARS = 15_000
#: the characters the line of names may take, its opening words included; the names that do
#: not fit are counted, ``... and 24 more`` (1.0.102: 5,000 fits, 5,001 does not; conformance
#: case copilot-names-line)
MORE_CHARS = 5_000
_OPEN = "<available_skills>\n"
_MORE = "Additional skills available (invoke by name): "
