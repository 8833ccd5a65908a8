"""``skillctl audit`` as text, JSON and SARIF; ``--diff`` as text and JSON.

Text: per skill, its security findings (file:line, severity, rule, message), then its
inventory one category a line ("contacts: a.example, b.example"), wrapped to the terminal
(60 to 200 columns; a pipe gets whole lines), then which agents would run its commands
without asking. Every value from the skill is escaped (:func:`skillctl.textsafe.printable`);
colour only on severities, and only when :func:`skillctl.report.term.use_color` allows it
(``--color``, ``NO_COLOR``). JSON is versioned (docs/audit.md, ``skillctl/schemas/output/
audit.json``); SARIF is lint's SARIF of the security findings.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from typing import Any, TextIO

from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_common import encodable
from skillctl.report.term import cells, cut_middle, paint, width
from skillctl.security.audit import CATEGORIES, AuditDiff, AuditReport, Inventory
from skillctl.textsafe import printable

_SEVERITY_STYLE = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "dim"}
MIN_WIDTH, MAX_WIDTH = 60, 200


def _columns(stream: TextIO) -> int | None:
    found = width(stream)
    return None if found is None else max(MIN_WIDTH, min(MAX_WIDTH, found))


def _wrapped(label: str, values: Sequence[str], columns: int | None) -> list[str]:
    text = f"  {label}: " + ", ".join(printable(v) for v in values)
    if columns is None or len(text) <= columns:
        return [text]
    return textwrap.wrap(text, columns, subsequent_indent="      ", break_long_words=True,
                         break_on_hyphens=False)


def _fit(text: str, columns: int | None, indent: str = "    ") -> list[str]:
    """``text`` (already escaped) wrapped to ``columns``; whole when there is no width."""
    if columns is None or len(text) <= columns:
        return [text]
    lead = text[: len(text) - len(text.lstrip(" "))]
    return textwrap.wrap(text, columns, initial_indent="", subsequent_indent=lead + indent,
                         break_long_words=True, break_on_hyphens=False) or [text]


def _path(text: str, columns: int | None, used: int) -> str:
    """A path (already escaped) for a line whose other pieces take ``used`` cells: in a
    terminal shortened in the middle, as ``list`` does, so that the terminal never breaks it
    (nor the name after it) mid-word; whole in a pipe."""
    if columns is None or cells(text) + used <= columns:
        return text
    return cut_middle(text, max(columns - used, 20))


def _finding(diagnostic: Diagnostic, color: bool, columns: int | None) -> list[str]:
    severity = diagnostic.severity.value
    rest = f":{diagnostic.line}: {severity} {printable(diagnostic.rule)}"
    location = f"  {_path(printable(diagnostic.path), columns, 2 + cells(rest))}:" \
        f"{diagnostic.line}:"
    head = _fit(f"{location} {severity} {printable(diagnostic.rule)}", columns)
    style = _SEVERITY_STYLE[diagnostic.severity]
    head = [line.replace(f" {severity} ", f" {paint(severity, style, color)} ", 1)
            for line in head]  # colour after wrapping: escape codes take no cells
    return head + _fit("    " + printable(diagnostic.message), columns, "")


def _skill_lines(skill: Inventory, findings: Sequence[Diagnostic], color: bool,
                 columns: int | None) -> list[str]:
    name = f" ({printable(skill.name)})" if skill.name else ""
    title = _path(printable(skill.dir), columns, cells(name)) + name
    lines = [paint(line, "bold", color) for line in _fit(title, columns, "  ")]
    for diagnostic in findings:
        lines += _finding(diagnostic, color, columns)
    for key, _, label, *_ in CATEGORIES:
        entries = skill.categories.get(key, ())
        if entries and key != "urls":
            lines += _wrapped(label, [e.value for e in entries], columns)
    if skill.scripts:
        lines += _wrapped("scripts", skill.scripts, columns)
    unasked = [f"{a.name} ({a.reason})" for a in skill.agents if a.unasked]
    if unasked:
        lines += _wrapped("runs its commands without asking", unasked, columns)
    unknown = [a.name for a in skill.agents if a.unasked is None]
    if unknown:
        lines += _wrapped("not known whether these ask first", unknown, columns)
    if skill.not_analysed:
        lines += _wrapped("not analysed (too large)", skill.not_analysed, columns)
    if len(lines) == 1:
        lines.append("  nothing found: no network, no commands, nothing outside its folder")
    return lines


def write_text(report: AuditReport, stream: TextIO, *, color: bool = False) -> None:
    """The audit as text, one block per skill, then a summary line."""
    columns = _columns(stream)
    by_dir: dict[str, list[Diagnostic]] = {}
    for result in report.lint.results:
        if result.dir is not None:
            by_dir.setdefault(result.dir, []).extend(result.diagnostics)
    out: list[str] = []
    for skill in report.skills:
        out += _skill_lines(skill, by_dir.get(skill.dir, ()), color, columns)
        out.append("")
    for diagnostic in report.lint.extra:
        out += _finding(diagnostic, color, columns)
    summary = report.lint.summary()
    out.append(f"{summary['skills']} skill{'' if summary['skills'] == 1 else 's'} audited: "
               f"{_count(summary['errors'], 'error')}, "
               f"{_count(summary['warnings'], 'warning')}, {summary['info']} info.")
    stream.write("\n".join(out) + "\n")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def write_json(data: dict[str, Any], stream: TextIO) -> None:
    """A JSON document, keys sorted, UTF-8 where the stream can take it."""
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    if not encodable(stream, text):
        text = json.dumps(data, ensure_ascii=True, indent=2, sort_keys=True) + "\n"
    stream.write(text)


def write_sarif(report: AuditReport, stream: TextIO) -> None:
    """The security findings as lint's SARIF 2.1.0 log."""
    from skillctl.report.lint_sarif import write

    write(report.lint, stream)


