"""False alarms of the seventh hand sample of lint errors (issue 16, docs/rule-precision.md
"Seventh sample"), rebuilt from the shape of the lines that raised them: takusaotome/
claude-skills-library (MIT) and AgentWorkers/skills (a mirror of openclaw/skills; its
lines are paraphrased)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(root: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=(root,), use_cache=False)).diagnostics)


def test_a_path_in_an_html_comment_is_a_note(make_skill: MakeSkill) -> None:
    # takusaotome ai-text-humanizer: a report template's comment says, in Japanese, that the
    # script formats the report itself; SKILL.md runs it with python3
    skill = make_skill("humanizer", body="# Humanizer\n\n```bash\npython3 scripts/detect.py "
                       "in.md --output report.md\n```\n")
    put(skill, "assets/template.md", "<!--\nTemplate notes:\n  scripts/detect.py は独自の"
        "format_report()でレポートを生成するため、\n-->\n# Report\n\n  scripts/run.sh --go\n",
        0o644)
    put(skill, "scripts/detect.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    put(skill, "scripts/run.sh", "#!/bin/sh\necho hi\n", 0o644)
    found = {Path(d.path).name: d.severity.value for d in _lint(skill)
             if d.rule == "script-not-executable"}
    assert found == {"run.sh": "error"}  # after the comment, a command line again


def test_a_modules_notes_inside_a_skill_are_no_skill(tmp_path: Path,
                                                    make_skill: MakeSkill) -> None:
    # AgentWorkers scholargraph: each module folder of the skill holds its notes as a
    # lowercase skill.md without frontmatter; the skill's SKILL.md lists the modules
    skill = make_skill("scholargraph", body="# ScholarGraph\n\n```\nconcept-learner/  # a "
                       "module\n```\n")
    put(skill, "concept-learner/skill.md", "# Concept Learner Skill\n\nNotes.\n", 0o644)
    loose = tmp_path / "loose"
    put(loose, "skill.md", "# Loose\n\nA skill without frontmatter.\n", 0o644)
    errors = sorted((d.rule, Path(d.path).parent.name) for d in _lint(tmp_path)
                    if d.severity.value == "error")
    assert errors == [("no-frontmatter", "loose"), ("skill-md-case", "loose")]


def test_a_flow_mapping_quoted_by_the_retry_is_the_colons_finding(tmp_path: Path,
                                                                  make_skill: MakeSkill) -> None:
    # AgentWorkers nori-health: a colon in the description makes Claude Code's retry quote
    # every risky value, so the metadata's flow mapping becomes a string there
    make_skill("nori", "name: nori\ndescription: Health insights. NOT for: diagnosis.\n"
               'metadata: {"openclaw":{"requires":{"env":["NORI_API_KEY"]}}}\n')
    make_skill("plain", 'name: plain\ndescription: Plain. Use when asked.\nmetadata: "{x}"\n')
    found = sorted((d.rule, Path(d.path).parent.name) for d in _lint(tmp_path)
                   if d.rule in ("field-type", "yaml-colon"))
    assert found == [("field-type", "plain"), ("yaml-colon", "nori")]
