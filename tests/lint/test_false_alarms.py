"""Issue 16: false alarms on real skills, each pinned on a tree built from the real case.

Every tree below quotes the few lines of a real public skill that used to draw a false
finding (the source is named in a comment); none needs ../shared or any agent installed.
"""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.rules.name import is_valid_name, suggested_name
from skillctl.model import Diagnostic, Severity
from tests.conftest import put

MakeSkill = Callable[..., Path]


def _lint(*paths: Path, **kwargs: object) -> list[Diagnostic]:
    options = LintOptions(paths=paths, use_cache=False, **kwargs)  # type: ignore[arg-type]
    return list(lint_paths(options).diagnostics)


def _of(found: list[Diagnostic], rule: str) -> list[Diagnostic]:
    return [d for d in found if d.rule == rule]


# --------------------------------------------------------------------------- scripts


def test_script_run_only_through_an_interpreter_needs_no_exec_bit(make_skill: MakeSkill) -> None:
    # anthropics/skills skills/mcp-builder/reference/evaluation.md: named in prose, run with
    # `python scripts/evaluation.py`, never as ./scripts/evaluation.py
    skill = make_skill("mcp-builder", body="# MCP builder\n\nSee reference/evaluation.md.\n")
    put(skill, "reference/evaluation.md",
        "The evaluation script (`scripts/evaluation.py`) supports three transport types:\n\n"
        "```bash\npython scripts/evaluation.py \\\n  -t stdio \\\n  evaluation.xml\n```\n",
        0o644)
    put(skill, "scripts/evaluation.py", "#!/usr/bin/env python3\nprint('hi')\n", 0o644)
    assert _of(_lint(skill), "script-not-executable") == []
    # --fix leaves its mode alone
    _lint(skill, fix=True)
    assert not (skill / "scripts/evaluation.py").stat().st_mode & stat.S_IXUSR


def test_script_run_directly_is_an_error(make_skill: MakeSkill) -> None:
    # obra/superpowers skills/brainstorming/visual-companion.md runs its script as the command
    skill = make_skill("brainstorming", body="# Brainstorming\n\nSee visual-companion.md.\n")
    put(skill, "visual-companion.md",
        "```bash\nscripts/start-server.sh --project-dir /path/to/project --open\n```\n", 0o644)
    put(skill, "scripts/start-server.sh", "#!/usr/bin/env bash\necho up\n", 0o644)
    (diag,) = _of(_lint(skill), "script-not-executable")
    assert diag.severity is Severity.ERROR and "runs it directly" in diag.message
    _lint(skill, fix=True)
    assert (skill / "scripts/start-server.sh").stat().st_mode & stat.S_IXUSR


def test_script_never_mentioned_is_info_and_named_in_prose_a_warning(
    make_skill: MakeSkill,
) -> None:
    quiet = make_skill("quiet")
    put(quiet, "scripts/helper.sh", "#!/bin/sh\necho hi\n", 0o644)
    (diag,) = _of(_lint(quiet), "script-not-executable")
    assert diag.severity is Severity.INFO
    named = make_skill("named", body="# Named\n\nThe helper lives in scripts/helper.sh.\n")
    put(named, "scripts/helper.sh", "#!/bin/sh\necho hi\n", 0o644)
    (diag,) = _of(_lint(named), "script-not-executable")
    assert diag.severity is Severity.WARNING


def test_hook_command_with_a_variable_runs_the_script(make_skill: MakeSkill) -> None:
    # a Claude Code hook in the frontmatter: the command is the script itself
    skill = make_skill(
        "hooked",
        "name: hooked\ndescription: Checks things. Use when asked.\nhooks:\n  PreToolUse:\n"
        "    - hooks:\n        - type: command\n"
        '          command: "${CLAUDE_SKILL_DIR}/scripts/check.sh"\n',
    )
    put(skill, "scripts/check.sh", "#!/bin/sh\nexit 0\n", 0o644)
    (diag,) = _of(_lint(skill), "script-not-executable")
    assert diag.severity is Severity.ERROR


