"""``list --format json`` is written one skill at a time by a faster indented encoder; both
must give the bytes ``json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False)``
gives for the whole document."""

from __future__ import annotations

import enum
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from skillctl.agents import agent_ids, get_profile
from skillctl.cli.app import app
from skillctl.discovery import ParseCache, discover, discover_all
from skillctl.report import listing
from tests.conftest import CORPUS, write_skill


def reference(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


class Colour(enum.StrEnum):
    RED = "red"


class Level(enum.IntEnum):
    HIGH = 3


SAMPLES: list[Any] = [
    {}, [], (), "", "plain", 'quote " back \\ slash', "tab\tnew\nline\r\x00\x1f\x7f",
    "café ﬁ 日本語 \u2028 \ud83d\ude00", 0, -7, 2**70, 1.5, -0.0, 1e300, float("nan"),
    float("inf"), float("-inf"), True, False, None, Colour.RED, Level.HIGH,
    {"b": 1, "a": [1, {"z": None, "y": []}], "c": {}}, [[[]], [{}], [1, [2, [3]]]],
    {"agents": {"claude-code": {"name": "x", "warnings": ["w"]}, "codex": None}},
    ("tuple", ("nested",)),
]


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
@pytest.mark.parametrize("level", [0, 1, 2])
def test_encoder_matches_json_dumps(value: Any, level: int) -> None:
    assert listing.encode_indented(value, level) == reference(value).replace("\n",
                                                                             "\n" + "  " * level)


def test_encoder_hands_what_it_does_not_know_to_json() -> None:
    mixed_keys = {1: "one", 2: "two"}
    assert listing.encode_indented(mixed_keys) == reference(mixed_keys)
    assert listing.encode_indented({"a": mixed_keys}, 1) == reference(
        {"a": mixed_keys}).replace("\n", "\n  ")
    with pytest.raises(TypeError):
        listing.encode_indented({"path": Path("/x")})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_encoder_matches_json_dumps_on_random_data(value: Any) -> None:
    assert listing.encode_indented(value) == reference(value)


def _streamed(document: dict[str, Any]) -> str:
    out = io.StringIO()
    listing.write_json(document, out)
    return out.getvalue()


@pytest.mark.parametrize("skills", [[], [{"name": "a"}], [{"b": [1]}, {"a": {}}, None]])
def test_write_json_with_a_generator_of_skills(skills: list[Any]) -> None:
    document = {"version": 1, "skills": skills, "notes": [], "agent": None, "omitted": 0}
    expected = listing.dump_json(document)
    assert _streamed(document) == expected
    assert _streamed(document | {"skills": iter(skills)}) == expected
    assert _streamed({}) == listing.dump_json({})


@pytest.fixture(scope="module")
def corpus_cross(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    base = tmp_path_factory.mktemp("corpus")
    tree = base / "tree"
    shutil.copytree(CORPUS / "anthropics__skills", tree / "anthropic", symlinks=True)
    shutil.copytree(CORPUS / "openai__skills", tree / "openai", symlinks=True)
    write_skill(tree, "broken", raw=b"---\nname: [broken\n---\nbody\n")
    write_skill(tree, "Upper_Case", "name: Upper_Case\ndescription: \"Quotes \\\" and \\u00e9\"\n")
    home, project = base / "home", base / "proj"
    write_skill(home / ".claude/skills", "skill-creator",
                "name: skill-creator\ndescription: Home copy.\n")
    (project / ".git").mkdir(parents=True)
    return tree, home, project


@pytest.mark.parametrize("show_all", [False, True])
def test_streamed_cross_json_is_the_document(corpus_cross: tuple[Path, Path, Path],
                                             show_all: bool) -> None:
    tree, home, project = corpus_cross
    cross = discover_all(project, home, {}, [tree], cache=ParseCache(keep_text=False))
    assert len(cross.skills) > 10
    out = io.StringIO()
    listing.write_cross_json(cross, show_all, out)
    text = out.getvalue()
    assert text == listing.dump_json(listing.cross_json(cross, show_all))
    if show_all:  # the per-agent fields written out by hand, in all their shapes
        assert '"shadowed_by": "' in text and '"shadowed_by": null' in text
        assert '"warnings": [\n' in text and '"warnings": []' in text
        assert '"reason": "' in text and '"reason": null' in text
        assert ': null' in text.split('"agents": {', 1)[1]  # an agent that never reaches one


@pytest.mark.parametrize("agent", agent_ids())
def test_streamed_agent_json_is_the_document(corpus_cross: tuple[Path, Path, Path],
                                             agent: str) -> None:
    tree, home, project = corpus_cross
    res = discover(get_profile(agent), project, home, {}, [tree])
    for show_all in (False, True):
        out = io.StringIO()
        listing.write_agent_json(res, show_all, out)
        assert out.getvalue() == listing.dump_json(listing.agent_json(res, show_all))


def test_cli_json_is_the_document(corpus_cross: tuple[Path, Path, Path]) -> None:
    tree, home, project = corpus_cross
    result = CliRunner().invoke(app, ["list", "--format", "json", "--all", "--home", str(home),
                                      "--project", str(project), str(tree)],
                                catch_exceptions=False)
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert len(document["skills"]) > 10
    assert result.stdout == listing.dump_json(document)
