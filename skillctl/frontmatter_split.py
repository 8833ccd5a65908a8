"""Where each agent's own code cuts the frontmatter off a SKILL.md, when that differs from the
line-based split of :mod:`skillctl.parse` (``---`` alone on a line opens and closes it).

Read from the agents' code and checked by running them (conformance case
``frontmatter-closers``, 2026-11-29):

- Claude Code 2.1.332: ``/^---\\s*\\n([\\s\\S]*?)---\\s*\\n?/``, tried only when ``---`` occurs
  again after the opening one: the frontmatter ends at the next ``---`` wherever it stands, a
  ``----`` line or the middle of a value (``description: A---B`` is ``A``).
- Gemini CLI 0.61.0: ``/^---\\r?\\n([\\s\\S]*?)\\r?\\n---(?:\\r?\\n([\\s\\S]*))?/``: the opening
  line is exactly ``---``; the first line that starts with ``---`` closes (``----``,
  ``--- ``).
- OpenCode 1.18.33 (gray-matter): the file starts with ``---`` not followed by another ``-``
  (the rest of that line names the language); the first line that starts with ``---`` closes;
  without one, the whole rest is the frontmatter.

Each function takes the text as :mod:`skillctl.parse` keeps it (BOM removed, line endings
``\\n``) and returns the frontmatter text and the body, or None when the agent sees no
frontmatter.
"""

from __future__ import annotations

import re

_CLAUDE = re.compile(r"---\s*\n([\s\S]*?)---\s*\n?")


def claude_code(text: str) -> tuple[str, str] | None:
    """Claude Code's split (its ``K0`` pattern, tried when ``---`` occurs again)."""
    if text.find("---", 3) < 0:
        return None
    found = _CLAUDE.match(text)
    if found is None:
        return None
    return found.group(1), text[found.end():]


def gemini_cli(text: str) -> tuple[str, str] | None:
    """Gemini CLI's split (``FRONTMATTER_REGEX``): the group starts after ``---\n`` and ends
    at the first ``\n---``; the body is what follows that line's break, if one follows."""
    if not text.startswith("---\n"):
        return None
    close = text.find("\n---", 4)
    if close < 0:
        return None
    after = close + 4
    return text[4:close], text[after + 1:] if text[after:after + 1] == "\n" else ""


def gray_matter(text: str) -> tuple[str, str] | None:
    """gray-matter's split with its default ``---`` delimiters (OpenCode)."""
    if not text.startswith("---") or text[3:4] == "-":
        return None
    rest = text[3:]
    line_end = rest.find("\n")
    language = rest[:line_end] if line_end >= 0 else rest[:-1]
    if language.strip():
        rest = rest[len(language):]  # ("---yaml": the language, taken off)
    close = rest.find("\n---")
    if close < 0:
        matter, body = rest, ""
    else:
        matter, body = rest[:close], rest[close + 4:]
        body = body[1:] if body.startswith("\n") else body
    # the opening line's break (and its blanks) lead the matter; YAML reads past them
    first_break = matter.find("\n")
    if first_break >= 0 and not matter[:first_break].strip():
        matter = matter[first_break + 1:]
    elif not matter.strip():
        matter = ""
    return matter, body


def differs(frontmatter_text: str | None, split: tuple[str, str] | None) -> bool:
    """Whether an agent's split gives another frontmatter than the line-based one."""
    if split is None or frontmatter_text is None:
        return (split is None) != (frontmatter_text is None)
    return split[0].rstrip("\n") != frontmatter_text.rstrip("\n")


def rejoined(split: tuple[str, str]) -> str:
    """A file whose line-based split is ``split``: what the agent reads, for the parser."""
    matter, body = split
    return "---\n" + matter + ("" if not matter or matter.endswith("\n") else "\n") + \
        "---\n" + body


#: The split each parser dialect (a profile's ``parser``) makes, where it is not the
#: line-based one.
BY_DIALECT = {"claude-lenient": claude_code, "js-yaml-fallback": gemini_cli,
              "opencode": gray_matter}
