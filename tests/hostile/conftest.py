"""Fixtures for the hostile-input suite: trees that clean up after themselves."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.generate import remove_tree


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
