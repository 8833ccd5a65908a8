"""``skillctl lint --format github``: GitHub Actions workflow commands (annotations).

Each finding becomes one line that the Actions runner turns into an annotation on the file
and line in the pull request::

    ::error file=skills/pdf/SKILL.md,line=3,col=7,title=name-case::name "PDF" must be lowercase

``error`` for errors, ``warning`` for warnings, ``notice`` for info. Message data escapes
``%``, CR and LF; property values additionally escape ``:`` and ``,`` (the rules of the
runner's ``toolkit/core`` ``command.ts``), after every value from a skill went through
:func:`skillctl.textsafe.printable` (a newline in a name shows as ``\\n``, an escape sequence
never reaches the log). Paths are made relative to the current directory
(the workspace in a job). A plain summary line follows, which the runner just logs.
"""

from __future__ import annotations

from typing import TextIO

from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_common import fit_to_stream, repo_relative, summary_sentence
from skillctl.textsafe import printable

_COMMAND = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
}


def escape_data(text: str) -> str:
    """Escape a workflow command's message: ``%``, ``\\r`` and ``\\n``."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command property value: the data escapes plus ``:`` and ``,``."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(diagnostic: Diagnostic) -> str:
    """One workflow command line for a finding (no trailing newline)."""
    properties = ",".join(
        f"{key}={escape_property(value)}"
        for key, value in (
            ("file", printable(repo_relative(diagnostic.path))),
            ("line", str(max(1, diagnostic.line))),
            ("col", str(max(1, diagnostic.column))),
            ("title", printable(diagnostic.rule)),
        )
    )
    # each value escaped before it is laid out: only the hint's own line break stays one
    message = printable(diagnostic.message)
    if diagnostic.hint:
        message += f"\nhint: {printable(diagnostic.hint)}"
    return f"::{_COMMAND[diagnostic.severity]} {properties}::{escape_data(message)}"


def write(report: LintReport, stream: TextIO, *, color: bool | None = None) -> None:
    """Write one annotation per finding, then a plain summary line.

    The lines are :func:`annotation`'s, byte for byte (a property test checks it), made
    faster: what depends only on the file, the rule or the severity is escaped once per run,
    and a message only needs its ``%`` escaped (after :func:`printable` it holds no CR or LF).
    """
    del color
    files: dict[str, str] = {}  # path -> its escaped ``file=`` value
    titles: dict[str, str] = {}  # rule -> its escaped ``title=`` value
    diagnostics = report.diagnostics
    # A thousand lines at a time, never the whole log: what the stream cannot encode is
    # escaped character by character, so the pieces come out as the whole would.
    for start in range(0, len(diagnostics), 1024):
        lines: list[str] = []
        for d in diagnostics[start : start + 1024]:
            file = files.get(d.path)
            if file is None:
                file = files[d.path] = escape_property(printable(repo_relative(d.path)))
            title = titles.get(d.rule)
            if title is None:
                title = titles[d.rule] = escape_property(printable(d.rule))
            message = printable(d.message)
            if "%" in message:
                message = message.replace("%", "%25")
            if d.hint:
                hint = printable(d.hint)
                message += "%0Ahint: " + (hint.replace("%", "%25") if "%" in hint else hint)
            lines.append(
                f"::{_COMMAND[d.severity]} file={file},line={max(1, d.line)},"
                f"col={max(1, d.column)},title={title}::{message}\n"
            )
        stream.write(fit_to_stream(stream, "".join(lines)))
    stream.write(fit_to_stream(stream, f"skillctl: {summary_sentence(report)}\n"))
