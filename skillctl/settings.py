"""Settings that switch skills off: each agent's own configuration files, read here.

(``skillctl enable``/``disable`` write them: :mod:`skillctl.manage.settings_write`, which
checks the text it is about to write with the same readers, ``text=``.)

An agent profile lists its settings files as :class:`~skillctl.agents.profile.SettingsSource`
values, each naming a *reader* from :data:`READERS`. A reader turns one file into
:class:`Rule` values (a skill selector and what the file does to matching skills) and notes
(a malformed file, a wrong type: the file and line, and what the agent then does). Discovery
takes the rules of every file in precedence order, lowest first, and the **last** rule that
matches a skill decides (:func:`decide`): that is how Claude Code's layered ``skillOverrides``,
OpenCode's ``permission`` rule lists, Codex's ``[[skills.config]]`` and OpenClaw's
``skills.entries`` all resolve; Gemini CLI's ``skills.disabled`` lists never switch a skill
back on, so there any match is the answer.

Nothing here raises for what is in a file: a file that cannot be read or parsed is a note.
Only the standard library is used (``tomllib`` imported when a TOML file is read); JSON with
comments, trailing commas and JSON5's bare keys and single quotes is turned into plain JSON by
:func:`to_json`, which keeps every line where it was so that errors point at the right line.
"""

from __future__ import annotations

import enum
import errno
import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Settings files larger than this are not read (a note says so).
MAX_SETTINGS_BYTES = 1024 * 1024


class Effect(enum.StrEnum):
    """What a settings rule does to the skills it matches."""

    ON = "on"  # switched (back) on: undoes an earlier rule
    OFF = "off"  # neither loaded for the model nor invocable: status ``disabled``
    CATALOG_OFF = "catalog-off"  # still invocable by the user, out of the model's catalog
    NO_DESCRIPTION = "no-description"  # listed in the catalog by name only


class Match(enum.StrEnum):
    """How a rule's ``pattern`` selects skills."""

    NAME = "name"  # the invocation name, exactly
    NAME_FOLD = "name-fold"  # the invocation name, ignoring case
    GLOB = "glob"  # the invocation name against a wildcard (``*`` any run, ``?`` one char)
    PATH = "path"  # the SKILL.md path (as found, or its real path)
    ALL = "all"  # every skill


@dataclass(frozen=True, slots=True)
class Rule:
    """One setting that switches matching skills on or off."""

    pattern: str
    match: Match
    effect: Effect
    file: Path
    key: str  # where in the file, as a user would write it: ``skillOverrides.alpha``
    value: str  # the value as written: ``"off"``, ``false``, ``"deny"``
    #: rules of a higher layer come after every rule of a lower one, whatever their file
    #: (OpenCode: an agent's own permissions after the top-level ones of every file)
    layer: int = 0
    #: the rule counts only when the files select this group ("" : always; OpenCode:
    #: ``agent:<name>`` of the default agent)
    group: str = ""

    def matches(self, name: str, paths: Iterable[str]) -> bool:
        """True when this rule selects the skill called ``name`` whose file is at ``paths``."""
        if self.match is Match.ALL:
            return True
        if self.match is Match.NAME:
            return name == self.pattern
        if self.match is Match.NAME_FOLD:
            return name.casefold() == self.pattern.casefold()
        if self.match is Match.GLOB:
            return _glob(self.pattern).fullmatch(name) is not None
        return any(self.pattern == p for p in paths)

    def describe(self) -> str:
        """``<file>: <key> = <value>``, for a skill's ``reason``."""
        return f"{self.file}: {self.key} = {self.value}"


@dataclass(frozen=True, slots=True)
class Read:
    """What one settings file says: its rules in file order, and notes about it."""

    rules: tuple[Rule, ...] = ()
    notes: tuple[str, ...] = ()  # each "line N: problem; what the agent does" or similar
    #: the group of rules this file selects (a later file's choice wins), and the one the
    #: agent uses when no file chooses
    select: str | None = None
    default_select: str | None = None


