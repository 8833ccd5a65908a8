"""skillctl's answer for a case, and its differences from a real agent's.

skillctl is run the way a user would run it in the case's tree: ``skillctl list --agent A
--all --format json`` and ``skillctl render --agent A``, started in the case's working
directory with the case's environment (the same ``HOME`` and variables the agent had), so that
no ``--home``/``--project`` flag stands between the two.
"""

from __future__ import annotations

import difflib
import html
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

from conformance import install
from conformance.drivers import driver
from conformance.model import Case, Observation, Skill, realpath

#: seconds one skillctl command may take
SKILLCTL_TIMEOUT = 60
#: skillctl's statuses for a skill the agent loads (hidden ones only when the reason says the
#: skill is loaded but left out of the catalog)
_LOADED = frozenset({"active", "conditional"})
_LOADED_HIDDEN_PREFIX = "loaded but not in the catalog"
#: what a view of a name whose winner the agent picks at random must say
RANDOM_MARKER = "random"
#: what a note of skillctl's must say when the agent's discovery never finishes
HANG_MARKER = "does not finish"


@dataclass
class SkillctlView:
    """What skillctl says one agent does with a case."""

    agent: str
    active: list[Skill]
    catalog: str
    listing: dict[str, Any]

    def flagged_random(self, name: str) -> bool:
        """True when every view skillctl has of ``name`` says the winner is random."""
        views = [s for s in self.listing.get("skills", []) if s.get("name") == name]
        if not views:
            return False
        return all(RANDOM_MARKER in " ".join([s.get("reason") or "", *s.get("warnings", [])])
                   .lower() for s in views)

    def predicts_hang(self) -> bool:
        """True when a note of ``list`` says the agent's discovery does not finish."""
        return any(HANG_MARKER in str(note.get("detail") or "")
                   for note in self.listing.get("notes", []))


def _agents_on_path(env: dict[str, str]) -> dict[str, str]:
    """``env`` with every pinned agent's ``node_modules/.bin`` on PATH, as for a user who has
    the agents installed (skillctl finds an agent's bundled skills next to its command)."""
    folders = [str(install.prefix(pin) / "node_modules" / ".bin")
               for pin in install.load_pins().values()]
    return {**env, "PATH": os.pathsep.join([*folders, env.get("PATH", "")])}


