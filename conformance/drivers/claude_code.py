"""Claude Code (``@anthropic-ai/claude-code``): what the real CLI discovers, asked offline.

The pinned native binary runs ``claude -p hi --output-format stream-json --verbose`` in the
case's tree with ``ANTHROPIC_BASE_URL`` pointing at :mod:`conformance.stub_messages` (a stand-in
for the Messages API on 127.0.0.1) and a dummy key; every proxy variable points at a closed
port, so nothing leaves the machine.

- **Names**: the ``init`` event lists the skills a user can invoke (``skills``), bundled ones
  included; the catalog adds those only the model can invoke (``user-invocable: false``).
- **Catalog**: the first request to the stand-in holds the listing the model sees
  ("The following skills are available for use with the Skill tool:" and one line per skill),
  in 2.1.332 a section of the environment message (a message with the role ``system``, before
  "Today's date is"); it is taken from that line to the end of the section.
- **Paths**: the init event gives names only, and ``--debug`` logs counts, not files. So the
  stand-in answers the first turn with one ``Skill`` tool call per name; Claude Code loads each
  skill and sends its body as a message that starts "Base directory for this skill: <dir>",
  which the stream shows right after the tool's result. ``<dir>/SKILL.md`` (real path) is the
  file it loaded. A skill the Skill tool refuses (``disable-model-invocation``) is loaded in a
  second run of its own, ``claude -p /<name>``, which expands it the same way, unless a bundled
  skill of that name is refused too (learnt once per process from a run in an empty tree): a
  user skill that takes the name of a bundled one and also sets ``disable-model-invocation``
  is therefore reported as the bundled one. Bundled skills load from Claude Code's temporary
  folder (or have no folder): they go to ``builtins``. A bundled name that no file or folder
  of the case carries is not called at all (calling every bundled skill costs seconds).

Claude Code writes its state (``~/.claude.json``, ``~/.claude/projects``, ...) into the case's
home; the suite puts the case's tree back afterwards (:mod:`conformance.treestate`), so that
skillctl sees the tree the agent saw. Its temporary folder is a private one, removed too.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance import install, stub_messages
from conformance.model import (
    AgentUnavailable,
    Case,
    DriverError,
    Observation,
    Skill,
    realpath,
)
from conformance.processes import kill_group

AGENT = "claude-code"
#: seconds one run of Claude Code may take
TIMEOUT = 90.0
#: seconds the stand-in waits for the ``init`` event before it answers the first turn
INIT_WAIT = 30.0
_CLOSED_PROXY = "http://127.0.0.1:9"
_OFFLINE_ENV = {
    "ANTHROPIC_API_KEY": "sk-dummy",
    "DISABLE_AUTOUPDATER": "1",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "DISABLE_BUG_COMMAND": "1",
    "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
    "HTTP_PROXY": _CLOSED_PROXY, "HTTPS_PROXY": _CLOSED_PROXY, "ALL_PROXY": _CLOSED_PROXY,
    "http_proxy": _CLOSED_PROXY, "https_proxy": _CLOSED_PROXY, "all_proxy": _CLOSED_PROXY,
    "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
    "NO_COLOR": "1",
}
#: variables of the machine that would change what Claude Code does (a real key, a login)
_DROPPED_ENV = ("ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CODE_USE_BEDROCK",
                "CLAUDE_CODE_USE_VERTEX", "ANTHROPIC_MODEL")
_LISTING = re.compile(r"The following skills are (?:also )?available")
_LISTING_END = "\n\nToday's date is "
_BASE_DIR = "Base directory for this skill: "
_ENTRY = "SKILL.md"


def _binary() -> Path:
    pin = install.load_pins()[AGENT]
    native = (install.prefix(pin) / "node_modules" / "@anthropic-ai"
              / "claude-code-linux-x64" / "claude")
    for path in (native, install.bin_path(pin, "claude")):
        if path.exists():
            return path
    raise AgentUnavailable(f"claude-code {pin.version} is not installed at {native} "
                           "(run the suite's install step)")


# --------------------------------------------------------------------------- the case's tree


# --------------------------------------------------------------------------- one run


@dataclass
class _Run:
    """One run of ``claude -p``: its stream-json events and the requests the stand-in got."""

    events: list[dict[str, Any]] = field(default_factory=list)
    stderr: str = ""
    requests: list[Any] = field(default_factory=list)
    returncode: int | None = None

    def init(self) -> dict[str, Any]:
        for event in self.events:
            if event.get("type") == "system" and event.get("subtype") == "init":
                return event
        raise DriverError("claude printed no init event:\n" + self.transcript())

    def transcript(self) -> str:
        lines = [json.dumps(e)[:400] for e in self.events[-30:]]
        return "\n".join(lines) + ("\n--- stderr\n" + self.stderr[-2000:] if self.stderr else "")


def _text_blocks(body: Any) -> Iterable[tuple[str, str]]:
    """(where, text) of every text block of a Messages request: the system prompt first."""
    if not isinstance(body, dict):
        return
    system = body.get("system")
    if isinstance(system, str):
        yield "system", system
    elif isinstance(system, list):
        for block in system:
            if isinstance(block, dict) and isinstance(block.get("text"), str):
                yield "system", block["text"]
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        content = message.get("content")
        if isinstance(content, str):
            yield "message", content
            continue
        for block in content or []:
            if isinstance(block, dict) and isinstance(block.get("text"), str):
                yield "message", block["text"]


def catalog_of(body: Any) -> str | None:
    """The skill listing in a Messages request, as the model reads it: from "The following
    skills are available..." to the end of its system-prompt section (or of its
    ``<system-reminder>``)."""
    for _, text in _text_blocks(body):
        found = _LISTING.search(text)
        if found is None:
            continue
        rest = text[found.start():]
        ends = [i for i in (rest.find(_LISTING_END), rest.find("\n</system-reminder>"))
                if i >= 0]
        return rest[:min(ends)] if ends else rest
    return None


def _listed_names(catalog: str | None) -> list[str]:
    """Names a catalog line may start with (``- name: ...``, ``- name``, ``- name (shown)``)."""
    names: list[str] = []
    for line in (catalog or "").split("\n"):  # (not splitlines(): \x85 is text here)
        if not line.startswith("- "):
            continue
        label = line[2:]
        head = label.split(": ", 1)[0]
        names.append(head)
        if head.endswith(")") and " (" in head:
            names.append(head.rsplit(" (", 1)[0])
    return names


def _is_main_turn(body: Any) -> bool:
    """The conversation's first request (not a subagent's): it offers the Skill tool and holds
    only the prompt."""
    if not isinstance(body, dict):
        return False
    tools = {t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)}
    return "Skill" in tools and catalog_of(body) is not None


def _run(binary: Path, case: Case, env: dict[str, str], prompt: str, *,
         call_skills: bool, skip: frozenset[str] = frozenset()) -> _Run:
    """Run ``claude -p prompt`` once; with ``call_skills``, the stand-in answers the first
    turn by calling the Skill tool for every name the init event and the catalog offer, but
    those in ``skip``."""
    run = _Run()
    init_seen = threading.Event()
    lock = threading.Lock()
    answered = threading.Event()

    def responder(body: Any) -> list[dict[str, Any]] | None:
        if not call_skills or answered.is_set() or not _is_main_turn(body):
            return None
        with lock:
            if answered.is_set():
                return None
            answered.set()
        init_seen.wait(INIT_WAIT)
        names: list[str] = []
        with lock:
            for event in run.events:
                if event.get("subtype") == "init":
                    names += [str(n) for n in event.get("skills") or []]
        names += _listed_names(catalog_of(body))
        unique = [name for name in dict.fromkeys(names) if name not in skip]
        return [{"type": "tool_use", "id": f"toolu_stub{i:04d}", "name": "Skill",
                 "input": {"skill": name}} for i, name in enumerate(unique)]

    with stub_messages.serve(responder) as server, \
            tempfile.TemporaryFile() as stderr:
        env = {**env, "ANTHROPIC_BASE_URL": server.url}
        command = [str(binary), "-p", prompt, "--output-format", "stream-json", "--verbose",
                   "--max-turns", "3" if call_skills else "1"]
        if call_skills:
            command += ["--allowedTools", "Skill"]
        proc = subprocess.Popen(command, cwd=case.cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=stderr,
                                start_new_session=True)
        fired = threading.Event()

        def expire() -> None:
            fired.set()
            kill_group(proc)

        timer = threading.Timer(TIMEOUT, expire)
        timer.start()
        try:
            assert proc.stdout is not None
            for raw in proc.stdout:
                try:
                    event = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(event, dict):
                    continue
                with lock:
                    run.events.append(event)
                if event.get("subtype") == "init":
                    init_seen.set()
            run.returncode = proc.wait(timeout=TIMEOUT)
        finally:
            timer.cancel()
            kill_group(proc)
            init_seen.set()
            stderr.seek(0)
            run.stderr = stderr.read().decode("utf-8", errors="replace")
            run.requests = server.messages()
        if fired.is_set():
            raise DriverError(f"claude did not finish within {TIMEOUT:.0f} s:\n"
                              + run.transcript())
    return run


# --------------------------------------------------------------------------- reading a run


def loaded_dirs(events: list[dict[str, Any]]) -> dict[str, str | None]:
    """Skill name -> the base directory Claude Code loaded it from (None: none given, as for
    most bundled skills and forked ones), for every skill the run loaded; and ``refused``
    names, mapped to ``"!refused"``."""
    result: dict[str, str | None] = {}
    pending: str | None = None
    calls: dict[str, str] = {}
    for event in events:
        if event.get("type") == "assistant":
            for block in (event.get("message") or {}).get("content") or []:
                if isinstance(block, dict) and block.get("type") == "tool_use" \
                        and block.get("name") == "Skill":
                    calls[str(block.get("id"))] = str((block.get("input") or {}).get("skill"))
            continue
        if event.get("type") != "user" or event.get("parent_tool_use_id"):
            continue
        content = (event.get("message") or {}).get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        outcome = event.get("tool_use_result")
        for block in blocks:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_result":
                name = calls.get(str(block.get("tool_use_id")))
                pending = None
                if isinstance(outcome, dict) and outcome.get("success"):
                    name = str(outcome.get("commandName") or name)
                    result.setdefault(name, None)
                    if outcome.get("status") != "forked":
                        pending = name
                elif name is not None and "disable-model-invocation" in str(outcome):
                    result.setdefault(name, "!refused")
            elif block.get("type") == "text" and isinstance(block.get("text"), str):
                text = block["text"]
                if pending is not None and text.startswith(_BASE_DIR):
                    result[pending] = text[len(_BASE_DIR):].split("\n", 1)[0]
                pending = None
    return result


def _slash_dir(run: _Run) -> str | None:
    """The base directory a ``claude -p /<name>`` run expanded the skill from."""
    for event in run.events:
        if event.get("type") != "user":
            continue
        content = (event.get("message") or {}).get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        for block in blocks:
            text = block.get("text") if isinstance(block, dict) else None
            if isinstance(text, str) and text.startswith(_BASE_DIR):
                return text[len(_BASE_DIR):].split("\n", 1)[0]
    for body in run.requests:
        for _, text in _text_blocks(body):
            if _BASE_DIR in text:
                return text.split(_BASE_DIR, 1)[1].split("\n", 1)[0]
    return None


def _entry(folder: str) -> str:
    """The skill file in ``folder``: ``SKILL.md``, else the one name that matches it in
    another case."""
    exact = os.path.join(folder, _ENTRY)
    if os.path.exists(exact):
        return exact
    try:
        others = [n for n in os.listdir(folder) if n.lower() == _ENTRY.lower()]
    except OSError:
        others = []
    return os.path.join(folder, others[0]) if len(others) == 1 else exact


def _inside(path: str, base: Path) -> bool:
    real = realpath(path)
    root = realpath(base)
    return real == root or real.startswith(root + os.sep)


@dataclass(frozen=True)
class _Baseline:
    """What Claude Code offers in an empty tree: its bundled skills (and prompt commands in
    the catalog), and those of them the Skill tool refuses."""

    bundled: frozenset[str]
    refused: frozenset[str]


_BASELINES: dict[str, _Baseline] = {}


def _baseline(binary: Path) -> _Baseline:
    """One run in an empty tree, once per process. It saves seconds per case: a bundled name
    no folder of the case's tree carries is not called again, and a refused name among the
    bundled ones gets no ``/name`` run of its own."""
    key = str(binary)
    if key not in _BASELINES:
        with tempfile.TemporaryDirectory(prefix="skillctl-cc-empty-") as folder:
            base = Path(folder)
            (base / "home").mkdir()
            (base / "project").mkdir()
            empty = Case("claude-code-baseline", base, base / "home", base / "project")
            env = empty.environ(_OFFLINE_ENV)
            env["TMPDIR"] = env["CLAUDE_CODE_TMPDIR"] = str(base / "tmp")
            (base / "tmp").mkdir()
            run = _run(binary, empty, env, "hi", call_skills=True)
            dirs = loaded_dirs(run.events)
            offered = [str(n) for n in run.init().get("skills") or []]
            _BASELINES[key] = _Baseline(
                bundled=frozenset([*offered, *dirs]),
                refused=frozenset(n for n, folder_ in dirs.items() if folder_ == "!refused"))
    return _BASELINES[key]


def _folder_names(base: Path) -> set[str]:
    """The name of every folder (or link) below ``base``, links not followed."""
    names: set[str] = set()
    for _, dirs, files in os.walk(base):
        names.update(dirs)
        names.update(files)
    return names


def observe(case: Case) -> Observation:
    """Run the pinned Claude Code in ``case`` and report its skills and catalog."""
    binary = _binary()
    env = case.environ(_OFFLINE_ENV)
    for key in _DROPPED_ENV:
        env.pop(key, None)
    scratch = Path(tempfile.mkdtemp(prefix="skillctl-cc-"))
    env["TMPDIR"] = str(scratch)
    env["CLAUDE_CODE_TMPDIR"] = str(scratch)
    raws: list[str] = []
    try:
        baseline = _baseline(binary)
        unused = baseline.bundled - _folder_names(case.base)
        run = _run(binary, case, env, "hi", call_skills=True, skip=unused)
        raws.append(run.transcript())
        init = run.init()
        main = next((body for body in run.requests if _is_main_turn(body)), None)
        catalog = catalog_of(main)
        dirs = loaded_dirs(run.events)
        invocable = [str(n) for n in init.get("skills") or []]
        for name in invocable:
            folder = dirs.get(name)
            # a bundled name a folder of the case carries, which the Skill tool answered with
            # the bundled skill: a user skill of that name may still be what /name runs
            shadowed = (name in baseline.bundled and name not in unused
                        and (folder is None or not _inside(folder, case.base)))
            # refused by the Skill tool, or not loaded at all (skillOverrides
            # "user-invocable-only" keeps a skill from the model but not from the user)
            user_only = (folder == "!refused" and name not in baseline.refused) or (
                name not in dirs and name not in baseline.bundled)
            if user_only or shadowed:
                # Only a user can invoke it: expand it as a user would, in a run of its own.
                slash = _run(binary, case, env, f"/{name}", call_skills=False)
                raws.append(f"--- /{name}\n" + slash.transcript())
                found = _slash_dir(slash)
                if found is not None or not shadowed:
                    dirs[name] = found if found is not None else "!refused"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    obs = Observation(AGENT, catalog=catalog, raw="\n".join(raws))
    names = list(dict.fromkeys([*invocable, *dirs]))
    for name in names:
        folder = dirs.get(name)
        if name in unused:
            obs.builtins.append(name)
            continue
        if folder is None or folder == "!refused":
            if name in invocable or folder is None:
                obs.builtins.append(name)
            if folder == "!refused":
                obs.errors.append(f"{name}: refused by the Skill tool and not expanded by "
                                  f"/{name}; its file is unknown")
            continue
        if not _inside(folder, case.base):
            obs.builtins.append(name)  # a bundled skill, unpacked into the temporary folder
            continue
        obs.active.append(Skill(name, realpath(_entry(folder))))
    obs.sorted()
    if catalog is None:
        obs.errors.append("no skill listing found in the request to the stand-in")
    return obs
