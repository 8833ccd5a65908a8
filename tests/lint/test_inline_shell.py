"""``inline-shell``: which agents it speaks for, and which code blocks it knows (real trees)."""

from __future__ import annotations

from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from tests.conftest import write_skill

FENCED = ("# Commands\n\n```markdown\nFiles changed: !`git diff --name-only`\n"
          "Tests: !`npm test`\n```\n")
INDENTED = "# Commands\n\nAn example:\n\n    Reload: !`kill -HUP $PPID`\n\nDone.\n"


def _found(skill: Path, agents: tuple[str, ...] = ()) -> list[tuple[int, str]]:
    report = lint_paths(LintOptions(paths=(skill,), use_cache=False, agents=agents,
                                    select=("inline-shell",)))
    return [(d.line, d.message) for d in report.diagnostics]


def test_only_agents_that_run_inline_shell_are_spoken_for(tmp_path: Path) -> None:
    skill = write_skill(tmp_path, "commands", "name: commands\ndescription: Writes commands. "
                        "Use when asked.\n", FENCED).parent
    (line, message), = _found(skill)  # the portable set holds Claude Code
    assert line == 8 and message.startswith("Claude Code runs 'git diff --name-only'")
    assert "and 1 more like it" in message
    assert _found(skill, ("claude-code",)) == [(line, message)]
    assert _found(skill, ("codex", "gemini-cli")) == []  # neither runs it


def test_an_indented_block_is_a_code_block_too(tmp_path: Path) -> None:
    skill = write_skill(tmp_path, "reload", "name: reload\ndescription: Reloads. Use when "
                        "asked.\n", INDENTED).parent
    (line, message), = _found(skill)
    assert line == 9 and "an example in a code block" in message
