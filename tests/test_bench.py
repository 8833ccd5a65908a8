"""Smoke test of the benchmark's corpus generator (bench/run.py); no timing is asserted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from skillctl.parse import parse_file

BENCH = Path(__file__).resolve().parent.parent / "bench" / "run.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("skillctl_bench_run", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_generator_builds_realistic_and_broken_skills(tmp_path: Path) -> None:
    bench = load_bench()
    dirs = bench.generate_corpus(tmp_path / "corpus", 40)
    assert len(dirs) == 40
    assert all((d / "SKILL.md").is_file() for d in dirs)
    parsed = {d.name: parse_file(d / "SKILL.md") for d in dirs}
    # bodies are about 100 lines
    lines = [p.text.count("\n") for p in parsed.values() if p.text is not None]
    assert min(lines) >= 90
    # a share is broken in the ways lint detects
    codes = {c.code for p in parsed.values() for c in p.problems}
    assert {"yaml-colon", "unclosed-frontmatter"} <= codes
    crlf = [p for p in parsed.values() if p.line_endings.value == "crlf"]
    assert crlf
    assert any(p.declared_name and p.declared_name != name for name, p in parsed.items())
    assert any(p.frontmatter is not None and "description" not in p.data
               for p in parsed.values())
    assert any(len(p.description or "") > 1024 for p in parsed.values())
    assert any("references/missing.md" in p.body for p in parsed.values())
    # some skills carry references and executable scripts
    assert any((d / "references").is_dir() for d in dirs)
    scripts = [f for d in dirs for f in (d / "scripts").glob("*")]
    assert scripts and all(f.stat().st_mode & 0o111 for f in scripts)


def test_generator_is_deterministic_and_reuses_a_corpus(tmp_path: Path) -> None:
    bench = load_bench()
    a = bench.generate_corpus(tmp_path / "a", 12)
    b = bench.generate_corpus(tmp_path / "b", 12)
    for x, y in zip(a, b, strict=True):
        assert (x / "SKILL.md").read_bytes() == (y / "SKILL.md").read_bytes()
    marker = a[0] / "extra.txt"
    marker.write_text("kept")
    bench.generate_corpus(tmp_path / "a", 12)  # same size and seed: reused, not rebuilt
    assert marker.exists()
    bench.generate_corpus(tmp_path / "a", 13)  # another size: rebuilt
    assert not marker.exists()


def test_the_report_states_ratios_and_targets() -> None:
    bench = load_bench()

    def row(label: str, median: float, mb: float = 50.0) -> dict[str, object]:
        return {"label": label, "note": "", "runs": 3, "median": median, "cpu": median,
                "peak_mb": mb, "min": median}

    results = {
        "date": "2026-01-01", "args": "--sizes 2000,10000",
        "machine": {"cpu": "cpu", "cores": "2", "memory": "24 GiB", "os": "Linux",
                    "python": "3.11", "load": "0.1"},
        "versions": {"skillctl": "0.1.0", "agnix": "could not be installed"},
        "startup": {'python -c "import typer"': {"median": 0.1, "min": 0.1},
                    "skillctl --help": {"median": 0.11, "min": 0.1}},
        "corpora": {
            "10000": {"lint": row("skillctl lint", 5.0, 100.0),
                      "skills-ref-inprocess": row("skills-ref", 10.0)},
            "2000": {"lint": row("skillctl lint", 1.0), "lint-cold": row("cold", 1.2),
                     "lint-warm": row("warm", 0.1), "lint-serial": row("serial", 1.5),
                     "lint-pool": row("pool", 1.0),
                     "skills-ref-inprocess": row("skills-ref", 4.0),
                     "agnix": {"label": "agnix", "note": "could not be installed",
                               "runs": 0, "median": None}},
        },
    }
    text = bench.render_markdown(results)
    assert "worst of `--help`, `lint --help`, TAB is 1.10x `import typer`" in text
    assert "2,000 skills: `skillctl lint` is 4.0x faster than skills-ref" in text
    assert "unchanged repository is 12.0x faster than the first run" in text
    assert "2 workers make lint 1.5x faster than one process" in text
    assert "Scaling 2,000 → 10,000 skills (5x the skills): 5.00x the time" in text
    assert "| agnix | - | - | - | 0 | - | could not be installed |" in text
    assert text.index("### 2,000 skills") < text.index("### 10,000 skills")
