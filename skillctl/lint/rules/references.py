"""Rules about files the body points at: links and ``scripts/``, ``references/`` paths."""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Iterator

from skillctl.lint.context import SkillContext
from skillctl.lint.overlay import example_keeper, overlaid_skill
from skillctl.lint.paths_in_text import (
    Listings,
    Reference,
    body_references,
    in_example,
    is_document_template,
    is_placeholder,
    is_word_pair,
    path_status,
    references,
)
from skillctl.lint.registry import NO_FINDINGS, Finding, rule
from skillctl.model import Severity


def checked_references(ctx: SkillContext) -> tuple[tuple[Reference, str, str | None], ...]:
    """(reference, status, detail) for every reference: status is ok, missing, case or escape.

    The rules below share :func:`unresolved_references`, which is this without the ``ok``
    ones (and without counting the lines of references that are fine).
    """
    listings = Listings()
    checked = []
    for ref in references(ctx):
        status, detail = path_status(ctx, ref.target, listings)
        checked.append((ref, status, detail))
    return tuple(checked)


def unresolved_references(ctx: SkillContext) -> tuple[tuple[Reference, str, str | None], ...]:
    """:func:`checked_references` without the ``ok`` ones: what the three rules below report.

    Computed once per skill (:meth:`SkillContext.computed`) and shared by them. A reference's
    line number is counted only when it is reported.
    """
    body = ctx.parsed.body
    listings: Listings | None = None
    found: list[tuple[Reference, str, str | None]] = []
    for start, target, column, is_link in body_references(ctx):
        if listings is None:
            listings = Listings()
        status, detail = path_status(ctx, target, listings)
        if status != "ok":
            line = ctx.parsed.body_start_line + body.count("\n", 0, start)
            found.append((Reference(target, line, column, is_link), status, detail))
    return tuple(found)


def _checked(ctx: SkillContext) -> tuple[tuple[Reference, str, str | None], ...]:
    return ctx.computed(unresolved_references)


#: The folder or name of a skill that is a template to copy for new skills
#: (``template/``, ``skill-template``, ``template-skill``, ``_template``).
@rule("broken-reference", Severity.ERROR, category="reference")
def broken_reference(ctx: SkillContext) -> Iterator[Finding]:
    """A relative link or a `scripts/`, `references/` or `assets/` path in the body does not exist.

    The agent follows these paths when it uses the skill; a missing file "fails silently …
    until an agent tries to follow a reference" (vercel-labs/skills#1517). Markdown links are
    errors (a link without a file extension, which may be a wiki page, a warning); paths
    mentioned in text or code are warnings. Not reported: placeholders (`scripts/<name>.py`,
    `references/filename.md`), globs that match a file (`references/setup/*.md`), paths
    after an example label (`Examples:`, `e.g.`) or in the list it opens, two words joined
    by a slash in running text (`links to assets/code`),
    links to files beside SKILL.md in a body that is itself a document template (five lines
    or more with a `[Placeholder]`), links of a skill that is a template for new skills (its
    folder or name `template`, `skill-template`, `template-skill`),
    paths inside a document template fence (`` ```markdown ``), footnotes
    (`[^1]: ...`) and paths that start with a variable other than the skill directory's
    (`${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`, `{skill_path}/...`; `${CLAUDE_SKILL_DIR}` is
    checked), and a link inside an HTML comment (`<!-- [x](references/x.md) -->`: commented
    out). A link into a folder of the user's project the skill does not have is a warning:
    a hidden one (`.dbt-wiki/lineage.md`, where the skill keeps its output), or one its text
    names below another folder (`adr/0001-layer-map.md` in the example index of a document
    the skill has the agent write, its ADRs going to `docs/adr/`; not `scripts/`,
    `references/` or `assets/`, which stay the skill's). When
    SKILL.md is a symbolic link, paths are looked up in the skill folder,
    where the agents that load such a skill (Claude Code, Gemini CLI, OpenCode) point the
    model, not beside the link's target; the message says when the file exists only there.
    An overlay (a SKILL.md without frontmatter merged into a skill of the same folder name,
    see `no-frontmatter`) is checked against that skill.

    Fails: `See [the API](references/api.md)` with no `references/api.md`.
    Passes: the same with the file present.

    Matters for every agent.
    """
    checked = _checked(ctx)
    if not checked or all(status != "missing" for _, status, _ in checked):
        return NO_FINDINGS  # (most skills: no generator for nothing)
    return _broken(ctx, checked)


