"""False alarms found by hand-sampling lint findings on public collections (issue 16,
docs/rule-precision.md), each rebuilt from the real line that raised it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put, write_skill

MakeSkill = Callable[..., Path]


def _lint(*paths: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=paths, use_cache=False)).diagnostics)


def _rules(found: list[Diagnostic], rule: str) -> list[tuple[int, str]]:
    return [(d.line, d.message) for d in found if d.rule == rule]


def test_two_words_joined_by_a_slash_are_prose_not_paths(make_skill: MakeSkill) -> None:
    # openai/skills notion-knowledge-capture, notion-research-documentation; expo/skills
    # expo-skill-eval
    body = ("# Notion\n\n"
            "- For how-tos/docs, capture steps, pre-reqs, links to assets/code, and edge cases.\n"
            "5) Link sources and add a references/citations section.\n"
            "every other directory is made by the scripts/orchestrators that need it\n"
            "Run `scripts/orchestrate` first, then scripts/sdd-workspace PLAN.\n")
    skill = make_skill("prose", body=body)
    reported = sorted(m.split("'")[1] for _, m in _rules(_lint(skill), "broken-reference"))
    # a word in backticks or a name with a hyphen is still a path
    assert reported == ["scripts/orchestrate", "scripts/sdd-workspace"]


def test_openclaw_project_skills_folder_is_not_one_of_its_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # anthropics/skills linted with --agent openclaw: every skills/<name>/SKILL.md was
    # "not found", but OpenClaw reads skills/ of its own workspace, not of the project
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    for variable in ("OPENCLAW_WORKSPACE_DIR", "OPENCLAW_STATE_DIR"):
        monkeypatch.delenv(variable, raising=False)
    project = tmp_path / "collection"
    write_skill(project / "skills", "algorithmic-art")
    monkeypatch.chdir(project)
    found = lint_paths(LintOptions(paths=(project,), use_cache=False, agents=("openclaw",)))
    assert [d for d in found.diagnostics if d.rule == "agent-unreachable"] == []
    # in the workspace, a skill below a link to outside it is still unreachable
    workspace = home / ".openclaw" / "workspace"
    outside = tmp_path / "elsewhere"
    write_skill(outside, "linked")
    (workspace / "skills").mkdir(parents=True)
    (workspace / "skills" / "linked").symlink_to(outside / "linked")
    monkeypatch.chdir(workspace)
    found = lint_paths(LintOptions(paths=(workspace,), use_cache=False, agents=("openclaw",)))
    assert [d.rule for d in found.diagnostics if d.rule == "agent-unreachable"] == [
        "agent-unreachable"
    ]


def _script_errors(found: list[Diagnostic]) -> list[str]:
    return sorted(d.path.rsplit("/", 1)[-1] for d in found
                  if d.rule == "script-not-executable" and d.severity.value == "error")


def test_scripts_named_in_tables_links_or_sourced_need_no_exec_bit(make_skill: MakeSkill) -> None:
    # trailofbits/skills codeql (build_log.sh: a link in a table, sourced with '.'),
    # zeroize-audit (a `{baseDir}/...` table cell, run with `uv run`), alirezarezvani/
    # claude-skills quality-manager-qms-iso13485 (a link, run with `python`)
    body = ("# Audit\n\n| Script | Use |\n|---|---|\n"
            "| [scripts/build_log.sh](scripts/build_log.sh) | source before any build step |\n"
            "| `{baseDir}/tools/scripts/semantic_audit.py` | Warn and skip semantic analysis |\n"
            "| [qms_audit_checklist.py](scripts/qms_audit_checklist.py) | checklists | "
            "`python qms_audit_checklist.py --help` |\n\n"
            "Then run `./scripts/deploy.sh`.\n")
    skill = make_skill("audit", body=body)
    put(skill, "references/build.md",
        '```bash\n. "{baseDir}/scripts/build_log.sh" || exit 1\n'
        "uv run {baseDir}/tools/scripts/semantic_audit.py src/\n```\n", 0o644)
    for rel in ("scripts/build_log.sh", "tools/scripts/semantic_audit.py",
                "scripts/qms_audit_checklist.py", "scripts/deploy.sh"):
        put(skill, rel, "#!/usr/bin/env bash\necho hi\n", 0o644)
    # only the script the skill runs directly must be executable
    assert _script_errors(_lint(skill)) == ["deploy.sh"]


def test_links_of_a_document_template_body_are_the_documents(make_skill: MakeSkill) -> None:
    # sickn33/antigravity-awesome-skills c4-component: the body is the C4 document to fill in
    template = ("# C4 Component Level: [Component Name]\n\n## Overview\n\n"
                "- **Name**: [Component name]\n- **Description**: [Short description]\n"
                "- **Type**: [Component type: Application, Service, Library, etc.]\n\n"
                "## Software Features\n\n- [Feature 1]: [Description]\n"
                "- [Feature 2]: [Description]\n\n## Code Elements\n\n"
                "- [c4-code-file-1.md](./c4-code-file-1.md) - [Description]\n"
                "- [API guide](references/api.md)\n")
    skill = make_skill("c4-component", body=template)
    # the skill's own folder is still checked
    assert [m.split("'")[1] for _, m in _rules(_lint(skill), "broken-reference")] == [
        "references/api.md"]
    plain = make_skill("plain", body="# Plain\n\n- [Feature 1]: [Description]\n"
                                     "- [notes](./notes.md)\n")
    assert [m.split("'")[1] for _, m in _rules(_lint(plain), "broken-reference")] == [
        "./notes.md"]


def test_a_base_dir_path_in_a_code_file_runs_nothing(make_skill: MakeSkill) -> None:
    # trailofbits/skills codeql: scripts/test_shell_blocks.py quotes the line that sources
    # build_log.sh in an error message; only an agent expands {baseDir}
    skill = make_skill("codeql", body="# CodeQL\n\n```bash\n"
                                      '. "{baseDir}/scripts/build_log.sh" || exit 1\n```\n')
    put(skill, "scripts/build_log.sh", "#!/usr/bin/env bash\nlog_step() { :; }\n", 0o644)
    put(skill, "scripts/test_shell_blocks.py",
        "MESSAGE = (\"add `. \"\n    '\"{baseDir}/scripts/build_log.sh\" || exit 1` to it')\n",
        0o644)
    assert _script_errors(_lint(skill)) == []