def test_crlf_script_through_python_is_fine_through_bash_is_not(make_skill: MakeSkill) -> None:
    py = make_skill("py", body="# Py\n\nRun `python3 scripts/run.py --check`.\n")
    put(py, "scripts/run.py", b"#!/usr/bin/env python3\r\nprint('hi')\r\n", 0o755)
    assert _of(_lint(py), "script-crlf") == []
    sh = make_skill("sh", body="# Sh\n\n```\nbash scripts/run.sh\n```\n")
    put(sh, "scripts/run.sh", b"#!/bin/bash\r\necho hi\r\n", 0o755)
    (diag,) = _of(_lint(sh), "script-crlf")
    assert diag.severity is Severity.ERROR and "bash" in diag.message


def test_a_command_in_quotes_is_run_by_what_the_quotes_hold(make_skill: MakeSkill) -> None:
    # yunjoochoi/bash-skills-agent (fifty-third sample): the agent's tool call
    # bash(command="python3 /skills/x/scripts/y.py") runs python3, not bash; the same for
    # bash -c "python3 ..."; a shell or a direct run inside the quotes stays an error
    crlf_py = b"#!/usr/bin/env python3\r\nprint('hi')\r\n"
    crlf_sh = b"#!/bin/bash\r\necho hi\r\n"
    for body, script, data, rule_found in (
        ('bash(command="python3 /skills/q/scripts/run.py in out")', "run.py", crlf_py, False),
        ("bash -c \"python3 scripts/run.py in out\"", "run.py", crlf_py, False),
        ("Bash(command: 'python3 scripts/run.py')", "run.py", crlf_py, False),
        ('bash(command="bash /skills/q/scripts/run.sh")', "run.sh", crlf_sh, True),
        ("bash -c 'bash scripts/run.sh'", "run.sh", crlf_sh, True),
        ('bash(command="/skills/q/scripts/run.py in out")', "run.py", crlf_py, True),
    ):
        skill = make_skill("q", body=f"# Q\n\n```\n{body}\n```\n")
        for old in (skill / "scripts").glob("*"):
            old.unlink()
        put(skill, f"scripts/{script}", data, 0o755)
        found = _of(_lint(skill), "script-crlf")
        assert bool(found) is rule_found, body
        assert all(d.severity is Severity.ERROR for d in found)


# --------------------------------------------------------------------------- metadata


def test_nested_and_typed_metadata_is_no_field_type_finding(make_skill: MakeSkill) -> None:
    # K-Dense-AI/claude-scientific-skills scientific-skills/rowan (a list under metadata) and
    # OpenClaw's documented namespace metadata.openclaw, which OpenClaw requires
    skill = make_skill(
        "rowan",
        "name: rowan\ndescription: Runs chemistry workflows. Use for pKa prediction.\n"
        "metadata:\n  skill-author: Rowan Science\n"
        '  trigger-keywords: ["pKa prediction", "molecular docking"]\n'
        "  internal: true\n  version: 1.0\n"
        '  openclaw: {"requires": {"bins": ["python3"]}}\n',
    )
    found = _lint(skill)
    assert _of(found, "field-type") == []
    # the plugin that drops it is named once, by parser-divergence, an error when chosen
    (div,) = _of(_lint(skill, agents=("opencode-agent-skills",)), "parser-divergence")
    assert div.severity is Severity.ERROR and "metadata" in div.message
    assert _of(_lint(skill, agents=("opencode-agent-skills",)), "field-type") == []


def test_fix_never_quotes_metadata_values(make_skill: MakeSkill) -> None:
    text = ("name: meta\ndescription: Does it. Use when asked.\n"
            "metadata:\n  internal: true\n  version: 1.0\n")
    skill = make_skill("meta", text)
    before = (skill / "SKILL.md").read_bytes()
    _lint(skill, fix=True)
    assert (skill / "SKILL.md").read_bytes() == before


