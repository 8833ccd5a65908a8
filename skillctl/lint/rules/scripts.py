"""Rules about the skill's executable files: the exec bit (as git ships it) and CRLF shebangs."""

from __future__ import annotations

import functools
import os
import stat
import subprocess
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, rule
from skillctl.model import Severity, SkillFile


def git_root(path: Path) -> str | None:
    """The working tree root of the git repository holding ``path``, or None."""
    return _git_root_of_real(os.path.realpath(path))


def _git_root_of_real(current: str) -> str | None:
    """:func:`git_root` of a path that is already real (symlinks resolved)."""
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


#: Facts about folders that the skills of one run share (they sit in the same few folders):
#: absolute folder -> its real path, and real folder -> its git root (None: not in one).
#: Forgotten with :func:`git_index_modes`' cache, which the engine clears at every run's start.
_REAL_FOLDERS: dict[str, str] = {}
_GIT_ROOTS: dict[str, str | None] = {}


#: Seconds that all git calls of one run may take together (each process of a run counts its
#: own). A repository can make git wait (a FIFO as ``.git/config`` costs a full timeout): past
#: the budget the script rules use the files' own modes, as outside a repository.
GIT_BUDGET_SECONDS = 15.0
_git_seconds_left = [GIT_BUDGET_SECONDS]
#: Files of a ``.git`` folder git reads for ``ls-files``; any that is not a regular file (a
#: FIFO, a device, a link) means git is not asked at all.
_GIT_FILES = ("config", "HEAD", "index", "commondir", "info/exclude")


def _plain_repository(root: str) -> bool:
    """True when ``root/.git`` is a plain folder (whose files git reads are regular files) or
    a plain ``gitdir:`` file, so that asking git cannot block on what the tree ships."""
    dot_git = os.path.join(root, ".git")
    try:
        mode = os.lstat(dot_git).st_mode
    except OSError:
        return False
    if stat.S_ISREG(mode):
        return True
    if not stat.S_ISDIR(mode):
        return False
    for name in _GIT_FILES:
        try:
            if not stat.S_ISREG(os.lstat(os.path.join(dot_git, name)).st_mode):
                return False
        except FileNotFoundError:
            continue
        except OSError:
            return False
    return True


