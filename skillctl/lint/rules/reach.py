"""``agent-unreachable``: a skill in an agent's skills folder that the agent never loads.

The verdict is discovery's (:func:`skillctl.discovery.discover`, what ``skillctl list``
shows): this module only finds the project and root a skill sits in, then asks discovery for
that project; it holds no second model of any agent.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from skillctl.lint.context import AcrossContext
from skillctl.lint.registry import Finding, rule
from skillctl.model import Severity

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile
    from skillctl.discovery import ParseCache, Resolution, SkillView
    from skillctl.model import Skill


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _project_of(profile: Profile, skill_dir: Path, home: Path, env: Mapping[str, str],
                cwd: Path) -> Path | None:
    """The project directory from which one of the agent's roots holds ``skill_dir``: the
    nearest ancestor ``D`` whose ``{project}`` root (as the profile spells it) contains the
    skill, or the working directory for a root that does not depend on the project (the
    user's); None when no root of the agent holds the skill."""
    from skillctl.discovery import expand_template, workspace_dir

    real = os.path.realpath(skill_dir)
    texts = {str(skill_dir), real}
    for root in profile.roots:
        if "{project}" in root.template:
            continue
        for place in expand_template(root.template, cwd, home, env):
            if any(_inside(t, str(place)) for t in texts):
                return cwd
    for directory in (skill_dir, *skill_dir.parents):
        # an agent with its own workspace (OpenClaw) applies {project} roots to it, not to
        # the folder it is started in: a project's skills/ is not one of its folders
        base = workspace_dir(profile, directory, home, env)
        for root in profile.roots:
            if "{project}" not in root.template:
                continue
            for place in expand_template(root.template, base, home, env):
                if any(_inside(t, str(place)) for t in texts):
                    return directory
    return None


def _best_view(resolution: Resolution, real: str, cache: ParseCache) -> SkillView | None:
    """The agent's best view of the file at ``real`` (a loaded one if there is one)."""
    views = [v for v in resolution.views if cache.real(v.path) == real]
    if not views:
        return None
    loaded = [v for v in views if v.loaded]
    return loaded[0] if loaded else views[0]


@rule("agent-unreachable", Severity.ERROR, kind="across", needs_agent=True, category="agent")
def agent_unreachable(ctx: AcrossContext) -> Iterator[tuple[Skill | Path, Finding]]:
    """A skill sits in a skills folder of an agent chosen with `--agent`, and that agent never
    loads it from there.

    Each agent looks only so deep below its roots, follows symbolic links or not, skips dot
    folders and some names; a skill placed where its agent does not look is silently never
    offered. The verdict is discovery's, the one `skillctl list --all` shows (status
    `hidden` with its reason). A name or frontmatter the agent rejects is reported by
    `name-agent` and `parser-divergence`; a skill outside every root of the agent (a source
    tree to be installed) is not reported. Runs only with `--agent`.

    Fails (`--agent claude-code`): `.claude/skills/debugging/root-cause-tracing/SKILL.md`
    (Claude Code loads `.claude/skills/<name>/SKILL.md`, one level deep).

    Passes: `.claude/skills/root-cause-tracing/SKILL.md`.

    Matters for the agents chosen with `--agent`.
    """
    from skillctl.discovery import ParseCache, Status, discover

    if not ctx.profiles or not ctx.skills:
        return
    env = os.environ
    home = Path(env.get("HOME") or Path.home())
    cwd = Path(os.getcwd())
    cache = ParseCache()
    resolutions: dict[tuple[str, Path], Resolution] = {}
    for skill in ctx.skills:
        skill_dir = Path(os.path.abspath(skill.dir))
        real = os.path.realpath(skill.entry)
        for profile in ctx.profiles:
            project = _project_of(profile, skill_dir, home, env, cwd)
            if project is None:
                continue
            key = (profile.id, project)
            resolution = resolutions.get(key)
            if resolution is None:
                resolution = resolutions[key] = discover(profile, project, home, env,
                                                         cache=cache)
            view = _best_view(resolution, real, cache)
            if view is None:
                yield skill, Finding(
                    f"{profile.display_name} does not find this skill: it sits in one of its "
                    "skills folders, but its scan never reaches the file",
                    hint="run `skillctl list --all` to see what the agent finds",
                )
            elif view.status is Status.HIDDEN and not view.loaded:
                yield skill, Finding(
                    f"{profile.display_name} never loads this skill: {view.reason}",
                    hint=f"move it to where {profile.display_name} looks "
                    "(`skillctl agents` lists its roots)",
                )
