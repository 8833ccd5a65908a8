"""Frontmatter rules: YAML that parses differently, or not at all, in some agents."""

from __future__ import annotations

from collections.abc import Iterator

from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, rule
from skillctl.lint.rules.file import dashes_for_closer, problem_findings
from skillctl.model import Severity


def _yaml_message(message: str) -> str:
    if message.startswith("invalid YAML: "):
        message = message[len("invalid YAML: ") :]
    return f"Invalid YAML in frontmatter: {message}"


@rule("yaml-syntax", Severity.ERROR, source="spec", category="spec")
def yaml_syntax(ctx: SkillContext) -> Iterator[Finding]:
    """The frontmatter is not valid YAML.

    Strict YAML parsers (Codex, Gemini CLI, the npm `skills` CLI, skills-ref) drop the skill;
    Claude Code logs an error and loads it with empty metadata. The line and column point at
    where the parser gave up, or at the line that was meant to close the frontmatter when
    a formatter made it a longer run of dashes (`-----`: agents read on to the next `---`).

    Fails:

    ```
    ---
    name: my-skill
    description: [unclosed
    ---
    ```

    Passes: `description: "[unclosed"`.

    Matters for every agent.
    """
    if not ctx.parsed.problems:
        return NO_FINDINGS
    return _syntax(ctx)


def _syntax(ctx: SkillContext) -> Iterator[Finding]:
    for finding in problem_findings(ctx, "yaml-syntax"):
        dashes = dashes_for_closer(ctx.parsed.text, finding.line + 1)
        if dashes is None:
            yield Finding(_yaml_message(finding.message), finding.line, finding.column)
            continue
        line, count = dashes
        yield Finding(
            f"Invalid YAML in frontmatter: line {line} is a run of {count} dashes, not '---', "
            f"so the frontmatter runs on to the next '---' line and the parser gives up at "
            f"line {finding.line} ({finding.message.removeprefix('invalid YAML: ')})",
            line,
            1,
            hint=f"make line {line} exactly '---'",
        )


@rule("yaml-colon", Severity.ERROR, fixable=True, category="agent")
def yaml_colon(ctx: SkillContext) -> Iterator[Finding]:
    """An unquoted `: ` inside a plain value: strict parsers drop the skill, lenient ones don't.

    `description: Use when: the user asks` is invalid YAML ("mapping values are not allowed
    here"). Claude Code's lenient retry quotes the value and loads the skill, so the bug is
    silent there, while Codex, Gemini CLI, skills-ref and the `skills` CLI drop the skill.
    The most reported real breakage (pbakaus/impeccable#102, mattpocock/skills#907).
    `--fix` quotes the value.

    Fails:

    ```
    description: Formats code. Use when: the user asks for formatting.
    ```

    Passes:

    ```
    description: "Formats code. Use when: the user asks for formatting."
    ```

    Matters for Codex, Gemini CLI, skills-ref, the npm skills CLI (and not for Claude Code).
    """
    if not ctx.parsed.problems:
        return NO_FINDINGS
    return (
        Finding(
            _yaml_message(finding.message) + " (an unquoted ': ' inside a value)",
            finding.line,
            finding.column,
            hint="quote the value (skillctl lint --fix), or use a '>-' block scalar",
        )
        for finding in problem_findings(ctx, "yaml-colon")
    )


@rule("duplicate-key", Severity.ERROR, source="spec", category="spec")
def duplicate_key(ctx: SkillContext) -> Iterator[Finding]:
    """A key appears twice in the frontmatter.

    YAML 1.2 forbids duplicate keys: strict parsers (skills-ref, Codex) reject the skill,
    lenient ones silently keep the last (or first) value.

    Fails:

    ```
    name: my-skill
    description: One.
    description: Two.
    ```

    Passes: a single `description`.

    Matters for every agent.
    """
    if not ctx.parsed.problems:
        return NO_FINDINGS
    return (
        Finding(
            f"{finding.message} in frontmatter (Duplicate key found; agents keep different "
            "copies or reject the skill)",
            finding.line,
            finding.column,
        )
        for finding in problem_findings(ctx, "duplicate-key")
    )


@rule("frontmatter-not-mapping", Severity.ERROR, source="spec", category="spec")
def frontmatter_not_mapping(ctx: SkillContext) -> Iterator[Finding]:
    """The frontmatter is YAML, but not a mapping of keys to values.

    Fails:

    ```
    ---
    - name: my-skill
    ---
    ```

    Passes:

    ```
    ---
    name: my-skill
    ---
    ```

    Matters for every agent.
    """
    if not ctx.parsed.problems:
        return NO_FINDINGS
    return (
        Finding(
            f"SKILL.md frontmatter must be a YAML mapping ({finding.message})",
            finding.line,
            finding.column,
        )
        for finding in problem_findings(ctx, "frontmatter-not-mapping")
    )
