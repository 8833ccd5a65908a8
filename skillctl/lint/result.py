"""What a lint run produces, as plain data for the reporters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skillctl.model import Diagnostic, Severity

#: Version of the JSON output shape; bump on any incompatible change.
JSON_VERSION = 1


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
            "doc": self.doc,
        }


@dataclass(frozen=True, slots=True)
class SkillResult:
    """The findings for one skill (``path`` is its entry file as the user would name it)."""

    path: str
    dir: str
    name: str | None
    diagnostics: tuple[Diagnostic, ...] = ()


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

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every finding, sorted by path, line, column and rule."""
        found = [d for r in self.results for d in r.diagnostics]
        found.extend(self.extra)
        return sorted(found)

    def count(self, severity: Severity) -> int:
        """How many findings have this severity."""
        return sum(1 for d in self.diagnostics if d.severity is severity)

    def summary(self) -> dict[str, int]:
        """Counts for the summary line and the JSON ``summary`` object."""
        return {
            "skills": len(self.results),
            "errors": self.count(Severity.ERROR),
            "warnings": self.count(Severity.WARNING),
            "info": self.count(Severity.INFO),
            "fixable": sum(1 for d in self.diagnostics if d.fixable),
            "fixed": len(self.fixes),
        }
