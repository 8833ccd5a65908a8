"""The fast indented JSON writer gives exactly what ``json.dumps(indent=2)`` gives."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.report.jsontext import dumps

_SCALARS = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text() | st.text(alphabet=st.characters(codec=None, min_codepoint=0))
)
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(JSON_VALUES, st.booleans(), st.booleans())
def test_equals_json_dumps(value: Any, ensure_ascii: bool, sort_keys: bool) -> None:
    expected = json.dumps(value, indent=2, ensure_ascii=ensure_ascii, sort_keys=sort_keys)
    assert dumps(value, ensure_ascii=ensure_ascii, sort_keys=sort_keys) == expected


def test_edge_values() -> None:
    for value in ({}, [], (), {"a": {}}, {"a": []}, [[[]]], "é\u2028\x00", True, 0,
                  -(10**30), 1e300, -0.0, math.inf, -math.inf, {"b": 1, "a": [1, {"c": None}]}):
        for ensure_ascii in (True, False):
            for sort_keys in (True, False):
                assert dumps(value, ensure_ascii=ensure_ascii, sort_keys=sort_keys) == json.dumps(
                    value, indent=2, ensure_ascii=ensure_ascii, sort_keys=sort_keys)
    assert dumps(math.nan) == "NaN"


@pytest.mark.parametrize("value", [{1: "a"}, {"a": {1, 2}}, [object()]])
def test_what_json_cannot_hold_is_a_type_error(value: Any) -> None:
    with pytest.raises(TypeError):
        dumps(value)


def test_a_large_document_joined_in_pieces_is_the_same() -> None:
    document = {"results": [{"rule": f"r{i}", "line": i, "where": [{"uri": "é/a b"}, None]}
                            for i in range(20_000)], "tail": [1.5, True]}
    for sort_keys in (True, False):
        assert dumps(document, sort_keys=sort_keys) == json.dumps(
            document, indent=2, ensure_ascii=False, sort_keys=sort_keys)
