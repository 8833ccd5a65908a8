"""lint_walk: the walk and the lint overlap (workers start while the walk goes on), and the
outcome is exactly that of walking first, then linting. Real trees on disk, real processes."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl import parallel
from skillctl.cache import LintCache
from skillctl.collect import candidates_for
from skillctl.lint.config import ResolvedConfig, resolve_config
from skillctl.lint.engine import lint_candidates, lint_walk


def _config(root: Path) -> ResolvedConfig:
    return resolve_config(
        start=root, config_path=None, agents=(), select=(), ignore=(), strict=False
    )


@pytest.fixture(scope="module")
def big_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.test_bench import load_bench

    root = tmp_path_factory.mktemp("walk") / "corpus"
    load_bench().generate_corpus(root, parallel.THRESHOLD + 150)
    os.symlink("nowhere", root / "skills" / "dangling")  # a note from the walk
    return root


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_walking_while_linting_gives_what_walking_then_linting_gives(
    big_tree: Path, jobs: int
) -> None:
    config = _config(big_tree)
    walked: list[str] = []
    streamed = lint_walk([big_tree], config, LintCache.open("x", [big_tree], enabled=False),
                         walked=walked, jobs=jobs)
    walked_first: list[str] = []
    found, notes, missing = candidates_for([big_tree], walked=walked_first)
    candidates = [(c.dir, c.entry) for c in found]
    results, summaries = lint_candidates(
        candidates, config, LintCache.open("x", [big_tree], enabled=False), jobs=1
    )
    assert streamed.candidates == candidates and len(candidates) > parallel.THRESHOLD
    assert streamed.notes == notes and any(n.reason == "dangling-symlink" for n in notes)
    assert streamed.missing == missing == []
    assert walked == walked_first
    assert streamed.results == results
    assert streamed.summaries == summaries


def test_an_empty_cache_then_a_filled_one_give_the_same_results(
    big_tree: Path, tmp_path: Path
) -> None:
    config = _config(big_tree)
    expected = lint_walk(
        [big_tree], config, LintCache.open("x", [big_tree], enabled=False), jobs=1
    )
    first_cache = LintCache.open("x", [big_tree], directory=tmp_path)
    assert first_cache.is_empty
    first = lint_walk([big_tree], config, first_cache, jobs=2)
    first_cache.save()
    second_cache = LintCache.open("x", [big_tree], directory=tmp_path)
    assert not second_cache.is_empty
    second = lint_walk([big_tree], config, second_cache, jobs=2)
    for run in (first, second):
        assert (run.candidates, run.results, run.summaries) == (
            expected.candidates,
            expected.results,
            expected.summaries,
        )
    assert second_cache.hits == len(expected.candidates)


def test_a_missing_path_stops_the_run_before_anything_is_walked(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    make_skill("alpha")
    walked: list[str] = []
    run = lint_walk(
        [tmp_path, tmp_path / "absent"],
        _config(tmp_path),
        LintCache.open("x", [tmp_path], enabled=False),
        walked=walked,
    )
    assert run.missing == [tmp_path / "absent"]
    assert (run.candidates, run.results, walked) == ([], [], [])


def test_file_arguments_and_twice_named_skills_are_linted_once_each(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    alpha = make_skill("alpha")
    beta = make_skill("beta")
    run = lint_walk(
        [alpha / "SKILL.md", tmp_path, beta],
        _config(tmp_path),
        LintCache.open("x", [tmp_path], enabled=False),
    )
    assert [d.name for d, _ in run.candidates] == ["alpha", "beta"]
    assert [Path(r.path) for r in run.results] == [alpha / "SKILL.md", beta / "SKILL.md"]
