#!/usr/bin/env python3
"""Benchmark skillctl on real skills, side by side with skills-ref and agnix.

Usage (from the repository root)::

    python bench/real.py --size 15000 --runs 3 [--collections DIR]

What it does, in one run:

1. builds ``bench/out/real-N`` (reused when its sources are unchanged): N real skills, the
   skills of ``../shared/corpus`` (beside the clone; ``tests/data/corpus`` when it is
   absent) and of every collection folder below ``--collections`` (or
   ``$SKILLCTL_BENCH_COLLECTIONS``: e.g. snapshots of anthropics/skills, obra/superpowers,
   K-Dense-AI/claude-scientific-skills, sickn33/antigravity-awesome-skills, wshobson/agents),
   tiled until there are N (``tile-000/<source>/<skill>``, ``tile-001/...``). Files are
   hard links where the file system allows (no copy of the bytes; every tool reads them the
   same), else copies;
2. times ``skillctl lint --no-cache`` in every machine and people format (text, json, sarif,
   github), with one and two workers, ``skillctl list`` and ``render``, and the peers
   installed by ``bench/run.py`` (skills-ref's validator in-process, agnix), interleaved run
   by run (``bench/run.py``'s :func:`bench_tree`);
3. counts the findings (findings per second), records each lint phase's time
   (``SKILLCTL_PHASE_TIMES``, one process) and times writing a report of 100,000 findings
   in each format;
4. writes the tables into ``docs/benchmarks.md`` (between ``bench-real`` markers) and the
   README's performance table (between ``bench-readme`` markers), the raw numbers into
   ``bench/out/real-results.json``.

Nothing here asserts a time; it measures and reports.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as base  # bench/ is no package: its sibling script

REPO = base.REPO
OUT = base.OUT
SHARED_CORPUS = REPO.parent / "shared" / "corpus"
COLLECTIONS_VARIABLE = "SKILLCTL_BENCH_COLLECTIONS"
#: Bump when the layout of the built tree changes, so stale trees are rebuilt.
LAYOUT_VERSION = 1
FORMATS = ("text", "json", "sarif", "github")
BEGIN, END = "<!-- bench-real:begin -->", "<!-- bench-real:end -->"
README = REPO / "README.md"
README_BEGIN, README_END = "<!-- bench-readme:begin -->", "<!-- bench-readme:end -->"
_SKIP = {".git", "node_modules", "__pycache__", ".venv"}

# --------------------------------------------------------------------------- the tree


def skill_folders(source: Path) -> list[Path]:
    """Every folder below ``source`` holding a ``SKILL.md`` (not in .git or node_modules)."""
    found = []
    for folder, subdirs, files in os.walk(source):
        subdirs[:] = sorted(d for d in subdirs if d not in _SKIP)
        if "SKILL.md" in files:
            found.append(Path(folder))
    return sorted(found)


def sources(collections: Path | None) -> list[Path]:
    """The folders whose skills are tiled: the shared corpus (or the repository's own), then
    every collection below ``collections``."""
    first = SHARED_CORPUS if SHARED_CORPUS.is_dir() else REPO / "tests" / "data" / "corpus"
    extra = sorted(p for p in collections.iterdir() if p.is_dir()) if collections else []
    return [first, *extra]


def _link_or_copy(src: str, dst: str) -> str:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
    return dst


def _copy_skill(src: Path, dst: Path) -> None:
    """Copy one skill folder; a nested skill folder is copied as a skill of its own."""

    def nested(folder: str, names: list[str]) -> set[str]:
        return {n for n in names if n in _SKIP or (Path(folder, n) / "SKILL.md").is_file()}

    shutil.copytree(src, dst, symlinks=True, ignore=nested, copy_function=_link_or_copy,
                    dirs_exist_ok=True)


def build_real_corpus(root: Path, size: int, from_: Sequence[Path]) -> list[Path]:
    """Create (or reuse) ``root`` with ``size`` real skills tiled from ``from_``; returns
    the skill folders."""
    skills = [(source, folder) for source in from_ for folder in skill_folders(source)]
    if not skills:
        raise SystemExit(f"bench: no SKILL.md below {', '.join(map(str, from_))}")
    stamp = root / ".bench-corpus"
    expected = json.dumps([LAYOUT_VERSION, size, [str(s) for s in from_], len(skills)])
    chosen = [skills[i % len(skills)] for i in range(size)]
    targets = [root / f"tile-{i // len(skills):03d}" / source.name / folder.relative_to(source)
               for i, (source, folder) in enumerate(chosen)]
    if stamp.is_file() and stamp.read_text() == expected:
        return targets
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for (_, folder), target in zip(chosen, targets, strict=True):
        _copy_skill(folder, target)
    stamp.write_text(expected)
    return targets


# --------------------------------------------------------------------------- the tools


def lint_argv(fmt: str, root: Path, ignore: str = "") -> list[str]:
    """``skillctl lint --no-cache --format FMT [--ignore RULES] ROOT``."""
    return [*base.skillctl_cmd(), "lint", "--no-cache", "--format", fmt,
            *(["--ignore", ignore] if ignore else []), str(root)]


def tools(status: dict[str, str], ignore: str = "") -> list[base.Tool]:
    """skillctl lint in each format (default workers), one and two workers, list, render,
    and the peers that are installed (skills-ref's CLI aside: one process per skill)."""
    cmd = base.skillctl_cmd()

    def lint(fmt: str) -> Callable[[Path, list[Path]], list[str]]:
        return lambda root, dirs: lint_argv(fmt, root, ignore)

    found = [base.Tool(f"lint-{fmt}", f"skillctl lint --no-cache --format {fmt}", lint(fmt))
             for fmt in FORMATS]
    found += [
        base.Tool("lint-serial", "skillctl lint --no-cache --format json, one process "
                  "(SKILLCTL_JOBS=1)", lint("json"), env={"SKILLCTL_JOBS": "1"}),
        base.Tool("lint-pool", "skillctl lint --no-cache --format json, 2 workers "
                  "(SKILLCTL_JOBS=2)", lint("json"), env={"SKILLCTL_JOBS": "2"}),
        base.Tool("list", "skillctl list", lambda root, dirs: [*cmd, "list", str(root)]),
        base.Tool("render", "skillctl render", lambda root, dirs: [*cmd, "render", str(root)]),
    ]
    return found + [t for t in base.peer_tools(status, 0) if t.key != "skills-ref-cli"
                    and t.key != "skilllint"]


def count_findings(root: Path, ignore: str = "") -> int:
    """How many findings ``skillctl lint --no-cache --format json`` reports on ``root``."""
    out = subprocess.run(lint_argv("json", root, ignore), capture_output=True, timeout=1800)
    return len(json.loads(out.stdout)["diagnostics"])


def phase_times(root: Path, ignore: str = "") -> dict[str, dict[str, Any]]:
    """Each lint phase's time in one process, per format (``SKILLCTL_PHASE_TIMES``)."""
    out: dict[str, dict[str, Any]] = {}
    for fmt in FORMATS:
        with tempfile.TemporaryDirectory() as scratch:
            target = Path(scratch) / "phases.json"
            env = {**os.environ, "SKILLCTL_JOBS": "1", "SKILLCTL_PHASE_TIMES": str(target)}
            sample, _ = base.run_child(lint_argv(fmt, root, ignore), env=env, timeout=1800)
            phases = json.loads(target.read_text())["phases"] if target.is_file() else {}
        out[fmt] = {"wall": sample.wall, "cpu": sample.cpu, "phases": phases}
    return out


WRITERS = """
import io, json, sys, time
from skillctl.lint.registry import all_rules
from skillctl.lint.result import LintReport, SkillResult
from skillctl.model import Diagnostic, Severity
from skillctl.report.lint_output import formatter
n = int(sys.argv[1])
severities = (Severity.ERROR, Severity.WARNING, Severity.INFO)
infos = tuple(all_rules())
rules = [r.id for r in infos][::7][:5]
results = []
for s in range(n // 5):
    path = f"collection-{s % 7}/skills/skill-{s:06d}/SKILL.md"
    diags = tuple(Diagnostic(path=path, line=1 + k * 7, column=1 + k, rule=rules[k],
                             message=f"finding {k} of skill {s}: 'quoted' <b>&amp;</b> \\u00e9",
                             severity=severities[k % 3], hint="do this" if k % 2 else None)
                  for k in range(5))
    results.append(SkillResult(path=path, dir=path.rsplit("/", 1)[0], name=f"skill-{s}",
                               diagnostics=diags))
report = LintReport(results=tuple(results), rules=infos)
out = {}
for fmt in sys.argv[2:]:
    write = formatter(fmt)
    start = time.process_time()  # CPU: the machine may be shared
    write(report, io.StringIO(), color=False)
    out[fmt] = time.process_time() - start
print(json.dumps(out))
"""


def time_writers(findings: int) -> dict[str, float]:
    """CPU seconds each format takes to write a report of ``findings`` findings (in-process,
    into memory)."""
    out = subprocess.run([base._python, "-c", WRITERS, str(findings), *FORMATS, "junit"],
                         capture_output=True, text=True, timeout=600)
    try:
        return {k: float(v) for k, v in json.loads(out.stdout).items()}
    except (ValueError, AttributeError):
        print(f"[bench] writers failed: {out.stderr[-600:]}", file=sys.stderr)
        return {}


# --------------------------------------------------------------------------- reporting


def _fmt(seconds: float) -> str:
    return base._fmt(seconds)


def render_markdown(results: dict[str, Any]) -> str:
    """The generated real-skills part of docs/benchmarks.md."""
    m, rows = results["machine"], results["rows"]
    findings = results["findings"]
    lines = [
        f"Generated by `python bench/real.py {results['args']}` on {results['date']}: "
        f"{results['skills']:,} real skills ({results['sources']}), {findings:,} findings.",
        "",
        *([f"- **Rules left out of every lint run** (`--ignore`): {results['ignore']}.", ""]
          if results.get("ignore") else []),
        f"- Machine: {m['cpu']}, {m['cores']} cores, {m['memory']}; load average at start "
        f"{m['load']} (a shared machine: compare rows of one table, their runs interleaved).",
        f"- Python {m['python']}; " + "; ".join(f"{k} {v}" for k, v in
                                                 results["versions"].items()),
        "",
        "| tool | median wall | median CPU | peak RSS | runs | findings / s | skills-ref / this "
        "| agnix / this | note |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    ref, agnix = base._num(rows.get("skills-ref-inprocess")), base._num(rows.get("agnix"))
    for key, row in rows.items():
        wall = base._num(row)
        if wall is None:
            lines.append(f"| {row['label']} | - | - | - | 0 | - | - | - | {row['note']} |")
            continue
        rate = f"{findings / wall:,.0f}" if key.startswith("lint") and wall else "-"
        lines.append(
            f"| {row['label']} | {_fmt(wall)} | {_fmt(base._num(row, 'cpu') or 0.0)} "
            f"| {base._num(row, 'peak_mb') or 0:.0f} MB | {row['runs']} | {rate} "
            f"| {f'{ref / wall:.2f}x' if ref else '-'} "
            f"| {f'{agnix / wall:.2f}x' if agnix else '-'} "
            f"| {row['note']} |")
    lines += ["", "Time per phase, one process (`SKILLCTL_JOBS=1 SKILLCTL_PHASE_TIMES=FILE`), "
              "CPU seconds:", "",
              "| format | walk | parse | per-skill rules | cross-skill rules | report | whole run "
              "(wall) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for fmt, row in results["phases"].items():
        ph = row["phases"]
        cells = [_fmt(ph[p]["cpu"]) if p in ph else "-" for p in
                 ("walk", "parse", "skill-rules", "across-rules", "report")]
        lines.append(f"| {fmt} | {' | '.join(cells)} | {_fmt(row['wall'])} |")
    writers = results.get("writers") or {}
    if writers:
        spent = ", ".join(f"{k} {_fmt(v)}" for k, v in writers.items())
        lines += ["", f"Writing a report of {results['writer_findings']:,} findings (CPU, "
                  f"in-process, into memory): {spent}."]
    lines += ["", *targets(results), ""]
    return "\n".join(lines)


def targets(results: dict[str, Any]) -> list[str]:
    """The targets of issue 19 against these numbers: met or not, with the figures."""
    rows = results["rows"]
    ref, agnix = base._num(rows.get("skills-ref-inprocess")), base._num(rows.get("agnix"))
    out = ["Targets of issue 19 (ratios from this run):", ""]

    def verdict(ok: bool) -> str:
        return "met" if ok else "**not met**"

    for fmt in FORMATS:
        wall = base._num(rows.get(f"lint-{fmt}"))
        if wall and ref and agnix:
            out.append(f"- `--format {fmt}`: skills-ref takes {ref / wall:.2f}x skillctl's time "
                       f"(target 5x: {verdict(ref / wall >= 5)}), agnix {agnix / wall:.2f}x "
                       f"(target 3x: {verdict(agnix / wall >= 3)}).")
    one, two = base._num(rows.get("lint-serial")), base._num(rows.get("lint-pool"))
    if one and two:
        out.append(f"- Two workers: {one / two:.2f}x faster than one (target 1.7x: "
                   f"{verdict(one / two >= 1.7)}).")
    peak = max((base._num(r, "peak_mb") or 0.0) for k, r in rows.items() if k.startswith("lint"))
    out.append(f"- Peak RSS of lint: {peak:.0f} MB (target 150 MB: {verdict(peak <= 150)}).")
    writers = results.get("writers") or {}
    if writers:
        worst = max(writers.values())
        out.append(f"- Writing {results['writer_findings']:,} findings: at most {_fmt(worst)} "
                   f"(target 0.5 s: {verdict(worst <= 0.5)}).")
    lint = base._num(rows.get("lint-text"))
    for key in ("list", "render"):
        value = base._num(rows.get(key))
        if lint and value:
            out.append(f"- `{key}`: {value / lint:.2f}x the time of `lint` (target 1.5x: "
                       f"{verdict(value / lint <= 1.5)}).")
    return out


def readme_table(results: dict[str, Any]) -> str:
    """The README's performance table: the real-skills run, lint's format and the peers."""
    rows = results["rows"]
    lines = [f"On {results['skills']:,} real skills with {results['findings']:,} findings "
             f"(2 cores; medians of {results['runs']} interleaved rounds, `bench/real.py`):", "",
             "| command | time | peak RSS |", "|---|---:|---:|"]
    if results.get("ignore"):
        left_out = len(results["ignore"].split(","))
        lines[0] += (f" the lint rows leave out {left_out} rules (`--ignore`; which, and why, in "
                     "docs/benchmarks.md).")
    for key in ("lint-text", "lint-json", "lint-serial", "list", "render",
                "skills-ref-inprocess", "agnix"):
        row = rows.get(key) or {}
        wall = base._num(row)
        if wall is not None:
            lines.append(f"| {row['label']} | {_fmt(wall)} | {base._num(row, 'peak_mb') or 0:.0f}"
                         " MB |")
    return "\n".join(lines)


def replace_between(path: Path, begin: str, end: str, text: str, template: str = "") -> None:
    """Replace what stands between the markers of ``path`` (appending them when absent)."""
    old = path.read_text() if path.exists() else template
    if begin not in old or end not in old:
        old += f"\n{begin}\n{end}\n"
    head, rest = old.split(begin, 1)
    path.write_text(f"{head}{begin}\n{text}\n{end}{rest.split(end, 1)[1]}")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse options, build the tree, run everything, write the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--size", type=int, default=15_000, help="skills (default 15,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per tool (default 3)")
    parser.add_argument("--collections", type=Path,
                        default=Path(os.environ[COLLECTIONS_VARIABLE])
                        if os.environ.get(COLLECTIONS_VARIABLE) else None,
                        help=f"folder of skill collections (default: ${COLLECTIONS_VARIABLE})")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per command")
    parser.add_argument("--budget", type=float, default=600,
                        help="stop repeating a tool once it used this many seconds")
    parser.add_argument("--writer-findings", type=int, default=100_000)
    parser.add_argument("--in-place", action="store_true",
                        help="time the skillctl this Python imports, not a wheel")
    parser.add_argument("--no-peers", action="store_true", help="time skillctl only")
    parser.add_argument("--only", default="", help="comma-separated tool keys to run")
    parser.add_argument("--ignore", default="", help="rules every lint run skips (--ignore), "
                        "e.g. to time the rest apart from a family of rules; said in the doc")
    parser.add_argument("--no-doc", action="store_true", help="touch neither README nor docs")
    parser.add_argument("--build-only", action="store_true", help="only build the tree")
    parser.add_argument("--from-results", type=Path, default=None,
                        help="re-render the docs from a saved real-results.json")
    args = parser.parse_args(argv)
    if args.from_results is not None:
        saved = json.loads(args.from_results.read_text())
        replace_between(base.DOC, BEGIN, END, render_markdown(saved))
        replace_between(README, README_BEGIN, README_END, readme_table(saved))
        return 0
    if args.collections is not None and not args.collections.is_dir():
        raise SystemExit(f"bench: --collections {args.collections} is not a folder")
    from_ = sources(args.collections)
    root = OUT / f"real-{args.size}"
    print(f"[bench] building {root} from {', '.join(map(str, from_))}", file=sys.stderr)
    dirs = build_real_corpus(root, args.size, from_)
    if args.build_only:
        return 0
    base.compile_skillctl() if args.in_place else base.install_skillctl()
    versions = {"skillctl": base.version_of([*base.skillctl_cmd(), "--version"])
                .removeprefix("skillctl ")}
    status = {} if args.no_peers else base.ensure_peers(True)
    versions.update(status)
    chosen = tools(status, args.ignore)
    if args.only:
        chosen = [t for t in chosen if t.key in set(args.only.split(","))]
    started = time.perf_counter()
    cache_root = Path(tempfile.mkdtemp(prefix="skillctl-bench-cache-"))
    series = base.bench_tree(root, dirs, args.runs, chosen, args.timeout, args.budget,
                             cache_root)
    results: dict[str, Any] = {
        "date": _dt.date.today().isoformat(),
        "args": " ".join(argv if argv is not None else sys.argv[1:]),
        "machine": base.machine(),
        "versions": versions,
        "skills": len(dirs),
        "runs": args.runs,
        "sources": ", ".join(p.name for p in from_),
        "rows": base.summarize(series),
        "ignore": args.ignore,
        "findings": count_findings(root, args.ignore),
        "phases": phase_times(root, args.ignore),
        "writer_findings": args.writer_findings,
        "writers": time_writers(args.writer_findings),
        "seconds": time.perf_counter() - started,
    }
    (OUT / "real-results.json").write_text(json.dumps(results, indent=2))
    markdown = render_markdown(results)
    print(markdown)
    if not args.no_doc:
        replace_between(base.DOC, BEGIN, END, markdown)
        replace_between(README, README_BEGIN, README_END, readme_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
