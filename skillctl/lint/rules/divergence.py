"""``parser-divergence``: frontmatter that some agents' parsers accept and others reject."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from skillctl.lint.context import SkillContext, every_profile
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.model import Severity

#: Parsers that are not an agent profile but matter to users (the reference validator).
EXTRA_PARSERS = (("strictyaml", "skills-ref"),)


@functools.cache
def _all_readers() -> tuple[tuple[str, str, str], ...]:
    """(agent id, display name, dialect id) for every agent and extra parser."""
    readers = [(p.id, p.display_name, p.parser) for p in every_profile()]
    readers.extend((name, name, dialect) for dialect, name in EXTRA_PARSERS)
    return tuple(readers)


@functools.cache
def _dialect_ids(clean: bool = False) -> tuple[str, ...]:
    """The dialects of :func:`_all_readers`, each once, in the readers' order; with ``clean``,
    only those that may refuse a file without problems (the others accept it as it is)."""
    from skillctl.dialects import CLEAN_ACCEPTING

    ids = dict.fromkeys(dialect for _, _, dialect in _all_readers())
    return tuple(d for d in ids if not (clean and d in CLEAN_ACCEPTING))


@rule("parser-divergence", Severity.WARNING)
def parser_divergence(ctx: SkillContext) -> Iterator[Finding]:
    """Some agents' parsers accept this frontmatter and others drop the skill.

    Agents parse frontmatter with different parsers: strict YAML 1.2 (Codex, Goose, Cursor,
    the npm `skills` CLI), strictyaml after a naive `split('---')` (skills-ref, which rejects
    flow lists `[a, b]`, anchors and tags), js-yaml (OpenCode, Copilot; a BOM breaks it), the
    OpenCode agent-skills plugin's LF-only line parser, Gemini CLI's and OpenClaw's line
    fallbacks, and Claude Code's lenient retry that quotes risky values and otherwise loads
    the skill with empty metadata. A file that works in the agent you test with can vanish
    silently in another; this rule names who drops it and why. It is a warning, and an error
    when an agent chosen with `--agent` drops the skill.

    Fails:

    ```
    ---
    name: my-skill
    description: Formats code. Use when: the user asks.
    ---
    ```

    (Claude Code loads it; Codex, Goose, skills-ref and OpenCode drop it.)

    Passes: the same with the description in double quotes.

    Matters for every agent.
    """
    if ctx.parsed.text is None:
        return NO_FINDINGS
    from skillctl.dialects import is_clean, quick_verdict

    parsed = ctx.parsed
    clean = is_clean(parsed)
    cache: dict[str, Any] = {}
    if clean:  # the common case: each dialect that may refuse a clean file, until one does
        for dialect in _dialect_ids(True):
            try:
                result = cache[dialect] = quick_verdict(dialect, parsed, clean=True)
            except ValueError:
                cache[dialect] = None
                continue
            if not result.accepted:
                break
        else:
            return NO_FINDINGS  # nobody drops it (the other dialects accept a clean file as it is)
    for dialect in _dialect_ids():
        if dialect not in cache:
            try:
                cache[dialect] = quick_verdict(dialect, parsed, clean=clean)
            except ValueError:
                cache[dialect] = None
    if all(result is None or result.accepted for result in cache.values()):
        return NO_FINDINGS  # nobody drops the skill: nobody disagrees
    # The message is a function of the verdicts and the chosen agents: skills broken the same
    # way (a string allowed-tools, CRLF) share one.
    key = (
        tuple(None if v is None else (v.accepted, v.reason, v.line) for v in cache.values()),
        tuple(cache),
        ctx.config.agents,
    )
    said = _SAID.get(key)
    if said is None:
        said = _what_to_say(cache, ctx.config.agents)
        if len(_SAID) < _SAID_MAX:
            _SAID[key] = said
    message, first_line, chosen_drop = said
    if message is None:
        return NO_FINDINGS  # everyone agrees; other rules say what is wrong
    return found(
        Finding(
            message,
            first_line or ctx.pos().line,
            severity=Severity.ERROR if chosen_drop else None,
            hint="make the frontmatter plain YAML: quote values with ': ', use block lists "
            "instead of [a, b], save as UTF-8 without BOM with LF line endings",
        )
    )


#: (verdicts, dialect order, chosen agents) -> what :func:`_what_to_say` said about them.
_SAID: dict[tuple[Any, ...], tuple[str | None, int | None, bool]] = {}
_SAID_MAX = 1024


def _what_to_say(
    cache: dict[str, Any], chosen: tuple[str, ...]
) -> tuple[str | None, int | None, bool]:
    """The message (None: nobody disagrees), its line and whether a chosen agent drops the
    skill, from each dialect's verdict (None: not available)."""
    accepted: list[str] = []
    degraded: list[str] = []
    dropped: dict[str, list[str]] = {}
    first_line: int | None = None
    chosen_drop = False
    for agent_id, name, dialect in _all_readers():
        result = cache[dialect]
        if result is None:
            continue
        if getattr(result, "accepted", False):
            accepted.append(name)
            reason = getattr(result, "reason", None)
            if reason:
                degraded.append(name)
            continue
        reason = str(getattr(result, "reason", None) or "rejected")
        reason = reason.replace("Invalid YAML in frontmatter: invalid YAML: ", "invalid YAML: ")
        dropped.setdefault(reason, []).append(name)
        line = getattr(result, "line", None)
        if first_line is None and line:
            first_line = line
        if agent_id in chosen:
            chosen_drop = True
    if not dropped or not accepted:
        return None, None, False
    parts = [f"{', '.join(names)} ({reason})" for reason, names in sorted(dropped.items())]
    shown = ", ".join(accepted[:3]) + (
        f" and {len(accepted) - 3} more" if len(accepted) > 3 else ""
    )
    message = (
        "agents disagree about this frontmatter: dropped by "
        + "; ".join(parts)
        + f"; accepted by {shown}"
    )
    if degraded:
        message += " (" + ", ".join(degraded) + " only through a fallback parser)"
    return message, first_line, chosen_drop
