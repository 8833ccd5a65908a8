"""Paths a SKILL.md body points at: links, ``scripts/``/``references/``/``assets/`` paths, and
how each is checked against the skill directory.

Shared by ``broken-reference``, ``reference-case``, ``reference-escape``
(:mod:`skillctl.lint.rules.references`) and ``missing-file``
(:mod:`skillctl.lint.rules.mentions`), so both read fences, placeholders, example labels and
emphasis (``**references/x.md**``) the same way.
"""

from __future__ import annotations

import functools
import os
import re
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skillctl.lint.context import SkillContext

#: A fence line (CommonMark: up to three spaces, then three or more backticks or tildes).
FENCE = re.compile(r"^\s{0,3}(```+|~~~+)")
_INLINE_CODE = re.compile(r"`+[^`]*`+")
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
#: ``[label]: target``; a footnote (``[^1]: text``) is not a link definition.
_REF_DEF = re.compile(r"^\s{0,3}\[(?!\^)[^\]]+\]:\s*(\S+)")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
#: A ``scripts/``, ``references/`` or ``assets/`` path: after a non-path character, after
#: ``}/`` (a variable, checked later), or after ``_``/``__`` that opens emphasis
#: (``__scripts/run.py__``; ``*`` and ``**`` are non-path characters already).
_CODE_PATH = re.compile(
    r"(?:(?<=\}/)|(?<![\w./\\~$@-])|(?<=(?<![\w.])__)|(?<=(?<![\w.])_))"
    r"((?:\./)?(?:scripts|references|assets)/[A-Za-z0-9_][\w.\-/]*)"
)
#: The emphasis delimiter right before a path (``**``, ``*``, ``__``, ``_``).
_EMPHASIS_BEFORE = re.compile(r"(?:\*\*|__|\*|_)$")
#: Characters that make a path a template or a glob (`scripts/<name>.py`, `assets/*.png`).
TEMPLATE_CHARS = frozenset("<>{}*$[]|%")
_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")
#: Info strings of a fence that holds a document template: the paths in it are examples.
_TEMPLATE_FENCES = frozenset({"markdown", "md", "mdx", "template", "jinja", "jinja2"})
#: Every code path contains one of ``scripts/``, ``references/``, ``assets/``: all end in ``s/``.
_CODE_PATH_LITERAL = "s/"


@dataclass(frozen=True, slots=True)
class Reference:
    """A path the body points at, with where it was written."""

    target: str
    line: int
    column: int
    is_link: bool


#: A field of a file-name template: ``{id}``, ``{number}``.
_BRACED_FIELD = re.compile(r"\{[A-Za-z_][\w-]*\}")


#: A line anchor of a code host (``#L23``, ``#L10-L20``).
_LINE_ANCHOR = re.compile(r"L\d+(?:-L\d+)?")
#: Folders of a skill's own files: a line anchor into one of them is a link to the skill's
#: file (``scripts/run.py#L5``), into any other folder a citation of the user's code in a
#: sample report (AndreyBegma/claude-code-review-skills, sixtieth sample).
_RESOURCE_FOLDERS = frozenset({"references", "reference", "scripts", "assets", "templates",
                               "examples", "docs", "resources"})


def _clean_link(raw: str) -> str | None:
    target = raw.strip()
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if (
        not target
        or target.startswith("#")
        or (":" in target and _SCHEME.match(target) and not _DRIVE.match(target))
    ):
        return None
    if "{{" in target or target.startswith(("$", "{", "%")) or (
            "{" in target and _BRACED_FIELD.search(target)):
        return None  # a template's field ("task.{id}.bug.{number}.md"), filled in later
    # (each step only where its character occurs: most targets are plain relative paths)
    if "#" in target:
        target, fragment = target.split("#", 1)
        if _LINE_ANCHOR.fullmatch(fragment) and "/" in target.removeprefix("./") and \
                target.removeprefix("./").split("/", 1)[0].lower() not in _RESOURCE_FOLDERS:
            return None  # "[src/app.tsx:23](src/app.tsx#L23)": a line of the user's code cited
    if "?" in target:
        target = target.split("?", 1)[0]
    if "%" in target:
        target = urllib.parse.unquote(target)
    return target or None


#: The words a code path names, each ending in the ``s`` of ``s/``, and their lengths.
_CODE_WORDS = (("references", 10), ("scripts", 7), ("assets", 6))
#: What may follow ``]`` in a link (``](``) or a reference definition (``]:``).
_AFTER_BRACKET = frozenset("(:")
#: The words a code path's ``s/`` ends (most ``s/`` in a body end other words: ``docs/``).
_CODE_WORD_ENDS = tuple(word for word, _ in _CODE_WORDS)


