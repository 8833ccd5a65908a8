"""Agent profiles: one module per agent, each exposing ``PROFILE``.

The registry maps an agent id to the module that defines it, so that looking up one agent
imports only that module.
"""

from __future__ import annotations

import importlib

from skillctl.agents.profile import Profile
from skillctl.errors import UsageError

#: agent id -> module name in this package, in the order agents are shown.
AGENT_MODULES: dict[str, str] = {
    "claude-code": "claude_code",
    "opencode": "opencode",
    "opencode-agent-skills": "opencode_agent_skills",
    "codex": "codex",
    "amp": "amp",
    "openclaw": "openclaw",
    "gemini-cli": "gemini_cli",
    "copilot": "copilot",
    "copilot-cli": "copilot_cli",
    "cursor": "cursor",
    "goose": "goose",
    "agentskills": "agentskills",
}


def agent_ids() -> list[str]:
    """Every known agent id, in display order."""
    return list(AGENT_MODULES)


def get_profile(agent_id: str) -> Profile:
    """The profile of one agent; an unknown id is a usage error naming the known ones."""
    module = AGENT_MODULES.get(agent_id)
    if module is None:
        import difflib  # only for a mistake

        close = difflib.get_close_matches(agent_id, list(AGENT_MODULES), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        known = ", ".join(AGENT_MODULES)
        raise UsageError(f"unknown agent {agent_id!r}{hint} (known agents: {known})")
    profile = importlib.import_module(f"skillctl.agents.{module}").PROFILE
    assert isinstance(profile, Profile)
    return profile


def all_profiles() -> list[Profile]:
    """Every profile, in display order."""
    return [get_profile(agent_id) for agent_id in AGENT_MODULES]
