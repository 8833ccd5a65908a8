"""Turn user-given paths (a skill dir, a SKILL.md, any file in a skill, a tree) into skills.

This is the "PATH..." half of every command; agent roots are discovery's job.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from skillctl.model import Scope, Skill
from skillctl.scan import ENTRY_FILE, Candidate, ScanNote, WalkOptions, walk_skills

#: How many parent directories a file argument is walked up to find its skill.
_MAX_FILE_ASCENT = 8

TREE_WALK = WalkOptions(respect_gitignore=True, follow_symlinks=True)

#: Per path given, a test of the folders its walk leaves out (None: none), e.g.
#: :meth:`skillctl.lint.resolved.ResolvedConfig.prune_for`.
PruneFor = Callable[[Path], Callable[[str], bool] | None]


@dataclass(frozen=True, slots=True)
class Collected:
    """Skills found below the given paths, and what could not be looked at."""

    skills: tuple[Skill, ...]
    notes: tuple[ScanNote, ...]
    missing: tuple[Path, ...]


def load_skill(
    directory: Path,
    entry: Path | None = None,
    *,
    scope: Scope = Scope.EXTRA,
    root: Path | None = None,
) -> Skill:
    """Parse the entry file of a skill directory into a :class:`Skill` (never raises)."""
    from skillctl.parse import parse_file

    entry = entry or directory / ENTRY_FILE
    return Skill(dir=directory, entry=entry, parsed=parse_file(entry), scope=scope, root=root)


def _skill_dir_of_file(path: Path) -> Candidate | None:
    """The skill a file belongs to: the nearest parent holding a SKILL.md (any case)."""
    if path.name.lower() == "skill.md":
        return Candidate(path.parent, path, 0, path.name == ENTRY_FILE, False)
    for directory in list(path.parents)[:_MAX_FILE_ASCENT]:
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        exact = ENTRY_FILE in names
        other = next((n for n in names if n.lower() == "skill.md"), None)
        if exact or other:
            name = ENTRY_FILE if exact else str(other)
            return Candidate(directory, directory / name, 0, exact, False)
    return None


def _may_be_a_skill(entry: Path) -> bool:
    """Whether a ``skill.md`` in another letter case may be a misnamed skill: not when its
    frontmatter holds keys but neither a name nor a description (a wiki's page about
    skills, ``concept: skill``), nor when it has no frontmatter and sits inside another
    skill or in a documentation folder (``docs/concepts/primitives/skill.md`` beside
    ``product.md``: a page about the concept). Every agent reads those two keys; such a page
    is no skill whatever its name, and its findings would all be false."""
    from skillctl.parse import parse_file

    parsed = parse_file(entry)
    frontmatter = parsed.frontmatter
    if frontmatter is None or not frontmatter.data:
        # no frontmatter, or none readable: lint says what is wrong, unless the file is a
        # module's notes inside another skill (`scholargraph/concept-learner/skill.md`
        # below `scholargraph/SKILL.md`) or a page of a docs folder, which no agent takes
        # for a skill either
        return parsed.has_frontmatter_block or not (
            _inside_a_skill(entry.parent) or _in_documentation(entry.parent))
    keys = {str(key).strip().lower() for key in frontmatter.data}
    return bool(keys & {"name", "description"})


#: Folders that hold documentation pages (a page may be named after a concept: skill.md),
#: looked for this many levels up from a page's folder (itself included).
_DOCUMENTATION_FOLDERS = frozenset({"docs", "doc", "documentation", "wiki"})
_DOCUMENTATION_ASCENT = 4


def _in_documentation(directory: Path) -> bool:
    """Whether ``directory`` or a folder just above it is a documentation folder
    (``docs/``, ``wiki/``)."""
    return any(part.name.lower() in _DOCUMENTATION_FOLDERS
               for part in [directory, *directory.parents][:_DOCUMENTATION_ASCENT])


def _inside_a_skill(directory: Path) -> bool:
    """Whether a folder above ``directory`` (a few levels at most) holds a ``SKILL.md``."""
    for parent in list(directory.parents)[:_MAX_FILE_ASCENT]:
        if os.path.isfile(parent / ENTRY_FILE):
            return True
    return False


def candidates_for(
    paths: Sequence[Path],
    options: WalkOptions = TREE_WALK,
    walked: list[str] | None = None,
    *,
    prune_for: PruneFor | None = None,
) -> tuple[list[Candidate], list[ScanNote], list[Path]]:
    """Candidates for user paths, deduplicated by real path, in argument then walk order.

    ``walked`` receives every folder the tree walks listed; ``prune_for`` gives, per path,
    the folders its walk leaves out (lint's ``exclude``).
    """
    notes: list[ScanNote] = []
    missing: list[Path] = []
    found = list(
        iter_candidates(
            paths, options, walked, notes=notes, missing=missing, prune_for=prune_for
        )
    )
    return found, notes, missing


def iter_candidates(
    paths: Sequence[Path],
    options: WalkOptions = TREE_WALK,
    walked: list[str] | None = None,
    *,
    notes: list[ScanNote],
    missing: list[Path],
    prune_for: PruneFor | None = None,
) -> Iterator[Candidate]:
    """:func:`candidates_for` as the walk goes: each candidate as soon as it is found (so
    linting can start before the walk ends); notes and missing paths are appended to
    ``notes`` and ``missing`` as they are met."""
    seen: set[str] = set()
    real_parents: dict[str, str] = {}

    def real_dir(candidate: Candidate) -> str:
        # realpath is pure Python and slow: below a walked root with no symlink on the way,
        # a skill's real path is its folder's real path plus its name, and a folder holding
        # many skills is resolved once.
        if candidate.via_symlink or candidate.depth < 1:
            return os.path.realpath(candidate.dir)
        parent, name = os.path.split(os.fspath(candidate.dir))
        found = real_parents.get(parent)
        if found is None:
            found = real_parents[parent] = os.path.realpath(parent or ".")
        return os.path.join(found, name)

    def new(candidate: Candidate) -> bool:
        key = real_dir(candidate)
        if key in seen:
            return False
        seen.add(key)
        return True

    for path in paths:
        if not os.path.lexists(path):
            missing.append(path)
        elif os.path.isdir(path):
            prune = prune_for(path) if prune_for is not None else None
            walk = replace(options, prune=prune) if prune is not None else options
            for item in walk_skills(path, walk, walked):
                if isinstance(item, Candidate):
                    if item.exact_case or _may_be_a_skill(item.entry):
                        if new(item):
                            yield item
                    elif walked is not None:
                        walked.append(os.fspath(item.entry))  # a cached run must see it change
                else:
                    notes.append(item)
        elif not os.path.exists(path):
            notes.append(ScanNote(path, "dangling-symlink", os.readlink(path)))
        else:
            candidate = _skill_dir_of_file(path)
            if candidate is not None and new(candidate):
                yield candidate


def collect(paths: Iterable[Path], options: WalkOptions = TREE_WALK) -> Collected:
    """Find and parse every skill below ``paths``."""
    candidates, notes, missing = candidates_for(list(paths), options)
    skills = tuple(load_skill(c.dir, c.entry, root=None) for c in candidates)
    return Collected(skills, tuple(notes), tuple(missing))
