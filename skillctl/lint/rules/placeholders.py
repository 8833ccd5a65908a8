"""``scaffold-placeholder``: text that ``skillctl new`` writes, left unfilled.

The placeholders are read from the scaffold itself (:func:`skillctl.scaffold.plan` for the
skill's name), so the rule follows the scaffold when its wording changes.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.model import Severity

#: A stand-in for a skill whose folder name is not a valid new-skill name: the placeholder
#: lines that do not hold the name still match.
_ANY_NAME = "placeholder-skill"
#: Shorter scaffold lines (a paragraph's last words) are too common to count.
_MIN_LINE = 20


@functools.lru_cache(maxsize=256)
def _scaffold(name: str) -> tuple[str, frozenset[str], tuple[tuple[str, str], ...]]:
    """(placeholder description, placeholder body lines, (relpath, text) of the extra files)
    that ``skillctl new NAME --scripts --references`` writes."""
    from pathlib import Path

    from skillctl.errors import UsageError
    from skillctl.scaffold import ScaffoldOptions, description_for, plan

    try:
        files = plan(ScaffoldOptions(name, Path("."), scripts=True, references=True))
    except UsageError:
        if name == _ANY_NAME:  # pragma: no cover - the stand-in is a valid name
            raise
        return _scaffold(_ANY_NAME)
    skill_md = next(f.text for f in files if f.relpath == "SKILL.md")
    body = skill_md.split("\n---\n", 1)[1]
    prose: list[str] = []
    in_fence = False
    for line in body.split("\n"):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        elif not in_fence and len(line.strip()) >= _MIN_LINE and "`" not in line \
                and "](" not in line and not line.lstrip().startswith("#"):
            prose.append(line.strip())  # (commands and links are real once the files are)
    lines = frozenset(prose)
    extra = tuple((f.relpath, f.text) for f in files if f.relpath != "SKILL.md")
    return description_for(name, None), lines, extra


#: How the description ``skillctl new`` writes starts, whatever the name.
DESCRIPTION_START = "Describe in one sentence what"


@functools.cache
def _placeholder_lines() -> frozenset[str]:
    """The scaffold's placeholder body lines (the same for every name)."""
    return _scaffold(_ANY_NAME)[1]


@functools.cache
def _extra_paths() -> frozenset[str]:
    """Where the scaffold writes its extra files (the same for every name)."""
    return frozenset(relpath for relpath, _ in _scaffold(_ANY_NAME)[2])


@rule("scaffold-placeholder", Severity.ERROR, category="content")
def scaffold_placeholder(ctx: SkillContext) -> Iterator[Finding]:
    """The skill still holds the placeholder text `skillctl new` wrote.

    The description is what an agent reads to decide whether to load the skill: the
    scaffold's "Describe in one sentence what ... does" makes it match nothing (an error).
    Placeholder steps in the body ("Describe the first step.") and the example script or
    reference left as generated are warnings, one per file.

    Fails: a skill made with `skillctl new pdf-tools` and not edited.

    Passes: the same skill with its description and instructions written.

    Matters for every agent.
    """
    # The scaffold for this folder's name is planned only when an extra file it writes is
    # there (22 us a skill, each name a new one): its description starts with
    # DESCRIPTION_START and its body lines hold no name (tests/lint/test_placeholders_fast.py).
    lines = _placeholder_lines()
    findings: list[Finding] = []
    value = ctx.data.get("description")
    if isinstance(value, str) and value.strip().startswith(DESCRIPTION_START):
        pos = ctx.value_pos("description")
        findings.append(Finding(
            "the description is the placeholder `skillctl new` wrote: agents choose skills by "
            "their description",
            pos.line, pos.column,
            hint="say what the skill does and when to use it",
        ))
    body = ctx.parsed.body
    # a body line equal to a placeholder line holds it: one substring search per placeholder
    # line spares stripping every line of the (nearly always edited) body
    left = [(no, line) for no, line in ctx.body_lines() if line.strip() in lines] if any(
        line in body for line in lines) else []
    if left:
        findings.append(Finding(
            f"{len(left)} line{'s' if len(left) > 1 else ''} of the body "
            f"{'are' if len(left) > 1 else 'is'} still the scaffold's placeholder text "
            f"({left[0][1].strip()!r})",
            left[0][0],
            severity=Severity.WARNING,
            hint="replace the placeholder instructions with the real ones",
        ))
    if _extra_paths().isdisjoint(ctx.file_paths):
        return found(*findings) if findings else NO_FINDINGS
    for relpath, text in _scaffold(ctx.dir.name)[2]:
        if relpath not in ctx.file_paths:
            continue
        try:
            data = ctx.read_file(relpath)
        except OSError:
            continue
        if data == text.encode("utf-8"):
            findings.append(Finding(
                f"{relpath} is the example `skillctl new` wrote, unchanged",
                file=relpath,
                severity=Severity.WARNING,
                hint="replace it with the real file or delete it",
            ))
    return found(*findings) if findings else NO_FINDINGS
