"""The catalog formats that apply a budget: Claude Code, Codex and OpenClaw.

Each follows the agent's own algorithm (reference/agents.md §4 and §6, re-read from the
sources cited there):

- **Claude Code 2.1.330** (``r5n``/``JZt``): a ``<system-reminder>`` with one ``- name: desc``
  line per skill. Budget in characters = ``--budget`` (``SLASH_COMMAND_TOOL_CHAR_BUDGET``) or
  context tokens (default 200,000) x 4 x 0.01 = 8,000. Each description is capped at 1,536
  (``slice(0, 1535) + "…"``). Over budget, descriptions are kept greedily in usage order and the
  rest collapse to ``- name``; skillctl has no usage data, so catalog order stands in.
- **Codex** (``render.rs``): ``- name: desc (file: path)`` lines inside ``<skills_instructions>``.
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
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

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

# --------------------------------------------------------------------------- Claude Code

CLAUDE_DEFAULT_CONTEXT_TOKENS = 200_000
CLAUDE_CHARS_PER_TOKEN = 4
CLAUDE_BUDGET_FRACTION = 0.01
CLAUDE_DESCRIPTION_CAP = 1536
CLAUDE_INTRO = "The following skills are available for use with the Skill tool:"


def claude_budget(request: BudgetRequest) -> Budget:
    """Claude Code's listing budget in characters (``JZt``)."""
    if request.budget_chars is not None:
        return Budget(max(1, request.budget_chars), "chars", "--budget")
    tokens = request.context_tokens or CLAUDE_DEFAULT_CONTEXT_TOKENS
    limit = max(1, math.floor(tokens * CLAUDE_CHARS_PER_TOKEN * CLAUDE_BUDGET_FRACTION))
    source = ("--context-tokens" if request.context_tokens else "default context 200,000 tokens")
    return Budget(limit, "chars", f"{source} x 4 chars x 0.01")


def _claude_description(entry: CatalogEntry, cap: int) -> tuple[str, int | None]:
    text = f"{entry.description} - {entry.when_to_use}" if entry.when_to_use else entry.description
    if js_len(text) > cap:
        kept = js_slice(text, cap - 1)
        return kept + "…", js_len(kept)
    return text, None


