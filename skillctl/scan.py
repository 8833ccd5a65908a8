"""Bounded directory walks: find skill directories below a root, list a skill's files.

Walks never raise: unreadable folders, symlink loops, dangling links and huge trees become
:class:`ScanNote` values that the caller can report, and the walk goes on elsewhere.
"""

from __future__ import annotations

import operator
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from skillctl import limits
from skillctl.gitfacts import holds_tracked_files
from skillctl.model import Skill, SkillFile

if TYPE_CHECKING:
    import pathspec

ENTRY_FILE = "SKILL.md"
#: Sort key of directory entries (a C-level getter: listings are sorted by the thousand).
_BY_NAME = operator.attrgetter("name")
#: Directories no agent and no tree search ever descends into.
ALWAYS_SKIPPED = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__"})


@dataclass(frozen=True, slots=True)
class Candidate:
    """A directory holding a file whose name is ``SKILL.md`` in some letter case."""

    dir: Path
    entry: Path  # the file found; ``entry.name`` may be ``skill.md``
    depth: int  # 1 = a direct child of the root, 0 = the root itself
    exact_case: bool
    via_symlink: bool  # some directory on the way (or the skill dir) is a symlink


@dataclass(frozen=True, slots=True)
class ScanNote:
    """Something the walk could not look at, and why (reported, never raised)."""

    path: Path
    reason: str  # "unreadable", "symlink-loop", "dangling-symlink", "too-deep", "too-many"
    detail: str = ""


@dataclass(frozen=True, slots=True)
class WalkOptions:
    """How a walk behaves; agent profiles and tree searches fill this in."""

    max_depth: int = limits.MAX_SCAN_DEPTH  # depth of a skill dir below the root
    follow_symlinks: bool = True
    skip_hidden: bool = False
    skip: frozenset[str] = ALWAYS_SKIPPED
    respect_gitignore: bool = False
    #: stop descending below a directory that holds SKILL.md
    stop_at_skill: bool = False
    #: the root itself may be a skill (``lint path/to/skill``)
    include_root: bool = True
    max_entries: int = limits.MAX_SCAN_ENTRIES
    #: a symlinked dir must resolve inside the root (OpenClaw)
    confine_symlinks: bool = False
    #: folders (their path as the walk spells it) not to enter: lint's ``exclude`` patterns
    prune: Callable[[str], bool] | None = None
    #: a link back to a parent is still entered, lap after lap, while the folder it leads to
    #: is at most this deep (an agent with no cycle check but a depth limit: OpenClaw); 0:
    #: never entered
    loop_depth: int = 0


@dataclass
class _Ignores:
    """Stack of .gitignore specs by the directory they live in."""

    specs: list[tuple[Path, pathspec.GitIgnoreSpec]] = field(default_factory=list)
    #: the same specs by ``str()`` of their directory: a folder is matched only against the
    #: specs of the folders it is below (its own prefixes, :func:`_bases_of`), not against
    #: every .gitignore the walk has met (a walk of 15,000 real skills asked ~26 a folder)
    by_base: dict[str, list[pathspec.GitIgnoreSpec]] = field(default_factory=dict)

    def push_dir(self, directory: Path) -> int:
        gitignore = directory / ".gitignore"
        try:
            text = gitignore.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return 0
        import pathspec

        spec = pathspec.GitIgnoreSpec.from_lines(text.splitlines())
        self.specs.append((directory, spec))
        self.by_base.setdefault(str(directory), []).append(spec)
        return 1

    def ignored(self, path: Path | str, is_dir: bool) -> bool:
        if not self.specs:
            return False
        if os.sep != "/":
            return self._ignored_by_parts(Path(path), is_dir)
        if isinstance(path, Path):
            text = str(path)
        else:
            text = path if _is_normal(path) else str(Path(path))
        by_base = self.by_base
        for base in _bases_of(text):  # (any spec that matches ignores it: order is moot)
            specs = by_base.get(base)
            if specs is None:
                continue
            rel = _posix_relative(text, base)
            if rel is None:
                continue
            for spec in specs:
                if spec.match_file(rel + "/" if is_dir else rel):
                    return True
        return False

    def _ignored_by_parts(self, path: Path, is_dir: bool) -> bool:
        for base, spec in self.specs:
            try:
                rel = path.relative_to(base).as_posix()
            except ValueError:
                continue
            if spec.match_file(rel + "/" if is_dir else rel):
                return True
        return False


