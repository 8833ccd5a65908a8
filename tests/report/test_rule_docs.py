"""docs/rules.md is generated from the rule docstrings and must match the code."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from skillctl.lint.registry import all_rules
from tests.conftest import REPO

DOCS = REPO / "docs" / "rules.md"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_rule_docs",
                                                  REPO / "scripts" / "gen_rule_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_docs_match_the_code() -> None:
    expected = _generator().render()
    actual = DOCS.read_text(encoding="utf-8") if DOCS.exists() else ""
    assert actual == expected, "docs/rules.md is stale: run python scripts/gen_rule_docs.py"


def test_every_rule_has_a_section() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for rule in all_rules():
        assert f"\n## {rule.id}\n" in text
        assert f"](#{rule.id})" in text


def test_check_mode_passes_on_the_committed_file() -> None:
    assert _generator().main(["--check"]) == 0


def test_check_mode_catches_drift_and_regeneration_fixes_it(tmp_path: Path) -> None:
    generator = _generator()
    generator.TARGET = tmp_path / "docs" / "rules.md"
    assert generator.main(["--check"]) == 1  # missing
    generator.TARGET.parent.mkdir()
    generator.TARGET.write_text("stale\n", encoding="utf-8")
    assert generator.main(["--check"]) == 1
    assert generator.main([]) == 0
    assert generator.main(["--check"]) == 0
    assert generator.TARGET.read_bytes() == DOCS.read_bytes()
