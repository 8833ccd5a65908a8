"""Claude Code's commands in its catalog, as 2.1.332 lists them (conformance case
cc-commands; found on addyosmani/agent-skills in ``~/.claude/skills``): after the skills
folders' skills, the user's and project's commands sorted together by name (the user's copy
of a name first), then each plugin's, then the plugins' skills."""

from __future__ import annotations

import json
from pathlib import Path

from skillctl.agents import get_profile
from skillctl.commands import command_files
from skillctl.discovery import Status, discover
from skillctl.render.catalog import render_catalog

CC = get_profile("claude-code")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _skill(folder: Path, description: str) -> None:
    _write(folder / "SKILL.md", f"---\ndescription: {description}\n---\nBody.\n")


def _tree(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "proj"
    cwd = project / "sub"
    (project / ".git").mkdir(parents=True)
    cwd.mkdir()
    commands = home / ".claude" / "commands"
    _write(commands / "hello-user.md", "---\ndescription: Say hello.\n---\nSay hello.\n")
    _write(commands / "nodesc.md", "Just a body line.\nMore.\n")
    _write(commands / "heading.md", "---\nargument-hint: x\n---\n\n# Title line\n")
    _write(commands / "named.md", "---\nname: other\ndescription: The file names it.\n---\n")
    _write(commands / "hidden.md", "---\ndescription: H.\ndisable-model-invocation: true\n---\n")
    _write(commands / "Upper.md", "---\ndescription: Upper.\n---\n")
    _write(commands / "a-both.md", "---\ndescription: The user's.\n---\n")
    _write(commands / "notes.txt", "Not a command.\n")
    _write(project / ".claude/commands/a-both.md", "---\ndescription: The project's.\n---\n")
    _write(project / ".claude/commands/proj-skill.md", "---\ndescription: Loses.\n---\n")
    _write(cwd / ".claude/commands/grp/nested.md", "---\ndescription: Nested.\n---\n")
    _skill(project / ".claude/skills/proj-skill", "The project skill wins.")
    kit = home / ".claude" / "skills" / "kit"
    _write(kit / ".claude-plugin/plugin.json", json.dumps({"name": "kit"}))
    _skill(kit / "skills/alpha", "Kit alpha.")
    _skill(kit / "skills/beta", "Kit beta skill.")
    _write(kit / "commands/beta.md", "---\ndescription: Kit beta command.\n---\n")
    return home, cwd


def test_the_catalog_lists_commands_between_skills_and_plugin_skills(tmp_path: Path) -> None:
    home, cwd = _tree(tmp_path)
    found = discover(CC, cwd, home, {})
    active = [v.skill for v in found.views if v.status is Status.ACTIVE]
    text = render_catalog(active, "claude-code", profile=CC, commands=found.commands)
    lines = [line for line in text.catalog.text.splitlines() if line.startswith("- ")]
    assert lines[:11] == [
        "- proj-skill: The project skill wins.",
        "- a-both: The user's.",
        "- grp:nested: Nested.",
        "- heading: Title line",
        "- hello-user: Say hello.",
        "- named: The file names it.",
        "- nodesc: Just a body line.",
        "- Upper: Upper.",
        "- kit:beta: Kit beta command.",
        "- kit:alpha: Kit alpha.",
        "- dataviz: " + lines[10].split(": ", 1)[1],
    ]
    assert "hidden" not in text.catalog.text and "notes" not in text.catalog.text
    # the plugin's skill of the command's name is not offered; the project's command of the
    # project skill's name is not listed
    views = {v.name: v.status for v in found.views}
    assert views["kit:beta"] is Status.HIDDEN and views["proj-skill"] is Status.ACTIVE
    assert "Loses." not in text.catalog.text


def test_command_names_join_folders_with_colons(tmp_path: Path) -> None:
    _write(tmp_path / "c" / "top.md", "x\n")
    _write(tmp_path / "c" / "a" / "b" / "deep.md", "x\n")
    _write(tmp_path / "c" / "a" / "skip.txt", "x\n")
    assert [name for name, _, _ in command_files(tmp_path / "c")] == ["top", "a:b:deep"]
    assert command_files(tmp_path / "missing") == []


def test_other_agents_list_no_commands(tmp_path: Path) -> None:
    home, cwd = _tree(tmp_path)
    assert discover(get_profile("opencode"), cwd, home, {}).commands == ()


def test_a_fifo_among_the_commands_is_skipped_without_blocking(tmp_path: Path) -> None:
    import os

    from skillctl.commands import read_commands
    from skillctl.model import Scope

    folder = tmp_path / "commands"
    _write(folder / "ok.md", "---\ndescription: Fine.\n---\n")
    os.mkfifo(folder / "stuck.md")
    assert [c.name for c in read_commands(folder, Scope.USER)] == ["ok"]


def test_a_command_with_no_description_and_no_body_line_is_a_custom_command(
        tmp_path: Path) -> None:
    # conformance case copilot-commands, run on Claude Code 2.1.332
    from skillctl.commands import read_commands
    from skillctl.model import Scope

    folder = tmp_path / "commands"
    _write(folder / "empty.md", "")
    _write(folder / "fmonly.md", "---\nargument-hint: x\n---\n")
    _write(folder / "blank-description.md", "---\ndescription: ''\n---\n\nA body line.\n")
    found = {c.name: c.description for c in read_commands(folder, Scope.USER)}
    assert found == {"empty": "Custom command", "fmonly": "Custom command",
                     "blank-description": "A body line."}


def test_commands_are_read_as_claude_code_reads_its_skills(tmp_path: Path) -> None:
    # conformance case copilot-commands (Claude Code 2.1.332): the frontmatter ends at the
    # next "---", a repeated key's last value is read, 1.50 is written as 1.5
    home, project = tmp_path / "home", tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    folder = project / ".claude/commands"
    _write(folder / "cut.md", "---\ndescription: Use for A---B when asked.\n---\nBody line.\n")
    _write(folder / "num.md", "---\ndescription: 1.50\n---\nBody line.\n")
    _write(folder / "dup.md", "---\ndescription: First.\ndescription: Second.\n---\nB.\n")
    _write(folder / "hook.md", "---\ndescription: Plans.\nx: \"echo '---BEGIN---'; cat p\"\n"
           "---\n# P\n")
    found = {c.name: c.description for c in discover(CC, project, home, {}).commands}
    assert found == {"cut": "Use for A", "num": "1.5", "dup": "Second.",
                     "hook": "BEGIN---'; cat p\""}


def test_a_commands_folder_holding_a_skill_md_is_a_skill_named_after_it(tmp_path: Path) -> None:
    # Claude Code 2.1.332 (conformance cases commands-skill-md, cc-command-skill-folders)
    home, cwd = tmp_path / "home", tmp_path / "proj"
    (cwd / ".git").mkdir(parents=True)
    root = cwd / ".claude" / "commands"
    _write(root / "SKILL.md", "---\ndescription: The folder itself.\n---\nB.\n")
    _write(root / "beside.md", "---\ndescription: Not a command.\n---\nB.\n")
    _write(root / "a" / "b" / "skill.md", "---\nname: ignored\ndescription: Nested.\n---\nB.\n")
    _write(root / "a" / "b" / "extra.md", "---\ndescription: Not one either.\n---\nB.\n")
    _write(root / "a" / "b" / "c" / "deeper.md", "---\ndescription: Still one.\n---\nB.\n")
    _write(root / "off" / "SKILL.md",
           "---\ndescription: Off.\ndisable-model-invocation: true\n---\nB.\n")
    assert [(name, is_skill) for name, _, is_skill in command_files(root, skill_folders=True)] \
        == [("commands", True), ("a:b", True), ("a:b:c:deeper", False), ("off", True)]
    # without the profile's switch (plugins' commands), every .md file is a command
    assert [name for name, _, _ in command_files(root)][:2] == ["SKILL", "beside"]
    found = discover(CC, cwd, home, {})
    views = {v.name: v for v in found.views}
    assert views["commands"].status is Status.ACTIVE
    assert views["a:b"].status is Status.ACTIVE and views["a:b"].declared_name == "ignored"
    assert views["off"].status is Status.HIDDEN and views["off"].loaded
    assert "beside" not in views and "beside" not in {c.name for c in found.commands}
    skills = [v.skill for v in found.views if v.status is Status.ACTIVE
              and v.path not in {c.path for c in found.commands}]
    text = render_catalog(skills, "claude-code", None, CC, commands=found.commands).catalog.text
    assert text.count("- commands: The folder itself.") == 1
    assert "- a:b: Nested." in text and "- a:b:c:deeper: Still one." in text
    assert "Off." not in text and "Not a command." not in text
