"""``skillctl lint --format concise``: one line per finding and the summary, nothing else.

``path:line:col: severity rule: message`` for every finding, sorted, with no hint lines, no
blank lines and no grouping (so ``grep``, ``wc -l`` and editors' quickfix lists see one
finding per line); then the fixes made (or that ``--diff`` would make), and the summary line.
Never coloured: it is meant for pipes and narrow terminals.
"""

from __future__ import annotations

from typing import TextIO

from skillctl.lint.result import LintReport
from skillctl.model import Severity
from skillctl.report.lint_common import fit_to_stream, printable, shown, summary_sentence

_SEVERITY_WIDTH = max(len(s.value) for s in Severity)


def render(report: LintReport, *, quiet: bool = False) -> str:
    """The concise report as one string ending in a newline (``quiet``: errors only)."""
    out = [
        f"{printable(d.path)}:{d.line}:{d.column}: {d.severity.value.ljust(_SEVERITY_WIDTH)} "
        f"{printable(d.rule)}: {printable(d.message)}\n"
        for d in shown(report, quiet=quiet)
    ]
    out.extend(  # the description says "added …" or, with --diff, "would add …"
        f"{printable(f.path)}: {printable(f.rule)}: {printable(f.description)}\n"
        for f in sorted(report.fixes, key=lambda f: (f.path, f.rule, f.description))
    )
    out.append(summary_sentence(report) + "\n")
    return "".join(out)


def write(
    report: LintReport, stream: TextIO, *, color: bool | None = None, quiet: bool = False
) -> None:
    """Write the concise report (``color`` is accepted for a uniform signature, ignored)."""
    del color
    stream.write(fit_to_stream(stream, render(report, quiet=quiet)))
