"""``locale_key`` against orders Node 24.21's ``localeCompare`` gave (run by hand, recorded)."""

from __future__ import annotations

import random

from skillctl.collation import locale_key


def test_ascii_names_sort_as_node_sorts_them() -> None:
    names = ["a", "A", "a b", "a_b", "a-b", "a.md", "a/b", "a1", "a10", "a2", "ab", "aB", "Ab",
             "ab/c", "b", "B", "e", "E", "é", "f"]
    assert sorted(reversed(names), key=locale_key) == names


# Node 24.21: ["2","²","3","a-b",...] for the same list shuffled
_NODE_ORDER = [
    "2", "\u00b2", "3", "a-b", "a-b/c", "a\u2013b", "a\u2014b", "a.b", "a\u00b7b", "a/c", "a$",
    "a\u20ac", "ab", "aB", "Ab", "ad", "ae", "\u00e6", "af", "e", "E", "\u00e9", "\u00c9",
    "\u00e8", "\u00ea", "\u00eb", "f", "o", "\u00f8", "p", "sdlc-workflow-codex/skills/consult",
    "sdlc-workflow/skills/consult", "ss", "\u00df", "st", "x_a", "x-a", "x,a", "x~a", "x$a", "z",
    "\u4e2d", "\u65e5",
]


def test_punctuation_accents_and_expansions_sort_as_node_sorts_them() -> None:
    for seed in range(5):
        shuffled = _NODE_ORDER[:]
        random.Random(seed).shuffle(shuffled)
        assert sorted(shuffled, key=locale_key) == _NODE_ORDER


def test_a_dash_in_a_folder_name_sorts_before_the_path_separator() -> None:
    # OpenClaw sorts a root's skill folders so (byte order puts "a/c" first)
    assert sorted(["a/c", "a-b/c"], key=locale_key) == ["a-b/c", "a/c"]
    assert sorted(["plugins/x/skills/s", "plugins/x-codex/skills/s"], key=locale_key) == [
        "plugins/x-codex/skills/s", "plugins/x/skills/s"]
    assert sorted(["x_a", "x-a"], key=locale_key) == ["x_a", "x-a"]
    assert sorted(["x-a", "x_a"]) == ["x-a", "x_a"]  # byte order is the other way round
