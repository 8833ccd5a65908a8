"""``skillctl lint --statistics``: how many findings each rule produced, instead of the findings.

One line per rule, most frequent first (then by rule id)::

       73  warning  broken-reference
       54  warning  description-no-trigger
        1  error    crlf  [fixable]

then a blank line and the usual summary. The severity is the one the findings have (a rule
whose findings have several severities gets a line per severity); ``[fixable]`` marks a line
whose findings ``--fix`` can repair. With ``--quiet`` only the errors are counted in the table.
Like ``ruff --statistics``; for machines, count the JSON output's ``diagnostics`` instead.
"""

from __future__ import annotations

from collections import Counter
from typing import TextIO

from skillctl.lint.result import LintReport
from skillctl.model import Severity
from skillctl.report.lint_common import fit_to_stream, printable, shown, summary_sentence

_SEVERITY_WIDTH = max(len(s.value) for s in Severity)


def counts(report: LintReport, *, quiet: bool = False) -> list[tuple[int, str, str, bool]]:
    """``(count, severity, rule, fixable)`` per rule and severity, most frequent first."""
    found: Counter[tuple[str, str]] = Counter()
    fixable: set[tuple[str, str]] = set()
    for diagnostic in shown(report, quiet=quiet):
        key = (diagnostic.rule, diagnostic.severity.value)
        found[key] += 1
        if diagnostic.fixable:
            fixable.add(key)
    rows = [
        (n, severity, rule, (rule, severity) in fixable) for (rule, severity), n in found.items()
    ]
    return sorted(rows, key=lambda row: (-row[0], row[2], row[1]))


def render(report: LintReport, *, quiet: bool = False) -> str:
    """The statistics table and the summary, one string ending in a newline."""
    rows = counts(report, quiet=quiet)
    width = max((len(str(n)) for n, *_ in rows), default=1)
    out = [
        f"{str(n).rjust(max(width, 5))}  {severity.ljust(_SEVERITY_WIDTH)}  {printable(rule)}"
        f"{'  [fixable]' if fixable else ''}\n"
        for n, severity, rule, fixable in rows
    ]
    if out:
        out.append("\n")
    out.append(summary_sentence(report) + "\n")
    return "".join(out)


def write(
    report: LintReport, stream: TextIO, *, color: bool | None = None, quiet: bool = False
) -> None:
    """Write the statistics (never coloured: ``color`` is accepted and ignored)."""
    del color
    stream.write(fit_to_stream(stream, render(report, quiet=quiet)))
