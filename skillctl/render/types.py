"""Plain data shared by the catalog formats: entries in, a rendered catalog with a report out."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skillctl.model import Scope


class EntryStatus(enum.StrEnum):
    """What a budget did to one catalog entry."""

    WHOLE = "whole"  # shown with its full description
    CUT = "cut"  # shown with a shortened description
    NAME_ONLY = "name-only"  # shown without any description
    DROPPED = "dropped"  # not shown at all


@dataclass(frozen=True, slots=True)
class CatalogEntry:
    """One skill as a catalog sees it.

    ``name`` is the name the agent shows (Claude Code: the directory name), ``display_name``
    the frontmatter name when the agent shows it beside (Claude Code ``name (display)``),
    ``location`` the path the agent prints, ``path`` the entry file on disk.
    """

    name: str
    description: str
    location: str
    path: Path
    display_name: str | None = None
    when_to_use: str | None = None
    scope: Scope = Scope.EXTRA
    #: the root the skill was found in (None for a path given by the user); Codex prints
    #: paths relative to an alias of it
    root: str | None = None
    #: when a budget keeps descriptions one by one, lower ranks go first (Claude Code: its
    #: bundled skills 0, the user's skills 1, its prompt commands 2)
    budget_rank: int = 1
    #: listed by name alone whatever the budget (the agent's settings say so: Claude Code
    #: ``skillOverrides`` ``"name-only"``)
    name_only: bool = False
    #: found in a root the agent reads after its built-in skills (``Root.after_builtins``):
    #: listed after them
    after_builtins: bool = False


@dataclass(frozen=True, slots=True)
class EntryReport:
    """Per skill: its size, its share of the budget and what the budget did to it.

    ``chars`` counts the entry as the format would render it in full, in the unit the agent
    counts (UTF-16 code units for JavaScript agents, code points otherwise); ``tokens`` is the
    usual estimate of one token per four characters. ``cut_at`` is the number of description
    characters kept when the status is ``cut``.
    """

    name: str
    path: str
    chars: int
    tokens: int
    share: float | None
    status: EntryStatus
    cut_at: int | None = None


@dataclass(frozen=True, slots=True)
class Budget:
    """The limit a format applied: ``limit`` in ``unit`` (``chars`` or ``tokens``), and why."""

    limit: int
    unit: str
    source: str
    max_skills: int | None = None


@dataclass(frozen=True, slots=True)
class BudgetRequest:
    """What the user asked for: a context window size, an explicit budget, a home directory.

    ``home`` is used by formats that shorten paths under the home directory to ``~/``.
    """

    context_tokens: int | None = None
    budget_chars: int | None = None
    home: Path | None = None
    description_cap: int | None = None
    #: the directory the agent is started in (formats that order by it: the Copilot CLI);
    #: None: the working directory
    project: Path | None = None
    #: the caps on the catalog's skills and characters that the agent's settings set
    #: (``Profile.catalog_max_skills`` and ``catalog_max_chars``); None: the format's defaults
    max_skills: int | None = None
    max_chars: int | None = None


@dataclass(frozen=True, slots=True)
class RenderedCatalog:
    """The exact text an agent would inject (no trailing newline added), with the report."""

    format: str
    text: str
    entries: tuple[EntryReport, ...]
    budget: Budget | None = None
    notes: tuple[str, ...] = ()

    @property
    def total_chars(self) -> int:
        """Characters of the whole rendered text (code points)."""
        return len(self.text)


Renderer = Callable[[Sequence[CatalogEntry], BudgetRequest], RenderedCatalog]


@dataclass(frozen=True, slots=True)
class CatalogFormat:
    """One catalog format, as data plus the pure function that renders it.

    ``name_from_dir`` says the agent lists the directory name (Claude Code); ``body_fallback``
    how a missing description is made from the body (a mode of :mod:`skillctl.fallback`);
    ``needs_description`` that a skill without one is left out; ``excluded_by`` the boolean
    fields that keep a skill out when no agent profile says otherwise; ``budget_doc`` the
    default budget in words (shown in ``--help`` and ``--report``).
    """

    id: str
    title: str
    render: Renderer
    budget_doc: str = "none"
    name_from_dir: bool = False
    body_fallback: str | None = None
    #: the agent takes surrounding whitespace off a declared name (the Copilot CLI, OpenClaw)
    trims_name: bool = False
    #: the agent takes surrounding white space off the description as JavaScript's
    #: ``trim()`` does, the line break a block scalar ends with included (OpenClaw)
    trims_description: bool = False
    needs_description: bool = True
    excluded_by: tuple[str, ...] = ()
    uncertain: tuple[str, ...] = field(default=())
    #: a dialect id (skillctl.dialects) through which the agent reads name and description,
    #: when it differs from the generic parse (Codex reads ``name: 123`` as the text "123")
    dialect: str | None = None
    #: a file beside SKILL.md and a dotted key in it (YAML): when the key is false the agent
    #: leaves the skill out of the catalog (Codex: agents/openai.yaml,
    #: policy.allow_implicit_invocation)
    sidecar_off: tuple[str, str] | None = None
    #: a description that is a string is listed as it is, even empty or blank; only a
    #: missing one (or one of another type) counts as none (OpenCode, verified)
    blank_description_listed: bool = False
    #: a name field that is an empty string is the name ``""`` (Gemini CLI, OpenCode)
    blank_name_listed: bool = False
    #: a description YAML reads as a number or a boolean is its text as JavaScript's
    #: ``String()`` writes it (Claude Code 2.1.332: ``1.50`` is ``1.5``, ``0x1A`` is ``26``)
    scalar_description_as_text: bool = False
    #: the location of a skill found outside the project is its resolved path, one in the
    #: project the path as walked (OpenClaw 2026.9.6: a skill reached through a link under
    #: ~/.agents/skills is shown at its target, a workspace one with its links)
    resolved_outside_project: bool = False
    #: name and description are taken stripped, the location is the resolved path, and a
    #: skill without a name is left out (skills-ref's ``read_properties``)
    strict_properties: bool = False
    #: the location is written with forward slashes whatever the platform (Codex)
    forward_slashes: bool = False


def estimate_tokens(chars: int) -> int:
    """The usual estimate: one token per four characters, rounded up."""
    return -(-chars // 4)


def js_len(text: str) -> int:
    """Length as JavaScript counts it (UTF-16 code units)."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def js_slice(text: str, units: int) -> str:
    """The longest prefix of at most ``units`` UTF-16 code units, never splitting a pair."""
    out: list[str] = []
    used = 0
    for ch in text:
        width = 2 if ord(ch) > 0xFFFF else 1
        if used + width > units:
            break
        out.append(ch)
        used += width
    return "".join(out)


def xml_escape(text: str) -> str:
    """Escape ``& < > " '`` the way the JavaScript agents do (``'`` as ``&apos;``)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&apos;"))


def share_of(chars: int, budget: Budget | None) -> float | None:
    """``chars`` as a fraction of a character budget (None without one)."""
    if budget is None or budget.limit <= 0:
        return None
    return chars / budget.limit
