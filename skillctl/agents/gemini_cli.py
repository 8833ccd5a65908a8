"""Gemini CLI: last-wins roots, js-yaml with a line fallback, as data.

Source: reference/agents.md §1-§5 ([GEM] google-gemini/gemini-cli @5411f11
``packages/core/src/skills/skill{Loader,Manager}.ts``), then checked against the real
``@google/gemini-cli`` 0.61.0 by the conformance suite (``conformance/drivers/gemini_cli.py``:
``gemini skills list --all`` and the system prompt it writes), which corrected: dot folders are
skipped, ``*/SKILL.md`` is read next to a root ``SKILL.md``, the order inside a root, an empty
description, the catalog's order and wording, and the built-in skills.
"""

from __future__ import annotations

from skillctl.agents.profile import (
    DedupKey,
    InvalidHandling,
    NameRule,
    NameSource,
    PluginSource,
    Profile,
    Root,
    SettingsSource,
    Stop,
    Winner,
)
from skillctl.model import Scope

#: The skills ``@google/gemini-cli`` 0.61.0 ships in ``bundle/builtin`` (name, description as
#: the catalog shows it, path below that folder), in the order its glob meets them.
BUILTIN_SKILLS_0_61_0: tuple[tuple[str, str, str], ...] = (
    ("skill-creator", "Guide for creating effective skills. This skill should be used when users "
     "want to create a new skill (or update an existing skill) that extends Gemini CLI's "
     "capabilities with specialized knowledge, workflows, or tool integrations.",
     "skill-creator/SKILL.md"),
    ("antigravity-support", "Use when the user asks questions, seeks help, or requests "
     "instructions related to installing, setting up, or migrating to Antigravity CLI. This "
     "skill provides the latest up to date details, requirements, and commands sourced from the "
     "official Antigravity CLI documentation.", "antigravity-support/SKILL.md"),
)

PROFILE = Profile(
    id="gemini-cli",
    display_name="Gemini CLI",
    column="GE",
    version="google-gemini/gemini-cli @5411f11",
    verified_version="0.61.0",
    verified_date="2026-11-25",
    sources=(
        "google-gemini/gemini-cli @5411f11 packages/core/src/skills/skillLoader.ts, "
        "skillManager.ts, config/storage.ts, prompts/snippets.ts, tools/activate-skill.ts",
        "google-gemini/gemini-cli docs/cli/skills.md",
    ),
    # Lowest precedence first: later roots overwrite earlier ones (last wins). $GEMINI_CLI_HOME
    # stands for the home folder in the user's roots, settings and extensions (0.61.0,
    # conformance case settings-gemini-cli-home)
    roots=(
        Root("{gemini_home}/.gemini/skills", Scope.USER),
        Root("{gemini_home}/.agents/skills", Scope.USER),
        Root("{project}/.gemini/skills", Scope.PROJECT,
             note="workspace skills load only when the folder is trusted"),
        Root("{project}/.agents/skills", Scope.PROJECT,
             note="workspace skills load only when the folder is trusted"),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.LAST,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    # glob("SKILL.md", "*/SKILL.md"): both patterns, whatever the root holds; ``*`` skips
    # dot folders; within a root the root's file comes first, then the folders in reverse
    # byte order (0.61.0), and the last copy of a name wins
    stop_at_skill=False,
    skip_hidden=True,
    root_is_skill=True,
    root_order="glob-reverse",
    parser="js-yaml-fallback",
    invalid=InvalidHandling.SKIP,
    name_source=NameSource.DECLARED,
    # a name must be a string, an empty one included (conformance case
    # frontmatter-scalars-and-duplicates)
    name_rule=NameRule(required=True, invalid=InvalidHandling.SKIP, sanitize_chars=':\\/<>*?"|',
                       blank_name="keep"),
    # the dialect already requires a description (a string, or a ``description:`` line); an
    # empty one loads (verified, 0.61.0)
    description_required=False,
    known_fields=frozenset({"name", "description"}),
    catalog_format="gemini-cli",
    # the catalog is the SkillManager's Map in insertion order: built-ins, user, project; an
    # overriding skill keeps the overridden name's slot
    catalog_first_seen=True,
    builtin_skills=frozenset(name for name, _, _ in BUILTIN_SKILLS_0_61_0),
    catalog_builtins=BUILTIN_SKILLS_0_61_0,
    # the package's ``bundle/`` folder holds both ``gemini.js`` (the ``gemini`` command) and
    # ``builtin/``; without ``gemini`` on PATH the catalog has no built-ins
    catalog_builtins_root="{bin:gemini}/builtin",
    body_wrapper="gemini-cli",
    script_cwd="project",
    # skills are name + description + body; run_shell_command asks in the default approval mode
    allowed_tools="ignored",
    runs_scripts_without_approval=False,
    uncertain=(
        "the catalog's order with hundreds of skills in one root: 0.61.0 moved a few skills "
        "from the reverse byte order, differently from run to run on the same tree",
        "security (issue 18): allowed-tools in a skill is ignored and the shell tool asks before "
        "running (default approval mode): from the docs, not checked with the suite",
        "extensions: read in the order of their folders' names (Gemini lists the folder as "
        "the file system does); two extensions of one name (Gemini refuses to load them), "
        "security.allowedExtensions and blockGitExtensions, a --extensions list and "
        "${...} in an extension skill's name (replaced after the names are compared) are "
        "not modelled; its body's placeholders are shown as written",
        "folder trust is not checked: project skills are shown as loaded",
        "built-ins are those of 0.61.0, located through the gemini command on PATH",
        "workspace settings are read whether or not the folder is trusted; system settings "
        "are not read",
    ),
    # Settings that switch skills off (issue 14 §5; checked with 0.61.0): skills.disabled
    # (names, any case) in the user's and the workspace's settings, and skills.enabled.
    settings=(
        SettingsSource(("{gemini_home}/.gemini/settings.json",), Scope.USER, "gemini-cli",
                       write_scope="user"),
        SettingsSource(("{project}/.gemini/settings.json",), Scope.PROJECT, "gemini-cli",
                       note="the workspace's (the working directory); read in a trusted folder",
                       write_scope="project"),
    ),
    # extensions in ~/.gemini/extensions add their skills/ under their own names, after the
    # built-ins and before the user's skills (0.61.0, conformance case gemini-extensions)
    plugin_sources=(PluginSource("gemini-extensions", ("{gemini_home}/.gemini/extensions",),
                                 note="Gemini CLI extensions", before_roots=True),),
    link_project_root="{project}/.gemini/skills",
    link_user_root="{gemini_home}/.gemini/skills",
)
