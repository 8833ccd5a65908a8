"""Issue 15 items 4, 5, 8 and 10 (SARIF): what a hostile repository can make skillctl print.

Each test builds the hostile tree for real and checks the bytes skillctl writes, piped and
(where the output differs on a terminal) through a real pseudo-terminal:

- item 4: a name or folder with ``\\n::warning ...::`` / ``::add-mask::`` never starts an
  output line (a GitHub Actions runner would run it as a workflow command);
- item 5: OSC (title, OSC 52 clipboard), ``ESC[2J``, CR and U+202E from names, descriptions,
  folder and script names never reach the output of ``list``, ``show``, ``run-script``,
  ``lint`` or ``render`` on a terminal; ``render`` into a pipe stays byte for byte;
- item 8: ``render --exec`` never runs a command found in an ``--args`` value;
- item 10: SARIF for a folder whose name is not UTF-8 is valid UTF-8 and valid Unicode.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from skillctl.render.body import defuse_inline_shell
from skillctl.textsafe import printable, printable_lines, unicode_safe

REPO = Path(__file__).resolve().parents[2]

#: What must never reach a terminal from a skill (the UTF-8 bytes of U+202E included).
OSC = b"\x1b]"
CLEAR = b"\x1b[2J"
BEL = b"\x07"
RLO = "\u202e".encode()
INJECTION = "\n::warning title=X::pwn\n::add-mask::Build"


def _env(home: Path) -> dict[str, str]:
    env = {key: os.environ[key] for key in ("PATH", "LANG", "LC_ALL") if key in os.environ}
    env.update(HOME=str(home), PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8",
               SKILLCTL_CACHE_DIR=str(home / ".cache-skillctl"), COLUMNS="200", TERM="xterm")
    return env


def _run(cwd: Path, *args: str) -> tuple[int, bytes, bytes]:
    """skillctl with stdout and stderr piped: the raw bytes."""
    proc = subprocess.run([sys.executable, "-m", "skillctl", *args], cwd=cwd,
                          env=_env(cwd / "home"), capture_output=True, timeout=120,
                          stdin=subprocess.DEVNULL, check=False)
    return proc.returncode, proc.stdout, proc.stderr


def _run_pty(cwd: Path, *args: str) -> tuple[int, bytes]:
    """skillctl with stdout and stderr on one real pseudo-terminal (output post-processing
    off, so the bytes are skillctl's own: no CR added before LF)."""
    master, slave = pty.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[1] &= ~termios.OPOST
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    proc = subprocess.Popen([sys.executable, "-m", "skillctl", *args], cwd=cwd,
                            env=_env(cwd / "home"), stdin=subprocess.DEVNULL, stdout=slave,
                            stderr=slave, start_new_session=True)
    os.close(slave)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not data:
                    break
                chunks.append(data)
            elif proc.poll() is not None:
                break
        code = proc.wait(timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, 9)
        os.close(master)
    return code, b"".join(chunks)


def _assert_inert(output: bytes, *, terminal: bool = False) -> None:
    """No terminal control from the tree: no OSC, no screen clear, no BEL, no CR, no bidi
    override. On a terminal rich may add its own SGR colours (``ESC[...m``), nothing else."""
    assert OSC not in output, output
    assert CLEAR not in output, output
    assert BEL not in output, output
    assert b"\r" not in output, output
    assert RLO not in output, output
    if not terminal:
        assert b"\x1b" not in output, output


def _no_workflow_command(output: bytes, *, annotations: bool = False) -> None:
    """No line that a GitHub Actions runner would run, but skillctl's own annotations."""
    for line in output.decode("utf-8", "replace").splitlines():
        stripped = line.lstrip()
        if not stripped.startswith("::"):
            continue
        assert annotations and stripped.startswith(("::error file=", "::warning file=",
                                                     "::notice file=")), line
        assert "::add-mask::" not in stripped.split("::", 3)[-1].split("%0A")[0] \
            or "\\n::add-mask::" in stripped, line


HOSTILE_FOLDER = "x\x1b]0;PWNTITLE\x07y\x1b[2J\u202ez"
HOSTILE_NAME = "n\x1b]52;c;SGVsbG8=\x07\x1b[2J\rEVIL\u202e" + INJECTION
HOSTILE_SCRIPT = "r\x1b]0;T\x07\u202eun\n::add-mask::Build.sh"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git project with one Claude Code skill whose every name is hostile."""
    root = tmp_path / "project"
    (root / "home").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True, timeout=30)
    skill = root / ".claude" / "skills" / HOSTILE_FOLDER
    (skill / "scripts").mkdir(parents=True)
    name = json.dumps(HOSTILE_NAME)  # a YAML double-quoted string with \u escapes
    description = json.dumps("desc \x1b]0;T\x07\rX\u202e ok. Use when" + INJECTION)
    (skill / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\n---\nbody $ARGUMENTS\n",
        encoding="utf-8")
    script = skill / "scripts" / HOSTILE_SCRIPT
    script.write_text("#!/bin/sh\necho hi\n")
    script.chmod(0o755)
    return root


def _skill_dir(project: Path) -> str:
    return str(project / ".claude" / "skills" / HOSTILE_FOLDER)


# --------------------------------------------------------------------------- the function


def test_printable_escapes_every_control_and_keeps_text() -> None:
    assert printable("a\nb\rc\x1b]0;t\x07\u202e\u2028\x9b\tü✓") == \
        "a\\nb\\rc\\x1b]0;t\\x07\\u202e\\u2028\\x9b\\tü✓"
    assert printable("bad\udcff") == "bad\\xff"  # the byte of a name that is not UTF-8
    assert printable_lines("one\x1b[2J\n\ttwo\r\n") == "one\\x1b[2J\n\ttwo\\r\n"


def test_printable_shows_invisible_format_characters_and_keeps_joiners() -> None:
    """``de\u200bploy`` must not pass for ``deploy``, nor a tag character (smuggled text)
    or U+FEFF for nothing; the joiners of emoji and of Persian or Indic text stay."""
    assert printable("de\u200bploy\u2060x\u00ad\ufeff") == "de\\u200bploy\\u2060x\\xad\\ufeff"
    assert printable("run\U000e0041\U000e0042") == "run\\U000e0041\\U000e0042"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # ZWNJ inside a word
    assert printable("👩\u200d💻 " + persian) == "👩\u200d💻 " + persian
    assert printable_lines("a\u200bb\nc") == "a\\u200bb\nc"
    assert unicode_safe("bad\udcff\udcfe ok") == "bad\\xff\\xfe ok"
    assert unicode_safe("ok ü\n") == "ok ü\n"


# --------------------------------------------------------------------------- item 4 and 5


@pytest.mark.parametrize("fmt", ["text", "github", "junit"])
def test_lint_human_formats_never_start_a_workflow_command(project: Path, fmt: str) -> None:
    code, out, err = _run(project, "lint", "--no-cache", "--format", fmt, ".")
    assert code == 1, err
    _no_workflow_command(out, annotations=fmt == "github")
    _assert_inert(out)
    _assert_inert(err)
    assert b"\\n::add-mask::Build" in out  # shown, escaped, on the finding's own line


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_an_invisible_character_in_a_folder_name_is_shown(tmp_path: Path, fmt: str) -> None:
    """Two folders that look alike on a terminal (``deploy`` and ``de<U+200B>ploy``), and one
    with a tab: the finding's path shows what is there, piped or not."""
    for folder in ("de\u200bploy", "two\tparts"):
        skill = tmp_path / "skills" / folder
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(
            "---\nname: deploy\ndescription: Deploys things.\n---\nSee [x](missing.md).\n")
    code, out, _ = _run(tmp_path, "lint", "--no-cache", "--format", fmt,
                        "--select", "broken-reference", "skills")
    assert code == 1
    assert "\u200b".encode() not in out and b"\t" not in out
    assert b"skills/de\\u200bploy/SKILL.md" in out
    assert b"skills/two\\tparts/SKILL.md" in out


@pytest.mark.parametrize("fmt", ["text", "github", "junit"])
@pytest.mark.parametrize("color", [False, True])
def test_a_hint_holding_a_value_stays_on_its_line(fmt: str, color: bool) -> None:
    """Hints were split into lines before being escaped: a value inside a hint (a name, a
    folder) could start a line of its own. Every format, plain and coloured."""
    import io

    from skillctl.lint.result import LintReport, SkillResult
    from skillctl.model import Diagnostic, Severity
    from skillctl.report.lint_output import write_lint_report

    bad = "x" + INJECTION + "\x1b]0;T\x07\r\u202e"
    finding = Diagnostic(f"skills/{bad}/SKILL.md", 2, 7, "name-dir-mismatch",
                         f"Directory name {bad!r} must match", Severity.ERROR,
                         hint=f"rename the directory to '{bad}' or set 'name: {bad}'")
    report = LintReport(results=(SkillResult(finding.path, f"skills/{bad}", bad,
                                             (finding,)),))
    stream = io.StringIO()
    write_lint_report(report, fmt, stream, color=color)
    out = stream.getvalue().encode()
    _no_workflow_command(out, annotations=fmt == "github")
    _assert_inert(out, terminal=color)
    assert b"rename the directory to 'x\\n::warning title=X::pwn\\n::add-mask::Build" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["list"],
        ["list", "--all", "--explain"],
        ["list", "-a", "claude-code", "--all", "--explain"],
        ["show", "-a", "claude-code", "{dir}"],
        ["show", "{dir}"],
        ["run-script", "--list", "{dir}"],
        # (Claude Code does not offer a skill whose folder holds controls: OpenCode does)
        ["render", "-a", "opencode", "--report"],
    ],
    ids=lambda a: "-".join(a).replace("{dir}", "DIR"),
)
def test_human_output_is_inert_piped(project: Path, argv: list[str]) -> None:
    args = [a.replace("{dir}", _skill_dir(project)) for a in argv]
    code, out, err = _run(project, *args)
    assert code == 0, err
    _assert_inert(out)
    _assert_inert(err)
    _no_workflow_command(out)
    if argv[0] == "render":  # the report names skills by name (the name breaks no line)
        assert b"\\x1b]52;c;" in out and b"\\n::warning" in out
    else:
        assert b"\\x1b]0;PWNTITLE\\x07" in out + err  # the folder is named, escaped


