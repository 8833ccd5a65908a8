"""Rules about the skill's executable files: the exec bit (as git ships it) and CRLF shebangs."""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from skillctl.gitfacts import git_index_modes, git_root_remembered, real_folder
from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, rule
from skillctl.lint.resolved import FIXTURE_FOLDER
from skillctl.model import Severity, SkillFile


def _index_modes(ctx: SkillContext, files: Iterable[SkillFile]) -> Iterator[str | None]:
    """:func:`skillctl.gitfacts.index_mode` of each of these files (none of them a
    symlink itself).

    A file that is not a symlink is its real parent's entry, so the parent's real path and
    git root are worked out once per folder instead of twice per file, and what lies above
    the skill once per run.
    """
    folders: dict[str, tuple[str, str | None]] = {}
    for file in files:
        parent, _, name = file.relpath.rpartition("/")
        found = folders.get(parent)
        if found is None:
            real = real_folder(os.path.join(ctx.directory, parent) if parent else ctx.directory)
            found = folders[parent] = (real, git_root_remembered(real))
        real, root = found
        yield None if root is None else git_index_modes(root).get(os.path.join(real, name))


def shebang_files(ctx: SkillContext) -> Iterator[tuple[SkillFile, bytes]]:
    """Regular files of the skill (not the entry file) that start with ``#!``, with their
    first 4,096 bytes (:meth:`SkillContext.head`: not read again when ``home-path`` has)."""
    entry_name = ctx.skill.entry.name
    for file in ctx.files:
        if file.is_symlink or file.relpath == entry_name or file.size < 2:
            continue
        head = ctx.head(file.relpath)
        if head.startswith(b"#!"):
            yield file, head


def _all_shebang_files(ctx: SkillContext) -> tuple[tuple[SkillFile, bytes], ...]:
    return tuple(shebang_files(ctx))


def _shebang_files_once(ctx: SkillContext) -> tuple[tuple[SkillFile, bytes], ...]:
    """:func:`shebang_files`, read once per skill for both rules below."""
    return ctx.computed(_all_shebang_files)


#: Commands that run a script given as an argument, so the script needs no exec bit:
#: interpreters and the runners that start one (``uv run``, ``npx``). Compared after
#: ``basename`` and without a version suffix (``.venv/bin/python3.11`` is ``python``).
INTERPRETERS = frozenset({
    "python", "python2", "python3", "py", "pypy", "pypy3", "node", "nodejs", "deno", "bun",
    "tsx", "ts-node", "npx", "pnpm", "yarn", "uv", "uvx", "poetry", "pipenv", "pdm", "hatch",
    "rye", "pixi", "conda", "bash", "sh", "zsh", "dash", "ksh", "fish", "source", ".",
    "ruby", "perl", "php", "pwsh", "powershell", "rscript", "osascript", "lua", "julia",
    "nu",
})
#: Interpreters that read a script line by line as shell: a CRLF script fails in them too
#: (each command ends in ``\r``), not only when the kernel reads its shebang.
SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "fish", "source", "."})
_VERSION_SUFFIX = re.compile(r"[\d.]+$")
#: Where a shell command starts: line start, a prompt, an inline code span or a shell
#: operator (not a quote: ``script_dir / "x.py"`` in code names a file, it runs nothing).
_COMMAND_START = re.compile(r"(?:^\s*(?:[-*+>]\s+|\d+\.\s+)*(?:\$\s+)?|&&|\|\||[;|`(]|\$\()\s*$")
#: A hook's or a config's command value (``command: "${CLAUDE_SKILL_DIR}/x.sh"``,
#: ``"command": "./x.sh"``): run as it is written.
_COMMAND_KEY = re.compile(r"\bcommand[\"']?\s*:\s*[\"']?$")
#: A command string opened before the path and not closed: a shell's ``-c "...`` or a shell
#: tool's call, ``bash(command="...``, ``Bash(command: "...``, ``shell("...`` (yunjoochoi's
#: agent runs ``bash(command="python3 /skills/x/scripts/y.py")``): the command is what the
#: quotes hold, and the words before them name the tool, not the interpreter. (Not any
#: call: ``require.resolve('./x.js')`` names a file, ``execFileSync('./x.js')`` runs it.)
_OPEN_COMMAND = re.compile(
    r"(?:(?:^|\s)-c\s+|\(\s*command\s*[=:]\s*|\b(?:bash|sh|zsh|shell)\(\s*)"
    r"([\"'])(?P<inner>(?:(?!\1).)*)$", re.IGNORECASE)
_SEPARATOR = re.compile(r"&&|\|\||[;|]|\$\(")
_WORD_SPLIT = re.compile(r"[\s\"'`,\[\]()={}]+")
_PREFIX_WORDS = frozenset({"sudo", "exec", "env", "time", "nohup", "command"})
#: Words after which a script named alone in inline code is run (`` Run `x.sh` ``).
_RUN_VERBS = frozenset({"run", "execute", "exec", "call", "invoke", "launch", "start"})
#: Characters of a path written before a script's name (``${CLAUDE_SKILL_DIR}/scripts/``).
_PATH_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./~${}-@%")
#: A placeholder for the skill's folder written before a script's path
#: (``"<SKILL_DIR>/scripts/x.mjs"``, ``<this skill's folder>/scripts/x.py``): the agent fills
#: it in, as it does ``{baseDir}``.
_PLACEHOLDER_END = re.compile(r"<[^<>\n]{1,60}>$")
#: A module import names a file, it runs nothing (``import x from './lib.mjs'``), nor does
#: resolving its path (``[require.resolve('./x.js'), 'cleanup']``, the arguments of a
#: ``spawnSync(process.execPath, ...)``: node runs it).
_IMPORT_END = re.compile(r"(?:\bfrom|\bimport|\brequire(?:\.resolve)?)\s*\(?\s*['\"]$")
#: A command substitution closed before the path (``bash "$(plugin-root x)/scripts/x.sh"``):
#: part of the path argument, not where a command starts.
_CLOSED_SUBSTITUTION = re.compile(r"\$\([^()\n]*\)")
#: A command substitution that is a word of its own before the path: the command the path
#: is an argument of (``$(command -v python3 || command -v python) ${ROOT}/scripts/x.py``).
_SUBSTITUTION_WORD = re.compile(r"\$\(([^()\n]*)\)[ \t]+$")
#: How a shell looks a program up by name (``command -v python3``, ``which node``).
_LOOKUP = re.compile(r"(?:\bcommand[ \t]+-v|\bwhich|\btype[ \t]+-[Pp])[ \t]+([\w.+-]+)")
#: A shell variable assigned the path (``SCAN="$ROOT/scripts/x.ts"``, ``export TTS_GEN=...``):
#: the variable's uses (``bun "$SCAN"``) say how the script runs.
_ASSIGNMENT_END = re.compile(
    r"(?:^|[\s;&|(`])(?:(?:export|local|readonly|declare)\s+)?([A-Za-z_][A-Za-z0-9_]*)=[\"']?$")
