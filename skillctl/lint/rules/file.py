"""File-level rules: the entry file's name, encoding, byte order mark and line endings."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from skillctl import limits
from skillctl.lint.context import AcrossContext, SkillContext
from skillctl.lint.overlay import example_keeper, kept_as, overlaid_skill
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.lint.resolved import EVAL_ITERATION
from skillctl.model import LineEndings, Problem, Severity, Skill
from skillctl.scan import ALWAYS_SKIPPED, ENTRY_FILE


def problem_findings(ctx: SkillContext, code: str, prefix: str = "") -> Iterator[Finding]:
    """Turn the parser's problems with this code into findings (the parser never re-runs)."""
    problems = ctx.parsed.problems
    if not problems:  # most files: ten rules ask, no generator needed
        return NO_FINDINGS
    return _problem_findings(problems, code, prefix)


def dashes_for_closer(text: str | None, before_line: int | None = None) -> tuple[int, int] | None:
    """(line, number of dashes) of the first line after the opening ``---`` that is a run of
    four or more dashes and nothing else, before ``before_line`` when given; None if none.

    A Markdown formatter turns the closing ``---`` under the last key into a setext heading's
    underline as long as that line; agents close frontmatter only at a line of exactly
    ``---``. An unindented run of dashes is never YAML inside a mapping, so such a line in the
    frontmatter is the closer that was meant.
    """
    if not text or "----" not in text:
        return None
    number = 1
    start = text.find("\n") + 1
    while start > 0:
        number += 1
        if before_line is not None and number >= before_line:
            return None
        end = text.find("\n", start)
        line = text[start:] if end < 0 else text[start:end]
        stripped = line.rstrip()
        if len(stripped) >= 4 and stripped.strip("-") == "" and stripped[0] == "-":
            return number, len(stripped)
        if stripped == "---":
            return None  # the real closer comes first
        start = end + 1 if end >= 0 else 0
    return None


def _problem_findings(problems: Iterable[Problem], code: str, prefix: str) -> Iterator[Finding]:
    for problem in problems:
        if problem.code == code:
            message = f"{prefix}{problem.message}" if prefix else problem.message
            yield Finding(message, problem.line, problem.column)


def _real_child(real_parent: str, name: str, path: Path) -> str:
    """``os.path.realpath(path)``, given the real path of its parent folder and its name.

    A plain name inside a resolved folder that is not a symbolic link is already real: one
    ``lstat`` instead of one for every component of the path.
    """
    candidate = os.path.join(real_parent, name)
    if name in ("", ".", "..") or os.path.islink(candidate):
        return os.path.realpath(path)
    return candidate


def _eval_workspace(name: str, names: list[str]) -> bool:
    """Whether a folder is skill-creator's evaluation workspace of a skill beside it
    (``<skill>-workspace/`` holding ``iteration-1/`` ...): its runs, not a skill."""
    return name.lower().endswith("-workspace") and any(
        EVAL_ITERATION.fullmatch(child) for child in names)