def _is_normal(text: str) -> bool:
    """Whether ``str(Path(text)) == text`` surely holds on POSIX: no empty part (``//``, a
    trailing ``/``) and no ``.`` part, which pathlib drops (a folder's path from
    ``os.scandir`` below a plain root, so the walk makes no Path to ask)."""
    return bool(text) and not (
        "//" in text or "/./" in text or text.startswith("./") or text.endswith(("/", "/."))
        or text == "."
    )


def _bases_of(text: str) -> Iterator[str]:
    """Every ``base`` for which :func:`_posix_relative` of ``text`` may not be None: ``.``,
    the roots, each prefix of ``text`` that ends before one of its ``/``, and ``text``."""
    yield "."
    if text.startswith("/"):
        yield "/"
        if text.startswith("//"):
            yield "//"
    find = text.find
    at = find("/", 1)
    while at >= 0:
        yield text[:at]
        at = find("/", at + 1)
    yield text


def _posix_relative(path: str, base: str) -> str | None:
    """``Path(path).relative_to(base).as_posix()`` for two paths as ``str(Path)`` writes
    them, or None where it raises: on strings, since a walk asks for every folder against
    every .gitignore above it (most do not hold it: ~8 exceptions per folder)."""
    if base == ".":
        return None if path.startswith("/") else path
    if path == base:
        return "."
    prefix = base if base.endswith("/") else base + "/"
    return path[len(prefix):] if path.startswith(prefix) else None


def _entry_name(names: Iterable[str]) -> tuple[str | None, bool]:
    """The SKILL.md in a listing: the exact name wins, else a case-blind match."""
    fallback = None
    for name in names:
        if name == ENTRY_FILE:
            return name, True
        if fallback is None and name.lower() == "skill.md":
            fallback = name
    return fallback, False


def walk_skills(
    root: Path, options: WalkOptions | None = None, walked: list[str] | None = None
) -> Iterator[Candidate | ScanNote]:
    """Yield every skill directory below ``root`` (breadth-first, sorted), and notes.

    A missing or unreadable root yields a single note. Symlink loops are detected by the
    (device, inode) of every directory on the current path. Every directory the walk lists
    (or tries to) is appended to ``walked`` when given: the lint cache watches them.
    """
    opts = options or WalkOptions()
    try:
        root_stat = os.stat(root)
    except OSError as exc:
        reason = "dangling-symlink" if os.path.islink(root) else "unreadable"
        yield ScanNote(root, reason, exc.strerror or str(exc))
        return
    if not stat.S_ISDIR(root_stat.st_mode):
        yield ScanNote(root, "unreadable", "not a directory")
        return
    ignores = _Ignores()
    seen_entries = 0
    # Each queue item: (directory, depth, ancestors' inode keys, reached via a symlink). Folders
    # stay strings; a Path is made only for what is yielded (and the root stays the caller's).
    queue: list[tuple[str, int, frozenset[tuple[int, int]], bool]] = [
        (os.fspath(root), 0, _ancestor_keys(root, root_stat), os.path.islink(root))
    ]
    confine_to = os.path.realpath(root) if opts.confine_symlinks else None
    skip, skip_hidden, follow = opts.skip, opts.skip_hidden, opts.follow_symlinks
    while queue:
        next_level: list[tuple[str, int, frozenset[tuple[int, int]], bool]] = []
        for folder, depth, ancestors, via_link in queue:
            if walked is not None:
                walked.append(folder)
            # A Path only for a folder that is yielded or noted (a third of the folders in a
            # tree of skills are their references/ and scripts/, never yielded).
            directory = root if depth == 0 else None
            try:
                with os.scandir(folder) as it:
                    entries = sorted(it, key=_BY_NAME)
            except OSError as exc:
                yield ScanNote(directory or Path(folder), "unreadable", exc.strerror or str(exc))
                continue
            seen_entries += len(entries)
            if seen_entries > opts.max_entries:
                stopped = f"stopped after {opts.max_entries} entries"
                yield ScanNote(directory or Path(folder), "too-many", stopped)
                return
            # Only a folder whose listing names a .gitignore (in any case: the file system may
            # ignore it) can have one to read.
            if opts.respect_gitignore and _names_gitignore(entries):
                ignores.push_dir(directory or Path(folder))
            entry_name, exact = _entry_of(entries)
            if entry_name is not None and (depth > 0 or opts.include_root):
                directory = directory or Path(folder)
                yield Candidate(directory, directory / entry_name, depth, exact, via_link)
                # a SKILL.md directly in the root does not hide the skills below it: agents
                # that stop at a skill start looking in the root's children (issue 14)
                if opts.stop_at_skill and depth > 0:
                    continue
            elif entry_name is None and (depth > 0 or opts.include_root):
                odd = _special_entry(entries)
                if odd is not None:  # say why a SKILL.md that is there is not read
                    yield ScanNote(Path(odd[0]), "unreadable", odd[1])
            if depth >= opts.max_depth:
                if any(_is_dir(e) for e in entries if e.name not in opts.skip):
                    yield ScanNote(
                        directory or Path(folder), "too-deep", f"not searched below depth {depth}"
                    )
                continue
            for entry in entries:
                if entry.name in skip or (skip_hidden and entry.name.startswith(".")):
                    continue
                is_link = entry.is_symlink()
                if is_link and not follow:
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if not is_dir:
                    if is_link and not os.path.exists(entry.path):
                        yield ScanNote(
                            Path(entry.path), "dangling-symlink", os.readlink(entry.path)
                        )
                    continue
                child = entry.path
                if ignores.specs and ignores.ignored(child, is_dir=True) \
                        and not holds_tracked_files(child):
                    continue
                if opts.prune is not None and opts.prune(child):
                    continue
                try:
                    st = os.stat(child)
                except OSError as exc:
                    yield ScanNote(Path(child), "unreadable", exc.strerror or str(exc))
                    continue
                key = (st.st_dev, st.st_ino)
                if key in ancestors and depth + 1 >= opts.loop_depth:
                    yield ScanNote(Path(child), "symlink-loop", "links back to a parent directory")
                    continue
                if is_link and confine_to is not None:
                    real = os.path.realpath(child)
                    if os.path.commonpath([real, confine_to]) != confine_to:
                        yield ScanNote(
                            Path(child), "symlink-outside", f"resolves outside the root to {real}"
                        )
                        continue
                next_level.append((child, depth + 1, ancestors | {key}, via_link or is_link))
        queue = next_level


