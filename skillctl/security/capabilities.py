"""What a skill can do: every fact of its scripts and commands, computed once per skill.

:func:`analyze_skill` reads SKILL.md's body (fenced commands, inline commands), the skill's
other Markdown (references), and its scripts (Python through :mod:`ast`, shell through a
tokenizer, JavaScript/TypeScript by tokens), and scans every text file for encoded payloads.
It reads through a callback, so the lint rules (which share one read per file through
:class:`~skillctl.lint.context.SkillContext`) and ``skillctl audit`` use the same code.
Nothing is executed or imported. Bounded: at most :data:`MAX_FILE_BYTES` of a file and
:data:`MAX_SKILL_BYTES` of a skill are read, at most :data:`MAX_FILES` files looked at.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skillctl.security import facts as F
from skillctl.security import jscode, markdown, payloads, pycode, shell

if TYPE_CHECKING:
    from skillctl.lint.context import SkillContext

#: Bytes of one file analysed (the rest is not read).
MAX_FILE_BYTES = 512 * 1024
#: Bytes of all of a skill's files analysed together.
MAX_SKILL_BYTES = 4 * 1024 * 1024
#: Files of one skill analysed.
MAX_FILES = 400

_SHELL_EXT = (".sh", ".bash", ".zsh", ".ksh", ".ps1", ".psm1", ".command", ".bat", ".cmd")
#: PowerShell scripts, read as shell with their own syntax taken out (shell.powershell_as_shell)
_PS_EXT = (".ps1", ".psm1")
_PY_EXT = (".py", ".pyw")
_JS_EXT = (".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx")
#: Documents: their commands are each their own (not one script's flow of data).
DOC_EXTENSIONS = (".md", ".mdx", ".markdown", ".txt", ".rst")
#: Other text files only scanned for payloads.
_TEXT_EXT = (".json", ".yaml", ".yml", ".toml", ".cfg", ".ini", ".html", ".htm", ".xml",
             ".csv", ".svg", ".env", ".conf", ".rb", ".pl", ".php", ".lua", ".go", ".rs")
#: What ``lint`` analyses besides SKILL.md: code and the references' Markdown (only what can
#: hold a risk). ``audit``'s inventory also reads the other text files, and every block.
_LINT_KINDS = frozenset({"python", "shell", "js", "markdown"})
#: Folders of third-party code shipped beside a skill: too large to read, not the skill's.
_SKIPPED_DIRS = ("node_modules/", ".venv/", "venv/", "site-packages/", "__pycache__/",
                 ".git/")


@dataclass(frozen=True, slots=True)
class SkillCapabilities:
    """Every fact found in one skill, sorted, plus what could not be read whole."""

    facts: tuple[F.Fact, ...]
    #: files (relative paths) analysed
    analyzed: tuple[str, ...]
    #: files not analysed, or cut, because of the size limits
    skipped: tuple[str, ...]

    def of_kind(self, *kinds: str) -> tuple[F.Fact, ...]:
        """The facts of these kinds, in file and line order."""
        return tuple(f for f in self.facts if f.kind in kinds)

    def values(self, kind: str, *, documentary: bool = True) -> list[str]:
        """The distinct values of one kind, sorted (``documentary=False``: only facts outside
        documentation examples)."""
        return sorted({f.value for f in self.facts if f.kind == kind
                       and (documentary or not f.documentary)})


def kind_of(relpath: str, head: Callable[[], bytes]) -> str:
    """"shell", "python", "js", "markdown", "text" or "" (not looked at) for a file; its
    first bytes (``head()``) are read only when the name does not tell."""
    lower = relpath.lower()
    if lower.endswith(_PY_EXT):
        return "python"
    if lower.endswith(_SHELL_EXT):
        return "shell"
    if lower.endswith(_JS_EXT):
        return "js"
    if lower.endswith(DOC_EXTENSIONS):
        return "markdown"
    if lower.endswith(_TEXT_EXT):
        return "text"
    name = lower.rsplit("/", 1)[-1]
    if "." in name.lstrip(".") and not name.endswith((".command", ".cgi")):
        return ""  # a data file, an image, an archive: no shebang to look for
    first_bytes = head()
    if first_bytes.startswith(b"#!"):
        first = first_bytes.split(b"\n", 1)[0]
        if b"python" in first:
            return "python"
        if b"node" in first or b"deno" in first or b"bun" in first:
            return "js"
        if any(s in first for s in (b"sh", b"bash", b"zsh")):
            return "shell"
        return "text"
    return "text"


def _head_of(head: Callable[[str], bytes], relpath: str, size: int) -> bytes:
    return head(relpath) if size else b""


def analyze_text(relpath: str, text: str, kind: str, *, first_line: int = 1,
                 add: Callable[[F.Fact], None], full: bool = True) -> None:
    """Analyse one file's text as ``kind`` and hand each fact to ``add``.

    ``full=False`` (lint) skips code that cannot hold a risk (:func:`facts.may_hold_risk`):
    the risks are the same, the inventory (hosts, commands, env vars) is partial.
    """
    gate = None if full else F.may_hold_risk
    split: list[list[str]] = []  # the lines, split only for a fact (most texts have none)

    def source_line(line: int) -> str:
        if not split:
            split.append(text.split("\n"))
        lines = split[0]
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def emit(fact_kind: str, value: str, line: int, detail: str, level: str) -> None:
        number = line + first_line - 1
        add(F.Fact(relpath, number, fact_kind, value, F.clip(source_line(line)), detail,
                   False, level))

    documentary: set[int] = set()
    if gate is not None and kind != "markdown" and not gate(text):
        kind = "text"  # nothing to analyse but payloads
    if kind == "python":
        pycode.analyze(text, emit)
    elif kind == "shell":
        shell.analyze(text, emit, powershell=relpath.lower().endswith(_PS_EXT))
    elif kind == "js":
        jscode.analyze(text, emit)
    elif kind == "markdown":
        about_security = (markdown.security_file(relpath, text)
                          or markdown.history_file(relpath))
        documentary = markdown.analyze(
            text, relpath, add, first_line=first_line,
            whole_file_documentary=about_security, gate=gate)
        if about_security:
            documentary = set(range(first_line, first_line + text.count("\n") + 1))
    for payload in payloads.find_payloads(text):
        number = payload.line + first_line - 1
        add(F.Fact(relpath, number, F.PAYLOAD, payload.decoded,
                   F.clip(source_line(payload.line)),
                   f"a {payload.encoding} blob decodes to: {payload.decoded}",
                   number in documentary, ""))


def analyze_skill(
    entry_name: str,
    body: str,
    body_first_line: int,
    files: Iterable[tuple[str, int]],
    read: Callable[[str, int], bytes | None],
    head: Callable[[str], bytes],
    *,
    full: bool = True,
) -> SkillCapabilities:
    """Every fact of one skill.

    ``body`` is SKILL.md's body, starting at line ``body_first_line``; ``files`` are the
    skill's other files as (relative path, size); ``read(relpath, size)`` returns a file's
    bytes (None when it cannot be read) and ``head(relpath)`` its first bytes.
    """
    found: set[F.Fact] = set()
    analyzed = [entry_name]
    skipped: list[str] = []
    analyze_text(entry_name, body, "markdown", first_line=body_first_line, add=found.add,
                 full=full)
    budget = MAX_SKILL_BYTES - len(body)
    count = 0
    for relpath, size in files:
        if relpath == entry_name or relpath.startswith(_SKIPPED_DIRS) or any(
                f"/{d}" in relpath for d in _SKIPPED_DIRS):
            continue
        kind = kind_of(relpath, functools.partial(_head_of, head, relpath, size))
        if not kind or (not full and kind not in _LINT_KINDS):
            continue
        count += 1
        if count > MAX_FILES or budget <= 0:
            skipped.append(relpath)
            continue
        data = read(relpath, size) if size <= MAX_FILE_BYTES else None
        if data is None:
            if size > MAX_FILE_BYTES:
                skipped.append(relpath)
            continue
        if b"\x00" in data[:8192]:
            continue  # binary
        budget -= len(data)
        analyzed.append(relpath)
        analyze_text(relpath, data.decode("utf-8", errors="replace"), kind, add=found.add,
                     full=full)
    return SkillCapabilities(tuple(sorted(found)), tuple(analyzed), tuple(sorted(skipped)))


def _from_context(ctx: SkillContext, *, full: bool = True) -> SkillCapabilities:
    def read(relpath: str, size: int) -> bytes | None:
        try:
            return ctx.read_file(relpath, size)
        except OSError:
            return None

    files = [(f.relpath, f.size) for f in ctx.files if not f.is_symlink]
    return analyze_skill(ctx.skill.entry.name, ctx.parsed.body or "",
                         ctx.parsed.body_start_line, files, read, ctx.head, full=full)


def _risks_from_context(ctx: SkillContext) -> SkillCapabilities:
    return _from_context(ctx, full=False)


def skill_capabilities(ctx: SkillContext, *, full: bool = False) -> SkillCapabilities:
    """The capabilities of a linted skill, computed once per skill for every rule.

    ``full=False``: the risks only, fast (most code is skipped); ``full=True``: the whole
    inventory too (the rules that compare it with the frontmatter ask for it).
    """
    return ctx.computed(_from_context if full else _risks_from_context)
