"""``skillctl lint --format text``: findings for people, grouped by file.

One line per finding, ``path:line:col: severity rule: message`` (editors and terminals turn
the location into a link), a ``hint:`` line below where the rule has one, files separated
by a blank line. Identical findings in one file (same rule, severity, message and hint, as a
missing script named ten times) are one line that lists the other places
(``(3 times: also 40:5, 52:1)``); then the fixes made (or that ``--diff`` would make) with
the diff, and a summary line with counts. Colour (through rich, imported only here and only
when colour is on) on a terminal; plain text when stdout is not a terminal or ``NO_COLOR`` is set.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_common import (
    by_path,
    fit_to_stream,
    printable,
    shown,
    summary_sentence,
    use_color,
)

#: A line of output as (text, rich style) pieces; the plain form just joins the texts.
Segment = tuple[str, str]
Line = list[Segment]

_SEVERITY_STYLE = {
    Severity.ERROR: "bold red",
    Severity.WARNING: "yellow",
    Severity.INFO: "cyan",
}
_SEVERITY_WIDTH = max(len(s.value) for s in Severity)


def _split_lines(text: str) -> list[str]:
    """Split on LF only, so a CR (a CRLF line in a diff) stays visible as ``\\r``."""
    lines = text.split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


#: Other places a grouped finding lists before "and N more".
MAX_ALSO = 5


def grouped(found: list[Diagnostic]) -> list[tuple[Diagnostic, list[Diagnostic]]]:
    """One file's findings with identical ones (same severity, rule, message, hint and
    fixability) folded into the first: ``(first, the others)``, in the order of the first."""
    groups: dict[tuple[object, ...], tuple[Diagnostic, list[Diagnostic]]] = {}
    for diagnostic in found:
        key = (
            diagnostic.severity, diagnostic.rule, diagnostic.message, diagnostic.hint,
            diagnostic.fixable,
        )
        entry = groups.get(key)
        if entry is None:
            groups[key] = (diagnostic, [])
        else:
            entry[1].append(diagnostic)
    return list(groups.values())


def also(others: list[Diagnostic]) -> str:
    """`` (3 times: also 40:5, 52:1)`` for a finding repeated at ``others``; "" for none."""
    if not others:
        return ""
    places = ", ".join(f"{d.line}:{d.column}" for d in others[:MAX_ALSO])
    more = f" and {len(others) - MAX_ALSO} more" if len(others) > MAX_ALSO else ""
    return f" ({len(others) + 1} times: also {places}{more})"


def _finding(diagnostic: Diagnostic, others: list[Diagnostic] | None = None) -> list[Line]:
    location = f"{printable(diagnostic.path)}:{diagnostic.line}:{diagnostic.column}:"
    severity = diagnostic.severity.value.ljust(_SEVERITY_WIDTH)
    line: Line = [
        (location, "bold"),
        (" ", ""),
        (severity, _SEVERITY_STYLE[diagnostic.severity]),
        (" ", ""),
        (printable(diagnostic.rule), "magenta"),
        (": ", ""),
        (printable(diagnostic.message), ""),
    ]
    if diagnostic.fixable:
        line.append((" [fixable]", "green"))
    if others:
        line.append((also(others), "dim"))
    lines = [line]
    if diagnostic.hint:
        # escaped whole, never split first: a line break from a skill's value stays "\n"
        lines.append([("    hint: " + printable(diagnostic.hint), "dim")])
    return lines


def _diff_style(text: str) -> str:
    if text.startswith(("+++", "---")):
        return "bold"
    if text.startswith("@@"):
        return "cyan"
    if text.startswith("+"):
        return "green"
    if text.startswith("-"):
        return "red"
    return ""


def build_lines(report: LintReport, *, quiet: bool = False) -> list[Line]:
    """The whole text report as styled lines (no trailing newlines); ``quiet`` shows only
    the errors (the summary still counts everything)."""
    lines: list[Line] = []
    for number, (_, found) in enumerate(by_path(shown(report, quiet=quiet))):
        if number:
            lines.append([])
        for diagnostic, others in grouped(found):
            lines.extend(_finding(diagnostic, others))
    if report.fixes:
        if lines:
            lines.append([])
        lines.append([("Would fix:" if report.diff else "Fixed:", "bold green")])
        for fix in sorted(report.fixes, key=lambda f: (f.path, f.rule, f.description)):
            lines.append(
                [("  ", ""), (printable(fix.path), "bold"), (": ", ""),
                 (printable(fix.rule), "magenta"), (": ", ""), (printable(fix.description), "")]
            )
    if report.diff:
        if lines:
            lines.append([])
        lines.extend(
            [[(printable(text), _diff_style(text))] for text in _split_lines(report.diff)]
        )
    if lines:
        lines.append([])
    counts = report.summary()
    if counts["errors"]:
        style = "bold red"
    elif counts["warnings"]:
        style = "bold yellow"
    elif counts["skills"]:
        style = "bold green"
    else:
        style = "bold yellow"
    lines.append([(summary_sentence(report), style)])
    return lines


def render_plain(report: LintReport, *, quiet: bool = False) -> str:
    """The text report without colour, as one string ending in a newline.

    Exactly the texts of :func:`build_lines` joined (a test compares the two on real
    reports), written directly: a report of thousands of findings is the last thing a CI
    run waits for, and the styled pieces cost ~3x as much to build and join.
    """
    if report.fixes or report.diff:
        return "".join(
            "".join(text for text, _ in line) + "\n" for line in build_lines(report, quiet=quiet)
        )
    return "".join(_plain_chunks(report, quiet=quiet))


def _plain_chunks(report: LintReport, *, quiet: bool) -> Iterator[str]:
    """:func:`render_plain` of a report without fixes or diff, in pieces of about a
    thousand findings (a writer writes each as it comes, never holding the whole text)."""
    out: list[str] = []
    files = 0
    for files, (_, found) in enumerate(by_path(shown(report, quiet=quiet)), start=1):
        if files > 1:
            out.append("\n")
        for diagnostic, others in grouped(found):
            out.append(_plain_finding(diagnostic, others))
        if len(out) >= 1024:
            yield "".join(out)
            out.clear()
    if files:
        out.append("\n")
    out.append(summary_sentence(report) + "\n")
    yield "".join(out)


def _plain_finding(diagnostic: Diagnostic, others: list[Diagnostic] | None = None) -> str:
    """:func:`_finding`'s lines as plain text, each ending in a newline."""
    text = (
        f"{printable(diagnostic.path)}:{diagnostic.line}:{diagnostic.column}: "
        f"{diagnostic.severity.value.ljust(_SEVERITY_WIDTH)} {printable(diagnostic.rule)}: "
        f"{printable(diagnostic.message)}{' [fixable]' if diagnostic.fixable else ''}"
        f"{also(others) if others else ''}\n"
    )
    if diagnostic.hint:
        text += f"    hint: {printable(diagnostic.hint)}\n"
    return text


def write(
    report: LintReport, stream: TextIO, *, color: bool | None = None, quiet: bool = False
) -> None:
    """Write the text report; ``color`` forces colour on or off (None: detect); ``quiet``
    shows only the errors and the summary."""
    if not use_color(stream, color):
        if report.fixes or report.diff:
            stream.write(fit_to_stream(stream, render_plain(report, quiet=quiet)))
            return
        # piece by piece: what cannot be encoded is escaped character by character, so the
        # pieces come out as the whole text would
        for piece in _plain_chunks(report, quiet=quiet):
            stream.write(fit_to_stream(stream, piece))
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(
        file=stream,
        force_terminal=True,
        no_color=False,
        color_system="standard",
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )
    for line in build_lines(report, quiet=quiet):
        text = Text(no_wrap=True, end="\n")
        for piece, style in line:
            text.append(fit_to_stream(stream, piece), style=style or None)
        console.print(text, soft_wrap=True)
