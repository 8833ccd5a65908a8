"""Cases for the GitHub Copilot CLI's catalog budget: which skills it lists in full and which
only by name ("Additional skills available"), run against the Copilot CLI only."""

from __future__ import annotations

from pathlib import Path

from conformance import cases as shared
from conformance.drivers import DRIVER_MODULES
from conformance.model import Case

CaseBuilder = shared.CaseBuilder
CASES: dict[str, CaseBuilder] = {}
_OTHERS = {agent: "a Copilot CLI case" for agent in DRIVER_MODULES if agent != "copilot-cli"}


def _budget(case_id: str, count: int, words: int, root: str, about: str) -> CaseBuilder:
    def build(base: Path) -> Case:
        home, project = shared.tree(base)
        where = home if root.startswith("~/") else project
        for i in range(count):
            word = f"word{i:02d} "
            shared.skill(where / root.removeprefix("~/") / f"s{i:02d}",
                         description=(word * words).strip())
        return shared.make(case_id, base, home, project, about, skip=_OTHERS)
    build.__name__ = case_id.replace("-", "_")
    CASES[case_id] = build
    return build


_budget("copilot-budget-short-user", 40, 3, "~/.agents/skills",
        "40 personal skills with short descriptions")
_budget("copilot-budget-long-project", 30, 90, ".github/skills",
        "30 project skills with 629-character descriptions")
_budget("copilot-budget-mid-user", 30, 40, "~/.agents/skills",
        "30 personal skills with 279-character descriptions")