#: A path followed by a parenthesis is no shell command line (``x.sh (modified)`` is a syntax
#: error): a listing of files, or prose. Nor is one followed by a dash of prose or a comma
#: (``scripts/x.py — renders the HTML``, ``(scripts/x.py, T4) owns the parsing``).
_PAREN_AFTER = re.compile(r"^(?:[ \t]+\(|[ \t]*[\u2013\u2014]|,[ \t])")
#: A path in parentheses after a word is an aside in prose or a comment (``key check
#: (utils/x.py).``, ``Mechanical: `check_x` (scripts/x.py).``, ``# line 307 (scripts/x.py
#: asserts``): a subshell starts a command line (``(x.sh)``), ``$(x.sh)`` runs it too, and
#: so does a subshell after a shell keyword (``if (./x.sh)``).
_PARENTHESISED = re.compile(r"(?:(\w+)|[,.:`*'\"])[ \t]+\($")
_SHELL_KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "time"})
#: What follows a path that a line opens with ``(`` when the parenthesis is an aside of prose
#: wrapped onto a new line (``(scripts/x.cjs) remains available``): the parenthesis closes
#: and a word follows, which no shell accepts after a subshell (``(x.sh) && y``, ``(x.sh) >
#: log`` and ``(x.sh)`` alone stay subshells).
_WRAPPED_ASIDE_AFTER = re.compile(r"\)[ 	]+[A-Za-z]")
#: What follows a path that a line opens with ``(`` when the parenthesis holds a sentence
#: of prose: words, and a full stop before it closes at the end of the line (ninety-fourth
#: sample); ``(x.sh --src a)`` is a subshell.
_SENTENCE_ASIDE_AFTER = re.compile(r"[ \t]+[A-Za-z][^()`\n]*[.!?][ \t]*\)[ \t]*$")
#: What follows a path that is an aside's subject, not a command's argument: the aside
#: closes, or a word of prose follows (not an option, a variable or another path).
_ASIDE_AFTER = re.compile(r"\)|[ \t]+[A-Za-z]+(?:[ \t]|$)")
#: The key of a data file's line whose value is prose (``"description": "... ; scripts/x.py
#: enforces this"``): a path in it is named, not run.
_PROSE_KEY = re.compile(r"\s*[\"']?(?:description|summary|notes?|comments?|_comment|rationale|"
                        r"message|title|help|purpose|reason|details?|explanation|about)"
                        r"[\"']?\s*:", re.IGNORECASE)
#: A shell variable that starts a path (``$SKILL_DIR/x.sh``).
_VARIABLE_PREFIX = re.compile(r"^\$[A-Za-z_][A-Za-z0-9_]*/")
#: What stands before a value that is an item of a YAML list (``- "``) or of a JSON array
#: written one item a line (``"``): in a data file (not code), such a path is data.
_DATA_LIST_ITEM = re.compile(r"\s*(?:-\s+)?[\"']?")
#: A shebang line that runs a shell (``#!/bin/bash``, ``#!/usr/bin/env -S zsh -e``).
_SHELL_SHEBANG = re.compile(rb"#![^\n]*?\b(?:ba|z|k|da|a|c|tc|fi)?sh\b")
#: A string alone on a line of code, as an item of a list written one item a line.
_CODE_ITEM_BEFORE = re.compile(r"[ \t]*[\"']")
_CODE_ITEM_AFTER = re.compile(r"[\"'][ \t]*(?:,[ \t]*)?(?:[\])][ \t]*[,;)]*[ \t]*)?$")
#: A call that runs the first item of the list it opens (``spawn([``, ``subprocess.run([``,
#: ``execFileSync(``): that item is the program.
_EXEC_OPENS = re.compile(
    r"\b(?:spawn(?:Sync)?|exec(?:File)?(?:Sync)?|execa(?:Sync)?|fork|run|Popen|call|"
    r"check_call|check_output|exec[lv]p?e?)\s*\(\s*\[?\s*$")


def _first_argv_item(text: str, line_start: int) -> bool:
    """Whether the line at ``line_start`` is the first item of a list an exec call opens on
    the line before (``subprocess.run([`` then ``"./x.sh",``)."""
    previous = text.rfind("\n", 0, max(0, line_start - 1)) + 1
    return _EXEC_OPENS.search(text, previous, max(previous, line_start - 1)) is not None


#: Data files (no code runs in them; a hook's ``command:`` value is read apart).
_DATA_SUFFIXES = (".json", ".jsonc", ".yaml", ".yml", ".toml")
#: What may stand before a path alone on a line of prose: nothing, or a list item's marker.
_LIST_MARK = re.compile(r"\s*(?:(?:[-*+]|\d+[.)])\s+)?")
#: A line that opens or closes a fenced code block.
_FENCE_LINE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})(.*)$", re.MULTILINE)
#: Largest other file searched for mentions of a script.
_MAX_MENTION_BYTES = 256 * 1024


