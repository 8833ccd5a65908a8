"""OpenCode (npm ``opencode-ai``): what ``opencode debug skill`` lists, and the skills section
of the system prompt that ``opencode run`` sends.

Discovery: ``opencode debug skill --print-logs --log-level WARN`` started in the case's working
directory prints every skill it loaded as JSON (``name``, ``location``; built-ins have the
location ``<built-in>``) and logs ``duplicate skill name`` for each name clash. OpenCode loads
the files concurrently, so the winner of a clash is not fixed: every name in such a warning is
reported as nondeterministic. Skills that a ``permission.skill`` rule denies are still in that
list; the ones the prompt's catalog leaves out are moved to ``dropped``.

Catalog: ``opencode run hi`` with the bundled Anthropic provider pointed (through
``OPENCODE_CONFIG_CONTENT``, so nothing is written to the case) at the stand-in Messages API of
:mod:`conformance.stub_messages`, and a dummy key. The system prompt of the agent's request (not
the title request's) holds the section from ``Skills provide specialized instructions`` to
``</available_skills>``. When a name is duplicated the copy shown changes from run to run; the
comparison leaves that name's entries out (``nondeterministic``) and compares the rest.

Both run the native binary of ``opencode-linux-x64`` (the ``opencode`` script of the npm
package only finds and starts it) with the case's environment; OpenCode's data, state and cache
directories go to a scratch folder outside the case unless the case sets them, auto-update and
the models.dev fetch are switched off, and every other request is sent to a closed local port
through ``HTTP(S)_PROXY``.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from conformance import install
from conformance.model import (
    AgentHung,
    AgentUnavailable,
    Case,
    DriverError,
    Observation,
    Skill,
    realpath,
)
from conformance.stub_messages import serve

AGENT = "opencode"
#: seconds one OpenCode process may take
TIMEOUT = 90
#: the stand-in model (any Anthropic model in OpenCode's bundled models snapshot)
MODEL = "anthropic/claude-sonnet-4-5"
_BUILTIN = "<built-in>"
_CATALOG_START = "Skills provide specialized instructions and workflows for specific tasks."
_CATALOG_END = "</available_skills>"
_DUPLICATE = re.compile(r'message="duplicate skill name" name=("(?:[^"\\]|\\.)*"|\S+)')
_CLOSED_PORT = "http://127.0.0.1:9"
_LOCATION = re.compile(r"<location>(.*?)</location>", re.DOTALL)


def binary() -> Path:
    """The native OpenCode executable of the pinned install (the baseline build as a
    fallback); raises AgentUnavailable when the pin is not installed."""
    pin = install.load_pins()["opencode"]
    modules = install.prefix(pin) / "node_modules"
    for package in ("opencode-linux-x64", "opencode-linux-x64-baseline"):
        candidate = modules / package / "bin" / "opencode"
        if os.access(candidate, os.X_OK):
            return candidate
    raise AgentUnavailable(f"opencode: no native binary under {modules} (install the pins first)")


def environ(case: Case, scratch: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The case's environment for OpenCode, isolated from the network and from the machine."""
    own = {
        "OPENCODE_DISABLE_AUTOUPDATE": "1",
        "OPENCODE_DISABLE_MODELS_FETCH": "1",
        "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
        "OPENCODE_DISABLE_SHARE": "1",
        "HTTP_PROXY": _CLOSED_PORT, "HTTPS_PROXY": _CLOSED_PORT,
        "http_proxy": _CLOSED_PORT, "https_proxy": _CLOSED_PORT,
        "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
    }
    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CACHE_HOME", "cache")):
        if var not in case.env:
            own[var] = str(scratch / sub)
    return case.environ({**own, **(extra or {})})


