"""Shared fixtures: real skill trees on disk and a CLI runner."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
#: The labelled corpus inside the repository (see its README): always there.
CORPUS = DATA / "corpus"
EXAMPLES = REPO / "examples"
#: A bigger corpus to run the same checks on, when one is available.
EXTRA_CORPUS_VARIABLE = "SKILLCTL_EXTRA_CORPUS"
SHARED_CORPUS = REPO.parent / "shared" / "corpus"


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


@pytest.fixture(scope="session", autouse=True)
def _ctrl_c_delivered() -> Iterator[None]:
    """Ctrl-C reaches the tests that send it, however the suite was started: a shell starts a
    background job (``pytest … &`` in a script) with SIGINT ignored, which the processes the
    tests spawn would inherit. A Python handler here becomes the default in those children."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


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


def skill_files(root: Path) -> list[Path]:
    """Every SKILL.md (any case) below ``root``, sorted."""
    return sorted(p for p in root.rglob("*") if p.name.lower() == "skill.md" and p.is_file())


def corpus_skill_files() -> list[Path]:
    """Every SKILL.md of the in-repository corpus (never empty: the tests rely on it)."""
    files = skill_files(CORPUS)
    assert len(files) > 40, f"the in-repository corpus {CORPUS} is missing or truncated"
    return files


def data_markdown_files() -> list[Path]:
    """The Markdown files under ``tests/data`` outside the corpus (golden cases)."""
    return sorted(
        p for p in DATA.rglob("*") if p.suffix.lower() == ".md" and CORPUS not in p.parents
    )


def real_markdown_files(corpus: Path) -> list[Path]:
    """The SKILL.md files of ``corpus``; with the in-repository one, the golden files too."""
    golden = data_markdown_files() if corpus == CORPUS else []
    return [*skill_files(corpus), *golden]


def extra_corpus() -> Path | None:
    """The optional bigger corpus: ``$SKILLCTL_EXTRA_CORPUS``, else ``../shared/corpus`` beside
    the clone, else None. A variable naming no folder is an error, not a silent skip."""
    named = os.environ.get(EXTRA_CORPUS_VARIABLE)
    if named:
        path = Path(named).expanduser().resolve()
        if not path.is_dir():
            raise pytest.UsageError(f"{EXTRA_CORPUS_VARIABLE}={named} is not a folder")
        return path
    return SHARED_CORPUS if SHARED_CORPUS.is_dir() else None


SKIP_EXTRA = (
    f"no extra corpus: set {EXTRA_CORPUS_VARIABLE} to a folder of skills (or put "
    "shared/corpus beside the clone) to run this on it"
)


def require_extra_corpus() -> Path:
    """The extra corpus, or skip the calling test saying how to provide one."""
    root = extra_corpus()
    if root is None:
        pytest.skip(SKIP_EXTRA)
    return root


@pytest.fixture(params=["corpus", "extra"], ids=["corpus", "extra"])
def corpus(request: pytest.FixtureRequest) -> Path:
    """The in-repository corpus, then the extra one (skipped, saying so, when absent)."""
    return CORPUS if request.param == "corpus" else require_extra_corpus()


def corpus_params() -> list[Any]:
    """Every SKILL.md of both corpora as pytest params (ids relative to their corpus); one
    skipped param stands for the extra corpus when it is absent."""
    params: list[Any] = [
        pytest.param(p, id=f"corpus/{p.relative_to(CORPUS).parent}") for p in corpus_skill_files()
    ]
    extra = extra_corpus()
    if extra is None:
        params.append(pytest.param(None, id="extra", marks=pytest.mark.skip(reason=SKIP_EXTRA)))
    else:
        params += [pytest.param(p, id=f"extra/{p.relative_to(extra).parent}")
                   for p in skill_files(extra)]
    return params
