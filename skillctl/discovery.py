"""Discovery: which skills an agent sees, from a project directory and a home directory.

:func:`discover` reproduces one :class:`~skillctl.agents.profile.Profile`: it expands the
agent's roots (walking up or down the project's parents where the agent does), scans each root
(deeper than the agent does, so skills it misses can be explained), parses every SKILL.md once,
applies the agent's parser dialect, name and description rules, then its dedup and winner rule.
Every skill found ends up in exactly one :class:`Status`, with the reason when it is not active.

:func:`discover_all` does that for several agents sharing one parse cache and joins the views
per file; :func:`find_skill` turns a name or a path given by a user into one skill.
"""

from __future__ import annotations

import collections
import dataclasses
import difflib
import enum
import functools
import itertools
import json
import os
import re
import shutil
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from skillctl import limits, plugins
from skillctl.agents import agent_ids, get_profile
from skillctl.agents.profile import (
    DedupKey,
    InvalidHandling,
    NameSource,
    Profile,
    Root,
    SettingsSource,
    Stop,
    Walk,
    Winner,
)
from skillctl.collation import LocaleKey, locale_key
from skillctl.commands import Command, read_commands
from skillctl.dialects import Verdict, file_skill_verdict, js_scalar, verdict
from skillctl.errors import PathNotFoundError, UsageError
from skillctl.fallback import body_first_line, from_body
from skillctl.gcpause import paused_gc
from skillctl.model import Frontmatter, ParsedSkill, Scope, Skill
from skillctl.parse import parse_file, read_bytes
from skillctl.scan import (
    ALWAYS_SKIPPED,
    ENTRY_FILE,
    Candidate,
    ScanNote,
    WalkOptions,
    child_folders,
    walk_skills,
)

if TYPE_CHECKING:
    from skillctl import settings

#: How many levels below an agent's own depth limit skillctl looks, to report "too deep".
EXTRA_DEPTH = 3
#: Directories an Amp-style walk up never enters.
_FS_STOPS = frozenset({"/", "/home", "/Users"})
_ALTERNATIVES = re.compile(r"\{([^{}]*,[^{}]*)\}")
_ENV = re.compile(r"\{env:([A-Za-z_][A-Za-z0-9_]*)\}")
#: ``{bin:NAME}``: the folder holding the real file of the executable NAME found on ``$PATH``
#: (where an npm-installed agent keeps its bundled files)
_BIN = re.compile(r"\{bin:([A-Za-z0-9._-]+)\}")
#: a root template that is a comma-separated list of folders in a variable (the Copilot
#: CLI's ``$COPILOT_SKILLS_DIRS``)
_ENV_LIST = re.compile(r"\{envlist:([A-Za-z_][A-Za-z0-9_]*)\}")
_TRUE = frozenset({"true", "yes", "on", "1"})


class Status(enum.StrEnum):
    """What an agent does with a skill it could find."""

    ACTIVE = "active"  # loaded and offered
    SHADOWED = "shadowed"  # another copy with the same key wins
    INVALID = "invalid"  # the agent's parser or rules reject it
    HIDDEN = "hidden"  # out of the agent's reach (depth, case, symlink) or out of its catalog
    CONDITIONAL = "conditional"  # loaded only when a matching file is touched (Claude ``paths``)
    DISABLED = "disabled"  # switched off in the agent's own settings (the file and key say so)


#: Statuses ``list`` shows without ``--all``.
VISIBLE = frozenset({Status.ACTIVE, Status.CONDITIONAL})
#: Best first, when one agent sees the same file several times.
_STATUS_RANK = {Status.ACTIVE: 0, Status.CONDITIONAL: 1, Status.HIDDEN: 2, Status.DISABLED: 3,
                Status.SHADOWED: 4, Status.INVALID: 5}


@dataclass(frozen=True, slots=True)
class SkillView:
    """One skill as one agent sees it.

    ``name`` is the invocation name (Claude Code: the directory name); ``declared_name`` and
    ``description`` are the frontmatter values as this agent's parser reads them (Claude Code's
    description falls back to the body's first line). ``reason`` says why the skill is not
    active (None when it is); ``warnings`` are things the agent complains about but loads.
    """

    skill: Skill
    agent: str
    name: str
    status: Status
    shadowed_by: Path | None
    reason: str | None
    root: Path
    scope: Scope
    declared_name: str | None = None
    description: str | None = None
    warnings: tuple[str, ...] = ()
    depth: int = 1
    data: Mapping[str, Any] = field(default_factory=dict)
    #: the agent's settings list it in the catalog by name alone (Claude Code ``name-only``)
    name_only: bool = False

    @property
    def path(self) -> Path:
        """The entry file as found."""
        return self.skill.entry

    @property
    def loaded(self) -> bool:
        """True when the agent loads the skill (it may still be out of the catalog)."""
        return self.status in (Status.ACTIVE, Status.CONDITIONAL) or (
            self.status is Status.HIDDEN and self.shadowed_by is None and self.reason is not None
            and self.reason.startswith(_CATALOG_PREFIX)
        )


_CATALOG_PREFIX = "loaded but not in the catalog"


@dataclass(frozen=True, slots=True)
class Resolution:
    """Everything one agent sees for a project and a home, in the agent's precedence order."""

    agent: str
    project: Path
    home: Path
    views: tuple[SkillView, ...]
    notes: tuple[ScanNote, ...]
    #: the agent's settings rules that apply here, lowest precedence first (they switch the
    #: agent's built-in skills off too)
    settings_rules: tuple[settings.Rule, ...] = ()
    #: the commands the agent lists in its catalog beside the skills (``command_roots`` and
    #: enabled plugins' commands), those a skill's name wins over left out, in reading order
    commands: tuple[Command, ...] = ()
    #: the agent's profile with the caps its settings files set (:func:`configured`)
    profile: Profile | None = None

    #: views by the path that shadows them, built on first use of :meth:`shadowed_by`
    #: (the key None marks the index as built)
    _losers: dict[Path | None, list[SkillView]] = field(default_factory=dict, compare=False,
                                                        repr=False)

    def visible(self) -> tuple[SkillView, ...]:
        """Active and conditional views."""
        return tuple(v for v in self.views if v.status in VISIBLE)

    def shadowed_by(self, view: SkillView) -> tuple[SkillView, ...]:
        """The views this one shadows."""
        if view.status is Status.SHADOWED or view.status is Status.INVALID:
            return ()
        if not self._losers:
            self._losers[None] = []
            for other in self.views:
                if other.shadowed_by is not None:
                    self._losers.setdefault(other.shadowed_by, []).append(other)
        return tuple(v for v in self._losers.get(view.path, ()) if v is not view)


@dataclass(frozen=True, slots=True)
class CrossView:
    """Several agents' resolutions joined per SKILL.md (by real path)."""

    project: Path
    home: Path
    resolutions: Mapping[str, Resolution]
    skills: tuple[Skill, ...]  # one per distinct real file, sorted by name then path
    notes: tuple[ScanNote, ...]

    #: by real path, each agent's best view of that file (built by discover_all, or on first
    #: use of :meth:`views_of`)
    _index: dict[str, dict[str, SkillView]] = field(default_factory=dict, compare=False,
                                                    repr=False)
    #: real paths already resolved in this run, by path text
    _reals: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def _real_of(self, path: Path) -> str:
        text = str(path)
        real = self._reals.get(text)
        if real is None:
            real = self._reals[text] = os.path.realpath(text)
        return real

    def views_of(self, skill: Skill) -> dict[str, SkillView | None]:
        """Each agent's best view of this skill's file (None when the agent never reaches it)."""
        if not self._index:
            for agent, resolution in self.resolutions.items():
                for view in resolution.views:
                    _keep_best(self._index.setdefault(self._real_of(view.path), {}), agent,
                               view)
        seen = self._index.get(self._real_of(skill.entry))
        if seen is None:
            return dict.fromkeys(self.resolutions)
        return {agent: seen.get(agent) for agent in self.resolutions}


def _keep_best(views: dict[str, SkillView], agent: str, view: SkillView) -> None:
    """Keep ``view`` as ``agent``'s view of a file unless it already has a better one."""
    best = views.get(agent)
    if best is None or _STATUS_RANK[view.status] < _STATUS_RANK[best.status]:
        views[agent] = view


