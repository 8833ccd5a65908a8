"""The twenty-sixth, twenty-seventh and twenty-ninth hand samples' false errors (issue 16,
docs/rule-precision.md), rebuilt from the lines that raised them, each beside the shape that
must stay an error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillctl.lint.engine import LintOptions, lint_paths
from tests.conftest import put
from tests.lint.sampled import MakeSkill
from tests.lint.sampled import found as _found

# --------------------------------------------------------------------------- twenty-sixth

_SEARCH = "---\nname: research-pro\ndescription: Searches. Use when researching.\n---\n"


@pytest.mark.parametrize(("code", "severity"), [
    # mfang0126/openclaw-skills research-pro/scripts/selftest.mjs:133: `argv: [` then
    # `"./grok_search.mjs",` alone on its line, the list given to spawn(process.execPath, ...)
    ('tests.push(testJson({\n  argv: [\n    "./grok_search.mjs",\n    "clawdbot",\n'
     '    "--x",\n  ],\n}));', "warning"),
    ('const argv = [\n  "--web",\n  "./grok_search.mjs",\n];', "warning"),
    # the first item of a list an exec call opens is the program it runs
    ('spawn([\n  "./grok_search.mjs",\n  "--web",\n]);', "error"),
    ('execFileSync(\n  "./grok_search.mjs",\n  ["--web"],\n);', "error"),
])
def test_a_path_alone_on_a_line_of_a_list_in_code(make_skill: MakeSkill, code: str,
                                                  severity: str) -> None:
    skill = make_skill("research-pro", raw=(_SEARCH + "Use the xAI API with curl.\n").encode())
    put(skill, "scripts/grok_search.mjs", "#!/usr/bin/env node\nconsole.log(1);\n", 0o644)
    put(skill, "scripts/selftest.mjs", "#!/usr/bin/env node\n" + code + "\n", 0o755)
    assert _found(skill, "script-not-executable") == {("grok_search.mjs", 1): severity}


# --------------------------------------------------------------------------- twenty-seventh

_PLANNING = "---\nname: planning\ndescription: Plans with files. Use when planning.\n---\n"


@pytest.mark.parametrize(("line", "severity"), [
    # othmanadi/planning-with-files (in ToshiyaTsubonishi/ai-config) SKILL.md:66: the
    # substitution is the command word, the interpreter it looks up runs the script
    ('$(command -v python3 || command -v python) ${CLAUDE_PLUGIN_ROOT}/scripts/'
     'session-catchup.py "$(pwd)"', None),
    ("$(which python3) scripts/session-catchup.py", None),
    # an argument of a program the text does not name: how it runs is not said
    ("$(get-runner) scripts/session-catchup.py", "warning"),
    # the substitution is part of the path, or a command before `&&`: the script is the command
    ('"$(dirname "$0")/scripts/session-catchup.py" --go', "error"),
    ("$(plugin-root planning)/scripts/session-catchup.py", "error"),
    ("$(true) && ./scripts/session-catchup.py", "error"),
])
def test_a_substitution_that_is_the_command_word(make_skill: MakeSkill, line: str,
                                                 severity: str | None) -> None:
    skill = make_skill("planning", raw=(_PLANNING + "\n```bash\n" + line + "\n```\n").encode())
    put(skill, "scripts/session-catchup.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    found = _found(skill, "script-not-executable")
    assert found == ({} if severity is None else {("session-catchup.py", 1): severity})


def test_skills_a_repository_keeps_as_test_data_are_left_out(tmp_path: Path) -> None:
    # muidea/skill-hub tests/e2e/data/test_skills/my-logic-skill/SKILL.md: input of the
    # repository's own end-to-end tests, no frontmatter on purpose
    repo = tmp_path / "skill-hub"
    put(repo, "tests/e2e/data/test_skills/my-logic-skill/SKILL.md",
        "# Logic Skill\n\nA skill that demonstrates logical operations.\n", 0o644)
    put(repo, "skills/real/SKILL.md",
        "---\nname: real\ndescription: Does real work. Use when working.\n---\nBody.\n", 0o644)
    report = lint_paths(LintOptions(paths=(repo,), use_cache=False))
    assert {Path(d.path).parent.name for d in report.diagnostics} <= {"real"}
    assert [r.path for r in report.results] == [str(repo / "skills/real/SKILL.md")]
    # named on the command line, the folder is linted whole
    named = lint_paths(LintOptions(paths=(repo / "tests/e2e/data/test_skills",),
                                   use_cache=False, select=("no-frontmatter",)))
    assert [d.rule for d in named.diagnostics] == ["no-frontmatter"]
    # a skill named test-skills (the folder holds its own SKILL.md) is linted
    put(repo, "skills/test-skills/SKILL.md", "# Test skills\n", 0o644)
    again = lint_paths(LintOptions(paths=(repo,), use_cache=False, select=("no-frontmatter",)))
    assert [Path(d.path).parent.name for d in again.diagnostics] == ["test-skills"]


# --------------------------------------------------------------------------- twenty-ninth

@pytest.mark.parametrize(("field", "severity"), [
    # pingshian0131/ai-agent-skill-collections-public self-improving-agent: "metadata:" with
    # nothing after it; skills-ref and every agent run read it as left out
    ("metadata:", "info"),
    ("license:", "info"),
    ("metadata: internal", "error"),
    ("metadata: [a, b]", "error"),
    ("license: 2", "error"),
])
def test_an_empty_field_is_a_field_left_out(make_skill: MakeSkill, field: str,
                                            severity: str) -> None:
    skill = make_skill("self-improving", f"name: self-improving\ndescription: Improves. Use "
                       f"when asked.\n{field}\n")
    assert _found(skill, "field-type") == {("SKILL.md", 4): severity}


@pytest.mark.parametrize(("folders", "name", "severity"), [
    # pinpox/skill-collection gitea/skill/SKILL.md: a Nix package's source folder, installed
    # as share/skills/gitea
    (("gitea", "skill"), "gitea", "info"),
    (("gitea", "skill"), "zulip", "error"),  # the parent does not have the name either
    (("tools", "gitea-skill"), "gitea", "error"),  # not the generic folder name
])
def test_a_package_s_skill_folder_under_its_name(tmp_path: Path, folders: tuple[str, str],
                                                 name: str, severity: str) -> None:
    skill = tmp_path.joinpath(*folders)
    put(skill, "SKILL.md", f"---\nname: {name}\ndescription: Talks to {name}. Use when "
        "asked.\n---\nBody.\n", 0o644)
    assert _found(skill, "name-dir-mismatch") == {("SKILL.md", 2): severity}


@pytest.mark.parametrize(("usage", "severity"), [
    # SleepGod8/hermes-skills comfyui references/rest-api.md:181, "`scripts/ws_monitor.py
    # --previews <dir>` saves preview frames", the script's docstring "python3 ws_monitor.py"
    ('"""Watch a run.\n\nUsage: python3 ws_monitor.py --previews ./previews\n"""\n', "warning"),
    ('"""Usage: python scripts/ws_monitor.py --previews DIR"""\n', "warning"),
    # TechNickAI/hermes-skills moa-solve fitlog.py: its own usage runs it bare (true)
    ('"""Usage: ws_monitor.py init"""\n', "error"),
    ("", "error"),
])
def test_a_script_s_own_usage_line_beside_inline_code_in_prose(
        make_skill: MakeSkill, usage: str, severity: str) -> None:
    skill = make_skill("comfyui", body="# Monitor\n\n`scripts/ws_monitor.py --previews <dir>` "
                       "saves preview frames to disk.\n")
    put(skill, "scripts/ws_monitor.py", "#!/usr/bin/env python3\n" + usage + "print(1)\n",
        0o644)
    assert _found(skill, "script-not-executable") == {("ws_monitor.py", 1): severity}


def test_a_script_s_own_usage_does_not_soften_a_command_block(make_skill: MakeSkill) -> None:
    skill = make_skill("comfyui", body="```bash\nscripts/ws_monitor.py --previews out\n```\n")
    put(skill, "scripts/ws_monitor.py", '#!/usr/bin/env python3\n"""Usage: python3 '
        'ws_monitor.py"""\n', 0o644)
    assert _found(skill, "script-not-executable") == {("ws_monitor.py", 1): "error"}


