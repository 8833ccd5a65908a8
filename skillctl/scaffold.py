"""Create a new skill directory that passes lint: ``skillctl new NAME``.

The scaffold is plain data first (:func:`plan` returns the files to write, with their
contents) and a write second (:func:`scaffold`), so tests and ``--dry-run``-style callers can
look at what would be created. Files are written through :mod:`skillctl.fsio` only.

The name rule is the strictest one every agent accepts: the Agent Skills spec's
``a-z``, ``0-9`` and single hyphens (1-64 characters), plus the name rule of each agent the
user picked (read from its profile, never from a branch on the agent id).
"""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skillctl.errors import UsageError

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile

#: The portable name rule: lowercase ASCII letters and digits, single hyphens inside.
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
NAME_MAX = 64
#: The spec's description limit; an agent profile may lower it.
DESCRIPTION_MAX = 1024
NAME_RULE_TEXT = (
    "a skill name is 1-64 characters of lowercase letters a-z, digits 0-9 and single hyphens, "
    "not starting or ending with a hyphen (e.g. 'pdf-tools'); it is also the directory name"
)

SCRIPT_PATH = "scripts/example.py"
REFERENCE_PATH = "references/REFERENCE.md"


@dataclass(frozen=True, slots=True)
class ScaffoldOptions:
    """What ``skillctl new`` was asked to create."""

    name: str
    parent: Path  # the directory that receives NAME/
    agents: tuple[str, ...] = ()
    scripts: bool = False
    references: bool = False
    description: str | None = None


@dataclass(frozen=True, slots=True)
class PlannedFile:
    """One file of the scaffold: a path relative to the skill directory, its text and mode."""

    relpath: str
    text: str
    executable: bool = False


@dataclass(frozen=True, slots=True)
class Scaffolded:
    """The result of :func:`scaffold`: the new skill directory and the files written in it."""

    directory: Path
    files: tuple[Path, ...]
    notes: tuple[str, ...] = ()


def name_problems(name: str, agents: Sequence[str] = ()) -> list[str]:
    """Why ``name`` cannot be a new skill's name (empty when it can).

    Checks the portable rule, then each chosen agent's own ``name_rule`` (pattern and length)
    from its profile. Unknown agent ids raise :class:`~skillctl.errors.UsageError`.
    """
    problems: list[str] = []
    if not name:
        return ["the name is empty"]
    if "/" in name or "\\" in name or name in {".", ".."}:
        return [f"{name!r} is a path, not a name (use --dir to choose where it goes)"]
    if len(name) > NAME_MAX:
        problems.append(f"{name!r} is {len(name)} characters long (at most {NAME_MAX})")
    if name != name.lower():
        problems.append(f"{name!r} has uppercase letters")
    if name.startswith("-") or name.endswith("-"):
        problems.append(f"{name!r} starts or ends with a hyphen")
    if "--" in name:
        problems.append(f"{name!r} has consecutive hyphens")
    bad = sorted({c for c in name if not (c.isascii() and (c.isalnum() or c == "-"))})
    if bad:
        shown = " ".join(repr(c) for c in bad)
        problems.append(f"{name!r} has characters outside a-z, 0-9 and '-': {shown}")
    if not problems and not NAME_PATTERN.fullmatch(name):  # pragma: no cover - belt and braces
        problems.append(f"{name!r} does not match {NAME_PATTERN.pattern}")
    if problems:
        return problems
    for profile in _profiles(agents):
        rule = profile.name_rule
        if rule.pattern is not None and not re.fullmatch(rule.pattern, name):
            problems.append(f"{profile.id} requires names matching {rule.pattern}")
        if rule.max_length is not None and len(name) > rule.max_length:
            problems.append(f"{profile.id} allows at most {rule.max_length} characters")
        if name in profile.builtin_commands:
            problems.append(f"{name!r} is a built-in command of {profile.id}")
    return problems


