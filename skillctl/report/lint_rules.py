"""The rule catalog for people and programs: ``skillctl rules`` and ``docs/rules.md``.

``write_rule_table`` lists every rule (id, category, default severity, fixable, agents,
summary),
``rules_json`` exports the catalog as versioned JSON, ``write_rule_doc`` prints one rule's
full documentation, and ``rules_markdown`` renders docs/rules.md (deterministic: the same
catalog always gives the same bytes). Plain text only; nothing here imports rich.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable, Sequence
from typing import TextIO

from skillctl.lint.result import JSON_VERSION, RuleInfo


def _agents(rule: RuleInfo) -> str:
    if rule.agents:
        return ", ".join(rule.agents)
    return "each --agent" if rule.needs_agent else "all"


def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def _sorted(rules: Iterable[RuleInfo]) -> list[RuleInfo]:
    return sorted(rules, key=lambda r: r.id)


#: Narrowest and widest layouts: below 60 columns the text is laid out for 60, above 200
#: lines would be too long to read (the same bounds as ``list`` and ``agents``).
MIN_WIDTH, MAX_WIDTH = 60, 200
#: Below this many columns left for the summary, the table turns into one block per rule.
_MIN_SUMMARY = 30


def rule_table(rules: Iterable[RuleInfo], width: int | None = None) -> str:
    """Every rule as an aligned plain-text table, ending in a newline.

    Without ``width`` (a pipe) one rule a line, whole. With a terminal's ``width`` the
    summary wraps at word boundaries in its column, and when too little room is left for it
    each rule becomes a block (its id on a line of its own): a rule id is never broken.
    """
    header = ("RULE", "CATEGORY", "SEVERITY", "FIX", "AGENTS", "SUMMARY")
    rows = [
        (r.id, r.category, r.default_severity.value, "yes" if r.fixable else "-", _agents(r),
         r.summary)
        for r in _sorted(rules)
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header) - 1)]
    lead = sum(widths) + 2 * len(widths)  # where the summary column starts
    columns = None if width is None else max(MIN_WIDTH, min(MAX_WIDTH, width))
    lines: list[str] = []
    if columns is not None and columns - lead < _MIN_SUMMARY:
        for rule_id, category, severity, fix, agents, summary in rows:
            facts = f"{category}, {severity}{', fixable' if fix == 'yes' else ''}, agents: {agents}"
            lines.append(rule_id)
            lines += textwrap.wrap(facts, columns, initial_indent="  ",
                                   subsequent_indent="    ", break_long_words=False,
                                   break_on_hyphens=False)
            lines += textwrap.wrap(summary, columns, initial_indent="  ", subsequent_indent="  ",
                                   break_long_words=False, break_on_hyphens=False)
    else:
        for row in [header, *rows]:
            cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
            parts = [row[-1]] if columns is None else textwrap.wrap(
                row[-1], columns - lead, break_long_words=False, break_on_hyphens=False)
            lines.append("  ".join([*cells, parts[0] if parts else ""]).rstrip())
            lines += [" " * lead + more for more in parts[1:]]
    count = len(rows)
    lines.append("")
    lines.append(f"{count} rule{'s' if count != 1 else ''}; `skillctl rules ID` explains one.")
    return "\n".join(lines) + "\n"


def write_rule_table(rules: Iterable[RuleInfo], stream: TextIO,
                     width: int | None = None) -> None:
    """Write :func:`rule_table` to the stream, laid out for ``width`` columns if given."""
    stream.write(rule_table(rules, width))


def rules_json(rules: Iterable[RuleInfo]) -> str:
    """The catalog as JSON: ``{"version": 1, "rules": [RuleInfo.to_dict(), ...]}`` by id."""
    document = {"version": JSON_VERSION, "rules": [r.to_dict() for r in _sorted(rules)]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def rule_doc(rule: RuleInfo) -> str:
    """One rule's full documentation as plain text (its facts, then its docstring)."""
    facts = [
        ("category", rule.category),
        ("severity", f"{rule.default_severity.value} (default)"),
        ("fixable", _yes_no(rule.fixable)),
        ("agents", _agents(rule)),
        ("source", rule.source),
    ]
    if rule.aliases:
        facts.append(("aliases", ", ".join(rule.aliases)))
    lines = [rule.id, ""]
    lines.extend(f"  {key + ':':<10}{value}" for key, value in facts)
    doc = rule.doc.strip() or rule.summary
    if doc:
        lines.extend(["", doc])
    return "\n".join(lines) + "\n"


def write_rule_doc(rule: RuleInfo, stream: TextIO) -> None:
    """Write :func:`rule_doc` to the stream."""
    stream.write(rule_doc(rule))


def _demote_headings(doc: str, levels: int) -> str:
    """Push Markdown ATX headings down ``levels`` levels, leaving code blocks alone."""
    out: list[str] = []
    fence: str | None = None
    for line in doc.splitlines():
        stripped = line.lstrip()
        if fence is None and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        elif fence is not None and stripped.startswith(fence):
            fence = None
        elif fence is None and line.startswith("#"):
            marks = len(line) - len(line.lstrip("#"))
            if marks <= 6 and (len(line) == marks or line[marks] == " "):
                line = "#" * min(6, marks + levels) + line[marks:]
        out.append(line)
    return "\n".join(out)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


GENERATED_NOTE = (
    "<!-- Generated by scripts/gen_rule_docs.py from the rule docstrings; do not edit. -->"
)


def rules_markdown(rules: Sequence[RuleInfo]) -> str:
    """docs/rules.md: an index table, then one section per rule."""
    ordered = _sorted(rules)
    lines = [
        GENERATED_NOTE,
        "",
        "# Lint rules",
        "",
        f"skillctl has {len(ordered)} lint rules. `skillctl rules` lists them, "
        "`skillctl rules ID` prints one rule's documentation and "
        "`skillctl rules --format json` exports the catalog.",
        "",
        "Agents \"all\" means the rule runs in the portable rule set; other rules name the "
        "agents they matter for.",
        "",
        "Each rule has a category; `--select`/`--ignore` (and the config file's `select`, "
        "`ignore` and `per-path-ignores`) take a category name for all of its rules "
        "(`skillctl lint --select security`).",
        "",
        "| Rule | Category | Severity | Fixable | Agents | Summary |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for rule in ordered:
        lines.append(
            f"| [`{rule.id}`](#{rule.id}) | {rule.category} | {rule.default_severity.value} | "
            f"{_yes_no(rule.fixable)} | {_cell(_agents(rule))} | {_cell(rule.summary)} |"
        )
    for rule in ordered:
        lines.extend(["", f"## {rule.id}", ""])
        lines.append(f"- Category: {rule.category}")
        lines.append(f"- Default severity: {rule.default_severity.value}")
        lines.append(f"- Fixable with `--fix`: {_yes_no(rule.fixable)}")
        lines.append(f"- Agents: {_agents(rule)}")
        lines.append(f"- Source: {rule.source}")
        if rule.aliases:
            lines.append(f"- Aliases: {', '.join(f'`{a}`' for a in rule.aliases)}")
        doc = rule.doc.strip() or rule.summary
        if doc:
            lines.extend(["", _demote_headings(doc, 2)])
    return "\n".join(line.rstrip() for line in "\n".join(lines).splitlines()) + "\n"
