"""The catalog formats that apply a budget: Claude Code, Codex and OpenClaw.

Each follows the agent's own algorithm (reference/agents.md §4 and §6, re-read from the
sources cited there):

- **Claude Code 2.1.332** (checked against the request it sends; the budget still as read
  from 2.1.330's ``r5n``/``JZt``): the line "The following skills are available for use with
  the Skill tool:", a blank line, then one ``- name: desc`` line per skill (the user's skills,
  then Claude Code's own entries from the profile's ``catalog_trailing``). 2.1.330 wrapped it
  in a ``<system-reminder>``; 2.1.332 puts it in the environment message, bare. Budget in
  characters = ``--budget`` (``SLASH_COMMAND_TOOL_CHAR_BUDGET``), else context tokens x 4 x
  0.01 with ``--context-tokens``, else 30,000 (2.1.332 with its default model); each line is
  charged in terminal columns (:func:`skillctl.shown_text.display_width`: a CJK character
  is two) and each line break one. Each description is capped at 1,536 (``slice(0, 1535) +
  "…"``). Over budget, descriptions are kept greedily (bundled skills first, then the user's in
  usage order, then the prompt commands: ``CatalogEntry.budget_rank``) and the rest collapse
  to ``- name``; skillctl has no usage data, so catalog order stands in.
- **Codex** (verified 0.169.0): a ``### Skill roots`` table (``r0`` = a root's real path, in
  scan order), then ``- name: desc (file: r0/dir/SKILL.md)`` lines inside
  ``<skills_instructions>``; descriptions are cut at 1,024 characters.
  Budget = 2% of the context window in tokens (≈ bytes / 4) when it is known, else 8,000
  characters. Over budget: description-less lines plus description characters shared out one
  at a time; if even the bare lines do not fit, lines are dropped in priority order.
- **OpenClaw 2026.9.6** (``skill-prompt-limits``): ``<available_skills>`` XML, at most 150
  skills and 18,000 characters. Over budget: the compact form without descriptions (binary
  search on the count), then descriptions cut back in at 4-220 characters with ``...``, and a
  ``⚠️ Skills truncated`` / ``compact format`` note.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from skillctl.collation import locale_key
from skillctl.dialects import RUST_WHITESPACE
from skillctl.model import Scope
from skillctl.render.types import (
    Budget,
    BudgetRequest,
    CatalogEntry,
    EntryReport,
    EntryStatus,
    RenderedCatalog,
    estimate_tokens,
    js_len,
    js_slice,
    share_of,
    xml_escape,
)
from skillctl.shown_text import claude_catalog_text, display_width

# --------------------------------------------------------------------------- Claude Code

CLAUDE_DEFAULT_CONTEXT_TOKENS = 200_000
#: the budget Claude Code 2.1.332 applies with its default model (claude-opus-5-5) when
#: neither a budget nor a context size is given: found by running it on listings of 30,000
#: characters +- a few (the formula for other context sizes is 2.1.330's, not re-checked)
CLAUDE_DEFAULT_BUDGET_CHARS = 30_000
CLAUDE_CHARS_PER_TOKEN = 4
CLAUDE_BUDGET_FRACTION = 0.01
CLAUDE_DESCRIPTION_CAP = 1536
CLAUDE_INTRO = "The following skills are available for use with the Skill tool:"


def claude_budget(request: BudgetRequest) -> Budget:
    """Claude Code's listing budget in characters (``JZt``)."""
    if request.budget_chars is not None:
        return Budget(max(1, request.budget_chars), "chars", "--budget")
    if request.context_tokens is None:
        return Budget(CLAUDE_DEFAULT_BUDGET_CHARS, "chars",
                      "Claude Code 2.1.332's default with its default model")
    tokens = request.context_tokens
    limit = max(1, math.floor(tokens * CLAUDE_CHARS_PER_TOKEN * CLAUDE_BUDGET_FRACTION))
    source = "--context-tokens"
    return Budget(limit, "chars", f"{source} x 4 chars x 0.01")