def test_allowed_tools_list_is_only_a_note_naming_who_disagrees(make_skill: MakeSkill) -> None:
    # getsentry/skills skills/security-review: allowed-tools as a string, which the OpenCode
    # agent-skills plugin drops; the list form must lint without a warning
    listed = make_skill(
        "listed",
        "name: listed\ndescription: Reviews code. Use when asked.\n"
        "allowed-tools:\n  - Read\n  - Grep\n",
    )
    found = _lint(listed)
    (note,) = _of(found, "field-type")
    assert note.severity is Severity.INFO and "OpenCode agent-skills plugin" in note.message
    assert _of(found, "parser-divergence") == []
    string = make_skill(
        "string", "name: string\ndescription: Reviews code. Use when asked.\n"
        "allowed-tools: Read Grep Glob Bash\n",
    )
    (div,) = _of(_lint(string), "parser-divergence")
    assert div.hint is not None and "allowed-tools" in div.hint and "list" in div.hint
    (div,) = _of(_lint(string, agents=("claude-code",)), "parser-divergence")
    assert div.severity is Severity.INFO  # no agent the user targets drops it


# --------------------------------------------------------------------------- unknown-field


def test_deliberate_variants_are_warnings_and_never_renamed(make_skill: MakeSkill) -> None:
    text = (
        "name: variants\ndescription: Does it. Use when asked.\n"
        "Name: Variants\n"                                  # beside name
        "agents: [claude, codex]\n"                         # not Claude Code's agent
        "description-cn: 做事。\n"                           # a translation
        "dspy-compatibility: '>=2.5'\n"                     # not the spec's compatibility
    )
    skill = make_skill("variants", text)
    found = _of(_lint(skill), "unknown-field")
    assert {d.severity for d in found} == {Severity.WARNING} and len(found) == 4
    before = (skill / "SKILL.md").read_bytes()
    report = lint_paths(LintOptions(paths=(skill,), use_cache=False, diff=True))
    assert report.diff == "" and report.fixes == ()
    _lint(skill, fix=True)
    assert (skill / "SKILL.md").read_bytes() == before


def test_real_typos_stay_errors_and_are_renamed(make_skill: MakeSkill) -> None:
    # pbakaus/impeccable#49: user-invokable hid a plugin's skills from /
    skill = make_skill(
        "typos", "name: typos\n+description: Does it. Use when asked.\nuser-invokable: false\n"
    )
    found = _of(_lint(skill), "unknown-field")
    assert len(found) == 2 and {d.severity for d in found} == {Severity.ERROR}
    diff = lint_paths(LintOptions(paths=(skill,), use_cache=False, diff=True))
    fixed = lint_paths(LintOptions(paths=(skill,), use_cache=False, fix=True))
    # what --diff shows is what --fix does
    assert [(r.rule, r.path) for r in diff.fixes] == [(r.rule, r.path) for r in fixed.fixes]
    assert len(fixed.fixes) == 2
    assert "user-invocable: false" in (skill / "SKILL.md").read_text()


def test_a_typo_holding_the_fields_default_is_a_warning(make_skill: MakeSkill) -> None:
    # CTAAgents/quant-skills (forty-sixth sample): `user_invocable: true` is ignored, and
    # true is what user-invocable is when left out; `user_invocable: false` hides nothing
    # the author meant to hide, so it stays an error, as does a default spelt otherwise
    for text, severity in (
        ("user_invocable: true\n", Severity.WARNING),
        ("disable_model_invocation: false\n", Severity.WARNING),
        ("user_invocable: false\n", Severity.ERROR),
        ("disable_model_invocation: true\n", Severity.ERROR),
        ('user_invocable: "true"\n', Severity.ERROR),
    ):
        skill = make_skill("defaults", "name: defaults\ndescription: Does it. Use when asked.\n"
                           + text)
        found = _of(_lint(skill), "unknown-field")
        assert [d.severity for d in found] == [severity], text
        if severity is Severity.WARNING:
            assert "is the default" in found[0].message
            _lint(skill, fix=True)  # still renamed: the author meant the real key
            assert text.replace("_", "-") in (skill / "SKILL.md").read_text()


# --------------------------------------------------------------------------- references


