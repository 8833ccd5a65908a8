"""Plugin skills (issue 14 §4): Claude Code's installed plugins, skills-dir plugins, and lint.

Each tree mirrors what Claude Code 2.1.332 was run against (``conformance/cases_plugins.py``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl import plugins
from skillctl.agents import get_profile
from skillctl.cli.app import app
from skillctl.discovery import Status, discover
from skillctl.model import Scope
from skillctl.render.catalog import render_catalog

CC = get_profile("claude-code")


def _skill(folder: Path, description: str, name: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    head = f"name: {name}\n" if name else ""
    (folder / "SKILL.md").write_text(f"---\n{head}description: {description}\n---\nBody.\n",
                                     encoding="utf-8")
    return folder / "SKILL.md"


def install(home: Path, *, enabled: object = True, listed: bool = True,
            manifest: str | None = '{"name": "myplug"}', scope: str = "user",
            project: Path | None = None) -> Path:
    """A github-style marketplace ``mkt`` and plugin ``myplug@mkt`` with skill ``hello``."""
    plugins = home / ".claude" / "plugins"
    folder = plugins / "cache" / "mkt" / "myplug" / "1.0.0"
    entry = _skill(folder / "skills" / "hello", "Say hello", name="greet")
    if manifest is not None:
        (folder / ".claude-plugin").mkdir(parents=True)
        (folder / ".claude-plugin" / "plugin.json").write_text(manifest, encoding="utf-8")
    market = plugins / "marketplaces" / "mkt"
    (market / ".claude-plugin").mkdir(parents=True)
    listing = [{"name": "myplug", "source": "./plugins/myplug"}] if listed else []
    (market / ".claude-plugin" / "marketplace.json").write_text(
        json.dumps({"name": "mkt", "owner": {"name": "t"}, "plugins": listing}), encoding="utf-8")
    (plugins / "known_marketplaces.json").write_text(json.dumps(
        {"mkt": {"source": {"source": "github", "repo": "example/mkt"},
                 "installLocation": str(market)}}), encoding="utf-8")
    record: dict[str, object] = {"scope": scope, "installPath": str(folder), "version": "1.0.0"}
    if project is not None:
        record["projectPath"] = str(project)
    (plugins / "installed_plugins.json").write_text(
        json.dumps({"version": 2, "plugins": {"myplug@mkt": [record]}}), encoding="utf-8")
    if enabled is not None:
        (home / ".claude" / "settings.json").write_text(
            json.dumps({"enabledPlugins": {"myplug@mkt": enabled}}), encoding="utf-8")
    return entry


def _views(tmp_path: Path) -> dict[str, tuple[Status, str | None]]:
    res = discover(CC, tmp_path / "proj", tmp_path / "home", env={})
    return {v.name: (v.status, v.reason) for v in res.views}


def test_enabled_plugin_skill_is_namespaced_and_never_clashes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "proj").mkdir()
    entry = install(home)
    plain = _skill(home / ".claude" / "skills" / "hello", "plain hello")
    res = discover(CC, tmp_path / "proj", home, env={})
    active = {(v.name, v.path, v.scope) for v in res.views if v.status is Status.ACTIVE}
    assert active == {("hello", plain, Scope.USER), ("myplug:hello", entry, Scope.PLUGIN)}
    plugin_view = next(v for v in res.views if v.name == "myplug:hello")
    assert plugin_view.skill.plugin == "myplug@mkt"
    shown = render_catalog([v.skill for v in res.views if v.status is Status.ACTIVE],
                           "claude-code", profile=CC).catalog.text
    assert "- hello: plain hello\n- myplug:hello (myplug:greet): Say hello\n" in shown


def test_not_enabled_or_switched_off_is_disabled(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    install(tmp_path / "home", enabled=None)
    status, reason = _views(tmp_path)["myplug:hello"]
    assert status is Status.DISABLED and "not enabled" in (reason or "")


def test_project_settings_override_user_settings(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    (project / ".claude").mkdir(parents=True)
    install(tmp_path / "home", enabled=True)
    settings = project / ".claude" / "settings.json"
    settings.write_text('{"enabledPlugins": {"myplug@mkt": false}}', encoding="utf-8")
    status, reason = _views(tmp_path)["myplug:hello"]
    assert status is Status.DISABLED and str(settings) in (reason or "")
    settings.unlink()
    (tmp_path / "home" / ".claude" / "settings.json").write_text(
        '{"enabledPlugins": {"myplug@mkt": false}}', encoding="utf-8")
    (project / ".claude" / "settings.local.json").write_text(
        '{"enabledPlugins": {"myplug@mkt": true}}', encoding="utf-8")
    assert _views(tmp_path)["myplug:hello"][0] is Status.ACTIVE


def test_namespace_comes_from_plugin_json_else_the_id(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    install(tmp_path / "home", manifest='{"name": "other"}')
    assert _views(tmp_path)["other:hello"][0] is Status.ACTIVE
    other = tmp_path / "b"
    (other / "proj").mkdir(parents=True)
    install(other / "home", manifest=None)
    assert _views(other)["myplug:hello"][0] is Status.ACTIVE


def test_marketplace_must_list_the_plugin(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    install(tmp_path / "home", listed=False)
    status, reason = _views(tmp_path)["myplug:hello"]
    assert status is Status.INVALID and "does not list it" in (reason or "")


def test_project_install_counts_only_in_its_project(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    install(tmp_path / "home", scope="project", project=tmp_path / "elsewhere")
    assert "myplug:hello" not in _views(tmp_path)
    again = tmp_path / "again"
    (again / "proj").mkdir(parents=True)
    install(again / "home", scope="project", project=again / "proj")
    assert _views(again)["myplug:hello"][0] is Status.ACTIVE


def test_malformed_files_are_notes_not_crashes(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    install(tmp_path / "home", manifest='{"name": ')
    res = discover(CC, tmp_path / "proj", tmp_path / "home", env={})
    assert [v.status for v in res.views if v.name == "myplug:hello"] == [Status.INVALID]
    assert any(n.reason == "plugins" and n.path.name == "plugin.json" for n in res.notes)
    record = tmp_path / "home" / ".claude" / "plugins" / "installed_plugins.json"
    record.write_text('{"version": 2, "plugins": ', encoding="utf-8")
    res = discover(CC, tmp_path / "proj", tmp_path / "home", env={})
    assert not [v for v in res.views if v.scope is Scope.PLUGIN]
    assert [n.path for n in res.notes if n.reason == "plugins"] == [record]


def test_skills_dir_plugin_loads_without_a_switch(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "proj").mkdir()
    folder = home / ".claude" / "skills" / "folder"
    (folder / ".claude-plugin").mkdir(parents=True)
    (folder / ".claude-plugin" / "plugin.json").write_text('{"name": "declared"}',
                                                           encoding="utf-8")
    inner = _skill(folder / "skills" / "inner", "inner one")
    top = _skill(folder, "the folder itself")
    res = discover(CC, tmp_path / "proj", home, env={})
    seen = {(v.name, v.path, v.status) for v in res.views}
    # the inner skill is not also reported "too deep" below the plain user root
    assert seen == {("declared:inner", inner, Status.ACTIVE), ("folder", top, Status.ACTIVE)}


def test_list_json_and_show_name_the_plugin(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "proj").mkdir()
    install(home)
    runner = CliRunner()
    where = ["--project", str(tmp_path / "proj"), "--home", str(home)]
    listed = runner.invoke(app, ["list", "-a", "claude-code", "-f", "json", *where],
                           catch_exceptions=False)
    skills = json.loads(listed.stdout)["skills"]
    assert [(s["name"], s["plugin"], s["scope"]) for s in skills] == [
        ("myplug:hello", "myplug@mkt", "plugin")]
    shown = runner.invoke(app, ["show", "myplug:hello", "-a", "claude-code", *where],
                          catch_exceptions=False)
    assert shown.exit_code == 0 and "plugin: myplug@mkt\n" in shown.stdout


def _plugin_tree(tmp_path: Path) -> Path:
    tools = tmp_path / "tools"
    (tools / ".claude-plugin").mkdir(parents=True)
    (tools / ".claude-plugin" / "plugin.json").write_text('{"name": "tools"}', encoding="utf-8")
    for folder in (tools / "skills" / "compact", tools / "skills" / "pdf", tmp_path / "b" / "pdf"):
        _skill(folder, f"A skill that does {folder.name} things for the tests.",
               name=folder.name)
    return tmp_path


def test_lint_plugin_skill_is_not_a_builtin_nor_a_duplicate(tmp_path: Path) -> None:
    tree = _plugin_tree(tmp_path)
    result = CliRunner().invoke(app, ["lint", str(tree), "-a", "claude-code", "-f", "json",
                                      "--select", "name-builtin,duplicate-name"],
                                catch_exceptions=False)
    assert json.loads(result.stdout)["diagnostics"] == []
    _skill(tmp_path / "c" / "compact", "A plain skill named like a built-in command.",
           name="compact")
    _skill(tmp_path / "c" / "pdf", "A plain skill with the same name as another.", name="pdf")
    result = CliRunner().invoke(app, ["lint", str(tree), "-a", "claude-code", "-f", "json",
                                      "--select", "name-builtin,duplicate-name"],
                                catch_exceptions=False)
    found = sorted((Path(d["path"]).parent.relative_to(tmp_path).as_posix(), d["rule"])
                   for d in json.loads(result.stdout)["diagnostics"])
    assert found == [("b/pdf", "duplicate-name"), ("c/compact", "name-builtin"),
                     ("c/pdf", "duplicate-name")]


def _codex_plugin(codex_home: Path, plugin: str, market: str, enabled: str | None) -> Path:
    folder = codex_home / "plugins" / "cache" / market / plugin / "1.0.0"
    (folder / ".codex-plugin").mkdir(parents=True)
    (folder / ".codex-plugin" / "plugin.json").write_text(json.dumps({"name": plugin}),
                                                          encoding="utf-8")
    config = codex_home / "config.toml"
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    switch = f"enabled = {enabled}\n" if enabled is not None else ""
    config.write_text(text + f'[plugins."{plugin}@{market}"]\n{switch}', encoding="utf-8")
    return _skill(folder / "skills" / "hello", "Say hello", name="greet")


def test_codex_plugins_from_config_toml(tmp_path: Path) -> None:
    codex_home = tmp_path / "home" / ".codex"
    (tmp_path / "proj").mkdir()
    on = _codex_plugin(codex_home, "myplug", "mkt", "true")
    bare = _codex_plugin(codex_home, "bare", "aaa", None)
    _codex_plugin(codex_home, "offplug", "mkt", "false")
    res = discover(get_profile("codex"), tmp_path / "proj", tmp_path / "home", env={})
    seen = {(v.name, v.status) for v in res.views}
    assert seen == {("myplug:greet", Status.ACTIVE), ("bare:greet", Status.ACTIVE),
                    ("offplug:greet", Status.DISABLED)}
    text = render_catalog([v.skill for v in res.views if v.status is Status.ACTIVE], "codex",
                          profile=get_profile("codex")).catalog.text
    # Codex aliases each marketplace's cache folder, marketplaces in name order
    aaa, mkt = (codex_home / "plugins" / "cache" / m for m in ("aaa", "mkt"))
    assert f"- `r1` = `{aaa}`\n- `r2` = `{mkt}`\n" in text
    assert bare.is_file() and on.is_file()
    assert "- myplug:greet: Say hello (file: r2/myplug/1.0.0/skills/hello/SKILL.md)" in text


def test_namespace_of_with_shared_folders_equals_asking_each_skill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Skills of one run share what each folder above them holds: the same answers, and
    each folder's manifest looked for once."""
    deep = tmp_path / "a" / "b" / "c" / "d" / "e"
    for folder, manifest in ((tmp_path / "p", '{"name": "named"}'),
                             (tmp_path / "q", "not json"), (tmp_path / "a" / "b", None)):
        if manifest is not None:
            (folder / ".claude-plugin").mkdir(parents=True)
            (folder / ".claude-plugin" / "plugin.json").write_text(manifest, encoding="utf-8")
    skills = [tmp_path / "p" / "skills" / name for name in ("x", "y")]
    skills += [tmp_path / "q" / "skills" / "z", tmp_path / "plain" / "w", deep, deep / "f",
               Path("/"), Path("relative/skill")]
    alone = [plugins.namespace_of(skill) for skill in skills]
    assert alone[:3] == [("named", tmp_path / "p"), ("named", tmp_path / "p"),
                         ("q", tmp_path / "q")]
    assert alone[3:] == [None] * 5
    asked: list[str] = []
    real_isfile = os.path.isfile

    def isfile(path: str) -> bool:
        asked.append(path)
        return real_isfile(path)

    monkeypatch.setattr(os.path, "isfile", isfile)
    known: plugins.FolderNamespaces = {}
    assert [plugins.namespace_of(skill, known) for skill in skills] == alone
    assert len(asked) == len(set(asked))


