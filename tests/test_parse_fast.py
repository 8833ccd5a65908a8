"""The parser's fast path for simple frontmatter gives exactly what ruamel's path gives.

``skillctl.parse._parse_simple`` reads ``key: text`` frontmatter without ruamel and declines
(returns None) on anything else. These tests hold it to the ruamel path, which stays the one
source of truth: wherever the fast path accepts a file, on the real corpus, on every golden
file under ``tests/data`` and on generated frontmatter, the parsed result is identical (data
and key order, key and value positions, plain and block scalar paths, suppressions,
problems). They also check that the fast path really is taken for simple skills, and that a
lint run over only simple skills never imports ruamel.
"""

from __future__ import annotations

import json
import string
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from skillctl import parse
from skillctl.model import Frontmatter, LineEndings, ParsedSkill, Position, Problem
from tests.conftest import data_markdown_files, skill_files, write_skill

DIFFERENTIAL = settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
FIRST_LINE = 2  # frontmatter text starts on line 2, after the opening ---


def _ordered(value: Any) -> Any:
    """Data with dict order made visible (== on dicts ignores it; JSON output does not)."""
    if isinstance(value, Mapping):
        return [(type(k), k, _ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_ordered(v) for v in value]
    return (type(value), value)


def _assert_identical(fast: Frontmatter, slow: Frontmatter) -> None:
    assert fast == slow
    assert _ordered(fast.data) == _ordered(slow.data)
    assert list(fast.positions.items()) == list(slow.positions.items())
    assert list(fast.value_positions.items()) == list(slow.value_positions.items())


def _check_yaml(text: str, first_line: int = FIRST_LINE) -> bool:
    """Whether the fast path accepts ``text``; when it does, assert it equals ruamel's result."""
    fast = parse._parse_simple(text, first_line)
    if fast is None:
        return False
    slow, problems = parse.parse_yaml(text, first_line, fast=False)
    assert problems == []
    assert slow is not None
    _assert_identical(fast, slow)
    # And the public entry point takes the fast path to the same result.
    default, default_problems = parse.parse_yaml(text, first_line)
    assert default_problems == []
    assert default is not None
    _assert_identical(default, slow)
    return True


def _parse_both(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[ParsedSkill, ParsedSkill, bool]:
    """Parse ``path`` as shipped and with the fast path switched off; say if it was taken."""
    real: Callable[[str, int], Frontmatter | None] = parse._parse_simple
    taken: list[bool] = []

    def spy(text: str, first_line: int) -> Frontmatter | None:
        result = real(text, first_line)
        taken.append(result is not None)
        return result

    with monkeypatch.context() as patch:
        patch.setattr(parse, "_parse_simple", spy)
        fast = parse.parse_file(path)
    with monkeypatch.context() as patch:
        patch.setattr(parse, "_parse_simple", lambda text, first_line: None)
        patch.setattr(parse, "_parse_colon_error", lambda text, first_line: None)
        patch.setattr(parse, "_parse_block", lambda text, first_line: None)
        slow = parse.parse_file(path)
    return fast, slow, any(taken)


def _golden_files() -> list[Path]:
    return [p for p in data_markdown_files() if p.is_file()]


# --------------------------------------------------------------------------- real files


def test_corpus_fast_path_equals_ruamel(monkeypatch: pytest.MonkeyPatch, corpus: Path) -> None:
    files = skill_files(corpus)
    accepted = 0
    for path in files:
        fast, slow, taken = _parse_both(path, monkeypatch)
        assert fast == slow, path
        if fast.frontmatter is not None and slow.frontmatter is not None:
            _assert_identical(fast.frontmatter, slow.frontmatter)
        accepted += taken
    # Not dead code: most real skills are simple (about 85% of the corpus at the time of
    # writing); this fails if the fast path stops accepting them.
    assert accepted >= len(files) // 2, f"fast path took {accepted} of {len(files)} files"


def test_golden_files_fast_path_equals_ruamel(monkeypatch: pytest.MonkeyPatch) -> None:
    files = _golden_files()
    assert len(files) > 50
    accepted = 0
    for path in files:
        fast, slow, taken = _parse_both(path, monkeypatch)
        assert fast == slow, path
        if fast.frontmatter is not None and slow.frontmatter is not None:
            _assert_identical(fast.frontmatter, slow.frontmatter)
        accepted += taken
    assert accepted > 0


# --------------------------------------------------------------------------- examples


ACCEPTED = [
    "name: pdf\ndescription: Fill PDF forms. Use when the user asks for it.",
    "name: a\ndescription: trailing spaces   ",
    "name: a\ndescription:    many spaces before",
    "name: a\nlicense: Apache-2.0\nallowed-tools: Read Grep Bash(git:*)",
    'name: a\nmetadata:\n  author: me\n  version: "1.0"',
    "name: a\nmetadata:\n    skill-author: K-Dense Inc.\nlicense: MIT",
    "name: a\n\nmetadata:\n\n  author: me\n\n  x: why\n\ndescription: d\n",
    "# a comment\nname: a\n# skillctl: ignore[name-format]\ndescription: d",
    "name: a\nmetadata:\n# between children\n\n  a: b\n# c\n  d: e\n#",
    "name: a\ndescription: 'single: quoted # fine'\nx: \"double 'quoted'\"\nz: ''",
    'name: a\ndescription: say "hi", it\'s C# and a:b and [x] {y} 50% @ home!',
    "name: a\ndescription: ends with nbsp\u00a0",
    "name: a\ndescription: Ünïcödé 漢字 😀 text",
    "name: a\ndescription: Trueish, nullable, yesterday, Noon",
    "name: a\ndescription: http://example.com/x?y=1#frag",
]

DECLINED = [
    "",  # empty frontmatter: ruamel says null
    "\n  \n",
    "name: a\nversion: 1.0",  # a number
    "name: a\nversion: 1.0.0",  # starts with a digit: left to ruamel
    "name: a\nflag: true",
    "name: a\nflag: No",  # a string in YAML 1.2, but declined all the same
    "name: a\nx: ~",
    "name: a\nx: null",
    "name: a\nx: .inf",
    "name: a\nx: -1",
    "name: a\nx: +1",
    "name: a\nx: 2024-01-01",
    "name: a\nx: <<",
    "name: a\nx: =",
    "True: a",
    "null: a",
    "1: a",
    "name: a\ndescription: Use when: the user asks",  # ': ' inside
    "name: a\ndescription: value # comment",
    "name: a\ndescription: ends with colon:",
    "name: a\ndescription: first line\n  continued",
    "name: a\ndescription: |\n  block",
    "name: a\ndescription: >-\n  folded",
    "name: a\ntools: [a, b]",
    "name: a\ntools: {a: b}",
    "name: a\ntools:\n  - Read\n  - Write",
    "name: a\nmetadata:",  # null value
    "name: a\nmetadata:\ndescription: d",
    "name: a\nmetadata:\n  deeper:\n    x: y",
    "name: a\nmetadata:\n  a: b\n    c: d",
    "name: a\nmetadata:\n    a: b\n  c: d",
    "name: a\nname: b",  # duplicate key
    "name: a\nmetadata:\n  a: b\n  a: c",
    "name: a\ndescription: a\ttab",
    "name:\ta",
    "\tname: a",
    "name: a\n  # indented comment",
    'name: a\ndescription: "escape \\n"',
    'name: a\ndescription: "quote \\" inside"',
    "name: a\ndescription: 'it''s'",
    'name: a\ndescription: "quoted" then text',
    "name: a\ndescription: 'unclosed",
    "name: a\ndescription: x\u2028y",
    "name: a\ndescription: x\x85y",
    "name: a\ndescription: x\ufeffy",
    "name: a\ndescription: x\x07y",
    "name: a\ndescription: x\ry",
    "name: a\ndescription: `tick`",
    "name: a\ndescription: @at",
    "name: a\ndescription: %pct",
    "name: a\ndescription: *alias",
    "name: a\ndescription: &anchor x",
    "name: a\ndescription: !tag x",
    "name: a\ndescription: ? x",
    "name: a\ndescription: - x",
    "name : a",
    "name:a",
    "a b: c",
    "key" + "y" * 200 + ": long key",
    "%YAML 1.2\nname: a",
    "name: a\n...",
    "- a\n- b",
    "just text",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_simple_frontmatter_takes_the_fast_path(text: str) -> None:
    assert _check_yaml(text), text


@pytest.mark.parametrize("text", DECLINED)
def test_anything_else_is_left_to_ruamel(text: str) -> None:
    assert parse._parse_simple(text, FIRST_LINE) is None


@pytest.mark.parametrize("text", ACCEPTED)
def test_only_the_simple_scanner_marks_frontmatter_simple(text: str) -> None:
    """``is_simple`` (what the dialects' shortcuts trust) holds for the scanner's own reading
    of its text only; the mark changes no equality."""
    fast = parse._parse_simple(text, FIRST_LINE)
    assert fast is not None and parse.is_simple(fast)
    slow, _ = parse.parse_yaml(text, FIRST_LINE, fast=False)
    assert slow is not None and not parse.is_simple(slow)
    assert slow == fast and slow.positions == fast.positions


def test_colon_answers_are_not_marked_simple() -> None:
    """The colon path's frontmatter was scanned from the retried text, not its own."""
    frontmatter, problems = parse.parse_yaml("name: a\ndescription: Use when: x", FIRST_LINE)
    assert [p.code for p in problems] == ["yaml-colon"]
    assert frontmatter is not None and not parse.is_simple(frontmatter)


def test_declined_text_still_parses_through_ruamel() -> None:
    frontmatter, problems = parse.parse_yaml("name: a\nversion: 1.0\nflag: true", FIRST_LINE)
    assert problems == []
    assert frontmatter is not None
    assert frontmatter.data == {"name": "a", "version": 1.0, "flag": True}
    frontmatter, problems = parse.parse_yaml("name: a\nname: b", FIRST_LINE)
    assert "duplicate-key" in [p.code for p in problems]
    frontmatter, problems = parse.parse_yaml("name: a\ndescription: Use when: x", FIRST_LINE)
    assert [p.code for p in problems] == ["yaml-colon"]
    assert frontmatter is not None and frontmatter.data["description"] == "Use when: x"


def test_size_and_depth_limits_come_before_the_fast_path() -> None:
    huge = "description: " + "a" * (300 * 1024)
    frontmatter, problems = parse.parse_yaml(huge, FIRST_LINE)
    assert frontmatter is None
    assert [p.code for p in problems] == ["yaml-syntax"]
    deep = "description: a" + "[" * 100
    frontmatter, problems = parse.parse_yaml(deep, FIRST_LINE)
    assert frontmatter is None
    assert "nested too deeply" in problems[0].message
    # the limits are skillctl's, against hostile files: the agents load such files (probes of
    # 2026-11-29), and the message must not read as the agent's parser refusing
    many = "metadata:\n  l:\n" + "".join(f"    - i{n}\n" for n in range(25_000))
    for text in (huge, deep, many):
        message = parse.parse_yaml(text, FIRST_LINE)[1][0].message
        assert "skillctl's own limit" in message and "an agent may still load it" in message


def test_positions_are_absolute_in_the_file(tmp_path: Path) -> None:
    skill = write_skill(
        tmp_path,
        "pos",
        "name: pos\ndescription: Does pos.\nmetadata:\n\n    author: me\n",
    )
    parsed = parse.parse_file(skill / "SKILL.md")
    assert parsed.problems == ()
    fm = parsed.frontmatter
    assert fm is not None
    assert fm.position("description") == Position(3, 1)
    assert fm.value_position("description") == Position(3, 14)
    assert fm.value_position("metadata") == Position(6, 5)
    assert fm.position("metadata", "author") == Position(6, 5)
    assert fm.value_position("metadata", "author") == Position(6, 13)
    assert fm.plain_scalars == {("name",), ("description",), ("metadata", "author")}


# --------------------------------------------------------------------------- generated


_KEYS = st.one_of(
    st.from_regex(r"[A-Za-z_][A-Za-z0-9_.-]{0,8}", fullmatch=True),
    st.sampled_from(
        [
            "name",
            "description",
            "metadata",
            "true",
            "True",
            "FALSE",
            "null",
            "Null",
            "yes",
            "No",
            "on",
            "OFF",
            "y",
            "N",
            "1",
            "1.5",
            "-x",
            "<<",
            "~",
            "a b",
            "a:b",
            "é",
            "x#y",
            "?x",
            "k" * 130,
        ]
    ),
)
_TRICKY_CHARS = (
    "aZ z09 :#'\"\\-?,[]{}&*!|>%@`.+~<=_/()\t\u00a0\u2028\u2029\x85\ufeff\x07é漢😀\u3000\u2003"
)
_WORDS = st.sampled_from(
    [
        "true",
        "False",
        "NULL",
        "null",
        "~",
        "yes",
        "No",
        "on",
        "Off",
        "y",
        "N",
        "1",
        "1.0",
        "1.0.0",
        "0x1F",
        "0o17",
        "1e3",
        ".inf",
        "-.INF",
        ".nan",
        "2024-01-01",
        "2024-01-01 10:00:00",
        "12:30",
        "<<",
        "=",
        "+1",
        "-",
        "Trueish",
        "nullable",
        "Noon",
        "yesterday",
    ]
)
_TEXT = st.text(alphabet=_TRICKY_CHARS, min_size=1, max_size=12)
_VALUES = st.one_of(
    _TEXT,
    _WORDS,
    _TEXT.map(lambda t: f'"{t}"'),
    _TEXT.map(lambda t: f"'{t}'"),
    st.sampled_from(["|", ">-", "[a, b]", "{a: b}", "", "&a x", "*a", "!!str x", "- x"]),
)
_SEPARATORS = st.sampled_from([": ", ":  ", ":", ":\t", " : ", ": \t"])
_TRAILING = st.sampled_from(["", "", " ", "   ", "\t", " # c", "\u00a0"])
_INDENTS = st.sampled_from(["", "", "", " ", "  ", "  ", "    ", "\t"])


@st.composite
def _line(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 9))
    if kind <= 4:  # key: value, maybe indented
        return draw(_INDENTS) + draw(_KEYS) + draw(_SEPARATORS) + draw(_VALUES) + draw(_TRAILING)
    if kind == 5:  # a key opening a nested mapping
        return draw(_INDENTS) + draw(_KEYS) + ":" + draw(st.sampled_from(["", " ", "  "]))
    return draw(
        st.sampled_from(
            [
                "",
                "   ",
                "# comment",
                "#",
                "  # indented comment",
                "# skillctl: ignore[name-format, description-length]",
                "# skillctl: ignore",
                "  - item",
                "- item",
                "  continuation text",
                "...",
                "--- x",
                "%YAML 1.2",
                "just words",
            ]
        )
    )


@given(lines=st.lists(_line(), max_size=8))
@DIFFERENTIAL
def test_generated_frontmatter_fast_path_equals_ruamel(lines: list[str]) -> None:
    text = "\n".join(lines)
    event("accepted" if _check_yaml(text) else "declined")


# Frontmatter the fast path is meant for, generated so that every example must be accepted.
_SAFE_FIRST = string.ascii_letters + "_/(\u00e9\u6f22"
_SAFE_REST = (
    string.ascii_letters + string.digits + " ,;.()/'\"!?_-+*&@%=~<>[]{}|`\u00e9\u6f22\U0001f600"
)


@st.composite
def _safe_value(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(_SAFE_FIRST)) + draw(st.text(alphabet=_SAFE_REST, max_size=30))
    style = draw(st.sampled_from(["plain", "plain", "plain", "single", "double"]))
    if style == "single":
        return "'" + text.replace("'", "") + "'"
    if style == "double":
        return '"' + text.replace('"', "").replace("\\", "") + '"'
    text = text.rstrip(" ")
    if text.lower() in {"null", "true", "false", "yes", "no", "on", "off", "y", "n"}:
        text += "x"
    return text + draw(st.sampled_from(["", " ", "   "]))


@st.composite
def _simple_frontmatter(draw: st.DrawFn) -> str:
    keys = draw(
        st.lists(
            st.from_regex(r"[a-z][a-z0-9-]{2,10}", fullmatch=True),
            min_size=1,
            max_size=6,
            unique=True,
        )
    )
    out: list[str] = []
    for key in keys:
        if draw(st.booleans()):
            out.append("")
        if draw(st.integers(0, 4)) == 0:
            out.append("# note about " + key)
        if draw(st.integers(0, 3)) == 0:
            indent = " " * draw(st.integers(1, 4))
            out.append(key + ":")
            children = draw(
                st.lists(
                    st.from_regex(r"[a-z][a-z0-9_]{2,8}", fullmatch=True),
                    min_size=1,
                    max_size=3,
                    unique=True,
                )
            )
            for child in children:
                out.append(f"{indent}{child}:{' ' * draw(st.integers(1, 3))}{draw(_safe_value())}")
        else:
            out.append(f"{key}:{' ' * draw(st.integers(1, 3))}{draw(_safe_value())}")
    return "\n".join(out)


@given(text=_simple_frontmatter(), first_line=st.integers(1, 60))
@DIFFERENTIAL
def test_simple_generated_frontmatter_is_accepted_and_equal(text: str, first_line: int) -> None:
    assert _check_yaml(text, first_line), text


@st.composite
def _mutated_frontmatter(draw: st.DrawFn) -> str:
    """Simple frontmatter with a few small edits: the border between accept and decline."""
    text = draw(_simple_frontmatter())
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.integers(0, 4))
        if kind == 0:  # a tricky character anywhere
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(_TRICKY_CHARS + "\n")) + text[at:]
        elif kind == 1:  # a value swapped for a word a resolver knows, or a tricky value
            lines = text.split("\n")
            at = draw(st.integers(0, len(lines) - 1))
            head, sep, _ = lines[at].partition(": ")
            if sep:
                lines[at] = head + sep + draw(st.one_of(_WORDS, _VALUES))
            text = "\n".join(lines)
        elif kind == 2:  # a line replaced by an arbitrary one
            lines = text.split("\n")
            lines[draw(st.integers(0, len(lines) - 1))] = draw(_line())
            text = "\n".join(lines)
        elif kind == 3:  # a line repeated (duplicate keys) or re-indented
            lines = text.split("\n")
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(at, draw(st.sampled_from(["", " ", "  ", "   "])) + lines[at])
            text = "\n".join(lines)
        else:  # trailing text after a value
            text += draw(_TRAILING) + draw(st.sampled_from(["", "x", ":", " :", "'", '"']))
    return text


