"""Commands in a skill's Markdown: fenced code blocks and inline commands, with their context.

The agent runs what SKILL.md (and the references it reads) tell it to run: fenced ``bash``,
``sh``, ``console`` and unlabelled blocks are analysed as shell, ``python`` and ``js`` blocks
as code, and inline code that starts with a command (`` `curl … | sh` ``, Claude Code's
``!`cmd` ``) as shell. A reviewer reads the prose around a block too: a block under a heading
or after a sentence that presents it as an attack or as something never to do ("Example of a
malicious skill", "Never run this") is documentation, and its facts are marked
``documentary`` (rules lower them to info). So is every block of a reference file whose name
or title is about security (``references/threats.md``, "# Prompt injection attacks").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import replace

from skillctl.security import facts as F
from skillctl.security import jscode, pycode, shell

SHELL_LANGS = frozenset({"", "bash", "sh", "shell", "zsh", "console", "shell-session",
                         "terminal", "ksh", "fish", "powershell", "ps1", "pwsh", "ps", "cmd",
                         "bat", "batch", "command", "cli", "shellscript", "text"})
PYTHON_LANGS = frozenset({"python", "py", "python3", "ipython"})
JS_LANGS = frozenset({"js", "javascript", "ts", "typescript", "node", "mjs", "jsx", "tsx"})
_PROMPT_LANGS = frozenset({"console", "shell-session", "terminal"})
#: The languages of the blocks analysed as code.
_CODE_LANGS = SHELL_LANGS | PYTHON_LANGS | JS_LANGS

#: Words in the prose around a block that present it as an attack or a thing never to do,
#: or as what a tool refuses ("`rm -rf /`: Blocked", "ask it to `rm -rf /`. The tool will now
#: be blocked", a guard's "## What It Blocks"; not "denied", as in the "Permission denied" a
#: troubleshooting step fixes, nor a bare "blocks", as in "code blocks"; "deny", a permission
#: list's or an audit log's verdict, "| rm -rf / | DENY |"; "- Block destructive patterns
#: (`rm -rf /`, …)", what a hook should stop; "obfuscated", a sample to unwrap); in
#: Chinese, "prohibited" (禁止, 严禁), "dangerous", "malicious", "attack" (危险, 恶意, 攻击),
#: "bypass", "penetration (testing)", "vulnerability" (绕过, 渗透, 漏洞)
#: and "do not / never" (不要, 切勿, 请勿) before "run", "execute" or "use" in the same clause
#: (not before "用户", "user"); a hardening guide's "Red Lines (absolute prohibitions)" and
#: "Examples that trigger", a session monitor's "Restricted Commands (Alert Triggers)" and a
#: table whose header cell is "Pattern" or "Risk" (seventieth to seventy-second samples).
DOC_MARKERS = re.compile(
    r"\b(?:blocked|forbidden|prohibited|disallowed|deny|(?:it|this) blocks)\b|"
    r"(?:^|[-*+]\s)\s*block\s+(?:destructive|dangerous|risky|commands?\b)|"
    r"禁止|严禁|危险|恶意|攻击|绕过|渗透|漏洞|"
    r"(?:不要|切勿|请勿)[^。\uff0c\uff1b\uff01\uff1f\n]{0,24}?(?:运行|执行|使用|粘贴|调用|用(?!户))|"
    r"\b(?:attack\w*|attacker|malicious|malware|exploit\w*|backdoor\w*|exfiltrat\w*|"
    r"phishing|threat\w*|vulnerab\w*|insecure|unsafe|dangerous|suspicious|anti-?patterns?|"
    r"prohibitions?|red[- ]lines?(?![- ]check)|restricted commands?|alert triggers?|"
    r"(?:examples?|commands?|patterns?) that (?:trigger|are blocked|require)|"
    r"red[- ]flags?|bad (?:practice|example)|what not to do|never (?:run|do|execute|use|pipe|"
    r"paste|type|copy)|do not (?:run|execute|pipe|paste|use)|don'?t (?:run|execute|pipe|"
    r"paste|use)|injection|indicators? of compromise|iocs?|detect(?:s|ed|ion|ing)?|"
    r"(?:is|are) flagged|sample of|red[- ]team\w*|pentest\w*|ctf|(?:de)?obfuscat\w*)\b|❌|🚫|"
    r"\|\s*(?:pattern|risk)\s*\|",
    re.IGNORECASE)
#: Reference files about security: every block in them is documentation.
_SECURITY_FILE = re.compile(
    r"secur|threat|attack|malware|malicious|injection|exploit|vulnerab|pentest|red.?team|"
    r"forensic|incident|ioc|phish|audit|detection|anti.?pattern|bypass|evasion|\bwaf\b|"
    r"\bctf\b", re.IGNORECASE)
_FENCE = re.compile(r"^(\s{0,3})(`{3,}|~{3,})\s*([^\s`{]*)")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
_INLINE = re.compile(r"(!?)`([^`\n]{3,400})`")
#: First words of inline code analysed as a command.
INLINE_COMMANDS = frozenset({
    "curl", "wget", "bash", "sh", "zsh", "rm", "iwr", "irm", "iex", "invoke-webrequest",
    "invoke-expression", "nc", "ncat", "netcat", "socat", "crontab", "eval", "python",
    "python3", "node", "base64", "powershell", "pwsh", "launchctl", "systemctl", "sudo",
    "scp", "rsync", "cat", "echo", "tar", "env", "printenv", "source", "chmod", "dd", "mkfs",
    "find", "nslookup", "dig", "perl", "ruby", "ssh", "set",
    # checking a download before running it (`sha256sum install.sh`) clears it
    *shell.VERIFIERS,
})


#: Words right before an inline command that present it as a thing not to do: "(no `rm -rf
#: /` equivalents)", "never `curl | sh`", "avoid `eval $(...)`", "instead of `rm -rf ~`".
_NEGATED_BEFORE = re.compile(
    r"(?:\b(?:no|not|never|avoid(?:s|ing)?|without|forbids?|bans?|blocks?|prevents?|"
    r"disallows?|refuses?|denies|instead of|rather than|unlike)|禁止|不要|避免|切勿)"
    r"[\s(\[\"'*_]*$", re.IGNORECASE)


#: Change logs and release notes: the commands in them are history ("blocks `rm -rf /`"),
#: never instructions to the agent
_HISTORY_FILE = re.compile(r"(?:^|/)(?:CHANGE_?LOG|CHANGES|HISTORY|NEWS|RELEASE[_-]?NOTES)"
                           r"(?:\.[A-Za-z]+)?$", re.IGNORECASE)


def history_file(relpath: str) -> bool:
    """True for a change log or release notes (their commands are all documentary)."""
    return _HISTORY_FILE.search(relpath) is not None


def security_file(relpath: str, text: str) -> bool:
    """True when a reference file is about security (its path or first heading says so)."""
    if relpath.upper() == "SKILL.MD":
        return False
    if _SECURITY_FILE.search(relpath):
        return True
    for line in text.split("\n", 40)[:40]:
        heading = _HEADING.match(line)
        if heading:
            return _SECURITY_FILE.search(heading.group(2)) is not None
    return False


def _context_documentary(lines: list[str], index: int, extra: str = "") -> bool:
    """Whether the headings above line ``index`` and the prose just before it (with
    ``extra``, the block's first comment or the line itself) present what follows as an
    attack or a thing never to do. Worked out only for code that produced a fact."""
    parts = [extra]
    prose = 0
    level = 7
    in_fence = False
    for back in range(index - 1, max(-1, index - 400), -1):
        line = lines[back]
        stripped = line.lstrip(" ")
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence  # (walking back: a closing fence opens a block)
            continue
        if in_fence:
            continue
        if stripped.startswith("#"):
            heading = _HEADING.match(line)
            if heading and len(heading.group(1)) < level:
                level = len(heading.group(1))
                parts.append(heading.group(2))
                prose = 3  # prose above a heading belongs to another section
                if level == 1:
                    break
            continue
        if prose < 3 and stripped.strip():
            parts.append(line)
            prose += 1
    return DOC_MARKERS.search(" ".join(parts)) is not None


def _fence_lines(text: str) -> list[tuple[int, str, str]]:
    """(line index, marker, info string) of every line that may open or close a fence,
    found by substring search (a Markdown file is mostly prose: no per-line loop)."""
    found: dict[int, tuple[int, str, str]] = {}
    for marker in ("```", "~~~"):
        at = text.find(marker)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            if at - start <= 3 and not text[start:at].strip(" "):
                end = text.find("\n", at)
                end = len(text) if end < 0 else end
                line = text[start:end]
                opened = _FENCE.match(line)
                if opened:
                    found[start] = (start, opened.group(2), line)
                at = text.find(marker, end)
            else:
                at = text.find(marker, at + 3)
    return [found[k] for k in sorted(found)]


class _Lines:
    """Line numbers of offsets in a text, worked out only when asked."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines: list[str] | None = None

    def number(self, offset: int) -> int:
        """0-based index of the line holding ``offset``."""
        return self.text.count("\n", 0, offset)

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines


def analyze(text: str, relpath: str, emit_fact: Callable[[F.Fact], None], *,
            first_line: int = 1, whole_file_documentary: bool = False,
            gate: Callable[[str], bool] | None = None) -> set[int]:
    """Emit the facts of the commands and code in a Markdown text; return the lines that are
    documentation examples (for the payload scan). ``first_line`` is the file line of the
    text's first line (the body of SKILL.md starts after its frontmatter). Code for which
    ``gate`` is false is not analysed."""
    documentary_lines: set[int] = set()
    index = _Lines(text)
    # names assigned in the document's shell blocks (added as blocks are analysed)
    state = shell.ShellState()

    def flush(collected: list[F.Fact], line: int, extra: str, span: range,
              negated: bool = False) -> None:
        if not collected:
            return
        doc = (negated or whole_file_documentary
               or _context_documentary(index.lines, line, extra))
        if doc:
            documentary_lines.update(span)
        for fact in collected:
            emit_fact(mark_documentary(fact) if doc else fact)

    blocks: list[tuple[int, int]] = []  # (offset of the opening line, offset after closing)
    fence: tuple[int, str, str] | None = None
    for offset, marker, line in _fence_lines(text):
        if fence is None:
            fence = (offset, marker, line)
            continue
        if line.strip().startswith(fence[1]) and not line.strip().strip(fence[1][0]):
            blocks.append((fence[0], offset))
            _fenced(text, fence, offset, relpath, first_line, gate, index, state, flush)
            fence = None
    if fence is not None:  # an unclosed fence runs to the end of the file
        blocks.append((fence[0], len(text)))
        _fenced(text, fence, len(text), relpath, first_line, gate, index, state, flush)
    _indented(text, blocks, relpath, first_line, gate, index, state, flush)
    # inline commands, outside the blocks
    at = text.find("`")
    block_at = 0
    while at >= 0:
        while block_at < len(blocks) and blocks[block_at][1] < at:
            block_at += 1
        if block_at < len(blocks) and blocks[block_at][0] <= at:
            at = text.find("`", blocks[block_at][1] + 3)
            continue
        match = _INLINE.match(text, at - 1 if at and text[at - 1] == "!" else at)
        if match is None:
            at = text.find("`", at + 1)
            continue
        code = match.group(2).strip().removeprefix("$ ")
        words = code.split()
        first = words[0].lower() if words else ""
        if (match.group(1) == "!" or (first in INLINE_COMMANDS and len(words) > 1)) and (
                gate is None or _analysed(code, gate, state)):
            number = index.number(at)
            line = index.lines[number]
            collected: list[F.Fact] = []
            _inline(code, relpath, number + first_line, line, collected.append, state)
            before = text[text.rfind("\n", 0, at) + 1 : at]
            flush(collected, number, line, range(number + first_line, number + first_line + 1),
                  negated=_NEGATED_BEFORE.search(before) is not None)
        at = text.find("`", match.end())
    return documentary_lines


#: First words of an indented line (an indented code block, a command inside a list item)
#: analysed as a command.
LINE_COMMANDS = INLINE_COMMANDS | frozenset({"$", "iwr", "irm", "wget", "curl"})


def _indented(text: str, blocks: list[tuple[int, int]], relpath: str, first_line: int,
              gate: Callable[[str], bool] | None, index: _Lines, state: shell.ShellState,
              flush: Callable[[list[F.Fact], int, str, range], None]) -> None:
    """Analyse lines indented by three spaces or more (or a tab) outside fenced blocks that
    start with a command: indented code blocks and commands inside list items."""
    for marker in ("\n   ", "\n\t"):
        at = text.find(marker)
        block_at = 0
        while at >= 0:
            start = at + 1
            while block_at < len(blocks) and blocks[block_at][1] < start:
                block_at += 1
            if block_at < len(blocks) and blocks[block_at][0] <= start:
                at = text.find(marker, blocks[block_at][1])  # skip the fenced block
                continue
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            line = text[start:end]
            code = line.strip().removeprefix("$ ").removeprefix("> ")
            words = code.split(None, 1)
            if words and words[0].lower() in LINE_COMMANDS and len(code) > 6 and (
                    gate is None or _analysed(code, gate, state)):
                number = index.number(start)
                collected: list[F.Fact] = []
                _inline(code, relpath, number + first_line, line, collected.append, state)
                flush(collected, number, line, range(number + first_line,
                                                     number + first_line + 1))
            at = text.find(marker, end)


#: curl saving a download to a file (``curl -fsSLo x.sh URL``, ``--output``), on lowered text.
_CURL_SAVES = re.compile(r"curl\b[^\n|]*?(?:\s-[a-z]*o\b|\s--output\b|\s--remote-name)")


def _analysed(code: str, gate: Callable[[str], bool], state: shell.ShellState) -> bool:
    """Whether a gated document analyses ``code``: it may hold a risk by itself, it saves a
    download (``wget URL``: a later block of the document may run the file), or it names a
    file an earlier block downloaded."""
    if gate(code):
        return True
    low = code.lower()
    if "wget" in low or "aria2c" in low or "-outfile" in low or (
            "curl" in low and _CURL_SAVES.search(low)):
        return True
    return any(name.rsplit("/", 1)[-1] in code for name in state.downloaded)


def _fenced(text: str, fence: tuple[int, str, str], end: int, relpath: str, first_line: int,
            gate: Callable[[str], bool] | None, index: _Lines, state: shell.ShellState,
            flush: Callable[[list[F.Fact], int, str, range], None]) -> None:
    """Analyse the fenced block opened at ``fence`` and closed at offset ``end``."""
    start, _, opening = fence
    body_start = text.find("\n", start)
    if body_start < 0 or body_start >= end:
        return
    opened = _FENCE.match(opening)
    lang = opened.group(3).lower().strip() if opened else ""
    if lang not in _CODE_LANGS:
        return  # json, yaml, mermaid, ...: nothing here runs (the payload scan still reads it)
    code = text[body_start + 1 : max(body_start + 1, end - 1)]
    if gate is not None and not _analysed(code, gate, state):
        return
    block = code.split("\n")
    open_line = index.number(start)
    collected: list[F.Fact] = []
    _block(block, lang, relpath, open_line + first_line + 1, collected.append, state)
    first_inside = next((b for b in block[:3] if b.strip()), "")
    comment = first_inside if first_inside.lstrip().startswith(("#", "//")) else ""
    flush(collected, open_line, comment,
          range(open_line + first_line, open_line + first_line + len(block) + 2))


def _inline(code: str, relpath: str, number: int, line: str,
            emit_fact: Callable[[F.Fact], None], state: shell.ShellState) -> None:
    """Analyse one inline command (all its facts are on line ``number``)."""

    def emit(kind: str, value: str, _line: int, detail: str, level: str) -> None:
        emit_fact(F.Fact(relpath, number, kind, value, F.clip(line), detail, False, level))

    state.line_base = number - 1
    shell.analyze(code, emit, state=state)


def _block(block: list[str], lang: str, relpath: str, first: int,
           emit_fact: Callable[[F.Fact], None], state: shell.ShellState) -> None:
    """Analyse one fenced block whose first line is file line ``first``."""
    if lang in SHELL_LANGS:
        if lang in _PROMPT_LANGS or any(s.lstrip().startswith("$ ") for s in block):
            # a transcript: only the lines after a prompt are commands
            block = [s.lstrip()[2:] if s.lstrip().startswith(("$ ", "> ")) else ""
                     for s in block]
        if any(s.lstrip().startswith("|") for s in block):
            block = _without_table_rows(block)
        if lang in _PLAIN_LANGS:
            block = _without_list_glyphs(block)
        code = "\n".join(block)
        if "=" in code:
            state.local_names |= shell.local_names(code)
        state.line_base = first - 1
        _emit_code(lambda e: shell.analyze(code, e, state=state), relpath, first, block,
                   emit_fact)
    elif lang in PYTHON_LANGS:
        code = "\n".join(block)
        _emit_code(lambda e: pycode.analyze(code, e), relpath, first, block, emit_fact)
    elif lang in JS_LANGS:
        code = "\n".join(block)
        _emit_code(lambda e: jscode.analyze(code, e), relpath, first, block, emit_fact)


#: Blocks that say nothing of their language: read as shell, but they hold lists too.
_PLAIN_LANGS = frozenset({"", "text"})


def _without_list_glyphs(block: list[str]) -> list[str]:
    """The block with the lines blanked that start with a symbol (``☐ 命令注入 - ; rm -rf /``,
    an item of a security checklist in an unlabelled block, eighty-second sample; ``✅``,
    ``•``, ``→``): a list written in a plain block, not a command anyone types."""
    kept = list(block)
    for index, line in enumerate(block):
        first = line.lstrip()[:1]
        if first and not first.isascii() and unicodedata.category(first) in _GLYPHS:
            kept[index] = ""
    return kept


#: Unicode categories of a list's marks: other symbols (☐ ✅ → ■) and punctuation (• ·)
_GLYPHS = frozenset({"So", "Sm", "Po"})


def _without_table_rows(block: list[str]) -> list[str]:
    """The block with the rows of a Markdown table blanked (``| 14:30 | Bash | rm -rf / |
    DENY |`` in a ```` ```text ```` report template): a line that starts and ends with ``|``
    is a syntax error to a shell, unless the line before it goes on (``\\``)."""
    kept = list(block)
    for index, line in enumerate(block):
        row = line.strip()
        if (len(row) > 1 and row[0] == "|" and row[-1] == "|"
                and not (index and block[index - 1].rstrip().endswith("\\"))):
            kept[index] = ""
    return kept


def _emit_code(run: Callable[[F.Emit], object], relpath: str, first: int,
               source: list[str], emit_fact: Callable[[F.Fact], None]) -> None:
    """Run an analyser; turn what it emits (lines relative to the code) into file facts."""

    def emit(kind: str, value: str, line: int, detail: str, level: str) -> None:
        text = source[line - 1] if 0 < line <= len(source) else ""
        emit_fact(F.Fact(relpath, first + line - 1, kind, value, F.clip(text), detail, False,
                         level))

    run(emit)


def mark_documentary(fact: F.Fact) -> F.Fact:
    """The same fact, marked as coming from a documentation example."""
    return replace(fact, documentary=True)
