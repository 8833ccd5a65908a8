"""Cases for the description an agent makes up for a skill without one (Claude Code and the
GitHub Copilot CLI take it from the body), run against those two agents only."""

from __future__ import annotations

from pathlib import Path

from conformance.cases import CaseBuilder, make, skill, tree
from conformance.drivers import DRIVER_MODULES
from conformance.model import Case

CASES: dict[str, CaseBuilder] = {}
_OTHERS = {agent: "only Claude Code and the Copilot CLI make up a description"
           for agent in DRIVER_MODULES if agent not in ("claude-code", "copilot-cli")}

_BODIES = {
    "two-lines": "# Title\n\nLine one of the paragraph\nline two of the paragraph.\n\nNext.\n",
    "long-line": "# Title\n\n" + "word " * 40 + "end.\n",
    "sub-heading": "## Sub heading\n### Deeper\n\nText under the headings.\n",
    "list-first": "# Title\n\n- a list item\n- another\n\nThen prose.\n",
    "hash-inside": "#Not a heading without a space\n\nProse.\n",
    "hash-only": "#\n\nAfter a bare hash.\n",
    "long-body": "".join(f"Line {n} of a long body, with enough words to fill it up.\n"
                         for n in range(40)),
}


def _case(builder: CaseBuilder) -> CaseBuilder:
    CASES[builder.__name__.strip("_").replace("_", "-")] = builder
    return builder


@_case
def _description_from_body(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".github/skills"):
        tag = root.split("/")[0].strip(".")
        for name, body in _BODIES.items():
            skill(project / root / f"{name}-{tag}", description=None, body=body)
    return make("description-from-body", base, home, project,
                "no description: bodies of several shapes stand in", skip=_OTHERS)
