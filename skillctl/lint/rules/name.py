"""Rules about the ``name`` field (spec: 1-64 chars, a-z 0-9 and hyphens, equal to the dir)."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from skillctl.agents.profile import InvalidHandling
from skillctl.lint.context import SkillContext
from skillctl.lint.overlay import (
    example_keeper,
    in_template_store,
    install_route_naming,
    installer_naming,
    kept_as,
    plugin_root_skipped,
    vendoring_keeper,
)
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


_VALID_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NOT_NAME_CHARS = re.compile(r"[^a-z0-9]+")


def is_valid_name(name: str) -> bool:
    """True when ``name`` passes every name rule: a-z, 0-9 and single inner hyphens, at most
    :data:`MAX_NAME` characters."""
    return len(name) <= MAX_NAME and _VALID_NAME.fullmatch(name) is not None


def suggested_name(name: str) -> str | None:
    """A name that passes every name rule and says what ``name`` says (``Root Cause Tracing``
    is ``root-cause-tracing``, ``Bad_Name`` is ``bad-name``), or None when nothing is left."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = _NOT_NAME_CHARS.sub("-", text.lower()).strip("-")[:MAX_NAME].rstrip("-")
    return slug if slug and is_valid_name(slug) else None


def _name_hint(ctx: SkillContext, name: str) -> str | None:
    """The hint of a name that breaks a name rule: a valid name, matching the folder when the
    folder's name is the same words (``Root Cause Tracing`` in ``root-cause-tracing/``)."""
    suggestion = suggested_name(name)
    if suggestion is None:
        return None
    directory = resolved_dir_name(ctx.dir)
    if directory == suggestion:
        return f"name: {suggestion}"
    renamed = f"name: {suggestion} (and rename the folder to {suggestion!r})"
    return f"{renamed}, or name: {directory}" if is_valid_name(directory) else renamed


def _shown(ctx: SkillContext, *findings: Finding) -> Iterator[Finding]:
    """The findings on a bad ``name``, as info when the name is a template's stand-in
    (``<skill-name>`` under ``templates/``): nothing loads it there, each copy gets a name."""
    if not ctx.name_is_stand_in:
        return found(*findings)
    return found(*(replace(f, message=f"{f.message} (a template for new skills: its name is a"
                           " stand-in)", severity=Severity.INFO, hint=None) for f in findings))


def resolved_dir_name(path: Path) -> str:
    """The directory's own name after resolving ``.`` and ``..`` (not symlinks)."""
    name = path.name  # a Path has no "." parts left; only "" (for "." or "/") and ".." need work
    if name and name != "..":
        return name
    return os.path.basename(os.path.abspath(path))


@rule("name-missing", Severity.ERROR, source="spec", category="spec")
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


