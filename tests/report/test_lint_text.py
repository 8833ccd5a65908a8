"""The text format: grouping, hints, fixes, summary, and when colour is used."""

from __future__ import annotations

import io
import re

import pytest

from skillctl.lint.result import LintReport, SkillResult
from skillctl.report import lint_text
from skillctl.report.lint_common import use_color
from tests.report.conftest import check_golden, render, sample_report

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class TtyStream(io.StringIO):
    """A StringIO that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_golden_plain() -> None:
    check_golden("sample.txt", render("text", sample_report(), color=False))


def test_golden_with_diff() -> None:
    diff = (
        "--- a/skills/pdf/SKILL.md\n+++ b/skills/pdf/SKILL.md\n"
        "@@ -3 +3 @@\n-a: b: c\n+a: 'b: c'\n"
    )
    out = render("text", sample_report(diff=diff), color=False)
    check_golden("sample-diff.txt", out)
    assert "Would fix:" in out and "Fixed:" not in out
    assert "would fix 1 problem." in out


def test_lines_are_clickable_locations_grouped_by_file() -> None:
    out = render("text", sample_report(), color=False)
    lines = out.splitlines()
    assert 'skills/pdf/SKILL.md:2:7: error   name-case: name "PDF" must be lowercase' in lines
    assert '    hint: rename it to "pdf"' in lines
    # a blank line separates the stray path from the skill's findings
    broken = lines.index(
        "skills/broken:1:1: error   missing-skill-md: no SKILL.md in skills/broken"
    )
    assert lines[broken + 1] == ""
    assert lines[-1].startswith("2 skills checked: 3 errors, 1 warning, 1 info")


def test_clean_run_and_empty_run_say_what_was_checked() -> None:
    clean = LintReport(results=(SkillResult("a/SKILL.md", "a", "a"),))
    assert render("text", clean, color=False) == "1 skill checked: 0 errors, 0 warnings.\n"
    empty = LintReport(results=())
    assert render("text", empty, color=False) == "0 skills checked: 0 errors, 0 warnings.\n"


def test_forced_colour_uses_ansi_and_same_text() -> None:
    report = sample_report()
    coloured = render("text", report, color=True)
    assert "\x1b[" in coloured
    assert ANSI.sub("", coloured) == render("text", report, color=False)


def test_long_lines_are_not_wrapped_in_colour() -> None:
    report = sample_report()
    stream = TtyStream()
    lint_text.write(report, stream, color=True)
    plain = ANSI.sub("", stream.getvalue())
    assert max(len(line) for line in plain.splitlines()) > 80
    assert plain == render("text", report, color=False)


def test_not_a_terminal_means_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = io.StringIO()
    lint_text.write(sample_report(), stream)
    assert "\x1b[" not in stream.getvalue()


def test_terminal_means_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = TtyStream()
    lint_text.write(sample_report(), stream)
    assert "\x1b[" in stream.getvalue()


def test_no_color_wins_over_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    stream = TtyStream()
    lint_text.write(sample_report(), stream)
    assert "\x1b[" not in stream.getvalue()
    assert stream.getvalue() == render("text", sample_report(), color=False)


def test_empty_no_color_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "")
    assert use_color(TtyStream()) is True


def test_explicit_colour_overrides_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color(io.StringIO(), True) is True
    assert use_color(TtyStream(), False) is False


def test_closed_stream_is_not_a_terminal() -> None:
    stream = io.StringIO()
    stream.close()
    assert use_color(stream) is False


def test_control_characters_cannot_drive_the_terminal() -> None:
    from skillctl.model import Diagnostic, Severity

    evil = Diagnostic("a\nb/SKILL.md", 1, 1, "name-case",
                      "name \x1b[2J\u202eevil\u2028 ok ünï 🙂\tx", Severity.ERROR)
    out = render("text", LintReport(results=(), extra=(evil,)), color=False)
    first = out.splitlines()[0]
    assert first == (
        "a\\nb/SKILL.md:1:1: error   name-case: name \\x1b[2J\\u202eevil\\u2028 ok ünï 🙂\\tx"
    )
    coloured = render("text", LintReport(results=(), extra=(evil,)), color=True)
    assert "\x1b[2J" not in coloured and "\u202e" not in coloured


def test_crlf_in_a_diff_is_shown() -> None:
    diff = "--- a/x/SKILL.md\n+++ b/x/SKILL.md\n@@ -1 +1 @@\n----\r\n+---\n"
    out = render("text", LintReport(results=(), diff=diff), color=False)
    assert "----\\r\n+---\n" in out
