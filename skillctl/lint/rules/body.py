"""Rules about the Markdown body and text that should not be hard-coded."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, found, rule
from skillctl.model import Severity

#: Rough characters per token for English Markdown (the spec's "5000 tokens" guidance).
CHARS_PER_TOKEN = 4
_HOME = re.compile(
    r"(?<![\w.~$/-])(?:/Users/|/home/|[A-Za-z]:[\\/]Users[\\/])([^\\/\s\"'`<>(){}\[\]*$]+)[\\/]"
)
#: A home path contains ``/home/`` or ``Users`` (``/Users/``, ``C:\Users\``): text with neither
#: is not searched line by line.
_HOME_LITERALS = ("/home/", "Users")


def _may_hold_home(text: str) -> bool:
    """False when :data:`_HOME` cannot match: no ``/home/`` and no ``/`` or ``\\`` before
    ``Users``. ``/home/`` is one substring search; ``Users`` is found through each capital
    ``U``, a one-character ``str.find`` (``memchr``): ``U`` is rare in text and code, where
    ``/`` (a loop over every one of them) is not, and a search for ``Users`` costs as much
    as the one for ``/home/`` (half of the rule's CPU on real skills' files was this test)."""
    if "/home/" in text:
        return True
    find = text.find
    at = find("U", 1)
    while at >= 0:
        if text[at - 1] in "/\\" and text.startswith("Users", at):
            return True
        at = find("U", at + 1)
    return False


def _may_hold_home_bytes(data: bytes) -> bool:
    """:func:`_may_hold_home` of bytes (ASCII literals: bytes decode to themselves)."""
    if b"/home/" in data:
        return True
    find = data.find
    at = find(b"U", 1)
    while at >= 0:
        if data[at - 1] in (0x2F, 0x5C) and data.startswith(b"Users", at):  # "/" or "\\"
            return True
        at = find(b"U", at + 1)
    return False


#: Names that are obviously placeholders in documentation, not someone's real home.
_PLACEHOLDERS = frozenset(
    {
        "user",
        "username",
        "you",
        "your-name",
        "yourname",
        "your_name",
        "yourusername",
        "your-username",
        "your_username",
        "me",
        "name",
        "example",
        "someone",
        "myuser",
        "...",
        "…",
        "xxx",
        "%username%",
        "runner",  # GitHub Actions' runner account: a documented CI path, not a person's home
    }
)
#: Largest extra file scanned for home paths.
_MAX_SCAN_BYTES = 256 * 1024
#: Files larger than this are read whole only when their head holds no NUL byte: a fifth of
#: the bytes the rule read on real skills were images and other binary files it skips.
_HEAD_FIRST = 16 * 1024


#: A character ``str.strip()`` keeps (both use Python's notion of whitespace).
_NOT_BLANK = re.compile(r"\S")


def _content_line_count(ctx: SkillContext) -> int:
    """Body lines up to the last one that is not blank."""
    # Trailing blank lines are exactly the body's trailing whitespace (a line is blank when
    # strip() leaves nothing), so no need to split the body into lines.
    content = ctx.parsed.body.rstrip()
    return content.count("\n") + 1 if content else 0


@rule("body-empty", Severity.WARNING, agents=("opencode-agent-skills",), category="content")
def body_empty(ctx: SkillContext) -> Iterator[Finding]:
    """SKILL.md has frontmatter but no instructions below it.

    The body is what the agent reads when it uses the skill; an empty one does nothing. The
    OpenCode agent-skills plugin's frontmatter pattern needs a non-empty body and skips the
    skill otherwise.

    Fails:

    ```
    ---
    name: my-skill
    description: Does things. Use when ...
    ---
    ```

    Passes: the same followed by instructions.

    Matters for every agent; the OpenCode agent-skills plugin drops the skill.
    """
    parsed = ctx.parsed  # (a search for one character that is not blank copies nothing)
    if not ctx.has_frontmatter or parsed.text is None or _NOT_BLANK.search(parsed.body):
        return NO_FINDINGS
    return found(
        Finding(
            "SKILL.md has no body: the skill gives the agent no instructions",
            parsed.body_start_line,
        )
    )


@rule("body-too-long", Severity.WARNING, source="spec", category="content")
def body_too_long(ctx: SkillContext) -> Iterator[Finding]:
    """The body is longer than 500 lines.

    The spec: "Keep your main SKILL.md under 500 lines"; the whole body is loaded into the
    context every time the skill is used. Move reference material to `references/` and link
    to it (progressive disclosure).

    Fails: a 900-line SKILL.md. Passes: 200 lines plus `references/api.md`.

    Options: `max-body-lines` (default 500).

    Matters for every agent.
    """
    limit = int(ctx.option("max-body-lines"))
    if ctx.parsed.body.count("\n") < limit:
        return NO_FINDINGS  # fewer lines in all than the limit (the count below copies the body)
    count = _content_line_count(ctx)
    if count <= limit:
        return NO_FINDINGS
    return found(
        Finding(
            f"body has {count} lines (more than {limit}); the whole body is loaded on "
            "every use",
            ctx.parsed.body_start_line + limit,
            hint="move reference material to references/ and link to it",
        )
    )


def estimate_tokens(text: str) -> int:
    """A rough token count: characters / 4, rounded up."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


