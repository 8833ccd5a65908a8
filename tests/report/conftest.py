"""Shared pieces for the report tests: a hand-built lint report and golden-file checks."""

from __future__ import annotations

import io
import os
from pathlib import Path

from skillctl.lint.result import FixRecord, LintReport, RuleInfo, SkillResult
from skillctl.model import Diagnostic, Severity

GOLDEN = Path(__file__).parent / "golden"
#: Set SKILLCTL_UPDATE_GOLDEN=1 to rewrite the golden files from the current output.
UPDATE = bool(os.environ.get("SKILLCTL_UPDATE_GOLDEN"))

RULES = (
    RuleInfo(
        id="name-case",
        default_severity=Severity.ERROR,
        summary="The name must be lowercase.",
        doc="The name must be lowercase.\n\nAgents compare names exactly.\n\n"
        "Failing:\n\n```yaml\nname: PDF\n```\n\nPassing:\n\n```yaml\nname: pdf\n```",
        source="spec",
        fixable=False,
        category="spec",
    ),
    RuleInfo(
        id="yaml-colon",
        default_severity=Severity.WARNING,
        summary="An unquoted `: ` inside a plain value.",
        doc="An unquoted `: ` inside a plain value.\n\nStrict parsers drop the skill.",
        agents=("codex", "opencode"),
        source="skillctl",
        fixable=True,
        category="agent",
    ),
    RuleInfo(
        id="body-tokens",
        default_severity=Severity.INFO,
        summary="The body is long (estimated tokens).",
        doc="The body is long (estimated tokens).",
        category="content",
    ),
)


def sample_report(*, diff: str = "") -> LintReport:
    """A report exercising every feature a format has to show.

    Two skills (one clean), findings of each severity, a hint over two lines, a message
    with the characters GitHub and XML escape, non-ASCII text, a fix, and a finding in
    ``extra`` that belongs to a skill plus one that belongs to none.
    """
    pdf = "skills/pdf/SKILL.md"
    results = (
        SkillResult(
            path=pdf,
            dir="skills/pdf",
            name="PDF",
            diagnostics=(
                Diagnostic(pdf, 2, 7, "name-case", 'name "PDF" must be lowercase',
                           Severity.ERROR, hint='rename it to "pdf"'),
                Diagnostic(pdf, 3, 14, "yaml-colon",
                           "description: unquoted ': ' at 50%, strict parsers <drop> it & more",
                           Severity.WARNING, fixable=True,
                           hint="quote the value\nor use a block scalar (>-)"),
                Diagnostic(pdf, 9, 1, "body-tokens", "body is ~6000 tokens — ünïcödé",
                           Severity.INFO),
            ),
        ),
        SkillResult(path="skills/clean/SKILL.md", dir="skills/clean", name="clean"),
    )
    extra = (
        Diagnostic(pdf, 2, 7, "duplicate-name", 'name "PDF" is also used by skills/x',
                   Severity.ERROR),
        Diagnostic("skills/broken", 1, 1, "missing-skill-md", "no SKILL.md in skills/broken",
                   Severity.ERROR),
    )
    fixes = (FixRecord(pdf, "yaml-colon", "quoted the description"),)
    return LintReport(results=results, extra=extra, fixes=fixes, diff=diff, rules=RULES)


def render(fmt: str, report: LintReport, *, color: bool | None = None) -> str:
    """Run a format into a string."""
    from skillctl.report.lint_output import write_lint_report

    stream = io.StringIO()
    write_lint_report(report, fmt, stream, color=color)
    return stream.getvalue()


def check_golden(name: str, actual: str) -> None:
    """Compare with ``golden/<name>`` (or rewrite it when SKILLCTL_UPDATE_GOLDEN is set)."""
    path = GOLDEN / name
    if UPDATE or not path.exists():
        path.write_text(actual, encoding="utf-8", newline="\n")
        if not UPDATE:
            raise AssertionError(f"golden file {path} was missing and has been written")
    assert actual == path.read_text(encoding="utf-8")