# --------------------------------------------------------------------------- thirtieth

def test_modules_a_tool_s_manifest_names_are_not_skills(tmp_path: Path) -> None:
    # meriley/claude-code-skills skills/claude-skills-go: a hook package whose manifest.json
    # names "naming-convention/Skill.md"; its resolver picks the modules a hook injects
    repo = tmp_path / "repo"
    package = repo / "skills" / "claude-skills-go"
    put(package, "manifest.json", '{"always": ["naming-convention/Skill.md"]}\n', 0o644)
    for module in ("naming-convention", "control-flow"):
        put(package, f"{module}/Skill.md", "---\ndescription: Reviews Go code.\n---\nBody.\n",
            0o644)
    # a skill whose only entry file is Skill.md, named by no manifest, stays an error
    put(repo / "skills", "reviewing-design-docs/Skill.md",
        "---\nname: reviewing-design-docs\ndescription: Reviews docs. Use when asked.\n---\n",
        0o644)
    report = lint_paths(LintOptions(paths=(repo,), use_cache=False,
                                    select=("skill-md-case", "name-missing")))
    assert {(Path(d.path).parent.name, d.rule) for d in report.diagnostics} == {
        ("reviewing-design-docs", "skill-md-case")}


def test_a_skill_kept_in_another_skill_s_assets(tmp_path: Path) -> None:
    # cybersaksham/openai-skills write-product-specs/assets/project-template/skills/
    # maintain-specifications: a payload whose script copies references/ beside it
    parent = tmp_path / "write-product-specs"
    put(parent, "SKILL.md", "---\nname: write-product-specs\ndescription: Writes specs. Use "
        "when asked.\n---\nBody.\n", 0o644)
    kept = parent / "assets" / "project-template" / "skills" / "maintain-specifications"
    put(kept, "SKILL.md", "---\nname: maintain-specifications\ndescription: Maintains specs. "
        "Use when asked.\n---\n\n1. [Standard](references/documentation-standard.md)\n", 0o644)
    assert _found(kept, "broken-reference") == {("SKILL.md", 6): "warning"}
    alone = tmp_path / "skills" / "maintain-specifications"
    put(alone, "SKILL.md", "---\nname: maintain-specifications\ndescription: Maintains specs. "
        "Use when asked.\n---\n\n1. [Standard](references/documentation-standard.md)\n", 0o644)
    assert _found(alone, "broken-reference") == {("SKILL.md", 6): "error"}


