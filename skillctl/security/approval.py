"""Which agents would run a skill's commands without asking, and what ``allowed-tools`` does.

Read from the profiles' ``allowed_tools`` and ``runs_scripts_without_approval`` fields (see
:class:`~skillctl.agents.profile.Profile`): the security rules and ``skillctl audit`` ask here,
never the agent ids. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile

#: ``allowed-tools`` values an agent may act on (see ``Profile.allowed_tools``).
RESTRICTS = "restricts"
PREAPPROVES = "preapproves"
IGNORED = "ignored"

#: The shell tools whose pre-approval lets a skill's commands run without a prompt.
_SHELL_TOOLS = frozenset({"bash", "shell", "run_shell_command", "exec", "terminal"})
_TOOL = re.compile(r"([A-Za-z_][\w.-]*)(?:\(([^)]*)\))?")


def allowed_tools(value: Any) -> tuple[str, ...]:
    """The entries of an ``allowed-tools`` value (a string split on spaces and commas outside
    parentheses, or a list of strings); anything else gives no entries."""
    if isinstance(value, str):
        items: list[str] = []
        depth = 0
        current = ""
        for ch in value:
            depth += (ch == "(") - (ch == ")")
            if depth <= 0 and (ch.isspace() or ch == ","):
                if current:
                    items.append(current)
                current = ""
                depth = 0
            else:
                current += ch
        if current:
            items.append(current)
        return tuple(items)
    if isinstance(value, list):
        return tuple(item.strip() for item in value if isinstance(item, str) and item.strip())
    return ()


def shell_grants(entries: Iterable[str]) -> tuple[str, ...]:
    """The entries that pre-approve shell commands (``Bash``, ``Bash(git *)``...)."""
    found = []
    for entry in entries:
        match = _TOOL.fullmatch(entry.strip())
        if match and match.group(1).lower() in _SHELL_TOOLS:
            found.append(entry.strip())
    return tuple(found)


def unscoped(grant: str) -> bool:
    """A shell grant that covers every command (``Bash``, ``Bash(*)``, ``Bash(*:*)``)."""
    match = _TOOL.fullmatch(grant.strip())
    return match is not None and (match.group(2) is None or match.group(2).strip() in (
        "", "*", "*:*", ":*"))


@dataclass(frozen=True, slots=True)
class Unasked:
    """An agent that runs a skill's commands without asking, and why."""

    agent: str
    display_name: str
    reason: str
    #: the skill's own ``allowed-tools`` grants it (the skill asks for the power itself)
    granted_by_skill: bool = False
    #: the grant is any command (``Bash``, ``Bash(*)``), not a list of the skill's own
    any_command: bool = False


def unasked_agents(profiles: Sequence[Profile], frontmatter: Any) -> tuple[Unasked, ...]:
    """The agents among ``profiles`` that would run this skill's shell commands (its scripts)
    without asking the user: by default (profile), or because the skill's ``allowed-tools``
    pre-approves a shell in an agent that honours pre-approval."""
    value = frontmatter.get("allowed-tools") if isinstance(frontmatter, Mapping) else None
    grants = shell_grants(allowed_tools(value))
    found = []
    for profile in profiles:
        if profile.allowed_tools == PREAPPROVES and grants:
            anything = any(unscoped(g) for g in grants)
            scope = ("any command" if anything
                     else "the commands " + ", ".join(grants) + " allow")
            found.append(Unasked(profile.id, profile.display_name,
                                 f"allowed-tools pre-approves {scope}", granted_by_skill=True,
                                 any_command=anything))
        elif profile.runs_scripts_without_approval:
            found.append(Unasked(profile.id, profile.display_name,
                                 "runs shell commands without asking by default"))
    return tuple(found)


def not_enforcing(profiles: Sequence[Profile]) -> tuple[Profile, ...]:
    """The agents among ``profiles`` known not to restrict a skill to its ``allowed-tools``."""
    return tuple(p for p in profiles if p.allowed_tools in (PREAPPROVES, IGNORED))