@rule("missing-skill-md", Severity.WARNING, source="spec", kind="across", category="file")
def missing_skill_md(ctx: AcrossContext) -> Iterator[tuple[Skill | Path, Finding]]:
    """A folder next to other skills has no SKILL.md, so no agent loads it.

    A skill is a directory with a file named exactly `SKILL.md`. When a folder that sits
    beside linted skills (say in `.claude/skills/`) has files but no `SKILL.md`, every agent
    skips it without a word: often the file was renamed (`README.md`, `skill.markdown`) or
    never committed. Folders that hold skills deeper down are not reported, nor the folders
    of a skill that has another skill nested in it (its `scripts/` sits beside that skill),
    nor skill-creator's evaluation workspaces (`<skill>-workspace/iteration-1/`).

    Fails (`skills/notes/` holds only `README.md`):

    ```
    skills/
      deploy/SKILL.md
      notes/README.md
    ```

    Passes:

    ```
    skills/
      deploy/SKILL.md
      notes/SKILL.md
    ```

    Matters for every agent.
    """
    # Each folder is resolved and listed once, not once per skill in it; paths stay strings
    # (thousands of Path.parent calls and Path hashes cost more than the rule's disk reads).
    roots = [os.path.realpath(r) for r in ctx.roots]
    by_parent: dict[str, list[Skill]] = {}
    for skill in ctx.skills:
        by_parent.setdefault(os.path.dirname(os.fspath(skill.dir)), []).append(skill)
    skill_dirs: set[str] = set()
    listings: dict[str, tuple[Path, list[os.DirEntry[str]]]] = {}
    for in_parent in by_parent.values():
        parent = in_parent[0].dir.parent
        real_parent = os.path.realpath(parent)
        entries: dict[str, os.DirEntry[str]] = {}
        if real_parent not in listings and any(
            real_parent == r or real_parent.startswith(r + os.sep) for r in roots
        ):
            try:
                listing = sorted(os.scandir(real_parent), key=lambda e: e.name)
            except OSError:
                listing = []
            listings[real_parent] = (parent, listing)
            entries = {entry.name: entry for entry in listing}
        for skill in in_parent:
            name = os.path.basename(os.fspath(skill.dir))
            entry = entries.get(name)
            try:
                # listed in its resolved parent and not a link: already its real path
                plain = entry is not None and not entry.is_symlink()
            except OSError:
                plain = False
            if plain:
                skill_dirs.add(os.path.join(real_parent, name))
            else:
                skill_dirs.add(_real_child(real_parent, name, skill.dir))
    for real_parent, (parent, listing) in sorted(listings.items()):
        if real_parent in skill_dirs:
            continue  # a skill with a skill nested in it: its other folders are its files
        for entry in listing:
            if entry.name.startswith(".") or entry.name in ALWAYS_SKIPPED:
                continue
            try:
                if not entry.is_dir():
                    continue
                # entry.path is inside a resolved folder: real unless it is a link itself
                real = os.path.realpath(entry.path) if entry.is_symlink() else entry.path
                if real in skill_dirs or any(d.startswith(real + os.sep) for d in skill_dirs):
                    continue
                names = os.listdir(entry.path)
            except OSError:
                continue
            if not names or any(n.lower() == "skill.md" for n in names) \
                    or _eval_workspace(entry.name, names):
                continue
            yield (
                parent / entry.name,
                Finding(
                    "Missing required file: SKILL.md (this folder sits beside other skills, "
                    "but no agent loads it)",
                    hint="add a SKILL.md, or move the folder out of the skills directory",
                ),
            )


@rule("skill-md-case", Severity.ERROR, source="spec", category="file")
def skill_md_case(ctx: SkillContext) -> Iterator[Finding]:
    """The entry file is not named exactly `SKILL.md`.

    Agents look for the exact name `SKILL.md`. `skill.md` or `Skill.md` works on the
    case-insensitive file systems of macOS and Windows and then silently disappears on Linux
    and in CI (skills-ref finds `skill.md` but not `Skill.md`; Amp matches any case). A
    `skill.md` whose frontmatter has keys but neither `name` nor `description` (a wiki's
    page about skills) is not taken for a skill and is not linted, nor is one without
    frontmatter inside another skill's folder (a module's notes) or in a documentation
    folder (`docs/concepts/skill.md`, a page about the concept). One whose name is a
    template's placeholder (`name: your-skill-name` in a skill's `templates/skill.md`, an
    example to copy) gets info: renaming it would make a placeholder skill.

    Fails: `my-skill/skill.md`. Passes: `my-skill/SKILL.md`.

    Matters for Claude Code, Codex, OpenCode, Gemini CLI, Copilot, OpenClaw and Goose on
    Linux.
    """
    name = ctx.skill.entry.name
    if name == ENTRY_FILE:
        return NO_FINDINGS
    if ctx.name_is_stand_in:
        return found(Finding(f"entry file is named {name!r}, not 'SKILL.md' (a template for "
                             "new skills: its name is a stand-in)", severity=Severity.INFO))
    return found(
        Finding(
            f"entry file is named {name!r}, not 'SKILL.md': agents on case-sensitive file "
            "systems (Linux, CI) do not find it",
            hint=f"git mv {name} SKILL.md",
        )
    )


