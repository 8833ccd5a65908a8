"""The shape of an agent profile: everything skillctl knows about one coding agent, as data.

One module per agent in this package builds a :class:`Profile`; discovery, lint, render and
run-script read it, so an agent's behaviour is never an ``if agent == ...`` elsewhere. Where
behaviour cannot be data (a parser, a budget algorithm), the profile names a dialect or format
registered next to the code that implements it.

Facts marked uncertain in ``../shared/reference/agents.md`` are listed in ``uncertain`` and
shown to users by ``list --explain`` and ``show``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from skillctl.model import Scope


class Walk(enum.StrEnum):
    """How a project root template is applied to the directories around the project."""

    NONE = "none"  # only the project directory itself
    UP_NEAREST_FIRST = "up-nearest-first"  # cwd, its parent, ... up to the stop
    DOWN_ROOT_FIRST = "down-root-first"  # the stop directory down to cwd (Codex)


class Stop(enum.StrEnum):
    """Where a walk up the parents of the project directory ends."""

    GIT_ROOT = "git-root"  # the nearest directory with .git, inclusive
    GIT_ROOT_BEFORE_HOME = "git-root-before-home"  # git root, but never $HOME itself (Claude)
    FILESYSTEM = "filesystem"  # up to / (Amp stops at /, /home, /Users)
    #: the nearest directory with .git, inclusive; without one, every parent up to / inclusive
    #: (OpenCode's worktree is / outside git, verified with 1.18.33)
    GIT_ROOT_ELSE_FILESYSTEM = "git-root-else-filesystem"
    HOME_INCLUSIVE = "home-inclusive"


class Winner(enum.StrEnum):
    """Which copy of a duplicated skill an agent keeps."""

    FIRST = "first"
    LAST = "last"
    NONE = "none"  # no dedup: every copy is active (Codex)
    UNDEFINED = "undefined"  # nondeterministic or undocumented
    RANDOM = "random"  # one copy, picked at random from run to run (OpenCode, verified)


class DedupKey(enum.StrEnum):
    """What makes two skills "the same" for an agent."""

    NAME = "name"  # invocation name
    DIR_NAME = "dir-name"
    REALPATH = "realpath"  # real path of SKILL.md or of the skill dir
    PATH = "path"  # exact path string


class InvalidHandling(enum.StrEnum):
    """What an agent does with a skill whose frontmatter it cannot accept."""

    SKIP = "skip"  # silently dropped
    WARN = "warn"  # dropped, with a visible warning or error
    EMPTY_METADATA = "empty-metadata"  # loaded with empty frontmatter (Claude Code)
    WARN_LOAD = "warn-load"  # loaded anyway, with a warning (the open spec's lenient loading)


class NameSource(enum.StrEnum):
    """Where the name a user or model invokes a skill by comes from."""

    DIR_NAME = "dir-name"  # Claude Code: the directory name is the command
    DECLARED = "declared"  # frontmatter name (falling back per the agent)
    DECLARED_OR_DIR = "declared-or-dir"  # frontmatter name, else the directory name


@dataclass(frozen=True, slots=True)
class Root:
    """One place an agent scans for skills.

    ``template`` uses ``{project}`` (each project directory the walk visits), ``{home}`` and
    ``{config}`` (``$XDG_CONFIG_HOME`` or ``~/.config``), ``{env:NAME}`` (nothing when unset);
    an absolute path is used as it is. A template that is ``{envlist:NAME}`` stands for each
    folder of a comma-separated list in that variable (the Copilot CLI's
    ``$COPILOT_SKILLS_DIRS``, :func:`skillctl.discovery.expand_template`).
    """

    template: str
    scope: Scope
    walk: Walk = Walk.NONE
    max_depth: int = 1  # depth of the skill dir below the root (1 = root/<name>/SKILL.md)
    env_disable: tuple[str, ...] = ()  # environment variables that switch this root off
    note: str = ""
    uncertain: bool = False
    #: environment variables of which one must be set for this root to be scanned
    env_enable: tuple[str, ...] = ()
    #: per-root override of ``Profile.follow_symlinks`` (Codex does not follow in System)
    follow_symlinks: bool | None = None
    #: per-root override of ``Profile.skip_hidden`` (OpenCode config scans skip dot dirs)
    skip_hidden: bool | None = None
    #: per-root override of ``Profile.confine_symlinks`` (OpenClaw does not confine the links
    #: under ``~/.agents/skills``)
    confine_symlinks: bool | None = None
    #: a walk that reaches the home directory does not read this root there (the Copilot
    #: CLI leaves ``~/.claude/skills`` alone when its project walk reaches ``$HOME``)
    not_in_home: bool = False
    #: each Markdown file directly in the root (``*.md``, any case; not in its subfolders)
    #: is a skill of its own, named by its ``name`` field, else by its file name without
    #: ``.md``; one without frontmatter too (the Copilot CLI reads ``.claude/commands/x.md``
    #: so)
    files_as_skills: bool = False
    #: the agent reads this root after its built-in skills: a built-in keeps its name from
    #: a skill here, and the catalog lists the root's skills after the built-ins
    after_builtins: bool = False
    #: a plugin's skills folder scanned before the profile's roots (lowest precedence when
    #: the last copy wins: Gemini CLI's extensions), see :class:`PluginSource`
    before_roots: bool = False
    #: with ``Profile.skills_folder_as_root``: how deep the walk goes below the root's own
    #: ``skills/`` folder (None: ``max_depth``); OpenClaw walks a configured folder 2 levels
    #: deep but its ``skills/`` 6
    skills_folder_depth: int | None = None


@dataclass(frozen=True, slots=True)
class NameRule:
    """What an agent requires of the ``name`` field before it loads a skill."""

    required: bool = False
    pattern: str | None = None  # a Python regex the whole name must match
    max_length: int | None = None
    must_match_dir: bool = False
    invalid: InvalidHandling = InvalidHandling.WARN  # what happens when the rule is broken
    #: a named character check beyond ``pattern``: ``"ll-n-hyphen"`` (only Unicode lowercase
    #: letters, digits and ``-``: the OpenCode plugin's ``^[\p{Ll}\p{N}-]+$``) or ``"spec"``
    #: (skills-ref: NFKC, lowercase, ``isalnum`` or ``-``, no leading/trailing/double ``-``).
    charset: str | None = None
    #: characters the agent replaces by ``-`` in the name instead of rejecting it (Gemini)
    sanitize_chars: str = ""
    #: a run of ``sanitize_chars`` becomes one ``-`` (the Copilot CLI: ``a  b`` is ``a-b``)
    sanitize_runs: bool = False
    #: a name taken from the folder (or the file) when there is no name field is made and
    #: checked as a declared one is, and the skill dropped when it fails (the Copilot CLI)
    checks_dir_name: bool = False
    #: a name field that is an empty or blank string: ``"fallback"``, no name (the folder's
    #: stands in, or the rule's ``required`` applies); ``"keep"``, it is the name, even ""
    #: (Gemini CLI, OpenCode: only a string is required); ``"drop"``, the skill is dropped
    #: (the Copilot CLI) -- conformance case frontmatter-scalars-and-duplicates
    blank_name: str = "fallback"
    #: surrounding whitespace is taken off the declared name first (the Copilot CLI)
    trimmed: bool = False

    def sanitized(self, name: str) -> str:
        """``name`` with each of ``sanitize_chars`` made ``-`` (a run of them one ``-`` when
        ``sanitize_runs``)."""
        if not self.sanitize_chars:
            return name
        if self.sanitize_runs:
            return re.sub(f"[{re.escape(self.sanitize_chars)}]+", "-", name)
        table = _SANITIZERS.get(self.sanitize_chars)
        if table is None:
            table = _SANITIZERS[self.sanitize_chars] = {ord(c): "-" for c in self.sanitize_chars}
        return name.translate(table)


#: ``str.translate`` tables of :meth:`NameRule.sanitized`, by the characters they replace
_SANITIZERS: dict[str, dict[int, str]] = {}


@dataclass(frozen=True, slots=True)
class SettingsSource:
    """One settings file in which an agent can switch skills off (issue 14 §5).

    ``templates`` are tried in order and the first that can be expanded names the file (a
    template whose ``{env:VAR}`` is unset is passed over: ``$CLAUDE_CONFIG_DIR`` replaces
    ``~/.claude``); placeholders as in :class:`Root`. With a ``walk``, the file is looked for
    in each project directory of the walk (``Walk.DOWN_ROOT_FIRST``: the nearest last, so it
    takes precedence). ``reader`` is a reader id from :data:`skillctl.settings.READERS`.
    ``applied=False``: the agent reads no skill settings from this file although users put
    them there; skillctl says so in a note instead of switching skills off. ``write_scope``:
    the ``--scope`` of ``skillctl enable``/``disable`` that edits this file (``project``,
    ``local`` or ``user``; "" never): of the files of one scope the one of highest precedence
    that exists is edited, else the first is created.
    """

    templates: tuple[str, ...]
    scope: Scope
    reader: str
    walk: Walk = Walk.NONE
    applied: bool = True
    note: str = ""
    write_scope: str = ""


@dataclass(frozen=True, slots=True)
class PluginSource:
    """Where an agent finds installed plugins whose ``skills/`` folders add skills (issue 14 §4).

    ``reader`` is a reader id from :data:`skillctl.plugins.READERS`; ``templates`` name the
    file or folder it reads (the first that can be expanded; placeholders as in :class:`Root`).
    A plugin's skills are invoked as ``<namespace>:<skill>`` (Claude Code), so they never clash
    with plain names. ``enabled_key``: the key of the profile's ``settings`` files that switches
    plugins on (``{"id": true}``, the last file that names a plugin decides); "" when the
    plugins of this source need no switch.
    """

    reader: str
    templates: tuple[str, ...]
    enabled_key: str = ""
    note: str = ""
    #: the plugins' skills come before the profile's roots in scan order, not after them
    #: (Gemini CLI reads its extensions' skills after its built-ins, before the user's)
    before_roots: bool = False


@dataclass(frozen=True, slots=True)
class ConfigRoots:
    """Skill folders the agent's ``settings`` files list under ``key`` (OpenCode's
    ``skills.paths``, OpenClaw's ``skills.load.extraDirs``), each scanned as ``root`` is (its
    depth, hidden folders, links; the template is not used).

    A folder is taken as written after ``~`` (the home directory) and, with ``env_syntax``,
    ``{env:NAME}`` (OpenCode's substitution, "" when unset); a relative one from the working
    directory, not from the file's folder (both agents resolve against their process's, as
    the conformance cases show). ``merge``: ``"last"`` takes the folders of the last file
    (in precedence order) that sets the key, as OpenCode's merge of its config files
    replaces arrays; ``"all"`` every file's. They are scanned after the profile's roots
    (OpenClaw's "extra" tier is below every other root).
    """

    key: str
    root: Root
    merge: str = "last"
    env_syntax: bool = False
    #: the root used instead for a listed folder named ``skills`` (OpenClaw walks it deeper)
    named_skills: Root | None = None


@dataclass(frozen=True, slots=True)
class ConfigLimit:
    """A cap the agent's ``settings`` files may set in place of a profile field's default
    (OpenClaw's ``skills.limits``): the whole number under the dotted ``key`` in the last file
    that sets it, at least ``minimum``, sets each of ``fields`` (a profile field and the
    factor the value is multiplied by). A value the agent would refuse is left to the
    settings reader to report; the default then stays."""

    key: str
    fields: tuple[tuple[str, int], ...]
    minimum: int = 0


@dataclass(frozen=True, slots=True)
class Workspace:
    """Where an agent's project directory comes from when it is not the directory the agent is
    started in (OpenClaw's workspace). Discovery resolves it, then applies ``{project}`` roots
    to it instead of the project it was given.

    Order: ``config_key`` in the first of ``config_files`` that can be expanded (a template;
    one whose ``{env:VAR}`` is unset is passed over), if that file exists and sets the key;
    else the first of ``candidates`` that can be expanded. A leading ``~`` in a configured
    value is the home directory; a relative value is taken from the working directory.
    """

    config_files: tuple[str, ...] = ()
    config_key: str = ""  # dotted key in that JSON file, e.g. "agents.defaults.workspace"
    candidates: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class Profile:
    """Everything skillctl knows about one agent, with the source each fact was read from."""

    id: str
    display_name: str
    column: str  # two-letter heading of the agent's column in ``skillctl list``
    version: str  # the build or commit the facts were read from
    sources: tuple[str, ...]
    roots: tuple[Root, ...]  # in the order the agent scans them
    # --- discovery
    stop: Stop = Stop.GIT_ROOT
    winner: Winner = Winner.FIRST
    #: the agent's frontmatter reader remembers a text whose first read failed, before its
    #: retry (OpenCode: gray-matter caches each text before parsing it): of several files
    #: holding that same text, one loads at random, or none
    failed_reads_remembered: bool = False
    dedup_key: DedupKey = DedupKey.NAME
    follow_symlinks: bool = True
    confine_symlinks: bool = False  # a linked skill must resolve inside its root (OpenClaw)
    case_blind_entry: bool = False  # ``skill.md`` counts as SKILL.md
    stop_at_skill: bool = True  # do not descend below a directory that has SKILL.md
    skip_hidden: bool = False
    #: the agent looks at only this many child folders of each folder it lists, the first by
    #: name (UTF-16 order; dot folders and ``node_modules`` left out, folders without a
    #: SKILL.md counted): the others, and all below them, are not found (OpenClaw 2026.9.6:
    #: 300; of 300 folders a000-a299 without SKILL.md and the skills Upper and zz-last,
    #: Upper loads and zz-last does not)
    max_child_folders: int | None = None
    #: the agent lists at most this many folders of one root, breadth first (the root
    #: counted; a folder holding SKILL.md is not listed): below a folder it no longer lists,
    #: nothing is found (OpenClaw 2026.9.6: 1,800, six times 300)
    max_folder_listings: int | None = None
    #: a folder named ``skills`` directly in a root, with no SKILL.md of its own, is walked as
    #: the root again: it is taken even past ``max_child_folders``, and the skills below it
    #: may sit one level deeper than the root's ``max_depth`` (OpenClaw 2026.9.6)
    skills_folder_as_root: bool = False
    #: the agent's walk of one root stops taking folders after this many (the root counted),
    #: going breadth first, each folder's entries by name, dot folders and folders deeper
    #: than the root's ``max_depth`` left out: a skill whose folder comes later is not found
    #: (Codex 0.169.0: 2,000; of 2,100 skill folders, the last 101 by name are missing)
    max_folders_walked: int | None = None
    max_skills_per_root: int | None = None
    max_file_bytes: int | None = None  # SKILL.md larger than this is skipped
    # --- parsing and validity
    parser: str = "yaml12"  # a dialect id from skillctl.dialects
    invalid: InvalidHandling = InvalidHandling.SKIP
    name_source: NameSource = NameSource.DECLARED_OR_DIR
    name_rule: NameRule = NameRule()
    #: a check of the name the agent shows (after ``name_source``) that drops the skill when
    #: it fails: a key of :data:`skillctl.shown_text.CHECKS` (``"claude-code"``: no hidden,
    #: direction-changing or blank-like characters, ``<`` or ``>``, at most 256 characters)
    shown_name_check: str | None = None
    #: characters that make the agent skip a skill whose folder name holds one (Codex
    #: 0.169.0: tab, LF and CR; conformance case folder-name-characters)
    dir_name_drops: str = ""
    description_required: bool = True
    description_max: int | None = None  # longer descriptions make the skill invalid
    known_fields: frozenset[str] = frozenset()
    # frontmatter fields whose values this agent validates, by JSON Schema file name
    schema: str | None = None
    # --- catalog and invocation
    catalog_format: str | None = None  # a format id from skillctl.render
    catalog_description_cap: int | None = None  # characters shown per description
    excluded_from_catalog: tuple[str, ...] = ()  # boolean fields that hide a skill
    builtin_commands: frozenset[str] = frozenset()
    body_wrapper: str | None = None  # a wrapper id from skillctl.render.body
    script_cwd: str = "skill"  # "skill" or "project": where scripts run
    script_env: tuple[tuple[str, str], ...] = ()  # (VAR, template) set for scripts
    conditional_field: str | None = None  # e.g. "paths" for Claude Code
    uncertain: tuple[str, ...] = field(default=())
    # --- added by discovery (issue 2)
    #: how the agent drops a second sighting of the same file before name collisions
    #: (``REALPATH`` or ``PATH``); None when it does not (then only ``dedup_key`` applies)
    same_file_key: DedupKey | None = None
    #: a SKILL.md directly inside a root counts as a skill (Codex, Gemini ``SKILL.md``)
    root_is_skill: bool = False
    #: directory names never descended into (defaults to skillctl's own list)
    skip_dirs: frozenset[str] = frozenset({".git", "node_modules"})
    #: skill directory names the agent reserves and never loads (any case)
    reserved_dir_names: frozenset[str] = frozenset()
    #: a skill without a description field is loaded but left out of the catalog; a
    #: description that is an empty or blank string is still listed (OpenCode, verified)
    hide_without_description: bool = False
    #: where a missing description comes from: a mode of :mod:`skillctl.fallback`
    #: (``"body-first-line"``: Claude Code, ``"body-lines"``: the Copilot CLI) or None
    description_fallback: str | None = None
    #: a description longer than ``description_max`` only warns instead of invalidating
    description_max_warns: bool = False
    #: skills the agent ships itself (shadowing them, or being shadowed, is worth a note)
    builtin_skills: frozenset[str] = frozenset()
    #: a discovered skill named like one of ``catalog_builtins`` replaces it: the built-in
    #: is not loaded (the Copilot CLI)
    builtins_yield: bool = False
    #: where the catalog (the list shown to the model) is built, when not locally
    catalog_note: str = ""
    #: skills the agent embeds and lists in its catalog although no root holds them before it
    #: first runs (Codex's System skills): (name, catalog description, path below the root)
    catalog_builtins: tuple[tuple[str, str, str], ...] = ()
    #: the root template the agent installs ``catalog_builtins`` to (``{codex_home}/...``;
    #: an item's own placeholders, ``{openclaw_state}/...``, may put it elsewhere);
    #: None: they are not files, and the third item is the location the catalog shows
    #: (OpenCode's ``<built-in>``)
    catalog_builtins_root: str | None = None
    #: entries the agent lists after the discovered skills although no file of the user's holds
    #: them (Claude Code's bundled skills and prompt commands): (name, catalog description,
    #: budget rank: 0 keeps its description before the user's skills, 2 after them), in the
    #: agent's order; a discovered skill of the same name takes the entry's place
    catalog_trailing: tuple[tuple[str, str, int], ...] = ()
    #: where the ``catalog_builtins_root`` stands among ``roots`` (its index in scan order):
    #: Codex numbers the roots of its catalog in scan order (``r0``, ``r1``...)
    catalog_builtins_at: int = 0
    #: a SKILL.md that is itself a symlink to a file counts (False: Codex ignores it)
    entry_symlinks: bool = True
    #: the context window (tokens) of the agent's default model, for a catalog budget that
    #: depends on it when ``render --context-tokens`` is not given (Codex: 2% of it)
    catalog_context_tokens: int | None = None
    # --- added by the conformance suite (issue 14)
    #: the real agent's release the conformance suite last checked this profile against (its
    #: own version string, or a commit for an agent not released as a package); "" when no
    #: offline way to run the agent exists, and then ``uncertain`` says so
    verified_version: str = ""
    #: ISO date (YYYY-MM-DD) of that check; "" when never verified
    verified_date: str = ""
    #: the agent's project directory is not where it is started but its own workspace
    #: (OpenClaw): ``{project}`` roots apply to the directory this resolves to
    workspace: Workspace | None = None
    #: with ``root_is_skill``: a SKILL.md directly in a root makes the root one skill and
    #: nothing below it is looked at (OpenClaw); False: the children are still scanned
    root_skill_hides_tree: bool = False
    #: settings files that can switch skills off, lowest precedence first: for each skill the
    #: last rule that matches it decides (see :mod:`skillctl.settings`)
    settings: tuple[SettingsSource, ...] = ()
    #: skill folders those settings files list (see :class:`ConfigRoots`)
    config_roots: tuple[ConfigRoots, ...] = ()
    #: caps those settings files may change (see :class:`ConfigLimit`)
    config_limits: tuple[ConfigLimit, ...] = ()
    #: the catalog's caps on skills and characters when the agent's settings set them (by
    #: ``config_limits``); None: the catalog format's defaults
    catalog_max_skills: int | None = None
    catalog_max_chars: int | None = None
    #: the order the agent meets the skills inside one root, which decides a last-wins clash
    #: there: "sorted" (breadth first, by name), "glob-reverse" (Gemini CLI's glob: a
    #: SKILL.md in the root first, then each depth in reverse byte order of the names) or
    #: "readdir" (depth first, each folder's entries in the order the file system lists them,
    #: as ``fs.readdir`` gives them: the OpenCode plugin; reproduced on the same machine only)
    #: "path" (every entry file's path below the root as one ``/``-separated string, by
    #: code point: ``a-b/SKILL.md`` before ``a/SKILL.md``, ``a/b/SKILL.md`` before
    #: ``b/SKILL.md``; the Copilot CLI) or
    #: "locale-path" (the same paths sorted with ``localeCompare``: OpenClaw)
    root_order: str = "sorted"
    #: folders of commands (Markdown files) the agent lists in its catalog beside the skills
    #: (:mod:`skillctl.commands`; Claude Code's ``.claude/commands``), in the order it reads
    #: them: of two commands of one name the first wins
    command_roots: tuple[Root, ...] = ()
    #: a folder of ``command_roots`` (or one below) that holds a SKILL.md is a skill named
    #: after the folder, listed with the commands (:mod:`skillctl.commands`)
    command_skill_folders: bool = False
    #: keys of ``metadata`` under which the agent reads a skill's runtime requirements
    #: (``{"openclaw": {"requires": {"bins": [...], "env": [...]}, "os": [...]}}``): a skill
    #: whose binaries are not on ``PATH``, whose variables are unset or whose OS is another
    #: is left out (OpenClaw; :func:`skillctl.discovery.unmet_requirement`)
    requirement_keys: tuple[str, ...] = ()
    #: the catalog lists each name once, in the slot where the name was first met in scan
    #: order (the ``catalog_builtins`` first, then the roots), with the copy that won: a later
    #: skill of that name, a built-in's included, takes the earlier one's place (Gemini CLI's
    #: Map insertion order). False: the catalog follows discovery's order
    catalog_first_seen: bool = False
    #: the agent follows a symlink that loops back with no cycle check, and its discovery does
    #: not finish (OpenCode 1.18.33: still running after 300 s): the loop's note says so
    symlink_loop_hangs: bool = False
    #: the agent follows a link back to a parent lap after lap until its depth limit, and each
    #: lap is a path of its own (OpenClaw 2026.9.6: ``self/self/looped`` ... down to depth 6)
    walks_symlink_loops: bool = False
    #: a name that YAML reads as a number or boolean is taken as its text, as JavaScript's
    #: ``String()`` writes it (Amp 0.0.1790142911: ``name: 123`` loads as ``123``)
    scalar_names_as_text: bool = False
    #: a description that YAML reads as a number or boolean is taken as its text, as
    #: JavaScript's ``String()`` writes it (Claude Code 2.1.332: ``description: 0`` is "0")
    scalar_descriptions_as_text: bool = False
    #: with ``winner=FIRST``: of the copies of a name in the winning root, the last one met
    #: wins (OpenClaw sets each root's skills into a map in path order, roots in reverse
    #: precedence, so a later one replaces an earlier one)
    root_last_wins: bool = False
    #: installed plugins whose skills the agent loads besides its roots, namespaced by the
    #: plugin (see :class:`PluginSource` and :mod:`skillctl.plugins`); scanned after the roots
    plugin_sources: tuple[PluginSource, ...] = ()
    #: plugin manifests (paths relative to a folder, in the order the agent tries them) that
    #: make every skill at or below that folder, in any root, a plugin skill invoked as
    #: ``<manifest name>:<name>``: the nearest usable manifest above the skill's real folder
    #: wins, up to the file system's root (:func:`skillctl.plugins.folder_namespace`)
    folder_manifests: tuple[str, ...] = ()
    # --- added by link (issue 20)
    #: where ``skillctl link`` puts a skill for this agent in each scope: the root the agent's
    #: own docs name for skills (a template as in :class:`Root`, and one of ``roots``); None
    #: when the agent has no such root in that scope
    link_project_root: str | None = None
    link_user_root: str | None = None
    # --- added by security (issue 18)
    #: what the agent does with a skill's ``allowed-tools``: ``"restricts"`` (the skill may
    #: use only the listed tools), ``"preapproves"`` (the listed tools run without a permission
    #: prompt while the skill is active, and nothing else is limited: Claude Code) or
    #: ``"ignored"`` (it limits and grants nothing); ``""`` when not known. Only
    #: ``"restricts"`` makes the field a safety boundary.
    allowed_tools: str = ""
    #: with its default settings the agent runs shell commands, a skill's scripts among them,
    #: without asking the user first; None when not known. (Claude Code asks, but runs the
    #: commands a skill's ``allowed-tools`` pre-approve without asking: see
    #: :mod:`skillctl.security.approval`.)
    runs_scripts_without_approval: bool | None = None
