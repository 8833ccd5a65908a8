"""The rule registry: every lint rule is a small function registered with :func:`rule`.

A rule's docstring is its documentation (Markdown: what, why, a failing and a passing
example, which agents it matters for, options); ``skillctl rules`` and docs/rules.md show it.
Rules come in two kinds:

* per-skill rules (``kind="skill"``) get a :class:`~skillctl.lint.context.SkillContext` and
  yield :class:`Finding` values; they must be pure functions of the skill on disk and the
  resolved configuration, so the engine can cache and parallelise them;
* cross-skill rules (``kind="across"``) get an
  :class:`~skillctl.lint.context.AcrossContext` once per run and yield
  ``(skill, Finding)`` pairs.

A check may be a generator or a plain function returning an iterator (:data:`NO_FINDINGS` when
it finds nothing): the engine only iterates what it returns.

A rule with ``needs_agent=True`` runs only when ``--agent`` (or the ``agents`` config key)
selects at least one agent; every other rule belongs to the portable set.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillctl.errors import UsageError
from skillctl.lint.result import RuleInfo
from skillctl.model import Severity

if TYPE_CHECKING:
    from skillctl.lint.context import AcrossContext, SkillContext
    from skillctl.model import Skill

#: The rule modules, imported on first use of the registry.
RULE_MODULES = (
    "file",
    "frontmatter",
    "name",
    "description",
    "fields",
    "body",
    "inline_shell",
    "references",
    "scripts",
    "divergence",
    "across",
    "reach",
    "yaml_values",
    "placeholders",
    "mentions",
    "suppressions",
    "security_text",
    "security_code",
    "provenance",
)

#: The rule categories: every rule belongs to exactly one, and ``--select``/``--ignore`` (and
#: the config file's ``select``, ``ignore`` and ``per-path-ignores``) accept a category name
#: for all of its rules. No rule id may equal a category name.
CATEGORIES: dict[str, str] = {
    "file": "the entry file itself: its name, encoding, line endings, size, frontmatter fences",
    "spec": "frontmatter fields as the Agent Skills specification defines them",
    "agent": "how particular agents parse, name, load, shadow or cut a skill",
    "content": "the instructions: length, token cost, placeholders, machine-specific paths",
    "reference": "files the skill points at: links, mentioned paths, case, escapes",
    "script": "the skill's scripts as files: executable bits, line endings",
    "security": "what a skill could make an agent do: hidden instructions, injection, "
    "dangerous scripts",
    "run": "the lint run itself: unreadable trees, failed fixes, unknown suppressions",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule found; the engine turns it into a :class:`~skillctl.model.Diagnostic`.

    ``file`` names a file inside the skill (relative to the skill directory) when the finding
    is not about the entry file; ``severity`` overrides the rule's severity for this one
    finding (``parser-divergence`` is an error when a chosen agent drops the skill).
    """

    message: str
    line: int = 1
    column: int = 1
    hint: str | None = None
    file: str | None = None
    severity: Severity | None = None
    fixable: bool | None = None  # None: the rule's ``fixable`` flag


#: What a rule that is a plain function (not a generator) returns when it finds nothing: an
#: iterator that is exhausted from the start, so it can be shared. Most rules find nothing in
#: most skills; returning this costs less than creating and finishing a generator (~50 ns for
#: each rule and skill).
NO_FINDINGS: Iterator[Any] = iter(())


def found(*findings: Finding) -> Iterator[Finding]:
    """What a plain-function rule returns when it finds something."""
    return iter(findings)

SkillCheck = Callable[["SkillContext"], Iterator[Finding]]
#: Cross-skill rules yield the skill a finding belongs to, or a path for findings about a
#: directory that holds no skill.
AcrossCheck = Callable[["AcrossContext"], Iterator[tuple["Skill | Path", Finding]]]


@dataclass(frozen=True, slots=True)
class RegisteredRule:
    """A rule's catalog entry plus the function that checks it."""

    info: RuleInfo
    check: Callable[..., Iterator[Any]]
    kind: str  # "skill" or "across"
    needs_agent: bool = False


