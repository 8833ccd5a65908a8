"""CLI behaviour of ``skillctl render``: errors, notes, reports."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import write_skill
from tests.render.conftest import run


def test_missing_path_unknown_format_and_agent_are_usage_errors(tree: Path,
                                                                runner: CliRunner) -> None:
    assert run(runner, "render", str(tree / "nope"))[0] == 2
    code, _, err = run(runner, "render", str(tree), "--format", "yaml")
    assert code == 2 and "known formats" in err
    assert run(runner, "render", str(tree), "--agent", "nobody")[0] == 2


def test_invalid_skill_is_skipped_with_a_note(tmp_path: Path, runner: CliRunner) -> None:
    write_skill(tmp_path, "good")
    write_skill(tmp_path, "broken", raw=b"---\nname: [broken\n---\nbody\n")
    code, out, err = run(runner, "render", str(tmp_path), "--format", "xml")
    assert code == 0 and "<name>good</name>" in out and "broken" not in out
    assert "skipped" in err and "broken" in err and "Traceback" not in err


def test_report_explains_what_the_budget_did(tree: Path, runner: CliRunner) -> None:
    code, out, _ = run(runner, "render", str(tree), "--agent", "claude-code", "--budget", "120",
                       "--report")
    assert code == 0
    assert out.splitlines()[0] == "Catalog claude-code: budget 120 chars (--budget)"
    assert "name-only" in out and "TOTAL" in out and "gamma" in out
    assert "disable-model-invocation" in out  # the skipped skill, with the reason


def test_agent_mode_renders_what_discovery_finds(tmp_path: Path, runner: CliRunner) -> None:
    project, home = tmp_path / "proj", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    skills = project / ".claude" / "skills"
    write_skill(skills, "shown")
    write_skill(skills, "manual", "name: manual\ndescription: Only by hand.\n"
                "disable-model-invocation: true\n")
    home.mkdir()
    code, out, _ = run(runner, "render", "--agent", "claude-code", "--project", str(project),
                       "--home", str(home))
    assert code == 0
    assert "- shown: Does shown things." in out and "manual" not in out
    code, out, _ = run(runner, "render", "--agent", "claude-code", "--project", str(project),
                       "--home", str(home), "--skill", "shown", "--args", "x")
    assert code == 0
    assert out.startswith(f"Base directory for this skill: {skills / 'shown'}\n\n")
    assert out.rstrip().endswith("ARGUMENTS: x")