def test_references_that_are_not_the_skills_files(make_skill: MakeSkill) -> None:
    body = (
        "# Skill creator\n\n"
        # openai/skills skills/.system/skill-creator: an "Examples" list of what could exist
        "- **Examples**: `references/finance.md` for financial schemas, `references/mnda.md`"
        " for company NDA template\n\n"
        # wshobson/agents plugins/plugin-eval/skills/evaluation-methodology: a placeholder
        "Link with `[text](references/filename.md)`.\n\n"
        # a plugin root and a template variable: not the skill's folder
        "Run `${CLAUDE_PLUGIN_ROOT}/scripts/setup.sh` or `{skill_path}/scripts/run.py`.\n\n"
        # a document template
        "```markdown\n# Report\nSee references/report-notes.md\n```\n\n"
        # K-Dense-AI/claude-scientific-skills markdown-mermaid-writing: footnotes
        "[^1]: GitHub Blog. (2022). Include diagrams.\n"
        "[^2]: Mermaid. \"Mermaid Diagramming and Charting Tool.\"\n"
    )
    skill = make_skill("skill-creator", body=body)
    assert _of(_lint(skill), "broken-reference") == []


def test_links_that_really_break_stay_errors(make_skill: MakeSkill) -> None:
    # K-Dense-AI/claude-scientific-skills neuropixels-analysis: reference/ for references/
    skill = make_skill(
        "neuropixels",
        body="| Topic | Reference |\n|---|---|\n"
        "| Full workflow | [references/standard_workflow.md](reference/standard_workflow.md) |\n"
        "Run `${CLAUDE_SKILL_DIR}/scripts/sort.py`.\n"
        # wshobson/agents postmortem-writing: a wiki page, not a file (a warning)
        "- [Deployment Runbook](internal-wiki/deployment-runbook)\n",
    )
    put(skill, "references/standard_workflow.md", "# Workflow\n", 0o644)
    found = {(d.message.split("'")[1], d.severity) for d in _of(_lint(skill), "broken-reference")}
    assert found == {
        ("reference/standard_workflow.md", Severity.ERROR),
        ("scripts/sort.py", Severity.WARNING),  # ${CLAUDE_SKILL_DIR} is the skill's folder
        ("internal-wiki/deployment-runbook", Severity.WARNING),
    }


def test_a_line_of_the_users_code_cited_in_a_sample_report(make_skill: MakeSkill) -> None:
    # AndreyBegma/claude-code-review-skills perf (sixtieth sample): a sample finding's
    # location, "[src/components/Dashboard.tsx:23](src/components/Dashboard.tsx#L23)", cites
    # the user's code; a line anchor into the skill's own folders, a heading anchor and a
    # plain link stay errors
    skill = make_skill(
        "perf",
        body="## Output Format\n\n"
        "**Location:** [src/components/Dashboard.tsx:23](src/components/Dashboard.tsx#L23)\n"
        "**Range:** [lib/a.ts](./lib/a.ts#L10-L20)\n\n"
        "See [run](scripts/run.py#L5), [guide](references/guide.md#setup) and "
        "[ref](references/missing.md).\n",
    )
    found = {(d.message.split("'")[1], d.severity) for d in _of(_lint(skill), "broken-reference")}
    assert found == {
        ("scripts/run.py", Severity.ERROR),
        ("references/guide.md", Severity.ERROR),
        ("references/missing.md", Severity.ERROR),
    }


