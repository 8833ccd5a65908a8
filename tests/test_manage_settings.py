"""skillctl.manage: settings written in place on real files (issue 20).

Every test writes a real settings file below tmp_path, runs the planner and the writer, and
reads the result back with the agent's own reader (skillctl.settings), so a test fails when the
agent would not see the skill as switched off.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as settings_hypothesis
from hypothesis import strategies as st

from skillctl import settings
from skillctl.agents import get_profile
from skillctl.errors import UsageError
from skillctl.manage import jsonc_edit
from skillctl.manage.settings_write import Action, RefusedError, apply, plan

ENV: dict[str, str] = {}


@pytest.fixture
def places(tmp_path: Path) -> tuple[Path, Path]:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    return project, home


def run(action: Action, agent: str, places: tuple[Path, Path], name: str = "beta",
        scope: str = "project") -> Path:
    project, home = places
    edit = plan(action, name, get_profile(agent), scope, project, home, ENV)
    apply(edit)
    return edit.path


def effect(agent: str, path: Path, name: str = "beta") -> settings.Effect | None:
    reader = {"claude-code": "claude-code", "codex": "codex", "opencode": "opencode",
              "gemini-cli": "gemini-cli", "openclaw": "openclaw"}[agent]
    read = settings.read(reader, path, path.parent)
    assert read.notes == ()
    rule = settings.decide(settings.combine([read]), name, ())
    return None if rule is None else rule.effect


def write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


# --------------------------------------------------------------------------- round trips

ROUND_TRIPS = [
    # (agent, file below project or home, scope, original bytes)
    ("claude-code", "project/.claude/settings.json", "project",
     b'{\n\t"model": "opus",\n\t"skillOverrides": {\n\t\t"alpha": "on"\n\t}\n}\n'),
    ("claude-code", "project/.claude/settings.local.json", "local",
     b'{\r\n   "permissions": {\r\n      "allow": []\r\n   }\r\n}\r\n'),
    ("opencode", "project/opencode.jsonc", "project",
     b'// my config\n{\n   "$schema": "https://opencode.ai/config.json",\n'
     b'   "permission": {\n      "edit": "ask", // careful\n   },\n}\n'),
    ("opencode", "project/opencode.json", "project",
     b'{\r\n  "permission": {\r\n    "skill": {\r\n      "*": "allow",\r\n    },\r\n  },\r\n}\r\n'),
    ("gemini-cli", "project/.gemini/settings.json", "project",
     b'{\n  // the theme\n  "ui": {"theme": "GitHub"},\n  "skills": {\n'
     b'    "disabled": [\n      "alpha"\n    ]\n  }\n}\n'),
    ("gemini-cli", "home/.gemini/settings.json", "user", b'{"general": {"vimMode": true}}'),
    ("openclaw", "home/.openclaw/openclaw.json", "user",
     b"// openclaw\n{\n  agents: { defaults: { workspace: '~/w' } },\n"
     b"  skills: {\n    entries: {\n      alpha: { apiKey: 'k', },\n    },\n  },\n}\n"),
    ("codex", "home/.codex/config.toml", "user",
     b'# Codex\nmodel = "o3"  # the default\n\n[tui]\nnotifications = true\n'),
    ("codex", "home/.codex/config.toml", "user",
     b'[[skills.config]]\nname = "alpha"\nenabled = false\n'),
]


@pytest.mark.parametrize(("agent", "rel", "scope", "original"), ROUND_TRIPS)
def test_disable_then_enable_gives_back_the_original_bytes(
        places: tuple[Path, Path], agent: str, rel: str, scope: str, original: bytes) -> None:
    path = write(places[0].parent / rel, original)
    assert run(Action.DISABLE, agent, places, scope=scope) == path
    changed = path.read_bytes()
    assert changed != original
    assert effect(agent, path) is settings.Effect.OFF
    if b"\r\n" in original:  # CRLF kept, no bare LF added
        assert changed.count(b"\n") == changed.count(b"\r\n")
    for comment in (b"// my config", b"// careful", b"# the default", b"// the theme"):
        assert (comment in changed) == (comment in original)
    run(Action.ENABLE, agent, places, scope=scope)
    assert path.read_bytes() == original


@pytest.mark.parametrize(("agent", "rel", "scope", "original"), ROUND_TRIPS)
def test_disable_twice_writes_one_entry(places: tuple[Path, Path], agent: str, rel: str,
                                        scope: str, original: bytes) -> None:
    path = write(places[0].parent / rel, original)
    run(Action.DISABLE, agent, places, scope=scope)
    once = path.read_bytes()
    edit = plan(Action.DISABLE, "beta", get_profile(agent), scope, *places, ENV)
    assert not edit.changed and edit.done
    apply(edit)
    assert path.read_bytes() == once
    assert once.count(b"beta") == 1


def test_indentation_of_the_file_is_used(places: tuple[Path, Path]) -> None:
    path = write(places[0] / ".claude/settings.json",
                 b'{\n\t"model": "opus",\n\t"skillOverrides": {\n\t\t"alpha": "on"\n\t}\n}\n')
    run(Action.DISABLE, "claude-code", places)
    assert path.read_bytes() == (b'{\n\t"model": "opus",\n\t"skillOverrides": {\n'
                                 b'\t\t"alpha": "on",\n\t\t"beta": "off"\n\t}\n}\n')
    three = write(places[0] / ".gemini/settings.json", b'{\n   "ui": {\n      "a": 1\n   }\n}\n')
    run(Action.DISABLE, "gemini-cli", places)
    assert three.read_text() == ('{\n   "ui": {\n      "a": 1\n   },\n   "skills": {\n'
                                 '      "disabled": ["beta"]\n   }\n}\n')


def test_trailing_commas_stay_in_jsonc(places: tuple[Path, Path]) -> None:
    path = write(places[0] / "opencode.jsonc",
                 b'{\n  "permission": {\n    "skill": {\n      "*": "allow",\n    },\n  },\n}\n')
    run(Action.DISABLE, "opencode", places)
    assert path.read_text() == ('{\n  "permission": {\n    "skill": {\n      "*": "allow",\n'
                                '      "beta": "deny",\n    },\n  },\n}\n')


def test_gemini_enable_removes_the_name_in_any_case(places: tuple[Path, Path]) -> None:
    path = write(places[0] / ".gemini/settings.json",
                 b'{"skills": {"disabled": ["BETA", "alpha", "Beta"]}}\n')
    run(Action.ENABLE, "gemini-cli", places)
    assert json.loads(path.read_text()) == {"skills": {"disabled": ["alpha"]}}


def test_opencode_permission_string_becomes_rules_with_the_old_action_first(
        places: tuple[Path, Path]) -> None:
    path = write(places[0] / "opencode.json", b'{\n  "permission": {"skill": "ask"}\n}\n')
    run(Action.DISABLE, "opencode", places)
    data = json.loads(path.read_text())
    assert list(data["permission"]["skill"].items()) == [("*", "ask"), ("beta", "deny")]
    assert effect("opencode", path) is settings.Effect.OFF


def test_opencode_rule_moved_to_the_end_so_it_wins(places: tuple[Path, Path]) -> None:
    path = write(places[0] / "opencode.json",
                 b'{"permission": {"skill": {"beta": "allow", "b*": "allow"}}}')
    run(Action.DISABLE, "opencode", places)
    assert list(json.loads(path.read_text())["permission"]["skill"]) == ["b*", "beta"]
    assert effect("opencode", path) is settings.Effect.OFF


def test_codex_existing_entry_is_switched_not_duplicated(places: tuple[Path, Path]) -> None:
    path = write(places[1] / ".codex/config.toml",
                 b'[[skills.config]]\nname = "beta"  # keep\nenabled = true\n')
    run(Action.DISABLE, "codex", places, scope="user")
    assert path.read_text() == '[[skills.config]]\nname = "beta"  # keep\nenabled = false\n'


# --------------------------------------------------------------------------- new files


def test_missing_user_file_is_created_private(places: tuple[Path, Path]) -> None:
    path = run(Action.DISABLE, "openclaw", places, scope="user")
    assert path == places[1] / ".openclaw/openclaw.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert json.loads(path.read_text()) == {"skills": {"entries": {"beta": {"enabled": False}}}}


def test_missing_project_file_is_created_with_the_umask(places: tuple[Path, Path]) -> None:
    old = os.umask(0o022)
    try:
        path = run(Action.DISABLE, "claude-code", places)
    finally:
        os.umask(old)
    assert path == places[0] / ".claude/settings.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_text() == '{\n  "skillOverrides": {\n    "beta": "off"\n  }\n}\n'


def test_missing_codex_file_gets_just_the_table(places: tuple[Path, Path]) -> None:
    path = run(Action.DISABLE, "codex", places, scope="user")
    assert tomllib.loads(path.read_text()) == {
        "skills": {"config": [{"name": "beta", "enabled": False}]}}


def test_nothing_to_undo_creates_no_file(places: tuple[Path, Path]) -> None:
    edit = plan(Action.ENABLE, "beta", get_profile("gemini-cli"), "project", *places, ENV)
    assert not edit.changed and edit.done
    apply(edit)
    assert not (places[0] / ".gemini").exists()


def test_a_file_that_appears_meanwhile_is_not_overwritten(places: tuple[Path, Path]) -> None:
    edit = plan(Action.DISABLE, "beta", get_profile("claude-code"), "local", *places, ENV)
    theirs = write(places[0] / ".claude/settings.local.json", b'{"theirs": 1}\n')
    with pytest.raises(RefusedError, match="created by someone else"):
        apply(edit)
    assert theirs.read_bytes() == b'{"theirs": 1}\n'


# --------------------------------------------------------------------------- refusals


def test_a_read_only_file_is_refused(places: tuple[Path, Path]) -> None:
    path = write(places[0] / ".claude/settings.json", b"{}\n")
    path.chmod(0o444)
    with pytest.raises(RefusedError, match="read-only"):
        plan(Action.DISABLE, "beta", get_profile("claude-code"), "project", *places, ENV)
    assert path.read_bytes() == b"{}\n"


def test_a_link_out_of_the_project_is_refused(places: tuple[Path, Path], tmp_path: Path) -> None:
    outside = write(tmp_path / "elsewhere/settings.json", b"{}\n")
    (places[0] / ".claude").mkdir()
    (places[0] / ".claude/settings.json").symlink_to(outside)
    with pytest.raises(RefusedError, match="outside"):
        plan(Action.DISABLE, "beta", get_profile("claude-code"), "project", *places, ENV)
    assert outside.read_bytes() == b"{}\n"


def test_a_linked_folder_out_of_the_home_is_refused(places: tuple[Path, Path],
                                                    tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (places[1] / ".gemini").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(RefusedError, match="outside"):
        plan(Action.DISABLE, "beta", get_profile("gemini-cli"), "user", *places, ENV)
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_link_inside_the_project_is_written_through(places: tuple[Path, Path]) -> None:
    real = write(places[0] / "shared/settings.json", b"{}\n")
    (places[0] / ".claude").mkdir()
    (places[0] / ".claude/settings.json").symlink_to(real)
    run(Action.DISABLE, "claude-code", places)
    assert (places[0] / ".claude/settings.json").is_symlink()
    assert json.loads(real.read_text()) == {"skillOverrides": {"beta": "off"}}


def test_a_concurrent_edit_is_refused(places: tuple[Path, Path]) -> None:
    path = write(places[0] / ".claude/settings.json", b'{"model": "a"}\n')
    edit = plan(Action.DISABLE, "beta", get_profile("claude-code"), "project", *places, ENV)
    path.write_bytes(b'{"model": "b"}\n')
    with pytest.raises(RefusedError, match="changed by someone else"):
        apply(edit)
    assert path.read_bytes() == b'{"model": "b"}\n'
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temporary left


@pytest.mark.parametrize(("agent", "rel", "scope", "data", "line"), [
    ("claude-code", "project/.claude/settings.json", "project",
     b'{\n  "model": "a",\n  // no comments in strict JSON\n}\n', 3),
    ("gemini-cli", "project/.gemini/settings.json", "project", b'{\n  "skills": {,\n}\n', 2),
    ("opencode", "project/opencode.json", "project", b'{\n\n  "a": tru\n}\n', 3),
    ("openclaw", "home/.openclaw/openclaw.json", "user", b"{\n  skills: {\n  entries\n}\n", 3),
    ("codex", "home/.codex/config.toml", "user", b'model = "a"\n[skills\n', 2),
])
def test_a_malformed_file_is_refused_with_its_line(
        places: tuple[Path, Path], agent: str, rel: str, scope: str, data: bytes,
        line: int) -> None:
    path = write(places[0].parent / rel, data)
    with pytest.raises(RefusedError, match=rf"line {line}\b") as caught:
        plan(Action.DISABLE, "beta", get_profile(agent), scope, *places, ENV)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == data


def test_a_value_of_the_wrong_type_is_refused(places: tuple[Path, Path]) -> None:
    path = write(places[0] / ".claude/settings.json", b'{"skillOverrides": ["beta"]}\n')
    with pytest.raises(RefusedError, match="skillOverrides is a list, not an object"):
        plan(Action.DISABLE, "beta", get_profile("claude-code"), "project", *places, ENV)
    assert path.read_bytes() == b'{"skillOverrides": ["beta"]}\n'


def test_codex_project_scope_is_refused_with_the_user_file_offered(
        places: tuple[Path, Path]) -> None:
    with pytest.raises(UsageError, match=r"Codex ignores .* use --scope user"):
        plan(Action.DISABLE, "beta", get_profile("codex"), "project", *places, ENV)
    assert not (places[0] / ".codex").exists()


def test_an_agent_without_the_scope_is_refused(places: tuple[Path, Path]) -> None:
    with pytest.raises(UsageError, match="--scope user"):
        plan(Action.DISABLE, "beta", get_profile("openclaw"), "local", *places, ENV)
    with pytest.raises(UsageError, match="no setting"):
        plan(Action.DISABLE, "beta", get_profile("amp"), "project", *places, ENV)


# --------------------------------------------------------------------------- what decides


def test_enable_names_the_setting_of_another_scope_that_keeps_it_off(
        places: tuple[Path, Path]) -> None:
    user = write(places[1] / ".claude/settings.json", b'{"skillOverrides": {"beta": "off"}}')
    edit = plan(Action.ENABLE, "beta", get_profile("claude-code"), "project", *places, ENV)
    assert not edit.changed and not edit.done
    assert edit.deciding is not None and edit.deciding.file == user


def test_disable_reports_a_later_file_that_switches_it_back_on(
        places: tuple[Path, Path]) -> None:
    write(places[0] / ".claude/settings.local.json", b'{"skillOverrides": {"beta": "on"}}')
    edit = plan(Action.DISABLE, "beta", get_profile("claude-code"), "project", *places, ENV)
    assert edit.changed and not edit.done
    assert edit.deciding is not None and edit.deciding.key == "skillOverrides.beta"


def test_dry_run_diff_names_the_file(places: tuple[Path, Path]) -> None:
    write(places[0] / ".claude/settings.json", b'{\n  "a": 1\n}\n')
    edit = plan(Action.DISABLE, "beta", get_profile("claude-code"), "project", *places, ENV)
    diff = edit.diff()
    assert diff.startswith(f"--- {places[0]}/.claude/settings.json\n")
    assert '+  "skillOverrides": {\n' in diff
    assert (places[0] / ".claude/settings.json").read_bytes() == b'{\n  "a": 1\n}\n'


# --------------------------------------------------------------------------- the editor


@pytest.mark.parametrize("text", [
    "{}", "{}\n", '{"a": 1}', '{\n  "a": [1, 2],\n  "b": {}\n}\n', "{\n\t'a': 1, // c\n}\n",
    '/* head */ {\r\n    a: { b: "c", },\r\n}\r\n', '{"a": 1, /* x */ "b": 2}',
])
@pytest.mark.parametrize("path", [("skillOverrides", "x"), ("a", "new"), ("z",)])
def test_set_then_remove_is_the_identity(text: str, path: tuple[str, ...]) -> None:
    root = jsonc_edit.parse(text)
    if jsonc_edit.find(root, path) is not None:
        return
    parent = jsonc_edit.find(root, path[:-1])
    if parent is not None and parent.kind != "object":  # "a" is a list in one of the texts
        with pytest.raises(settings.SettingsError, match="not an object"):
            jsonc_edit.set_value(text, path, "v")
        return
    changed = jsonc_edit.set_value(text, path, "v")
    value = json.loads(settings.to_json(changed, json5=True))
    for key in path:
        value = value[key]
    assert value == "v"
    assert jsonc_edit.remove(changed, path) == text


def test_parse_errors_name_the_line() -> None:
    with pytest.raises(settings.SettingsError, match="line 3"):
        jsonc_edit.parse('{\n  "a": 1\n  "b": 2\n}')


_KEYS = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=6)
_SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=6)
_DOCS = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(_KEYS, inner, max_size=3), max_leaves=8)


@settings_hypothesis(max_examples=60, deadline=None)
@given(st.dictionaries(_KEYS, _DOCS, max_size=4),
       st.sampled_from([None, 0, 2, 3, 4, "\t"]), st.booleans())
def test_any_document_gets_its_bytes_back(doc: dict[str, object], indent: int | str | None,
                                          crlf: bool) -> None:
    text = json.dumps(doc, indent=indent, ensure_ascii=False) + "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    path = ("skillOverrides", "beta") if "skillOverrides" not in doc else ("zz-new",)
    if path[0] in doc:
        return
    changed = jsonc_edit.set_value(text, path, "off")
    value = json.loads(changed)
    for key in path:
        value = value[key]
    assert value == "off"
    assert jsonc_edit.remove(changed, path) == text
    if "skills" not in doc:
        listed = jsonc_edit.append_item(text, ("skills", "disabled"), "beta")
        assert json.loads(listed)["skills"]["disabled"] == ["beta"]
        assert jsonc_edit.remove(listed, ("skills", "disabled"), 0) == text