def write_diff_text(diff: AuditDiff, stream: TextIO, *, color: bool = False) -> None:
    """What each skill gained and lost, then the findings gained and lost."""
    columns = _columns(stream)
    verbs = {key: (gained, lost) for key, _, _, gained, lost in CATEGORIES}
    out = _fit(f"{printable(diff.old)} -> {printable(diff.new)}", columns, "  ")
    for change in diff.skills:
        status = {"added": " (new skill)", "removed": " (removed)"}.get(change.status, "")
        out += [paint(line, "bold", color)
                for line in _fit(printable(change.name) + status, columns, "  ")]
        for key, _, _, _, _ in CATEGORIES:
            if key == "urls":
                continue
            gained_verb, lost_verb = verbs[key]
            for value in change.gained.get(key, ()):
                out.append(_line(f"  + {gained_verb}{'' if gained_verb.endswith('$') else ' '}"
                                 f"{printable(value)}", columns))
            for value in change.lost.get(key, ()):
                out.append(_line(f"  - {lost_verb}{'' if lost_verb.endswith('$') else ' '}"
                                 f"{printable(value)}", columns))
    if diff.findings_gained:
        out.append(paint("new findings", "bold", color))
        for diagnostic in diff.findings_gained:
            out += _finding(diagnostic, color, columns)
    if diff.findings_lost:
        out.append(paint("findings gone", "bold", color))
        for diagnostic in diff.findings_lost:
            out += _finding(diagnostic, color, columns)
    if not diff.skills and not diff.findings_gained and not diff.findings_lost:
        out.append("no capability gained or lost, no finding gained or lost")
    stream.write("\n".join(out) + "\n")


def _line(text: str, columns: int | None) -> str:
    if columns is None or len(text) <= columns:
        return text
    return "\n      ".join(textwrap.wrap(text, columns - 6, break_long_words=True,
                                         break_on_hyphens=False))