@given(text=_mutated_frontmatter())
@DIFFERENTIAL
def test_mutated_frontmatter_fast_path_equals_ruamel(text: str) -> None:
    event("accepted" if _check_yaml(text) else "declined")


# --------------------------------------------------------------------------- unquoted ': '


def _check_colon(text: str, first_line: int = FIRST_LINE) -> bool:
    """Whether the colon fast path answers for ``text``; if so, assert it equals ruamel's."""
    fast = parse._parse_colon_error(text, first_line)
    if fast is None:
        return False
    slow = parse._parse_with_ruamel(text, first_line)
    assert fast[1] == slow[1], text
    if fast[0] is None or slow[0] is None:
        assert fast[0] is None and slow[0] is None, text
    else:
        _assert_identical(fast[0], slow[0])
    # And the public entry point takes it to the same result.
    default = parse.parse_yaml(text, first_line)
    assert default == slow, text
    return True


COLON_ANSWERED = [
    "name: a\ndescription: Use when: the user asks",
    "name: a\ndescription: Use when: the user asks\nallowed-tools: Read Grep Bash(git:*)",
    "description: a: b: c\nname: a",  # the first colon is where strict YAML stops
    "name: a\nmetadata:\n  note: see: this",  # nested: the retry cannot help (yaml-syntax)
    "name: a\ndescription: x: y\nother: p: q",
    "name: a\ndescription: http://example.com: x",
    "name: a\ndescription: x: y # skillctl: ignore[yaml-colon]",
]

