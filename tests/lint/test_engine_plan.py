"""The engine's per-configuration rule plan: severities worked out once per configuration,
rules that find nothing cost no diagnostic work, a rule that raises reports an internal error
instead of its findings (per skill and across skills). Real skills on disk."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from skillctl.lint import engine, registry
from skillctl.lint.config import resolve_config
from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.registry import Finding, RegisteredRule
from skillctl.model import Severity


def _replace_check(
    monkeypatch: pytest.MonkeyPatch, rule_id: str, check: Callable[..., Iterator[Any]]
) -> None:
    registry.registered()
    old = registry._RULES[rule_id]
    monkeypatch.setitem(
        registry._RULES, rule_id, RegisteredRule(old.info, check, old.kind, old.needs_agent)
    )
    engine._rules_of_kind.cache_clear()
    engine._plan.cache_clear()


@pytest.fixture(autouse=True)
def _fresh_plans() -> Iterator[None]:
    engine._rules_of_kind.cache_clear()
    engine._plan.cache_clear()
    yield
    engine._rules_of_kind.cache_clear()
    engine._plan.cache_clear()


def _diagnostics(paths: Sequence[Path]) -> list[tuple[str, str, str, Severity]]:
    report = lint_paths(LintOptions(paths=tuple(paths), use_cache=False))
    return [(Path(d.path).name, d.rule, d.message, d.severity) for d in report.diagnostics]


def test_a_rule_that_raises_reports_only_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, make_skill: Callable[..., Path]
) -> None:
    def half_then_boom(ctx: object) -> Iterator[Finding]:
        yield Finding("found before the bug")
        raise RuntimeError("boom")

    _replace_check(monkeypatch, "body-too-long", half_then_boom)
    skill = make_skill("fine")
    assert _diagnostics([skill]) == [
        (
            "SKILL.md",
            "body-too-long",
            "internal error in rule body-too-long: RuntimeError: boom (please report it)",
            Severity.ERROR,
        )
    ]


def test_a_cross_skill_rule_that_raises_reports_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, make_skill: Callable[..., Path]
) -> None:
    def boom(ctx: object) -> Iterator[tuple[Path, Finding]]:
        if ctx is not None:
            raise KeyError("k")
        yield from ()  # a generator, as every rule is

    _replace_check(monkeypatch, "duplicate-name", boom)
    skill = make_skill("fine")
    assert _diagnostics([skill.parent]) == [
        (
            "",  # the path "." (the run, not a skill)
            "duplicate-name",
            "internal error in rule duplicate-name: KeyError: 'k' (please report it)",
            Severity.ERROR,
        )
    ]


def test_configured_severities_apply_to_both_kinds_of_rule(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    root = tmp_path / "skills"
    make_skill("one", "name: twin\ndescription: Does things. Use when asked.\n", root=root)
    make_skill("two", "name: twin\ndescription: Does things. Use when asked.\n", root=root)
    found = {(name, rule): sev for name, rule, _, sev in _diagnostics([root])}
    assert found[("SKILL.md", "duplicate-name")] is Severity.WARNING
    assert found[("SKILL.md", "name-dir-mismatch")] is Severity.ERROR
    (tmp_path / "skillctl.toml").write_text(
        '[severity]\nduplicate-name = "info"\nname-dir-mismatch = "warning"\n'
    )
    found = {(name, rule): sev for name, rule, _, sev in _diagnostics([root])}
    assert found[("SKILL.md", "duplicate-name")] is Severity.INFO
    assert found[("SKILL.md", "name-dir-mismatch")] is Severity.WARNING


def test_the_plan_is_worked_out_once_per_configuration(tmp_path: Path) -> None:
    config = resolve_config(start=tmp_path)
    plan = engine._plan(config, "skill")
    assert engine._plan(config, "skill") is plan
    assert [p.id for p in plan] == [
        r.info.id for r in engine._rules_of_kind(config, "skill")
    ]
    assert all(p.forced is None for p in plan)
    stricter = resolve_config(start=tmp_path, strict=True)
    assert engine._plan(stricter, "skill") is not plan
