"""Tables show paths relative to the working directory through a shortcut worked out once per
table; it must agree with :func:`skillctl.report.listing.display_path` everywhere."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillctl.report.listing import _paths_for_people, display_path


@pytest.mark.parametrize("where", ["/", "tmp", "tmp/a", "tmp/a/b", "home", "home/x", "tmp/a-b"])
def test_shortcut_agrees_with_display_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           where: str) -> None:
    home = tmp_path / "home"
    for folder in ("a/b/c", "a-b/c", "ab", "home/x/y"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    os.symlink(tmp_path / "a", tmp_path / "link")
    cwd = Path("/") if where == "/" else tmp_path / where.removeprefix("tmp").lstrip("/")
    monkeypatch.chdir(cwd)
    paths = [Path(p) for p in ("/", ".", "..", "a", "a/b/SKILL.md", "./a/../ab", "../a-b/c",
                               "link/b", "/nonexistent/x", "//x", "//", "///x/y")]
    paths += [tmp_path, tmp_path / "a", tmp_path / "a" / "b" / "c" / "SKILL.md",
              tmp_path / "a-b" / "c", tmp_path / "ab", home, home / "x" / "y" / "SKILL.md",
              tmp_path / "link" / "b", tmp_path / "a" / ".." / "ab", Path(str(tmp_path) + "/")]
    for given_home in (None, home, Path(str(home) + "/")):
        shown = _paths_for_people(given_home)
        for path in paths:
            assert shown(path) == display_path(path, given_home), (path, given_home)


def _slow_plain_table(headers: list[str], rows: list[list[str]]) -> str:
    """The table as written before it was laid out column by column."""
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
    lines = []
    for row in [list(headers), *rows]:
        cells = [c.ljust(w) for c, w in zip(row, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("rows", [
    [],
    [["a", "b", "c"]],
    [["", "", ""], ["x", "", "trailing  "], ["日本語", "ﬁ", "tab\tin"]],
    [[f"name-{i}", "A" if i % 3 else "-", "p/" * (i % 7)] for i in range(200)],
])
def test_plain_table_matches_the_row_by_row_layout(rows: list[list[str]]) -> None:
    from skillctl.report.listing import _plain_table

    headers = ["NAME", "CC", "PATH"]
    assert _plain_table(headers, rows) == _slow_plain_table(headers, rows)
    with pytest.raises(ValueError):
        _plain_table(headers, [*rows, ["too", "short"]])