class ParseCache:
    """Per-run memo shared by every agent's discovery: each SKILL.md is parsed once (keyed by
    its real path), each path resolved once, each tree walked once per set of walk options,
    and each parser dialect run once per file.

    With ``keep_text=False`` (for callers that need only frontmatter and discovery verdicts,
    such as ``list`` on big trees) the dialects discovery expects (see :meth:`expect`) run as
    soon as a file is parsed, and the parsed skills handed out then carry ``text=None``, an
    empty ``body`` and a frontmatter with its data only (no text, positions or ignores), so
    the run does not hold every file's text. A dialect asked for later re-reads the file.

    The file system is assumed not to change during one run; make a new cache for a new run.
    """

    def __init__(self, *, keep_text: bool = True) -> None:
        """Start empty."""
        self._keep_text = keep_text
        self._expected: set[str] = set()
        #: the expected dialects, sorted, each with its table of verdicts (None: to redo)
        self._expected_tables: list[tuple[str, dict[str, Verdict]]] | None = None
        self._parsed: dict[str, ParsedSkill] = {}
        self._by_path: dict[str, ParsedSkill] = {}
        self._reals: dict[str, str] = {}
        self._walks: dict[tuple[str, WalkOptions | None], list[Candidate | ScanNote]] = {}
        self._verdicts: dict[str, dict[str, Verdict]] = {}  # by dialect, then real path
        self._first_lines: dict[str, str | None] = {}
        self._skills: dict[tuple[str, str, Scope, str, bool], Skill] = {}
        self._placed: dict[tuple[str, WalkOptions | None, Scope], list[Placed | ScanNote]] = {}

    @property
    def keeps_text(self) -> bool:
        """False when handed-out parsed skills carry no text and no body."""
        return self._keep_text

    def expect(self, dialects: Iterable[str]) -> None:
        """Say which parser dialects discovery will ask about (run early without text)."""
        self._expected.update(dialects)
        self._expected_tables = None

    def get(self, entry: Path) -> ParsedSkill:
        """The parsed file (parsed now if needed), carrying the path it was asked for."""
        text = str(entry)
        found = self._by_path.get(text)
        if found is not None:
            return found
        key = self.real(entry)
        parsed = self._parsed.get(key)
        if parsed is None:
            parsed = parse_file(entry)
            if not self._keep_text:
                parsed = self._drop_text(key, parsed)
            self._parsed[key] = parsed
        if parsed.path != entry:
            parsed = dataclasses.replace(parsed, path=entry)
        self._by_path[text] = parsed
        return parsed

    def _drop_text(self, key: str, parsed: ParsedSkill) -> ParsedSkill:
        # the same verdict from several dialects (the usual case: all accept a clean file
        # with the parser's own data) is kept once
        tables = self._expected_tables
        if tables is None:
            tables = self._expected_tables = [(dialect, self._verdicts.setdefault(dialect, {}))
                                              for dialect in sorted(self._expected)]
        same: dict[tuple[bool, str | None, int | None, int], Verdict] = {}
        data = parsed.data
        for dialect, table in tables:
            seen = verdict(dialect, parsed)
            found = seen.data
            if found is not None and found is not data and _identical(found, data):
                # a dialect that read the very same values keeps the parser's copy of them
                seen = dataclasses.replace(seen, data=data)
                found = data
            table[key] = same.setdefault((seen.accepted, seen.reason, seen.line, id(found)), seen)
        self._first_lines[key] = body_first_line(parsed.body)
        frontmatter = parsed.frontmatter
        if frontmatter is not None:  # the data is what discovery reads; positions are for lint
            frontmatter = Frontmatter(frontmatter.data, "", frontmatter.start_line)
        return dataclasses.replace(parsed, text=None, body="", frontmatter=frontmatter)

    def skill(self, cand: Candidate, scope: Scope, root: Path,
              file_skill: bool = False) -> Skill:
        """The :class:`Skill` for a candidate found below ``root`` (one object per run, shared
        by every agent that scans the same root); ``file_skill``: the root's Markdown files
        are skills of their own."""
        key = (str(cand.entry), str(cand.dir), scope, str(root), file_skill)
        skill = self._skills.get(key)
        if skill is None:
            skill = self._skills[key] = Skill(cand.dir, cand.entry, self.get(cand.entry), scope,
                                              root, file_skill=file_skill)
        return skill

    def real(self, path: Path | str) -> str:
        """``os.path.realpath`` of ``path``, resolved once per run.

        ``os.path.realpath`` is pure Python and checks every level of the path; here a path
        that is not itself a symlink is its parent's real path plus its name, and each parent
        folder is resolved once (``tests/test_discovery_fast.py`` checks both agree).
        """
        text = str(path)
        real = self._reals.get(text)
        if real is None:
            real = self._reals[text] = self._resolve(text)
        return real

    def _resolve(self, text: str) -> str:
        head, tail = os.path.split(text)
        if not head or head == text or tail in ("", ".", "..") or os.path.islink(text):
            return os.path.realpath(text)
        parent = self._reals.get(head)
        if parent is None:
            parent = self._reals[head] = self._resolve(head)
        return os.path.join(parent, tail)

    def walk(self, path: Path, options: WalkOptions | None,
             scan: Callable[[], Iterator[Candidate | ScanNote]]) -> list[Candidate | ScanNote]:
        """What ``scan()`` yields for ``path`` walked with ``options`` (walked once per run)."""
        key = (str(path), options)
        items = self._walks.get(key)
        if items is None:
            items = self._walks[key] = list(scan())
        return items

    def placed(self, path: Path, options: WalkOptions | None, scope: Scope,
               scan: Callable[[], Iterator[Candidate | ScanNote]]) -> list[Placed | ScanNote]:
        """What :meth:`walk` gives for ``path``, each candidate with its :class:`Skill` (found
        below ``path`` with ``scope``) and the real path of its entry file: worked out once per
        run, however many agents scan the same place."""
        key = (str(path), options, scope)
        found = self._placed.get(key)
        if found is None:
            found = []
            for item in self.walk(path, options, scan):
                if isinstance(item, ScanNote):
                    found.append(item)
                    continue
                if not item.via_symlink and item.depth >= 1:
                    # no symlink from the walked root down to the skill folder: the folder's
                    # real path is its parent's plus its name (no lstat of the folder itself)
                    folder = str(item.dir)
                    if folder not in self._reals:
                        head, tail = os.path.split(folder)
                        if head and tail not in ("", ".", ".."):
                            self._reals[folder] = os.path.join(self.real(head), tail)
                skill = self.skill(item, scope, path, options is _FILES_AS_SKILLS)
                found.append((item, skill, self.real(item.entry), skill.dir_name))
            self._placed[key] = found
        return found

    def verdict(self, dialect: str, parsed: ParsedSkill) -> Verdict:
        """:func:`~skillctl.dialects.verdict` of one dialect on one file (a file parsed by
        this cache), run once per run."""
        return self.verdict_at(dialect, self.real(parsed.path), parsed)

    def verdict_at(self, dialect: str, real: str, parsed: ParsedSkill) -> Verdict:
        """:meth:`verdict` for a file whose real path the caller already has."""
        known = self._verdicts.get(dialect)
        if known is None:
            known = self._verdicts[dialect] = {}
        seen = known.get(real)
        if seen is None:
            full = parsed if self._keep_text else parse_file(parsed.path)
            seen = known[real] = verdict(dialect, full)
        return seen

    def fallback_description(self, parsed: ParsedSkill, mode: str) -> str | None:
        """The description ``mode`` (:mod:`skillctl.fallback`) makes of a file parsed by this
        cache; Claude Code's, the common one, is kept from the parse."""
        if self._keep_text:
            return from_body(parsed.body, mode)
        key = self.real(parsed.path)
        if mode != "body-first-line":
            return from_body(parse_file(parsed.path).body, mode)
        if key not in self._first_lines:
            self._first_lines[key] = body_first_line(parse_file(parsed.path).body)
        return self._first_lines[key]

    def reals(self) -> dict[str, str]:
        """The memo of real paths by path text (shared, not copied: it only grows)."""
        return self._reals

    def __len__(self) -> int:
        """How many distinct files were parsed."""
        return len(self._parsed)


def _identical(one: Any, other: Any) -> bool:
    """Equal plain data of the same types all the way down, keys in the same order (``==``
    alone would let ``1`` stand for ``True`` or ``1.0``)."""
    if type(one) is not type(other):
        return False
    if isinstance(one, dict):
        return len(one) == len(other) and all(
            type(k1) is type(k2) and k1 == k2 and _identical(v1, v2)
            for (k1, v1), (k2, v2) in zip(one.items(), other.items(), strict=True)
        )
    if isinstance(one, list):
        return len(one) == len(other) and all(
            _identical(a, b) for a, b in zip(one, other, strict=True))
    return bool(one == other)


#: A candidate found below a place, its skill, the real path of its entry file and the
#: skill's directory name.
Placed = tuple[Candidate, Skill, str, str]


# --------------------------------------------------------------------------- roots


def _real(path: Path) -> str:
    return os.path.realpath(path)


def _abs(path: Path) -> Path:
    return Path(os.path.abspath(os.path.expanduser(path)))


def _placeholders(home: Path, env: Mapping[str, str]) -> dict[str, str]:
    return {
        "home": str(home),
        "config": env.get("XDG_CONFIG_HOME") or str(home / ".config"),
        "codex_home": env.get("CODEX_HOME") or str(home / ".codex"),
        "claude_config": env.get("CLAUDE_CONFIG_DIR") or str(home / ".claude"),
        "openclaw_state": env.get("OPENCLAW_STATE_DIR") or str(home / ".openclaw"),
        # Gemini CLI's home for ~/.gemini and ~/.agents (and its extensions, its settings)
        "gemini_home": env.get("GEMINI_CLI_HOME") or str(home),
    }


def expand_template(template: str, project_dir: Path, home: Path,
                    env: Mapping[str, str]) -> list[Path]:
    """The directories a root template names for one project directory.

    ``{a,b}`` alternatives expand in order; ``{env:NAME}`` yields nothing when NAME is unset,
    ``{bin:NAME}`` nothing when no executable NAME is on the environment's ``PATH``; a
    template that is ``{envlist:NAME}`` names every folder of NAME's comma-separated list,
    each stripped of blanks (none empty), a relative one taken from ``project_dir``.
    """
    listed = _ENV_LIST.fullmatch(template)
    if listed is not None:
        items = (item.strip() for item in env.get(listed.group(1), "").split(","))
        return [Path(os.path.normpath(os.path.join(project_dir, item))) for item in items
                if item]
    found: list[str] = [template]
    while any(_ALTERNATIVES.search(t) for t in found):
        expanded: list[str] = []
        for item in found:
            match = _ALTERNATIVES.search(item)
            if match is None:
                expanded.append(item)
                continue
            for option in match.group(1).split(","):
                expanded.append(item[: match.start()] + option + item[match.end():])
        found = expanded
    values = _placeholders(home, env) | {"project": str(project_dir)}
    result: list[Path] = []
    for item in found:
        missing = [name for name in _ENV.findall(item) if not env.get(name)]
        if missing:
            continue
        item = _ENV.sub(lambda m: env[m.group(1)], item)
        if "{bin:" in item:
            folders = {name: _bin_dir(name, env) for name in _BIN.findall(item)}
            if not all(folders.values()):
                continue
            for name, folder in folders.items():
                item = item.replace("{bin:" + name + "}", folder or "")
        for key, value in values.items():
            item = item.replace("{" + key + "}", value)
        result.append(Path(item))
    return result


def _bin_dir(name: str, env: Mapping[str, str]) -> str | None:
    """The folder of the real file behind the executable ``name`` on ``env``'s PATH."""
    import shutil

    search = env.get("PATH")
    found = shutil.which(name, path=search) if search else None
    return os.path.dirname(os.path.realpath(found)) if found else None


