"""False alarms of the thirteenth hand sample of lint errors (issue 16, docs/rule-precision.md
"Thirteenth sample"), rebuilt from the shape of the lines that raised them (paraphrased: the
collections state no licence, or one we do not copy from)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]

_NODE = "#!/usr/bin/env node\nconsole.log(1)\n"


def _lint(path: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=(path,), use_cache=False)).diagnostics)


def _severities(path: Path, rule: str) -> dict[str, str]:
    return {str(Path(d.path).relative_to(path)): d.severity.value for d in _lint(path)
            if d.rule == rule}


def test_a_resolved_module_path_is_no_command_line(make_skill: MakeSkill) -> None:
    # Presto-io/Presto-Agent-Skills teaching-design-package: the skill's shell script runs
    # `node "${SCRIPT_DIR}/delivery-transaction.js" publish …`, and its test hands the path
    # to node: `childProcess.spawnSync(process.execPath, [require.resolve('./delivery-
    # transaction.js'), 'cleanup', root, 'victim'], …)`. Running a file by its path from
    # code (`execFileSync('./scripts/x.js')`) still needs the executable bit.
    skill = make_skill("delivery", body="# Delivery\n\nRun `bash scripts/deliver.sh`.\n")
    put(skill, "scripts/deliver.sh",
        '#!/bin/bash\nSCRIPT_DIR="$(dirname "$0")"\n'
        'node "${SCRIPT_DIR}/transaction.js" publish "$1"\n', 0o755)
    put(skill, "scripts/transaction.js", _NODE, 0o644)
    put(skill, "scripts/test-transaction.js",
        "#!/usr/bin/env node\nconst childProcess = require('child_process');\n"
        "const result = childProcess.spawnSync(\n  process.execPath,\n"
        "  [require.resolve('./transaction.js'), 'cleanup', root, 'victim'],\n"
        "  { encoding: 'utf8' },\n);\n", 0o755)
    put(skill, "scripts/direct.js", _NODE, 0o644)
    put(skill, "scripts/runner.js",
        "#!/usr/bin/env node\nrequire('child_process').execFileSync('./scripts/direct.js');\n",
        0o755)
    assert _severities(skill, "script-not-executable") == {"scripts/direct.js": "error"}


def test_a_templates_placeholder_name_is_a_stand_in(tmp_path: Path) -> None:
    # Presto-io/Presto-Agent-Skills `templates/skill/SKILL.md` (`name: "<skill-name>"`),
    # product-on-purpose/agent-skills-toolkit `templates/SKILL.md` (`name:
    # REPLACE-with-kebab-case-name-matching-this-directory`) and, from the seventh sample,
    # secondsky/claude-skills `templates/skill-skeleton/skills/skill-name/SKILL.md` (`name:
    # [TODO: lowercase-hyphen-case-name]`, a list to YAML): templates to copy, which no
    # agent loads from `templates/`.
    def write(rel: str, name: str) -> None:
        put(tmp_path, f"{rel}/SKILL.md", f"---\nname: {name}\ndescription: Does things. Use "
            "when asked.\n---\n# Skill\n", 0o644)

    write("templates/skill", '"<skill-name>"')
    write("templates", "REPLACE-with-kebab-case-name-matching-this-directory")
    write("templates/skill-skeleton/skills/skill-name", "[TODO: lowercase-hyphen-case-name]")
    # a real skill left with a placeholder name, and a template's real bad name: errors
    write(".claude/skills/report", '"<skill-name>"')
    write("templates/pdf-tools", "PDF_Tools")
    found = {(str(Path(d.path).parent.relative_to(tmp_path)), d.rule): d.severity.value
             for d in _lint(tmp_path) if d.rule.startswith("name-")}
    assert found == {
        ("templates/skill", "name-charset"): "info",
        ("templates", "name-case"): "info",
        ("templates/skill-skeleton/skills/skill-name", "name-type"): "info",
        (".claude/skills/report", "name-charset"): "error",
        ("templates/pdf-tools", "name-charset"): "error",
    }
    stand_in = next(d for d in _lint(tmp_path) if d.rule == "name-case")
    assert stand_in.message.endswith("(a template for new skills: its name is a stand-in)")
    assert stand_in.hint is None  # (no new name to propose for a placeholder)


def test_what_a_guard_blocks_is_documentation(make_skill: MakeSkill) -> None:
    # stars-end/agent-skills safety/dcg-safety: a skill about a hook that blocks dangerous
    # commands lists them under "## What It Blocks", then "### Filesystem Operations",
    # "- `rm -rf /` or `rm -rf ~` - Recursive delete of important paths". Under a heading
    # that only says what the skill does, the same line stays an error.
    guard = make_skill("guard", body=(
        "# Guard\n\nA hook that stops dangerous commands before they run.\n\n"
        "## What It Blocks\n\n### Filesystem Operations\n"
        "- `rm -rf /` or `rm -rf ~` - Recursive delete of important paths\n"
        "- `chmod -R 777` - Insecure permissions\n"))
    cleaner = make_skill("cleaner", body=(
        "# Cleaner\n\n## What It Does\n\n### Filesystem Operations\n"
        "- `rm -rf ~` - Frees the space the home folder takes\n"))
    assert _severities(guard, "destructive-command") == {"SKILL.md": "info"}
    assert _severities(cleaner, "destructive-command") == {"SKILL.md": "error"}
