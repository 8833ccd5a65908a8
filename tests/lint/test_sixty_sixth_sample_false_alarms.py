"""The sixty-sixth and sixty-seventh hand samples' false error (issue 16,
docs/rule-precision.md), rebuilt from the lines that raised it, beside the shapes that must
stay an error: a repository's own skill whose README installs it under its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import put
from tests.lint.sampled import found as _found

_QEDGEN = ("---\nname: qedgen\ndescription: Formal verification for Solana programs. Use when "
           "asked to prove a program correct.\n---\nRun the tool.\n")
_BY_PATH = _QEDGEN.replace("Run the tool.",
                           'QEDGEN="$HOME/.agents/skills/qedgen/tools/qedgen"\n$QEDGEN check')


@pytest.mark.parametrize(("readme", "skill_md", "severity"), [
    # QEDGen/solana-skills: the README's only install route is the skills CLI, which names
    # the installed folder after the frontmatter name
    ("## Install\n\n```bash\nnpx skills add qedgen/solana-skills\n```\n", _QEDGEN, "info"),
    ("Install with `bunx skills@latest add qedgen/solana-skills -g`.\n", _QEDGEN, "info"),
    # the skill's own text names its install path
    ("# Solana skills\n", _BY_PATH, "info"),
    # cloned as it is into a skills folder, the folder keeps the repository's name
    ("npx skills add qedgen/solana-skills\n\nor\n\n"
     "git clone https://github.com/qedgen/solana-skills ~/.claude/skills/\n", _QEDGEN, "error"),
    ("npx skills add qedgen/solana-skills\n\n"
     "git clone https://github.com/qedgen/solana-skills ~/.claude/skills/solana-skills\n",
     _QEDGEN, "error"),
    ("Copy or symlink this directory into your Claude Code skills folder.\n\n"
     "npx skills add qedgen/solana-skills\n", _QEDGEN, "error"),
    # no install route at all: the folder is all there is to compare with
    ("# Solana skills\n\nFormal verification.\n", _QEDGEN, "error"),
    # a clone of its own name is no skills folder
    ("git clone https://github.com/qedgen/solana-skills solana-skills\n"
     "npx skills add qedgen/solana-skills\n", _QEDGEN, "info"),
])
def test_a_repository_skill_that_its_readme_installs_under_its_name(
        tmp_path: Path, readme: str, skill_md: str, severity: str) -> None:
    repo = tmp_path / "solana-skills"
    put(repo, "SKILL.md", skill_md, 0o644)
    put(repo, "README.md", readme, 0o644)
    put(repo, "Cargo.toml", "[workspace]\n", 0o644)
    assert _found(repo, "name-dir-mismatch") == {("SKILL.md", 2): severity}


def test_inside_a_skills_folder_the_folder_is_what_agents_load(tmp_path: Path) -> None:
    # the same repository cloned into ~/.claude/skills/: Claude Code names it /solana-skills
    repo = tmp_path / ".claude" / "skills" / "solana-skills"
    put(repo, "SKILL.md", _QEDGEN, 0o644)
    put(repo, "README.md", "npx skills add qedgen/solana-skills\n", 0o644)
    assert _found(repo, "name-dir-mismatch") == {("SKILL.md", 2): "error"}


def test_the_message_says_which_route_names_the_folder(tmp_path: Path) -> None:
    from skillctl.lint.engine import LintOptions, lint_paths

    repo = tmp_path / "solana-skills"
    put(repo, "SKILL.md", _QEDGEN, 0o644)
    put(repo, "README.md", "npx skills add qedgen/solana-skills\n", 0o644)
    report = lint_paths(LintOptions(paths=(repo,), use_cache=False,
                                    select=("name-dir-mismatch",)))
    assert [d.message for d in report.diagnostics] == [
        "Directory name 'solana-skills' differs from skill name 'qedgen' (the repository's own "
        "folder: README.md installs it with the skills CLI (`skills add`), which names the "
        "installed folder 'qedgen/')"]
