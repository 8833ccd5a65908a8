"""The opencode-agent-skills plugin (joshuadavidthomas/opencode-agent-skills @b5949b8).

Source: reference/agents.md §1-§4 ([OAS] ``src/skills.ts`` parseSkillFile, ``src/utils.ts``
parseYamlFrontmatter, ``src/plugin.ts``).
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
    sources=("joshuadavidthomas/opencode-agent-skills @b5949b8 src/skills.ts, src/utils.ts, "
             "src/plugin.ts",),
    roots=(
        Root("{project}/.opencode/skills", Scope.PROJECT, max_depth=3),
        Root("{project}/.claude/skills", Scope.PROJECT, max_depth=1),
        Root("{config}/opencode/skills", Scope.USER, max_depth=3),
        Root("{home}/.claude/skills", Scope.USER, max_depth=1),
        Root("{home}/.claude/plugins/cache", Scope.PLUGIN, max_depth=6, uncertain=True,
             note="Claude plugin cache"),
        Root("{home}/.claude/plugins/marketplaces", Scope.PLUGIN, max_depth=6, uncertain=True,
             note="Claude marketplaces"),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.FIRST,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    parser="oas-lines",
    invalid=InvalidHandling.SKIP,
    name_source=NameSource.DECLARED,
    name_rule=NameRule(required=True, charset="ll-n-hyphen", must_match_dir=True,
                       invalid=InvalidHandling.SKIP),
    description_required=True,
    known_fields=frozenset({"name", "description", "license", "allowed-tools", "metadata"}),
    catalog_format="opencode-agent-skills",
    script_cwd="skill",
    uncertain=(
        "SKILL.md is assumed to be matched case-sensitively",
        "the depth of the user root ~/.config/opencode/skills and of the Claude plugin "
        "folders is assumed",
        "run_skill_script is assumed to run in the skill directory",
    ),
)