COLON_DECLINED = [
    "name: a\ndescription: plain",  # no error at all: _parse_simple's business
    "name: a\ndescription: 'q: x' extra: y",
    'name: a\ndescription: "q": y',
    "name: a\ndescription: x # c: y",
    "name: a\ndescription: yes: no",
    "name: a\ndescription: x : y",
    "name: a\ndescription: -x: y",
    "name: a\nflag: true\ndescription: x: y",  # a line before it the fast path declines
    "name: a\ndescription: x: \"q\\\" y\"",  # the retry needs an escape: left to ruamel
    "name: a\ndescription: Use when: x\nname: b",  # the retry has a duplicate: left to ruamel
]


@pytest.mark.parametrize("text", COLON_ANSWERED)
def test_unquoted_colon_is_answered_like_ruamel(text: str) -> None:
    assert _check_colon(text), text


@pytest.mark.parametrize("text", COLON_DECLINED)
def test_other_text_is_not_answered_by_the_colon_path(text: str) -> None:
    assert parse._parse_colon_error(text, FIRST_LINE) is None


def test_colon_path_positions_and_codes() -> None:
    frontmatter, problems = parse.parse_yaml(
        "name: a\ndescription: Use when: x\ntools: Bash(git:*)", 2
    )
    assert problems == [
        Problem("yaml-colon", "invalid YAML: mapping values are not allowed here", 3, 22)
    ]
    assert frontmatter is not None
    assert frontmatter.data == {"name": "a", "description": "Use when: x", "tools": "Bash(git:*)"}
    assert frontmatter.text == "name: a\ndescription: Use when: x\ntools: Bash(git:*)"
    assert frontmatter.plain_scalars == {("name",)}  # the retry quoted the other two
    frontmatter, problems = parse.parse_yaml("name: a\nmetadata:\n  note: see: this", 2)
    assert frontmatter is None
    assert [(p.code, p.line, p.column) for p in problems] == [("yaml-syntax", 4, 12)]


