"""The open Agent Skills specification's client guide (agentskills/agentskills @69ef37e).

Not an agent: the behaviour the guide recommends to clients, so a skill can be checked against
the standard itself. Source: reference/spec.md §1 (``docs/specification.mdx``,
``docs/client-implementation/adding-skills-support.mdx``).
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

#: The six fields of the specification.
SPEC_FIELDS = frozenset({
    "name", "description", "license", "compatibility", "metadata", "allowed-tools",
})

PROFILE = Profile(
    id="agentskills",
    display_name="Agent Skills spec (client guide)",
    column="AS",
    version="agentskills/agentskills @69ef37e",
    verified_version="",  # no offline way to run it (see uncertain)
    verified_date="",
    sources=(
        "agentskills/agentskills @69ef37e docs/specification.mdx",
        "agentskills/agentskills @69ef37e docs/client-implementation/adding-skills-support.mdx",
    ),
    # "Project-level overrides user-level": project first, first wins.
    roots=(
        Root("{project}/.agents/skills", Scope.PROJECT, max_depth=6),
        Root("{home}/.agents/skills", Scope.USER, max_depth=6),
    ),
    stop=Stop.GIT_ROOT,
    winner=Winner.FIRST,
    dedup_key=DedupKey.NAME,
    follow_symlinks=True,
    case_blind_entry=False,
    stop_at_skill=True,
    # (the guide suggests bounding a walk at about 2,000 folders, without an order: advice,
    # not applied)
    parser="spec-client",
    invalid=InvalidHandling.WARN,
    name_source=NameSource.DECLARED,
    name_rule=NameRule(required=True, max_length=64, must_match_dir=True, charset="spec",
                       invalid=InvalidHandling.WARN_LOAD),
    description_required=True,
    description_max=1024,
    description_max_warns=True,
    known_fields=SPEC_FIELDS,
    catalog_format="xml",  # the client guide's example: indented XML, one element a line
    script_cwd="skill",
    uncertain=(
        "not verified: no offline way to run it",
        "the guide gives a depth range of 4-6; 6 is used",
        "a skill without a name is assumed skipped (the guide only covers mismatched names)",
    ),
    link_project_root="{project}/.agents/skills",
    link_user_root="{home}/.agents/skills",
)