@pytest.mark.parametrize(("where", "severity"), [
    # cookieMonsterDev/agents-skills templates/architecture-template: `name: {skill-name}`
    ("templates/architecture-template", "info"),
    ("skills/architecture", "error"),  # a skill folder: the name really is a mapping
])
def test_a_brace_placeholder_name_in_a_template(tmp_path: Path, where: str,
                                                severity: str) -> None:
    skill = tmp_path / where
    put(skill, "SKILL.md", "---\nname: {skill-name}\ndescription: Explains {domain}.\n---\n",
        0o644)
    assert _found(skill, "name-type") == {("SKILL.md", 2): severity}


# --------------------------------------------------------------------------- thirty-first

@pytest.mark.parametrize(("block", "severity"), [
    # oscar-CAO123/ai-in-action-skill-packs vhs-carousel SKILL.md:131: a plain block listing
    # the scripts, each with a description after two spaces or more
    ("```\nscripts/plates.py     stand-in plates\nscripts/dossier.py    the review dossier, "
     "self-contained HTML\n```\n", "warning"),
    # a shell block runs each line; an option after the path is a command's argument
    ("```bash\nscripts/plates.py     stand-in plates\nscripts/dossier.py    out\n```\n",
     "error"),
    ("```\nscripts/plates.py  --all\nscripts/dossier.py  --open\n```\n", "error"),
])
def test_a_plain_block_listing_files_with_descriptions(make_skill: MakeSkill, block: str,
                                                       severity: str) -> None:
    skill = make_skill("vhs-carousel", body="# Files\n\n" + block)
    put(skill, "scripts/dossier.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    assert _found(skill, "script-not-executable") == {("dossier.py", 1): severity}


def test_an_archive_of_retired_skills_is_left_out(tmp_path: Path) -> None:
    # sammasak .archived/vault-skills/vault-sync/SKILL.md: a retired skill, no frontmatter
    repo = tmp_path / "repo"
    put(repo, ".archived/vault-skills/vault-sync/SKILL.md", "# Vault sync\n", 0o644)
    put(repo, "skills/live/SKILL.md", "# Live\n", 0o644)
    report = lint_paths(LintOptions(paths=(repo,), use_cache=False,
                                    select=("no-frontmatter",)))
    assert [Path(d.path).parent.name for d in report.diagnostics] == ["live"]


def test_a_fifo_named_like_a_manifest_does_not_block_the_walk(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    package = repo / "skills" / "pkg"
    put(package, "mod/Skill.md", "---\ndescription: A module.\n---\nBody.\n", 0o644)
    os.mkfifo(package / "manifest.json")
    report = lint_paths(LintOptions(paths=(repo,), use_cache=False,
                                    select=("skill-md-case",)))
    assert [d.rule for d in report.diagnostics] == ["skill-md-case"]