@rule("name-type", Severity.ERROR, source="spec", category="spec")
def name_type(ctx: SkillContext) -> Iterator[Finding]:
    """`name` is not a non-empty string (a number, a list, null or blank).

    `name: 123` or `name: true` is a number or boolean to YAML 1.2 parsers, which agents
    reject or stringify differently; an empty name is never valid.

    A name left as a placeholder in a template for new skills (`<skill-name>`,
    `{skill-name}`, `[TODO: …]`, `REPLACE-with-…` in a skill under `templates/`, `skeleton/`
    or `scaffold/`) gets info:
    no agent loads it from there, and each copy gets a real name. So does `name: {{name}}`
    in a `SKILL.md` outside every folder agents load skills from: a template an installer
    renders (`a11y-scan/agents/copilot/SKILL.md`, written to `.github/skills/a11y-scan/`).

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
    return _shown(ctx, Finding(
        f"Field 'name' must be a non-empty string (it is {shown})", pos.line, pos.column))


@rule("name-length", Severity.ERROR, source="spec", category="spec")
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
    return _shown(
        ctx,
        Finding(
            f"Skill name '{name}' exceeds {MAX_NAME} character limit ({len(name)} chars)",
            pos.line,
            pos.column,
        )
    )


@rule("name-case", Severity.ERROR, source="spec", category="spec")
def name_case(ctx: SkillContext) -> Iterator[Finding]:
    """`name` contains uppercase letters.

    Names must be lowercase. Amp and the OpenCode agent-skills plugin skip a skill with an
    uppercase name; skills-ref and uploads reject it.

    A name that also has other bad characters (`Root Cause Tracing`) is reported once, by
    `name-charset`. The hint is always a valid name.

    A name left as a placeholder in a template for new skills (`<skill-name>`, `[TODO: …]`,
    `REPLACE-with-…` in a skill under `templates/`, `skeleton/` or `scaffold/`) gets info:
    no agent loads it from there, and each copy gets a real name. So does the template's own
    word for a name in a template folder (`skills/TEMPLATE/SKILL.md` with `name: TEMPLATE`).

    Fails: `name: PDF-Tools`. Passes: `name: pdf-tools`.

    Matters for Amp, the OpenCode agent-skills plugin, skills-ref and uploads to claude.ai.
    """
    name = _name(ctx)
    if name is None or name == name.lower():
        return NO_FINDINGS
    if _charset_bad(ctx, name) and _reported(ctx, "name-charset"):
        return NO_FINDINGS  # name-charset reports the name once, with a hint for both
    pos = ctx.value_pos("name")
    return _shown(
        ctx,
        Finding(
            f"Skill name '{name}' must be lowercase",
            pos.line,
            pos.column,
            hint=_name_hint(ctx, name),
        )
    )


def _reported(ctx: SkillContext, rule_id: str) -> bool:
    """Whether ``rule_id``'s findings on this skill reach the user (not deselected, turned
    off, or silenced by per-path-ignores or an inline comment): a rule defers to another
    that reports the same bad name only when that one is shown."""
    config = ctx.config
    if not config.enabled(rule_id):
        return False
    fm = ctx.parsed.frontmatter
    silenced = (fm.ignored_rules if fm is not None else frozenset()) | config.ignored_for(
        ctx.skill.entry
    )
    return rule_id not in silenced and "*" not in silenced


def _bad_name_rules(ctx: SkillContext, name: str) -> list[str]:
    """The shown rules that report ``name`` itself as invalid (case, characters, hyphens,
    length): ``name-dir-mismatch`` leaves such a name to them."""
    found = []
    if _charset_bad(ctx, name):
        found.append("name-charset")
    if name.startswith("-") or name.endswith("-") or "--" in name:
        found.append("name-hyphen")
    if len(name) > MAX_NAME:
        found.append("name-length")
    shown = [rule_id for rule_id in found if _reported(ctx, rule_id)]
    if name != name.lower() and "name-charset" not in shown and _reported(ctx, "name-case"):
        shown.append("name-case")
    return shown


def _charset_bad(ctx: SkillContext, name: str) -> list[str]:
    """The characters of ``name`` that ``name-charset`` reports (each once, in order)."""
    if ctx.option("unicode-names"):
        bad = [c for c in name if not (c.isalnum() or c == "-")]
    else:
        lower = name.lower()
        bad = [] if _ASCII_NAME.fullmatch(lower) else [
            c for c in lower if not _ASCII_NAME_CHAR.fullmatch(c)
        ]
    return list(dict.fromkeys(bad))


@rule("name-charset", Severity.ERROR, source="spec", category="spec")
def name_charset(ctx: SkillContext) -> Iterator[Finding]:
    """`name` contains characters other than a-z, 0-9 and hyphens.

    Spaces, underscores, dots and colons break invocation: Copilot silently fails to load
    `git:co` (ai-driven-dev/framework#172), Gemini CLI rewrites `:/\\<>*?"|` to `-`. The
    reference validator also accepts Unicode letters and digits (`мой-навык`); set
    `unicode-names = true` to accept them too.

    One finding covers uppercase letters too, and its hint is a name that passes every name
    rule (`Root Cause Tracing` hints `root-cause-tracing`, `Bad_Name` hints `bad-name`).

    A name left as a placeholder in a template for new skills (`<skill-name>`, `[TODO: …]`,
    `REPLACE-with-…` in a skill under `templates/`, `skeleton/` or `scaffold/`) gets info:
    no agent loads it from there, and each copy gets a real name.

    Fails: `name: pdf_tools` or `name: pdf tools`. Passes: `name: pdf-tools`.

    Options: `unicode-names` (default false).

    Matters for every agent.
    """
    name = _name(ctx)
    if name is None:
        return NO_FINDINGS
    bad = _charset_bad(ctx, name)
    if not bad:
        return NO_FINDINGS
    if ctx.option("unicode-names"):
        allowed = "Only letters, digits, and hyphens are allowed."
    else:
        allowed = "Only letters, digits, and hyphens are allowed (a-z, 0-9 and '-')."
        if name != name.lower():
            allowed += " It must be lowercase too."
    shown = ", ".join(repr(c) for c in bad)
    pos = ctx.value_pos("name")
    return _shown(
        ctx,
        Finding(
            f"Skill name '{name}' contains invalid characters ({shown}). {allowed}",
            pos.line,
            pos.column,
            hint=_name_hint(ctx, name),
        )
    )


@rule("name-hyphen", Severity.ERROR, source="spec", category="spec")
def name_hyphen(ctx: SkillContext) -> Iterator[Finding]:
    """`name` starts or ends with a hyphen, or has two hyphens in a row.

    Fails: `name: -pdf`, `name: pdf-`, `name: pdf--tools`. Passes: `name: pdf-tools`.

    Matters for Amp, skills-ref and uploads to claude.ai.
    """
    name = _name(ctx)
    if name is None or not (name.startswith("-") or name.endswith("-") or "--" in name):
        return NO_FINDINGS
    return _shown(ctx, *_hyphens(name, ctx.value_pos("name"), _name_hint(ctx, name)))


def _hyphens(name: str, pos: Position, hint: str | None) -> Iterator[Finding]:
    if name.startswith("-") or name.endswith("-"):
        yield Finding("Skill name cannot start or end with a hyphen", pos.line, pos.column,
                      hint=hint)
    if "--" in name:
        yield Finding("Skill name cannot contain consecutive hyphens", pos.line, pos.column,
                      hint=hint)


@rule("name-dir-mismatch", Severity.ERROR, source="spec", category="spec")
def name_dir_mismatch(ctx: SkillContext) -> Iterator[Finding]:
    """`name` differs from the skill's directory name.

    The spec requires them to be equal. Claude Code invokes the skill by its directory name
    (so `/name` does not work), Copilot in VS Code skips the skill (from its documentation;
    it cannot be run offline), Amp warns. The OpenCode agent-skills plugin loads it (checked
    with the real plugin), and so do Codex, OpenCode and Gemini CLI, by its `name`. The
    comparison is after NFKC normalisation against the resolved directory name, so
    `skillctl lint .` inside the skill works (skills-ref compares against `''`).

    A name that breaks another name rule is reported by that rule alone (its hint covers the
    folder), and the hint never proposes a folder name that is not a valid name.

    A template for new skills (folder or name `template`, `_template`, `skill-template`,
    `skill-templates`, `template-skill`; not `templates`, often a skill about templates, unless
    its name is a placeholder such as `<skill-name>`) gets info: its name is a stand-in, changed
    in every copy. So does an example another skill keeps in its `examples/`, `templates/`,
    `samples/`, `demos/` or `tests/` folder (`skill-maker/templates/example-skill/SKILL.md` with
    `name: transmittal`), and a template in a repository's own `templates/` store, below no
    skills folder (`templates/architecture-diagram-skill/` with `name: architecture-diagram`,
    copied to `.agents/skills/architecture-diagram/` when used), and a folder named `skill`
    whose parent has the skill's name (`gitea/skill/SKILL.md` with `name: gitea`: a package's
    source folder, installed as `gitea/`), and a source folder below no skills folder that a
    script beside it (or in `scripts/`, `bin/`, `tools/`) installs under the skill's name: the
    script names both (`openclaw-skill/SKILL.md` with `name: apple-health-query`, and
    `scripts/install_skill.sh` holding `SKILL_NAME="apple-health-query"` and
    `$REPO_ROOT/openclaw-skill`, or that puts a prefix before the folder,
    `"$dest/onecrawler-$name"` for `name: onecrawler-data-posts`); a repository's own `skills/`
    store (not a plugin's) counts as below none, its router `skills/SKILL.md` too. So does the
    `SKILL.md` at the root of a plugin whose manifest loads its skills from elsewhere
    (`.codex-plugin/plugin.json` with `"skills": "./skills/"`): no agent loads it as a skill. So
    does a third party's skill another skill keeps below a `vendor/` (or `third_party/`) folder
    (`godot-game-dev/References/vendor/terma-godot/SKILL.md` with `name: godot`). So does a
    repository's own skill, below no skills folder, whose README or text installs it under its
    name: with the skills CLI (`npx skills add owner/solana-skills` puts `name: qedgen` in
    `.agents/skills/qedgen/`), to a path `skills/<name>/` it names, or into a folder its prose
    names ("use a folder named `diagram-studio`"). It stays an error when the text also clones
    or copies the repository as it is into a skills folder (`git clone URL ~/.claude/skills/`,
    "copy this directory"): that copy keeps the repository's folder name.

    Fails: `pdf-tools/SKILL.md` with `name: pdf`. Passes: `pdf-tools/SKILL.md` with
    `name: pdf-tools`.

    Matters for Claude Code, Copilot, Amp and skills-ref.
    """
    name = _name(ctx)
    if name is None:
        return NO_FINDINGS
    directory = resolved_dir_name(ctx.dir)
    if not directory.isascii():  # (NFKC leaves ASCII text as it is)
        directory = unicodedata.normalize("NFKC", directory)
    if directory == name:
        return NO_FINDINGS
    if _bad_name_rules(ctx, name):
        # name-case, name-charset, name-hyphen or name-length reports this name, and its hint
        # names the folder: one bad name is one finding
        return NO_FINDINGS
    pos = ctx.value_pos("name")
    if ctx.is_single_skill_template or ctx.name_is_stand_in:
        # "template/SKILL.md" with "name: template-skill", "_template/" with "name:
        # capability-name": a stand-in, copied and renamed for each new skill
        return found(Finding(f"Directory name '{directory}' differs from skill name '{name}'"
                             " (a template for new skills: its name is a stand-in)",
                             pos.line, pos.column, severity=Severity.INFO))
    if directory.lower() == "skill" and os.path.basename(
            os.path.dirname(os.path.abspath(ctx.dir))) == name:
        # "gitea/skill/SKILL.md" with "name: gitea" (pinpox/skill-collection): the source
        # folder of a package whose build installs it as share/skills/gitea
        return found(Finding(f"Directory name '{directory}' differs from skill name '{name}'"
                             f" (the source folder of '{name}/': a build that installs it "
                             "under its parent's name gives it a matching folder)",
                             pos.line, pos.column, severity=Severity.INFO))
    manifest = plugin_root_skipped(ctx.skill.dir, ctx.parsed.body)
    if manifest is not None:
        # .codex-marketplace/facebook-skills/SKILL.md beside a manifest that says
        # "skills": "./skills/": the package's overview, not one of its skills
        return found(Finding(f"Directory name '{directory}' differs from skill name '{name}'"
                             f" (the root of a plugin: {manifest} loads its skills from "
                             "elsewhere, and no agent loads this file as a skill)",
                             pos.line, pos.column, severity=Severity.INFO))
    installer = installer_naming(ctx.skill.dir, name)
    if installer is not None:
        # "openclaw-skill/SKILL.md" with "name: apple-health-query", which
        # scripts/install_skill.sh copies to ~/.codex/skills/apple-health-query/
        return found(Finding(f"Directory name '{directory}' differs from skill name '{name}'"
                             f" (a source folder: {installer} installs it as '{name}/')",
                             pos.line, pos.column, severity=Severity.INFO))
    route = install_route_naming(ctx.skill.dir, name, ctx.parsed.body)
    if route is not None:
        # "solana-skills/SKILL.md" with "name: qedgen": the repository's own folder, which
        # `npx skills add qedgen/solana-skills` installs as .agents/skills/qedgen/
        return found(Finding(f"Directory name '{directory}' differs from skill name '{name}'"
                             f" (the repository's own folder: {route}, which names the "
                             f"installed folder '{name}/')",
                             pos.line, pos.column, severity=Severity.INFO))
    vendoring = vendoring_keeper(ctx.skill.dir)
    if vendoring is not None:
        return found(Finding(f"Directory name '{directory}' differs from skill name '{name}'"
                             f" (a vendored copy the skill '{vendoring.name}' keeps)",
                             pos.line, pos.column, severity=Severity.INFO))
    keeper = example_keeper(ctx.skill.dir)
    if keeper is not None or in_template_store(ctx.skill.dir):
        # "skill-maker/templates/example-skill" with "name: transmittal": a worked example
        # the skill keeps; "templates/architecture-diagram-skill": a repository's template,
        # copied to a skills folder under its name
        kept = (f"{kept_as(ctx.skill.dir, keeper)} the skill '{keeper.name}' keeps"
                if keeper is not None
                else "a template stored under templates/; its installed copy takes the name")
        return found(Finding(f"Directory name '{directory}' differs from skill name '{name}'"
                             f" ({kept})", pos.line, pos.column, severity=Severity.INFO))
    valid = ctx.option("unicode-names") or is_valid_name(name)
    if not valid:
        hint = _name_hint(ctx, name) or f"set 'name: {directory}'"
    elif is_valid_name(directory):
        hint = f"rename the directory to {name!r} or set 'name: {directory}'"
    else:
        hint = f"rename the directory to {name!r}"
    return found(
        Finding(
            f"Directory name '{directory}' must match skill name '{name}'",
            pos.line,
            pos.column,
            hint=hint,
        )
    )


@rule(
    "name-reserved",
    Severity.WARNING,
    source="claude-code",
    agents=("claude-code",),
    category="agent",
)
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


@rule("name-agent", Severity.ERROR, needs_agent=True, category="agent")
def name_agent(ctx: SkillContext) -> Iterator[Finding]:
    """`name` breaks the name rule of an agent chosen with `--agent`.

    Each agent enforces its own name pattern and length (its profile's `name_rule`): Amp
    requires `^[a-z0-9](?:[a-z0-9]*(?:-[a-z0-9]+)*)?$`, the OpenCode agent-skills plugin
    `^[\\p{Ll}\\p{N}-]+$`. Runs only with `--agent`.

    Claude Code names a skill after its folder and does not offer one whose folder's name
    holds hidden, direction-changing or blank-like characters (a zero-width space, a
    non-breaking space, two spaces in a row), `<` or `>`, or is over 256 characters; Codex
    skips a folder whose name holds a tab or a line break. Those are reported at line 1.

    Fails (`--agent amp`): `name: pdf_tools`. Passes: `name: pdf-tools`.

    Matters for the agents chosen with `--agent`.
    """
    yield from _folder_names(ctx)
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


def _folder_names(ctx: SkillContext) -> Iterator[Finding]:
    """The chosen agents that drop the skill for the characters of its folder's name."""
    from skillctl.agents.profile import NameSource
    from skillctl.discovery import name_refusal

    folder = resolved_dir_name(ctx.dir)
    declared = ctx.data.get("name")
    for profile in ctx.profiles:
        shown = folder if profile.name_source is NameSource.DIR_NAME or not (
            isinstance(declared, str) and declared) else declared
        refused = name_refusal(profile, shown, folder)
        if refused is not None:
            yield Finding(f"{refused} (the folder {folder!r})", 1,
                          hint="rename the skill's folder")


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