def _git_root(chain: Sequence[Path]) -> Path | None:
    return next((d for d in chain if os.path.lexists(d / ".git")), None)


def walk_dirs(project: Path, home: Path, walk: Walk, stop: Stop) -> list[Path]:
    """The project directories a root is applied to, in the agent's order."""
    if walk is Walk.NONE:
        return [project]
    chain = [project, *project.parents]
    git = _git_root(chain)
    real_home = _real(home)
    dirs: list[Path] = []
    for directory in chain:
        if stop is Stop.GIT_ROOT:
            dirs.append(directory)
            if git is None or directory == git:
                break
        elif stop is Stop.GIT_ROOT_ELSE_FILESYSTEM:
            dirs.append(directory)  # the chain ends at / by itself
            if directory == git:
                break
        elif stop is Stop.GIT_ROOT_BEFORE_HOME:
            if _real(directory) == real_home:
                break
            dirs.append(directory)
            if directory == git:
                break
        elif stop is Stop.FILESYSTEM:
            if str(directory) in _FS_STOPS or directory == directory.parent:
                break
            dirs.append(directory)
        else:  # HOME_INCLUSIVE
            dirs.append(directory)
            if _real(directory) == real_home:
                break
    if walk is Walk.DOWN_ROOT_FIRST:
        dirs.reverse()
    return dirs


@dataclass(frozen=True, slots=True)
class RootPlace:
    """One concrete directory an agent scans, with the root definition it came from."""

    path: Path
    root: Root | None  # None for a user-given extra tree
    scope: Scope
    #: the installed plugin whose skills folder this is (issue 14 §4), None for a root
    plugin: plugins.Plugin | None = None


def plugin_places(profile: Profile, project: Path, home: Path,
                  env: Mapping[str, str]) -> tuple[list[RootPlace], list[ScanNote]]:
    """The skills folders of the agent's installed plugins (``profile.plugin_sources``), in
    the order the sources list them, with notes about unusable plugin files."""
    places: list[RootPlace] = []
    notes: list[ScanNote] = []
    if not profile.plugin_sources:
        return places, notes
    settings = [path for path, source in settings_files(profile, project, home, env)
                if source.applied]
    for source in profile.plugin_sources:
        found_at = next((paths[0] for t in source.templates
                         if (paths := expand_template(t, home, home, env))), None)
        if found_at is None:
            continue
        context = plugins.Context(project, home)
        if source.enabled_key:
            values, origin, bad = plugins.enabled_settings(settings, source.enabled_key)
            notes.extend(ScanNote(n.path, "plugins", n.detail) for n in bad)
            context = plugins.Context(project, home, values, origin)
        found = plugins.read(source.reader, found_at, context)
        notes.extend(ScanNote(n.path, "plugins", n.detail) for n in found.notes)
        for plugin in found.plugins:
            root = Root(str(plugin.skills), Scope.PLUGIN, note=f"skills of plugin {plugin.id}",
                        before_roots=source.before_roots)
            places.append(RootPlace(plugin.skills, root, Scope.PLUGIN, plugin))
    return places, notes


def root_places(profile: Profile, project: Path, home: Path,
                env: Mapping[str, str], *, cwd: Path | None = None) -> list[RootPlace]:
    """Every directory the agent scans, in scan order (roots switched off by env left out),
    the folders its settings files list (``profile.config_roots``) included; ``cwd``, the
    working directory a relative listed folder is taken from, is ``project`` unless given
    (OpenClaw's ``{project}`` is its workspace, not where it is started)."""
    listed = config_root_places(profile, project if cwd is None else cwd, home, env)
    return [*_profile_root_places(profile, project, home, env), *listed]


def _profile_root_places(profile: Profile, project: Path, home: Path,
                         env: Mapping[str, str]) -> list[RootPlace]:
    places: list[RootPlace] = []
    for root in profile.roots:
        if any(env.get(name) for name in root.env_disable):
            continue
        if root.env_enable and not any(env.get(name) for name in root.env_enable):
            continue
        for directory in walk_dirs(project, home, root.walk, profile.stop):
            if root.not_in_home and root.walk is not Walk.NONE and directory == home:
                continue
            for path in expand_template(root.template, directory, home, env):
                places.append(RootPlace(path, root, root.scope))
    return places


def config_root_places(profile: Profile, cwd: Path, home: Path,
                       env: Mapping[str, str]) -> list[RootPlace]:
    """The skill folders the agent's settings files list (:class:`ConfigRoots`), in order.
    Each keeps the scope of the file that lists it, and a note naming the file and key
    (``list --explain``)."""
    places: list[RootPlace] = []
    if not profile.config_roots:
        return places
    from skillctl import settings

    files = [(path, source) for path, source in settings_files(profile, cwd, home, env)
             if source.applied and os.path.isfile(path)]
    for config in profile.config_roots:
        chosen: list[tuple[Path, SettingsSource, list[str]]] = []
        for path, source in files:
            folders = settings.listed_folders(source.reader, path, config.key)
            if folders is None:
                continue
            if config.merge != "all":
                chosen = []  # a later file's list replaces the earlier ones
            chosen.append((path, source, folders))
        for path, source, folders in chosen:
            for written in folders:
                folder = _listed_folder(written, cwd, home, env, config.env_syntax)
                if folder is None:
                    continue
                chosen_root = (config.named_skills if config.named_skills is not None
                               and folder.name == "skills" else config.root)
                root = dataclasses.replace(chosen_root, template=str(folder),
                                           scope=source.scope,
                                           note=f"listed in {path} ({config.key})")
                places.append(RootPlace(folder, root, source.scope))
    return places


def _listed_folder(written: str, cwd: Path, home: Path, env: Mapping[str, str],
                   env_syntax: bool) -> Path | None:
    """A folder as a settings file lists it, made absolute the way the agent does; None for
    an empty one."""
    text = written.strip()
    if env_syntax:
        text = _ENV.sub(lambda m: env.get(m.group(1), ""), text)
    if not text:
        return None
    if text == "~" or text.startswith("~/"):
        text = str(home) + text[1:]
    return Path(os.path.normpath(os.path.join(cwd, text)))


def configured(profile: Profile, project: Path, home: Path,
               env: Mapping[str, str]) -> Profile:
    """``profile`` with the caps its agent's settings files set (``config_limits``: the last
    file that sets a key wins); the profile itself when they set none."""
    if not profile.config_limits:
        return profile
    from skillctl import settings

    files = [(path, source) for path, source in settings_files(profile, project, home, env)
             if source.applied and os.path.isfile(path)]
    keys = [(limit.key, limit.minimum) for limit in profile.config_limits]
    changes: dict[str, int] = {}
    for path, source in files:  # lowest precedence first: a later file's value wins
        found = settings.configured_numbers(source.reader, path, keys)
        for limit in profile.config_limits:
            if limit.key in found:
                changes.update((field, found[limit.key] * factor) for field, factor in limit.fields)
    return dataclasses.replace(profile, **changes) if changes else profile  # type: ignore[arg-type]


def settings_files(profile: Profile, project: Path, home: Path,
                   env: Mapping[str, str]) -> list[tuple[Path, SettingsSource]]:
    """The settings files the agent reads (present or not), lowest precedence first."""
    found: list[tuple[Path, SettingsSource]] = []
    for source in profile.settings:
        for directory in walk_dirs(project, home, source.walk, profile.stop):
            for template in source.templates:
                paths = expand_template(template, directory, home, env)
                if paths:
                    found.extend((path, source) for path in paths)
                    break
    return found


def _apply_settings(profile: Profile, project: Path, home: Path, env: Mapping[str, str],
                    drafts: list[_Draft]) -> tuple[list[settings.Rule], list[ScanNote]]:
    """Switch off the active drafts the agent's settings files switch off; the rules that
    apply (the catalog's built-ins obey them too) and notes about those files (malformed,
    ignored by the agent)."""
    from skillctl import settings

    label = profile.display_name
    reads: list[settings.Read] = []
    notes: list[ScanNote] = []
    for path, source in settings_files(profile, project, home, env):
        if not os.path.isfile(path):
            continue
        read = settings.read(source.reader, path, home)
        notes.extend(ScanNote(path, "settings", detail) for detail in read.notes)
        if source.applied:
            reads.append(read)
        elif any(r.effect is not settings.Effect.ON for r in read.rules):
            notes.append(ScanNote(path, "settings-ignored", source.note or (
                f"{label} does not apply skill settings from this file")))
    rules = settings.combine(reads)
    if not rules:
        return rules, notes
    for draft in drafts:
        if draft.status is not Status.ACTIVE:
            continue
        rule = settings.decide(rules, draft.name, (str(draft.skill.entry), draft.real))
        if rule is None or rule.effect is settings.Effect.ON:
            continue
        if rule.effect is settings.Effect.OFF:
            draft.status = Status.DISABLED
            draft.reason = f"switched off in {label}'s settings: {rule.describe()}"
        elif rule.effect is settings.Effect.CATALOG_OFF:
            draft.status = Status.HIDDEN
            draft.reason = (f"{_CATALOG_PREFIX}: only the user can invoke it "
                            f"({rule.describe()})")
        else:
            draft.name_only = True
            draft.warnings.append(f"listed in the catalog without its description "
                                  f"({rule.describe()})")
    return rules, notes


#: Environment variables that point at directories of the machine skillctl runs on.
LOCATION_VARS = frozenset({"XDG_CONFIG_HOME", "CODEX_HOME", "OPENCODE_CONFIG_DIR",
                           "CLAUDE_CONFIG_DIR", "OPENCLAW_STATE_DIR", "OPENCLAW_CONFIG_PATH"})


def simulated_env(environ: Mapping[str, str], *, home_given: bool) -> dict[str, str]:
    """The environment discovery should see: with a simulated ``--home``, location variables
    of the real machine are dropped (they would point outside the simulated home); switches
    such as ``OPENCODE_DISABLE_EXTERNAL_SKILLS`` are kept."""
    if not home_given:
        return dict(environ)
    return {k: v for k, v in environ.items() if k not in LOCATION_VARS}


