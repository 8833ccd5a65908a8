"""Find and run a skill's bundled scripts safely, the way a coding agent would.

Three steps, each plain data in and out:

* :func:`scan_scripts` / :func:`list_scripts` list the scripts of a skill the way the
  opencode-agent-skills plugin finds them (files with an exec bit, hidden entries and
  dependency folders skipped, at most 10 folders deep), and also flag the files an agent would
  trip over: a shebang without the exec bit, a CRLF shebang, a Python file with PEP 723
  metadata.
* :func:`resolve_script` turns the user's SCRIPT argument into a real path inside the skill
  directory, refusing every traversal form (``..``, absolute paths, NUL bytes, backslashes,
  percent-encoded dots and slashes, symlinks that lead out of the skill).
* :func:`plan_run` decides how the script is started (argv, working directory, the agent's
  environment variables) without running anything; :func:`execute` runs a plan with no shell,
  stdin closed, in its own process group, and stops the whole group on a timeout or Ctrl-C.

Exit codes follow the POSIX shell: 126 for a file that cannot be run, 127 for a missing
interpreter (what ``bash`` reports for ``./script`` in both cases), 124 for a timeout,
130 for an interrupt and 128+N for a script killed by signal N. Refused paths and missing
scripts are usage errors (exit 2).
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import stat
import sys
import tomllib
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillctl import limits
from skillctl.errors import SkillctlError, UsageError
from skillctl.process import KILL_GRACE, GroupRun, run_in_group

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile

#: Folders the opencode-agent-skills plugin never descends into (besides hidden ones).
SKIP_DIRS = frozenset({"node_modules", "__pycache__", ".git", ".venv", "venv", ".tox", ".nox"})
#: How deep the plugin looks for scripts below the skill directory.
MAX_SCRIPT_DEPTH = 10
#: Directory entries looked at while listing one skill's scripts.
MAX_SCRIPT_ENTRIES = 20_000
#: Bytes read to find a shebang (Linux reads 256 since 5.1).
SHEBANG_BYTES = 256
#: Bytes of a Python file searched for a PEP 723 block.
PEP723_BYTES = 1024 * 1024
#: Bytes of stdout and of stderr kept by ``--format json``.
CAPTURE_LIMIT = 1024 * 1024
#: Default timeout in seconds (Claude Code's Bash tool default is two minutes).
DEFAULT_TIMEOUT = 120.0
#: Exit codes skillctl itself produces for a run.
EXIT_TIMEOUT = 124
EXIT_CANNOT_RUN = 126
EXIT_NOT_FOUND = 127
EXIT_INTERRUPTED = 130

#: Interpreters for files with neither an exec bit nor a shebang, by extension.
EXTENSION_INTERPRETERS: Mapping[str, str] = {
    ".py": "python3",
    ".sh": "sh",
    ".bash": "bash",
    ".js": "node",
    ".mjs": "node",
    ".cjs": "node",
    ".rb": "ruby",
    ".pl": "perl",
}
#: The top-level folder whose files count as scripts even without an exec bit or shebang.
SCRIPTS_DIR = "scripts"
#: Magic numbers of native executables (run directly, never through sh).
_BINARY_MAGIC = (
    b"\x7fELF", b"\xfe\xed\xfa", b"\xce\xfa\xed\xfe", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe"
)
_PEP723 = re.compile(
    r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)[ \t]*\r?$\s(?P<content>(^#(| .*)\r?$\s)+)^# ///[ \t]*\r?$"
)
_MAX_DECODE_ROUNDS = 8


# --------------------------------------------------------------------------- errors


class ScriptPathError(UsageError):
    """A SCRIPT argument refused for safety (traversal, absolute, NUL, link out): exit 2."""


class ScriptNotFoundError(UsageError):
    """No such script in the skill: exit 2; the message lists the skill's scripts."""


class ScriptLaunchError(SkillctlError):
    """The script exists but cannot be started (no exec bit, no interpreter known): exit 126."""

    exit_code = EXIT_CANNOT_RUN


class InterpreterNotFoundError(ScriptLaunchError):
    """The interpreter a script needs is not installed or not on PATH: exit 127."""

    exit_code = EXIT_NOT_FOUND


