"""The JSON format: version 1 shape, sorted, deterministic, UTF-8."""

from __future__ import annotations

import json

from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from tests.report.conftest import check_golden, render, sample_report


def test_golden() -> None:
    check_golden("sample.json", render("json", sample_report()))


def test_shape() -> None:
    out = render("json", sample_report())
    assert out.endswith("}\n")
    data = json.loads(out)
    assert data["version"] == 1
    assert set(data) == {"version", "diagnostics", "skills", "fixes", "diff", "summary"}
    first = data["diagnostics"][0]
    assert set(first) == {"path", "line", "column", "rule", "severity", "message", "fixable",
                          "hint"}
    assert data["summary"] == {"skills": 2, "errors": 3, "warnings": 1, "info": 1,
                               "fixable": 1, "fixed": 1}
    assert data["fixes"] == [{"path": "skills/pdf/SKILL.md", "rule": "yaml-colon",
                              "description": "quoted the description"}]
    assert [s["path"] for s in data["skills"]] == ["skills/clean/SKILL.md", "skills/pdf/SKILL.md"]


def test_diagnostics_are_sorted_and_include_extra() -> None:
    data = json.loads(render("json", sample_report()))
    keys = [(d["path"], d["line"], d["column"], d["rule"]) for d in data["diagnostics"]]
    assert keys == sorted(keys)
    assert ("skills/broken", 1, 1, "missing-skill-md") in keys
    assert ("skills/pdf/SKILL.md", 2, 7, "duplicate-name") in keys


def test_non_ascii_is_written_as_is() -> None:
    out = render("json", sample_report())
    assert "ünïcödé" in out and "\\u00fc" not in out


def test_order_of_input_does_not_matter() -> None:
    a = Diagnostic("b/SKILL.md", 1, 1, "x", "m", Severity.ERROR)
    b = Diagnostic("a/SKILL.md", 5, 2, "y", "n", Severity.WARNING)
    one = render("json", LintReport(results=(), extra=(a, b)))
    two = render("json", LintReport(results=(), extra=(b, a)))
    assert one == two
