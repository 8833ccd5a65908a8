"""False alarms of the eighth hand sample of lint errors (issue 16, docs/rule-precision.md
"Eighth sample"), rebuilt from the shape of the lines that raised them:
oaustegard/claude-skills (MIT)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic, Severity
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(root: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=(root,), use_cache=False)).diagnostics)


def test_a_list_of_changed_files_names_the_script(make_skill: MakeSkill) -> None:
    # oaustegard searching-codebases: the change log lists the files a release touched,
    # "- searching-codebases/scripts/search.py"; SKILL.md runs it with python3
    skill = make_skill("searching", body="# Search\n\n```bash\npython3 $SKILL_DIR/scripts/"
                       "search.py ./repo \"query\"\n```\n")
    put(skill, "CHANGELOG.md", "## 1.0.0\n\n### Other\n\n- searching/scripts/search.py\n"
        "* searching/scripts/context.py\n1. searching/SKILL.md\n", 0o644)
    put(skill, "notes.md", "Steps:\n\n- scripts/run.sh --all\n", 0o644)
    put(skill, "scripts/search.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    put(skill, "scripts/context.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    put(skill, "scripts/run.sh", "#!/bin/sh\necho hi\n", 0o644)
    errors = [Path(d.path).name for d in _lint(skill)
              if d.rule == "script-not-executable" and d.severity is Severity.ERROR]
    assert errors == ["run.sh"]  # a list item that runs it with arguments still does
