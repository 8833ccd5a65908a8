"""Generate ``man/skillctl.1`` (roff) from the Typer app.

Walks ``typer.main.get_command(app)``: every command with its usage line, help text and every
option and argument (``get_help_record``), then the fixed sections (exit status, environment,
files, examples). The output has no date from the clock, so it only changes when the CLI does;
``tests/test_ecosystem_generated.py`` fails when the committed page drifts.

Usage: python scripts/gen_man.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
OUTPUT = REPO / "man" / "skillctl.1"

DESCRIPTION = [
    "A skill is a directory with a SKILL.md file: YAML frontmatter (name, description, ...) "
    "and Markdown instructions, plus optional scripts/, references/ and assets/. Coding agents "
    "(Claude Code, OpenCode, Codex, Amp, OpenClaw, Gemini CLI, Copilot, Cursor, Goose) each "
    "discover, validate and show skills differently; skillctl makes that visible and "
    "checkable.",
    "list and show tell which skills an agent finds from a directory, which copy wins and why "
    "a skill is missing; lint checks skills against the open specification and each agent's "
    "own rules; render prints the catalog and skill text an agent puts in its prompt; "
    "run\\-script runs a skill's script the way an agent would; new creates a skill that "
    "passes lint; schema prints the frontmatter JSON Schema for editors; audit lists a "
    "skill's security findings and what it can do; rules explains the lint rules; agents "
    "shows where each agent looks; disable and enable switch a skill off and on in an "
    "agent's own settings; link and unlink expose one skill folder to several agents.",
    "skillctl never changes a file unless asked to (lint \\-\\-fix, render \\-\\-into, new, "
    "disable, enable, link, unlink).",
]

EXIT_STATUS = [
    ("0", "Success: no findings, or the command did what it was asked."),
    ("1", "Findings (lint errors, or warnings with \\-\\-strict; audit: security errors) "
          "or a failed check (render \\-\\-check, a failed render \\-\\-exec command); "
          "disable and enable: another setting still decides, or an agent of 'all' was "
          "skipped; link: refused; unlink: nothing to remove, or refused."),
    ("2", "Usage error: bad option, missing path, unknown agent or rule, invalid "
          "configuration (invalid TOML included), refused name; disable and enable: a settings "
          "file refused (malformed, read\\-only); link and unlink: a write error."),
    ("3", "Internal error (set SKILLCTL_DEBUG=1 for a traceback)."),
    ("124", "A script run by run\\-script (or a render \\-\\-exec command) timed out."),
    ("126", "run\\-script: the script cannot be run (not a regular file, not executable, or "
            "refused by the system)."),
    ("127", "run\\-script: the script's interpreter (or uv, for a PEP 723 script) is not "
            "found. Otherwise run\\-script exits with the script's own status."),
    ("129", "run\\-script: hung up (SIGHUP) while the script ran."),
    ("130", "Interrupted (Ctrl\\-C)."),
    ("143", "run\\-script: terminated (SIGTERM) while the script ran."),
]

ENVIRONMENT = [
    ("NO_COLOR", "When set (to anything but the empty string), human output has no colour. "
                 "Colour is decided by the first that applies: --color always|never, "
                 "NO_COLOR, FORCE_COLOR, then whether standard output is a terminal whose "
                 "TERM is not dumb."),
    ("FORCE_COLOR", "When set (to anything but the empty string), colour even into a pipe "
                    "(NO_COLOR and --color never win over it)."),
    ("COLUMNS", "The width list, agents, audit and rules lay their output out in (default: "
                "the terminal's; a pipe gets whole lines)."),
    ("SKILLCTL_DEBUG", "When set, an internal error shows the Python traceback instead of a "
                       "one-line message."),
    ("SKILLCTL_CACHE_DIR", "Directory of the lint cache (default: "
                           "$XDG_CACHE_HOME/skillctl)."),
    ("XDG_CACHE_HOME", "Base of the default cache directory (default: ~/.cache)."),
    ("XDG_CONFIG_HOME", "Base of user-level agent roots that live under ~/.config "
                        "(default: ~/.config)."),
    ("HOME", "User-level skill roots (~/.claude/skills, ~/.agents/skills, ...) are found "
             "below it."),
    ("SKILLCTL_JOBS", "Lint worker processes for runs of 1,000 skills or more (default: every "
                      "usable core; 1 keeps one process)."),
]


def agent_environment() -> list[tuple[str, str]]:
    """The environment variables the agent profiles read, each with the agents that read it.

    Taken from the profiles (roots switched off or on by a variable, ``{env:NAME}`` and
    ``{codex_home}`` in root templates), so the page follows the data.
    """
    import re

    from skillctl.agents import all_profiles

    readers: dict[str, set[str]] = {}
    for profile in all_profiles():
        for root in profile.roots:
            names = set(root.env_disable) | set(getattr(root, "env_enable", ()))
            names |= set(re.findall(r"\{env:([A-Za-z_][A-Za-z0-9_]*)\}", root.template))
            if "{codex_home}" in root.template:
                names.add("CODEX_HOME")
            for name in names:
                readers.setdefault(name, set()).add(profile.display_name)
    return [
        (name, "Read as the agent does when finding skill roots (" +
         ", ".join(sorted(readers[name])) + ").")
        for name in sorted(readers)
    ]

FILES = [
    ("pyproject.toml", "Lint configuration in the [tool.skillctl] table, found by walking up "
                       "from the first linted path."),
    ("skillctl.toml", "The same keys at the top level (or under [tool.skillctl]); looked for "
                      "before pyproject.toml in each directory."),
    ("$XDG_CACHE_HOME/skillctl/", "The lint cache (see SKILLCTL_CACHE_DIR); safe to delete."),
    ("SKILL.md", "A skill: YAML frontmatter (name, description, ...) and a Markdown body, in a "
                 "directory with optional scripts/, references/ and assets/."),
]

EXAMPLES = [
    ("List every skill in Claude Code's roots from here, and why each one is active, "
     "shadowed, hidden or invalid:",
     "skillctl list \\-\\-agent claude\\-code \\-\\-all \\-\\-explain"),
    ("Lint every skill below the current directory for two agents:",
     "skillctl lint \\-\\-agent claude\\-code \\-\\-agent codex ."),
    ("Lint in CI with annotations on the pull request:",
     "skillctl lint \\-\\-format github .claude/skills"),
    ("Show the skill catalog OpenCode puts in its system prompt:",
     "skillctl render \\-\\-agent opencode ."),
    ("Create a new skill with an example script:",
     "skillctl new pdf\\-tools \\-\\-dir .claude/skills \\-\\-scripts"),
    ("Save the frontmatter schema for an editor:",
     "skillctl schema \\-\\-agent claude\\-code > skill.schema.json"),
]


def escape(text: str) -> str:
    """Escape text for roff: backslashes, hyphens (as minus signs) and leading dots/quotes."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text: str) -> list[str]:
    """Split a help text into paragraphs, joining wrapped lines and dropping click's ``\\b``."""
    result: list[str] = []
    for block in text.strip().split("\n\n"):
        lines = [line.strip() for line in block.splitlines() if line.strip() not in {"", "\b"}]
        if lines:
            result.append(" ".join(lines))
    return result


