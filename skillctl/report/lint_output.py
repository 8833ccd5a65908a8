"""The lint output formats, registered by name; ``skillctl lint --format`` picks one.

A format is a function ``write(report, stream, *, color=None) -> None`` in its own module
(``lint_text``, ``lint_concise``, ``lint_json``, ``lint_sarif``, ``lint_github``,
``lint_junit``); the formats for people also take ``quiet``, and ``lint_statistics`` replaces
them under ``--statistics``. Adding a
format means adding a module and one entry in :data:`FORMATTERS`; :data:`LINT_FORMATS`
lists the names in the order ``--help`` shows them. Only the module of the format asked for
is imported (SARIF's fingerprints alone would load OpenSSL's hashlib on every text run).
"""

from __future__ import annotations

from typing import Protocol, TextIO, cast

from skillctl.errors import UsageError
from skillctl.lint.result import LintReport


class Formatter(Protocol):
    """A lint output format: writes the whole report to the stream."""

    def __call__(
        self, report: LintReport, stream: TextIO, *, color: bool | None = None
    ) -> None: ...


#: Format name -> the module whose ``write`` function writes it.
FORMATTERS: dict[str, str] = {
    "text": "skillctl.report.lint_text",
    "json": "skillctl.report.lint_json",
    "sarif": "skillctl.report.lint_sarif",
    "github": "skillctl.report.lint_github",
    "junit": "skillctl.report.lint_junit",
    "concise": "skillctl.report.lint_concise",
}

LINT_FORMATS: tuple[str, ...] = ("text", "concise", "json", "sarif", "github", "junit")

#: The formats for people: they take ``quiet`` (only errors and the summary) and
#: ``--statistics`` replaces their findings with counts per rule. The others are stable,
#: versioned documents for machines and always hold every finding.
PEOPLE_FORMATS: tuple[str, ...] = ("text", "concise")


class PeopleFormatter(Protocol):
    """A format for people: like :class:`Formatter`, and it can show only the errors."""

    def __call__(
        self, report: LintReport, stream: TextIO, *, color: bool | None = None,
        quiet: bool = False,
    ) -> None: ...


def write_lint_report(
    report: LintReport,
    fmt: str,
    stream: TextIO,
    *,
    color: bool | None = None,
    quiet: bool = False,
    statistics: bool = False,
) -> None:
    """Write ``report`` to ``stream`` in the format named ``fmt``.

    ``color`` only matters for ``text``: True or False force colour on or off, None detects
    it (a terminal, and ``NO_COLOR`` unset). ``quiet`` shows only the errors and the summary,
    ``statistics`` counts per rule instead of the findings: both only in
    :data:`PEOPLE_FORMATS`. An unknown format, or ``quiet``/``statistics`` with another
    format, raises :class:`UsageError`.
    """
    write = formatter(fmt)
    if not (quiet or statistics):
        write(report, stream, color=color)
        return
    if fmt not in PEOPLE_FORMATS:
        flag = "--statistics" if statistics else "--quiet"
        raise UsageError(
            f"{flag} works with --format {' or '.join(PEOPLE_FORMATS)}, not {fmt!r} "
            "(machine formats always hold every finding)"
        )
    module = "skillctl.report.lint_statistics" if statistics else FORMATTERS[fmt]
    people = cast(PeopleFormatter, __import__(module, fromlist=["write"]).write)
    people(report, stream, color=color, quiet=quiet)


def formatter(fmt: str) -> Formatter:
    """The write function of the format named ``fmt``; :class:`UsageError` if unknown."""
    try:
        module = FORMATTERS[fmt]
    except KeyError:
        known = ", ".join(LINT_FORMATS)
        raise UsageError(f"unknown output format {fmt!r} (choose from {known})") from None
    # __import__ rather than importlib.import_module: only the former shows in -X importtime
    return cast(Formatter, __import__(module, fromlist=["write"]).write)