_COLON_VALUES = st.one_of(
    _VALUES,
    st.sampled_from(
        [
            "Use when: the user asks",
            "a: b: c",
            "x:  y",
            "a: 'b'",
            'a: "b"',
            "a: [x]",
            "a: {b}",
            "a: *b",
            "a: b # c",
            "a:",
            "yes: x",
            "a, b: c",
            "Bash(git:*)",
            "é: 漢",
        ]
    ),
    st.tuples(_TEXT, _TEXT).map(lambda pair: f"{pair[0]}: {pair[1]}"),
)


@st.composite
def _colon_line(draw: st.DrawFn) -> str:
    if draw(st.integers(0, 3)) == 0:
        return draw(_line())
    indent = draw(st.sampled_from(["", "", "", "  ", "    "]))
    return indent + draw(_KEYS) + draw(_SEPARATORS) + draw(_COLON_VALUES) + draw(_TRAILING)


@given(lines=st.lists(_colon_line(), min_size=1, max_size=6), first_line=st.integers(1, 30))
@DIFFERENTIAL
def test_generated_colon_errors_equal_ruamel(lines: list[str], first_line: int) -> None:
    event("answered" if _check_colon("\n".join(lines), first_line) else "declined")


@given(text=_simple_frontmatter(), data=st.data())
@DIFFERENTIAL
def test_simple_frontmatter_with_a_colon_equals_ruamel(text: str, data: st.DataObject) -> None:
    lines = text.split("\n")
    at = data.draw(st.integers(0, len(lines) - 1))
    lines[at] += data.draw(st.sampled_from([": x", ": y: z", " note: more", ":  x"]))
    event("answered" if _check_colon("\n".join(lines)) else "declined")