def run(command: list[str], case: Case, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in the case's working directory in its own process group, killed
    (group and all) when it outlives TIMEOUT; raises AgentHung then.

    Output goes to files, not pipes: OpenCode exits without waiting for a full pipe to drain,
    so ``debug skill`` output over 64 KiB was cut short through a pipe."""
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        with subprocess.Popen(command, cwd=case.cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=out_file, stderr=err_file,
                              start_new_session=True) as proc:
            try:
                proc.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                err_file.seek(0)
                err = err_file.read().decode("utf-8", "replace")
                raise AgentHung(f"{' '.join(command[1:])} did not finish in {TIMEOUT} s; "
                                  f"stderr: {err[-2000:]!r}") from None
            finally:
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGKILL)
        out_file.seek(0)
        err_file.seek(0)
        out = out_file.read().decode("utf-8", "replace")
        err = err_file.read().decode("utf-8", "replace")
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def _unquote(value: str) -> str:
    if value.startswith('"'):
        loaded: str = json.loads(value)
        return loaded
    return value


def parse_skills(stdout: str, stderr: str, observation: Observation) -> None:
    """Fill ``observation`` from ``opencode debug skill``'s JSON and its WARN/ERROR log."""
    try:
        listed: Any = json.loads(stdout)
    except ValueError as error:
        raise DriverError(f"opencode debug skill printed no JSON ({error}): "
                          f"{stdout[-1000:]!r} {stderr[-2000:]!r}") from None
    if not isinstance(listed, list):
        raise DriverError(f"opencode debug skill: expected a JSON list, got {stdout[:200]!r}")
    for entry in listed:
        name, location = str(entry.get("name")), str(entry.get("location"))
        if location == _BUILTIN:
            observation.builtins.append(name)
        else:
            observation.active.append(Skill(name, realpath(location)))
    observation.nondeterministic = sorted({_unquote(m.group(1))
                                           for m in _DUPLICATE.finditer(stderr)})
    observation.errors = [line for line in stderr.splitlines()
                          if "level=ERROR" in line or ("level=WARN" in line and "skill" in line)]


def _drop_denied(stdout: str, observation: Observation) -> None:
    """Move to ``dropped`` the skills that permission rules keep from the model.

    ``debug skill`` lists every skill OpenCode loaded, also those a ``permission.skill`` rule
    of the config (or of the default agent) denies; the prompt leaves those out. A skill
    with a description (the ones without one are never in the prompt) whose location the
    prompt's catalog does not show is such a skill, unless its name is duplicated (then the
    prompt shows one copy of the name, picked at random)."""
    if observation.catalog is None:
        return
    described = {realpath(str(e.get("location"))) for e in json.loads(stdout)
                 if isinstance(e, dict) and isinstance(e.get("description"), str)
                 and e.get("location") != _BUILTIN}
    shown = {realpath(html.unescape(m)) for m in _LOCATION.findall(observation.catalog)}
    random_names = set(observation.nondeterministic)
    denied = [s for s in observation.active if s.path in described and s.path not in shown
              and s.name not in random_names]
    observation.active = [s for s in observation.active if s not in denied]
    observation.dropped.extend(denied)


def catalog_of(system: Any) -> str | None:
    """The skills section of a Messages API ``system`` field (None when there is none)."""
    blocks = system if isinstance(system, list) else [system]
    for block in blocks:
        text = block.get("text", "") if isinstance(block, dict) else str(block or "")
        start = text.find(_CATALOG_START)
        if start < 0:
            continue
        end = text.find(_CATALOG_END, start)
        if end < 0:
            return text[start:]
        return text[start:end + len(_CATALOG_END)]
    return None


def observe(case: Case) -> Observation:
    opencode = str(binary())
    observation = Observation(AGENT)
    scratch = Path(tempfile.mkdtemp(prefix="skillctl-opencode-"))
    try:
        try:
            listed = run([opencode, "debug", "skill", "--print-logs", "--log-level", "WARN"],
                         case, environ(case, scratch))
        except AgentHung as hung:  # 1.18.33 follows a link back to a parent forever
            observation.hangs = True
            observation.raw = str(hung)
            return observation
        if listed.returncode != 0:
            raise DriverError(f"opencode debug skill exited {listed.returncode}: "
                              f"{listed.stderr[-2000:]!r}")
        parse_skills(listed.stdout, listed.stderr, observation)
        with serve() as stub:
            config = {"provider": {"anthropic": {"options": {"baseURL": f"{stub.url}/v1",
                                                             "apiKey": "sk-conformance"}}},
                      "model": MODEL, "autoupdate": False, "share": "disabled"}
            ran = run([opencode, "run", "hi"], case,
                      environ(case, scratch, {"OPENCODE_CONFIG_CONTENT": json.dumps(config)}))
            requests = stub.messages()
        if ran.returncode != 0 or not requests:
            raise DriverError(f"opencode run exited {ran.returncode} after {len(requests)} "
                              f"request(s): {ran.stderr[-2000:]!r}")
        # the title request has a system prompt of its own: take the one with the section
        observation.catalog = next(
            (found for found in (catalog_of(r.get("system")) for r in requests
                                 if isinstance(r, dict)) if found is not None), None)
        _drop_denied(listed.stdout, observation)
        observation.raw = listed.stdout + listed.stderr
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return observation
