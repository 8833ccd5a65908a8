"""Rules about the other frontmatter fields: types, unknown keys, agent-specific values."""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterator, Mapping
from typing import Any

from skillctl.lint.context import SPEC_FIELDS, SkillContext, all_known_fields
from skillctl.lint.registry import NO_FINDINGS, Finding, rule
from skillctl.model import Severity

MAX_COMPATIBILITY = 500


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "mapping", list: "list", str: "string", bool: "boolean"}.get(
        type(value), type(value).__name__
    )


@rule("compatibility-length", Severity.ERROR, source="spec", category="spec")
def compatibility_length(ctx: SkillContext) -> Iterator[Finding]:
    """`compatibility` is empty or longer than 500 characters.

    The spec allows 1-500 characters when the field is present (skills-ref accepts `""`, a
    gap in its checks). Amp warns about longer values.

    Fails: `compatibility: ""` or 600 characters. Passes: `compatibility: Requires Python 3.11+`.

    Matters for Amp, skills-ref and the specification.
    """
    value = ctx.data.get("compatibility")
    if not isinstance(value, str) or (value.strip() and len(value) <= MAX_COMPATIBILITY):
        return NO_FINDINGS
    return _compatibility_length(ctx, value)


def _compatibility_length(ctx: SkillContext, value: str) -> Iterator[Finding]:
    pos = ctx.value_pos("compatibility")
    if not value.strip():
        yield Finding(
            "Field 'compatibility' must not be empty (1-500 characters)", pos.line, pos.column
        )
    elif len(value) > MAX_COMPATIBILITY:
        yield Finding(
            f"Compatibility exceeds {MAX_COMPATIBILITY} character limit ({len(value)} chars)",
            pos.line,
            pos.column,
        )


def _empty(ctx: SkillContext, key: str) -> Finding:
    """A field written with nothing after it (``metadata:``): YAML's null, which skills-ref
    and the agents read as the field left out (seen on a real collection: the skill loads
    everywhere), so nothing is lost."""
    pos = ctx.value_pos(key)
    return Finding(f"Field '{key}' is empty (a null); agents read it as left out", pos.line,
                   pos.column, severity=Severity.INFO, hint=f"remove the empty '{key}:' line "
                   "or give it a value", fixable=False)


def _metadata_findings(ctx: SkillContext, value: Any) -> Iterator[Finding]:
    if isinstance(value, str) and value.lstrip().startswith(("{", "[")) and any(
            problem.code in ("yaml-colon", "yaml-syntax") for problem in ctx.parsed.problems):
        # a flow mapping the quote retry turned into a string: the author wrote a mapping,
        # and the cause (a colon elsewhere) is reported by yaml-colon or yaml-syntax
        return
    if value is None:
        yield _empty(ctx, "metadata")
        return
    if not isinstance(value, Mapping):
        pos = ctx.value_pos("metadata")
        yield Finding(
            f"Field 'metadata' must be a mapping (it is a {_type_name(value)}); Claude Code "
            "drops it",
            pos.line,
            pos.column,
            fixable=False,
        )
        return
    # Nested maps under an agent's namespace (metadata.openclaw, which OpenClaw requires,
    # metadata.hermes ...), lists, booleans and numbers are normal, and skills-ref accepts
    # them. An agent that drops the skill for them (the OpenCode agent-skills plugin) is
    # named by parser-divergence, an error when that agent is chosen with --agent: one
    # finding, that agent's, and no generic one here.


@rule("field-type", Severity.ERROR, source="spec", category="spec")
def field_type(ctx: SkillContext) -> Iterator[Finding]:
    """A spec field has the wrong type.

    - `license` and `compatibility` must be strings;
    - `metadata` must be a map; Claude Code drops a `metadata` that is not one. Its values may
      be nested maps (agent namespaces such as `metadata.openclaw`, which OpenClaw requires),
      lists, booleans or numbers: skills-ref and most agents accept them, so they are not
      reported here. An agent that drops the skill for a value that is not a string (the
      OpenCode agent-skills plugin) is named by `parser-divergence`, an error when that agent
      is chosen with `--agent`. `--fix` never quotes them (a tool reads
      `metadata.internal: true` as a boolean). A flow mapping (`metadata: {...}`) that is a
      string only after Claude Code's quote retry is not reported: the colon that forced the
      retry is (`yaml-colon`);
    - `allowed-tools` is a space-separated string in the spec, while the OpenCode
      agent-skills plugin drops a skill whose `allowed-tools` is not a list: no form suits
      both. A list is reported (as info) only when `--agent` chooses no agent that needs it;
      the finding says which agents disagree.

    A field with nothing after it (`metadata:`, a null) is read as left out by skills-ref and
    the agents: info.

    Fails: `metadata: internal` (not a mapping), `license: 2`.

    Passes:

    ```
    metadata:
      version: 1.0
      internal: true
      openclaw:
        requires: {bins: [jq]}
    ```

    Matters for Claude Code (a `metadata` that is not a map), and with `--agent` for the
    OpenCode agent-skills plugin.
    """
    data = ctx.data
    if not ("license" in data or "compatibility" in data or "metadata" in data
            or "allowed-tools" in data):
        return NO_FINDINGS
    return _field_types(ctx, data)