def _candidate_starts(body: str) -> Iterator[tuple[int, str]]:
    """(offset where the line starts, line) of the body lines :func:`references` must read,
    in order.

    Those holding a link (``](``), a reference definition (``]:``) or a code path (one of
    :data:`_CODE_WORDS` before ``/``), and those before the last of them holding a fence
    (`` ``` `` or ``~~~``): links inside a fence do not count, nor code paths inside a
    template fence (`` ```markdown ``). ``]``, ``/`` and ``~`` are rare in prose, so
    they are found with ``str.find`` of one character (``memchr``) and their neighbours
    checked: several times faster than one regular expression for all five literals, which
    steps through every character in Python's regex engine.
    """
    find = body.find
    rfind = body.rfind
    starts: list[int] = []
    last_link = -1  # where the last ']' of a link or definition is
    at = find("]")
    while at >= 0:
        if body[at + 1 : at + 2] in _AFTER_BRACKET:
            starts.append(rfind("\n", 0, at) + 1)
            last_link = at
        at = find("]", at + 1)
    at = find("s/")
    while at >= 0:
        if body.endswith(_CODE_WORD_ENDS, 0, at + 1):
            starts.append(rfind("\n", 0, at) + 1)
        at = find("s/", at + 2)
    if starts:
        # fences matter to links before them and to code paths in a template fence: search
        # up to the last candidate line
        last_link = max(last_link, max(starts))
        at = find("```", 0, last_link)
        while at >= 0:
            starts.append(rfind("\n", 0, at) + 1)
            end = find("\n", at)
            if end < 0:
                break
            at = find("```", end + 1, last_link)
        at = find("~", 0, last_link)
        while at >= 0:
            if body.startswith("~~~", at):
                starts.append(rfind("\n", 0, at) + 1)
                end = find("\n", at)
                if end < 0:
                    break
                at = find("~", end + 1, last_link)
            else:
                at = find("~", at + 1, last_link)
    if not starts:
        return
    starts.sort()
    previous = -1
    for start in starts:
        if start == previous:
            continue
        previous = start
        end = find("\n", start)
        if end < 0:
            end = len(body)
        yield start, body[start:end]


def _code_paths(line: str) -> Iterator[re.Match[str]]:
    """``_CODE_PATH.finditer(line)``, the pattern tried only where a match can start.

    Every match is ``scripts/``, ``references/`` or ``assets/``, maybe after ``./``: it
    starts at the word ending in the ``s`` of some ``s/``, or two characters before it.
    Those places are tried left to right, skipping any inside the previous match, which is
    what ``finditer`` finds (its lookbehinds see the text before the place tried).
    """
    end = 0  # where the previous match ended
    at = line.find("s/")
    while at >= 0:
        for word, length in _CODE_WORDS:
            start = at + 1 - length
            if start >= end and line.startswith(word, start):
                match = None
                if start - 2 >= end and line.startswith("./", start - 2):
                    match = _CODE_PATH.match(line, start - 2)
                if match is None:
                    match = _CODE_PATH.match(line, start)
                if match is not None:
                    end = match.end()
                    yield match
                break
        at = line.find("s/", max(at + 2, end))


def references(ctx: SkillContext) -> Iterator[Reference]:
    """Every link target and well-known code path (``scripts/x.py``) in the body.

    Only lines with a literal some pattern needs are looked at, and each pattern only when
    its own literal is there (a fence needs three backticks or tildes, a link ``](``, a
    reference definition ``]:``, a code path ``s/``): the same references as running the five
    regular expressions on every line, several times faster.
    """
    body = ctx.parsed.body
    line_no = ctx.parsed.body_start_line
    counted = 0  # offset up to which newlines are counted into line_no
    for start, target, column, is_link in body_references(ctx):
        line_no += body.count("\n", counted, start)
        counted = start
        yield Reference(target, line_no, column, is_link)


#: (offset where the reference's line starts, target, column, is_link)
RawReference = tuple[int, str, int, bool]


def body_references(ctx: SkillContext) -> tuple[RawReference, ...]:
    """:func:`raw_references` of the skill's body, read once per skill (:meth:`SkillContext.
    computed`) and shared by ``broken-reference``, ``reference-case``, ``reference-escape``
    and ``missing-file``: reading the body for references was each one's largest cost."""
    return ctx.computed(_read_body_references)


