"""Installed plugins whose skills an agent loads (issue 14 §4): manifests and install records.

A plugin is a folder with a manifest (``.claude-plugin/plugin.json``) and a ``skills/`` folder;
its skills are invoked as ``<namespace>:<skill>``, the namespace being the manifest's ``name``.
An agent profile lists where its plugins are recorded as
:class:`~skillctl.agents.profile.PluginSource` values, each naming a *reader* from
:data:`READERS`. A reader turns that file or folder into :class:`Plugin` values (the skills
folder, the namespace, and whether the agent loads the plugin, with the reason when not) and
notes. Discovery scans each plugin's skills folder like one more root.

Behaviour of Claude Code 2.1.332, checked by running it offline (``claude -p`` init event,
``claude plugin list --json``):

- ``~/.claude/plugins/installed_plugins.json`` (``$CLAUDE_CONFIG_DIR/plugins``) maps
  ``name@marketplace`` to a list of installs (``version: 2``) or one install (``version: 1``),
  each with ``scope`` (``user``, ``project``, ``local``, ``managed``), ``installPath`` and,
  for ``project``/``local``, ``projectPath``: such an install counts only in that project.
- The marketplace must be in ``known_marketplaces.json`` and its folder's
  ``.claude-plugin/marketplace.json`` must list the plugin, else the plugin fails to load. A
  ``directory`` marketplace is read in place: the plugin folder is the marketplace entry's
  ``source`` below the marketplace folder, not ``installPath``.
- A plugin loads only when ``enabledPlugins`` in the settings says ``true`` for its id (user,
  then project, then local settings: the last that names it decides); absent means off.
- The namespace is ``name`` in the plugin's ``plugin.json``, else the id's name part; a
  ``plugin.json`` that is not valid JSON makes the plugin fail. A malformed
  ``installed_plugins.json`` loads no plugin at all.
- Skills are ``skills/<name>/SKILL.md``, one level deep; the directory name is the skill.
- A folder ``~/.claude/skills/<folder>`` holding ``.claude-plugin/plugin.json`` is a plugin
  too (``<name>@skills-dir``), loaded without any switch.

Nothing here raises for what is in a file: a file that cannot be read or parsed is a note.
"""

from __future__ import annotations

import enum
import errno
import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Where a plugin keeps its manifest, relative to the plugin folder.
MANIFEST = os.path.join(".claude-plugin", "plugin.json")
#: Where a marketplace lists its plugins, relative to the marketplace folder.
MARKETPLACE = os.path.join(".claude-plugin", "marketplace.json")
#: JSON files larger than this are not read (a note says so).
MAX_BYTES = 4 * 1024 * 1024
#: How many folders above a skill :func:`namespace_of` looks for a plugin manifest.
MANIFEST_LEVELS = 4


class State(enum.StrEnum):
    """Whether the agent loads a plugin."""

    ENABLED = "enabled"
    DISABLED = "disabled"  # installed, but not switched on in the settings
    FAILED = "failed"  # the agent cannot load it (unknown marketplace, broken manifest, ...)


@dataclass(frozen=True, slots=True)
class Plugin:
    """One installed plugin as the agent sees it."""

    id: str  # "name@marketplace" (Claude Code), as the agent's settings name it
    namespace: str  # prefix of its skills' invocation names
    skills: Path  # the folder holding its skills
    state: State
    reason: str | None = None  # why it is not loaded (None when enabled)
    record: Path | None = None  # the file or folder that records the install
    #: the folder the agent's catalog names as the root of these skills, when it is not
    #: ``skills`` (Codex aliases ``plugins/cache/<marketplace>``)
    catalog_root: Path | None = None
    #: the names of its commands (:func:`claude_commands`): a skill of the plugin with one of
    #: them is not offered, the command is
    commands: frozenset[str] = frozenset()
    #: ``${key}`` placeholders the agent replaces in its skills' texts, with their values
    #: (Gemini CLI extensions: ``${extensionPath}``, ``${workspacePath}``, ``${/}``)
    variables: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Note:
    """Something wrong with a plugin file: the file, and what the agent then does."""

    path: Path
    detail: str


@dataclass(frozen=True, slots=True)
class Found:
    """What one reader found."""

    plugins: tuple[Plugin, ...] = ()
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, slots=True)
class Context:
    """What a reader needs besides its file: the project, the home and the switches.

    ``enabled`` maps a plugin id to the value the settings give it and ``enabled_from`` to
    the file that gave it (the last one that names the id); None when the source needs none.
    """

    project: Path
    home: Path
    enabled: Mapping[str, Any] | None = None
    enabled_from: Mapping[str, Path] | None = None


