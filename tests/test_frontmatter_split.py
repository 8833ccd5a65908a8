"""Where each agent's own code ends the frontmatter (skillctl/frontmatter_split.py), as the
conformance case frontmatter-closers found by running them, and what the dialects then read."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillctl import frontmatter_split as split
from skillctl.dialects import quick_verdict, verdict
from skillctl.parse import parse_file


@pytest.mark.parametrize(("text", "claude", "gemini", "gray"), [
    ("---\nname: a\ndescription: Use for A---B.\n---\nBody.\n",
     ("name: a\ndescription: Use for A", "B.\n---\nBody.\n"),
     ("name: a\ndescription: Use for A---B.", "Body.\n"),
     ("name: a\ndescription: Use for A---B.", "Body.\n")),
    ("---\nname: a\n----\nBody\n",
     ("name: a\n", "-\nBody\n"), ("name: a", ""), ("name: a", "-\nBody\n")),
    ("---  \nname: a\n---\nB\n", ("name: a\n", "B\n"), None, ("name: a", "B\n")),
    ("---yaml\nname: a\n---\nB\n", None, None, ("name: a", "B\n")),
    ("----\nname: a\n---\nB\n", None, None, None),
    ("---\nname: a\nno closer\n", None, None, ("name: a\nno closer\n", "")),
])
def test_each_agents_split(text: str, claude: tuple[str, str] | None,
                           gemini: tuple[str, str] | None, gray: tuple[str, str] | None) -> None:
    assert split.claude_code(text) == claude
    assert split.gemini_cli(text) == gemini
    assert split.gray_matter(text) == gray


def _parsed(tmp_path: Path, name: str, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / f"{name}.md"
    path.write_text(text, encoding="utf-8")
    return parse_file(path)


def test_claude_code_ends_the_frontmatter_at_dashes_inside_a_value(tmp_path: Path) -> None:
    parsed = _parsed(tmp_path, "mid", "---\nname: mid\ndescription: Use for A---B.\n---\nB\n")
    seen = verdict("claude-lenient", parsed)
    assert seen.data == {"name": "mid", "description": "Use for A"}
    assert "ends the frontmatter at the '---' on line 3" in (seen.reason or "")
    # the quick verdict says the same (it may not take the clean file's shortcut)
    assert quick_verdict("claude-lenient", parsed).reason == seen.reason
    # the others read the whole value
    for dialect in ("js-yaml-fallback", "opencode", "copilot-cli", "openclaw", "codex"):
        assert verdict(dialect, parsed).data["description"] == "Use for A---B.", dialect


@pytest.mark.parametrize(("closer", "claude", "gemini", "opencode", "copilot"), [
    ("----", True, True, True, False),
    ("---\t", True, True, True, True),
    ("---   ", True, True, True, True),
    ("---## Next", True, True, True, False),
    ("...", False, False, False, False),
])
def test_who_reads_a_frontmatter_closed_by(tmp_path: Path, closer: str, claude: bool,
                                           gemini: bool, opencode: bool, copilot: bool) -> None:
    parsed = _parsed(tmp_path, "c", f"---\nname: c\ndescription: Closed.\n{closer}\nBody.\n")
    read = {dialect: (seen := verdict(dialect, parsed)).accepted and bool(seen.data)
            and seen.data.get("description") == "Closed."
            for dialect in ("claude-lenient", "js-yaml-fallback", "opencode", "copilot-cli")}
    assert read == {"claude-lenient": claude, "js-yaml-fallback": gemini,
                    "opencode": opencode, "copilot-cli": copilot}
    for dialect in read:
        assert quick_verdict(dialect, parsed).accepted == verdict(dialect, parsed).accepted


def test_gemini_needs_the_opening_line_to_be_exactly_three_dashes(tmp_path: Path) -> None:
    parsed = _parsed(tmp_path, "o", "---  \nname: o\ndescription: Opener.\n---\nBody.\n")
    assert not verdict("js-yaml-fallback", parsed).accepted
    assert verdict("opencode", parsed).accepted
    assert verdict("claude-lenient", parsed).data == {"name": "o", "description": "Opener."}


def test_claude_code_describes_a_cut_file_from_what_follows_the_cut(tmp_path: Path) -> None:
    # OthmanAdi's planning-with-files (as copied into qi-o/claude-code-skills): a hook command
    # in the frontmatter echoes '---BEGIN PLAN DATA---'; Claude Code 2.1.332 cuts there, the
    # rest of its YAML fails, and its stand-in description is the text after that '---'
    from skillctl.agents import get_profile
    from skillctl.discovery import discover
    from skillctl.render.catalog import render_catalog
    from skillctl.render.types import BudgetRequest

    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    entry = project / ".claude/skills/plans/SKILL.md"
    entry.parent.mkdir(parents=True)
    entry.write_text("---\nname: plans\ndescription: Plans with files.\nhooks:\n"
                     "  command: \"echo '---BEGIN PLAN---'; cat plan.md\"\n---\n# Plans\n",
                     encoding="utf-8")
    profile = get_profile("claude-code")
    views = discover(profile, project, home, {}).views
    assert views[0].description == "BEGIN PLAN---'; cat plan.md\""
    text = render_catalog([v.skill for v in views], "claude-code", BudgetRequest(home=home),
                          profile).catalog.text
    assert "- plans: BEGIN PLAN---'; cat plan.md\"\n" in text


def test_lint_says_which_agent_cuts_the_frontmatter(tmp_path: Path) -> None:
    from skillctl.lint.engine import LintOptions, lint_paths

    skill = tmp_path / "mid"
    skill.mkdir()
    (skill / "SKILL.md").write_text(
        "---\nname: mid\ndescription: Use for A---B when asked.\n---\nBody.\n", encoding="utf-8")
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / "SKILL.md").write_text(
        "---\nname: clean\ndescription: Use for A - B when asked.\n---\nBody.\n",
        encoding="utf-8")
    report = lint_paths(LintOptions(paths=(tmp_path,), use_cache=False,
                                    select=("frontmatter-cut",)))
    found = [(d.path.rsplit("/", 2)[-2], d.line, d.severity.value, d.message)
             for d in report.diagnostics]
    assert found == [("mid", 3, "warning", "the '---' on line 3 ends the frontmatter for some "
                      "agents: Claude Code reads the description as 'Use for A'")]
    chosen = lint_paths(LintOptions(paths=(tmp_path,), use_cache=False, agents=("codex",),
                                    select=("frontmatter-cut",)))
    assert list(chosen.diagnostics) == []  # Codex reads the frontmatter whole
