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
