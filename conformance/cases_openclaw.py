"""Cases for OpenClaw, whose workspace is its own folder (``~/.openclaw/workspace``), not the
directory it is started in: without these, no shared case would reach its workspace roots.

- ``<case>@openclaw-ws``: every shared case again, with ``OPENCLAW_WORKSPACE_DIR`` set to the
  case's project (its ``work/project`` folder, else its cwd), for OpenClaw only.
- a few cases of OpenClaw's own: the default workspace, ``agents.defaults.workspace`` in
  ``openclaw.json`` (which wins over the variable), ``$OPENCLAW_STATE_DIR``, and a link under
  ``~/.agents/skills`` that points outside it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from conformance import cases as shared
from conformance.drivers import DRIVER_MODULES
from conformance.model import Case

CaseBuilder = Callable[[Path], Case]
CASES: dict[str, CaseBuilder] = {}
#: every other runnable agent skips the OpenClaw-only cases
_OTHERS = {agent: "an OpenClaw-only case" for agent in DRIVER_MODULES if agent != "openclaw"}


def _workspace_variant(case_id: str, builder: CaseBuilder) -> CaseBuilder:
    def build(base: Path) -> Case:
        original = builder(base)
        project = base / "work" / "project"
        workspace = project if project.is_dir() else original.cwd
        return Case(f"{case_id}@openclaw-ws", original.base, original.home, original.cwd,
                    {**original.env, "OPENCLAW_WORKSPACE_DIR": str(workspace)},
                    {**original.skip, **_OTHERS},
                    f"{original.about} (OpenClaw's workspace is the project)")
    return build


for _case_id, _builder in list(shared.CASES.items()):
    if _builder.__module__ == shared.__name__:  # the shared cases, not other cases_* modules
        CASES[f"{_case_id}@openclaw-ws"] = _workspace_variant(_case_id, _builder)


def _own(builder: CaseBuilder) -> CaseBuilder:
    CASES[builder.__name__.replace("_", "-")] = builder
    return builder


@_own
def openclaw_default_workspace(base: Path) -> Case:
    home, project = shared.tree(base)
    shared.skill(home / ".openclaw" / "workspace" / "skills" / "in-workspace")
    shared.skill(home / ".openclaw" / "workspace" / ".agents" / "skills" / "in-ws-agents")
    shared.skill(project / "skills" / "in-project")
    return shared.make("openclaw-default-workspace", base, home, project,
                       "skills in ~/.openclaw/workspace load, the project's do not",
                       skip=_OTHERS)


@_own
def openclaw_config_workspace(base: Path) -> Case:
    home, project = shared.tree(base)
    other = base / "elsewhere"
    shared.skill(other / "skills" / "from-config")
    shared.skill(project / "skills" / "from-env")
    shared.write(home / ".openclaw" / "openclaw.json",
                 json.dumps({"agents": {"defaults": {"workspace": str(other)}}}) + "\n")
    return shared.make("openclaw-config-workspace", base, home, project,
                       "agents.defaults.workspace wins over $OPENCLAW_WORKSPACE_DIR",
                       env={"OPENCLAW_WORKSPACE_DIR": str(project)}, skip=_OTHERS)


@_own
def openclaw_config_workspace_tilde(base: Path) -> Case:
    home, project = shared.tree(base)
    shared.skill(home / "ws" / "skills" / "tilde-workspace")
    shared.write(home / ".openclaw" / "openclaw.json",
                 json.dumps({"agents": {"defaults": {"workspace": "~/ws"}}}) + "\n")
    return shared.make("openclaw-config-workspace-tilde", base, home, project,
                       "agents.defaults.workspace with a leading ~", skip=_OTHERS)


@_own
def openclaw_state_dir(base: Path) -> Case:
    home, project = shared.tree(base)
    state = base / "state"
    shared.skill(state / "skills" / "state-managed")
    shared.skill(state / "workspace" / "skills" / "state-workspace")
    shared.skill(home / ".openclaw" / "skills" / "default-managed")
    shared.skill(home / ".agents" / "skills" / "home-agents")
    return shared.make("openclaw-state-dir", base, home, project,
                       "$OPENCLAW_STATE_DIR moves the managed skills and the workspace",
                       env={"OPENCLAW_STATE_DIR": str(state)}, skip=_OTHERS)


@_own
def openclaw_agents_link_outside(base: Path) -> Case:
    home, project = shared.tree(base)
    outside = base / "outside"
    shared.skill(outside / "linked-agents")
    shared.skill(outside / "linked-managed")
    shared.skill(outside / "linked-workspace")
    (home / ".agents" / "skills").mkdir(parents=True)
    os.symlink(outside / "linked-agents", home / ".agents" / "skills" / "linked-agents")
    (home / ".openclaw" / "skills").mkdir(parents=True)
    os.symlink(outside / "linked-managed", home / ".openclaw" / "skills" / "linked-managed")
    (project / "skills").mkdir(parents=True)
    os.symlink(outside / "linked-workspace", project / "skills" / "linked-workspace")
    return shared.make("openclaw-agents-link-outside", base, home, project,
                       "links to skills outside their root, in three roots",
                       env={"OPENCLAW_WORKSPACE_DIR": str(project)}, skip=_OTHERS)


@_own
def openclaw_yaml_recovery(base: Path) -> Case:
    # where the YAML breaks decides: OpenClaw quotes a broken top-level description (or a
    # read_when/summary holding ": ") and tries again; any other YAML error drops the skill
    home, project = shared.tree(base)
    root = home / ".openclaw" / "skills"
    files = {
        "colon-description": "name: colon-description\ndescription: Use when: asked\n",
        "bracket-description": "name: bracket-description\ndescription: [unclosed\n",
        "colon-name": "name: colon-name: x\ndescription: Use when asked.\n",
        "colon-other": "name: colon-other\ndescription: Use when asked.\n"
                       "argument-hint: Use: a path\n",
        "folded-and-colon": "name: folded-and-colon\ndescription: >\n  Use when asked.\n"
                            "argument-hint: Use: a path\n",
        "colon-read-when": "name: colon-read-when\ndescription: Use when asked.\n"
                           "read_when: Use: always\n",
        "colon-summary-plain": "name: colon-summary-plain\ndescription: Use when asked.\n"
                               "summary: [open\n",
        "broken-below": "name: broken-below\ndescription: [unclosed\n  more: {\n",
        "two-broken": "name: two-broken\ndescription: one: two\nread_when: three: four\n",
    }
    for folder, front in files.items():
        shared.skill(root / folder, raw=f"---\n{front}---\n\nBody.\n")
    return shared.make("openclaw-yaml-recovery", base, home, project,
                       "YAML errors on different lines: which ones OpenClaw recovers from",
                       skip=_OTHERS)


@_own
def openclaw_clash_in_one_root(base: Path) -> Case:
    # two folders of one root declare the same name: OpenClaw keeps the later one in path
    # order (its loader sets them into a map one after the other)
    home, project = shared.tree(base)
    root = home / ".openclaw" / "skills"
    shared.skill(root / "alpha", name="same", description="Alpha folder, name same.")
    shared.skill(root / "beta", name="same", description="Beta folder, name same.")
    shared.skill(root / "group" / "gamma", name="other", description="Gamma, name other.")
    shared.skill(root / "delta", name="other", description="Delta, name other.")
    return shared.make("openclaw-clash-in-one-root", base, home, project,
                       "the same name twice in one root", skip=_OTHERS)


@_own
def openclaw_requirements(base: Path) -> Case:
    # found on mfang0126/openclaw-skills in ~/.agents/skills: skills whose metadata.openclaw
    # requires a binary not on PATH, or a variable that is not set, are left out
    home, project = shared.tree(base)
    root = home / ".agents" / "skills"
    cases = {
        "needs-node": 'metadata:\n  openclaw:\n    requires:\n      bins: ["node"]',
        "needs-missing": 'metadata:\n  openclaw:\n    requires:\n      bins: ["no-such-bin-x"]',
        "needs-any": 'metadata:\n  openclaw:\n    requires:\n      anyBins: ["no-such-bin-x", '
                     '"node"]',
        "needs-env": 'metadata:\n  openclaw:\n    requires:\n      env: ["SKILLCTL_UNSET_VAR"]',
        "needs-env-set": 'metadata:\n  openclaw:\n    requires:\n      env: ["SKILLCTL_SET_VAR"]',
        "legacy-key": 'metadata: {"clawdbot": {"requires": {"bins": ["no-such-bin-x"]}}}',
        "other-os": 'metadata:\n  openclaw:\n    os: ["win32"]',
        "always": 'metadata:\n  openclaw:\n    always: true\n    requires:\n      bins: '
                  '["no-such-bin-x"]',
        "plain": 'metadata:\n  author: someone',
    }
    for name, extra in cases.items():
        shared.skill(root / name, description=f"The {name} skill.", extra=extra)
    return shared.make("openclaw-requirements", base, home, project,
                       "metadata.openclaw requires (bins, anyBins, env), os and always",
                       env={"SKILLCTL_SET_VAR": "1"}, skip=_OTHERS)


@_own
def openclaw_folder_cap(base: Path) -> Case:
    # OpenClaw 2026.9.6 looks at the first 300 child folders of each folder by name (UTF-16
    # order, dot folders and node_modules left out), folders without a SKILL.md included; a
    # `skills` folder of a root past that cap is taken anyway, and one level deeper is
    # walked below it (probes of 2026-11-29: of 300 folders without SKILL.md named a000-a299
    # and skills Upper and zz-last, Upper loaded and zz-last did not)
    home, project = shared.tree(base)
    root = home / ".openclaw" / "skills"
    for i in range(300):
        shared.write(root / f"a{i:03d}" / "README.md", "Not a skill.\n")
    shared.skill(root / "Upper", name="upper", description="Before a000 in UTF-16 order.")
    shared.skill(root / "zz-last", description="After 300 other folders.")
    shared.skill(root / "skills/a/b/c/d/e/f", name="seven-in-skills",
                 description="Seven levels down, below skills/.")
    shared.skill(root / "skills/a/b/c/d/e/f/g", name="eight-in-skills",
                 description="Eight levels down, below skills/.")
    shared.skill(root / "a000/b/c/d/e/f/g", name="seven-elsewhere",
                 description="Seven levels down, not below skills/.")
    group = home / ".agents" / "skills" / "group"
    for i in range(300):
        os.makedirs(group / f"m{i:03d}", exist_ok=True)
    shared.skill(group / "m000x", description="Between m000 and m001.")
    shared.skill(group / "zz-nested", description="After 300 other folders of its group.")
    return shared.make("openclaw-folder-cap", base, home, project,
                       "300 folders of each folder, and skills/ a level deeper", skip=_OTHERS)


@_own
def openclaw_listing_budget(base: Path) -> Case:
    # OpenClaw 2026.9.6 lists at most 1,800 folders of one root (300 x 6), breadth first:
    # here the root, 250 groups and their 2,000 subfolders come first, so zzz/mid, listed
    # after them, is never listed (probe of 2026-11-29: deep did not load, early did)
    home, project = shared.tree(base)
    root = home / ".openclaw" / "skills"
    for i in range(250):
        for j in range(8):
            os.makedirs(root / f"d{i:03d}" / f"e{j}", exist_ok=True)
    shared.skill(root / "d000/e0", name="early", description="Found before the budget ends.")
    shared.skill(root / "zzz/mid/deep", name="deep", description="Below a folder never listed.")
    shared.skill(root / "zzz/shallow", name="shallow", description="Listed with zzz.")
    return shared.make("openclaw-listing-budget", base, home, project,
                       "at most 1,800 folder listings per root", skip=_OTHERS)