@dataclass(frozen=True, slots=True)
class ScriptUsage:
    """How the skill's text mentions one script: run directly (``./x.sh``, ``scripts/x.sh``
    as the command, a hook command), through an interpreter (``python3 scripts/x.py``: the
    interpreters used), or otherwise (prose, ``chmod +x x.sh``)."""

    direct: bool = False
    other: bool = False
    interpreters: frozenset[str] = frozenset()
    #: "Run `scripts/x.py`": run, but how is left to the agent
    named_run: bool = False
    #: run directly only in inline code in prose ("Regenerate with `scripts/x.py out/`")
    inline_direct: bool = False
    #: the skill's command lines run its other scripts of this kind through an interpreter
    convention: bool = False
    #: the inline code runs it as ``./x``: the author asked for the exec bit
    inline_dot_slash: bool = False
    #: some inline code that runs it directly stands in prose, not in a table's cell
    inline_in_prose: bool = False
    #: the interpreters come from the script's own usage line (``Usage: python3 x.py``), not
    #: from the skill's text
    own_usage: bool = False

    @property
    def mentioned(self) -> bool:
        """Whether any text of the skill names the script."""
        return (self.direct or self.other or self.named_run or self.inline_direct
                or bool(self.interpreters))


#: A placeholder for the interpreter the host picks (``<runtime> scripts/x.py``, ``<python>``,
#: ``$PYTHON``, ``{python}``; seventy-third sample): its name inside.
_INTERPRETER_PLACEHOLDER = re.compile(r"(?:<|\$\{?|\{)([a-z][a-z0-9_-]*)(?:>|\}|)")
#: Placeholder names that stand for an interpreter without naming one.
_ANY_INTERPRETER = frozenset({"runtime", "interpreter", "python_bin", "python_cmd",
                              "python_exe", "runner", "py_runner"})


def _interpreter(word: str) -> str | None:
    name = word.rsplit("/", 1)[-1].lower().lstrip("!@")  # Claude Code's !cmd
    if name.endswith(".exe"):
        name = name[:-4]
    if name in INTERPRETERS:
        return name
    placeholder = _INTERPRETER_PLACEHOLDER.fullmatch(name) if name[:1] in "<${" else None
    if placeholder is not None:
        inner = placeholder.group(1)
        if inner in _ANY_INTERPRETER:
            return "runtime"
        name = inner
    bare = _VERSION_SUFFIX.sub("", name)
    return bare if bare and bare in INTERPRETERS else None


def classify_mention(before: str, path: str, after: str = "") -> tuple[str, str | None]:
    """("direct" | "interpreter" | "named-run" | "assigned" | "other", the interpreter or,
    for "assigned", the shell variable) of a script written as ``path`` between the texts
    ``before`` and ``after`` on its line.

    A span of inline code that holds only the path (`` (`scripts/x.py`) ``) names the
    script ("other"); after a verb such as "run" it asks to run it without saying how
    ("named-run": a warning, unless another mention shows the interpreter). A placeholder
    for the skill's folder (``<SKILL_DIR>/x.sh``) counts as ``{baseDir}``; an import
    (``from './x.mjs'``) runs nothing.
    """
    placeholder = _PLACEHOLDER_END.search(before) if path.startswith("/") else None
    if placeholder is not None:  # "<SKILL_DIR>/scripts/x.mjs" is "{baseDir}/scripts/x.mjs"
        before, path = before[: placeholder.start()], "{}" + path
    opened = _OPEN_COMMAND.search(before) if ("\"" in before or "'" in before) else None
    if opened is not None:  # 'bash -c "python3 x.py"': classify the quoted command alone
        before = opened.group("inner")
    if _IMPORT_END.search(before) or before.endswith("*") or _PAREN_AFTER.match(after):
        return "other", None  # an import; a glob ('*/skill/x.sh'); a listing ("x.sh  (new)")
    aside = _PARENTHESISED.search(before)
    if before.strip() == "(" and (_WRAPPED_ASIDE_AFTER.match(after)
                                  or _SENTENCE_ASIDE_AFTER.match(after)):
        # "(scripts/x.cjs) remains available as a fallback."; "(scripts/x.py heatmap + …
        # only say WHERE to look first.)", a sentence in parentheses
        return "other", None
    if after.startswith("::") or (aside and (aside.group(1) or "").lower() not in _SHELL_KEYWORDS
                                  and _ASIDE_AFTER.match(after)):
        return "other", None  # a test's id ("tests/x.py::test_y"); an aside ("(utils/x.py)")
    command = _SUBSTITUTION_WORD.search(before) if before.endswith((" ", "\t")) else None
    if command is not None:  # "$(command -v python3) scripts/x.py": run by what it finds
        found = next((name for name in map(_interpreter, _LOOKUP.findall(command.group(1)))
                      if name is not None), None)
        return ("interpreter", found) if found is not None else ("other", None)
    while "$(" in before and _CLOSED_SUBSTITUTION.search(before):
        before = _CLOSED_SUBSTITUTION.sub("", before)  # "$(root)/x.sh": one path argument
    if "=" in before and (assigned := _ASSIGNMENT_END.search(before)) is not None:
        return "assigned", assigned.group(1)
    segment = _SEPARATOR.split(before)[-1]
    words = [w for w in _WORD_SPLIT.split(segment) if w and not w.startswith("-")]
    for word in words[-4:]:
        found = _interpreter(word)
        if found is not None:
            return "interpreter", found
    if before.endswith("](") or before.rstrip().endswith("]:"):
        return "other", None  # a Markdown link's target ([x.sh](scripts/x.sh)) runs nothing
    if (path.startswith(("$", "{", "/", "~", "./")) and before.endswith("`")
            and after.startswith("`") and _verb_before(before) not in _RUN_VERBS):
        # `{baseDir}/tools/x.py` alone in a table cell, "CPU matches `./assets/x.sh`", a
        # listing of `/home/me/skill/x.py`: the span names the file, it gives no command line
        return "other", None
    rest = segment
    for word in reversed(words):  # sudo, env FOO=1 ... before the command still run it
        if word in _PREFIX_WORDS or "=" in word:
            rest = rest[: rest.rfind(word)]
        else:
            break
    head = before[: len(before) - len(segment)] + rest  # the line up to the command word
    command_start = _COMMAND_START.search(head) or _COMMAND_KEY.search(before)
    if path.startswith(("./", "/", "~", "$", "{")):
        # the command ("./x.sh --go", "sudo $DIR/x.sh", '"$RUNNER" --all', "Run ./x.sh"),
        # not an argument of another one ("cp ./x.sh /tmp", "$PY_RUNNER $DIR/x.py")
        run_verb = _verb_before(before + "`") in _RUN_VERBS  # (it drops a closing backtick)
        if command_start or _COMMAND_START.search(head.rstrip("\"'")) or run_verb:
            return "direct", None
        return "other", None
    if "/" not in path:
        return "other", None  # a bare name is no command a shell finds (not on PATH)
    if after[:1] == ":" and after[1:2].isdigit():
        return "other", None  # scripts/x.py:54 points at a line of code
    if before.endswith("`") and after.startswith("`"):
        return ("named-run", None) if _verb_before(before) in _RUN_VERBS else ("other", None)
    return ("direct", None) if command_start else ("other", None)


