"""Replay an unchanged ``skillctl lint`` run before the app even starts.

Re-linting an unchanged repository is what pre-commit and CI do most. The lint cache
(:mod:`skillctl.cache`) already replays such a run without walking or parsing, but only after
the interpreter has imported Typer, the lint engine and their dependencies (~0.1 s, most of a
warm run). So a lint run whose outcome the cache could replay from ``stat`` alone also leaves a
*replay record*: its exact output and exit code, and the paths that outcome depends on. The
console script looks for one first (:func:`replay_or_continue`), with nothing imported but
this module and the standard library; when every input is as recorded it writes the recorded
output and exits, and otherwise the app runs as usual.

A record is found by, and must match, everything the output depends on apart from files:

- the command line (every argument, as typed) and the current directory (paths in the output
  are relative to it, and the configuration is looked up from it);
- skillctl's version and a fingerprint of its own source, and Python's version;
- standard output's encoding (formats escape what it cannot encode), and the environment
  variables that steer a lint run (:data:`_ENV_NAMES`, and every ``SKILLCTL_*`` and ``GIT_*``).

Then the ``stat`` of every path the outcome depends on must be as recorded (one hash each for
two lists): the cache snapshot's paths (every folder the walk listed and each ``.gitignore``,
every file and folder of every skill, git's index and the ``.git`` of each folder above, see
:meth:`skillctl.cache.LintCache.remember_run`), with the hash the snapshot took, and every
place a configuration file is looked for, found or not. A path changed less than
:data:`RACY_NS` before the run began leaves no record, as in the cache.

Only runs whose standard output is not a terminal are recorded or replayed (the usual case
for pre-commit, CI and scripts): on a terminal the output depends on its width and colours,
and the app's own replay from the cache serves it. ``--no-cache`` never reads a record;
``--fix``, ``--diff`` and ``--baseline`` never leave one. Records are cache files: they live
in the cache directory, count against its bounds, and a missing, corrupt or foreign one is a
miss, never an error.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time

from skillctl import __version__

# typing is not imported at run time: this module runs before anything else, on every lint
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from hashlib import blake2b
    from typing import Any, Protocol

    class Snapshot(Protocol):
        """What a record needs of the cache's snapshot (:class:`skillctl.cache.Snapshot`,
        which imports this module: the cache sits above the replay)."""

        @property
        def files(self) -> tuple[str, ...]: ...
        @property
        def digest(self) -> str: ...

#: Version of the record format; bump on any change to the key or the stored shape.
RECORD_FORMAT = 1
#: Cache files start with this (so the cache's pruning and ``clear`` see them too).
RECORD_PREFIX = "lint-v4-replay-"
#: File names need not be UTF-8: hash them as the bytes the file system holds.
NAMES = "surrogateescape"
#: A file changed less than this long before a run began may have been read half-changed
#: (a write in the same clock tick leaves its ``stat`` as it was): such a run records nothing.
RACY_NS = 2_000_000_000
#: Environment variables a lint run reads (directly, or through git, colour and terminal
#: handling); any ``SKILLCTL_*`` or ``GIT_*`` variable counts too.
_ENV_NAMES = (
    "HOME",
    "PATH",
    "XDG_CACHE_HOME",
    "NO_COLOR",
    "FORCE_COLOR",
    "TERM",
    "COLUMNS",
)
_ENV_PREFIXES = ("SKILLCTL_", "GIT_")
#: Arguments that make a run never replayable (one that runs no replay needs no lookup).
_NEVER = frozenset({"--no-cache", "--fix", "--diff", "--baseline", "--help", "-h"})
#: The variable Click sets while the shell asks for completions.
_COMPLETING = "_SKILLCTL_COMPLETE"


def hasher(data: bytes = b"") -> blake2b:
    """A BLAKE2b hasher (32-byte digest), fed ``data``: every hash the cache and its replay
    records keep. From the module hashlib itself uses, to spare loading OpenSSL (~4 ms on
    every run that would otherwise only need it for these)."""
    try:
        from _blake2 import blake2b as new
    except ImportError:  # an interpreter built without it
        from hashlib import blake2b as new
    return new(data, digest_size=32)


def cache_folder() -> str:
    """The cache directory: ``$SKILLCTL_CACHE_DIR``, ``$XDG_CACHE_HOME/skillctl``, ``~/.cache``."""
    explicit = os.environ.get("SKILLCTL_CACHE_DIR")
    if explicit:
        return explicit
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "skillctl")
    return os.path.join(os.path.expanduser("~"), ".cache", "skillctl")


_fingerprint: str | None = None


def code_fingerprint() -> str:
    """A hash of skillctl's version and the size and mtime of its own source files (a
    development checkout never replays what older code printed)."""
    global _fingerprint
    if _fingerprint is not None:
        return _fingerprint
    digest = hasher()
    digest.update(f"{__version__}\0".encode())
    package = os.path.dirname(os.path.abspath(__file__))
    for dirpath, dirnames, filenames in os.walk(package):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if not name.endswith((".py", ".json")):
                continue
            path = os.path.join(dirpath, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            rel = os.path.relpath(path, package)
            digest.update(f"\0{rel}\0{st.st_size}\0{st.st_mtime_ns}".encode("utf-8", NAMES))
    _fingerprint = digest.hexdigest()
    return _fingerprint


def stat_digest(files: Sequence[str], racy_before: int | None = None) -> str | None:
    """A hash of the ``stat`` of every path (a missing one counts as missing, by its errno).

    With ``racy_before``: None when some path changed at or after that time, since a change
    within the same clock tick would leave its stat as it is (git's "racy" files).
    """
    # The names are not hashed: the list is stored beside the digest. What is hashed is
    # built in one go, since tens of thousands of small updates cost more.
    marks: list[object] = []
    for name in files:
        try:
            st = os.stat(name)
        except OSError as exc:
            marks.append(exc.errno)
            continue
        if racy_before is not None and max(st.st_mtime_ns, st.st_ctime_ns) >= racy_before:
            return None
        marks.append((st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev))
    digest = hasher()
    digest.update(repr(marks).encode())
    return str(digest.hexdigest())


def invocation_key(argv: Sequence[str]) -> str:
    """Everything a lint run's output depends on apart from files, as one string."""
    env = sorted(
        (name, value)
        for name, value in os.environ.items()
        if name in _ENV_NAMES or name.startswith(_ENV_PREFIXES)
    )
    encoding = getattr(sys.stdout, "encoding", None)
    return "\0".join(
        [
            f"skillctl-replay-{RECORD_FORMAT}",
            __version__,
            sys.version,
            str(encoding),
            os.getcwd(),
            "argv",
            *argv,
            "env",
            *(f"{name}={value}" for name, value in env),
        ]
    )


def record_path(key: str) -> str:
    """Where the record of the run with this :func:`invocation_key` is kept."""
    digest = hasher()
    digest.update(key.encode("utf-8", NAMES))
    return os.path.join(cache_folder(), f"{RECORD_PREFIX}{digest.hexdigest()[:32]}.json")


class Invocation:
    """The command line of this process, once :func:`replay_or_continue` found no record
    for it: what :func:`remember` keys the new record by. None of it is set when the app is
    called some other way (Typer's test runner, an embedding program)."""

    argv: tuple[str, ...] | None = None
    started_ns: int = 0
    #: True once this process wrote a recorded run's output instead of running the app
    replayed: bool = False


def replayable(argv: Sequence[str]) -> bool:
    """Whether a run with these arguments might be replayed (a cheap test, no file read)."""
    return (
        bool(argv)
        and argv[0] == "lint"
        and not _NEVER.intersection(argv)
        and _COMPLETING not in os.environ
        and not _isatty(sys.stdout)
    )


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return True  # an odd stream: do not record or replay anything for it


def replay_or_continue(argv: Sequence[str]) -> int | None:
    """Write the recorded output of this exact, unchanged run and return its exit code; or
    return None (and remember the command line for :func:`remember`) when the app must run."""
    if not replayable(argv):
        return None
    started = time.time_ns()
    try:
        key = invocation_key(argv)
    except OSError:  # no working directory (deleted under us): the app says what it can
        return None
    record = _read_record(record_path(key), key)
    if record is not None:
        output, code = record
        Invocation.replayed = True
        escape_undecodable(sys.stdout)
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: the app fares no better
            sys.stdout.write(output)
            sys.stdout.flush()
        return code
    Invocation.argv = tuple(argv)
    Invocation.started_ns = started
    return None


def _read_record(path: str, key: str) -> tuple[str, int] | None:
    """The output and exit code of a record whose inputs are all unchanged, else None."""
    import json

    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read())
    except (OSError, ValueError, RecursionError):
        return None
    try:
        if (
            data["format"] != RECORD_FORMAT
            or data["key"] != key
            or data["code"] != code_fingerprint()
        ):
            return None
        parts = [(data["files"], data["digest"]), (data["config"], data["config_digest"])]
        output, exit_code = data["output"], data["exit"]
    except (TypeError, KeyError):
        return None
    if not (isinstance(output, str) and type(exit_code) is int):
        return None
    for files, digest in parts:
        if not (isinstance(files, list) and all(isinstance(f, str) for f in files)):
            return None
        if digest != stat_digest(files):
            return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: pruning removes the least recently used cache files
    return output, exit_code