def load_json(path: Path) -> tuple[Any, str | None]:
    """The JSON value in ``path``, or None and why it could not be read."""
    from skillctl.fsio import read_regular_file  # a FIFO or device never blocks the read

    try:
        data = read_regular_file(path, MAX_BYTES)
    except OSError as error:
        if error.errno == errno.EFBIG:
            return None, f"larger than {MAX_BYTES} bytes, not read"
        return None, f"cannot be read: {error.__class__.__name__}"
    try:
        return json.loads(data.decode("utf-8")), None
    except UnicodeDecodeError as error:
        return None, f"cannot be read: {error.__class__.__name__}"
    except ValueError as error:
        return None, f"not valid JSON: {error}"
    except RecursionError:
        return None, "not valid JSON: nested too deeply"


#: The manifests Codex 0.169.0 accepts, in the order it looks for them.
CODEX_MANIFESTS = (os.path.join(".codex-plugin", "plugin.json"), MANIFEST,
                   os.path.join(".cursor-plugin", "plugin.json"))


def folder_namespace(folder: str, manifests: tuple[str, ...]) -> str | None:
    """The namespace ``folder``'s own plugin manifest gives the skills below it, for an agent
    that names a skill in any folder with a manifest ``<plugin>:<name>`` (Codex 0.169.0, seen
    running it): the first of ``manifests`` present is the one read; its ``name`` verbatim
    (spaces and colons kept), the folder's name when ``name`` is missing or empty. None when
    the folder has no manifest, or its manifest is unusable (not JSON, not an object, a
    ``name`` that is not a string): the agent then looks further up."""
    path = next((p for p in (os.path.join(folder, m) for m in manifests)
                 if os.path.isfile(p)), None)
    if path is None:
        return None
    data, problem = load_json(Path(path))
    if problem is not None or not isinstance(data, dict):
        return None
    name = data.get("name", "")
    if not isinstance(name, str):
        return None
    return name or os.path.basename(folder)


class NearestNamespace:
    """The namespace the nearest usable manifest at or above a folder gives its skills
    (:func:`folder_namespace`), up to the file system's root; each folder read once per
    object (skills share their parents)."""

    def __init__(self, manifests: tuple[str, ...]) -> None:
        self._manifests = manifests
        self._known: dict[str, str | None] = {}

    def __call__(self, folder: str) -> str | None:
        walked: list[str] = []
        found: str | None = None
        while True:
            if folder in self._known:
                found = self._known[folder]
                break
            walked.append(folder)
            found = folder_namespace(folder, self._manifests)
            above = os.path.dirname(folder)
            if found is not None or above == folder:
                break
            folder = above
        for seen in walked:  # each folder walked has the same nearest manifest
            self._known[seen] = found
        return found


def manifest_name(folder: Path, manifests: tuple[str, ...] = (MANIFEST,)
                  ) -> tuple[str | None, str | None]:
    """The ``name`` in ``folder``'s plugin manifest (the first of ``manifests`` present), and
    a problem with the manifest (both None when there is no manifest)."""
    path = next((folder / m for m in manifests if os.path.isfile(folder / m)), None)
    if path is None:
        return None, None
    data, problem = load_json(path)
    if problem is not None:
        return None, problem
    if not isinstance(data, dict):
        return None, "not a JSON object"
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, "has no string 'name'"
    return name.strip(), None


#: What a folder's plugin manifest makes of the skills below it: (namespace, folder), or
#: None when it holds no manifest.
FolderNamespaces = dict[str, "tuple[str, Path] | None"]


def namespace_of(
    skill_dir: Path, known: FolderNamespaces | None = None
) -> tuple[str, Path] | None:
    """For a skill inside a plugin (a folder above it holds ``.claude-plugin/plugin.json``),
    the plugin's namespace and folder; None otherwise. A manifest without a usable name gives
    the folder's name (as Claude Code does for a plugin it still loads).

    ``known``, shared by the calls for the skills of one run, keeps what each folder above
    them holds: skills share their parents, so each folder is asked once, not once a skill.
    """
    parent = os.path.abspath(skill_dir)
    for _ in range(MANIFEST_LEVELS):  # (strings: Path.parents cost more than the checks)
        above = os.path.dirname(parent)
        if above == parent:
            break  # the root has no parent
        parent = above
        if known is not None and parent in known:
            found = known[parent]
        else:
            found = None
            if os.path.isfile(os.path.join(parent, MANIFEST)):
                folder = Path(parent)
                name, _problem = manifest_name(folder)
                found = (name or folder.name), folder
            if known is not None:
                known[parent] = found
        if found is not None:
            return found
    return None


