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
#: Parent directories visited when a root walks up from the current directory.
MAX_WALK_UP = 32


def complete_agent(incomplete: str) -> list[str]:
    """Agent ids starting with ``incomplete`` (``claude-code``, ``codex``, ...)."""
    try:
        from skillctl.agents import agent_ids

        return [agent for agent in agent_ids() if agent.startswith(incomplete)]
    except Exception:  # completion must never break the shell
        return []


def complete_rule(incomplete: str) -> list[str]:
    """Lint rule ids starting with ``incomplete``."""
    try:
        return sorted(rule for rule in _rule_ids() if rule.startswith(incomplete))
    except Exception:  # completion must never break the shell
        return []


def complete_skill(incomplete: str) -> list[str]:
    """Skill names (directory names) below the current directory's agent roots.

    Looks at every agent's project roots (walking up to the git root when the agent does)
    and its user roots, one level deep: a directory counts when it holds ``SKILL.md`` (or
    ``skill.md``). Directory names only, no file is read.
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
    """Candidate skill roots for ``cwd`` from every agent profile, nearest project first."""
    from skillctl.agents import all_profiles

    home = Path.home()
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    projects = list(_project_dirs(cwd))
    seen: set[Path] = set()
    for profile in all_profiles():
        for root in profile.roots:
            template = root.template
            if "{project}" in template:
                walks = str(root.walk) != "none"
                bases = projects if walks else projects[:1]
                paths = [Path(template.replace("{project}", str(base))) for base in bases]
            else:
                paths = [Path(template.replace("{home}", str(home)).replace("{config}",
                                                                           str(config)))]
            for path in paths:
                if "{" in str(path) or path in seen:
                    continue
                seen.add(path)
                yield path


def _project_dirs(cwd: Path) -> Iterator[Path]:
    """``cwd`` and its parents up to the nearest one with ``.git`` (or only ``cwd``)."""
    chain = [cwd, *list(cwd.parents)[:MAX_WALK_UP]]
    for index, directory in enumerate(chain):
        if (directory / ".git").exists():
            yield from chain[: index + 1]
            return
    yield cwd


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
