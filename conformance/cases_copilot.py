"""Cases for the GitHub Copilot CLI's catalog budget: which skills it lists in full and which
only by name ("Additional skills available"), and where that line of names stops (5,000
characters, then "... and N more"), run against the Copilot CLI only."""

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


def _budget_edge(case_id: str, count: int, about: str) -> CaseBuilder:
    """Skills of 99 characters each (``s0000``, description ``d``): with the line break after
    each, 150 take exactly 15,000 characters, the opening tag not counted (seen on a real
    tree whose block was 15,014 characters with it, and with these: 150 whole, not 149)."""
    def build(base: Path) -> Case:
        home, project = shared.tree(base)
        for i in range(count):
            shared.skill(project / ".claude/skills" / f"s{i:04d}", description="d")
        return shared.make(case_id, base, home, project, about, skip=_OTHERS)
    build.__name__ = case_id.replace("-", "_")
    CASES[case_id] = build
    return build


_budget_edge("copilot-budget-edge", 151, "151 skills of which 150 take exactly 15,000 "
             "characters")


def copilot_depth(base: Path) -> Case:
    # found on a real tree (kaiohenricunha/dotclaude in .agents/skills: a template skill 7
    # folders deep won over a shallower copy): the CLI has no depth limit of its own
    home, project = shared.tree(base)
    for depth in (6, 7, 12, 20):
        parts = [f"d{i}" for i in range(depth - 1)] + [f"depth-{depth:02d}"]
        shared.skill(project / ".agents/skills" / Path(*parts), description=f"At {depth}.")
        parts = [f"u{i}" for i in range(depth - 1)] + [f"user-depth-{depth:02d}"]
        shared.skill(home / ".copilot/skills" / Path(*parts), description=f"User, {depth}.")
    return shared.make("copilot-depth", base, home, project,
                       "skills 6 to 20 folders below a project and a personal root",
                       skip=_OTHERS)


CASES["copilot-depth"] = copilot_depth


def _names_line(case_id: str, longer: int, about: str) -> CaseBuilder:
    """13 skills with 1,000-character descriptions fill most of the budget; 150 skills with
    57-character names follow, so that the names line holds exactly 5,000 characters after
    84 names, or 5,001 when the fifth name of the line is ``longer`` by one."""
    def build(base: Path) -> Case:
        home, project = shared.tree(base)
        root = project / ".claude/skills"
        for i in range(13):
            shared.skill(root / f"aaa-fill-{i:02d}", description=f"Fill {'x' * 990} {i}.")
        for i in range(150):
            name = f"b{i:04d}-" + "y" * (51 + (longer if i == 8 else 0))
            shared.skill(root / name, description=f"Short {i}.")
        return shared.make(case_id, base, home, project, about, skip=_OTHERS)
    build.__name__ = case_id.replace("-", "_")
    CASES[case_id] = build
    return build


_names_line("copilot-names-line", 0, "a names line of exactly 5,000 characters")
_names_line("copilot-names-line-over", 1, "a names line one character over 5,000")


def copilot_name_colons(base: Path) -> Case:
    """Colons in names: the Copilot CLI keeps ``a:b:c`` and ``tail:``, refuses ``:lead`` and
    ``a/b`` (its name rule's first character is a letter or a digit)."""
    home, project = shared.tree(base)
    root = project / ".agents/skills"
    shared.skill(root / "colon-in-name", name='"p:q"')
    shared.skill(root / "c:folder", name="cfolder")
    shared.skill(root / "r:s")
    shared.skill(root / "lead", name='":lead"')
    shared.skill(root / "tail", name='"tail:"')
    shared.skill(root / "two", name='"a:b:c"')
    shared.skill(root / "slash", name='"a/b"')
    return shared.make("copilot-name-colons", base, home, project,
                       "colons and a slash in names and folder names")


CASES["copilot-name-colons"] = copilot_name_colons
