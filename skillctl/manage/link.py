"""``skillctl link`` and ``skillctl unlink``: expose one skill folder to chosen agents, and take
back only what skillctl put there (issue 20).

A link is a symbolic link named after the skill in the root each agent's profile names for the
scope (``Profile.link_project_root`` / ``link_user_root``); ``--copy`` (or a file system that
refuses links) makes a copy instead. What skillctl made is recorded so that ``unlink`` can tell
it from what others made:

* a link: an entry ``name -> link text`` in ``.skillctl-links.json`` in the root; the link is
  skillctl's while its text still equals the entry;
* a copy: ``.skillctl-link.json`` inside it, with the source and the content hash of the copy
  (the ``skills`` CLI's algorithm, :func:`skillctl.provenance.folder_hash`), so a copy edited
  since is recognised and kept unless ``--force``.

Writes stay inside the project (project scope) or the home folder (user scope), judged on real
paths, so a linked folder on the way cannot lead them elsewhere; each link is made under a
temporary name and renamed into place, each copy is made in a temporary folder and renamed.
A real folder skillctl did not create is never removed or replaced, ``--force`` or not.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skillctl.agents import agent_ids, get_profile
from skillctl.agents.profile import Profile
from skillctl.errors import UsageError
from skillctl.fsio import atomic_write_text, inside, read_regular_file
from skillctl.model import Skill
from skillctl.provenance import MAX_HASH_BYTES, MAX_HASH_FILES, folder_hash

LINKS_RECORD = ".skillctl-links.json"
COPY_RECORD = ".skillctl-link.json"
_RECORD_VERSION = 1
_MAX_RECORD_BYTES = 1024 * 1024
SCOPES = ("project", "user")
#: A folder name skillctl is willing to create: no separator, no control character, not a dot
#: name, at most 255 bytes.
_BAD_NAME = re.compile(r"[/\\\x00-\x1f\x7f]")


class LinkError(UsageError):
    """A link or unlink that cannot be done as asked (exit 2): a write outside the allowed
    folder, a record skillctl cannot read, a file system error."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened (or, with ``--dry-run``, would happen) at one place.

    ``action``: ``linked``, ``copied``, ``unchanged``, ``removed``, ``refused`` (skillctl would
    not, without ``--force`` or at all), ``skipped`` (an agent of ``--agent all`` whose folder
    lies outside the scope: OpenClaw's workspace) or ``failed`` (an error; see ``detail``).
    """

    agents: tuple[str, ...]
    path: Path
    action: str
    detail: str = ""
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Places:
    """The machine a command works on."""

    project: Path
    home: Path
    env: Mapping[str, str]


def exit_code(outcomes: Sequence[Outcome]) -> int:
    """2 when anything failed, 1 when something was refused, else 0."""
    if any(o.action == "failed" for o in outcomes):
        return 2
    return 1 if any(o.action == "refused" for o in outcomes) else 0


def resolve_agents(agents: Sequence[str]) -> list[str]:
    """The agent ids asked for (``all`` for every agent), each once, unknown ids refused."""
    chosen: list[str] = []
    for agent in agents:
        for one in agent_ids() if agent == "all" else [agent]:
            get_profile(one)  # UsageError for an unknown id
            if one not in chosen:
                chosen.append(one)
    if not chosen:
        raise UsageError("name at least one agent with --agent (or --agent all)")
    return chosen


def link_name(skill: Skill) -> str:
    """The folder name a link gets: the skill's declared name, else its folder's name."""
    name = skill.declared_name or skill.dir_name
    if (name in ("", ".", "..") or name.startswith(".") or _BAD_NAME.search(name)
            or len(name.encode("utf-8", "surrogateescape")) > 255):
        raise UsageError(f"{skill.entry}: the name {name!r} cannot be a folder name")
    return name


def _boundary(scope: str, places: Places) -> Path:
    return Path(os.path.abspath(places.project if scope == "project" else places.home))


def link_root(profile: Profile, scope: str, places: Places) -> Path | None:
    """The folder ``link`` uses for this agent and scope (None: the agent has none)."""
    from skillctl.discovery import expand_template, workspace_dir

    template = profile.link_project_root if scope == "project" else profile.link_user_root
    if template is None:
        return None
    project = workspace_dir(profile, Path(os.path.abspath(places.project)),
                            Path(os.path.abspath(places.home)), places.env)
    found = expand_template(template, project, Path(os.path.abspath(places.home)), places.env)
    return Path(os.path.abspath(found[0])) if found else None


def _check_confined(path: Path, boundary: Path, scope: str) -> None:
    """Refuse a place outside the scope's folder, by its path or through a link."""
    if not Path(os.path.abspath(path)).is_relative_to(boundary) or not inside(path, boundary):
        where = "the project" if scope == "project" else "the home folder"
        raise LinkError(f"{path}: outside {where} ({boundary}), as written or once links "
                        "are followed; skillctl does not write there")


# --------------------------------------------------------------------------- records


def _read_json_record(path: Path) -> dict[str, object] | None:
    """A record skillctl wrote; None when absent. A record that is not skillctl's JSON is an
    error: skillctl never overwrites what it cannot read."""
    try:
        data = read_regular_file(path, _MAX_RECORD_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise LinkError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise LinkError(f"{path}: not a skillctl record ({exc}); not changed") from None
    except RecursionError:
        raise LinkError(f"{path}: not a skillctl record (nested too deeply); not changed") \
            from None
    if not isinstance(document, dict) or document.get("version") != _RECORD_VERSION:
        raise LinkError(f"{path}: not a skillctl record (version {_RECORD_VERSION}); "
                        "not changed")
    return document


def recorded_links(root: Path) -> dict[str, str]:
    """``name -> link text`` of the links skillctl made in ``root``."""
    document = _read_json_record(root / LINKS_RECORD)
    links = document.get("links") if document else None
    if not isinstance(links, dict):
        return {}
    return {k: v for k, v in links.items() if isinstance(k, str) and isinstance(v, str)}


def _write_links(root: Path, links: dict[str, str], boundary: Path) -> None:
    path = root / LINKS_RECORD
    if not links:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        return
    text = json.dumps({"version": _RECORD_VERSION, "links": dict(sorted(links.items()))},
                      indent=2, ensure_ascii=False) + "\n"
    atomic_write_text(path, text, confine_to=boundary)


def copy_record(folder: Path) -> dict[str, object] | None:
    """The record inside a copy skillctl made (None: not a copy of skillctl's)."""
    if not os.path.isdir(folder) or os.path.islink(folder):
        return None
    try:
        return _read_json_record(folder / COPY_RECORD)
    except LinkError:
        return None


def made_by_skillctl(folder: Path) -> bool:
    """True when ``folder`` (a skill folder as found) is a link or copy skillctl made."""
    if os.path.islink(folder):
        try:
            text = os.readlink(folder)
            return recorded_links(folder.parent).get(folder.name) == text
        except (OSError, LinkError):
            return False
    return copy_record(folder) is not None


# --------------------------------------------------------------------------- link


def _clashes(profile: Profile, name: str, source_real: str, places: Places) -> list[str]:
    """Other skills of that name in the agent's view, as ``path (scope, status)``."""
    from skillctl.discovery import discover

    resolution = discover(profile, places.project, places.home, places.env)
    found: list[str] = []
    for view in resolution.views:
        if name not in (view.name, view.declared_name, view.skill.dir_name):
            continue
        if os.path.realpath(view.skill.dir) == source_real:
            continue
        found.append(f"{view.skill.dir} ({view.scope.value}, {view.status.value})")
    return sorted(set(found))


def _confining(profiles: Sequence[Profile], scope: str, root: Path,
               source_real: str) -> list[str]:
    """The agents among ``profiles`` that would ignore a link in ``root`` to ``source_real``:
    it resolves outside the root, and the agent confines that root's links to it."""
    if Path(source_real).is_relative_to(os.path.realpath(root)):
        return []
    names = []
    for profile in profiles:
        template = profile.link_project_root if scope == "project" else profile.link_user_root
        defined = next((r for r in profile.roots if r.template == template), None)
        confine = (profile.confine_symlinks if defined is None
                   or defined.confine_symlinks is None else defined.confine_symlinks)
        if confine:
            names.append(profile.display_name)
    return names


def _status_after(profile: Profile, dest: Path, places: Places) -> str:
    """How the agent sees the new link or copy, from a fresh discovery."""
    from skillctl.discovery import discover

    resolution = discover(profile, places.project, places.home, places.env)
    for view in resolution.views:
        if Path(os.path.abspath(view.skill.dir)) == dest:
            if view.shadowed_by is not None:
                return f"{profile.id}: shadowed by {view.shadowed_by}"
            return f"{profile.id}: {view.status.value}" + (f" ({view.reason})"
                                                           if view.reason else "")
    return f"{profile.id}: not found by its discovery"


def _bounded_copy(source: Path, target: Path) -> None:
    """Copy a skill folder (links inside it stay links; ``.git`` is left out), within the
    hashing limits so that a huge tree is refused before anything is written."""
    files = 0
    size = 0
    for _top, dirs, names in os.walk(source):
        dirs[:] = [d for d in dirs if d != ".git"]
        files += len(names)
        if files > MAX_HASH_FILES:
            raise LinkError(f"{source}: more than {MAX_HASH_FILES:,} files; not copied")
        for name in names:
            with contextlib.suppress(OSError):
                size += os.lstat(os.path.join(_top, name)).st_size
        if size > MAX_HASH_BYTES:
            raise LinkError(f"{source}: more than {MAX_HASH_BYTES:,} bytes; not copied")
    shutil.copytree(source, target, symlinks=True, ignore=shutil.ignore_patterns(".git"))


def _make_copy(source: Path, dest: Path, boundary: Path) -> None:
    tmp = dest.parent / f".{dest.name}.skillctl-tmp-{os.getpid()}"
    try:
        _bounded_copy(source, tmp)
        record = {"version": _RECORD_VERSION, "source": str(source),
                  "hash": folder_hash(tmp, exclude=frozenset({COPY_RECORD}))}
        atomic_write_text(tmp / COPY_RECORD, json.dumps(record, indent=2) + "\n",
                          confine_to=boundary)
        os.rename(tmp, dest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _make_link(text: str, dest: Path) -> None:
    tmp = dest.parent / f".{dest.name}.skillctl-tmp-{os.getpid()}"
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)
    os.symlink(text, tmp, target_is_directory=True)
    try:
        os.replace(tmp, dest)  # replaces only a link (never a folder) atomically
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _remove_ours(dest: Path) -> None:
    """Remove a link or copy of skillctl's before replacing it (``--force``)."""
    if os.path.islink(dest):
        os.unlink(dest)
    elif copy_record(dest) is not None:
        shutil.rmtree(dest)


def _link_one(skill: Skill, name: str, agents: list[Profile], root: Path, scope: str,
              places: Places, *, copy: bool, force: bool, dry_run: bool) -> Outcome:
    ids = tuple(p.id for p in agents)
    boundary = _boundary(scope, places)
    dest = root / name
    source_real = os.path.realpath(skill.dir)
    _check_confined(root, boundary, scope)
    notes: list[str] = []
    if os.path.lexists(dest):
        if os.path.realpath(dest) == source_real:
            return Outcome(ids, dest, "unchanged", "already there")
        if not made_by_skillctl(dest):
            return Outcome(ids, dest, "refused", "something skillctl did not make is already "
                           "there; it is left as it is")
        if not force:
            return Outcome(ids, dest, "refused", "a link or copy skillctl made earlier, of "
                           "another folder, is there (--force replaces it)")
        notes.append("replaces skillctl's earlier link or copy")
    if Path(os.path.realpath(root)).is_relative_to(source_real):
        # a copy would copy itself, a link would loop back into the folder that holds it
        return Outcome(ids, dest, "refused", "the skills folder lies inside the skill")
    clashes = sorted({c for p in agents for c in _clashes(p, name, source_real, places)})
    if clashes:
        listing = "; ".join(clashes)
        if not force:
            return Outcome(ids, dest, "refused", f"another skill named {name!r} is in view, "
                           f"and one of the two would shadow the other: {listing} (--force "
                           "links anyway)")
        notes.append(f"clashes with {listing}")
    in_scope = Path(source_real).is_relative_to(os.path.realpath(boundary))
    text = os.path.relpath(source_real, os.path.realpath(root)) if in_scope else source_real
    confining = [] if copy else _confining(agents, scope, root, source_real)
    if confining:  # a link such an agent would not follow is no use: a copy instead
        copy = True
        notes.append(f"{' and '.join(confining)} do not follow a link out of this skills "
                     "folder: copied instead")
    if dry_run:
        return Outcome(ids, dest, "copied" if copy else "linked",
                       str(skill.dir) if copy else text, tuple(notes))
    try:
        os.makedirs(root, exist_ok=True)
        _check_confined(root, boundary, scope)  # a link made meanwhile changes nothing
        if os.path.lexists(dest):
            _remove_ours(dest)
        action = "copied" if copy else "linked"
        fallback = ""
        if not copy:
            try:
                _make_link(text, dest)
                links = recorded_links(root)
                links[name] = text
                _write_links(root, links, boundary)
            except OSError as exc:
                if os.path.lexists(dest) and os.path.islink(dest):
                    raise
                fallback = (f"links cannot be made here ({exc.strerror or exc}): copied "
                            "instead")
                action = "copied"
        if action == "copied":
            _make_copy(Path(source_real), dest, boundary)
            if not copy:
                notes.append(fallback)
    except OSError as exc:
        return Outcome(ids, dest, "failed", f"cannot write: {exc.strerror or exc}",
                       tuple(notes))
    notes.extend(_status_after(p, dest, places) for p in agents)
    return Outcome(ids, dest, action, text if action == "linked" else str(skill.dir),
                   tuple(notes))


def link(skill: Skill, agents: Sequence[str], scope: str, places: Places, *,
         copy: bool = False, force: bool = False, dry_run: bool = False) -> list[Outcome]:
    """Expose ``skill`` to each agent: one link (or copy) per distinct root."""
    if scope not in SCOPES:
        raise UsageError(f"--scope {scope!r} is not one of: {', '.join(SCOPES)}")
    name = link_name(skill)
    by_root: dict[Path, list[Profile]] = {}
    outcomes: list[Outcome] = []
    for agent in resolve_agents(agents):
        profile = get_profile(agent)
        root = link_root(profile, scope, places)
        if root is None:
            outcomes.append(Outcome((agent,), Path(), "failed",
                                    f"{profile.display_name} has no {scope} skills folder"))
            continue
        by_root.setdefault(root, []).append(profile)
    every = "all" in agents
    for root, profiles in by_root.items():
        ids = tuple(p.id for p in profiles)
        if every and not Path(os.path.abspath(root)).is_relative_to(_boundary(scope, places)):
            outcomes.append(Outcome(ids, root / name, "skipped", f"outside the {scope} folder"))
            continue
        try:
            outcomes.append(_link_one(skill, name, profiles, root, scope, places, copy=copy,
                                      force=force, dry_run=dry_run))
        except LinkError as exc:
            outcomes.append(Outcome(ids, root / name, "failed", str(exc)))
    return outcomes


# --------------------------------------------------------------------------- unlink


def _unlink_one(name: str, ids: tuple[str, ...], root: Path, scope: str, places: Places, *,
                force: bool, dry_run: bool) -> Outcome | None:
    boundary = _boundary(scope, places)
    dest = root / name
    if not os.path.lexists(dest):
        return None
    _check_confined(root, boundary, scope)
    if os.path.islink(dest):
        text = os.readlink(dest)
        links = recorded_links(root)
        if links.get(name) != text and not force:
            return Outcome(ids, dest, "refused", f"a link skillctl did not make (not in "
                           f"{root / LINKS_RECORD}); --force removes the link (never its "
                           "target)")
        if not dry_run:
            os.unlink(dest)
            links.pop(name, None)
            _write_links(root, links, boundary)
        return Outcome(ids, dest, "removed", f"link to {text}")
    record = copy_record(dest)
    if record is None:
        return Outcome(ids, dest, "refused", "a real folder skillctl did not create; never "
                       "removed")
    try:
        now = folder_hash(dest, exclude=frozenset({COPY_RECORD}))
    except (OSError, ValueError) as exc:
        now = f"unreadable: {exc}"
    if now != record.get("hash") and not force:
        return Outcome(ids, dest, "refused", "a copy skillctl made, modified since; --force "
                       "removes it")
    if not dry_run:
        shutil.rmtree(dest)
    return Outcome(ids, dest, "removed", f"copy of {record.get('source')}")


def unlink(name: str, agents: Sequence[str], scopes: Sequence[str], places: Places, *,
           force: bool = False, dry_run: bool = False) -> list[Outcome]:
    """Remove the links and copies named ``name`` that skillctl made for the agents."""
    by_root: dict[tuple[Path, str], list[str]] = {}
    for agent in resolve_agents(agents):
        profile = get_profile(agent)
        for scope in scopes:
            root = link_root(profile, scope, places)
            if root is not None:
                by_root.setdefault((root, scope), []).append(agent)
    outcomes: list[Outcome] = []
    for (root, scope), ids in by_root.items():
        try:
            outcome = _unlink_one(name, tuple(ids), root, scope, places, force=force,
                                  dry_run=dry_run)
        except (LinkError, OSError) as exc:
            detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            outcome = Outcome(tuple(ids), root / name, "failed", detail or "cannot remove")
        if outcome is not None:
            outcomes.append(outcome)
    return outcomes


# --------------------------------------------------------------------------- list and show


def linked_info(folder: Path) -> dict[str, object] | None:
    """``list``'s ``linked`` field of a skill folder: a symbolic link (anyone's) or a copy
    skillctl made; ``by`` is ``"skillctl"`` when skillctl's record names it, else None."""
    if os.path.islink(folder):
        try:
            text = os.readlink(folder)
        except OSError:
            return None
        try:
            ours = recorded_links(folder.parent).get(folder.name) == text
        except LinkError:
            ours = False
        return {"by": "skillctl" if ours else None, "kind": "link", "target": text}
    if not os.path.exists(folder / COPY_RECORD):
        return None
    record = copy_record(folder)
    if record is None:
        return None
    source = record.get("source")
    return {"by": "skillctl", "kind": "copy", "target": source if isinstance(source, str)
            else None}
