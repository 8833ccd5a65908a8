"""The JUnit format: well-formed XML, one test case per skill, deterministic."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from skillctl.lint.result import LintReport, SkillResult
from skillctl.model import Diagnostic, Severity
from tests.report.conftest import check_golden, render, sample_report


def parse(report: LintReport) -> ET.Element:
    return ET.fromstring(render("junit", report).encode("utf-8"))


def test_golden() -> None:
    check_golden("sample.xml", render("junit", sample_report()))


def test_structure() -> None:
    root = parse(sample_report())
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    names = [c.get("name") for c in cases]
    # two skills plus the directory without a SKILL.md
    assert names == ["skills/broken", "skills/clean/SKILL.md", "skills/pdf/SKILL.md"]
    assert suite.get("tests") == "3" and suite.get("failures") == "2"
    assert root.get("tests") == "3" and root.get("failures") == "2"


def test_failures_list_errors_and_warnings_go_to_system_out() -> None:
    cases = {c.get("name"): c for c in parse(sample_report()).iter("testcase")}
    clean = cases["skills/clean/SKILL.md"]
    assert clean.find("failure") is None and clean.find("system-out") is None
    pdf = cases["skills/pdf/SKILL.md"]
    failure = pdf.find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith("2 errors: ")
    lines = (failure.text or "").splitlines()
    assert lines == [
        'skills/pdf/SKILL.md:2:7: error duplicate-name: name "PDF" is also used by skills/x',
        'skills/pdf/SKILL.md:2:7: error name-case: name "PDF" must be lowercase'
        ' (hint: rename it to "pdf")',
    ]
    out = pdf.find("system-out")
    assert out is not None
    assert "yaml-colon" in (out.text or "") and "body-tokens" in (out.text or "")
    assert "<drop> it & more" in (out.text or "")  # escaped in XML, restored by the parser


def test_control_characters_do_not_break_the_xml() -> None:
    bad = Diagnostic("a/SKILL.md", 1, 1, "x", "bell\x07 and nul\x00 and \ufffe", Severity.ERROR)
    report = LintReport(results=(SkillResult("a/SKILL.md", "a", "a", (bad,)),))
    failure = parse(report).find("testsuite/testcase/failure")
    assert failure is not None
    # shown as escapes (issue 15 item 5); what XML cannot hold at all (U+FFFE) is dropped
    assert failure.text == "a/SKILL.md:1:1: error x: bell\\x07 and nul\\x00 and "


def test_deterministic() -> None:
    assert render("junit", sample_report()) == render("junit", sample_report())


def test_empty_run() -> None:
    root = parse(LintReport(results=()))
    assert root.get("tests") == "0"
    assert root.findall("testsuite/testcase") == []
