"""The content-keyed lint cache (skillctl/cache.py), on real files in tmp_path."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl import cache
from skillctl.cache import LintCache
from skillctl.collect import load_skill
from skillctl.lint.result import SkillResult, SkillSummary
from skillctl.model import Diagnostic, Severity

FP = "config-fingerprint-1"


def result_for(skill: Path, *rules: str) -> SkillResult:
    entry = skill / "SKILL.md"
    diags = tuple(
        Diagnostic(str(entry), 2, 1, rule, f"{rule} message", Severity.WARNING, fixable=True,
                   hint="a hint" if i == 0 else None)
        for i, rule in enumerate(rules)
    )
    return SkillResult(str(entry), str(skill), skill.name, diags)


def entry_for(skill: Path, *rules: str) -> tuple[SkillResult, SkillSummary]:
    """What the cache stores for a skill: its result and the summary of its SKILL.md."""
    return result_for(skill, *rules), SkillSummary.of(load_skill(skill))


def open_cache(where: Path, *roots: Path, fp: str = FP, enabled: bool = True) -> LintCache:
    return LintCache.open(fp, roots, enabled=enabled, directory=where)


def test_cache_dir_follows_the_documented_order(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SKILLCTL_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "skillctl"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "skillctl"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "skillctl"
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(tmp_path / "explicit"))
    assert cache.cache_dir() == tmp_path / "explicit"


def test_a_stored_result_comes_back_after_a_save(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill = make_skill("alpha", root=tmp_path / "repo")
    where = tmp_path / "cache"
    first = open_cache(where, tmp_path / "repo")
    key = first.key(skill, skill / "SKILL.md")
    assert key is not None
    assert first.get(key) is None
    stored = entry_for(skill, "name-case", "description-long")
    first.put(key, *stored)
    first.save()
    assert first.path is not None and first.path.is_file()

    second = open_cache(where, tmp_path / "repo")
    assert second.key(skill, skill / "SKILL.md") == key
    assert second.get(key) == stored
    assert (second.hits, second.misses) == (1, 0)


def test_the_key_follows_content_files_modes_and_config(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill = make_skill("beta")
    (skill / "references").mkdir()
    ref = skill / "references" / "guide.md"
    ref.write_text("# Guide\n")
    script = skill / "scripts" / "run.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    entry = skill / "SKILL.md"

    def key(fp: str = FP) -> str | None:
        # a fresh cache per look: within one run a skill's key is computed once
        return open_cache(tmp_path / "cache", fp=fp).key(skill, entry)

    keys = [key()]
    assert key() == keys[0]  # stable

    entry.write_text(entry.read_text() + "More.\n")
    keys.append(key())
    ref.write_text("# Guide, longer now\n")
    keys.append(key())
    os.utime(ref, ns=(1, 1))
    keys.append(key())
    script.chmod(0o755)
    keys.append(key())
    (skill / "references" / "missing.md").write_text("now it exists\n")
    keys.append(key())
    keys.append(key("other-config"))
    assert None not in keys
    assert len(set(keys)) == len(keys)


def test_a_skill_that_cannot_be_read_is_not_cached(tmp_path: Path) -> None:
    c = open_cache(tmp_path / "cache")
    assert c.key(tmp_path / "gone", tmp_path / "gone" / "SKILL.md") is None
    assert c.get(None) is None
    c.put(None, *entry_for(tmp_path / "gone"))
    c.save()
    assert not (tmp_path / "cache").exists()


def test_no_cache_reads_and_writes_nothing(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    skill = make_skill("gamma")
    c = open_cache(tmp_path / "cache", enabled=False)
    assert not c.enabled
    assert c.key(skill, skill / "SKILL.md") is None
    c.put("k", *entry_for(skill))
    c.save()
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize(
    "content",
    [b"", b"{not json", b"[]", b'{"format": 999, "entries": {}}', b"\xff\xfe", b'{"format": 1}'],
)
def test_a_corrupt_cache_file_is_a_silent_miss(
    tmp_path: Path, make_skill: Callable[..., Path], content: bytes
) -> None:
    skill = make_skill("delta")
    where = tmp_path / "cache"
    c = open_cache(where, skill)
    key = c.key(skill, skill / "SKILL.md")
    c.put(key, *entry_for(skill, "x"))
    c.save()
    assert c.path is not None
    c.path.write_bytes(content)
    again = open_cache(where, skill)
    assert again.get(key) is None
    again.put(key, *entry_for(skill, "x"))
    again.save()  # and it repairs itself
    assert open_cache(where, skill).get(key) == entry_for(skill, "x")


def test_a_corrupt_entry_is_a_miss(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    skill = make_skill("eps")
    where = tmp_path / "cache"
    c = open_cache(where, skill)
    key = c.key(skill, skill / "SKILL.md")
    assert key is not None
    c.put(key, *entry_for(skill, "x"))
    c.save()
    assert c.path is not None
    c.path.write_text(c.path.read_text().replace('"warning"', '"catastrophic"'))
    assert open_cache(where, skill).get(key) is None


def test_an_unusable_cache_directory_never_fails_the_run(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill = make_skill("zeta")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    c = open_cache(blocker / "cache", skill)
    key = c.key(skill, skill / "SKILL.md")
    c.put(key, *entry_for(skill))
    c.save()  # cannot create the directory: silently skipped
    assert blocker.read_text() == "not a directory"
    # a cache path that is a directory is not readable as a file either
    d = open_cache(tmp_path / "cache2", skill)
    assert d.path is not None
    d.path.mkdir(parents=True)
    e = open_cache(tmp_path / "cache2", skill)
    e.put(key, *entry_for(skill))
    e.save()


def test_a_save_keeps_only_the_entries_this_run_used(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    root = tmp_path / "repo"
    one, two = make_skill("one", root=root), make_skill("two", root=root)
    where = tmp_path / "cache"
    c = open_cache(where, root)
    k1, k2 = c.key(one, one / "SKILL.md"), c.key(two, two / "SKILL.md")
    c.put(k1, *entry_for(one))
    c.put(k2, *entry_for(two))
    c.save()
    (two / "SKILL.md").write_text("---\nname: two\n---\nchanged\n")
    d = open_cache(where, root)
    assert d.get(k1) == entry_for(one)
    k2b = d.key(two, two / "SKILL.md")
    assert k2b != k2 and d.get(k2b) is None
    d.put(k2b, *entry_for(two, "r"))
    d.save()
    e = open_cache(where, root)
    assert e.get(k2) is None  # the stale entry is gone
    assert e.get(k2b) == entry_for(two, "r")


def test_prune_keeps_the_newest_files_within_bounds(tmp_path: Path) -> None:
    for i in range(6):
        f = tmp_path / f"lint-v1-{i}.json"
        f.write_bytes(b"x" * 100)
        os.utime(f, (1000 + i, 1000 + i))
    (tmp_path / "unrelated.txt").write_text("kept")
    cache.prune(tmp_path, max_files=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "lint-v1-3.json", "lint-v1-4.json", "lint-v1-5.json", "unrelated.txt"
    ]
    cache.prune(tmp_path, max_bytes=150, keep=tmp_path / "lint-v1-3.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "lint-v1-3.json", "lint-v1-5.json", "unrelated.txt"
    ]
    assert cache.clear(tmp_path) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["unrelated.txt"]


# --------------------------------------------------------------------------- through the CLI

def lint_json(root: Path, cache_dir: Path, *extra: str) -> tuple[int, dict[str, object]]:
    import json

    from typer.testing import CliRunner

    from skillctl.cli.app import app

    result = CliRunner().invoke(
        app, ["lint", "--format", "json", *extra, str(root)],
        env={"SKILLCTL_CACHE_DIR": str(cache_dir), "SKILLCTL_JOBS": "1"},
        catch_exceptions=False,
    )
    return result.exit_code, json.loads(result.stdout)


def cache_files(where: Path) -> list[Path]:
    return sorted(where.glob("lint-v*.json")) if where.is_dir() else []


def repo_with_skills(root: Path, make_skill: Callable[..., Path]) -> Path:
    make_skill("good-one", root=root / "skills")
    bad = make_skill("bad-one", "name: Bad_One\ndescription: Use when: x\n", root=root / "skills")
    (bad / "SKILL.md").write_text(
        (bad / "SKILL.md").read_text() + "See [guide](references/guide.md).\n"
    )
    make_skill("twin", "name: good-one\ndescription: Same name. Use when asked.\n",
               root=root / "skills")
    return root


def test_a_warm_run_reports_exactly_what_a_cold_run_does(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    repo = repo_with_skills(tmp_path / "repo", make_skill)
    where = tmp_path / "cache"
    code, cold = lint_json(repo, where)
    assert code == 1 and cold["diagnostics"]
    assert len(cache_files(where)) == 1
    code2, warm = lint_json(repo, where)
    assert (code2, warm) == (code, cold)
    _, uncached = lint_json(repo, tmp_path / "unused", "--no-cache")
    assert uncached == cold
    assert not (tmp_path / "unused").exists()


def rules_of(report: dict[str, object]) -> set[tuple[str, str]]:
    return {(d["path"], d["rule"]) for d in report["diagnostics"]}  # type: ignore[attr-defined]


@pytest.mark.parametrize("change", ["reference-added", "skill-edited", "sibling-folder",
                                    "skill-added", "skill-removed"])
def test_a_change_after_a_warm_run_is_seen(
    tmp_path: Path, make_skill: Callable[..., Path], change: str
) -> None:
    repo = repo_with_skills(tmp_path / "repo", make_skill)
    where = tmp_path / "cache"
    lint_json(repo, where)
    _, before = lint_json(repo, where)  # warm
    skills = repo / "skills"
    if change == "reference-added":
        (skills / "bad-one" / "references").mkdir()
        (skills / "bad-one" / "references" / "guide.md").write_text("# Guide\n")
    elif change == "skill-edited":
        (skills / "twin" / "SKILL.md").write_text(
            "---\nname: twin\ndescription: Now unique. Use when asked.\n---\n# Twin\n"
        )
    elif change == "sibling-folder":
        (skills / "notes").mkdir()
        (skills / "notes" / "README.md").write_text("not a skill\n")
    elif change == "skill-added":
        make_skill("good-one-copy", "name: good-one\ndescription: Third. Use when asked.\n",
                   root=skills)
    else:
        import shutil

        shutil.rmtree(skills / "twin")
    _, cached = lint_json(repo, where)
    _, fresh = lint_json(repo, tmp_path / "other-cache", "--no-cache")
    assert cached == fresh
    assert rules_of(cached) != rules_of(before)


def test_the_second_run_is_replayed_without_parsing(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    from skillctl.lint.config import resolve_config

    repo = repo_with_skills(tmp_path / "repo", make_skill)
    where = tmp_path / "cache"
    config = resolve_config(start=repo, config_path=None, agents=(), select=(), ignore=(),
                            strict=False)
    assert open_cache(where, repo, fp=config.fingerprint()).warm_run([repo]) is None
    lint_json(repo, where)
    warm = open_cache(where, repo, fp=config.fingerprint()).warm_run([repo])
    assert warm is not None
    assert sorted(Path(r.dir).name for r in warm.results) == ["bad-one", "good-one", "twin"]
    assert any(d.rule == "duplicate-name" for ds in warm.across.values() for d in ds)


def repo_with_a_script(repo: Path, make_skill: Callable[..., Path]) -> None:
    """``repo/skills/tool`` with ``scripts/run.sh``, executable on disk (git must exist)."""
    import shutil

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    skill = make_skill("tool", root=repo / "skills")
    script = skill / "scripts" / "run.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho ok\n")
    script.chmod(0o755)  # executable on disk throughout; only git's index changes


def git_commit_not_executable(repo: Path) -> None:
    """``git init`` in ``repo``, add everything, and record the script as not executable."""
    import subprocess

    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    for args in (["init", "-q"], ["add", "-A"],
                 ["update-index", "--chmod=-x", "skills/tool/scripts/run.sh"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def test_a_change_of_mode_in_git_index_only_is_seen(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    import subprocess

    repo = tmp_path / "repo"
    repo_with_a_script(repo, make_skill)

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                       env={**os.environ, "GIT_CONFIG_GLOBAL": os.devnull,
                            "GIT_CONFIG_NOSYSTEM": "1"})

    git_commit_not_executable(repo)
    where = tmp_path / "cache"
    _, first = lint_json(repo, where)
    assert ("script-not-executable" in {d["rule"] for d in first["diagnostics"]})
    git("update-index", "--chmod=+x", "skills/tool/scripts/run.sh")
    _, cached = lint_json(repo, where)
    _, fresh = lint_json(repo, tmp_path / "unused", "--no-cache")
    assert cached == fresh
    assert "script-not-executable" not in {d["rule"] for d in cached["diagnostics"]}


# ---------------------------------------------------------------------- snapshots


@pytest.fixture
def no_racy_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written by a test are seconds old at most: let snapshots trust them anyway
    (every change below happens after a whole lint run, well past one clock tick)."""
    monkeypatch.setattr(cache, "_RACY_NS", 0)