def test_errors_naming_the_tree_are_inert(project: Path) -> None:
    """An error lists the skill's scripts (hostile names) on stderr: escaped too."""
    code, _, err = _run(project, "run-script", _skill_dir(project), "scripts/nope.sh")
    assert code == 2, err
    assert err.count(b"\n") == 1, err  # one line
    _assert_inert(err)
    _no_workflow_command(err)
    assert b"\\n::add-mask::Build.sh" in err


def test_run_script_dry_run_is_inert(project: Path) -> None:
    script = f"scripts/{HOSTILE_SCRIPT}"
    code, out, err = _run(project, "run-script", "--dry-run", _skill_dir(project), script,
                          "arg\x1b]0;A\x07")
    assert code == 0, err
    _assert_inert(out)
    _no_workflow_command(out)
    assert b"\\n::add-mask::Build.sh" in out and b"\\x1b]0;A\\x07" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "-a", "claude-code", "--all"],
        ["list"],
        ["show", "{dir}"],
        ["render", "-a", "opencode"],
        ["render", "--skill", "{dir}", "--args", "a\x1b]0;T\x07"],
        ["run-script", "--list", "{dir}"],
        ["lint", "--no-cache", "."],
    ],
    ids=lambda a: "-".join(a[:2]),
)
def test_human_output_is_inert_on_a_terminal(project: Path, argv: list[str]) -> None:
    args = [a.replace("{dir}", _skill_dir(project)) for a in argv]
    code, out = _run_pty(project, *args)
    assert code == (1 if argv[0] == "lint" else 0), out
    _assert_inert(out, terminal=True)
    assert b"\\x1b]" in out  # what was there is shown, escaped


