"""Rules about the ``name`` field (spec: 1-64 chars, a-z 0-9 and hyphens, equal to the dir)."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from skillctl.agents.profile import InvalidHandling
from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.model import Position, Severity

MAX_NAME = 64
RESERVED_WORDS = ("anthropic", "claude")
_ASCII_NAME_CHAR = re.compile(r"[a-z0-9-]")
_ASCII_NAME = re.compile(r"[a-z0-9-]*")
_EFFECT = {
    InvalidHandling.SKIP: "silently skips the skill",
    InvalidHandling.WARN: "skips the skill with an error",
    InvalidHandling.EMPTY_METADATA: "loads it without metadata",
}


def normalized_name(ctx: SkillContext) -> str | None:
    """NFKC of the stripped ``name`` when it is a non-blank string (as skills-ref compares)."""
    value = ctx.data.get("name")
    if not isinstance(value, str) or not value.strip():
        return None
    return unicodedata.normalize("NFKC", value.strip())


def _name(ctx: SkillContext) -> str | None:
    """:func:`normalized_name`, worked out once per skill for the rules below."""
    return ctx.computed(normalized_name)


def resolved_dir_name(path: Path) -> str:
    """The directory's own name after resolving ``.`` and ``..`` (not symlinks)."""
    name = path.name  # a Path has no "." parts left; only "" (for "." or "/") and ".." need work
    if name and name != "..":
        return name
    return os.path.basename(os.path.abspath(path))


@rule("name-missing", Severity.ERROR, source="spec")
def name_missing(ctx: SkillContext) -> Iterator[Finding]:
    """The frontmatter has no `name`.

    The spec requires `name`. OpenCode silently skips a skill without one; Amp and Goose skip
    it with an error; Claude Code and Codex fall back to the directory name.

    Fails:

    ```
    ---
    description: Formats code. Use when the user asks for formatting.
    ---
    ```

    Passes: the same with `name: format-code`.

    Matters for OpenCode, Amp, Goose, the OpenCode agent-skills plugin and skills-ref.
    """
    if not ctx.has_frontmatter or "name" in ctx.data:
        return NO_FINDINGS
    return found(
        Finding(
            "Missing required field in frontmatter: name",
            ctx.pos().line,
            hint=f"add 'name: {resolved_dir_name(ctx.dir)}' (the directory name)",
        )
    )


@rule("name-type", Severity.ERROR, source="spec")
def name_type(ctx: SkillContext) -> Iterator[Finding]:
    """`name` is not a non-empty string (a number, a list, null or blank).

    `name: 123` or `name: true` is a number or boolean to YAML 1.2 parsers, which agents
    reject or stringify differently; an empty name is never valid.

    Fails: `name: 2024` or `name: ""`. Passes: `name: report-2024`.

    Matters for every agent.
    """
    if "name" not in ctx.data:
        return NO_FINDINGS
    value = ctx.data["name"]
    if isinstance(value, str) and value.strip():
        return NO_FINDINGS
    shown = "empty" if isinstance(value, str) else f"a {type(value).__name__}"
    pos = ctx.value_pos("name")
    return found(
        Finding(
            f"Field 'name' must be a non-empty string (it is {shown})", pos.line, pos.column
        )
    )


@rule("name-length", Severity.ERROR, source="spec")
def name_length(ctx: SkillContext) -> Iterator[Finding]:
    """`name` is longer than 64 characters.

    The spec and skills-ref allow at most 64 characters (counted after NFKC); Codex and Amp
    reject longer names.

    Fails: a 70-character name. Passes: `pdf-form-filler`.

    Matters for Codex, Amp, skills-ref and uploads to claude.ai.
    """
    name = _name(ctx)
    if name is None or len(name) <= MAX_NAME:
        return NO_FINDINGS
    pos = ctx.value_pos("name")
    return found(
        Finding(
            f"Skill name '{name}' exceeds {MAX_NAME} character limit ({len(name)} chars)",
            pos.line,
            pos.column,
        )
    )