def _dotted(data: Any, key: str) -> Any:
    for part in key.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _first_expanded(templates: Sequence[str], home: Path,
                    env: Mapping[str, str]) -> Path | None:
    for template in templates:
        found = expand_template(template, home, home, env)
        if found:
            return found[0]
    return None


def workspace_dir(profile: Profile, project: Path, home: Path,
                  env: Mapping[str, str]) -> Path:
    """The directory ``profile``'s ``{project}`` roots apply to: ``project`` itself, or the
    agent's own workspace (:class:`~skillctl.agents.profile.Workspace`). A settings file that
    cannot be read or parsed counts as not setting the key (the agent would refuse to start)."""
    rule = profile.workspace
    if rule is None:
        return project
    config = _first_expanded(rule.config_files, home, env)
    if config is not None and rule.config_key and os.path.isfile(config):
        from skillctl.settings import load_json

        try:  # JSON5, as OpenClaw reads its openclaw.json
            data = load_json(config.read_text(encoding="utf-8"), json5=True)
            value = _dotted(data, rule.config_key)
        except (OSError, UnicodeDecodeError, ValueError):
            value = None
        if isinstance(value, str) and value.strip():
            text = value.strip()
            if text == "~" or text.startswith("~/"):
                text = str(home) + text[1:]
            return _abs(Path(text))
    found = _first_expanded(rule.candidates, home, env)
    return _abs(found) if found is not None else project


# --------------------------------------------------------------------------- per skill


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value == 1
    return isinstance(value, str) and value.strip().lower() in _TRUE


def _conditional(value: Any) -> str | None:
    """Claude Code ``paths``: the patterns, or None when unset or all ``**``."""
    if isinstance(value, str):
        items = [p.strip() for p in value.split(",")]
    elif isinstance(value, list):
        items = [str(p).strip() for p in value]
    else:
        return None
    items = [p for p in items if p]
    if not items or all(p.removesuffix("/**") in ("**", "", "**/*") for p in items):
        return None
    return ", ".join(items)


#: Names every character check accepts as they are: ASCII lowercase words joined by single
#: hyphens (``_spec_name_problems`` and the ``ll-n-hyphen`` check find nothing in them).
_PLAIN_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_ASCII_LL_N_HYPHEN = re.compile(r"[a-z0-9-]*")
#: Compiled ``NameRule.pattern``s, by pattern text.
_NAME_PATTERNS: dict[str, re.Pattern[str]] = {}


def _spec_name_problems(name: str, dir_name: str) -> list[str]:
    n = unicodedata.normalize("NFKC", name.strip())
    if _PLAIN_NAME.fullmatch(n):
        return []
    problems = []
    if n != n.lower():
        problems.append(f"name {n!r} must be lowercase")
    if n.startswith("-") or n.endswith("-"):
        problems.append("name cannot start or end with a hyphen")
    if "--" in n:
        problems.append("name cannot contain consecutive hyphens")
    if any(not (c.isalnum() or c == "-") for c in n):
        problems.append(f"name {n!r} contains invalid characters")
    del dir_name
    return problems


def _name_problems(profile: Profile, declared: str | None, dir_name: str) -> list[str]:
    rule = profile.name_rule
    if declared is None or not declared.strip():
        return ["no name in the frontmatter"] if rule.required else []
    problems: list[str] = []
    if rule.max_length is not None and len(declared) > rule.max_length:
        problems.append(f"name is {len(declared)} characters (max {rule.max_length})")
    if rule.pattern is not None:
        pattern = _NAME_PATTERNS.get(rule.pattern)
        if pattern is None:
            pattern = _NAME_PATTERNS[rule.pattern] = re.compile(rule.pattern)
        if not pattern.fullmatch(declared):
            problems.append(f"name {declared!r} does not match {rule.pattern}")
    if rule.charset == "ll-n-hyphen" and (
        not _ASCII_LL_N_HYPHEN.fullmatch(declared) if declared.isascii() else any(
            not (unicodedata.category(c) == "Ll" or unicodedata.category(c).startswith("N")
                 or c == "-")
            for c in declared
        )
    ):
        problems.append(f"name {declared!r} may hold only lowercase letters, digits and '-'")
    if rule.charset == "spec":
        problems.extend(_spec_name_problems(declared, dir_name))
    if rule.must_match_dir and not _same_name(declared.strip(), dir_name):
        problems.append(f"name {declared!r} does not match the directory name {dir_name!r}")
    return problems


def name_refusal(profile: Profile, shown: str, dir_name: str) -> str | None:
    """Why the agent drops a skill for the characters of its folder's name (``dir_name``) or
    of the name it would show (``shown``), or None (conformance case folder-name-characters)."""
    dropped_by = next((c for c in profile.dir_name_drops if c in dir_name), None)
    if dropped_by is not None:
        return (f"{profile.display_name} skips a skill folder whose name holds "
                f"U+{ord(dropped_by):04X}")
    if profile.shown_name_check is not None:
        from skillctl.shown_text import name_problem

        problem = name_problem(profile.shown_name_check, shown)
        if problem is not None:
            return f"{profile.display_name} does not offer a skill by this name: {problem}"
    return None


def _same_name(name: str, dir_name: str) -> bool:
    """The two names are the same after NFKC normalisation (the identity on ASCII)."""
    if name == dir_name:
        return True
    if name.isascii() and dir_name.isascii():
        return False
    return unicodedata.normalize("NFKC", name) == unicodedata.normalize("NFKC", dir_name)


@dataclass(slots=True)
class _Draft:
    """A view being built (mutable until it is frozen into a SkillView)."""

    skill: Skill
    name: str
    status: Status
    reason: str | None
    place: RootPlace
    depth: int
    real: str  # realpath of the entry file
    dir_name: str  # the skill's directory name
    declared: str | None = None
    description: str | None = None
    warnings: list[str] = field(default_factory=list)
    data: Mapping[str, Any] = field(default_factory=dict)
    shadowed_by: Path | None = None
    name_only: bool = False
    #: its frontmatter was read on the agent's second try (``Verdict.retried``)
    retried: bool = False

    def freeze(self, agent: str) -> SkillView:
        place = self.place
        # positional: the fields of SkillView in order (a keyword call costs ~25% more)
        return SkillView(self.skill, agent, self.name, self.status, self.shadowed_by,
                         self.reason, place.path, place.scope, self.declared, self.description,
                         tuple(self.warnings) if self.warnings else (), self.depth, self.data,
                         self.name_only)


def _relative_parts(directory: Path, root: Path) -> tuple[str, ...]:
    """``directory.relative_to(root).parts``, or ``()`` when it is not below ``root``.

    Both are absolute here (places are made absolute and walks keep them so), and pathlib
    spells a path as its parts joined by ``/``: comparing the texts gives the same answer
    without pathlib's parsing (most of ``list``'s time on big project roots).
    """
    text, base = str(directory), str(root)
    if not (text.startswith("/") and base.startswith("/")) or "//" in (text[:2], base[:2]):
        try:
            return directory.relative_to(root).parts
        except ValueError:
            return ()
    if text == base:
        return ()
    prefix = base if base.endswith("/") else base + "/"
    return tuple(text[len(prefix):].split("/")) if text.startswith(prefix) else ()


def _skips_hidden(profile: Profile, root: Root) -> bool:
    """Whether the agent skips dot folders below ``root`` (the root's own say, else the
    profile's)."""
    return profile.skip_hidden if root.skip_hidden is None else root.skip_hidden


def _follows(profile: Profile, root: Root) -> bool:
    """Whether the agent follows symlinks below ``root`` (the root's own say, else the
    profile's)."""
    return profile.follow_symlinks if root.follow_symlinks is None else root.follow_symlinks


def _folders_walked(profile: Profile, place: RootPlace, cache: ParseCache) -> set[str] | None:
    """The real paths of the folders the agent's walk of ``place`` takes before its cap
    (``Profile.max_folders_walked``), or None when it takes them all."""
    cap, root = profile.max_folders_walked, place.root
    if cap is None or root is None:
        return None
    skip_hidden, follow = _skips_hidden(profile, root), _follows(profile, root)
    start = cache.real(place.path)
    taken = {start}
    queue = collections.deque([(start, 0)])
    while queue:
        folder, depth = queue.popleft()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if (skip_hidden and entry.name.startswith(".")) or depth + 1 > root.max_depth:
                continue
            try:
                if not entry.is_dir() or (entry.is_symlink() and not follow):
                    continue
            except OSError:
                continue
            if len(taken) >= cap:
                return taken
            real = cache.real(entry.path)
            if real not in taken:
                taken.add(real)
                queue.append((real, depth + 1))
    return None


_NODE_MODULES = frozenset({"node_modules"})


def _folders_left_out(profile: Profile, place: RootPlace) -> dict[str, str]:
    """The folders of ``place`` that the agent never looks at, each with why (nothing at or
    below them is found): those past ``Profile.max_child_folders`` of their parent, and
    those it would have listed after ``Profile.max_folder_listings``. The walk is the
    agent's: breadth first, each folder's children sorted in UTF-16 order, a folder
    holding SKILL.md not listed, none listed at the root's ``max_depth``."""
    cap, budget, root = profile.max_child_folders, profile.max_folder_listings, place.root
    if root is None or (cap is None and budget is None):
        return {}
    label = profile.display_name
    left_out: dict[str, str] = {}
    listings = 0

    def children(folder: str) -> list[str] | None:
        """The names of the child folders the agent looks at, or None past the budget."""
        nonlocal listings
        if budget is not None and listings >= budget:
            left_out[folder] = (f"{label} lists at most {budget:,} folders of {place.path} "
                                f"(breadth first), and {folder} comes later")
            return None
        listings += 1
        names = child_folders(folder, _NODE_MODULES)
        if cap is not None and len(names) > cap:
            for name in names[cap:]:
                left_out[os.path.join(folder, name)] = (
                    f"{label} looks at only the first {cap:,} of the {len(names):,} folders "
                    f"in {folder} (by name), and this one comes later")
            names = names[:cap]
        return names

    start = str(place.path)
    if os.path.lexists(os.path.join(start, "SKILL.md")):
        return {}  # the root is one skill (or hides its tree): nothing is listed
    top = children(start) or []
    skills = os.path.join(start, "skills")
    as_root = (profile.skills_folder_as_root and os.path.isdir(skills)
               and not os.path.lexists(os.path.join(skills, "SKILL.md")))
    if as_root and skills in left_out:
        del left_out[skills]
        top.append("skills")
    below_skills = _skills_folder_depth(root)
    queue = collections.deque(
        (os.path.join(start, name), 0 if as_root and name == "skills" else 1,
         as_root and name == "skills") for name in top)
    while queue:
        folder, depth, in_skills = queue.popleft()
        if (os.path.lexists(os.path.join(folder, "SKILL.md"))
                or depth >= (below_skills if in_skills else root.max_depth)):
            continue
        below = children(folder)
        queue.extend((os.path.join(folder, name), depth + 1, in_skills)
                     for name in below or ())
    return left_out