_RULES: dict[str, RegisteredRule] = {}
_LOADED = False


def _summary(doc: str) -> str:
    """The docstring's first paragraph on one line (a sentence may wrap in the source)."""
    first_paragraph = doc.strip().split("\n\n", 1)[0]
    return " ".join(line.strip() for line in first_paragraph.splitlines())


def rule(
    rule_id: str,
    severity: Severity,
    *,
    source: str = "skillctl",
    agents: tuple[str, ...] = (),
    fixable: bool = False,
    kind: str = "skill",
    needs_agent: bool = False,
    aliases: tuple[str, ...] = (),
    category: str,
) -> Callable[[Callable[..., Iterator[Any]]], Callable[..., Iterator[Any]]]:
    """Register the decorated function as the check of rule ``rule_id``.

    ``category`` is one of :data:`CATEGORIES`.
    """

    def register(func: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
        if rule_id in _RULES:
            raise ValueError(f"rule {rule_id!r} registered twice")
        if category not in CATEGORIES:
            raise ValueError(f"rule {rule_id!r}: unknown category {category!r}")
        if rule_id in CATEGORIES:
            raise ValueError(f"rule id {rule_id!r} is also a category name")
        doc = inspect.cleandoc(func.__doc__ or "")
        info = RuleInfo(
            id=rule_id,
            default_severity=severity,
            summary=_summary(doc),
            doc=doc,
            agents=agents,
            source=source,
            fixable=fixable,
            aliases=aliases,
            needs_agent=needs_agent,
            category=category,
        )
        _RULES[rule_id] = RegisteredRule(info, func, kind, needs_agent)
        return func

    return register


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for module in RULE_MODULES:
        importlib.import_module(f"skillctl.lint.rules.{module}")


def registered() -> list[RegisteredRule]:
    """Every registered rule with its check function, sorted by id."""
    _load()
    return [_RULES[k] for k in sorted(_RULES)]


def all_rules() -> list[RuleInfo]:
    """The catalog of every rule, sorted by id."""
    return [r.info for r in registered()]


def rule_ids() -> list[str]:
    """Every rule id, sorted."""
    return [r.info.id for r in registered()]


def _alias_map() -> dict[str, str]:
    return {alias: r.info.id for r in registered() for alias in r.info.aliases}


def canonical_id(rule_id: str) -> str:
    """The current id of a rule (aliases of renamed rules map to it); UsageError if unknown."""
    _load()
    if rule_id in _RULES:
        return rule_id
    aliases = _alias_map()
    if rule_id in aliases:
        return aliases[rule_id]
    close = difflib.get_close_matches(rule_id, [*_RULES, *aliases], n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else " (see `skillctl rules`)"
    raise UsageError(f"unknown rule {rule_id!r}{hint}")


def expand_selector(selector: str) -> tuple[str, ...]:
    """The rule ids a ``--select``/``--ignore`` value names: every rule of a category, or one
    rule (by id or alias); an unknown value is a UsageError with a did-you-mean."""
    _load()
    if selector in CATEGORIES:
        return tuple(sorted(r.info.id for r in _RULES.values() if r.info.category == selector))
    if selector in _RULES or selector in _alias_map():
        return (canonical_id(selector),)
    close = difflib.get_close_matches(
        selector, [*_RULES, *_alias_map(), *CATEGORIES], n=1, cutoff=0.6
    )
    hint = f"; did you mean {close[0]!r}?" if close else " (see `skillctl rules`)"
    raise UsageError(f"unknown rule or category {selector!r}{hint}")


def get_rule(rule_id: str) -> RuleInfo:
    """The catalog entry of one rule; an unknown id is a UsageError with a did-you-mean."""
    return _RULES[canonical_id(rule_id)].info


def get_registered(rule_id: str) -> RegisteredRule:
    """The registered rule (info and check) for an id or alias."""
    return _RULES[canonical_id(rule_id)]
