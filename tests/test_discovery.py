"""Discovery on real trees: a fake home and a project with a git root, per agent profile."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillctl.agents import agent_ids, get_profile
from skillctl.agents.profile import Stop, Walk
from skillctl.discovery import (
    ParseCache,
    Resolution,
    SkillView,
    Status,
    discover,
    discover_all,
    find_skill,
    walk_dirs,
)
from skillctl.errors import UsageError
from skillctl.model import Scope
from tests.conftest import write_skill

ENV: dict[str, str] = {}


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    """``home`` and ``project`` (a git root with a ``sub`` working directory)."""
    home = tmp_path / "home"
    project = tmp_path / "work" / "proj"
    (project / ".git").mkdir(parents=True)
    (project / "sub").mkdir()
    home.mkdir()
    return home, project


def run(agent: str, home: Path, cwd: Path, **kw: object) -> Resolution:
    return discover(get_profile(agent), cwd, home, ENV, **kw)  # type: ignore[arg-type]


def by_path(res: Resolution) -> dict[Path, SkillView]:
    return {v.path: v for v in res.views}


def skill(root: Path, name: str, fm: str | None = None, **kw: object) -> Path:
    entry = str(kw.get("entry", "SKILL.md"))
    return write_skill(root, name, fm, **kw) / entry  # type: ignore[arg-type]


# --------------------------------------------------------------------------- precedence


def test_claude_code_user_beats_project_and_walks_up_to_git_root(world: tuple[Path, Path]) -> None:
    home, project = world
    user = skill(home / ".claude/skills", "deploy")
    proj = skill(project / ".claude/skills", "deploy")
    sub = skill(project / "sub/.claude/skills", "lint")
    res = run("claude-code", home, project / "sub")
    views = by_path(res)
    assert views[user].status is Status.ACTIVE and views[user].scope is Scope.USER
    assert views[proj].status is Status.SHADOWED and views[proj].shadowed_by == user
    assert views[sub].status is Status.ACTIVE
    # precedence order: user root, then the nearest project dir first
    assert [v.path for v in res.views] == [user, sub, proj]
    assert res.shadowed_by(views[user]) == (views[proj],)


def test_claude_walk_stops_at_git_root_and_never_reaches_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    repo = home / "repo"
    (repo / ".git").mkdir(parents=True)
    above_git = skill(home / "x/.claude/skills", "nope")  # not an ancestor at all
    outside = skill(tmp_path / ".claude/skills", "outside")  # above the git root
    inside = skill(repo / ".claude/skills", "inside")
    views = by_path(run("claude-code", home, repo / "a" / "b"))
    assert inside in views and outside not in views and above_git not in views
    # without a git root, the walk stops before $HOME: ~/.claude/skills is only the user root
    (repo / ".git").rmdir()
    user = skill(home / ".claude/skills", "mine")
    res = run("claude-code", home, repo)
    assert [v.scope for v in res.views if v.path == user] == [Scope.USER]


def test_walk_dirs_rules(tmp_path: Path) -> None:
    home = tmp_path / "home"
    project = home / "a" / "b"
    (home / "a" / ".git").mkdir(parents=True)
    project.mkdir(parents=True)
    assert walk_dirs(project, home, Walk.NONE, Stop.GIT_ROOT) == [project]
    assert walk_dirs(project, home, Walk.UP_NEAREST_FIRST, Stop.GIT_ROOT) == [project, home / "a"]
    assert walk_dirs(project, home, Walk.DOWN_ROOT_FIRST, Stop.GIT_ROOT) == [home / "a", project]
    up_to_fs = walk_dirs(project, home, Walk.UP_NEAREST_FIRST, Stop.FILESYSTEM)
    assert home in up_to_fs and Path("/") not in up_to_fs


def test_opencode_clash_names_no_winner(world: tuple[Path, Path]) -> None:
    # OpenCode 1.18.33 keeps a random copy of a duplicated name (seen by running it)
    home, project = world
    user = skill(home / ".claude/skills", "deploy")
    proj = skill(project / ".opencode/skills", "deploy")
    res = run("opencode", home, project)
    views = by_path(res)
    for path in (proj, user):
        assert views[path].status is Status.ACTIVE and views[path].shadowed_by is None
        assert any("at random" in w for w in views[path].warnings)


def test_gemini_last_wins_project_over_user(world: tuple[Path, Path]) -> None:
    home, project = world
    user = skill(home / ".gemini/skills", "deploy")
    proj = skill(project / ".agents/skills", "deploy")
    views = by_path(run("gemini-cli", home, project))
    assert views[proj].status is Status.ACTIVE
    assert views[user].shadowed_by == proj


def test_amp_global_shadows_project(world: tuple[Path, Path]) -> None:
    home, project = world
    user = skill(home / ".agents/skills", "deploy")
    proj = skill(project / ".agents/skills", "deploy")
    views = by_path(run("amp", home, project))
    assert views[user].status is Status.ACTIVE
    assert views[proj].status is Status.SHADOWED


def test_amp_walk_up_reaches_home_and_realpath_dedup_removes_the_copy(tmp_path: Path) -> None:
    home = tmp_path / "home"
    project = home / "proj"
    project.mkdir(parents=True)
    user = skill(home / ".agents/skills", "mine")
    res = run("amp", home, project)
    mine = [v for v in res.views if v.path == user]
    assert [v.status for v in mine] == [Status.ACTIVE, Status.SHADOWED]
    assert "same file" in (mine[1].reason or "")


def test_codex_keeps_every_duplicate_and_warns(world: tuple[Path, Path]) -> None:
    home, project = world
    a = skill(home / ".agents/skills", "deploy")
    b = skill(project / ".agents/skills", "deploy")
    views = by_path(run("codex", home, project / "sub"))
    assert views[a].status is Status.ACTIVE and views[b].status is Status.ACTIVE
    assert any("ambiguous" in w for w in views[b].warnings)


def test_codex_walks_down_from_git_root_to_cwd(world: tuple[Path, Path]) -> None:
    home, project = world
    top = skill(project / ".agents/skills", "top")
    low = skill(project / "sub/.agents/skills", "low")
    res = run("codex", home, project / "sub")
    assert [v.path for v in res.views] == [top, low]


def test_agents_without_walk_up_see_only_the_working_directory(world: tuple[Path, Path]) -> None:
    home, project = world
    proj = skill(project / ".agents/skills", "deploy")
    # (OpenClaw reads its own workspace instead: tests/test_openclaw_verified.py)
    for agent in ("goose", "gemini-cli", "copilot", "cursor", "agentskills"):
        assert proj not in by_path(run(agent, home, project / "sub")), agent
        assert by_path(run(agent, home, project))[proj].status is Status.ACTIVE, agent


# --------------------------------------------------------------------------- depth, case


def test_too_deep_is_hidden_with_a_reason(world: tuple[Path, Path]) -> None:
    home, project = world
    nested = skill(project / ".claude/skills/group", "inner")
    views = by_path(run("claude-code", home, project))
    assert views[nested].status is Status.HIDDEN
    assert "too deep" in (views[nested].reason or "")
    # OpenCode's ** glob sees it
    assert by_path(run("opencode", home, project))[nested].status is Status.ACTIVE


def test_lowercase_skill_md(world: tuple[Path, Path]) -> None:
    home, project = world
    entry = skill(project / ".agents/skills", "lower", entry="skill.md")
    codex = by_path(run("codex", home, project))[entry]
    assert codex.status is Status.HIDDEN and "case-sensitive" in (codex.reason or "")
    assert by_path(run("amp", home, project))[entry].status is Status.ACTIVE


def test_reserved_synced_dir_for_claude(world: tuple[Path, Path]) -> None:
    home, project = world
    entry = skill(home / ".claude/skills", "synced")
    view = by_path(run("claude-code", home, project))[entry]
    assert view.status is Status.HIDDEN and "reserved" in (view.reason or "")


def test_codex_skips_dot_directories(world: tuple[Path, Path]) -> None:
    home, project = world
    entry = skill(project / ".agents/skills/.hidden", "x")
    view = by_path(run("codex", home, project))[entry]
    assert view.status is Status.HIDDEN and "dot directory" in (view.reason or "")


# --------------------------------------------------------------------------- symlinks


def test_symlinked_skill_dir_and_realpath_dedup(world: tuple[Path, Path]) -> None:
    home, project = world
    real = write_skill(home / "store", "shared")
    (home / ".claude/skills").mkdir(parents=True)
    (project / ".claude/skills").mkdir(parents=True)
    os.symlink(real, home / ".claude/skills/shared")
    os.symlink(real, project / ".claude/skills/shared")
    res = run("claude-code", home, project)
    statuses = [(v.scope, v.status) for v in res.views]
    assert statuses == [(Scope.USER, Status.ACTIVE), (Scope.PROJECT, Status.SHADOWED)]
    assert "same file" in (res.views[1].reason or "")


def test_root_that_is_itself_a_link(world: tuple[Path, Path]) -> None:
    home, project = world
    write_skill(home / "dotfiles/skills", "linked")
    (home / ".claude").mkdir()
    os.symlink(home / "dotfiles/skills", home / ".claude/skills")
    res = run("claude-code", home, project)
    assert [v.status for v in res.views] == [Status.ACTIVE]


def test_loops_and_dangling_links_are_notes_not_crashes(world: tuple[Path, Path]) -> None:
    home, project = world
    root = project / ".agents/skills"
    good = skill(root, "good")
    os.symlink(root, root / "loop")
    os.symlink(project / "nowhere", root / "dangling")
    res = run("opencode", home, project)
    assert by_path(res)[good].status is Status.ACTIVE
    reasons = {n.reason for n in res.notes}
    assert {"symlink-loop", "dangling-symlink"} <= reasons


def test_codex_system_folder_is_not_a_root(tmp_path: Path) -> None:
    """Codex 0.169.0 writes its own System skills to $CODEX_HOME/skills/.system on start;
    skillctl knows them as data (the profile's ``catalog_builtins``), so a skill there is the
    agent's own, never one of the user's (verified by the conformance suite)."""
    home = tmp_path / "home"
    write_skill(home / ".codex/skills/.system", "sys")
    res = discover(get_profile("codex"), tmp_path, home, ENV)
    assert not [v for v in res.views if v.status is Status.ACTIVE]
    assert all(v.scope is not Scope.SYSTEM for v in res.views)


def test_openclaw_confines_symlinks_to_the_root(world: tuple[Path, Path]) -> None:
    home, project = world
    target = write_skill(home / "outside", "far")
    (project / "skills").mkdir()
    os.symlink(target, project / "skills" / "far")
    res = discover(get_profile("openclaw"), project, home,
                   {**ENV, "OPENCLAW_WORKSPACE_DIR": str(project)})
    view = res.views[0]
    assert view.status is Status.HIDDEN and "outside the root" in (view.reason or "")


# --------------------------------------------------------------------------- validity


def test_crlf_and_bom_per_agent(world: tuple[Path, Path]) -> None:
    home, project = world
    root = project / ".claude/skills"
    crlf = skill(root, "crlf", raw=b"---\r\nname: crlf\r\ndescription: d\r\n---\r\nBody\r\n")
    bom = skill(root, "bom", raw=b"\xef\xbb\xbf---\nname: bom\ndescription: d\n---\nBody\n")
    plugin = by_path(run("opencode-agent-skills", home, project))
    assert plugin[crlf].status is Status.INVALID and "LF" in (plugin[crlf].reason or "")
    claude = by_path(run("claude-code", home, project))
    assert claude[crlf].status is Status.ACTIVE
    # Claude Code 2.1.332 strips the BOM: the frontmatter counts (was: empty metadata)
    assert claude[bom].status is Status.ACTIVE
    assert claude[bom].description == "d"
    assert not any("empty metadata" in w for w in claude[bom].warnings)
    assert by_path(run("amp", home, project))[bom].status is Status.ACTIVE  # Amp strips it


def test_invalid_yaml_skipped_by_strict_agents_loaded_by_claude(world: tuple[Path, Path]) -> None:
    home, project = world
    entry = skill(project / ".claude/skills", "colon",
                  "name: colon\ndescription: Use when: you need it\n")
    claude = by_path(run("claude-code", home, project))[entry]
    assert claude.status is Status.ACTIVE and claude.description == "Use when: you need it"
    opencode = by_path(run("opencode", home, project))[entry]  # it quotes such values
    assert opencode.status is Status.ACTIVE and opencode.description == "Use when: you need it"
    plugin = by_path(run("opencode-agent-skills", home, project))[entry]
    assert plugin.status is Status.INVALID and "mapping values" in (plugin.reason or "")


def test_invocation_name_vs_declared_name(world: tuple[Path, Path]) -> None:
    home, project = world
    entry = skill(project / ".claude/skills", "dir-name", "name: other\ndescription: d\n")
    claude = by_path(run("claude-code", home, project))[entry]
    assert (claude.name, claude.declared_name) == ("dir-name", "other")
    opencode = by_path(run("opencode", home, project))[entry]
    assert opencode.name == "other"
    plugin = by_path(run("opencode-agent-skills", home, project))[entry]  # need not match
    assert plugin.status is Status.ACTIVE and plugin.name == "other"


def test_name_rules(world: tuple[Path, Path]) -> None:
    home, project = world
    root = project / ".agents/skills"
    upper = skill(root, "Upper", "name: Upper\ndescription: d\n")
    amp = by_path(run("amp", home, project))[upper]
    assert amp.status is Status.INVALID
    spec = by_path(run("agentskills", home, project))[upper]
    assert spec.status is Status.ACTIVE and any("lowercase" in w for w in spec.warnings)
    gemini_name = skill(root, "g", "name: 'a:b'\ndescription: d\n")
    gem = by_path(run("gemini-cli", home, project))[gemini_name]
    assert gem.name == "a-b"


def test_description_rules(world: tuple[Path, Path]) -> None:
    home, project = world
    root = project / ".agents/skills"
    nodesc = skill(root, "nodesc", "name: nodesc\n")
    long = skill(root, "long", "name: long\ndescription: " + "x" * 1100 + "\n")
    assert by_path(run("opencode", home, project))[nodesc].status is Status.HIDDEN
    assert by_path(run("goose", home, project))[nodesc].status is Status.ACTIVE
    assert by_path(run("gemini-cli", home, project))[nodesc].status is Status.INVALID
    codex = by_path(run("codex", home, project))  # 0.169.0: no limit, description required
    assert codex[long].status is Status.ACTIVE and codex[nodesc].status is Status.INVALID
    amp = by_path(run("amp", home, project))[long]
    assert amp.status is Status.ACTIVE and amp.warnings


def test_catalog_exclusion_and_conditional(world: tuple[Path, Path]) -> None:
    home, project = world
    root = project / ".claude/skills"
    manual = skill(root, "manual", "name: manual\ndescription: d\ndisable-model-invocation: true\n")
    cond = skill(root, "cond", "name: cond\ndescription: d\npaths: src/**/*.py\n")
    always = skill(root, "always", "name: always\ndescription: d\npaths: '**'\n")
    views = by_path(run("claude-code", home, project))
    assert views[manual].status is Status.HIDDEN and "catalog" in (views[manual].reason or "")
    assert views[cond].status is Status.CONDITIONAL and "src/**/*.py" in (views[cond].reason or "")
    assert views[always].status is Status.ACTIVE


def test_hidden_winner_still_shadows(world: tuple[Path, Path]) -> None:
    home, project = world
    user = skill(home / ".claude/skills", "x",
                 "name: x\ndescription: d\ndisable-model-invocation: yes\n")
    proj = skill(project / ".claude/skills", "x")
    views = by_path(run("claude-code", home, project))
    assert views[user].status is Status.HIDDEN
    assert views[proj].shadowed_by == user


def test_builtin_collision_warns(world: tuple[Path, Path]) -> None:
    home, project = world
    entry = skill(project / ".claude/skills", "clear")
    bundled = skill(project / ".claude/skills", "batch")  # a bundled skill in 2.1.332
    views = by_path(run("claude-code", home, project))
    assert any("built-in /clear" in w for w in views[entry].warnings)
    assert any("a skill Claude Code ships itself" in w for w in views[bundled].warnings)


def test_claude_skips_files_over_a_megabyte(world: tuple[Path, Path]) -> None:
    home, project = world
    big = b"---\nname: big\ndescription: d\n---\n" + b"x" * 1_000_001
    entry = skill(project / ".claude/skills", "big", raw=big)
    view = by_path(run("claude-code", home, project))[entry]
    assert view.status is Status.INVALID and "1000000" in (view.reason or "")


def test_env_switches_roots(world: tuple[Path, Path]) -> None:
    home, project = world
    entry = skill(home / ".claude/skills", "u")
    env = {"OPENCODE_DISABLE_CLAUDE_CODE_SKILLS": "1"}
    res = discover(get_profile("opencode"), project, home, env)
    assert entry not in by_path(res)
    synced = skill(home / ".claude/skills/synced", "s")
    claude = discover(get_profile("claude-code"), project, home, {"CLAUDE_CODE_SYNC_SKILLS": "1"})
    assert by_path(claude)[synced].status is Status.ACTIVE


# --------------------------------------------------------------------------- extra trees, all


def test_extra_paths_are_scanned_recursively_with_gitignore(world: tuple[Path, Path],
                                                            tmp_path: Path) -> None:
    home, project = world
    repo = tmp_path / "repo"
    kept = skill(repo / "skills/deep/er", "kept")
    skill(repo / "build", "ignored")
    (repo / ".gitignore").write_text("build/\n")
    res = run("claude-code", home, project, extra_paths=[repo])
    assert [(v.path, v.scope) for v in res.views] == [(kept, Scope.EXTRA)]
    with pytest.raises(UsageError, match="path not found"):
        run("claude-code", home, project, extra_paths=[tmp_path / "missing"])


@pytest.mark.parametrize("agent", ["claude-code", "codex", "gemini-cli", "opencode"])
def test_an_extra_tree_over_a_root_adds_no_second_copy(world: tuple[Path, Path],
                                                       agent: str) -> None:
    """``skillctl list .`` in a project: a file the agent's own roots reach is listed once,
    with its real status (here hidden, too deep), not again as a shadowed or active extra."""
    home, project = world
    own = skill(project / ".agents/skills", "own")
    deep = skill(project / ".claude/skills/group", "deep")
    elsewhere = skill(project / "docs/examples", "elsewhere")
    res = run(agent, home, project, extra_paths=[project])
    views = by_path(res)
    assert list(views).count(own) == 1 and list(views).count(elsewhere) == 1
    assert [v.path for v in res.views].count(own) == 1
    assert views[elsewhere].scope is Scope.EXTRA
    if agent == "claude-code":  # .claude/skills/group/deep is one level too deep for it
        assert [(v.path, v.status) for v in res.views if v.path == deep] == [
            (deep, Status.HIDDEN)]
    else:  # codex, gemini-cli and opencode scan .agents/skills
        assert views[own].scope is Scope.PROJECT and views[own].status is Status.ACTIVE


def test_discover_all_parses_each_file_once(world: tuple[Path, Path]) -> None:
    home, project = world
    skill(home / ".claude/skills", "a")
    skill(home / ".agents/skills", "b")
    cache = ParseCache()
    cross = discover_all(project, home, ENV, cache=cache)
    assert set(cross.resolutions) == set(agent_ids())
    assert len(cache) == 2
    assert [s.name for s in cross.skills] == ["a", "b"]
    views = cross.views_of(cross.skills[0])
    assert views["claude-code"] is not None and views["claude-code"].status is Status.ACTIVE
    assert views["gemini-cli"] is None  # never scans ~/.claude/skills


def test_find_skill(world: tuple[Path, Path]) -> None:
    home, project = world
    user = skill(home / ".claude/skills", "deploy")
    skill(project / ".claude/skills", "deploy")
    skill(project / ".claude/skills", "review")
    with pytest.raises(UsageError, match="matches 2 skills"):
        find_skill("deploy", project, home)
    # with an agent, the copy it uses wins
    assert find_skill("deploy", project, home, agent="claude-code").entry == user
    with pytest.raises(UsageError, match="did you mean: review"):
        find_skill("reveiw", project, home)
    by_file = find_skill(str(project / ".claude/skills/review/SKILL.md"), project, home)
    assert by_file.name == "review"
    inner = project / ".claude/skills/review/notes.txt"
    inner.write_text("x")
    assert find_skill(str(inner), project, home).name == "review"
    with pytest.raises(UsageError, match="holds 2 skills"):
        find_skill(str(project / ".claude/skills"), project, home)
    with pytest.raises(UsageError, match="path not found"):
        find_skill(str(project / "nope/"), project, home)


def test_unreadable_directory_is_a_note(world: tuple[Path, Path]) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads chmod 000 directories")
    home, project = world
    locked = project / ".agents/skills/locked"
    locked.mkdir(parents=True)
    os.chmod(locked, 0)
    try:
        res = run("opencode", home, project)
        assert any(n.reason == "unreadable" for n in res.notes)
    finally:
        os.chmod(locked, 0o755)


def test_fifo_named_skill_md_does_not_hang(world: tuple[Path, Path]) -> None:
    home, project = world
    directory = project / ".claude/skills/fifo"
    directory.mkdir(parents=True)
    os.mkfifo(directory / "SKILL.md")
    res = run("claude-code", home, project)
    assert all(v.path != directory / "SKILL.md" or v.status is Status.INVALID for v in res.views)


@pytest.mark.parametrize("agent", agent_ids())
def test_every_agent_survives_an_empty_world(agent: str, world: tuple[Path, Path]) -> None:
    home, project = world
    assert run(agent, home, project).views == ()


def test_amp_walks_below_a_skill_and_loads_a_skill_md_in_a_root(
        world: tuple[Path, Path]) -> None:
    # Amp 0.0.1790142911 as run for issue 14: no stop at a skill folder, a root SKILL.md counts
    home, project = world
    root = project / ".agents" / "skills"
    root.mkdir(parents=True)
    (root / "SKILL.md").write_text("---\nname: at-root\ndescription: Root. Use when x.\n---\n")
    outer = write_skill(root, "outer")
    write_skill(outer, "inner")
    active = {v.name for v in run("amp", home, project).views if v.status is Status.ACTIVE}
    assert {"at-root", "outer", "inner"} <= active


def test_amp_reads_a_numeric_name_as_its_text(world: tuple[Path, Path]) -> None:
    # Amp 0.0.1790142911 as run for issue 14: `name: 123` loads; other agents that require a
    # string name keep calling it invalid
    home, project = world
    for root in (".agents/skills", ".claude/skills"):
        folder = project / root / "numbered"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text("---\nname: 123\ndescription: Numbered. Use when x.\n"
                                         "---\nBody.\n", encoding="utf-8")
    (view,) = [v for v in run("amp", home, project).views if v.status is Status.ACTIVE]
    assert view.name == "123"
    assert any("reads it as '123'" in w for w in view.warnings)
    claude = run("claude-code", home, project).views
    assert [v.name for v in claude if v.status is Status.ACTIVE] != ["123"]


# --------------------------------------------------------------------------- order in a root
# Seen with the real agents (conformance case clash-dash-before-slash, and OpenClaw on
# jayteealao/agent-skills, where plugins/sdlc-workflow/ and plugins/sdlc-workflow-codex/ hold
# the same skills): which copy of a name a root keeps depends on the order the agent meets
# the root's skill folders in.

def _copies(root: Path) -> dict[str, Path]:
    """The same name in pairs of folders whose orders differ between the walks."""
    pairs = {"kit": ("kit/skills/s", "kit-codex/skills/s"),  # '-' sorts before '/'
             "deep": ("zz", "aa/deep"),  # a deeper path that sorts first
             "mark": ("x_a/s", "x-a/s"),  # bytes: '-' first; localeCompare: '_' first
             # the entry file's path: "market-research-skill/SKILL.md" comes before
             # "market-research/SKILL.md" (mfang0126/openclaw-skills, seen with the Copilot
             # CLI), while the folders' paths sort the other way
             "suffix": ("market-research", "market-research-skill")}
    made = {}
    for name, folders in pairs.items():
        for folder in folders:
            made[f"{name}:{folder}"] = skill(root, folder, f"name: {name}\ndescription: d\n")
    return made


@pytest.mark.parametrize(("agent", "kept"), [
    # first wins, paths in a root by code point as one string
    ("copilot-cli", {"kit": "kit-codex/skills/s", "deep": "aa/deep", "mark": "x-a/s",
                     "suffix": "market-research-skill"}),
    # last wins, the folders' paths sorted with localeCompare
    ("openclaw", {"kit": "kit/skills/s", "deep": "zz", "mark": "x-a/s",
                  "suffix": "market-research-skill"}),
])
def test_which_copy_a_root_keeps(world: tuple[Path, Path], agent: str,
                                 kept: dict[str, str]) -> None:
    home, _ = world
    root = home / ".agents/skills"
    made = _copies(root)
    res = run(agent, home, home / "elsewhere")
    active = {v.path for v in res.views if v.status is Status.ACTIVE}
    for name, folder in kept.items():
        assert made[f"{name}:{folder}"] in active, (name, folder)
        others = [p for key, p in made.items() if key.startswith(f"{name}:") and
                  not key.endswith(f":{folder}")]
        assert not active.intersection(others), name
