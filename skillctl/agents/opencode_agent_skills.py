"""The opencode-agent-skills plugin (joshuadavidthomas/opencode-agent-skills @b5949b8).

Source: reference/agents.md §1-§4 ([OAS] ``src/skills.ts`` parseSkillFile, ``src/utils.ts``
parseYamlFrontmatter, ``src/plugin.ts``), checked by running the plugin's own discovery at
b5949b8 with yaml 2.8.2 and zod 4.1.13 (``conformance/drivers/opencode_agent_skills.py``).
"""

from __future__ import annotations

from skillctl.agents.profile import (
    DedupKey,
    InvalidHandling,
    NameRule,
    NameSource,
    Profile,
    Root,
    Stop,
    Winner,
)
from skillctl.model import Scope

PROFILE = Profile(
    id="opencode-agent-skills",
    display_name="OpenCode agent-skills plugin",
    column="OP",
    version="b5949b8",
    verified_version="b5949b8",
    verified_date="2026-11-25",
    sources=("joshuadavidthomas/opencode-agent-skills @b5949b8 src/skills.ts, src/utils.ts, "
             "src/plugin.ts",),
    roots=(
        # the plugin stops one level below maxDepth (3 and 1): skills 4 and 2 levels deep load
        Root("{project}/.opencode/skills", Scope.PROJECT, max_depth=4),
        Root("{project}/.claude/skills", Scope.PROJECT, max_depth=2),
        Root("{home}/.config/opencode/skills", Scope.USER, max_depth=4,
             note="os.homedir()/.config: XDG_CONFIG_HOME is not read"),
        Root("{home}/.claude/skills", Scope.USER, max_depth=2),
        Root("{home}/.claude/plugins/cache", Scope.PLUGIN, max_depth=6, uncertain=True,
             note="Claude plugin cache"),
        Root("{home}/.claude/plugins/marketplaces", Scope.PLUGIN, max_depth=6, uncertain=True,
             note="Claude marketplaces"),
    ),
    stop=Stop.GIT_ROOT,
    # first found wins; inside a root the walk is depth first in fs.readdir order, and the
    # catalog lists skills in the order they were found (a Map) (verified)
    winner=Winner.FIRST,
    root_order="readdir",
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    parser="oas-yaml",
    invalid=InvalidHandling.SKIP,
    name_source=NameSource.DECLARED,
    # the name need not match the folder (verified); zod's ^[\p{Ll}\p{N}-]+$ only
    name_rule=NameRule(required=True, charset="ll-n-hyphen", invalid=InvalidHandling.SKIP),
    description_required=True,
    known_fields=frozenset({"name", "description", "license", "allowed-tools", "metadata"}),
    catalog_format="opencode-agent-skills",
    script_cwd="skill",
    # fs.readdir walk with no filter: dot folders, node_modules and .git are all entered
    skip_dirs=frozenset(),
    # src/skills.ts (b5949b8) parses allowed-tools into its schema and never uses it; commands run
    # under OpenCode's permissions, which allow bash by default
    allowed_tools="ignored",
    runs_scripts_without_approval=True,
    uncertain=(
        "the depth of the Claude plugin folders is assumed",
        "run_skill_script is assumed to run in the skill directory",
    ),
    link_project_root="{project}/.opencode/skills",
    link_user_root="{home}/.config/opencode/skills",
)