def _broken(
    ctx: SkillContext, checked: tuple[tuple[Reference, str, str | None], ...]
) -> Iterator[Finding]:
    body_lines = ctx.parsed.body.split("\n")
    first = ctx.parsed.body_start_line
    template: bool | None = None  # computed at the first missing file beside SKILL.md
    overlaid = overlaid_skill(ctx)
    skill_template = ctx.is_skill_template
    kept = None  # the skill that keeps this one in its assets/ (examples, templates ...)
    kept_asked = False
    for ref, status, _ in checked:
        if status != "missing" or is_placeholder(ref.target) or glob_matches(ctx, ref.target):
            continue
        if skill_template and ref.is_link:
            continue  # "See [detailed reference](./references/topic-details.md)": a stand-in
        if overlaid is not None and _exists_in(overlaid, ref.target):
            continue  # an overlay's link, resolved in the skill it is merged into
        if "/" not in ref.target.removeprefix("./"):
            if template is None:
                template = is_document_template(ctx.parsed.body)
            if template:
                continue  # "- [c4-code-file-1.md](./c4-code-file-1.md) - [Description]"
        index = ref.line - first
        if 0 <= index < len(body_lines):
            if in_example(body_lines, index, ref.column):
                continue  # "Examples: `references/finance.md` for ...": what a skill could hold
            if not ref.is_link and is_word_pair(body_lines[index], ref.column, ref.target):
                continue  # "links to assets/code": prose, not a path
        last = ref.target.rstrip("/").rsplit("/", 1)[-1]
        # a link without a file extension may be a web or wiki page ('internal-wiki/runbook');
        # one into a hidden folder the skill lacks points into the user's project, where the
        # skill keeps its output ('.dbt-wiki/lineage.md' in a message it tells the agent to
        # write), not at a file of the skill
        error = ref.is_link and ("." in last or ref.target.endswith("/")) and not \
            _project_folder(ctx, ref.target)
        what = f"{'link target' if ref.is_link else 'path'} {ref.target!r}"
        beside = beside_link_target(ctx, ref.target)
        if error and not kept_asked:
            kept, kept_asked = example_keeper(ctx.skill.dir), True
        message = (
            f"{what} exists beside the link's target {beside!r} but not in the skill folder "
            "the agent loads (agents give the model the link's folder)"
            if beside is not None else f"{what} does not exist in the skill directory")
        if error and kept is not None:
            # write-product-specs/assets/project-template/skills/x/SKILL.md: a payload the
            # keeping skill copies into a project, with files its script puts beside it
            message += f" (a skill that '{kept.name}' keeps to copy; its copy may hold it)"
            error = False
        yield Finding(message, ref.line, ref.column,
                      severity=None if error else Severity.WARNING)


def _project_folder(ctx: SkillContext, target: str) -> bool:
    """Whether ``target`` starts with a folder of the user's project, not the skill's: a
    hidden one the skill does not have (``.dbt-wiki/``), or one the skill's text names
    below another folder (``adr/0001-layer-map.md`` in the example index of the
    ``docs/ARCHITECTURE.md`` it has the agent write, its ADRs going to ``docs/adr/``;
    seventy-third sample)."""
    relative = target.removeprefix("./")
    first = relative.split("/", 1)[0]
    if len(first) <= 2 or "/" not in relative or os.path.isdir(
            os.path.join(ctx.directory, first)):
        return False
    if first.startswith("."):
        return True
    if first.lower() in _OWN_FILE_FOLDERS:
        return False  # scripts/run.sh is the skill's, whatever "./scripts/run.sh" says
    return re.search(rf"(?<![\w./-])\w[\w.-]*/{re.escape(first)}/", ctx.parsed.body) is not None