def _skillctl(case: Case, agent: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = _agents_on_path(case.environ({"NO_COLOR": "1", "COLUMNS": "200"}))
    # an agent run with a PATH of its own (OpenClaw: the pinned Node.js only) judges its
    # skills' required binaries against it: skillctl is given the same
    own_path = getattr(driver(agent), "skillctl_path", None)
    if own_path is not None:
        env["PATH"] = own_path()
    done = subprocess.run([sys.executable, "-m", "skillctl", *args], cwd=case.cwd, env=env,
                          capture_output=True, timeout=SKILLCTL_TIMEOUT,
                          stdin=subprocess.DEVNULL, check=False)
    # decoded here, not with text=True: universal newlines would turn a CR that a description
    # holds into a newline, and the agents keep it
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


def skillctl_view(case: Case, agent: str) -> SkillctlView:
    listed = _skillctl(case, agent, "list", "--agent", agent, "--all", "--format", "json")
    if listed.returncode != 0:
        raise RuntimeError(f"skillctl list exited {listed.returncode}: {listed.stderr.strip()}")
    listing = json.loads(listed.stdout)
    active = []
    for entry in listing["skills"]:
        reason = entry.get("reason") or ""
        if entry["status"] in _LOADED or (entry["status"] == "hidden"
                                          and reason.startswith(_LOADED_HIDDEN_PREFIX)):
            active.append(Skill(entry["name"], realpath(entry["path"])))
    rendered = _skillctl(case, agent, "render", "--agent", agent)
    if rendered.returncode != 0:
        raise RuntimeError(f"skillctl render exited {rendered.returncode}: "
                           f"{rendered.stderr.strip()}")
    return SkillctlView(agent, active, rendered.stdout, listing)


@dataclass
class Difference:
    """One way skillctl's answer differs from the agent's: ``what`` is a short kind
    (``active``, ``catalog``, ``random``), ``detail`` the human-readable lines."""

    what: str
    detail: str


@dataclass
class Comparison:
    case: str
    agent: str
    differences: list[Difference] = field(default_factory=list)

    @property
    def matches(self) -> bool:
        return not self.differences


def _same_catalog(ours: str, theirs: str) -> bool:
    # skillctl render ends its output with one newline, as a command printing to a terminal
    # does; the agent's catalog may not
    return ours == theirs or ours == theirs + "\n"


#: one catalog entry naming a skill: an XML-like ``<skill>`` block (OpenCode, Gemini, ...) or
#: a ``- name: description`` line (the OpenCode plugin), each with the line break after it
_ENTRY = re.compile(r"[ \t]*<skill>.*?<name>(?P<xml>.*?)</name>.*?</skill>[ \t]*\n?"
                    r"|^- (?P<line>[^:\n]+): [^\n]*\n?", re.DOTALL | re.MULTILINE)


def without_entries(catalog: str, names: set[str]) -> str:
    """``catalog`` without the entries of ``names`` (in the XML-escaped form a catalog shows
    them): the copy of a name whose winner the agent picks at random changes from run to run,
    so only the rest of the catalog can be compared."""
    if not names:
        return catalog
    shown = {html.escape(name, quote=False) for name in names}

    def drop(match: re.Match[str]) -> str:
        named = match.group("xml") if match.group("xml") is not None else match.group("line")
        return "" if named in shown or named in names else match.group(0)

    return _ENTRY.sub(drop, catalog)


def compare(case: Case, real: Observation, ours: SkillctlView) -> Comparison:
    result = Comparison(case.id, real.agent)
    if real.hangs or ours.predicts_hang():
        if real.hangs != ours.predicts_hang():
            result.differences.append(Difference("hang", (
                "  the agent's discovery never finished; no note of skillctl's says "
                f"{HANG_MARKER!r}") if real.hangs else (
                f"  skillctl says the agent {HANG_MARKER}, but it answered")))
        if real.hangs:  # the agent said nothing else to compare
            return result
    random_names = set(real.nondeterministic)
    # a name skillctl says the agent loads at random (or not at all), of which the agent
    # loaded at most one copy this time: a draw, not a winner to compare
    random_names |= {name for name in {s.name for s in ours.active}
                     if ours.flagged_random(name)
                     and sum(s.name == name for s in real.active) <= 1}
    theirs = {(s.name, s.path) for s in real.active if s.name not in random_names}
    mine = {(s.name, s.path) for s in ours.active if s.name not in random_names}
    if theirs != mine:
        lines = [f"  only the agent: {name} {path}" for name, path in sorted(theirs - mine)]
        lines += [f"  only skillctl:  {name} {path}" for name, path in sorted(mine - theirs)]
        result.differences.append(Difference("active", "\n".join(lines)))
    for name in sorted(random_names):
        if not ours.flagged_random(name):
            result.differences.append(Difference(
                "random", f"  the agent picks the winner of {name!r} at random; skillctl "
                f"does not say so (no reason or warning mentioning {RANDOM_MARKER!r})"))
    theirs_text = None if real.catalog is None else without_entries(real.catalog, random_names)
    ours_text = without_entries(ours.catalog, random_names)
    if theirs_text is not None and not _same_catalog(ours_text, theirs_text):
        diff = difflib.unified_diff(theirs_text.splitlines(keepends=True),
                                    ours_text.splitlines(keepends=True),
                                    "agent", "skillctl render", n=1)
        result.differences.append(Difference("catalog", "".join(diff).rstrip("\n")))
    return result