def combine(reads: Iterable[Read]) -> list[Rule]:
    """The rules of several files (lowest precedence first) in the order :func:`decide`
    reads them: rules of an unselected group left out, lower layers first."""
    reads = list(reads)
    chosen = next((r.select for r in reversed(reads) if r.select is not None), None)
    if chosen is None:
        chosen = next((r.default_select for r in reads if r.default_select is not None), "")
    rules = [rule for r in reads for rule in r.rules if rule.group in ("", chosen)]
    return sorted(rules, key=lambda rule: rule.layer)  # stable: file order within a layer


def decide(rules: Sequence[Rule], name: str, paths: Iterable[str]) -> Rule | None:
    """The rule that decides a skill's fate: the last one matching it (None: no rule)."""
    found = tuple(paths)
    for rule in reversed(rules):
        if rule.matches(name, found):
            return rule
    return None


_GLOBS: dict[str, re.Pattern[str]] = {}


def _glob(pattern: str) -> re.Pattern[str]:
    """OpenCode's wildcard: ``*`` any run of characters, ``?`` one, the rest literal."""
    compiled = _GLOBS.get(pattern)
    if compiled is None:
        text = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
        compiled = _GLOBS[pattern] = re.compile(text, re.DOTALL)
    return compiled


# --------------------------------------------------------------------------- JSON dialects


class SettingsError(ValueError):
    """A settings file that does not parse: the message names the line."""


def to_json(text: str, *, comments: bool = True, trailing_commas: bool = True,
            json5: bool = False) -> str:
    """``text`` rewritten as plain JSON with every character on its line.

    ``comments``: ``//`` and ``/* */`` become spaces (newlines kept). ``trailing_commas``: a
    comma before ``}`` or ``]`` goes. ``json5``: also bare identifier keys (quoted) and
    single-quoted strings (re-quoted). What is not allowed is left as it is, for
    :func:`json.loads` to reject with its line.
    """
    out: list[str] = []
    i, size = 0, len(text)
    last = ""  # the last significant character written (outside strings and comments)
    while i < size:
        c = text[i]
        if c == '"' or (json5 and c == "'"):
            end = _string_end(text, i)
            chunk = text[i:end]
            if c == "'":
                chunk = json.dumps(unquote_single(chunk[1:-1] if end - i >= 2 else ""))
            out.append(chunk)
            last = '"'
            i = end
            continue
        if comments and c == "/" and i + 1 < size and text[i + 1] in "/*":
            if text[i + 1] == "/":
                end = text.find("\n", i)
                end = size if end < 0 else end
            else:
                end = text.find("*/", i + 2)
                end = size if end < 0 else end + 2
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:end]))
            i = end
            continue
        if trailing_commas and c == ",":
            j = _skip_blank(text, i + 1, comments)
            if j < size and text[j] in "}]":
                out.append(" ")
                i += 1
                continue
        if json5 and (c.isalpha() or c in "_$") and last in "{,":
            j = i
            while j < size and (text[j].isalnum() or text[j] in "_$"):
                j += 1
            k = _skip_blank(text, j, comments)
            if k < size and text[k] == ":":
                out.append('"' + text[i:j] + '"')
                last = '"'
                i = j
                continue
        out.append(c)
        if not c.isspace():
            last = c
        i += 1
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    quote, i, size = text[start], start + 1, len(text)
    while i < size:
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == quote or text[i] == "\n":
            return i + 1
        i += 1
    return size


def unquote_single(inner: str) -> str:
    """The text of a JSON5 single-quoted string, its quotes already cut off."""
    return re.sub(r"\\(.)", lambda m: m.group(1) if m.group(1) in "'\"\\/" else m.group(0),
                  inner).replace("\\n", "\n").replace("\\t", "\t")