def _field_types(ctx: SkillContext, data: Mapping[str, Any]) -> Iterator[Finding]:
    for key in ("license", "compatibility"):
        if key in data and data[key] is None:
            yield _empty(ctx, key)
        elif key in data and not isinstance(data[key], str):
            pos = ctx.value_pos(key)
            yield Finding(
                f"Field '{key}' must be a string (it is a {_type_name(data[key])})",
                pos.line,
                pos.column,
                fixable=False,
            )
    if "metadata" in data:
        yield from _metadata_findings(ctx, data["metadata"])
    if "allowed-tools" in data:
        value = data["allowed-tools"]
        pos = ctx.value_pos("allowed-tools")
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            # Agents disagree here, so no form lints clean for all of them: a string (the
            # spec) makes the OpenCode agent-skills plugin drop the skill (parser-divergence
            # says so), a list is what that plugin needs and Claude Code accepts. The list is
            # only worth a note.
            yield Finding(
                "Field 'allowed-tools' is a list; the spec says a space-separated string, but "
                "agents disagree: the OpenCode agent-skills plugin drops the skill unless it "
                "is a list, Claude Code accepts both",
                pos.line,
                pos.column,
                severity=Severity.INFO,
                hint="keep the list if you target the OpenCode agent-skills plugin; otherwise "
                "allowed-tools: " + " ".join(value),
                fixable=False,
            )
        elif not isinstance(value, str):
            yield Finding(
                f"Field 'allowed-tools' must be a space-separated string (it is a "
                f"{_type_name(value)})",
                pos.line,
                pos.column,
                fixable=False,
            )


def suggest_field(key: str, known: frozenset[str] | set[str]) -> str | None:
    """A known field this key is probably a misspelling of (``user-invokable``)."""
    for variant in (key.replace("_", "-"), key.replace("-", "_"), key.lower()):
        if variant != key and variant in known:
            return variant
    close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.8)
    return close[0] if close else None


_WORD_SPLIT = re.compile(r"[^a-z0-9]+")


def _words(key: str) -> list[str]:
    return [w for w in _WORD_SPLIT.split(key.lower()) if w]


def deliberate_variant(key: str, suggestion: str) -> bool:
    """True when ``key`` looks made on purpose beside ``suggestion``, not misspelt: it adds
    whole words (``description-cn``, ``dspy-compatibility``) or is its plural or singular
    (``agents`` beside Claude Code's ``agent``)."""
    mine, theirs = _words(key), _words(suggestion)
    if not mine or not theirs or mine == theirs:
        return False  # only case, separators or stray punctuation differ: a typo
    if len(mine) > len(theirs):
        for at in range(len(mine) - len(theirs) + 1):
            if mine[at : at + len(theirs)] == theirs:
                return True
    if len(mine) == len(theirs) and mine[:-1] == theirs[:-1]:
        a, b = mine[-1], theirs[-1]
        return a + "s" == b or b + "s" == a
    return False


def capitalised_block(data: Mapping[str, Any], key: str) -> bool:
    """Whether two other keys of the frontmatter also start with a capital letter: a house
    style (``Name``, ``Tier``, ``Author``, ``Version``, alirezarezvani/claude-skills), in
    which a capitalised known key is written so on purpose, not mistyped."""
    return sum(1 for other in data if isinstance(other, str) and other != key
               and other[:1].isupper()) >= 2


def typo_target(
    key: str, data: Mapping[str, Any], known: frozenset[str] | set[str]
) -> str | None:
    """The key ``key`` should be renamed to, or None: a suggestion that is not set already
    and of which ``key`` is no deliberate variant. ``unknown-field`` reports only these as
    errors and ``--fix`` renames only these (shared, so ``--diff`` and the rule agree)."""
    suggestion = suggest_field(key, known)
    if suggestion is None or suggestion in data or deliberate_variant(key, suggestion):
        return None
    if key.lower() == suggestion and capitalised_block(data, key):
        return None  # Version: in a block of Name:, Tier:, Author: written that way on purpose
    return suggestion