def _claude_description(entry: CatalogEntry, cap: int) -> tuple[str, int | None]:
    text = f"{entry.description} - {entry.when_to_use}" if entry.when_to_use else entry.description
    if entry.scope is not Scope.BUILTIN:
        text = claude_catalog_text(text)
    if js_len(text) > cap:
        kept = js_slice(text, cap - 1)
        return kept + "…", js_len(kept)
    return text, None


def _claude_order(entries: Sequence[CatalogEntry]) -> list[CatalogEntry]:
    """Claude Code 2.1.332 keeps its roots' order (user, then project folders nearest first)
    and sorts the skills of each root by name as ``localeCompare`` does."""
    groups: dict[str | None, list[CatalogEntry]] = {}
    for entry in entries:
        groups.setdefault(entry.root if entry.scope is not Scope.BUILTIN else "<builtin>",
                          []).append(entry)
    ordered: list[CatalogEntry] = []
    for key, group in groups.items():
        ordered += group if key == "<builtin>" else sorted(group,
                                                            key=lambda e: locale_key(e.name))
    return ordered


def render_claude_code(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Claude Code's skill listing, as it appears in the environment message."""
    budget = claude_budget(request)
    if not entries:
        return RenderedCatalog("claude-code", "", (), budget, ())
    cap = request.description_cap or CLAUDE_DESCRIPTION_CAP
    entries = _claude_order(entries)
    rows: list[tuple[CatalogEntry, str, str, int | None]] = []
    for entry in entries:
        label = f"{entry.name} ({entry.display_name})" if entry.display_name else entry.name
        name_only = f"- {label}"
        if entry.name_only:  # skillOverrides "name-only": never a description
            rows.append((entry, name_only, name_only, None))
            continue
        description, cut_at = _claude_description(entry, cap)
        rows.append((entry, name_only, f"{name_only}: {description}", cut_at))
    # 2.1.332 charges the lines in terminal columns, and the line breaks between them
    breaks = len(rows) - 1
    total = sum(display_width(full) for _, _, full, _ in rows) + breaks
    notes: list[str] = []
    keep_full = set(range(len(rows)))
    if total > budget.limit:
        notes.append(f"Skill listing over budget: {len(rows)} skills, {total} chars > "
                     f"{budget.limit} budget; descriptions kept greedily, the rest collapse "
                     "to '- name'.")
        notes.append("Claude Code keeps its bundled skills' descriptions first and its prompt "
                     "commands' last; it may rank the user's skills by usage (count x "
                     "recency): without usage data skillctl keeps catalog order.")
        remaining = budget.limit - sum(display_width(n) for _, n, _, _ in rows) - breaks
        keep_full = set()
        for index in sorted(range(len(rows)), key=lambda i: (rows[i][0].budget_rank, i)):
            _, name_only, full, _ = rows[index]
            extra = display_width(full) - display_width(name_only)
            if extra <= remaining:
                keep_full.add(index)
                remaining -= extra
    lines: list[str] = []
    reports: list[EntryReport] = []
    for index, (entry, name_only, full, cut_at) in enumerate(rows):
        chars = display_width(full)
        if index in keep_full:
            lines.append(full)
            status = EntryStatus.CUT if cut_at is not None else EntryStatus.WHOLE
        else:
            lines.append(name_only)
            status, cut_at = EntryStatus.NAME_ONLY, None
        reports.append(EntryReport(entry.name, str(entry.path), chars, estimate_tokens(chars),
                                   share_of(chars, budget), status, cut_at))
    text = f"{CLAUDE_INTRO}\n\n" + "\n".join(lines)
    return RenderedCatalog("claude-code", text, tuple(reports), budget, tuple(notes))


# --------------------------------------------------------------------------- Codex

CODEX_DEFAULT_CHARS = 8_000
CODEX_CONTEXT_PERCENT = 2
#: tokens of the roots table Codex 0.169.0 does not charge to the skills budget (measured)
CODEX_ROOTS_ALLOWANCE = 36
#: bytes of the section that share the roots table's last token (see ``render_codex``)
CODEX_SECTION_OFFSET = 2
CODEX_INTRO = ("A skill is a set of local instructions to follow that is stored in a `SKILL.md` "
               "file. Below is the list of skills that can be used. Each entry includes a name, "
               "description, and a short path that can be expanded into an absolute path using "
               "the skill roots table.")

#: Codex orders System, Admin, Repo, User; skillctl scopes map onto those ranks.
_CODEX_SCOPE_RANK = {Scope.SYSTEM: 0, Scope.BUILTIN: 0, Scope.PROJECT: 2, Scope.EXTRA: 2,
                     Scope.USER: 3, Scope.PLUGIN: 3}


def codex_budget(request: BudgetRequest) -> Budget:
    """Codex's skills metadata budget (``default_skill_metadata_budget``)."""
    if request.budget_chars is not None:
        return Budget(max(1, request.budget_chars), "chars", "--budget")
    if request.context_tokens and request.context_tokens > 0:
        limit = max(1, request.context_tokens * CODEX_CONTEXT_PERCENT // 100)
        return Budget(limit, "tokens", "2% of --context-tokens")
    return Budget(CODEX_DEFAULT_CHARS, "chars", "8,000 chars (context window unknown)")


def _codex_cost(budget: Budget, text: str) -> int:
    if budget.unit == "tokens":
        return estimate_tokens(len(text.encode("utf-8")))
    return len(text)


def _codex_line(entry: CatalogEntry, description: str) -> str:
    if not description:
        return f"- {entry.name}: (file: {entry.location})"
    return f"- {entry.name}: {description} (file: {entry.location})"


def _codex_short_paths(entries: Sequence[CatalogEntry]) -> tuple[list[CatalogEntry],
                                                                 list[tuple[str, str]]]:
    """Entries whose location is ``r<N>/<path below the root>``, and the aliases in order.

    Codex 0.169.0 numbers the roots in the order it scans them (``entries`` come in that
    order) and prints each root's real path; the path below it is kept as found. An entry
    without a root (a path given by the user) counts the folder holding its skill folder.
    """
    def root_of(entry: CatalogEntry) -> str:
        if entry.root is not None:
            return entry.root
        return os.path.dirname(os.path.dirname(entry.location))

    alias: dict[str, str] = {}
    table: list[tuple[str, str]] = []
    short = []
    for entry in entries:
        root = root_of(entry)
        if root not in alias:
            alias[root] = f"r{len(table)}"
            table.append((alias[root], os.path.realpath(root).replace("\\", "/")))
        below = os.path.relpath(entry.location, root).replace(os.sep, "/")
        short.append(replace(entry, location=f"{alias[root]}/{below}"))
    return short, table


def _codex_share(budget: Budget, desc: str, chars: int, minimum: str) -> list[int]:
    """Extra cost of showing the first N description chars, for N = 0..len(desc)."""
    base_chars, base_bytes = len(minimum) + 1, len(minimum.encode("utf-8")) + 1

    def cost(n_chars: int, n_bytes: int) -> int:
        return estimate_tokens(n_bytes) if budget.unit == "tokens" else n_chars

    base = cost(base_chars, base_bytes)
    extra = [0]
    prefix_bytes = 0
    for prefix_chars, ch in enumerate(desc, start=1):
        prefix_bytes += len(ch.encode("utf-8"))
        total = cost(base_chars + prefix_chars + 1, base_bytes + prefix_bytes + 1)
        extra.append(max(0, total - base))
    return extra


#: runs of Rust's whitespace, which Codex writes as one space (conformance case
#: description-controls)
_RUST_WHITESPACE = re.compile(f"[{RUST_WHITESPACE}]+")


def render_codex(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Codex's ``<skills_instructions>`` developer message."""
    budget = codex_budget(request)
    if not entries:
        return RenderedCatalog("codex", "", (), budget, ())
    # Codex sanitizes values to one line before they reach the prompt, and cuts descriptions
    # at the profile's cap (1,024 characters in 0.169.0: 1,021 and "...").
    cap = request.description_cap

    def shown_description(text: str) -> str:
        text = _RUST_WHITESPACE.sub(" ", text).strip(" ")
        if cap is not None and len(text) > cap:
            return text[: max(0, cap - 3)] + "..."
        return text

    one_line = [replace(e, description=shown_description(e.description)) for e in entries]
    short, aliases = _codex_short_paths(one_line)
    ordered = sorted(short, key=lambda e: (_CODEX_SCOPE_RANK.get(e.scope, 2), e.name,
                                           str(e.path)))
    # Codex 0.169.0 charges the roots table to the budget as the difference between the
    # cost of the whole section with the table and without it, so the table's bytes are
    # rounded to tokens together with the section's own: 2 bytes more than the table, 36
    # tokens less (measured on the budget cases and on two real trees whose root paths differ
    # in length, where a rounding of the table alone was one token off); 144 characters less
    # with a character budget
    table_text = "".join(f"- `{name}` = `{root}`\n" for name, root in aliases)
    table_cost = (estimate_tokens(len(table_text.encode("utf-8")) + CODEX_SECTION_OFFSET)
                  if budget.unit == "tokens" else len(table_text))
    allowance = CODEX_ROOTS_ALLOWANCE if budget.unit == "tokens" else 4 * CODEX_ROOTS_ALLOWANCE
    limit = budget.limit - max(0, table_cost - allowance)
    full_lines = [_codex_line(e, e.description) for e in ordered]
    min_lines = [_codex_line(e, "") for e in ordered]
    full_cost = sum(_codex_cost(budget, line + "\n") for line in full_lines)
    min_cost = sum(_codex_cost(budget, line + "\n") for line in min_lines)
    notes: list[str] = []
    shown: list[str | None]
    kept_chars: list[int | None]
    if full_cost <= limit:
        shown = list(full_lines)
        kept_chars = [None] * len(ordered)
    elif min_cost <= limit:
        remaining = limit - min_cost
        tables = [_codex_share(budget, e.description, len(e.description), m)
                  for e, m in zip(ordered, min_lines, strict=True)]
        alloc = [0] * len(ordered)
        current = [0] * len(ordered)
        changed = True
        while changed:  # one character at a time, round robin, as Codex shares it out
            changed = False
            for i, entry in enumerate(ordered):
                if alloc[i] >= len(entry.description):
                    continue
                delta = max(0, tables[i][alloc[i] + 1] - current[i])
                if delta <= remaining:
                    alloc[i] += 1
                    current[i] = tables[i][alloc[i]]
                    remaining -= delta
                    changed = True
        shown = [_codex_line(e, e.description[:n]) for e, n in zip(ordered, alloc, strict=True)]
        kept_chars = [None if n >= len(e.description) else n
                      for e, n in zip(ordered, alloc, strict=True)]
        cut = sum(len(e.description) - n for e, n in zip(ordered, alloc, strict=True))
        average = -(-cut // len(ordered))
        if average > 100:
            notes.append("Skill descriptions were shortened to fit the "
                         f"{'2% ' if budget.unit == 'tokens' else ''}skills context budget. Codex "
                         "can still see every skill, but some descriptions are shorter. Disable "
                         "unused skills or plugins to leave more room for the rest.")
    else:
        used = 0
        shown = []
        kept_chars = []
        for bare in min_lines:
            cost = _codex_cost(budget, bare + "\n")
            if used + cost <= limit:
                used += cost
                shown.append(bare)
            else:
                shown.append(None)
            kept_chars.append(0)
        omitted = sum(1 for s in shown if s is None)
        prefix = "Exceeded skills context budget" + (" of 2%" if budget.unit == "tokens" else "")
        notes.append(f"{prefix}. All skill descriptions were removed and {omitted} additional "
                     f"skill{'s' if omitted != 1 else ''} {'were' if omitted != 1 else 'was'} not "
                     "included in the model-visible skills list.")
    reports: list[EntryReport] = []
    for entry, full, line, kept in zip(ordered, full_lines, shown, kept_chars, strict=True):
        chars = len(full) + 1
        if line is None:
            status, cut_at = EntryStatus.DROPPED, None
        elif kept is None:
            status, cut_at = EntryStatus.WHOLE, None
        elif kept == 0 and entry.description:
            status, cut_at = EntryStatus.NAME_ONLY, None
        elif kept == 0:
            status, cut_at = EntryStatus.WHOLE, None
        else:
            status, cut_at = EntryStatus.CUT, kept
        share = (_codex_cost(budget, full + "\n") / budget.limit) if budget.limit else None
        reports.append(EntryReport(entry.name, str(entry.path), chars, estimate_tokens(chars),
                                   share, status, cut_at))
    lines = [line for line in shown if line is not None]
    table = [f"- `{name}` = `{root}`" for name, root in aliases]
    body = "\n".join(["## Skills", CODEX_INTRO, "### Skill roots", *table,
                      "### Available skills", *lines])
    text = f"<skills_instructions>\n{body}\n</skills_instructions>"
    return RenderedCatalog("codex", text, tuple(reports), budget, tuple(notes))


# --------------------------------------------------------------------------- OpenClaw

OPENCLAW_MAX_SKILLS = 150
OPENCLAW_MAX_CHARS = 18_000
OPENCLAW_DESC_MIN = 4
OPENCLAW_DESC_MAX = 220
_OPENCLAW_FULL_HINT = ("Read a skill's file at its listed location when the task matches its "
                       "description.")
_OPENCLAW_NAME_HINT = "Read a skill's file at its listed location when the task matches its name."
_OPENCLAW_BOTH_HINT = ("Read a skill's file at its listed location when the task matches its name "
                       "or description.")


def openclaw_budget(request: BudgetRequest) -> Budget:
    """OpenClaw's ``skills.limits.maxSkillsPromptChars`` (default 18,000) and
    ``maxSkillsInPrompt`` (default 150), as its settings set them."""
    max_skills = OPENCLAW_MAX_SKILLS if request.max_skills is None else request.max_skills
    if request.budget_chars is not None:
        return Budget(max(0, request.budget_chars), "chars", "--budget", max_skills)
    if request.max_chars is not None:
        return Budget(request.max_chars, "chars", "skills.limits.maxSkillsPromptChars",
                      max_skills)
    return Budget(OPENCLAW_MAX_CHARS, "chars", "skills.limits.maxSkillsPromptChars default",
                  max_skills)


def _openclaw_location(location: str, home: Path | None) -> str:
    if home is not None:
        prefix = str(home).rstrip(os.sep) + os.sep
        if location.startswith(prefix):
            return "~/" + location[len(prefix):]
    return location


def _openclaw_truncate(description: str, max_chars: int) -> str:
    normalized = " ".join(description.split())
    if js_len(normalized) <= max_chars:
        return normalized
    if max_chars <= 3:
        return js_slice(normalized, max_chars)
    return js_slice(normalized, max_chars - 3).rstrip() + "..."


def _openclaw_catalog(entries: Sequence[CatalogEntry], hint: str,
                      description: dict[int, str | None]) -> str:
    if not entries:
        return ""
    lines = ["\n\nThe following skills provide specialized instructions for specific tasks.", hint,
             "When a skill file references a relative path, resolve it against the skill "
             "directory (parent of SKILL.md / dirname of the path) and use that absolute path in "
             "tool commands.", "", "<available_skills>"]
    for index, entry in enumerate(entries):
        lines.append("  <skill>")
        lines.append(f"    <name>{xml_escape(entry.name)}</name>")
        desc = description.get(index)
        if desc is not None:
            lines.append(f"    <description>{xml_escape(desc)}</description>")
        lines.append(f"    <location>{xml_escape(entry.location)}</location>")
        lines.append("  </skill>")
    lines.append("</available_skills>")
    return "\n".join(lines)


def _openclaw_full(entries: Sequence[CatalogEntry]) -> str:
    return _openclaw_catalog(entries, _OPENCLAW_FULL_HINT,
                             {i: e.description for i, e in enumerate(entries)})


def _openclaw_compact(entries: Sequence[CatalogEntry], max_desc: int) -> str:
    if max_desc <= 0:
        return _openclaw_catalog(entries, _OPENCLAW_NAME_HINT, {})
    return _openclaw_catalog(entries, _OPENCLAW_BOTH_HINT,
                             {i: (_openclaw_truncate(e.description, max_desc) or None)
                              for i, e in enumerate(entries)})


def _openclaw_note(included: int, total: int, compact: bool, max_desc: int) -> str:
    kind = "descriptions shortened" if max_desc > 0 else "descriptions omitted"
    if included < total:
        details = f" (compact format, {kind})" if compact else ""
        return (f"⚠️ Skills truncated: included {included} of {total}{details}. "
                "Run `openclaw skills check` to audit.")
    if compact:
        return (f"⚠️ Skills catalog using compact format ({kind}). "
                "Run `openclaw skills check` to audit.")
    return ""


def render_openclaw(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """OpenClaw's skills prompt (``prepareSkillsForPrompt``), paths under home shown as ``~/``."""
    budget = openclaw_budget(request)
    limit = budget.limit
    # the bundled skills come first: a discovered skill of the same name replaces one (checked
    # against 2026.9.6: workspace, ~/.agents/skills and managed skills all win over them)
    by_name = {e.name: e for e in entries}
    items = [CatalogEntry(e.name, e.description, _openclaw_location(e.location, request.home),
                          e.path, scope=e.scope) for e in by_name.values()]
    items.sort(key=lambda e: locale_key(e.name))  # OpenClaw sorts with localeCompare
    total = len(items)
    max_skills = max(0, budget.max_skills if budget.max_skills is not None
                     else OPENCLAW_MAX_SKILLS)
    by_count = items[:max_skills]

    def render(subset: Sequence[CatalogEntry], compact: bool, max_desc: int,
               note: bool) -> str | None:
        body = _openclaw_compact(subset, max_desc) if compact else _openclaw_full(subset)
        head = _openclaw_note(len(subset), total, compact, max_desc) if note else ""
        prompt = "\n".join(part for part in (head, body) if part)
        return prompt if js_len(prompt) <= limit else None

    def fits_compact(subset: Sequence[CatalogEntry], max_desc: int, note: bool = True) -> bool:
        return render(subset, True, max_desc, note) is not None

    def largest_prefix(candidates: Sequence[CatalogEntry], note: bool) -> int:
        lo, hi = 0, len(candidates)
        while lo < hi:
            mid = -(-(lo + hi) // 2)
            if fits_compact(candidates[:mid], 0, note):
                lo = mid
            else:
                hi = mid - 1
        return lo

    chosen: list[CatalogEntry] = list(by_count)
    full = render(chosen, False, 0, True)
    compact = False
    max_desc = 0
    if full is not None:
        text = full
    else:
        compact = True
        if not fits_compact(chosen, 0):
            chosen = chosen[:largest_prefix(chosen, True)]
        if not chosen and by_count:
            plain = render(by_count, False, 0, False)
            if plain is not None:
                chosen, compact, text = list(by_count), False, plain
            else:
                count = largest_prefix(by_count, False)
                if count > 0:
                    chosen = by_count[:count]
        if compact:
            with_note = fits_compact(chosen, 0)
            if chosen and fits_compact(chosen, OPENCLAW_DESC_MIN, with_note):
                lo, hi = OPENCLAW_DESC_MIN, OPENCLAW_DESC_MAX
                while lo < hi:
                    mid = -(-(lo + hi) // 2)
                    if fits_compact(chosen, mid, with_note):
                        lo = mid
                    else:
                        hi = mid - 1
                max_desc = lo
            text = render(chosen, True, max_desc, with_note) or ""
            if not text:
                chosen = []
    shown = {id(e) for e in chosen}
    notes: list[str] = []
    if total > max_skills:
        notes.append(f"OpenClaw lists at most {max_skills} skills; "
                     f"{total - max_skills} left out by count.")
    reports: list[EntryReport] = []
    for entry in items:
        one = _openclaw_full([entry])
        # the cost of one entry: its <skill> block (the shared intro is not counted per skill)
        block = one[one.index("  <skill>"):one.index("</available_skills>")]
        chars = js_len(block)
        normalized = " ".join(entry.description.split())
        if id(entry) not in shown:
            status, cut_at = EntryStatus.DROPPED, None
        elif not compact:
            status, cut_at = EntryStatus.WHOLE, None
        elif max_desc <= 0:
            status, cut_at = EntryStatus.NAME_ONLY, None
        elif js_len(normalized) > max_desc:
            status, cut_at = EntryStatus.CUT, max(0, max_desc - 3)
        else:
            status, cut_at = EntryStatus.WHOLE, None
        reports.append(EntryReport(entry.name, str(entry.path), chars, estimate_tokens(chars),
                                   share_of(chars, budget), status, cut_at))
    return RenderedCatalog("openclaw", text, tuple(reports), budget, tuple(notes))
