"""``skillctl lint --format json``: the versioned, machine-readable report.

The shape (version 1; keys are sorted in the output, lists are sorted as described)::

    {
      "version": 1,
      "diagnostics": [            # sorted by path, line, column, rule, message
        {
          "path": "skills/pdf/SKILL.md",   # as the user named it
          "line": 3,                       # 1-based
          "column": 7,                     # 1-based
          "rule": "name-case",
          "severity": "error",             # "error" | "warning" | "info"
          "message": "name \"PDF\" must be lowercase",
          "fixable": false,                # true when --fix can repair it
          "hint": "rename it to \"pdf\""   # or null
        }
      ],
      "skills": [                 # every skill linted, sorted by path
        {"path": "skills/pdf/SKILL.md", "dir": "skills/pdf", "name": "pdf"}
      ],
      "fixes": [                  # what --fix changed (or --diff would change), sorted
        {"path": "skills/pdf/SKILL.md", "rule": "crlf", "description": "..."}
      ],
      "diff": "",                 # the unified diff of --diff, "" when none
      "summary": {"skills": 1, "errors": 1, "warnings": 0, "info": 0,
                  "fixable": 0, "fixed": 0}
    }

Text is written as UTF-8 characters (``ensure_ascii=False``; ``\\u`` escapes only when the
stream cannot encode them), indented by two spaces, with a trailing newline. Never goes
through rich.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TextIO

from skillctl.lint.result import JSON_VERSION, LintReport
from skillctl.model import Diagnostic
from skillctl.report.jsontext import emit, quoter
from skillctl.report.lint_common import all_encodable


def report_to_dict(
    report: LintReport, *, diagnostics: list[Any] | None = None
) -> dict[str, Any]:
    """The JSON document for a report, as plain Python data (``diagnostics`` in place of
    the findings' dicts, when given)."""
    skills = sorted(
        ({"path": r.path, "dir": r.dir, "name": r.name} for r in report.results),
        key=lambda item: (item["path"] or "", item["dir"] or ""),
    )
    fixes = sorted(
        ({"path": f.path, "rule": f.rule, "description": f.description} for f in report.fixes),
        key=lambda item: (item["path"], item["rule"], item["description"]),
    )
    return {
        "version": JSON_VERSION,
        "diagnostics": (
            [d.to_dict() for d in report.diagnostics] if diagnostics is None else diagnostics
        ),
        "skills": skills,
        "fixes": fixes,
        "diff": report.diff,
        "summary": report.summary(),
    }


#: Stands for the findings in the document's text, which is cut there to write them one by one.
_FINDINGS_HERE = "\0diagnostics\0"
#: The indentation of a finding's members: findings sit two levels deep.
_IN = "\n      "


def _texts(report: LintReport, diagnostics: list[Diagnostic]) -> Iterator[str | None]:
    """Every text of the document but its keys (which are ASCII)."""
    for diagnostic in diagnostics:
        yield diagnostic.path
        yield diagnostic.rule
        yield diagnostic.message
        yield diagnostic.hint
    for result in report.results:
        yield result.path
        yield result.dir
        yield result.name
    for fix in report.fixes:
        yield fix.path
        yield fix.rule
        yield fix.description
    yield report.diff


def write(report: LintReport, stream: TextIO, *, color: bool | None = None) -> None:
    """Write the report as JSON (``color`` is accepted for a uniform signature and ignored).

    The text is what :func:`report_to_dict` written as indented JSON with sorted keys gives,
    byte for byte (a property test checks it), each finding written from a template and
    handed to the stream as it is made: no dict per finding, no copy of the whole text.
    """
    del color
    # e.g. an ASCII-only stdout: \u escapes keep it JSON
    diagnostics = report.diagnostics
    ensure_ascii = not all_encodable(stream, _texts(report, diagnostics))
    quote = quoter(ensure_ascii=ensure_ascii)
    data = report_to_dict(report, diagnostics=[_FINDINGS_HERE] if diagnostics else [])
    if not diagnostics:
        emit(data, stream.write, ensure_ascii=ensure_ascii, sort_keys=True)
        stream.write("\n")
        return
    text: list[str] = []
    emit(data, text.append, ensure_ascii=ensure_ascii, sort_keys=True)
    head, tail = "".join(text).split(quote(_FINDINGS_HERE))
    del text
    stream.write(head)
    batch: list[str] = []
    between = "{"
    for d in diagnostics:
        hint = "null" if d.hint is None else quote(d.hint)
        batch.append(
            f'{between}{_IN}"column": {d.column},{_IN}"fixable": '
            f'{"true" if d.fixable else "false"},{_IN}"hint": {hint},{_IN}"line": {d.line},'
            f'{_IN}"message": {quote(d.message)},{_IN}"path": {quote(d.path)},{_IN}"rule": '
            f'{quote(d.rule)},{_IN}"severity": {quote(d.severity.value)}\n    }}'
        )
        between = ",\n    {"
        if len(batch) >= 512:
            stream.write("".join(batch))
            batch.clear()
    stream.write("".join(batch))
    stream.write(tail)
    stream.write("\n")