def description_for(name: str, description: str | None, agents: Sequence[str] = ()) -> str:
    """The description to write: the user's (checked) or a "<what>. Use when <when>." template."""
    if description is None:
        words = name.replace("-", " ")
        return (
            f"Describe in one sentence what {words} does for the user. "
            f"Use when the user asks about {words} or mentions {name}."
        )
    text = " ".join(description.split())
    if not text:
        raise UsageError("--description is empty: say what the skill does and when to use it")
    limit = min(
        [DESCRIPTION_MAX]
        + [p.description_max for p in _profiles(agents) if p.description_max is not None]
    )
    if len(text) > limit:
        raise UsageError(f"--description is {len(text)} characters long (at most {limit})")
    if "<" in text or ">" in text:
        raise UsageError("--description must not contain '<' or '>' (agents show it inside XML)")
    return text


def yaml_scalar(text: str) -> str:
    """``text`` as a YAML scalar every agent's parser reads back unchanged.

    A plain scalar when nothing in it means something to YAML (or to the line parsers some
    agents use), otherwise a double-quoted JSON string, which is valid YAML 1.2.
    """
    risky = re.compile(r"""^[\s\-?:,\[\]{}#&*!|>'"%@`]|: |\s#|[:\s]$|[\x00-\x1f\\]""")
    reserved = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"}
    looks_numeric = re.fullmatch(r"[-+.\d][\d._eE+-]*", text) is not None
    if text and not risky.search(text) and text.lower() not in reserved and not looks_numeric:
        return text
    return json.dumps(text, ensure_ascii=False)


def plan(options: ScaffoldOptions) -> list[PlannedFile]:
    """The files of a new skill, in write order; raises ``UsageError`` for a bad name."""
    problems = name_problems(options.name, options.agents)
    if problems:
        raise UsageError(
            f"invalid skill name {options.name!r}: " + "; ".join(problems) + f" ({NAME_RULE_TEXT})"
        )
    description = description_for(options.name, options.description, options.agents)
    files = [PlannedFile("SKILL.md", _skill_md(options, description))]
    if options.scripts:
        files.append(PlannedFile(SCRIPT_PATH, _example_script(options.name), executable=True))
    if options.references:
        files.append(PlannedFile(REFERENCE_PATH, _reference(options.name)))
    return files


def scaffold(options: ScaffoldOptions) -> Scaffolded:
    """Create ``options.parent/options.name`` with the planned files.

    Refuses (``UsageError``, exit 2) an invalid name and a directory or file that already
    exists; the parent directory is created when missing. Nothing is overwritten.
    """
    files = plan(options)
    directory = options.parent / options.name
    if directory.exists() or directory.is_symlink():
        kind = "directory" if directory.is_dir() else "file"
        raise UsageError(f"{directory}: a {kind} with that name already exists; not touched")
    created = _make_parents(options.parent)
    # Everything is written into a hidden folder beside the new one, which is renamed into
    # place at the end: a failure half-way (a full disk) leaves nothing behind, so a retry
    # does not find an empty folder that "already exists".
    import shutil
    import tempfile

    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{options.name}.", suffix=".skillctl-new",
                                        dir=options.parent))
    except OSError as exc:
        _remove_empty(created)
        raise UsageError(f"{directory}: cannot create: {exc.strerror or exc}") from None
    written: list[Path] = []
    try:
        os.chmod(staging, 0o777 & ~_umask())
        for planned in files:
            path = staging / planned.relpath
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(planned.text, encoding="utf-8", newline="")
            if planned.executable:
                os.chmod(path, 0o755)
            written.append(directory / planned.relpath)
        if directory.exists() or directory.is_symlink():
            raise FileExistsError(errno.EEXIST, "created by someone else meanwhile")
        os.rename(staging, directory)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        _remove_empty(created)
        raise UsageError(f"{directory}: cannot create: {exc.strerror or exc}; nothing was "
                         "left behind") from None
    return Scaffolded(directory, tuple(written), tuple(placement_notes(options)))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _make_parents(parent: Path) -> list[Path]:
    """Create ``parent`` and its missing ancestors; return the folders created, deepest
    first (removed again when the scaffold fails)."""
    missing: list[Path] = []
    current = parent
    while not current.exists() and current != current.parent:
        missing.append(current)
        current = current.parent
    try:
        for folder in reversed(missing):
            os.mkdir(folder)
    except OSError as exc:
        _remove_empty(missing)
        raise UsageError(f"{parent}: cannot create: {exc.strerror or exc}") from None
    return missing


