"""per-path-ignores patterns: the same answers as pathspec's gitignore matching, in time
linear in the path whatever the pattern, and invalid patterns refused with exit 2."""

from __future__ import annotations

from pathlib import Path

import pathspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.lint.pathpatterns import PatternError, compile_pattern
from tests.conftest import write_skill
from tests.hostile.limited import run_limited

PATHS = ["legacy/a/SKILL.md", "x.md", "a/b/x.md", "skills/s/SKILL.md", "skills/s/t/SKILL.md",
         "foo", "a/foo", "foo/bar", "a/foo/", "a/x/y/b", "a/b", "x", "q/x", "zab", "zaxb",
         "abc", "bc", "docs/a-old-b.md", "docs/x/a-old-b.md", "skills/legacy/SKILL.md",
         "skills/legacy2/SKILL.md", "b", "bb/c", ".hidden/b", "a.b/c.d", "ab/ab/ab"]
PATTERNS = ["legacy/**", "*.md", "skills/*/SKILL.md", "foo", "foo/", "/foo", "a/**/b",
            "**/x", "*a*b", "a?c", "[ab]c", "[!a]x", "docs/*-old-*.md", "skills/legacy",
            "b*", "**", "*", "*/", "a/*", "**/b/**", "a*b*c", ".hidden", "*.?"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_same_answers_as_pathspec(pattern: str) -> None:
    theirs = pathspec.GitIgnoreSpec.from_lines([pattern])
    ours = compile_pattern(pattern)
    for path in PATHS:
        assert (ours.match(path) is not None) == theirs.match_file(path), (pattern, path)


# no negated class: pathspec lets "[!b]" match "/", git does not (tested below against git)
_piece = st.sampled_from(["a", "b", "ab", "*", "?", "**", "[ab]", ".", "-"])
_segment = st.lists(_piece, min_size=1, max_size=4).map("".join)
_pattern = st.lists(_segment, min_size=1, max_size=3).map("/".join)
# normalized relative paths, as skillctl passes them: no "." or ".." segment
_name = st.text("ab.-", min_size=1, max_size=5).filter(lambda n: n not in (".", ".."))
_path = st.lists(_name, min_size=1, max_size=4).map("/".join)


@settings(max_examples=400, deadline=None)
@given(_pattern, st.lists(_path, min_size=1, max_size=5))
def test_same_answers_as_pathspec_on_generated_patterns(pattern: str, paths: list[str]) -> None:
    try:
        ours = compile_pattern(pattern)
    except PatternError:
        return  # too many ** segments: refused, not mismatched
    theirs = pathspec.GitIgnoreSpec.from_lines([pattern])
    for path in paths:
        assert (ours.match(path) is not None) == theirs.match_file(path), (pattern, path)


def test_a_negated_class_never_matches_a_slash_as_in_git(tmp_path: Path) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("a[!b]a\n")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "a").write_text("x")
    (tmp_path / "aca").write_text("x")
    ignored = subprocess.run(["git", "-C", str(tmp_path), "check-ignore", "a/a", "aca"],
                             capture_output=True, text=True, check=False).stdout.split()
    assert ignored == ["aca"]
    pattern = compile_pattern("a[!b]a")
    assert pattern.match("aca") is not None and pattern.match("a/a") is None


@pytest.mark.parametrize("pattern", ["[z-a]", "!", "!foo", "foo\\", "[abc", "#x", "",
                                     "**/a/**/b/**/c"])
def test_invalid_patterns_are_refused(pattern: str) -> None:
    with pytest.raises(PatternError):
        compile_pattern(pattern)


def test_a_pattern_built_to_backtrack_matches_at_once_through_the_cli(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_skill(repo / "skills", "a" * 60)  # a long name for the stars to try
    stars = "*a" * 25 + "b"
    (repo / "skillctl.toml").write_text(f'[per-path-ignores]\n"{stars}" = ["*"]\n')
    # pathspec's translation did not finish in 20 s; the child's limit is 20 s
    outcome = run_limited("cli", "lint", "--no-cache", "skills", cwd=repo, timeout=20)
    assert outcome.returncode in (0, 1), outcome.stderr


@pytest.mark.parametrize("pattern", ["[z-a]", "!", "foo\\\\"])
def test_invalid_pattern_in_the_config_is_exit_2_with_file_and_key(tmp_path: Path,
                                                                   pattern: str) -> None:
    repo = tmp_path / "repo"
    write_skill(repo / "skills", "one")
    (repo / "skillctl.toml").write_text(f'[per-path-ignores]\n"{pattern}" = ["*"]\n')
    outcome = run_limited("cli", "lint", "--no-cache", "skills", cwd=repo, timeout=30)
    assert outcome.returncode == 2, outcome.stderr
    lines = outcome.stderr.strip().splitlines()
    assert len(lines) == 1 and "skillctl.toml" in lines[0] and "per-path-ignores" in lines[0]
    assert "internal error" not in outcome.stderr
