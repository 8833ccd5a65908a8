"""One module per real agent, each with ``AGENT`` (a skillctl agent id) and
``observe(case) -> Observation``: start the pinned agent offline in the case's tree and report
what it discovers and the catalog it would put in the prompt.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from conformance.model import Case, Observation

#: skillctl agent id -> driver module, in the order the suite runs them
DRIVER_MODULES: dict[str, str] = {
    "claude-code": "claude_code",
    "opencode": "opencode",
    "opencode-agent-skills": "opencode_agent_skills",
    "codex": "codex",
    "gemini-cli": "gemini_cli",
    "openclaw": "openclaw",
    "copilot-cli": "copilot_cli",
}

#: agents with no offline way to ask them, and why (the suite's report says so)
NOT_RUNNABLE: dict[str, str] = {
    "amp": "Amp's `skill list` needs a login to ampcode.com; nothing runs offline",
    "copilot": "GitHub Copilot in VS Code discovers skills inside the editor, which has no "
               "offline way to ask it (the Copilot CLI is run as copilot-cli)",
    "cursor": "Cursor is closed source and not on npm",
    "goose": "Goose is not distributed on npm",
}


def driver(agent: str) -> ModuleType:
    return importlib.import_module(f"conformance.drivers.{DRIVER_MODULES[agent]}")


def observer(agent: str) -> Callable[[Case], Observation]:
    observe: Callable[[Case], Observation] = driver(agent).observe
    return observe
