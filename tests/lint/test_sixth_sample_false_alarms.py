"""False alarms of the sixth hand sample of lint errors, on collections nobody tuned on
(issue 16, docs/rule-precision.md "Sixth sample"), each rebuilt from the shape of the lines
that raised it. onescience-ai/OneSkills, machenjie/rd-skills and needcaffeine/skills are MIT;
grahama1970/agent-skills and Gamaroff/agent-skills state no licence, so their lines are
paraphrased (the shape kept, the words changed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(skill: Path) -> list[Diagnostic]:
    return list(lint_paths(LintOptions(paths=(skill,), use_cache=False)).diagnostics)


def _script_severities(skill: Path) -> dict[str, str]:
    return {d.path.rsplit("/", 1)[-1]: d.severity.value for d in _lint(skill)
            if d.rule == "script-not-executable"}


def test_a_path_that_only_names_a_file_is_no_command_line(make_skill: MakeSkill) -> None:
    # grahama1970: review requests listing the author's absolute paths, in a list of
    # inline spans and alone under a "## Path" heading; onescience-runtime: "CPU matches
    # `./assets/templates/slurm_cpu.sh`" (a template the skill renders, never runs)
    home = "/home/someone/work/.pi/skills/tool"
    body = ("# Tool\n\nTemplates: CPU matches `./assets/templates/cpu.sh`, GPU matches "
            "`./assets/templates/gpu.sh`.\n\nRun `./scripts/go.sh` to start.\n")
    skill = make_skill("tool", body=body)
    put(skill, "review_request.md", f"# Review\n\n- `{home}/cli.py` (377 lines) - thin CLI\n\n"
        f"## Path\n{home}/writer.py\n\n```bash\n./scripts/run.sh \"query jobs\"\n```\n", 0o644)
    for rel in ("cli.py", "writer.py", "assets/templates/cpu.sh", "assets/templates/gpu.sh",
                "scripts/go.sh", "scripts/run.sh"):
        put(skill, rel, "#!/bin/sh\necho hi\n", 0o644)
    assert _script_severities(skill) == {
        "cli.py": "warning", "writer.py": "warning", "cpu.sh": "warning", "gpu.sh": "warning",
        "go.sh": "error",  # after "run", `./x.sh` is the command line (fifth sample)
        "run.sh": "error"}


def test_a_file_name_template_in_a_link_is_no_missing_file(make_skill: MakeSkill) -> None:
    # Gamaroff qa-technical-task: a report template lists bugs as links to files named by
    # fields the agent fills in
    body = ("# QA\n\n**Bugs Fixed**:\n\n- [task.{id}.bug.{number}.md]"
            "(./task.{id}.bug.{number}.{description}.md) - {Status}\n\n"
            "See [the checklist](references/checklist.md).\n")
    skill = make_skill("qa-task", body=body)
    found = [(d.line, d.severity.value) for d in _lint(skill) if d.rule == "broken-reference"]
    assert found == [(11, "error")]  # the checklist, not the template's field


def test_a_template_for_new_skills_may_keep_a_stand_in_name(tmp_path: Path,
                                                           make_skill: MakeSkill) -> None:
    # needcaffeine/skills template/SKILL.md (name: template-skill), machenjie/rd-skills
    # src/foundation/capabilities/_template/SKILL.md (name: capability-name)
    make_skill("template", "name: template-skill\ndescription: Replace with what it does. "
               "Use when asked.\n")
    make_skill("_template", "name: capability-name\ndescription: What the capability does. "
               "Use when asked.\n")
    make_skill("pdf-tools", "name: pdf\ndescription: Reads PDFs. Use when asked.\n")
    found = {(Path(d.path).parent.name, d.severity.value)
             for d in _lint(tmp_path) if d.rule == "name-dir-mismatch"}
    assert found == {("template", "info"), ("_template", "info"), ("pdf-tools", "error")}


def test_a_skill_about_templates_keeps_its_name_rule(make_skill: MakeSkill) -> None:
    # davila7/claude-code-templates railway/templates (MIT): a skill about Railway templates
    skill = make_skill("templates", "name: railway-templates\ndescription: Deploys Railway "
                       "templates. Use when asked.\n")
    assert [d.severity.value for d in _lint(skill) if d.rule == "name-dir-mismatch"] == [
        "error"]


def test_a_plain_block_of_paths_lists_files_to_look_at(make_skill: MakeSkill) -> None:
    # grahama1970 create-storyboard: "## Files to Review", then an unlabelled code block with
    # the absolute path of each file, one a line; a bash block of paths runs each one, a
    # plain block of one path may be a command, and a plain block with a command line
    # (a path and its arguments) runs it
    home = "/home/someone/work/.pi/skills/board"
    body = "# Board\n\nSee review.md.\n"
    skill = make_skill("board", body=body)
    put(skill, "review.md", f"## Files to Review\n\n```\n{home}/orchestrator.py\n"
        f"{home}/panels.py\n\n{home}/notes.md\n```\n\n```bash\n{home}/setup.sh\n"
        f"{home}/build.sh\n```\n\n```text\n{home}/alone.sh\n```\n\n```\n{home}/first.sh\n"
        f"{home}/args.sh --fast\n```\n", 0o644)
    for rel in ("orchestrator.py", "panels.py", "setup.sh", "build.sh", "alone.sh",
                "first.sh", "args.sh"):
        put(skill, rel, "#!/bin/sh\necho hi\n", 0o644)
    assert _script_severities(skill) == {
        "orchestrator.py": "warning", "panels.py": "warning",
        "setup.sh": "error", "build.sh": "error", "alone.sh": "error",
        "first.sh": "error", "args.sh": "error"}