def child_folders(folder: str, skipped: frozenset[str] = frozenset()) -> list[str]:
    """The names of the folders in ``folder`` as an agent's capped walk takes them: dot
    folders and ``skipped`` left out, links to folders counted, in UTF-16 order (the order of
    JavaScript's sort, and for these names of Rust's); empty when it cannot be listed."""
    names: list[str] = []
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if entry.name.startswith(".") or entry.name in skipped:
                    continue
                try:
                    if entry.is_dir():  # through a link too
                        names.append(entry.name)
                except OSError:
                    continue
    except OSError:
        return []
    names.sort(key=lambda name: name.encode("utf-16-be", "surrogatepass"))
    return names


def _names_gitignore(entries: Iterable[os.DirEntry[str]]) -> bool:
    """Whether a listing names a ``.gitignore`` in any case (lower() keeps the length of
    every name that can lower to it, and no other character lowers to ``.``)."""
    for entry in entries:
        name = entry.name
        if len(name) == 10 and name[0] == "." and name.lower() == ".gitignore":
            return True
    return False


def _entry_of(entries: Iterable[os.DirEntry[str]]) -> tuple[str | None, bool]:
    """:func:`_entry_name` of the files in a listing, asking only entries with the name
    whether they are files (a folder of 2,000 skills holds 2,000 folders)."""
    fallback = None
    for entry in entries:
        name = entry.name
        if name == ENTRY_FILE:
            if _is_file(entry):
                return name, True
        # lower() keeps the length of every name that can lower to "skill.md"
        elif (
            fallback is None and len(name) == 8 and name.lower() == "skill.md" and _is_file(entry)
        ):
            fallback = name
    return fallback, False


def _special_entry(entries: Iterable[os.DirEntry[str]]) -> tuple[str, str] | None:
    """A ``SKILL.md`` (any case) that exists but is not a regular file, and what it is."""
    for entry in entries:
        if entry.name.lower() != "skill.md":
            continue
        try:
            mode = os.stat(entry.path).st_mode
        except OSError:
            continue  # dangling or looping links are reported as dangling-symlink
        if stat.S_ISDIR(mode):
            return entry.path, "SKILL.md is a directory, not a file"
        if stat.S_ISFIFO(mode):
            return entry.path, "SKILL.md is a named pipe (FIFO), not a file; not read"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            return entry.path, "SKILL.md is a device, not a file; not read"
        if not stat.S_ISREG(mode):
            return entry.path, "SKILL.md is not a regular file; not read"
    return None


