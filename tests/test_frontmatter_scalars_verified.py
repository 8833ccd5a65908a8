"""Empty names, numbers as descriptions and repeated keys, as the real agents read them
(conformance case frontmatter-scalars-and-duplicates, 2026-11-29): each test pins one agent's
verified behaviour on a real tree in tmp_path. No agent needs to be installed."""

from __future__ import annotations

from pathlib import Path

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover
from skillctl.render.catalog import render_catalog
from skillctl.render.types import BudgetRequest
from tests.verified import project_and_home as _tree
from tests.verified import skill_file as _skill


def test_gemini_and_opencode_keep_an_empty_name_the_copilot_cli_drops_it(
        tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    root = project / ".agents/skills"
    empty = _skill(root, "n-empty", 'name: ""\ndescription: Empty name.')
    blank = _skill(root, "n-blank", 'name: "  "\ndescription: Blank name.')
    gemini = {v.path: v for v in discover(get_profile("gemini-cli"), project, home, {}).views}
    assert gemini[empty].status is Status.ACTIVE and gemini[empty].name == ""
    assert gemini[blank].status is Status.ACTIVE and gemini[blank].name == "  "
    opencode = {v.path: v for v in discover(get_profile("opencode"), project, home, {}).views}
    assert opencode[blank].name == "  "
    copilot = {v.path: v for v in discover(get_profile("copilot-cli"), project, home,
                                           {}).views}
    for entry in (empty, blank):
        assert copilot[entry].status is Status.INVALID
        assert "blank" in (copilot[entry].reason or "")
    codex = {v.path: v for v in discover(get_profile("codex"), project, home, {}).views}
    assert codex[empty].name == "n-empty"  # the folder's name stands in


def test_gemini_lists_an_empty_name_as_it_is(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    _skill(project / ".agents/skills", "n-empty", 'name: ""\ndescription: Empty name.')
    profile = get_profile("gemini-cli")
    skills = [v.skill for v in discover(profile, project, home, {}).views
              if v.status is Status.ACTIVE]
    text = render_catalog(skills, "gemini-cli", BudgetRequest(home=home)).catalog.text
    assert "<name></name>\n    <description>Empty name.</description>" in text


def test_claude_code_writes_a_number_or_boolean_description_as_javascript_does(
        tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    root = project / ".claude/skills"
    for folder, raw in (("d-num", "1.50"), ("d-hex", "0x1A"), ("d-inf", ".inf"),
                        ("d-false", "false"), ("d-list", "[a, b]")):
        _skill(root, folder, f"description: {raw}")
    _skill(root, "dup", "description: First.\nx: 1\ndescription: Second.")
    profile = get_profile("claude-code")
    views = discover(profile, project, home, {}).views
    described = {v.name: v.description for v in views}
    assert described["d-num"] == "1.5" and described["d-hex"] == "26"
    assert described["d-inf"] == "Infinity" and described["d-false"] == "false"
    assert described["d-list"] == "Body line of d-list."  # a list: the body stands in
    assert described["dup"] == "Second."
    skills = [v.skill for v in views if v.status is Status.ACTIVE]
    text = render_catalog(skills, "claude-code", BudgetRequest(home=home), profile).catalog.text
    assert "- d-num: 1.5\n" in text and "- dup: Second.\n" in text