def _read_body_references(ctx: SkillContext) -> tuple[RawReference, ...]:
    return tuple(raw_references(ctx.parsed.body))


def _comment_spans(body: str) -> list[tuple[int, int]]:
    """(start, end) of each HTML comment block in ``body``: one that opens a line (at most
    three spaces in, as CommonMark's HTML block does) outside a code block, up to its
    ``-->`` (``<!-->`` is one whole; an unclosed one runs to the end). A ``<!--`` inside a
    line (an XSS payload in a code sample: ``'<!--><script>'``) or in a code block (an
    ``html`` sample's ``<!-- payloads.html -->``) opens none."""
    spans: list[tuple[int, int]] = []
    opener: str | None = None
    offset = 0
    end = 0
    for line in body.split("\n"):
        start, offset = offset, offset + len(line) + 1
        fence = FENCE.match(line) if ("```" in line or "~~~" in line) else None
        if fence and start >= end:
            marker = fence.group(1)
            if opener is None:
                opener = marker
            elif marker[0] == opener[0] and len(marker) >= len(opener) \
                    and not line.strip()[len(marker):].strip():
                opener = None
            continue
        if opener is not None or start < end or not line.lstrip(" ").startswith("<!--") \
                or len(line) - len(line.lstrip(" ")) > 3:
            continue
        at = start + line.index("<!--")
        close = body.find("-->", at + 2)
        end = len(body) if close < 0 else close + 3
        spans.append((at, end))
    return spans


def raw_references(body: str) -> Iterator[RawReference]:
    """:func:`references` without line numbers: (offset where the reference's line starts,
    target, column, is_link). Counting lines costs a pass over the body; most references
    are fine and need no line number. A reference inside an HTML comment is left out: the
    author commented it out (``<!-- Uncomment and link as needed: [x](references/x.md)
    -->`` in a template, seventy-first sample)."""
    if "<!--" not in body:
        yield from _raw_references(body)
        return
    spans = _comment_spans(body)
    for found in _raw_references(body):
        at = found[0] + found[2] - 1
        if not any(start <= at < end for start, end in spans):
            yield found


def _raw_references(body: str) -> Iterator[RawReference]:
    opener: str | None = None  # the open fence's marker (CommonMark: closed by the same
    # character, at least as long, with no info string)
    template = False  # the open fence holds a document template (```markdown)
    for line_start, line in _candidate_starts(body):
        fence = FENCE.match(line) if ("```" in line or "~~~" in line) else None
        if fence:
            marker = fence.group(1)
            if opener is None:
                opener = marker
                info = line[fence.end(1) :].strip().lower()
                template = info.split(" ", 1)[0] in _TEMPLATE_FENCES if info else False
            elif (
                marker[0] == opener[0]
                and len(marker) >= len(opener)
                and not line.strip()[len(marker) :].strip()
            ):
                opener = None
            else:
                fence = None  # a fence-like line inside a code block
        in_fence = opener is not None
        has_link = "](" in line
        has_ref_def = "]:" in line
        has_code_path = _CODE_PATH_LITERAL in line
        if not (has_code_path or ((has_link or has_ref_def) and not in_fence and not fence)):
            continue
        seen: set[str] = set()
        if not in_fence and not fence and (has_link or has_ref_def):
            outside_code = (
                _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line) if "`" in line else line
            )
            if has_link:
                for match in _LINK.finditer(outside_code):
                    target = _clean_link(match.group(1))
                    if target is not None and target not in seen:
                        seen.add(target)
                        yield line_start, target, match.start(1) + 1, True
            ref_def = _REF_DEF.match(outside_code) if has_ref_def else None
            if ref_def:
                target = _clean_link(ref_def.group(1))
                if target is not None and target not in seen:
                    seen.add(target)
                    yield line_start, target, ref_def.start(1) + 1, True
        if not has_code_path or (in_fence and template):
            continue  # paths in a document template are the template's, not the skill's
        for match in _code_paths(line):
            if line.startswith("}/", match.start(1) - 2) and not _skill_dir_variable(
                line, match.start(1) - 1
            ):
                continue  # ${CLAUDE_PLUGIN_ROOT}/scripts/x: another folder than the skill's
            token = _code_path_token(line, match)
            if token is None:
                continue
            if token.endswith("/") or token in seen or token.lstrip("./") in seen:
                continue
            seen.add(token)
            yield line_start, token, match.start(1) + 1, False


