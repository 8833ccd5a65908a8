"""The shapes the conformance suite passes around: a case laid out on disk, and what one agent
(real, or skillctl's model of it) says about it.

A *case* is a fresh temporary tree: a home directory, a project (a git repository or not), the
directory the agent is started from, and the environment variables the case sets. A *driver*
starts one real agent in that tree and returns an :class:`Observation`; the same shape is built
from ``skillctl list``/``skillctl render`` so that the two can be compared field by field.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Case:
    """One fixture tree, built by a function in :mod:`conformance.cases`."""

    id: str
    base: Path  # the temporary directory holding everything below
    home: Path  # $HOME for the agent and for skillctl
    cwd: Path  # where the agent is started (the project directory, or a folder inside it)
    env: Mapping[str, str] = field(default_factory=dict)  # variables the case sets
    #: agents for which the case is meaningless (with the reason); skipped, and reported so
    skip: Mapping[str, str] = field(default_factory=dict)
    #: what the case is about, one line, shown in reports
    about: str = ""

    def environ(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """A clean environment for a process run in this case: nothing from the machine's own
        environment but PATH, the locale and the terminal, then ``HOME``, the case's variables
        and ``extra`` (a driver's own: a dummy API key, a base URL, ...)."""
        env = {key: os.environ[key] for key in ("PATH", "LANG", "LC_ALL", "TERM", "TMPDIR")
               if key in os.environ}
        env["HOME"] = str(self.home)
        env["USERPROFILE"] = str(self.home)
        env.update(self.env)
        if extra:
            env.update(extra)
        return env


@dataclass(frozen=True)
class Skill:
    """One skill an agent offers: the name it is invoked by and the real path of its file."""

    name: str
    path: str  # os.path.realpath of the SKILL.md (or the entry file) the agent loaded


@dataclass
class Observation:
    """What one agent said about one case.

    ``active`` holds every skill the agent would offer (loaded and not hidden by a clash), with
    its invocation name; agents' built-in and bundled skills are left out (``builtins`` keeps
    their names). ``catalog`` is the catalog text exactly as the model sees it (None when the
    driver cannot get it). ``nondeterministic`` names whose winner the agent picks at random.
    ``raw`` keeps the agent's own output for a report.
    """

    agent: str
    active: list[Skill] = field(default_factory=list)
    catalog: str | None = None
    builtins: list[str] = field(default_factory=list)
    dropped: list[Skill] = field(default_factory=list)  # found but not offered (when known)
    nondeterministic: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # per-file errors the agent reported
    raw: str = ""
    #: the agent's discovery never finished (killed at the driver's time limit): nothing else
    #: of the observation holds, and skillctl must say the agent does not finish
    hangs: bool = False

    def active_set(self) -> set[tuple[str, str]]:
        return {(s.name, s.path) for s in self.active}

    def sorted(self) -> Observation:
        """This observation with its lists in a stable order (an agent's own order is not
        compared: the catalog carries it), built-in names once each."""
        self.active.sort(key=lambda s: (s.name, s.path))
        self.dropped.sort(key=lambda s: (s.name, s.path))
        self.builtins = sorted(set(self.builtins))
        return self


class AgentUnavailable(Exception):
    """The agent cannot be run here (not installed, plugin checkout not given): the run says
    why. Only the OpenCode plugin may be skipped this way; for the others it fails the run."""


class DriverError(Exception):
    """The agent ran but its answer could not be read (a crash, a time-out, unexpected output):
    a failure of the case, with the agent's output in the message."""


class AgentHung(DriverError):
    """The agent was still running at the driver's time limit (and was killed). A driver
    whose agent can hang in discovery turns this into ``Observation.hangs``."""


def realpath(path: str | os.PathLike[str]) -> str:
    return os.path.realpath(os.fspath(path))
