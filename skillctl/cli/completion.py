"""Shell completion helpers for Typer options (``autocompletion=``).

Every TAB press starts a new skillctl process, so these functions must be cheap: this module
imports only the standard library at module level, each helper imports at most the small
stdlib-only modules it needs, and none parses YAML or walks a tree. A helper never raises:
a completion that fails offers nothing rather than printing a traceback into the shell.

Names taken from the file system are offered only when :func:`shell_safe` (letters, digits and
``._+@-``, not starting with ``-``): the shipped scripts never evaluate what skillctl prints,
and a name made only of these characters needs no quoting in bash, zsh or fish, so a folder
name cannot become code or a second word on the command line (issue 15 item 1).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

#: Directory entries looked at per root when completing skill names.
MAX_ENTRIES_PER_ROOT = 500
#: Longest name offered (longer names are left out rather than cut).
MAX_NAME_LENGTH = 255
#: Characters besides letters and digits that a completed name may hold.
_SAFE_PUNCTUATION = frozenset("._+@-")


def shell_safe(name: str) -> bool:
    """True when ``name`` can be offered to every shell as it is, with no quoting.

    Letters and digits (Unicode ones too, never control, format or space characters) and
    ``. _ + @ -``; not empty, not starting with ``-`` (an option) and at most
    :data:`MAX_NAME_LENGTH` characters. Everything a shell treats specially is left out:
    quotes, backslashes, ``$ ` ! * ? [ ( { ~ # = : ; & | < >``, white space, newlines.
    """
    return (
        0 < len(name) <= MAX_NAME_LENGTH
        and not name.startswith("-")
        and all(ch.isalnum() or ch in _SAFE_PUNCTUATION for ch in name)
    )


def complete_choices(*values: str) -> Callable[[str], list[str]]:
    """A completion function offering the fixed ``values`` (an option's choices, such as
    ``--format``'s) that start with what was typed."""

    def complete(incomplete: str) -> list[str]:
        return [value for value in values if value.startswith(incomplete)]

    return complete


def complete_agent(incomplete: str) -> list[str]:
    """Agent ids starting with ``incomplete`` (``claude-code``, ``codex``, ...)."""
    try:
        from skillctl.agents import agent_ids

        return [agent for agent in agent_ids() if agent.startswith(incomplete)]
    except Exception:  # completion must never break the shell
        return []


def complete_rule(incomplete: str) -> list[str]:
    """Lint rule ids and rule categories starting with ``incomplete``.

    ``--select``/``--ignore`` also take comma-separated lists: after ``a,b,na`` the ids
    starting with ``na`` are offered as ``a,b,<id>``, leaving out ids already in the list.
    """
    try:
        head, comma, tail = incomplete.rpartition(",")
        chosen = set(head.split(",")) if comma else set()
        return sorted(head + comma + rule for rule in _rule_ids()
                      if rule.startswith(tail) and rule not in chosen)
    except Exception:  # completion must never break the shell
        return []


def complete_skill(incomplete: str) -> list[str]:
    """Skill names (directory names) below the current directory's agent roots.

    Looks at every agent's project roots (walking up when the agent does) and its user
    roots, one level deep: a directory counts when it holds ``SKILL.md`` (or ``skill.md``).
    Directory names only: no file is read, nothing is parsed. Names that are not
    :func:`shell_safe` are never offered (type them, quoted, yourself).
    """
    try:
        names = {
            name
            for root in _skill_roots(Path(os.getcwd()))
            for name in _skill_dirs(root)
            if name.startswith(incomplete) and shell_safe(name)
        }
        return sorted(names)
    except Exception:  # completion must never break the shell
        return []


def complete_script(ctx: Any, incomplete: str) -> list[str]:
    """The scripts of the skill named before (``run-script SKILL <TAB>``): their paths
    relative to the skill directory (``scripts/build.sh``), as ``run-script --list`` lists
    them. SKILL is a skill directory, or a name found in the agent roots the way
    :func:`complete_skill` finds it. Paths with a segment that is not :func:`shell_safe`
    are never offered."""
    try:
        from skillctl.scripts import scan_scripts

        skill = (ctx.params or {}).get("skill")
        if not isinstance(skill, str) or not skill:
            return []
        directory = _skill_dir_for(skill)
        if directory is None:
            return []
        found, _ = scan_scripts(directory)
        return sorted(
            info.relpath
            for info in found
            if info.relpath.startswith(incomplete)
            and all(shell_safe(part) for part in info.relpath.split("/"))
        )
    except Exception:  # completion must never break the shell
        return []


def _has_entry(directory: Path) -> bool:
    return os.path.isfile(directory / "SKILL.md") or os.path.isfile(directory / "skill.md")


def _skill_dir_for(skill: str) -> Path | None:
    """The directory of a SKILL argument: a skill directory, else the first agent root
    (in profile order) holding a skill folder of that name; None when there is none."""
    given = Path(skill)
    if given.is_dir() and _has_entry(given):
        return given
    if not shell_safe(skill):
        return None
    for root in _skill_roots(Path(os.getcwd())):
        if _has_entry(root / skill):
            return root / skill
    return None


def _rule_ids() -> Iterable[str]:
    """Every lint rule id and rule category, from the rule registry (imported only when
    asked for): ``--select``/``--ignore`` take both."""
    from skillctl.lint.registry import CATEGORIES, rule_ids

    return [*rule_ids(), *CATEGORIES]


def _skill_roots(cwd: Path) -> Iterator[Path]:
    """Every directory some agent scans from ``cwd``, in profile order, without repeats.

    Uses discovery's own expansion of the profiles' root templates (walk-up, ``{a,b}``
    alternatives, roots switched off by environment variables).
    """
    from skillctl.agents import all_profiles
    from skillctl.discovery import root_places

    home = Path.home()
    seen: set[Path] = set()
    for profile in all_profiles():
        for place in root_places(profile, cwd, home, os.environ):
            if place.path not in seen:
                seen.add(place.path)
                yield place.path


def _skill_dirs(root: Path) -> Iterator[str]:
    """Names of the directories directly below ``root`` that hold a SKILL.md."""
    try:
        with os.scandir(root) as entries:
            for count, entry in enumerate(entries):
                if count >= MAX_ENTRIES_PER_ROOT:
                    return
                if entry.name.startswith(".") or not entry.is_dir():
                    continue
                if os.path.isfile(os.path.join(entry.path, "SKILL.md")) or os.path.isfile(
                    os.path.join(entry.path, "skill.md")
                ):
                    yield entry.name
    except OSError:
        return