def count_walks(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Record every tree walk the lint does (the real walk still runs)."""
    from skillctl import collect

    walks: list[Path] = []
    real_walk = collect.walk_skills

    def walk(root: Path, *args: object, **kwargs: object) -> object:
        walks.append(root)
        return real_walk(root, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(collect, "walk_skills", walk)
    return walks


def test_an_unchanged_tree_is_replayed_from_its_snapshot_without_a_walk(
    tmp_path: Path, make_skill: Callable[..., Path], monkeypatch: pytest.MonkeyPatch,
    no_racy_window: None,
) -> None:
    repo = repo_with_skills(tmp_path / "repo", make_skill)
    (repo / ".gitignore").write_text("build/\n")
    where = tmp_path / "cache"
    walks = count_walks(monkeypatch)
    code, cold = lint_json(repo, where)
    assert len(walks) == 1
    stored = json.loads(cache_files(where)[0].read_text())["entries"]
    snapshot = next(v for k, v in stored.items() if k.startswith("snapshot:"))
    assert str(repo / "skills" / "twin" / "SKILL.md") in snapshot["files"]
    assert str(repo / "skills") in snapshot["files"]
    assert str(repo / ".gitignore") in snapshot["files"]
    # a .gitignore that is not there is watched through its folder (creating one changes it)
    assert str(repo / "skills" / ".gitignore") not in snapshot["files"]
    # each SKILL.md's stat is recorded beside its hash, so an unchanged one is not read again
    twin = str(repo / "skills" / "twin" / "SKILL.md")
    mark = stored["stat:" + twin]
    st = os.stat(twin)
    assert mark[:5] == [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]
    before = cache_files(where)[0].read_bytes()
    code2, warm = lint_json(repo, where)
    assert (code2, warm) == (code, cold)
    assert len(walks) == 1  # no second walk: a stat per watched path was enough
    assert cache_files(where)[0].read_bytes() == before  # every entry kept, nothing rewritten


def test_a_recent_change_stores_no_snapshot(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    repo = repo_with_skills(tmp_path / "repo", make_skill)  # written just now
    where = tmp_path / "cache"
    lint_json(repo, where)
    stored = json.loads(cache_files(where)[0].read_text())["entries"]
    assert not any(k.startswith("snapshot:") for k in stored)
    assert not any(k.startswith("stat:") for k in stored)


@pytest.mark.parametrize(
    "change",
    ["same-size-same-mtime", "gitignore-edited", "gitignore-created", "skill-deep-in-a-tree",
     "script-mode",
     "reference-added", "sibling-folder", "page-becomes-a-skill"],
)
def test_a_change_after_a_snapshot_is_seen(
    tmp_path: Path, make_skill: Callable[..., Path], no_racy_window: None, change: str
) -> None:
    repo = repo_with_skills(tmp_path / "repo", make_skill)
    (repo / "docs" / "deep").mkdir(parents=True)
    (repo / ".gitignore").write_text("build/\n")
    tool = make_skill("tool", root=repo / "skills")
    (tool / "scripts").mkdir()
    (tool / "scripts" / "run.sh").write_text("#!/bin/sh\necho ok\n")
    (tool / "scripts" / "run.sh").chmod(0o755)
    page = repo / "docs" / "wiki" / "skill.md"  # a wiki's page about skills: no skill
    page.parent.mkdir(parents=True)
    page.write_text("---\nconcept: skill\n---\n# Skill\n")
    where = tmp_path / "cache"
    lint_json(repo, where)
    _, before = lint_json(repo, where)  # replayed from the snapshot
    entry = repo / "skills" / "good-one" / "SKILL.md"
    if change == "same-size-same-mtime":
        st = entry.stat()
        text = entry.read_text()
        entry.write_text(text.replace("name: good-one", "name: Good-One"))
        os.utime(entry, ns=(st.st_atime_ns, st.st_mtime_ns))  # only ctime tells
        assert entry.stat().st_size == st.st_size
    elif change == "gitignore-edited":
        (repo / ".gitignore").write_text("build/\nskills/bad-one/\n")
    elif change == "gitignore-created":
        (repo / "skills" / ".gitignore").write_text("twin/\n")
    elif change == "skill-deep-in-a-tree":
        make_skill("hidden-gem", "name: good-one\ndescription: Deep. Use when asked.\n",
                   root=repo / "docs" / "deep")
    elif change == "script-mode":
        (tool / "scripts" / "run.sh").chmod(0o644)
    elif change == "page-becomes-a-skill":  # rewritten in place: its folder is unchanged
        page.write_text("---\nname: wiki\ndescription: Wiki. Use when asked.\n---\n# W\n")
    elif change == "reference-added":
        (repo / "skills" / "bad-one" / "references").mkdir()
        (repo / "skills" / "bad-one" / "references" / "guide.md").write_text("# Guide\n")
    else:
        (repo / "skills" / "notes").mkdir()
        (repo / "skills" / "notes" / "README.md").write_text("not a skill\n")
    _, cached = lint_json(repo, where)
    _, fresh = lint_json(repo, tmp_path / "other-cache", "--no-cache")
    assert cached == fresh
    assert cached != before


def test_a_corrupt_snapshot_is_ignored(
    tmp_path: Path, make_skill: Callable[..., Path], no_racy_window: None
) -> None:
    repo = repo_with_skills(tmp_path / "repo", make_skill)
    where = tmp_path / "cache"
    _, cold = lint_json(repo, where)
    path = cache_files(where)[0]
    data = json.loads(path.read_text())
    for key in [k for k in data["entries"] if k.startswith("snapshot:")]:
        data["entries"][key]["files"] = [3, 4]  # not paths (os.stat would take them as fds)
    path.write_text(json.dumps(data))
    assert lint_json(repo, where)[1] == cold


def test_names_that_are_not_utf8_are_cached_and_replayed(
    tmp_path: Path, make_skill: Callable[..., Path], no_racy_window: None
) -> None:
    repo = repo_with_skills(tmp_path / "repo", make_skill)
    skills = os.fsencode(repo / "skills")
    os.mkdir(skills + b"/bad-one/references")
    with open(skills + b"/bad-one/references/guide\xff.md", "w") as handle:
        handle.write("# Guide\n")
    os.mkdir(skills + b"/folder\xfe")
    with open(skills + b"/folder\xfe/notes.txt", "w") as handle:
        handle.write("not a skill\n")
    where = tmp_path / "cache"
    code, cold = lint_json(repo, where)
    stored = json.loads(cache_files(where)[0].read_text())["entries"]
    snapshot = next(v for k, v in stored.items() if k.startswith("snapshot:"))
    assert os.fsdecode(skills + b"/bad-one/references/guide\xff.md") in snapshot["files"]
    assert lint_json(repo, where) == (code, cold)  # replayed
    assert lint_json(repo, tmp_path / "unused", "--no-cache") == (code, cold)
    assert any(d["rule"] == "missing-skill-md" for d in cold["diagnostics"])  # type: ignore[attr-defined]


def test_a_git_init_above_the_linted_tree_is_seen_after_a_snapshot(
    tmp_path: Path, make_skill: Callable[..., Path], no_racy_window: None
) -> None:
    repo = tmp_path / "repo"
    repo_with_a_script(repo, make_skill)
    where = tmp_path / "cache"
    lint_json(repo / "skills", where)
    _, before = lint_json(repo / "skills", where)  # replayed from the snapshot
    assert "script-not-executable" not in {d["rule"] for d in before["diagnostics"]}  # type: ignore[attr-defined]
    git_commit_not_executable(repo)
    # the repository appeared above the linted folder: only its git index knows the mode
    _, cached = lint_json(repo / "skills", where)
    _, fresh = lint_json(repo / "skills", tmp_path / "unused", "--no-cache")
    assert cached == fresh
    assert "script-not-executable" in {d["rule"] for d in cached["diagnostics"]}  # type: ignore[attr-defined]


def test_a_skill_past_the_file_limit_stores_no_snapshot(
    tmp_path: Path, make_skill: Callable[..., Path], no_racy_window: None
) -> None:
    from skillctl import limits

    skill = make_skill("big", root=tmp_path / "repo" / "skills")
    (skill / "assets").mkdir()
    for i in range(limits.MAX_SKILL_FILES + 5):
        (skill / "assets" / f"f{i:05}.txt").write_bytes(b"")
    where = tmp_path / "cache"
    lint_json(tmp_path / "repo", where)
    stored = json.loads(cache_files(where)[0].read_text())["entries"]
    assert not any(k.startswith("snapshot:") for k in stored)
    assert any(k.startswith("run:") for k in stored)  # the per-skill cache still works


def test_keys_computed_by_a_copy_of_the_keyer_are_the_same(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    """A worker process computes keys with its own (forked or pickled) copy of the keyer;
    adopting its outcomes must leave the cache as computing them here would."""
    import pickle

    for name in ("one", "two", "three"):
        make_skill(name, root=tmp_path / "skills")
    (tmp_path / "skills" / "two" / "references").mkdir()
    (tmp_path / "skills" / "two" / "references" / "guide.md").write_text("x", encoding="utf-8")
    pairs = [(d, d / "SKILL.md") for d in sorted((tmp_path / "skills").iterdir())]
    here = cache.LintCache.open("cfg", [tmp_path], directory=tmp_path / "a")
    there = cache.LintCache.open("cfg", [tmp_path], directory=tmp_path / "b")
    copy = pickle.loads(pickle.dumps(there.keyer()))
    keys_here = [here.key(d, e) for d, e in pairs]
    keys_there = [there.adopt(d, e, copy.compute(d, e)) for d, e in pairs]
    assert keys_here == keys_there and None not in keys_here
    assert [there.key(d, e) for d, e in pairs] == keys_here  # adopted, not recomputed
    assert list(here._watched) == list(there._watched)
    assert str(tmp_path / "skills" / "two" / "references" / "guide.md") in here._watched


def test_a_replay_without_snapshot_stores_one(
    tmp_path: Path, make_skill: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first run right after a checkout sees every file as too fresh to trust to its stat
    and stores no snapshot; the next run replays the per-skill entries, and must then store
    the snapshot, or every later run would walk and hash the tree again."""
    from skillctl.lint.engine import LintOptions, run_lint

    for name in ("one", "two"):
        make_skill(name, root=tmp_path / "repo")
    monkeypatch.setattr(cache, "_RACY_NS", 10**12)
    options = LintOptions(paths=(tmp_path / "repo",))
    first = run_lint(options)
    assert first.snapshot is None
    monkeypatch.setattr(cache, "_RACY_NS", 0)
    second = run_lint(options)
    assert second.snapshot is not None
    assert str(tmp_path / "repo" / "one" / "SKILL.md") in second.snapshot.files
    third = run_lint(options)
    assert third.snapshot == second.snapshot
    assert third.report == second.report == first.report


def test_a_first_run_keys_skills_on_the_workers_as_the_main_process_would(
    tmp_path: Path, make_skill: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an empty cache each worker computes the keys of the skills it lints; the cache
    must end up exactly as when the main process computes them first (the path taken when
    there is something to look up)."""
    from skillctl.collect import candidates_for
    from skillctl.lint.config import resolve_config
    from skillctl.lint.engine import lint_candidates
    from skillctl.parallel import THRESHOLD

    root = tmp_path / "repo"
    for i in range(THRESHOLD + 50):
        skill = make_skill(f"skill-{i:04d}", root=root)
        if i % 7 == 0:
            (skill / "references").mkdir()
            (skill / "references" / "guide.md").write_text("x", encoding="utf-8")
    found, _, _ = candidates_for([root])
    pairs = [(c.dir, c.entry) for c in found]
    config = resolve_config(start=root)
    monkeypatch.setattr(cache, "_RACY_NS", 0)  # both runs keep every stat record
    first = LintCache.open(config.fingerprint(), [root], directory=tmp_path / "a")
    assert first.is_empty
    later = LintCache(tmp_path / "b.json", first._base, {"unrelated": []})
    assert not later.is_empty
    by_workers = lint_candidates(pairs, config, first, jobs=2)
    here = lint_candidates(pairs, config, later, jobs=2)
    assert by_workers == here
    assert first._keys == later._keys and None not in first._keys.values()
    assert list(first._watched) == list(later._watched)
    assert first._new == later._new