@rule("no-frontmatter", Severity.ERROR, source="spec", category="file")
def no_frontmatter(ctx: SkillContext) -> Iterator[Finding]:
    """SKILL.md does not start with YAML frontmatter.

    Every agent reads the skill's name and description from a YAML block between two `---`
    lines at the very top of the file. Without it, Codex reports "missing YAML frontmatter",
    most agents skip the skill and Claude Code loads it without a description.

    Fails:

    ```
    # My skill
    Does things.
    ```

    Passes:

    ```
    ---
    name: my-skill
    description: Does things. Use when ...
    ---
    # My skill
    ```

    A SKILL.md without frontmatter in a folder named like a skill of the same repository
    (`skill-flavors/studioweb/uipath-feedback/` beside `skills/uipath-feedback/`) is an
    overlay a build step merges into that skill, not a skill of its own: a warning. So is
    one in another skill's `examples/` (`samples/`, `templates/`, `demos/`, `tests/`) folder
    (`skill-creator/examples/example-skill/SKILL.md`, a skill auditor's
    `tests/malicious-basic/SKILL.md`): an example or test input that skill keeps, which
    agents that scan folders deep (OpenCode, Codex) still reach and drop.

    Matters for every agent.
    """
    if ctx.parsed.text is None or not ctx.parsed.has_problem("no-frontmatter"):
        return NO_FINDINGS
    overlaid = overlaid_skill(ctx)
    if overlaid is not None:
        return _overlay_findings(ctx, overlaid)
    keeper = example_keeper(ctx.skill.dir)
    if keeper is not None:
        return _example_findings(ctx, keeper)
    return problem_findings(
        ctx, "no-frontmatter", "SKILL.md must start with YAML frontmatter (---): "
    )


def _example_findings(ctx: SkillContext, keeper: Path) -> Iterator[Finding]:
    return _no_skill_findings(
        ctx, f"it looks like {kept_as(ctx.skill.dir, keeper)} the skill {keeper.name!r} keeps, "
        "not a skill, but agents that scan folders deep reach it and drop it",
        "if it is no skill of its own, name it otherwise than SKILL.md")


def _overlay_findings(ctx: SkillContext, overlaid: str) -> Iterator[Finding]:
    other = os.path.relpath(overlaid, os.path.abspath(ctx.directory))
    return _no_skill_findings(
        ctx, f"every agent that scans this folder drops it, but it looks like an overlay of "
        f"the skill {other!r}, merged into it by a build step",
        "if it is no skill of its own, keep it where no agent scans or name it otherwise "
        "than SKILL.md")


def _no_skill_findings(ctx: SkillContext, why: str, hint: str) -> Iterator[Finding]:
    """``no-frontmatter`` as a warning, for a SKILL.md that is no skill of its own."""
    for finding in problem_findings(ctx, "no-frontmatter"):
        yield Finding(f"SKILL.md has {finding.message}: {why}", finding.line, finding.column,
                      hint=hint, severity=Severity.WARNING)


@rule("unclosed-frontmatter", Severity.ERROR, source="spec", category="file")
def unclosed_frontmatter(ctx: SkillContext) -> Iterator[Finding]:
    """The frontmatter has an opening `---` but no closing `---` line.

    Without a closing line the whole file is read as YAML, which fails; agents drop the skill.

    Fails:

    ```
    ---
    name: my-skill
    description: Does things.
    # My skill
    ```

    Passes: the same with a `---` line after `description:`.

    Matters for every agent.
    """
    if not ctx.parsed.problems:
        return NO_FINDINGS
    return _unclosed(ctx)


