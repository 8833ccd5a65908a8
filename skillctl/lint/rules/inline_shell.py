"""``inline-shell``: text an agent runs as a shell command when it loads the skill."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from skillctl.lint.context import SkillContext, every_profile
from skillctl.lint.registry import NO_FINDINGS, Finding, rule
from skillctl.model import Severity

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile

#: what a shell command starts with: anything else (a CJK full stop, a line break) is prose
#: that happens to follow a ``!```
_COMMAND_START = re.compile(r"""[A-Za-z0-9_./~$'"({\[\\-]""")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_SHOWN = 60


@functools.cache
def _runs_inline_shell(profile_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The display names of the agents (of ``profile_ids``, or every agent for none) whose
    body wrapper runs inline shell."""
    from skillctl.lint.context import load_profiles
    from skillctl.render.body import WRAPPERS

    profiles: tuple[Profile, ...] = load_profiles(profile_ids) if profile_ids else every_profile()
    return tuple(p.display_name for p in profiles
                 if p.body_wrapper is not None and WRAPPERS[p.body_wrapper].inline_shell)


def _code_blocks(body: str) -> dict[int, list[int]]:
    """1-based line -> the lines of text of its code block, for every line of ``body`` in a
    fenced code block (fences included, not counted as text) or an indented one (four
    spaces or a tab after a blank line)."""
    blocks: dict[int, list[int]] = {}
    text: list[int] = []
    opener: str | None = None
    previous_blank = True
    indented = False
    for index, line in enumerate(body.split("\n"), start=1):
        fence = _FENCE.match(line)
        if opener is not None:
            blocks[index] = text
            if fence and fence.group(1)[0] == opener[0] and len(fence.group(1)) >= len(opener):
                opener = None
            elif line.strip():
                text.append(index)
            continue
        if fence:
            opener = fence.group(1)
            text = []
            blocks[index] = text
            continue
        blank = not line.strip()
        if line.startswith(("    ", "\t")) and not blank and (previous_blank or indented):
            if not indented:
                text = []
            indented = True
            text.append(index)
            blocks[index] = text
        elif not blank:
            indented = False
        previous_blank = blank
    return blocks


@rule("inline-shell", Severity.ERROR, agents=("claude-code",), category="agent")
def inline_shell(ctx: SkillContext) -> Iterator[Finding]:
    """The body holds `` !`…` `` that Claude Code runs as a shell command every time the skill
    loads, where the author cannot have meant one: an example inside a code block, or prose.

    Claude Code runs `` !`command` `` (at a line start or after a space) when it loads a
    skill, to put the output in the prompt, and it does so inside fenced and indented code
    blocks too (checked with 2.1.332). Without permission to run the command it does not
    load the skill at all ("Shell command permission check failed"); with it, the example
    (`npm test $1`) runs on every use. A `!` that happens to stand before a backtick in prose
    (`… . !`。`) turns everything up to the next backtick into a "command". A command in
    prose meant as one (`Branch: !`git branch --show-current``) is not reported, nor a code
    block that holds the command alone (its output shown as code), nor a ```` ```! ```` block.

    Fails: a fenced example holding `` Files changed: !`git diff --name-only` ``.
    Passes: `` Files changed: ! `git diff --name-only` `` (a space after the `!`).

    Matters for Claude Code.
    """
    body = ctx.parsed.body
    if "!`" not in body:
        return NO_FINDINGS
    agents = _runs_inline_shell(ctx.config.agents)
    if not agents:
        return NO_FINDINGS  # no chosen agent runs inline shell
    return _findings(ctx, body, " and ".join(agents))


def _findings(ctx: SkillContext, body: str, agents: str) -> Iterator[Finding]:
    """One finding for the examples in code blocks and one for the prose, each at the first
    of its kind, with the count of the others."""
    from skillctl.render.body import find_shell_commands

    blocks = _code_blocks(body)
    lines = body.split("\n")
    found: dict[str, list[tuple[str, int]]] = {}
    for raw, command, line in find_shell_commands(body):
        if raw.startswith("```"):
            continue  # a ```! block: meant to run
        block = blocks.get(line)
        if block == [line] and lines[line - 1].strip() == raw:
            continue  # a block of its output alone (```json / !`cmd --json` / ```): meant
        if block is not None:
            found.setdefault("an example in a code block, run all the same", []).append(
                (command, line))
        elif "\n" in command or not _COMMAND_START.match(command):
            found.setdefault("prose after a '!', not a command", []).append((command, line))
    offset = ctx.parsed.body_start_line - 1
    for why, commands in found.items():
        command, line = commands[0]
        shown = command if len(command) <= _SHOWN else command[: _SHOWN - 3] + "..."
        more = f", and {len(commands) - 1} more like it" if len(commands) > 1 else ""
        yield Finding(
            f"{agents} runs {shown!r} as a shell command whenever the skill loads ({why}"
            f"{more}); without permission to run it, the skill does not load",
            line + offset,
            hint="write '! `' (a space after the '!') so that no agent runs it",
        )
