"""A content-keyed lint cache, like ruff's: an unchanged skill is never parsed or linted twice.

A skill's key is a hash of

- the cache format, skillctl's version and a fingerprint of skillctl's own code (so a
  development checkout never serves results from older rules),
- the configuration's fingerprint (:meth:`ResolvedConfig.fingerprint`),
- the path of the skill as the user named it (diagnostics carry it),
- the size and bytes of its ``SKILL.md`` (hashed again only when its size, times, inode or
  device changed, as git's index does),
- the ``(relative path, size, mtime_ns, ctime_ns, inode, mode)`` of every other file in the skill
  directory (rules look at ``references/`` and ``scripts/``), bounded like
  :func:`skillctl.scan.list_files`.

The value is the skill's :class:`~skillctl.lint.result.SkillResult` and its
:class:`~skillctl.lint.result.SkillSummary` (what the cross-skill rules need), so an unchanged
skill is never parsed again, even when another skill changed. A run also stores the findings
that span skills (duplicate names, scan notes) under the combined key of every skill and the
run's inputs, so re-linting an unchanged repository runs no rule at all.

Snapshot: when every linted path is a folder, a run also stores the list of paths its
outcome depends on (every folder the walk listed and its ``.gitignore``, every file and folder
of every skill, git's index, and ``.git`` in each folder above a skill up to its repository)
and one hash of their ``stat`` (none when a skill's file listing hit its limit). The next
run with the same paths first ``stat``s that list: if nothing changed it replays the run
without walking, reading or hashing anything. Files changed less than :data:`_RACY_NS`
before a run began are not trusted to a snapshot (a write in the same clock tick leaves the
``stat`` as it was).

Where it lives: ``$SKILLCTL_CACHE_DIR``, else ``$XDG_CACHE_HOME/skillctl``, else
``~/.cache/skillctl``. One JSON file (versioned, never pickle: a cache directory must not be a
way to run code) per set of linted paths and configuration; each run rewrites its file with the
entries it used, atomically. At most :data:`MAX_BUCKETS` files and :data:`MAX_BYTES` bytes are
kept (oldest first out). A missing, corrupt, unreadable or unwritable cache is ignored
silently: the cache can make a run faster, never make it fail.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillctl import limits
from skillctl.gitfacts import git_index_modes, git_root
from skillctl.lint.result import RuleInfo, SkillResult, SkillSummary
from skillctl.model import Diagnostic, Severity
from skillctl.replay import NAMES as _NAMES
from skillctl.replay import RACY_NS as _RACY_NS
from skillctl.replay import cache_folder, code_fingerprint, hasher, stat_digest, write_cache_file

if TYPE_CHECKING:
    from skillctl.collect import PruneFor
    from skillctl.model import Skill
    from skillctl.scan import ScanNote

#: Version of the cache file format; bump on any change to the key or the stored shape.
CACHE_FORMAT = 5
#: Cache files kept in the cache directory, and their total size.
MAX_BUCKETS = 64
MAX_BYTES = 256 * 1024 * 1024
#: Directory names never hashed (the same that :func:`skillctl.scan.list_files` skips).
_SKIPPED = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__"})
_SUFFIX = ".json"


def cache_dir() -> Path:
    """The cache directory: ``$SKILLCTL_CACHE_DIR``, ``$XDG_CACHE_HOME/skillctl``, ``~/.cache``."""
    return Path(cache_folder())


def _tree_digest(
    digest: Any,
    skill_dir: Path,
    entry: Path,
    git_modes: Mapping[str, str] | None = None,
    real_dir: str = "",
    watched: dict[str, None] | None = None,
    on_truncated: Callable[[], None] | None = None,
    where: str | None = None,
) -> bool:
    """Feed the stat data of the skill's files (except the entry) into ``digest``, and the
    mode git's index records for each (``script-not-executable`` checks that mode). Every
    path looked at is added to ``watched`` when given. ``where`` is the folder's absolute
    path, when the caller has it.

    Returns False when the directory could not be listed at all.
    """
    count = 0
    if git_modes and not real_dir:
        real_dir = os.path.realpath(skill_dir)
    entry_name = entry.name if entry.parent == skill_dir else None
    parts: list[str] = []  # fed to the digest in one go: many small updates cost more

    def visit(
        directory: str, prefix: str, depth: int, ancestors: frozenset[tuple[int, int]]
    ) -> None:
        nonlocal count
        if watched is not None:
            watched[directory] = None
        try:
            with os.scandir(directory) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            parts.append(f"\0!{prefix}:{exc.errno}")
            return
        for item in entries:
            if item.name in _SKIPPED or (depth == 0 and item.name == entry_name):
                continue
            count += 1
            if count > limits.MAX_SKILL_FILES:
                parts.append("\0!truncated")
                if on_truncated is not None:
                    on_truncated()
                return
            rel = prefix + item.name
            if watched is not None:
                watched[item.path] = None
            try:
                lst = item.stat(follow_symlinks=False)
                st = os.stat(item.path) if stat.S_ISLNK(lst.st_mode) else lst
            except OSError:
                parts.append(f"\0{rel}\0?")
                continue
            link = stat.S_ISLNK(lst.st_mode)
            # ctime and inode too: a rewrite of the same size with its mtime put back (what
            # ``tar x`` and ``rsync -t`` do) still changes them
            parts.append(f"\0{rel}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}"
                         f"\0{st.st_ino}\0{st.st_mode}\0{int(link)}")
            if git_modes:
                parts.append(f"\0{git_modes.get(os.path.join(real_dir, rel))}")
            if stat.S_ISDIR(st.st_mode):
                key = (st.st_dev, st.st_ino)
                if depth < limits.MAX_SKILL_FILE_DEPTH and key not in ancestors:
                    visit(item.path, rel + "/", depth + 1, ancestors | {key})

    try:
        root = os.stat(skill_dir)
    except OSError:
        return False
    top = where if where is not None else os.path.abspath(skill_dir)
    visit(top, "", 0, frozenset({(root.st_dev, root.st_ino)}))
    digest.update("".join(parts).encode("utf-8", _NAMES))
    return True


def _read_head(path: str, limit: int) -> bytes:
    """Up to ``limit`` bytes of a file, read without blocking (a FIFO swapped in since the
    ``stat`` must not hang the run) and without a buffered file object (one per skill adds up)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        chunks = []
        size = 0
        while size < limit:
            chunk = os.read(fd, limit - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _diag_to_json(d: Diagnostic) -> list[Any]:
    return [d.path, d.line, d.column, d.rule, d.message, d.severity.value, d.fixable, d.hint]


def _diag_from_json(item: list[Any]) -> Diagnostic:
    path, line, column, rule, message, severity, fixable, hint = item
    return Diagnostic(
        path=str(path),
        line=int(line),
        column=int(column),
        rule=str(rule),
        message=str(message),
        severity=Severity(severity),
        fixable=bool(fixable),
        hint=None if hint is None else str(hint),
    )


def _result_to_json(result: SkillResult) -> list[Any]:
    return [result.path, result.dir, result.name, [_diag_to_json(d) for d in result.diagnostics]]


def _result_from_json(item: list[Any]) -> SkillResult:
    path, directory, name, diagnostics = item
    return SkillResult(
        path=str(path),
        dir=str(directory),
        name=None if name is None else str(name),
        diagnostics=tuple(_diag_from_json(d) for d in diagnostics),
    )


def _entry_from_json(raw: Any) -> tuple[SkillResult, SkillSummary] | None:
    """A stored ``[result, summary]`` pair, or None when the entry is not one."""
    try:
        result, summary = raw
        return _result_from_json(result), SkillSummary.from_json(summary)
    except (TypeError, ValueError, KeyError):
        return None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Every path a run's outcome depends on, and one hash of their ``stat`` as this run saw
    them (:func:`skillctl.replay.stat_digest`)."""

    files: tuple[str, ...]
    digest: str


@dataclass(frozen=True, slots=True)
class KeyOutcome:
    """A skill's key as :class:`SkillKeyer` computed it, with what the cache must learn
    along: the paths the key depends on (for snapshots), the ``SKILL.md``'s stat record
    (``("stat:<path>", [size, mtime, ctime, inode, device, digest])``) and whether
    everything the key depends on can be watched by ``stat`` alone."""

    key: str | None
    watched: tuple[str, ...] = ()
    stat_record: tuple[str, list[Any]] | None = None
    snapshot_ok: bool = True


class SkillKeyer:
    """Computes skills' keys (see the module docstring). It remembers, per run, each folder's
    real path and each git repository's index modes; it reads the stat records of earlier
    runs but writes nothing shared, so a worker process can use its own copy."""

    def __init__(self, base_key: str, earlier: Mapping[str, Any]) -> None:
        self._base = base_key
        self._earlier = earlier
        #: the working directory, asked once (``os.path.abspath`` asks on every call)
        self._cwd = os.getcwd()
        self._git_roots: dict[str, str | None] = {}
        self._real_parents: dict[str, str] = {}
        self._git_index: dict[str, dict[str, str]] = {}

    def __getstate__(self) -> dict[str, Any]:
        # a worker started without fork gets the memos, not every earlier cache entry
        state = dict(self.__dict__)
        state["_earlier"] = {k: v for k, v in self._earlier.items() if k.startswith("stat:")}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def abspath(self, path: Path | str) -> str:
        """``os.path.abspath`` against the working directory the run started in."""
        return os.path.normpath(os.path.join(self._cwd, path))

    def compute(self, skill_dir: Path, entry: Path) -> KeyOutcome:
        """The key of the skill at ``(skill_dir, entry)``; its ``key`` is None when it cannot
        be computed (then: no caching)."""
        watched: dict[str, None] = {}
        state = _KeyState(watched)
        key = self._compute(skill_dir, entry, state)
        return KeyOutcome(key, tuple(watched), state.stat_record, state.snapshot_ok)

    def _compute(self, skill_dir: Path, entry: Path, state: _KeyState) -> str | None:
        where = self.abspath(skill_dir)
        content = self._content_digest(self.abspath(entry), state)
        if content is None:
            return None
        digest = hasher(
            f"{self._base}\0{where}\0{skill_dir}\0{entry}\0{content}\0".encode("utf-8", _NAMES)
        )
        real = self._realpath(skill_dir)
        if not _tree_digest(
            digest,
            skill_dir,
            entry,
            self._git_modes(real, state),
            real,
            state.watched,
            state.unwatchable,
            where,
        ):
            return None
        return digest.hexdigest()

    def _content_digest(self, entry: str, state: _KeyState) -> str | None:
        """A hash of the entry file's size and bytes; None when it is not a readable regular
        file (then the skill is not cached, and the normal run reports the problem).

        Like git's index, a file whose size, times, inode and device are those recorded when
        it was last hashed is not read again; the record is only kept for files last changed
        more than :data:`_RACY_NS` before they were read, so a write in the same clock tick
        as the read cannot go unnoticed.
        """
        state.watched[entry] = None
        try:
            st = os.stat(entry)
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        mark = [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]
        memo_key = "stat:" + entry
        known = self._earlier.get(memo_key)
        if isinstance(known, list) and len(known) == 6 and known[:5] == mark:
            state.stat_record = (memo_key, known)
            return str(known[5])
        try:
            data = _read_head(entry, limits.MAX_READ_BYTES + 1)
        except OSError:
            return None
        content = hasher(f"{st.st_size}\0".encode("utf-8", _NAMES) + data).hexdigest()
        if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > _RACY_NS:
            state.stat_record = (memo_key, [*mark, content])
        return content

    def _realpath(self, directory: Path) -> str:
        """``os.path.realpath``, resolving each parent folder once per run (it is slow)."""
        where = self.abspath(directory)
        if (".." in os.fspath(directory) and ".." in Path(directory).parts) or os.path.islink(
            where
        ):
            return os.path.realpath(directory)
        parent, name = os.path.split(where)
        real_parent = self._real_parents.get(parent)
        if real_parent is None:
            real_parent = self._real_parents[parent] = os.path.realpath(parent)
        return os.path.join(real_parent, name)

    def _git_modes(self, real: str, state: _KeyState) -> Mapping[str, str] | None:
        """Index modes of the git repository holding the skill at real path ``real`` (one
        ``git`` call per repository and run), or None outside git."""
        if os.path.exists(os.path.join(real, ".git")):
            root: str | None = real
        else:
            parent = os.path.dirname(real)
            if parent not in self._git_roots:
                self._git_roots[parent] = git_root(Path(parent))
                _watch_up_to(parent, self._git_roots[parent], state.watched)
            root = self._git_roots[parent]
        if root is None:
            return None
        if root not in self._git_index:
            # not the memoised function: the index may have changed since another run
            self._git_index[root] = git_index_modes.__wrapped__(root)
            index = os.path.join(root, ".git", "index")
            if os.path.isdir(os.path.join(root, ".git")):
                state.watched[index] = None
            else:  # a worktree or submodule: its index lives elsewhere
                state.snapshot_ok = False
        return self._git_index[root]


class _KeyState:
    """What computing one key learns besides the key."""

    __slots__ = ("snapshot_ok", "stat_record", "watched")

    def __init__(self, watched: dict[str, None]) -> None:
        self.watched = watched
        self.stat_record: tuple[str, list[Any]] | None = None
        self.snapshot_ok = True

    def unwatchable(self) -> None:
        """Something a result depends on is beyond what the snapshot can watch (a file
        listing cut at its limit: rules may look up files past it): store no snapshot."""
        self.snapshot_ok = False


def _watch_up_to(folder: str, root: str | None, watched: dict[str, None]) -> None:
    """Watch ``.git`` in every folder from ``folder`` up to the git root (or the file
    system's root): a ``git init`` in any of them would change which index, if any, holds
    the skill. (Not the folders themselves: a home folder changes all the time.)"""
    current = os.path.realpath(folder)
    while current != root:  # the root's own repository is watched through its index
        watched[os.path.join(current, ".git")] = None
        parent = os.path.dirname(current)
        if parent == current:
            return
        current = parent


@dataclass(frozen=True, slots=True)
class WarmRun:
    """A whole run replayed from the cache: per-skill results in walk order, plus the
    findings of cross-skill rules (per skill index, and about other paths)."""

    results: list[SkillResult]
    across: dict[int, list[Diagnostic]]
    extra: list[Diagnostic]
    #: the rules that run checked, when stored (a snapshot replay imports no rule)
    rules: tuple[RuleInfo, ...] | None = None


class LintCache:
    """The cache of one lint run: look skills up, store what was linted, save at the end.

    Build it with :meth:`open`; a disabled cache (``--no-cache``) answers every lookup with a
    miss and saves nothing, so callers need no special case.
    """

    def __init__(self, path: Path | None, base_key: str, entries: dict[str, Any]) -> None:
        self.path = path
        self._base = base_key
        self._old = entries
        self._new: dict[str, Any] = {}
        self._keys: dict[tuple[str, str], str | None] = {}
        self._keyer = SkillKeyer(base_key, entries)
        #: every path whose stat this run's keys depend on (an ordered set), for snapshots
        self._watched: dict[str, None] = {}
        #: False when something a key depends on cannot be watched by stat alone
        self._snapshot_ok = True
        #: when this run began reading: a file changed since may have been read half-changed
        self._started_ns = time.time_ns()
        #: the snapshot this run stored or replayed, if any
        self.snapshot: Snapshot | None = None
        self.hits = 0
        self.misses = 0

    @classmethod
    def open(
        cls,
        config_fingerprint: str,
        roots: Iterable[Path | str] = (),
        *,
        enabled: bool = True,
        directory: Path | None = None,
    ) -> LintCache:
        """The cache for linting ``roots`` with this configuration (never raises)."""
        if not enabled:
            return cls(None, "", {})
        base = hasher(
            f"{CACHE_FORMAT}\0{code_fingerprint()}\0{config_fingerprint}".encode("utf-8", _NAMES)
        ).hexdigest()
        where = directory if directory is not None else cache_dir()
        names = "\0".join(sorted(os.path.abspath(os.fspath(r)) for r in roots))
        bucket = hasher(f"{base}\0{names}".encode("utf-8", _NAMES)).hexdigest()[:32]
        path = where / f"lint-v{CACHE_FORMAT}-{bucket}{_SUFFIX}"
        return cls(path, base, _read_entries(path, base))

    @property
    def enabled(self) -> bool:
        """False for ``--no-cache``."""
        return self.path is not None

    def key(self, skill_dir: Path, entry: Path) -> str | None:
        """The content key of a skill, or None when it cannot be computed (then: no caching)."""
        if self.path is None:
            return None
        memo = (os.fspath(skill_dir), os.fspath(entry))
        if memo in self._keys:
            return self._keys[memo]
        return self.adopt(skill_dir, entry, self._keyer.compute(skill_dir, entry))

    @property
    def is_empty(self) -> bool:
        """True when the cache holds nothing from earlier runs (every lookup would miss)."""
        return not self._old

    def keyer(self) -> SkillKeyer:
        """What computes this run's keys, for a worker process to compute them where it
        lints (hand each :class:`KeyOutcome` back to :meth:`adopt`)."""
        return self._keyer

    def adopt(self, skill_dir: Path, entry: Path, outcome: KeyOutcome) -> str | None:
        """Take in a key computed by :meth:`keyer` (here or in a worker): the key, the paths
        it depends on and the ``SKILL.md`` stat record; returns the key."""
        if self.path is None:
            return None
        self._keys[(os.fspath(skill_dir), os.fspath(entry))] = outcome.key
        watched = self._watched
        for path in outcome.watched:
            watched[path] = None
        if outcome.stat_record is not None:
            self._new[outcome.stat_record[0]] = outcome.stat_record[1]
        if not outcome.snapshot_ok:
            self._snapshot_ok = False
        return outcome.key

    def get(self, key: str | None) -> tuple[SkillResult, SkillSummary] | None:
        """The stored result and summary for a key, or None (a corrupt entry is a miss)."""
        if key is None or self.path is None:
            return None
        raw = self._old.get(key)
        if raw is None:
            raw = self._new.get(key)
        found = _entry_from_json(raw) if raw is not None else None
        if found is None:
            self.misses += 1
            return None
        self._new[key] = raw
        self.hits += 1
        return found

    def put(self, key: str | None, result: SkillResult, summary: SkillSummary) -> None:
        """Remember a freshly linted skill's result and summary."""
        if key is not None and self.path is not None:
            self._new[key] = [_result_to_json(result), summary.to_json()]

    @staticmethod
    def run_key(skill_keys: Sequence[str | None], extra: str = "") -> str | None:
        """The key of a whole run: every skill's key, in order, plus any other input."""
        if any(k is None for k in skill_keys):
            return None
        digest = hasher(b"run\0")
        for k in skill_keys:
            digest.update(f"{k}\0".encode("utf-8", _NAMES))
        digest.update(extra.encode("utf-8", _NAMES))
        return "run:" + digest.hexdigest()

    # ------------------------------------------------------------------ whole runs

    def _run_key(
        self, paths: Sequence[Path], pairs: Sequence[tuple[Path, Path]], notes: Sequence[ScanNote]
    ) -> str | None:
        """Key of a whole run: the paths, every skill's key, the scan notes and the folders
        holding the skills (cross-skill rules such as missing-skill-md read their listings)."""
        keys = [self.key(d, e) for d, e in pairs]
        extra = hasher()
        for p in paths:
            extra.update(f"path\0{p}\0".encode("utf-8", _NAMES))
        for note in notes:
            extra.update(
                f"note\0{note.path}\0{note.reason}\0{note.detail}\0".encode("utf-8", _NAMES)
            )
        skill_dirs = {self._keyer.abspath(d) for d, _ in pairs}
        for folder in sorted({os.path.dirname(d) for d in skill_dirs}):
            extra.update(f"folder\0{folder}\0".encode("utf-8", _NAMES))
            self._watched[folder] = None
            try:
                with os.scandir(folder) as it:
                    items = sorted(it, key=lambda e: e.name)
            except OSError as exc:
                extra.update(f"!{exc.errno}".encode("utf-8", _NAMES))
                continue
            for item in items:
                if item.path in skill_dirs:  # its contents are in its own key already
                    extra.update(f"{item.name}\0skill\0".encode("utf-8", _NAMES))
                    continue
                self._watched[item.path] = None
                try:
                    st = item.stat()
                    mark = f"{st.st_mode}\0{st.st_mtime_ns if stat.S_ISDIR(st.st_mode) else 0}"
                except OSError:
                    mark = "?"
                extra.update(f"{item.name}\0{mark}\0".encode("utf-8", _NAMES))
        return self.run_key(keys, extra.hexdigest())

    def warm_run(
        self,
        paths: Sequence[Path],
        *,
        walked: list[str] | None = None,
        rules: Callable[[], Sequence[RuleInfo]] | None = None,
        prune_for: PruneFor | None = None,
    ) -> WarmRun | None:
        """The stored outcome of this exact run when nothing it reads has changed, else None.

        None also when a path is missing or no skill is found: the normal run reports that.
        With ``walked`` (a list to fill with the folders the walk lists: every path is a
        folder) and ``rules`` (the run's rules, asked only then), a replayed run that has no
        snapshot yet stores one, so the next run replays from ``stat`` alone (a first run
        made right after a checkout could not: its files were too fresh to be trusted).
        """
        if self.path is None or not self._old:
            return None
        from skillctl.collect import candidates_for

        # the same walk as the run it replays (lint's exclude patterns: ``prune_for``)
        candidates, notes, missing = candidates_for(
            list(paths), walked=walked, prune_for=prune_for
        )
        if missing or not candidates:
            return None
        pairs = [(c.dir, c.entry) for c in candidates]
        run = self._run_key(paths, pairs, notes)
        if run is None:
            return None
        stored = self._old.get(run)
        if not isinstance(stored, dict):
            return None
        results = [self._peek(self.key(d, e)) for d, e in pairs]
        if any(r is None for r in results):
            return None
        try:
            across = {int(i): [_diag_from_json(d) for d in diags] for i, diags in stored["across"]}
            extra = [_diag_from_json(d) for d in stored["extra"]]
        except (TypeError, ValueError, KeyError):
            return None
        for d, e in pairs:
            self.get(self.key(d, e))  # keep the entries (and count the hits)
        self._new[run] = stored
        if walked is not None and rules is not None:
            self._store_snapshot(paths, run, pairs, walked, rules())
        return WarmRun([r for r in results if r is not None], across, extra)

    def _peek(self, key: str | None) -> SkillResult | None:
        raw = self._old.get(key) if key is not None else None
        found = _entry_from_json(raw) if raw is not None else None
        return found[0] if found is not None else None

    def remember_run(
        self,
        paths: Sequence[Path],
        skills: Sequence[Skill],
        notes: Sequence[ScanNote],
        across: Mapping[int, Sequence[Diagnostic]],
        extra: Sequence[Diagnostic],
        *,
        walked: Sequence[str] | None = None,
        rules: Sequence[RuleInfo] = (),
    ) -> None:
        """Store the cross-skill outcome of a run so :meth:`warm_run` can replay it; with
        ``walked`` (every folder the tree walk listed), also a snapshot for
        :meth:`replay_snapshot`."""
        if self.path is None:
            return
        pairs = [(s.dir, s.entry) for s in skills]
        run = self._run_key(paths, pairs, notes)
        if run is None:
            return
        self._new[run] = {
            "across": [
                [i, [_diag_to_json(d) for d in diags]] for i, diags in sorted(across.items())
            ],
            "extra": [_diag_to_json(d) for d in extra],
        }
        if walked is not None:
            self._store_snapshot(paths, run, pairs, walked, rules)

    def _store_snapshot(
        self,
        paths: Sequence[Path],
        run: str,
        pairs: Sequence[tuple[Path, Path]],
        walked: Sequence[str],
        rules: Sequence[RuleInfo],
    ) -> None:
        """Store the snapshot of a run over folders (see the module docstring)."""
        if not self._snapshot_ok:
            return
        watched = dict(self._watched)
        for folder in walked:
            folder = self._keyer.abspath(folder)
            watched[folder] = None
            # its rules steer the walk; one created later changes the folder's own stat
            gitignore = os.path.join(folder, ".gitignore")
            if os.path.lexists(gitignore):
                watched[gitignore] = None
        files = list(watched)
        digest = stat_digest(files, racy_before=self._started_ns - _RACY_NS)
        if digest is None:
            return  # something changed during the run, or just before: no snapshot
        self._new[_snapshot_key(paths)] = {
            "run": run,
            "skills": [self.key(d, e) for d, e in pairs],
            "files": files,
            "digest": digest,
            "rules": [r.to_dict() for r in rules],
        }
        self.snapshot = Snapshot(tuple(files), digest)

    def replay_snapshot(self, paths: Sequence[Path]) -> WarmRun | None:
        """The stored outcome of this run when no folder walked and no file read by the
        last run changed (one ``stat`` per path, no walk, no hashing), else None."""
        if self.path is None:
            return None
        stored: Any = self._old.get(_snapshot_key(paths))
        if not isinstance(stored, dict):
            return None
        files = stored.get("files")
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            return None
        try:
            if stored["digest"] != stat_digest(files):
                return None
            run = self._old[stored["run"]]
            results = [_entry_from_json(self._old[k]) for k in stored["skills"]]
            across = {int(i): [_diag_from_json(d) for d in ds] for i, ds in run["across"]}
            extra = [_diag_from_json(d) for d in run["extra"]]
            rules = tuple(RuleInfo.from_dict(r) for r in stored["rules"])
        except (TypeError, ValueError, KeyError, AttributeError):
            return None
        if any(r is None for r in results):
            return None
        self._new = dict(self._old)  # what the last run kept is exactly what this one uses
        self.hits += len(results)
        self.snapshot = Snapshot(tuple(files), str(stored["digest"]))
        return WarmRun([r[0] for r in results if r is not None], across, extra, rules)

    def save(self) -> None:
        """Write the entries this run used, atomically; prune old files. Never raises."""
        if self.path is None or (not self._new and not self._old):
            return
        if self._new.keys() == self._old.keys():
            with contextlib.suppress(OSError):
                os.utime(self.path)  # unchanged: only mark it as recently used
            return
        payload = json.dumps(
            {"format": CACHE_FORMAT, "base": self._base, "entries": self._new},
            separators=(",", ":"),
        ).encode()
        try:
            write_cache_file(os.fspath(self.path), payload)
        except OSError:
            return
        prune(self.path.parent, keep=self.path)


def _snapshot_key(paths: Sequence[Path]) -> str:
    """Where a run's snapshot is stored: the paths as given (diagnostics show them) and as
    they resolve from the current directory."""
    named = "\0".join(f"{p}\0{os.path.abspath(p)}" for p in paths)
    return "snapshot:" + hasher(named.encode("utf-8", _NAMES)).hexdigest()


def _read_entries(path: Path, base: str) -> dict[str, Any]:
    """The entries of a cache file, or nothing when it is missing, foreign or corrupt."""
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read())
    except (OSError, ValueError, RecursionError):
        return {}
    if (
        not isinstance(data, dict)
        or data.get("format") != CACHE_FORMAT
        or data.get("base") != base
        or not isinstance(data.get("entries"), dict)
    ):
        return {}
    return data["entries"]  # type: ignore[no-any-return]


def prune(
    directory: Path,
    *,
    keep: Path | None = None,
    max_files: int = MAX_BUCKETS,
    max_bytes: int = MAX_BYTES,
) -> None:
    """Delete the least recently used cache files beyond the bounds. Never raises."""
    files: list[tuple[float, int, Path]] = []
    try:
        with os.scandir(directory) as it:
            for item in it:
                if not (item.name.startswith("lint-v") and item.name.endswith(_SUFFIX)):
                    continue
                with contextlib.suppress(OSError):
                    st = item.stat(follow_symlinks=False)
                    if stat.S_ISREG(st.st_mode):
                        files.append((st.st_mtime, st.st_size, Path(item.path)))
    except OSError:
        return
    files.sort(key=lambda f: f[0], reverse=True)  # newest first
    total = 0
    for index, (_, size, path) in enumerate(files):
        total += size
        if path == keep:
            continue
        if index >= max_files or total > max_bytes:
            with contextlib.suppress(OSError):
                os.unlink(path)


def clear(directory: Path | None = None) -> int:
    """Delete every skillctl cache file; returns how many were removed."""
    where = directory if directory is not None else cache_dir()
    removed = 0
    try:
        names = os.listdir(where)
    except OSError:
        return 0
    for name in names:
        if name.startswith("lint-v") and name.endswith(_SUFFIX):
            with contextlib.suppress(OSError):
                os.unlink(where / name)
                removed += 1
    return removed