def _skills_folder_depth(root: Root) -> int:
    """How deep the agent walks below a root's own ``skills/`` folder (counted from it)."""
    return root.max_depth if root.skills_folder_depth is None else root.skills_folder_depth


def _left_out_reason(left_out: dict[str, str], place: RootPlace, folder: Path) -> str | None:
    """Why the agent never looks at ``folder``: the reason of it or of a folder above it in
    ``left_out`` (from :func:`_folders_left_out`)."""
    here = str(place.path)
    for part in _relative_parts(folder, place.path):
        here = os.path.join(here, part)
        if here in left_out:
            return left_out[here]
    return None


def _below_skills_folder(profile: Profile, place: RootPlace, rel_parts: tuple[str, ...]) -> bool:
    """Whether the agent walks this folder from its root's ``skills`` folder as from the root
    (``Profile.skills_folder_as_root``), which gives it one more level."""
    return (profile.skills_folder_as_root and len(rel_parts) > 1 and rel_parts[0] == "skills"
            and not os.path.lexists(place.path / "skills" / "SKILL.md"))


def _structural_reason(profile: Profile, place: RootPlace, cand: Candidate) -> str | None:
    """Why the agent never reaches this candidate (depth, case, symlinks, dot dirs)."""
    label = profile.display_name
    root = place.root
    if root is None:  # a user-given tree: only the entry file name matters
        if not cand.exact_case and not profile.case_blind_entry:
            return f"named {cand.entry.name}; {label} only loads SKILL.md (case-sensitive)"
        return None
    if cand.depth == 0 and not profile.root_is_skill:
        return f"SKILL.md sits directly in the root; {label} looks for <root>/<name>/SKILL.md"
    if (cand.depth > 0 and profile.root_is_skill and profile.root_skill_hides_tree
            and not root.files_as_skills and os.path.isfile(place.path / "SKILL.md")):
        return (f"below {place.path / 'SKILL.md'}: {label} takes the root for one skill and "
                "looks no further")
    rel_parts = _relative_parts(cand.dir, place.path)
    if cand.depth > root.max_depth and not (
            cand.depth <= _skills_folder_depth(root) + 1
            and _below_skills_folder(profile, place, rel_parts)):
        levels = "1 level" if root.max_depth == 1 else f"{root.max_depth} levels"
        return f"too deep: {cand.depth} levels below {place.path}; {label} looks {levels} deep"
    if rel_parts and rel_parts[-1].lower() in profile.reserved_dir_names:
        return f"the directory name {rel_parts[-1]!r} is reserved by {label}"
    if _skips_hidden(profile, root) and any(part.startswith(".") for part in rel_parts):
        return f"inside a dot directory, which {label} skips"
    if any(part in profile.skip_dirs for part in rel_parts):
        return f"inside a directory {label} skips"
    follow = _follows(profile, root)
    confine = (profile.confine_symlinks if root.confine_symlinks is None
               else root.confine_symlinks)
    if rel_parts and cand.via_symlink:  # no symlink on the way: nothing to judge
        here = place.path
        for part in rel_parts:
            here = here / part
            if os.path.islink(here):
                if not follow:
                    return f"below the symlink {here}, which {label} does not follow"
                if confine:
                    real_root = _real(place.path)
                    if os.path.commonpath([_real(here), real_root]) != real_root:
                        return (f"the symlink {here} resolves outside the root; {label} "
                                "requires skills to stay inside it")
    if confine and os.path.islink(cand.entry):
        real_root = _real(place.path)
        if os.path.commonpath([_real(cand.entry), real_root]) != real_root:
            return (f"{cand.entry.name} is a symlink to a file outside the root; {label} "
                    "requires skills to stay inside it")
    if not cand.exact_case and not profile.case_blind_entry:
        return f"named {cand.entry.name}; {label} only loads SKILL.md (case-sensitive)"
    if not profile.entry_symlinks and os.path.islink(cand.entry):
        return f"{cand.entry.name} is a symlink to a file, which {label} does not load"
    return None


def _evaluate(profile: Profile, skill: Skill, place: RootPlace, depth: int, real: str,
              cache: ParseCache, dir_name: str) -> _Draft:
    """Parser dialect, name and description rules for one reachable skill."""
    label = profile.display_name
    parsed = skill.parsed
    draft = _Draft(skill, dir_name, Status.ACTIVE, None, place, depth, real, dir_name)
    if profile.max_file_bytes is not None and parsed.size > profile.max_file_bytes:
        draft.status = Status.INVALID
        draft.reason = (f"the file is {parsed.size} bytes; {label} skips SKILL.md over "
                        f"{profile.max_file_bytes} bytes")
        return draft
    seen = cache.verdict_at(profile.parser, real, parsed)
    if place.root is not None and place.root.files_as_skills:
        seen = file_skill_verdict(seen, parsed)
    if not seen.accepted:
        draft.status = Status.INVALID
        draft.reason = seen.reason
        return draft
    data = seen.data or {}
    draft.data = data
    draft.retried = seen.retried
    if seen.reason:
        draft.warnings.append(seen.reason)
    raw_name = data.get("name")
    declared = raw_name if isinstance(raw_name, str) else None
    if profile.scalar_names_as_text and isinstance(raw_name, int | float):  # bool is an int
        declared = js_scalar(raw_name)
        draft.warnings.append(f"name is a {type(raw_name).__name__}, not a string; {label} "
                              f"reads it as {declared!r}")
    elif raw_name is not None and declared is None:
        draft.warnings.append(f"name is a {type(raw_name).__name__}, not a string")
    if declared is not None and profile.name_rule.trimmed:
        declared = declared.strip()
    if declared is not None and profile.name_rule.sanitize_chars:
        sanitized = profile.name_rule.sanitized(declared)
        if sanitized != declared:
            draft.warnings.append(f"{label} turns the name {declared!r} into {sanitized!r}")
            declared = sanitized
    draft.declared = declared
    blank = declared is not None and not declared.strip()
    if blank and profile.name_rule.blank_name == "drop":
        draft.status = Status.INVALID
        draft.reason = f"the name field is blank; {label} drops the skill"
        return draft
    keep_blank = blank and profile.name_rule.blank_name == "keep"
    if profile.name_source is NameSource.DIR_NAME:
        draft.name = dir_name
    elif profile.name_source is NameSource.DECLARED_OR_DIR:
        draft.name = declared or dir_name
    else:
        draft.name = declared or dir_name
    if keep_blank and profile.name_source is not NameSource.DIR_NAME:
        draft.name = declared or ""
    # a name taken from the folder (or the file) is made and checked as a declared one is
    from_dir = profile.name_rule.checks_dir_name and not declared \
        and profile.name_source is not NameSource.DECLARED
    if from_dir:
        draft.name = made = profile.name_rule.sanitized(dir_name)
    if skill.namespace is not None:  # a plugin's skill: never clashes with a plain name
        draft.name = f"{skill.namespace}:{draft.name}"
    refused = name_refusal(profile, draft.name, dir_name)
    if refused is not None:
        draft.status = Status.INVALID
        draft.reason = refused
        return draft
    if from_dir:
        taken_from = "the file's name" if skill.is_file_skill else "the folder's name"
        problems = [f"no name field, and {taken_from}: {problem}"
                    for problem in _name_problems(profile, made, dir_name)]
    elif keep_blank:
        problems = []
    else:
        problems = _name_problems(profile, declared, dir_name)
    no_name = profile.name_source is NameSource.DECLARED and not (
        (declared and declared.strip()) or keep_blank)
    if problems or no_name:
        handling = profile.name_rule.invalid
        if no_name or handling is not InvalidHandling.WARN_LOAD:
            draft.status = Status.INVALID
            draft.reason = "; ".join(problems or ["no name in the frontmatter"])
            return draft
        draft.warnings.extend(problems)
    raw_desc = data.get("description")
    if profile.scalar_descriptions_as_text and isinstance(raw_desc, int | float):
        raw_desc = js_scalar(raw_desc)  # (a bool is an int)
    description = raw_desc if isinstance(raw_desc, str) and raw_desc.strip() else None
    if description is None and profile.description_fallback is not None:
        description = (from_body(seen.body, profile.description_fallback)
                       if seen.body is not None  # (the body as the agent cuts the file)
                       else cache.fallback_description(parsed, profile.description_fallback))
        if description is not None:
            draft.warnings.append("no description: the body stands in for it")
    draft.description = description
    if description is None and profile.description_required:
        draft.status = Status.INVALID
        draft.reason = "no description in the frontmatter"
        return draft
    if description is not None and profile.description_max is not None and (
        len(description) > profile.description_max
    ):
        message = (f"description is {len(description)} characters; {label} allows "
                   f"{profile.description_max}")
        if not profile.description_max_warns:
            draft.status = Status.INVALID
            draft.reason = message
            return draft
        draft.warnings.append(message)
    if draft.name in profile.builtin_commands:
        draft.warnings.append(f"the name collides with {label}'s built-in /{draft.name}")
    if draft.name in profile.builtin_skills and not (place.root and place.root.after_builtins):
        draft.warnings.append(f"the name is also a skill {label} ships itself" + (
            f"; {label} loads this one in its place" if profile.builtins_yield else ""))
    return draft


#: ``sys.platform`` as Node's ``process.platform`` names it.
_NODE_PLATFORM = {"linux": "linux", "darwin": "darwin", "win32": "win32", "cygwin": "win32"}


