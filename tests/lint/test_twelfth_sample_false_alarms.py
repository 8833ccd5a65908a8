"""False alarms of the twelfth hand sample of lint errors (issue 16, docs/rule-precision.md
"Twelfth sample"), rebuilt from the shape of the lines that raised them (paraphrased where a
collection states no licence)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]

_PYTHON = "#!/usr/bin/env python3\nprint(1)\n"


def _lint(path: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=(path,), use_cache=False)).diagnostics)


def test_a_path_in_an_aside_names_the_script(make_skill: MakeSkill) -> None:
    # eworthing/agent-skills (MIT) contest-refactor, scripts of mode 644:
    # references/validation.md:229 "Mechanical: `check_g47_execution_evidence`
    # (scripts/_artifact_attestation.py).", a Python comment "# line 307
    # (scripts/_schema_compat_selftest.py asserts" and a JSON description "… must be
    # registered in cases[]; scripts/_reviewer_baseline_selftest.py enforces this …". The
    # skill runs none of them directly. A subshell after a shell keyword, a path with its
    # options in parentheses and a data file's command value still run the script.
    skill = make_skill("contest", body="# Contest\n\nRun `python3 scripts/validate.py`.\n")
    put(skill, "references/validation.md",
        "## G47\n\nMechanical: `check_g47_execution_evidence` (scripts/attestation.py).\n",
        0o644)
    put(skill, "scripts/snapshots.py",
        "#!/usr/bin/env python3\n# Kept in step with line 307 (scripts/compat_selftest.py "
        "asserts\n# the same shape).\n", 0o755)
    put(skill, "evals/baseline.json", json.dumps({
        "schema_version": 2,
        "description": "Every evals/cases/<id>/ dir must be registered in cases[]; "
                       "scripts/baseline_selftest.py enforces this mechanically."}, indent=2),
        0o644)
    put(skill, "scripts/run-all.sh",
        "#!/bin/bash\nif (./scripts/keyword.py); then echo ok; fi\n", 0o755)
    put(skill, "references/usage.md", "Then check the tree (scripts/options.py --all).\n",
        0o644)
    put(skill, "hooks.json", json.dumps({"description": "checks",
                                         "command": "cd x; scripts/hooked.py"}, indent=2), 0o644)
    for name in ("validate", "attestation", "compat_selftest", "baseline_selftest", "keyword",
                 "options", "hooked"):
        put(skill, f"scripts/{name}.py", _PYTHON, 0o644)
    found = {Path(d.path).name: d.severity.value for d in _lint(skill)
             if d.rule == "script-not-executable"}
    assert found == {  # (validate.py runs through python3: no finding)
        "attestation.py": "warning", "compat_selftest.py": "warning",
        "baseline_selftest.py": "warning",
        "keyword.py": "error", "options.py": "error", "hooked.py": "error",
    }


def test_frontmatter_shown_in_a_code_block_is_no_frontmatter(tmp_path: Path) -> None:
    # kazuyaegusa/claude-skills (no licence; paraphrased): notes saved as SKILL.md open with a
    # heading, and a plain code block further down shows an agent definition's frontmatter
    # ("---", "name: security-auditor", "model: opus", "---"). The file has no frontmatter;
    # lint took the example for its own, pushed down by leading text, and then asked to
    # rename the folder after the example's name.
    skill = tmp_path / "routing-notes"
    put(skill, "SKILL.md", "# Routing models by cost\n\nNotes on choosing a model per agent.\n\n"
        "## Example\n\n```\n---\nname: security-auditor\ndescription: Reviews code.\n"
        "model: opus\n---\nYou review code for security.\n```\n", 0o644)
    rules = {d.rule for d in _lint(skill)}
    assert "no-frontmatter" in rules
    assert not rules & {"leading-content", "name-dir-mismatch"}
    # a real frontmatter block pushed down by a title is still leading content
    pushed = tmp_path / "pushed"
    put(pushed, "SKILL.md", "# Title\n\n---\nname: pushed\ndescription: Does things. Use when "
        "asked.\n---\nBody.\n", 0o644)
    assert "leading-content" in {d.rule for d in _lint(pushed)}
    # and so is one that a generator wrapped whole in a fence ("````markdown", then "---"):
    # grahama1970/agent-skills consume-book
    wrapped = tmp_path / "wrapped"
    put(wrapped, "SKILL.md", "````markdown\n---\nname: wrapped\ndescription: Does things. "
        "Use when asked.\n---\n# Wrapped\n````\n", 0o644)
    assert "leading-content" in {d.rule for d in _lint(wrapped)}