def remember(snapshot: Snapshot, config_files: Sequence[str], output: str, exit_code: int) -> bool:
    """Leave a record of this process's lint run (see the module docstring); True when one
    was written. ``snapshot`` is the cache's, verified or taken by this run (so its paths
    are not looked at again); ``config_files`` the places a configuration was looked for.
    Nothing is written unless :func:`replay_or_continue` looked for a record first, or when
    a configuration place changed since shortly before the run began. Never raises."""
    argv = Invocation.argv
    if argv is None or not snapshot.files:
        return False
    config_digest = stat_digest(config_files, racy_before=Invocation.started_ns - RACY_NS)
    if config_digest is None:
        return False
    try:
        key = invocation_key(argv)
    except OSError:
        return False
    record = {
        "format": RECORD_FORMAT,
        "key": key,
        "code": code_fingerprint(),
        "files": list(snapshot.files),
        "digest": snapshot.digest,
        "config": list(config_files),
        "config_digest": config_digest,
        "output": output,
        "exit": exit_code,
    }
    import json

    payload = json.dumps(record, separators=(",", ":")).encode("utf-8", NAMES)
    try:
        write_cache_file(record_path(key), payload)
    except OSError:
        return False
    return True


def write_cache_file(path: str, data: bytes) -> None:
    """Write a file of the cache directory atomically (a temporary file, then a rename; no
    fsync: a lost cache file is a miss), creating the directory (private) if needed."""
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def escape_undecodable(*streams: Any) -> None:
    """File names that are not valid UTF-8 reach output as lone surrogates; print them as
    ``\\udcff`` escapes (valid inside JSON strings too) instead of failing with exit 3 in a
    UTF-8 locale, where Python's streams are strict. (The app does the same.)"""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # a closed or unusual stream is left as it is
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")