def unmet_requirement(profile: Profile, data: Mapping[str, Any],
                      environ: Mapping[str, str]) -> str | None:
    """Why ``profile`` leaves a skill out for its runtime requirements (``metadata.<key>`` for
    a key of ``profile.requirement_keys``: ``os``, and unless ``always: true``,
    ``requires.env``, ``requires.bins``, ``requires.anyBins``), or None when they are met or
    there are none. Binaries are looked up on ``environ``'s ``PATH``."""
    if not profile.requirement_keys:
        return None
    metadata = data.get("metadata")
    if isinstance(metadata, str):
        try:
            metadata = json.loads(metadata)
        except ValueError:
            return None
    if not isinstance(metadata, Mapping):
        return None
    block = next((metadata[k] for k in profile.requirement_keys
                  if isinstance(metadata.get(k), Mapping)), None)
    if block is None:
        return None
    label = profile.display_name

    def listed(value: Any) -> list[str]:
        items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        return [str(item).strip() for item in items if str(item).strip()]

    systems = listed(block.get("os"))
    platform = _NODE_PLATFORM.get(sys.platform, sys.platform)
    if systems and platform not in systems:
        return f"{label} leaves it out on {platform}: metadata os is {', '.join(systems)}"
    if block.get("always") is True:
        return None
    requires = block.get("requires")
    if not isinstance(requires, Mapping):
        return None
    path = environ.get("PATH", "")
    for name in listed(requires.get("env")):
        if not environ.get(name):
            return f"{label} leaves it out: it requires ${name}, which is not set"
    for binary in listed(requires.get("bins")):
        if shutil.which(binary, path=path) is None:
            return f"{label} leaves it out: it requires {binary!r}, which is not on PATH"
    any_of = listed(requires.get("anyBins"))
    if any_of and not any(shutil.which(b, path=path) for b in any_of):
        return f"{label} leaves it out: it requires one of {', '.join(any_of)} on PATH"
    return None


def _catalog_and_conditions(profile: Profile, draft: _Draft,
                            environ: Mapping[str, str]) -> None:
    """Winners that stay out of the catalog, or load only on condition."""
    label = profile.display_name
    unmet = unmet_requirement(profile, draft.data, environ)
    if unmet is not None:
        draft.status = Status.HIDDEN
        draft.reason = unmet
        return
    for key in profile.excluded_from_catalog:
        if _truthy(draft.data.get(key)):
            draft.status = Status.HIDDEN
            draft.reason = f"{_CATALOG_PREFIX}: {key} is set, so {label} does not offer it"
            return
    if profile.hide_without_description and not isinstance(draft.data.get("description"), str):
        draft.status = Status.HIDDEN
        draft.reason = f"{_CATALOG_PREFIX}: {label} lists only skills with a description"
        return
    if profile.conditional_field is not None:
        patterns = _conditional(draft.data.get(profile.conditional_field))
        if patterns is not None:
            draft.status = Status.CONDITIONAL
            draft.reason = (f"activates only after a file matching {profile.conditional_field} "
                            f"({patterns}) is read or edited")


def _dir_name_of(draft: _Draft) -> str:
    return draft.dir_name


def _real_of(draft: _Draft) -> str:
    return draft.real


def _entry_of(draft: _Draft) -> str:
    return str(draft.skill.entry)


def _name_of(draft: _Draft) -> str:
    return draft.name


def _same_text_retried(loaded: list[_Draft], label: str) -> None:
    """Warn on each file whose text another loaded file holds too, when the agent reads that
    text only on its second try (``Profile.failed_reads_remembered``): its reader remembers
    the failed first read, and hands it, empty, to the other files of that text."""
    candidates: dict[tuple[str | None, str | None], list[_Draft]] = {}
    for draft in loaded:  # (one text: one name and description; most files share neither)
        if draft.retried:
            candidates.setdefault((draft.declared, draft.description), []).append(draft)
    for group in candidates.values():
        if len(group) < 2:
            continue
        by_text: dict[bytes, list[_Draft]] = {}
        for draft in group:
            try:
                text = read_bytes(draft.skill.entry)[0]
            except OSError:
                continue
            by_text.setdefault(text, []).append(draft)
        for same in by_text.values():
            for draft in same if len(same) > 1 else ():
                draft.warnings.append(
                    f"{len(same)} files hold this same text, which {label} reads only on its "
                    "second try: it loads one of them at random, or none (its reader "
                    "remembers the failed first read of a text); quote the value its YAML "
                    "rejects")


def _dedup(profile: Profile, drafts: list[_Draft]) -> None:
    """Same-file dedup, then the agent's name-collision rule, on loaded drafts in scan order."""
    label = profile.display_name
    loaded = [d for d in drafts if d.status is Status.ACTIVE]
    if profile.same_file_key is not None:
        first_by_file: dict[str, _Draft] = {}
        for draft in loaded:
            key = (draft.real if profile.same_file_key is DedupKey.REALPATH
                   else str(draft.skill.entry))
            winner = first_by_file.setdefault(key, draft)
            if winner is not draft:
                draft.status = Status.SHADOWED
                draft.shadowed_by = winner.skill.entry
                draft.reason = f"the same file as {winner.skill.entry}; {label} loads it once"
        loaded = [d for d in loaded if d.status is Status.ACTIVE]
    if profile.failed_reads_remembered:
        _same_text_retried(loaded, label)

    key_of: Callable[[_Draft], str]
    if profile.dedup_key is DedupKey.DIR_NAME:
        key_of = _dir_name_of
    elif profile.dedup_key is DedupKey.REALPATH:
        key_of = _real_of
    elif profile.dedup_key is DedupKey.PATH:
        key_of = _entry_of
    else:
        key_of = _name_of

    groups: dict[str, list[_Draft]] = {}
    for draft in loaded:
        groups.setdefault(key_of(draft), []).append(draft)
    # Codex keeps every copy: the name collision is about the *name*, whatever its dedup key.
    if profile.winner is Winner.NONE:
        by_name: dict[str, list[_Draft]] = {}
        for draft in loaded:
            by_name.setdefault(draft.name, []).append(draft)
        for same in by_name.values():
            for draft in same if len(same) > 1 else ():
                draft.warnings.append(
                    f"{len(same)} skills are named {draft.name!r}; {label} keeps them all, so "
                    "a plain mention of the name is ambiguous (use a link to the path)"
                )
        return
    for same in groups.values():
        if len(same) < 2:
            continue
        if profile.winner is Winner.RANDOM:
            # no winner can be named: every copy stays active and says so (the catalog
            # shows one of them, a different one from run to run)
            for draft in same:
                draft.warnings.append(
                    f"{len(same)} skills are named {draft.name!r}; {label} picks one of "
                    "them at random each time it starts")
            continue
        winner = same[-1] if profile.winner is Winner.LAST else same[0]
        if profile.root_last_wins:
            winner = [d for d in same if d.place is winner.place][-1]
        for draft in same:
            if draft is winner:
                continue
            draft.status = Status.SHADOWED
            draft.shadowed_by = winner.skill.entry
            if profile.winner is Winner.UNDEFINED:
                draft.reason = (f"{label} does not document which of {len(same)} skills named "
                                f"{draft.name!r} wins; assuming the first scanned, "
                                f"{winner.skill.entry}")
            else:
                order = "later" if profile.winner is Winner.LAST or (
                    profile.root_last_wins and draft.place is winner.place) else "earlier"
                draft.reason = (f"{label} keeps the {order} skill named {draft.name!r}: "
                                f"{winner.skill.entry} ({winner.place.scope.value})")


# --------------------------------------------------------------------------- discovery

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _gc_paused(function: Callable[_P, _R]) -> Callable[_P, _R]:
    @functools.wraps(function)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with paused_gc():
            return function(*args, **kwargs)

    return wrapper


#: Folders of :data:`ALWAYS_SKIPPED` that some agents do walk into: walked for a profile
#: whose ``skip_dirs`` does not name them (OpenCode and its plugin load skills below
#: ``node_modules``).
_AGENTS_ENTER = frozenset({"node_modules"})


def _scan_options(profile: Profile, root: Root | None) -> WalkOptions:
    if root is None:
        return WalkOptions(respect_gitignore=True, follow_symlinks=True,
                           skip=ALWAYS_SKIPPED | profile.skip_dirs)
    depth = min(limits.MAX_SCAN_DEPTH,
                max(root.max_depth, _skills_folder_depth(root) + 1, 1) + EXTRA_DEPTH)
    return WalkOptions(
        max_depth=depth,
        follow_symlinks=True,  # followed here, judged per agent afterwards
        skip_hidden=False,
        skip=ALWAYS_SKIPPED - (_AGENTS_ENTER - profile.skip_dirs),
        stop_at_skill=profile.stop_at_skill,
        include_root=True,
        loop_depth=root.max_depth if profile.walks_symlink_loops else 0,
    )


def _scan_place(profile: Profile, place: RootPlace,
                cache: ParseCache) -> list[Placed | ScanNote]:
    """What is below one place (walked once per run for agents with the same walk options)."""
    path = place.path
    if not os.path.lexists(path):
        return []
    if place.root is None and not os.path.isdir(path):
        def given() -> Iterator[Candidate | ScanNote]:
            from skillctl.collect import candidates_for

            found, notes, _ = candidates_for([path])
            yield from notes
            yield from found

        return cache.placed(path, None, place.scope, given)
    if place.root is not None and place.root.files_as_skills:
        return cache.placed(path, _FILES_AS_SKILLS, place.scope,
                            functools.partial(_markdown_files, path))
    options = _scan_options(profile, place.root)

    def walk() -> Iterator[Candidate | ScanNote]:
        for item in walk_skills(path, options):
            if isinstance(item, ScanNote) and item.reason == "too-deep":
                continue  # skillctl's own extended depth, not the agent's
            yield item

    return cache.placed(path, options, place.scope, walk)


