"""The GitHub Actions format: one workflow command per finding, escaped correctly."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_github import annotation, escape_data, escape_property
from tests.report.conftest import check_golden, render, sample_report


def test_golden() -> None:
    check_golden("sample.github", render("github", sample_report()))


def test_commands_per_severity() -> None:
    lines = render("github", sample_report()).splitlines()
    assert lines[0].startswith("::error file=skills/broken,line=1,col=1,title=missing-skill-md::")
    assert sum(line.startswith("::error ") for line in lines) == 3
    assert sum(line.startswith("::warning ") for line in lines) == 1
    assert sum(line.startswith("::notice ") for line in lines) == 1
    assert lines[-1].startswith("skillctl: 2 skills checked")


def test_escaping_of_data() -> None:
    assert escape_data("50% a\r\nb") == "50%25 a%0D%0Ab"
    # a colon and a comma are fine in the message
    assert escape_data("a: b, c") == "a: b, c"


def test_escaping_of_properties() -> None:
    assert escape_property("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae"


def test_annotation_escapes_path_and_message() -> None:
    d = Diagnostic("odd,dir:x/SKILL.md", 3, 2, "yaml-colon", "bad: value\nnext 100%",
                   Severity.WARNING, hint="quote it")
    assert annotation(d) == (
        "::warning file=odd%2Cdir%3Ax/SKILL.md,line=3,col=2,title=yaml-colon::"
        "bad: value\\nnext 100%25%0Ahint: quote it"
    )  # a line break inside a value is shown as \n: only the hint's own one is %0A


def test_every_line_is_one_line() -> None:
    out = render("github", sample_report())
    for line in out.splitlines():
        assert "\r" not in line


def test_paths_are_workspace_relative(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    absolute = str(tmp_path / "skills" / "a" / "SKILL.md")
    report = LintReport(results=(), extra=(
        Diagnostic(absolute, 1, 1, "x", "m", Severity.ERROR),
        Diagnostic("./skills/b/SKILL.md", 1, 0, "x", "m", Severity.ERROR),
    ))
    lines = render("github", report).splitlines()
    assert lines[0] == "::error file=skills/b/SKILL.md,line=1,col=1,title=x::m"
    assert lines[1] == "::error file=skills/a/SKILL.md,line=1,col=1,title=x::m"
