"""--baseline: record once, then report only new findings; line moves do not matter."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl.errors import ConfigError
from skillctl.lint.engine import LintOptions, lint_paths


def _run(root: Path, baseline: Path) -> list[str]:
    report = lint_paths(LintOptions(paths=(root,), baseline=baseline, use_cache=False))
    return [d.rule for d in report.diagnostics]


def test_baseline_written_then_only_new_findings(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    root = tmp_path / "skills"
    make_skill("old", "name: Old\ndescription: Does it. Use when asked.\n", root=root)
    baseline = tmp_path / "baseline.json"
    assert _run(root, baseline) == []
    data = json.loads(baseline.read_text())
    assert data["version"] == 1
    # one bad name is one finding (issue 16): name-case, not name-dir-mismatch as well
    assert {f["rule"] for f in data["findings"]} >= {"name-case"}
    assert "name-dir-mismatch" not in {f["rule"] for f in data["findings"]}
    assert all(f["path"] == "skills/old/SKILL.md" for f in data["findings"])
    assert _run(root, baseline) == []
    # moving the finding to another line keeps it known
    make_skill(
        "old", "# moved down\n\nname: Old\ndescription: Does it. Use when asked.\n", root=root
    )
    assert _run(root, baseline) == []
    # a new problem is reported
    make_skill(
        "new", "name: new\ndescription: Does it. Use when asked.\nuser-invokable: no\n", root=root
    )
    assert _run(root, baseline) == ["unknown-field"]


def test_a_second_copy_of_a_known_finding_is_new(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill = make_skill("dup", "name: dup\ndescription: Does it. Use when asked.\nfoo: 1\n")
    baseline = tmp_path / "b.json"
    _run(skill, baseline)
    make_skill("dup", "name: dup\ndescription: Does it. Use when asked.\nfoo: 1\nbar: 2\n")
    assert _run(skill, baseline) == ["unknown-field"]


def test_corrupt_baseline_is_a_config_error(
    tmp_path: Path, make_skill: Callable[..., Path]
) -> None:
    skill = make_skill("x")
    baseline = tmp_path / "b.json"
    baseline.write_text("{not json")
    with pytest.raises(ConfigError, match="baseline"):
        _run(skill, baseline)
