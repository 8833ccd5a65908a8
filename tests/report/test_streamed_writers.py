"""The JSON and SARIF writers write each finding from a template, as they go: their text is
exactly the reference document (``report_to_dict`` / ``report_to_sarif``) written as indented
JSON, for any finding, on any stream (UTF-8, ASCII-only, in memory)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.lint.result import FixRecord, LintReport, SkillResult
from skillctl.model import Diagnostic, Severity
from skillctl.report import lint_json, lint_sarif
from tests.report.conftest import RULES

#: Any character; of the lone surrogates, those a file name's undecodable bytes become
#: (surrogateescape), the only ones a report holds (others make SARIF's fingerprint raise,
#: before and after the writers were templated).
_TEXT = st.text(
    alphabet=st.characters(codec=None, min_codepoint=0, exclude_categories=("Cs",))
    | st.sampled_from(["\udc80", "\udcff"]),
    max_size=12,
)
_PATHS = st.sampled_from([
    "skills/pdf/SKILL.md", "./skills/a b/SKILL.md", "/abs/olé/SKILL.md", "x/bad\udcff/SKILL.md",
    "skills/pdf/scripts/run.sh", "deep/./x/SKILL.md",
])
_DIAGNOSTICS = st.builds(
    Diagnostic,
    path=_PATHS,
    line=st.integers(min_value=-1, max_value=9),
    column=st.integers(min_value=-1, max_value=9),
    rule=st.sampled_from(["name-case", "yaml-colon", "not-described", "é-rule"]),
    message=_TEXT,
    severity=st.sampled_from(list(Severity)),
    fixable=st.booleans(),
    hint=st.none() | _TEXT,
)


@st.composite
def reports(draw: st.DrawFn) -> LintReport:
    diagnostics = draw(st.lists(_DIAGNOSTICS, max_size=8))
    # repeats of one finding get their own fingerprint counter
    diagnostics += diagnostics[: draw(st.integers(min_value=0, max_value=2))]
    results = tuple(
        SkillResult(path, path.rsplit("/", 1)[0], draw(st.none() | _TEXT),
                    tuple(d for d in diagnostics if d.path == path))
        for path in sorted({d.path for d in diagnostics} | {"skills/pdf/SKILL.md"})
    )
    fixes = tuple(draw(st.lists(st.builds(FixRecord, _PATHS, st.just("crlf"), _TEXT),
                                max_size=2)))
    return LintReport(results=results, fixes=fixes, diff=draw(_TEXT), rules=RULES)


def _stream(encoding: str | None) -> io.TextIOBase:
    if encoding is None:
        return io.StringIO()
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict", newline="")


def _written(stream: io.TextIOBase) -> str:
    if isinstance(stream, io.StringIO):
        return stream.getvalue()
    assert isinstance(stream, io.TextIOWrapper)
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode(stream.encoding)


def _reference(document: object, stream: io.TextIOBase, *, sort_keys: bool) -> str:
    """The document as json.dumps writes it, in \\u escapes if the stream cannot take it."""
    text = json.dumps(document, indent=2, ensure_ascii=False, sort_keys=sort_keys)
    encoding = getattr(stream, "encoding", None)
    if isinstance(stream, io.TextIOWrapper) and encoding:
        try:
            text.encode(encoding)
        except UnicodeEncodeError:
            text = json.dumps(document, indent=2, ensure_ascii=True, sort_keys=sort_keys)
    return text + "\n"


@settings(max_examples=300, deadline=None)
@given(reports(), st.sampled_from([None, "utf-8", "ascii", "latin-1"]))
def test_json_is_the_reference_document(report: LintReport, encoding: str | None) -> None:
    stream = _stream(encoding)
    lint_json.write(report, stream)  # type: ignore[arg-type]
    expected = _reference(lint_json.report_to_dict(report), stream, sort_keys=True)
    assert _written(stream) == expected


@settings(max_examples=300, deadline=None)
@given(reports(), st.sampled_from([None, "utf-8", "ascii", "cp1252"]))
def test_sarif_is_the_reference_log(report: LintReport, encoding: str | None) -> None:
    stream = _stream(encoding)
    lint_sarif.write(report, stream)  # type: ignore[arg-type]
    expected = _reference(lint_sarif.report_to_sarif(report), stream, sort_keys=False)
    assert _written(stream) == expected


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_an_empty_report_is_the_reference_too(fmt: str) -> None:
    module = lint_json if fmt == "json" else lint_sarif
    report = LintReport(results=(), rules=RULES)
    stream = io.StringIO()
    module.write(report, stream)
    document = (lint_json.report_to_dict(report) if fmt == "json"
                else lint_sarif.report_to_sarif(report))
    assert stream.getvalue() == json.dumps(
        document, indent=2, ensure_ascii=False, sort_keys=fmt == "json") + "\n"


def test_a_finding_below_the_current_directory_is_relative(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = str(tmp_path / "skills" / "pdf" / "SKILL.md")
    diagnostic = Diagnostic(path, 2, 1, "name-case", "m", Severity.ERROR)
    report = LintReport(results=(SkillResult(path, str(Path(path).parent), "pdf",
                                             (diagnostic,)),), rules=RULES)
    stream = io.StringIO()
    lint_sarif.write(report, stream)
    assert stream.getvalue() == json.dumps(lint_sarif.report_to_sarif(report), indent=2,
                                           ensure_ascii=False) + "\n"
    assert '"uri": "skills/pdf/SKILL.md"' in stream.getvalue()


class _Discard(io.TextIOBase):
    """A UTF-8 stream that keeps nothing (what the writer holds is then its own)."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)


def test_the_sarif_writer_does_not_hold_every_message() -> None:
    """Each finding's fingerprint counter is kept by digest: counting by the key (rule, file
    and message) held every message of the log at once, 49 MB at 15,000 real skills."""
    import tracemalloc

    long = "x" * 20_000
    diagnostics = tuple(
        Diagnostic(f"skills/s{n}/SKILL.md", 1, 1, "name-case", f"{n} {long}", Severity.ERROR)
        for n in range(500)
    )
    report = LintReport(results=tuple(
        SkillResult(d.path, d.path.rsplit("/", 1)[0], "s", (d,)) for d in diagnostics
    ), rules=RULES)
    messages = sum(len(d.message) for d in diagnostics)  # 10 MB
    tracemalloc.start()
    try:
        lint_sarif.write(report, _Discard())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < messages / 4