def enabled_settings(files: Iterable[Path], key: str) -> tuple[dict[str, Any], dict[str, Path],
                                                               list[Note]]:
    """``key`` (``enabledPlugins``) merged over settings ``files``, lowest precedence first:
    each id's last value, the file it came from, and notes about unusable files."""
    values: dict[str, Any] = {}
    origin: dict[str, Path] = {}
    notes: list[Note] = []
    for path in files:
        if not os.path.isfile(path):
            continue
        data, problem = load_json(path)
        if problem is not None:
            notes.append(Note(path, f"{problem}; its {key} are not read"))
            continue
        table = data.get(key) if isinstance(data, dict) else None
        if table is None:
            continue
        if not isinstance(table, dict):
            notes.append(Note(path, f"{key} is not an object; ignored"))
            continue
        for plugin_id, value in table.items():
            values[str(plugin_id)] = value
            origin[str(plugin_id)] = path
    return values, origin, notes


def _switch(plugin_id: str, context: Context, key: str = "enabledPlugins") -> tuple[State,
                                                                                    str | None]:
    if context.enabled is None:
        return State.ENABLED, None
    value = context.enabled.get(plugin_id)
    where = (context.enabled_from or {}).get(plugin_id)
    if value is True:
        return State.ENABLED, None
    if where is None:
        return State.DISABLED, f"plugin {plugin_id} is installed but not enabled ({key})"
    return State.DISABLED, f"plugin {plugin_id} is switched off: {key}[{plugin_id!r}] is " \
                           f"{json.dumps(value)} in {where}"


def _installs(value: Any) -> list[Mapping[str, Any]]:
    if isinstance(value, dict):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, dict)]
    return []


def _pick_install(installs: list[Mapping[str, Any]], project: Path) -> Mapping[str, Any] | None:
    """The install that counts in ``project``: a project or local one made for it, else a
    user or managed one."""
    here = os.path.realpath(project)
    for install in installs:
        if install.get("scope") in ("project", "local"):
            where = install.get("projectPath")
            if isinstance(where, str) and os.path.realpath(where) == here:
                return install
    for install in installs:
        if install.get("scope") not in ("project", "local"):
            return install
    return None


def _marketplace_folder(plugins_dir: Path, marketplace: str,
                        plugin_name: str) -> tuple[Path | None, str | None, bool]:
    """Where a ``directory`` marketplace keeps the plugin (or None for an installed copy),
    why the plugin fails (None when it does not), and whether it is a directory source."""
    known, problem = load_json(plugins_dir / "known_marketplaces.json")
    if problem is not None or not isinstance(known, dict) or not isinstance(
            known.get(marketplace), dict):
        return None, f"marketplace {marketplace!r} not found (known_marketplaces.json)", False
    entry = known[marketplace]
    source = entry.get("source") if isinstance(entry.get("source"), dict) else {}
    is_dir = source.get("source") == "directory" and isinstance(source.get("path"), str)
    where = source.get("path") if is_dir else entry.get("installLocation")
    if not isinstance(where, str):
        return None, f"marketplace {marketplace!r} has no folder", is_dir
    listing, problem = load_json(Path(where) / MARKETPLACE)
    listed = listing.get("plugins") if isinstance(listing, dict) else None
    match = next((p for p in listed if isinstance(p, dict) and p.get("name") == plugin_name),
                 None) if isinstance(listed, list) else None
    if match is None:
        why = problem or "does not list it"
        return None, f"marketplace {marketplace!r} ({Path(where) / MARKETPLACE}) {why}", is_dir
    if is_dir and isinstance(match.get("source"), str):
        return Path(os.path.normpath(Path(where) / match["source"])), None, True
    return None, None, is_dir


