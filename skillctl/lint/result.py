"""What a lint run produces, as plain data for the reporters."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from skillctl.model import (
    DIAGNOSTIC_ORDER,
    Diagnostic,
    Frontmatter,
    LineEndings,
    ParsedSkill,
    Position,
    Scope,
    Severity,
    Skill,
)

#: Version of the JSON output shape; bump on any incompatible change.
JSON_VERSION = 1

_NAME = ("name",)
_NO_RULES: frozenset[str] = frozenset()
_NO_KEYS: frozenset[tuple[str | int, ...]] = frozenset()
_NO_POSITIONS: Mapping[tuple[str | int, ...], Position] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """A lint rule's catalog entry: what ``skillctl rules`` and SARIF show."""

    id: str
    default_severity: Severity
    summary: str  # the first line of the docstring
    doc: str  # the whole docstring (Markdown)
    agents: tuple[str, ...] = ()  # agents it matters for; empty = all
    source: str = "skillctl"  # "spec", "skills-ref", "claude-code", ... where the rule comes from
    fixable: bool = False
    aliases: tuple[str, ...] = ()
    needs_agent: bool = False  # runs only for the agents chosen with --agent
    category: str = ""  # one of skillctl.lint.registry.CATEGORIES

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``skillctl rules --format json``."""
        return {
            "id": self.id,
            "default_severity": self.default_severity.value,
            "summary": self.summary,
            "agents": list(self.agents),
            "source": self.source,
            "fixable": self.fixable,
            "aliases": list(self.aliases),
            "needs_agent": self.needs_agent,
            "category": self.category,
            "doc": self.doc,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleInfo:
        """Inverse of :meth:`to_dict` (the cache stores rules this way)."""
        return cls(
            id=str(data["id"]),
            default_severity=Severity(data["default_severity"]),
            summary=str(data["summary"]),
            doc=str(data["doc"]),
            agents=tuple(str(a) for a in data["agents"]),
            source=str(data["source"]),
            fixable=bool(data["fixable"]),
            aliases=tuple(str(a) for a in data["aliases"]),
            needs_agent=bool(data["needs_agent"]),
            category=str(data.get("category", "")),
        )


@dataclass(frozen=True, slots=True)
class SkillResult:
    """The findings for one skill (``path`` is its entry file as the user would name it)."""

    path: str
    dir: str
    name: str | None
    diagnostics: tuple[Diagnostic, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        # Lint workers send results back pickled: a constructor call loads faster than the
        # dataclass's state protocol.
        return SkillResult, (self.path, self.dir, self.name, self.diagnostics)


@dataclass(frozen=True, slots=True)
class SkillSummary:
    """What the cross-skill rules need of a linted skill, and nothing more.

    A run keeps one summary per skill instead of the parsed skill (its text, body and
    frontmatter), so memory stays small however many skills are linted; the cache stores it
    beside the skill's result, so an unchanged skill is not even parsed.
    """

    dir: str
    entry: str
    has_frontmatter: bool
    #: the frontmatter has a ``name`` key (of any type); ``name`` is its value when a string
    has_name: bool
    name: str | None
    #: where the ``name`` value is (line 1, column 1 without one)
    name_line: int
    name_column: int
    #: rules silenced in the frontmatter with ``# skillctl: ignore[...]``
    ignored_rules: tuple[str, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        # See SkillResult.__reduce__.
        return SkillSummary, (
            self.dir,
            self.entry,
            self.has_frontmatter,
            self.has_name,
            self.name,
            self.name_line,
            self.name_column,
            self.ignored_rules,
        )

    @classmethod
    def of(cls, skill: Skill) -> SkillSummary:
        """The summary of a parsed skill."""
        fm = skill.parsed.frontmatter
        has_name = fm is not None and "name" in fm.data
        where = fm.value_position("name") if fm is not None and has_name else None
        return cls(
            dir=str(skill.dir),
            entry=str(skill.entry),
            has_frontmatter=fm is not None,
            has_name=has_name,
            name=skill.declared_name,
            name_line=where.line if where else 1,
            name_column=where.column if where else 1,
            ignored_rules=tuple(sorted(fm.ignored_rules)) if fm is not None else (),
        )

    def as_skill(self, directory: Path | None = None, entry: Path | None = None) -> Skill:
        """A :class:`Skill` carrying only this summary (no text, no body), for the rules
        that look at several skills at once. ``directory`` and ``entry`` may pass the
        summary's own paths as objects the caller holds already (saving a copy per skill)."""
        # Built with positional arguments and shared empty values: a run makes one per skill,
        # after its workers are done (~6.5 against ~4.5 us a skill).
        frontmatter = None
        if self.has_frontmatter:
            ignored = frozenset(self.ignored_rules) if self.ignored_rules else _NO_RULES
            if self.has_name:
                position = Position(self.name_line, self.name_column)
                frontmatter = Frontmatter(
                    {"name": self.name}, "", 1, _NO_POSITIONS, {_NAME: position}, ignored,
                    _NO_KEYS, _NO_KEYS,
                )
            else:
                frontmatter = Frontmatter(
                    {}, "", 1, _NO_POSITIONS, _NO_POSITIONS, ignored, _NO_KEYS, _NO_KEYS
                )
        directory = directory if directory is not None else Path(self.dir)
        entry = entry if entry is not None else Path(self.entry)
        parsed = ParsedSkill(entry, 0, None, False, LineEndings.NONE, frontmatter, "", 1)
        return Skill(directory, entry, parsed, Scope.EXTRA, None)

    def to_json(self) -> list[Any]:
        """A compact JSON shape (the cache stores it)."""
        return [
            self.dir,
            self.entry,
            self.has_frontmatter,
            self.has_name,
            self.name,
            self.name_line,
            self.name_column,
            list(self.ignored_rules),
        ]

    @classmethod
    def from_json(cls, item: list[Any]) -> SkillSummary:
        """Inverse of :meth:`to_json`; raises TypeError/ValueError on a foreign shape."""
        directory, entry, has_fm, has_name, name, line, column, ignored = item
        if name is not None and not isinstance(name, str):
            raise TypeError("name must be a string or null")
        return cls(
            dir=str(directory),
            entry=str(entry),
            has_frontmatter=bool(has_fm),
            has_name=bool(has_name),
            name=name,
            name_line=int(line),
            name_column=int(column),
            ignored_rules=tuple(str(r) for r in ignored),
        )


