"""Rules that look at several skills at once, or at an agent's per-skill limits."""

from __future__ import annotations

import os
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from skillctl import plugins
from skillctl.agents.profile import Profile, Winner
from skillctl.lint.context import AcrossContext, SkillContext, every_profile
from skillctl.lint.registry import Finding, rule
from skillctl.lint.rules.name import normalized_name, resolved_dir_name
from skillctl.model import Severity, Skill
from skillctl.scan import child_folders

_WINNER_TEXT = {
    Winner.FIRST: "keeps the first one it finds",
    Winner.LAST: "keeps the last one it finds",
    Winner.NONE: "loads both (no dedup)",
    Winner.UNDEFINED: "picks one in an undefined order",
    Winner.RANDOM: "picks one at random each time it starts",
}


def _key(skill: Skill, known: plugins.FolderNamespaces) -> str:
    """The name as agents invoke it: a plugin's skill is ``<plugin>:<name>`` (issue 14 §4)."""
    name = unicodedata.normalize("NFKC", skill.name.strip())
    found = ((skill.namespace, None) if skill.namespace
             else plugins.namespace_of(skill.dir, known))
    return f"{found[0]}:{name}" if found else name


def _pos(skill: Skill) -> tuple[int, int]:
    fm = skill.parsed.frontmatter
    if fm is not None and "name" in fm.data:
        p = fm.value_position("name")
        return p.line, p.column
    return 1, 1


def winners_text(profiles: tuple[Profile, ...] | list[Profile]) -> str:
    """'Claude Code, Amp keep the first one ...; Codex loads both' from profile data."""
    groups: dict[Winner, list[str]] = defaultdict(list)
    for profile in profiles:
        groups[profile.winner].append(profile.display_name)
    parts = [f"{', '.join(names)}: {_WINNER_TEXT[w]}" for w, names in groups.items()]
    return "; ".join(parts)


@rule("duplicate-name", Severity.WARNING, kind="across", category="agent")
def duplicate_name(ctx: AcrossContext) -> Iterator[tuple[Skill | Path, Finding]]:
    """Two linted skills share a name; agents keep one of them (or both) without saying so.

    Shadowing is silent: which copy wins depends on each agent's precedence and walk order
    ("winner depends on walk order", AltimateAI/altimate-code#1276). The message says what
    each agent does with duplicates (first-wins, last-wins, both, undefined), from the agent
    profiles; `skillctl list --agent X` shows the actual winner in X's roots.

    A skill inside a plugin (a folder above it holds `.claude-plugin/plugin.json`) is invoked
    as `<plugin>:<name>`, so it never clashes with a plain skill of the same name.

    Fails: `a/pdf/SKILL.md` and `b/pdf/SKILL.md` both with `name: pdf`.
    Passes: `name: pdf` and `name: pdf-forms`; `pdf/SKILL.md` and
    `tools/skills/pdf/SKILL.md` with `tools/.claude-plugin/plugin.json` (`tools:pdf`).

    Matters for every agent.
    """
    groups: dict[str, list[Skill]] = defaultdict(list)
    known: plugins.FolderNamespaces = {}  # each folder's manifest, asked once for the run
    for skill in ctx.skills:
        groups[_key(skill, known)].append(skill)
    profiles = ctx.profiles or every_profile()
    behaviour = winners_text(list(profiles))
    for name, skills in sorted(groups.items()):
        if len(skills) < 2:
            continue
        entries = [str(s.entry) for s in skills]  # each once, not once for every copy
        for at, skill in enumerate(skills):
            others = ", ".join(entries[:at] + entries[at + 1 :])
            line, column = _pos(skill)
            yield (
                skill,
                Finding(
                    f"skill name {name!r} is also used by {others}. {behaviour}",
                    line,
                    column,
                    hint="rename one of them",
                ),
            )


