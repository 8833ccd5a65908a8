"""False alarms of the ninth hand sample of lint errors (issue 16, docs/rule-precision.md
"Ninth sample"), rebuilt from the lines that raised them. oyi77/1ai-skills is MIT."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _script_severities(skill: Path) -> dict[str, str]:
    found = lint_paths(LintOptions(paths=(skill,), use_cache=False)).diagnostics
    return {d.path.rsplit("/", 1)[-1]: d.severity.value for d in found
            if d.rule == "script-not-executable"}


def test_a_command_drawn_as_a_step_of_a_flow_chart_is_a_label(make_skill: MakeSkill) -> None:
    # oyi77/1ai-skills core/book-to-skill README.md "How it works": an unlabelled block draws
    # the pipeline with │, ▼ and ├──, one step being "scripts/extract.py <paths…> --mode
    # <technical|text>"; the skill and the README run it as `python3 scripts/extract.py`
    # (SKILL.md names README.md, so the agent reads it: not a maintainers' document)
    body = "# Books\n\nRun `python3 scripts/extract.py --check` first. See README.md.\n"
    skill = make_skill("book-to-skill", body=body)
    chart = ("## How it works\n\n```\nOne file · a folder · a glob\n     │\n     ▼\n"
             "scripts/extract.py <paths…> --mode <technical|text>\n"
             "  per source: PDF → pdftotext · EPUB → ebooklib\n     │\n"
             "     ├── /tmp/work/full_text.txt\n```\n\n"
             # a command in a plain block, then what it prints: still a command line
             "```\n./scripts/setup.sh --all\nOutput:\n├── created a\n└── created b\n```\n\n"
             # a chart with a step run directly, in a skill that never runs it otherwise
             "```\nstart\n  │\n  ▼\nscripts/publish.sh --live\n  │\n  ▼\ndone\n```\n")
    put(skill, "README.md", chart, 0o644)
    for rel in ("scripts/extract.py", "scripts/setup.sh", "scripts/publish.sh"):
        put(skill, rel, "#!/bin/sh\necho hi\n", 0o644)
    assert _script_severities(skill) == {
        # run through python3, drawn as a chart's step: nothing to report
        "setup.sh": "error",  # a command line, its output below it
        "publish.sh": "warning"}  # named in a chart only: the agent picks the command line
