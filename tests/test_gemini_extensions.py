"""Gemini CLI extensions' skills, as Gemini CLI 0.61.0 loads them (conformance case
gemini-extensions): ``~/.gemini/extensions/<folder>`` with a ``gemini-extension.json``. These
tests need no agent."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skillctl.agents import get_profile
from skillctl.cli.app import app
from skillctl.discovery import Resolution, discover
from tests.conftest import write_skill
from tests.verified import project_and_home as _tree


def _json(path: Path, value: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value), encoding="utf-8")


def _extension(home: Path, folder: str, manifest: object, *skills: str) -> Path:
    where = home / ".gemini/extensions" / folder
    _json(where / "gemini-extension.json", manifest)
    for name in skills:
        write_skill(where / "skills", name)
    return where


def _run(project: Path, home: Path) -> Resolution:
    return discover(get_profile("gemini-cli"), project, home, {})


def _status(res: Resolution) -> dict[str, str]:
    return {v.name: v.status.value for v in res.views}


def test_an_extension_needs_a_name_and_a_version(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    _extension(home, "good", {"name": "good", "version": "1.0.0"}, "from-good")
    _extension(home, "no-version", {"name": "no-version"}, "from-no-version")
    _extension(home, "bad-name", {"name": "bad name", "version": "1"}, "from-bad-name")
    res = _run(project, home)
    assert _status(res) == {"from-good": "active"}
    (view,) = res.views
    assert (view.scope.value, view.skill.plugin, view.name) == ("plugin", "good", "from-good")
    problems = sorted(n.detail for n in res.notes if n.reason == "plugins")
    assert problems == [
        "has no name or no version; Gemini CLI skips the extension",
        "names the extension with more than letters, digits and '-'; Gemini CLI skips the "
        "extension"]


def test_a_user_skill_wins_over_an_extension_skill(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    _extension(home, "ext", {"name": "ext", "version": "1"}, "same")
    write_skill(home / ".gemini/skills", "same")
    res = _run(project, home)
    winner = next(v for v in res.views if v.status.value == "active")
    assert winner.path == home / ".gemini/skills/same/SKILL.md"
    loser = next(v for v in res.views if v.status.value != "active")
    assert (loser.status.value, loser.skill.plugin) == ("shadowed", "ext")


def test_a_linked_install_is_read_at_its_source(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    source = tmp_path / "source"
    _json(source / "gemini-extension.json", {"name": "linked", "version": "1"})
    write_skill(source / "skills", "from-linked")
    _json(home / ".gemini/extensions/linked/.gemini-extension-install.json",
          {"source": str(source), "type": "link"})
    res = _run(project, home)
    assert [str(v.path) for v in res.views] == [str(source / "skills/from-linked/SKILL.md")]


def test_enablement_rules_for_the_working_directory(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    _extension(home, "off", {"name": "off", "version": "1"}, "from-off")
    _extension(home, "here", {"name": "here", "version": "1"}, "from-here")
    _extension(home, "exact", {"name": "exact", "version": "1"}, "from-exact")
    _json(home / ".gemini/extensions/extension-enablement.json", {
        "off": {"overrides": ["!/*"]},
        "here": {"overrides": ["!/*", f"{project}/*"]},
        "exact": {"overrides": [f"!{project.parent}/"]},  # not the project: no subfolders
    })
    res = _run(project, home)
    assert _status(res) == {"from-off": "disabled", "from-here": "active",
                            "from-exact": "active"}
    off = next(v for v in res.views if v.name == "from-off")
    assert off.reason is not None and "'!/*' matches the working directory" in off.reason


def test_a_broken_enablement_file_switches_nothing_off(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    _extension(home, "ext", {"name": "ext", "version": "1"}, "from-ext")
    _json(home / ".gemini/extensions/extension-enablement.json", {"ext": {"overrides": "!/*"}})
    res = _run(project, home)
    assert _status(res) == {"from-ext": "active"}
    assert any("switches no extension off" in n.detail for n in res.notes)


def test_the_catalog_replaces_the_extension_placeholders(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    where = _extension(home, "ext", {"name": "ext", "version": "1"})
    write_skill(where / "skills", "placeholders",
                "name: placeholders\ndescription: Run ${extensionPath}${/}tool in "
                "${workspacePath}, not ${unknown}.\n")
    result = CliRunner().invoke(app, ["render", "--agent", "gemini-cli", "--project",
                                      str(project), "--home", str(home)])
    assert result.exit_code == 0, result.output
    assert (f"<description>Run {where}/tool in {project}, not ${{unknown}}.</description>"
            in result.output)


def test_other_agents_do_not_read_gemini_extensions(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    _extension(home, "ext", {"name": "ext", "version": "1"}, "from-ext")
    for agent in ("claude-code", "codex", "opencode", "openclaw", "copilot-cli"):
        found = discover(get_profile(agent), project, home, {})
        assert "from-ext" not in {v.name for v in found.views if v.status.value == "active"}
