"""YAML tags, merge keys and tab indentation in frontmatter, and identical copies of a file that
only OpenCode's retry reads, as the real agents read them (conformance cases
yaml-tags-and-merges and opencode-identical-retried, 2026-11-29): each test pins verified
behaviour on a real tree in tmp_path. No agent needs to be installed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skillctl.agents import get_profile
from skillctl.cli.app import app
from skillctl.dialects import unmerged, verdict
from skillctl.discovery import SkillView, Status, discover
from skillctl.parse import parse_file, parse_yaml
from skillctl.render.catalog import render_catalog
from skillctl.render.types import BudgetRequest
from tests.verified import project_and_home as _tree
from tests.verified import skill_file as _skill


def _views(agent: str, project: Path, home: Path) -> dict[Path, SkillView]:
    return {v.path: v for v in discover(get_profile(agent), project, home, {}).views}


def _catalog(agent: str, project: Path, home: Path) -> str:
    skills = [v.skill for v in discover(get_profile(agent), project, home, {}).views
              if v.status is Status.ACTIVE]
    return render_catalog(skills, agent, BudgetRequest(home=home),
                          get_profile(agent)).catalog.text


def test_a_merge_key_is_read_not_an_internal_error() -> None:
    read, problems = parse_yaml("name: x\n<<: {description: Merged.}\n", 2)
    assert problems == [] and read is not None
    assert read.data == {"name": "x", "description": "Merged."}
    assert read.merged_keys == {("description",)}
    assert read.merges == {(): {"description": "Merged."}}
    assert read.position("description").line == 2  # (no position of its own: the start)
    nested, _ = parse_yaml("m: &m {owner: a}\nmetadata:\n  <<: [*m, {x: 1}]\n  team: b\n", 2)
    assert nested is not None
    assert nested.data["metadata"] == {"team": "b", "owner": "a", "x": 1}
    assert nested.merges == {("metadata",): [{"owner": "a"}, {"x": 1}]}


def test_tags_become_what_the_agents_show_and_are_recorded() -> None:
    read, _ = parse_yaml("a: !!binary SGVsbG8=\nb: !!set {x, y}\nc: !custom Text\n"
                         "d: !!str 12\ne: !!pairs [{k: 1}]\n", 2)
    assert read is not None
    assert read.data == {"a": "SGVsbG8=", "b": {"x": None, "y": None}, "c": "Text", "d": "12",
                         "e": [["k", 1]]}
    assert read.tags == {("a",): "tag:yaml.org,2002:binary", ("b",): "tag:yaml.org,2002:set",
                         ("c",): "!custom"}


def test_lint_reads_a_merge_key_without_an_internal_error(tmp_path: Path) -> None:
    entry = _skill(tmp_path, "t-merge", "name: t-merge\n<<: {description: Use when merging.}")
    result = CliRunner().invoke(app, ["lint", str(entry.parent), "--no-cache",
                                      "--format", "json"])
    report = json.loads(result.stdout)
    messages = [f["message"] for f in report["diagnostics"]]
    assert not any("internal error" in m or "could not be parsed" in m for m in messages)


def test_codex_and_the_copilot_cli_do_not_merge_the_others_do(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    merge = _skill(project / ".agents/skills", "t-merge",
                   "name: t-merge\n<<: {description: Merged description.}")
    parsed = parse_file(merge)
    assert unmerged(parsed) == {"name": "t-merge", "<<": {"description": "Merged description."}}
    assert _views("codex", project, home)[merge].status is Status.INVALID
    assert "Body line of t-merge." in _catalog("copilot-cli", project, home)
    assert "Merged description." not in _catalog("copilot-cli", project, home)
    for agent in ("gemini-cli", "opencode"):
        assert "Merged description." in _catalog(agent, project, home), agent
    (project / ".claude/skills").mkdir(parents=True)
    (project / ".agents/skills/t-merge").rename(project / ".claude/skills/t-merge")
    assert "- t-merge: Merged description." in _catalog("claude-code", project, home)


def test_js_yaml_agents_and_the_others_read_tags_apart(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    root = project / ".agents/skills"
    custom = _skill(root, "t-custom", "name: t-custom\ndescription: !custom Custom text.")
    binary = _skill(root, "t-binary", "name: t-binary\ndescription: !!binary SGVsbG8=")
    gemini = _catalog("gemini-cli", project, home)
    # js-yaml throws on !custom and makes !!binary a buffer: Gemini CLI reads the lines
    assert "<description>!custom Custom text.</description>" in gemini
    assert "<description>!!binary SGVsbG8=</description>" in gemini
    opencode = _views("opencode", project, home)
    assert opencode[custom].status is Status.INVALID
    assert opencode[binary].status is Status.INVALID
    for agent in ("copilot-cli", "codex"):
        text = _catalog(agent, project, home)
        assert "SGVsbG8=" in text and "!!binary" not in text and "b'Hello'" not in text
        assert "Custom text." in text and "!custom" not in text


def test_opencode_skips_a_tab_that_begins_a_line(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    entry = _skill(project / ".agents/skills", "t-tab",
                   "name: t-tab\ndescription: Tab in metadata.\nmetadata:\n\tx: 1")
    seen = verdict("opencode", parse_file(entry))
    assert seen.accepted and seen.data is not None
    assert seen.data.get("metadata") is None and seen.data.get("x") == 1
    assert _views("opencode", project, home)[entry].status is Status.ACTIVE
    assert _views("codex", project, home)[entry].status is Status.INVALID


def test_identical_copies_that_need_opencodes_retry_are_a_draw(tmp_path: Path) -> None:
    project, home = _tree(tmp_path)
    copies = [_skill(project / root, "colon", "name: colon\ndescription: Use when: asked.")
              for root in (".agents/skills", ".claude/skills")]
    single = _skill(project / ".agents/skills", "single",
                    "name: single\ndescription: Single when: asked.")
    twins = [_skill(project / root, "plain", "name: plain\ndescription: Plain twin.")
             for root in (".agents/skills", ".claude/skills")]
    views = _views("opencode", project, home)
    for entry in copies:
        said = " ".join(views[entry].warnings)
        assert "2 files hold this same text" in said and "at random, or none" in said
    for entry in (single, *twins):
        assert not any("same text" in w for w in views[entry].warnings)
    assert views[single].status is Status.ACTIVE
    # another agent reads the same files as it always did
    claude = _views("claude-code", project, home)
    assert not any("same text" in w for w in claude[copies[1]].warnings)


def test_openclaw_does_not_merge_and_writes_a_buffer_or_a_set_as_json(tmp_path: Path) -> None:
    # OpenClaw 2026.9.6 in its workspace (case yaml-tags-and-merges@openclaw-ws)
    root = tmp_path / "skills"
    merge = parse_file(_skill(root, "t-merge", "name: t-merge\n<<: {description: Merged.}"))
    seen = verdict("openclaw", merge)
    assert seen.accepted and seen.data is not None and "description" not in seen.data
    binary = parse_file(_skill(root, "t-bin", "name: t-bin\ndescription: !!binary SGVsbG8="))
    seen = verdict("openclaw", binary)
    assert seen.data is not None
    assert seen.data["description"] == '{"type":"Buffer","data":[72,101,108,108,111]}'
    a_set = parse_file(_skill(root, "t-set", "name: t-set\ndescription: !!set {a, b}"))
    seen = verdict("openclaw", a_set)
    assert seen.data is not None and seen.data["description"] == "{}"