def _code_path_token(line: str, match: re.Match[str]) -> str | None:
    """The path a :data:`_CODE_PATH` match names, without trailing punctuation and without
    the emphasis around it (``**references/x.md**``, ``__scripts/run.py__``); None for a
    template or a glob (``scripts/<name>.py``, ``assets/*.png``)."""
    token = match.group(1).rstrip(".,;:)")
    end = match.end(1)
    emphasis = _EMPHASIS_BEFORE.search(line, 0, match.start(1))
    if emphasis is not None:
        delimiter = emphasis.group(0)
        if delimiter[0] == "_" and token.endswith(delimiter):
            # the path pattern reads "_" as part of a name: the closing "__" is in the token
            token = token.removesuffix(delimiter).rstrip(".,;:)")
            end = -1  # nothing after the path: the delimiter closed it
        elif line.startswith(delimiter, end):
            end = -1  # the "*" after the path closes the emphasis: not a glob
    after = line[end : end + 1] if end >= 0 else ""
    if (after and after in TEMPLATE_CHARS) or not TEMPLATE_CHARS.isdisjoint(token):
        return None
    return token


_VARIABLE_BEFORE = re.compile(r"\$?\{([A-Za-z_][\w]*)\}$")


def _skill_dir_variable(line: str, end: int) -> bool:
    """Whether the ``{VAR}`` or ``${VAR}`` ending at ``end`` is one an agent sets to the skill
    directory (a profile's ``script_env`` with ``{skill_dir}``: ``CLAUDE_SKILL_DIR``)."""
    found = _VARIABLE_BEFORE.search(line, 0, end)
    return found is not None and found.group(1) in _skill_dir_variables()


@functools.cache
def _skill_dir_variables() -> frozenset[str]:
    from skillctl.lint.context import every_profile

    return frozenset(
        var for profile in every_profile() for var, template in profile.script_env
        if template == "{skill_dir}"
    )


#: A label that makes what follows an example (``Examples:``, ``e.g.``, ``for example``).
_EXAMPLE_LABEL = re.compile(
    r"(?i)(?:^|[\s*_(\[])(?:e\.g\.|for example|for instance|examples?\s*(?:\*\*|__)?\s*[:(])"
)
_EXAMPLE_LINE = re.compile(
    r"(?i)^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)?\s*(?:e\.g\.|for example|examples?\b)"
)
#: File stems that are placeholders in instructions (``references/filename.md``).
_PLACEHOLDER_STEMS = frozenset(
    {"filename", "file-name", "file_name", "your-file", "your_file", "foo", "bar", "baz",
     "xxx", "placeholder", "something", "example", "my-file", "my_file"}
)
#: How many lines above a reference an ``Examples:`` label still covers it.
_EXAMPLE_REACH = 12


def in_example(body_lines: list[str], index: int, column: int) -> bool:
    """Whether the reference at ``column`` of body line ``index`` is an example: after an
    example label on its line, or in a paragraph or list that such a label opens (up to a
    heading, a fence or :data:`_EXAMPLE_REACH` lines above)."""
    if _EXAMPLE_LABEL.search(body_lines[index], 0, max(column - 1, 0)):
        return True
    for back in range(index - 1, max(index - _EXAMPLE_REACH, -1), -1):
        line = body_lines[back]
        stripped = line.lstrip()
        if stripped.startswith(("#", "```", "~~~")):
            return False
        if _EXAMPLE_LINE.match(line) or _EXAMPLE_LABEL.search(line):
            return True
    return False


#: A folder and one plain word, as prose writes "this or that" (``assets/code``).
_WORD_PAIR = re.compile(r"(?:\./)?(?:scripts|references|assets)/[a-z]+")


def is_word_pair(line: str, column: int, target: str) -> bool:
    """Whether a code path read in running text is two words joined by a slash ("links to
    assets/code", "the scripts/orchestrators that need it"): one lower-case word after the
    folder, no extension, not in a code span. ``scripts/sdd-workspace`` or a path in
    backticks is still a path."""
    if not _WORD_PAIR.fullmatch(target):
        return False
    if "`" not in line:
        return True
    start = column - 1
    return not any(m.start() <= start < m.end() for m in _INLINE_CODE.finditer(line))


#: A bracketed stand-in of a document template (``[Component name]``, ``[Description]``):
#: starts with a capital, is no link label (``[x](``, ``[x][``) nor definition (``[x]:``).
_BRACKET_PLACEHOLDER = re.compile(r"\[[A-Z][\w.,'/-]*(?: [^\]\[\n]{1,60})?\](?![(\[:])")
#: How many lines with such a stand-in make the whole body a document template.
_TEMPLATE_BODY_LINES = 5


