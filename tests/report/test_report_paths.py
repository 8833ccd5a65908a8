"""``repo_relative`` (the paths SARIF and GitHub annotations show) takes a short way for plain
paths: it must give what the long way through ``PurePosixPath`` gives, for any path."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.report.lint_common import _repo_relative

_PARTS = st.sampled_from(["a", "b c", "..", ".", "", "SKILL.md", "é"])
_RELATIVE = st.lists(_PARTS, max_size=5).map("/".join)
_CWD = st.sampled_from(["/", "/w", "/w/a"])


def _long_way(path: str, cwd: str) -> str:
    candidate = Path(path)
    if candidate.is_absolute():
        try:
            path = candidate.relative_to(cwd).as_posix()
        except ValueError:
            return candidate.as_posix()
    parts = PurePosixPath(path).parts
    while parts and parts[0] == ".":
        parts = parts[1:]
    return PurePosixPath(*parts).as_posix() if parts else "."


@settings(max_examples=600, deadline=None)
@given(_RELATIVE, st.sampled_from(["", "/", "//", "./", "/w/", "/w/a/", "/x/"]), _CWD)
def test_the_short_way_equals_the_long_way(tail: str, head: str, cwd: str) -> None:
    path = head + tail
    assert _repo_relative(path, cwd) == _long_way(path, cwd)