@rule("body-tokens", Severity.WARNING, source="spec", category="content")
def body_tokens(ctx: SkillContext) -> Iterator[Finding]:
    """The body is estimated at more than 5000 tokens.

    The spec recommends instructions under 5000 tokens. The estimate is characters / 4;
    anthropics/skills#1487 shows a skill injecting ~156k tokens ("Prompt is too long").

    Fails: a 40 KB body. Passes: a 10 KB body with details in `references/`.

    Options: `max-body-tokens` (default 5000).

    Matters for every agent.
    """
    limit = int(ctx.option("max-body-tokens"))
    body = ctx.parsed.body
    if len(body) <= limit * CHARS_PER_TOKEN:
        return NO_FINDINGS  # stripping the body (a copy) can only make the estimate smaller
    tokens = estimate_tokens(body.strip())
    if tokens <= limit:
        return NO_FINDINGS
    return found(
        Finding(
            f"body is about {tokens} tokens (more than {limit}; estimated as characters / "
            f"{CHARS_PER_TOKEN})",
            ctx.parsed.body_start_line,
            hint="move reference material to references/ and link to it",
        )
    )


def _home_hits(text: str) -> Iterator[tuple[int, int, str]]:
    if not _may_hold_home(text):
        return
    for index, line in enumerate(text.split("\n")):
        if "/home/" not in line and "Users" not in line:
            continue
        for match in _HOME.finditer(line):
            if match.group(1).lower() in _PLACEHOLDERS:
                continue
            yield index, match.start() + 1, match.group(0)


@rule("home-path", Severity.WARNING, category="content")
def home_path(ctx: SkillContext) -> Iterator[Finding]:
    """A hard-coded home directory (`/Users/alice/`, `/home/bob/`, `C:\\Users\\carol\\`).

    A path into the author's home works on the author's machine only. Use a path relative to
    the skill directory, `~`, or an environment variable. Placeholder names (`user`, `you`,
    `username` ...) are not reported. Checks the frontmatter, the body and the skill's other
    text files, leaving out what shows someone's output rather than a path the skill uses:
    fenced code blocks in Markdown, data files (JSON, CSV, logs ...), sample folders
    (`examples/`, `fixtures/`, `benchmarks/` ...) and devcontainer configurations. One finding
    per file, at its first home path, with the count of the others.

    Fails: `Run /Users/alice/skills/pdf/scripts/fill.py`.
    Passes: `Run scripts/fill.py` (relative to the skill directory).

    Matters for every agent.
    """
    parsed = ctx.parsed
    if parsed.text is None:
        return NO_FINDINGS
    entry_name = ctx.skill.entry.name
    may_hold = _may_hold_home(parsed.text)
    if not may_hold and all(
        file.relpath == entry_name or file.size > _MAX_SCAN_BYTES or file.is_symlink
        for file in ctx.files
    ):
        return NO_FINDINGS  # (most skills: no home path in SKILL.md, no other file to read)
    return _home_paths(ctx, parsed.text if may_hold else "", entry_name)


