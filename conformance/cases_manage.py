"""Cases for ``skillctl disable``/``enable`` (issue 20): the settings skillctl writes, read by
the real agents.

Each case lays out skills, then runs skillctl's own writer (the in-process core call, the
same code as the command) on the fixture tree: the real agents must then no longer offer the
skill switched off (or offer again the one switched back on), and still start at all, which
they refuse to do when an edit breaks their settings file. Files that exist beforehand are
written in each agent's own dialect with comments, tabs, CRLF and trailing commas, so that the
in-place edits are checked, not only files skillctl creates.
"""

from __future__ import annotations

from pathlib import Path

from conformance.cases import CaseBuilder, make, skill, tree, write
from conformance.model import Case
from skillctl.agents import get_profile
from skillctl.manage.settings_write import Action, apply, plan

CASES: dict[str, CaseBuilder] = {}

#: agent id -> the ``--scope`` whose file the case writes
SCOPES = {"claude-code": "project", "opencode": "project", "gemini-cli": "project",
          "codex": "user", "openclaw": "user"}


def _case(builder: CaseBuilder) -> CaseBuilder:
    CASES["manage-" + builder.__name__.strip("_").replace("_", "-")] = builder
    return builder


def _skills(home: Path, project: Path, *names: str) -> None:
    """``names`` in a root of every agent with a setting (OpenClaw reads the home's)."""
    for root in (project / ".claude/skills", project / ".agents/skills",
                 home / ".openclaw/skills"):
        for name in names:
            skill(root / name)


def _switch(action: Action, name: str, home: Path, project: Path,
            scopes: dict[str, str]) -> None:
    for agent, scope in scopes.items():
        apply(plan(action, name, get_profile(agent), scope, project, home, {}))


@_case
def _disable_new_files(base: Path) -> Case:
    # every agent's setting written into a file skillctl creates: beta leaves each catalog
    home, project = tree(base)
    _skills(home, project, "alpha", "beta")
    _switch(Action.DISABLE, "beta", home, project, SCOPES)
    return make("manage-disable-new-files", base, home, project,
                "skillctl disable beta for every agent with a setting, files created")


@_case
def _disable_other_scopes(base: Path) -> Case:
    # Claude Code's local file, OpenCode's and Gemini CLI's user files
    home, project = tree(base)
    _skills(home, project, "alpha", "beta")
    _switch(Action.DISABLE, "beta", home, project,
            {"claude-code": "local", "opencode": "user", "gemini-cli": "user"})
    return make("manage-disable-other-scopes", base, home, project,
                "skillctl disable beta in Claude Code's local and the user settings files")


def _formatted(home: Path, project: Path) -> None:
    """Settings files as people write them, each in its agent's dialect."""
    write(project / ".claude/settings.json",
          b'{\r\n\t"skillOverrides": {\r\n\t\t"gamma": "off"\r\n\t},\r\n'
          b'\t"permissions": {"allow": []}\r\n}\r\n')
    write(project / "opencode.jsonc",
          '// project config\n{\n   "$schema": "https://opencode.ai/config.json",\n'
          '   "permission": {\n      "skill": {\n         "g*": "deny", // gamma\n      },\n'
          '   },\n}\n')
    write(project / ".gemini/settings.json",
          '{\n    // workspace\n    "skills": {\n        "disabled": [\n'
          '            "gamma"\n        ]\n    }\n}\n')
    write(home / ".codex/config.toml",
          '# Codex\nmodel_reasoning_effort = "low"  # keep\n\n[[skills.config]]\n'
          'name = "gamma"\nenabled = false\n')
    write(home / ".openclaw/openclaw.json",
          "// JSON5\n{\n  skills: {\n    entries: {\n      gamma: { enabled: false, },\n"
          "    },\n  },\n}\n")


@_case
def _disable_formatted(base: Path) -> Case:
    # existing files with comments, tabs, CRLF, trailing commas, JSON5 bare keys: beta joins
    # gamma (already off), alpha stays, and every agent still starts
    home, project = tree(base)
    _skills(home, project, "alpha", "beta", "gamma")
    _formatted(home, project)
    _switch(Action.DISABLE, "beta", home, project, SCOPES)
    return make("manage-disable-formatted", base, home, project,
                "skillctl disable beta in settings files with comments and odd layout")


@_case
def _enable_again(base: Path) -> Case:
    # disable then enable: beta is offered again, gamma stays off (the files are back to
    # their original bytes, which tests/test_manage_settings.py checks)
    home, project = tree(base)
    _skills(home, project, "alpha", "beta", "gamma")
    _formatted(home, project)
    _switch(Action.DISABLE, "beta", home, project, SCOPES)
    _switch(Action.ENABLE, "beta", home, project, SCOPES)
    return make("manage-enable-again", base, home, project,
                "skillctl disable then enable beta: offered again")