def read_claude_installed(path: Path, context: Context) -> Found:
    """Claude Code's ``installed_plugins.json`` (with ``known_marketplaces.json`` beside it)."""
    if not os.path.isfile(path):
        return Found()
    data, problem = load_json(path)
    table = data.get("plugins") if isinstance(data, dict) else None
    if problem is not None or not isinstance(table, dict):
        why = problem or "has no 'plugins' object"
        return Found(notes=(Note(path, f"{why}; Claude Code loads none of its plugins"),))
    plugins: list[Plugin] = []
    notes: list[Note] = []
    for plugin_id in sorted(table):
        install = _pick_install(_installs(table[plugin_id]), context.project)
        if install is None:
            continue
        name, _, marketplace = str(plugin_id).partition("@")
        folder, failure, is_dir = _marketplace_folder(path.parent, marketplace, name)
        if folder is None and not is_dir:
            where = install.get("installPath")
            folder = Path(where) if isinstance(where, str) else None
            if folder is None and failure is None:
                failure = "no installPath"
        if folder is None:
            folder = Path(str(install.get("installPath") or path.parent))
        namespace, problem = manifest_name(folder)
        problem = problem or claude_manifest_problem(folder)
        if problem is not None:
            failure = failure or f"{folder / MANIFEST} {problem}"
            notes.append(Note(folder / MANIFEST, f"{problem}; Claude Code does not load "
                                                 f"plugin {plugin_id}"))
        state, reason = _switch(plugin_id, context)
        if failure is not None:
            state, reason = State.FAILED, f"plugin {plugin_id} fails to load: {failure}"
        plugins.append(Plugin(plugin_id, namespace or name, folder / "skills", state, reason,
                              path, commands=claude_commands(folder)))
    return Found(tuple(plugins), tuple(notes))


#: Fields of Claude Code's plugin manifest that name files in the plugin: a path starting with
#: "./" (a list of such paths), or, where the field may hold its configuration inline, an
#: object (2.1.332's schema; seen running it: "agents": "agents/", "mcpServers": "mcp.json",
#: "hooks": "/abs/h.json" or "skills": ["./skills/", "other/"] and the plugin is not loaded).
_CLAUDE_PATH_FIELDS = {"commands": False, "agents": False, "skills": False,
                       "outputStyles": False, "hooks": True, "mcpServers": True,
                       "lspServers": True}


def _relative_path(value: object, field: str) -> bool:
    return isinstance(value, str) and (value.startswith("./") or (field == "skills"
                                                                  and value == "."))


def claude_manifest_problem(folder: Path) -> str | None:
    """Why Claude Code refuses ``folder``'s ``.claude-plugin/plugin.json`` (None: it reads
    it): a name with a space, a version that is no string, a path field that is not a
    ``./`` path. Fields it does not know are ignored."""
    data, problem = load_json(folder / MANIFEST)
    if problem is not None or not isinstance(data, dict):
        return None  # manifest_name reports these
    name = data.get("name")
    if isinstance(name, str) and " " in name:
        return f"has a name with a space ({name!r})"
    if "version" in data and not isinstance(data["version"], str):
        return "has a 'version' that is not a string"
    for field, inline in _CLAUDE_PATH_FIELDS.items():
        if field not in data:
            continue
        value = data[field]
        if inline and isinstance(value, dict):
            continue
        items = value if isinstance(value, list) else [value]
        if not items or not all(_relative_path(v, field) or (inline and isinstance(v, dict))
                                for v in items):
            shown = json.dumps(value)[:60]
            return f"has a '{field}' that is not a path starting with './' ({shown})"
    return None


def claude_command_folders(folder: Path) -> list[Path]:
    """Where a Claude Code plugin keeps its commands: the ``./`` paths its manifest's
    ``commands`` names (a folder, a ``.md`` file, or a list of them), else ``commands/``
    (seen with 2.1.332: ``"commands": "./cmds"`` replaces ``commands/``)."""
    data, _ = load_json(folder / MANIFEST)
    field = data.get("commands") if isinstance(data, dict) else None
    paths = ([field] if isinstance(field, str) else
             [p for p in field if isinstance(p, str)] if isinstance(field, list) else [])
    return [folder / p for p in paths if p.startswith("./")] or [folder / "commands"]


def claude_commands(folder: Path) -> frozenset[str]:
    """The names of a Claude Code plugin's commands (:func:`skillctl.commands.command_files`
    of :func:`claude_command_folders`): 2.1.332 lists ``sub/deep.md`` as
    ``<plugin>:sub:deep`` and offers a command in place of a skill of the plugin with its
    name."""
    from skillctl.commands import command_files

    return frozenset(name for place in claude_command_folders(folder)
                     for name, _, _ in command_files(place))