def _skip_blank(text: str, i: int, comments: bool) -> int:
    size = len(text)
    while i < size:
        if text[i].isspace():
            i += 1
        elif comments and text.startswith("//", i):
            end = text.find("\n", i)
            i = size if end < 0 else end
        elif comments and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = size if end < 0 else end + 2
        else:
            break
    return i


def load_json(text: str, **dialect: bool) -> Any:
    """Parse JSON in a dialect of :func:`to_json`; :class:`SettingsError` names the line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return json.loads(to_json(text, **dialect))
    except json.JSONDecodeError as error:
        raise SettingsError(f"line {error.lineno}: not valid JSON ({error.msg})") from None
    except RecursionError:
        raise SettingsError("nested too deeply to read") from None


def _text(path: Path, given: str | None = None) -> str:
    """The text of a settings file, or ``given``: the text it is about to get (a write
    checks what the agent will make of it before it writes)."""
    if given is not None:
        return given
    from skillctl.fsio import read_regular_file  # a FIFO or device never blocks the read

    try:
        data = read_regular_file(path, MAX_SETTINGS_BYTES)
    except OSError as error:
        if error.errno == errno.EFBIG:
            raise SettingsError(f"over {MAX_SETTINGS_BYTES} bytes, not read") from None
        raise
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SettingsError(f"line {line}: not UTF-8") from None


def _quoted(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def type_name(value: Any) -> str:
    """What a parsed JSON value is, for messages: "an object", "a list", ..."""
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
            type(None): "null"}.get(type(value), "a number")


# --------------------------------------------------------------------------- readers

#: The JSON dialect (:func:`to_json` switches) each JSON reader's agent accepts.
DIALECTS: dict[str, dict[str, bool]] = {
    "claude-code": {"comments": False, "trailing_commas": False},
    "opencode": {"comments": True, "trailing_commas": True},
    "gemini-cli": {"comments": True, "trailing_commas": False},
    "openclaw": {"comments": True, "trailing_commas": True, "json5": True},
}

#: Claude Code's ``skillOverrides`` values and what each does (``on`` is the default).
_CLAUDE_STATES = {"on": Effect.ON, "off": Effect.OFF, "user-invocable-only": Effect.CATALOG_OFF,
                  "name-only": Effect.NO_DESCRIPTION}


def read_claude_code(path: Path, home: Path, text: str | None = None) -> Read:
    """Claude Code ``settings.json``: ``skillOverrides`` maps a skill's name to ``"on"``,
    ``"name-only"``, ``"user-invocable-only"`` or ``"off"``. A file that is not JSON is
    skipped by Claude Code, and so is one whose ``skillOverrides`` does not validate (checked
    with 2.1.332: one bad value voids every override of the file)."""
    ignored = "Claude Code ignores this file"
    try:
        data = load_json(_text(path, text), **DIALECTS["claude-code"])
    except (SettingsError, OSError) as error:
        return Read(notes=(f"{_problem(error)}; {ignored}",))
    if not isinstance(data, dict):
        return Read(notes=(f"the file holds {type_name(data)}, not an object; {ignored}",))
    overrides = data.get("skillOverrides")
    if overrides is None:
        return Read()
    if not isinstance(overrides, dict):
        return Read(notes=(f"skillOverrides is {type_name(overrides)}, not an object; {ignored}",))
    rules = []
    for name, value in overrides.items():
        effect = _CLAUDE_STATES.get(value) if isinstance(value, str) else None
        if effect is None:
            allowed = ", ".join(_quoted(s) for s in _CLAUDE_STATES)
            return Read(notes=(f"skillOverrides.{name} is {_quoted(value)}, not one of "
                               f"{allowed}; {ignored}",))
        rules.append(Rule(name, Match.NAME, effect, path, f"skillOverrides.{name}",
                          _quoted(value)))
    return Read(tuple(rules))


def read_codex(path: Path, home: Path, text: str | None = None) -> Read:
    """Codex ``config.toml``: each ``[[skills.config]]`` table selects a skill by ``name`` or
    by ``path`` (of its SKILL.md: ``~`` is the home directory, ``.`` and ``..`` are resolved, a
    relative path matches nothing) and sets ``enabled``. A file that does not parse or holds a
    wrong type stops Codex from loading its configuration (and every skill with it)."""
    import tomllib

    fatal = "Codex does not start with this configuration"
    try:
        data = tomllib.loads(_text(path, text))
    except tomllib.TOMLDecodeError as error:
        return Read(notes=(f"not valid TOML ({error}); {fatal}",))
    except (SettingsError, OSError) as error:
        return Read(notes=(f"{_problem(error)}; {fatal}",))
    skills = data.get("skills")
    if skills is None:
        return Read()
    entries = skills.get("config") if isinstance(skills, dict) else skills
    if entries is None:
        return Read()
    if not isinstance(entries, list):
        return Read(notes=(f"skills.config is {type_name(entries)}, not an array of tables; "
                           f"{fatal}",))
    rules = []
    for number, entry in enumerate(entries, 1):
        where = f"[[skills.config]] #{number}"
        if not isinstance(entry, dict):
            return Read(notes=(f"{where} is {type_name(entry)}, not a table; {fatal}",))
        enabled = entry.get("enabled")
        wrong = [k for k in ("name", "path") if k in entry and not isinstance(entry[k], str)]
        if wrong or not isinstance(enabled, bool):
            what = (f"{wrong[0]} is {type_name(entry[wrong[0]])}, not a string" if wrong
                    else "enabled is missing or not a boolean")
            return Read(notes=(f"{where}: {what}; {fatal}",))
        effect = Effect.ON if enabled else Effect.OFF
        value = "true" if enabled else "false"
        if "path" in entry:
            rules.append(Rule(_skill_path(entry["path"], home), Match.PATH, effect, path,
                              f"{where} path = {_quoted(entry['path'])}, enabled", value))
        elif "name" in entry:
            rules.append(Rule(entry["name"], Match.NAME, effect, path,
                              f"{where} name = {_quoted(entry['name'])}, enabled", value))
    return Read(tuple(rules))


def _skill_path(written: str, home: Path) -> str:
    if written == "~" or written.startswith("~/"):
        written = str(home) + written[1:]
    return os.path.realpath(written) if os.path.isabs(written) else written


#: OpenCode's permission actions.
_OPENCODE_ACTIONS = {"allow": Effect.ON, "ask": Effect.ON, "deny": Effect.OFF}


def read_opencode(path: Path, home: Path, text: str | None = None) -> Read:
    """OpenCode ``opencode.json``/``opencode.jsonc`` (comments and trailing commas allowed):
    ``permission`` is an action for every tool, or maps a tool pattern (``skill``, ``*``) to an
    action or to ``{skill-name pattern: action}``; ``deny`` keeps a skill out of the catalog
    and the skill tool. The default agent's own ``agent.<name>.permission`` (``default_agent``,
    else ``build``) comes after the top-level rules of every file. OpenCode refuses to start on
    a file that is not JSON(C) or holds an action it does not know."""
    del home
    fatal = "OpenCode does not start with this configuration"
    try:
        data = load_json(_text(path, text), **DIALECTS["opencode"])
    except (SettingsError, OSError) as error:
        return Read(notes=(f"{_problem(error)}; {fatal}",))
    if not isinstance(data, dict):
        return Read(notes=(f"the file holds {type_name(data)}, not an object; {fatal}",))
    blocks: list[tuple[str, Any, int, str]] = [("permission", data.get("permission"), 0, "")]
    agents = data.get("agent")
    if isinstance(agents, dict):
        for agent, config in agents.items():
            if isinstance(config, dict) and "permission" in config:
                blocks.append((f"agent.{agent}.permission", config["permission"], 1,
                               f"agent:{agent}"))
    rules: list[Rule] = []
    for key, permission, layer, group in blocks:
        found = _opencode_rules(path, key, permission, layer, group)
        if isinstance(found, str):
            return Read(notes=(f"{found}; {fatal}",))
        rules.extend(found)
    default = data.get("default_agent")
    return Read(tuple(rules), select=f"agent:{default}" if isinstance(default, str) else None,
                default_select="agent:build")


def _opencode_rules(path: Path, key: str, permission: Any, layer: int,
                    group: str) -> list[Rule] | str:
    """The skill rules of one ``permission`` block, or what is wrong with it."""
    if permission is None:
        return []
    if isinstance(permission, str):
        items: list[tuple[str, Any]] = [("*", permission)]
        top = True
    elif isinstance(permission, dict):
        items = list(permission.items())
        top = False
    else:
        return f"{key} is {type_name(permission)}, not an action or an object"
    rules = []
    for tool, value in items:
        if not _glob(tool).fullmatch("skill"):
            continue
        where = key if top else f"{key}.{tool}"
        patterns = [("*", value)] if isinstance(value, str) else (
            list(value.items()) if isinstance(value, dict) else None)
        if patterns is None:
            return f"{where} is {type_name(value)}, not an action or an object"
        for pattern, action in patterns:
            effect = _OPENCODE_ACTIONS.get(action) if isinstance(action, str) else None
            full = where if isinstance(value, str) else f"{where}.{pattern}"
            if effect is None:
                return f'{full} is {_quoted(action)}, not "allow", "ask" or "deny"'
            rules.append(Rule(pattern, Match.GLOB, effect, path, full, _quoted(action),
                              layer, group))
    return rules


def read_gemini_cli(path: Path, home: Path, text: str | None = None) -> Read:
    """Gemini CLI ``settings.json`` (comments allowed, trailing commas not): names listed in
    ``skills.disabled`` (any case) are switched off, and ``skills.enabled: false`` switches
    off every skill. Gemini CLI refuses to start on a file that is not JSON; a value of the
    wrong type is reported by it and ignored here."""
    try:
        data = load_json(_text(path, text), **DIALECTS["gemini-cli"])
    except (SettingsError, OSError) as error:
        return Read(notes=(f"{_problem(error)}; Gemini CLI does not start with this "
                           "configuration",))
    skills = data.get("skills") if isinstance(data, dict) else None
    if not isinstance(skills, dict):
        if skills is not None:
            return Read(notes=(f"skills is {type_name(skills)}, not an object; ignored",))
        return Read()
    rules, notes = [], []
    if skills.get("enabled") is False:
        rules.append(Rule("*", Match.ALL, Effect.OFF, path, "skills.enabled", "false"))
    disabled = skills.get("disabled")
    if isinstance(disabled, list):
        for index, name in enumerate(disabled):
            if isinstance(name, str):
                rules.append(Rule(name, Match.NAME_FOLD, Effect.OFF, path,
                                  f"skills.disabled[{index}]", _quoted(name)))
            else:
                notes.append(f"skills.disabled[{index}] is {type_name(name)}, not a name; ignored")
    elif disabled is not None:
        notes.append(f"skills.disabled is {type_name(disabled)}, not a list; ignored")
    return Read(tuple(rules), tuple(notes))


def read_openclaw(path: Path, home: Path, text: str | None = None) -> Read:
    """OpenClaw ``openclaw.json`` (JSON5: comments, trailing commas, bare keys, single
    quotes): ``skills.entries.<name>.enabled`` switches a skill off (``false``) or on, and an
    allowlist (:func:`_openclaw_allowlist`) switches off every skill it does not name.
    OpenClaw refuses to start on a file that does not parse or holds a value of the wrong
    type, ``skills.limits`` included (checked with 2026.9.6)."""
    del home
    fatal = "OpenClaw does not start with this configuration"
    try:
        data = load_json(_text(path, text), **DIALECTS["openclaw"])
    except (SettingsError, OSError) as error:
        return Read(notes=(f"{_problem(error)}; {fatal}",))
    allowed = _openclaw_allowlist(data)
    if isinstance(allowed, str):
        return Read(notes=(f"{allowed}; {fatal}",))
    wrong_limit = _openclaw_wrong_limit(data)
    if wrong_limit:
        return Read(notes=(f"{wrong_limit}; {fatal}",))
    rules: list[Rule] = []
    notes: tuple[str, ...] = ()
    if allowed is not None:
        key, names, notes = allowed
        # every skill off, then the listed ones back on: what the list leaves out is off
        rules.append(Rule("*", Match.ALL, Effect.OFF, path, key,
                          json.dumps(names, ensure_ascii=False) + " (not listed)"))
        rules += [Rule(name, Match.NAME, Effect.ON, path, f"{key}[{index}]", _quoted(name))
                  for index, name in enumerate(names)]
    skills = data.get("skills") if isinstance(data, dict) else None
    entries = skills.get("entries") if isinstance(skills, dict) else None
    if entries is None:
        return Read(tuple(rules), notes)
    if not isinstance(entries, dict):
        return Read(notes=(f"skills.entries is {type_name(entries)}, not an object; {fatal}",))
    for name, entry in entries.items():
        if not isinstance(entry, dict):
            return Read(notes=(f"skills.entries.{name} is {type_name(entry)}, not an object; "
                               f"{fatal}",))
        enabled = entry.get("enabled")
        if enabled is None:
            continue
        if not isinstance(enabled, bool):
            return Read(notes=(f"skills.entries.{name}.enabled is {type_name(enabled)}, not a "
                               f"boolean; {fatal}",))
        if enabled and allowed is not None and name not in allowed[1]:
            continue  # an allowlist that leaves it out wins over enabled: true
        rules.append(Rule(name, Match.NAME, Effect.ON if enabled else Effect.OFF, path,
                          f"skills.entries.{name}.enabled", "true" if enabled else "false"))
    return Read(tuple(rules), notes)


#: OpenClaw's ``skills.limits`` and the least value it accepts for each (2026.9.6's schema)
_OPENCLAW_LIMITS = {"maxCandidatesPerRoot": 1, "maxSkillsLoadedPerSource": 1,
                    "maxSkillsInPrompt": 0, "maxSkillsPromptChars": 0, "maxSkillFileBytes": 0}


def _openclaw_wrong_limit(data: Any) -> str:
    """What is wrong with ``skills.limits`` ("" : nothing): a value that is not a whole
    number or is below the least OpenClaw accepts stops it."""
    skills = data.get("skills") if isinstance(data, dict) else None
    limits = skills.get("limits") if isinstance(skills, dict) else None
    if limits is None:
        return ""
    if not isinstance(limits, dict):
        return f"skills.limits is {type_name(limits)}, not an object"
    for key, least in _OPENCLAW_LIMITS.items():
        if key not in limits:
            continue
        value = _whole_number(limits[key])
        if value is None:
            return f"skills.limits.{key} is {type_name(limits[key])}, not a whole number"
        if value < least:
            return f"skills.limits.{key} is {value}, below {least}"
    return ""


def _openclaw_allowlist(data: Any) -> tuple[str, list[str], tuple[str, ...]] | str | None:
    """OpenClaw's skill allowlist for its default agent (checked with 2026.9.6): the agent's
    own ``skills`` when the roster (``agents.entries`` or ``agents.list``) holds one agent
    that sets it, else ``agents.defaults.skills``; each name trimmed, blanks dropped, ``[]``
    allowing none. Returns (where, names, notes), None when no list applies, or what is
    wrong (a value that is not a list of strings: OpenClaw does not start)."""
    agents = data.get("agents") if isinstance(data, dict) else None
    if not isinstance(agents, dict):
        return None
    roster: list[tuple[str, Any]] = []
    if isinstance(agents.get("entries"), dict):
        roster = [(f"agents.entries.{key}", entry) for key, entry in agents["entries"].items()]
    elif isinstance(agents.get("list"), list):
        roster = [(f"agents.list[{index}]", entry) for index, entry in enumerate(agents["list"])]
    defaults = agents.get("defaults")
    if len(roster) == 1 and isinstance(roster[0][1], dict) and "skills" in roster[0][1]:
        where, value = f"{roster[0][0]}.skills", roster[0][1]["skills"]
    elif isinstance(defaults, dict) and "skills" in defaults:
        where, value = "agents.defaults.skills", defaults["skills"]
    else:
        return None
    if not isinstance(value, list):
        return f"{where} is {type_name(value)}, not a list"
    for index, item in enumerate(value):
        if not isinstance(item, str):
            return f"{where}[{index}] is {type_name(item)}, not a name"
    notes = (("several agents are configured: OpenClaw asks which one (--agent); the "
              "default allowlist (agents.defaults.skills) is assumed",)
             if len(roster) > 1 else ())
    return where, [name.strip() for name in value if name.strip()], notes


def listed_folders(reader: str, path: Path, key: str) -> list[str] | None:
    """The strings a JSON settings file holds under the dotted ``key`` (a list of folders:
    OpenCode's ``skills.paths``), read in ``reader``'s dialect; None when the file cannot be
    read or parsed or does not set the key to a list (what is wrong with the file is
    :func:`read`'s to report). Entries that are not text are left out."""
    value = _setting(reader, path, key)
    if not isinstance(value, list):
        return None
    return [item for item in value if isinstance(item, str)]


def configured_numbers(reader: str, path: Path,
                       keys: Iterable[tuple[str, int]]) -> dict[str, int]:
    """The whole numbers a JSON settings file sets under each dotted key of ``keys`` (with
    the least value taken: OpenClaw's ``skills.limits.maxSkillsInPrompt``, 0), the file read
    once; a key it does not set, or sets to another value (which the agent refuses:
    :func:`read` reports it), is left out."""
    data = _parsed(reader, path)
    found: dict[str, int] = {}
    for key, minimum in keys:
        value = _whole_number(_at(data, key))
        if value is not None and value >= minimum:
            found[key] = value
    return found


def _whole_number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _setting(reader: str, path: Path, key: str) -> Any:
    """What a JSON settings file holds under the dotted ``key``; None when it cannot be read
    or parsed or holds nothing there."""
    return _at(_parsed(reader, path), key)


def _parsed(reader: str, path: Path) -> Any:
    """A JSON settings file read in ``reader``'s dialect; None when it cannot be."""
    dialect = DIALECTS.get(reader)
    if dialect is None:
        return None
    try:
        return load_json(_text(path), **dialect)
    except (SettingsError, OSError):
        return None


def _at(data: Any, key: str) -> Any:
    for part in key.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _problem(error: Exception) -> str:
    if isinstance(error, OSError):
        return f"cannot be read ({error.strerror or error})"
    return str(error)


#: reader id (``SettingsSource.reader``) -> function reading one file
READERS: dict[str, Callable[[Path, Path, str | None], Read]] = {
    "claude-code": read_claude_code,
    "codex": read_codex,
    "opencode": read_opencode,
    "gemini-cli": read_gemini_cli,
    "openclaw": read_openclaw,
}


def read(reader: str, path: Path, home: Path, text: str | None = None) -> Read:
    """Read one settings file with the reader a profile names (never raises for the file);
    ``home`` is the home directory a ``~`` in a value stands for; ``text``, when given, is
    read as the file's content instead of the file."""
    try:
        return READERS[reader](path, home, text)
    except RecursionError:
        return Read(notes=("nested too deeply to read; ignored",))
