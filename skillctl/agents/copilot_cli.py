"""GitHub Copilot CLI (``@github/copilot``): project and personal roots, as data.

Verified with the conformance suite against the real CLI run offline (``COPILOT_OFFLINE=true``
with a stand-in model API, see conformance/drivers/copilot_cli.py). Its loader and catalog
writer live in the CLI's native module, so the facts below come from running it; the roots
are also named by ``copilot skill --help``.
"""

from __future__ import annotations

from skillctl import limits
from skillctl.agents.profile import (
    DedupKey,
    InvalidHandling,
    NameRule,
    NameSource,
    Profile,
    Root,
    Stop,
    Walk,
    Winner,
)
from skillctl.model import Scope

_ANY = limits.MAX_SCAN_DEPTH  # no limit of its own (skillctl still stops at its cap)

#: the skills shipped in the package (``builtin/``) that the catalog lists after the user's;
#: ``discover-resources`` is listed only behind a feature flag
_BUILTINS = (
    ("customize-cloud-agent",
     "Skill for customizing the Copilot cloud agent (formerly known as Copilot coding agent) "
     "environment, including copilot-setup-steps.yml configuration, preinstalling tools and "
     "dependencies, runners, and settings. Use when the user mentions copilot-setup-steps, "
     "copilot setup steps, or wants to configure the cloud agent environment.",
     "builtin"),
    ("github-pr-media",
     "Upload an image or video to GitHub's user attachments API and embed it in a pull "
     "request description or comment. Use when asked to add screenshots, diagrams, "
     "recordings, or other media to a PR or GitHub comment.",
     "builtin"),
)

PROFILE = Profile(
    id="copilot-cli",
    display_name="GitHub Copilot CLI",
    column="CI",
    version="@github/copilot 1.0.102",
    verified_version="1.0.102",
    verified_date="2026-11-25",
    sources=(
        "the real CLI, run offline by the conformance suite",
        "copilot skill --help, copilot help environment",
    ),
    # no depth limit: skills 40 folders below a root load (seen with 1.0.102, conformance
    # case copilot-depth; a real tree had one 7 deep); skillctl stops at its own cap
    roots=(
        Root("{project}/.github/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY),
        Root("{project}/.agents/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY),
        Root("{project}/.claude/skills", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             max_depth=_ANY, not_in_home=True),
        Root("{env:COPILOT_HOME}/skills", Scope.USER, max_depth=_ANY,
             note="$COPILOT_HOME/skills"),
        Root("{home}/.copilot/skills", Scope.USER, max_depth=_ANY, env_disable=("COPILOT_HOME",)),
        Root("{home}/.agents/skills", Scope.USER, max_depth=_ANY),
        # $COPILOT_SKILLS_DIRS: folders separated by commas (blanks around each trimmed, ~ not
        # expanded, a relative one from the working directory), after every user root (a
        # project or user skill of the same name wins; of two listed folders the first), in
        # the catalog as "custom" after the user's skills (1.0.102, conformance case
        # copilot-skills-dirs)
        Root("{envlist:COPILOT_SKILLS_DIRS}", Scope.CUSTOM, max_depth=_ANY,
             note="$COPILOT_SKILLS_DIRS (comma-separated)"),
        # Claude Code's commands: every .md file directly in .claude/commands (not below it,
        # not ~/.claude/commands) is a project skill, read after the built-in ones, named by
        # its name field, else its file name (spaces made "-"), under the rules of a SKILL.md
        # (seen with 1.0.102, conformance cases cc-commands and copilot-commands)
        Root("{project}/.claude/commands", Scope.PROJECT, walk=Walk.UP_NEAREST_FIRST,
             files_as_skills=True, after_builtins=True, not_in_home=True,
             note="Claude Code's commands, each file a skill"),
    ),
    # every folder from the working directory up to the git root; without git, up to /
    stop=Stop.GIT_ROOT_ELSE_FILESYSTEM,
    # a root's skills in the order of their folder's path below it as one string (seen with
    # 1.0.102: of x/skills/s and x-codex/skills/s the second wins, and of zz/ and aa/deep/
    # the deeper one)
    root_order="path",
    winner=Winner.FIRST,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    skip_hidden=True,
    skip_dirs=frozenset({".git"}),  # node_modules is scanned
    root_is_skill=True,
    root_skill_hides_tree=True,
    parser="copilot-cli",
    # a SKILL.md over 1 MiB is not loaded: 1,048,576 bytes load, 1,048,577 do not (1.0.102,
    # conformance case frontmatter-closers)
    max_file_bytes=1024 * 1024,
    invalid=InvalidHandling.SKIP,
    # no name: the folder's (or the file's); a run of spaces becomes one "-" ("Two  Spaces"
    # is "Two-Spaces"); a name, declared or not, that starts with anything but an ASCII
    # letter or digit, or holds "/", a tab, a letter outside ASCII or another mark but "_",
    # ".", "-" and ":", is rejected, as is one over 64 characters (":" inside a name is kept:
    # "a:b:c", "tail:" load, ":lead" not; conformance cases name-punctuation-order,
    # copilot-name-colons and copilot-folder-names)
    name_source=NameSource.DECLARED_OR_DIR,
    name_rule=NameRule(pattern=r"[A-Za-z0-9][A-Za-z0-9_.:-]*", max_length=64,
                       invalid=InvalidHandling.SKIP, sanitize_chars=" ", sanitize_runs=True,
                       checks_dir_name=True, trimmed=True, blank_name="drop"),
    # no description: the body stands in; a description over 1,024 characters drops the skill
    description_required=False,
    description_fallback="body-lines",
    description_max=1024,
    known_fields=frozenset({
        "name", "description", "argument-hint", "user-invocable", "disable-model-invocation",
        "allowed-tools", "license", "metadata", "compatibility",
    }),
    catalog_format="copilot-cli",
    excluded_from_catalog=("disable-model-invocation",),
    catalog_builtins=_BUILTINS,
    builtin_skills=frozenset(name for name, _, _ in _BUILTINS),
    # a project skill named github-pr-media is loaded and the built-in is not (conformance
    # case builtin-named)
    builtins_yield=True,
    script_cwd="project",
    allowed_tools="",
    runs_scripts_without_approval=None,
    uncertain=(
        "whether ~/.claude/commands is read when a walk without git reaches the home "
        "directory is not checked (modelled as ~/.claude/skills is: not read)",
        "the catalog's budget (15,000 characters, then the rest by name) was measured with the "
        "default model; whether another model changes it is not known",
        "security (issue 18): what the CLI does with allowed-tools and whether it asks before "
        "running a command are not checked",
        "plugin skills and `copilot skill add` custom directories are not modelled",
        "six levels below a root was checked for .agents/skills and .claude/skills only, and "
        "nothing deeper; $COPILOT_HOME/skills is taken from `copilot help environment`",
        "the description that stands in for a missing one (the first three lines that are not "
        "headings) was checked up to lines of 200 characters; a longer cap is not known",
    ),
    link_project_root="{project}/.github/skills",
    link_user_root="{home}/.copilot/skills",
)
