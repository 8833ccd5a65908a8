"""Agent profiles: every agent loads, every field is filled consistently."""

from __future__ import annotations

import re

import pytest

from skillctl.agents import agent_ids, all_profiles, get_profile
from skillctl.agents.profile import Profile, Winner
from skillctl.dialects import DIALECTS
from skillctl.errors import UsageError
from skillctl.model import Scope

IDS = agent_ids()


def test_twelve_agents_in_display_order() -> None:
    assert IDS[0] == "claude-code"
    assert len(IDS) == 12
    assert [p.id for p in all_profiles()] == IDS


@pytest.mark.parametrize("agent", IDS)
def test_profile_is_complete(agent: str) -> None:
    profile = get_profile(agent)
    assert isinstance(profile, Profile)
    assert profile.id == agent
    assert profile.display_name and profile.version and profile.sources
    assert profile.roots, "every agent scans at least one root"
    assert profile.parser in DIALECTS
    assert "name" in profile.known_fields and "description" in profile.known_fields
    from skillctl.render.body import WRAPPERS
    from skillctl.render.catalog import CATALOG_FORMATS

    assert profile.catalog_format is None or profile.catalog_format in CATALOG_FORMATS
    assert profile.body_wrapper is None or profile.body_wrapper in WRAPPERS
    assert profile.script_cwd in ("skill", "project")
    for root in profile.roots:
        assert root.max_depth >= 1
        # only the documented placeholders
        for name in re.findall(r"\{([^{},]*)\}", root.template):
            assert name in {"project", "home", "config", "codex_home", "claude_config",
                            "gemini_home"} or \
                name.startswith(("env:", "envlist:"))
    # every (U) fact is written down where the agent is not fully known
    if profile.winner is Winner.UNDEFINED:
        assert profile.uncertain


def test_unknown_agent_is_a_usage_error_naming_the_known_ones() -> None:
    with pytest.raises(UsageError, match="claude-code"):
        get_profile("vim")


def test_claude_code_facts() -> None:
    p = get_profile("claude-code")
    assert p.catalog_description_cap == 1536
    assert p.excluded_from_catalog == ("disable-model-invocation",)
    assert p.conditional_field == "paths"
    assert {"help", "clear", "compact", "init", "security-review"} <= p.builtin_commands
    # bundled skills of 2.1.332 (batch was a command before), code-review and verify new
    assert {"batch", "code-review", "verify", "dataviz"} <= p.builtin_skills
    assert p.roots[1].template == "{claude_config}/skills"  # CLAUDE_CONFIG_DIR moves it
    assert dict(p.script_env) == {"CLAUDE_SKILL_DIR": "{skill_dir}",
                                  "CLAUDE_PROJECT_DIR": "{project}"}
    assert p.roots[0].scope is Scope.SYSTEM and p.roots[0].template.startswith("/etc/")
    assert "when_to_use" in p.known_fields and "paths" in p.known_fields


def test_spec_profile_knows_exactly_the_six_fields() -> None:
    assert get_profile("agentskills").known_fields == {
        "name", "description", "license", "compatibility", "metadata", "allowed-tools"}


def test_winner_rules_match_the_reference() -> None:
    winners = {p.id: p.winner for p in all_profiles()}
    assert winners["claude-code"] is Winner.FIRST
    assert winners["opencode"] is Winner.RANDOM  # 1.18.33: which copy wins changes per run
    assert winners["gemini-cli"] is Winner.LAST
    assert winners["codex"] is Winner.NONE
    assert winners["cursor"] is Winner.UNDEFINED
    assert get_profile("amp").excluded_from_catalog == ("isolatedContext",)
    assert get_profile("amp").case_blind_entry


def test_every_agent_has_its_own_column_heading() -> None:
    from skillctl.agents import all_profiles

    columns = [p.column for p in all_profiles()]
    assert all(len(c) == 2 and c.isupper() for c in columns)
    assert len(set(columns)) == len(columns)