def test_render_into_a_pipe_stays_byte_for_byte(project: Path) -> None:
    """The catalog is what the agent reads: piped (or with --into) nothing is changed, not
    even the ANSI sequences click takes out of what it echoes to a pipe (OpenCode 1.18.33
    puts the description as it is into its prompt; conformance case description-controls)."""
    code, out, _ = _run(project, "render", "-a", "opencode")
    assert code == 0
    assert "desc \x1b]0;T\x07\rX\u202e ok.".encode() in out  # raw, as in the agent's prompt
    assert "y\x1b[2J\u202ez".encode() in out  # the folder in the location, CSI and all


# --------------------------------------------------------------------------- item 8


def test_defuse_is_claude_codes_own() -> None:
    """Claude Code 2.1.332 turned these arguments into exactly these texts (observed with
    ``claude -p '/demo <args>'``; its ``uG``)."""
    assert defuse_inline_shell('!`touch A0` "!`touch A1`" !`touch A2`') == \
        '\\! `touch A0` "! `touch A1`" \\! `touch A2`'
    assert defuse_inline_shell("x !`touch PWN`") == "x \\! `touch PWN`"
    assert defuse_inline_shell("a`!b\n!c") == "a` \\!b\n\\!c"


@pytest.mark.parametrize("form", ["$ARGUMENTS", "$0", "$ARGUMENTS[0]", "$name", "none"])
def test_exec_never_runs_a_command_from_arguments(tmp_path: Path, form: str) -> None:
    project = tmp_path / "project"
    (project / "home").mkdir(parents=True)
    skill = project / "skills" / "demo"
    skill.mkdir(parents=True)
    body = "Nothing to fill in.\n" if form == "none" else f"Use {form} now.\n"
    (skill / "SKILL.md").write_text(
        f"---\nname: demo\ndescription: d\narguments: name\n---\n{body}")
    args = "!`touch PWN1` x !`touch PWN2`" if form in ("$ARGUMENTS", "none") \
        else "'!`touch PWN1`'"
    code, out, err = _run(project, "render", "--skill", str(skill), "--exec",
                          "--project", str(project), "--args", args)
    assert code == 0, err
    assert not list(tmp_path.rglob("PWN*")), out
    assert b"\\! `touch PWN1`" in out


