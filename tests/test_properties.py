"""Property tests (hypothesis) of the parser: it never raises, and it keeps what it is given.

Example counts stay small so CI can afford them; ``tests/fuzz/`` holds the longer run.
"""

from __future__ import annotations

import io
import math
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from skillctl.model import ParsedSkill
from skillctl.parse import parse_file, parse_text

FAST = settings(
    max_examples=150,
    deadline=None,
    # CI runs the same examples every time; tests/fuzz explores new ones.
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PATH = Path("SKILL.md")


def _plain(value: Any) -> bool:
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def _check_invariants(parsed: ParsedSkill) -> None:
    assert isinstance(parsed, ParsedSkill)
    assert _plain(dict(parsed.data))
    for problem in parsed.problems:
        assert problem.line >= 1 and problem.column >= 1
        assert problem.message
    if parsed.text is not None:
        lines = parsed.text.count("\n") + 1
        assert parsed.text.endswith(parsed.body)
        assert 1 <= parsed.body_start_line <= lines + 1
        if parsed.frontmatter is not None:
            for pos in parsed.frontmatter.positions.values():
                assert 1 <= pos.line <= lines, (pos, lines)


# --------------------------------------------------------------------------- never raises


@FAST
@given(st.text())
def test_parse_text_never_raises_on_any_text(text: str) -> None:
    _check_invariants(parse_text(PATH, text))


@FAST
@given(st.text(alphabet=st.sampled_from(list("-:\n\r\t #&*!|>[]{}'\"?,%@`ab1\\\ufeff\x00"))))
def test_parse_text_never_raises_on_yaml_punctuation(text: str) -> None:
    _check_invariants(parse_text(PATH, "---\n" + text))
    _check_invariants(parse_text(PATH, "---\n" + text + "\n---\nbody"))


@FAST
@given(st.binary(max_size=2048))
def test_parse_file_never_raises_on_any_bytes(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    path = tmp_path_factory.mktemp("bytes") / "SKILL.md"
    path.write_bytes(data)
    parsed = parse_file(path)
    _check_invariants(parsed)
    assert parsed.size == len(data)


@FAST
@given(st.binary(max_size=512))
def test_parse_file_never_raises_after_a_frontmatter_opener(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    path = tmp_path_factory.mktemp("bytes") / "SKILL.md"
    path.write_bytes(b"---\nname: x\n" + data + b"\n---\nbody\n")
    _check_invariants(parse_file(path))


# --------------------------------------------------------------------------- round trips

_KEY = st.text(alphabet=string.ascii_letters + string.digits + "_-", min_size=1, max_size=12)
# U+0085 (NEL) is left out: ruamel folds it into a space even in YAML 1.2 mode, where it is
# ordinary content (found by this test, recorded in tests/fuzz/README.md).
_SCALAR = (
    st.text(max_size=40).filter(lambda s: "\x00" not in s and "\x85" not in s)
    | st.integers(min_value=-(10**15), max_value=10**15)
    | st.booleans()
    | st.none()
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
)
_VALUE = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEY, inner, max_size=4),
    max_leaves=12,
)
_MAPPING = st.dictionaries(_KEY, _VALUE, min_size=1, max_size=8)


def _dump(data: Mapping[str, Any]) -> str:
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.width = 4096
    out = io.StringIO()
    yaml.dump(dict(data), out)
    return out.getvalue()


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b)
    if isinstance(a, Mapping):
        return isinstance(b, Mapping) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(_same, a, b))
    return bool(a == b and type(a) is type(b))


@FAST
@given(_MAPPING, st.text(max_size=200))
def test_frontmatter_round_trip_keeps_keys_and_values(data: dict[str, Any], body: str) -> None:
    dumped = _dump(data)
    assume("\n---" not in "\n" + dumped)  # a value that would close the block early
    parsed = parse_text(PATH, f"---\n{dumped}---\n{body}")
    assert parsed.frontmatter is not None, parsed.problems
    assert not [p for p in parsed.problems if p.code.startswith("yaml")], parsed.problems
    assert _same(data, dict(parsed.data)), (data, parsed.data)
    # every top-level key has a position on its own line in the file
    lines = parsed.text.split("\n") if parsed.text else []
    for key in data:
        pos = parsed.frontmatter.positions[(key,)]
        assert lines[pos.line - 1][pos.column - 1 :].lstrip("'\"").startswith(key[:1])


@FAST
@given(_MAPPING, st.text(max_size=300), st.sampled_from(["\n", "\r\n", "\r"]))
def test_body_text_is_kept(data: dict[str, Any], body: str, newline: str) -> None:
    dumped = _dump(data)
    assume("\n---" not in "\n" + dumped)
    raw = f"---\n{dumped}---\n".replace("\n", newline) + body
    parsed = parse_text(PATH, raw)
    expected = body.replace("\r\n", "\n").replace("\r", "\n")
    if newline == "\r" and body.startswith("\n"):
        # "\r" + "\n" is one CRLF line break: the body loses its first newline.
        expected = expected[1:]
    assert parsed.body == expected


def test_non_string_keys_are_spelt_as_in_yaml() -> None:
    """Regression (found by test_properties_fix): ``true:`` became the key ``'True'``."""
    parsed = parse_text(PATH, "---\nname: x\nmetadata:\n  true: 0\n  null: 1\n  3: 4\n---\n")
    assert list(parsed.data["metadata"]) == ["true", "null", "3"]
    assert parsed.frontmatter is not None
    assert ("metadata", "true") in parsed.frontmatter.positions
