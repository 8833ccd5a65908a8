"""Cases for plugin skills (issue 14 §4): Claude Code's installed plugins and their switches,
plugin folders in the user skills folder, and malformed plugin files.

An installed plugin is laid out the way ``claude plugin install`` leaves it: a marketplace
clone under ``~/.claude/plugins/marketplaces/<mkt>`` recorded in ``known_marketplaces.json``
(a ``github`` source, so nothing is fetched), the plugin's copy under
``~/.claude/plugins/cache/<mkt>/<plugin>/<version>`` recorded in ``installed_plugins.json``,
and ``enabledPlugins`` in the settings. Every other agent sees these trees as ordinary folders.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conformance.cases import CaseBuilder, make, skill, tree, write
from conformance.model import Case

CASES: dict[str, CaseBuilder] = {}


def case(builder: CaseBuilder) -> CaseBuilder:
    CASES[builder.__name__.replace("_", "-")] = builder
    return builder


def _json(path: Path, value: Any) -> Path:
    return write(path, json.dumps(value, indent=2) + "\n")


def install(home: Path, plugin: str = "myplug", *, market: str = "mkt",
            manifest: str | None = None, skills: tuple[str, ...] = ("hello",),
            enabled: bool | None = True, record: dict[str, Any] | None = None,
            listed: bool = True, directory: bool = False) -> Path:
    """Install ``plugin@market`` into ``home``; returns the plugin folder Claude Code reads.

    ``manifest``: the text of its plugin.json (default ``{"name": plugin}``; "" leaves it
    out). ``enabled``: its value in ``~/.claude/settings.json`` (None: not named there).
    ``directory``: a ``directory`` marketplace, read in place instead of the installed copy.
    """
    plugins = home / ".claude" / "plugins"
    copy = plugins / "cache" / market / plugin / "1.0.0"
    clone = plugins / "marketplaces" / market
    folders = [copy, clone / "plugins" / plugin]
    for folder in folders:
        for name in skills:
            skill(folder / "skills" / name, name=f"{name}-declared" if name == "hello" else None,
                  description=f"Plugin skill {name} ({'in place' if folder != copy else 'copy'}).")
        text = json.dumps({"name": plugin, "version": "1.0.0"}) if manifest is None else manifest
        if text:
            write(folder / ".claude-plugin" / "plugin.json", text)
    _json(clone / ".claude-plugin" / "marketplace.json", {
        "name": market, "owner": {"name": "conformance"},
        "plugins": [{"name": plugin, "source": f"./plugins/{plugin}"}] if listed else []})
    source = ({"source": "directory", "path": str(clone)} if directory
              else {"source": "github", "repo": f"example/{market}"})
    known = plugins / "known_marketplaces.json"
    table = json.loads(known.read_text(encoding="utf-8")) if known.exists() else {}
    table[market] = {"source": source, "installLocation": str(clone),
                     "lastUpdated": "2026-01-01T00:00:00.000Z"}
    _json(known, table)
    installed = plugins / "installed_plugins.json"
    data: dict[str, Any] = (json.loads(installed.read_text(encoding="utf-8"))
                            if installed.exists() else {"version": 2, "plugins": {}})
    data["plugins"][f"{plugin}@{market}"] = [record or {
        "scope": "user", "installPath": str(copy), "version": "1.0.0",
        "installedAt": "2026-01-01T00:00:00.000Z", "lastUpdated": "2026-01-01T00:00:00.000Z"}]
    _json(installed, data)
    if enabled is not None:
        settings = home / ".claude" / "settings.json"
        current = (json.loads(settings.read_text(encoding="utf-8")) if settings.exists()
                   else {})
        current.setdefault("enabledPlugins", {})[f"{plugin}@{market}"] = enabled
        _json(settings, current)
    return clone / "plugins" / plugin if directory else copy


@case
def plugin_enabled(base: Path) -> Case:
    home, project = tree(base)
    install(home, skills=("hello", "compact"))
    skill(home / ".claude" / "skills" / "hello")
    return make("plugin-enabled", base, home, project,
                "an enabled plugin: myplug:hello and myplug:compact beside a plain hello")


@case
def plugin_not_enabled(base: Path) -> Case:
    home, project = tree(base)
    install(home, enabled=None)
    return make("plugin-not-enabled", base, home, project,
                "an installed plugin that enabledPlugins does not name: not loaded")


@case
def plugin_off_in_project(base: Path) -> Case:
    home, project = tree(base)
    install(home)
    _json(project / ".claude" / "settings.json", {"enabledPlugins": {"myplug@mkt": False}})
    return make("plugin-off-in-project", base, home, project,
                "enabled in user settings, switched off in the project's")


@case
def plugin_on_in_local(base: Path) -> Case:
    home, project = tree(base)
    install(home, enabled=False)
    _json(project / ".claude" / "settings.local.json", {"enabledPlugins": {"myplug@mkt": True}})
    return make("plugin-on-in-local", base, home, project,
                "switched off in user settings, on in the project's local settings")


@case
def plugin_unlisted(base: Path) -> Case:
    home, project = tree(base)
    install(home, listed=False)
    return make("plugin-unlisted", base, home, project,
                "the marketplace no longer lists the plugin: it fails to load")


@case
def plugin_manifest_name(base: Path) -> Case:
    home, project = tree(base)
    install(home, manifest=json.dumps({"name": "other"}))
    install(home, "bare", manifest="")
    return make("plugin-manifest-name", base, home, project,
                "the namespace is plugin.json's name (other:hello); without plugin.json the "
                "id's (bare:hello)")


@case
def plugin_broken_manifest(base: Path) -> Case:
    home, project = tree(base)
    install(home, manifest='{"name": ')
    install(home, "good")
    return make("plugin-broken-manifest", base, home, project,
                "a plugin.json that is not JSON: that plugin fails, the other loads")


@case
def plugin_broken_record(base: Path) -> Case:
    home, project = tree(base)
    install(home)
    skill(home / ".claude" / "skills" / "plain")
    write(home / ".claude" / "plugins" / "installed_plugins.json", '{"version": 2, "plugins": ')
    return make("plugin-broken-record", base, home, project,
                "installed_plugins.json is not JSON: no plugin loads, plain skills do")


@case
def plugin_project_scope(base: Path) -> Case:
    home, project = tree(base)
    copy = home / ".claude" / "plugins" / "cache" / "mkt"
    for plugin, where in (("here", project), ("there", base / "elsewhere")):
        install(home, plugin, enabled=None,
                record={"scope": "project", "projectPath": str(where),
                        "installPath": str(copy / plugin / "1.0.0"), "version": "1.0.0"})
    # switched on where `claude plugin install --scope project` writes it: enabled in user
    # settings, Claude Code 2.1.332 adds a user-scope install to installed_plugins.json itself
    _json(project / ".claude" / "settings.json",
          {"enabledPlugins": {"here@mkt": True, "there@mkt": True}})
    return make("plugin-project-scope", base, home, project,
                "project-scope installs: the one made for this project loads, the other not")


@case
def plugin_directory_marketplace(base: Path) -> Case:
    home, project = tree(base)
    install(home, directory=True)
    return make("plugin-directory-marketplace", base, home, project,
                "a directory marketplace: the plugin is read in place, not from installPath")


@case
def plugin_skills_dir(base: Path) -> Case:
    home, project = tree(base)
    folder = home / ".claude" / "skills" / "folder"
    write(folder / ".claude-plugin" / "plugin.json", json.dumps({"name": "declared"}))
    skill(folder / "skills" / "inner")
    skill(folder)
    skill(home / ".claude" / "skills" / "inner")
    return make("plugin-skills-dir", base, home, project,
                "a plugin folder in ~/.claude/skills: declared:inner without any switch, "
                "beside the folder's own SKILL.md and a plain inner")


def codex_install(home: Path, plugin: str = "myplug", *, market: str = "mkt",
                  enabled: bool | None = True, manifest: str = ".codex-plugin") -> Path:
    """What `codex plugin marketplace add` + `codex plugin add` leave (Codex 0.169.0): the
    plugin copied to ``~/.codex/plugins/cache/<mkt>/<plugin>/<version>`` and a
    ``[plugins."<plugin>@<mkt>"]`` table in ``~/.codex/config.toml``."""
    folder = home / ".codex" / "plugins" / "cache" / market / plugin / "1.0.0"
    write(folder / manifest / "plugin.json", json.dumps({"name": plugin, "version": "1.0.0"}))
    skill(folder / "skills" / "hello", name="greet", description="Say hello from a plugin.")
    config = home / ".codex" / "config.toml"
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    text += f'\n[plugins."{plugin}@{market}"]\n'
    if enabled is not None:
        text += f"enabled = {'true' if enabled else 'false'}\n"
    write(config, text)
    return folder


@case
def codex_plugins(base: Path) -> Case:
    home, project = tree(base)
    codex_install(home)
    codex_install(home, "offplug", enabled=False)
    codex_install(home, "claudeplug", market="aaa", manifest=".claude-plugin", enabled=None)
    skill(home / ".agents" / "skills" / "greet")
    return make("codex-plugins", base, home, project,
                "Codex plugins in config.toml: myplug:greet and claudeplug:greet load beside a "
                "plain greet, offplug (enabled = false) does not")


@case
def plugin_manifest_fields(base: Path) -> Case:
    """Claude Code 2.1.332 checks a plugin's manifest against its schema: a path field that
    is not a `./` path, a name with a space or a version that is no string, and the plugin is
    not loaded; a field it does not know, an inline hooks object and "skills": "." are fine."""
    home, project = tree(base)
    root = home / ".claude/skills"
    good = {"name": "fine", "skills": "./skills/", "hooks": {"PreToolUse": []},
            "commands": "./commands/", "whatever": "x/y"}
    _json(root / "fine/.claude-plugin/plugin.json", good)
    skill(root / "fine/skills/fine-skill")
    bad: dict[str, dict[str, Any]] = {
           "agents-bare": {"agents": "agents/"}, "mcp-bare": {"mcpServers": "mcp.json"},
           "skills-mixed": {"skills": ["./skills/", "other/"]},
           "hooks-absolute": {"hooks": "/tmp/hooks.json"}, "spaced": {"name": "a plugin"},
           "version-number": {"version": 1}, "skills-bare": {"skills": "skills/"}}
    for folder, fields in bad.items():
        _json(root / folder / ".claude-plugin/plugin.json", {"name": folder, **fields})
        skill(root / folder / "skills" / f"{folder}-skill")
    return make("plugin-manifest-fields", base, home, project,
                "plugin folders in ~/.claude/skills whose manifests Claude Code refuses")


@case
def gemini_extensions(base: Path) -> Case:
    # 0.61.0: each folder of ~/.gemini/extensions with a gemini-extension.json that has a name
    # and a version adds its skills/ (one level, and a SKILL.md in skills/ itself) under their
    # own names, after the built-ins and before the user's skills (a user skill of the same
    # name wins and keeps the slot); a "link" install is read at its source; a
    # extension-enablement.json rule matching the working directory switches one off;
    # ${extensionPath}, ${workspacePath} and ${/} are replaced in the descriptions
    home, project = tree(base)
    extensions = home / ".gemini/extensions"
    alpha = extensions / "alpha"
    _json(alpha / "gemini-extension.json", {"name": "alpha", "version": "1.0.0"})
    skill(alpha / "skills/from-alpha",
          description="Alpha at ${extensionPath}${/}x, in ${workspacePath}, ${unknown}.")
    skill(alpha / "skills/shadowed-by-user", description="The extension's copy.")
    skill(home / ".gemini/skills/shadowed-by-user", description="The user's copy.")
    skill(alpha / "skills/deep/x/too-deep")
    write(alpha / "skills/SKILL.md",
          "---\nname: skills-folder-itself\ndescription: In skills/ itself.\n---\nBody.\n")
    _json(extensions / "no-version/gemini-extension.json", {"name": "no-version"})
    skill(extensions / "no-version/skills/from-no-version")
    _json(extensions / "bad-name/gemini-extension.json", {"name": "bad name", "version": "1"})
    skill(extensions / "bad-name/skills/from-bad-name")
    _json(extensions / "switched-off/gemini-extension.json",
          {"name": "switched-off", "version": "1"})
    skill(extensions / "switched-off/skills/from-switched-off")
    _json(extensions / "elsewhere/gemini-extension.json", {"name": "elsewhere", "version": "1"})
    skill(extensions / "elsewhere/skills/from-elsewhere")
    _json(extensions / "extension-enablement.json",
          {"switched-off": {"overrides": ["!/*"]},
           "elsewhere": {"overrides": ["!/*", f"{base}/*"]}})
    linked = base / "linked-extension"
    _json(linked / "gemini-extension.json", {"name": "linked", "version": "1"})
    skill(linked / "skills/from-linked")
    _json(extensions / "linked/.gemini-extension-install.json",
          {"source": str(linked), "type": "link"})
    return make("gemini-extensions", base, home, project,
                "Gemini CLI extensions' skills: manifests, links, enablement, placeholders")
