"""The GitHub and JUnit writers write from templates, with what depends on a file or a rule
escaped once per run: their text is exactly the reference's (one :func:`annotation` per
finding; the ``xml.etree`` tree the JUnit writer used to build, after ``ET.indent``), for any
finding, on any stream (UTF-8, ASCII-only, cp1252, in memory)."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.lint.result import LintReport, SkillResult
from skillctl.model import Diagnostic, Severity
from skillctl.report import lint_github, lint_junit
from skillctl.report.lint_common import (
    SkillGroup,
    encodable,
    fit_to_stream,
    group_by_skill,
    plural,
    summary_sentence,
)
from skillctl.textsafe import printable
from tests.report.conftest import RULES
from tests.report.test_streamed_writers import _stream, _written

#: Any character but a lone surrogate, plus the ones a non-UTF-8 file name decodes to, and
#: the characters each format escapes or drops, often enough to matter.
_CHARACTERS = st.characters(codec=None, min_codepoint=0, exclude_categories=["Cs"])
_TEXT = st.text(
    alphabet=_CHARACTERS
    | st.sampled_from(["\udc80", "\udcff", "%", ":", ",", "\r", "\n", "\t", "<", "&", '"',
                       "\x1b", "\x85", "\u2028", "\ufffe", "\uffff", "é"]),
    max_size=12,
)
_PATHS = st.sampled_from([
    "skills/pdf/SKILL.md", "./skills/a b/SKILL.md", "/abs/olé/SKILL.md", "x/bad\udcff/SKILL.md",
    "skills/pdf/scripts/run.sh", "deep/./x/SKILL.md", "odd,dir:x%/SKILL.md", "new\nline/SKILL.md",
    "skills/pdf",
])
_DIAGNOSTICS = st.builds(
    Diagnostic,
    path=_PATHS,
    line=st.integers(min_value=-1, max_value=9),
    column=st.integers(min_value=-1, max_value=9),
    rule=st.sampled_from(["name-case", "yaml-colon", "é-rule", "r\x1bule", "a,b:c%"]),
    message=_TEXT,
    severity=st.sampled_from(list(Severity)),
    fixable=st.booleans(),
    hint=st.none() | _TEXT,
)


@st.composite
def reports(draw: st.DrawFn) -> LintReport:
    """Skills with findings, repeats, and findings outside every skill (``extra``)."""
    diagnostics = draw(st.lists(_DIAGNOSTICS, max_size=10))
    diagnostics += diagnostics[: draw(st.integers(min_value=0, max_value=2))]
    skills = sorted({d.path for d in diagnostics if d.path.endswith("SKILL.md")}
                    | {"skills/pdf/SKILL.md"})
    results = tuple(
        SkillResult(path, path.rsplit("/", 1)[0], draw(st.none() | _TEXT),
                    tuple(d for d in diagnostics if d.path == path))
        for path in skills
    )
    extra = tuple(d for d in diagnostics if d.path not in skills)
    return LintReport(results=results, extra=extra, rules=RULES)


@settings(max_examples=300, deadline=None)
@given(reports(), st.sampled_from([None, "utf-8", "ascii", "cp1252"]))
def test_github_is_one_annotation_per_finding(report: LintReport, encoding: str | None) -> None:
    stream = _stream(encoding)
    lint_github.write(report, stream)  # type: ignore[arg-type]
    lines = "".join(lint_github.annotation(d) + "\n" for d in report.diagnostics)
    expected = lines + f"skillctl: {summary_sentence(report)}\n"
    assert _written(stream) == fit_to_stream(stream, expected)  # type: ignore[arg-type]


# The JUnit writer as it was: a tree built with xml.etree, indented and serialized.

_NOT_XML = re.compile(r"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    return _NOT_XML.sub("", text)


def _line(diagnostic: Diagnostic) -> str:
    text = (
        f"{printable(diagnostic.path)}:{diagnostic.line}:{diagnostic.column}: "
        f"{diagnostic.severity.value} {printable(diagnostic.rule)}: "
        f"{printable(diagnostic.message)}"
    )
    if diagnostic.hint:
        text += f" (hint: {printable(diagnostic.hint)})"
    return text


def _etree_junit(report: LintReport) -> str:
    groups: list[SkillGroup] = group_by_skill(report)
    failing = sum(1 for g in groups if g.with_severity(Severity.ERROR))
    counts = {"tests": str(len(groups)), "failures": str(failing), "errors": "0",
              "skipped": "0", "time": "0"}
    root = ET.Element("testsuites", {"name": "skillctl", **counts})
    suite = ET.SubElement(root, "testsuite", {"name": "skillctl lint", **counts})
    for group in groups:
        case = ET.SubElement(
            suite,
            "testcase",
            {"classname": "skillctl.lint", "name": _clean(printable(group.path)),
             "file": _clean(printable(group.path)), "time": "0"},
        )
        errors = group.with_severity(Severity.ERROR)
        if errors:
            first = errors[0]
            failure = ET.SubElement(
                case,
                "failure",
                {"type": printable(first.rule),
                 "message": _clean(f"{plural(len(errors), 'error')}: {printable(first.message)}")},
            )
            failure.text = _clean("\n".join(_line(d) for d in errors))
        others = group.with_severity(Severity.WARNING, Severity.INFO)
        if others:
            out = ET.SubElement(case, "system-out")
            out.text = _clean("\n".join(_line(d) for d in others))
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


@settings(max_examples=300, deadline=None)
@given(reports(), st.sampled_from([None, "utf-8", "ascii", "cp1252"]))
def test_junit_is_the_etree_document(report: LintReport, encoding: str | None) -> None:
    stream = _stream(encoding)
    lint_junit.write(report, stream)  # type: ignore[arg-type]
    expected = _etree_junit(report)
    if not encodable(stream, expected):  # type: ignore[arg-type]
        expected = expected.encode("ascii", "xmlcharrefreplace").decode("ascii")
    written = _written(stream)
    assert written == expected
    ET.fromstring(written.split("\n", 1)[1])  # well-formed, whatever the findings held


def test_an_empty_junit_report_is_the_etree_document_too() -> None:
    report = LintReport(results=(), rules=RULES)
    stream = io.StringIO()
    lint_junit.write(report, stream)
    assert stream.getvalue() == _etree_junit(report)
    assert "<testsuite name=\"skillctl lint\" tests=\"0\"" in stream.getvalue()


def test_a_clean_skill_is_an_empty_test_case() -> None:
    report = LintReport(results=(SkillResult("skills/a/SKILL.md", "skills/a", "a", ()),))
    stream = io.StringIO()
    lint_junit.write(report, stream)
    assert stream.getvalue() == _etree_junit(report)
    assert 'file="skills/a/SKILL.md" time="0" />' in stream.getvalue()


def test_junit_escapes_as_etree_does() -> None:
    message = 'tab\there, "quoted" <b>&amp;</b> \ufffe\x1b'
    found = (Diagnostic("skills/a\t<b>/SKILL.md", 1, 1, "name-case", message, Severity.ERROR),
             Diagnostic("skills/a\t<b>/SKILL.md", 2, 1, "yaml-colon", message, Severity.INFO,
                        hint="a & b"))
    report = LintReport(results=(SkillResult(found[0].path, "skills/a\t<b>", "a", found),))
    stream = io.StringIO()
    lint_junit.write(report, stream)
    assert stream.getvalue() == _etree_junit(report)
    assert 'message="1 error: tab\\there, &quot;quoted&quot; &lt;b&gt;&amp;amp;' in (
        stream.getvalue())