def _verb_before(before: str) -> str:
    """The last word before the inline code span that ``before`` opens, lower-cased."""
    words = _WORD_SPLIT.split(before[:-1].rstrip(" :"))
    return next((w.lower() for w in reversed(words) if w), "")


def _mentions(text: str, name: str) -> Iterator[tuple[str, str, str, int]]:
    """(text before on the line, path as written, text after on the line, its offset) of
    each mention of the file ``name``."""
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        after = text[end : end + 1]
        if not (after.isalnum() or after == "_"):
            start = at
            while start > 0 and text[start - 1] in _PATH_CHARS:
                start -= 1
            path = text[start:end]
            if path == name or path.endswith("/" + name):
                line_start = text.rfind("\n", 0, start) + 1
                while line_start > 1 and text[line_start - 2] == "\\":
                    # the line goes on a line ending in "\" ("uv run \", then the path)
                    line_start = text.rfind("\n", 0, line_start - 1) + 1
                line_end = text.find("\n", end)
                yield (text[line_start:start], path.lstrip("@"),
                       text[end : line_end if line_end >= 0 else len(text)], start)
        at = text.find(name, end)


def _made_executable_before(text: str, offset: int, name: str) -> bool:
    """Whether a line of ``text`` before ``offset`` makes ``name`` executable (`chmod +x
    full_refresh.sh`, `chmod 755 scripts/x.sh`): the text's later runs work as written."""
    if text.find("chmod", 0, offset) < 0:  # (most texts: no split of the text per mention)
        return False
    return any(_CHMOD_X.search(line) for line in text[:offset].split("\n") if name in line)


#: A chmod that sets an execute bit (`+x`, `u+x`, `755`, `0700`).
_CHMOD_X = re.compile(r"\bchmod\s+(?:-\w+\s+)*(?:[ugoa]*\+[rwx]*x|0?[0-7]*[1357][0-7]{0,2})\b")


