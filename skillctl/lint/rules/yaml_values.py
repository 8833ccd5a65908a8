"""Frontmatter values that an agent's YAML reader turns into something other than the text.

Which reader an agent uses is its profile's ``parser`` (a dialect of :mod:`skillctl.dialects`);
what each reader does is the dialects' data and functions, never a branch on an agent here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from skillctl.lint.context import SkillContext, every_profile
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.model import Severity

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile

#: ``description: >`` (or ``|``, ``>-``, ``|2+`` ...) as written in the file
_BLOCK_DESCRIPTION = re.compile(r"(?m)^description[ \t]*:[ \t]+([|>][-+0-9]*)[ \t]*(?:#.*)?$")
#: a value that starts with a block scalar indicator: what a line parser keeps of one
_INDICATOR_TEXT = re.compile(r"^[|>][-+0-9]*(?:\s|$)")


def block_description(text: str) -> re.Match[str] | None:
    """``_BLOCK_DESCRIPTION.search(text)``, the pattern tried only at lines that start with
    ``description``: a search tries ``^`` at every character of the file (body included),
    six times slower on real skills."""
    if text.startswith("description"):
        match = _BLOCK_DESCRIPTION.match(text)
        if match is not None:
            return match
    at = text.find("\ndescription")
    while at >= 0:
        match = _BLOCK_DESCRIPTION.match(text, at + 1)  # ((?m)^ matches after a newline)
        if match is not None:
            return match
        at = text.find("\ndescription", at + 1)
    return None


def _profiles(ctx: SkillContext) -> tuple[Profile, ...]:
    """The chosen agents' profiles, or every agent's for the portable set."""
    return ctx.profiles or every_profile()


def _plain_strings(data: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int,
                                                                              ...], str]]:
    """(key path, value) of every string in ``data``, depth first in file order."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            yield from _plain_strings(value, (*path, str(key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _plain_strings(value, (*path, index))
    elif isinstance(data, str) and path:
        yield path, data


@rule("yaml-timestamp", Severity.WARNING, category="agent")
def yaml_timestamp(ctx: SkillContext) -> Iterator[Finding]:
    """An unquoted date or timestamp that an agent's YAML reader turns into a date object.

    js-yaml (Gemini CLI, OpenCode, Copilot, Amp) reads `updated: 2026-03-05` as a JavaScript
    `Date`, not as the text: a tool that expects a string sees
    `Thu Mar 05 2026 ...` or an object, and OpenCode drops a skill whose description is one.
    strictyaml, Codex's serde and the `yaml` package's core schema (the OpenCode plugin,
    OpenClaw) keep the text. With `--agent`, only the chosen agents' readers count. The
    description is left to `parser-divergence`, which names who drops the skill.

    Fails:

    ```
    metadata:
      updated: 2026-03-05
    ```

    Passes: `updated: "2026-03-05"`.

    Matters for agents whose parser is js-yaml.
    """
    fm = ctx.parsed.frontmatter
    if fm is None or not fm.plain_scalars or not ctx.has_frontmatter:
        return NO_FINDINGS
    from skillctl.dialects import DATE_READERS, PLAIN_TIMESTAMP

    readers: dict[str, list[str]] = {}
    for profile in _profiles(ctx):
        library = DATE_READERS.get(profile.parser)
        if library is not None:
            readers.setdefault(library, []).append(profile.display_name)
    if not readers:
        return NO_FINDINGS
    findings = []
    for path, value in _plain_strings(ctx.data, ()):
        if path == ("description",) or path not in fm.plain_scalars:
            continue
        if not PLAIN_TIMESTAMP.fullmatch(value.strip()):
            continue
        who = "; ".join(f"{library} ({', '.join(names)})"
                        for library, names in sorted(readers.items()))
        key = ".".join(str(p) for p in path)
        pos = ctx.value_pos(*path)
        findings.append(Finding(
            f"{key}: {value.strip()} is an unquoted date: {who} reads it as a date object, "
            "not this text",
            pos.line, pos.column,
            hint=f'quote it: "{value.strip()}"',
        ))
    return found(*findings) if findings else NO_FINDINGS


@rule("description-block-indicator", Severity.WARNING, category="agent")
def description_block_indicator(ctx: SkillContext) -> Iterator[Finding]:
    """A folded or literal description (`>`, `|`) that an agent reads as the indicator itself.

    Line-based fallback parsers do not know block scalars: when the YAML of the frontmatter
    fails elsewhere (an unquoted `: ` in another value, say), Gemini CLI's `description:`
    line fallback reads `> Formats code ...`, which is what the model then sees in the
    catalog. (OpenClaw drops such a skill instead: `parser-divergence` says so.) The verdict
    is the agent's dialect's. An error when an agent chosen with `--agent` is affected.

    Fails:

    ```
    ---
    name: my-skill
    description: >
      Formats code.
    argument-hint: Use: a path
    ---
    ```

    Passes: the same with `argument-hint: "Use: a path"`, or a one-line description.

    Matters for Gemini CLI (and any agent whose parser falls back to lines).
    """
    text = ctx.parsed.text
    if text is None or (ctx.parsed.frontmatter is None and not ctx.parsed.problems):
        return NO_FINDINGS
    match = block_description(text)
    if match is None:
        return NO_FINDINGS
    from skillctl.dialects import verdict

    affected: list[str] = []
    chosen = False
    seen: dict[str, Any] = {}
    for profile in _profiles(ctx):
        if profile.parser not in seen:
            try:
                seen[profile.parser] = verdict(profile.parser, ctx.parsed)
            except ValueError:
                seen[profile.parser] = None
        result = seen[profile.parser]
        if result is None or not result.accepted or not result.data:
            continue
        value = result.data.get("description")
        if isinstance(value, str) and _INDICATOR_TEXT.match(value.strip()):
            affected.append(f"{profile.display_name} ({value.strip()[:40]!r})")
            chosen = chosen or profile.id in ctx.config.agents
    if not affected:
        return NO_FINDINGS
    line = text.count("\n", 0, match.start()) + 1
    return found(Finding(
        f"description is a {match.group(1)!r} block scalar that "
        f"{', '.join(affected)} read{'s' if len(affected) == 1 else ''} as the indicator, "
        "not the text: a line fallback parser takes over because the YAML fails elsewhere",
        line, match.start(1) - text.rfind("\n", 0, match.start(1)),
        hint="fix the YAML error this file has (see parser-divergence), or write the "
        "description on one line",
        severity=Severity.ERROR if chosen else None,
    ))
