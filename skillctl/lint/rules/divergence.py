"""Frontmatter that agents read differently: ``parser-divergence`` (some agents' parsers
accept it and others reject it) and ``frontmatter-cut`` (an agent ends it elsewhere)."""

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


@rule("parser-divergence", Severity.WARNING, category="agent")
def parser_divergence(ctx: SkillContext) -> Iterator[Finding]:
    """Some agents' parsers accept this frontmatter and others drop the skill.

    Agents parse frontmatter with different parsers: strict YAML 1.2 (Codex, Goose, Cursor,
    the npm `skills` CLI), strictyaml after a naive `split('---')` (skills-ref, which rejects
    flow lists `[a, b]`, anchors and tags), js-yaml (OpenCode, Copilot; a BOM breaks it), the
    OpenCode agent-skills plugin's LF-only line parser, Gemini CLI's and OpenClaw's line
    fallbacks, and Claude Code's lenient retry that quotes risky values and otherwise loads
    the skill with empty metadata. A file that works in the agent you test with can vanish
    silently in another; this rule names who drops it and why, and its hint names the cause
    (a string `allowed-tools`, CRLF, flow style ...). It is a warning; with `--agent`, an
    error when a chosen agent drops the skill and info when none does; info too when only
    the reference validator (skills-ref) rejects valid YAML such as `requires: {mcp: [rube]}`.

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
    if ctx.parsed.text is None or ctx.parsed.has_problem("no-frontmatter"):
        return NO_FINDINGS  # (no-frontmatter says it: every agent but a fallback drops it)
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
    merges = bool(parsed.frontmatter is not None and parsed.frontmatter.merges)
    key = (
        tuple(None if v is None else (v.accepted, v.reason, v.line) for v in cache.values()),
        tuple(cache),
        ctx.config.agents,
        merges,
    )
    said = _SAID.get(key)
    if said is None:
        said = _what_to_say(cache, ctx.config.agents, merges)
        if len(_SAID) < _SAID_MAX:
            _SAID[key] = said
    message, first_line, chosen_drop, only_extra, hint = said
    if message is None:
        return NO_FINDINGS  # everyone agrees; other rules say what is wrong
    severity = None
    if chosen_drop:
        severity = Severity.ERROR
    elif only_extra or ctx.config.agents:
        # only the reference validator drops it, or no agent the user targets does: a note
        severity = Severity.INFO
    return found(Finding(message, first_line or ctx.pos().line, severity=severity, hint=hint))


#: (text in a reader's reason, what to do about it): the hint names the real cause. The
#: first match wins; a reason that matches none gets :data:`_GENERIC_HINT`.
_CAUSES = (
    ("argument-hint is", "quote argument-hint (argument-hint: \"[topic]\"): the Copilot CLI "
     "drops a skill whose argument-hint is not a string"),
    ("invocable is", "write true or false (not yes, 'true' or a list): the Copilot CLI drops "
     "a skill whose user-invocable or disable-model-invocation is anything else"),
    ("allowed-tools is", "write allowed-tools as a string or a list of tool names: the Copilot "
     "CLI drops a skill whose allowed-tools is anything else"),
    ("allowed-tools", "agents disagree on allowed-tools: the OpenCode agent-skills plugin "
     "needs a YAML list ('  - Read' lines), the spec says a space-separated string and Claude "
     "Code accepts both; use a list if you target that plugin"),
    ("metadata", "the OpenCode agent-skills plugin needs every metadata value to be a string; "
     "other agents accept nested metadata (metadata.openclaw): flatten it only if you target "
     "that plugin"),
    ("only matches LF line endings", "save the file with LF line endings (skillctl lint "
     "--fix)"),
    ("BOM", "save the file as UTF-8 without BOM (skillctl lint --fix)"),
    ("flow style", "only skills-ref rejects flow style ([a, b], {a: b}), which is valid YAML: "
     "write block lists if you validate with skills-ref"),
    ("anchors", "only skills-ref rejects anchors, aliases and tags: write the values out if "
     "you validate with skills-ref"),
    ("description", "give the skill a one-line string description"),
    ("date", "quote the value: js-yaml reads an unquoted date as a Date"),
    ("body after the frontmatter is empty", "add instructions below the closing '---'"),
    ("nothing follows", "add instructions below the closing '---'"),
    ("mapping values", "quote values that contain ': ' (skillctl lint --fix)"),
    ("text before the opening", "move the text above the opening '---' below the closing one"),
    ("not closed", "add a '---' line after the last frontmatter key"),
)
_GENERIC_HINT = ("make the frontmatter plain YAML: quote values with ': ', use block lists "
                 "instead of [a, b], save as UTF-8 without BOM with LF line endings")


def _hint_for(reasons: list[str]) -> str:
    """The hints for the causes named in ``reasons`` (each once, in :data:`_CAUSES` order)."""
    hints = [hint for text, hint in _CAUSES if any(text in reason for reason in reasons)]
    return "; ".join(hints) if hints else _GENERIC_HINT


#: (verdicts, dialect order, chosen agents) -> what :func:`_what_to_say` said about them.
_SAID: dict[tuple[Any, ...], tuple[str | None, int | None, bool, bool, str]] = {}
_SAID_MAX = 1024


def _what_to_say(
    cache: dict[str, Any], chosen: tuple[str, ...], merges: bool = False
) -> tuple[str | None, int | None, bool, bool, str]:
    """The message (None: nobody disagrees), its line, whether a chosen agent drops the
    skill, whether only extra parsers (skills-ref) drop it, and the hint, from each
    dialect's verdict (None: not available). ``merges``: the frontmatter has a merge key,
    which some agents that accept the YAML do not merge (``merge-key`` says what follows)."""
    extra_names = {name for _, name in EXTRA_PARSERS}
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
        if line and (first_line is None or first_line == 1):
            first_line = line  # (a reader that names a line inside the block says more)
        if agent_id in chosen:
            chosen_drop = True
    if not dropped or not accepted:
        return None, None, False, False, _GENERIC_HINT
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
    only_extra = all(name in extra_names for names in dropped.values() for name in names)
    if only_extra:
        message += (" (only the reference validator rejects this YAML)" if merges else
                    " (only the reference validator rejects it; no agent drops the skill)")
    return message, first_line, chosen_drop, only_extra, _hint_for(list(dropped))


@rule("frontmatter-cut", Severity.WARNING, category="agent")
def frontmatter_cut(ctx: SkillContext) -> Iterator[Finding]:
    """An agent ends the frontmatter before its closing `---` line and reads another name or
    description.

    Claude Code ends the frontmatter at the next `---` wherever it stands: in a value
    (`description: Use for A---B` is `Use for A`) or in a line of dashes inside a block
    scalar. Gemini CLI and OpenCode end it at the first line that starts with `---`. The
    skill still loads, with a cut or missing description, and nothing says so (checked with
    the real agents, conformance case `frontmatter-closers`). Quoting the value does not help:
    the cut comes before YAML reads it.

    Fails: `description: Use for A---B` (Claude Code reads `Use for A`).
    Passes: `description: Use for A - B` or `A—B`.

    Matters for Claude Code, Gemini CLI and OpenCode (only the agents chosen with `--agent`
    when given).
    """
    fm = ctx.parsed.frontmatter
    text = ctx.parsed.text
    if fm is None or text is None or "---" not in fm.text:
        return NO_FINDINGS
    from skillctl.dialects import verdict
    from skillctl.frontmatter_split import BY_DIALECT, differs

    read: dict[tuple[str, str], list[str]] = {}  # (key, what is read) -> agents
    for profile in ctx.profiles or every_profile():
        cut = BY_DIALECT.get(profile.parser)
        split = cut(text) if cut is not None else None
        if split is None or not differs(fm.text, split):
            continue
        for key, shown in _read_otherwise(fm.data, verdict(profile.parser, ctx.parsed)):
            read.setdefault((key, shown), []).append(profile.display_name)
    if not read:
        return NO_FINDINGS
    line = fm.start_line + fm.text.count("\n", 0, fm.text.find("---"))
    what = _who_reads_what(read)
    return found(Finding(
        f"the '---' on line {line} ends the frontmatter for some agents: {what}", line,
        hint="write the dashes otherwise (' - ' or an em dash): quoting the value does not "
             "help, the frontmatter is cut before YAML reads it"))


@rule("merge-key", Severity.WARNING, category="agent")
def merge_key(ctx: SkillContext) -> Iterator[Finding]:
    """A YAML merge key (`<<`) gives the name or description, and some agents do not merge.

    Claude Code, Gemini CLI and OpenCode merge `<<: {description: ...}` (or `<<: *base`)
    into the frontmatter; Codex, the Copilot CLI and OpenClaw read `<<` as a key of its own,
    so what it brings is missing there: Codex drops a skill whose description comes only
    through it, the Copilot CLI takes its description from the body (checked with the real
    agents, conformance case `yaml-tags-and-merges`). A warning; with `--agent`, an error
    when a chosen agent drops the skill for it.

    Fails:

    ```
    ---
    name: my-skill
    <<: {description: Formats code. Use when asked.}
    ---
    ```

    Passes: `description: Formats code. Use when asked.` written out.

    Matters for Codex, the Copilot CLI and OpenClaw (only the agents chosen with `--agent`
    when given).
    """
    fm = ctx.parsed.frontmatter
    if fm is None or not fm.merges:
        return NO_FINDINGS
    from skillctl.dialects import verdict

    read: dict[tuple[str, str], list[str]] = {}  # (key, what is read) -> agents
    drops = False
    for profile in ctx.profiles or every_profile():
        for key, shown in _read_otherwise(fm.data, verdict(profile.parser, ctx.parsed)):
            read.setdefault((key, shown), []).append(profile.display_name)
            if key == "description" and shown == "nothing" and ctx.config.agents \
                    and profile.description_required and profile.description_fallback is None:
                drops = True
    if not read:
        return NO_FINDINGS
    line = fm.start_line + _first_merge_line(fm.text)
    what = _who_reads_what(read)
    keys = " and ".join(sorted({key for key, _ in read}))
    return found(Finding(
        f"a merge key ('<<') gives this frontmatter its {keys}, and some agents do not merge "
        f"it: {what}", line,
        severity=Severity.ERROR if drops else None,
        hint="write the fields out instead of merging them in with '<<'"))


def _read_otherwise(written: Any, seen: Any) -> Iterator[tuple[str, str]]:
    """(key, what the agent reads) for the name and description an agent that accepts the
    file (its verdict ``seen``) reads otherwise than ``written`` (the frontmatter's data);
    nothing when it drops the file (parser-divergence says who does)."""
    if not seen.accepted or seen.data is None:
        return
    for key in ("name", "description"):
        value, taken = written.get(key), seen.data.get(key)
        if isinstance(value, str) and taken != value:
            yield key, repr(taken) if isinstance(taken, str) and taken.strip() else "nothing"


def _who_reads_what(read: dict[tuple[str, str], list[str]]) -> str:
    """"Codex, OpenClaw read the description as nothing; ..." for a finding's message."""
    return "; ".join(f"{', '.join(agents)} read{'s' if len(agents) == 1 else ''} the {key} "
                     f"as {shown}" for (key, shown), agents in read.items())


def _first_merge_line(text: str) -> int:
    """How many lines into the frontmatter the first ``<<`` key stands (0: the first)."""
    for number, line in enumerate(text.splitlines()):
        if line.lstrip().startswith("<<"):
            return number
    return 0
