"""The real-skills benchmark (bench/real.py) and the phase timings it reads; no time is
asserted, only what is built, run and reported."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from tests.conftest import write_skill

BENCH = Path(__file__).resolve().parent.parent / "bench" / "real.py"


def load_real() -> ModuleType:
    spec = importlib.util.spec_from_file_location("skillctl_bench_real", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_real_corpus_tiles_the_sources_and_copies_nested_skills_once(tmp_path: Path) -> None:
    real = load_real()
    one, two = tmp_path / "one", tmp_path / "two"
    outer = write_skill(one / "skills", "outer", "name: outer\ndescription: Outer.")
    write_skill(outer, "inner", "name: inner\ndescription: Inner.")  # a skill in a skill
    (outer / "references").mkdir()
    (outer / "references" / "guide.md").write_text("# Guide\n")
    write_skill(two, "solo", "name: solo\ndescription: Solo.")
    (two / ".git").mkdir()
    (two / ".git" / "SKILL.md").write_text("not a skill\n")
    dirs = real.build_real_corpus(tmp_path / "tree", 7, [one, two])
    assert len(dirs) == 7 and all((d / "SKILL.md").is_file() for d in dirs)
    assert len(set(dirs)) == 7
    assert dirs[:3] == [tmp_path / "tree" / "tile-000" / "one" / "skills" / "outer",
                        tmp_path / "tree" / "tile-000" / "one" / "skills" / "outer" / "inner",
                        tmp_path / "tree" / "tile-000" / "two" / "solo"]
    assert dirs[6] == tmp_path / "tree" / "tile-002" / "one" / "skills" / "outer"
    assert (dirs[0] / "references" / "guide.md").read_text() == "# Guide\n"
    found = sorted(p.parent for p in (tmp_path / "tree").rglob("SKILL.md"))
    assert found == sorted(dirs)  # nothing from .git, the nested skill not copied twice
    marker = dirs[0] / "kept.txt"
    marker.write_text("kept")
    assert real.build_real_corpus(tmp_path / "tree", 7, [one, two]) == dirs  # reused
    assert marker.exists()
    real.build_real_corpus(tmp_path / "tree", 8, [one, two])  # another size: rebuilt
    assert not marker.exists()


def test_the_report_says_which_targets_are_met() -> None:
    real = load_real()

    def row(label: str, wall: float, peak: float = 100.0) -> dict[str, object]:
        return {"label": label, "note": "", "runs": 1, "median": wall, "cpu": wall,
                "peak_mb": peak, "min": wall, "samples": [{"wall": wall}]}

    rows = {f"lint-{fmt}": row(fmt, 1.0) for fmt in real.FORMATS}
    rows["lint-json"] = row("json", 2.0, peak=200.0)
    rows.update({"lint-serial": row("one", 1.8), "lint-pool": row("two", 1.0),
                 "list": row("list", 1.2), "render": row("render", 2.0),
                 "skills-ref-inprocess": row("skills-ref", 6.0), "agnix": row("agnix", 3.0)})
    results = {"rows": rows, "writers": {"json": 0.4, "sarif": 0.9}, "writer_findings": 100_000,
               "skills": 15_000, "findings": 80_000, "runs": 1}
    lines = "\n".join(real.targets(results))
    assert "`--format text`: skills-ref takes 6.00x skillctl's time (target 5x: met), agnix " \
           "3.00x (target 3x: met)" in lines
    assert "`--format json`: skills-ref takes 3.00x skillctl's time (target 5x: **not met**)" \
        in lines
    assert "Two workers: 1.80x faster than one (target 1.7x: met)" in lines
    assert "Peak RSS of lint: 200 MB (target 150 MB: **not met**)" in lines
    assert "at most 900 ms (target 0.5 s: **not met**)" in lines
    assert "`list`: 1.20x the time of `lint` (target 1.5x: met)" in lines
    assert "`render`: 2.00x the time of `lint` (target 1.5x: **not met**)" in lines
    assert "| skillctl lint" not in real.readme_table(results)  # labels come from the rows
    assert "| text | 1.00 s | 100 MB |" in real.readme_table(results)


def _lint(tree: Path, extra_env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SKILLCTL_PHASE_TIMES"}
    env.update(SKILLCTL_JOBS="1", **extra_env)
    return subprocess.run([sys.executable, "-m", "skillctl", "lint", "--no-cache", "--format",
                           "json", str(tree)], capture_output=True, text=True, env=env,
                          check=False)


def test_phase_times_are_written_when_asked_and_change_nothing(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    for name in ("alpha", "beta", "Gamma"):
        write_skill(tree, name, f"name: {name}\ndescription: Does {name} things.")
    target = tmp_path / "phases.json"
    timed = _lint(tree, {"SKILLCTL_PHASE_TIMES": str(target)})
    plain = _lint(tree, {})
    assert timed.stdout == plain.stdout and timed.returncode == plain.returncode
    times = json.loads(target.read_text())
    assert times["format"] == 1
    phases = times["phases"]
    assert set(phases) == {"walk", "parse", "skill-rules", "across-rules", "report"}
    assert phases["parse"]["calls"] == phases["skill-rules"]["calls"] == 3
    assert phases["across-rules"]["calls"] == phases["report"]["calls"] == 1
    assert phases["walk"]["calls"] >= 3  # one step per skill found, and the last
    assert all(p["cpu"] >= 0 and p["wall"] >= 0 for p in phases.values())
    target.unlink()
    _lint(tree, {})
    assert not target.exists()
