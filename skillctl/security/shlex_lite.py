"""A small, bounded shell tokenizer: commands, pipes, substitutions and here-documents.

Python's :mod:`shlex` knows quotes but not ``$(...)``, ``<(...)``, backticks, redirections
or here-documents, which is where a hostile script hides what it runs. This tokenizer reads
POSIX-shell-like text into :class:`Simple` commands joined by pipes: each word with quotes
removed, the inner text of every command substitution, redirections with their targets, and
the body of a here-document. It never evaluates anything: ``$VAR`` stays as written.
Nesting and sizes are bounded; broken quoting ends the word at the end of the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Deepest ``$( $( ... ) )`` nesting followed into.
MAX_DEPTH = 8
#: Simple commands read from one text at most.
MAX_COMMANDS = 20_000

_OPERATORS = ("&&", "||", "|&", ";;", "|", ";", "&", "\n")
#: Characters that end or change a word; everything else is read in runs.
_SPECIAL = frozenset(" \t\r\n'\"\\$`<>|&;(){}#")
_ORDINARY = re.compile(r"[^ \t\r\n'\"\\$`<>|&;(){}#]+")
_REDIRECTS = ("&>>", "&>", ">>", ">|", "<<<", "<<-", "<<", "<>", ">&", "<&", ">", "<")


@dataclass(slots=True)
class Word:
    """One word of a command: text without quotes, and what it substitutes."""

    text: str = ""
    #: inner texts of ``$(...)``, backticks, ``<(...)`` and ``>(...)`` in this word
    subs: list[str] = field(default_factory=list)
    #: the word is a process substitution ``<(...)`` (a file the command reads)
    process_sub: bool = False
    quoted: bool = False


@dataclass(slots=True)
class Simple:
    """One simple command: its words, redirections, here-document body, where it starts, and
    whether its output goes to the next command through a pipe."""

    line: int
    words: list[Word] = field(default_factory=list)
    redirects: list[tuple[str, Word]] = field(default_factory=list)
    heredoc: str | None = None
    heredoc_line: int = 0  # the line its body starts on
    piped: bool = False  # stdout goes to the next command
    and_then: bool = False  # joined to the next by ``&&``: that one runs only if this succeeds


def _closing_paren(text: str, start: int) -> int:
    """Index of the ``)`` that closes the ``(`` before ``start`` (len(text) if none)."""
    depth = 1
    i = start
    quote = ""
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "\\":
            i += 2
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(text)


def tokenize(text: str) -> list[Simple]:
    """The simple commands of a shell text, in order (lines 1-based within ``text``)."""
    commands: list[Simple] = []
    current = Simple(1)
    word: Word | None = None
    pending_redirect: str | None = None
    #: commands whose here-document starts at the next newline, with its delimiter
    heredocs: list[tuple[Simple, str]] = []
    line = 1
    i = 0
    n = len(text)

    def end_word() -> None:
        nonlocal word, pending_redirect
        if word is None:
            return
        if pending_redirect is not None:
            if pending_redirect in ("<<", "<<-"):
                heredocs.append((current, word.text))
            current.redirects.append((pending_redirect, word))
            pending_redirect = None
        else:
            current.words.append(word)
        word = None

    def end_command(piped: bool = False, and_then: bool = False) -> None:
        nonlocal current
        end_word()
        if current.words or current.redirects:
            current.piped = piped
            current.and_then = and_then
            commands.append(current)
        current = Simple(line)

    while i < n and len(commands) < MAX_COMMANDS:
        ch = text[i]
        if ch not in _SPECIAL:  # a run of ordinary characters joins the word at once
            run = _ORDINARY.match(text, i)
            assert run is not None
            word = word or Word()
            word.text += run.group(0)
            i = run.end()
            continue
        if ch == "\\" and i + 1 < n:
            if text[i + 1] == "\n":  # a line continuation
                line += 1
                i += 2
                continue
            word = word or Word()
            word.text += text[i + 1]
            i += 2
            continue
        if ch == "'":
            close = text.find("'", i + 1)
            close = n if close < 0 else close
            word = word or Word()
            word.quoted = True
            word.text += text[i + 1 : close]
            line += text.count("\n", i, close)
            i = close + 1
            continue
        if ch == '"':
            word = word or Word()
            word.quoted = True
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    word.text += text[i + 1]
                    i += 2
                    continue
                if text.startswith("$(", i) and not text.startswith("$((", i):
                    close = _closing_paren(text, i + 2)
                    word.subs.append(text[i + 2 : close])
                    word.text += text[i : close + 1]
                    line += text.count("\n", i, close)
                    i = close + 1
                    continue
                if text[i] == "`":
                    close = text.find("`", i + 1)
                    close = n if close < 0 else close
                    word.subs.append(text[i + 1 : close])
                    word.text += text[i : close + 1]
                    i = close + 1
                    continue
                if text[i] == "\n":
                    line += 1
                word.text += text[i]
                i += 1
            i += 1
            continue
        if ch == "$" and text.startswith("$(", i) and not text.startswith("$((", i):
            close = _closing_paren(text, i + 2)
            word = word or Word()
            word.subs.append(text[i + 2 : close])
            word.text += text[i : close + 1]
            line += text.count("\n", i, close)
            i = close + 1
            continue
        if ch == "`":
            close = text.find("`", i + 1)
            close = n if close < 0 else close
            word = word or Word()
            word.subs.append(text[i + 1 : close])
            word.text += text[i : close + 1]
            line += text.count("\n", i, close)
            i = close + 1
            continue
        if ch in "<>" and word is None and text.startswith("(", i + 1):
            close = _closing_paren(text, i + 2)
            sub = Word(text[i : close + 1], [text[i + 2 : close]], process_sub=ch == "<")
            line += text.count("\n", i, close)
            i = close + 1
            if pending_redirect is not None:  # `< <(cmd)`: the redirect reads the process
                current.redirects.append((pending_redirect, sub))
                pending_redirect = None
            else:
                current.words.append(sub)
            continue
        if ch == "#" and word is None:
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in " \t\r":
            end_word()
            i += 1
            continue
        if ch == "\n":
            end_word()
            line += 1
            end_command()
            i += 1
            for owner, delimiter in heredocs:
                owner.heredoc_line = line
                start = i
                i = _read_heredoc(text, i, delimiter, owner)
                line += text.count("\n", start, i)
            if heredocs:
                heredocs.clear()
                current = Simple(line)
            continue
        if ch in "()" or (ch in "{}" and word is None):  # subshells and groups
            end_command()
            i += 1
            continue
        redirect = next((r for r in _REDIRECTS if text.startswith(r, i)), None)
        if redirect is not None and (word is None or word.text.isdigit()):
            if word is not None:  # 2> : the descriptor is part of the redirect
                word = None
            end_word()
            pending_redirect = redirect
            i += len(redirect)
            if redirect in (">&", "<&") and i < n and (text[i].isdigit() or text[i] == "-"):
                current.redirects.append((redirect, Word(text[i])))
                pending_redirect = None
                i += 1
            continue
        operator = next((o for o in _OPERATORS if text.startswith(o, i)), None)
        if operator is not None:
            end_command(piped=operator in ("|", "|&"), and_then=operator == "&&")
            i += len(operator)
            continue
        word = word or Word()
        word.text += ch
        i += 1
    end_command()
    return commands


def _read_heredoc(text: str, start: int, delimiter: str, command: Simple) -> int:
    """Read a here-document body from ``start`` up to a line holding only ``delimiter``;
    store it on ``command``; return the index after the delimiter line."""
    lines: list[str] = []
    i = start
    while i < len(text):
        end = text.find("\n", i)
        end = len(text) if end < 0 else end
        current = text[i:end]
        if current.strip() == delimiter:
            command.heredoc = "\n".join(lines)
            return end + 1
        lines.append(current)
        i = end + 1
    command.heredoc = "\n".join(lines)
    return len(text)


def pipelines(commands: list[Simple]) -> list[list[Simple]]:
    """The commands grouped into pipelines (``a | b | c`` is one group)."""
    groups: list[list[Simple]] = []
    group: list[Simple] = []
    for command in commands:
        group.append(command)
        if not command.piped:
            groups.append(group)
            group = []
    if group:
        groups.append(group)
    return groups
