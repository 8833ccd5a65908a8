"""``parse._split_at_top`` (frontmatter found without splitting the file into lines) gives the
parse the line-by-line split gives: whole ``ParsedSkill`` values compared on real files, the
golden files, the benchmark corpus and generated text full of delimiters and line breaks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillctl import parse
from skillctl.model import ParsedSkill
from tests.conftest import REPO, real_markdown_files

BENCH = REPO / "bench" / "out" / "corpus-2000"

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
    "---\t\nname: a\n---\t \nbody",
    "---\nname: a\n--- x\n---\nbody",
    "---\nname: a\n---x\n---\nbody",
    "---\nname: a\n ---\n---\nbody",
    "---\nname: a\n---",
    "---\nname: a\n---\n",
    "---\nname: a\n---\n\n",
    "---\nname: a\ndescription: d\n---\nbody\n---\nmore\n",
    "---\r\nname: a\r\n---\r\nbody\r\n",
    "---\rname: a\r---\rbody",
    "---\nname: a\r\n---\nbody",
    "\n---\nname: a\n---\n",
    "x\n---\nname: a\n---\n",
    "---\nname: a\n",
    "---\nname: a\x0b---\nbody",
    "---\nname: a\u2028---\nb\n",
    "---\nname: a\n---\u00a0\n---\nbody",
    "---\ndescription: Use when: x\nname: a\n---\nbody",
]


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[ParsedSkill, ParsedSkill]:
    path = Path("SKILL.md")
    fast = parse.parse_text(path, text)
    with monkeypatch.context() as patch:
        patch.setattr(parse, "_split_at_top", lambda text: None)
        slow = parse.parse_text(path, text)
    return fast, slow


def test_edges_parse_as_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    for text in EDGES:
        fast, slow = _both(text, monkeypatch)
        assert fast == slow, repr(text)


def test_real_files_parse_as_line_by_line(monkeypatch: pytest.MonkeyPatch, corpus: Path) -> None:
    files = real_markdown_files(corpus)
    if BENCH.is_dir():
        files += sorted(BENCH.rglob("SKILL.md"))[::7]
    taken = 0
    for path in files:
        data, _ = parse.read_bytes(path)
        text, _, _ = parse.decode(data)
        fast, slow = _both(text, monkeypatch)
        assert fast == slow, path
        taken += parse._split_at_top(text.replace("\r\n", "\n")) is not None
    assert taken > len(files) // 2


@given(
    lines=st.lists(
        st.sampled_from(
            ["---", "--- ", "---\t", "----", " ---", "", "name: a", "description: b: c",
             "a:", "  b: c", "\r", "x"]
        ),
        max_size=10,
    ),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
)
@settings(max_examples=500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
def test_generated_text_parses_as_line_by_line(
    lines: list[str], newline: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, slow = _both(newline.join(lines), monkeypatch)
    assert fast == slow


def test_unsafe_character_class_is_the_accepted_ranges_negated() -> None:
    """The refused set, written out, agrees with the accepted ranges it was derived from on
    every code point (the negated form is the readable one; the other compiles ~6x faster)."""
    import re

    from skillctl.parse import _SIMPLE_UNSAFE_CHAR

    accepted = "\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff"
    negated = re.compile(f"[^{accepted}]")
    every = "".join(map(chr, range(0x110000)))
    assert _SIMPLE_UNSAFE_CHAR.findall(every) == negated.findall(every)
    assert {"\t", "\r", "\x85", "\u2028", "\ufeff", "\ud800"} <= set(
        _SIMPLE_UNSAFE_CHAR.findall(every)
    )