# --------------------------------------------------------------------------- folder manifests


def _manifest(folder: Path, text: str, kind: str = ".claude-plugin") -> None:
    (folder / kind).mkdir(parents=True, exist_ok=True)
    (folder / kind / "plugin.json").write_text(text)


def test_codex_names_a_skill_below_a_plugin_manifest_in_a_plain_root(tmp_path: Path) -> None:
    """Seen running Codex 0.169.0 (conformance case codex-folder-manifests): a plugin
    repository cloned into .agents/skills offers its skills as <plugin>:<name>; the nearest
    usable manifest wins, .codex-plugin before .claude-plugin, a folder's name stands in for a
    missing or empty name, an unusable manifest is passed over; the real folder counts."""
    home, project = tmp_path / "home", tmp_path / "work" / "proj"
    (project / ".git").mkdir(parents=True)
    root = project / ".agents" / "skills"
    _manifest(root / "repo", '{"name": "workflow"}')
    _skill(root / "repo" / "skills" / "audit", "Audits.")
    _manifest(root / "both", '{"name": "claude-side"}')
    _manifest(root / "both", '{"name": "codex-side"}', ".codex-plugin")
    _skill(root / "both" / "skills" / "b", "B.")
    _manifest(root / "broken", "{nope", ".codex-plugin")
    _manifest(root / "broken", '{"name": "unused"}')
    _skill(root / "broken" / "skills" / "c", "C.")
    _manifest(root / "unnamed", '{"name": ""}')
    _skill(root / "unnamed" / "d", "D.")
    _manifest(root / "outer", '{"name": "outer"}')
    _manifest(root / "outer" / "inner", '{"name": 42}')
    _skill(root / "outer" / "inner" / "skills" / "e", "E.")
    elsewhere = tmp_path / "elsewhere"
    _manifest(elsewhere, '{"name": "real-place"}')
    _skill(elsewhere / "skills" / "f", "F.")
    (root / "f").symlink_to(elsewhere / "skills" / "f")
    _skill(root / "plain", "Plain.")
    res = discover(get_profile("codex"), project, home, env={"CODEX_HOME": str(home / ".codex")})
    names = {v.name for v in res.views if v.status is Status.ACTIVE and v.scope is not Scope.SYSTEM}
    assert names == {"workflow:audit", "codex-side:b", "c", "unnamed:d", "outer:e",
                     "real-place:f", "plain"}
    claude = discover(get_profile("claude-code"), project, home, env={})
    assert all(":" not in v.name for v in claude.views)  # Claude Code reads no such manifest
    text = render_catalog([v.skill for v in res.views if v.status is Status.ACTIVE], "codex",
                          profile=get_profile("codex")).catalog.text
    assert "- workflow:audit: Audits. (file: " in text


