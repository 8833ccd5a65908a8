"""Skill folders an agent is told of: OpenCode's ``skills.paths`` and OpenClaw's
``skills.load.extraDirs`` in their config files, the Copilot CLI's ``$COPILOT_SKILLS_DIRS``, as
the real agents took them (OpenCode 1.18.33, OpenClaw 2026.9.6, Copilot CLI 1.0.102;
conformance cases settings-opencode-skills-paths, settings-openclaw-extra-dirs and
copilot-skills-dirs). These tests need no agent."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skillctl.agents import get_profile
from skillctl.cli.app import app
from skillctl.discovery import Resolution, discover
from tests.conftest import write_skill
from tests.verified import project_and_home as _tree


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _active(res: Resolution) -> dict[str, str]:
    return {v.name: str(v.path) for v in res.views if v.status.value == "active"}


def _run(agent: str, project: Path, home: Path, env: dict[str, str] | None = None
         ) -> Resolution:
    return discover(get_profile(agent), project, home, env or {})


# --------------------------------------------------------------------------- OpenCode


def test_opencode_takes_the_list_of_the_last_file_that_sets_it(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    for owner in ("global", "root", "dot"):
        write_skill(home / f"{owner}-dir", f"from-{owner}")
    _write(home / ".config/opencode/opencode.json", '{"skills": {"paths": ["~/global-dir"]}}')
    assert set(_active(_run("opencode", project, home))) == {"from-global"}
    _write(project / "opencode.json", '{"skills": {"paths": ["~/root-dir"]}}')
    assert set(_active(_run("opencode", project, home))) == {"from-root"}
    # a file that sets something else leaves the list as it was
    _write(project / "opencode.jsonc", '{"skills": {"urls": []}, // no paths\n}')
    assert set(_active(_run("opencode", project, home))) == {"from-root"}
    _write(project / ".opencode/opencode.json", '{"skills": {"paths": ["~/dot-dir"]}}')
    assert set(_active(_run("opencode", project, home))) == {"from-dot"}


def test_opencode_resolves_from_the_working_directory(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    sub = project / "sub"
    write_skill(sub / "rel", "from-cwd")
    write_skill(project / "rel", "from-config-folder")
    write_skill(tmp_path / "envdir", "from-env")
    listed = tmp_path / "listed"
    write_skill(listed / "deep/x/y", "deep-one")
    write_skill(listed / ".hidden", "hidden-one")
    write_skill(listed / "node_modules", "in-node-modules")
    write_skill(tmp_path, "selfskill")
    _write(project / "opencode.json", json.dumps({"skills": {"paths": [
        "rel", "{env:SKILLS_DIR}", "{env:UNSET_DIR}", str(listed), str(tmp_path / "selfskill"),
        str(tmp_path / "missing"), "  "]}}))
    found = _active(_run("opencode", sub, home, {"SKILLS_DIR": str(tmp_path / "envdir")}))
    assert set(found) == {"from-cwd", "from-env", "deep-one", "in-node-modules", "selfskill"}
    assert found["from-cwd"] == str(sub / "rel/from-cwd/SKILL.md")


def test_opencode_ignores_a_list_that_is_not_one(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    write_skill(home / "dir", "listed")
    _write(project / "opencode.json", '{"skills": {"paths": "~/dir"}}')
    assert _active(_run("opencode", project, home)) == {}
    _write(project / "opencode.json", '{"skills": {"paths": ["~/dir", 3, null]}}')
    assert set(_active(_run("opencode", project, home))) == {"listed"}


def test_other_agents_do_not_read_opencode_lists(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    write_skill(home / "dir", "listed")
    _write(project / "opencode.json", '{"skills": {"paths": ["~/dir"]}}')
    for agent in ("claude-code", "codex", "gemini-cli", "openclaw"):
        assert "listed" not in _active(_run(agent, project, home)), agent


# --------------------------------------------------------------------------- OpenClaw


def test_openclaw_extra_dirs_depth_and_precedence(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    listed = tmp_path / "listed"
    write_skill(listed, "top")
    write_skill(listed / "g1", "depth-two")
    write_skill(listed / "g1/g2", "depth-three")
    write_skill(listed / "skills/s1/s2/s3", "under-skills")
    named = tmp_path / "named/skills"
    write_skill(named / "n1/n2/n3/n4/n5", "named-six")
    write_skill(named / "n1/n2/n3/n4/n5/n6", "named-seven")
    write_skill(home / "ex", "shadowed")
    write_skill(home / ".openclaw/skills", "shadowed")
    _write(home / ".openclaw/openclaw.json",
           '{ skills: { load: { extraDirs: ["~/ex", ' + json.dumps(str(listed)) + ", "
           + json.dumps(str(named)) + "] } } }")
    res = _run("openclaw", project, home)
    found = _active(res)
    assert set(found) == {"top", "depth-two", "under-skills", "named-six", "shadowed"}
    assert found["shadowed"] == str(home / ".openclaw/skills/shadowed/SKILL.md")
    too_deep = next(v for v in res.views if v.name == "depth-three")
    assert too_deep.reason is not None and "too deep" in too_deep.reason


def test_list_gives_a_listed_folder_the_scope_of_its_file(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    write_skill(home / "dir", "listed")
    _write(project / "opencode.json", '{"skills": {"paths": ["~/dir"]}}')
    result = CliRunner().invoke(app, ["list", "--agent", "opencode", "--format", "json",
                                      "--project", str(project), "--home", str(home)])
    assert result.exit_code == 0, result.output
    (view,) = [s for s in json.loads(result.output)["skills"] if s["name"] == "listed"]
    assert (view["status"], view["scope"], view["root"]) == ("active", "project",
                                                            str(home / "dir"))


# --------------------------------------------------------------------------- Copilot CLI


def test_copilot_skills_dirs_split_trim_and_precedence(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    first, second = tmp_path / "first", tmp_path / "second"
    write_skill(first, "in-both", "name: in-both\ndescription: First copy.\n")
    write_skill(second, "in-both", "name: in-both\ndescription: Second copy.\n")
    write_skill(first, "dup-user")
    write_skill(home / ".copilot/skills", "dup-user")
    write_skill(first / ".hidden", "hidden-one")
    write_skill(project / "relative", "rel-one")
    write_skill(home / "tilde", "tilde-one")
    env = {"COPILOT_SKILLS_DIRS": f"{first}, {second} ,,relative,~/tilde"}
    res = _run("copilot-cli", project, home, env)
    found = _active(res)
    assert set(found) == {"in-both", "dup-user", "rel-one"}
    assert found["in-both"] == str(first / "in-both/SKILL.md")
    assert found["dup-user"] == str(home / ".copilot/skills/dup-user/SKILL.md")
    assert {v.scope.value for v in res.views if v.name == "rel-one"} == {"custom"}
    # no variable, no folders; the colon is no separator
    assert set(_active(_run("copilot-cli", project, home))) == {"dup-user"}
    assert set(_active(_run("copilot-cli", project, home,
                            {"COPILOT_SKILLS_DIRS": f"{first}:{second}"}))) == {"dup-user"}


def test_copilot_catalog_lists_custom_skills_after_the_users(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    write_skill(tmp_path / "listed", "aaa-custom")
    write_skill(home / ".copilot/skills", "zzz-user")
    write_skill(project / ".github/skills", "mmm-project")
    result = CliRunner().invoke(app, ["render", "--agent", "copilot-cli", "--project",
                                      str(project), "--home", str(home)],
                                env={"COPILOT_SKILLS_DIRS": str(tmp_path / "listed")})
    assert result.exit_code == 0, result.output
    text = result.output
    names = [line.split("<name>")[1].split("</name>")[0] for line in text.splitlines()
             if "<name>" in line]
    assert names[:3] == ["mmm-project", "zzz-user", "aaa-custom"]
    assert "<location>custom</location>" in text
