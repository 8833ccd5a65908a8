"""OpenClaw's ``skills.limits`` in openclaw.json: the caps of its loader and of its prompt,
read instead of their defaults (checked with 2026.9.6: conformance case
settings-openclaw-limits)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.agents import get_profile
from skillctl.cli.app import app
from skillctl.discovery import Resolution, configured, discover
from tests.conftest import write_skill


def _home(tmp_path: Path, limits: str, count: int = 4) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    for number in range(1, count + 1):
        write_skill(home / ".openclaw/skills", f"s{number}",
                    f"name: s{number}\ndescription: Skill s{number} " + "words " * 20 + "\n")
    config = home / ".openclaw/openclaw.json"
    config.write_text("{ skills: { limits: " + limits + " } }\n", encoding="utf-8")
    return project, home


def _status(res: Resolution) -> dict[str, str]:
    return {v.name: v.status.value for v in res.views}


def test_skills_per_root_and_file_bytes_come_from_the_settings(tmp_path: Path) -> None:
    project, home = _home(tmp_path, "{ maxSkillsLoadedPerSource: 2 }")
    res = discover(get_profile("openclaw"), project, home, {})
    assert {n: s for n, s in _status(res).items() if s == "active"} == {"s1": "active",
                                                                        "s2": "active"}
    project, home = _home(tmp_path / "bytes", "{ maxSkillFileBytes: 100 }", count=1)
    write_skill(home / ".openclaw/skills", "small", "name: small\ndescription: Short.\n",
                body="")
    res = discover(get_profile("openclaw"), project, home, {})
    assert _status(res)["small"] == "active"
    assert _status(res)["s1"] != "active"  # its SKILL.md is over 100 bytes


def test_the_caps_of_a_profile_are_its_defaults_without_settings(tmp_path: Path) -> None:
    profile = get_profile("openclaw")
    assert configured(profile, tmp_path, tmp_path, {}) is profile
    project, home = _home(tmp_path, "{ maxCandidatesPerRoot: 7, maxSkillsInPrompt: 0 }")
    changed = configured(profile, project, home, {})
    assert (changed.max_child_folders, changed.max_folder_listings,
            changed.catalog_max_skills) == (7, 42, 0)
    assert changed.max_skills_per_root == profile.max_skills_per_root


@pytest.mark.parametrize(("limits", "note"), [
    ('{ maxSkillsLoadedPerSource: 0 }', "skills.limits.maxSkillsLoadedPerSource is 0, below 1"),
    ('{ maxSkillsInPrompt: "9" }', "skills.limits.maxSkillsInPrompt is a string, not a whole"),
    ('{ maxSkillsPromptChars: 2.5 }', "skills.limits.maxSkillsPromptChars is a number, not a"),
    ('[]', "skills.limits is a list, not an object"),
])
def test_a_limit_openclaw_refuses_is_a_note_and_changes_nothing(
        tmp_path: Path, limits: str, note: str) -> None:
    project, home = _home(tmp_path, limits)
    res = discover(get_profile("openclaw"), project, home, {})
    assert set(_status(res).values()) == {"active"}
    assert any(note in n.detail and "does not start" in n.detail for n in res.notes)


def test_render_keeps_to_the_prompt_caps_the_settings_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, home = _home(tmp_path, "{ maxSkillsInPrompt: 2 }")
    monkeypatch.chdir(project)
    command = ["render", "-a", "openclaw", "--project", str(project), "--home", str(home)]
    out = CliRunner().invoke(app, command, catch_exceptions=False).stdout
    assert out.count("<skill>") == 2
    assert "Skills truncated: included 2 of" in out
    (home / ".openclaw/openclaw.json").write_text(
        "{ skills: { limits: { maxSkillsPromptChars: 900 } } }\n", encoding="utf-8")
    out = CliRunner().invoke(app, command, catch_exceptions=False).stdout
    assert 0 < len(out.rstrip("\n")) <= 900
    assert "compact format" in out


def test_render_of_given_paths_keeps_to_the_agent_s_prompt_caps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # skills given as paths are not discovered: the caps still come from the agent's settings
    project, home = _home(tmp_path, "{ maxSkillsInPrompt: 1 }")
    monkeypatch.chdir(project)
    command = ["render", "-a", "openclaw", "--project", str(project), "--home", str(home),
               str(home / ".openclaw/skills")]
    out = CliRunner().invoke(app, command, catch_exceptions=False).stdout
    assert out.count("<skill>") == 1
    assert "Skills truncated: included 1 of 4" in out
