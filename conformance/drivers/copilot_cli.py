"""GitHub Copilot CLI (``@github/copilot``): what the real CLI discovers, asked offline.

The pinned native binary (``@github/copilot-linux-x64``) runs ``copilot -p hi --output-format
json`` in the case's tree in its documented offline mode: ``COPILOT_OFFLINE=true`` (no GitHub
login, no telemetry, no update check) with a "bring your own key" provider,
``COPILOT_PROVIDER_TYPE=anthropic`` and ``COPILOT_PROVIDER_BASE_URL`` at
:mod:`conformance.stub_messages` (a stand-in for the Messages API on 127.0.0.1) and a dummy key.
Every proxy variable points at a closed port, so nothing leaves the machine.

- **Skills**: the ``session.skills_loaded`` event of the JSON-lines output lists every skill the
  session loaded, with its invocation name (``commandName``), ``source`` (``project``,
  ``personal-copilot``, ``personal-agents``, ``builtin``, ...), ``enabled`` and the path of its
  file. Skills with the source ``builtin`` (shipped in the package) go to ``builtins``; a skill
  switched off by the settings (``enabled: false``) to ``dropped``.
- **Catalog**: the first request to the stand-in holds, in its system prompt, the
  ``<available_skills>`` block the model reads (one ``<skill>`` with name, description and
  location each); it is taken from ``<available_skills>`` to ``</available_skills>``.

The loader and the catalog writer are in the CLI's native module (``runtime.node``), not in
its JavaScript, so the facts come from running it, not from reading it. The binary unpacks its
JavaScript package (about 235 MB) into ``$COPILOT_PKG_CACHE_HOME/pkg`` on first start: the
driver points that at the conformance cache, so it is unpacked once, not into every case's
home. What the CLI writes below ``~/.copilot`` (logs, session state) is undone by the suite
afterwards (:mod:`conformance.treestate`).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from conformance import install, stub_messages
from conformance.model import AgentUnavailable, Case, DriverError, Observation, Skill, realpath
from conformance.processes import kill_group

AGENT = "copilot-cli"
#: seconds one run of the CLI may take
TIMEOUT = 90.0
_CLOSED = "http://127.0.0.1:9"
_OFFLINE_ENV = {
    "COPILOT_OFFLINE": "true",
    "COPILOT_PROVIDER_TYPE": "anthropic",
    "COPILOT_PROVIDER_API_KEY": "sk-dummy",
    "COPILOT_MODEL": "claude-sonnet-4.5",
    "COPILOT_AUTO_UPDATE": "false",
    "HTTP_PROXY": _CLOSED, "HTTPS_PROXY": _CLOSED, "ALL_PROXY": _CLOSED,
    "http_proxy": _CLOSED, "https_proxy": _CLOSED, "all_proxy": _CLOSED,
    "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
    "NO_COLOR": "1",
}
#: variables that would log the CLI in or send it elsewhere (never taken from the machine,
#: dropped in case a case sets them)
_DROPPED_ENV = ("COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN", "COPILOT_API_URL",
                "COPILOT_PROVIDER_BEARER_TOKEN", "COPILOT_PROVIDER_API_KEY_COMMAND")
_OPEN = "<available_skills>"
_CLOSE = "</available_skills>"


def _pin() -> install.Pin:
    return install.load_pins()[AGENT]


def _binary() -> Path:
    pin = _pin()
    native = install.prefix(pin) / "node_modules" / "@github" / "copilot-linux-x64" / "copilot"
    for path in (native, install.bin_path(pin, "copilot")):
        if path.exists():
            return path
    raise AgentUnavailable(f"copilot-cli {pin.version} is not installed at {native} "
                           "(run the suite's install step)")


def _texts(body: Any) -> list[str]:
    """Every text of a Messages request: the system blocks, then the messages' text blocks."""
    if not isinstance(body, dict):
        return []
    texts: list[str] = []
    system = body.get("system")
    if isinstance(system, str):
        texts.append(system)
    for block in system if isinstance(system, list) else []:
        if isinstance(block, dict) and isinstance(block.get("text"), str):
            texts.append(block["text"])
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str):
            texts.append(content)
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and isinstance(block.get("text"), str):
                texts.append(block["text"])
    return texts


def catalog_of(body: Any) -> str | None:
    """The ``<available_skills>`` block of a request (None: the request has none)."""
    for text in _texts(body):
        start = text.find(_OPEN)
        end = text.find(_CLOSE, start)
        if start >= 0 and end >= 0:
            return text[start:end + len(_CLOSE)]
    return None


def _events(stdout: str) -> list[dict[str, Any]]:
    events = []
    # (split at line feeds only: splitlines() also splits inside a JSON string that holds a
    # skill's \x85 or \u2028, and the event would be lost)
    for line in stdout.split("\n"):
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict):
            events.append(event)
    return events


def _loaded(events: list[dict[str, Any]], transcript: str) -> list[dict[str, Any]]:
    for event in events:
        if event.get("type") == "session.skills_loaded":
            skills = (event.get("data") or {}).get("skills")
            if isinstance(skills, list):
                return [s for s in skills if isinstance(s, dict)]
    raise DriverError("copilot printed no session.skills_loaded event:\n" + transcript)


def observe(case: Case) -> Observation:
    """Run the pinned Copilot CLI in ``case`` and report its skills and catalog."""
    binary = _binary()
    env = case.environ(_OFFLINE_ENV)
    for key in _DROPPED_ENV:
        env.pop(key, None)
    env["COPILOT_PKG_CACHE_HOME"] = str(install.prefix(_pin()) / "pkg-cache")
    # (standard output to a file, as in processes.run_bounded: a Node CLI that exits drops
    # what is still queued for a pipe)
    with stub_messages.serve() as server, tempfile.TemporaryFile() as stderr, \
            tempfile.TemporaryFile() as out:
        env["COPILOT_PROVIDER_BASE_URL"] = server.url
        command = [str(binary), "-p", "hi", "--output-format", "json", "--allow-all-tools",
                   "--disable-client-telemetry", "--no-auto-update"]
        proc = subprocess.Popen(command, cwd=case.cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=stderr, start_new_session=True)
        try:
            proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise DriverError(f"copilot did not finish within {TIMEOUT:.0f} s") from None
        finally:
            kill_group(proc)
        stderr.seek(0)
        err = stderr.read().decode("utf-8", errors="replace")
        out.seek(0)
        stdout = out.read().decode("utf-8", errors="replace")
        requests = server.messages()
    transcript = stdout[-4000:] + ("\n--- stderr\n" + err[-2000:] if err else "")
    if proc.returncode != 0:
        raise DriverError(f"copilot exited {proc.returncode}:\n{transcript}")
    skills = _loaded(_events(stdout), transcript)
    catalog = next((c for c in map(catalog_of, requests) if c is not None), None)
    if catalog is None and requests:
        catalog = ""  # the prompt lists no skill at all
    obs = Observation(AGENT, catalog=catalog, raw=transcript)
    for entry in skills:
        name = str(entry.get("commandName") or entry.get("name"))
        if entry.get("source") == "builtin":
            obs.builtins.append(name)
            continue
        # a folder of $COPILOT_SKILLS_DIRS given relative is reported relative, as found
        # from the working directory
        skill = Skill(name, realpath(os.path.join(case.cwd, str(entry.get("path")))))
        (obs.active if entry.get("enabled", True) else obs.dropped).append(skill)
    if not requests:
        obs.errors.append("copilot sent no request to the stand-in")
    return obs.sorted()
