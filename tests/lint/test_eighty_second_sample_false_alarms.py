"""The eighty-second to eighty-fifth hand samples' false errors (issue 16,
docs/rule-precision.md), rebuilt from the lines that raised them, beside the shapes that must
stay an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import put
from tests.lint.sampled import found as _found

_STUDIO = ("---\nname: diagram-studio\ndescription: Draw architecture and flow diagrams. Use "
           "when asked for a diagram.\n---\nDraw it.\n")


@pytest.mark.parametrize(("readme", "severity"), [
    # zzhang82/diagram-skills README.md:87: the repository is the skill, and its README
    # names the folder to install it in
    ("When installing this repository into a Codex skills directory, use a folder named "
     "`diagram-studio` so the folder matches the skill name in `SKILL.md`.\n", "info"),
    ("Rename the directory to diagram-studio after cloning.\n", "info"),
    ("Install it as `diagram-studio` in ~/.codex/skills.\n", "info"),
    # the folder named is another one, or the repository is cloned in as it is
    ("Use a folder named `diagram-studio-v2`.\n", "error"),
    ("use a folder named `diagram-studio`\n\n"
     "git clone https://github.com/zzhang82/diagram-skills ~/.codex/skills/\n", "error"),
    # nothing about installing
    ("# Diagram studio\n\nDraws diagrams.\n", "error"),
])
def test_a_repository_skill_whose_readme_names_its_install_folder(
        tmp_path: Path, readme: str, severity: str) -> None:
    repo = tmp_path / "diagram-skills"
    put(repo, "SKILL.md", _STUDIO, 0o644)
    put(repo, "README.md", readme, 0o644)
    assert _found(repo, "name-dir-mismatch") == {("SKILL.md", 2): severity}


def test_inside_a_skills_folder_the_prose_does_not_rename_it(tmp_path: Path) -> None:
    repo = tmp_path / ".agents" / "skills" / "diagram-skills"
    put(repo, "SKILL.md", _STUDIO, 0o644)
    put(repo, "README.md", "use a folder named `diagram-studio`\n", 0o644)
    assert _found(repo, "name-dir-mismatch") == {("SKILL.md", 2): "error"}


_MUSTACHE = "---\nname: {{name}}\ndescription: {{description}}\n---\nScan {{name}}.\n"


def test_a_template_an_installer_renders(tmp_path: Path) -> None:
    # manojsingh/compliance-skills a11y-scan/agents/copilot/SKILL.md (ninety-second sample):
    # install.mjs fills {{name}} and {{description}} in and writes .github/skills/a11y-scan/
    source = tmp_path / "compliance-skills" / "a11y-scan" / "agents" / "copilot"
    put(source, "SKILL.md", _MUSTACHE, 0o644)
    assert _found(source, "name-type") == {("SKILL.md", 2): "info"}
    assert _found(source, "description-type") == {("SKILL.md", 3): "info"}
    # rendered nowhere: in a folder agents load skills from it is loaded as it stands
    loaded = tmp_path / "app" / ".github" / "skills" / "a11y-scan"
    put(loaded, "SKILL.md", _MUSTACHE, 0o644)
    assert _found(loaded, "name-type") == {("SKILL.md", 2): "error"}
    assert _found(loaded, "description-type") == {("SKILL.md", 3): "error"}
    # a mapping that is no placeholder stays an error
    mapped = tmp_path / "other" / "scan"
    put(mapped, "SKILL.md", "---\nname: {en: scan}\ndescription: {en: Scan it.}\n---\nX\n",
        0o644)
    assert _found(mapped, "name-type") == {("SKILL.md", 2): "error"}
    assert _found(mapped, "description-type") == {("SKILL.md", 3): "error"}


def test_a_template_folder_named_in_capitals(tmp_path: Path) -> None:
    # amurthygithub/Audit-skills skills/TEMPLATE/SKILL.md: "copy this directory to start a
    # new skill"; a skill about templates keeps its error
    put(tmp_path / "skills" / "TEMPLATE", "SKILL.md",
        "---\nname: TEMPLATE\ndescription: Copy this directory to start a new skill.\n---\nX\n",
        0o644)
    put(tmp_path / "skills" / "Template-Engine", "SKILL.md",
        "---\nname: Template-Engine\ndescription: Render Jinja templates.\n---\nX\n", 0o644)
    assert _found(tmp_path / "skills" / "TEMPLATE", "name-case") == {("SKILL.md", 2): "info"}
    assert _found(tmp_path / "skills" / "Template-Engine", "name-case") == {
        ("SKILL.md", 2): "error"}


@pytest.mark.parametrize(("script", "severity"), [
    # amurthygithub/Audit-skills install.sh: the store's router skills/SKILL.md is copied
    # into a folder named after it
    ('SKILLS_DIR="$HOME/.config/opencode/skills/audit-category-pointer"\n'
     'mkdir -p "$SKILLS_DIR"\ncp "$SCRIPT_DIR/skills/SKILL.md" "$SKILLS_DIR/SKILL.md"\n', "info"),
    # the store copied as it is keeps the folder name skills/
    ('cp -r "$SCRIPT_DIR/skills" "$HOME/.config/opencode/skills/"\n', "error"),
])
def test_a_store_router_that_its_installer_names(tmp_path: Path, script: str,
                                                  severity: str) -> None:
    repo = tmp_path / "Audit-skills"
    put(repo / "skills", "SKILL.md", "---\nname: audit-category-pointer\ndescription: Routes "
        "audits to the right skill.\n---\nThis is a pointer skill.\n", 0o644)
    put(repo, "install.sh", "#!/bin/sh\n" + script, 0o755)
    assert _found(repo / "skills", "name-dir-mismatch") == {("SKILL.md", 2): severity}


_INSTALLER = ('#!/usr/bin/env bash\ninstall_to() {\n  local dest="$1"\n'
              '  for dir in "$SKILLS_SRC"/*/; do\n    local name; name=$(basename "$dir")\n'
              '    local target="$dest/onecrawler-$name"\n    cp -r "$dir" "$target"\n'
              '  done\n}\n')


@pytest.mark.parametrize(("script", "plugin", "severity"), [
    # makexxoo/onecrawler-skills (ninety-sixth sample): install.sh copies each skill of the
    # repository's skills/ store to "$dest/onecrawler-$name", the name each one declares
    (_INSTALLER, False, "info"),
    # copied under the folder's own name, the mismatch is what agents get
    (_INSTALLER.replace("onecrawler-$name", "$name"), False, "error"),
    # a plugin's skills/ folder is loaded as it stands
    (_INSTALLER, True, "error"),
])
def test_a_store_whose_installer_prefixes_the_folder(tmp_path: Path, script: str, plugin: bool,
                                                     severity: str) -> None:
    repo = tmp_path / "onecrawler-skills"
    put(repo / "skills" / "data-posts", "SKILL.md", "---\nname: onecrawler-data-posts\n"
        "description: Lists a crawl's posts.\n---\nList them.\n", 0o644)
    put(repo, "install.sh", script, 0o755)
    if plugin:
        put(repo / ".claude-plugin", "plugin.json", '{"name": "onecrawler"}\n', 0o644)
    assert _found(repo / "skills" / "data-posts", "name-dir-mismatch") == {
        ("SKILL.md", 2): severity}


def test_a_sentence_in_parentheses_names_a_script(
        tmp_path: Path) -> None:
    # Albus-White/spark-to-paper-skills ts-figure-optimize (ninety-fourth sample): a prose
    # aside in a plain block. A list item's synopsis `scripts/init_workspace.py <target-dir>`
    # beside `python scripts/other.py` stays an error: the ninety-fifth sample judged that
    # shape false, the eighth and eighty-fourth true (the agent's first run fails)
    skill = tmp_path / "figures"
    put(skill, "SKILL.md", (
        "---\nname: figures\ndescription: Optimise figures.\n---\n# Figures\n\n"
        "```bash\npython scripts/other.py --all\n```\n\n"
        "1. `scripts/init_workspace.py <target-dir>`\n\n"
        "```\n1. Compare the renders.\n   (scripts/diff_overlay.py heatmap + SSIM only say "
        "WHERE to look first.)\n```\n\n"
        "```\n(scripts/run_now.sh --source s.png)\n```\n\n"
        "Then `scripts/init_now.py out/` to finish.\n"), 0o644)
    for name in ("other.py", "init_workspace.py", "diff_overlay.py", "init_now.py"):
        put(skill, f"scripts/{name}", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    put(skill, "scripts/run_now.sh", "#!/bin/sh\necho 1\n", 0o644)
    assert _found(skill, "script-not-executable") == {
        ("init_workspace.py", 1): "error", ("diff_overlay.py", 1): "warning",
        ("run_now.sh", 1): "error", ("init_now.py", 1): "error"}


def test_no_skill_found_names_the_skills_a_gitignore_leaves_out(tmp_path: Path) -> None:
    # songjinghe/research-units-pipeline-skills (hundred-and-first sample), downloaded
    # without .git: its .gitignore line `skills/` also hides .codex/skills/
    from skillctl.errors import UsageError
    from skillctl.lint.engine import LintOptions, lint_paths

    repo = tmp_path / "pipeline-skills"
    put(repo, ".gitignore", "skills/\n", 0o644)
    for name in ("survey", "anchor"):
        put(repo / ".codex" / "skills" / name, "SKILL.md",
            f"---\nname: {name}\ndescription: Does {name}.\n---\nX\n", 0o644)
    with pytest.raises(UsageError) as raised:
        lint_paths(LintOptions(paths=(repo,), use_cache=False))
    message = str(raised.value)
    assert message.startswith("no skill found")
    assert "a .gitignore leaves out" in message and "anchor" in message and "\n" not in message
    # a tree with no skill at all says nothing more
    empty = tmp_path / "empty"
    put(empty, ".gitignore", "skills/\n", 0o644)
    with pytest.raises(UsageError) as raised:
        lint_paths(LintOptions(paths=(empty,), use_cache=False))
    assert "leaves out" not in str(raised.value)


def test_a_skill_s_test_inputs_are_no_skills(tmp_path: Path) -> None:
    # ldw85/autoads-skills yoder-skill-auditor (hundred-and-sixth sample): the auditor's
    # tests/malicious-basic/SKILL.md, "# Weather Fetcher", is scanner input; a frontmatter-
    # less SKILL.md of its own, or under a tests/ folder no skill holds, stays an error
    skills = tmp_path / "skills"
    put(skills / "auditor", "SKILL.md", "---\nname: auditor\ndescription: Audits skills.\n"
        "---\nAudit.\n", 0o644)
    put(skills / "auditor" / "tests" / "malicious-basic", "SKILL.md", "# Weather Fetcher\n",
        0o644)
    put(skills / "ad-verification", "SKILL.md", "# Ad verification\n", 0o644)
    put(tmp_path / "tests" / "loose", "SKILL.md", "# Loose\n", 0o644)
    found = {
        where: _found(path, "no-frontmatter")
        for where, path in (("kept", skills / "auditor" / "tests" / "malicious-basic"),
                            ("own", skills / "ad-verification"),
                            ("loose", tmp_path / "tests" / "loose"))}
    assert found == {"kept": {("SKILL.md", 1): "warning"}, "own": {("SKILL.md", 1): "error"},
                     "loose": {("SKILL.md", 1): "error"}}


@pytest.mark.parametrize(("skills", "severity"), [
    # sergebulaev/facebook-skills .codex-marketplace/facebook-skills (hundred-and-seventh
    # sample): a generated copy of the root SKILL.md at the top of a Codex package whose
    # manifest loads ./skills/
    ('"./skills/"', "info"),
    ('["./skills/", "./extra/"]', "info"),
    # a manifest that loads the root itself, or names no skills folder, keeps the error
    ('"./"', "error"),
    (None, "error"),
])
def test_the_root_of_a_plugin_that_loads_skills_elsewhere(tmp_path: Path, skills: str | None,
                                                           severity: str) -> None:
    package = tmp_path / ".codex-marketplace" / "facebook-skills"
    put(package, "SKILL.md", "---\nname: facebook-marketing\ndescription: Facebook Pages "
        "marketing.\n---\nSee the skills.\n", 0o644)
    manifest = '{"name": "facebook-skills"' + (f', "skills": {skills}' if skills else "") + "}\n"
    put(package / ".codex-plugin", "plugin.json", manifest, 0o644)
    assert _found(package, "name-dir-mismatch") == {("SKILL.md", 2): severity}


def test_a_plugin_root_its_readme_clones_into_a_skills_folder_stays_an_error(
        tmp_path: Path) -> None:
    # the same repository's root SKILL.md (hundred-and-seventh sample, judged true): its
    # README clones the repository into ~/.hermes/skills/facebook-skills, where it is a skill
    repo = tmp_path / "facebook-skills"
    put(repo, "SKILL.md", "---\nname: facebook-marketing\ndescription: Facebook Pages "
        "marketing.\n---\nSee the skills.\n", 0o644)
    put(repo / ".codex-plugin", "plugin.json", '{"name": "x", "skills": "./skills/"}\n', 0o644)
    put(repo, "README.md", "git clone https://github.com/sergebulaev/facebook-skills.git "
        "~/.hermes/skills/facebook-skills\n", 0o644)
    assert _found(repo, "name-dir-mismatch") == {("SKILL.md", 2): "error"}
