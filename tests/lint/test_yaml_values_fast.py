"""``description-block-indicator`` looks for its pattern only at lines that start with
``description``; the match is the one a search of the whole file finds."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.collect import collect
from skillctl.lint.rules.yaml_values import _BLOCK_DESCRIPTION, block_description


def _same(text: str) -> None:
    expected = _BLOCK_DESCRIPTION.search(text)
    found = block_description(text)
    assert (found and (found.span(), found.group(1))) == (
        expected and (expected.span(), expected.group(1)))


def test_real_files_match_as_a_search(corpus: Path) -> None:
    for skill in collect([corpus]).skills:
        if skill.parsed.text is not None:
            _same(skill.parsed.text)


_PIECES = st.sampled_from(["description", "description:", ": ", ">", "|-", ">+2", " ", "\t",
                           "\n", "\r\n", "# c", "x", "---\n", "ndescription"])


@given(st.lists(_PIECES, max_size=14).map("".join))
@settings(max_examples=1500, deadline=None, derandomize=True)
def test_generated_text_matches_as_a_search(text: str) -> None:
    _same(text)
