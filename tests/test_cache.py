"""The content-keyed lint cache (skillctl/cache.py), on real files in tmp_path."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl import cache
from skillctl.cache import LintCache
from skillctl.lint.result import SkillResult
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
    stored = result_for(skill, "name-case", "description-long")
    first.put(key, stored)
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
    c = open_cache(tmp_path / "cache")
    entry = skill / "SKILL.md"
    keys = [c.key(skill, entry)]
    assert c.key(skill, entry) == keys[0]  # stable

    entry.write_text(entry.read_text() + "More.\n")
    keys.append(c.key(skill, entry))
    ref.write_text("# Guide, longer now\n")
    keys.append(c.key(skill, entry))
    os.utime(ref, ns=(1, 1))
    keys.append(c.key(skill, entry))
    script.chmod(0o755)
    keys.append(c.key(skill, entry))
    (skill / "references" / "missing.md").write_text("now it exists\n")
    keys.append(c.key(skill, entry))
    keys.append(open_cache(tmp_path / "cache", fp="other-config").key(skill, entry))
    assert None not in keys
    assert len(set(keys)) == len(keys)


def test_a_skill_that_cannot_be_read_is_not_cached(tmp_path: Path) -> None:
    c = open_cache(tmp_path / "cache")
    assert c.key(tmp_path / "gone", tmp_path / "gone" / "SKILL.md") is None
    assert c.get(None) is None
    c.put(None, result_for(tmp_path / "gone"))
    c.save()
    assert not (tmp_path / "cache").exists()


def test_no_cache_reads_and_writes_nothing(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    skill = make_skill("gamma")
    c = open_cache(tmp_path / "cache", enabled=False)
    assert not c.enabled
    assert c.key(skill, skill / "SKILL.md") is None
    c.put("k", result_for(skill))
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
    c.put(key, result_for(skill, "x"))
    c.save()
    assert c.path is not None
    c.path.write_bytes(content)
    again = open_cache(where, skill)
    assert again.get(key) is None
    again.put(key, result_for(skill, "x"))
    again.save()  # and it repairs itself
    assert open_cache(where, skill).get(key) == result_for(skill, "x")


def test_a_corrupt_entry_is_a_miss(tmp_path: Path, make_skill: Callable[..., Path]) -> None:
    skill = make_skill("eps")
    where = tmp_path / "cache"
    c = open_cache(where, skill)
    key = c.key(skill, skill / "SKILL.md")
    assert key is not None
    c.put(key, result_for(skill, "x"))
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
    c.put(key, result_for(skill))
    c.save()  # cannot create the directory: silently skipped
    assert blocker.read_text() == "not a directory"
    # a cache path that is a directory is not readable as a file either
    d = open_cache(tmp_path / "cache2", skill)
    assert d.path is not None
    d.path.mkdir(parents=True)
    e = open_cache(tmp_path / "cache2", skill)
    e.put(key, result_for(skill))
    e.save()


def test_a_save_keeps_only_the_entries_this_run_used(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    root = tmp_path / "repo"
    one, two = make_skill("one", root=root), make_skill("two", root=root)
    where = tmp_path / "cache"
    c = open_cache(where, root)
    k1, k2 = c.key(one, one / "SKILL.md"), c.key(two, two / "SKILL.md")
    c.put(k1, result_for(one))
    c.put(k2, result_for(two))
    c.save()
    (two / "SKILL.md").write_text("---\nname: two\n---\nchanged\n")
    d = open_cache(where, root)
    assert d.get(k1) == result_for(one)
    k2b = d.key(two, two / "SKILL.md")
    assert k2b != k2 and d.get(k2b) is None
    d.put(k2b, result_for(two, "r"))
    d.save()
    e = open_cache(where, root)
    assert e.get(k2) is None  # the stale entry is gone
    assert e.get(k2b) == result_for(two, "r")


def test_findings_across_skills_are_stored_per_run(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill = make_skill("eta")
    where = tmp_path / "cache"
    c = open_cache(where, skill)
    key = c.key(skill, skill / "SKILL.md")
    run = LintCache.run_key([key], "notes")
    assert run is not None and LintCache.run_key([key, None]) is None
    assert LintCache.run_key([key], "other notes") != run
    extra = (Diagnostic("x", 1, 1, "duplicate-name", "dup", Severity.ERROR),)
    assert c.get_extra(run) is None
    c.put(key, result_for(skill))
    c.put_extra(run, extra)
    c.save()
    assert open_cache(where, skill).get_extra(run) == extra


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