def read_claude_skills_dir(path: Path, context: Context) -> Found:
    """Plugin folders inside Claude Code's user skills folder (``<name>@skills-dir``)."""
    del context  # loaded without a switch, wherever the project is
    try:
        children = sorted(os.scandir(path), key=lambda e: e.name)
    except OSError:
        return Found()
    plugins: list[Plugin] = []
    notes: list[Note] = []
    for child in children:
        folder = Path(child.path)
        if not child.is_dir() or not os.path.isfile(folder / MANIFEST):
            continue
        namespace, problem = manifest_name(folder)
        problem = problem or claude_manifest_problem(folder)
        plugin_id = f"{child.name}@skills-dir"
        if problem is not None:
            notes.append(Note(folder / MANIFEST, f"{problem}; Claude Code does not load it"))
            plugins.append(Plugin(plugin_id, child.name, folder / "skills", State.FAILED,
                                  f"plugin {plugin_id} fails to load: {folder / MANIFEST} "
                                  f"{problem}", folder))
            continue
        plugins.append(Plugin(plugin_id, namespace or child.name, folder / "skills",
                              State.ENABLED, None, folder, commands=claude_commands(folder)))
    return Found(tuple(plugins), tuple(notes))


def read_codex_config(path: Path, context: Context) -> Found:
    """Codex's ``config.toml``: each ``[plugins."name@marketplace"]`` table is a plugin, on
    unless ``enabled = false``, installed under ``plugins/cache/<marketplace>/<name>/<version>``
    beside the file (checked with Codex 0.169.0; the marketplace need not be configured)."""
    del context
    if not os.path.isfile(path):
        return Found()
    import tomllib

    from skillctl.fsio import read_regular_file

    try:
        data = tomllib.loads(read_regular_file(path, MAX_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return Found(notes=(Note(path, f"not valid TOML ({error}); Codex does not start"),))
    except RecursionError:
        return Found(notes=(Note(path, "not valid TOML (nested too deeply); Codex does not "
                                 "start"),))
    table = data.get("plugins")
    if not isinstance(table, dict):
        return Found()
    plugins: list[Plugin] = []
    # Codex lists them by marketplace, then by name (seen with 0.169.0), not in file order
    for plugin_id in sorted(table, key=lambda i: (i.partition("@")[2], i.partition("@")[0])):
        entry = table[plugin_id]
        name, _, marketplace = plugin_id.partition("@")
        cache = path.parent / "plugins" / "cache" / marketplace / name
        try:
            versions = sorted(e.name for e in os.scandir(cache) if e.is_dir())
        except OSError:
            continue
        if not versions:
            continue
        folder = cache / versions[-1]
        namespace, _problem = manifest_name(folder, CODEX_MANIFESTS)
        enabled = entry.get("enabled", True) if isinstance(entry, dict) else True
        state, reason = State.ENABLED, None
        if enabled is not True:
            state = State.DISABLED
            reason = (f"plugin {plugin_id} is switched off: [plugins.{json.dumps(plugin_id)}] "
                      f"enabled = {json.dumps(enabled)} in {path}")
        plugins.append(Plugin(plugin_id, namespace or name, folder / "skills", state, reason,
                              path, cache.parent))
    return Found(tuple(plugins))


#: A Gemini CLI extension's manifest, and the record of how it was installed.
GEMINI_MANIFEST = "gemini-extension.json"
GEMINI_INSTALL_RECORD = ".gemini-extension-install.json"
GEMINI_ENABLEMENT = "extension-enablement.json"
_GEMINI_EXTENSION_NAME = re.compile(r"[a-zA-Z0-9-]+")


def read_gemini_extensions(path: Path, context: Context) -> Found:
    """Gemini CLI's extensions folder (``~/.gemini/extensions``): each folder in it is an
    extension whose ``skills/`` folder adds skills under their own names, below the user's
    and the project's (checked with 0.61.0, conformance case gemini-extensions).

    A folder whose ``.gemini-extension-install.json`` says ``"type": "link"`` is read at its
    ``source``. Its ``gemini-extension.json`` must be JSON with a ``name`` (letters, digits,
    ``-``) and a ``version``, else Gemini skips the extension. ``extension-enablement.json``
    beside the folders switches one off: ``{"<name>": {"overrides": ["!/path/*", ...]}}``,
    the last rule matching the working directory decides, on by default. Its skills' texts
    have ``${extensionPath}``, ``${workspacePath}`` and ``${/}`` replaced."""
    if not os.path.isdir(path):
        return Found()
    notes: list[Note] = []
    overrides = _gemini_enablement(path / GEMINI_ENABLEMENT, notes)
    plugins: list[Plugin] = []
    try:
        folders = sorted(entry.name for entry in os.scandir(path) if entry.is_dir())
    except OSError:
        return Found(notes=(Note(path, "cannot be listed; Gemini CLI loads no extension"),))
    for folder in folders:
        installed = path / folder
        record, _problem = load_json(installed / GEMINI_INSTALL_RECORD)
        effective = installed
        if (isinstance(record, dict) and record.get("type") == "link"
                and isinstance(record.get("source"), str)):
            effective = Path(record["source"])
        manifest = effective / GEMINI_MANIFEST
        config, problem = load_json(manifest) if os.path.isfile(manifest) else (
            None, "missing")
        name = config.get("name") if isinstance(config, dict) else None
        if problem is None and (not isinstance(config, dict) or not name
                                or not config.get("version")):
            problem = "has no name or no version"
        elif problem is None and not (isinstance(name, str)
                                      and _GEMINI_EXTENSION_NAME.fullmatch(name)):
            problem = "names the extension with more than letters, digits and '-'"
        if problem is not None or not isinstance(name, str):
            notes.append(Note(manifest, f"{problem}; Gemini CLI skips the extension"))
            continue
        state, reason = State.ENABLED, None
        rule = _gemini_override(overrides.get(name, ()), context.project)
        if rule is not None:
            state = State.DISABLED
            reason = (f"extension {name} is switched off in {path / GEMINI_ENABLEMENT} "
                      f"({rule!r} matches the working directory)")
        variables = (("extensionPath", str(effective)), ("workspacePath", str(context.project)),
                     ("/", os.sep), ("pathSeparator", os.sep))
        plugins.append(Plugin(name, "", effective / "skills", state, reason, installed,
                              variables=variables))
    return Found(tuple(plugins), tuple(notes))


def _gemini_enablement(path: Path, notes: list[Note]) -> dict[str, tuple[str, ...]]:
    """Each extension's override rules in ``extension-enablement.json`` (none when the file
    is absent; a file Gemini cannot use is a note, and switches nothing off)."""
    if not os.path.lexists(path):
        return {}
    data, problem = load_json(path)
    rules: dict[str, tuple[str, ...]] = {}
    if problem is None and isinstance(data, dict):
        for name, entry in data.items():
            listed = entry.get("overrides") if isinstance(entry, dict) else None
            if not isinstance(listed, list) or not all(isinstance(r, str) for r in listed):
                problem = f"{name}.overrides is not a list of text"
                break
            rules[name] = tuple(listed)
    elif problem is None:
        problem = "not an object"
    if problem is not None:
        notes.append(Note(path, f"{problem}; Gemini CLI switches no extension off"))
        return {}
    return rules


def _gemini_override(rules: Iterable[str], project: Path) -> str | None:
    """The last rule that switches the extension off for ``project``, or None when it is on
    there (no rule matches, or the last that matches switches it on)."""
    where = str(project).replace("\\", "/")
    where = ("" if where.startswith("/") else "/") + where
    where = where if where.endswith("/") else where + "/"
    decided: str | None = None
    for rule in rules:
        off = rule.startswith("!")
        base = rule[1:] if off else rule
        subdirs = base.endswith("*")
        base = base[:-1] if subdirs else base
        base = base.replace("\\", "/")
        base = ("" if base.startswith("/") else "/") + base
        base = base if base.endswith("/") else base + "/"
        pattern = re.escape(base) + ("(.*)?" if subdirs else "")
        if re.fullmatch(pattern, where):
            decided = rule if off else None
    return decided


#: Reader ids a :class:`~skillctl.agents.profile.PluginSource` can name.
READERS: dict[str, Callable[[Path, Context], Found]] = {
    "claude-installed": read_claude_installed,
    "claude-skills-dir": read_claude_skills_dir,
    "codex-config": read_codex_config,
    "gemini-extensions": read_gemini_extensions,
}


def read(reader: str, path: Path, context: Context) -> Found:
    """What reader ``reader`` finds at ``path`` (never raises for what is on disk)."""
    return READERS[reader](path, context)
