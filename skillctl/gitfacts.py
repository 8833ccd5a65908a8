"""Facts about the folders skills sit in that several parts of skillctl share: real paths,
git roots and the modes git's index records (what a clone will give a file).

The script rules ask for index modes, the lint cache keys skills on them; both ask here, so
that the cache needs no rule module and imports run one way (core -> lint, never back).
"""

from __future__ import annotations

import functools
import os
import stat
import time
from pathlib import Path


def git_root(path: Path) -> str | None:
    """The working tree root of the git repository holding ``path``, or None."""
    return git_root_of_real(os.path.realpath(path))


def git_root_of_real(current: str) -> str | None:
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


def plain_repository(root: str) -> bool:
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


_plain_repository = plain_repository  # the name the hostile suite has long tested


def _read_index_modes(root: str) -> dict[str, str]:
    """Real path -> index mode (``100644``, ``100755``) of every tracked file: one git call,
    made only for a plain repository and within the run's git budget."""
    budget = _git_seconds_left[0]
    if budget <= 0 or not plain_repository(root):
        return {}
    import subprocess  # (here: a run replayed from the cache never asks git)

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
        _TRACKED_FOLDERS.clear()
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


#: git root -> the real paths of the folders holding a tracked file, at any depth
_TRACKED_FOLDERS: dict[str, frozenset[str]] = {}


def holds_tracked_files(folder: str) -> bool:
    """Whether git's index tracks a file at or below ``folder``: a folder a ``.gitignore``
    names is still walked for those, since git ignores only untracked files (a committed
    ``.claude/skills`` beside a ``.claude/`` line). False outside a repository, and when
    git cannot be asked."""
    real = real_folder(folder)
    root = git_root_remembered(real)
    if root is None:
        return False
    tracked = _TRACKED_FOLDERS.get(root)
    if tracked is None:
        folders: set[str] = set()
        for path in git_index_modes(root):
            parent = os.path.dirname(path)
            while parent not in folders and len(parent) > len(root):
                folders.add(parent)
                parent = os.path.dirname(parent)
        tracked = _TRACKED_FOLDERS[root] = frozenset(folders)
    return real in tracked


def real_folder(path: str) -> str:
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


def git_root_remembered(real: str) -> str | None:
    """:func:`git_root_of_real`, each folder on the way up looked at once per run."""
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
