"""Gemini CLI (``@google/gemini-cli``): what the real CLI discovers, asked offline.

Discovery comes from ``gemini skills list --all`` (text only: the command has no JSON output in
0.61.0), which prints every skill the CLI's ``SkillManager`` holds: user-visible name,
``[Enabled]``/``[Disabled]``, ``[Built-in]`` for the skills shipped in the package's
``bundle/builtin`` folder, the description and the ``Location:`` (the path glob returned).

The catalog is the real system prompt, written by the CLI itself: ``gemini -p hi`` with
``GEMINI_WRITE_SYSTEM_MD=<file>`` makes ``PromptProvider.getCoreSystemPrompt`` write the final
prompt (``renderFinalShell`` and the ``\\n{3,}`` squeeze included) before the first model call.
That goes through the same ``Config.initialize`` -> ``SkillManager.discoverSkills`` ->
``renderAgentSkills`` path as a real session, with the default model's snippet set, so no
script of ours imports the bundle's (minified, per-release renamed) chunks. The driver waits
for the file, kills the run (the model call can never succeed) and cuts the
``# Available Agent Skills`` section out of it, up to ``</available_skills>``.

The workspace is trusted with ``GEMINI_CLI_TRUST_WORKSPACE=true`` (the variable the CLI's own
"not running in a trusted directory" message names) unless the case sets it. The API key is a
dummy, the proxy variables point at a closed port on 127.0.0.1,
telemetry is off, and where the machine allows it the CLI runs in a new network namespace
(``unshare -rn``) with no interface up, so nothing leaves the machine. What the CLI
writes below ``~/.gemini`` (history, tmp, installation id) is undone by the suite afterwards
(:mod:`conformance.treestate`), so that skillctl sees the case's tree as it was built.
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

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

AGENT = "gemini-cli"
#: seconds each run of the CLI may take
TIMEOUT = 60.0
#: seconds the system-prompt file must stay unchanged before it counts as written
_SETTLE = 0.3
_CLOSED = "http://127.0.0.1:9"
_OFFLINE_ENV = {
    "GEMINI_API_KEY": "conformance-dummy-key",
    "HTTP_PROXY": _CLOSED, "HTTPS_PROXY": _CLOSED, "ALL_PROXY": _CLOSED,
    "http_proxy": _CLOSED, "https_proxy": _CLOSED, "all_proxy": _CLOSED,
    "NO_PROXY": "", "no_proxy": "",
    "GEMINI_TELEMETRY_ENABLED": "false",
    "GEMINI_CLI_TRUST_WORKSPACE": "true",
    # the CLI re-runs itself in a child Node with more heap and this variable set; starting
    # the child's code directly halves the start-up and changes nothing else
    "GEMINI_CLI_NO_RELAUNCH": "true",
    "NO_COLOR": "1",
}
_CATALOG_START = "# Available Agent Skills"
_CATALOG_END = "</available_skills>"
_HEADER = re.compile(r"^(?P<name>.*?) \[(?P<state>Enabled|Disabled)\](?P<builtin> \[Built-in\])?$")


def _binary() -> Path:
    pin = install.load_pins()[AGENT]
    path = install.bin_path(pin, "gemini")
    if not path.exists():
        raise AgentUnavailable(f"gemini-cli {pin.version} is not installed at {path} "
                               "(run the suite's install step)")
    return path


@functools.cache
def _sandbox() -> tuple[str, ...]:
    """``unshare -rn`` when this machine lets an unprivileged process have its own (empty)
    network namespace; () otherwise (the closed-port variables still hold)."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return ()
    try:
        done = subprocess.run([unshare, "-rn", "true"], capture_output=True, timeout=10,
                              check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ()
    return (unshare, "-rn") if done.returncode == 0 else ()


def _skills_list(binary: Path, case: Case, env: dict[str, str]) -> str:
    return run_bounded([*_sandbox(), str(binary), "skills", "list", "--all"], case.cwd, env,
                       TIMEOUT, "gemini skills list")


def _system_prompt(binary: Path, case: Case, env: dict[str, str]) -> str:
    with tempfile.TemporaryDirectory(prefix="skillctl-gemini-") as scratch:
        target = Path(scratch) / "system.md"
        proc = subprocess.Popen([*_sandbox(), str(binary), "-p", "hi"], cwd=case.cwd,
                                env={**env, "GEMINI_WRITE_SYSTEM_MD": str(target)},
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, start_new_session=True)
        try:
            deadline = time.monotonic() + TIMEOUT
            last: tuple[int, int] | None = None
            while True:
                if target.exists():
                    stat = target.stat()
                    now = (stat.st_size, stat.st_mtime_ns)
                    if now == last:
                        break
                    last = now
                elif proc.poll() is not None:
                    err = proc.stderr.read() if proc.stderr else b""
                    raise DriverError(f"gemini -p exited {proc.returncode} before writing its "
                                      f"system prompt: "
                                      f"{err.decode('utf-8', errors='replace')[-2000:]!r}")
                if time.monotonic() > deadline:
                    raise DriverError(f"gemini -p wrote no system prompt within {TIMEOUT:.0f} s")
                time.sleep(_SETTLE)
        finally:
            kill_group(proc)
            if proc.stderr:
                proc.stderr.close()
        return target.read_bytes().decode("utf-8", errors="replace")


def skills_catalog(prompt: str) -> str:
    """The skills section of a system prompt, as the model sees it; "" when there is none."""
    start = prompt.find(_CATALOG_START)
    if start < 0:
        return ""
    end = prompt.find(_CATALOG_END, start)
    if end < 0:
        raise DriverError("the system prompt has no </available_skills> after "
                          f"{_CATALOG_START!r}")
    return prompt[start:end + len(_CATALOG_END)]


def observation_from(listing: str) -> Observation:
    """An Observation (without catalog) from ``gemini skills list --all`` output."""
    obs = Observation(AGENT)
    current: tuple[str, bool, bool] | None = None
    for line in listing.split("\n"):  # (not splitlines(): \x85 is text here)
        line = line.removesuffix("\r")
        header = _HEADER.match(line)
        # (a name may start with spaces: only header lines end in [Enabled]/[Disabled])
        if header and not line.startswith("  Location:"):
            current = (header["name"], header["state"] == "Enabled", bool(header["builtin"]))
            continue
        if current is not None and line.startswith("  Location:"):
            name, enabled, builtin = current
            path = realpath(line.split(":", 1)[1].strip())
            if builtin:
                obs.builtins.append(name)
            elif enabled:
                obs.active.append(Skill(name, path))
            else:
                obs.dropped.append(Skill(name, path))
            current = None
    obs.sorted()
    return obs


def observe(case: Case) -> Observation:
    """Run the pinned Gemini CLI in ``case`` and report its skills and catalog."""
    binary = _binary()
    extra = {key: value for key, value in _OFFLINE_ENV.items() if key not in case.env}
    env = install.run_env(install.load_pins()[AGENT], case.environ(extra))
    for key in ("GOOGLE_API_KEY", "GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_CLOUD_PROJECT"):
        env.pop(key, None)
    listing = _skills_list(binary, case, env)
    prompt = _system_prompt(binary, case, env)
    obs = observation_from(listing)
    obs.catalog = skills_catalog(prompt)
    obs.raw = listing + "\n--- system prompt\n" + prompt
    return obs
