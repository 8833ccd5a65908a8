"""One skill's body as an agent injects it when the skill is invoked.

Three steps, each agent's own (reference/agents.md §5, Claude Code 2.1.330 ``Vgt``):

1. **Arguments and variables.** Claude Code, in order: ``\\$`` escapes; named ``$name`` from
   the ``arguments`` field (at most 64 names of at most 64 characters, longest first; a missing
   one becomes ""); ``$ARGUMENTS[N]``; ``$N`` (both 0-based; an index with no argument stays
   literal); ``$ARGUMENTS``; when nothing was substituted and arguments were given,
   ``\\n\\nARGUMENTS: <args>`` is appended; then ``${CLAUDE_SKILL_DIR}``,
   ``${CLAUDE_PROJECT_DIR}``, ``${CLAUDE_SESSION_ID}``, ``${CLAUDE_EFFORT}``. Substituted
   values are never rescanned for ``$`` forms. Each argument value is first given the
   variables, then *defused* for inline shell (:func:`defuse_inline_shell`, Claude Code
   2.1.332's ``uG``: ``!``` becomes ``! ```, a ``!`` at a line start or after a space gets a
   backslash), so ``--args '!`cmd`'`` never runs ``cmd``. Variable values (the skill and
   project paths) are *not* defused: Claude Code scans them for inline shell like the body
   (verified: a project folder named ``p !`touch X``` runs ``touch X``), and so does skillctl
   with ``--exec``. Amp: ``{{arguments}}`` (else the same ``ARGUMENTS:`` append)
   and ``{baseDir}``; OpenClaw: ``{baseDir}``; Goose: ``$ARGUMENTS``. Arguments are split with
   shell-style quoting.
2. **Inline shell** (Claude Code): ``!`cmd``` at a line start or after whitespace, and
   ````` ```! ````` fenced blocks. Shown, never run, unless the caller asks (``execute=True``):
   then each command runs with ``/bin/sh -c`` in the project directory (where Claude Code
   runs its Bash tool; verified with 2.1.332), stdin closed, in its own process group that is
   killed on timeout.
3. **The wrapper** the agent puts around it (``WRAPPERS``, keyed by the profile's
   ``body_wrapper``).

A rewrite inside a fenced code block (an awk ``$0``, a shell ``$1``) is reported as a note:
it is almost always a bug in the skill.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillctl.errors import UsageError
from skillctl.model import Skill
from skillctl.process import run_in_group

_ESC = "\uffff"  # a ``$`` that must come out literally
_WRAP = "\ufffe"  # brackets a substituted value so it is never rescanned
_MAX_NAMES = 64
_MAX_NAME_LEN = 64
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_SHELL_FENCE = re.compile(r"```!\s*\n?([\s\S]*?)\n?```")
_SHELL_INLINE = re.compile(r"(?:(?<=\s)|^)!`([^`]+)`", re.M)
_CODE_SPAN = re.compile(r"`[^`\n]+`")


@dataclass(frozen=True, slots=True)
class ShellCommand:
    """An inline shell command found in a body, and what happened when it ran (if it did)."""

    command: str
    line: int
    ran: bool = False
    exit_code: int | None = None
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    error: str | None = None


@dataclass(frozen=True, slots=True)
class BodyOptions:
    """What the invocation supplies: the raw argument string and the session variables.

    ``args`` None means the skill was invoked with no argument string at all.
    """

    args: str | None = None
    project_dir: Path | None = None
    session_id: str = "<session-id>"
    effort: str = "<effort>"
    execute: bool = False
    timeout: float = 10.0


@dataclass(frozen=True, slots=True)
class RenderedBody:
    """The text the agent injects, the wrapper used, notes and the inline shell commands."""

    text: str
    wrapper: str
    notes: tuple[str, ...] = ()
    commands: tuple[ShellCommand, ...] = field(default=())


# --------------------------------------------------------------------------- arguments


def split_arguments(args: str) -> list[str]:
    """Split an argument string shell-style; unbalanced quotes fall back to whitespace."""
    if not args.strip():
        return []
    try:
        parts = shlex.split(args)
    except ValueError:
        parts = []
    return parts or args.split()


def argument_names(value: Any) -> list[str]:
    """The ``arguments`` field as names: a list or a space-separated string; numbers skipped."""
    if isinstance(value, list):
        items = [v for v in value if isinstance(v, str)]
    elif isinstance(value, str):
        items = value.split()
    else:
        return []
    return [v for v in items if v.strip() and not v.strip().isdigit()]


def _segments(text: str) -> list[tuple[str, bool, int]]:
    """Split ``text`` at line boundaries into (chunk, inside_fence, first_line) pieces."""
    out: list[tuple[str, bool, int]] = []
    current: list[str] = []
    inside = False
    marker = ""
    start = 1
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        match = _FENCE.match(line)
        opens = match is not None and not inside
        closes = inside and match is not None and match.group(1)[0] == marker[0] \
            and len(match.group(1)) >= len(marker) and not line.strip()[len(match.group(1)):]
        if opens and match is not None:
            if current:
                out.append(("".join(current), False, start))
            current, inside, marker, start = [line], True, match.group(1), number
        elif closes:
            current.append(line)
            out.append(("".join(current), True, start))
            current, inside, start = [], False, number + 1
        else:
            current.append(line)
    if current:
        out.append(("".join(current), inside, start))
    return out


def _protect(value: str) -> str:
    return _WRAP + value.replace(_ESC, "\ufffd").replace(_WRAP, "\ufffd").replace("$", _ESC) + _WRAP


def defuse_inline_shell(value: str) -> str:
    """An argument value made inert for inline shell, exactly as Claude Code 2.1.332 does it
    (``uG``): a backtick then ``!`` gets a space between them, so does ``!`` then a backtick,
    and a ``!`` that starts a line or follows whitespace gets a backslash before it."""
    value = value.replace("`!", "` !").replace("!`", "! `")
    return re.sub(r"(^|\s)!", lambda m: m.group(1) + "\\!", value, flags=re.M)


def claude_substitute(
    text: str,
    args: str | None,
    names: Sequence[str],
    transform: Callable[[str], str] | None = None,
) -> tuple[str, list[int]]:
    """Claude Code's argument substitution; returns the text and the first lines of code
    fences whose content it rewrote. ``transform`` is applied to every argument value before
    it is put in (Claude Code: the variables, then :func:`defuse_inline_shell`)."""
    if args is None:
        return text, []
    positional: list[str] | None = None

    def arg(index: int) -> str | None:
        nonlocal positional
        if positional is None:
            positional = split_arguments(args)
        return positional[index] if 0 <= index < len(positional) else None

    named = sorted(((n, i) for i, n in enumerate(names) if n and len(n) <= _MAX_NAME_LEN),
                   key=lambda p: p[1])[:_MAX_NAMES]
    named.sort(key=lambda p: -len(p[0]))
    guard = "|".join([r"\d", "ARGUMENTS", *(re.escape(n) + r"(?![\[\w])" for n, _ in named)])
    escape = re.compile(r"(?<!\\)\\\$(?=" + guard + ")")
    substituted = False

    def value(text_value: str | None) -> str:
        nonlocal substituted
        substituted = True
        text_value = text_value or ""
        return _protect(transform(text_value) if transform is not None else text_value)

    pieces = [(chunk.replace(_ESC, "\ufffd").replace(_WRAP, "\ufffd"), fenced, line)
              for chunk, fenced, line in _segments(text)]

    def each(step: Callable[[str], str]) -> None:
        for index, (chunk, fenced, line) in enumerate(pieces):
            pieces[index] = (step(chunk), fenced, line)

    originals = [chunk for chunk, _, _ in pieces]
    each(lambda s: escape.sub(_ESC, s))
    def named_step(pattern: re.Pattern[str], index: int) -> Callable[[str], str]:
        return lambda chunk: pattern.sub(lambda _m: value(arg(index)), chunk)

    for name, index in named:
        each(named_step(re.compile(r"\$" + re.escape(name) + r"(?![\[\w])"), index))

    def indexed(match: re.Match[str]) -> str:
        found = arg(int(match.group(1)))
        return _ESC + match.group(0)[1:] if found is None else value(found)

    def numbered(match: re.Match[str]) -> str:
        found = arg(int(match.group(1)))
        return match.group(0) if found is None else value(found)

    each(lambda s: re.sub(r"\$ARGUMENTS\[(\d+)\]", indexed, s))
    each(lambda s: re.sub(r"\$(\d+)(?!\w)", numbered, s))
    each(lambda s: re.sub(r"\$ARGUMENTS", lambda _m: value(args), s))
    rewritten = [line for (chunk, fenced, line), before in zip(pieces, originals, strict=True)
                 if fenced and chunk != before]
    result = "".join(chunk for chunk, _, _ in pieces)
    if not substituted and args:
        result += "\n\nARGUMENTS: " + _protect(transform(args) if transform is not None else args)
    return result.replace(_ESC, "$").replace(_WRAP, ""), rewritten


def _replace_vars(text: str, variables: Mapping[str, str]) -> tuple[str, list[int]]:
    lines: list[int] = []
    for chunk, fenced, line in _segments(text):
        if fenced and any(key in chunk for key in variables):
            lines.append(line)
    for key, val in variables.items():
        text = text.replace(key, val)
    return text, lines


# --------------------------------------------------------------------------- inline shell


def find_shell_commands(text: str) -> list[tuple[str, str, int]]:
    """(raw match, command, line) for every inline shell command, fenced first, in order."""
    found: list[tuple[str, str, int, int]] = []
    for match in _SHELL_FENCE.finditer(text):
        command = match.group(1).strip()
        if command:
            line = text.count("\n", 0, match.start()) + 1
            found.append((match.group(0), command, match.start(), line))
    if "!`" in text:
        masked = _CODE_SPAN.sub(
            lambda m: m.group(0) if m.start() > 0 and text[m.start() - 1] in "!`"
            else "`" + " " * (len(m.group(0)) - 2) + "`", text)
        for match in _SHELL_INLINE.finditer(masked):
            command = match.group(1).strip()
            raw = text[match.start():match.end()]
            if command:
                line = text.count("\n", 0, match.start()) + 1
                found.append((raw, command, match.start(), line))
    return [(raw, cmd, line) for raw, cmd, _, line in found]


#: Bytes of an inline command's stdout (and of its stderr) that are kept.
SHELL_OUTPUT_LIMIT = 1024 * 1024


def _shell_text(data: bytes | None, truncated: bool) -> str:
    text = (data or b"").decode("utf-8", "replace")
    if truncated:
        text += f"\n[output cut at {SHELL_OUTPUT_LIMIT} bytes]"
    return text


def run_shell(command: str, cwd: Path, timeout: float, line: int = 0) -> ShellCommand:
    """Run one command with ``/bin/sh -c`` in ``cwd``, stdin closed, its own process group;
    on timeout the whole group is killed, and each output stream is cut at
    :data:`SHELL_OUTPUT_LIMIT` bytes. Never raises (but lets Ctrl-C through)."""
    try:
        run = run_in_group(
            ["/bin/sh", "-c", command],
            cwd=cwd,
            env=os.environ,
            timeout=timeout,
            capture=True,
            limit=SHELL_OUTPUT_LIMIT,
            kill_grace=1.0,
        )
    except OSError as exc:
        return ShellCommand(command, line, ran=False,
                            error=f"could not start: {exc.strerror or exc}")
    if run.interrupted:
        raise KeyboardInterrupt
    return ShellCommand(
        command,
        line,
        ran=True,
        exit_code=None if run.timed_out else run.returncode,
        stdout=_shell_text(run.stdout, run.stdout_truncated),
        stderr=_shell_text(run.stderr, run.stderr_truncated),
        timed_out=run.timed_out,
    )


def _apply_shell(text: str, options: BodyOptions, cwd: Path) -> tuple[str, list[ShellCommand]]:
    results: list[ShellCommand] = []
    replacements: list[tuple[str, str]] = []
    for raw, command, line in find_shell_commands(text):
        if not options.execute:
            results.append(ShellCommand(command, line))
            continue
        result = run_shell(command, cwd, options.timeout, line)
        results.append(result)
        output = (result.stdout + result.stderr).rstrip("\n")
        replacements.append((raw, output))
    for raw, output in replacements:  # one pass; the output is not scanned again
        text = text.replace(raw, output, 1)
    return text, results


# --------------------------------------------------------------------------- wrappers


@dataclass(frozen=True, slots=True)
class _Context:
    skill: Skill
    name: str
    description: str
    body: str
    directory: Path
    files: tuple[str, ...]


def _claude(c: _Context) -> str:
    return f"Base directory for this skill: {c.directory}\n\n{c.body}"


def _opencode(c: _Context) -> str:
    sample = [str(c.directory / f) for f in c.files if f != c.skill.entry.name][:10]
    return "\n".join([f'<skill_content name="{c.name}">', f"# Skill: {c.name}", "", c.body.strip(),
                      "", f"Base directory for this skill: {c.directory.as_uri()}",
                      "Relative paths in this skill (e.g., scripts/, reference/) are relative to "
                      "this base directory.", "Note: file list is sampled.", "", "<skill_files>",
                      *(f"<file>{f}</file>" for f in sample), "</skill_files>", "</skill_content>"])


def _amp(c: _Context) -> str:
    files = [f for f in c.files if f != c.skill.entry.name]
    parts = [f'<loaded_skill name="{c.name}">', f"# {c.name} Skill", "", c.body.strip(), "",
             f"Base directory for this skill: {c.directory}"]
    if files:
        parts += ["", "<skill_files>", *(f"<file>{f}</file>" for f in files), "</skill_files>"]
    return "\n".join([*parts, "</loaded_skill>"])


def _gemini(c: _Context) -> str:
    tree = "\n".join([str(c.directory), *(f"  {f}" for f in c.files)])
    return (f'<activated_skill name="{c.name}">\n<instructions>\n{c.body.strip()}\n'
            f"</instructions>\n<available_resources>\n{tree}\n</available_resources>\n</activated_skill>")


def _goose(c: _Context) -> str:
    text = f"# Loaded Skill: {c.name} (skill)\n\n{c.description}\n\n## Content\n\n{c.body.strip()}"
    files = [f for f in c.files if f != c.skill.entry.name]
    if files:
        text += "\n\n## Supporting Files\n\n" + "\n".join(f"- {c.directory / f}" for f in files)
    return text


def _whole_file(c: _Context) -> str:
    return c.skill.parsed.text or ""


def _plain(c: _Context) -> str:
    return c.body


@dataclass(frozen=True, slots=True)
class Wrapper:
    """How one agent wraps and substitutes a body. ``substitution`` names the scheme:
    ``claude-code``, ``amp``, ``openclaw``, ``goose`` or ``none``; ``name_from_dir`` says the
    agent calls the skill by its directory name."""

    id: str
    wrap: Callable[[_Context], str]
    substitution: str = "none"  # a key of SUBSTITUTIONS
    name_from_dir: bool = False
    inline_shell: bool = False  # runs !`cmd` and ```! blocks on invocation
    note: str = ""


#: A substitution style: (body, frontmatter, options, skill dir) -> (new body, body lines of
#: the code fences it rewrote inside).
Substitution = Callable[[str, Mapping[str, Any], BodyOptions, Path], tuple[str, list[int]]]


def _substitute_claude(
    body: str, data: Mapping[str, Any], options: BodyOptions, directory: Path
) -> tuple[str, list[int]]:
    project = Path(os.path.abspath(options.project_dir or Path.cwd()))
    variables = {
        "${CLAUDE_SKILL_DIR}": str(directory), "${CLAUDE_PROJECT_DIR}": str(project),
        "${CLAUDE_SESSION_ID}": options.session_id, "${CLAUDE_EFFORT}": options.effort}

    def argument(value: str) -> str:
        for key, val in variables.items():
            value = value.replace(key, val)
        return defuse_inline_shell(value)

    body, fence_lines = claude_substitute(
        body, options.args, argument_names(data.get("arguments")), argument)
    body, more = _replace_vars(body, variables)
    return body, fence_lines + more


def _substitute_amp(
    body: str, data: Mapping[str, Any], options: BodyOptions, directory: Path
) -> tuple[str, list[int]]:
    fence_lines = _fences_with(body, "{{arguments}}", "{baseDir}")
    if "{{arguments}}" in body:
        body = body.replace("{{arguments}}", options.args or "")
    elif options.args:
        body += "\n\nARGUMENTS: " + options.args
    return body.replace("{baseDir}", str(directory)), fence_lines


def _substitute_base_dir(
    body: str, data: Mapping[str, Any], options: BodyOptions, directory: Path
) -> tuple[str, list[int]]:
    return body.replace("{baseDir}", str(directory)), _fences_with(body, "{baseDir}")


def _substitute_arguments(
    body: str, data: Mapping[str, Any], options: BodyOptions, directory: Path
) -> tuple[str, list[int]]:
    return body.replace("$ARGUMENTS", options.args or ""), _fences_with(body, "$ARGUMENTS")


def _substitute_nothing(
    body: str, data: Mapping[str, Any], options: BodyOptions, directory: Path
) -> tuple[str, list[int]]:
    return body, []


#: Substitution style (``Wrapper.substitution``) -> what it does to a body on invocation.
SUBSTITUTIONS: dict[str, Substitution] = {
    "claude-code": _substitute_claude,
    "amp": _substitute_amp,
    "openclaw": _substitute_base_dir,
    "goose": _substitute_arguments,
    "none": _substitute_nothing,
}


#: Wrapper id (the profile field ``body_wrapper``) -> wrapper.
WRAPPERS: dict[str, Wrapper] = {
    w.id: w
    for w in (
        Wrapper("claude-code", _claude, "claude-code", name_from_dir=True, inline_shell=True),
        Wrapper("opencode", _opencode, note="OpenCode samples up to 10 files; skillctl lists "
                "the first 10 in sorted order."),
        Wrapper("amp", _amp, "amp", note="Amp's <loaded_skill> layout beyond the first lines "
                "is uncertain (tool lists are not shown)."),
        Wrapper("gemini-cli", _gemini, note="Gemini's folder-tree layout is approximate."),
        Wrapper("goose", _goose, "goose", note="Goose's supporting-files layout is approximate."),
        Wrapper("codex", _whole_file, note="Codex injects the whole SKILL.md; no substitution."),
        Wrapper("openclaw", _whole_file, "openclaw",
                note="OpenClaw's model reads SKILL.md itself; {baseDir} is substituted."),
        Wrapper("plain", _plain),
    )
}


def get_wrapper(wrapper_id: str) -> Wrapper:
    """The wrapper with this id; unknown ids are a usage error."""
    try:
        return WRAPPERS[wrapper_id]
    except KeyError:
        known = ", ".join(WRAPPERS)
        raise UsageError(f"unknown body wrapper {wrapper_id!r} (known: {known})") from None


def _fences_with(text: str, *needles: str) -> list[int]:
    return [line for chunk, fenced, line in _segments(text)
            if fenced and any(n in chunk for n in needles)]


def render_body(skill: Skill, wrapper_id: str, options: BodyOptions | None = None) -> RenderedBody:
    """What ``wrapper_id``'s agent injects when ``skill`` is invoked with ``options``."""
    from skillctl.scan import skill_files

    options = options or BodyOptions()
    wrapper = get_wrapper(wrapper_id)
    directory = Path(os.path.abspath(skill.dir))
    data = skill.parsed.data
    declared = data.get("name")
    use_dir = wrapper.name_from_dir or not isinstance(declared, str) or not declared
    name = skill.dir_name if use_dir or not isinstance(declared, str) else declared
    description = data.get("description")
    notes: list[str] = [wrapper.note] if wrapper.note else []
    body = skill.parsed.body
    body, fence_lines = SUBSTITUTIONS[wrapper.substitution](body, data, options, directory)
    for line in sorted(set(fence_lines)):
        notes.append(f"substitution rewrote text inside the code fence starting at body line "
                     f"{line}: check it is meant for {wrapper.id}, not for a shell or awk ($0, $1)")
    commands: list[ShellCommand] = []
    if wrapper.inline_shell:
        # Claude Code runs them with its Bash tool, in the session's working directory (the
        # project), not in the skill's folder (verified with 2.1.332)
        where = Path(os.path.abspath(options.project_dir or Path.cwd()))
        body, commands = _apply_shell(body, options, where)
        if commands and not options.execute:
            notes.append(f"{len(commands)} inline shell command(s) shown, not run "
                         "(Claude Code runs them on invocation; pass --exec to run them here)")
    files, _ = skill_files(skill)
    context = _Context(skill, name, description if isinstance(description, str) else "", body,
                       directory, tuple(sorted(f.relpath for f in files)))
    return RenderedBody(wrapper.wrap(context), wrapper.id, tuple(notes), tuple(commands))
