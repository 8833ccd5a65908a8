"""Configuration: discovery by walking up, validation, select/ignore, severities, options."""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl.errors import ConfigError, UsageError
from skillctl.lint.config import find_config, resolve_config
from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Severity

BAD_NAME = "name: Bad_Name\ndescription: Does things. Use when asked.\n"


def _rules(report_paths: tuple[Path, ...], **kwargs: object) -> set[str]:
    report = lint_paths(LintOptions(paths=report_paths, use_cache=False, **kwargs))  # type: ignore[arg-type]
    return {d.rule for d in report.diagnostics}


def test_config_found_by_walking_up_from_pyproject(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.skillctl]\nignore = ["name-case"]\n'
    )
    skill = make_skill("deep", BAD_NAME, root=tmp_path / "a" / "b")
    assert find_config(skill) == tmp_path / "pyproject.toml"
    rules = _rules((skill,))
    assert "name-case" not in rules
    assert "name-charset" in rules


def test_pyproject_without_table_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    (tmp_path / "sub").mkdir()
    assert (
        find_config(tmp_path / "sub") is None
        or find_config(tmp_path / "sub") != tmp_path / "pyproject.toml"
    )


def test_skillctl_toml_top_level_keys(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    (tmp_path / "skillctl.toml").write_text('select = ["name-case"]\n')
    skill = make_skill("bad", BAD_NAME)
    assert _rules((skill,)) == {"name-case"}


def test_unknown_key_is_a_config_error_with_file_and_key(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text('ignroe = ["crlf"]\n')
    with pytest.raises(ConfigError) as exc:
        resolve_config(start=tmp_path)
    assert "skillctl.toml" in str(exc.value)
    assert "'ignroe'" in str(exc.value) and "did you mean 'ignore'" in str(exc.value)
    assert exc.value.exit_code == 2


def test_unknown_rule_id_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text('[severity]\nname-cas = "warning"\n')
    with pytest.raises(ConfigError, match="did you mean 'name-case'"):
        resolve_config(start=tmp_path)


def test_bad_severity_and_agent_values(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text('[severity]\ncrlf = "fatal"\n')
    with pytest.raises(ConfigError, match=r"severity\.crlf"):
        resolve_config(start=tmp_path)
    (tmp_path / "skillctl.toml").write_text('agents = ["claude"]\n')
    with pytest.raises(ConfigError, match="unknown agent 'claude'"):
        resolve_config(start=tmp_path)


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text("select = [\n")
    with pytest.raises(ConfigError, match="invalid TOML"):
        resolve_config(start=tmp_path)


def _lint_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``skillctl lint`` as installed, in its own process (the config walk starts at cwd)."""
    return subprocess.run(
        [sys.executable, "-m", "skillctl", "lint", "--no-cache", *args],
        capture_output=True, text=True, cwd=cwd, timeout=60,
    )


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # [tool.skillctl] with a typo: its settings were silently lost
        ('[project]\nname = "x"\n\n[tool.skillctl]\nselect = ["crlf"\nignore = []\n', ":6:1:"),
        # no [tool.skillctl] that TOML could see: still an error, as in ruff
        ('[project]\nname = "x\n', ":2:10:"),
        ("[tool.skillctl]\nselect = [\n", ":2: invalid TOML: Invalid value at the end"),
    ],
)
def test_invalid_pyproject_on_the_walk_is_exit_2_with_file_and_line(
    tmp_path: Path, make_skill: Callable[..., Path], text: str, where: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    make_skill("fine", root=tmp_path / "skills")
    result = _lint_cli("skills", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert f"{tmp_path / 'pyproject.toml'}{where}" in result.stderr
    assert "--config" in result.stderr  # how to get past a file that is not yours to fix
    assert "Traceback" not in result.stderr


def test_invalid_pyproject_beyond_the_config_found_is_not_read(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    (tmp_path / "pyproject.toml").write_text("[broken\n")
    (tmp_path / "project" / "skillctl.toml").parent.mkdir()
    (tmp_path / "project" / "skillctl.toml").write_text('ignore = ["name-case"]\n')
    make_skill("fine", root=tmp_path / "project" / "skills")
    assert _lint_cli("skills", cwd=tmp_path / "project").returncode == 0
    # --config names the file: the broken one on the way up is not looked at either
    make_skill("other", root=tmp_path / "skills")
    explicit = _lint_cli("--config", "project/skillctl.toml", "skills", cwd=tmp_path)
    assert explicit.returncode == 0, explicit.stderr


def test_pyproject_that_is_not_utf8_is_exit_2(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    (tmp_path / "pyproject.toml").write_bytes(b'[tool.skillctl]\nignore = ["caf\xe9"]\n')
    make_skill("fine", root=tmp_path / "skills")
    result = _lint_cli("skills", cwd=tmp_path)
    assert result.returncode == 2
    assert f"{tmp_path / 'pyproject.toml'}: cannot read config file: not UTF-8" in result.stderr


def test_invalid_skillctl_toml_gives_the_line(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text('select = ["crlf"]\nstrict = tru\n')
    with pytest.raises(ConfigError) as exc:
        resolve_config(start=tmp_path)
    assert str(exc.value).startswith(f"{tmp_path / 'skillctl.toml'}:2:10: invalid TOML: ")
    assert exc.value.exit_code == 2


def test_cli_unknown_rule_and_agent_are_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="did you mean 'crlf'"):
        resolve_config(start=tmp_path, select=["crfl"])
    with pytest.raises(UsageError, match="unknown agent"):
        resolve_config(start=tmp_path, agents=["nope"])


def test_severity_override_and_off(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    (tmp_path / "skillctl.toml").write_text(
        '[severity]\nname-case = "warning"\nname-charset = "off"\n'
    )
    skill = make_skill("bad", BAD_NAME)
    report = lint_paths(LintOptions(paths=(skill,), use_cache=False))
    by_rule = {d.rule: d.severity for d in report.diagnostics}
    assert by_rule["name-case"] is Severity.WARNING
    assert "name-charset" not in by_rule


def test_per_path_ignores(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    (tmp_path / "skillctl.toml").write_text('[per-path-ignores]\n"legacy/**" = ["name-case"]\n')
    # only the case is wrong, so name-case (not name-charset) reports it (issue 16)
    only_case = "name: Bad\ndescription: Does things. Use when asked.\n"
    old = make_skill("bad", only_case, root=tmp_path / "legacy")
    new = make_skill("bad", only_case, root=tmp_path / "current")
    assert "name-case" not in _rules((old,))
    assert "name-case" in _rules((new,))


def test_rule_options_change_thresholds(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    skill = make_skill("long-body", body="line\n" * 30)
    assert "body-too-long" not in _rules((skill,))
    (tmp_path / "skillctl.toml").write_text("max-body-lines = 20\n")
    assert "body-too-long" in _rules((skill,))
    (tmp_path / "skillctl.toml").write_text('max-body-lines = "many"\n')
    with pytest.raises(ConfigError, match="max-body-lines"):
        resolve_config(start=skill)


def test_unicode_names_option(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    skill = make_skill("навык", "name: навык\ndescription: Does things. Use when asked.\n")
    assert "name-charset" in _rules((skill,))
    (tmp_path / "skillctl.toml").write_text("unicode-names = true\n")
    assert "name-charset" not in _rules((skill,))


def test_extra_fields_option(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    skill = make_skill(
        "team", "name: team\ndescription: Does things. Use when asked.\nx-team: core\n"
    )
    assert "unknown-field" in _rules((skill,))
    (tmp_path / "skillctl.toml").write_text('extra-fields = ["x-team"]\n')
    assert "unknown-field" not in _rules((skill,))


def test_cli_options_override_the_file(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text(
        'agents = ["codex"]\nselect = ["crlf"]\nignore = ["bom"]\n'
    )
    config = resolve_config(start=tmp_path, agents=["amp"], select=["name-case"], ignore=["crlf"])
    assert config.agents == ("amp",)
    assert config.select == ("name-case",)
    assert config.ignore == ("bom", "crlf")


def test_resolved_config_is_picklable_with_a_stable_fingerprint(tmp_path: Path) -> None:
    (tmp_path / "skillctl.toml").write_text('agents = ["codex"]\nmax-body-lines = 10\n')
    one = resolve_config(start=tmp_path)
    two = resolve_config(start=tmp_path)
    assert one.fingerprint() == two.fingerprint()
    assert pickle.loads(pickle.dumps(one)) == one
    other = resolve_config(start=tmp_path, ignore=["crlf"])
    assert other.fingerprint() != one.fingerprint()


def test_inline_suppression_comment(make_skill: Callable[..., Path]) -> None:
    skill = make_skill(
        "bad",
        "name: Bad_Name  # skillctl: ignore[name-case, name-charset]\n"
        "description: Does things. Use when asked.\n",
    )
    rules = _rules((skill,))
    assert "name-case" not in rules and "name-charset" not in rules
    assert "name-dir-mismatch" in rules


def test_inline_suppression_of_everything(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("bad", "# skillctl: ignore\n" + BAD_NAME)
    assert _rules((skill,)) == set()


def test_an_empty_select_list_runs_every_rule(tmp_path: Path) -> None:
    skill = tmp_path / "Bad"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: Bad\ndescription: d\n---\nbody\n")
    (tmp_path / "skillctl.toml").write_text("select = []\n")
    report = lint_paths(LintOptions(paths=(tmp_path,), use_cache=False))
    assert "name-case" in {d.rule for d in report.diagnostics}
