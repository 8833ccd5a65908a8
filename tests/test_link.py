"""``skillctl link`` / ``unlink`` on real folders, links and permissions (issue 20)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.agents import all_profiles
from skillctl.cli.app import app
from skillctl.discovery import expand_template

runner = CliRunner()


def _skill(folder: Path, name: str, description: str = "Does things. Use when asked.") -> Path:
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {description}\n---\n"
                                     "Body\n", encoding="utf-8")
    return folder


@pytest.fixture
def places(tmp_path: Path) -> tuple[Path, Path]:
    project, home = tmp_path / "proj", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return project, home


def _run(args: list[str], project: Path, home: Path) -> object:
    return runner.invoke(app, [*args, "--project", str(project), "--home", str(home)])


def test_every_link_root_is_one_of_the_agents_roots() -> None:
    for profile in all_profiles():
        roots = {str(path) for root in profile.roots
                 for path in expand_template(root.template, Path("/p"), Path("/h"), {})}
        for template in (profile.link_project_root, profile.link_user_root):
            assert template is not None, profile.id
            (path,) = expand_template(template, Path("/p"), Path("/h"), {})
            assert str(path) in roots, (profile.id, template)


def test_link_makes_a_relative_symlink_the_agent_uses_and_list_marks_it(
        places: tuple[Path, Path]) -> None:
    project, home = places
    source = _skill(project / "src" / "deploy", "deploy")
    result = _run(["link", str(source), "-a", "claude-code"], project, home)
    assert result.exit_code == 0, result.output
    link = project / ".claude" / "skills" / "deploy"
    assert link.is_symlink() and os.readlink(link) == "../../src/deploy"
    assert "claude-code: active" in result.stdout
    listed = json.loads(_run(["list", "-a", "claude-code", "-f", "json"], project,
                             home).stdout)
    assert listed["skills"][0]["linked"] == {"by": "skillctl", "kind": "link",
                                             "target": "../../src/deploy"}
    assert "deploy [link]" in _run(["list"], project, home).stdout
    again = _run(["link", str(source), "-a", "claude-code"], project, home)
    assert again.exit_code == 0 and "unchanged" in again.stdout
    removed = _run(["unlink", "deploy", "-a", "claude-code"], project, home)
    assert removed.exit_code == 0, removed.output
    assert not os.path.lexists(link) and (source / "SKILL.md").is_file()
    assert not (project / ".claude" / "skills" / ".skillctl-links.json").exists()


def test_dry_run_changes_nothing(places: tuple[Path, Path]) -> None:
    project, home = places
    source = _skill(project / "src" / "deploy", "deploy")
    result = _run(["link", str(source), "-a", "codex", "--dry-run"], project, home)
    assert result.exit_code == 0 and "would be linked" in result.stdout
    assert not (project / ".agents").exists()


def test_a_clash_is_refused_and_named_then_forced(places: tuple[Path, Path]) -> None:
    project, home = places
    source = _skill(project / "src" / "deploy", "deploy")
    other = _skill(home / ".claude" / "skills" / "deploy", "deploy", "Another deploy.")
    result = _run(["link", str(source), "-a", "claude-code"], project, home)
    assert result.exit_code == 1
    assert str(other) in result.stderr and "would shadow" in result.stderr
    assert not os.path.lexists(project / ".claude" / "skills" / "deploy")
    forced = _run(["link", str(source), "-a", "claude-code", "--force"], project, home)
    assert forced.exit_code == 0, forced.output
    assert (project / ".claude" / "skills" / "deploy").is_symlink()
    assert "claude-code:" in forced.stdout  # the verdict of a fresh discovery follows


def test_a_root_that_links_out_of_the_project_is_refused(places: tuple[Path, Path],
                                                         tmp_path: Path) -> None:
    project, home = places
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (project / ".claude").mkdir()
    os.symlink(outside, project / ".claude" / "skills")
    source = _skill(project / "src" / "deploy", "deploy")
    result = _run(["link", str(source), "-a", "claude-code"], project, home)
    assert result.exit_code == 2
    assert "outside the project" in result.stderr
    assert list(outside.iterdir()) == []


def _read_only(folder: Path, on: bool) -> None:
    """Make a folder unwritable: its mode, or for root (whom modes do not stop) the immutable
    attribute, where the file system has it."""
    import subprocess

    if os.geteuid() != 0:
        folder.chmod(0o555 if on else 0o755)
        return
    done = subprocess.run(["chattr", "+i" if on else "-i", str(folder)], capture_output=True,
                          check=False)
    if on and done.returncode != 0:
        pytest.skip("running as root where chattr +i is not available")


def test_a_read_only_root_fails_with_a_message(places: tuple[Path, Path]) -> None:
    project, home = places
    root = project / ".claude" / "skills"
    root.mkdir(parents=True)
    source = _skill(project / "src" / "deploy", "deploy")
    _read_only(root, True)
    try:
        result = _run(["link", str(source), "-a", "claude-code"], project, home)
        assert result.exit_code == 2, result.output
        assert "cannot write" in result.stderr and "Traceback" not in result.output
        assert list(root.iterdir()) == []
    finally:
        _read_only(root, False)


def test_a_root_that_is_a_file_fails_with_a_message(places: tuple[Path, Path]) -> None:
    project, home = places
    (project / ".claude").mkdir()
    (project / ".claude" / "skills").write_text("not a folder", encoding="utf-8")
    source = _skill(project / "src" / "deploy", "deploy")
    result = _run(["link", str(source), "-a", "claude-code"], project, home)
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and "Traceback" not in result.output


def test_copy_then_unlink_refuses_a_modified_copy(places: tuple[Path, Path]) -> None:
    project, home = places
    source = _skill(project / "src" / "deploy", "deploy")
    result = _run(["link", str(source), "-a", "gemini-cli", "--copy"], project, home)
    assert result.exit_code == 0, result.output
    copy = project / ".gemini" / "skills" / "deploy"
    assert copy.is_dir() and not copy.is_symlink()
    assert json.loads((copy / ".skillctl-link.json").read_text())["source"] == str(
        source.resolve())
    (copy / "SKILL.md").write_text("---\nname: deploy\ndescription: edited\n---\n",
                                   encoding="utf-8")
    refused = _run(["unlink", "deploy", "-a", "gemini-cli"], project, home)
    assert refused.exit_code == 1 and "modified since" in refused.stderr
    assert copy.is_dir()
    forced = _run(["unlink", "deploy", "-a", "gemini-cli", "--force"], project, home)
    assert forced.exit_code == 0 and not copy.exists()


def test_unlink_never_removes_a_real_folder_or_a_foreign_link(places: tuple[Path, Path]) -> None:
    project, home = places
    real = _skill(project / ".claude" / "skills" / "deploy", "deploy")
    for force in ([], ["--force"]):
        result = _run(["unlink", "deploy", "-a", "claude-code", *force], project, home)
        assert result.exit_code == 1 and "never removed" in result.stderr
        assert (real / "SKILL.md").is_file()
    target = _skill(project / "src" / "other", "other")
    foreign = project / ".claude" / "skills" / "other"
    os.symlink(target, foreign)
    result = _run(["unlink", "other", "-a", "claude-code"], project, home)
    assert result.exit_code == 1 and "did not make" in result.stderr
    assert foreign.is_symlink()
    forced = _run(["unlink", "other", "-a", "claude-code", "--force"], project, home)
    assert forced.exit_code == 0 and not os.path.lexists(foreign)
    assert (target / "SKILL.md").is_file()  # the link went, never its target


def test_user_scope_and_agent_all_share_roots_once(places: tuple[Path, Path]) -> None:
    project, home = places
    source = _skill(project / "src" / "deploy", "deploy")
    result = _run(["link", str(source), "-a", "all", "--scope", "user"], project, home)
    assert result.exit_code == 0, result.output
    shared = home / ".agents" / "skills" / "deploy"
    assert shared.is_symlink() and os.readlink(shared) == str(source.resolve())
    line = next(x for x in result.stdout.splitlines() if str(shared) in x)
    assert "codex" in line and "agentskills" in line
    assert _run(["unlink", "deploy", "-a", "all"], project, home).exit_code == 0
    assert not os.path.lexists(shared)


def test_hostile_names_and_output_are_escaped(places: tuple[Path, Path]) -> None:
    project, home = places
    source = _skill(project / "src" / "x", '"../../evil"')
    result = _run(["link", str(source), "-a", "claude-code"], project, home)
    assert result.exit_code == 2 and "cannot be a folder name" in result.stderr
    source = _skill(project / "src" / "esc", '"bad\\e]0;title\\a"')
    result = _run(["link", str(source), "-a", "claude-code"], project, home)
    assert result.exit_code == 2 and "\x1b" not in result.output
    missing = _run(["link", str(project / "nope"), "-a", "claude-code"], project, home)
    assert missing.exit_code == 2 and "path not found" in missing.stderr


def test_a_skill_that_holds_the_skills_folder_is_refused(places: tuple[Path, Path]) -> None:
    project, home = places
    (project / "SKILL.md").write_text("---\nname: whole\ndescription: All of it.\n---\n",
                                      encoding="utf-8")
    for copy in ([], ["--copy"]):
        result = _run(["link", str(project), "-a", "claude-code", *copy], project, home)
        assert result.exit_code == 1 and "lies inside the skill" in result.stderr
        assert not (project / ".claude").exists()


def test_an_agent_that_ignores_links_out_of_its_folder_gets_a_copy(
        places: tuple[Path, Path], tmp_path: Path) -> None:
    # OpenClaw 2026.9.6 drops a workspace skill whose link resolves outside the root
    # (conformance case link-project): the link would be no use to it
    from skillctl.agents import get_profile
    from skillctl.collect import load_skill
    from skillctl.discovery import Status, discover
    from skillctl.manage.link import Places, link

    project, home = places
    source = _skill(tmp_path / "store" / "deploy", "deploy")
    env = {"OPENCLAW_WORKSPACE_DIR": str(project)}
    [outcome] = link(load_skill(source), ["openclaw"], "project", Places(project, home, env))
    dest = project / "skills" / "deploy"
    assert outcome.action == "copied" and not dest.is_symlink() and dest.is_dir()
    assert any("do not follow a link out of this skills folder" in n for n in outcome.notes)
    views = discover(get_profile("openclaw"), project, home, env).views
    assert [(v.name, v.status) for v in views] == [("deploy", Status.ACTIVE)]
    # Claude Code follows such a link: it still gets one
    [outcome] = link(load_skill(source), ["claude-code"], "project", Places(project, home, env))
    assert outcome.action == "linked" and (project / ".claude/skills/deploy").is_symlink()
