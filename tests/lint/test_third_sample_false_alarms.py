"""False alarms of a third hand sample of lint errors, on collections nobody tuned on
(issue 16, docs/rule-precision.md "Third sample"), each rebuilt from the real lines that
raised it (terrylica/cc-skills, davila7/claude-code-templates and
muratcankoylan/Agent-Skills-for-Context-Engineering, all MIT)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(*paths: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=paths, use_cache=False)).diagnostics)


def _script_findings(found: list[Diagnostic]) -> list[tuple[str, str]]:
    return sorted((d.path.rsplit("/", 1)[-1], d.severity.value) for d in found
                  if d.rule == "script-not-executable")


def test_a_script_in_a_variable_runs_as_the_variable_is_used(make_skill: MakeSkill) -> None:
    # markdown-table-validator, telemetry-terminology-similarity (terrylica), speech (davila7):
    # the path is assigned to a variable, every use runs the variable through an interpreter
    body = ("# Tables\n\n```bash\n"
            'SCAN="$(cc-plugin-root doc-tools)/skills/markdown-table-validator/scripts/'
            'scan_markdown_tables.ts"\n'
            'bun "$SCAN" path/to/FILE.md\n```\n\n'
            '```bash\nSCRIPT="$SCRIPT_DIR/term_similarity.py"\n```\n\n'
            "All examples below assume `$SCRIPT` is set.\n\n"
            '```bash\nuv run --python 3.14 "$SCRIPT" --top 30 field1 field2 field3\n```\n')
    skill = make_skill("markdown-table-validator", body=body)
    # (speech's own folder was "speech"; here the skill's folder stands in for it)
    put(skill, "references/cli.md",
        '```bash\nexport TTS_GEN="$CODEX_HOME/skills/markdown-table-validator/scripts/'
        'text_to_speech.py"\n'
        'python "$TTS_GEN" speak --input "Test" --dry-run\n```\n', 0o644)
    put(skill, "references/direct.md",
        '```bash\nRUNNER="${CLAUDE_SKILL_DIR}/scripts/run_direct.sh"\n"$RUNNER" --all\n```\n',
        0o644)
    put(skill, "references/unused.md", '```bash\nUNUSED="$ROOT/scripts/never_used.sh"\n```\n',
        0o644)
    for rel in ("scripts/scan_markdown_tables.ts", "references/term_similarity.py",
                "scripts/text_to_speech.py", "scripts/run_direct.sh", "scripts/never_used.sh"):
        put(skill, rel, "#!/usr/bin/env bash\necho hi\n", 0o644)
    # a variable run as the command is a direct run; one never used only names the script
    assert _script_findings(_lint(skill)) == [("never_used.sh", "warning"),
                                              ("run_direct.sh", "error")]


def test_substitutions_globs_and_file_listings_are_no_direct_runs(make_skill: MakeSkill) -> None:
    # terminal-print: `bash "$(cc-plugin-root doc-tools)/.../print-terminal.sh"` and a
    # "Files affected" listing; heic-to-jpeg-bundle: `find ... -path '*/.../make-bundle.sh'`
    # to locate the folder, then `bash "$SKILL_DIR/make-bundle.sh"`
    body = ("# Print\n\n```bash\n"
            'bash "$(cc-plugin-root doc-tools)/skills/terminal-print/assets/print-terminal.sh"'
            " --no-print\n"
            "SKILL_DIR=\"$(dirname \"$(find ~/.claude ~/eon -path "
            "'*/heic-to-jpeg-bundle/scripts/make-bundle.sh' 2>/dev/null | head -1)\")\"\n"
            'bash "$SKILL_DIR/make-bundle.sh" --src ~/Pictures/my-photos --full --zip\n```\n')
    skill = make_skill("terminal-print", body=body)
    put(skill, "references/evolution-log.md",
        "### Files affected\n\n```\nSKILL.md                                 (modified)\n"
        "assets/print-terminal.sh                                 (modified)\n```\n", 0o644)
    put(skill, "references/direct.md",
        '```bash\n"$(git rev-parse --show-toplevel)/scripts/run_direct.sh" --all\n```\n', 0o644)
    for rel in ("assets/print-terminal.sh", "scripts/make-bundle.sh", "scripts/run_direct.sh"):
        put(skill, rel, "#!/usr/bin/env bash\necho hi\n", 0o644)
    # a path behind a closed substitution at the start of a command line is still run as written
    assert _script_findings(_lint(skill)) == [("run_direct.sh", "error")]


def test_links_of_a_skill_template_are_stand_ins(make_skill: MakeSkill) -> None:
    # muratcankoylan/Agent-Skills-for-Context-Engineering template/SKILL.md
    body = ("# Skill Name\n\nFor longer topics, consider moving content to `references/` and "
            "linking:\n- See [detailed reference](./references/topic-details.md) for complete "
            "implementation\n\n## References\n\nInternal reference (use relative path to skill's "
            "own reference files):\n- [Reference Name](./references/reference-file.md) - "
            "Description\n")
    template = make_skill("template", "name: skill-template\ndescription: Template for creating "
                          "new Agent Skills. Use this template when adding new skills.\n", body)
    assert [d for d in _lint(template) if d.rule == "broken-reference"] == []
    # the same links in a skill that is no template are broken
    skill = make_skill("context-fundamentals", body=body)
    assert len([d for d in _lint(skill) if d.rule == "broken-reference"]) == 2
