"""OpenClaw 2026.9.6 as the conformance suite found it by running the real agent (issue 14):
each test pins one verified behaviour on a real tree in tmp_path. No agent needs to be
installed: the bundled skills are found through a stand-in ``openclaw`` command on PATH."""

from __future__ import annotations

import html
import json
import os
from pathlib import Path

import pytest

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover
from skillctl.render.catalog import render_catalog
from skillctl.render.types import BudgetRequest

OCL = get_profile("openclaw")


def skill(folder: Path, name: str | None = None, description: str = "Does things.",
          *, raw: bytes | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    entry = folder / "SKILL.md"
    if raw is not None:
        entry.write_bytes(raw)
    else:
        entry.write_text(f"---\nname: {name or folder.name}\ndescription: {description}\n"
                         "---\nBody.\n", encoding="utf-8")
    return entry


def tree(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return project, home


def active(project: Path, home: Path, env: dict[str, str]) -> dict[str, Path]:
    res = discover(OCL, project, home, env)
    return {v.name: v.path for v in res.views if v.status is Status.ACTIVE}


def test_the_workspace_is_openclaws_own_folder_not_the_project(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / "skills" / "in-project")
    in_ws = skill(home / ".openclaw/workspace/skills/in-workspace")
    in_ws_agents = skill(home / ".openclaw/workspace/.agents/skills/in-ws-agents")
    res = discover(OCL, project, home, {})
    assert {v.name: v.path for v in res.views if v.status is Status.ACTIVE} == {
        "in-workspace": in_ws, "in-ws-agents": in_ws_agents}
    assert [(n.path, n.reason) for n in res.notes] == [
        (home / ".openclaw/workspace", "workspace")]


def test_workspace_from_the_variable_then_the_config_which_wins(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    from_env = skill(project / "skills" / "from-env")
    env = {"OPENCLAW_WORKSPACE_DIR": str(project)}
    assert active(project, home, env) == {"from-env": from_env}
    from_config = skill(home / "ws" / "skills" / "from-config")
    config = home / ".openclaw/openclaw.json"
    config.parent.mkdir(parents=True)
    # JSON5, with a leading ~ for the home directory
    config.write_text("{agents: {defaults: {workspace: '~/ws'}}, // mine\n}\n",
                      encoding="utf-8")
    assert active(project, home, env) == {"from-config": from_config}


def test_state_dir_moves_the_managed_skills_and_the_workspace(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    state = tmp_path / "state"
    managed = skill(state / "skills" / "state-managed")
    in_ws = skill(state / "workspace" / "skills" / "state-workspace")
    skill(home / ".openclaw/skills/default-managed")
    skill(home / ".agents/skills/home-agents")
    assert active(project, home, {"OPENCLAW_STATE_DIR": str(state)}) == {
        "state-managed": managed, "state-workspace": in_ws}


def test_skill_md_in_a_root_is_one_skill_and_hides_the_tree(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = home / ".agents/skills"
    at_root = skill(root, "root-skill")
    below = skill(root / "child")
    views = {v.path: v for v in discover(OCL, project, home, {}).views}
    assert views[at_root].status is Status.ACTIVE and views[at_root].name == "root-skill"
    assert views[below].status is Status.HIDDEN


def test_dot_folders_are_skipped(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    plain = skill(home / ".agents/skills/plain")
    skill(home / ".agents/skills/.hidden")
    skill(home / ".agents/skills/.system/inside")
    assert active(project, home, {}) == {"plain": plain}


def test_a_bom_is_tolerated(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    entry = skill(home / ".agents/skills/bom", raw=b"\xef\xbb\xbf---\nname: bom\n"
                  b"description: With a BOM.\n---\nBody.\n")
    assert active(project, home, {}) == {"bom": entry}


def test_names_that_are_not_strings_are_made_strings(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = home / ".agents/skills"
    values = {"float": "1.50", "hex": "0x10", "bool": "true", "nil": "null", "tilde": "~",
              "list": "[a, b]", "map": "{key: v}", "mixed": "[a, {b: c}]"}
    for folder, value in values.items():
        (root / folder).mkdir(parents=True)
        (root / folder / "SKILL.md").write_text(
            f"---\nname: {value}\ndescription: d\n---\n", encoding="utf-8")
    names = {path.parent.name: name for name, path in active(project, home, {}).items()}
    assert names == {"float": "1.5", "hex": "16", "bool": "true", "nil": "null", "tilde": "~",
                     "list": '["a","b"]', "map": "{key: v}", "mixed": "[a, {b: c}]"}


def test_links_are_confined_in_the_workspace_only(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    outside = tmp_path / "outside"
    targets = {name: skill(outside / name) for name in ("agents", "managed", "ws", "file")}
    (home / ".agents/skills").mkdir(parents=True)
    (home / ".agents/skills/agents").symlink_to(outside / "agents")
    (home / ".openclaw/skills").mkdir(parents=True)
    (home / ".openclaw/skills/managed").symlink_to(outside / "managed")
    (project / "skills/file").mkdir(parents=True)
    (project / "skills/ws").symlink_to(outside / "ws")
    (project / "skills/file/SKILL.md").symlink_to(targets["file"])
    found = active(project, home, {"OPENCLAW_WORKSPACE_DIR": str(project)})
    assert {name: os.path.realpath(path) for name, path in found.items()} == {
        "agents": os.path.realpath(targets["agents"]),
        "managed": os.path.realpath(targets["managed"])}


def _stand_in_openclaw(tmp_path: Path) -> Path:
    """A package folder with ``openclaw.mjs`` linked from a bin folder, as npm installs it."""
    package = tmp_path / "pkg" / "node_modules" / "openclaw"
    package.mkdir(parents=True)
    (package / "openclaw.mjs").write_text("// stand-in\n", encoding="utf-8")
    (package / "openclaw.mjs").chmod(0o755)
    bin_dir = tmp_path / "pkg" / "bin"
    bin_dir.mkdir()
    (bin_dir / "openclaw").symlink_to(package / "openclaw.mjs")
    return bin_dir


def test_the_catalog_lists_the_bundled_skills_and_a_user_skill_replaces_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, home = tree(tmp_path)
    bin_dir = _stand_in_openclaw(tmp_path)
    mine = skill(home / ".agents/skills/weather", description="My weather.")
    monkeypatch.setenv("PATH", str(bin_dir))
    res = discover(OCL, project, home, {})
    skills = [v.skill for v in res.views if v.status is Status.ACTIVE]
    text = render_catalog(skills, "openclaw", BudgetRequest(home=home), OCL).catalog.text
    package = os.path.realpath(tmp_path / "pkg" / "node_modules" / "openclaw")
    assert f"<location>{package}/skills/clawhub/SKILL.md</location>" in text
    assert "<location>~/.openclaw/plugin-skills/canvas/SKILL.md</location>" in text
    assert text.count("<name>weather</name>") == 1
    assert f"<description>My weather.</description>\n    <location>~/{mine.relative_to(home)}" \
        in text
    names = [line.strip()[6:-7] for line in text.splitlines() if "<name>" in line]
    assert names == sorted(names) and len(names) == len(OCL.catalog_builtins)


def test_the_bundled_catalog_is_data_of_the_profile() -> None:
    assert json.dumps(OCL.catalog_builtins)  # plain strings only
    assert OCL.builtin_skills == {name for name, _, _ in OCL.catalog_builtins}


def test_the_catalog_shows_a_linked_skill_at_its_real_path(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    target = skill(tmp_path / "store" / "linked")
    (home / ".agents/skills").mkdir(parents=True)
    (home / ".agents/skills/linked").symlink_to(target.parent)
    res = discover(OCL, project, home, {})
    skills = [v.skill for v in res.views if v.status is Status.ACTIVE]
    text = render_catalog(skills, "openclaw", BudgetRequest(home=home)).catalog.text
    assert f"<location>{os.path.realpath(target)}</location>" in text


def test_the_catalog_order_puts_symbols_then_digits_then_letters(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = home / ".agents/skills"
    for folder, name in (("z", "zeta"), ("a", "Alpha"), ("b", "alpha"), ("l", "[x]"),
                         ("m", "{k: v}"), ("d", "10x")):
        (root / folder).mkdir(parents=True)
        (root / folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: d\n---\n",
                                                encoding="utf-8")
    res = discover(OCL, project, home, {})
    skills = [v.skill for v in res.views if v.status is Status.ACTIVE]
    text = render_catalog(skills, "openclaw", BudgetRequest(home=home)).catalog.text
    names = [html.unescape(line.strip()[6:-7]) for line in text.splitlines() if "<name>" in line]
    assert names == ['["x"]', "{k: v}", "10x", "alpha", "Alpha", "zeta"]


def test_a_workspace_skill_is_shown_at_the_path_walked(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(tmp_path / "store" / "via-link")
    (project / ".agents").mkdir()
    (project / ".agents/skills").symlink_to(tmp_path / "store")
    res = discover(OCL, project, home, {"OPENCLAW_WORKSPACE_DIR": str(project)})
    skills = [v.skill for v in res.views if v.status is Status.ACTIVE]
    text = render_catalog(skills, "openclaw", BudgetRequest(home=home)).catalog.text
    assert f"<location>{project}/.agents/skills/via-link/SKILL.md</location>" in text


def test_the_bundled_plugin_skills_follow_the_state_dir(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # 2026.9.6 links the bundled plugins' skills into <state dir>/plugin-skills
    # (conformance case openclaw-state-dir)
    _, home = tree(tmp_path)
    state = tmp_path / "state"
    monkeypatch.setenv("PATH", str(_stand_in_openclaw(tmp_path)))
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    text = render_catalog([], "openclaw", BudgetRequest(home=home), OCL).catalog.text
    assert f"<location>{state}/plugin-skills/canvas/SKILL.md</location>" in text
    assert "~/.openclaw/plugin-skills" not in text


def test_a_link_back_to_a_parent_is_walked_lap_after_lap_to_depth_six(tmp_path: Path) -> None:
    # 2026.9.6 (conformance case symlink-loop@openclaw-ws): no cycle check but a depth limit;
    # each lap is a copy of its own, and the last one met in the root wins
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    skill(root / "looped")
    (root / "self").symlink_to(".")
    res = discover(OCL, project, home, {})
    copies = [v for v in res.views if v.name == "looped"]
    assert len(copies) == 6
    (winner,) = [v for v in copies if v.status is Status.ACTIVE]
    assert winner.path == root / "self/self/self/self/self/looped/SKILL.md"
    assert all("later skill named 'looped'" in (v.reason or "")
               for v in copies if v is not winner)
    assert [n.path for n in res.notes if n.reason == "symlink-loop"] == [
        root / "self/self/self/self/self/self"]
    # other agents' walks still stop at the first lap
    skill(home / ".claude/skills/looped")
    (home / ".claude/skills/self").symlink_to(".")
    claude = discover(get_profile("claude-code"), project, home, {})
    assert [v.path for v in claude.views if v.name == "looped"] == [
        home / ".claude/skills/looped/SKILL.md"]
    assert [n.path for n in claude.notes if n.reason == "symlink-loop"] == [
        home / ".claude/skills/self"]


def test_the_later_copy_of_a_name_in_one_root_wins(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    skill(root / "alpha", name="same")
    later = skill(root / "beta", name="same")
    assert active(project, home, {})["same"] == later
    # across roots the root of higher precedence still wins, whatever the order inside it
    workspace = home / ".openclaw/workspace"
    first = skill(workspace / "skills/zeta", name="same")
    assert active(project, home, {})["same"] == first


def test_a_name_is_trimmed_before_names_are_compared(tmp_path: Path) -> None:
    # conformance case name-variants@openclaw-ws: "ship " and "ship" are one name, and of a
    # root's two the later path is kept
    project, home = tree(tmp_path)
    workspace = home / ".openclaw/workspace"
    padded = skill(workspace / "skills/e-space", name='"ship "')
    plain = skill(workspace / "skills/f-space", name="ship")
    views = {v.path: v for v in discover(OCL, project, home, {}).views}
    assert views[plain].status is Status.ACTIVE and views[plain].name == "ship"
    assert views[padded].status is Status.SHADOWED


def test_300_folders_of_each_folder_are_looked_at_in_utf16_order(tmp_path: Path) -> None:
    # conformance case openclaw-folder-cap: folders without SKILL.md take their places too
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    for i in range(300):
        (root / f"a{i:03d}").mkdir(parents=True)
    upper = skill(root / "Upper", "upper")
    skill(root / "zz-last")
    group = home / ".agents/skills/group"
    for i in range(299):
        (group / f"m{i:03d}").mkdir(parents=True)
    at_cap = skill(group / "m300")  # the 300th folder of its group
    skill(group / "\U0001f600-emoji")  # after U+FFxx in UTF-16, before it by code point
    skill(group / "\uff41-wide")
    res = discover(OCL, project, home, {})
    views = {v.name: v for v in res.views}
    assert active(project, home, {}) == {"upper": upper, "m300": at_cap}
    for name, folder in (("zz-last", root), ("\uff41-wide", group),
                         ("\U0001f600-emoji", group)):
        reason = views[name].reason or ""
        assert views[name].status is Status.HIDDEN
        assert "only the first 300 of the 302 folders" in reason
        assert str(folder) in reason


def test_a_root_skills_folder_is_taken_past_the_cap_and_walked_a_level_deeper(
        tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    for i in range(300):
        (root / f"a{i:03d}").mkdir(parents=True)
    seven = skill(root / "skills/a/b/c/d/e/f", "seven-in-skills")
    skill(root / "skills/a/b/c/d/e/f/g", "eight-in-skills")
    elsewhere = skill(root / "a000/b/c/d/e/f/g", "seven-elsewhere")
    assert active(project, home, {}) == {"seven-in-skills": seven}
    views = {v.path: v for v in discover(OCL, project, home, {}).views}
    assert "too deep: 7 levels" in (views[elsewhere].reason or "")


def test_a_skills_folder_that_is_a_skill_gives_no_extra_level(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    skills = skill(root / "skills")
    skill(root / "skills/a/b/c/d/e/f", "below-a-skill")
    assert active(project, home, {}) == {"skills": skills}


def test_at_most_1800_folders_of_a_root_are_listed_breadth_first(tmp_path: Path) -> None:
    # conformance case openclaw-listing-budget: the root, 250 groups and their 2,000
    # subfolders come before zzz/mid
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    for i in range(250):
        for j in range(8):
            (root / f"d{i:03d}" / f"e{j}").mkdir(parents=True)
    early = skill(root / "d000/e0", "early")
    shallow = skill(root / "zzz/shallow", "shallow")
    skill(root / "zzz/mid/deep", "deep")
    assert active(project, home, {}) == {"early": early, "shallow": shallow}
    deep = next(v for v in discover(OCL, project, home, {}).views if v.name == "deep")
    assert deep.status is Status.HIDDEN
    assert f"lists at most 1,800 folders of {root}" in (deep.reason or "")
    assert str(root / "zzz/mid") in (deep.reason or "")


def test_a_small_tree_is_all_found(tmp_path: Path) -> None:
    # the caps leave an ordinary tree alone, links to folders included
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    found = {f"s{i}": skill(root / "group" / f"s{i}") for i in range(40)}
    (root / "node_modules/pkg").mkdir(parents=True)
    (root / "linked").symlink_to(root / "group", target_is_directory=True)
    assert set(active(project, home, {})) == set(found)
    assert {v.status for v in discover(OCL, project, home, {}).views
            if v.name in found} <= {Status.ACTIVE, Status.SHADOWED}


def test_a_skill_md_over_256000_bytes_is_left_out(tmp_path: Path) -> None:
    # conformance case file-size-caps: 256e3 in OpenClaw's loader, not 256 KiB
    project, home = tree(tmp_path)
    root = home / ".openclaw/skills"
    entries = {}
    for size in (256_000, 256_001):
        head = f"---\nname: s{size}\ndescription: A file of {size} bytes.\n---\n"
        entries[size] = skill(root / f"s{size}", raw=(head + "x" * (size - len(head) - 1)
                                                      + "\n").encode())
        assert entries[size].stat().st_size == size
    views = {v.path: v for v in discover(OCL, project, home, {}).views}
    assert views[entries[256_000]].status is Status.ACTIVE
    assert views[entries[256_001]].status is Status.INVALID
    assert "skips SKILL.md over 256000 bytes" in (views[entries[256_001]].reason or "")
