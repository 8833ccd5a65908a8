"""What the tests rebuilt from hand samples (docs/rule-precision.md) ask of a lint run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths

MakeSkill = Callable[..., Path]


def found(skill: Path, rule: str) -> dict[tuple[str, int], str]:
    """``rule``'s findings on ``skill``, run alone: (file name, line) -> severity."""
    report = lint_paths(LintOptions(paths=(skill,), use_cache=False, select=(rule,)))
    return {(Path(d.path).name, d.line): d.severity.value for d in report.diagnostics
            if d.rule == rule}