def _remove_empty(folders: list[Path]) -> None:
    for folder in folders:  # deepest first
        try:
            os.rmdir(folder)
        except OSError:
            return


def placement_notes(options: ScaffoldOptions) -> list[str]:
    """Hints when the new skill's parent is not a project root a chosen agent scans.

    The roots come from discovery's expansion of each profile (walk-up, ``{a,b}``
    alternatives); the hint names the agent's project skill directories.
    """
    if not options.agents:
        return []
    from skillctl.discovery import root_places

    notes: list[str] = []
    parent = Path(os.path.abspath(options.parent))
    cwd = Path(os.getcwd())
    for profile in _profiles(options.agents):
        places = [p.path for p in root_places(profile, cwd, Path.home(), os.environ)
                  if p.root is not None and "{project}" in p.root.template]
        if not places or any(Path(os.path.abspath(place)) == parent for place in places):
            continue
        nearest = [place for place in places if cwd in place.parents] or places
        where = ", ".join(f"{os.path.relpath(place, cwd)}/" for place in dict.fromkeys(nearest))
        notes.append(f"{profile.id} looks for project skills in {where}; "
                     "move the skill there or use --dir")
    return notes


def _profiles(agents: Sequence[str]) -> list[Profile]:
    """The profiles of ``agents`` (duplicates dropped), imported only when asked for."""
    if not agents:
        return []
    from skillctl.agents import get_profile

    return [get_profile(agent) for agent in dict.fromkeys(agents)]


def _title(name: str) -> str:
    return " ".join(part.capitalize() for part in name.split("-"))


def _skill_md(options: ScaffoldOptions, description: str) -> str:
    title = _title(options.name)
    lines = [
        "---",
        f"name: {options.name}",
        f"description: {yaml_scalar(description)}",
        "---",
        "",
        f"# {title}",
        "",
        "## When to use",
        "",
        "Describe the requests and situations this skill is for. The description above is what",
        "the agent reads before deciding to load this file: keep it to what the skill does and",
        "when to use it.",
        "",
        "## Instructions",
        "",
        "1. Describe the first step.",
        "2. Describe the next step.",
        "3. Say what the result should look like.",
        "",
    ]
    if options.scripts:
        lines += [
            "## Scripts",
            "",
            f"Run [{SCRIPT_PATH}]({SCRIPT_PATH}) from the skill directory; it prints its usage",
            "with `--help`, writes results to stdout and errors to stderr, and never prompts:",
            "",
            "```bash",
            f"python3 {SCRIPT_PATH} --help",
            "```",
            "",
        ]
    if options.references:
        lines += [
            "## References",
            "",
            f"Read [{REFERENCE_PATH}]({REFERENCE_PATH}) only when the details are needed.",
            "",
        ]
    lines += [
        "## Examples",
        "",
        "- A request this skill handles, and what to do with it.",
        "",
    ]
    return "\n".join(lines)


def _example_script(name: str) -> str:
    return f'''#!/usr/bin/env python3
# /// script
# requires-python = ">=3.11"
# dependencies = []
# ///
"""Example script of the {name} skill: replace it with the real work.

Non-interactive: arguments in, results on stdout, errors on stderr, exit status 0 on success.
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and do the work."""
    parser = argparse.ArgumentParser(
        prog="{SCRIPT_PATH}",
        description="Example script of the {name} skill.",
    )
    parser.add_argument("items", nargs="*", help="things to process")
    args = parser.parse_args(argv)
    if not args.items:
        print("nothing to do (pass some items)", file=sys.stderr)
        return 1
    for item in args.items:
        print(item)
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


def _reference(name: str) -> str:
    return (
        f"# {_title(name)} reference\n"
        "\n"
        "Details the agent reads only when SKILL.md points here: schemas, long examples,\n"
        "API notes. Keep each reference file focused on one topic.\n"
    )