def option_block(opts: str, help_text: str) -> list[str]:
    """A ``.TP`` entry: option names in bold, metavars in italics, then the help text."""
    words = []
    for token in opts.split():
        if token.startswith("-"):
            words.append(f"\\fB{escape(token)}\\fR")
        elif token == "/":
            words.append("/")
        else:
            words.append(f"\\fI{escape(token)}\\fR")
    return [".TP", " ".join(words), escape(help_text)]


def help_records(command: Any, ctx: Any, *, with_help: bool = True) -> list[tuple[str, str]]:
    """``(names, help)`` for every visible parameter of ``command`` (``--help`` optional)."""
    records = []
    help_names = set(ctx.help_option_names)
    for param in command.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        if not with_help and help_names & set(getattr(param, "opts", ())):
            continue
        record = param.get_help_record(ctx)
        if record is None:  # an argument without help: still list it
            name = param.human_readable_name if hasattr(param, "human_readable_name") else ""
            record = (str(name).upper(), "")
        records.append((record[0], " ".join(record[1].split())))
    return records


def render() -> str:
    """The whole man page as a string."""
    import typer.main

    from skillctl import __version__
    from skillctl.cli.app import app

    root = typer.main.get_command(app)
    root_ctx = root.make_context("skillctl", [], resilient_parsing=True)
    description = paragraphs(root.help or "")
    out = [
        '.\\" Generated by scripts/gen_man.py from the skillctl CLI; do not edit by hand.',
        f'.TH SKILLCTL 1 "" "skillctl {escape(__version__)}" "User Commands"',
        ".SH NAME",
        "skillctl \\- " + escape(description[0][0].lower() + description[0][1:].rstrip(".")),
        ".SH SYNOPSIS",
        ".B skillctl",
        "[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]...",
        ".SH DESCRIPTION",
    ]
    for para in DESCRIPTION:
        out += [para, ".PP"]
    out += [
        "Run \\fBskillctl \\fICOMMAND\\fB \\-\\-help\\fR for the help of one command.",
        ".SH OPTIONS",
    ]
    for opts, help_text in help_records(root, root_ctx):
        out += option_block(opts, help_text)
    out.append(".SH COMMANDS")
    commands = getattr(root, "commands", {})
    for name in sorted(commands):
        command = commands[name]
        if getattr(command, "hidden", False):
            continue
        ctx = command.make_context(name, [], parent=root_ctx, resilient_parsing=True)
        usage = " ".join(command.collect_usage_pieces(ctx))
        out += [f'.SS "skillctl {escape(name)} {escape(usage)}"']
        for index, para in enumerate(paragraphs(command.help or "")):
            if index:
                out.append(".PP")
            out.append(escape(para))
        records = help_records(command, ctx, with_help=False)
        if records:
            out += [".PP", "Options and arguments:"]
            for opts, help_text in records:
                out += option_block(opts, help_text)
    out.append(".SH EXIT STATUS")
    for code, text in EXIT_STATUS:
        out += [".TP", f"\\fB{code}\\fR", text]
    out.append(".SH ENVIRONMENT")
    for var, text in [*ENVIRONMENT, *agent_environment()]:
        out += [".TP", f"\\fB{escape(var)}\\fR", escape(text)]
    out.append(".SH FILES")
    for path, text in FILES:
        out += [".TP", f"\\fI{escape(path)}\\fR", escape(text)]
    out.append(".SH EXAMPLES")
    for text, example in EXAMPLES:
        out += [".PP", escape(text), ".PP", ".RS 4", f"\\fB{example}\\fR", ".RE"]
    out += [
        ".SH SEE ALSO",
        "The README of skillctl, docs/rules.md for every lint rule, and the Agent Skills "
        "specification at https://agentskills.io/specification.",
    ]
    return "\n".join(line for line in out if line != "") + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the man page, or with ``--check`` report whether the committed one is stale."""
    args = sys.argv[1:] if argv is None else argv
    text = render()
    if "--check" in args:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(REPO)} is out of date: run python scripts/gen_all.py",
                  file=sys.stderr)
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