@rule("unknown-field", Severity.WARNING, fixable=True, category="spec")
def unknown_field(ctx: SkillContext) -> Iterator[Finding]:
    """A frontmatter field that no agent knows (a typo is an error, with a did-you-mean).

    Agents ignore fields they do not know, so a misspelt key silently does nothing:
    `user-invokable: false` hid nothing and `user-invokable` typos hid all 20 skills of a
    plugin from `/` (pbakaus/impeccable#49). Fields known to any agent (Claude Code's
    `context`, OpenClaw's `homepage` ...) are accepted; `extra-fields` adds your own.
    A misspelt known key is an error and `--fix` renames it; a key that adds whole words to a
    known one (`description-cn`, `dspy-compatibility`), is its plural (`agents` beside
    Claude Code's `agent`) or repeats one that is set too (`Name` beside `name`) is only a
    warning, never renamed; so is a known key capitalised among other capitalised keys
    (`Version:` beside `Tier:` and `Author:`: a house style, not a typo). A misspelt key
    whose value is the field's default (`user_invocable: true`) changes nothing either: a
    warning, still renamed by `--fix`.

    Fails: `user-invokable: false`, `+description: ...`. Passes: `user-invocable: false`.

    Options: `extra-fields` (default none).

    Matters for every agent; skills-ref rejects every field outside the spec ("Unexpected
    fields in frontmatter"), which skillctl deliberately does not.
    """
    every = all_known_fields()
    if ctx.data.keys() <= every:
        return NO_FINDINGS  # most skills: every key known to some agent
    extra = ctx.option("extra-fields")
    if all(key in every or key in extra for key in ctx.data):
        return NO_FINDINGS  # nothing to report, no set to build
    return _unknown_fields(ctx, set(every) | set(extra))


def _is_default(field: str, value: object) -> bool:
    """Whether ``value`` is what ``field`` is when left out (``user-invocable: true``), so
    that a misspelt key holding it changes nothing."""
    from skillctl.lint.schemas import field_defaults

    defaults = field_defaults()
    return field in defaults and type(value) is type(defaults[field]) \
        and value == defaults[field]


def _unknown_fields(ctx: SkillContext, known: set[str]) -> Iterator[Finding]:
    frozen = frozenset(known)
    for key in ctx.data:
        if key in known:
            continue
        pos = ctx.pos(key)
        suggestion = suggest_field(key, frozen) if isinstance(key, str) else None
        typo = suggestion is not None and typo_target(key, ctx.data, frozen) == suggestion
        if typo and _is_default(str(suggestion), ctx.data[key]):
            yield Finding(
                f"Unexpected fields in frontmatter: {key!r} is known to no agent; "
                f"did you mean {suggestion!r}? Agents ignore it, which changes nothing here: "
                f"{ctx.data[key]!r} is the default",
                pos.line,
                pos.column,
                hint=f"rename it to {suggestion!r} (skillctl lint --fix), or remove it",
                fixable=True,
            )
        elif typo:
            yield Finding(
                f"Unexpected fields in frontmatter: {key!r} is known to no agent; "
                f"did you mean {suggestion!r}?",
                pos.line,
                pos.column,
                severity=Severity.ERROR,
                hint=f"rename it to {suggestion!r} (skillctl lint --fix)",
                fixable=True,
            )
        elif suggestion is not None and suggestion in ctx.data:
            yield Finding(
                f"Unexpected fields in frontmatter: {key!r} is known to no agent, and "
                f"{suggestion!r} is set too: agents read {suggestion!r} and ignore {key!r}",
                pos.line,
                pos.column,
                hint=f"remove {key!r} if it repeats {suggestion!r}, or move it under 'metadata'",
                fixable=False,
            )
        else:
            meant = f" (if you meant {suggestion!r}, rename it)" if suggestion else ""
            yield Finding(
                f"Unexpected fields in frontmatter: {key!r} is known to no agent, which all "
                f"ignore it{meant}",
                pos.line,
                pos.column,
                hint="move custom data under 'metadata', or list it in extra-fields",
                fixable=False,
            )


@functools.cache
def _agent_schema_ids() -> tuple[str, ...]:
    """The shipped agent schemas (package data: listed once, not once per skill)."""
    from skillctl.lint.schemas import SPEC_SCHEMA, schema_ids

    return tuple(s for s in schema_ids() if s != SPEC_SCHEMA)


def _schemas_for(ctx: SkillContext) -> list[tuple[str, str]]:
    available = _agent_schema_ids()
    if not ctx.config.agents:
        return [(s, s) for s in available]
    chosen = []
    for profile in ctx.profiles:
        schema = profile.schema or profile.id
        if schema in available:
            chosen.append((schema, profile.display_name))
    return chosen