#: Folders a skill keeps its own files in (the spec's, and common ones)
_OWN_FILE_FOLDERS = frozenset({"scripts", "references", "reference", "assets", "resources",
                            "templates", "examples", "docs", "bin", "lib", "tools"})


def _exists_in(folder: str, target: str) -> bool:
    if target.startswith(("/", "~")) or ".." in target.split("/"):
        return False
    return os.path.exists(os.path.join(folder, target.split("#", 1)[0]))


def glob_matches(ctx: SkillContext, target: str) -> bool:
    """Whether ``target`` is a glob (``references/setup/*.md``, "use these globs as the
    catalog") that matches a file of the skill: the agent lists the folder, nothing is missing.
    One folder level per ``*``, no ``**``, never outside the skill."""
    if not any(char in target for char in "*?[") or "**" in target or target.startswith("/") \
            or ".." in target.split("/"):
        return False
    try:
        return bool(glob.glob(target.removeprefix("./"), root_dir=ctx.directory))
    except (OSError, ValueError):
        return False


def beside_link_target(ctx: SkillContext, target: str) -> str | None:
    """The link text of SKILL.md when it is a symbolic link and ``target`` exists beside the
    file it points to (None otherwise).

    The agents that load a linked SKILL.md give the model the skill folder, the link's own
    folder, not the real file's (conformance/cases_linked_skillmd.py; Codex and OpenClaw do
    not load it at all): a relative link that works beside the original is missing for them.
    """
    entry = os.fspath(ctx.skill.entry)
    if not os.path.islink(entry) or target.startswith(("/", "~")) or ".." in target.split("/"):
        return None
    try:
        real_folder = os.path.dirname(os.path.realpath(entry))
        if not os.path.exists(os.path.join(real_folder, target.split("#", 1)[0])):
            return None
        return os.readlink(entry)
    except (OSError, ValueError):
        return None


@rule("reference-case", Severity.ERROR, category="reference")
def reference_case(ctx: SkillContext) -> Iterator[Finding]:
    """A referenced file exists only in another letter case (`REFERENCE.md` vs `reference.md`).

    macOS and Windows find it anyway; Linux, CI and every container do not
    (anthropics/skills#549).

    Fails: `[forms](references/Forms.md)` with `references/forms.md` on disk.
    Passes: `[forms](references/forms.md)`.

    Matters for every agent on Linux.
    """
    checked = _checked(ctx)
    if not checked:
        return NO_FINDINGS
    return (
        Finding(
            f"{ref.target!r} exists only as {variant!r}: it is not found on case-sensitive "
            "file systems (Linux, CI)",
            ref.line,
            ref.column,
            hint=f"write {variant!r}",
        )
        for ref, status, variant in checked
        if status == "case"
    )


@rule("reference-escape", Severity.WARNING, category="reference")
def reference_escape(ctx: SkillContext) -> Iterator[Finding]:
    """A link is an absolute path or climbs out of the skill directory with `..`.

    Skills are copied and installed as one directory; installers drop everything outside it
    (hackmamba-io/creator-skills#3 lost 53-74% of its content) and an absolute path exists
    only on the author's machine.

    Fails: `[shared](../shared/style.md)` or `[cfg](/etc/tool.conf)`.
    Passes: `[style](references/style.md)` with the file copied into the skill.

    Matters for every agent and every installer (`skills` CLI, plugin marketplaces).
    """
    checked = _checked(ctx)
    if not checked:
        return NO_FINDINGS
    return (
        Finding(
            f"{ref.target!r} is {detail}: it breaks when the skill is installed elsewhere",
            ref.line,
            ref.column,
        )
        for ref, status, detail in checked
        if status == "escape"
    )
