"""False alarms of a fifth hand sample of lint errors, on collections nobody tuned on (issue
16, docs/rule-precision.md "Fifth sample"), each rebuilt from the shape of the lines that
raised it (kouko/monkey-skills, jscraik/Agent-Skills; paraphrased, a line or two each)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _script_severities(skill: Path) -> dict[str, str]:
    found: list[Diagnostic] = list(lint_paths(LintOptions(paths=(skill,), use_cache=False))
                                   .diagnostics)
    return {d.path.rsplit("/", 1)[-1]: d.severity.value for d in found
            if d.rule == "script-not-executable"}


def test_a_path_given_to_another_command_is_not_run_directly(make_skill: MakeSkill) -> None:
    # the script is an argument: copied, made executable, read, or run by an interpreter
    # chosen through a variable; none of these needs the file's exec bit
    body = ("# Wiki\n\n```bash\nPY_RUNNER=\"uv run\"\n"
            "$PY_RUNNER <SKILL_DIR>/assets/freshness_test.py\n"
            "cp \"<SKILL_DIR>/assets/logic_sha.py\" .dbt-wiki/_internal/\n"
            "chmod +x ./scripts/setup.sh && bash ./scripts/setup.sh\n"
            "if [[ ! -f \"$SPEC_DIR/spec_export.py\" ]]; then cat $SPEC_DIR/spec_export.py; fi\n"
            "python3 \"$SPEC_DIR/spec_export.py\"\n```\n")
    skill = make_skill("dbt-wiki", body=body)
    for rel in ("assets/freshness_test.py", "assets/logic_sha.py", "scripts/setup.sh",
                "scripts/spec_export.py"):
        put(skill, rel, "#!/usr/bin/env python3\nprint('hi')\n", 0o644)
    assert "error" not in _script_severities(skill).values()


def test_a_path_that_is_the_command_still_needs_the_exec_bit(make_skill: MakeSkill) -> None:
    body = ("# Tool\n\n```bash\n./scripts/vtd.js --check\nsudo $SKILL_DIR/scripts/fix.sh\n"
            "\"${CLAUDE_SKILL_DIR}/scripts/quoted.sh\" --all\n```\n\n"
            "Then run ./scripts/configure.sh to finish.\n")
    skill = make_skill("tool", body=body)
    for rel in ("scripts/vtd.js", "scripts/fix.sh", "scripts/quoted.sh",
                "scripts/configure.sh"):
        put(skill, rel, "#!/usr/bin/env bash\necho hi\n", 0o644)
    assert _script_severities(skill) == {"vtd.js": "error", "fix.sh": "error",
                                         "quoted.sh": "error", "configure.sh": "error"}


# The fifth sample's errors left unfixed at first, and the errors analysing the references
# in every run brought up there: kouko/monkey-skills (MIT), and the shape of a page of
# richfrem/agent-plugins-skills (no licence stated: two frontmatter keys, paraphrased).

def _errors(root: Path) -> list[tuple[str, str]]:
    found = lint_paths(LintOptions(paths=(root,), use_cache=False)).diagnostics
    return [(d.rule, d.path.rsplit("/", 1)[-1]) for d in found if d.severity.value == "error"]


def test_a_path_in_prose_or_a_docstring_is_not_a_command_line(make_skill: MakeSkill) -> None:
    body = ("# Playbook\n\n1. schema validate (scripts/validate_schema.py — v0.2.0+; falls back"
            " to an in-LLM check)\n\n```bash\nuv run scripts/validate_schema.py x.md\n"
            "INVESTING_CACHE=/tmp/c uv run \\\n  markets/scripts/pack.py \\\n  --ticker 2330\n"
            "```\n")
    skill = make_skill("markets", body=body)
    put(skill, "assets/report-template.md", "<!-- Render with\n     scripts/render.py — never"
        " hand-edit the HTML -->\n")
    put(skill, "scripts/pack_us.py", '"""US packs, moved from\ndata-us/scripts/pack.py, minus '
        'the CLI: the\nmarkets/scripts/pack.py facade (T4) owns parsing."""\n')
    put(skill, "schemas/us.json", '{"description": "Pack output for `markets/scripts/pack.py '
        '--pack snapshot`."}\n')
    put(skill, "references/usage.md", "Render a report:\n\n```bash\npython3 scripts/render.py"
        " r.md\n```\n")
    for rel in ("scripts/validate_schema.py", "scripts/pack.py", "scripts/render.py"):
        put(skill, rel, "#!/usr/bin/env python3\nprint('hi')\n", 0o644)
    assert _script_severities(skill) == {"pack.py": "warning"}  # a JSON's inline code


