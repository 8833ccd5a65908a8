"""Golden cases: every rule has failing and passing skills on disk under tests/data/rules/.

Layout: ``tests/data/rules/<rule-id>/{fail,pass}/<case>/`` is a skill directory (or a tree of
skills for cross-skill rules). A ``skillctl.toml`` in the case configures the run (agents,
options). Fail cases have ``expected.json``: ``{"diagnostics": [{"rule", "line", "file"?}]}``
where ``file`` is relative to the case (default: its SKILL.md); the rule under test must
report exactly those (file, line) pairs. Pass cases must not trigger the rule at all.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.registry import all_rules

DATA = Path(__file__).resolve().parent.parent / "data" / "rules"

#: Rules whose cases cannot live in git (a FIFO, a 1 MB file, 200 skills, an unreadable
#: folder): each is tested in tests/lint/test_special_rules.py instead (fix-failed: in
#: tests/hostile/test_fix.py).
BUILT_AT_TEST_TIME = {
    "unreadable": "a FIFO named SKILL.md",
    "file-too-large": "a SKILL.md over 1,000,000 bytes",
    "scan-problem": "a symlink loop / dangling link in the tree",
    "agent-skill-cap": "more skills in one folder than OpenClaw loads",
    "fix-failed": "a --fix run that must write through a link out of the tree",
}


def _cases(kind: str) -> list[Path]:
    if not DATA.is_dir():
        return []
    return sorted(p for p in DATA.glob(f"*/{kind}/*") if p.is_dir())


def _lint(case: Path) -> list[tuple[str, str, int]]:
    config = case / "skillctl.toml"
    report = lint_paths(
        LintOptions(
            paths=(case,), config_path=config if config.is_file() else None, use_cache=False
        )
    )
    found = []
    for diag in report.diagnostics:
        rel = os.path.relpath(diag.path, case)
        found.append((diag.rule, Path(rel).as_posix(), diag.line))
    return found


@pytest.mark.parametrize("case", _cases("fail"), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_fail_case_reports_expected_findings(case: Path) -> None:
    rule_id = case.parent.parent.name
    expected_data = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    entry = (
        "skill.md"
        if (case / "skill.md").is_file() and not (case / "SKILL.md").is_file()
        else "SKILL.md"
    )
    expected = sorted(
        (d["rule"], d.get("file", entry), d["line"]) for d in expected_data["diagnostics"]
    )
    rules = {rule for rule, _, _ in expected} | {rule_id}
    found = sorted(f for f in _lint(case) if f[0] in rules)
    assert found == expected


@pytest.mark.parametrize("case", _cases("pass"), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_pass_case_does_not_trigger_its_rule(case: Path) -> None:
    rule_id = case.parent.parent.name
    found = [f for f in _lint(case) if f[0] == rule_id]
    assert found == []


@pytest.mark.parametrize("info", all_rules(), ids=lambda r: r.id)
def test_every_rule_is_documented_and_has_golden_cases(info: object) -> None:
    from skillctl.lint.result import RuleInfo

    assert isinstance(info, RuleInfo)
    assert info.summary, f"{info.id}: no docstring"
    assert "Fails" in info.doc and "Passes" in info.doc, f"{info.id}: needs both examples"
    assert "Matters for" in info.doc, f"{info.id}: say which agents it matters for"
    if info.id in BUILT_AT_TEST_TIME:
        return
    assert list((DATA / info.id / "fail").glob("*/expected.json")), f"{info.id}: no fail case"
    assert [p for p in (DATA / info.id / "pass").glob("*") if p.is_dir()], (
        f"{info.id}: no pass case"
    )


def test_golden_case_folders_name_real_rules() -> None:
    ids = {r.id for r in all_rules()}
    assert {p.name for p in DATA.iterdir() if p.is_dir()} <= ids
