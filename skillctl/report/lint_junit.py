"""``skillctl lint --format junit``: JUnit XML for CI systems that show test reports.

One ``<testsuite name="skillctl lint">`` inside ``<testsuites>``, one ``<testcase>`` per
linted skill (``classname`` "skillctl.lint", ``name`` the skill's entry file as the user
named it). A skill with error findings gets one ``<failure>`` that lists them, one per line
(``path:line:col: rule: message``, each value escaped by :func:`skillctl.textsafe.printable`,
so one finding is one line); warnings and info go to ``<system-out>``. Findings that
belong to no skill (a directory without SKILL.md, say) get a test case named after their
path. No timestamps or host names, so the same findings give the same bytes.

The text is what ``xml.etree`` writes for this tree after ``ET.indent``, byte for byte (a
property test builds the tree and compares), written line by line from templates as it is
made: a report of 100,000 findings took a second to build and serialize as a tree. Every value
goes through :func:`_clean` and ElementTree's own escaping rules (:func:`_attribute`,
:func:`_character_data`), so the document is always well-formed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TextIO

from skillctl.gcpause import paused_gc
from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_common import (
    SkillGroup,
    encodable,
    encodes_all_unicode,
    group_by_skill,
    plural,
)
from skillctl.textsafe import printable

_ERROR = Severity.ERROR

_NOT_XML = re.compile(r"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    """Drop characters XML 1.0 cannot hold (control characters other than tab/LF/CR)."""
    return _NOT_XML.sub("", text)


def _character_data(text: str) -> str:
    """Text between tags, escaped as ``xml.etree`` escapes it."""
    # ``in`` first: most findings hold none of these, and the test is cheaper than replace
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _attribute(text: str) -> str:
    """An attribute value, escaped as ``xml.etree`` escapes it (line breaks and tabs as
    character references, so a reader does not normalize them to spaces)."""
    text = _character_data(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#09;")
    return text


class _Lines:
    """Findings as lines of an element's text, ``path:line:col: severity rule: message
    (hint: ...)``, every value through :func:`printable` (a CI log that shows the report must
    not read a line from a skill's name as a command). What depends only on a finding's
    path, or on its rule and severity, is escaped once per run, not once per finding."""

    def __init__(self) -> None:
        self._paths: dict[str, str] = {}
        self._rules: dict[tuple[str, Severity], str] = {}

    def block(self, diagnostics: list[Diagnostic]) -> str:
        """The findings, one line each, as the text of one element."""
        lines: list[str] = []
        for d in diagnostics:
            path = self._paths.get(d.path)
            if path is None:
                path = self._paths[d.path] = printable(d.path)
            rule = self._rules.get((d.rule, d.severity))
            if rule is None:
                rule = self._rules[d.rule, d.severity] = (
                    f" {d.severity.value} {printable(d.rule)}: "
                )
            line = f"{path}:{d.line}:{d.column}:{rule}{printable(d.message)}"
            if d.hint:
                line += f" (hint: {printable(d.hint)})"
            lines.append(line)
        # cleaned and escaped once for the whole block, not once per value
        return _character_data(_clean("\n".join(lines)))


def _split(group: SkillGroup) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """A group's errors (its ``<failure>``) and its other findings (``<system-out>``), in
    order, in one pass."""
    failed: list[Diagnostic] = []
    others: list[Diagnostic] = []
    for diagnostic in group.diagnostics:
        (failed if diagnostic.severity is _ERROR else others).append(diagnostic)
    return failed, others


def render_junit(report: LintReport) -> str:
    """The JUnit XML document as a string (with an XML declaration and a final newline)."""
    pieces: list[str] = []
    _write_document(report, pieces.append)
    return "".join(pieces)


def _write_document(report: LintReport, sink: Callable[[str], object]) -> None:
    # grouping makes a few containers per skill: enough to set off a full collection
    with paused_gc():
        _write_groups(report, group_by_skill(report), sink)


def _write_groups(report: LintReport, groups: list[SkillGroup],
                  sink: Callable[[str], object]) -> None:
    failing = sum(1 for group in groups if any(d.severity is _ERROR for d in group.diagnostics))
    counts = (f'tests="{len(groups)}" failures="{failing}" errors="0" '
              f'skipped="0" time="0"')
    sink(f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="skillctl" {counts}>\n'
         f'  <testsuite name="skillctl lint" {counts}')
    if not groups:
        sink(" />\n</testsuites>\n")
        return
    sink(">\n")
    lines = _Lines()
    batch: list[str] = []
    for group in groups:
        failed, others = _split(group)
        path = _attribute(_clean(printable(group.path)))
        batch.append(f'    <testcase classname="skillctl.lint" name="{path}" file="{path}" '
                     f'time="0"')
        if not failed and not others:
            batch.append(" />\n")
            continue
        batch.append(">\n")
        if failed:
            first = failed[0]
            message = _clean(f"{plural(len(failed), 'error')}: {printable(first.message)}")
            # the type, a rule id (skillctl's own), was never cleaned: kept so, same bytes
            batch.append(f'      <failure type="{_attribute(printable(first.rule))}" '
                         f'message="{_attribute(message)}">{lines.block(failed)}</failure>\n')
        if others:
            batch.append(f"      <system-out>{lines.block(others)}</system-out>\n")
        batch.append("    </testcase>\n")
        if len(batch) >= 4096:
            sink("".join(batch))
            batch.clear()
    sink("".join(batch))
    sink("  </testsuite>\n</testsuites>\n")


def write(report: LintReport, stream: TextIO, *, color: bool | None = None) -> None:
    """Write the report as JUnit XML (``color`` is ignored).

    Every value went through :func:`printable` and :func:`_clean`, so the text is valid
    Unicode: a UTF-8 stream takes it as it is made; another gets it whole, as character
    references if it cannot encode it all.
    """
    del color
    if encodes_all_unicode(stream):
        _write_document(report, stream.write)
        return
    text = render_junit(report)
    if not encodable(stream, text):  # character references keep the XML identical in meaning
        text = text.encode("ascii", "xmlcharrefreplace").decode("ascii")
    stream.write(text)
