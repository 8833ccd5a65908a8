"""Shared fixtures: real skill trees on disk and a CLI runner."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"
EXAMPLES = REPO / "examples"


def write_skill(
    root: Path,
    name: str,
    frontmatter: str | None = None,
    body: str = "# Title\n\nBody.\n",
    *,
    entry: str = "SKILL.md",
    raw: bytes | None = None,
) -> Path:
    """Create ``root/name/SKILL.md`` and return the skill directory."""
    directory = root / name
    directory.mkdir(parents=True, exist_ok=True)
    if raw is None:
        fm = (
            frontmatter
            if frontmatter is not None
            else (
                f"name: {name}\n"
                f"description: Does {name} things. Use when the user asks for {name}.\n"
            )
        )
        raw = f"---\n{fm}---\n{body}".encode()
    (directory / entry).write_bytes(raw)
    return directory


@pytest.fixture(scope="session")
def _session_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("skillctl-cache")


@pytest.fixture(autouse=True)
def _private_cache_dir(_session_cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never read or write the user's real lint cache (~/.cache/skillctl)."""
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(_session_cache_dir))


@pytest.fixture
def make_skill(tmp_path: Path) -> Callable[..., Path]:
    """Factory writing skills below ``tmp_path`` (or a given root)."""

    def factory(
        name: str,
        frontmatter: str | None = None,
        body: str = "# Title\n\nBody.\n",
        *,
        root: Path | None = None,
        entry: str = "SKILL.md",
        raw: bytes | None = None,
    ) -> Path:
        return write_skill(root or tmp_path, name, frontmatter, body, entry=entry, raw=raw)

    return factory


def put(skill: Path, rel: str, text: str | bytes, mode: int = 0o755) -> Path:
    """Write a file inside a skill (parents created) with the given mode."""
    path = skill / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        path.write_text(text)
    else:
        path.write_bytes(text)
    path.chmod(mode)
    return path


def corpus_skill_files() -> list[Path]:
    """Every SKILL.md in the shared corpus (empty when the corpus is absent)."""
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.name.lower() == "skill.md" and p.is_file())
