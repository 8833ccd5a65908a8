"""``scaffold-placeholder`` strips the body's lines only when a placeholder line is somewhere
in the body; the findings equal stripping every line."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.lint.config import resolve_config
from skillctl.lint.context import SkillContext
from skillctl.lint.rules.placeholders import _scaffold, scaffold_placeholder
from skillctl.model import Skill
from skillctl.parse import parse_text

_LINES = sorted(_scaffold("pdf-tools")[1])
_PIECES = st.sampled_from([*_LINES, *(f"  {line}\t" for line in _LINES),
                           _LINES[0][:-1], "text", "", "```", "# Title"])


@given(st.lists(_PIECES, max_size=8))
@settings(max_examples=300, deadline=None, derandomize=True)
def test_body_findings_equal_stripping_every_line(lines: list[str]) -> None:
    text = "---\nname: pdf-tools\ndescription: Fills PDF forms.\n---\n" + "\n".join(lines)
    skill = Skill(dir=Path("pdf-tools"), entry=Path("pdf-tools/SKILL.md"),
                  parsed=parse_text(Path("pdf-tools/SKILL.md"), text))
    config = resolve_config(start=Path("."), config_path=None, agents=(), select=(),
                            ignore=(), strict=False)
    ctx = SkillContext(skill, config)
    left = [(no, line) for no, line in ctx.body_lines() if line.strip() in _scaffold(
        "pdf-tools")[1]]
    findings = [(f.line, f.message) for f in scaffold_placeholder(ctx)]
    if left:
        assert len(findings) == 1 and findings[0][0] == left[0][0]
        assert f"{len(left)} line" in findings[0][1]
    else:
        assert findings == []


@given(st.sampled_from(["pdf-tools", "a", "x" * 64, "Bad_Name", "-x", "skill-2", "é-tools",
                        "users", "describe"]))
@settings(max_examples=50, deadline=None, derandomize=True)
def test_what_the_rule_reads_without_the_name_is_the_same_for_every_name(name: str) -> None:
    """The rule plans the scaffold for a skill's name only when an extra file is there: the
    rest must not depend on the name (a scaffold that puts it in a body line breaks this)."""
    from skillctl.lint.rules import placeholders

    description, lines, extra = _scaffold(name)
    assert description.startswith(placeholders.DESCRIPTION_START)
    assert lines == placeholders._placeholder_lines()
    assert {relpath for relpath, _ in extra} == placeholders._extra_paths()
