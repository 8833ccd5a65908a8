"""``missing-file``: a file the body tells the agent to open, in any folder, is not there.

``broken-reference`` (:mod:`skillctl.lint.rules.references`) checks links and paths under
``scripts/``, ``references/`` and ``assets/``; this rule adds the other relative paths the
body points the agent at ("open `resources/implementation-playbook.md`") and shares
its notion of a reference (:mod:`skillctl.lint.paths_in_text`): fence handling, emphasis,
placeholders, example labels, and the check of a path against the skill directory.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from skillctl.lint.context import SkillContext
from skillctl.lint.paths_in_text import (
    FENCE,
    TEMPLATE_CHARS,
    Listings,
    body_references,
    in_example,
    is_placeholder,
    path_status,
)
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.model import Severity

#: A relative path with at least one folder and a file extension, as a whole inline code span.
_CODE_SPAN_PATH = re.compile(
    r"`((?:\./)?[A-Za-z0-9_][\w.-]*(?:/[A-Za-z0-9_][\w.-]*)*/[\w.-]*\.[A-Za-z][A-Za-z0-9]{0,5})`"
)
#: The same path in running text.
_TEXT_PATH = re.compile(
    r"(?<![\w./\\~$@%{:<-])((?:\./)?[A-Za-z0-9_][\w.-]*(?:/[A-Za-z0-9_][\w.-]*)*/[\w.-]*"
    r"\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/(-])"
)
#: What every match of the two patterns above ends with: a line without it holds none
#: (blanking code spans and links only turns characters into spaces, which it has none of).
_PATH_TAIL = re.compile(r"/[\w.-]*\.[A-Za-z]")
#: Underscores that open or close emphasis (``__resources/x.md__``): blanked before
#: :data:`_TEXT_PATH` reads the text, which would take them for part of a name.
_EMPHASIS_UNDERSCORES = re.compile(r"(?<!\w)_{1,2}(?=[A-Za-z0-9.])|(?<=[A-Za-z0-9])_{1,2}(?!\w)")
#: Words that send the agent to a file: the path after them is the skill's own.
_READ_VERB = re.compile(
    r"(?i)(?<![\w.])(?:read|reads|reading|open|opens|load|loads|consult|see|refer(?:s)? to|review|"
    r"follow|check|use|using|details? (?:in|at)|documented in|described in|found in|"
    r"defined in|listed in|available in)\b"
)
#: A list item that starts with the path ("- `resources/x.md` for detailed patterns").
_LIST_START = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__|\*|_)?`?$")
#: Folders of the three kinds ``broken-reference`` checks itself.
_REFERENCE_DIRS = frozenset({"scripts", "references", "assets"})
#: First folders that hold a skill's own resources: a path under one of them is the skill's
#: even when the folder is missing. A path under any other folder counts only when that
#: folder exists in the skill (otherwise it is likely the user's project: `src/app.py`,
#: `conductor/workflow.md`).
_RESOURCE_DIRS = frozenset({
    "resources", "resource", "reference", "refs", "templates", "template", "examples",
    "guides", "rules", "prompts", "workflows", "checklists", "playbooks", "patterns",
    "knowledge",
})


_CODE_SPAN = re.compile(r"`+[^`]*`+")
_LINK_OR_URL = re.compile(r"\]\([^)]*\)|<[^>]*>|\b[a-z][a-z0-9+.-]*://\S+")


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def _mention_lines(body: str) -> Iterator[tuple[int, str]]:
    """(offset where the line starts, line) of the body lines :func:`_mentions` must read, in
    order: those holding a path's tail (:data:`_PATH_TAIL`, found by one search over the
    body) and those before the last of them holding a fence marker. Every other line is one
    it skips; looping over every line in Python was most of the rule's CPU."""
    find = body.find
    rfind = body.rfind
    starts = [rfind("\n", 0, match.start()) + 1 for match in _PATH_TAIL.finditer(body)]
    if not starts:
        return
    last = starts[-1]
    for marker in ("```", "~~~"):
        at = find(marker, 0, last)
        while at >= 0:
            starts.append(rfind("\n", 0, at) + 1)
            end = find("\n", at)
            if end < 0:
                break
            at = find(marker, end + 1, last)
    starts.sort()
    previous = -1
    for start in starts:
        if start != previous:
            previous = start
            end = find("\n", start)
            yield start, body[start : end if end >= 0 else len(body)]


