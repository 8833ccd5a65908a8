"""Cases for what OpenCode does its own way (found by running opencode-ai 1.18.33 on real
collections): its catalog is sorted as JavaScript's ``localeCompare`` sorts (ICU's root
collation: ``x_a`` before ``x-a``, every ASCII mark and symbol in its own order, all before
digits and letters), and a location is escaped with its quotes (``&#39;``, ``&quot;``).

They run against every agent like the shared cases (other agents' answers are worth having).
"""

from __future__ import annotations

from pathlib import Path

from conformance import cases as shared
from conformance.model import Case

CaseBuilder = shared.CaseBuilder
CASES: dict[str, CaseBuilder] = {}

#: one name per ASCII mark or symbol (``/`` cannot be in a folder name), with a digit, a
#: letter and its capital: the order of each against the others is what the case pins
_MARKS = " _-,;:!?.'\"()[]{}@*\\&#%`^+<=>|~$"


def _quoted(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_order(base: Path) -> Case:
    home, project = shared.tree(base)
    for name in [f"x{mark}a" for mark in _MARKS] + ["x1", "xa", "xA"]:
        shared.skill(project / ".agents/skills" / name, name=_quoted(name),
                     description="Use when testing the order of names.")
    return shared.make("name-punctuation-order", base, home, project,
                       "names that differ in one mark or symbol: the catalog's order, and "
                       "quotes in a location")


CASES["name-punctuation-order"] = name_order


def identical_retried(base: Path) -> Case:
    # probes of OpenCode 1.18.33 (2026-11-29): gray-matter caches each text before parsing
    # it, so of identical copies of a SKILL.md that js-yaml rejects (an unquoted ': ') and
    # OpenCode's retry reads, one loads at random or none, with no "duplicate" warning; a
    # copy of its own, and identical copies js-yaml reads, load as usual
    home, project = shared.tree(base)
    colon = "---\nname: colon\ndescription: Use when: asked.\n---\nBody.\n"
    for root in (".agents/skills", ".claude/skills"):
        shared.write(project / root / "colon" / "SKILL.md", colon)
        shared.write(project / root / "plain" / "SKILL.md",
                     "---\nname: plain\ndescription: Plain twin.\n---\nBody.\n")
    (project / ".opencode/skills").mkdir(parents=True)
    (project / ".opencode/skills/colon").symlink_to(project / ".agents/skills/colon")
    shared.write(project / ".agents/skills/single/SKILL.md",
                 "---\nname: single\ndescription: Single when: asked.\n---\nBody.\n")
    return shared.make("opencode-identical-retried", base, home, project,
                       "identical copies of a SKILL.md that only OpenCode's retry reads")


CASES["opencode-identical-retried"] = identical_retried
