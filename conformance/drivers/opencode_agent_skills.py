"""The OpenCode Agent Skills plugin (joshuadavidthomas/opencode-agent-skills): its own
discovery and the synthetic ``<available-skills>`` message it sends at the start of a session.

The plugin is not on npm. Prepare a checkout once, outside this repository, and name it in
``SKILLCTL_OAS_CHECKOUT`` (without it this agent alone is skipped)::

    git clone https://github.com/joshuadavidthomas/opencode-agent-skills "$CHECKOUT"
    git -C "$CHECKOUT" checkout b5949b8          # the commit the profile was verified against
    # only the two runtime packages discovery imports, at the versions bun.lock pins:
    mkdir "$CHECKOUT/.deps" && cd "$CHECKOUT/.deps" && echo '{"private": true}' > package.json
    npm install --ignore-scripts yaml@2.8.2 zod@4.1.13
    ln -s .deps/node_modules "$CHECKOUT/node_modules"
    export SKILLCTL_OAS_CHECKOUT="$CHECKOUT"

The driver runs :file:`oas_runner.ts` (next to this module) with the Bun inside the pinned
OpenCode binary (``BUN_BE_BUN=1 opencode run oas_runner.ts <checkout> <cwd>``), with the case's
``HOME`` and environment. The runner imports the checkout's ``src/skills.ts`` and calls
``discoverAllSkills`` and ``injectSkillsList`` with ``directory`` set to the case's working
directory, as OpenCode passes it to plugins; nothing of the plugin is re-implemented here.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from conformance.drivers import opencode
from conformance.model import AgentUnavailable, Case, DriverError, Observation, Skill, realpath

AGENT = "opencode-agent-skills"
CHECKOUT_VAR = "SKILLCTL_OAS_CHECKOUT"
RUNNER = Path(__file__).with_name("oas_runner.ts")


def checkout() -> Path:
    """The plugin checkout named by SKILLCTL_OAS_CHECKOUT; AgentUnavailable without one."""
    given = os.environ.get(CHECKOUT_VAR)
    if not given:
        raise AgentUnavailable(f"{AGENT}: set {CHECKOUT_VAR} to a checkout of "
                               "joshuadavidthomas/opencode-agent-skills (see "
                               "conformance/drivers/opencode_agent_skills.py)")
    folder = Path(given)
    if not (folder / "src" / "skills.ts").is_file():
        raise AgentUnavailable(f"{AGENT}: {CHECKOUT_VAR}={given} has no src/skills.ts")
    for package in ("yaml", "zod"):
        if not (folder / "node_modules" / package / "package.json").is_file():
            raise AgentUnavailable(f"{AGENT}: {CHECKOUT_VAR}={given} lacks node_modules/"
                                   f"{package} (install the versions bun.lock pins)")
    return folder.resolve()


def parse(stdout: str, stderr: str, observation: Observation) -> None:
    """Fill ``observation`` from the runner's JSON line."""
    try:
        data: Any = json.loads(stdout.strip().split("\n")[-1])  # (a JSON line may hold \x85)
    except (ValueError, IndexError) as error:
        raise DriverError(f"oas_runner printed no JSON ({error}): {stdout[-1000:]!r} "
                          f"{stderr[-2000:]!r}") from None
    for entry in data["skills"]:
        observation.active.append(Skill(str(entry["name"]),
                                        realpath(os.path.join(entry["dir"], "SKILL.md"))))
    messages = data["messages"]
    # no skill, no message: the plugin sends nothing, which is an empty catalog
    observation.catalog = messages[0] if messages else ""
    observation.errors = [line for line in stderr.splitlines() if line.strip()]


def observe(case: Case) -> Observation:
    folder = checkout()
    binary = str(opencode.binary())
    observation = Observation(AGENT)
    scratch = Path(tempfile.mkdtemp(prefix="skillctl-oas-"))
    try:
        env = opencode.environ(case, scratch, {"BUN_BE_BUN": "1"})
        done = opencode.run([binary, "run", str(RUNNER), str(folder), str(case.cwd)], case, env)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if done.returncode != 0:
        raise DriverError(f"oas_runner exited {done.returncode}: {done.stderr[-2000:]!r}")
    parse(done.stdout, done.stderr, observation)
    observation.raw = done.stdout + done.stderr
    return observation
