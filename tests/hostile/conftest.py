"""Fixtures for the hostile-input suite: trees that clean up after themselves."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.generate import deep_dirs, remove_tree


@pytest.fixture
def hostile_root(tmp_path: Path) -> Iterator[Path]:
    """A folder for hostile cases, removed even when it holds 10,000-deep chains or mode 000."""
    root = tmp_path / "hostile"
    root.mkdir()
    yield root
    remove_tree(root)


@pytest.fixture
def shared_root() -> Iterator[Path]:
    """A world-readable folder (pytest's tmp_path is 0700), for runs as user ``nobody``."""
    root = Path(tempfile.mkdtemp(prefix="skillctl-hostile-"))
    os.chmod(root, 0o755)
    yield root
    remove_tree(root)


@pytest.fixture(scope="session")
def deep_chain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One 10,000-level folder chain per session, on tmpfs when there is one.

    Creating and removing 10,000 folders takes a second on tmpfs but up to a minute on a
    busy disk, so the chain is built once and shared (tests only read it).
    """
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        base = Path(tempfile.mkdtemp(prefix="skillctl-deep-", dir=shm))
    else:  # pragma: no cover - depends on the machine
        base = tmp_path_factory.mktemp("deep")
    top = deep_dirs(base)
    yield top
    remove_tree(base)
