"""Skill bodies: Claude Code's substitution order, other agents' forms, wrappers, inline shell."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from skillctl.render.body import claude_substitute, split_arguments
from tests.conftest import write_skill
from tests.render.conftest import run


def sub(text: str, args: str | None, names: tuple[str, ...] = ()) -> str:
    return claude_substitute(text, args, list(names))[0]


def test_arguments_split_shell_style() -> None:
    assert split_arguments('a "b c" \'d e\'') == ["a", "b c", "d e"]
    assert split_arguments('unbalanced "quote') == ["unbalanced", '"quote']


def test_every_claude_form() -> None:
    assert sub("all: $ARGUMENTS", "x y") == "all: x y"
    assert sub("$ARGUMENTS[0]/$ARGUMENTS[1]", 'one "two words"') == "one/two words"
    assert sub("$0 and $1", "a b") == "a and b"
    assert sub("$file to $dest", "in.txt out.txt", ("file", "dest")) == "in.txt to out.txt"


def test_unmatched_indexes_stay_literal_and_missing_names_become_empty() -> None:
    assert sub("$ARGUMENTS[3] $5 $0", "only") == "$ARGUMENTS[3] $5 only"
    assert sub("[$who]", "", ("who",)) == "[]"


def test_longest_name_first_and_no_partial_names() -> None:
    assert sub("$file $filename", "a b", ("file", "filename")) == "a b"
    assert sub("$files $file[0]", "a", ("file",)) == "$files $file[0]\n\nARGUMENTS: a"


def test_escapes_and_values_are_not_rescanned() -> None:
    assert sub(r"\$ARGUMENTS costs \$0 but $ARGUMENTS", "5") == "$ARGUMENTS costs $0 but 5"
    assert sub("$0 and $1", "$1 x") == "$1 and x"


def test_arguments_line_is_appended_only_when_nothing_was_substituted() -> None:
    assert sub("Plain body.", "a b") == "Plain body.\n\nARGUMENTS: a b"
    assert sub("Plain body.", "") == "Plain body."
    assert sub("Uses $0.", "a") == "Uses a."
    assert sub("No args $ARGUMENTS", None) == "No args $ARGUMENTS"


def test_rewrite_inside_a_code_fence_is_reported() -> None:
    text = "Run:\n\n```sh\nawk '{print $0}' file\n```\n\nwith $ARGUMENTS\n"
    out, fences = claude_substitute(text, "x", [])
    assert "awk '{print x}'" in out and fences == [3]


def skill_with(tmp_path: Path, body: str, fm: str = "") -> Path:
    return write_skill(tmp_path, "demo", f"name: demo\ndescription: Demo skill.\n{fm}", body=body)


def test_claude_wrapper_variables_and_fence_warning(tmp_path: Path, runner: CliRunner) -> None:
    skill = skill_with(tmp_path, "Dir ${CLAUDE_SKILL_DIR} session ${CLAUDE_SESSION_ID}\n"
                       "```\necho $1\n```\n", fm="arguments: [topic]\n")
    code, out, err = run(runner, "render", "--skill", str(skill), "--args", "a b")
    assert code == 0
    assert out.startswith(f"Base directory for this skill: {skill}\n\n")
    assert f"Dir {skill} session <session-id>" in out and "echo b" in out
    assert "code fence" in err


def test_other_agents_wrappers(tmp_path: Path, runner: CliRunner) -> None:
    skill = skill_with(tmp_path, "Use {baseDir}/x with {{arguments}}.\n")
    _, out, _ = run(runner, "render", "--skill", str(skill), "--agent", "amp", "--args", "q")
    assert out.startswith('<loaded_skill name="demo">\n# demo Skill\n\n')
    assert f"Use {skill}/x with q." in out
    _, out, _ = run(runner, "render", "--skill", str(skill), "--agent", "opencode")
    assert out.startswith('<skill_content name="demo">\n# Skill: demo\n\n')
    assert f"Base directory for this skill: {skill.as_uri()}" in out
    _, out, _ = run(runner, "render", "--skill", str(skill), "--agent", "goose")
    assert out.startswith("# Loaded Skill: demo (skill)\n\nDemo skill.\n\n## Content\n\n")


def test_inline_shell_is_shown_not_run(tmp_path: Path, runner: CliRunner) -> None:
    skill = skill_with(tmp_path, "Status: !`touch ran.txt`\n")
    code, out, err = run(runner, "render", "--skill", str(skill))
    assert code == 0 and "!`touch ran.txt`" in out and "not run" in err
    assert not (skill / "ran.txt").exists()


def test_exec_runs_in_the_project_dir(tmp_path: Path, runner: CliRunner) -> None:
    """Claude Code runs inline shell with its Bash tool in the session's folder, not in the
    skill's (verified with 2.1.332: the command's file appeared in the project)."""
    skill = skill_with(tmp_path, "Here: !`basename \"$PWD\"`\n\n```!\necho fenced\n```\n")
    project = tmp_path / "the-project"
    project.mkdir()
    code, out, err = run(runner, "render", "--skill", str(skill), "--exec",
                         "--project", str(project))
    assert code == 0
    assert "Here: the-project" in out and "fenced" in out and "```!" not in out
    assert "exited with status 0" in err


def test_exec_reports_a_failing_command(tmp_path: Path, runner: CliRunner) -> None:
    skill = skill_with(tmp_path, "Result: !`echo oops >&2; exit 3`\n")
    code, out, err = run(runner, "render", "--skill", str(skill), "--exec")
    assert code == 1 and "Result: oops" in out
    assert "exited with status 3: oops" in err


def test_exec_kills_a_hanging_command(tmp_path: Path, runner: CliRunner) -> None:
    skill = skill_with(tmp_path, "Wait: !`sleep 30 & sleep 30`\n")
    code, _, err = run(runner, "render", "--skill", str(skill), "--exec", "--timeout", "0.5")
    assert code == 124
    assert "timed out after 0.5s" in err


def test_every_wrapper_names_a_known_substitution_style() -> None:
    from skillctl.render.body import SUBSTITUTIONS, WRAPPERS

    assert {w.substitution for w in WRAPPERS.values()} <= set(SUBSTITUTIONS)
    assert [w.id for w in WRAPPERS.values() if w.inline_shell] == ["claude-code"]
