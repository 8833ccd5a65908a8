"""Issue 16: paths written in emphasis (``**references/x.md**``, ``__scripts/run.py__``,
``*assets/t.md*``) are references like any other; a glob (``assets/*.png``) still is not.

The bodies quote real skills of sickn33/antigravity-awesome-skills (named in comments), whose
"Resources" lists name files in bold that the skills do not ship.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic, Severity
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(*paths: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=paths, use_cache=False)).diagnostics)


def _missing(found: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return sorted(
        (d.message.split("'")[1], d.line, d.column)
        for d in found
        if d.rule in ("broken-reference", "missing-file")
    )


def test_bold_resource_list_with_missing_files_is_reported(make_skill: MakeSkill) -> None:
    # sickn33/antigravity-awesome-skills skills/defi-protocol-templates/SKILL.md, "## Resources"
    body = ("# DeFi\n\n## Resources\n\n"
            "- **references/staking.md**: Staking mechanics and reward distribution\n"
            "- **assets/staking-contract.sol**: Production staking template\n"
            "- __scripts/deploy.sh__: deploy it\n"
            "- *assets/amm-contract.sol*.\n"
            "- **resources/playbook.md**: the playbook\n"
            "- __resources/checklist.md__: the checklist\n")
    skill = make_skill("defi-protocol-templates", body=body)
    assert _missing(_lint(skill)) == [
        ("assets/amm-contract.sol", 12, 4),
        ("assets/staking-contract.sol", 10, 5),
        ("references/staking.md", 9, 5),
        ("resources/checklist.md", 14, 5),
        ("resources/playbook.md", 13, 5),
        ("scripts/deploy.sh", 11, 5),
    ]
    # in text, not links: warnings
    assert {d.severity for d in _lint(skill) if d.rule == "broken-reference"} == {
        Severity.WARNING
    }


def test_bold_paths_that_exist_are_fine(make_skill: MakeSkill) -> None:
    body = ("# Skill\n\n- **references/staking.md**: staking\n- __scripts/run_all.py__: run\n"
            "- _assets/t.md_ and **resources/playbook.md**\n")
    skill = make_skill("present", body=body)
    for rel in ("references/staking.md", "scripts/run_all.py", "assets/t.md",
                "resources/playbook.md"):
        put(skill, rel, "x\n", 0o644)
    assert _missing(_lint(skill)) == []


def test_globs_names_with_underscores_and_unclosed_stars_are_not_paths(
    make_skill: MakeSkill,
) -> None:
    body = ("# Skill\n\nPut images in assets/*.png, run my_scripts/x.py or "
            "a__scripts/x.py__, see **scripts/x.py* and assets/logo*\n")
    skill = make_skill("globs", body=body)
    assert _missing(_lint(skill)) == []