def _fenced_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of a Markdown text's fenced code blocks (an unclosed one runs to
    the end)."""
    spans: list[tuple[int, int]] = []
    opened: tuple[int, str] | None = None
    for match in _FENCE_LINE.finditer(text):
        marker, rest = match.group(1), match.group(2)
        if opened is None:
            opened = (match.start(), marker)
        elif marker.startswith(opened[1]) and not rest.strip():
            spans.append((opened[0], match.end()))
            opened = None
    if opened is not None:
        spans.append((opened[0], len(text)))
    return spans


#: Info strings of a code block that holds no commands by its label (or has none).
_PLAIN_FENCE_INFO = frozenset({"", "text", "txt", "plain", "plaintext"})


def _plain_block(text: str, start: int, end: int) -> list[str] | None:
    """The lines of the fenced block at ``start``..``end`` (its fences included) when it has
    no language (or ``text``); None for a block of code."""
    lines = text[start:end].split("\n")
    if lines[0].strip().strip("`~").strip().lower() not in _PLAIN_FENCE_INFO:
        return None
    return lines


def _file_list(text: str, start: int, end: int) -> bool:
    """Whether the fenced block at ``start``..``end`` is a list of files: no language (or
    ``text``), and two or more lines, each one path, alone or with a description after two
    spaces or more ("## Files to Review", then the absolute paths of the files;
    ``scripts/build.py      grade, render, report``), or one such line right after a label
    that ends in "path:" ("Script path:", then the bare path). A shell block of paths would
    run each one; a plain block of them names them."""
    lines = _plain_block(text, start, end)
    if lines is None:
        return False
    paths = 0
    for line in lines[1:]:
        word = line.strip()
        if not word or word.startswith(("```", "~~~")):
            continue
        if _LISTED_FILE.fullmatch(word) is None:
            return False
        paths += 1
    return paths >= 2 or (paths == 1 and bool(_PATH_LABEL.search(text, 0, start)))


#: A line of a list of files: a path, or a file name with an extension (``README.md`` among
#: ``themes/<id>.json`` and ``scripts/render.py``, a change set listed in a plain block,
#: sixty-second sample), maybe a description after two spaces or more
#: (``scripts/dossier.py    the review dossier, opens in the browser``), not an option.
_LISTED_FILE = re.compile(r"(?:\S*/\S+|[\w.-]+\.[A-Za-z0-9]+)(?:[ \t]{2,}(?!-)\S.*)?")
#: What follows a path on such a line: nothing, or a description after two spaces or more.
_LISTED_AFTER = re.compile(r"(?:[ \t]{2,}(?!-)\S.*)?\s*")


#: A stand-in for the skill's folder written before a path (``<SKILL_DIR>``, ``${ROOT}``).
_FOLDER_STAND_IN = re.compile(r"(?:<[^<>\n]{1,60}>|\$\{?[A-Za-z_]\w*\}?)$")
#: A label line right before a block that introduces a path to show, not a command ("Script
#: path:", "路径" and an ASCII or a full-width colon).
_PATH_LABEL = re.compile(r"(?:path|路径)\s*[:\uff1a]\**\s*\n\s*\Z", re.IGNORECASE)


#: Characters a flow chart is drawn with (box drawing, arrows, triangles), never shell.
_DIAGRAM = re.compile("[\u2500-\u257f\u2190-\u21ff\u25b2-\u25c4]")


def _in_diagram(text: str, start: int, end: int, offset: int) -> bool:
    """Whether the line at ``offset`` is a step of a flow chart drawn in the plain code block
    at ``start``..``end``: the line above or below it is drawn (``│``, ``▼``, ``├──``), and
    so is another line of the block. A command in a chart is a label; the lines a command
    prints after it (a tree) are not above it or next to it unless drawn as a chart."""
    lines = _plain_block(text, start, end)
    if lines is None:
        return False
    at = text.count("\n", start, offset)
    drawn = [bool(_DIAGRAM.search(line)) for line in lines]
    beside = (at > 1 and drawn[at - 1]) or (at + 1 < len(lines) and drawn[at + 1])
    return beside and sum(drawn) >= 2


#: The line that opens a shell array (``POSSIBLE_PATHS=(``, ``local paths=(``).
_ARRAY_OPEN = re.compile(r"^\s*(?:(?:local|declare|readonly)\s+(?:-a\s+)?)?[A-Za-z_]\w*=\(\s*$")
#: A line that is one item of an array written one item a line.
_ARRAY_ITEM = re.compile(r"^\s*(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s()#;|&]+)\s*(?:#.*)?$")


def _in_shell_array(text: str, offset: int) -> bool:
    """Whether the line at ``offset`` of a shell script is an item of an array written one
    item a line (``PATHS=(``, then ``"$DIR/x.py"``, …, ``)``)."""
    start = text.rfind("\n", 0, offset) + 1
    for _ in range(64):
        if start <= 0:
            return False
        start = text.rfind("\n", 0, start - 1) + 1
        line = text[start : text.find("\n", start)]
        if _ARRAY_OPEN.match(line):
            return True
        if line.strip() and not _ARRAY_ITEM.match(line):
            return False
    return False


def _in_comment(text: str, offset: int) -> bool:
    """Whether ``offset`` of a Markdown text is inside an HTML comment (``<!-- … -->``)."""
    opened = text.rfind("<!--", 0, offset)
    return opened >= 0 and text.find("-->", opened, offset) < 0


def _variable_uses(text: str, variable: str) -> Iterator[tuple[str, str, str]]:
    """(text before on the line, the use, text after on the line) of each use of the shell
    variable ``variable`` (``$SCAN``, ``${SCAN}``, not ``$SCAN_DIR``)."""
    name = re.escape(variable)
    for use in re.finditer(rf"\$(?:\{{{name}\}}|{name}(?![A-Za-z0-9_]))", text):
        line_start = text.rfind("\n", 0, use.start()) + 1
        line_end = text.find("\n", use.end())
        yield (text[line_start : use.start()], use.group(),
               text[use.end() : line_end if line_end >= 0 else len(text)])


#: What may stand before a script's path in place of its skill's folder ("../scripts/x.py"
#: from a reference, "<SKILL_DIR>/scripts/x.py", "~/scripts/x.py").
_NO_FOLDER = frozenset({"", ".", "..", "~"})
#: Files in which a backtick quotes, as in Markdown (a JSON description, a Python
#: docstring), and does not run a command as it does in shell.
_SHELL_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh", ".fish", ".command")


#: Markdown files of a repository written for its maintainers, not for the agent (README,
#: CHANGELOG, RELEASE_WORKFLOW, ...: an all-capitals name), unless SKILL.md names them;
#: AGENTS.md, CLAUDE.md and GEMINI.md are read by agents.
_MAINTAINER_DOC = re.compile(r"[A-Z][A-Z0-9_-]*\.(?:md|markdown|txt)")
_AGENT_DOCS = frozenset({"AGENTS.md", "CLAUDE.md", "GEMINI.md", "SKILL.md"})


def _for_maintainers(ctx: SkillContext, relpath: str) -> bool:
    """Whether a Markdown file is its repository's maintainers' (README.md, RELEASE_WORKFLOW
    .md): named so, and neither it nor its folder (`scripts/` for `scripts/README.md`) is
    named in SKILL.md."""
    folder, _, name = relpath.rpartition("/")
    text = ctx.parsed.text or ""
    return (bool(_MAINTAINER_DOC.fullmatch(name)) and name not in _AGENT_DOCS
            and name not in text and not (folder and f"{folder}/" in text))


def _texts(ctx: SkillContext, skip: str) -> Iterator[tuple[bool, bool, bool, bool, str]]:
    """(whether it is Markdown, whether a backtick quotes in it, whether it is a data file,
    whether it is a maintainers' document, text) of the entry file and the skill's other
    small text files (not ``skip``)."""
    if ctx.parsed.text is not None:
        yield True, True, False, False, ctx.parsed.text
    entry_name = ctx.skill.entry.name
    for file in ctx.files:
        if (file.relpath in (entry_name, skip) or file.is_symlink
                or file.size > _MAX_MENTION_BYTES):
            continue
        try:
            data = ctx.read_file(file.relpath, file.size)
        except OSError:
            continue
        if b"\x00" not in data:
            lower = file.relpath.lower()
            markdown = lower.endswith((".md", ".mdx", ".markdown", ".txt"))
            # a shell script quotes nothing the way code does: by its suffix or its shebang
            # line (only that line: "tests.push(" on the next is no shell)
            quoting = markdown or not (lower.endswith(_SHELL_SUFFIXES) or (
                data.startswith(b"#!") and _SHELL_SHEBANG.match(data, 0, 80) is not None))
            yield (markdown, quoting, lower.endswith(_DATA_SUFFIXES),
                   markdown and _for_maintainers(ctx, file.relpath),
                   data.decode("utf-8", errors="replace"))


def script_usage(ctx: SkillContext, file: SkillFile) -> ScriptUsage:
    """How the skill's text (SKILL.md and its other text files) runs ``file``."""
    name = file.relpath.rsplit("/", 1)[-1]
    direct = other = named_run = inline_direct = dot_slash = in_prose = False
    interpreters: set[str] = set()
    folders = {ctx.skill.dir.name, ctx.skill.declared_name}
    for markdown, quoting, data_file, maintainers, text in _texts(ctx, file.relpath):
        if name not in text:
            continue
        fences: list[tuple[int, int]] | None = None  # a Markdown text's fenced blocks
        for before, path, after, offset in _mentions(text, name):
            # after "{baseDir}/", "${ROOT}/" or "$SKILL_DIR/": the variable may be any folder
            tail = _VARIABLE_PREFIX.sub("", path.rsplit("}/", 1)[-1]).removeprefix("./")
            if path != name and not (file.relpath.endswith(tail) or tail.endswith(file.relpath)):
                continue  # another folder's file of the same name
            if tail.endswith("/" + file.relpath) and tail[: -len(file.relpath) - 1].rsplit(
                    "/", 1)[-1] not in folders | _NO_FOLDER:
                continue  # "data-us/scripts/pack.py": another skill's script of that name
            if not markdown and path.startswith("{"):
                other = True  # "{baseDir}/x.sh" in code is a string: only agents expand it
                continue
            kind, interpreter = classify_mention(before, path, after)
            if kind == "direct" and markdown and _LIST_MARK.fullmatch(
                    _FOLDER_STAND_IN.sub("", before)):
                # a path alone on a line of prose ("## Path" then the path) or a list item
                # ("- x/scripts/x.py" in a change log's list of files) names the file, and a
                # line inside an HTML comment is a note; in a code block it is a command
                # (a path alone on each line of a plain code block lists files to look at)
                fences = _fenced_spans(text) if fences is None else fences
                block = next(((start, end) for start, end in fences if start <= offset < end),
                             None)
                if block is None:
                    named = not after.strip() or _in_comment(text, offset)
                else:
                    named = (_LISTED_AFTER.fullmatch(after) is not None
                             and _file_list(text, *block)) or _in_diagram(text, *block, offset)
                if named:
                    kind = "other"
            if kind == "direct" and quoting and not markdown and not data_file and \
                    _CODE_ITEM_BEFORE.fullmatch(before) and _CODE_ITEM_AFTER.match(after) and \
                    not _first_argv_item(text, offset - len(before)):
                # an item of a list written one item a line in code (`argv: [` then
                # `"./x.mjs",` then its arguments, given to `spawn(process.execPath, …)`):
                # the program run is the first item of an exec call's list, not this one
                kind = "other"
            if kind == "direct" and not quoting and _ARRAY_ITEM.match(before + path + after) \
                    and _in_shell_array(text, offset):
                kind = "other"  # an item of `PATHS=( "…/x.py" … )`: a path tried, not run
            if kind == "direct" and (maintainers or _made_executable_before(text, offset,
                                                                            name)):
                # a release checklist the agent never reads (README.md, RELEASE_WORKFLOW.md),
                # or a block that runs `chmod +x x.sh` first: the command works as written
                kind = "other"
            uses = [(before, kind, interpreter)]
            if kind == "assigned":  # SCAN=".../x.ts": how "$SCAN" is used says how it runs
                uses = [(use_before, *classify_mention(use_before, use, use_after))
                        for use_before, use, use_after in _variable_uses(text, interpreter or "")]
                other = other or not uses
            for where, kind, interpreter in uses:
                if kind == "direct" and quoting and not markdown and (
                        not where.strip() or (data_file and (
                            _DATA_LIST_ITEM.fullmatch(where) or _PROSE_KEY.match(where)))):
                    # a line of a docstring or a data file, an item of a data file's list
                    # (`- "x/scripts/run.ts"` under a spawn command's `arguments:`) or a
                    # data file's prose value (`"description": "…; scripts/x.py enforces
                    # this"`): no command line
                    kind = "other"
                if kind == "direct" and quoting and where.count("`") % 2:
                    inline_direct = True  # inside a span of inline code in prose
                    dot_slash = dot_slash or path.startswith("./")
                    line_start = text.rfind("\n", 0, offset) + 1
                    in_prose = in_prose or not text[line_start:offset].lstrip().startswith("|")
                elif kind == "direct":
                    direct = True
                elif kind in ("other", "assigned"):
                    other = True
                elif kind == "named-run":
                    named_run = True
                elif interpreter is not None:
                    interpreters.add(interpreter)
    return ScriptUsage(direct, other, frozenset(interpreters), named_run, inline_direct,
                       inline_dot_slash=dot_slash, inline_in_prose=in_prose)


def _usage_severity(usage: ScriptUsage, *, crlf: bool) -> Severity | None:
    """The severity a script finding gets from how the skill runs the script (None: no
    finding). Run directly: an error; run through interpreters (whatever prose also says
    about it): nothing, except for CRLF through a shell, an error; named in prose only, even
    after "run" (the text gives no command line, the agent picks one): a warning; never
    named: info. Run directly only in inline code in prose while the skill's commands run
    it through an interpreter: a warning (the agent has the command line that works)."""
    if usage.direct or (usage.inline_direct and not usage.interpreters):
        return Severity.ERROR
    if usage.interpreters:
        if crlf and usage.interpreters & SHELLS:
            return Severity.ERROR
        return Severity.WARNING if usage.inline_direct else None
    if usage.named_run or usage.other:
        return Severity.WARNING
    return Severity.INFO


def _how(usage: ScriptUsage) -> str:
    if usage.convention:
        return ("only inline code in the skill's text runs it directly; its command lines run "
                "its other scripts of this kind through an interpreter")
    if usage.inline_direct and not usage.direct and usage.interpreters:
        via = sorted(usage.interpreters)[0]
        if via == "runtime":  # <runtime> scripts/x.py
            via = "an interpreter the host picks (<runtime>)"
        if usage.own_usage:
            return (f"its own usage line runs it with {via}, but inline code in the skill's "
                    "text runs it directly")
        return f"the skill runs it with {via}, but inline code in its text runs it directly"
    if usage.direct or usage.inline_direct:
        return "the skill runs it directly"
    if usage.named_run:
        return "the skill says to run it without naming an interpreter"
    if usage.other:
        return "the skill names it, not through an interpreter"
    return "no text of the skill mentions it"


@rule("script-not-executable", Severity.ERROR, fixable=True, category="script")
def script_not_executable(ctx: SkillContext) -> Iterator[Finding]:
    """A script the skill runs directly (`./x.sh`) is not executable as it ships.

    Docs say `./scripts/run.sh`, the agent runs it, and it fails with "permission denied"
    (exit 126). When the file is tracked by git, the mode in git's index is what users
    install, so that is what is checked (`git ls-files -s`); otherwise the file's own mode.
    Only files with a shebang (`#!`) are looked at, and how the skill's text (SKILL.md and
    its other text files) names them decides the severity: run directly (`./x.sh`,
    `scripts/x.sh` as the command of a command line, in a code block or in inline code with
    its arguments, a hook's `${CLAUDE_PLUGIN_ROOT}/x.sh`), an error: the agent runs the line
    as written and gets "permission denied"; named only in prose, a warning, even after
    "run" (Run `scripts/x.py` on the draft: the text gives no command line and the agent
    picks one, usually with the interpreter); never named, info. A script that every command
    runs through an interpreter (`python3 scripts/x.py`, `node x.js`, `bash x.sh`, `uv run
    x.py`, or a placeholder for one: `<runtime> scripts/x.py`, `$PYTHON x.py`, `{python}`)
    needs no exec bit and is not reported; when only inline code in prose runs it
    directly (Regenerate with `scripts/x.py out/`) beside such commands, or while the
    script's own usage line runs it through an interpreter (`Usage: python3 x.py`), a
    warning; also a
    warning when only inline code in a table's cells runs it directly, not as `./x`, and the
    skill's command lines run its other scripts of the same kind through an interpreter, none
    directly (a synopsis `` `scripts/x.py <dir>` `` in a table, beside `python3
    scripts/y.py`). A command line in a maintainers' document no SKILL.md names (README.md,
    RELEASE_WORKFLOW.md: a name in capitals) or after a `chmod +x` of the script earlier in
    the same text counts as naming it. Not a
    command line: a path followed by a dash of prose or a comma (`scripts/x.py — renders
    the page`), a line of a docstring or a data file (where inline code quotes, as in
    Markdown), an item of a data file's list (`- "x/scripts/x.ts"` under a spawn command's
    `arguments:`), a line inside an HTML comment, a path alone on a line of prose or in a
    list item (`- x/scripts/x.py` in a change log's list of files) or alone in a span of
    inline code, a plain code block (no language) that lists files one path a line (or holds
    one after a label such as `Script path:`), a step
    of a flow chart drawn in a plain code block (`│`, `▼` on the lines around it), a path
    under another skill's folder (`other-skill/scripts/x.py`); a line ending in a backslash
    goes on with the next (`uv run`, a backslash, then the path), an item of a shell array
    written one item a line (`PATHS=(`, `"$DIR/x.py"`, `)`). Files in the skill's test
    fixtures (`test/fixtures/`, `fixtures-real/`, `testdata/`) are test data, not looked at.
    `--fix` sets the exec bit on a reported file (for a tracked file, commit the mode change
    or run `git update-index --chmod=+x`).

    Fails: `scripts/run.sh` starting with `#!/bin/sh`, mode 100644, and SKILL.md saying
    `./scripts/run.sh`.
    Passes: the same file with mode 100755, or SKILL.md saying `bash scripts/run.sh`.

    Matters for every agent that runs scripts.
    """
    found = _shebang_files_once(ctx)
    if not found:  # (most skills: no generator for nothing)
        return NO_FINDINGS
    return _not_executable(ctx, [file for file, _ in found])


def _in_fixtures(file: SkillFile) -> bool:
    """Whether a file of the skill lies in its test fixtures (`test/fixtures-real/repo/
    scripts/build.sh`, a fake repository its tests scan): test data, not a script it runs."""
    return any(FIXTURE_FOLDER.fullmatch(part) for part in file.relpath.split("/")[:-1])


def not_executable_files(ctx: SkillContext) -> Iterator[tuple[SkillFile, str | None]]:
    """(file, git index mode or None) of each shebang file that is not executable as it
    ships, whatever the skill's text says about it."""
    shebangs = [file for file, _ in _shebang_files_once(ctx) if not _in_fixtures(file)]
    for file, mode in zip(shebangs, _index_modes(ctx, shebangs), strict=True):
        if (mode == "100755") if mode is not None else file.executable:
            continue
        yield file, mode


def reported_not_executable(ctx: SkillContext) -> Iterator[tuple[SkillFile, str | None,
                                                                   ScriptUsage, Severity]]:
    """:func:`not_executable_files` that ``script-not-executable`` reports (those not run only
    through an interpreter), with how the skill names them and the finding's severity; what
    ``--fix`` makes executable."""
    conventions: dict[str, bool] = {}
    for file, mode in not_executable_files(ctx):
        usage = script_usage(ctx, file)
        if usage.inline_direct and not usage.direct and not usage.interpreters:
            own = _own_usage_interpreter(ctx, file)
            if own is not None:
                usage = dataclasses.replace(usage, interpreters=frozenset({own}),
                                            own_usage=True)
        severity = _usage_severity(usage, crlf=False)
        if severity is Severity.ERROR and not (usage.direct or usage.inline_dot_slash
                                               or usage.inline_in_prose):
            suffix = _suffix(file.relpath)
            if suffix not in conventions:
                conventions[suffix] = _interpreter_convention(ctx, file, suffix)
            if conventions[suffix]:
                severity = Severity.WARNING
                usage = dataclasses.replace(usage, convention=True)
        if severity is not None:
            yield file, mode, usage, severity


def _own_usage_interpreter(ctx: SkillContext, file: SkillFile) -> str | None:
    """The interpreter the script's own first lines run it with (a docstring's ``Usage:
    python3 ws_monitor.py --previews DIR``), or None: a run in inline code of the skill's
    prose then follows that usage, not the exec bit (twenty-ninth sample; a usage line that
    runs it bare, ``fitlog.py init``, leaves it an error)."""
    name = file.relpath.rsplit("/", 1)[-1]
    head = ctx.head(file.relpath).decode("utf-8", errors="replace")
    for match in re.finditer(rf"([\w./-]+)[ \t]+(?:[\w./-]*/)?{re.escape(name)}\b", head):
        found = _interpreter(match.group(1))
        if found is not None and found not in ("source", "."):
            return found
    return None


def _suffix(relpath: str) -> str:
    name = relpath.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def _interpreter_convention(ctx: SkillContext, file: SkillFile, suffix: str) -> bool:
    """Whether the skill's command lines run its other ``.suffix`` scripts through an
    interpreter and run none of them directly: then a synopsis in inline code
    (`` | `scripts/x.py <dir>` | `` in a table) follows that convention for ``file`` too."""
    if not suffix:
        return False
    through = False
    for other, _ in _shebang_files_once(ctx):
        if other is file or _suffix(other.relpath) != suffix or _in_fixtures(other):
            continue
        usage = script_usage(ctx, other)
        if usage.direct:
            return False
        # sourcing a script (`. x.sh`) runs no program: no sign of how the others run
        through = through or bool(usage.interpreters - {"source", "."})
    return through


def _not_executable(ctx: SkillContext, shebangs: list[SkillFile]) -> Iterator[Finding]:
    for file, mode, usage, severity in reported_not_executable(ctx):
        how = _how(usage)
        if mode is not None:
            yield Finding(
                f"{file.relpath} has a shebang but git's index records mode {mode} (not "
                f"executable) and {how}: users who install the skill get 'permission denied'",
                file=file.relpath,
                hint=f"git update-index --chmod=+x {file.relpath}",
                severity=severity,
                fixable=not file.executable,
            )
        else:
            yield Finding(
                f"{file.relpath} has a shebang but is not executable ('permission denied') "
                f"and {how}",
                file=file.relpath,
                hint=f"chmod +x {file.relpath} (skillctl lint --fix), or run it through its "
                "interpreter in SKILL.md",
                severity=severity,
            )


@rule("script-crlf", Severity.ERROR, category="script")
def script_crlf(ctx: SkillContext) -> Iterator[Finding]:
    """A script with a shebang has CRLF line endings and the skill runs it directly.

    The kernel reads the interpreter up to `\\n`, so `#!/usr/bin/env python3\\r\\n` asks for a
    program named `python3\\r`: "No such file or directory" (twells89/sigma-migration-skills#288).
    Like `script-not-executable`, how the skill names the script decides: run directly (or
    through a shell, `bash x.sh`, which reads every `\\r` as part of a command), an error;
    named only in prose, a warning; never named, info; run only through another interpreter
    (`python3 x.py`, `node x.js`: they accept CRLF), not reported.

    Fails: `scripts/run.py` saved with Windows line endings, SKILL.md saying `scripts/run.py`.
    Passes: the same with LF line endings (add `*.py text eol=lf` to `.gitattributes`), or
    SKILL.md saying `python3 scripts/run.py`.

    Matters for every agent on Linux and macOS.
    """
    found = _shebang_files_once(ctx)
    if not found:
        return NO_FINDINGS
    return _crlf_scripts(ctx, found)


def _crlf_scripts(ctx: SkillContext,
                  found: tuple[tuple[SkillFile, bytes], ...]) -> Iterator[Finding]:
    for file, head in found:
        if not head.split(b"\n", 1)[0].endswith(b"\r") or _in_fixtures(file):
            continue
        usage = script_usage(ctx, file)
        severity = _usage_severity(usage, crlf=True)
        if severity is None:
            continue
        via = sorted(usage.interpreters & SHELLS)
        how = f"the skill runs it with {via[0]}" if via and not usage.direct else _how(usage)
        yield Finding(
            f"{file.relpath}: the shebang line ends with CRLF, so the interpreter is not found "
            f"('No such file or directory'), and {how}",
            file=file.relpath,
            hint="convert the script to LF line endings",
            severity=severity,
        )
