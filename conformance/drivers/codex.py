"""Codex (``@openai/codex``): what the real CLI discovers, asked offline.

Discovery comes from ``codex app-server`` over stdio (JSON-RPC, one JSON object a line):
``initialize``, the ``initialized`` notification, then ``skills/list`` for the case's working
directory, which answers with every skill (name, ``SKILL.md`` path, scope, enabled) and the
per-file errors. The catalog comes from ``codex debug prompt-input``, which prints the
model-visible input list as JSON; the skills catalog is the developer message that starts with
``<skills_instructions>``, taken as it is.

Codex installs its embedded System skills into ``$CODEX_HOME/skills/.system`` (and writes a few
state files) on start-up; the suite puts the case's tree back afterwards
(:mod:`conformance.treestate`), so that skillctl sees the tree Codex saw.
No API key is set, and every proxy variable points at a closed port on 127.0.0.1, so nothing
leaves the machine.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time
from pathlib import Path
from typing import Any

from conformance import install
from conformance.model import (
    AgentUnavailable,
    Case,
    DriverError,
    Observation,
    Skill,
    realpath,
)
from conformance.processes import kill_group, run_bounded

AGENT = "codex"
#: seconds Codex may take for each step (start-up plus one answer)
TIMEOUT = 60.0
_CLOSED_PROXY = "http://127.0.0.1:9"
_OFFLINE_ENV = {
    "HTTP_PROXY": _CLOSED_PROXY, "HTTPS_PROXY": _CLOSED_PROXY, "ALL_PROXY": _CLOSED_PROXY,
    "http_proxy": _CLOSED_PROXY, "https_proxy": _CLOSED_PROXY, "all_proxy": _CLOSED_PROXY,
    "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
    "CODEX_DISABLE_UPDATE_CHECK": "1", "RUST_LOG": "error", "NO_COLOR": "1",
}
_MARKER = "<skills_instructions>"


def _binary() -> Path:
    pin = install.load_pins()[AGENT]
    path = install.bin_path(pin, "codex")
    if not path.exists():
        raise AgentUnavailable(f"codex {pin.version} is not installed at {path} "
                               "(run the suite's install step)")
    return path


class _Rpc:
    """A JSON-RPC conversation with ``codex app-server`` on its stdin/stdout."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdin is not None and proc.stdout is not None
        self.proc = proc
        self.stdin = proc.stdin
        self.fd = proc.stdout.fileno()
        self.buffer = b""
        self.transcript: list[str] = []
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)

    def send(self, message: dict[str, Any]) -> None:
        line = json.dumps(message)
        self.transcript.append(f"> {line}")
        self.stdin.write(line.encode("utf-8") + b"\n")
        self.stdin.flush()

    def _line(self, deadline: float) -> str:
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(timeout=left):
                raise DriverError("codex app-server did not answer within "
                                  f"{TIMEOUT:.0f} s:\n" + "\n".join(self.transcript[-20:]))
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise DriverError("codex app-server exited (code "
                                  f"{self.proc.poll()}):\n" + "\n".join(self.transcript[-20:]))
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        text = line.decode("utf-8", errors="replace")
        self.transcript.append(f"< {text}")
        return text

    def request(self, request_id: int, method: str, params: dict[str, Any]) -> Any:
        self.send({"id": request_id, "method": method, "params": params})
        deadline = time.monotonic() + TIMEOUT
        while True:
            text = self._line(deadline).strip()
            if not text:
                continue
            try:
                message = json.loads(text)
            except json.JSONDecodeError:
                continue  # a log line on stdout: skip it
            if not isinstance(message, dict) or message.get("id") != request_id:
                continue  # a notification, or a request from the server we do not answer
            if "error" in message:
                raise DriverError(f"codex app-server {method} failed: {message['error']!r}")
            return message.get("result")


def _skills_list(binary: Path, case: Case, env: dict[str, str]) -> tuple[Any, str]:
    proc = subprocess.Popen([str(binary), "app-server", "--listen", "stdio://"],
                            cwd=case.cwd, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    rpc = _Rpc(proc)
    try:
        rpc.request(1, "initialize", {"clientInfo": {"name": "skillctl-conformance",
                                                      "version": "0"}})
        rpc.send({"method": "initialized"})
        result = rpc.request(2, "skills/list", {"cwds": [str(case.cwd)], "forceReload": True})
    finally:
        rpc.selector.close()
        kill_group(proc)
    return result, "\n".join(rpc.transcript)


def _prompt_input(binary: Path, case: Case, env: dict[str, str]) -> tuple[str | None, str]:
    text = run_bounded([str(binary), "debug", "prompt-input"], case.cwd, env, TIMEOUT,
                       "codex debug prompt-input")
    try:
        items = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DriverError(f"codex debug prompt-input printed no JSON ({exc}): "
                          f"{text[:2000]!r}") from None
    return skills_catalog(items), text


def skills_catalog(items: Any) -> str | None:
    """The ``<skills_instructions>`` text in a prompt-input list; "" when there is none."""
    for item in items if isinstance(items, list) else ():
        if not isinstance(item, dict) or item.get("type") != "message":
            continue
        for part in item.get("content") or ():
            text = part.get("text") if isinstance(part, dict) else None
            if isinstance(text, str) and text.startswith(_MARKER):
                return text
    return ""


def observation_from(result: Any, cwd: Path) -> Observation:
    """An Observation (without catalog) from a ``skills/list`` result."""
    obs = Observation(AGENT)
    entries = result.get("data") if isinstance(result, dict) else None
    if not isinstance(entries, list):
        raise DriverError(f"codex skills/list: unexpected result {result!r:.2000}")
    for entry in entries:
        for skill in entry.get("skills") or ():
            name, path = str(skill.get("name")), str(skill.get("path"))
            if skill.get("scope") == "system":
                obs.builtins.append(name)
            elif skill.get("enabled", True):
                obs.active.append(Skill(name, realpath(path)))
            else:
                obs.dropped.append(Skill(name, realpath(path)))
        for error in entry.get("errors") or ():
            path = str(error.get("path"))
            obs.errors.append(f"{path}: {error.get('message')}")
            obs.dropped.append(Skill(os.path.basename(os.path.dirname(path)), realpath(path)))
    obs.sorted()
    return obs


def observe(case: Case) -> Observation:
    """Run the pinned Codex in ``case`` and report its skills, errors and catalog."""
    binary = _binary()
    env = case.environ(_OFFLINE_ENV)
    for key in ("OPENAI_API_KEY", "CODEX_API_KEY"):
        env.pop(key, None)
    result, transcript = _skills_list(binary, case, env)
    catalog, prompt = _prompt_input(binary, case, env)
    obs = observation_from(result, case.cwd)
    obs.catalog = catalog
    obs.raw = transcript + "\n--- prompt-input\n" + prompt
    return obs