def test_a_change_set_listed_in_a_plain_block_names_its_files(make_skill: MakeSkill) -> None:
    # Kairos0922/kairos-skills kairos-wechat-typeset (sixty-second sample): a ```text block
    # lists a theme's change set, file names without a folder among them; the skill runs
    # the script with python3. Run directly in a shell block, it stays an error.
    listing = ("## Delivery\n\n```{lang}\nthemes/<theme-id>.json\nthemes/registry.json\n"
               "scripts/render.py\nREADME.md\nSKILL.md\n```\n")
    for lang in ("text", ""):
        skill = make_skill("typeset", body="# Typeset\n\nRun `python3 scripts/render.py`; "
                           "see [the method](themes/METHODOLOGY.md).\n")
        put(skill, "themes/METHODOLOGY.md", listing.format(lang=lang), 0o644)
        put(skill, "scripts/render.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
        assert Severity.ERROR not in {d.severity for d in
                                      _of(_lint(skill.parent), "script-not-executable")}, lang
    direct = make_skill("direct", body="# Direct\n\n```bash\nscripts/render.py --theme song\n"
                        "```\n")
    put(direct, "scripts/render.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    assert [d.severity for d in _of(_lint(direct), "script-not-executable")] == [
        Severity.ERROR]


def test_own_data_under_a_name_the_agent_reserves_is_a_warning(make_skill: MakeSkill) -> None:
    # drupadsachania/aegis-skills (sixty-second sample): "context:" holding catalogue tags,
    # which Claude Code ignores (it loads the skill, checked with the real agent); a value
    # that misses the choice (`context: forked`) stays an error
    for extra, severity in (("context:\n  environments: [enterprise, cloud]\n", "warning"),
                            ("context: [a, b]\n", "warning"),
                            ("context: forked\n", "error")):
        skill = make_skill("tags", "name: tags\ndescription: Tags things. Use when asked.\n"
                           + extra)
        found = _of(_lint(skill), "field-value")
        assert [d.severity.value for d in found] == [severity], extra


# --------------------------------------------------------------------------- home-path


def test_home_paths_in_data_samples_and_fences_are_not_reported(make_skill: MakeSkill) -> None:
    skill = make_skill(
        "bench",
        body="# Bench\n\nOutput looks like:\n\n```\n$ ls /Users/alice/projects/\n```\n",
    )
    # a benchmark result: one JSON file gave 169 findings
    put(skill, "benchmarks/result.json",
        "\n".join(f'{{"path": "/Users/alice/run/{i}.txt"}}' for i in range(169)) + "\n", 0o644)
    put(skill, ".devcontainer/devcontainer.json", '{"mounts": ["/home/bob/.ssh/"]}\n', 0o644)
    put(skill, "examples/output.md", "Saved to /home/carol/out/report.pdf\n", 0o644)
    assert _of(_lint(skill), "home-path") == []


def test_home_path_is_one_finding_per_file(make_skill: MakeSkill) -> None:
    skill = make_skill(
        "homes", body="# Homes\n\nRun /Users/alice/a/x.py\nthen /Users/alice/b/y.py\n"
    )
    put(skill, "scripts/run.sh", "#!/bin/sh\ncd /home/bob/x/\ncd /home/bob/y/\n", 0o755)
    found = _of(_lint(skill), "home-path")
    assert len(found) == 2
    assert all("(and 1 more in this file)" in d.message for d in found)


# --------------------------------------------------------------------------- names


def test_a_bad_name_is_one_finding_with_a_valid_hint(tmp_path: Path, make_skill: MakeSkill) -> None:
    # obra/superpowers (older): name: Root Cause Tracing in root-cause-tracing/
    cases = {
        "root-cause-tracing": ("Root Cause Tracing", "name: root-cause-tracing"),
        "Bad_Name": ("Bad_Name", "name: bad-name (and rename the folder to 'bad-name')"),
        "defense-in-depth": ("Defense-in-Depth Validation",
                             "name: defense-in-depth-validation (and rename the folder to "
                             "'defense-in-depth-validation'), or name: defense-in-depth"),
    }
    for folder, (name, hint) in cases.items():
        skill = make_skill(folder, f"name: {name}\ndescription: Finds bugs. Use when debugging.\n")
        found = [d for d in _lint(skill) if d.rule.startswith("name-")]
        assert [(d.rule, d.hint) for d in found] == [("name-charset", hint)], folder
    assert suggested_name("Root Cause Tracing") == "root-cause-tracing"
    assert all(is_valid_name(suggested_name(n) or "") for n in ("Bad_Name", "--x__y--", "Ünïcode"))


def test_dir_mismatch_hint_never_proposes_an_invalid_folder(make_skill: MakeSkill) -> None:
    skill = make_skill("My Skill", "name: my-skill\ndescription: Does it. Use when asked.\n")
    (diag,) = _of(_lint(skill), "name-dir-mismatch")
    assert diag.hint == "rename the directory to 'my-skill'"


# --------------------------------------------------------------------------- structure


def test_markdown_with_a_rule_and_no_frontmatter_is_no_frontmatter(make_skill: MakeSkill) -> None:
    skill = make_skill(
        "notes",
        raw=b"# Title\n\nIntro.\n\n---\n\n## Usage\n\nDo: this\nand: [that\n\n---\n\nEnd\n",
    )
    found = {d.rule for d in _lint(skill)}
    assert "no-frontmatter" in found
    assert not found & {"yaml-syntax", "leading-content", "name-missing", "unknown-field",
                        "parser-divergence"}


def test_a_nested_skills_files_are_reported_once(tmp_path: Path, make_skill: MakeSkill) -> None:
    outer = make_skill("outer", body="# Outer\n\nRun ./scripts/o.sh\n")
    put(outer, "scripts/o.sh", "#!/bin/sh\necho\n", 0o755)
    inner = make_skill("inner", root=outer, body="# Inner\n\nRun ./scripts/i.sh\n")
    put(inner, "scripts/i.sh", "#!/bin/sh\ncd /home/bob/work/\n", 0o644)
    found = _lint(tmp_path)
    assert len(_of(found, "script-not-executable")) == 1
    assert len(_of(found, "home-path")) == 1
    assert _of(found, "missing-skill-md") == []  # outer/scripts is outer's, not a lost skill


# --------------------------------------------------------------------------- argument-hint


def test_a_list_argument_hint_is_the_copilot_clis_drop_not_claude_codes(
        make_skill: MakeSkill) -> None:
    # coroboros/agent-skills skills/claude-md/SKILL.md line 5 (run with the real agents:
    # Claude Code 2.1.332 loads it and shows the list as text; the Copilot CLI 1.0.102 drops
    # the skill): the error used to name Claude Code's schema
    skill = make_skill("claude-md", "name: claude-md\ndescription: Writes CLAUDE.md files. Use "
                       "when asked.\nargument-hint: [init | optimize | revise | task "
                       "description]\n")
    assert _of(_lint(skill, agents=("claude-code",)), "field-value") == []
    (div,) = _of(_lint(skill, agents=("copilot-cli",)), "parser-divergence")
    assert div.severity is Severity.ERROR and div.line == 4
    assert "GitHub Copilot CLI (argument-hint is a list, not a string)" in div.message
    assert div.hint is not None and div.hint.startswith("quote argument-hint")
    (note,) = _of(_lint(skill, agents=("claude-code",)), "parser-divergence")
    assert note.severity is Severity.INFO  # no chosen agent drops it
    # a map is no text for Claude Code either: it would show "[object Object]"
    mapped = make_skill("mapped", "name: mapped\ndescription: Maps. Use when asked.\n"
                        "argument-hint: {file: a path}\n")
    (bad,) = _of(_lint(mapped, agents=("claude-code",)), "field-value")
    assert "expected text (a string, a number or a boolean) or a list of them" in bad.message


# --------------------------------------------------------------------------- examples


def test_an_example_kept_in_another_skills_examples_folder_is_a_warning(
        make_skill: MakeSkill, tmp_path: Path) -> None:
    # HTRamsey/claude-config skills/skill-creator/examples/example-skill/SKILL.md: a sample
    # without frontmatter (its format keeps metadata in metadata.yml), kept by skill-creator
    creator = make_skill("skill-creator", "name: skill-creator\ndescription: Creates skills. "
                         "Use when asked for a new skill.\n", root=tmp_path / "skills")
    put(creator, "examples/example-skill/SKILL.md",
        "# Example Skill\n\nBrief description of what this skill teaches.\n\n- [ ] Step 1\n",
        0o644)
    # a nested skill with no frontmatter that is no example stays an error, as does a skill
    put(creator, "parts/inner/SKILL.md", "# Inner\n\nNo frontmatter.\n", 0o644)
    put(tmp_path / "skills", "bare/SKILL.md", "# Bare\n\nNo frontmatter.\n", 0o644)
    found = _of(_lint(tmp_path / "skills"), "no-frontmatter")
    by_dir = {Path(d.path).parent.name: d for d in found}
    assert by_dir["example-skill"].severity is Severity.WARNING
    assert "example the skill 'skill-creator' keeps" in by_dir["example-skill"].message
    assert by_dir["inner"].severity is Severity.ERROR
    assert by_dir["bare"].severity is Severity.ERROR
