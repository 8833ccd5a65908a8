"""What Claude Code and Codex do with hidden and blank-like characters in skill folder names
and descriptions, as the conformance suite saw the real agents do it (cases
folder-name-characters and description-controls): pinned here on real folders, no agent
installed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover
from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.shown_text import claude_catalog_text, claude_code_name_problem

#: folder name -> whether Claude Code 2.1.332 offered the skill
CLAUDE_FOLDERS = {
    "a\x01b": False, "c\u202ed": False, "e\x1b[2Jf": False, "g\u200bh": False, "i j": True,
    "k\u00e9l": True, "m\u3000n": False, "o\x7fp": False, "q\x85r": False, "s\ue000t": False,
    "u:v": True, "w\\x": True, "y\tz": False, "A.B": True, "C(D)": True, "E'F": True,
    'G"H': True, "I<J": False, "a>b": False, "K&L": True, "M#N": True, "a7[b]": True,
    "b2\xa0c": False, "b3\u0378c": False, "b4\U0001F600c": True, "c\u2000d": False,
    "e\xadf": False, "g\u2028h": False, "i\u3164j": False, "k\U000E0041l": False,
    "m\u0300n": True, "o\u1680p": False, "\u00e9": True, " lead": False, "trail ": False,
    "a\u115fb": False, "a\uffa0b": False, "a\u034fb": False, "a\u180eb": False,
    "a\ufe0fb": False, "a\u2800b": False, "a\u17b4b": False, "a\U0001d173b": False,
    "a\u0600b": False, "a  b": False, "a\u205fb": False, "a\U000f0000b": False,
    "a\ufff0b": False, "a\ufffcb": False, "a\ufffdb": True, "emoji\u2764\ufe0fx": True,
}


@pytest.mark.parametrize(("folder", "offered"), CLAUDE_FOLDERS.items(),
                         ids=[ascii(f) for f in CLAUDE_FOLDERS])
def test_the_folder_names_claude_code_offers(folder: str, offered: bool) -> None:
    assert (claude_code_name_problem(folder) is None) is offered
    assert claude_code_name_problem("x" * 256) is None
    assert "256" in (claude_code_name_problem("x" * 257) or "")


def _tree(tmp_path: Path, root: str, folders: list[str]) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    for index, folder in enumerate(folders):
        entry = project / root / folder / "SKILL.md"
        entry.parent.mkdir(parents=True)
        entry.write_text(f"---\nname: fold-{index}\ndescription: Use when testing {index}.\n"
                         "---\nBody.\n", encoding="utf-8")
    return home, project


def test_discovery_leaves_out_what_claude_code_and_codex_skip(tmp_path: Path) -> None:
    folders = ["plain", "zero\u200bwidth", "tab\tx", "nbsp\xa0x", "vt\x0bx"]
    home, project = _tree(tmp_path / "claude", ".claude/skills", folders)
    claude = {v.skill.dir_name: v for v in discover(get_profile("claude-code"), project, home,
                                                    {}).views}
    assert {d for d, v in claude.items() if v.status is Status.ACTIVE} == {"plain"}
    assert "U+200B" in (claude["zero\u200bwidth"].reason or "")
    home, project = _tree(tmp_path / "codex", ".agents/skills", folders)
    codex = {v.skill.dir_name: v for v in discover(get_profile("codex"), project, home,
                                                   {}).views}
    # Codex 0.169.0 skips a tab, LF or CR in the folder's name, nothing else of these
    assert {d for d, v in codex.items() if v.status is Status.ACTIVE} == set(folders) - {
        "tab\tx"}
    assert "U+0009" in (codex["tab\tx"].reason or "")


def test_lint_with_the_agent_names_the_folder(tmp_path: Path) -> None:
    _, project = _tree(tmp_path, ".claude/skills", ["two  spaces", "fine"])
    report = lint_paths(LintOptions(paths=(project / ".claude/skills",), use_cache=False,
                                    agents=("claude-code",)))
    found = [d for d in report.diagnostics if d.rule == "name-agent"]
    assert len(found) == 1 and found[0].line == 1
    assert "two in a row" in found[0].message and "'two  spaces'" in found[0].message


@pytest.mark.parametrize(("text", "shown"), [
    ("a\u3164b", "a b"), ("a\u2800b", "a b"), ("a\ufe0fb", "a b"), ("a\u034fb", "a b"),
    ("x \u2764\ufe0f y", "x \u2764\ufe0f y"),
    ("x \U0001F44D\U0001F3FD y", "x \U0001F44D\U0001F3FD y"),
    ("a\U000E0041b", "a b"), ("a\uffa0b", "a b"),
])
def test_claude_code_writes_hidden_characters_in_a_description_as_one_space(
        text: str, shown: str) -> None:
    assert claude_catalog_text(text) == shown
    assert json.dumps(claude_catalog_text("Ab\x90xx")) == '"Ab"'


@pytest.mark.parametrize(("text", "columns"), [
    ("plain ascii", 11), ("汉字", 4), ("a\u0300", 1), ("\U0001F44D\U0001F3FD", 2),
    ("\U0001F468\u200d\U0001F469\u200d\U0001F467", 2), ("x\u200by", 2), ("tab\there", 7),
    ("\uff46\uff55\uff4c\uff4c", 8), ("é", 1),
])
def test_display_width_counts_terminal_columns(text: str, columns: int) -> None:
    from skillctl.shown_text import display_width

    assert display_width(text) == columns
