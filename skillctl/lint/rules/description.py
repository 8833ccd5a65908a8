"""Rules about the ``description`` field: the only text a model sees before it picks a skill."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.model import Severity

MAX_DESCRIPTION = 1024
_TRIGGER = re.compile(
    r"\b(when|whenever|use (?:this|it|for|if|to|in|on|with|after|before|proactively)|"
    r"used (?:for|when|to)|trigger(?:s|ed)?|invoke[sd]?|activate[sd]?|"
    r"if (?:the )?(?:user|you)|for (?:tasks|requests|questions) )",
    re.IGNORECASE,
)
#: :data:`_TRIGGER` without IGNORECASE, for lower-cased ASCII text (twice as fast there; in
#: ASCII, ignoring case is lower-casing, which it is not for every Unicode letter).
_TRIGGER_LOWER = re.compile(_TRIGGER.pattern)


def _has_trigger(value: str) -> bool:
    """``_TRIGGER.search(value)`` found something."""
    if value.isascii():
        low = value.lower()
        # Most descriptions say "when": at the start of a word it is a match of the pattern
        # (which has no boundary after its words), found with str.find instead of trying the
        # pattern at every character.
        at = low.find("when")
        while at >= 0:
            if at == 0 or not (low[at - 1].isalnum() or low[at - 1] == "_"):
                return True
            at = low.find("when", at + 4)
        return _TRIGGER_LOWER.search(low) is not None
    return _TRIGGER.search(value) is not None


def _description(ctx: SkillContext) -> str | None:
    value = ctx.data.get("description")
    return value if isinstance(value, str) else None


@rule("description-missing", Severity.ERROR, source="spec", category="spec")
def description_missing(ctx: SkillContext) -> Iterator[Finding]:
    """The frontmatter has no `description`.

    The description is how a model decides to use a skill. Codex, Amp, OpenClaw and skills-ref
    reject a skill without one; OpenCode loads it but hides it from the catalog, so the model
    never sees it.

    Fails:

    ```
    ---
    name: format-code
    ---
    ```

    Passes: the same with `description: Formats code. Use when the user asks for formatting.`

    Matters for every agent.
    """
    if not ctx.has_frontmatter or "description" in ctx.data:
        return NO_FINDINGS
    return found(Finding("Missing required field in frontmatter: description", ctx.pos().line))


@rule("description-type", Severity.ERROR, source="spec", category="spec")
def description_type(ctx: SkillContext) -> Iterator[Finding]:
    """`description` is not a string (a list, a mapping, a number).

    Fails:

    ```
    description:
      - Formats code
    ```

    Passes: `description: Formats code. Use when the user asks for formatting.`

    A template an installer renders (`description: {{description}}`, unquoted, in a
    `SKILL.md` outside every folder agents load skills from) gets info.

    Matters for every agent.
    """
    value = ctx.data.get("description")
    if value is None or isinstance(value, str):  # (absent, null or a string: other rules)
        return NO_FINDINGS
    pos = ctx.value_pos("description")
    message = f"Field 'description' must be a non-empty string (it is a {type(value).__name__})"
    if ctx.is_unrendered_template and ctx.holds_placeholder("description"):
        return found(Finding(f"{message} (a template an installer fills in: `{{{{x}}}}` is a "
                             "placeholder)", pos.line, pos.column, severity=Severity.INFO))
    return found(Finding(message, pos.line, pos.column))


@rule("description-empty", Severity.ERROR, source="spec", category="spec")
def description_empty(ctx: SkillContext) -> Iterator[Finding]:
    """`description` is empty or blank.

    Fails: `description: ""` or `description:`. Passes: a sentence saying what and when.

    Matters for every agent.
    """
    if "description" not in ctx.data:
        return NO_FINDINGS
    value = ctx.data["description"]
    if value is not None and not (isinstance(value, str) and not value.strip()):
        return NO_FINDINGS
    pos = ctx.value_pos("description")
    return found(
        Finding(
            "Field 'description' must be a non-empty string (it is empty)", pos.line, pos.column
        )
    )


@rule("description-length", Severity.ERROR, source="spec", category="spec")
def description_length(ctx: SkillContext) -> Iterator[Finding]:
    """`description` is longer than 1024 characters.

    The spec's limit. Codex rejects the skill ("invalid description: exceeds maximum length
    of 1024 characters"), uploads to claude.ai fail, Amp warns.

    Fails: a 1100-character description. Passes: at most 1024 characters, with details moved
    to the body.

    Matters for Codex, Copilot, Amp, skills-ref and uploads to claude.ai.
    """
    value = _description(ctx)
    if value is None or len(value) <= MAX_DESCRIPTION:
        return NO_FINDINGS
    pos = ctx.value_pos("description")
    return found(
        Finding(
            f"Description exceeds {MAX_DESCRIPTION} character limit ({len(value)} chars)",
            pos.line,
            pos.column,
            hint="move details into the body; keep what it does and when to use it",
        )
    )


@rule("description-angle-brackets", Severity.WARNING, source="claude-code", category="agent")
def description_angle_brackets(ctx: SkillContext) -> Iterator[Finding]:
    """`description` contains `<` or `>`.

    Catalogs are XML-like: OpenCode and others insert the description unescaped, so `<tag>`
    can break the prompt; uploads to claude.ai reject "XML tags" in descriptions and
    Anthropic's quick_validate refuses `<` and `>`.

    Fails: `description: Converts <input> files.` Passes: `description: Converts input files.`

    Matters for claude.ai uploads, quick_validate and XML catalogs (OpenCode, Gemini CLI).
    """
    value = _description(ctx)
    if value is None or ("<" not in value and ">" not in value):
        return NO_FINDINGS
    pos = ctx.value_pos("description")
    return found(
        Finding(
            "description contains '<' or '>' (XML catalogs and claude.ai uploads reject it)",
            pos.line,
            pos.column,
        )
    )


@rule("description-no-trigger", Severity.WARNING, source="spec", category="content")
def description_no_trigger(ctx: SkillContext) -> Iterator[Finding]:
    """`description` says what the skill does but not when to use it.

    The spec asks for both: the model only picks a skill whose description matches the task,
    so "Use when the user asks about PDFs" matters more than the feature list. This is a
    heuristic: it looks for words like "when", "use for", "trigger", "if the user".

    Fails: `description: PDF tools.`
    Passes: `description: Extracts text from PDFs. Use when the user mentions PDF files.`

    Matters for every agent.
    """
    value = _description(ctx)
    if value is None or not value.strip() or _has_trigger(value):
        return NO_FINDINGS
    pos = ctx.value_pos("description")
    return found(
        Finding(
            "description does not say when to use the skill",
            pos.line,
            pos.column,
            hint="add a sentence such as 'Use when the user asks to ...'",
        )
    )


@rule("description-long", Severity.INFO, source="spec", category="content")
def description_long(ctx: SkillContext) -> Iterator[Finding]:
    """`description` is long enough to cost noticeable catalog space.

    Every description of every skill is in the model's context at all times; catalog budgets
    are small (Claude Code about 30,000 characters for all skills, Codex 2% of the window),
    and long descriptions push other skills out.

    Fails (default limit 500): a 700-character description. Passes: 200 characters.

    Options: `description-max-catalog` (default 500).

    Matters for every agent with a catalog budget (Claude Code, Codex, OpenClaw).
    """
    value = _description(ctx)
    limit = int(ctx.option("description-max-catalog"))
    if value is None or not limit < len(value) <= MAX_DESCRIPTION:
        return NO_FINDINGS
    pos = ctx.value_pos("description")
    return found(
        Finding(
            f"description is {len(value)} characters (more than {limit}): it takes catalog "
            "space from every other skill",
            pos.line,
            pos.column,
        )
    )


@rule("description-catalog-cut", Severity.WARNING, needs_agent=True, category="agent")
def description_catalog_cut(ctx: SkillContext) -> Iterator[Finding]:
    """`description` is longer than the catalog of an agent chosen with `--agent` shows.

    Agents cut each description in their skill catalog (Claude Code at 1,536 characters
    including `when_to_use`); text past the cut never reaches the model, so triggers placed
    at the end are lost. Runs only with `--agent`.

    Fails (`--agent claude-code`): a description of 1,600 characters. Passes: 1,000.

    Matters for the agents chosen with `--agent`.
    """
    value = _description(ctx)
    if value is None:
        return
    when = ctx.data.get("when_to_use")
    pos = ctx.value_pos("description")
    for profile in ctx.profiles:
        cap = profile.catalog_description_cap
        if cap is None:
            continue
        text = value
        if isinstance(when, str) and "when_to_use" in profile.known_fields:
            text = f"{value} - {when}"
        if len(text) > cap:
            tail = text[cap - 1 :].strip()
            shown = tail if len(tail) <= 60 else tail[:57] + "..."
            yield Finding(
                f"{profile.display_name} shows only the first {cap} characters of this "
                f"description ({len(text)} here); the model never sees: {shown!r}",
                pos.line,
                pos.column,
            )
        if profile.description_max is not None and len(value) > profile.description_max:
            yield Finding(
                f"{profile.display_name} rejects descriptions over {profile.description_max} "
                f"characters ({len(value)} here)",
                pos.line,
                pos.column,
                severity=Severity.ERROR,
            )


@rule("description-block-scalar", Severity.INFO, category="agent")
def description_block_scalar(ctx: SkillContext) -> Iterator[Finding]:
    """`description` is a YAML block scalar (`|` or `>`).

    Valid YAML, but some loaders with line parsers read it as the literal text `|` (Copilot,
    microsoft/vscode#289725) or keep only the first line, and "many tools don't respect
    multiline YAML strings" (posit-dev/skills#49).

    Fails:

    ```
    description: |
      Formats code.
    ```

    Passes: `description: Formats code. Use when ...` on one line.

    Matters for Copilot, Gemini CLI's fallback parser and the OpenCode agent-skills plugin.
    """
    fm = ctx.parsed.frontmatter
    if fm is None or ("description",) not in fm.block_scalars:
        return NO_FINDINGS
    pos = ctx.value_pos("description")
    return found(
        Finding(
            "description is a block scalar ('|' or '>'): some line-based loaders read only '|'",
            pos.line,
            pos.column,
            hint="write it on one line (quoted if it contains ': ')",
        )
    )