@rule("name-builtin", Severity.ERROR, needs_agent=True, category="agent")
def name_builtin(ctx: SkillContext) -> Iterator[Finding]:
    """The skill's invocation name collides with a built-in command of a chosen agent.

    A skill named like a built-in slash command (`/batch`, `/review`, `/init` in Claude Code)
    cannot be invoked by its name, often with a misleading error
    (anthropics/claude-code#36010). Claude Code invokes skills by directory name. A skill
    inside a plugin (a folder above it holds `.claude-plugin/plugin.json`) is invoked as
    `<plugin>:<name>` and never collides. Runs only with `--agent`.

    Fails (`--agent claude-code`): `skills/compact/SKILL.md`.
    Passes: `skills/compact-notes/SKILL.md`; `tools/skills/compact/SKILL.md` with
    `tools/.claude-plugin/plugin.json` (`/tools:compact`).

    Matters for the agents chosen with `--agent`.
    """
    profiles = [profile for profile in ctx.profiles if profile.builtin_commands]
    if not profiles:
        return
    if ctx.skill.namespace or plugins.namespace_of(ctx.skill.dir):
        return  # a plugin's skill: invoked as <plugin>:<name>, never a built-in
    declared = ctx.computed(normalized_name)
    dir_name = resolved_dir_name(ctx.dir)
    for profile in profiles:
        invoked = dir_name if profile.name_source == "dir-name" else (declared or dir_name)
        if invoked in profile.builtin_commands:
            line = ctx.value_pos("name").line if declared else 1
            yield Finding(
                f"'/{invoked}' is a built-in command of {profile.display_name}: the skill cannot "
                "be invoked by that name",
                line,
            )


def _past_folder_caps(profile: Profile, folder: str, skills: list[Skill]) -> dict[str, str]:
    """Why each skill of ``folder`` whose own folder comes past one of the agent's walk caps
    is never found, by the skill folder's name (for a folder deeper than the root, more may
    be missed: the caps count from the root)."""
    label = profile.display_name
    if profile.max_child_folders is not None:
        taken = profile.max_child_folders
        names = child_folders(folder, frozenset({"node_modules"}))
        why = (f"{label} looks at only the first {taken:,} folders of a folder (by name); "
               f"this folder has {len(names):,}, and this skill's comes later")
    elif profile.max_folders_walked is not None:
        taken = profile.max_folders_walked - 1  # the root is the first folder walked
        names = child_folders(folder)
        why = (f"{label} walks at most {profile.max_folders_walked:,} folders of a root "
               f"(breadth first, by name); this folder has {len(names):,}, and this "
               "skill's comes later")
    else:
        return {}
    wanted = {skill.dir.name for skill in skills}
    return {name: why for name in names[taken:] if name in wanted}


@rule("agent-skill-cap", Severity.WARNING, kind="across", needs_agent=True, category="agent")
def agent_skill_cap(ctx: AcrossContext) -> Iterator[tuple[Skill | Path, Finding]]:
    """A skills folder holds more skills, or more folders, than a chosen agent takes from one
    place.

    OpenClaw loads at most 200 skills per root and looks at only the first 300 folders of
    each folder (by name, folders without a SKILL.md counted); Codex walks at most 2,000
    folders of a root, breadth first by name. Skills past a cap are silently missing, and
    the caps are reached by whole collections copied into one skills folder. Runs only
    with `--agent`; a skill inside one of the agent's own roots is judged where it sits by
    `agent-unreachable`.

    Fails (`--agent openclaw`): 250 skills in one `skills/` folder; 320 folders in one
    folder, 20 of them skills named after the others.
    Passes: 150 skills among 250 folders.

    Matters for the agents chosen with `--agent`.
    """
    folders: dict[str, list[Skill]] = defaultdict(list)
    for skill in ctx.skills:
        folders[os.path.realpath(skill.dir.parent)].append(skill)
    for profile in ctx.profiles:
        cap = profile.max_skills_per_root
        walked = profile.max_child_folders or profile.max_folders_walked
        if not cap and not walked:
            continue
        for folder, skills in sorted(folders.items()):
            past = _past_folder_caps(profile, folder, skills) if walked else {}
            over = (sorted(skills, key=lambda s: str(s.dir))[cap:]
                    if cap and len(skills) > cap else [])
            for skill in skills:
                if skill.dir.name in past:
                    yield skill, Finding(past[skill.dir.name])
            for skill in over:
                if skill.dir.name not in past:
                    yield (
                        skill,
                        Finding(
                            f"{profile.display_name} loads at most {cap} skills per root; this "
                            f"folder has {len(skills)}, so some are not loaded"
                        ),
                    )