def _mentions(
    ctx: SkillContext, wanted: Callable[[str], bool]
) -> Iterator[tuple[int, int, str]]:
    """(line, column, path) of each path the body points the agent at, outside code blocks:
    in an inline code span or running text, after a read verb or at the head of a list item.

    Only paths ``wanted`` keeps are checked for the words before them (a regular expression
    per path, where most paths are of folders the rule never reports)."""
    body = ctx.parsed.body
    line_no = ctx.parsed.body_start_line
    counted = 0  # offset up to which newlines are counted into line_no
    opener: str | None = None
    for line_start, line in _mention_lines(body):
        fence = FENCE.match(line) if ("```" in line or "~~~" in line) else None
        if fence:
            marker = fence.group(1)
            if opener is None:
                opener = marker
            elif (marker[0] == opener[0] and len(marker) >= len(opener)
                  and not line.strip()[len(marker):].strip()):
                opener = None  # (CommonMark: a closing fence has no info string)
            continue
        if opener is not None or "/" not in line or not _PATH_TAIL.search(line):
            continue
        has_code = "`" in line
        spans = ([(m.start(1), m.group(1)) for m in _CODE_SPAN_PATH.finditer(line)]
                 if has_code else [])
        plain = _CODE_SPAN.sub(_blank, line) if has_code else line
        # a link's target is broken-reference's; so is any URL
        plain = _LINK_OR_URL.sub(_blank, plain)
        # every text path holds a path's tail, and blanking underscores makes none: a line
        # whose paths were all links or URLs is not searched again (a search from every
        # character, for the lookbehind)
        if _PATH_TAIL.search(plain):
            if "_" in plain:
                plain = _EMPHASIS_UNDERSCORES.sub(_blank, plain)
            spans += [(m.start(1), m.group(1)) for m in _TEXT_PATH.finditer(plain)]
        for start, target in sorted(spans):
            target = target.rstrip(".,;:")
            if not wanted(target):
                continue
            before = line[:start]
            if not (_READ_VERB.search(before) or _LIST_START.match(before)):
                continue
            line_no += body.count("\n", counted, line_start)
            counted = line_start
            yield line_no, start + 1, target


def _names_folder(body: str, folders: tuple[str, ...]) -> bool:
    """Whether some ``/`` of ``body`` follows one of ``folders``: a path the rule reports
    starts with such a folder (a substring of its line), so a body where none does holds
    none. One ``str.endswith`` of all the folders per ``/`` costs a fraction of reading the
    lines for paths, which three skills in four of real collections do not need."""
    find = body.find
    ends_with = body.endswith
    at = find("/")
    while at >= 0:
        if ends_with(folders, 0, at):
            return True
        at = find("/", at + 1)
    return False


def _first_folder(target: str) -> str:
    return target.removeprefix("./").split("/", 1)[0]


@rule("missing-file", Severity.WARNING, category="reference")
def missing_file(ctx: SkillContext) -> Iterator[Finding]:
    """A file the body sends the agent to ("open `resources/playbook.md`") does not exist.

    `broken-reference` covers links and `scripts/`, `references/`, `assets/` paths; this
    rule covers the other relative paths with a folder and a file extension, in an inline
    code span or in text, after a word that sends the agent there (read, open, see, load,
    refer to, consult, check, use ...) or at the head of a list item. 164 skills of one
    public collection point to a `resources/implementation-playbook.md` they do not ship:
    the agent looks for it and fails. The path's first folder must be one the skill has, or
    a usual resource folder (`resources/`, `templates/`, `examples/` ...): other
    paths are likely the user's project (`src/app.py`, `docs/plans/x.md`). Not
    reported: paths in code blocks, placeholders and example lists (as for
    `broken-reference`), absolute paths and paths that climb out with `..`.

    Fails: `If detailed examples are required, open resources/implementation-playbook.md.`
    with no such file in the skill.

    Passes: the same with the file present, or `Edit src/app.py` (the user's project).

    Matters for every agent.
    """
    body = ctx.parsed.body
    if "/" not in body:
        return NO_FINDINGS
    folders = {path.split("/", 1)[0] for path in ctx.file_paths if "/" in path}
    if not _names_folder(body, tuple((_RESOURCE_DIRS | folders) - _REFERENCE_DIRS)):
        return NO_FINDINGS  # (most skills: no path it could report)
    # (no line numbers needed here: the targets alone, as the reference rules read them)
    known = {target.removeprefix("./") for _, target, _, _ in body_references(ctx)}
    body_lines: list[str] | None = None  # split at the first path that is missing
    first = ctx.parsed.body_start_line
    listings = Listings()
    findings: list[Finding] = []
    seen: set[str] = set()

    def wanted(target: str) -> bool:
        # what the loop below would drop whatever the words before the path (no `seen`:
        # it counts only paths that pass them)
        folder = _first_folder(target)
        return (target.removeprefix("./") not in known and folder not in _REFERENCE_DIRS
                and (folder in _RESOURCE_DIRS or folder in folders))

    for line_no, column, target in _mentions(ctx, wanted):
        bare = target.removeprefix("./")
        if bare in seen:
            continue
        if not TEMPLATE_CHARS.isdisjoint(target) or is_placeholder(target):
            continue
        seen.add(bare)
        status, _ = path_status(ctx, target, listings)
        if status != "missing":
            continue  # there, there in another case (reference-case's), or outside the skill
        if body_lines is None:
            body_lines = body.split("\n")
        index = line_no - first
        if 0 <= index < len(body_lines) and in_example(body_lines, index, column):
            continue
        findings.append(Finding(
            f"{target!r} does not exist in the skill directory, but the body sends the agent "
            "to it",
            line_no, column,
            hint="add the file to the skill, or remove the sentence that points to it",
        ))
    return found(*findings) if findings else NO_FINDINGS
