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