def test_exec_runs_the_body_in_the_project(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "home").mkdir(parents=True)
    skill = project / "skills" / "demo"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: demo\ndescription: d\n---\n!`touch RAN`\n")
    code, _, err = _run(project, "render", "--skill", str(skill), "--exec",
                        "--project", str(project))
    assert code == 0, err
    assert (project / "RAN").exists() and not (skill / "RAN").exists()


def test_exec_scans_substituted_paths_as_claude_code_does(tmp_path: Path) -> None:
    """Documented, not a hole of skillctl's own: Claude Code 2.1.332 ran ``touch PROJPWN`` from
    a project folder named ``p !`touch PROJPWN``` (the path is substituted, then scanned), and
    ``render --help`` says so. Without --exec nothing runs."""
    project = tmp_path / "p !`touch PROJPWN`"
    (project / "home").mkdir(parents=True)
    skill = project / "skills" / "demo"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: demo\ndescription: d\n---\nHere: ${CLAUDE_PROJECT_DIR}\n")
    code, _, _ = _run(project, "render", "--skill", str(skill), "--project", str(project))
    assert code == 0 and not (project / "PROJPWN").exists()
    code, _, _ = _run(project, "render", "--skill", str(skill), "--project", str(project),
                      "--exec")
    assert code == 0 and (project / "PROJPWN").exists()
    _, help_text, _ = _run(project, "render", "--help")
    assert b"substituted skill and project paths" in b" ".join(help_text.split())


# --------------------------------------------------------------------------- item 10


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def test_sarif_for_a_folder_name_that_is_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "home").mkdir()
    folder = os.fsencode(tmp_path / "skills") + b"/bad\xff\xfename"
    os.makedirs(folder)
    with open(folder + b"/SKILL.md", "w", encoding="utf-8") as handle:
        handle.write("---\nname: x\ndescription: y. Use when testing.\n---\nbody\n")
    code, out, err = _run(tmp_path, "lint", "--no-cache", "--format", "sarif", "skills")
    assert code == 1, err  # findings, not an internal error (was exit 3)
    log = json.loads(out.decode("utf-8"))  # strict UTF-8
    for text in _strings(log):
        text.encode("utf-8")  # no lone surrogate anywhere: valid Unicode for every reader
    uris = {loc["physicalLocation"]["artifactLocation"]["uri"]
            for result in log["runs"][0]["results"] for loc in result["locations"]}
    assert "skills/bad%FF%FEname/SKILL.md" in uris
    messages = [r["message"]["text"] for r in log["runs"][0]["results"]]
    assert any("bad\\xff\\xfename" in m for m in messages), messages
