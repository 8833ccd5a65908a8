"""The block-style YAML reader (``skillctl.yaml_subset``) gives exactly what ruamel's path gives.

``skillctl.parse._parse_block`` reads the frontmatter real skills write (multi-line and block
scalars, numbers and booleans, quoted strings with escapes, sequences, nested mappings,
comments) without ruamel, and declines what it cannot vouch for. Wherever it accepts, its
:class:`Frontmatter` must be the one ``parse_yaml(..., fast=False)`` builds with ruamel: data
with the same types and key order, key and value positions in the same order, plain and
block scalar paths, suppressions, and no problem. Checked on every corpus file (the extra
corpus when there is one), the golden files, hand-picked examples and generated frontmatter.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from skillctl import parse
from skillctl.model import ParsedSkill, Position
from tests.conftest import data_markdown_files, skill_files
from tests.test_parse_fast import _assert_identical  # one definition of "equal to ruamel"

DIFFERENTIAL = settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
FIRST_LINE = 2


def _check(text: str, first_line: int = FIRST_LINE) -> bool:
    """Whether the block reader accepts ``text``; when it does, assert ruamel agrees."""
    fast = parse._parse_block(text, first_line)
    if fast is None:
        return False
    slow, problems = parse.parse_yaml(text, first_line, fast=False)
    assert problems == [], text
    assert slow is not None, text
    _assert_identical(fast, slow)
    default, default_problems = parse.parse_yaml(text, first_line)
    assert default_problems == []
    assert default is not None
    _assert_identical(default, slow)
    assert not parse.is_simple(fast)  # the dialects' shortcuts are for the simple scanner only
    return True


def _parse_both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ParsedSkill, ParsedSkill,
                                                                        bool]:
    """``path`` parsed as shipped and by ruamel alone; and whether ruamel was needed."""
    ruamel = parse._parse_with_ruamel
    needed: list[bool] = []

    def spy(text: str, first_line: int) -> Any:
        needed.append(True)
        return ruamel(text, first_line)

    with monkeypatch.context() as patch:
        patch.setattr(parse, "_parse_with_ruamel", spy)
        fast = parse.parse_file(path)
    with monkeypatch.context() as patch:
        for name in ("_parse_simple", "_parse_colon_error", "_parse_block"):
            patch.setattr(parse, name, lambda text, first_line: None)
        slow = parse.parse_file(path)
    return fast, slow, bool(needed)


# --------------------------------------------------------------------------- real files


def test_corpus_fast_paths_equal_ruamel(monkeypatch: pytest.MonkeyPatch, corpus: Path) -> None:
    """Every SKILL.md: the fast paths' result is ruamel's, and ruamel is rarely needed."""
    files = skill_files(corpus)
    needed = 0
    for path in files:
        fast, slow, used_ruamel = _parse_both(path, monkeypatch)
        assert fast == slow, path
        if fast.frontmatter is not None and slow.frontmatter is not None:
            _assert_identical(fast.frontmatter, slow.frontmatter)
        needed += used_ruamel
    # Not dead code: before the block reader ruamel read 17-19% of real frontmatter; with it
    # under 1% (an unquoted ': ', a flow mapping). This fails if the reader stops taking them.
    assert needed <= len(files) // 20, f"ruamel read {needed} of {len(files)} files"


def test_golden_files_fast_paths_equal_ruamel(monkeypatch: pytest.MonkeyPatch) -> None:
    files = [p for p in data_markdown_files() if p.is_file()]
    assert len(files) > 50
    for path in files:
        fast, slow, _ = _parse_both(path, monkeypatch)
        assert fast == slow, path
        if fast.frontmatter is not None and slow.frontmatter is not None:
            _assert_identical(fast.frontmatter, slow.frontmatter)


# --------------------------------------------------------------------------- examples


ACCEPTED = [
    "name: a\ndescription: first line\n  continued\n\n  after a blank # c",
    "name: a\ndescription:\n  on the next line\n  and more",
    "name: a\ndescription: Use when asked to \"scan\",\n  \"audit\" or <file>.",
    "name: a\ndescription: |\n  # Title\n  text\n\n    indented\nb: c",
    "name: a\ndescription: |-\n  x\n  y",
    "name: a\ndescription: >-\n  folded\n  lines\n\n  para\n",
    "name: a\ndescription: >\n  x\n",
    "name: a\ndescription: |\n  x",
    "name: a\nversion: 1.0.0\nrev: 2\nratio: 1.50\nflag: false\nnone: ~\nday: 2025-01-15",
    "name: a\nflags: [true, False, NULL, 0, 12.25, yes, x-y]",
    "name: a\nlicense: 3-clause BSD license\ndescription: 2D games. Sprites, no\n  colon here",
    "name: a\ntools: []\nmore: [ 'a''b', \"c\\td\" ]  # c",
    'name: a\ndescription: "tab\\there \\"q\\" \\u00e9 \\x41 \\\\ \\/ \\N\\_\\L\\P\\U0001F600"',
    "name: a\ndescription: 'it''s' # comment",
    "name: a\nempty:\nlast: x",
    "name: a\nempty: # why\nlast: x",
    "name: a\nempty:\n\n# note\nlast: x",
    "name: a\nmetadata:\n  empty:\nlast: x",
    "name: a\nlast:",
    "name: a\ntools:\n  - Read\n  - 'Write'\n  -   Bash(git:*) # c",
    "name: a\ntools:\n- Read\n- Write\nafter: x",
    "name: a\nitems:\n  - k: v\n    l: 1\n  - m\n  - p: [a]\n",
    "name: a\nmetadata:\n  deeper:\n    x: y\n    list:\n      - 1\n  # comment\n  z: w",
    "# top\nname: a # trailing\nmetadata:   \n    author: me   # who\n",
    "name: a\ndescription: yes\nother: No\nthird: on",
    "name: a\ntools:\n  - first line\n    second line\n  - x",
]

DECLINED = [
    "",
    "- a\n- b",
    "  name: a",
    "name: a\nname: b",
    "name: a\nm:\n  a: b\n  a: c",
    "name: a\nx: &anchor v\ny: *anchor",
    "name: a\nx: !tag v",
    "name: a\n? x\n: y",
    '"name": a',
    "1: a",
    "true: a",
    "name: a\nx: 0x1F",
    "name: a\nx: 1e3",
    "name: a\nx: -1",
    "name: a\nx: .inf",
    "name: a\nx: 007",
    "name: a\nx: <<",
    "name: a\nx: Use when: asked",
    "name: a\nx: ends:",
    "name: a\nx: first # c\n  continued",
    "name: a\nx: first\n  has: colon",
    "name: a\nx: \"multi\n  line\"",
    "name: a\nx: 'multi\n  line'",
    'name: a\nx: "bad \\q escape"',
    'name: a\nx: "\\ud800 surrogate"',
    "name: a\nx: 'closed' then",
    "name: a\nx: {a: b}",
    "name: a\nx: [a, [b]]",
    "name: a\nx: [a, b,]",
    "name: a\nx: [a,\n  b]",
    "name: a\nx: |2\n   x",
    "name: a\nx: |+\n  x\n",
    "name: a\nx: | # c\n  x",
    "name: a\nx: |\n\n  x",
    "name: a\nx: |\nb: c",
    "name: a\nx: >\n  x\n    more indented",
    "name: a\nx: |\n  x\n      \n  y",
    "name: a\nx:\n  - \n  - b",
    "name: a\nx:\n  - - nested",
    "name: a\nx:\n  - |\n    block",
    "name: a\nx: # c\n  k: v",
    "name: a\nx:\n  # c\n  text",
    "name: a\nx:\n  a: b\n    c: d",
    "name: a\nx: v\n  k: w",
    "name: a\nlast:\n# trailing comment",
    "name: a\nx: a\tb",
    "name: a\n...",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_real_shapes_are_read_without_ruamel(text: str) -> None:
    assert _check(text), text


@pytest.mark.parametrize("text", DECLINED)
def test_anything_else_is_left_to_ruamel(text: str) -> None:
    assert parse._parse_block(text, FIRST_LINE) is None, text


def test_values_types_and_positions() -> None:
    """One example spelled out (the differential tests compare with ruamel, not with this)."""
    text = (
        "name: a\n"
        "description: >-\n  one\n  two\n"
        "version: 1.0.0\n"
        "tools:\n  - Read\n  - 2\n"
        "flag: false\n"
        "empty:\n"
        "tags: [x, 'y']"
    )
    fm = parse._parse_block(text, FIRST_LINE)
    assert fm is not None
    assert fm.data == {"name": "a", "description": "one two", "version": "1.0.0",
                       "tools": ["Read", 2], "flag": False, "empty": None, "tags": ["x", "y"]}
    assert fm.value_position("description") == Position(3, 14)
    assert fm.value_position("tools") == Position(8, 3)
    assert fm.position("tools", 1) == Position(9, 5)
    assert fm.value_position("empty") == Position(12, 1)  # ruamel marks the next token
    assert fm.position("tags", 1) == Position(12, 11)
    assert fm.block_scalars == {("description",)}
    assert fm.plain_scalars == {("name",), ("version",), ("tools", 0), ("tags", 0)}


# --------------------------------------------------------------------------- generated

_FIRST = "abcXYZ_(/é漢<1"
_REST = "abz XYZ09_-.,;()/'\"!?+*&@%=~<>[]{}|`:#é漢😀\u00a0"
_WORDS = st.sampled_from([
    "true", "False", "TRUE", "tRue", "null", "Null", "~", "yes", "No", "on", "y", "0", "7", "12",
    "007", "1.0", "0.5", "1.50", "1.0.0", "2.10.3", "1e3", "0x1F", "0o7", "-1", "+1", ".5",
    ".inf", "2024-01-15", "2024-1-5", "2024-01-15 10:00:00", "12:30", "1_000", "<<", "<x>", "=",
    "1.0.0-beta", "99999999999999999999999", "3-clause BSD", "2D games", "1st", "10x faster",
    "12:30 pm", "0b101", "1e3x", "2024-01-15T10:00:00Z", "1 2", "0xfg", "²", "1_000_000.5",
])


@st.composite
def _plain_text(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(_FIRST)) + draw(st.text(alphabet=_REST, max_size=20))
    return text.rstrip(" ")


_ESCAPE_BODIES = st.sampled_from(
    ["\\n", "\\t", '\\"', "\\\\", "\\/", "\\x41", "\\u00e9", "\\U0001F600", "\\N", "\\_", "\\ ",
     "\\0", "\\e", "\\q", "\\ud83d", "\\x4", "'", "#", ": "]
)


@st.composite
def _double(draw: st.DrawFn) -> str:
    pieces = draw(st.lists(st.one_of(_plain_text(), _ESCAPE_BODIES), max_size=4))
    return '"' + "".join(p.replace('"', "").replace("\\", "") if not p.startswith("\\") else p
                         for p in pieces) + '"'


@st.composite
def _single(draw: st.DrawFn) -> str:
    pieces = draw(st.lists(st.one_of(_plain_text(), st.just("''"), st.just(" # x")), max_size=4))
    return "'" + "".join(p if p == "''" else p.replace("'", "") for p in pieces) + "'"


_ONE_LINE = st.one_of(_plain_text(), _WORDS, _double(), _single())
_COMMENT = st.sampled_from(["", "", "", " # c", "  # skillctl: ignore[x]", "   "])


@st.composite
def _flow(draw: st.DrawFn) -> str:
    items = draw(st.lists(st.one_of(_plain_text(), _WORDS, _double(), _single()), max_size=4))
    space = draw(st.sampled_from(["", " "]))
    return "[" + space + ("," + space).join(items) + space + "]"


@st.composite
def _continuation(draw: st.DrawFn, indent: int) -> list[str]:
    """Lines continuing a multi-line scalar: more indented text, maybe blank lines."""
    out = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.integers(0, 3)) == 0:
            out.append(draw(st.sampled_from(["", " " * indent])))
        lead = draw(st.sampled_from(["", "", "", *"-?:,[]{}&*!|>'\"%@`#~.1"]))
        out.append(" " * indent + draw(st.sampled_from(["", "", " ", "  "])) + lead
                   + draw(_plain_text()) + draw(st.sampled_from(["", "", " "])))
    return out


@st.composite
def _block_scalar(draw: st.DrawFn, indent: int) -> tuple[str, list[str]]:
    header = draw(st.sampled_from(["|", "|-", ">", ">-", "|+", ">2", "| # c"]))
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.integers(0, 5))
        if kind == 0:
            lines.append(draw(st.sampled_from(["", " " * indent, " " * (indent + 3)])))
        else:
            extra = " " * draw(st.sampled_from([0, 0, 0, 2]))
            lead = draw(st.sampled_from(["", "", "# ", "- ", "key: ", "'", "[", "|"]))
            lines.append(" " * indent + extra + lead + draw(_plain_text())
                         + draw(st.sampled_from(["", "", "  "])))
    return header, lines


@st.composite
def _mapping(draw: st.DrawFn, indent: int, depth: int) -> list[str]:
    keys = draw(st.lists(st.from_regex(r"[a-z][a-z0-9_-]{0,6}", fullmatch=True), min_size=1,
                         max_size=5, unique=True))
    pad = " " * indent
    out: list[str] = []
    for key in keys:
        if draw(st.integers(0, 5)) == 0:
            out.append(draw(st.sampled_from(["", pad + "# note", "# flush comment"])))
        head = f"{pad}{key}:"
        kind = draw(st.integers(0, 9 if depth < 2 else 6))
        step = draw(st.sampled_from([2, 2, 4, 1]))
        if kind <= 2:
            out.append(f"{head} {draw(_ONE_LINE)}{draw(_COMMENT)}")
        elif kind == 3:
            first = draw(st.one_of(st.just(""), _plain_text()))
            out.append(f"{head} {first}".rstrip(" ") if first else head)
            out += draw(_continuation(indent + step))
        elif kind == 4:
            header, lines = draw(_block_scalar(indent + step))
            out.append(f"{head} {header}")
            out += lines
        elif kind == 5:
            out.append(f"{head} {draw(_flow())}{draw(_COMMENT)}")
        elif kind == 6:
            out.append(head + draw(_COMMENT))
        elif kind == 7:
            out.append(head + draw(st.sampled_from(["", "", "  "])))
            out += draw(_mapping(indent + step, depth + 1))
        else:
            out.append(head)
            out += draw(_sequence(indent + draw(st.sampled_from([0, step])), depth + 1))
    return out


@st.composite
def _sequence(draw: st.DrawFn, indent: int, depth: int) -> list[str]:
    pad = " " * indent
    out: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        gap = draw(st.sampled_from([" ", " ", "   "]))
        kind = draw(st.integers(0, 4))
        if kind <= 2:
            out.append(f"{pad}-{gap}{draw(_ONE_LINE)}{draw(_COMMENT)}")
        elif kind == 3:
            out.append(f"{pad}-{gap}{draw(_plain_text())}")
            out += draw(_continuation(indent + draw(st.sampled_from([1, 2, 4]))))
        else:
            inner = draw(_mapping(indent + 1 + len(gap), depth + 1))
            first = next((i for i, line in enumerate(inner) if line.strip()
                          and not line.lstrip().startswith("#")), 0)
            out += inner[:first]
            out.append(f"{pad}-{gap}{inner[first].lstrip(' ')}")
            out += inner[first + 1:]
    return out


@given(lines=_mapping(0, 0), first_line=st.integers(1, 40))
@DIFFERENTIAL
def test_generated_block_frontmatter_equals_ruamel(lines: list[str], first_line: int) -> None:
    event("accepted" if _check("\n".join(lines), first_line) else "declined")


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    """Generated frontmatter with small edits: the border between accepting and declining."""
    lines = draw(_mapping(0, 0))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.integers(0, 4))
        if kind == 0:
            spot = draw(st.integers(0, len(lines[at])))
            char = draw(st.sampled_from(" -:#'\"[]{}|>\\&*!?,a1"))
            lines[at] = lines[at][:spot] + char + lines[at][spot:]
        elif kind == 1:
            lines[at] = " " * draw(st.integers(0, 5)) + lines[at].lstrip(" ")
        elif kind == 2:
            lines.insert(at, draw(st.sampled_from(["", "  ", "# c", "  # c", "  text", "- x"])))
        elif kind == 3:
            del lines[at]
            if not lines:
                lines = ["name: a"]
        else:
            lines.append(draw(st.sampled_from(["", "   ", "# end", "  more"])))
    return "\n".join(lines)


@given(text=_mutated())
@DIFFERENTIAL
def test_mutated_block_frontmatter_equals_ruamel_or_is_declined(text: str) -> None:
    event("accepted" if _check(text) else "declined")


def test_lint_over_real_shaped_skills_never_imports_ruamel(tmp_path: Path) -> None:
    """The gain is real only if no skill of a typical tree brings ruamel in (its import alone
    costs more than parsing hundreds of files)."""
    from tests.conftest import write_skill
    from tests.test_parse_fast import _run_isolated

    root = tmp_path / "skills"
    for index, frontmatter in enumerate(ACCEPTED[:12]):
        name = f"shaped-{index}"
        write_skill(root, name, frontmatter.replace("name: a", f"name: {name}", 1) + "\n")
    result = _run_isolated(root, tmp_path / "out.json")
    assert result["frontmatter"] == [True] * 12
    assert result["after_parse"] == []
    assert result["after_lint"] == []
