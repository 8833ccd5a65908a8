"""Plain-text report of a rendered catalog: per skill its size, share of the budget and fate.

This answers "why does my agent not see my skill". Plain text on purpose (stable in CI logs
and pipes); it never goes through rich.
"""

from __future__ import annotations

from collections import Counter

from skillctl.render.types import EntryStatus, RenderedCatalog, estimate_tokens
from skillctl.textsafe import printable


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def format_report(catalog: RenderedCatalog, skipped: tuple[tuple[str, str], ...] = (),
                  budget_doc: str = "") -> str:
    """The report as text, one line per skill, then totals, skipped skills and notes."""
    budget = catalog.budget
    if budget is not None:
        head = f"budget {budget.limit} {budget.unit} ({budget.source})"
        if budget.max_skills:
            head += f", at most {budget.max_skills} skills"
    else:
        head = "no budget"
    lines = [f"Catalog {catalog.format}: {head}"]
    if budget_doc and budget is not None:
        lines.append(f"  agent default: {budget_doc}")
    # a name, path or reason from a repository is one line, whatever it holds (a name with
    # "\n::warning ..." would start a GitHub workflow command in a CI log)
    names = [printable(e.name) for e in catalog.entries]
    width = max([len("SKILL"), *(len(name) for name in names)])
    lines.append(f"{'SKILL':<{width}}  {'CHARS':>6}  {'TOKENS':>6}  {'SHARE':>6}  STATUS")
    for name, entry in zip(names, catalog.entries, strict=True):
        status = entry.status.value
        if entry.status is EntryStatus.CUT and entry.cut_at is not None:
            status += f" at {entry.cut_at}"
        lines.append(f"{name:<{width}}  {entry.chars:>6}  {entry.tokens:>6}  "
                     f"{_share(entry.share):>6}  {status}")
    chars = sum(e.chars for e in catalog.entries)
    share = chars / budget.limit if budget is not None and budget.limit else None
    counts = Counter(e.status for e in catalog.entries)
    summary = ", ".join(f"{counts.get(s, 0)} {s.value}" for s in EntryStatus)
    lines.append(f"{'TOTAL':<{width}}  {chars:>6}  {estimate_tokens(chars):>6}  "
                 f"{_share(share):>6}  {len(catalog.entries)} skills: {summary}")
    lines.append(f"rendered catalog: {catalog.total_chars} chars, ~"
                 f"{estimate_tokens(catalog.total_chars)} tokens")
    for path, reason in skipped:
        lines.append(f"skipped: {printable(path)}: {printable(reason)}")
    for note in catalog.notes:
        lines.append(f"note: {printable(note)}")
    return "\n".join(lines)