# --------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class Shebang:
    """The ``#!`` line of a script, split the way Linux and ``env`` split it.

    ``command`` is the program that ends up reading the script: ``python3`` for
    ``#!/usr/bin/env python3``, ``/bin/bash`` for ``#!/bin/bash -e``. ``args`` are the words
    passed before the script path (the kernel passes everything after the interpreter as ONE
    word; ``env -S`` splits it).
    """

    line: str
    path: str
    command: str
    args: tuple[str, ...]
    via_env: bool
    crlf: bool
    #: ``#!/usr/bin/env python3 -u`` without ``-S``: Linux hands env one word "python3 -u".
    unsplit_env_args: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a shebang."""
        return {
            "line": self.line,
            "command": self.command,
            "args": list(self.args),
            "via_env": self.via_env,
            "crlf": self.crlf,
        }


@dataclass(frozen=True, slots=True)
class ScriptInfo:
    """One script of a skill, as an agent would see it."""

    relpath: str
    executable: bool
    shebang: Shebang | None
    #: the program that would run it (shebang command, or by extension); None when unknown.
    interpreter: str | None
    #: PEP 723 ``dependencies`` (possibly empty) when the file has a ``# /// script`` block.
    pep723: tuple[str, ...] | None
    pep723_error: str | None = None
    is_symlink: bool = False
    #: a symlink whose target lies outside the skill directory (run-script refuses it).
    outside: bool = False
    binary: bool = False

    @property
    def listed_by_agents(self) -> bool:
        """True when the opencode-agent-skills plugin lists it (it has an exec bit)."""
        return self.executable

    def issues(self) -> tuple[str, ...]:
        """What would make an agent fail to run this file, as short sentences."""
        found: list[str] = []
        rel = self.relpath
        if self.shebang is not None and not self.executable:
            found.append(
                f"shebang but no exec bit: `./{rel}` fails with 'Permission denied' (exit 126) "
                f"and opencode-agent-skills does not list it; run `chmod +x {rel}` and "
                f"`git update-index --chmod=+x {rel}`"
            )
        if self.shebang is not None and self.shebang.crlf:
            found.append(
                f"shebang ends in a carriage return (CRLF line endings): the system looks for "
                f"'{self.shebang.command}\\r' and fails; convert {rel} to LF line endings"
            )
        if self.shebang is not None and self.shebang.unsplit_env_args:
            found.append(
                "`#!/usr/bin/env CMD ARGS` without `-S`: Linux passes 'CMD ARGS' to env as one "
                "word, so env fails; use `#!/usr/bin/env -S CMD ARGS`"
            )
        if self.executable and self.shebang is None and not self.binary:
            found.append(
                "exec bit but no shebang: shells fall back to /bin/sh, programs that exec it "
                "directly fail with 'Exec format error'; add a shebang"
            )
        if self.shebang is None and not self.executable and not self.binary:
            found.append(
                f"no exec bit and no shebang: an agent must call it as "
                f"`{self.interpreter or '<interpreter>'} {rel}`"
            )
        if self.pep723_error:
            found.append(f"invalid PEP 723 block: {self.pep723_error}")
        if self.outside:
            found.append("symlink to a file outside the skill directory: run-script refuses it")
        return tuple(found)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape (version 1) of one listed script."""
        return {
            "path": self.relpath,
            "executable": self.executable,
            "listed_by_agents": self.listed_by_agents,
            "shebang": self.shebang.to_dict() if self.shebang else None,
            "interpreter": self.interpreter,
            "pep723_dependencies": list(self.pep723) if self.pep723 is not None else None,
            "symlink": self.is_symlink,
            "issues": list(self.issues()),
        }