def _is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def skill_files(skill: Skill) -> tuple[tuple[SkillFile, ...], bool]:
    """:func:`list_files` of the skill's folder; for a skill that is a file of its own (the
    Copilot CLI's ``.claude/commands/x.md``), that file alone: the folder holds other
    skills, not this one's files."""
    if not skill.is_file_skill:
        return list_files(skill.dir)
    try:
        st = os.stat(skill.entry)
    except OSError:
        return (), False
    if not stat.S_ISREG(st.st_mode):
        return (), False
    return (SkillFile(skill.entry.name, st.st_size, bool(st.st_mode & 0o111),
                      os.path.islink(skill.entry)),), False


def list_files(skill_dir: Path) -> tuple[tuple[SkillFile, ...], bool]:
    """List the files of a skill (sorted, bounded); the flag is True when the list was cut.

    A directory met twice on the way down, or one of the folders above the skill (``up ->
    ..``), is a loop and is not entered. The folders above are looked up (a ``realpath`` and a
    ``stat`` per level) only when some directory could be one of them: a symlink or a mount
    point. A plain subdirectory (same device, and the inode its parent's listing names) is
    the child of the directory being listed, so it cannot be above the skill.
    """
    try:
        root_st = os.stat(skill_dir)
    except OSError:
        return (), False
    listing = _Listing(skill_dir, root_st)
    root_key = (root_st.st_dev, root_st.st_ino)
    listing.visit(os.fspath(skill_dir), "", 0, root_st.st_dev, frozenset({root_key}))
    return tuple(listing.files), listing.truncated


class _Listing:
    """The state of one :func:`list_files`.

    A method, not a closure that calls itself: such a closure is a reference cycle (the
    function, its cells, the list of files), so every listing stayed in memory until the
    cyclic collector found it, and those collections were most of a lint run's GC time.
    """

    __slots__ = ("files", "outer", "root_st", "skill_dir", "truncated")

    def __init__(self, skill_dir: Path, root_st: os.stat_result) -> None:
        self.skill_dir = skill_dir
        self.root_st = root_st
        self.files: list[SkillFile] = []
        self.truncated = False
        #: the skill dir and every folder above it (looked up when first needed)
        self.outer: frozenset[tuple[int, int]] | None = None

    def visit(
        self,
        directory: str,
        prefix: str,
        depth: int,
        dev: int,
        on_path: frozenset[tuple[int, int]],
    ) -> None:
        """List ``directory`` (``prefix`` below the skill) and, depth first, its folders."""
        files = self.files
        try:
            with os.scandir(directory) as it:
                entries = sorted(it, key=_BY_NAME)
        except OSError:
            return
        for entry in entries:
            if len(files) >= limits.MAX_SKILL_FILES:
                self.truncated = True
                return
            name = entry.name
            if name in ALWAYS_SKIPPED:
                continue
            rel = prefix + name
            is_link = entry.is_symlink()
            try:
                st = os.stat(entry.path)
            except OSError:
                files.append(SkillFile(rel, 0, False, is_link))
                continue
            mode = st.st_mode
            if stat.S_ISDIR(mode):
                key = (st.st_dev, st.st_ino)
                loop = key in on_path
                if not loop and (is_link or st.st_dev != dev or st.st_ino != _inode(entry)):
                    if self.outer is None:
                        self.outer = _ancestor_keys(self.skill_dir, self.root_st)
                    loop = key in self.outer
                if depth < limits.MAX_SKILL_FILE_DEPTH and not loop:
                    self.visit(entry.path, rel + "/", depth + 1, st.st_dev, on_path | {key})
                else:
                    self.truncated = True
            elif stat.S_ISREG(mode):
                files.append(SkillFile(rel, st.st_size, bool(mode & 0o111), is_link))
            # FIFOs, sockets and devices (or links to them, like /dev/zero) are not skill
            # content: listing them would invite a rule to read one and block or never end.


def _inode(entry: os.DirEntry[str]) -> int | None:
    """The inode the directory listing names (for a mount point, the one underneath)."""
    try:
        return entry.inode()
    except OSError:
        return None


def _ancestor_keys(directory: Path, st: os.stat_result) -> frozenset[tuple[int, int]]:
    """(device, inode) of a directory and of every folder above it.

    A link inside a skill back to one of its parents (``up -> ..``) is then a loop too,
    instead of a way to list the whole tree around the skill as its files.
    """
    keys = {(st.st_dev, st.st_ino)}
    real = Path(os.path.realpath(directory))
    for parent in real.parents:
        try:
            pst = os.stat(parent)
        except OSError:
            continue
        keys.add((pst.st_dev, pst.st_ino))
    return frozenset(keys)