#: Files whose home paths are data or sample output, not paths the skill uses.
_HOME_DATA_SUFFIXES = (
    ".json", ".jsonl", ".ndjson", ".csv", ".tsv", ".xml", ".log", ".txt", ".ipynb", ".html",
    ".htm", ".svg", ".out", ".har", ".snap", ".lock",
)
#: Folders that hold sample output, fixtures or a development container's configuration.
_HOME_SAMPLE_DIRS = frozenset({
    "example", "examples", "sample", "samples", "output", "outputs", "fixtures", "fixture",
    "test", "tests", "testdata", "__snapshots__", "snapshots", "benchmark", "benchmarks",
    ".devcontainer", "evals",
})
_FENCE_LINE = re.compile(r"^\s{0,3}(```+|~~~+)")


def _home_scanned(relpath: str) -> bool:
    """Whether a file of the skill is searched for home paths: not data or sample output
    (JSON, CSV, logs, ``examples/``, ``.devcontainer/``)."""
    lower = relpath.lower()
    if lower.endswith(_HOME_DATA_SUFFIXES) or lower.rsplit("/", 1)[-1].startswith("devcontainer"):
        return False
    return _HOME_SAMPLE_DIRS.isdisjoint(lower.split("/")[:-1])


def _fenced_lines(text: str) -> set[int]:
    """Indexes of the lines inside fenced code blocks (and of the fences) of Markdown text."""
    inside: set[int] = set()
    opener: str | None = None
    for index, line in enumerate(text.split("\n")):
        fence = _FENCE_LINE.match(line) if ("```" in line or "~~~" in line) else None
        if opener is None:
            if fence:
                opener = fence.group(1)
                inside.add(index)
            continue
        inside.add(index)
        if fence and fence.group(1)[0] == opener[0] and len(fence.group(1)) >= len(opener) \
                and not line.strip()[len(fence.group(1)) :].strip():
            opener = None
    return inside


def _first_home_hit(text: str, markdown: bool) -> tuple[tuple[int, int, str] | None, int]:
    """The first home path of ``text`` outside fenced examples (Markdown) and how many."""
    hits = list(_home_hits(text))
    if hits and markdown and ("```" in text or "~~~" in text):
        fenced = _fenced_lines(text)
        hits = [hit for hit in hits if hit[0] not in fenced]
    return (hits[0] if hits else None), len(hits)


def _home_finding(hit: tuple[int, int, str], count: int, file: str | None) -> Finding:
    index, column, text = hit
    more = f" (and {count - 1} more in this file)" if count > 1 else ""
    return Finding(
        f"hard-coded home directory {text!r}{more}",
        index + 1,
        column,
        file=file,
        hint="use a path relative to the skill directory",
    )


def _home_paths(ctx: SkillContext, source: str, entry_name: str) -> Iterator[Finding]:
    """The findings of SKILL.md's ``source`` (empty when it cannot hold a home path: not
    searched twice) and of the skill's other files."""
    hit, count = _first_home_hit(source, True)
    if hit is not None:
        yield _home_finding(hit, count, None)
    for file in ctx.files:
        if (file.relpath == entry_name or file.size > _MAX_SCAN_BYTES or file.is_symlink
                or not _home_scanned(file.relpath)):
            continue
        if file.size > _HEAD_FIRST and b"\x00" in ctx.head(file.relpath):
            continue  # binary (an image, a font): not read whole
        try:
            data = ctx.read_file(file.relpath, file.size)
        except OSError:
            continue
        if b"\x00" in data or not _may_hold_home_bytes(data):
            continue  # binary (a search for one byte), or no home path possible
        text = data.decode("utf-8", errors="replace")
        hit, count = _first_home_hit(text, file.relpath.lower().endswith((".md", ".markdown")))
        if hit is not None:
            yield _home_finding(hit, count, file.relpath)