def _read_index_modes(root: str) -> dict[str, str]:
    """Real path -> index mode (``100644``, ``100755``) of every tracked file: one git call,
    made only for a plain repository and within the run's git budget."""
    budget = _git_seconds_left[0]
    if budget <= 0 or not _plain_repository(root):
        return {}
    started = time.monotonic()
    try:
        result = subprocess.run(
            # The repository may be untrusted (a downloaded archive with its .git/): git runs
            # core.fsmonitor from the repository's own config, so switch it off.
            ["git", "-c", "core.fsmonitor=false", "-C", root, "ls-files", "-s", "-z"],
            capture_output=True,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"},
            timeout=budget,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return {}
    finally:
        _git_seconds_left[0] -= time.monotonic() - started
    if result.returncode != 0:
        return {}
    modes: dict[str, str] = {}
    for record in result.stdout.split(b"\0"):
        if not record or b"\t" not in record:
            continue
        meta, _, name = record.partition(b"\t")
        mode = meta.split(b" ", 1)[0].decode("ascii", errors="replace")
        modes[os.path.join(root, os.fsdecode(name))] = mode
    return modes


class _IndexModes:
    """:func:`_read_index_modes` remembered per repository (at most 64) until
    :meth:`cache_clear`, which also forgets the folder facts of the run."""

    def __init__(self) -> None:
        self.__wrapped__ = _read_index_modes
        self._cached = functools.lru_cache(maxsize=64)(_read_index_modes)

    def __call__(self, root: str) -> dict[str, str]:
        return self._cached(root)

    def cache_clear(self) -> None:
        """Forget every repository's index and every folder's real path and git root, and
        give git its whole budget again (a new run starts)."""
        self._cached.cache_clear()
        _git_seconds_left[0] = GIT_BUDGET_SECONDS
        _REAL_FOLDERS.clear()
        _GIT_ROOTS.clear()


#: Real path -> index mode of every tracked file of the repository at ``root``: one git call
#: per repository, remembered until ``git_index_modes.cache_clear()``.
git_index_modes = _IndexModes()


def index_mode(path: Path) -> str | None:
    """The mode git's index records for a file, or None when it is not tracked."""
    root = git_root(path.parent)
    if root is None:
        return None
    return git_index_modes(root).get(os.path.realpath(path))


def _real_folder(path: str) -> str:
    """``os.path.realpath`` of a folder, its parents' real paths remembered for the run.

    A folder that is not a symlink is its real parent's entry: after the first skill, the
    real path of a skill's folder costs one ``lstat`` instead of one per level.
    """
    if ".." in path:  # abspath would drop "x/.." before resolving x: let realpath decide
        return os.path.realpath(path)
    return _real_absolute(os.path.abspath(path))


def _real_absolute(path: str) -> str:
    found = _REAL_FOLDERS.get(path)
    if found is None:
        parent, name = os.path.split(path)
        if not name or parent == path or os.path.islink(path):
            found = os.path.realpath(path)
        else:
            found = os.path.join(_real_absolute(parent), name)
        _REAL_FOLDERS[path] = found
    return found


def _git_root_remembered(real: str) -> str | None:
    """:func:`_git_root_of_real`, each folder on the way up looked at once per run."""
    passed = []
    current = real
    found: str | None = None
    while True:
        if current in _GIT_ROOTS:
            found = _GIT_ROOTS[current]
            break
        if os.path.exists(os.path.join(current, ".git")):
            found = _GIT_ROOTS[current] = current
            break
        passed.append(current)
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    for folder in passed:
        _GIT_ROOTS[folder] = found
    return found


def _index_modes(ctx: SkillContext, files: Iterable[SkillFile]) -> Iterator[str | None]:
    """:func:`index_mode` of each of these files (none of them a symlink itself).

    A file that is not a symlink is its real parent's entry, so the parent's real path and
    git root are worked out once per folder instead of twice per file, and what lies above
    the skill once per run.
    """
    folders: dict[str, tuple[str, str | None]] = {}
    for file in files:
        parent, _, name = file.relpath.rpartition("/")
        found = folders.get(parent)
        if found is None:
            real = _real_folder(os.path.join(ctx.directory, parent) if parent else ctx.directory)
            found = folders[parent] = (real, _git_root_remembered(real))
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


@rule("script-not-executable", Severity.ERROR, fixable=True)
def script_not_executable(ctx: SkillContext) -> Iterator[Finding]:
    """A file with a shebang (`#!`) is not executable as it ships.

    Docs say `./scripts/run.sh`, the agent runs it, and it fails with "permission denied"
    (exit 126). When the file is tracked by git, the mode in git's index is what users
    install, so that is what is checked (`git ls-files -s`); otherwise the file's own mode.
    `--fix` sets the exec bit on the file (for a tracked file, commit the mode change or run
    `git update-index --chmod=+x`).

    Fails: `scripts/run.sh` starting with `#!/bin/sh`, mode 100644.
    Passes: the same file with mode 100755.

    Matters for every agent that runs scripts.
    """
    found = _shebang_files_once(ctx)
    if not found:  # (most skills: no generator for nothing)
        return NO_FINDINGS
    return _not_executable(ctx, [file for file, _ in found])


def _not_executable(ctx: SkillContext, shebangs: list[SkillFile]) -> Iterator[Finding]:
    for file, mode in zip(shebangs, _index_modes(ctx, shebangs), strict=True):
        if mode is not None:
            if mode == "100755":
                continue
            yield Finding(
                f"{file.relpath} has a shebang but git's index records mode {mode} (not "
                "executable): users who install the skill get 'permission denied'",
                file=file.relpath,
                hint=f"git update-index --chmod=+x {file.relpath}",
                fixable=not file.executable,
            )
        elif not file.executable:
            yield Finding(
                f"{file.relpath} has a shebang but is not executable ('permission denied')",
                file=file.relpath,
                hint=f"chmod +x {file.relpath} (skillctl lint --fix)",
            )


@rule("script-crlf", Severity.ERROR)
def script_crlf(ctx: SkillContext) -> Iterator[Finding]:
    """A script with a shebang has CRLF line endings.

    The kernel reads the interpreter up to `\\n`, so `#!/usr/bin/env python3\\r\\n` asks for a
    program named `python3\\r`: "No such file or directory" (twells89/sigma-migration-skills#288).

    Fails: `scripts/run.py` saved with Windows line endings.
    Passes: the same with LF line endings (add `*.py text eol=lf` to `.gitattributes`).

    Matters for every agent on Linux and macOS.
    """
    found = _shebang_files_once(ctx)
    if not found:
        return NO_FINDINGS
    return (
        Finding(
            f"{file.relpath}: the shebang line ends with CRLF, so the interpreter is not found "
            "('No such file or directory')",
            file=file.relpath,
            hint="convert the script to LF line endings",
        )
        for file, head in found
        if head.split(b"\n", 1)[0].endswith(b"\r")
    )
