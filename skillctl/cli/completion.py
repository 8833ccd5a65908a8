"""Shell completion helpers for Typer options (``autocompletion=``).

Every TAB press starts a new skillctl process, so these functions must be cheap: this module
imports only the standard library at module level, each helper imports at most the small
stdlib-only modules it needs, and none parses YAML or walks a tree. A helper never raises:
a completion that fails offers nothing rather than printing a traceback into the shell.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

#: Directory entries looked at per root when completing skill names.
MAX_ENTRIES_PER_ROOT = 500


def complete_agent(incomplete: str) -> list[str]:
    """Agent ids starting with ``incomplete`` (``claude-code``, ``codex``, ...)."""
    try:
        from skillctl.agents import agent_ids

        return [agent for agent in agent_ids() if agent.startswith(incomplete)]
    except Exception:  # completion must never break the shell
        return []


def complete_rule(incomplete: str) -> list[str]:
    """Lint rule ids starting with ``incomplete``.

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
    Directory names only: no file is read, nothing is parsed.
    """
    try:
        names = {
            name
            for root in _skill_roots(Path(os.getcwd()))
            for name in _skill_dirs(root)
            if name.startswith(incomplete)
        }
        return sorted(names)
    except Exception:  # completion must never break the shell
        return []


def _rule_ids() -> Iterable[str]:
    """Every lint rule id, from the rule registry (imported only when asked for)."""
    from skillctl.lint.registry import rule_ids

    return rule_ids()


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