def test_codex_built_in_skills_take_a_manifest_above_them_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Codex installs its System skills below $CODEX_HOME: a manifest in the home folder
    names them as well (seen: homeplug:openai-docs)."""
    from skillctl.render.types import BudgetRequest

    monkeypatch.delenv("CODEX_HOME", raising=False)

    home = tmp_path / "home"
    (tmp_path / "proj").mkdir()
    _manifest(home, '{"name": "homeplug"}')
    text = render_catalog([], "codex", BudgetRequest(home=home),
                          profile=get_profile("codex")).catalog.text
    assert "- homeplug:openai-docs: " in text and "\n- openai-docs: " not in text
    assert plugins.folder_namespace(str(home), (".claude-plugin/plugin.json",)) == "homeplug"
    assert plugins.folder_namespace(str(tmp_path / "proj"), (".claude-plugin/plugin.json",)) \
        is None


@pytest.mark.parametrize(("fields", "loads"), [
    ({"skills": "./skills/", "hooks": {"PreToolUse": []}, "whatever": "x/y"}, True),
    ({"skills": "."}, True),
    ({"skills": ["./skills/"], "commands": "./commands/"}, True),
    ({"agents": "agents/"}, False),
    ({"mcpServers": "mcp.json"}, False),
    ({"skills": ["./skills/", "other/"]}, False),
    ({"hooks": "/tmp/hooks.json"}, False),
    ({"skills": "skills/"}, False),
    ({"name": "a plugin"}, False),
    ({"version": 1}, False),
])
def test_claude_refuses_a_plugin_whose_manifest_breaks_its_schema(
        tmp_path: Path, fields: dict[str, object], loads: bool) -> None:
    """Claude Code 2.1.332 (conformance case plugin-manifest-fields; found on MarkBovee/
    agent-skills-kit cloned into ~/.claude/skills, whose "skills": "skills/" kept all 14 of
    its skills from loading)."""
    home, project = tmp_path / "home", tmp_path / "proj"
    project.mkdir()
    folder = home / ".claude" / "skills" / "kit"
    (folder / ".claude-plugin").mkdir(parents=True)
    (folder / ".claude-plugin" / "plugin.json").write_text(json.dumps({"name": "kit", **fields}))
    _skill(folder / "skills" / "ask", "Asks.")
    res = discover(get_profile("claude-code"), project, home, env={})
    view = next(v for v in res.views if v.path.name == "SKILL.md" and "ask" in str(v.path))
    assert (view.status is Status.ACTIVE) is loads, view.reason
    if not loads:
        assert "plugin.json" in (view.reason or "")


def test_a_plugin_command_is_offered_in_place_of_its_skill(tmp_path: Path) -> None:
    # seen with Claude Code 2.1.332 (addyosmani/agent-skills in ~/.claude/skills, whose
    # manifest names "./.claude/commands"; and a probe): the plugin's command kit:beta is
    # offered and its skill beta is not; a manifest's commands path replaces commands/
    home, project = tmp_path / "home", tmp_path / "proj"
    project.mkdir()
    kit = home / ".claude" / "skills" / "kit"
    (kit / ".claude-plugin").mkdir(parents=True)
    (kit / ".claude-plugin" / "plugin.json").write_text('{"name": "kit"}', encoding="utf-8")
    for name in ("alpha", "beta", "deep"):
        _skill(kit / "skills" / name, f"The {name} skill.")
    (kit / "commands" / "sub").mkdir(parents=True)
    (kit / "commands" / "beta.md").write_text("---\ndescription: c\n---\nRun.\n", "utf-8")
    (kit / "commands" / "sub" / "deep.md").write_text("Run.\n", "utf-8")
    assert plugins.claude_commands(kit) == {"beta", "sub:deep"}
    views = _views(tmp_path)
    assert views["kit:alpha"][0] is Status.ACTIVE and views["kit:deep"][0] is Status.ACTIVE
    status, reason = views["kit:beta"]
    assert status is Status.HIDDEN
    assert reason == "Claude Code offers the plugin's command kit:beta in its place"
    # the manifest's own commands folder replaces commands/
    (kit / ".claude-plugin" / "plugin.json").write_text(
        '{"name": "kit", "commands": "./.claude/commands"}', encoding="utf-8")
    (kit / ".claude" / "commands").mkdir(parents=True)
    (kit / ".claude" / "commands" / "alpha.md").write_text("Run.\n", "utf-8")
    assert plugins.claude_commands(kit) == {"alpha"}
    views = _views(tmp_path)
    assert views["kit:alpha"][0] is Status.HIDDEN and views["kit:beta"][0] is Status.ACTIVE
