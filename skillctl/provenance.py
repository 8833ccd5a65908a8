"""Where an installed skill came from, read from the installers' own records, and whether its
files changed since (issue 20).

Two installers write records skillctl reads (never writes):

* the npm ``skills`` CLI (vercel-labs/skills, checked against 1.7.4): a project lock
  ``skills-lock.json`` in the folder it was run in (version 1; per skill ``source``,
  ``sourceType``, optional ``sourceUrl``/``ref``/``skillPath`` and ``computedHash``), and a
  user lock ``~/.agents/.skill-lock.json`` (``$XDG_STATE_HOME/skills/.skill-lock.json`` when
  that is set; version 3; ``skillFolderHash`` instead of ``computedHash``);
* the GitHub CLI's ``gh skill install``, which writes the same user lock (version 3, a git tree
  SHA as ``skillFolderHash``) and ``metadata.github-repo``/``github-ref``/``github-tree-sha``/
  ``github-path``/``github-pinned`` into the installed SKILL.md's own frontmatter.

A 64-digit hash is the ``skills`` CLI's content hash, recomputed here exactly as it computes it
(:func:`folder_hash`), so an edit since install shows as ``modified``. A 40-digit hash is a git
tree SHA of the folder in its repository; the installed copy differs from that tree by design
(``skills`` leaves ``metadata.json`` and ``__pycache__`` out, ``gh`` rewrites SKILL.md), so it is
reported, and ``modified`` stays unknown. See docs/provenance.md.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillctl.collation import locale_key
from skillctl.model import Skill

PROJECT_LOCK = "skills-lock.json"
USER_LOCK = ".skill-lock.json"
#: Lock files larger than this are not read (a real one is a few hundred bytes per skill).
MAX_LOCK_BYTES = 4 * 1024 * 1024
#: A skill folder is hashed only up to this many files and bytes; past that ``modified`` is
#: unknown (and a note says why) rather than a run that reads without end.
MAX_HASH_FILES = 5_000
MAX_HASH_BYTES = 256 * 1024 * 1024
#: Folders the ``skills`` CLI leaves out of its content hash.
_HASH_SKIPPED_DIRS = frozenset({".git", "node_modules"})
_SHA256 = re.compile(r"[0-9a-f]{64}")
_GIT_SHA = re.compile(r"[0-9a-f]{40}")
#: a FIFO put in place of a file cannot block the read, a link swapped in is not followed
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)


@dataclass(frozen=True, slots=True)
class LockEntry:
    """One skill's entry in an installer's record."""

    installer: str  # "skills" (the npm skills CLI or gh, in a lock file) or "gh" (frontmatter)
    record: Path  # the lock file, or the SKILL.md for gh's frontmatter metadata
    line: int  # where the entry starts in ``record``
    name: str  # the entry's key
    source: str
    source_type: str | None = None
    source_url: str | None = None
    ref: str | None = None
    skill_path: str | None = None
    hash: str | None = None  # computedHash / skillFolderHash / github-tree-sha


@dataclass(frozen=True, slots=True)
class Provenance:
    """A skill's install record and what its files look like now."""

    entry: LockEntry
    #: True: the files differ from the recorded hash; False: identical; None: not checked
    modified: bool | None
    current_hash: str | None = None
    note: str | None = None

    @property
    def revision(self) -> str | None:
        """What was installed: the ref, else the recorded tree SHA (a content hash is none)."""
        entry = self.entry
        if entry.ref:
            return entry.ref
        if entry.hash and _GIT_SHA.fullmatch(entry.hash):
            return entry.hash
        return None

    def to_json(self) -> dict[str, Any]:
        """The ``provenance`` object of ``list --format json`` and ``show --format json``."""
        entry = self.entry
        return {
            "installer": entry.installer,
            "record": str(entry.record),
            "line": entry.line,
            "entry": entry.name,
            "source": entry.source,
            "source_type": entry.source_type,
            "source_url": entry.source_url,
            "ref": entry.ref,
            "revision": self.revision,
            "skill_path": entry.skill_path,
            "hash": entry.hash,
            "current_hash": self.current_hash,
            "modified": self.modified,
            "note": self.note,
        }


# --------------------------------------------------------------------------- hashing


class _TooLarge(Exception):
    """A folder past the hashing limits."""