# --------------------------------------------------------------------------- no ruamel


_NO_RUAMEL_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from skillctl.cli.app import app
    from skillctl.parse import parse_file

    root = Path(sys.argv[1])
    parsed = [parse_file(p) for p in sorted(root.rglob("SKILL.md"))]
    after_parse = sorted(m for m in sys.modules if m.split(".")[0] == "ruamel")
    try:
        app(["lint", "--no-cache", "--format", "json", str(root)], standalone_mode=True)
    except SystemExit as exit:
        code = exit.code
    after_lint = sorted(m for m in sys.modules if m.split(".")[0] == "ruamel")
    Path(sys.argv[2]).write_text(json.dumps({
        "frontmatter": [p.frontmatter is not None for p in parsed],
        "after_parse": after_parse,
        "after_lint": after_lint,
        "exit": code,
    }))
    """
)


def _run_isolated(root: Path, out: Path) -> dict[str, Any]:
    subprocess.run(
        [sys.executable, "-c", _NO_RUAMEL_SCRIPT, str(root), str(out)],
        check=True,
        capture_output=True,
        cwd=root,
        timeout=120,
    )
    result: dict[str, Any] = json.loads(out.read_text())
    return result


def _simple_skills(root: Path) -> Iterator[Path]:
    for index in range(5):
        name = f"simple-{index}"
        yield write_skill(
            root,
            name,
            f"name: {name}\n"
            f"description: Does {name} things. Use when the user asks for {name}.\n"
            "license: Apache-2.0\n"
            "allowed-tools: Read Grep Bash(git:*)\n"
            "metadata:\n"
            "  author: bench\n"
            '  version: "1.0"\n',
        )


def test_lint_over_simple_skills_never_imports_ruamel(tmp_path: Path) -> None:
    root = tmp_path / "skills"
    list(_simple_skills(root))
    result = _run_isolated(root, tmp_path / "out.json")
    assert result["frontmatter"] == [True] * 5
    assert result["after_parse"] == []
    assert result["after_lint"] == []
    assert result["exit"] == 0


def test_one_complex_skill_brings_ruamel_in(tmp_path: Path) -> None:
    # The same check can fail: an anchor in one skill's frontmatter needs ruamel (lists,
    # block scalars and the like do not: tests/test_yaml_subset.py).
    root = tmp_path / "skills"
    list(_simple_skills(root))
    write_skill(
        root,
        "listy",
        "name: listy\ndescription: Does listy things. Use when asked.\n"
        "metadata:\n  tags: &tags\n    - a\n    - b\n",
    )
    result = _run_isolated(root, tmp_path / "out.json")
    assert result["frontmatter"] == [True] * 6
    assert "ruamel.yaml" in result["after_parse"]


def _line_endings_by_counting(text: str) -> LineEndings:
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    kinds = [
        k for k, n in ((LineEndings.CRLF, crlf), (LineEndings.LF, lf), (LineEndings.CR, cr)) if n
    ]
    if not kinds:
        return LineEndings.NONE
    return kinds[0] if len(kinds) == 1 else LineEndings.MIXED


@given(st.text(alphabet="a\r\n", max_size=12))
@DIFFERENTIAL
def test_line_endings_equal_counting_every_kind(text: str) -> None:
    assert parse.detect_line_endings(text) == _line_endings_by_counting(text)


@pytest.mark.parametrize("char", ["a", "\u00e9", "\u6f22", "\U0001f600", "\ud800"])
def test_frontmatter_size_cap_equals_encoding_it(char: str) -> None:
    """The cap is checked without encoding short text: same verdict as encoding it."""
    from skillctl import limits

    cap = limits.MAX_FRONTMATTER_BYTES
    width = len(char.encode("utf-8", errors="replace"))
    for count in (cap // 4 - 20, cap // 4 + 1, cap // width - 20, cap // width + 1):
        text = "description: " + char * (count - 13)
        too_big = len(text.encode("utf-8", errors="replace")) > cap
        _, problems = parse.parse_yaml(text, FIRST_LINE)
        assert any("larger than" in p.message for p in problems) == too_big, (char, count)


def test_ascii_unsafe_bytes_are_what_the_unsafe_pattern_refuses() -> None:
    """The simple scanner checks ASCII text against :data:`parse._ASCII_UNSAFE` instead of
    :data:`parse._SIMPLE_UNSAFE_CHAR`: for every ASCII character the two agree."""
    for code in range(128):
        refused = parse._SIMPLE_UNSAFE_CHAR.search(chr(code)) is not None
        assert refused == (code in parse._ASCII_UNSAFE), code
        text = f"name: a{chr(code)}b\ndescription: d"
        assert (parse._scan_simple(text, 2) is None) >= refused, code


@given(st.text(alphabet="-- \t\n\x0bab:#", max_size=40))
@settings(max_examples=800, deadline=None, derandomize=True)
def test_split_at_top_finds_the_closer_the_delimiter_pattern_finds(body: str) -> None:
    """The closer is found with ``str.find``; the pattern search it replaced agrees."""
    text = "---\n" + body
    found = parse._split_at_top(text)
    closer = parse._DELIMITER_LINE.search(text, 4)
    if closer is None:
        assert found is None
    else:
        start, end = closer.start(), closer.end()
        assert found == (
            text[4 : start - 1],
            text.count("\n", 0, start),
            text[end + 1 :] if end < len(text) else "",
        )


@given(st.text(alphabet="[]{}a\n #", max_size=80))
@settings(max_examples=500, deadline=None, derandomize=True)
def test_flow_depth_check_skips_text_without_brackets(text: str) -> None:
    deep = text.replace("a", "[" * 70)
    for candidate in (text, deep):
        depth = 0
        expected = None
        for index, char in enumerate(candidate):
            if char in "[{":
                depth += 1
                if depth > parse.limits.MAX_YAML_DEPTH:
                    expected = candidate.count("\n", 0, index) + 1
                    break
            elif char in "]}" and depth:
                depth -= 1
        assert parse._flow_too_deep(candidate) == expected


def test_read_bytes_reads_what_stat_saw_and_no_more_than_the_cap(tmp_path: Path) -> None:
    """One read of the size stat gave (no read to find the end); the cap still applies."""
    for size in (0, 1, 4095, 70_000, 300_000):
        path = tmp_path / f"f{size}"
        content = (bytes(range(256)) * (size // 256 + 1))[:size]
        path.write_bytes(content)
        assert parse.read_bytes(path) == (content, size)
        assert parse.read_bytes(path, cap=100) == (content[:100], size)
        assert parse.read_bytes(path, cap=0) == (b"", size)
        assert parse.read_bytes(path, cap=size + 10) == (content, size)
