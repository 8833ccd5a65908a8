"""``skillctl lint`` through the CLI: exit codes, formats, empty runs, file arguments."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from skillctl.cli.app import app

runner = CliRunner()
GOOD = "name: good\ndescription: Does good things. Use when the user asks for them.\n"


def _invoke(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["lint", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def test_clean_skill_exits_0(make_skill: Callable[..., Path]) -> None:
    code, out, _ = _invoke(make_skill("good", GOOD))
    assert code == 0, out
    assert "1 skill checked" in out


def test_errors_exit_1_with_path_line_column(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    make_skill("bad", "name: Bad\ndescription: Does things. Use when asked.\n")
    code, out, _ = _invoke(tmp_path, "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert data["version"] == 1
    diag = next(d for d in data["diagnostics"] if d["rule"] == "name-case")
    assert diag["line"] == 2 and diag["column"] == 7
    assert diag["path"].endswith("bad/SKILL.md")


def test_warnings_fail_only_with_strict(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("plain", "name: plain\ndescription: PDF tools.\n")
    assert _invoke(skill)[0] == 0
    assert _invoke(skill, "--strict")[0] == 1


def test_no_skill_found_is_exit_2_unless_allowed(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    code, _, err = _invoke(tmp_path / "empty")
    assert code == 2 and "no skill found" in err and "empty" in err
    code, _, _ = _invoke(tmp_path / "empty", "--allow-empty")
    assert code == 0


def test_no_skill_found_says_what_could_not_be_read(tmp_path: Path) -> None:
    (tmp_path / "tree" / "a").mkdir(parents=True)
    os.mkfifo(tmp_path / "tree" / "a" / "SKILL.md")
    code, _, err = _invoke(tmp_path / "tree")
    assert code == 2 and "no skill found" in err
    assert "not searched:" in err and "FIFO" in err


def test_min_skills(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    make_skill("good", GOOD)
    code, _, err = _invoke(tmp_path, "--min-skills", "2")
    assert code == 2 and "fewer than --min-skills 2" in err


def test_missing_path_unknown_agent_unknown_rule_are_exit_2(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill = make_skill("good", GOOD)
    assert _invoke(tmp_path / "nope")[0] == 2
    code, _, err = _invoke(skill, "--agent", "claude")
    assert code == 2 and "unknown agent" in err
    code, _, err = _invoke(skill, "--select", "name-cas")
    assert code == 2 and "did you mean 'name-case'" in err
    code, _, err = _invoke(skill, "--format", "xml")
    assert code == 2


def test_file_inside_a_skill_lints_that_skill(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("bad", "name: Bad\ndescription: Does things. Use when asked.\n")
    ref = skill / "references" / "notes.md"
    ref.parent.mkdir()
    ref.write_text("# notes\n")
    code, out, _ = _invoke(ref, "--format", "json")
    assert code == 1
    assert {d["rule"] for d in json.loads(out)["diagnostics"]} >= {"name-case"}


def test_select_ignore_comma_lists(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("bad", "name: Bad_x\ndescription: Does things. Use when asked.\n")
    _, out, _ = _invoke(skill, "--select", "name-case,name-charset", "--format", "json")
    # one bad name is one finding (issue 16): name-charset covers the uppercase letter too
    assert {d["rule"] for d in json.loads(out)["diagnostics"]} == {"name-charset"}
    _, out, _ = _invoke(skill, "--select", "name-case", "--format", "json")
    assert {d["rule"] for d in json.loads(out)["diagnostics"]} == {"name-case"}
    _, out, _ = _invoke(
        skill, "--ignore", "name-case", "--ignore", "name-charset", "--format", "json"
    )
    assert not {d["rule"] for d in json.loads(out)["diagnostics"]} & {"name-case", "name-charset"}


def test_agent_adds_agent_rules(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("compact", "name: compact\ndescription: Compacts notes. Use when asked.\n")
    _, out, _ = _invoke(skill, "--format", "json")
    assert "name-builtin" not in {d["rule"] for d in json.loads(out)["diagnostics"]}
    code, out, _ = _invoke(skill, "--agent", "claude-code", "--format", "json")
    assert code == 1
    assert "name-builtin" in {d["rule"] for d in json.loads(out)["diagnostics"]}


def test_parser_divergence_is_an_error_for_a_chosen_agent_that_drops_it(
    make_skill: Callable[..., Path],
) -> None:
    skill = make_skill("colon", "name: colon\ndescription: Formats. Use when: asked.\n")
    _, out, _ = _invoke(skill, "--select", "parser-divergence", "--format", "json")
    (diag,) = json.loads(out)["diagnostics"]
    assert diag["severity"] == "warning" and "Goose" in diag["message"]
    # (Codex 0.169.0 loads an unquoted ': ' since it quotes such values and retries)
    _, out, _ = _invoke(
        skill, "--select", "parser-divergence", "--agent", "goose", "--format", "json"
    )
    assert json.loads(out)["diagnostics"][0]["severity"] == "error"
    # no agent the user targets drops it: only a note (issue 16)
    _, out, _ = _invoke(
        skill, "--select", "parser-divergence", "--agent", "claude-code", "--format", "json"
    )
    assert json.loads(out)["diagnostics"][0]["severity"] == "info"


def test_baseline_via_cli(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    make_skill("bad", "name: Bad\ndescription: Does things. Use when asked.\n", root=tmp_path / "s")
    baseline = tmp_path / "baseline.json"
    code, _, err = _invoke(tmp_path / "s", "--baseline", baseline)
    assert code == 0 and "baseline written" in err and baseline.is_file()
    assert _invoke(tmp_path / "s", "--baseline", baseline)[0] == 0


def test_every_format_runs(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("bad", "name: Bad\ndescription: Does things. Use when asked.\n")
    for fmt in ("text", "json", "sarif", "github", "junit"):
        code, out, _ = _invoke(skill, "--format", fmt)
        assert code == 1 and out.strip(), fmt


def test_lint_dot_inside_the_skill_compares_the_resolved_dir_name(
    make_skill: Callable[..., Path], monkeypatch: object
) -> None:
    import os

    skill = make_skill("good", GOOD)
    old = os.getcwd()
    os.chdir(skill)
    try:
        code, out, _ = _invoke(".", "--format", "json")
    finally:
        os.chdir(old)
    assert code == 0, out
