"""Cases for a SKILL.md that is a symbolic link to a file elsewhere (issue 16).

A repository keeps its agent definitions in one folder and links each one in as a skill:
``.gemini/skills/reviewer/SKILL.md -> ../../../agents-src/reviewer.md``. The body's relative
links (``references/guide.md``) then exist beside the link's target, not in the skill folder.
Which of the two folders the agent gives the model decides whether those links work, and so
whether ``broken-reference`` is right to report them: every catalog that carries a location
(Gemini CLI, OpenCode, OpenClaw, Codex) is compared byte for byte with ``skillctl render``, so
these cases pin the location each agent gives. Measured with the pinned versions: Claude Code
(its Skill tool's "Base directory for this skill"), Gemini CLI and OpenCode give the skill
folder, the link's own folder; Codex does not load a linked SKILL.md at all.
"""

from __future__ import annotations

from pathlib import Path

from conformance.cases import CaseBuilder, make, skill, tree
from conformance.model import Case

CASES: dict[str, CaseBuilder] = {}

#: skill name -> the root (inside the project) its linked folder sits in
_ROOTS = {
    "linked-claude": ".claude/skills",
    "linked-agents": ".agents/skills",
    "linked-gemini": ".gemini/skills",
    "linked-opencode": ".opencode/skills",
    "linked-workspace": "skills",  # OpenClaw's workspace skills (the workspace is the project)
}
_BODY = "Read [the guide](references/guide.md) before reviewing.\n"


def _case(builder: CaseBuilder) -> CaseBuilder:
    CASES[builder.__name__.strip("_").replace("_", "-")] = builder
    return builder


def _linked_entries(base: Path, source_folder: str) -> tuple[Path, Path, dict[str, str]]:
    """A project whose roots each hold one skill folder with a linked SKILL.md; the files
    it links to (and the ``references/guide.md`` beside them) are in ``source_folder``,
    relative to ``base``."""
    home, project = tree(base)
    sources = base / source_folder
    (sources / "references").mkdir(parents=True)
    (sources / "references" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    for name, root in _ROOTS.items():
        source = skill(sources, name=name, entry=f"{name}.md", body=_BODY)
        folder = project / root / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").symlink_to(source)
    return home, project, {"OPENCLAW_WORKSPACE_DIR": str(project)}


@_case
def _linked_skillmd_in_project(base: Path) -> Case:
    home, project, env = _linked_entries(base, "work/project/agents-src")
    return make("linked-skillmd-in-project", base, home, project,
                "SKILL.md files linked to agent definitions in another folder of the project "
                "(their references/ beside the targets): the location each catalog gives",
                env=env)


@_case
def _linked_skillmd_outside(base: Path) -> Case:
    home, project, env = _linked_entries(base, "store/agents")
    return make("linked-skillmd-outside", base, home, project,
                "SKILL.md files linked to files outside the project (their references/ beside "
                "the targets): the location each catalog gives", env=env)
