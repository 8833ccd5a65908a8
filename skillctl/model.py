"""Plain data shared by every stage: positions, problems, diagnostics, parsed skills.

Everything here is a frozen dataclass (or an enum) so stages can pass values around, sort
them, cache them and send them to worker processes without surprises. Nothing in this module
reads files or imports a third-party library.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: A path into the frontmatter: ``("metadata", "author")`` or ``("allowed-tools", 0)``.
KeyPath = tuple[str | int, ...]


class Severity(enum.StrEnum):
    """How bad a finding is; ordered from worst to mildest by :attr:`rank`."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """0 for errors, 1 for warnings, 2 for info (sorts worst first)."""
        return ("error", "warning", "info").index(self.value)


class Scope(enum.StrEnum):
    """Where a skill was found, in the vocabulary of ``skillctl list``."""

    PROJECT = "project"
    USER = "user"
    SYSTEM = "system"
    PLUGIN = "plugin"
    EXTRA = "extra"
    BUILTIN = "builtin"
    #: a folder the agent is told of by a variable (the Copilot CLI's $COPILOT_SKILLS_DIRS)
    CUSTOM = "custom"


class LineEndings(enum.StrEnum):
    """The line endings a text file uses."""

    NONE = "none"  # a single line, no terminator
    LF = "lf"
    CRLF = "crlf"
    CR = "cr"
    MIXED = "mixed"


@dataclass(frozen=True, slots=True, order=True)
class Position:
    """A 1-based line and column in a file."""

    line: int
    column: int = 1


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the parser found wrong with a file; the lint rule of the same id reports it.

    ``code`` is a lint rule id (``yaml-syntax``, ``duplicate-key``, ``not-utf8`` ...), so the
    parser and the linter speak one vocabulary.
    """

    code: str
    message: str
    line: int = 1
    column: int = 1


#: The YAML 1.1 tags whose values ``Frontmatter.data`` holds as text the agents' parsers read
#: apart: ``!!binary`` (its base64 text) and ``!!set`` (a mapping of keys to nulls)
BINARY_TAG = "tag:yaml.org,2002:binary"
SET_TAG = "tag:yaml.org,2002:set"


@dataclass(frozen=True, slots=True)
class Frontmatter:
    """The YAML frontmatter of a SKILL.md, as plain Python data with positions.

    ``data`` holds only plain types (dict, list, str, int, float, bool, None); timestamps stay
    strings. ``positions`` maps every key path to the position of its key, and
    ``value_positions`` to the position of its value, both absolute in the file.
    """

    data: Mapping[str, Any]
    text: str
    start_line: int
    positions: Mapping[KeyPath, Position] = field(default_factory=dict)
    value_positions: Mapping[KeyPath, Position] = field(default_factory=dict)
    #: rule ids silenced with ``# skillctl: ignore[rule-id]`` comments (``*`` silences all).
    ignored_rules: frozenset[str] = frozenset()
    #: key paths whose scalar was written in plain (unquoted) style.
    plain_scalars: frozenset[KeyPath] = frozenset()
    #: key paths whose scalar was written as a block scalar (``|`` or ``>``).
    block_scalars: frozenset[KeyPath] = frozenset()
    #: key paths that a merge key (``<<: *base``) brought into ``data``; ``merges`` maps the
    #: path of each mapping holding one to the ``<<`` value, for the parsers that do not merge
    merged_keys: frozenset[KeyPath] = frozenset()
    merges: Mapping[KeyPath, Any] = field(default_factory=dict)
    #: key paths of values with a tag: one the YAML specs do not define (``!custom``), or
    #: ``tag:yaml.org,2002:binary``/``set``, whose values ``data`` holds as base64 text and as
    #: a mapping of keys to nulls
    tags: Mapping[KeyPath, str] = field(default_factory=dict)

    def position(self, *path: str | int) -> Position:
        """Position of a key, or of the nearest enclosing key, or of the frontmatter start."""
        key: KeyPath = tuple(path)
        while key:
            if key in self.positions:
                return self.positions[key]
            key = key[:-1]
        return Position(self.start_line, 1)

    def value_position(self, *path: str | int) -> Position:
        """Position of a value, falling back to the position of its key."""
        key: KeyPath = tuple(path)
        return self.value_positions.get(key) or self.position(*path)


