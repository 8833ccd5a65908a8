"""``skillctl lint --format junit``: JUnit XML for CI systems that show test reports.

One ``<testsuite name="skillctl lint">`` inside ``<testsuites>``, one ``<testcase>`` per
linted skill (``classname`` "skillctl.lint", ``name`` the skill's entry file as the user
named it). A skill with error findings gets one ``<failure>`` that lists them, one per line
(``path:line:col: rule: message``, each value escaped by :func:`skillctl.textsafe.printable`,
so one finding is one line); warnings and info go to ``<system-out>``. Findings that
belong to no skill (a directory without SKILL.md, say) get a test case named after their
path. Built with ``xml.etree`` so it is always well-formed; no timestamps or host names, so
the same findings give the same bytes.
"""

from __future__ import annotations

import re
from typing import TextIO

from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_common import SkillGroup, encodable, group_by_skill, plural
from skillctl.textsafe import printable


def _line(diagnostic: Diagnostic) -> str:
    """One finding on one line: every value escaped (a CI log that shows the report must
    not read a line from a skill's name as a command)."""
    text = (
        f"{printable(diagnostic.path)}:{diagnostic.line}:{diagnostic.column}: "
        f"{diagnostic.severity.value} {printable(diagnostic.rule)}: "
        f"{printable(diagnostic.message)}"
    )
    if diagnostic.hint:
        text += f" (hint: {printable(diagnostic.hint)})"
    return text


_NOT_XML = re.compile(r"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    """Drop characters XML 1.0 cannot hold (control characters other than tab/LF/CR)."""
    return _NOT_XML.sub("", text)


def render_junit(report: LintReport) -> str:
    """The JUnit XML document as a string (with an XML declaration and a final newline)."""
    import xml.etree.ElementTree as ET

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


def write(report: LintReport, stream: TextIO, *, color: bool | None = None) -> None:
    """Write the report as JUnit XML (``color`` is ignored)."""
    del color
    text = render_junit(report)
    if not encodable(stream, text):  # character references keep the XML identical in meaning
        text = text.encode("ascii", "xmlcharrefreplace").decode("ascii")
    stream.write(text)
