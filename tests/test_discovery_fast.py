"""The per-run memo of discovery (walk, realpath, verdicts, lean parsed skills) and the
shadow index change nothing that ``list`` or ``show`` report."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from skillctl.agents import agent_ids, get_profile
from skillctl.discovery import (
    CrossView,
    ParseCache,
    Resolution,
    SkillView,
    Status,
    discover,
    discover_all,
    discover_for,
)
from skillctl.report import listing
from tests.conftest import CORPUS, write_skill

ENV: dict[str, str] = {}


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    """``home`` and ``project`` (a git root), with copies and name collisions across roots."""
    home = tmp_path / "home"
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    for root in (home / ".claude/skills", project / ".claude/skills", project / ".agents/skills",
                 home / ".config/opencode/skills"):
        write_skill(root, "deploy", "name: deploy\ndescription: Deploy the app.\n")
        write_skill(root, "notes", "name: notes\ndescription: Use when: taking notes\n")
    write_skill(project / ".agents/skills", "crlf", "name: crlf\ndescription: CRLF file.\n")
    crlf = project / ".agents/skills/crlf/SKILL.md"
    crlf.write_bytes(crlf.read_bytes().replace(b"\n", b"\r\n"))
    write_skill(project / ".claude/skills", "nodesc", "name: nodesc\n", body="# First line\n")
    os.symlink(project / ".claude/skills/deploy", project / ".agents/skills/linked")
    return home, project


def documents(cross: CrossView) -> list[str]:
    """Every output of ``list`` for a cross view: JSON and tables, with and without --all."""
    out = [listing.dump_json(listing.cross_json(cross, show_all)) for show_all in (False, True)]
    for show_all in (False, True):
        buf = io.StringIO()
        listing.render_cross(cross, buf, show_all=show_all, explain=True, tty=False)
        out.append(buf.getvalue())
    for agent, res in cross.resolutions.items():
        out.append(listing.dump_json(listing.agent_json(res, True)))
        buf = io.StringIO()
        listing.render_agent(res, buf, show_all=True, explain=True, tty=False, label=agent)
        out.append(buf.getvalue())
    return out


def test_lean_cache_reports_exactly_what_the_full_cache_reports(
    world: tuple[Path, Path],
) -> None:
    home, project = world
    full = discover_all(project, home, ENV, cache=ParseCache())
    lean_cache = ParseCache(keep_text=False)
    lean = discover_all(project, home, ENV, cache=lean_cache)
    assert documents(lean) == documents(full)
    # the lean cache really dropped the text (that is its point) ...
    assert all(s.parsed.text is None and s.parsed.body == "" for s in lean.skills)
    # ... while Claude Code's body-first-line description fallback still worked
    views = [v for v in lean.resolutions["claude-code"].views if v.skill.dir_name == "nodesc"]
    assert views and views[0].description == "First line"


def test_lean_cache_on_the_corpus(tmp_path: Path) -> None:
    tree = tmp_path / "corpus"
    shutil.copytree(CORPUS / "anthropics__skills", tree, symlinks=True)
    home, project = tmp_path / "home", tmp_path / "proj"
    home.mkdir()
    project.mkdir()
    full = discover_all(project, home, ENV, [tree], cache=ParseCache())
    lean = discover_all(project, home, ENV, [tree], cache=ParseCache(keep_text=False))
    assert len(full.skills) > 5
    assert documents(lean) == documents(full)


def test_dialect_not_expected_at_parse_time_rereads_the_file(world: tuple[Path, Path]) -> None:
    home, project = world
    cache = ParseCache(keep_text=False)
    discover(get_profile("claude-code"), project, home, ENV, cache=cache)  # parses everything
    for agent in ("opencode-agent-skills", "gemini-cli", "agentskills"):
        late = discover(get_profile(agent), project, home, ENV, cache=cache)
        fresh = discover(get_profile(agent), project, home, ENV)
        assert late.views  # the world has skills in this agent's roots
        assert listing.agent_json(late, True) == listing.agent_json(fresh, True)
        assert [v.data for v in late.views] == [v.data for v in fresh.views]


def test_each_file_is_parsed_and_each_dialect_run_once(world: tuple[Path, Path]) -> None:
    home, project = world
    cache = ParseCache()
    cross = discover_all(project, home, ENV, cache=cache)
    real_files = {os.path.realpath(s.entry) for s in cross.skills}
    assert len(cache) == len(real_files)
    skill = cross.skills[0]
    # the same parsed object comes back for the same path, and verdicts are memoized
    assert cache.get(skill.entry) is cache.get(skill.entry)
    parser = get_profile("codex").parser
    assert cache.verdict(parser, skill.parsed) is cache.verdict(parser, skill.parsed)


def brute_shadowed_by(res: Resolution, view: SkillView) -> tuple[SkillView, ...]:
    """What ``shadowed_by`` answered before it had an index."""
    if view.status in (Status.SHADOWED, Status.INVALID):
        return ()
    return tuple(v for v in res.views if v.shadowed_by == view.path and v is not view)


@pytest.mark.parametrize("agent", agent_ids())
def test_shadow_index_matches_a_scan_of_every_view(agent: str, world: tuple[Path, Path]) -> None:
    home, project = world
    res = discover(get_profile(agent), project, home, ENV)
    for view in res.views:
        assert res.shadowed_by(view) == brute_shadowed_by(res, view)


def test_shadow_index_with_nothing_shadowed(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "proj"
    write_skill(home / ".claude/skills", "only", "name: only\ndescription: The only one.\n")
    project.mkdir()
    res = discover(get_profile("claude-code"), project, home, ENV)
    assert [res.shadowed_by(v) for v in res.views] == [()]
    assert res.shadowed_by(res.views[0]) == ()  # asked twice: the built (empty) index holds


def test_symlink_judgement_still_applies_with_a_shared_walk(tmp_path: Path) -> None:
    """One walk serves every agent; each still judges the symlinks on the way itself."""
    home, project = tmp_path / "home", tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    target = write_skill(tmp_path / "elsewhere", "far", "name: far\ndescription: Far away.\n")
    (project / "skills").mkdir()
    os.symlink(target, project / "skills" / "far")
    cross = discover_all(project, home, ENV, cache=ParseCache())
    fresh = discover(get_profile("openclaw"), project, home, ENV)
    shared = cross.resolutions["openclaw"]
    assert shared.views == fresh.views
    assert [v.status for v in shared.views] == [Status.HIDDEN]
    assert "resolves outside the root" in (shared.views[0].reason or "")


def test_views_of_after_discover_for(world: tuple[Path, Path]) -> None:
    home, project = world
    cache = ParseCache()
    cross = discover_all(project, home, ENV, cache=cache)
    skill = cross.skills[0]
    again = discover_for(skill, project, home, ENV, cache=cache)
    before, after = cross.views_of(skill), again.views_of(skill)
    assert set(after) == set(agent_ids())
    assert None in before.values()  # some agents never reach it from their roots ...
    for agent, view in before.items():
        if view is not None:
            assert after[agent] == view
        else:  # ... and see it as an extra tree instead
            extra = after[agent]
            assert extra is not None and extra.scope.value == "extra"