@dataclass(frozen=True, slots=True)
class ParsedSkill:
    """One SKILL.md read and split: never raised from, problems are listed instead.

    ``frontmatter`` is None when there is none or it could not be parsed; ``problems`` then
    says why. ``text`` is the decoded file with the BOM removed and line endings normalised to
    ``\\n``; None when the file could not be read or decoded.
    """

    path: Path
    size: int
    text: str | None
    has_bom: bool
    line_endings: LineEndings
    frontmatter: Frontmatter | None
    body: str
    body_start_line: int
    problems: tuple[Problem, ...] = ()
    #: True when the file has an opening ``---`` line (even if the YAML is broken).
    has_frontmatter_block: bool = False

    @classmethod
    def without_text(
        cls,
        path: Path,
        *,
        frontmatter: Frontmatter | None = None,
        problems: tuple[Problem, ...] = (),
    ) -> ParsedSkill:
        """A parsed skill with no text: a file that could not be read, or a summary kept
        after the text was dropped."""
        return cls(
            path=path,
            size=0,
            text=None,
            has_bom=False,
            line_endings=LineEndings.NONE,
            frontmatter=frontmatter,
            body="",
            body_start_line=1,
            problems=problems,
        )

    @property
    def data(self) -> Mapping[str, Any]:
        """The frontmatter mapping, or an empty one."""
        return self.frontmatter.data if self.frontmatter is not None else {}

    @property
    def declared_name(self) -> str | None:
        """The ``name`` field when it is a string."""
        value = self.data.get("name")
        return value if isinstance(value, str) else None

    @property
    def description(self) -> str | None:
        """The ``description`` field when it is a string."""
        value = self.data.get("description")
        return value if isinstance(value, str) else None

    def has_problem(self, code: str) -> bool:
        """True when the parser reported a problem with this code."""
        return any(p.code == code for p in self.problems)


@dataclass(frozen=True, slots=True)
class SkillFile:
    """A file inside a skill directory, relative to it."""

    relpath: str
    size: int
    executable: bool
    is_symlink: bool = False


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill directory with its parsed entry file and where it was found.

    ``dir`` is the directory as found (not resolved); ``entry`` is the entry file actually
    present (``SKILL.md``, or ``skill.md`` on a case-blind match).
    """

    dir: Path
    entry: Path
    parsed: ParsedSkill
    scope: Scope = Scope.EXTRA
    root: Path | None = None
    #: the plugin the skill comes from (``name@marketplace``), None for a plain skill
    plugin: str | None = None
    #: the prefix of its invocation name (``<namespace>:<dir>``), None for a plain skill
    namespace: str | None = None
    #: a Markdown file that is a skill of its own, whatever its name (an agent that reads every
    #: ``x.md`` of a folder as a skill: the Copilot CLI's ``.claude/commands``)
    file_skill: bool = False
    #: ``${key}`` placeholders the agent replaces in the skill's name and description, with
    #: their values (a Gemini CLI extension's ``${extensionPath}``)
    text_variables: tuple[tuple[str, str], ...] = ()

    @property
    def dir_name(self) -> str:
        """The directory name, after resolving ``.`` and the like; for a skill that is a file
        of its own (an agent that reads every ``x.md`` of a folder as a skill), the file's name
        without ``.md``."""
        if self.is_file_skill:
            return self.entry.name[:-3]
        return self.dir.name or self.dir.resolve().name

    @property
    def is_file_skill(self) -> bool:
        """The entry is a Markdown file of its own, not a folder's ``SKILL.md`` (the Copilot
        CLI reads ``.claude/commands/x.md`` as the skill ``x``, and ``SKILL.md`` there as
        the skill ``SKILL``)."""
        return self.file_skill or self.entry.name.lower() != "skill.md"

    @property
    def declared_name(self) -> str | None:
        """The frontmatter ``name`` when it is a string."""
        return self.parsed.declared_name

    @property
    def name(self) -> str:
        """The declared name if any, else the directory name."""
        return self.declared_name or self.dir_name

    @property
    def description(self) -> str | None:
        """The frontmatter ``description`` when it is a string."""
        return self.parsed.description


#: The order of :class:`Diagnostic` as a sort key (what ``order=True`` compares, but
#: compared in C: sorting thousands of findings by ``__lt__`` is a visible cost).
DIAGNOSTIC_ORDER = operator.attrgetter("path", "line", "column", "rule", "message")


@dataclass(frozen=True, slots=True, order=True)
class Diagnostic:
    """One lint finding. Sorts by path, then line, column and rule."""

    path: str
    line: int
    column: int
    rule: str
    message: str
    severity: Severity = field(compare=False)
    fixable: bool = field(default=False, compare=False)
    hint: str | None = field(default=None, compare=False)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by the thousand from lint workers: a constructor call with plain values
        # loads ~3x faster than the dataclass's state protocol (and the enum's own reduce).
        return _diagnostic, (
            self.path,
            self.line,
            self.column,
            self.rule,
            self.message,
            self.severity.value,
            self.fixable,
            self.hint,
        )

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape (version 1) of a diagnostic."""
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "rule": self.rule,
            "severity": self.severity.value,
            "message": self.message,
            "fixable": self.fixable,
            "hint": self.hint,
        }


_SEVERITIES = {severity.value: severity for severity in Severity}


def _diagnostic(
    path: str,
    line: int,
    column: int,
    rule: str,
    message: str,
    severity: str,
    fixable: bool,
    hint: str | None,
) -> Diagnostic:
    """Rebuild a pickled :class:`Diagnostic` (see ``Diagnostic.__reduce__``)."""
    return Diagnostic(path, line, column, rule, message, _SEVERITIES[severity], fixable, hint)
