"""bench/precision.py on small trees in tmp_path: per-rule counts, noisiest first, and
precision against a labelled set."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import write_skill

BENCH = Path(__file__).resolve().parent.parent / "bench" / "precision.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("skillctl_bench_precision", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _load()


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "collection"
    body = "# T\n\nSee [a](references/a.md) and [b](references/b.md).\n"
    write_skill(root, "two-links", body=body)
    write_skill(root, "one-link", body="# T\n\nSee [c](references/c.md).\n")
    write_skill(root, "no-description", frontmatter="name: no-description\n")
    return root


def test_counts_per_rule_noisiest_first(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    skills, findings = bench.lint_findings(root)
    assert skills == 3
    counts = bench.count(findings)
    assert counts["broken-reference"].by_severity["error"] == 3
    assert counts["broken-reference"].skills == {"two-links", "one-link"}
    assert counts["description-missing"].skills == {"no-description"}
    lines = bench.render_counts("collection", skills, counts)
    rows = [line.split()[0] for line in lines[3:]]
    assert rows[0] == "broken-reference"  # 3 errors before description-missing's 1
    assert rows.index("description-missing") == 1
    assert lines[3].split()[1:] == ["3", "0", "0", "2", "67%"]


def test_precision_against_a_labelled_set(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    _, findings = bench.lint_findings(root)
    labelled = tmp_path / "expected.json"
    labelled.write_text(json.dumps({"version": 1, "runs": ["default"], "findings": [
        {"skill": "two-links", "file": "SKILL.md", "line": 7, "rule": "broken-reference",
         "severity": "error"},
        {"skill": "one-link", "file": "SKILL.md", "line": 7, "rule": "broken-reference",
         "severity": "error", "judged": "debatable"},
        {"skill": "one-link", "file": "SKILL.md", "line": 9, "rule": "broken-reference",
         "severity": "error"},
    ]}))
    table = bench.precision(findings, bench.load_labelled(labelled))
    # two-links has two findings on line 7 (one key), one-link one; line 9 is not found
    assert table["broken-reference"] == {"found": 2, "true": 1, "debatable": 1, "pending": 0,
                                         "unjudged": 0, "lost": 1}
    assert table["description-missing"]["unjudged"] == table["description-missing"]["found"]
    text = "\n".join(bench.render_precision(table))
    assert "broken-reference" in text and "50%" in text


def test_main_prints_json_for_given_folders(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path)
    assert bench.main([str(root), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (folder,) = data["folders"]
    assert data["version"] == 1 and folder["skills"] == 3
    assert folder["rules"]["broken-reference"] == {"error": 3, "warning": 0, "info": 0,
                                                   "skills": 2}
    assert "precision" not in folder