def _collect(top: str, relative: str, out: list[tuple[str, str]], budget: list[int]) -> None:
    """Every regular file below ``top`` as (path relative to the skill, real path): folders
    are entered without following links, links to files are left out (``Dirent.isFile()`` is
    false for them, so the ``skills`` CLI leaves them out too)."""
    with os.scandir(top) as entries:
        for entry in entries:
            rel = f"{relative}/{entry.name}" if relative else entry.name
            if entry.is_dir(follow_symlinks=False):
                if entry.name in _HASH_SKIPPED_DIRS:
                    continue
                _collect(entry.path, rel, out, budget)
            elif entry.is_file(follow_symlinks=False):
                budget[0] -= 1
                budget[1] -= entry.stat(follow_symlinks=False).st_size
                if budget[0] < 0 or budget[1] < 0:
                    raise _TooLarge
                out.append((rel, entry.path))


def folder_hash(directory: Path, *, exclude: frozenset[str] = frozenset()) -> str:
    """The content hash the ``skills`` CLI records as ``computedHash``: SHA-256 over each
    regular file's path (relative, ``/``-separated, UTF-8) followed by its bytes, files in
    ``localeCompare`` order, ``.git`` and ``node_modules`` left out.

    ``exclude`` names top-level files to leave out as well (skillctl's own copy record).
    Raises ``OSError`` for a folder that cannot be read, ``ValueError`` past the limits.
    """
    files: list[tuple[str, str]] = []
    try:
        _collect(os.fspath(directory), "", files, [MAX_HASH_FILES, MAX_HASH_BYTES])
    except _TooLarge:
        raise ValueError(f"more than {MAX_HASH_FILES:,} files or {MAX_HASH_BYTES:,} bytes") \
            from None
    files = [f for f in files if f[0] not in exclude]
    import hashlib  # only when hashing: it loads OpenSSL, which a plain lint never needs

    files.sort(key=lambda item: locale_key(item[0]))
    digest = hashlib.sha256()
    for rel, path in files:
        digest.update(rel.encode("utf-8", "surrogateescape"))
        fd = os.open(path, _READ_FLAGS)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue  # swapped for something else since the walk
            while chunk := os.read(fd, 1 << 20):
                digest.update(chunk)
        finally:
            os.close(fd)
    return digest.hexdigest()


# --------------------------------------------------------------------------- reading records


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _entry_lines(text: str) -> dict[str, int]:
    """The line of each ``"key": {`` at the second level of a pretty-printed lock file."""
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = re.match(r'\s+("(?:[^"\\]|\\.)*")\s*:\s*\{', line)
        if match:
            try:
                key = json.loads(match.group(1))
            except ValueError:
                continue
            lines.setdefault(key, number)
    return lines


def read_lock(path: Path) -> tuple[dict[str, LockEntry], str | None]:
    """The entries of one lock file by skill name, and a problem (None when it read well).

    A missing file gives no entries and no problem; one that is not a lock (too large, not
    JSON, no ``skills`` object) gives no entries and says why, as the installers themselves
    then start afresh.
    """
    from skillctl.fsio import read_regular_file

    try:
        data = read_regular_file(path, MAX_LOCK_BYTES)
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, f"cannot read: {exc.strerror or exc}"
    try:
        text = data.decode("utf-8")
        document = json.loads(text)
    except (UnicodeDecodeError, ValueError) as exc:
        return {}, f"not a JSON lock file ({exc})"
    except RecursionError:
        return {}, "not a JSON lock file (nested too deeply)"
    skills = document.get("skills") if isinstance(document, dict) else None
    if not isinstance(skills, dict) or not isinstance(document.get("version"), int):
        return {}, "not a lock file of the skills CLI (no version and skills)"
    lines = _entry_lines(text)
    entries: dict[str, LockEntry] = {}
    for name, raw in skills.items():
        if not isinstance(raw, dict) or _text(raw.get("source")) is None:
            continue
        recorded = _text(raw.get("computedHash")) or _text(raw.get("skillFolderHash"))
        entries[name] = LockEntry(
            "skills", path, lines.get(name, 1), name, raw["source"],
            _text(raw.get("sourceType")), _text(raw.get("sourceUrl")),
            _text(raw.get("ref")) or _text(raw.get("pinnedRef")), _text(raw.get("skillPath")),
            recorded.lower() if recorded else None,
        )
    return entries, None


def frontmatter_entry(skill: Skill) -> LockEntry | None:
    """``gh skill install``'s record in the skill's own frontmatter (``metadata.github-*``)."""
    metadata = skill.parsed.data.get("metadata") if skill.parsed.frontmatter else None
    if not isinstance(metadata, Mapping):
        return None
    repo = _text(metadata.get("github-repo"))
    if repo is None:
        return None
    fm = skill.parsed.frontmatter
    line = fm.position("metadata").line if fm is not None else 1
    tree = _text(metadata.get("github-tree-sha"))
    return LockEntry("gh", skill.entry, line, skill.name, repo, "github", None,
                     _text(metadata.get("github-pinned")) or _text(metadata.get("github-ref")),
                     _text(metadata.get("github-path")), tree.lower() if tree else None)


