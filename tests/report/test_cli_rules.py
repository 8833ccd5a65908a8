"""``skillctl rules`` against the real rule registry."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from skillctl.cli.app import app
from skillctl.lint.registry import all_rules

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["rules", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_lists_every_rule() -> None:
    code, out, err = run()
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["RULE", "CATEGORY", "SEVERITY", "FIX", "AGENTS", "SUMMARY"]
    listed = [line.split()[0] for line in lines[1:] if line and not line.startswith(
        tuple("0123456789"))]
    ids = [r.id for r in all_rules()]
    assert listed == ids
    assert len(ids) >= 40
    # the minimum rule set is there
    for rule_id in ("yaml-colon", "parser-divergence", "name-case", "crlf", "bom",
                    "broken-reference", "script-not-executable", "duplicate-name"):
        assert rule_id in ids
    assert lines[-1] == f"{len(ids)} rules; `skillctl rules ID` explains one."


def test_fixable_rules_are_marked() -> None:
    _, out, _ = run()
    rows = {line.split()[0]: line.split() for line in out.splitlines()[1:] if line.strip()}
    for rule in all_rules():
        assert rows[rule.id][1] == rule.category
        assert rows[rule.id][2] == rule.default_severity.value
        assert rows[rule.id][3] == ("yes" if rule.fixable else "-")


def test_json_catalog() -> None:
    code, out, _ = run("--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["version"] == 1
    assert data["rules"] == [r.to_dict() for r in all_rules()]
    first = data["rules"][0]
    assert set(first) >= {"id", "default_severity", "agents", "source", "fixable", "doc",
                          "category"}


def test_one_rule() -> None:
    code, out, err = run("yaml-colon")
    assert code == 0 and err == ""
    assert out.startswith("yaml-colon\n\n  category: agent\n  severity: ")
    doc = next(r.doc for r in all_rules() if r.id == "yaml-colon")
    assert out.rstrip("\n").endswith(doc.strip())


def test_one_rule_as_json() -> None:
    code, out, _ = run("crlf", "--format", "json")
    assert code == 0
    (rule,) = json.loads(out)["rules"]
    assert rule["id"] == "crlf"


def test_unknown_rule_exits_2_with_a_suggestion() -> None:
    code, out, err = run("name-cse")
    assert code == 2 and out == ""
    assert "unknown rule 'name-cse'" in err and "name-case" in err


def test_unknown_format_is_a_usage_error() -> None:
    result = runner.invoke(app, ["rules", "--format", "xml"])
    assert result.exit_code == 2
    assert "xml" in result.stderr
