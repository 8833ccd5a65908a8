"""The per-run memo of discovery (walk, realpath, verdicts, lean parsed skills) and the
shadow index change nothing that ``list`` or ``show`` report."""

from __future__ import annotations

import dataclasses
import io
import os
import re
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
    env = {**ENV, "OPENCLAW_WORKSPACE_DIR": str(project)}  # OpenClaw reads its workspace
    cross = discover_all(project, home, env, cache=ParseCache())
    fresh = discover(get_profile("openclaw"), project, home, env)
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


# --------------------------------------------------------------------------- fast paths


def test_cached_real_path_agrees_with_os_realpath(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``ParseCache.real`` resolves parents once; it must give what ``os.path.realpath`` gives
    for symlinked folders and files, relative paths, ``..``, loops and missing paths."""
    base = tmp_path / "base"
    target = write_skill(tmp_path / "elsewhere", "far", "name: far\ndescription: Far.\n")
    write_skill(base / "skills", "near", "name: near\ndescription: Near.\n")
    os.symlink(target, base / "skills" / "linked-dir")
    os.symlink(target / "SKILL.md", base / "skills" / "near" / "linked.md")
    os.symlink("../near", base / "skills" / "relative-link")
    os.symlink(base / "skills", tmp_path / "skills-link")
    os.symlink(tmp_path / "loop-a", tmp_path / "loop-b")
    os.symlink(tmp_path / "loop-b", tmp_path / "loop-a")
    monkeypatch.chdir(base)
    paths = [
        base / "skills" / "near" / "SKILL.md",
        base / "skills" / "near" / "linked.md",
        base / "skills" / "linked-dir" / "SKILL.md",
        base / "skills" / "relative-link" / "SKILL.md",
        tmp_path / "skills-link" / "near" / "SKILL.md",
        tmp_path / "skills-link" / "linked-dir" / "SKILL.md",
        tmp_path / "loop-a" / "SKILL.md",
        tmp_path / "missing" / "deeper" / "SKILL.md",
        Path("skills/near/SKILL.md"),
        Path("skills/../skills/linked-dir/SKILL.md"),
        Path("../skills-link/near"),
        Path("skills"),
        Path("."),
        Path("/"),
        Path("//"),
        Path("//" + str(base).lstrip("/")) / "skills" / "linked-dir" / "SKILL.md",
    ]
    cache = ParseCache()
    for path in paths + paths:  # the second round is answered from the memo
        assert cache.real(path) == os.path.realpath(path), path


def test_real_paths_across_a_shared_corpus_tree(tmp_path: Path) -> None:
    tree = tmp_path / "corpus"
    shutil.copytree(CORPUS / "anthropics__skills", tree, symlinks=True)
    cache = ParseCache()
    entries = sorted(tree.rglob("SKILL.md"))
    assert len(entries) > 5
    assert [cache.real(p) for p in entries] == [os.path.realpath(p) for p in entries]


def _slow_name_problems(rule_charset: str | None, must_match_dir: bool, declared: str,
                        dir_name: str) -> list[str]:
    """The character and directory checks as written before their ASCII fast paths."""
    import unicodedata

    problems: list[str] = []
    if rule_charset == "ll-n-hyphen" and any(
        not (unicodedata.category(c) == "Ll" or unicodedata.category(c).startswith("N")
             or c == "-")
        for c in declared
    ):
        problems.append(f"name {declared!r} may hold only lowercase letters, digits and '-'")
    if rule_charset == "spec":
        n = unicodedata.normalize("NFKC", declared.strip())
        if n != n.lower():
            problems.append(f"name {n!r} must be lowercase")
        if n.startswith("-") or n.endswith("-"):
            problems.append("name cannot start or end with a hyphen")
        if "--" in n:
            problems.append("name cannot contain consecutive hyphens")
        if any(not (c.isalnum() or c == "-") for c in n):
            problems.append(f"name {n!r} contains invalid characters")
    if must_match_dir and unicodedata.normalize("NFKC", declared.strip()) != (
        unicodedata.normalize("NFKC", dir_name)
    ):
        problems.append(f"name {declared!r} does not match the directory name {dir_name!r}")
    return problems


NAMES = ["pdf", "pdf-tools", "pdf2", "2pdf", "-pdf", "pdf-", "pdf--x", "PDF", "Pdf-Tools",
         "pdf_tools", "pdf tools", " pdf ", "pdf.x", "ﬁle", "café", "naïve-x", "日本語", "x²",
         "Ⅻ", "ǅ", "straße", "a\u0301", "\u00e1", "\uff41\uff42\uff43", "tab\there", "x" * 70]


@pytest.mark.parametrize("charset", [None, "ll-n-hyphen", "spec"])
def test_name_fast_paths_match_the_unicode_checks(charset: str | None) -> None:
    from skillctl.agents.profile import NameRule
    from skillctl.discovery import _name_problems

    for must_match in (False, True):
        rule = NameRule(required=True, must_match_dir=must_match, charset=charset)
        profile = dataclasses.replace(get_profile("opencode-agent-skills"), name_rule=rule)
        for declared in NAMES:
            for dir_name in (declared, declared.strip(), "pdf", "abc", "cafe\u0301", "ﬁle"):
                assert _name_problems(profile, declared, dir_name) == _slow_name_problems(
                    charset, must_match, declared, dir_name), (declared, dir_name)


def _slow_body_first_line(body: str) -> str | None:
    for line in body.split("\n"):
        text = re.sub(r"^#+[ \t]+", "", line.strip()).strip()
        if text:
            return text if len(text) <= 100 else text[:97] + "..."
    return None


def test_body_first_line_matches_splitting_the_body(corpus: Path) -> None:
    from skillctl.fallback import body_first_line
    from skillctl.parse import parse_file

    bodies = ["", "\n", "\n\n", "x", "x\n", "\n\n  # Title  \nmore", "#\n##\n# \n\tlast",
              "\r\n\r\nwindows\r\n", "\x0b\x0c\n \u2028 next", "a" * 150, "\n" + "b" * 100,
              "# " + "c" * 101 + "\n", "   \n" * 50]
    # every Markdown file of the corpus, not only SKILL.md: more bodies, more shapes
    bodies += [parse_file(p).body for p in sorted(corpus.rglob("*.md"))]
    assert len(bodies) > 100
    for body in bodies:
        assert body_first_line(body) == _slow_body_first_line(body), body[:80]


def test_every_memoized_real_path_is_right_after_a_run_over_symlinks(tmp_path: Path) -> None:
    """Discovery seeds the real paths of skill folders from the walk (no symlink on the way);
    every path the cache resolved must still be what ``os.path.realpath`` says."""
    tree = tmp_path / "tree"
    elsewhere = write_skill(tmp_path / "elsewhere", "far", "name: far\ndescription: Far.\n")
    write_skill(tree / "group", "plain", "name: plain\ndescription: Plain.\n")
    write_skill(tree, "top", "name: top\ndescription: Top.\n")
    os.symlink(elsewhere, tree / "group" / "linked")
    os.symlink(tmp_path / "elsewhere", tree / "linked-group")
    (tree / "filelink").mkdir()
    os.symlink(elsewhere / "SKILL.md", tree / "filelink" / "SKILL.md")
    os.symlink(tree, tmp_path / "tree-link")
    home, project = tmp_path / "home", tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    cache = ParseCache(keep_text=False)
    cross = discover_all(project, home, ENV, [tree, tmp_path / "tree-link"], cache=cache)
    assert len(cross.skills) == 3  # far (four ways), plain, top
    memo = cache.reals()
    assert len(memo) > 10
    for text, real in memo.items():
        assert real == os.path.realpath(text), text


def test_relative_parts_match_pathlib() -> None:
    from skillctl.discovery import _relative_parts

    roots = ["/", "/a", "/a/b", "/a/b/", "/a/bc", "/a/b/../b", "a", ".", "a/b", "//a", "//"]
    dirs = ["/", "/a", "/a/b", "/a/bc", "/a/b/c", "/a/b/c/d/e", "/a/bc/d", "/x/a/b",
            "/a/b/../b/c", "/a/.hidden/b", "a/b/c", "a", ".", "b", "//a/b", "//a", "///a/b"]
    for root in map(Path, roots):
        for directory in map(Path, dirs):
            try:
                expected = directory.relative_to(root).parts
            except ValueError:
                expected = ()
            assert _relative_parts(directory, root) == expected, (directory, root)


def test_identical_is_stricter_than_equality() -> None:
    from skillctl.discovery import _identical

    assert _identical({"a": [1, {"b": "x"}], "c": None}, {"a": [1, {"b": "x"}], "c": None})
    assert not _identical({"a": 1}, {"a": True})
    assert not _identical({"a": 1}, {"a": 1.0})
    assert not _identical({"a": 1, "b": 2}, {"b": 2, "a": 1})  # same items, other order
    assert not _identical({"a": [1]}, {"a": (1,)})
    assert not _identical({"a": float("nan")}, {"a": float("nan")})
    assert not _identical({"a": "x"}, {"a": "x", "b": "y"})


def test_lean_verdicts_equal_fresh_verdicts_on_the_corpus(corpus: Path) -> None:
    """The lean cache shares the parser's data with dialects that read the same values; every
    verdict must still be what the dialect says of a freshly parsed file, types included."""
    from skillctl.dialects import DIALECTS, verdict
    from skillctl.discovery import _identical
    from skillctl.parse import parse_file
    from tests.conftest import skill_files

    files = skill_files(corpus)
    assert len(files) > 40
    cache = ParseCache(keep_text=False)
    cache.expect(DIALECTS)
    shared = 0
    for path in files:
        lean = cache.get(path)
        fresh = parse_file(path)
        for dialect in DIALECTS:
            got, want = cache.verdict(dialect, lean), verdict(dialect, fresh)
            assert (got.accepted, got.reason, got.line) == (want.accepted, want.reason,
                                                            want.line)
            assert (got.data is None) == (want.data is None)
            if got.data is not None:
                assert _identical(dict(got.data), dict(want.data or {})), (path, dialect)
                shared += got.data is lean.data
    assert shared > len(files)  # most files: several dialects keep the parser's data


def test_discovery_pauses_the_collector_and_always_restores_it(
        world: tuple[Path, Path]) -> None:
    import gc

    from skillctl.errors import UsageError
    from skillctl.gcpause import paused_gc

    home, project = world
    assert gc.isenabled()
    discover_all(project, home, ENV)
    assert gc.isenabled()
    with pytest.raises(UsageError):
        discover(get_profile("codex"), project, home, ENV, [project / "missing"])
    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():  # nested: the inner block leaves the outer one's state alone
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()  # a collector that was off stays off
    finally:
        gc.enable()


def test_claude_codes_fallback_keeps_a_hash_that_starts_no_heading() -> None:
    # conformance case description-from-body (Claude Code 2.1.332): "#Title" and a bare "#"
    # are kept, "# Title" loses its marks
    from skillctl.fallback import body_first_line

    assert body_first_line("#Not a heading\n\nProse.\n") == "#Not a heading"
    assert body_first_line("#\n\nAfter.\n") == "#"
    assert body_first_line("## Sub heading\ntext\n") == "Sub heading"
    assert body_first_line("\n\n" + "x" * 120) == "x" * 97 + "..."