@rule("name-case", Severity.ERROR, source="spec")
def name_case(ctx: SkillContext) -> Iterator[Finding]:
    """`name` contains uppercase letters.

    Names must be lowercase. Amp and the OpenCode agent-skills plugin skip a skill with an
    uppercase name; skills-ref and uploads reject it.

    Fails: `name: PDF-Tools`. Passes: `name: pdf-tools`.

    Matters for Amp, the OpenCode agent-skills plugin, skills-ref and uploads to claude.ai.
    """
    name = _name(ctx)
    if name is None or name == name.lower():
        return NO_FINDINGS
    pos = ctx.value_pos("name")
    return found(
        Finding(
            f"Skill name '{name}' must be lowercase",
            pos.line,
            pos.column,
            hint=f"name: {name.lower()}",
        )
    )


@rule("name-charset", Severity.ERROR, source="spec")
def name_charset(ctx: SkillContext) -> Iterator[Finding]:
    """`name` contains characters other than a-z, 0-9 and hyphens.

    Spaces, underscores, dots and colons break invocation: Copilot silently fails to load
    `git:co` (ai-driven-dev/framework#172), Gemini CLI rewrites `:/\\<>*?"|` to `-`. The
    reference validator also accepts Unicode letters and digits (`мой-навык`); set
    `unicode-names = true` to accept them too.

    Fails: `name: pdf_tools` or `name: pdf tools`. Passes: `name: pdf-tools`.

    Options: `unicode-names` (default false).

    Matters for every agent.
    """
    name = _name(ctx)
    if name is None:
        return NO_FINDINGS
    if ctx.option("unicode-names"):
        bad = [c for c in name if not (c.isalnum() or c == "-")]
        allowed = "Only letters, digits, and hyphens are allowed."
    else:
        lower = name.lower()
        bad = [] if _ASCII_NAME.fullmatch(lower) else [
            c for c in lower if not _ASCII_NAME_CHAR.fullmatch(c)
        ]
        allowed = "Only letters, digits, and hyphens are allowed (a-z, 0-9 and '-')."
    if not bad:
        return NO_FINDINGS
    shown = ", ".join(repr(c) for c in dict.fromkeys(bad))
    pos = ctx.value_pos("name")
    return found(
        Finding(
            f"Skill name '{name}' contains invalid characters ({shown}). {allowed}",
            pos.line,
            pos.column,
        )
    )


@rule("name-hyphen", Severity.ERROR, source="spec")
def name_hyphen(ctx: SkillContext) -> Iterator[Finding]:
    """`name` starts or ends with a hyphen, or has two hyphens in a row.

    Fails: `name: -pdf`, `name: pdf-`, `name: pdf--tools`. Passes: `name: pdf-tools`.

    Matters for Amp, skills-ref and uploads to claude.ai.
    """
    name = _name(ctx)
    if name is None or not (name.startswith("-") or name.endswith("-") or "--" in name):
        return NO_FINDINGS
    return _hyphens(name, ctx.value_pos("name"))


def _hyphens(name: str, pos: Position) -> Iterator[Finding]:
    if name.startswith("-") or name.endswith("-"):
        yield Finding("Skill name cannot start or end with a hyphen", pos.line, pos.column)
    if "--" in name:
        yield Finding("Skill name cannot contain consecutive hyphens", pos.line, pos.column)


