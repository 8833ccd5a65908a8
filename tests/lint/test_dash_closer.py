"""A closing ``---`` that a Markdown formatter made a longer run of dashes (a setext underline).

Rebuilt from joshsoftware/ai-assistant-skills ``flutter/skills/caching/SKILL.md`` (twenty-fourth
sample, docs/rule-precision.md): line 5 under ``description:`` is 130 dashes, a horizontal rule
further down is the first ``---``. The error used to point at "could not find expected ':'" on
line 7; it points at the line that was meant to close the frontmatter now.
"""

from __future__ import annotations

from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.rules.file import dashes_for_closer


def _findings(skill: Path, rule: str) -> list[tuple[int, str, str | None]]:
    report = lint_paths(LintOptions(paths=(skill,), use_cache=False, select=(rule,)))
    return [(d.line, d.message, d.hint) for d in report.diagnostics if d.rule == rule]


def _skill(tmp_path: Path, text: str) -> Path:
    skill = tmp_path / "caching"
    skill.mkdir()
    (skill / "SKILL.md").write_text(text, encoding="utf-8")
    return skill


_REAL = (
    "---\n\nname: caching\ndescription: Implement cache-first repositories, offline support,"
    " TTL management, cache invalidation\n" + "-" * 130 + "\n\n# Flutter Caching Standards\n\n"
    "## When to use\n\nUse this skill when implementing:\n\n- offline support\n\n---\n\n"
    "## Rules\n"
)


def test_yaml_syntax_points_at_the_dash_line(tmp_path: Path) -> None:
    [(line, message, hint)] = _findings(_skill(tmp_path, _REAL), "yaml-syntax")
    assert line == 5
    assert "line 5 is a run of 130 dashes, not '---'" in message
    assert "gives up at line 7" in message
    assert hint == "make line 5 exactly '---'"


def test_unclosed_frontmatter_names_the_dash_line(tmp_path: Path) -> None:
    text = _REAL.replace("\n---\n\n## Rules", "\n## Rules")  # no later '---' at all
    [(line, message, hint)] = _findings(_skill(tmp_path, text), "unclosed-frontmatter")
    assert line == 5
    assert "line 5 is a run of 130 dashes" in message
    assert hint == "make line 5 exactly '---'"


def test_a_crlf_dash_line_counts(tmp_path: Path) -> None:
    text = _REAL.replace("\n", "\r\n")
    assert [line for line, _, _ in _findings(_skill(tmp_path, text), "yaml-syntax")] == [5]


def test_other_yaml_errors_keep_their_place(tmp_path: Path) -> None:
    # the parser gives up before the dash run: the run is not the cause
    text = "---\nname: caching\ndescription: [unclosed\nlicense: MIT\n-----\n---\nbody\n"
    [(line, message, hint)] = _findings(_skill(tmp_path, text), "yaml-syntax")
    assert line != 5 and "dashes" not in message and hint is None


def test_dashes_inside_a_block_scalar_or_after_the_closer_are_not_a_closer() -> None:
    indented = "---\nname: a\ndescription: |\n  -----\n  text\n---\nbody\n"
    assert dashes_for_closer(indented) is None
    after = "---\nname: a\ndescription: b\n---\n\n-----\n"
    assert dashes_for_closer(after) is None
    three_only = "---\nname: a\n--\n"
    assert dashes_for_closer(three_only) is None
    assert dashes_for_closer("---\nname: a\n----  \nbody\n") == (3, 4)
    assert dashes_for_closer("---\nname: a\n----\n", before_line=3) is None


def test_a_well_closed_skill_with_a_rule_in_its_body_is_clean(tmp_path: Path) -> None:
    text = "---\nname: caching\ndescription: Caches things. Use when caching.\n---\n\n" + (
        "-" * 80 + "\n\nbody\n")
    skill = _skill(tmp_path, text)
    assert _findings(skill, "yaml-syntax") == []
    assert _findings(skill, "unclosed-frontmatter") == []
