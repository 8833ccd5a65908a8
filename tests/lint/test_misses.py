"""Issue 16, "misses to catch": real breakage lint used to let through, each on a real tree.

The trees quote the lines of real public skills (named in comments); no agent is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic, Severity
from skillctl.scaffold import ScaffoldOptions, scaffold
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(*paths: Path, **kwargs: object) -> list[Diagnostic]:
    options = LintOptions(paths=paths, use_cache=False, **kwargs)  # type: ignore[arg-type]
    return list(lint_paths(options).diagnostics)


def _of(found: list[Diagnostic], rule: str) -> list[Diagnostic]:
    return [d for d in found if d.rule == rule]


def test_missing_playbook_in_resources_is_reported(make_skill: MakeSkill) -> None:
    # sickn33/antigravity-awesome-skills skills/debugger/SKILL.md (and 163 more skills)
    body = ("# Debugger\n\n## Instructions\n\n"
            "- If detailed examples are required, open `resources/implementation-playbook.md`.\n"
            "- `resources/implementation-playbook.md` for detailed patterns and examples.\n")
    skill = make_skill("debugger", body=body)
    (diag,) = _of(_lint(skill), "missing-file")  # one finding per path, not per mention
    assert "resources/implementation-playbook.md" in diag.message
    assert diag.line == 9 and diag.severity is Severity.WARNING
    put(skill, "resources/implementation-playbook.md", "# Playbook\n", 0o644)
    assert _of(_lint(skill), "missing-file") == []


def test_project_paths_code_blocks_and_known_folders_are_not_missing_files(
    make_skill: MakeSkill,
) -> None:
    # obra/superpowers subagent-driven-development: "Read plan file once: docs/plans/..." is the
    # user's project; K-Dense timesfm-forecasting loads examples/... inside a ```bash block
    body = ("# Skill\n\n"
            "[Read plan file once: docs/plans/feature-plan.md]\n"
            "Edit `src/components/Button.tsx` to match.\n"
            "Follow conductor/workflow.md when it exists.\n\n"
            "```bash\npython -c \"json.load(open('examples/out/result.json'))\"\n```\n\n"
            "See `references/api.md` for the API.\n")
    skill = make_skill("project-paths", body=body)
    found = _lint(skill)
    assert _of(found, "missing-file") == []
    # references/ is broken-reference's: reported once, by it
    assert [d.rule for d in found if "references/api.md" in d.message] == ["broken-reference"]


def test_missing_file_in_a_folder_the_skill_has(make_skill: MakeSkill) -> None:
    # sickn33/antigravity-awesome-skills market-sizing-analysis: examples/ exists, two files not
    skill = make_skill("market-sizing", body=(
        "# Market sizing\n\n## Examples\n\n"
        "- **`examples/marketplace-sizing.md`** - Marketplace platform calculation\n"
        "- **`examples/saas.md`** - SaaS sizing\n"))
    put(skill, "examples/saas.md", "# SaaS\n", 0o644)
    (diag,) = _of(_lint(skill), "missing-file")
    assert "examples/marketplace-sizing.md" in diag.message


def test_unquoted_date_is_reported_per_agent_reader(make_skill: MakeSkill) -> None:
    # sickn33/antigravity-awesome-skills skills/content-creator/SKILL.md: metadata.updated
    front = ("name: content-creator\ndescription: Writes content. Use when asked to write.\n"
             "metadata:\n  version: 1.0.0\n  updated: 2025-10-20\n")
    skill = make_skill("content-creator", front)
    (diag,) = _of(_lint(skill), "yaml-timestamp")
    assert diag.line == 6 and "js-yaml" in diag.message and "Gemini CLI" in diag.message
    # Codex (serde) and OpenClaw (the yaml package's core schema) keep the text
    assert _of(_lint(skill, agents=("codex", "openclaw")), "yaml-timestamp") == []
    assert len(_of(_lint(skill, agents=("opencode",)), "yaml-timestamp")) == 1


def test_quoted_date_and_plain_version_are_fine(make_skill: MakeSkill) -> None:
    front = ("name: quoted\ndescription: Writes content. Use when asked to write.\n"
             "metadata:\n  updated: \"2025-10-20\"\n  version: 2025.10\n")
    assert _of(_lint(make_skill("quoted", front)), "yaml-timestamp") == []


def test_folded_description_read_as_its_indicator_by_a_line_fallback(
    make_skill: MakeSkill,
) -> None:
    front = ("name: folded\ndescription: >\n  Formats code. Use when asked to format.\n"
             "argument-hint: Use: a path\n")
    skill = make_skill("folded", front)
    (diag,) = _of(_lint(skill), "description-block-indicator")
    assert "Gemini CLI" in diag.message
    assert diag.line == 3 and diag.severity is Severity.WARNING
    chosen = _of(_lint(skill, agents=("gemini-cli",)), "description-block-indicator")
    assert [d.severity for d in chosen] == [Severity.ERROR]
    # OpenClaw 2026.9.6 drops the skill (conformance case openclaw-yaml-recovery)
    assert "OpenClaw" not in diag.message
    dropped = _of(_lint(skill, agents=("openclaw",)), "parser-divergence")
    assert [d.severity for d in dropped] == [Severity.ERROR]
    # Claude Code's quote retry reads the text: no finding for it alone
    assert _of(_lint(skill, agents=("claude-code",)), "description-block-indicator") == []


def test_folded_description_in_valid_yaml_is_no_indicator_finding(make_skill: MakeSkill) -> None:
    front = "name: folded\ndescription: >\n  Formats code. Use when asked to format.\n"
    assert _of(_lint(make_skill("folded", front)), "description-block-indicator") == []


def test_unfilled_scaffold_does_not_lint_clean(tmp_path: Path) -> None:
    made = scaffold(ScaffoldOptions("pdf-tools", tmp_path, scripts=True, references=True))
    found = _of(_lint(made.directory), "scaffold-placeholder")
    by_file = {(Path(d.path).name, d.severity) for d in found}
    assert by_file == {("SKILL.md", Severity.ERROR), ("SKILL.md", Severity.WARNING),
                       ("example.py", Severity.WARNING), ("REFERENCE.md", Severity.WARNING)}
    # a description of one's own: the body placeholders remain
    given = scaffold(ScaffoldOptions("csv-tools", tmp_path, description="Reads CSV files. "
                                     "Use when the user asks about a CSV file."))
    assert [d.severity for d in _of(_lint(given.directory), "scaffold-placeholder")] == [
        Severity.WARNING]


@pytest.mark.parametrize(
    ("where", "reported"),
    [(".claude/skills/debugging/root-cause-tracing", True),
     (".claude/skills/root-cause-tracing", False),
     ("skills/debugging/root-cause-tracing", False)],  # no root of Claude Code: a source tree
)
def test_skill_claude_code_never_loads_where_it_sits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_skill: MakeSkill, where: str,
    reported: bool,
) -> None:
    # obra/superpowers once shipped .claude/skills/debugging/root-cause-tracing/SKILL.md
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(project)
    parent, name = where.rsplit("/", 1)
    make_skill(name, root=project / parent)
    found = _of(_lint(project, agents=("claude-code",)), "agent-unreachable")
    assert bool(found) is reported
    if reported:
        assert "too deep" in found[0].message and found[0].severity is Severity.ERROR
    # without --agent the rule does not run
    assert _of(_lint(project), "agent-unreachable") == []

