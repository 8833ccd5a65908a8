"""The streaming lint engine: one skill at a time, summaries for cross-skill rules, workers
that parse and lint from paths. Real files throughout (the corpus, generated trees)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl import collect, parallel
from skillctl.collect import load_skill
from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.result import SkillSummary
from tests.conftest import skill_files


def test_a_summary_keeps_what_cross_skill_rules_read_for_every_corpus_skill(
    corpus: Path,
) -> None:
    entries = skill_files(corpus)
    assert entries
    for entry in entries:
        skill = load_skill(entry.parent, entry)
        summary = SkillSummary.of(skill)
        assert SkillSummary.from_json(json.loads(json.dumps(summary.to_json()))) == summary
        slim = summary.as_skill()
        assert (slim.dir, slim.entry, slim.name) == (skill.dir, skill.entry, skill.name)
        assert slim.declared_name == skill.declared_name
        assert slim.parsed.text is None and slim.parsed.body == ""
        fm, slim_fm = skill.parsed.frontmatter, slim.parsed.frontmatter
        assert (fm is None) == (slim_fm is None)
        if fm is not None and slim_fm is not None:
            assert slim_fm.ignored_rules == fm.ignored_rules
            assert ("name" in slim_fm.data) == ("name" in fm.data)
            if "name" in fm.data:
                assert slim_fm.value_position("name") == fm.value_position("name")


def test_a_summary_of_a_non_string_name_declares_no_name(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill_dir = make_skill("listed", "name: [a, b]\ndescription: Odd. Use when asked.\n")
    summary = SkillSummary.of(load_skill(skill_dir))
    assert summary.has_name and summary.name is None
    assert summary.as_skill().name == "listed"  # falls back to the directory, as for the skill
    with pytest.raises(TypeError):
        SkillSummary.from_json([*summary.to_json()[:4], ["not", "a", "name"], 1, 1, []])


def test_an_edited_skill_is_the_only_one_parsed_again(
    tmp_path: Path, make_skill: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo" / "skills"
    for name in ("alpha", "beta", "gamma"):
        make_skill(name, root=root)
    twin = make_skill("twin", "name: alpha\ndescription: Same name. Use when asked.\n", root=root)
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(tmp_path / "cache"))
    parsed: list[Path] = []
    real_load = collect.load_skill

    def counting_load(directory: Path, entry: Path | None = None, **kw: object) -> object:
        parsed.append(Path(directory))
        return real_load(directory, entry, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(collect, "load_skill", counting_load)
    options = LintOptions(paths=(tmp_path / "repo",))
    first = lint_paths(options)
    assert sorted(p.name for p in parsed) == ["alpha", "beta", "gamma", "twin"]
    parsed.clear()
    assert lint_paths(options) == first  # replayed whole
    assert parsed == []
    (twin / "SKILL.md").write_text("---\nname: twin\ndescription: Unique. Use when asked.\n---\n")
    third = lint_paths(options)
    assert [p.name for p in parsed] == ["twin"]
    # the duplicate-name finding went away although alpha came from the cache, unparsed
    assert any(d.rule == "duplicate-name" for r in first.results for d in r.diagnostics)
    assert not any(d.rule == "duplicate-name" for r in third.results for d in r.diagnostics)
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(tmp_path / "other"))
    assert lint_paths(LintOptions(paths=(tmp_path / "repo",), use_cache=False)) == third


def _lint_json(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "skillctl", "lint", "--no-cache", "--format", "json", *args],
        capture_output=True, text=True, env={**os.environ, **env}, timeout=300,
    )
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    return proc.returncode, proc.stdout


def test_workers_that_parse_and_lint_report_exactly_what_one_process_does(
    tmp_path: Path,
) -> None:
    from tests.test_bench import load_bench

    corpus = tmp_path / "corpus"
    load_bench().generate_corpus(corpus, parallel.THRESHOLD + 60)
    base = {"SKILLCTL_CACHE_DIR": str(tmp_path / "cache")}
    serial = _lint_json([str(corpus)], {**base, "SKILLCTL_JOBS": "1"})
    pooled = _lint_json([str(corpus)], {**base, "SKILLCTL_JOBS": "2"})
    assert serial == pooled
    assert serial[0] == 1 and len(json.loads(serial[1])["diagnostics"]) > 100


def test_the_real_corpus_lints_the_same_on_workers(tmp_path: Path, corpus: Path) -> None:
    # enough copies for the run to be above the pool's threshold
    count = len(skill_files(corpus))
    copies = [tmp_path / f"copy-{i}" for i in range(parallel.THRESHOLD // count + 1)]
    for copy in copies:
        shutil.copytree(corpus, copy, symlinks=True)
    assert count * len(copies) > parallel.THRESHOLD
    args = [str(c) for c in copies]
    serial = _lint_json(args, {"SKILLCTL_JOBS": "1"})
    pooled = _lint_json(args, {"SKILLCTL_JOBS": "2"})
    assert serial == pooled