def test_another_skills_script_of_the_same_name_says_nothing_of_this_one(
        make_skill: MakeSkill) -> None:
    older = "# M\n\n```bash\nuv run scripts/pack.py\n```\n\nOlder packs:\n\n```bash\n{}\n```\n"
    other = make_skill("markets", body=older.format("data-us/scripts/pack.py --all"))
    own = make_skill("markets-2", body=older.format("../scripts/pack.py --again"))
    for skill in (other, own):
        put(skill, "scripts/pack.py", "#!/usr/bin/env python3\nprint('hi')\n", 0o644)
    assert _script_severities(other) == {}
    assert _script_severities(own) == {"pack.py": "error"}  # "../" from a reference: its own


def test_a_python_string_that_runs_the_script_still_needs_the_exec_bit(
        make_skill: MakeSkill) -> None:
    skill = make_skill("tool", body="# Tool\n\nUse `python3 scripts/main.py`.\n")
    put(skill, "scripts/main.py", 'import os\nos.system("./scripts/setup.sh --go")\n')
    put(skill, "scripts/setup.sh", "#!/bin/sh\necho hi\n", 0o644)
    assert _script_severities(skill) == {"setup.sh": "error"}


def test_a_link_into_the_projects_hidden_folder_is_a_warning(make_skill: MakeSkill) -> None:
    body = ("# Query\n\nIf truncated, prepend: \"Diagram truncated; see [full lineage]"
            "(.dbt-wiki/lineage.md)\nfor the complete DAG\"\n\n> Found stale claim in "
            "[AuthModule](.repo-wiki/entities/AuthModule.md)\n\nSee [the guide](.notes/guide.md)"
            " and [setup](references/setup.md).\n")
    skill = make_skill("query", body=body)
    (skill / ".notes").mkdir()
    found = {(d.line, d.severity.value) for d in lint_paths(
        LintOptions(paths=(skill,), use_cache=False)).diagnostics
        if d.rule == "broken-reference"}
    # lines 7, 10 and 12 of the file: the project's folders warn; the skill's own hidden
    # folder and references/ are the skill's, and stay errors
    assert found == {(7, "warning"), (10, "warning"), (12, "error")}


def test_a_wiki_page_named_skill_md_is_no_skill(tmp_path: Path, make_skill: MakeSkill) -> None:
    wiki = tmp_path / "repo" / ".wiki" / "wiki"
    put(wiki, "skill.md", "---\nconcept: skill\nsource: plugin-code\n---\n\n# Skill\n\nA page "
        "about skills. `curl | python` is a pattern we avoid.\n", 0o644)
    make_skill("misnamed", root=tmp_path / "repo" / "skills", entry="skill.md")
    bare = tmp_path / "repo" / "skills" / "bare"
    put(bare, "skill.md", "# Bare\n\nNo frontmatter.\n", 0o644)
    assert sorted(_errors(tmp_path / "repo")) == [
        ("no-frontmatter", "skill.md"), ("skill-md-case", "skill.md"),
        ("skill-md-case", "skill.md")]
    linted = lint_paths(LintOptions(paths=(tmp_path / "repo",), use_cache=False))
    assert sorted(Path(r.dir).name for r in linted.results) == ["bare", "misnamed"]
