"""Cases about what only Claude Code does: its bundled skills and commands in the catalog,
``when_to_use``, display names, and skills in folders below the working directory."""

from __future__ import annotations

from pathlib import Path

from conformance.cases import CaseBuilder, make, skill, tree
from conformance.model import Case

CASES: dict[str, CaseBuilder] = {}


def _case(builder: CaseBuilder) -> CaseBuilder:
    CASES["cc-" + builder.__name__.strip("_").replace("_", "-")] = builder
    return builder


@_case
def _shadow_bundled(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/dataviz", description="My own charts.")
    skill(project / ".claude/skills/init", description="My own init.")
    skill(home / ".claude/skills/verify", description="My own verify.")
    skill(home / ".claude/skills/simplify", description="My hidden simplify.",
          extra="disable-model-invocation: true")
    return make("cc-shadow-bundled", base, home, project,
                "skills named like Claude Code's bundled skills and commands")


@_case
def _when_to_use(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/with-when", description="Does a thing.",
          extra="when_to_use: When the user asks for the thing.")
    skill(project / ".claude/skills/only-when", description=None,
          extra="when_to_use: Only a when_to_use.", body="# Heading line\n\nBody.\n")
    skill(project / ".claude/skills/shown-name", name="Shown_Name",
          description="A declared name that differs.")
    return make("cc-when-to-use", base, home, project,
                "when_to_use joins the description; a declared name is shown beside")


@_case
def _nested_below_cwd(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/top")
    skill(project / "apps/web/.claude/skills/deploy")
    skill(project / "apps/web/.claude/skills/top", description="The nested copy of top.")
    return make("cc-nested-below-cwd", base, home, project,
                "a .claude/skills folder below the working directory (directory-scoped)")


@_case
def _user_and_project_order(base: Path) -> Case:
    home, project = tree(base)
    for name in ("b-user", "a-user", "Z-user"):
        skill(home / ".claude/skills" / name)
    for name in ("b-proj", "a-proj", "Z-proj", "_proj"):
        skill(project / ".claude/skills" / name)
    sub = project / "pkg"
    sub.mkdir()
    skill(sub / ".claude/skills/a-sub")
    return make("cc-user-and-project-order", base, home, sub,
                "catalog order across user, project and a nearer project folder")


@_case
def _description_whitespace(base: Path) -> Case:
    home, project = tree(base)
    skills = project / ".claude/skills"
    skill(skills / "spaces", description='"two  spaces,\\ttab,  trailing  "')
    skill(skills / "literal", description="|\n  line one\n\n    indented two\n  three\n")
    skill(skills / "crlf-desc", description='"one\\r\\ntwo\\rthree"')
    skill(skills / "markup", description='"<b>bold</b> &amp; &lt;x&gt; \\"q\\" \'s"')
    return make("cc-description-whitespace", base, home, project,
                "spaces, tabs, blank lines, CR and markup in descriptions")


@_case
def _budget(base: Path) -> Case:
    home, project = tree(base)
    for i in range(40):
        skill(project / ".claude/skills" / f"big-{i:02d}",
              description=f"Big skill {i}: " + "consectetur adipiscing elit " * 40)
    return make("cc-budget", base, home, project,
                "40 skills with 1,100-character descriptions: past any listing budget")
