"""The walk's string form of ``relative_to`` (asked for every folder against every
.gitignore above it) gives what pathlib gives, or None where pathlib raises."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.scan import _posix_relative

_PART = st.sampled_from(["a", "b", "ab", ".", "..", "a.b", "é", " x", "a b"])
_PATHS = st.builds(
    lambda root, parts: str(Path(root, *parts)),
    st.sampled_from(["", "/", "./", "/a"]),
    st.lists(_PART, max_size=4),
).map(lambda text: text or ".")


def _pathlib(path: str, base: str) -> str | None:
    try:
        return Path(path).relative_to(base).as_posix()
    except ValueError:
        return None


@pytest.mark.skipif(os.sep != "/", reason="POSIX paths; elsewhere the walk uses pathlib")
@settings(max_examples=2000, deadline=None)
@given(_PATHS, _PATHS)
def test_same_as_pathlib(path: str, base: str) -> None:
    assert _posix_relative(path, base) == _pathlib(path, base)


@pytest.mark.skipif(os.sep != "/", reason="POSIX paths; elsewhere the walk uses pathlib")
@pytest.mark.parametrize(("path", "base"), [
    ("a/b", "a"), ("ab/c", "a"), ("a", "a"), ("/x/y", "/"), ("/x", "."), ("a", "."),
    (".", "."), ("..", "."), ("/a/b", "/a/b/c"),
])
def test_edges(path: str, base: str) -> None:
    assert _posix_relative(path, base) == _pathlib(path, base)


class _Spec:
    """A stand-in for a GitIgnoreSpec that matches the relative paths it is given."""

    def __init__(self, matches: frozenset[str]) -> None:
        self.matches = matches

    def match_file(self, rel: str) -> bool:
        return rel in self.matches


def _ignored_every_spec(specs: list[tuple[str, _Spec]], path: str, is_dir: bool) -> bool:
    """The walk's former test: every .gitignore met so far, on the path as pathlib spells it."""
    text = str(Path(path))
    for base, spec in specs:
        rel = _posix_relative(text, str(Path(base)))
        if rel is not None and spec.match_file(rel + "/" if is_dir else rel):
            return True
    return False


_RELS = st.sampled_from(["a", "b", "a/b", "b/a", ".", "..", "a/", "b/", "a/b/", ".", "x"])


@pytest.mark.skipif(os.sep != "/", reason="POSIX paths; elsewhere the walk uses pathlib")
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.tuples(_PATHS, st.frozensets(_RELS, max_size=3)), max_size=4),
       _PATHS | st.sampled_from(["a//b", "./a", "a/./b", "a/", "a/.", "//a/b", "///a"]),
       st.booleans())
def test_ignored_asks_the_folders_above_only(
    specs: list[tuple[str, frozenset[str]]], path: str, is_dir: bool
) -> None:
    from skillctl.scan import _Ignores

    ignores = _Ignores()
    for base, matches in specs:
        spec = _Spec(matches)
        ignores.specs.append((Path(base), spec))  # type: ignore[arg-type]
        ignores.by_base.setdefault(str(Path(base)), []).append(spec)  # type: ignore[arg-type]
    expected = _ignored_every_spec([(b, _Spec(m)) for b, m in specs], path, is_dir)
    assert ignores.ignored(path, is_dir) == expected
    assert ignores.ignored(Path(path), is_dir) == expected


@given(st.lists(st.sampled_from(["a", "/", ".", "..", "b", "é"]), max_size=8).map("".join))
@settings(max_examples=3000, deadline=None)
def test_a_normal_path_is_what_pathlib_writes(text: str) -> None:
    from skillctl.scan import _is_normal

    if _is_normal(text):
        assert str(Path(text)) == text
