"""``skillctl enable``/``disable``: write the setting each agent reads to switch a skill off.

Which file a scope writes comes from the agent's profile (``SettingsSource.write_scope``,
expanded by :func:`skillctl.discovery.settings_files`, the very list discovery reads); what to
write in it comes from :data:`WRITERS`, keyed by the same reader id as
:data:`skillctl.settings.READERS`. Edits are made on the file's text (JSON dialects by
:mod:`skillctl.manage.jsonc_edit`, TOML by tomlkit), so comments, key order and layout stay.

Before anything is written, every planned edit is checked: the new text is read back with the
agent's own reader together with its other settings files, and the rule that then decides the
skill is reported (another file may still switch it on or off). A write is refused (exit 2)
for a malformed file (file and line), a read-only file, a link leading out of the project or
home, or a file that changed between read and write; nothing is ever half-written (see
:func:`skillctl.fsio.atomic_write_bytes`).
"""

from __future__ import annotations

import contextlib
import difflib
import enum
import errno
import os
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillctl import fsio, settings
from skillctl.agents.profile import Profile, SettingsSource
from skillctl.errors import SkillctlError, UsageError
from skillctl.manage import jsonc_edit

#: The values of ``--scope``.
SCOPES = ("project", "local", "user")


class Action(enum.StrEnum):
    """What the user asked for."""

    DISABLE = "disable"
    ENABLE = "enable"


class RefusedError(SkillctlError):
    """A settings file skillctl will not write (malformed, read-only, a link out of the tree,
    changed meanwhile): exit 2, nothing written."""

    exit_code = 2


@dataclass(frozen=True, slots=True)
class Edit:
    """One agent's planned change: the file, its bytes before (None: missing) and after."""

    agent: str
    label: str  # the agent's display name
    path: Path
    before: bytes | None
    after: bytes | None  # the same as ``before`` when nothing changes
    boundary: Path  # the write may not leave this folder (through links)
    mtime_ns: int | None
    new_file_mode: int  # for a file that does not exist yet
    #: the rule that decides the skill once the edit is made (None: no rule, the default)
    deciding: settings.Rule | None
    done: bool  # the skill's state for this agent is then the one asked for

    @property
    def changed(self) -> bool:
        """True when the file's bytes change."""
        return self.before != self.after

    def diff(self) -> str:
        """A unified diff of the edit (empty when nothing changes)."""
        old = (self.before or b"").decode("utf-8").splitlines(keepends=True)
        new = (self.after or b"").decode("utf-8").splitlines(keepends=True)
        name = str(self.path)
        lines = list(difflib.unified_diff(old, new, f"{name}" if self.before is not None
                                          else "/dev/null", name))
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of "
                       "file\n" for line in lines)


@dataclass(frozen=True, slots=True)
class Skipped:
    """An agent of ``--agent all`` left alone, and why."""

    agent: str
    label: str
    reason: str
    #: the agent has no such setting at all (rather than none in the scope asked for)
    no_setting: bool = False


# --------------------------------------------------------------------------- formats


@dataclass(frozen=True, slots=True)
class Writer:
    """How to switch a skill off and back on in one settings format."""

    #: ``(text, name) -> new text`` for disable; the same for enable
    disable: Callable[[str, str], str]
    enable: Callable[[str, str], str]
    #: the content of a new file before the first edit
    empty: str
    #: what the setting looks like, for messages
    shows: str


def _json(reader: str, text: str) -> Any:
    return settings.load_json(text, **settings.DIALECTS[reader])