def _unclosed(ctx: SkillContext) -> Iterator[Finding]:
    for finding in problem_findings(ctx, "unclosed-frontmatter"):
        dashes = dashes_for_closer(ctx.parsed.text)
        if dashes is not None:
            line, count = dashes
            yield Finding(
                f"SKILL.md frontmatter not properly closed with ---: line {line} is a run of "
                f"{count} dashes, and agents close the frontmatter only at a line of exactly "
                "'---'",
                line,
                1,
                hint=f"make line {line} exactly '---'",
            )
            continue
        yield Finding(
            "SKILL.md frontmatter not properly closed with --- (" + finding.message + ")",
            finding.line,
            finding.column,
            hint="add a line with only '---' after the last frontmatter key",
        )


@rule("leading-content", Severity.ERROR, category="file")
def leading_content(ctx: SkillContext) -> Iterator[Finding]:
    """Text (a comment, a title, blank lines) stands before the opening `---`.

    Agents only recognise frontmatter on the very first line. An HTML licence comment or a
    blank line above it makes every agent see no frontmatter at all: "8 of 12 skills
    silently skipped" (vercel-labs/skills#1324).

    Only a block within the first 50 lines that names the skill (`name:` or
    `description:`) counts. One inside a code block below the file's own text is an example
    of frontmatter, and the file has none (`no-frontmatter`); a file wrapped whole in a
    fence (a first line "````markdown") still has its frontmatter pushed down.

    Fails:

    ```
    <!-- Copyright ... -->
    ---
    name: my-skill
    ---
    ```

    Passes: the comment moved below the closing `---`.

    Matters for every agent.
    """
    if not ctx.parsed.problems:
        return NO_FINDINGS
    return (
        Finding(f.message, f.line, f.column, hint="move that text below the closing '---'")
        for f in problem_findings(ctx, "leading-content")
    )


@rule("bom", Severity.ERROR, fixable=True, category="file")
def bom(ctx: SkillContext) -> Iterator[Finding]:
    """The file starts with a UTF-8 byte order mark.

    Editors on Windows add an invisible BOM (`EF BB BF`) before the first `---`. skills-ref,
    OpenCode and several other loaders then do not see frontmatter ("SKILL.md must start with
    YAML frontmatter"); Amp and Claude Code strip it. `--fix` removes it.

    Fails: `\\ufeff---` on line 1. Passes: `---` on line 1.

    Matters for skills-ref, OpenCode, Codex, Gemini CLI and crewAI.
    """
    if not ctx.parsed.has_bom:
        return NO_FINDINGS
    return found(
        Finding(
            "file starts with a UTF-8 byte order mark: some agents then see no frontmatter",
            hint="save the file as UTF-8 without BOM (skillctl lint --fix)",
        )
    )


@rule("crlf", Severity.WARNING, fixable=True, category="file")
def crlf(ctx: SkillContext) -> Iterator[Finding]:
    """The file uses CRLF (Windows) or mixed line endings.

    Several loaders split frontmatter on `\\n` only: the OpenCode agent-skills plugin's
    pattern accepts LF only and skips the skill, and Anthropic's quick_validate fails. Git's
    `core.autocrlf` on Windows is the usual cause. `--fix` converts to LF.

    Fails: lines ending in `\\r\\n`. Passes: lines ending in `\\n`.

    Matters for the OpenCode agent-skills plugin and quick_validate; add
    `*.md text eol=lf` to `.gitattributes` to keep it fixed.
    """
    endings = ctx.parsed.line_endings
    if endings is LineEndings.LF or endings is LineEndings.NONE:
        return NO_FINDINGS
    return _crlf(endings)


def _crlf(endings: LineEndings) -> Iterator[Finding]:
    if endings in (LineEndings.CRLF, LineEndings.MIXED, LineEndings.CR):
        kind = {LineEndings.CRLF: "CRLF", LineEndings.MIXED: "mixed", LineEndings.CR: "CR"}[endings]
        yield Finding(
            f"file uses {kind} line endings: LF-only parsers drop the skill",
            hint="convert to LF (skillctl lint --fix) and add '*.md text eol=lf' to .gitattributes",
        )