def user_lock_path(home: Path, env: Mapping[str, str]) -> Path:
    """Where the ``skills`` CLI and ``gh`` keep the user's lock."""
    state = env.get("XDG_STATE_HOME")
    return Path(state) / "skills" / USER_LOCK if state else home / ".agents" / USER_LOCK


_UNKNOWN: Any = object()


class LockIndex:
    """The lock files that apply to skills, each read once per run.

    A skill's project lock is the nearest ``skills-lock.json`` in the folders above it, up to
    the first folder holding ``.git`` (inclusive) and never the home folder itself; a skill
    below the home folder with no project lock is looked up in the user lock.
    """

    def __init__(self, home: Path, env: Mapping[str, str]) -> None:
        self.home = Path(os.path.abspath(home))
        self.user_lock = user_lock_path(self.home, env)
        home_text = str(self.home)
        #: what the absolute path of a folder below the home folder starts with
        self._below_home = home_text if home_text.endswith("/") else home_text + "/"
        self._locks: dict[Path, tuple[dict[str, LockEntry], str | None]] = {}
        self._nearest: dict[Path, Path | None] = {}
        #: :meth:`_project_lock` by the folder's absolute path as a string (skills share
        #: their parent folder: a Path is made once a folder, not once a skill)
        self._nearest_by_text: dict[str, Path | None] = {}

    def lock(self, path: Path) -> tuple[dict[str, LockEntry], str | None]:
        """One lock file's entries and problem, read on first use."""
        known = self._locks.get(path)
        if known is None:
            known = self._locks[path] = read_lock(path)
        return known

    def problems(self) -> list[tuple[Path, str]]:
        """Lock files read so far that could not be used, with why."""
        return sorted((p, problem) for p, (_e, problem) in self._locks.items() if problem)

    def _project_lock(self, folder: Path) -> Path | None:
        if folder in self._nearest:
            return self._nearest[folder]
        found: Path | None = None
        if folder != self.home and folder.parent != folder:
            candidate = folder / PROJECT_LOCK
            if os.path.isfile(candidate):
                found = candidate
            elif not os.path.exists(folder / ".git"):
                found = self._project_lock(folder.parent)
        self._nearest[folder] = found
        return found

    def is_below_home(self, absolute: str) -> bool:
        """``Path(absolute).is_relative_to(self.home)`` for a normalised absolute path, on
        strings on POSIX (pathlib's way was a fifth of ``lock-drift``'s CPU)."""
        if os.name != "posix" or absolute.startswith("//") or self._below_home.startswith("//"):
            return Path(absolute).is_relative_to(self.home)  # (POSIX keeps a root of "//")
        return absolute.startswith(self._below_home) or absolute + "/" == self._below_home

    def entry_for(self, skill: Skill) -> LockEntry | None:
        """The record that installed ``skill``, if any installer recorded it."""
        absolute = os.path.abspath(skill.dir)
        # Path(absolute).parent and .name, on strings (abspath normalised the path)
        parent, name = os.path.split(absolute)
        names = [name]
        if skill.declared_name and skill.declared_name not in names:
            names.append(skill.declared_name)
        locks: list[Path] = []
        project = self._nearest_by_text.get(parent, _UNKNOWN)
        if project is _UNKNOWN:
            project = self._nearest_by_text[parent] = self._project_lock(Path(parent))
        if project is not None:
            locks.append(project)
        elif self.is_below_home(absolute):
            locks.append(self.user_lock)
        for lock in locks:
            entries, _problem = self.lock(lock)
            for name in names:
                if name in entries:
                    return entries[name]
        return frontmatter_entry(skill)


def check(skill: Skill, entry: LockEntry) -> Provenance:
    """Compare a skill's files with its record."""
    recorded = entry.hash
    if recorded is None:
        return Provenance(entry, None, note="the record holds no hash")
    if _GIT_SHA.fullmatch(recorded):
        return Provenance(entry, None, note="the record is a git tree SHA of the source "
                          "folder, which the installed copy differs from by design; not "
                          "compared")
    if not _SHA256.fullmatch(recorded):
        return Provenance(entry, None, note="the recorded hash is of an unknown kind")
    try:
        current = folder_hash(skill.dir)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Provenance(entry, None, note=f"cannot hash the skill folder: {reason}")
    return Provenance(entry, current != recorded, current)


def provenance_of(skill: Skill, index: LockIndex) -> Provenance | None:
    """The skill's install record and its state now; None when no installer recorded it."""
    entry = index.entry_for(skill)
    return None if entry is None else check(skill, entry)
