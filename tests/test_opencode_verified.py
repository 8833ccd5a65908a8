"""OpenCode 1.18.33 and the opencode-agent-skills plugin (b5949b8) as the conformance suite
found them by running the real agents (issue 14): each test pins one verified behaviour on a
real tree in tmp_path. No agent needs to be installed."""

from __future__ import annotations

from pathlib import Path

from skillctl.agents import get_profile
from skillctl.dialects import verdict
from skillctl.discovery import Status, discover
from skillctl.parse import parse_file
from skillctl.render.catalog import render_catalog

OC = get_profile("opencode")
OAS = get_profile("opencode-agent-skills")


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return path


def skill(folder: Path, name: str | None = None, description: str = "Does things.",
          *, raw: str | bytes | None = None) -> Path:
    if raw is None:
        raw = f"---\nname: {name or folder.name}\ndescription: {description}\n---\nBody.\n"
    return write(folder / "SKILL.md", raw)


def tree(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return project, home


def statuses(profile_id: str, project: Path, home: Path,
             env: dict[str, str] | None = None) -> dict[str, tuple[str, Status]]:
    found = discover(get_profile(profile_id), project, home, env or {})
    return {str(v.path.relative_to(project.parent)): (v.name, v.status) for v in found.views}


def oas(tmp_path: Path, raw: str | bytes) -> tuple[bool, object]:
    seen = verdict("oas-yaml", parse_file(skill(tmp_path / "s", raw=raw)))
    return seen.accepted, seen.data


# --------------------------------------------------------------------------- plugin parser


def test_plugin_parser_drops_an_unquoted_colon_and_reads_a_comment(tmp_path: Path) -> None:
    assert not oas(tmp_path, "---\nname: s\ndescription: Use this: now\n---\nB.\n")[0]
    ok, data = oas(tmp_path, "---\nname: s\ndescription: Text #tag\n---\nB.\n")
    assert ok and data == {"name": "s", "description": "Text"}


def test_plugin_parser_reads_yaml_a_line_parser_would_not(tmp_path: Path) -> None:
    ok, data = oas(tmp_path, "---\nname: s\ndescription:\tTabbed.\n---\nB.\n")
    assert ok and data == {"name": "s", "description": "Tabbed."}
    ok, data = oas(tmp_path, "---\nname: s\ndescription: |\n  one\n  two\n---\nB.\n")
    assert ok and data == {"name": "s", "description": "one\ntwo\n"}  # yaml keeps the newline
    assert not oas(tmp_path, "---\nname: 1000\ndescription: d\n---\nB.\n")[0]  # a number


def test_plugin_schema_drops_wrong_types(tmp_path: Path) -> None:
    assert not oas(tmp_path, "---\nname: s\ndescription: d\nmetadata:\n  n: 1\n---\nB.\n")[0]
    assert not oas(tmp_path, "---\nname: s\ndescription: d\nlicense:\n---\nB.\n")[0]
    assert oas(tmp_path, "---\nname: s\ndescription: d\nmetadata:\n  n: '1'\n---\nB.\n")[0]


def test_plugin_parser_needs_lf_a_body_and_no_bom(tmp_path: Path) -> None:
    assert not oas(tmp_path, "---\r\nname: s\r\ndescription: d\r\n---\r\nB.\r\n")[0]
    assert not oas(tmp_path, "---\nname: s\ndescription: d\n---\n")[0]
    assert not oas(tmp_path, "\ufeff---\nname: s\ndescription: d\n---\nB.\n".encode())[0]
    assert oas(tmp_path, "---\nname: s\ndescription: d\n---\n\n")[0]  # a blank body is one


# --------------------------------------------------------------------------- plugin discovery


def test_plugin_depth_names_dot_folders_and_node_modules(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills/a/b/c/d4")
    skill(project / ".opencode/skills/a/b/c/d/d5")
    skill(project / ".claude/skills/a/c2")
    skill(project / ".claude/skills/a/b/c3")
    skill(project / ".claude/skills/folder", name="declared")
    skill(project / ".claude/skills/.dot", name="dotted")
    skill(project / ".opencode/skills/node_modules/nm")
    seen = statuses("opencode-agent-skills", project, home)
    active = {name for name, status in seen.values() if status is Status.ACTIVE}
    assert active == {"d4", "c2", "declared", "dotted", "nm"}


def test_plugin_user_root_ignores_xdg_config_home(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(home / ".config/opencode/skills/default")
    skill(tmp_path / "xdg/opencode/skills/moved")
    found = discover(OAS, project, home, {"XDG_CONFIG_HOME": str(tmp_path / "xdg")})
    assert [v.name for v in found.visible()] == ["default"]


def test_a_skill_md_in_a_root_does_not_hide_the_skills_below(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills", name="rooted")
    skill(project / ".opencode/skills/child")
    assert [v.name for v in discover(OAS, project, home, {}).visible()] == ["child"]


# --------------------------------------------------------------------------- OpenCode


def test_opencode_reads_a_bom_and_an_unquoted_colon(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills/bom", raw="\ufeff---\nname: bom\ndescription: d\n---\nB.\n")
    skill(project / ".opencode/skills/colon", description="Use this: when asked")
    views = {v.name: v for v in discover(OC, project, home, {}).visible()}
    assert set(views) == {"bom", "colon"}
    assert views["colon"].description == "Use this: when asked"


def test_opencode_does_not_retry_a_file_with_a_bom(tmp_path: Path) -> None:
    # conformance case bom-retry (found on ptreezh/sscisubagent-skills, a BOM and an
    # unquoted ': ' in the description): the BOM alone is skipped, the retry never reads it
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills/both",
          raw="\ufeff---\nname: both\ndescription: Use this: when asked\n---\nB.\n")
    skill(project / ".opencode/skills/bom", raw="\ufeff---\nname: bom\ndescription: d\n---\nB.\n")
    views = {v.skill.dir_name: v for v in discover(OC, project, home, {}).views}
    assert views["bom"].status is Status.ACTIVE
    assert views["both"].status is not Status.ACTIVE
    assert "retry does not read a file with a BOM" in (views["both"].reason or "")


def test_opencode_clash_has_no_winner_and_says_it_is_random(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".claude/skills/dup")
    skill(project / ".opencode/skills/dup")
    views = discover(OC, project, home, {}).views
    assert [v.status for v in views] == [Status.ACTIVE, Status.ACTIVE]
    assert all("at random" in " ".join(v.warnings) for v in views)


def test_opencode_disable_claude_code_skills_drops_the_project_root(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".claude/skills/claude")
    skill(project / ".agents/skills/agents")
    found = discover(OC, project, home, {"OPENCODE_DISABLE_CLAUDE_CODE_SKILLS": "1"})
    assert [v.name for v in found.visible()] == ["agents"]


def test_opencode_walks_into_node_modules(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills/node_modules/nm")
    assert [v.name for v in discover(OC, project, home, {}).visible()] == ["nm"]


def test_opencode_catalog_as_the_real_prompt_has_it(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills/zeta")
    skill(project / ".opencode/skills/_under")
    skill(project / ".opencode/skills/Alpha")
    skill(project / ".claude/skills/zeta")
    skill(project / ".opencode/skills/a&b", name="amp")
    found = discover(OC, project, home, {})
    text = render_catalog([v.skill for v in found.visible()], "opencode",
                          profile=OC).catalog.text
    names = [line.strip()[6:-7] for line in text.splitlines() if "<name>" in line]
    assert names == ["_under", "Alpha", "amp", "customize-opencode", "zeta"]
    assert "<location>&lt;built-in&gt;</location>" in text
    assert f"<location>{project}/.opencode/skills/a&amp;b/SKILL.md</location>" in text
    assert "file://" not in text


def oc(tmp_path: Path, raw: str | bytes) -> tuple[bool, object]:
    seen = verdict("opencode", parse_file(skill(tmp_path / "s", raw=raw)))
    return seen.accepted, seen.data


def test_opencode_reads_tabs_as_js_yaml_does(tmp_path: Path) -> None:
    for raw in ("---\nname: s\ndescription:\tTabbed.\n---\nB.\n",
                "---\nname: s\ndescription: \tTabbed.\n---\nB.\n",
                "---\nname\t: s\ndescription: Tabbed.\t# comment\n---\nB.\n",
                "---\nname: s\ndescription: Tabbed.\nmetadata:\n  k:\tv\n---\nB.\n"):
        ok, data = oc(tmp_path, raw)
        assert ok and isinstance(data, dict) and data["description"] == "Tabbed.", raw
    assert not oc(tmp_path, "---\n\tname: s\ndescription: d\n---\nB.\n")[0]
    assert not oc(tmp_path, "---\nname: s\ndescription: >-\n\tfolded\n---\nB.\n")[0]


def test_opencode_fallback_makes_values_with_a_colon_block_scalars(tmp_path: Path) -> None:
    ok, data = oc(tmp_path, "---\nname: s\ndescription: a:\tb\n---\nB.\n")
    assert ok and data == {"name": "s", "description": "a:\tb"}
    ok, data = oc(tmp_path, "---\nname:\ts\ndescription: ends with:\n---\nB.\n")
    assert ok and data == {"name": "s", "description": "ends with:"}
    # an indented line is left alone, and a quoted value is not rewritten
    assert not oc(tmp_path, "---\nname: s\ndescription: first\n  second: x\n---\nB.\n")[0]
    assert not oc(tmp_path, '---\nname: s\ndescription: "a": b\n---\nB.\n')[0]


def test_opencode_drops_a_description_js_yaml_does_not_read_as_a_string(
        tmp_path: Path) -> None:
    for value in ("~", "0x1F", "[a: b]", "2024-01-01"):
        assert not oc(tmp_path, f"---\nname: s\ndescription: {value}\n---\nB.\n")[0], value
    for value, read in (("'2024-01-01'", "2024-01-01"), ("yes", "yes"), ("0o17", "0o17")):
        ok, data = oc(tmp_path, f"---\nname: s\ndescription: {value}\n---\nB.\n")
        assert ok and data == {"name": "s", "description": read}, value
    project, home = tree(tmp_path / "t")
    skill(project / ".opencode/skills/none", raw="---\nname: none\n---\nB.\n")
    skill(project / ".opencode/skills/null", raw="---\nname: nulled\ndescription:\n---\nB.\n")
    seen = statuses("opencode", project, home)
    assert seen["project/.opencode/skills/none/SKILL.md"][1] is Status.HIDDEN  # no description
    assert seen["project/.opencode/skills/null/SKILL.md"][1] is Status.INVALID  # null


def test_opencode_walks_up_to_the_git_root_else_to_the_file_system_root(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    work = tmp_path / "w"
    cwd = work / "project/a"
    cwd.mkdir(parents=True)
    for folder, tag in ((cwd, "cwd"), (work / "project", "project"), (work, "w"),
                        (tmp_path, "top")):
        for root in (".claude", ".agents", ".opencode"):
            skill(folder / root / "skills" / f"{tag}-{root[1:]}")

    def found() -> set[str]:
        views = discover(OC, cwd, home, {}).visible()
        return {v.name for v in views if str(v.path).startswith(str(tmp_path))}

    everything = {f"{tag}-{root}" for tag in ("cwd", "project", "w", "top")
                  for root in ("claude", "agents", "opencode")}
    assert found() == everything  # no git anywhere: every parent up to /
    (work / ".git").mkdir()
    assert found() == everything - {"top-claude", "top-agents", "top-opencode"}
    (work / "project/.git").mkdir()
    assert found() == {n for n in everything if n.startswith(("cwd-", "project-"))}


def test_plugin_meets_skills_depth_first_in_readdir_order(tmp_path: Path) -> None:
    import os

    project, home = tree(tmp_path)
    root = project / ".opencode/skills"
    for name in ("m", "b", "z", "a", "q"):
        skill(root / name, name="same" if name in ("m", "z") else name)
    skill(root / "group/inner", name="inner")
    order = [n for n in os.listdir(root)]  # what fs.readdir gives on this file system

    def first(names: list[str]) -> str:
        return min(names, key=order.index)

    views = discover(OAS, project, home, {}).visible()
    expected = [("same" if n in ("m", "z") else "inner" if n == "group" else n)
                for n in order]
    # each name once, in the order first met; of the two "same", the first listed wins
    assert [v.name for v in views] == list(dict.fromkeys(expected))
    winner = next(v for v in views if v.name == "same")
    assert winner.path.parent.name == first(["m", "z"])
    text = render_catalog([v.skill for v in views], "opencode-agent-skills",
                          profile=OAS).catalog.text
    listed = [line[2:].split(":")[0] for line in text.splitlines() if line.startswith("- ")]
    assert listed == list(dict.fromkeys(expected))


def test_plugin_reads_tabs_as_separation_space_but_not_as_indentation(tmp_path: Path) -> None:
    for raw in ("---\nname: s\ndescription: \tTabbed.\n---\nB.\n",
                "---\nname: s\ndescription: Tabbed.\t\n---\nB.\n",
                "---\nname\t: s\ndescription: Tabbed.\t# comment\n---\nB.\n"):
        ok, data = oas(tmp_path, raw)
        assert ok and data == {"name": "s", "description": "Tabbed."}, raw
    assert not oas(tmp_path, "---\nname: s\ndescription: d\nmetadata:\n\tk: v\n---\nB.\n")[0]
    assert not oas(tmp_path, "---\nname: s\ndescription: a:\tb\n---\nB.\n")[0]


def test_opencode_loads_a_skill_md_directly_in_a_root(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".claude/skills", name="rooted")
    skill(project / ".claude/skills/child")
    assert {v.name for v in discover(OC, project, home, {}).visible()} == {"rooted", "child"}


def test_opencode_block_scalar_keeps_its_last_newline(tmp_path: Path) -> None:
    ok, data = oc(tmp_path, "---\nname: s\ndescription: |\n  one\n  two\n---\nB.\n")
    assert ok and data == {"name": "s", "description": "one\ntwo\n"}


def test_opencode_lists_an_empty_description_and_hides_a_missing_one(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills/empty", description='""')
    skill(project / ".opencode/skills/missing", raw="---\nname: missing\n---\nB.\n")
    found = discover(OC, project, home, {})
    assert {v.name: v.status for v in found.views} == {"empty": Status.ACTIVE,
                                                       "missing": Status.HIDDEN}
    text = render_catalog([v.skill for v in found.visible()], "opencode",
                          profile=OC).catalog.text
    assert "<name>empty</name>\n    <description></description>" in text
    assert "missing" not in text


def test_a_symlink_loop_warns_that_opencode_does_not_finish(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".opencode/skills/looped")
    (project / ".opencode/skills/looped/again").symlink_to("..")
    loops = [n for n in discover(OC, project, home, {}).notes if n.reason == "symlink-loop"]
    assert loops and all("does not finish" in n.detail for n in loops)
    plugin = [n for n in discover(OAS, project, home, {}).notes if n.reason == "symlink-loop"]
    assert not any("does not finish" in n.detail for n in plugin)
