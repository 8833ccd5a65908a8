"""Trees for the tests that pin what a probe of the real agents found (tests/test_*_verified.py):
a git project and an empty home, and a skill of one SKILL.md whose body names its folder."""

from __future__ import annotations

from pathlib import Path


def skill_file(root: Path, folder: str, fields: str) -> Path:
    """``root/folder/SKILL.md`` with the frontmatter ``fields`` and one body line."""
    entry = root / folder / "SKILL.md"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(f"---\n{fields}\n---\nBody line of {folder}.\n", encoding="utf-8")
    return entry


def project_and_home(tmp_path: Path) -> tuple[Path, Path]:
    """A git project and an empty home below ``tmp_path``."""
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return project, home