#: The walk of a root whose Markdown files are skills (``Root.files_as_skills``): only the
#: key under which :class:`ParseCache` keeps what :func:`_markdown_files` found.
_FILES_AS_SKILLS = WalkOptions(max_depth=0, include_root=False, max_entries=0)
#: Most files of one such root looked at (a folder of thousands of notes is not a catalog).
MAX_FILE_SKILLS = 2000


def _markdown_files(folder: Path) -> Iterator[Candidate | ScanNote]:
    """Each Markdown file directly in ``folder`` (a name ending in ``.md``, in any case, with
    something before it; a link to a file counts), in name order."""
    try:
        with os.scandir(folder) as listing:
            entries = list(itertools.islice(listing, limits.MAX_SCAN_ENTRIES + 1))
    except OSError as exc:
        yield ScanNote(folder, "unreadable", exc.strerror or str(exc))
        return
    if len(entries) > limits.MAX_SCAN_ENTRIES:
        entries.pop()
        yield ScanNote(folder, "too-many", f"more than {limits.MAX_SCAN_ENTRIES} entries; "
                       "the first ones listed were read")
    entries.sort(key=lambda entry: entry.name)
    count = 0
    for entry in entries:
        if len(entry.name) < 4 or entry.name[-3:].lower() != ".md":
            continue
        try:
            regular = entry.is_file()  # through a link; not a folder, FIFO or device
            linked = entry.is_symlink()
        except OSError:
            continue
        if not regular:
            if linked and not os.path.exists(entry.path):
                yield ScanNote(Path(entry.path), "dangling-symlink", "")
            continue
        count += 1
        if count > MAX_FILE_SKILLS:
            yield ScanNote(folder, "too-many", f"more than {MAX_FILE_SKILLS} Markdown files")
            return
        yield Candidate(folder, Path(entry.path), 1, True, linked)


def _glob_reverse(found: list[Placed | ScanNote]) -> list[Placed | ScanNote]:
    """One root's skills in Gemini CLI's glob order (``root_order="glob-reverse"``): the
    root's own SKILL.md, then each depth in reverse byte order (the scan gives it sorted)."""
    return sorted(reversed(found), key=lambda f: -1 if isinstance(f, ScanNote) else f[0].depth)


def _readdir_order(root: Path, found: list[Placed | ScanNote]) -> list[Placed | ScanNote]:
    """One root's skills depth first, each folder's entries in the order the file system
    lists them (``root_order="readdir"``): a skill folder's key is the listing position of
    each of its path parts below ``root``. Notes keep their place at the front."""
    listings: dict[Path, dict[str, int]] = {}

    def position(parent: Path, name: str) -> int:
        if parent not in listings:
            try:
                listings[parent] = {n: i for i, n in enumerate(os.listdir(parent))}
            except OSError:
                listings[parent] = {}
        return listings[parent].get(name, len(listings[parent]))

    def key(item: Placed | ScanNote) -> tuple[int, ...]:
        if isinstance(item, ScanNote):
            return (-1,)
        folder = item[0].dir
        try:
            parts = folder.relative_to(root).parts
        except ValueError:
            return ()
        parent, at = root, []
        for part in parts:
            at.append(position(parent, part))
            parent = parent / part
        return tuple(at)

    return sorted(found, key=key)


def _path_order(root: Path, found: list[Placed | ScanNote], *,
                locale: bool) -> list[Placed | ScanNote]:
    """One root's skills sorted by a path below ``root`` as one ``/``-separated string: the
    entry file's by code point (``root_order="path"``: ``a-b/SKILL.md`` before
    ``a/SKILL.md``, ``a/b/SKILL.md`` before ``b/SKILL.md``, where a walk sorted folder by
    folder has it the other way), or the folder's with ``localeCompare``
    (``root_order="locale-path"``). Notes keep their place at the front."""
    prefix = len(os.fspath(root).rstrip(os.sep)) + 1

    def below(path: Path) -> str:
        return os.fspath(path)[prefix:].replace(os.sep, "/")

    def key(item: Placed | ScanNote) -> tuple[int, LocaleKey | str]:
        if isinstance(item, ScanNote):
            return -1, ""
        return 0, locale_key(below(item[0].dir)) if locale else below(item[0].entry)

    return sorted(found, key=key)


#: Statuses of skills an agent never loaded (they take no slot in a first-seen catalog).
_UNMET = frozenset({Status.INVALID, Status.HIDDEN})


def _first_seen_slots(drafts: Sequence[_Draft]) -> dict[str, int]:
    """Each loaded name's slot: the order names were first met in scan order
    (``catalog_first_seen``)."""
    slots: dict[str, int] = {}
    for draft in drafts:
        if draft.status not in _UNMET:
            slots.setdefault(draft.name, len(slots))
    return slots


@_gc_paused
def discover(
    profile: Profile,
    project: Path,
    home: Path,
    env: Mapping[str, str] | None = None,
    extra_paths: Sequence[Path] = (),
    *,
    cache: ParseCache | None = None,
) -> Resolution:
    """Reproduce one agent's discovery for ``project`` and ``home``.

    ``env`` decides environment switches and ``{config}``/``$CODEX_HOME``-style locations
    (``os.environ`` when None). ``extra_paths`` are user-given trees (or skill dirs or files):
    their skills get scope ``extra`` and the lowest precedence. A missing extra path is a
    :class:`UsageError`. Never raises for anything found on disk.
    """
    environ: Mapping[str, str] = os.environ if env is None else env
    project, home = _abs(project), _abs(home)
    profile = configured(profile, project, home, environ)
    workspace = workspace_dir(profile, project, home, environ)
    cache = ParseCache() if cache is None else cache
    missing = [p for p in extra_paths if not os.path.lexists(p)]
    if missing:
        raise PathNotFoundError(missing)
    cache.expect((profile.parser,))
    places = root_places(profile, workspace, home, environ, cwd=project)
    in_plugins, plugin_notes = plugin_places(profile, workspace, home, environ)
    before = [p for p in in_plugins if p.root is not None and p.root.before_roots]
    places = [*before, *places, *(p for p in in_plugins if p not in before)]
    extras = [RootPlace(_abs(p), None, Scope.EXTRA) for p in extra_paths]
    places = extras + places if profile.winner is Winner.LAST else places + extras
    drafts: list[_Draft] = []
    notes: list[ScanNote] = plugin_notes
    if workspace != project and profile.workspace is not None:
        notes.append(ScanNote(workspace, "workspace", profile.workspace.note))
    over_cap = (f"over {profile.display_name}'s cap of {profile.max_skills_per_root} skills "
                "per root")
    nearest_namespace = plugins.NearestNamespace(profile.folder_manifests)
    for place in places:
        reachable = 0
        here = _scan_place(profile, place, cache)
        some_skill = any(not isinstance(f, ScanNote) for f in here)
        walked = (_folders_walked(profile, place, cache)
                  if profile.max_folders_walked is not None and place.root is not None
                  and some_skill else None)
        left_out = _folders_left_out(profile, place) if some_skill else {}
        if profile.root_order == "glob-reverse":
            here = _glob_reverse(here)
        elif profile.root_order == "readdir":
            here = _readdir_order(place.path, here)
        elif profile.root_order in ("path", "locale-path"):
            here = _path_order(place.path, here, locale=profile.root_order == "locale-path")
        for found in here:
            if isinstance(found, ScanNote):
                if found.reason == "symlink-loop" and profile.symlink_loop_hangs:
                    found = ScanNote(found.path, found.reason,
                                     f"{found.detail}; {profile.display_name} follows it with "
                                     "no cycle check and does not finish discovering skills")
                notes.append(found)
                continue
            item, skill, real, dir_name = found
            if place.plugin is not None:
                # a plugin without a namespace (a Gemini CLI extension) adds plain names
                skill = dataclasses.replace(skill, plugin=place.plugin.id,
                                            namespace=place.plugin.namespace or None,
                                            root=place.plugin.catalog_root or skill.root,
                                            text_variables=place.plugin.variables)
            elif profile.folder_manifests:
                namespace = nearest_namespace(os.path.dirname(real))
                if namespace is not None:
                    skill = dataclasses.replace(skill, namespace=namespace)
            reason = _structural_reason(profile, place, item)
            if reason is None and walked is not None and cache.real(item.dir) not in walked:
                reason = (f"{profile.display_name} stops walking {place.path} after "
                          f"{profile.max_folders_walked:,} folders (breadth first, by name); "
                          "this skill's folder comes later")
            if reason is None and left_out:
                reason = _left_out_reason(left_out, place, item.dir)
            if reason is None and profile.max_skills_per_root is not None:
                reachable += 1
                if reachable > profile.max_skills_per_root:
                    reason = over_cap
            if reason is not None:
                drafts.append(_Draft(skill, dir_name, Status.HIDDEN, reason, place,
                                     item.depth, real, dir_name))
                continue
            draft = _evaluate(profile, skill, place, item.depth, real, cache, dir_name)
            if place.root is not None and place.root.after_builtins \
                    and draft.status is Status.ACTIVE and draft.name in profile.builtin_skills:
                draft.status = Status.SHADOWED
                draft.reason = (f"{profile.display_name} reads its built-in skill "
                                f"{draft.name!r} first, and the built-in keeps the name")
            if place.plugin is not None and place.plugin.commands \
                    and draft.status is Status.ACTIVE and draft.name.removeprefix(
                        place.plugin.namespace + ":") in place.plugin.commands:
                draft.status = Status.HIDDEN
                draft.reason = (f"{profile.display_name} offers the plugin's command "
                                f"{draft.name} in its place")
            if place.plugin is not None and place.plugin.state is not plugins.State.ENABLED \
                    and draft.status is Status.ACTIVE:
                draft.status = (Status.DISABLED if place.plugin.state is plugins.State.DISABLED
                                else Status.INVALID)
                draft.reason = place.plugin.reason
            drafts.append(draft)
    if extras:  # a file an agent's own roots reach is seen there, not again as an extra copy
        in_roots = {d.real for d in drafts if d.place.scope is not Scope.EXTRA}
        drafts = [d for d in drafts if d.place.scope is not Scope.EXTRA or d.real not in in_roots]
    if in_plugins:  # a plugin skill is not also "too deep" below a plain root
        in_plugin = {d.real for d in drafts if d.place.plugin is not None}
        drafts = [d for d in drafts if d.place.plugin is not None or d.status is not
                  Status.HIDDEN or d.real not in in_plugin]
    _dedup(profile, drafts)
    rules: list[settings.Rule] = []
    if profile.settings:
        rules, settings_notes = _apply_settings(profile, project, home, environ, drafts)
        notes.extend(settings_notes)
    for draft in drafts:
        if draft.status is Status.ACTIVE:
            _catalog_and_conditions(profile, draft, environ)
    slots = _first_seen_slots(drafts) if profile.catalog_first_seen else None
    if profile.winner is Winner.LAST:
        drafts.reverse()
    if slots is not None:  # stable: each name's copies stay in precedence order
        drafts.sort(key=lambda d: slots.get(d.name, len(slots)) if d.status not in _UNMET
                    else len(slots))
    unique_notes = sorted(set(notes), key=lambda n: (str(n.path), n.reason))
    commands = _commands(profile, project, home, environ, in_plugins, drafts)
    views = tuple(d.freeze(profile.id) for d in drafts)
    if any(command.skill for command in commands):
        views += _command_skills(profile, commands, cache)
    return Resolution(profile.id, project, home, views, tuple(unique_notes), tuple(rules),
                      commands, profile)