def _object(value: Any, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise settings.SettingsError(f"{where} is {settings.type_name(value)}, not an object")
    return value


def _claude_disable(text: str, name: str) -> str:
    overrides = _object(_object(_json("claude-code", text), "the file").get("skillOverrides"),
                        "skillOverrides")
    if overrides.get(name) == "off":
        return text
    return jsonc_edit.set_value(text, ("skillOverrides", name), "off")


def _claude_enable(text: str, name: str) -> str:
    overrides = _object(_object(_json("claude-code", text), "the file").get("skillOverrides"),
                        "skillOverrides")
    if overrides.get(name) != "off":
        return text
    return jsonc_edit.remove(text, ("skillOverrides", name))


def _opencode_disable(text: str, name: str) -> str:
    data = _object(_json("opencode", text), "the file")
    permission = data.get("permission")
    if isinstance(permission, str):  # one action for every tool: keep it for the others
        return jsonc_edit.set_value(text, ("permission",),
                                    {"*": permission, "skill": {name: "deny"}})
    skill = _object(permission, "permission").get("skill")
    if isinstance(skill, str):
        return jsonc_edit.set_value(text, ("permission", "skill"), {"*": skill, name: "deny"})
    rules = _object(skill, "permission.skill")
    if rules and list(rules)[-1] == name and rules[name] == "deny":
        return text
    if name in rules:  # the last matching pattern wins: move the rule to the end
        text = jsonc_edit.remove(text, ("permission", "skill", name))
    return jsonc_edit.set_value(text, ("permission", "skill", name), "deny")


def _opencode_enable(text: str, name: str) -> str:
    permission = _object(_json("opencode", text), "the file").get("permission")
    skill = permission.get("skill") if isinstance(permission, dict) else None
    if not isinstance(skill, dict) or skill.get(name) != "deny":
        return text
    return jsonc_edit.remove(text, ("permission", "skill", name))


def _gemini_disabled(text: str) -> list[Any]:
    skills = _object(_object(_json("gemini-cli", text), "the file").get("skills"), "skills")
    disabled = skills.get("disabled", [])
    if not isinstance(disabled, list):
        raise settings.SettingsError(f"skills.disabled is {settings.type_name(disabled)}, "
                                     "not a list")
    return disabled


def _gemini_disable(text: str, name: str) -> str:
    if any(isinstance(n, str) and n.casefold() == name.casefold()
           for n in _gemini_disabled(text)):
        return text
    return jsonc_edit.append_item(text, ("skills", "disabled"), name)


def _gemini_enable(text: str, name: str) -> str:
    disabled = _gemini_disabled(text)
    for index in reversed(range(len(disabled))):  # Gemini CLI matches any case
        if isinstance(disabled[index], str) and disabled[index].casefold() == name.casefold():
            text = jsonc_edit.remove(text, ("skills", "disabled"), index)
    return text


def _openclaw_entry(text: str, name: str) -> dict[str, Any]:
    skills = _object(_object(_json("openclaw", text), "the file").get("skills"), "skills")
    entries = _object(skills.get("entries"), "skills.entries")
    return _object(entries.get(name), f"skills.entries.{name}")


def _openclaw_disable(text: str, name: str) -> str:
    if _openclaw_entry(text, name).get("enabled") is False:
        return text
    return jsonc_edit.set_value(text, ("skills", "entries", name, "enabled"), False)


def _openclaw_enable(text: str, name: str) -> str:
    if _openclaw_entry(text, name).get("enabled") is not False:
        return text
    return jsonc_edit.remove(text, ("skills", "entries", name, "enabled"))


def _codex_entries(document: Any) -> Any:
    skills = document.get("skills")
    if skills is None:
        return None
    if not isinstance(skills, dict):
        raise settings.SettingsError("skills is not a table")
    entries = skills.get("config")
    if entries is not None and not isinstance(entries, list):
        raise settings.SettingsError("skills.config is not an array of tables")
    return entries


def _toml(text: str) -> Any:
    import tomllib

    import tomlkit
    import tomlkit.exceptions

    try:
        tomllib.loads(text)  # the reader Codex's rules are checked with: its message has the line
        return tomlkit.parse(text)
    except tomllib.TOMLDecodeError as error:
        raise settings.SettingsError(f"not valid TOML ({error})") from None
    except tomlkit.exceptions.TOMLKitError as error:
        raise settings.SettingsError(f"not valid TOML ({error})") from None


def _codex_disable(text: str, name: str) -> str:
    import tomlkit

    document = _toml(text)
    entries = _codex_entries(document)
    for entry in entries or ():
        if isinstance(entry, dict) and entry.get("name") == name and "path" not in entry:
            if entry.get("enabled") is False:
                return text
            entry["enabled"] = False
            return str(document.as_string())
    table = tomlkit.table()
    table["name"] = name
    table["enabled"] = False
    if entries is None:
        skills = document.get("skills")
        if skills is None:
            skills = tomlkit.table(is_super_table=True)
            document["skills"] = skills
        entries = tomlkit.aot()
        skills["config"] = entries
    entries.append(table)
    return str(document.as_string())


def _codex_enable(text: str, name: str) -> str:
    document = _toml(text)
    entries = _codex_entries(document)
    if not entries:
        return text
    found = [i for i, e in enumerate(entries) if isinstance(e, dict) and e.get("name") == name
             and "path" not in e and e.get("enabled") is False]
    if not found:
        return text
    at_end = found[-1] == len(entries) - 1
    for index in reversed(found):
        del entries[index]
    skills = document["skills"]
    if len(entries) == 0:
        del skills["config"]
    if len(skills) == 0:
        del document["skills"]
    new = str(document.as_string())
    if at_end and text.endswith("\n"):
        # tomlkit keeps the blank line it put before the table it appended: drop it again
        new = new.rstrip("\r\n") + ("\r\n" if text.endswith("\r\n") else "\n") if new else new
    return new


#: reader id (``SettingsSource.reader``) -> how to write that format
WRITERS: dict[str, Writer] = {
    "claude-code": Writer(_claude_disable, _claude_enable, "{}\n",
                          'skillOverrides.{name} = "off"'),
    "codex": Writer(_codex_disable, _codex_enable, "",
                    '[[skills.config]] name = "{name}", enabled = false'),
    "opencode": Writer(_opencode_disable, _opencode_enable, "{}\n",
                       'permission.skill.{name} = "deny"'),
    "gemini-cli": Writer(_gemini_disable, _gemini_enable, "{}\n",
                         'skills.disabled: "{name}"'),
    "openclaw": Writer(_openclaw_disable, _openclaw_enable, "{}\n",
                       "skills.entries.{name}.enabled = false"),
}


# --------------------------------------------------------------------------- planning


def target(profile: Profile, scope: str, project: Path, home: Path,
           env: Mapping[str, str]) -> tuple[Path, SettingsSource]:
    """The settings file ``--scope`` edits for this agent: of the files of that scope, the
    one of highest precedence that exists, else the first. Raises :class:`UsageError` when
    the agent has no such file (Codex's project file, which Codex ignores, says so)."""
    from skillctl.discovery import settings_files

    files = settings_files(profile, project, home, env)
    ours = [(p, s) for p, s in files if s.write_scope == scope
            and (scope == "user" or p.is_relative_to(project))]
    if not ours:
        label = profile.display_name
        offered = sorted({s.write_scope for _, s in files if s.write_scope})
        ignored = next((s for _, s in files if not s.applied and s.scope.value == scope), None)
        why = (f"{ignored.note}" if ignored and ignored.note else
               f"{label} has no {scope} settings file")
        if not offered:
            raise UsageError(f"{label} has no setting that switches a skill off")
        hint = ", ".join(f"--scope {s}" for s in offered)
        raise UsageError(f"{why}; use {hint}")
    existing = [(p, s) for p, s in ours if os.path.lexists(p)]
    return existing[-1] if existing else ours[0]


def _boundary(path: Path, project: Path, home: Path) -> Path:
    """The folder a write of ``path`` must stay inside (through every link)."""
    for folder in (project, home):
        if path.is_relative_to(folder):
            return folder
    return path.parent  # a location from the environment ($CODEX_HOME ...): that folder


def _read_current(path: Path) -> tuple[bytes | None, int | None]:
    """The file's bytes and mtime (None, None when it does not exist)."""
    if not os.path.lexists(path):
        return None, None
    try:
        data = fsio.read_regular_file(path, settings.MAX_SETTINGS_BYTES)
        st = os.stat(path)
    except OSError as error:
        if error.errno == errno.ENOENT:
            raise RefusedError(f"{path}: a link to a missing file; not written") from None
        raise RefusedError(f"{path}: cannot be read ({error.strerror}); not written") from None
    if not st.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise RefusedError(f"{path}: the file is read-only; not written (make it writable "
                           "to let skillctl change it)")
    return data, st.st_mtime_ns


def decision(profile: Profile, name: str, paths: Sequence[str], project: Path, home: Path,
             env: Mapping[str, str], replaced: Mapping[Path, str] | None = None,
             ) -> settings.Rule | None:
    """The settings rule that decides the skill ``name`` (whose SKILL.md is at ``paths``) for
    this agent, reading ``replaced[path]`` instead of that file's content where given."""
    from skillctl.discovery import settings_files

    replaced = replaced or {}
    reads = []
    for path, source in settings_files(profile, project, home, env):
        if not source.applied:
            continue
        if path in replaced:
            reads.append(settings.read(source.reader, path, home, replaced[path]))
        elif os.path.isfile(path):
            reads.append(settings.read(source.reader, path, home))
    return settings.decide(settings.combine(reads), name, paths)


def is_off(rule: settings.Rule | None) -> bool:
    """True when ``rule`` switches the skill off (status ``disabled``)."""
    return rule is not None and rule.effect is settings.Effect.OFF


def plan(action: Action, name: str, profile: Profile, scope: str, project: Path, home: Path,
         env: Mapping[str, str], paths: Sequence[str] = ()) -> Edit:
    """The edit that switches ``name`` off (or back on) for one agent in the file ``scope``
    selects. Raises :class:`RefusedError` or :class:`UsageError`; reads only."""
    path, source = target(profile, scope, project, home, env)
    writer = WRITERS[source.reader]
    boundary = _boundary(path, project, home)
    if not fsio.inside(path, boundary):
        real = os.path.realpath(path)
        raise RefusedError(f"{path}: a link to {real}, outside {boundary}; not written")
    before, mtime = _read_current(path)
    try:
        text = writer.empty if before is None else before.decode("utf-8")
    except UnicodeDecodeError as error:
        line = (before or b"")[: error.start].count(b"\n") + 1
        raise RefusedError(f"{path}: line {line}: not UTF-8; not written") from None
    change = writer.disable if action is Action.DISABLE else writer.enable
    try:
        new = change(text, name)
    except (settings.SettingsError, RecursionError) as error:
        raise RefusedError(f"{path}: {error}; not written") from None
    after = before if new == text else new.encode("utf-8")
    if new != text:
        problems = settings.read(source.reader, path, home, new).notes
        if problems:
            raise RefusedError(f"{path}: {problems[0]}; not written")
    deciding = decision(profile, name, paths, project, home, env, {path: new})
    done = is_off(deciding) if action is Action.DISABLE else not is_off(deciding)
    mode = 0o600 if scope == "user" else 0o666 & ~_umask()
    return Edit(profile.id, profile.display_name, path, before, after, boundary, mtime, mode,
                deciding, done)


def _umask() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


# --------------------------------------------------------------------------- writing


def apply(edit: Edit) -> None:
    """Write one planned edit: atomically, refused when the file changed since it was read
    (or appeared, for a new file), when a link leads out of its boundary, or when it cannot
    be written."""
    if not edit.changed or edit.after is None:
        return
    path = edit.path
    try:
        if edit.before is None:
            _create(path, edit.after, edit.new_file_mode, edit.boundary)
            return

        def unchanged() -> None:
            now, mtime = _read_current(path)
            if now != edit.before or mtime != edit.mtime_ns:
                raise RefusedError(f"{path}: changed by someone else while skillctl edited it; "
                                   "not written (run the command again)")

        fsio.atomic_write_bytes(path, edit.after, confine_to=edit.boundary,
                                before_replace=unchanged)
    except OSError as error:
        raise RefusedError(f"{path}: cannot be written ({error.strerror or error}); "
                           "not written") from None
    except fsio.UnsafeWriteError as error:
        raise RefusedError(str(error)) from None


def _create(path: Path, data: bytes, mode: int, boundary: Path) -> None:
    """A new file with ``data``: complete when it appears, never over one that appeared
    meanwhile (a hard link of a finished temporary file, which fails if the name exists)."""
    import tempfile

    from skillctl.interrupts import deferred

    parent = path.parent
    missing = []
    folder = parent
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        if not fsio.inside(folder, boundary):
            raise RefusedError(f"{folder}: outside {boundary}; not written")
        os.mkdir(folder, 0o700 if mode == 0o600 else 0o777)
    if not fsio.inside(path, boundary):
        raise RefusedError(f"{path}: outside {boundary}; not written")
    with deferred():
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".skillctl-tmp",
                                   dir=parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, stat.S_IMODE(mode))
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise RefusedError(f"{path}: created by someone else while skillctl wrote "
                                   "it; not written (run the command again)") from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