def render_claude_code(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Claude Code's skill listing (a ``<system-reminder>`` meta message)."""
    budget = claude_budget(request)
    if not entries:
        return RenderedCatalog("claude-code", "", (), budget, ())
    cap = request.description_cap or CLAUDE_DESCRIPTION_CAP
    rows = []
    for entry in entries:
        label = f"{entry.name} ({entry.display_name})" if entry.display_name else entry.name
        name_only = f"- {label}"
        description, cut_at = _claude_description(entry, cap)
        rows.append((entry, name_only, f"{name_only}: {description}", cut_at))
    total = sum(js_len(full) for _, _, full, _ in rows) + len(rows) - 1
    notes: list[str] = []
    keep_full = set(range(len(rows)))
    if total > budget.limit:
        notes.append(f"Skill listing over budget: {len(rows)} skills, {total} chars > "
                     f"{budget.limit} budget; descriptions kept greedily, the rest collapse "
                     "to '- name'.")
        notes.append("Claude Code ranks skills by usage (count x recency); without usage data "
                     "skillctl keeps catalog order.")
        remaining = budget.limit - (sum(js_len(n) for _, n, _, _ in rows) + len(rows) - 1)
        keep_full = set()
        for index, (_, name_only, full, _) in enumerate(rows):
            extra = js_len(full) - js_len(name_only)
            if extra <= remaining:
                keep_full.add(index)
                remaining -= extra
    lines: list[str] = []
    reports: list[EntryReport] = []
    for index, (entry, name_only, full, cut_at) in enumerate(rows):
        chars = js_len(full)
        if index in keep_full:
            lines.append(full)
            status = EntryStatus.CUT if cut_at is not None else EntryStatus.WHOLE
        else:
            lines.append(name_only)
            status, cut_at = EntryStatus.NAME_ONLY, None
        reports.append(EntryReport(entry.name, str(entry.path), chars, estimate_tokens(chars),
                                   share_of(chars, budget), status, cut_at))
    text = f"<system-reminder>\n{CLAUDE_INTRO}\n\n" + "\n".join(lines) + "\n</system-reminder>"
    return RenderedCatalog("claude-code", text, tuple(reports), budget, tuple(notes))


# --------------------------------------------------------------------------- Codex

CODEX_DEFAULT_CHARS = 8_000
CODEX_CONTEXT_PERCENT = 2
CODEX_INTRO = ("A skill is a set of local instructions to follow that is stored in a `SKILL.md` "
               "file. Below is the list of skills that can be used. Each entry includes a name, "
               "description, and file path so you can open the source for full instructions "
               "when using a specific skill.")
CODEX_HOW_TO_USE = "\n".join([
    '- Discovery: The list above is the skills available in this session (name + '
    'description + file path). Skill bodies live on disk at the listed paths.',
    '- Trigger rules: If the user names a skill (with `$SkillName` or plain text) OR '
    "the task clearly matches a skill's description shown above, you must use that "
    'skill for that turn. Multiple mentions mean use them all. Do not carry skills '
    'across turns unless re-mentioned.',
    "- Missing/blocked: If a named skill isn't in the list or the path can't be "
    'read, say so briefly and continue with the best fallback.',
    '- How to use a skill (progressive disclosure):',
    '  1) After deciding to use a skill, open its `SKILL.md`. Read only enough to '
    'follow the workflow.',
    '  2) When `SKILL.md` references relative paths (e.g., `scripts/foo.py`), '
    'resolve them relative to the skill directory listed above first, and only '
    'consider other paths if needed.',
    '  3) If `SKILL.md` points to extra folders such as `references/`, load only the '
    "specific files needed for the request; don't bulk-load everything.",
    '  4) If `scripts/` exist, prefer running or patching them instead of retyping '
    'large code blocks.',
    '  5) If `assets/` or templates exist, reuse them instead of recreating from '
    'scratch.',
    '- Coordination and sequencing:',
    '  - If multiple skills apply, choose the minimal set that covers the request '
    "and state the order you'll use them.",
    "  - Announce which skill(s) you're using and why (one short line). If you skip "
    'an obvious skill, say why.',
    '- Context hygiene:',
    '  - Keep context small: summarize long sections instead of pasting them; only '
    'load extra files when needed.',
    '  - Avoid deep reference-chasing: prefer opening only files directly linked '
    "from `SKILL.md` unless you're blocked.",
    '  - When variants exist (frameworks, providers, domains), pick only the '
    'relevant reference file(s) and note that choice.',
    "- Safety and fallback: If a skill can't be applied cleanly (missing files, "
    'unclear instructions), state the issue, pick the next-best approach, and '
    'continue.',
])

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


def render_codex(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Codex's ``<skills_instructions>`` developer message."""
    budget = codex_budget(request)
    if not entries:
        return RenderedCatalog("codex", "", (), budget, ())
    # Codex sanitizes values to one line before they reach the prompt.
    one_line = [replace(e, description=" ".join(e.description.split())) for e in entries]
    ordered = sorted(one_line,
                     key=lambda e: (_CODEX_SCOPE_RANK.get(e.scope, 2), e.name, e.location))
    full_lines = [_codex_line(e, e.description) for e in ordered]
    min_lines = [_codex_line(e, "") for e in ordered]
    full_cost = sum(_codex_cost(budget, line + "\n") for line in full_lines)
    min_cost = sum(_codex_cost(budget, line + "\n") for line in min_lines)
    notes: list[str] = []
    shown: list[str | None]
    kept_chars: list[int | None]
    if full_cost <= budget.limit:
        shown = list(full_lines)
        kept_chars = [None] * len(ordered)
    elif min_cost <= budget.limit:
        remaining = budget.limit - min_cost
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
            if used + cost <= budget.limit:
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
    body = "\n".join(["## Skills", CODEX_INTRO, "### Available skills", *lines,
                      "### How to use skills", CODEX_HOW_TO_USE])
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
    """OpenClaw's ``skills.limits.maxSkillsPromptChars`` (default 18,000) and 150 skills."""
    if request.budget_chars is not None:
        return Budget(max(0, request.budget_chars), "chars", "--budget", OPENCLAW_MAX_SKILLS)
    return Budget(OPENCLAW_MAX_CHARS, "chars", "skills.limits.maxSkillsPromptChars default",
                  OPENCLAW_MAX_SKILLS)


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
    items = [CatalogEntry(e.name, e.description, _openclaw_location(e.location, request.home),
                          e.path, scope=e.scope) for e in entries]
    items.sort(key=lambda e: (e.name.casefold(), e.name))
    total = len(items)
    by_count = items[:OPENCLAW_MAX_SKILLS]

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
    if total > OPENCLAW_MAX_SKILLS:
        notes.append(f"OpenClaw lists at most {OPENCLAW_MAX_SKILLS} skills; "
                     f"{total - OPENCLAW_MAX_SKILLS} left out by count.")
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