@rule("not-utf8", Severity.ERROR, category="file")
def not_utf8(ctx: SkillContext) -> Iterator[Finding]:
    """The file is not valid UTF-8 text.

    Agents read SKILL.md as UTF-8. A Latin-1 or UTF-16 file, or one with NUL bytes, gives
    garbled names and descriptions or a parse failure.

    Fails: a file saved as UTF-16 or Windows-1252 with accented letters.
    Passes: the same text saved as UTF-8.

    Matters for every agent.
    """
    return problem_findings(ctx, "not-utf8")


@rule("unreadable", Severity.ERROR, category="file")
def unreadable(ctx: SkillContext) -> Iterator[Finding]:
    """The entry file could not be read (permissions, not a regular file).

    Fails: a `SKILL.md` without read permission, or a directory named `SKILL.md`.
    Passes: a readable regular file.

    Matters for every agent.
    """
    return problem_findings(ctx, "unreadable")


@rule("file-too-large", Severity.ERROR, agents=("claude-code", "openclaw"), category="file")
def file_too_large(ctx: SkillContext) -> Iterator[Finding]:
    """SKILL.md is larger than an agent loads.

    Claude Code skips a SKILL.md over 1,000,000 bytes with a warning; OpenClaw's limit is
    256 KB. With `--agent`, the chosen agents' limits apply; without it, Claude Code's.

    Fails: a 2 MB SKILL.md with an embedded data table.
    Passes: the table moved to `references/table.md`.

    Matters for Claude Code and OpenClaw.
    """
    parsed = ctx.parsed
    if not ctx.config.agents and parsed.size <= limits.CLAUDE_MAX_FILE_BYTES and (
        not parsed.problems
    ):
        return NO_FINDINGS  # below Claude Code's cap, and the parser read the whole file
    return _too_large(ctx)


def _too_large(ctx: SkillContext) -> Iterator[Finding]:
    yield from problem_findings(ctx, "file-too-large")
    if ctx.parsed.has_problem("file-too-large"):
        return
    if not ctx.config.agents:
        caps = [(limits.CLAUDE_MAX_FILE_BYTES, "Claude Code")]
    else:
        caps = [(p.max_file_bytes, p.display_name) for p in ctx.profiles if p.max_file_bytes]
    if not caps:
        return
    cap, who = min(caps)
    if ctx.parsed.size > cap:
        yield Finding(
            f"SKILL.md is {ctx.parsed.size} bytes; {who} skips files over {cap} bytes",
            hint="move long material to references/ and link to it",
        )


@rule("fix-failed", Severity.ERROR, kind="across", category="run")
def fix_failed(ctx: AcrossContext) -> Iterator[tuple[Skill | Path, Finding]]:
    """`--fix` could not write a skill's fixes.

    skillctl refuses to write through a symlink that leads out of the linted tree, and a file
    may be read-only or on a full disk. The file is left exactly as it was; the other skills
    are still fixed and linted, and the findings that were not fixed stay reported.

    Fails: `skillctl lint --fix` on a skill whose `SKILL.md` links to a file outside the tree.
    Passes: every fixed file is a regular, writable file inside the tree.

    Matters for every agent.
    """
    for skill, reason in ctx.fix_failures:
        yield skill, Finding(f"--fix did not change this file: {reason}")


@rule("scan-problem", Severity.WARNING, kind="across", category="run")
def scan_problem(ctx: AcrossContext) -> Iterator[tuple[Skill | Path, Finding]]:
    """Part of a searched tree could not be looked at.

    An unreadable folder, a symlink loop, a dangling link or a tree too deep or too large to
    search: skills below it were not linted (and an agent may not see them either).

    Fails: `skills/private/` without read permission.
    Passes: every folder below the linted path readable.

    Matters for every agent.
    """
    for note in ctx.notes:
        detail = f": {note.detail}" if note.detail else ""
        yield note.path, Finding(f"not searched ({note.reason}){detail}")
