"""Cases for ``skillctl link`` (issue 20): the links and copies skillctl makes, found by the
real agents.

Each case lays out a skill outside every agent's roots (a store folder, as a checkout of a
skills repository would be), then runs skillctl's own ``link`` (the in-process core call, the
same code as the command) for every runnable agent: each real agent must then offer the skill
from its own preferred folder, and skillctl's ``list`` must agree, link or copy.
"""

from __future__ import annotations

from pathlib import Path

from conformance.cases import CaseBuilder, make, skill, tree
from conformance.model import Case
from skillctl.collect import load_skill
from skillctl.manage.link import Places, link

CASES: dict[str, CaseBuilder] = {}

#: the agents the suite runs, each given the skill in its own preferred folder
AGENTS = ("claude-code", "opencode", "opencode-agent-skills", "codex", "gemini-cli", "openclaw")


def _case(builder: CaseBuilder) -> CaseBuilder:
    CASES["link-" + builder.__name__.strip("_").replace("_", "-")] = builder
    return builder


def _linked(base: Path, scope: str, agents: tuple[str, ...] = AGENTS, *,
            copy: bool = False) -> tuple[Path, Path, dict[str, str]]:
    home, project = tree(base)
    # OpenClaw's workspace is the project, so that its project folder lies inside it
    env = {"OPENCLAW_WORKSPACE_DIR": str(project)}
    entry = skill(base / "store" / "shared-tool")
    outcomes = link(load_skill(entry.parent, entry), agents, scope,
                    Places(project, home, env), copy=copy)
    failed = [o for o in outcomes if o.action in ("failed", "refused")]
    if failed:
        raise RuntimeError(f"skillctl link did not link: {failed}")
    return home, project, env


@_case
def _project(base: Path) -> Case:
    home, project, env = _linked(base, "project")
    return make("link-project", base, home, project,
                "skillctl link of a store skill into every agent's project folder", env=env)


@_case
def _user(base: Path) -> Case:
    home, project, env = _linked(base, "user")
    return make("link-user", base, home, project,
                "skillctl link of a store skill into every agent's user folder", env=env)


@_case
def _project_copy(base: Path) -> Case:
    # a copy in .claude/skills and one in .agents/skills: every agent reads one of the two
    # (a copy per agent would clash, and skillctl refuses that without --force)
    home, project, env = _linked(base, "project", ("claude-code", "codex"), copy=True)
    return make("link-project-copy", base, home, project,
                "skillctl link --copy of a store skill into the .claude and .agents folders",
                env=env)