@dataclass(frozen=True, slots=True)
class FixRecord:
    """One change ``--fix`` made (or would make, with ``--diff``)."""

    path: str
    rule: str
    description: str


@dataclass(frozen=True, slots=True)
class LintReport:
    """The whole run: per-skill results plus findings not tied to one skill."""

    results: tuple[SkillResult, ...]
    extra: tuple[Diagnostic, ...] = ()  # e.g. scan notes, duplicate-name across skills
    fixes: tuple[FixRecord, ...] = ()
    diff: str = ""
    rules: tuple[RuleInfo, ...] = field(default=())  # the rules that ran (for SARIF)
    #: findings left out because ``--baseline`` recorded them (0 without a baseline)
    baseline_hidden: int = 0

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every finding, sorted by path, line, column and rule."""
        return sorted(self._unsorted(), key=DIAGNOSTIC_ORDER)

    def _unsorted(self) -> Iterator[Diagnostic]:
        for result in self.results:
            yield from result.diagnostics
        yield from self.extra

    def count(self, severity: Severity) -> int:
        """How many findings have this severity."""
        return sum(1 for d in self._unsorted() if d.severity is severity)

    def summary(self) -> dict[str, int]:
        """Counts for the summary line and the JSON ``summary`` object."""
        return {
            "skills": len(self.results),
            "errors": self.count(Severity.ERROR),
            "warnings": self.count(Severity.WARNING),
            "info": self.count(Severity.INFO),
            "fixable": sum(1 for d in self._unsorted() if d.fixable),
            "fixed": len(self.fixes),
        }