def is_document_template(body: str) -> bool:
    """Whether the body is itself a document for the agent to fill in: at least
    :data:`_TEMPLATE_BODY_LINES` lines hold a ``[Placeholder]`` (``- [Feature 1]:
    [Description]``). Its links to files beside it (``[c4-code-file-1.md](./c4-code-file-1.md)``)
    are the filled-in document's, not the skill's."""
    if body.count("[") < _TEMPLATE_BODY_LINES:
        return False
    lines = 0
    for line in body.split("\n"):
        if "[" in line and _BRACKET_PLACEHOLDER.search(line):
            lines += 1
            if lines >= _TEMPLATE_BODY_LINES:
                return True
    return False


def is_placeholder(target: str) -> bool:
    """Whether the file name is a stand-in (``references/filename.md``, ``foo.py``)."""
    name = target.rstrip("/").rsplit("/", 1)[-1]
    return name.split(".", 1)[0].lower() in _PLACEHOLDER_STEMS


class Listings:
    """Directory listings, each read once (per skill: a lint run's references stay inside it).

    Before, every path part of every reference listed its directory again (~13,000
    ``os.listdir`` calls for 2,000 skills).
    """

    def __init__(self) -> None:
        self._names: dict[str, tuple[frozenset[str], dict[str, str]]] = {}

    def get(self, directory: str) -> tuple[frozenset[str], dict[str, str]]:
        """(exact names, lower-case name -> first name in sorted order) of a directory."""
        found = self._names.get(directory)
        if found is None:
            try:
                names = sorted(os.listdir(directory))
            except OSError:  # not a directory, gone, or unreadable: nothing to match
                names = []
            lower: dict[str, str] = {}
            for name in names:
                lower.setdefault(name.lower(), name)
            found = self._names[directory] = (frozenset(names), lower)
        return found


def _case_variant(base: str, rel: str, listings: Listings) -> str | None:
    """The path as it exists on disk when it exists only in another letter case."""
    current = base
    parts = [p for p in rel.replace("\\", "/").split("/") if p not in ("", ".")]
    actual = []
    for part in parts:
        if part == "..":
            return None
        names, lower = listings.get(current)
        if part in names:
            actual.append(part)
            current = os.path.join(current, part)
            continue
        variant = lower.get(part.lower())
        if variant is None:
            return None
        actual.append(variant)
        current = os.path.join(current, variant)
    return "/".join(actual)


def joined_as_pathlib(directory: str, target: str) -> str:
    """``str(Path(directory) / target)`` for a relative ``target`` on POSIX, without building
    a ``Path`` (a quarter of the reference checks' CPU): like pathlib, drop empty and ``.``
    parts, which the file system would not always ignore (``file.md/`` is not there)."""
    if os.name != "posix":
        return str(Path(directory) / target)
    if "//" in target or "." in target.split("/") or target.endswith("/") or not target:
        parts = [part for part in target.split("/") if part not in ("", ".")]
    else:
        parts = [target]
    if not parts:
        return directory
    return "/".join(parts) if directory == "." else "/".join([directory, *parts])


def _escapes(target: str) -> str | None:
    """Why a target leaves the skill directory, or None."""
    if target.startswith(("/", "~")) or _DRIVE.match(target):
        return "an absolute path"
    if ".." not in target:  # normpath only removes "..", it never makes one
        return None
    normal = os.path.normpath(target.replace("\\", "/"))
    if normal == ".." or normal.startswith("../"):
        return "a path outside the skill directory"
    return None


_OK: tuple[str, str | None] = ("ok", None)


def path_status(ctx: SkillContext, target: str, listings: Listings) -> tuple[str, str | None]:
    """(status, detail) of one reference: ok, missing, case (detail: the name on disk) or
    escape (detail: why)."""
    base = ctx.directory
    escape = _escapes(target)
    if escape is not None:
        return "escape", escape
    if target in ctx.file_paths:
        # A file the skill's listing found under exactly this name: it exists, and in this
        # letter case (what the lexists and case checks below conclude, on disk).
        return _OK
    if os.path.lexists(joined_as_pathlib(base, target)):
        variant = _case_variant(base, target, listings)
        if variant is not None and variant != os.path.normpath(target).replace("\\", "/"):
            return "case", variant  # found only through a case-insensitive file system
        return _OK
    variant = _case_variant(base, target, listings)
    return ("case", variant) if variant else ("missing", None)


