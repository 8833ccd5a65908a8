"""False alarms of a fifth hand sample of lint errors, on collections nobody tuned on (issue
16, docs/rule-precision.md "Fifth sample"), each rebuilt from the shape of the lines that
raised it (kouko/monkey-skills, jscraik/Agent-Skills; paraphrased, a line or two each)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _script_severities(skill: Path) -> dict[str, str]:
    found: list[Diagnostic] = list(lint_paths(LintOptions(paths=(skill,), use_cache=False))
                                   .diagnostics)
    return {d.path.rsplit("/", 1)[-1]: d.severity.value for d in found
            if d.rule == "script-not-executable"}


def test_a_path_given_to_another_command_is_not_run_directly(make_skill: MakeSkill) -> None:
    # the script is an argument: copied, made executable, read, or run by an interpreter
    # chosen through a variable; none of these needs the file's exec bit
    body = ("# Wiki\n\n```bash\nPY_RUNNER=\"uv run\"\n"
            "$PY_RUNNER <SKILL_DIR>/assets/freshness_test.py\n"
            "cp \"<SKILL_DIR>/assets/logic_sha.py\" .dbt-wiki/_internal/\n"
            "chmod +x ./scripts/setup.sh && bash ./scripts/setup.sh\n"
            "if [[ ! -f \"$SPEC_DIR/spec_export.py\" ]]; then cat $SPEC_DIR/spec_export.py; fi\n"
            "python3 \"$SPEC_DIR/spec_export.py\"\n```\n")
    skill = make_skill("dbt-wiki", body=body)
    for rel in ("assets/freshness_test.py", "assets/logic_sha.py", "scripts/setup.sh",
                "scripts/spec_export.py"):
        put(skill, rel, "#!/usr/bin/env python3\nprint('hi')\n", 0o644)
    assert "error" not in _script_severities(skill).values()


def test_a_path_that_is_the_command_still_needs_the_exec_bit(make_skill: MakeSkill) -> None:
    body = ("# Tool\n\n```bash\n./scripts/vtd.js --check\nsudo $SKILL_DIR/scripts/fix.sh\n"
            "\"${CLAUDE_SKILL_DIR}/scripts/quoted.sh\" --all\n```\n\n"
            "Then run ./scripts/configure.sh to finish.\n")
    skill = make_skill("tool", body=body)
    for rel in ("scripts/vtd.js", "scripts/fix.sh", "scripts/quoted.sh",
                "scripts/configure.sh"):
        put(skill, rel, "#!/usr/bin/env bash\necho hi\n", 0o644)
    assert _script_severities(skill) == {"vtd.js": "error", "fix.sh": "error",
                                         "quoted.sh": "error", "configure.sh": "error"}
