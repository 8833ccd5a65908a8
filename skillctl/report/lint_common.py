"""Helpers shared by the lint output formats: colour detection, paths, grouping.

Nothing here imports rich or any third-party library.
"""

from __future__ import annotations

import codecs
import functools
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TextIO

from skillctl.lint.result import LintReport
from skillctl.model import DIAGNOSTIC_ORDER, Diagnostic, Severity
from skillctl.textsafe import printable as printable  # re-exported: its one home is textsafe


def use_color(stream: TextIO, color: bool | None = None) -> bool:
    """Whether to colour output written to ``stream``.

    ``color`` forces the answer when it is not None. Otherwise colour is used only when
    ``NO_COLOR`` is unset or empty (https://no-color.org) and ``stream`` is a terminal.
    """
    if color is not None:
        return color
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def encodable(stream: TextIO, text: str) -> bool:
    """True when ``stream`` can encode ``text`` (an ASCII or cp1252 console may not)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True  # an in-memory stream holds any text
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


#: Codecs that encode every valid Unicode text (lone surrogates aside).
_WHOLE_UNICODE = frozenset({"utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be",
                            "utf-32", "utf-32-le", "utf-32-be"})


def encodes_all_unicode(stream: TextIO) -> bool:
    """True when ``stream`` can encode any text without lone surrogates (an in-memory
    stream, UTF-8): a writer whose text is valid Unicode can then write as it goes."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        return codecs.lookup(encoding).name in _WHOLE_UNICODE
    except LookupError:
        return False


def all_encodable(stream: TextIO, texts: Iterable[str | None]) -> bool:
    """:func:`encodable` for every one of ``texts`` (None skipped), checked a few thousand
    at a time: what a writer asks before it writes a document as it makes it."""
    if not getattr(stream, "encoding", None):
        return True
    batch: list[str] = []
    for text in texts:
        if text is not None:
            batch.append(text)
            if len(batch) >= 4096:
                if not encodable(stream, "".join(batch)):
                    return False
                batch.clear()
    return encodable(stream, "".join(batch))


def fit_to_stream(stream: TextIO, text: str) -> str:
    """``text`` with characters the stream cannot encode written as backslash escapes."""
    if encodable(stream, text):
        return text
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        return text.encode("ascii", "backslashreplace").decode("ascii")


def repo_relative(path: str) -> str:
    """A path as a forward-slash path relative to the current directory where possible.

    Relative paths keep their form (minus a leading ``./``); absolute paths below the current
    directory become relative; other absolute paths stay absolute. Used by the formats that
    CI systems read (SARIF, GitHub annotations), which expect repository-relative paths.
    """
    # A report names each skill's file once per finding: work each path out once.
    return _repo_relative(path, os.getcwd())


@functools.lru_cache(maxsize=8192)
def _repo_relative(path: str, cwd: str) -> str:
    if os.sep == "/":  # the common cases with no Path: a plain relative path, or one below cwd
        below = cwd.rstrip("/") + "/"
        rest = path[len(below):] if path.startswith(below) else path
        if not rest.startswith("/") and _plain(rest):
            return rest
    text = path.replace("\\", "/") if os.sep == "\\" else path
    candidate = Path(text)
    if candidate.is_absolute():
        try:
            text = candidate.relative_to(cwd).as_posix()
        except ValueError:
            return candidate.as_posix()
    parts = PurePosixPath(text).parts
    while parts and parts[0] == ".":
        parts = parts[1:]
    return PurePosixPath(*parts).as_posix() if parts else "."


def _plain(relative: str) -> bool:
    """True when ``relative`` is already what PurePosixPath would make of it (no empty or
    ``.`` part)."""
    parts = relative.split("/")
    return "" not in parts and "." not in parts


def plural(count: int, word: str, plural_word: str | None = None) -> str:
    """``1 error``, ``2 errors``, ``0 errors``."""
    return f"{count} {word if count == 1 else (plural_word or word + 's')}"


def summary_sentence(report: LintReport) -> str:
    """The one-line summary shared by the text and GitHub formats.

    It always names how many skills were checked, so a run that checked nothing never
    reads like a success.
    """
    counts = report.summary()
    head = f"{plural(counts['skills'], 'skill')} checked"
    found = [plural(counts["errors"], "error"), plural(counts["warnings"], "warning")]
    if counts["info"]:
        found.append(f"{counts['info']} info")
    text = f"{head}: {', '.join(found)}"
    if counts["fixable"]:
        text += f" ({counts['fixable']} fixable with --fix)"
    if counts["fixed"]:
        verb = "would fix" if report.diff else "fixed"
        text += f"; {verb} {plural(counts['fixed'], 'problem')}"
    return text + "."


@dataclass(frozen=True, slots=True)
class SkillGroup:
    """One skill (or one stray path) with every finding that belongs to it, sorted."""

    name: str
    path: str
    diagnostics: tuple[Diagnostic, ...]

    def with_severity(self, *severities: Severity) -> list[Diagnostic]:
        """The findings of these severities, in order."""
        return [d for d in self.diagnostics if d.severity in severities]


def _belongs(diagnostic: Diagnostic, path: str, directory: str) -> bool:
    if diagnostic.path in (path, directory):
        return True
    prefix = directory.rstrip("/\\")
    return bool(prefix) and diagnostic.path.startswith((prefix + "/", prefix + "\\"))


def group_by_skill(report: LintReport) -> list[SkillGroup]:
    """Every linted skill with its findings, plus one group per path that matches no skill.

    Findings in ``report.extra`` (cross-skill rules, scan notes) join the skill whose entry
    file or directory they point into; the rest get a group named after their path. Groups
    are sorted by path.
    """
    groups: dict[str, tuple[str, list[Diagnostic]]] = {}
    owners: list[tuple[str, str]] = []
    for result in report.results:
        name = result.name or PurePosixPath(result.dir.replace("\\", "/")).name or result.path
        entry = groups.setdefault(result.path, (name, []))
        entry[1].extend(result.diagnostics)
        owners.append((result.path, result.dir))
    # The longest directory wins so that nested skills claim their own files.
    owners.sort(key=lambda item: len(item[1]), reverse=True)
    for diagnostic in report.extra:
        owner = next((p for p, d in owners if _belongs(diagnostic, p, d)), None)
        key = owner if owner is not None else diagnostic.path
        groups.setdefault(key, (diagnostic.path, []))[1].append(diagnostic)
    return [
        SkillGroup(name=name, path=path, diagnostics=tuple(sorted(found, key=DIAGNOSTIC_ORDER)))
        for path, (name, found) in sorted(groups.items())
    ]


def shown(report: LintReport, *, quiet: bool = False) -> list[Diagnostic]:
    """The findings a format for people shows: all of them, or only the errors (``--quiet``)."""
    found = report.diagnostics
    return [d for d in found if d.severity is Severity.ERROR] if quiet else found


def by_path(diagnostics: Iterable[Diagnostic]) -> list[tuple[str, list[Diagnostic]]]:
    """Sorted findings grouped by their path, paths in order."""
    grouped: dict[str, list[Diagnostic]] = {}
    for diagnostic in sorted(diagnostics, key=DIAGNOSTIC_ORDER):
        grouped.setdefault(diagnostic.path, []).append(diagnostic)
    return sorted(grouped.items())