@rule("field-value", Severity.ERROR, agents=("claude-code",), category="agent")
def field_value(ctx: SkillContext) -> Iterator[Finding]:
    """An agent-specific field has a value that agent does not accept.

    Agent fields are checked with the JSON Schemas shipped in `skillctl/schemas/`
    (`skillctl schema claude-code` prints one). For Claude Code: `context` is `fork`,
    `effort` is low|medium|high|xhigh|max or an integer, `shell` is bash|powershell,
    booleans accept true/false/yes/no/on/off/1/0, `paths` globs must be valid (an invalid
    `hooks` shape makes Claude Code drop the hooks and the allowed-tools). Without `--agent`,
    every shipped schema checks the fields it defines; with `--agent`, only the chosen
    agents' schemas.

    A mapping or list where the agent allows only a choice of values (`context:` holding the
    author's own tags) is a warning: the agent loads the skill and ignores the field (checked
    with Claude Code), and the data belongs under `metadata`.

    Fails: `context: forked`, `effort: extreme`, `user-invocable: maybe`.
    Passes: `context: fork`, `effort: high`, `user-invocable: no`.

    Matters for Claude Code.
    """
    if not ctx.has_frontmatter or ctx.data.keys() <= SPEC_FIELDS:
        # Every schema error lies at the top level or under one of these keys, and both are
        # left to the spec rules below: nothing to validate (nor 'paths', which is not one of
        # them). A key that is not a string is in no set of names.
        return NO_FINDINGS
    return _field_values(ctx)


def _field_values(ctx: SkillContext) -> Iterator[Finding]:
    from skillctl.lint.schemas import validate

    seen: set[tuple[tuple[str | int, ...], str]] = set()
    for schema_id, who in _schemas_for(ctx):
        for path, message in validate(schema_id, ctx.data):
            if not path or path[0] in SPEC_FIELDS:
                continue  # the spec fields have their own rules with better messages
            if (path, message) in seen:
                continue
            seen.add((path, message))
            pos = ctx.value_pos(*path)
            dotted = ".".join(str(p) for p in path)
            value = ctx.data.get(dotted) if len(path) == 1 else None
            choices = _choices_holding_own_data(schema_id, dotted, value)
            if choices is not None:
                # drupadsachania/aegis-skills (sixty-second sample): "context:" holding the
                # author's catalogue tags; Claude Code loads the skill and ignores the field
                yield Finding(
                    f"{who}: field '{dotted}' holds a "
                    f"{'mapping' if isinstance(value, dict) else 'list'}, not one of its "
                    f"values ({', '.join(map(str, choices))}): {who} ignores it, and the "
                    "name collides with its own field",
                    pos.line, pos.column, severity=Severity.WARNING,
                    hint=f"if it is your own data, move it under 'metadata' (metadata.{dotted})")
                continue
            yield Finding(f"{who}: field '{dotted}': {message}", pos.line, pos.column)
    yield from _paths_globs(ctx)


def _choices_holding_own_data(schema_id: str, field: str,
                              value: object) -> list[object] | None:
    """The values an agent's schema allows for ``field`` when it allows only a choice of
    plain values (``context: fork``) and ``value`` is a mapping or list instead: the
    author's own data under a name the agent reserves, not a mistyped value of that agent's
    field (``context: forked`` is one). None otherwise."""
    from skillctl.lint.schemas import load_schema

    if not isinstance(value, dict | list):
        return None
    spec = load_schema(schema_id).get("properties", {}).get(field)
    choices = spec.get("enum") if isinstance(spec, dict) else None
    if isinstance(choices, list) and all(isinstance(c, str | int | float | bool)
                                         for c in choices):
        return choices
    return None


def _paths_globs(ctx: SkillContext) -> Iterator[Finding]:
    value = ctx.data.get("paths")
    patterns: list[tuple[str, tuple[str | int, ...]]]
    if isinstance(value, str):
        patterns = [(p.strip(), ("paths",)) for p in value.split(",")]
    elif isinstance(value, list):
        patterns = [(p, ("paths", i)) for i, p in enumerate(value) if isinstance(p, str)]
    else:
        return
    import pathspec

    for pattern, path in patterns:
        if not pattern:
            pos = ctx.value_pos(*path)
            yield Finding("field 'paths': empty glob pattern", pos.line, pos.column)
            continue
        try:
            pathspec.GitIgnoreSpec.from_lines([pattern])
        except Exception as exc:  # pathspec raises its own error types per version
            pos = ctx.value_pos(*path)
            yield Finding(f"field 'paths': invalid glob {pattern!r}: {exc}", pos.line, pos.column)
