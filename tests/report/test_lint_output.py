"""The format registry: names, errors, and which formats may load rich."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from skillctl.errors import UsageError
from skillctl.lint.result import LintReport
from skillctl.report.lint_output import FORMATTERS, LINT_FORMATS, write_lint_report
from tests.conftest import REPO
from tests.report.conftest import render, sample_report


def test_every_listed_format_is_registered() -> None:
    assert LINT_FORMATS == ("text", "concise", "json", "sarif", "github", "junit")
    assert set(FORMATTERS) == set(LINT_FORMATS)


def test_the_cli_offers_exactly_the_registered_formats() -> None:
    from skillctl.cli import lint as cli_lint

    assert cli_lint._FORMATS == LINT_FORMATS


def test_unknown_format_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match=r"unknown output format 'xml'.*junit"):
        write_lint_report(LintReport(results=()), "xml", io.StringIO())


@pytest.mark.parametrize("fmt", LINT_FORMATS)
def test_every_format_is_deterministic_and_ends_with_a_newline(fmt: str) -> None:
    first = render(fmt, sample_report())
    assert first == render(fmt, sample_report())
    assert first.endswith("\n")


@pytest.mark.parametrize("fmt", ["json", "sarif", "github", "junit"])
def test_machine_formats_ignore_color(fmt: str) -> None:
    assert render(fmt, sample_report(), color=True) == render(fmt, sample_report(), color=False)


def _modules_after(code: str) -> set[str]:
    script = (
        "import sys\n"
        "from tests.report.conftest import sample_report, render\n"
        f"{code}\n"
        "print(' '.join(sorted(m.split('.')[0] for m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=REPO)
    return set(done.stdout.split())


def test_only_coloured_text_loads_rich() -> None:
    plain = _modules_after("for f in ('text', 'json', 'sarif', 'github', 'junit'): "
                           "render(f, sample_report(), color=False)")
    assert "rich" not in plain
    coloured = _modules_after("render('text', sample_report(), color=True)")
    assert "rich" in coloured


def _ascii_output(fmt: str, color: bool = False) -> str:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", newline="\n")
    write_lint_report(sample_report(), fmt, stream, color=color)
    stream.flush()
    return raw.getvalue().decode("ascii")


@pytest.mark.parametrize("fmt", LINT_FORMATS)
def test_an_ascii_only_stream_gets_escapes_not_a_crash(fmt: str) -> None:
    out = _ascii_output(fmt)
    utf8 = render(fmt, sample_report())
    if fmt in ("json", "sarif"):
        assert json.loads(out) == json.loads(utf8)
    elif fmt == "junit":
        assert ET.tostring(ET.fromstring(out.encode())) == ET.tostring(
            ET.fromstring(utf8.encode()))
    else:
        assert "\\u2014 \\xfcn\\xefc\\xf6d\\xe9" in out


def test_an_ascii_only_terminal_in_colour() -> None:
    out = _ascii_output("text", color=True)
    assert "\x1b[" in out and "\\xfcn" in out
