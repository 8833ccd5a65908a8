"""The dialects find the ``---`` block without splitting the whole file into lines.

``dialects._exact_block`` is held to the line-by-line reading it replaced (the reference
below) on the corpus, the golden files and generated text full of dashes and newlines.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillctl import dialects
from skillctl.parse import parse_file
from tests.conftest import real_markdown_files


def _reference(text: str) -> tuple[list[str], int, str] | None:
    """Frontmatter lines, closer index and body, reading the file line by line."""
    lines = text.split("\n")
    if not lines or lines[0] != "---":
        return None
    closer = next((i for i in range(1, len(lines)) if lines[i] == "---"), None)
    if closer is None:
        return None
    return lines[1:closer], closer, "\n".join(lines[closer + 1 :])


def _fast(text: str) -> tuple[list[str], int, str] | None:
    found = dialects._exact_block(text)
    if found is None:
        return None
    lines, closer, after = found
    return lines, closer, text[after:]


def _texts(corpus: Path) -> list[str]:
    files = real_markdown_files(corpus)
    texts = []
    for path in files:
        parsed = parse_file(path)
        if parsed.text is not None:
            texts.append(parsed.text)
    return texts


def test_real_files_equal_the_line_by_line_reading(corpus: Path) -> None:
    texts = _texts(corpus)
    assert len(texts) > 50
    found = 0
    for text in texts:
        assert _fast(text) == _reference(text)
        found += _fast(text) is not None
    assert found > len(texts) // 2


EDGES = [
    "",
    "---",
    "---\n",
    "---\n---",
    "---\n---\n",
    "---\n\n---",
    "---\n---\n---\n",
    "----\n---\n",
    "--- \n---\n",
    "---\na: b\n--- \nbody",
    "---\na: b\n---x\n---\nbody",
    "---\na: b\n---",
    "---\na: b\n---\n",
    "---\na: b\n---\n\n",
    "---\na: b\n---\nbody\n---\nmore",
    "\n---\na: b\n---\n",
    "x---\n---\n",
]


def test_edges_equal_the_line_by_line_reading() -> None:
    for text in EDGES:
        assert _fast(text) == _reference(text), repr(text)


@given(st.lists(st.sampled_from(["---", "--- ", "----", "", "a: b", "-", "--", " ---", "x"])))
@settings(max_examples=500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_generated_lines_equal_the_line_by_line_reading(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert _fast(text) == _reference(text)


@given(st.text(alphabet="-\n a:", max_size=30))
@settings(max_examples=500, deadline=None, derandomize=True)
def test_generated_text_equals_the_line_by_line_reading(text: str) -> None:
    assert _fast(text) == _reference(text)


def test_block_keeps_its_shape(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    path.write_text("---\nname: a\ndescription: d\n---\n# Body\n")
    parsed = parse_file(path)
    assert dialects._block(parsed, exact=True) == (["name: a", "description: d"], 3)
    assert dialects._block(parsed, exact=False) == (["name: a", "description: d"], 3)


def test_clean_files_get_the_verdicts_of_the_full_checks(
    monkeypatch: pytest.MonkeyPatch, corpus: Path
) -> None:
    """Every dialect gives the same verdict with and without the ``_clean`` shortcut."""
    files = real_markdown_files(corpus)
    parsed = [parse_file(path) for path in files]
    fast = {(p.path, d): dialects.verdict(d, p) for p in parsed for d in dialects.DIALECTS}
    monkeypatch.setattr(dialects, "_clean", lambda parsed: False)
    slow = {(p.path, d): dialects.verdict(d, p) for p in parsed for d in dialects.DIALECTS}
    assert fast == slow
    monkeypatch.undo()
    assert sum(dialects._clean(p) for p in parsed) > len(parsed) // 3
