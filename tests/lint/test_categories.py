"""Rule categories: every rule has one, and a category name selects or ignores all its rules."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from skillctl.errors import ConfigError, UsageError
from skillctl.lint.config import resolve_config
from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.registry import CATEGORIES, all_rules, expand_selector
from skillctl.model import Severity

#: A skill with findings in three categories: spec (name-case), content (home-path), and
#: file (crlf, written below with CRLF line endings).
FRONTMATTER = "name: Bad-Name\ndescription: Formats SQL. Use when asked to format SQL.\n"
BODY = "# Title\n\nRead /home/alice/notes.txt first.\n"

runner = CliRunner()


def _skill(make_skill: Callable[..., Path], name: str = "bad", root: Path | None = None) -> Path:
    text = f"---\n{FRONTMATTER}---\n{BODY}".replace("\n", "\r\n")
    return make_skill(name, raw=text.encode(), root=root)


def _found(paths: tuple[Path, ...], **kwargs: object) -> dict[str, Severity]:
    report = lint_paths(LintOptions(paths=paths, use_cache=False, **kwargs))  # type: ignore[arg-type]
    return {d.rule: d.severity for d in report.diagnostics}


def _category(rule_id: str) -> str:
    return next(r.category for r in all_rules() if r.id == rule_id)


def test_every_rule_has_a_known_category_and_no_id_is_a_category() -> None:
    rules = all_rules()
    assert rules
    assert all(r.category in CATEGORIES for r in rules)
    assert not {r.id for r in rules} & set(CATEGORIES)
    assert not {a for r in rules for a in r.aliases} & set(CATEGORIES)
    assert "security" in CATEGORIES
    # the categories of the existing rules: none left empty by the taxonomy
    used = {r.category for r in rules}
    assert used >= {"file", "spec", "agent", "content", "reference", "script", "run"}


def test_category_expands_to_its_rules_and_ids_still_work() -> None:
    spec = expand_selector("spec")
    assert "name-case" in spec and "crlf" not in spec
    assert spec == tuple(sorted(r.id for r in all_rules() if r.category == "spec"))
    assert expand_selector("crlf") == ("crlf",)


def test_unknown_category_suggests_the_close_one() -> None:
    with pytest.raises(UsageError, match="did you mean 'security'"):
        expand_selector("securty")


def test_the_skill_has_findings_in_three_categories(make_skill: Callable[..., Path]) -> None:
    found = _found((_skill(make_skill),))
    assert {_category(rule) for rule in found} >= {"spec", "content", "file"}


def test_cli_select_and_ignore_take_a_category(make_skill: Callable[..., Path]) -> None:
    skill = _skill(make_skill)
    result = runner.invoke(app, ["lint", "--select", "spec", "--format", "json", "--no-cache",
                                 str(skill)], catch_exceptions=False)
    rules = {d["rule"] for d in json.loads(result.stdout)["diagnostics"]}
    assert rules and {_category(r) for r in rules} == {"spec"}

    result = runner.invoke(app, ["lint", "--ignore", "spec,file", "--format", "json",
                                 "--no-cache", str(skill)], catch_exceptions=False)
    rules = {d["rule"] for d in json.loads(result.stdout)["diagnostics"]}
    assert "home-path" in rules
    assert not {_category(r) for r in rules} & {"spec", "file"}


def test_cli_unknown_category_exits_2(make_skill: Callable[..., Path]) -> None:
    result = runner.invoke(app, ["lint", "--select", "securty", str(_skill(make_skill))])
    assert result.exit_code == 2
    assert "did you mean 'security'" in result.stderr


def test_config_select_ignore_and_severity_take_a_category(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    (tmp_path / "skillctl.toml").write_text(
        'select = ["spec", "content"]\nignore = ["name-dir-mismatch"]\n\n'
        '[severity]\ncontent = "error"\nhome-path = "info"\nspec = "off"\nname-case = "warning"\n'
    )
    found = _found((_skill(make_skill),))
    # spec is off except name-case, which is named on its own; content rules are errors
    # except home-path, named on its own
    assert found["name-case"] is Severity.WARNING
    assert found["home-path"] is Severity.INFO
    assert {_category(r) for r in found} <= {"spec", "content"}
    assert [r for r in found if _category(r) == "spec"] == ["name-case"]


def test_config_per_path_ignores_take_a_category(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    (tmp_path / "skillctl.toml").write_text('[per-path-ignores]\n"legacy/**" = ["spec"]\n')
    legacy = _skill(make_skill, "old", root=tmp_path / "legacy")
    fresh = _skill(make_skill, "new", root=tmp_path / "fresh")
    assert "name-case" not in _found((legacy,))
    assert "crlf" in _found((legacy,))
    assert "name-case" in _found((fresh,))


def test_config_unknown_category_names_file_and_key(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text('ignore = ["contnet"]\n')
    with pytest.raises(ConfigError) as exc:
        resolve_config(start=tmp_path)
    message = str(exc.value)
    assert "skillctl.toml" in message and "ignore" in message and "'content'" in message


def test_rules_json_and_text_show_the_category() -> None:
    result = runner.invoke(app, ["rules", "--format", "json"], catch_exceptions=False)
    data = json.loads(result.stdout)
    assert data["version"] == 1
    assert all(rule["category"] in CATEGORIES for rule in data["rules"])

    result = runner.invoke(app, ["rules", "script"], catch_exceptions=False)
    lines = result.stdout.splitlines()
    listed = [line.split()[0] for line in lines[1:] if line and not line[0].isdigit()]
    assert listed == [r.id for r in all_rules() if r.category == "script"]
    assert all(line.split()[1] == "script" for line in lines[1:len(listed) + 1])


def test_every_rule_summary_is_a_whole_sentence() -> None:
    """A summary is the docstring's first paragraph, however the source wraps it: four once
    stopped at the end of their first source line, mid-sentence."""
    cut = {r.id: r.summary for r in all_rules() if not r.summary.endswith((".", ")", "`"))}
    assert cut == {}