def _command_skills(profile: Profile, commands: Sequence[Command],
                    cache: ParseCache) -> tuple[SkillView, ...]:
    """A view of each command that is a skill (``Profile.command_skill_folders``): offered as
    a skill, described and listed as a command (the catalog shows it with the commands)."""
    views = []
    for command in commands:
        if not command.skill or command.root is None:
            continue
        folder = command.path.parent
        depth = len(_relative_parts(folder, command.root))
        found = Candidate(folder, command.path, depth, command.path.name == ENTRY_FILE, False)
        skill = cache.skill(found, command.scope, command.root)
        declared = skill.parsed.data.get("name")
        status, reason = Status.ACTIVE, None
        if not command.offered:
            status, reason = Status.HIDDEN, (f"{_CATALOG_PREFIX}: disable-model-invocation is "
                                             f"set, so {profile.display_name} does not offer it")
        views.append(SkillView(
            skill, profile.id, command.name, status, None, reason, command.root,
            command.scope, declared if isinstance(declared, str) else None, command.description,
            (f"a SKILL.md in a folder of commands: {profile.display_name} offers it as the skill "
             f"{command.name!r}, named after its folder, and lists it with its commands",),
            depth, skill.parsed.data))
    return tuple(views)


def _commands(profile: Profile, project: Path, home: Path, environ: Mapping[str, str],
              in_plugins: Sequence[RootPlace], drafts: Sequence[_Draft]) -> tuple[Command, ...]:
    """The commands ``profile`` lists: its ``command_roots`` in order (the first of a name
    wins; a skill offered outside plugins wins over a command of its name), then each enabled
    plugin's (which win over the plugin's own skills: see :func:`discover`)."""
    if not profile.command_roots and not any(p.plugin and p.plugin.commands for p in in_plugins):
        return ()
    taken = {d.name for d in drafts if d.status is Status.ACTIVE and d.place.plugin is None}
    found: list[Command] = []
    for root in profile.command_roots:
        for directory in walk_dirs(project, home, root.walk, profile.stop):
            for path in expand_template(root.template, directory, home, environ):
                for command in read_commands(path, root.scope, dialect=profile.parser,
                                             scalar_text=profile.scalar_descriptions_as_text,
                                             skill_folders=profile.command_skill_folders):
                    if command.name not in taken:
                        taken.add(command.name)
                        found.append(command)
    for place in in_plugins:
        plugin = place.plugin
        if plugin is None or not plugin.commands or plugin.state is not plugins.State.ENABLED:
            continue
        for folder in plugins.claude_command_folders(plugin.skills.parent):
            for command in read_commands(folder, Scope.PLUGIN, plugin.namespace,
                                         dialect=profile.parser,
                                         scalar_text=profile.scalar_descriptions_as_text):
                if command.name not in taken:
                    taken.add(command.name)
                    found.append(command)
    return tuple(found)


@_gc_paused
def discover_all(
    project: Path,
    home: Path,
    env: Mapping[str, str] | None = None,
    extra_paths: Sequence[Path] = (),
    agents: Sequence[str] | None = None,
    *,
    cache: ParseCache | None = None,
) -> CrossView:
    """Run :func:`discover` for several agents (all by default) and join the views per file."""
    cache = ParseCache() if cache is None else cache
    ids = list(agents) if agents is not None else agent_ids()
    profiles = [get_profile(agent) for agent in ids]
    cache.expect(p.parser for p in profiles)
    resolutions = {
        agent: discover(profile, project, home, env, extra_paths, cache=cache)
        for agent, profile in zip(ids, profiles, strict=True)
    }
    by_file: dict[str, Skill] = {}
    notes: set[ScanNote] = set()
    # each agent's best view per real file: what CrossView.views_of would index on first use
    index: dict[str, dict[str, SkillView]] = {}
    real = cache.real
    extra = Scope.EXTRA
    for agent, resolution in resolutions.items():
        notes.update(resolution.notes)
        for view in resolution.views:
            key = real(view.path)
            known = by_file.get(key)
            if known is None or (known.scope is extra and view.scope is not extra):
                by_file[key] = _with_place(view)
            per_agent = index.get(key)
            if per_agent is None:
                per_agent = index[key] = {}
            _keep_best(per_agent, agent, view)
    skills = tuple(sorted(by_file.values(), key=lambda s: (s.name, str(s.entry))))
    return CrossView(_abs(project), _abs(home), resolutions, skills,
                     tuple(sorted(notes, key=lambda n: (str(n.path), n.reason))),
                     _index=index, _reals=cache.reals())


def discover_for(
    skill: Skill,
    project: Path,
    home: Path,
    env: Mapping[str, str] | None = None,
    agents: Sequence[str] | None = None,
    *,
    cache: ParseCache | None = None,
) -> CrossView:
    """Every agent's view of one skill: from its roots when it reaches the skill, otherwise as
    if the skill's directory were an extra tree (so its parser and rules still speak)."""
    cache = ParseCache() if cache is None else cache
    cross = discover_all(project, home, env, (), agents, cache=cache)
    views = cross.views_of(skill)
    resolutions = dict(cross.resolutions)
    for agent, view in views.items():
        if view is None:
            resolutions[agent] = discover(get_profile(agent), project, home, env, [skill.dir],
                                          cache=cache)
    return dataclasses.replace(cross, resolutions=resolutions, _index={})


# --------------------------------------------------------------------------- find


def _looks_like_path(query: str) -> bool:
    return os.sep in query or "/" in query or query.lower().endswith(".md") or query in (".", "..")


def find_skill(
    query: str,
    project: Path,
    home: Path,
    agent: str | None = None,
    extra_paths: Sequence[Path] = (),
    *,
    env: Mapping[str, str] | None = None,
    cache: ParseCache | None = None,
) -> Skill:
    """One skill from a user's NAME or PATH.

    A path (a skill dir, its SKILL.md or any file inside it) gives that skill. A name is looked
    up in the agent's roots (every agent's when ``agent`` is None) and ``extra_paths``: one
    match gives it; with an agent, the one copy that agent uses wins over shadowed copies;
    several matches are a :class:`UsageError` listing their paths; none is a
    :class:`UsageError` with close matches.
    """
    cache = ParseCache() if cache is None else cache
    if os.path.lexists(query) or _looks_like_path(query):
        return _skill_at_path(Path(query), cache)
    if agent is not None:
        views = list(discover(get_profile(agent), project, home, env, extra_paths,
                              cache=cache).views)
    else:
        cross = discover_all(project, home, env, extra_paths, cache=cache)
        views = [v for r in cross.resolutions.values() for v in r.views]
    matches: dict[str, SkillView] = {}
    names: set[str] = set()
    for view in views:
        candidates = {view.name, view.skill.dir_name}
        if view.declared_name:
            candidates.add(view.declared_name)
        names.update(candidates)
        if query in candidates:
            key = cache.real(view.path)
            best = matches.get(key)
            if best is None or _STATUS_RANK[view.status] < _STATUS_RANK[best.status]:
                matches[key] = view
    if agent is not None and len(matches) > 1:
        in_use = [v for v in matches.values() if v.status in VISIBLE | {Status.HIDDEN}
                  and v.shadowed_by is None and v.name == query]
        if len(in_use) == 1:
            return _with_place(in_use[0])
    if len(matches) == 1:
        return _with_place(next(iter(matches.values())))
    if matches:
        # one line: the message is escaped for the terminal, a line break would show as \n
        listing = ", ".join(str(v.path) for v in sorted(matches.values(),
                                                        key=lambda v: str(v.path)))
        raise UsageError(
            f"{query!r} matches {len(matches)} skills; give the path of the one you mean: "
            f"{listing}"
        )
    close = difflib.get_close_matches(query, sorted(names), n=5, cutoff=0.6)
    hint = f" (did you mean: {', '.join(close)}?)" if close else ""
    where = f"{agent}'s roots" if agent else "any agent's roots"
    raise UsageError(f"no skill named {query!r} in {where}{hint}")


def _with_place(view: SkillView) -> Skill:
    skill = view.skill
    if skill.scope is view.scope and skill.root == view.root:
        return skill  # already where the view found it: no copy
    return dataclasses.replace(skill, scope=view.scope, root=view.root)


def _skill_at_path(path: Path, cache: ParseCache) -> Skill:
    from skillctl.collect import candidates_for

    found, _notes, missing = candidates_for([path])
    if missing:
        raise PathNotFoundError(path)
    if not found:
        raise UsageError(f"no SKILL.md at or above {path}")
    if len(found) > 1:
        listing = ", ".join(str(c.dir) for c in found[:20])
        more = f" and {len(found) - 20} more" if len(found) > 20 else ""
        raise UsageError(f"{path} holds {len(found)} skills; name one of them: {listing}{more}")
    cand = found[0]
    return Skill(cand.dir, cand.entry, cache.get(cand.entry), Scope.EXTRA, None)
