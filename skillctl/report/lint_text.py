"""``skillctl lint --format text``: findings for people, grouped by file.

One line per finding, ``path:line:col: severity rule: message`` (editors and terminals turn
the location into a link), a ``hint:`` line below where the rule has one, files separated
by a blank line; then the fixes made (or that ``--diff`` would make) with the diff, and a
summary line with counts. Colour (through rich, imported only here and only when colour is
on) on a terminal; plain text when stdout is not a terminal or ``NO_COLOR`` is set.
"""

from __future__ import annotations

from typing import TextIO

from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_common import (
    by_path,
    fit_to_stream,
    printable,
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


def _finding(diagnostic: Diagnostic) -> list[Line]:
    location = f"{printable(diagnostic.path)}:{diagnostic.line}:{diagnostic.column}:"
    severity = diagnostic.severity.value.ljust(_SEVERITY_WIDTH)
    line: Line = [
        (location, "bold"),
        (" ", ""),
        (severity, _SEVERITY_STYLE[diagnostic.severity]),
        (" ", ""),
        (diagnostic.rule, "magenta"),
        (": ", ""),
        (printable(diagnostic.message), ""),
    ]
    if diagnostic.fixable:
        line.append((" [fixable]", "green"))
    lines = [line]
    if diagnostic.hint:
        indent = " " * 4
        for number, text in enumerate(_split_lines(diagnostic.hint) or [""]):
            prefix = "hint: " if number == 0 else "      "
            lines.append([(indent + prefix + printable(text), "dim")])
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


def build_lines(report: LintReport) -> list[Line]:
    """The whole text report as styled lines (no trailing newlines)."""
    lines: list[Line] = []
    for number, (_, found) in enumerate(by_path(report.diagnostics)):
        if number:
            lines.append([])
        for diagnostic in found:
            lines.extend(_finding(diagnostic))
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


def render_plain(report: LintReport) -> str:
    """The text report without colour, as one string ending in a newline.

    Exactly the texts of :func:`build_lines` joined (a test compares the two on real
    reports), written directly: a report of thousands of findings is the last thing a CI
    run waits for, and the styled pieces cost ~3x as much to build and join.
    """
    if report.fixes or report.diff:
        return "".join("".join(text for text, _ in line) + "\n" for line in build_lines(report))
    out: list[str] = []
    for number, (_, found) in enumerate(by_path(report.diagnostics)):
        if number:
            out.append("\n")
        for diagnostic in found:
            out.append(_plain_finding(diagnostic))
    if out:
        out.append("\n")
    out.append(summary_sentence(report) + "\n")
    return "".join(out)


def _plain_finding(diagnostic: Diagnostic) -> str:
    """:func:`_finding`'s lines as plain text, each ending in a newline."""
    text = (
        f"{printable(diagnostic.path)}:{diagnostic.line}:{diagnostic.column}: "
        f"{diagnostic.severity.value.ljust(_SEVERITY_WIDTH)} {diagnostic.rule}: "
        f"{printable(diagnostic.message)}{' [fixable]' if diagnostic.fixable else ''}\n"
    )
    if diagnostic.hint:
        for number, hint in enumerate(_split_lines(diagnostic.hint) or [""]):
            text += f"    {'hint: ' if number == 0 else '      '}{printable(hint)}\n"
    return text


def write(report: LintReport, stream: TextIO, *, color: bool | None = None) -> None:
    """Write the text report; ``color`` forces colour on or off (None: detect)."""
    if not use_color(stream, color):
        stream.write(fit_to_stream(stream, render_plain(report)))
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
    for line in build_lines(report):
        text = Text(no_wrap=True, end="\n")
        for piece, style in line:
            text.append(fit_to_stream(stream, piece), style=style or None)
        console.print(text, soft_wrap=True)
