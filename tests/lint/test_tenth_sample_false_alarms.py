"""False alarms of the tenth hand sample of lint errors (issue 16, docs/rule-precision.md
"Tenth sample"), rebuilt from the shape of the lines that raised them (paraphrased where a
collection states no licence)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(path: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=(path,), use_cache=False)).diagnostics)


def test_an_item_of_a_data_files_list_is_data(make_skill: MakeSkill) -> None:
    # onurseckin/skills orchestrating-long-tasks: agents/generic.yaml gives the harness as an
    # argument of the spawn command (`spawn_command: "bun"`, `arguments:`, then `- "~/...
    # /scripts/harness.ts"`); the references run `bun scripts/harness.ts <command>`. In a
    # data file a hook's `command:` value still runs as written.
    body = "# Long tasks\n\nRun `bun scripts/harness.ts help`.\n"
    skill = make_skill("long-tasks", body=body)
    put(skill, "agents/generic.yaml", 'dispatch:\n  spawn_command: "bun"\n  arguments:\n'
        '    - "~/.agents/skills/long-tasks/scripts/harness.ts"\n', 0o644)
    put(skill, "hooks.yaml", 'hooks:\n  - command: "./scripts/hook.sh"\n', 0o644)
    for rel in ("scripts/harness.ts", "scripts/hook.sh"):
        put(skill, rel, "#!/usr/bin/env bun\nconsole.log(1)\n", 0o644)
    found = {Path(d.path).name: d.severity.value for d in _lint(skill)
             if d.rule == "script-not-executable"}
    assert found == {"hook.sh": "error"}  # harness.ts runs through bun


def test_a_documentation_page_named_after_the_concept_is_no_skill(tmp_path: Path,
                                                                  make_skill: MakeSkill) -> None:
    # heymishy/skills-repo: docs/concepts/primitives/ holds a page per concept (product.md,
    # pipeline-state.md, skill.md: "# Skill / ## What it is"), no frontmatter; a lowercase
    # skill.md without frontmatter elsewhere is still a broken skill
    make_skill("review", "name: review\ndescription: Reviews. Use when asked.\n")
    docs = tmp_path / "docs" / "concepts" / "primitives"
    put(docs, "skill.md", "# Skill\n\n## What it is\n\nA file of instructions.\n", 0o644)
    put(docs, "product.md", "# Product\n", 0o644)
    put(tmp_path / "skills" / "loose", "skill.md", "# Loose\n\nUse this skill when asked.\n",
        0o644)
    errors = sorted((d.rule, Path(d.path).parent.name) for d in _lint(tmp_path)
                    if d.severity.value == "error")
    assert errors == [("no-frontmatter", "loose"), ("skill-md-case", "loose")]
