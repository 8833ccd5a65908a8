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

from typing import Any, TextIO

from skillctl.lint.result import JSON_VERSION, LintReport
from skillctl.report.jsontext import pieces
from skillctl.report.lint_common import encodable


def report_to_dict(report: LintReport) -> dict[str, Any]:
    """The JSON document for a report, as plain Python data."""
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
        "diagnostics": [d.to_dict() for d in report.diagnostics],
        "skills": skills,
        "fixes": fixes,
        "diff": report.diff,
        "summary": report.summary(),
    }


def write(report: LintReport, stream: TextIO, *, color: bool | None = None) -> None:
    """Write the report as JSON (``color`` is accepted for a uniform signature and ignored)."""
    del color
    data = report_to_dict(report)
    text = pieces(data, ensure_ascii=False, sort_keys=True)
    # e.g. an ASCII-only stdout: \u escapes keep it JSON
    if not all(encodable(stream, piece) for piece in text):
        text = pieces(data, ensure_ascii=True, sort_keys=True)
    for piece in text:
        stream.write(piece)
    stream.write("\n")