@dataclass(frozen=True, slots=True)
class RunPlan:
    """Everything needed to start a script, decided before anything runs (``--dry-run``)."""

    skill_dir: Path  # absolute, as given (not resolved)
    skill_real: Path  # realpath of the skill directory
    script: Path  # realpath of the script: what is executed
    relpath: str  # the script relative to the skill directory, for messages
    argv: tuple[str, ...]
    cwd: Path
    env_added: tuple[tuple[str, str], ...]  # sorted by variable name
    mode: str  # "direct", "shebang", "extension", "sh", "uv"
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    agent: str | None = None
    info: ScriptInfo | None = None
    #: where the script's path is in ``argv`` (0: the script is run directly).
    script_at: int = 0
    #: (st_dev, st_ino) of the script when it was checked: the file that must run.
    script_id: tuple[int, int] | None = None
    #: True: the script gets only PATH, HOME, LANG and the agent's variables (--clean-env).
    clean_env: bool = False
    #: NAME=VALUE pairs from --env, after the agent's variables (sorted by name).
    env_extra: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a plan (``run-script --dry-run --format json``)."""
        return {
            "version": 1,
            "script": self.relpath,
            "argv": list(self.argv),
            "cwd": str(self.cwd),
            "env_added": {**dict(self.env_added), **dict(self.env_extra)},
            "clean_env": self.clean_env,
            "mode": self.mode,
            "agent": self.agent,
            "warnings": list(self.warnings),
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True)
class RunResult(GroupRun):
    """What happened when a plan ran: the child's run, and the code skillctl exits with
    (the child's own, 124 on a timeout, 130 on Ctrl-C, 128+N for signal N)."""

    exit_code: int = 0

    def to_dict(self, plan: RunPlan, limit: int | None = CAPTURE_LIMIT) -> dict[str, Any]:
        """The JSON shape (version 1) of a run, output decoded as UTF-8 (errors replaced)."""
        return {
            "version": 1,
            "script": plan.relpath,
            "argv": list(plan.argv),
            "cwd": str(plan.cwd),
            "env_added": {**dict(plan.env_added), **dict(plan.env_extra)},
            "clean_env": plan.clean_env,
            "exit_code": self.exit_code,
            "returncode": self.returncode,
            "duration_s": round(self.duration_s, 3),
            "timed_out": self.timed_out,
            "interrupted": self.interrupted,
            "stdout": _decode(self.stdout),
            "stderr": _decode(self.stderr),
            "truncated": {"stdout": self.stdout_truncated, "stderr": self.stderr_truncated},
            "capture_limit_bytes": limit,
            "warnings": list(plan.warnings) + list(self.warnings),
        }


def _decode(data: bytes | None) -> str | None:
    return None if data is None else data.decode("utf-8", errors="replace")


# --------------------------------------------------------------------------- reading files


def parse_shebang(head: bytes) -> Shebang | None:
    """Parse the first line of a file as a shebang; None when it does not start with ``#!``."""
    if not head.startswith(b"#!"):
        return None
    raw = head[2:].split(b"\n", 1)[0]
    crlf = raw.endswith(b"\r")
    line = raw.decode("utf-8", errors="replace").rstrip("\r")
    text = line.strip()
    parts = text.split(None, 1)
    if not parts:
        return Shebang(line=line, path="", command="", args=(), via_env=False, crlf=crlf)
    path = parts[0]
    rest = parts[1].strip() if len(parts) > 1 else ""
    if os.path.basename(path) != "env":
        return Shebang(line, path, path, (rest,) if rest else (), False, crlf)
    words = rest.split()
    split = False
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("-S", "--split-string") or word.startswith("-S"):
            split = True
            if len(word) > 2 and not word.startswith("--"):
                words[index] = word[2:]
                continue
        elif word in ("-u", "--unset", "-C", "--chdir"):
            index += 1
        elif not (word.startswith("-") or "=" in word):
            break
        index += 1
    command = words[index] if index < len(words) else ""
    args = tuple(words[index + 1 :])
    unsplit = bool(args) and not split
    return Shebang(line, path, command, args, True, crlf, unsplit)


def parse_pep723(text: str) -> tuple[tuple[str, ...] | None, str | None]:
    """The dependencies of a PEP 723 ``# /// script`` block: (deps or None, error or None)."""
    blocks = [m for m in _PEP723.finditer(text) if m.group("type") == "script"]
    if not blocks:
        return None, None
    if len(blocks) > 1:
        return (), "more than one `# /// script` block"
    content = "".join(
        line[2:] if line.startswith("# ") else line[1:]
        for line in blocks[0].group("content").splitlines(keepends=True)
    )
    try:
        data = tomllib.loads(content.replace("\r\n", "\n"))
    except tomllib.TOMLDecodeError as exc:
        return (), f"not valid TOML ({exc})"
    deps = data.get("dependencies", [])
    if not isinstance(deps, list) or not all(isinstance(d, str) for d in deps):
        return (), "`dependencies` must be a list of strings"
    return tuple(deps), None


def _read_head(path: str, size: int) -> bytes:
    """The first ``size`` bytes of a regular file (b"" for anything unreadable)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return b""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return b""
        chunks: list[bytes] = []
        left = size
        while left > 0:
            chunk = os.read(fd, min(left, 65536))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError:
        return b""
    finally:
        os.close(fd)


def _within(path: str, root: str) -> bool:
    """True when ``path`` is ``root`` or below it (both real, absolute paths)."""
    try:
        return os.path.commonpath([path, root]) == root
    except ValueError:
        return False


def inspect_script(path: Path, relpath: str, *, skill_real: str | None = None) -> ScriptInfo:
    """Describe one file as a script: exec bit, shebang, interpreter, PEP 723 dependencies."""
    full = str(path)
    try:
        st = os.stat(full)
        executable = stat.S_ISREG(st.st_mode) and bool(st.st_mode & 0o111)
    except OSError:
        executable = False
    is_link = os.path.islink(full)
    outside = False
    if skill_real is not None and is_link:
        outside = not _within(os.path.realpath(full), skill_real)
    head = _read_head(full, SHEBANG_BYTES)
    shebang = parse_shebang(head)
    binary = head.startswith(_BINARY_MAGIC)
    suffix = os.path.splitext(relpath)[1].lower()
    interpreter: str | None
    if shebang is not None:
        interpreter = shebang.command or None
    elif binary:
        interpreter = None
    elif executable:
        interpreter = "sh"
    else:
        interpreter = EXTENSION_INTERPRETERS.get(suffix)
    pep723: tuple[str, ...] | None = None
    error: str | None = None
    is_python = suffix == ".py" or (interpreter is not None and "python" in interpreter)
    if is_python and not binary:
        text = _read_head(full, PEP723_BYTES).decode("utf-8", errors="replace")
        pep723, error = parse_pep723(text)
    return ScriptInfo(
        relpath=relpath,
        executable=executable,
        shebang=shebang,
        interpreter=interpreter,
        pep723=pep723,
        pep723_error=error,
        is_symlink=is_link,
        outside=outside,
        binary=binary,
    )


def _is_candidate(relpath: str, executable: bool, head: bytes) -> bool:
    """A file counts as a script: exec bit, shebang, or a known extension under scripts/."""
    if executable or head.startswith(b"#!"):
        return True
    top = relpath.split("/", 1)[0]
    return top == SCRIPTS_DIR and "/" in relpath and (
        os.path.splitext(relpath)[1].lower() in EXTENSION_INTERPRETERS
    )


def scan_scripts(skill_dir: Path) -> tuple[list[ScriptInfo], bool]:
    """List a skill's scripts, sorted by path; the flag is True when the walk was cut short.

    Mirrors the opencode-agent-skills plugin's walk (``src/skills.ts``): entries whose name
    starts with ``.`` and the folders in :data:`SKIP_DIRS` are skipped, symlinks are followed,
    folders at most :data:`MAX_SCRIPT_DEPTH` deep are searched. Besides the executable files
    the plugin lists, files with a shebang and files with a known script extension in
    ``scripts/`` are listed (and flagged) because agents are told to run them too.
    """
    found: list[ScriptInfo] = []
    truncated = False
    seen_entries = 0
    skill_real = os.path.realpath(skill_dir)

    def visit(
        directory: str, prefix: str, depth: int, ancestors: frozenset[tuple[int, int]]
    ) -> None:
        nonlocal truncated, seen_entries
        try:
            with os.scandir(directory) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            seen_entries += 1
            if seen_entries > MAX_SCRIPT_ENTRIES or len(found) >= limits.MAX_SKILL_FILES:
                truncated = True
                return
            if entry.name.startswith(".") or entry.name in SKIP_DIRS:
                continue
            rel = prefix + entry.name
            try:
                st = os.stat(entry.path)
            except OSError:
                continue
            if stat.S_ISDIR(st.st_mode):
                key = (st.st_dev, st.st_ino)
                if key in ancestors:
                    continue
                if depth + 1 > MAX_SCRIPT_DEPTH:
                    truncated = True
                    continue
                visit(entry.path, rel + "/", depth + 1, ancestors | {key})
            elif stat.S_ISREG(st.st_mode):
                executable = bool(st.st_mode & 0o111)
                head = _read_head(entry.path, 2)
                if _is_candidate(rel, executable, head):
                    found.append(inspect_script(Path(entry.path), rel, skill_real=skill_real))

    try:
        root = os.stat(skill_dir)
    except OSError:
        return [], False
    visit(str(skill_dir), "", 0, frozenset({(root.st_dev, root.st_ino)}))
    found.sort(key=lambda s: s.relpath)
    return found, truncated


def list_scripts(skill_dir: Path) -> list[ScriptInfo]:
    """The scripts of a skill (see :func:`scan_scripts`), sorted by relative path."""
    return scan_scripts(skill_dir)[0]


# --------------------------------------------------------------------------- resolving


def _decoded_forms(text: str) -> Iterator[str]:
    """The text and every further percent-decoding of it, until it stops changing."""
    yield text
    current = text
    for _ in range(_MAX_DECODE_ROUNDS):
        decoded = urllib.parse.unquote(current, errors="surrogateescape")
        if decoded == current:
            return
        current = decoded
        yield current


def check_script_arg(script: str) -> None:
    """Refuse a SCRIPT argument that could leave the skill directory (ScriptPathError)."""
    shown = script
    if not script.strip():
        raise ScriptPathError("the script path is empty")
    for form in _decoded_forms(script):
        encoded = form != script
        how = f" (percent-decoded: {form!r})" if encoded else ""
        if "\x00" in form:
            raise ScriptPathError(f"refusing script path {shown!r}: it contains a NUL byte{how}")
        if "\\" in form:
            raise ScriptPathError(
                f"refusing script path {shown!r}: backslashes are not allowed{how}; "
                "use / between folders, relative to the skill directory"
            )
        if form.startswith("/") or re.match(r"^[A-Za-z]:/", form):
            raise ScriptPathError(
                f"refusing script path {shown!r}: absolute paths are not allowed{how}; "
                "give the path relative to the skill directory (e.g. scripts/build.sh)"
            )
        if ".." in form.split("/"):
            raise ScriptPathError(
                f"refusing script path {shown!r}: '..' would leave the skill directory{how}"
            )
        if encoded and "/" in form and "/" not in script:
            raise ScriptPathError(f"refusing script path {shown!r}: percent-encoded slashes{how}")


def _format_available(scripts: Sequence[ScriptInfo]) -> str:
    if not scripts:
        return "this skill has no scripts"
    return "scripts in this skill: " + ", ".join(s.relpath for s in scripts)


def resolve_script(skill_dir: Path, script: str) -> Path:
    """The real path of SCRIPT inside ``skill_dir``; refuses anything that leaves it.

    SCRIPT is a path relative to the skill directory (``scripts/build.sh``) or a bare file
    name found somewhere in the skill (``build.sh``). Raises :class:`ScriptPathError` for
    traversal, absolute paths, NUL bytes, backslashes, encoded traversal and symlinks that
    resolve outside the skill, :class:`ScriptNotFoundError` (listing the skill's scripts) when
    there is no such file.
    """
    check_script_arg(script)
    skill_real = os.path.realpath(skill_dir)
    candidate = os.path.join(skill_real, script)
    if not os.path.lexists(candidate) and "/" not in script:
        candidate = _find_bare_name(skill_dir, skill_real, script)
    if not os.path.lexists(candidate):
        raise ScriptNotFoundError(
            f"no script {script!r} in {skill_dir}; {_format_available(list_scripts(skill_dir))}"
        )
    try:
        real = os.path.realpath(candidate)
    except OSError as exc:  # a link swapped in while it was being resolved (a race)
        raise ScriptPathError(f"refusing {script!r}: it changed while it was being resolved "
                              f"({exc.strerror or exc})") from None
    if not _within(real, skill_real):
        raise ScriptPathError(
            f"refusing {script!r}: it resolves to {real}, outside the skill directory {skill_real}"
        )
    if os.path.isdir(real):
        raise ScriptNotFoundError(
            f"{script!r} is a directory, not a script; {_format_available(list_scripts(skill_dir))}"
        )
    if not os.path.isfile(real):
        raise ScriptPathError(f"refusing {script!r}: {real} is not a regular file")
    return Path(real)


def _find_bare_name(skill_dir: Path, skill_real: str, name: str) -> str:
    """Find a bare file name among the skill's scripts (then its files); "" when absent."""
    from skillctl.scan import list_files

    matches = [s.relpath for s in list_scripts(skill_dir) if os.path.basename(s.relpath) == name]
    if not matches:
        files, _ = list_files(Path(skill_real))
        matches = [f.relpath for f in files if os.path.basename(f.relpath) == name]
    if len(matches) > 1:
        raise ScriptNotFoundError(
            f"{name!r} is ambiguous in {skill_dir}: " + ", ".join(sorted(matches))
            + "; give the path relative to the skill directory"
        )
    return os.path.join(skill_real, matches[0]) if matches else ""


# --------------------------------------------------------------------------- planning


def _which(command: str, environ: Mapping[str, str]) -> str | None:
    """Find a command the way a shell would: a path as it is, a bare name on PATH."""
    if "/" in command:
        return command if os.path.isfile(command) and os.access(command, os.X_OK) else None
    return shutil.which(command, path=environ.get("PATH", os.defpath))


def _expand(template: str, values: Mapping[str, str]) -> tuple[str, str | None]:
    """Fill ``{skill_dir}``-style fields; unknown fields stay literal and are reported."""

    missing: list[str] = []

    class _Keep(dict[str, str]):
        def __missing__(self, key: str) -> str:
            missing.append(key)
            return "{" + key + "}"

    mapping = _Keep(values)
    try:
        text = template.format_map(mapping)
    except (ValueError, IndexError, AttributeError) as exc:
        return template, f"cannot expand {template!r}: {exc}"
    if missing:
        return text, f"unknown field(s) in {template!r}: " + ", ".join(missing)
    return text, None


def agent_env(
    profile: Profile | None, *, skill_dir: Path, project: Path, home: Path
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The variables an agent sets for scripts, plus SKILL_DIR; and any template problems.

    Templates in ``Profile.script_env`` may use ``{skill_dir}``, ``{project}``, ``{home}``
    and ``{skill_name}``.
    """
    values = {
        "skill_dir": str(skill_dir),
        "project": str(project),
        "home": str(home),
        "skill_name": skill_dir.name,
    }
    env: dict[str, str] = {}
    problems: list[str] = []
    for name, template in profile.script_env if profile is not None else ():
        value, problem = _expand(template, values)
        env[name] = value
        if problem:
            problems.append(f"agent profile variable {name}: {problem}")
    env.setdefault("SKILL_DIR", str(skill_dir))
    return tuple(sorted(env.items())), tuple(problems)


def plan_run(
    skill_dir: Path,
    script: str,
    args: Sequence[str] = (),
    *,
    profile: Profile | None = None,
    cwd_mode: str | None = None,
    project: Path | None = None,
    home: Path | None = None,
    environ: Mapping[str, str] | None = None,
    dry_run: bool = False,
) -> RunPlan:
    """Decide how to run SCRIPT of the skill at ``skill_dir``, without running it.

    ``args`` are passed verbatim after the script. ``cwd_mode`` is ``"skill"`` (the open
    specification's rule, the default) or ``"project"``; without it the agent profile's
    ``script_cwd`` decides. Raises the errors of :func:`resolve_script`,
    :class:`InterpreterNotFoundError` (exit 127) and :class:`ScriptLaunchError` (exit 126).
    With ``dry_run`` (a plan only shown, never run), a PEP 723 script that needs uv while uv
    is not on PATH gets the ``uv run --script`` argv it needs and a warning instead.
    """
    environ = os.environ if environ is None else environ
    skill_abs = Path(os.path.abspath(skill_dir))
    real = resolve_script(skill_abs, script)
    skill_real = Path(os.path.realpath(skill_abs))
    relpath = os.path.relpath(real, skill_real)
    info = inspect_script(real, relpath)
    try:
        checked = os.lstat(real)
    except OSError as exc:
        raise ScriptNotFoundError(f"{relpath}: {exc.strerror or exc}") from None
    project_dir = Path(os.path.abspath(project if project is not None else os.getcwd()))
    home_dir = Path(os.path.abspath(home if home is not None else Path.home()))
    mode = cwd_mode or (profile.script_cwd if profile is not None else "skill")
    if mode not in ("skill", "project"):
        raise UsageError(f"--cwd must be 'skill' or 'project', not {mode!r}")
    cwd = skill_real if mode == "skill" else project_dir
    env_added, env_problems = agent_env(
        profile, skill_dir=skill_abs, project=project_dir, home=home_dir
    )
    prefix, how, warnings, notes = _launcher(real, info, environ, dry_run=dry_run)
    return RunPlan(
        skill_dir=skill_abs,
        skill_real=skill_real,
        script=real,
        relpath=relpath,
        argv=(*prefix, str(real), *args),
        cwd=cwd,
        env_added=env_added,
        mode=how,
        warnings=(*env_problems, *warnings),
        notes=notes,
        agent=profile.id if profile is not None else None,
        info=info,
        script_at=len(prefix),
        script_id=(checked.st_dev, checked.st_ino),
    )


def _launcher(
    real: Path, info: ScriptInfo, environ: Mapping[str, str], *, dry_run: bool = False
) -> tuple[tuple[str, ...], str, tuple[str, ...], tuple[str, ...]]:
    """The argv before the script path, the mode, warnings and notes (see :func:`plan_run`)."""
    rel = info.relpath
    shebang = info.shebang
    warnings: list[str] = []
    notes: list[str] = []
    if info.pep723_error:
        warnings.append(f"{rel}: invalid PEP 723 block ({info.pep723_error}); ignoring it")
    elif info.pep723 is not None:
        deps = ", ".join(info.pep723) or "none"
        runs_uv = shebang is not None and os.path.basename(shebang.command) == "uv"
        uv = _which("uv", environ)
        if uv is not None and not runs_uv:
            notes.append(f"{rel} has PEP 723 metadata (dependencies: {deps}): running with uv")
            return (uv, "run", "--script"), "uv", tuple(warnings), tuple(notes)
        if uv is None and info.pep723:
            missing = (
                f"{rel} declares PEP 723 dependencies ({deps}) and needs `uv run --script` to "
                "install them, but uv is not on PATH; install uv "
                "(https://docs.astral.sh/uv/) or install the dependencies and run it yourself"
            )
            if not dry_run:
                raise InterpreterNotFoundError(missing)
            warnings.append(f"{missing} (a real run exits {EXIT_NOT_FOUND})")
            return ("uv", "run", "--script"), "uv", tuple(warnings), tuple(notes)
        if not runs_uv:
            notes.append(f"{rel} has PEP 723 metadata without dependencies: uv is not needed")
    if shebang is not None:
        if shebang.crlf:
            raise InterpreterNotFoundError(
                f"{rel}: its shebang ends in a carriage return (CRLF line endings), so the "
                f"system looks for '{shebang.command}\\r', which does not exist; convert the "
                "file to LF line endings (e.g. `dos2unix` or `sed -i 's/\\r$//'`)"
            )
        if not shebang.command:
            raise ScriptLaunchError(f"{rel}: its shebang line '#!{shebang.line}' names no program")
        found = _which(shebang.command, environ)
        if found is None:
            where = " on PATH" if "/" not in shebang.command else ""
            raise InterpreterNotFoundError(
                f"{rel}: interpreter '{shebang.command}' from its shebang '#!{shebang.line}' "
                f"was not found{where}; install it or change the shebang"
            )
        if shebang.unsplit_env_args:
            warnings.append(
                f"{rel}: `#!{shebang.line}` hands env the single word "
                f"'{' '.join((shebang.command, *shebang.args))}' on Linux; use `env -S`"
            )
        if info.executable:
            return (), "direct", tuple(warnings), tuple(notes)
        warnings.append(
            f"{rel} is not executable (no exec bit): running it through '{found}' from its "
            f"shebang; agents that run `./{rel}` get 'Permission denied' (exit 126) and "
            f"opencode-agent-skills does not list it. Fix: chmod +x {rel} "
            f"(and `git update-index --chmod=+x {rel}`)"
        )
        return (found, *shebang.args), "shebang", tuple(warnings), tuple(notes)
    if info.executable and info.binary:
        return (), "direct", tuple(warnings), tuple(notes)
    if info.executable:
        sh = _which("sh", environ) or "/bin/sh"
        warnings.append(
            f"{rel} has no shebang: running it with {sh} as shells do; programs that exec it "
            "directly fail with 'Exec format error'. Add a shebang line"
        )
        return (sh,), "sh", tuple(warnings), tuple(notes)
    suffix = real.suffix.lower()
    command = EXTENSION_INTERPRETERS.get(suffix)
    if command is None:
        raise ScriptLaunchError(
            f"{rel} cannot be run: it has no exec bit, no shebang and no known script "
            f"extension; add a shebang and run `chmod +x {rel}`"
        )
    found = _which(command, environ)
    if found is None:
        raise InterpreterNotFoundError(
            f"{rel}: interpreter '{command}' (for {suffix} files) was not found on PATH"
        )
    warnings.append(
        f"{rel} has no exec bit and no shebang: running it with {command} because of its "
        f"{suffix} extension; agents must call `{command} {rel}`"
    )
    return (found,), "extension", tuple(warnings), tuple(notes)


# --------------------------------------------------------------------------- executing


def verify_plan(plan: RunPlan) -> None:
    """Check again, right before exec, that the script is still the file that was checked.

    Guards against a file or a folder swapped for a symlink between planning and running.
    """
    try:
        skill_real = os.path.realpath(plan.skill_dir)
        real = os.path.realpath(plan.script)
    except OSError as exc:  # a link swapped in while it was being resolved
        raise ScriptPathError(f"refusing {plan.relpath!r}: it changed while it was checked "
                              f"({exc.strerror or exc})") from None
    if skill_real != str(plan.skill_real) or real != str(plan.script):
        raise ScriptPathError(
            f"refusing {plan.relpath!r}: it changed since it was checked and now resolves to "
            f"{real} (skill directory {skill_real})"
        )
    if not _within(real, skill_real):
        raise ScriptPathError(f"refusing {plan.relpath!r}: {real} is outside {skill_real}")
    try:
        st = os.lstat(real)
    except OSError as exc:
        raise ScriptNotFoundError(f"{plan.relpath}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise ScriptPathError(f"refusing {plan.relpath!r}: no longer a regular file")


#: Where a process finds its own open files by number (Linux); None where there is no such
#: folder, and run-script then runs the script by its path (see :func:`open_checked`).
FD_DIR = "/proc/self/fd" if os.path.isdir("/proc/self/fd") else None
#: The variables a script keeps from skillctl's environment under ``--clean-env``.
CLEAN_ENV_KEEP = ("PATH", "HOME", "LANG")


def open_checked(plan: RunPlan) -> int:
    """Open the script that was checked, once, and return its descriptor.

    Walks from the skill directory one component at a time with ``O_NOFOLLOW`` (no symlink is
    followed anywhere, since the planned path is a real path), then checks on the descriptor
    that it is a regular file with the device and inode recorded when the plan was made. A
    script swapped (``renameat2`` exchange, a link put in its place) after it was checked is
    refused (exit 2) instead of run (issue 15 item 9). Raises :class:`ScriptPathError`,
    :class:`ScriptNotFoundError` or :class:`ScriptLaunchError` (unreadable: exit 126).
    """
    import errno

    flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    dir_flags = flags | getattr(os, "O_DIRECTORY", 0)
    parts = [part for part in plan.relpath.split(os.sep) if part not in ("", ".")]
    changed = f"refusing {plan.relpath!r}: it changed since it was checked"
    try:
        fd = os.open(plan.skill_real, dir_flags)
    except OSError as exc:
        raise ScriptPathError(f"{changed} ({exc.strerror or exc})") from None
    try:
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            try:
                next_fd = os.open(
                    part, (flags | getattr(os, "O_NONBLOCK", 0)) if last else dir_flags,
                    dir_fd=fd,
                )
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    raise ScriptPathError(f"{changed}: a link now stands in its path") from None
                if exc.errno == errno.ENOENT:
                    raise ScriptNotFoundError(f"{plan.relpath}: it is gone") from None
                if exc.errno in (errno.EACCES, errno.EPERM):
                    raise ScriptLaunchError(
                        f"{plan.relpath}: cannot be read (permission denied), so skillctl cannot "
                        "run the file it checked"
                    ) from None
                raise ScriptLaunchError(f"{plan.relpath}: {exc.strerror or exc}") from None
            os.close(fd)
            fd = next_fd
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ScriptPathError(f"{changed}: no longer a regular file")
        if plan.script_id is not None and (st.st_dev, st.st_ino) != plan.script_id:
            raise ScriptPathError(f"{changed}: another file now stands at its path")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def script_env(plan: RunPlan, environ: Mapping[str, str]) -> dict[str, str]:
    """Exactly the environment the script receives.

    By default skillctl's whole environment (agents pass theirs, secrets included), then the
    agent's own variables and ``SKILL_DIR`` (:func:`agent_env`), then ``--env`` pairs. With
    ``--clean-env`` only ``PATH``, ``HOME`` and ``LANG`` are kept from skillctl's
    environment (those that are set), then the same agent variables and ``--env`` pairs.
    """
    if plan.clean_env:
        env = {name: environ[name] for name in CLEAN_ENV_KEEP if name in environ}
    else:
        env = dict(environ)
    env.update(plan.env_added)
    env.update(plan.env_extra)
    return env


def _spawn_error(plan: RunPlan, exc: OSError) -> SkillctlError:
    """A clear message for an exec failure the plan did not foresee (never a bare Errno)."""
    import errno

    program = plan.argv[0]
    if exc.errno == errno.ENOENT:
        return InterpreterNotFoundError(
            f"{plan.relpath}: cannot start {program}: it or the interpreter it names was not found"
        )
    if exc.errno == errno.ENOEXEC:
        return ScriptLaunchError(
            f"{plan.relpath}: not a program this system can run (exec format error)"
        )
    if exc.errno in (errno.EACCES, errno.EPERM):
        return ScriptLaunchError(
            f"{plan.relpath}: permission denied starting {program} (is the file system noexec?)"
        )
    return ScriptLaunchError(f"{plan.relpath}: cannot start {program}: {exc.strerror or exc}")


def execute(
    plan: RunPlan,
    timeout: float | None,
    capture: bool,
    *,
    limit: int | None = CAPTURE_LIMIT,
    kill_grace: float = KILL_GRACE,
    environ: Mapping[str, str] | None = None,
    via_fd: bool = False,
) -> RunResult:
    """Run a plan: no shell, stdin closed, its own session and process group.

    The script is opened once (:func:`open_checked`): it must still be the regular file that
    was checked (same device and inode, no link anywhere on its path). By default it is then
    run by its path, as an agent runs it, so its ``$0`` (``__file__``, ``sys.path[0]``) is its
    real path and scripts that find their siblings that way work; a swap in the microseconds
    between that check and the exec is not caught. With ``via_fd`` (``run-script --pin``),
    where the system has :data:`FD_DIR` (Linux), it is run through that descriptor instead:
    the kernel (for a program or a ``#!`` script run directly) or the interpreter (otherwise)
    reads ``/proc/self/fd/N``, the very file that was checked, and that is then the script's
    ``$0``. A PEP 723 script run with ``uv run --script`` is always given its path.

    With ``capture`` the child's stdout and stderr are collected (each cut at ``limit``
    bytes, the rest read and dropped); otherwise they are the caller's. On a timeout or a
    KeyboardInterrupt the whole process group gets SIGTERM, then SIGKILL after
    ``kill_grace`` seconds, and the exit code is 124 or 130. Processes the script left behind
    in its group are stopped too. ``timeout`` None or <= 0 means no limit.
    """
    verify_plan(plan)
    base = script_env(plan, os.environ if environ is None else environ)
    if not capture:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
    fd = open_checked(plan)
    try:
        argv = list(plan.argv)
        executable: str | None = None
        pass_fds: tuple[int, ...] = ()
        # uv keys its cache and project lookup on the script's path: it gets the path
        if FD_DIR is not None and via_fd and plan.mode != "uv":
            checked = f"{FD_DIR}/{fd}"
            pass_fds = (fd,)  # a #! script is read by its interpreter after the exec
            if plan.script_at == 0:
                executable = checked  # argv[0] stays the script's path (a program's $0)
            else:
                argv[plan.script_at] = checked
        run = run_in_group(
            argv,
            cwd=plan.cwd,
            env=base,
            timeout=timeout,
            capture=capture,
            limit=limit,
            kill_grace=kill_grace,
            executable=executable,
            pass_fds=pass_fds,
        )
    except OSError as exc:
        raise _spawn_error(plan, exc) from None
    finally:
        os.close(fd)
    extra = list(run.warnings)
    if run.stopped_leftovers:
        extra.append(
            f"{plan.relpath} exited but left processes running (in its group, or detached "
            "from it); skillctl stopped them"
        )
    returncode = run.returncode
    if run.timed_out:
        code = EXIT_TIMEOUT
    elif run.interrupted:  # 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP
        code = 128 + run.interrupt_signal if run.interrupt_signal else EXIT_INTERRUPTED
    elif returncode is None:
        code = EXIT_CANNOT_RUN
    elif returncode < 0:
        code = 128 - returncode
    else:
        code = returncode
    outcome = {f.name: getattr(run, f.name) for f in fields(GroupRun)}
    outcome["warnings"] = tuple(dict.fromkeys(extra))
    return RunResult(**outcome, exit_code=code)


# --------------------------------------------------------------------------- text output


def format_plan(plan: RunPlan) -> str:
    """The plan as text (``--dry-run``): the exact argv, working directory and added env."""
    lines = [
        f"script: {plan.relpath}",
        f"argv:   {shlex.join(plan.argv)}",
        f"cwd:    {plan.cwd}",
    ]
    added = {**dict(plan.env_added), **dict(plan.env_extra)}
    if plan.clean_env:
        lines.append(f"env:    only {', '.join(CLEAN_ENV_KEEP)} from skillctl's environment, and:")
    first = not plan.clean_env
    for name, value in sorted(added.items()):
        lines.append(f"{'env:    ' if first else '        '}{name}={shlex.quote(value)}")
        first = False
    for note in plan.notes:
        lines.append(f"note:   {note}")
    return "\n".join(lines) + "\n"


def format_listing(skill_dir: Path, scripts: Sequence[ScriptInfo]) -> str:
    """The scripts of a skill as plain text (``--list``), every name escaped: one line per
    script, whatever its name holds (a newline, a terminal control)."""
    from skillctl.textsafe import printable

    folder = printable(str(skill_dir))
    if not scripts:
        return f"{folder}: no scripts\n"
    names = [printable(s.relpath) for s in scripts]
    width = max(len(name) for name in names)
    lines = [f"{folder}: {len(scripts)} script(s)"]
    for info, name in zip(scripts, names, strict=True):
        flags = "executable" if info.executable else "not executable"
        runner = printable(info.interpreter) if info.interpreter else (
            "native" if info.binary else "?")
        line = f"  {name.ljust(width)}  {flags:<14}  {runner}"
        if info.pep723 is not None:
            line += "  PEP 723: " + (", ".join(info.pep723) or "no dependencies")
        lines.append(line)
        lines.extend(f"    ! {printable(issue)}" for issue in info.issues())
    return "\n".join(lines) + "\n"


def listing_to_dict(
    skill_dir: Path, scripts: Sequence[ScriptInfo], truncated: bool
) -> dict[str, Any]:
    """The JSON shape (version 1) of ``run-script --list``."""
    return {
        "version": 1,
        "skill": str(skill_dir),
        "scripts": [s.to_dict() for s in sorted(scripts, key=lambda s: s.relpath)],
        "truncated": truncated,
    }