# --------------------------------------------------------------------------- a whole request


@dataclass(frozen=True, slots=True)
class Request:
    """``skillctl enable|disable NAME --agent ... --scope ...``."""

    action: Action
    name: str
    agents: tuple[str, ...]  # agent ids, or ("all",)
    scope: str
    project: Path
    home: Path
    env: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Plan:
    """Every agent's edit (in the order asked), and the agents of ``all`` left alone."""

    edits: tuple[Edit, ...]
    skipped: tuple[Skipped, ...]
    #: agents named explicitly that do not see the skill here (the setting is written anyway)
    unseen: tuple[str, ...]


def _skill_paths(profile: Profile, name: str, project: Path, home: Path,
                 env: Mapping[str, str]) -> tuple[str, ...] | None:
    """The SKILL.md paths (as found and real) of the skill ``name`` in the agent's view, None
    when the agent has no such skill here."""
    from skillctl.discovery import ParseCache, discover

    res = discover(profile, project, home, env, cache=ParseCache(keep_text=False))
    views = [v for v in res.views if v.name == name]
    if not views:
        return None
    return tuple(dict.fromkeys(p for v in views
                               for p in (str(v.path), os.path.realpath(v.path))))


def make_plan(request: Request) -> Plan:
    """Plan the request: reads only. Raises :class:`UsageError` (a bad name, an agent without
    the scope or without settings) or :class:`RefusedError` before anything is written."""
    from skillctl.agents import all_profiles, get_profile

    if not request.name or request.name != request.name.strip() or "\n" in request.name:
        raise UsageError(f"{request.name!r}: not a skill name")
    if request.scope not in SCOPES:
        raise UsageError(f"--scope {request.scope!r}: not one of {', '.join(SCOPES)}")
    every = "all" in request.agents
    if every and len(request.agents) > 1:
        raise UsageError("--agent all cannot be combined with other agents")
    profiles = all_profiles() if every else [
        get_profile(a) for a in dict.fromkeys(request.agents)]
    edits: list[Edit] = []
    skipped: list[Skipped] = []
    unseen: list[str] = []
    for profile in profiles:
        paths = _skill_paths(profile, request.name, request.project, request.home,
                             request.env)
        if every and paths is None:
            continue
        if every and not any(s.write_scope for s in profile.settings):
            skipped.append(Skipped(profile.id, profile.display_name,
                                   "it has no setting that switches a skill off", True))
            continue
        try:
            edit = plan(request.action, request.name, profile, request.scope,
                        request.project, request.home, request.env, paths or ())
        except UsageError as error:
            if not every:
                raise
            skipped.append(Skipped(profile.id, profile.display_name, str(error)))
            continue
        if paths is None:
            unseen.append(profile.id)
        edits.append(edit)
    if every and not edits and not skipped:
        raise UsageError(f"no agent sees a skill named {request.name!r} here")
    return Plan(tuple(edits), tuple(skipped), tuple(unseen))


def scope_of(profile: Profile, path: Path, request: Request) -> str:
    """The ``--scope`` that edits ``path`` for this agent ("" when none does)."""
    from skillctl.discovery import settings_files

    return next((s.write_scope for p, s in settings_files(profile, request.project,
                                                         request.home, request.env)
                 if p == path), "")