@rule("name-dir-mismatch", Severity.ERROR, source="spec")
def name_dir_mismatch(ctx: SkillContext) -> Iterator[Finding]:
    """`name` differs from the skill's directory name.

    The spec requires them to be equal. Claude Code invokes the skill by its directory name
    (so `/name` does not work), the OpenCode agent-skills plugin and Copilot skip the skill,
    Amp warns. The comparison is after NFKC normalisation against the resolved directory
    name, so `skillctl lint .` inside the skill works (skills-ref compares against `''`).

    Fails: `pdf-tools/SKILL.md` with `name: pdf`. Passes: `pdf-tools/SKILL.md` with
    `name: pdf-tools`.

    Matters for Claude Code, the OpenCode agent-skills plugin, Copilot, Amp and skills-ref.
    """
    name = _name(ctx)
    if name is None:
        return NO_FINDINGS
    directory = resolved_dir_name(ctx.dir)
    if not directory.isascii():  # (NFKC leaves ASCII text as it is)
        directory = unicodedata.normalize("NFKC", directory)
    if directory == name:
        return NO_FINDINGS
    pos = ctx.value_pos("name")
    return found(
        Finding(
            f"Directory name '{directory}' must match skill name '{name}'",
            pos.line,
            pos.column,
            hint=f"rename the directory to {name!r} or set 'name: {directory}'",
        )
    )


@rule("name-reserved", Severity.WARNING, source="claude-code", agents=("claude-code",))
def name_reserved(ctx: SkillContext) -> Iterator[Finding]:
    """`name` contains a reserved word (`claude`, `anthropic`).

    Uploads to claude.ai and the Anthropic API reject names containing "the reserved word
    'claude'" (or 'anthropic').

    Fails: `name: claude-helper`. Passes: `name: code-helper`.

    Matters for claude.ai and the Anthropic API.
    """
    name = _name(ctx)
    if name is None or not any(word in name.lower() for word in RESERVED_WORDS):
        return NO_FINDINGS
    return _reserved(ctx, name)


def _reserved(ctx: SkillContext, name: str) -> Iterator[Finding]:
    for word in RESERVED_WORDS:
        if word in name.lower():
            pos = ctx.value_pos("name")
            yield Finding(
                f"Skill name '{name}' contains the reserved word '{word}' (rejected by claude.ai "
                "and the Anthropic API)",
                pos.line,
                pos.column,
            )


@rule("name-agent", Severity.ERROR, needs_agent=True)
def name_agent(ctx: SkillContext) -> Iterator[Finding]:
    """`name` breaks the name rule of an agent chosen with `--agent`.

    Each agent enforces its own name pattern and length (its profile's `name_rule`): Amp
    requires `^[a-z0-9](?:[a-z0-9]*(?:-[a-z0-9]+)*)?$`, the OpenCode agent-skills plugin
    `^[\\p{Ll}\\p{N}-]+$`. Runs only with `--agent`.

    Fails (`--agent amp`): `name: pdf_tools`. Passes: `name: pdf-tools`.

    Matters for the agents chosen with `--agent`.
    """
    name = _name(ctx)
    if name is None:
        return
    pos = ctx.value_pos("name")
    for profile in ctx.profiles:
        rule_ = profile.name_rule
        effect = _EFFECT.get(rule_.invalid, "warns (but loads it)")
        severity = None if rule_.invalid in _EFFECT else Severity.WARNING
        if rule_.pattern is not None and not _matches(rule_.pattern, name):
            yield Finding(
                f"{profile.display_name} requires names matching {rule_.pattern} and {effect}",
                pos.line,
                pos.column,
                severity=severity,
            )
        if rule_.max_length is not None and len(name) > rule_.max_length:
            yield Finding(
                f"{profile.display_name} allows names of at most {rule_.max_length} characters "
                f"({len(name)} here) and {effect}",
                pos.line,
                pos.column,
                severity=severity,
            )
        if rule_.must_match_dir:
            directory = unicodedata.normalize("NFKC", resolved_dir_name(ctx.dir))
            if directory != name:
                yield Finding(
                    f"{profile.display_name} requires the name to equal the directory name "
                    f"'{directory}' and {effect}",
                    pos.line,
                    pos.column,
                    severity=severity,
                )


def _matches(pattern: str, name: str) -> bool:
    try:
        return re.fullmatch(pattern, name) is not None
    except re.error:
        # \p{..} classes are not Python regex syntax; approximate them.
        approx = pattern.replace(r"\p{Ll}", "a-zà-ÿ").replace(r"\p{N}", "0-9")
        try:
            return re.fullmatch(approx, name) is not None
        except re.error:
            return True
