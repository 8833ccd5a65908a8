"""The lint output formats, registered by name; ``skillctl lint --format`` picks one.

A format is a function ``write(report, stream, *, color=None) -> None`` in its own module
(``lint_text``, ``lint_json``, ``lint_sarif``, ``lint_github``, ``lint_junit``). Adding a
format means adding a module and one entry in :data:`FORMATTERS`; :data:`LINT_FORMATS`
lists the names in the order ``--help`` shows them.
"""

from __future__ import annotations

from typing import Protocol, TextIO

from skillctl.errors import UsageError
from skillctl.lint.result import LintReport
from skillctl.report import lint_github, lint_json, lint_junit, lint_sarif, lint_text


class Formatter(Protocol):
    """A lint output format: writes the whole report to the stream."""

    def __call__(
        self, report: LintReport, stream: TextIO, *, color: bool | None = None
    ) -> None: ...


FORMATTERS: dict[str, Formatter] = {
    "text": lint_text.write,
    "json": lint_json.write,
    "sarif": lint_sarif.write,
    "github": lint_github.write,
    "junit": lint_junit.write,
}

LINT_FORMATS: tuple[str, ...] = ("text", "json", "sarif", "github", "junit")


def write_lint_report(
    report: LintReport, fmt: str, stream: TextIO, *, color: bool | None = None
) -> None:
    """Write ``report`` to ``stream`` in the format named ``fmt``.

    ``color`` only matters for ``text``: True or False force colour on or off, None detects
    it (a terminal, and ``NO_COLOR`` unset). An unknown format raises :class:`UsageError`.
    """
    try:
        formatter = FORMATTERS[fmt]
    except KeyError:
        known = ", ".join(LINT_FORMATS)
        raise UsageError(f"unknown output format {fmt!r} (choose from {known})") from None
    formatter(report, stream, color=color)
