"""``skillctl show`` through Typer's runner, and over the whole corpus."""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.conftest import skill_files, write_skill

runner = CliRunner()


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "h"
    home.mkdir(exist_ok=True)
    return home


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    home = tmp_path / "home"
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return home, project


def show(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["show", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_show_by_path_text(world: tuple[Path, Path]) -> None:
    home, project = world
    directory = write_skill(
        project / ".claude/skills", "deploy",
        "name: deploy\ndescription: Ship it.\nwhen_to_use: on release\nallowed-tools: Bash\n",
        body="# Deploy\n\nline two\nline three\n",
    )
    scripts = directory / "scripts"
    scripts.mkdir()
    (scripts / "go.sh").write_text("#!/bin/sh\n")
    os.chmod(scripts / "go.sh", 0o755)
    (scripts / "plain.py").write_text("print(1)\n")
    code, out, _ = show(str(directory), "--project", str(project), "--home", str(home))
    assert code == 0
    assert "when_to_use (line 4): on release" in out
    assert "honoured by: claude-code" in out
    assert "scripts/go.sh: executable" in out
    assert "scripts/plain.py: NOT executable" in out
    assert "Body: 4 lines" in out and "characters / 4" in out
    assert "claude-code: active as 'deploy' (project root" in out
    assert "catalog: Ship it. - on release" in out


def test_show_json_catalog_cut_and_shadowing(world: tuple[Path, Path]) -> None:
    home, project = world
    long = "word " * 400
    write_skill(home / ".claude/skills", "deploy", f"name: deploy\ndescription: {long}\n")
    write_skill(project / ".claude/skills", "deploy")
    code, out, _ = show("deploy", "--agent", "claude-code", "--project", str(project), "--home",
                        str(home), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["version"] == 1
    view = doc["agents"]["claude-code"]
    assert view["status"] == "active"
    assert len(view["catalog_description"]) == 1536 and view["catalog_description"].endswith("…")
    assert view["shadows"] == [str(project / ".claude/skills/deploy/SKILL.md")]
    assert set(doc["frontmatter"]) == {"name", "description"}


def test_show_outside_any_root_still_judges_every_agent(tmp_path: Path) -> None:
    directory = write_skill(tmp_path / "loose", "x", "name: x\ndescription: Use when: y\n")
    code, out, _ = show(str(directory / "SKILL.md"), "--project", str(tmp_path), "--home",
                        str(_home(tmp_path)), "-f", "json")
    assert code == 0
    agents = json.loads(out)["agents"]
    assert agents["claude-code"]["status"] == "active"
    assert agents["codex"]["status"] == "active"  # Codex 0.169.0 quotes the value, retries
    assert agents["codex"]["scope"] == "extra"


def test_ambiguous_and_unknown_names_exit_2(world: tuple[Path, Path]) -> None:
    home, project = world
    write_skill(home / ".claude/skills", "deploy")
    write_skill(project / ".agents/skills", "deploy")
    result = runner.invoke(app, ["show", "deploy", "--project", str(project), "--home",
                                 str(home)])
    assert result.exit_code == 2
    assert "matches 2 skills" in result.stderr and str(home) in result.stderr
    result = runner.invoke(app, ["show", "dpeloy", "--project", str(project), "--home",
                                 str(home)])
    assert result.exit_code == 2 and "did you mean: deploy" in result.stderr
    result = runner.invoke(app, ["show", "x", "--format", "yaml"])
    assert result.exit_code == 2


def test_show_broken_skill_reports_instead_of_crashing(tmp_path: Path) -> None:
    directory = write_skill(tmp_path, "broken", raw=b"---\nname: [broken\n")
    code, out, _ = show(str(directory), "--project", str(tmp_path), "--home", str(tmp_path))
    assert code == 0
    assert "unclosed-frontmatter" in out


def test_every_corpus_skill_is_listed_and_shown(tmp_path: Path, corpus: Path) -> None:
    from skillctl.agents import all_profiles
    from skillctl.discovery import discover_all
    from skillctl.report import skill_view

    tree = tmp_path / "corpus"
    shutil.copytree(corpus, tree, symlinks=True)
    home = _home(tmp_path)
    result = runner.invoke(app, ["list", str(tree), "--all", "-f", "json", "--project",
                                 str(tmp_path), "--home", str(home)])
    assert result.exit_code == 0, result.stderr
    listed = {Path(s["path"]) for s in json.loads(result.stdout)["skills"]}
    expected = {tree / p.relative_to(corpus) for p in skill_files(corpus)}
    assert expected
    assert expected <= listed
    # Every skill through the show builder and text renderer (one discovery for all) ...
    cross = discover_all(tmp_path, home, {}, [tree])
    by_entry = {s.entry: s for s in cross.skills}
    profiles = all_profiles()
    for entry in sorted(expected):
        doc = skill_view.build(by_entry[entry], cross, profiles)
        json.loads(skill_view.dump_json(doc))
        out = io.StringIO()
        skill_view.render_text(doc, out)
        assert str(entry) in out.getvalue()
    # ... and a spread of them through the command line.
    for entry in sorted(expected)[::40]:
        res = runner.invoke(app, ["show", str(entry), "--project", str(tmp_path), "--home",
                                  str(home), "-f", "json"])
        assert res.exit_code == 0, (entry, res.stderr)
        assert json.loads(res.stdout)["path"] == str(entry)


def test_show_gives_each_agents_real_view_once(world: tuple[Path, Path]) -> None:
    """Issue 17: Codex does not look in .claude/skills, so show says so and where it looks;
    the description is printed once and agents that see the skill alike share a line."""
    home, project = world
    long = ("Formats reports in a very particular way, with headings, tables and a summary "
            "at the end. Use when asked for a quarterly report.")
    directory = write_skill(project / ".claude/skills", "report",
                            f"name: report\ndescription: {long.strip()}\n")
    code, out, _ = show(str(directory), "--agent", "codex", "--project", str(project),
                        "--home", str(home))
    assert code == 0
    assert "codex: not in its roots" in out and "active as 'report' (extra" not in out
    assert f"looks in: {project}/.codex/skills" in out or f"{home}/.codex/skills" in out
    doc = json.loads(show(str(directory), "-a", "codex", "--project", str(project), "--home",
                          str(home), "-f", "json")[1])
    assert doc["agents"]["codex"]["reached"] is False
    assert str(home / ".codex/skills") in doc["agents"]["codex"]["looks_in"]
    code, out, _ = show(str(directory), "--project", str(project), "--home", str(home))
    assert out.count("quarterly report") == 1  # once, at the top (it was once per agent)
    agents = out[out.index("\nAgents\n"):]
    line = next(x for x in agents.splitlines() if x.startswith("  claude-code"))
    assert line.startswith("  claude-code, opencode, ") and "active as 'report'" in line
    assert "codex" in next(x for x in agents.splitlines() if "not in its roots" in x)


def test_show_lists_only_what_run_script_calls_a_script(tmp_path: Path) -> None:
    directory = write_skill(tmp_path, "tools")
    scripts = directory / "scripts"
    scripts.mkdir()
    for name, text in ((".gitignore", "node_modules\n"), ("README.md", "# r\n"),
                       ("package.json", "{}\n"), ("run.sh", "#!/bin/sh\necho hi\n"),
                       ("tool.py", "print(1)\n")):
        (scripts / name).write_text(text)
    os.chmod(scripts / "run.sh", 0o755)
    code, out, _ = show(str(directory), "--project", str(tmp_path), "--home", str(tmp_path))
    assert code == 0
    section = out[out.index("\nScripts"):out.index("\nAgents")]
    assert "scripts/run.sh: executable, runs with /bin/sh" in section
    assert "scripts/tool.py: NOT executable (no exec bit), runs with python3" in section
    for name in (".gitignore", "README.md", "package.json"):
        assert name not in section
        assert f"scripts/{name}" in out  # still in Files


def test_show_name_in_a_skills_repository(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    write_skill(repo / "skills", "alpha")
    home = _home(tmp_path)
    monkeypatch.chdir(repo)
    code, out, _ = show("alpha", "--project", str(repo), "--home", str(home))
    assert code == 0 and out.startswith("alpha\n")
    result = runner.invoke(app, ["show", "alpah", "--project", str(repo), "--home", str(home)])
    assert result.exit_code == 2
    assert "any agent's roots or the current tree (did you mean: alpha?)" in result.stderr
    assert "pass its path" in result.stderr
