"""OpenClaw (npm ``openclaw``, run with the pinned Node.js 24): what it discovers and the skills
prompt it builds, asked offline.

Two processes per case, both with the case's ``HOME``, cwd and variables only:

- ``openclaw skills list --json``: the agent's own command. Its JSON has each skill's name,
  ``source`` and ``eligible`` flag but no path; it is used to check the second answer.
- ``node openclaw_snapshot.mjs <dist>`` (ours, next to this file): the same config, agent and
  workspace resolution as ``skills list``, then the package's ``resolveWorkspaceSkillPromptEntries``
  (eligible skills, with their files) and ``buildSkillSnapshot`` (the ``prompt`` the model gets).

``PATH`` holds the pinned Node.js and nothing else: bundled skills gated on a binary (``tmux``,
``gh``, ...) then depend on the pin, not on the machine. The workspace is what OpenClaw resolves
from the case (``$OPENCLAW_WORKSPACE_DIR``, the state dir, ``agents.defaults.workspace`` in
``openclaw.json``, else ``~/.openclaw/workspace``): the driver never sets it, so that skillctl,
run with the same environment, must resolve it the same way. Cases that want the project as
the workspace set ``OPENCLAW_WORKSPACE_DIR`` (see ``cases_openclaw``).

Skills whose real file is inside the installed package (``openclaw-bundled``,
``openclaw-custodian`` and the bundled plugins' skills linked under
``~/.openclaw/plugin-skills``) go to ``builtins``; every other eligible skill is ``active``.
Eligible skills that ``skills list`` shows but the prompt leaves out are not ``dropped``: the
prompt is compared as a whole through ``catalog``.

The prompt lists the bundled skills at their place in the installed package; skillctl finds
that package through ``openclaw`` on PATH (``{bin:openclaw}``), as on a user's machine. So
``skillctl render`` matches only when the pinned ``node_modules/.bin`` is on skillctl's PATH.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path
from typing import Any

from conformance import install
from conformance.model import AgentUnavailable, Case, DriverError, Observation, Skill, realpath

AGENT = "openclaw"
PIN = "openclaw"
#: seconds each OpenClaw process may take
TIMEOUT = 120
SNAPSHOT_SCRIPT = Path(__file__).with_name("openclaw_snapshot.mjs")


def _run(command: list[str], case: Case, env: dict[str, str]) -> str:
    """Run ``command`` in the case's cwd; its stdout, or DriverError (killed on time-out)."""
    with subprocess.Popen(command, cwd=case.cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          encoding="utf-8", errors="replace", start_new_session=True) as proc:
        try:
            out, err = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise DriverError(f"{command[0]} timed out after {TIMEOUT} s") from None
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    if proc.returncode != 0:
        raise DriverError(f"{' '.join(command[:3])} exited {proc.returncode}: {err[-2000:]}")
    return out


def _json(text: str, what: str) -> Any:
    start = text.find("{")
    try:
        return json.loads(text[start:] if start >= 0 else text)
    except json.JSONDecodeError:
        raise DriverError(f"{what}: not JSON: {text[:2000]!r}") from None


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def skillctl_path() -> str:
    """The PATH skillctl runs with in OpenClaw's cases: the agent's own (the pinned Node.js),
    so that a skill's required binaries (``metadata.openclaw.requires.bins``) are looked up
    where OpenClaw looks them up, and the pinned package's ``node_modules/.bin`` (skillctl
    finds the bundled skills through ``openclaw`` on PATH)."""
    pin = install.load_pins()[PIN]
    node_dir = install.node_bin_dir(pin)
    folders = [str(install.prefix(pin) / "node_modules" / ".bin")]
    if node_dir is not None:
        folders.append(str(node_dir))
    return os.pathsep.join(folders)


def observe(case: Case) -> Observation:
    pin = install.load_pins()[PIN]
    if not install.is_installed(pin):
        raise AgentUnavailable(f"openclaw {pin.version} is not installed (python -m "
                               "conformance install)")
    node_dir = install.node_bin_dir(pin)
    env = case.environ()
    env["PATH"] = str(node_dir) if node_dir is not None else ""
    env["OPENCLAW_NO_AUTO_UPDATE"] = "1"
    package = realpath(install.package_dir(pin))
    listed = _json(_run([str(install.bin_path(pin, "openclaw")), "skills", "list", "--json"],
                        case, env), "openclaw skills list --json")
    node = str(node_dir / "node") if node_dir is not None else "node"
    snap = _json(_run([node, str(SNAPSHOT_SCRIPT), str(Path(package) / "dist")], case, env),
                 "openclaw_snapshot.mjs")
    obs = Observation(AGENT, raw=json.dumps({"list": listed, "snapshot": snap}, indent=1))
    for entry in snap["eligible"]:
        real = realpath(entry["filePath"])
        if _inside(real, package):
            obs.builtins.append(entry["name"])
        else:
            obs.active.append(Skill(entry["name"], real))
    # `skills list` also calls bundled skills eligible whose binary it finds by other means
    # (tmux, ...): only the others are checked against the snapshot
    eligible_listed = {s["name"] for s in listed.get("skills", [])
                       if s.get("eligible") and not s.get("bundled")
                       and s.get("source") != "openclaw-extra"}
    from_snapshot = {s.name for s in obs.active}
    if eligible_listed != from_snapshot:
        obs.errors.append("skills list and the snapshot disagree: "
                          f"only listed {sorted(eligible_listed - from_snapshot)}, "
                          f"only in the snapshot {sorted(from_snapshot - eligible_listed)}")
    obs.sorted()
    obs.catalog = snap["prompt"]
    return obs
