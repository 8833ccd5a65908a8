"""Start-up benchmark: skillctl's cheapest paths against ``python -c "import typer"``.

Issue 7 asks that ``skillctl --help``, ``skillctl lint --help`` and a TAB completion each cost
at most 1.2x ``import typer`` in the same Python. This script runs the four commands
interleaved (one of each per round, in a shuffled order) N times and prints, per command, the
median and minimum wall time, the median CPU time (user + system of the child) and both
medians as a ratio to ``import typer``.

Usage::

    .venv/bin/python bench/startup.py            # 31 rounds
    .venv/bin/python bench/startup.py -n 101     # more rounds, steadier medians
    .venv/bin/python bench/startup.py --json     # the raw medians as JSON

    # A/B: the skillctl of another commit against this tree, interleaved in one run
    git archive HEAD~1 skillctl | tar -x -C /tmp/before
    .venv/bin/python bench/startup.py --tree before=/tmp/before --tree after=.

Nothing here asserts a time; it measures and reports.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

TAB_ENV = {"_SKILLCTL_COMPLETE": "complete_bash", "COMP_WORDS": "skillctl li", "COMP_CWORD": "1"}


def skillctl_cmd(python: str) -> list[str]:
    """The console script beside ``python``, else ``python -m skillctl``."""
    script = Path(python).with_name("skillctl")
    return [str(script)] if script.exists() else [python, "-m", "skillctl"]


def cases(python: str, trees: dict[str, str]) -> list[tuple[str, list[str], dict[str, str]]]:
    """(label, command, extra environment) of every timed command; the baseline first.

    Without ``trees`` the installed skillctl is timed; with them, each tree (a directory
    holding a ``skillctl`` package, put first on ``PYTHONPATH``) gets its own rows, so two
    versions can be compared in one interleaved run.
    """
    base = skillctl_cmd(python)
    rows: list[tuple[str, list[str], dict[str, str]]] = [
        ('python -c "import typer"', [python, "-c", "import typer"], {}),
    ]
    for label, tree in (trees or {"": ""}).items():
        env = {"PYTHONPATH": tree} if tree else {}
        suffix = f" [{label}]" if label else ""
        rows += [
            (f"skillctl --help{suffix}", [*base, "--help"], env),
            (f"skillctl lint --help{suffix}", [*base, "lint", "--help"], env),
            (f"TAB (skillctl li<TAB>){suffix}", base, {**TAB_ENV, **env}),
        ]
    return rows


def run_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``cmd`` with output discarded; return (wall seconds, CPU seconds of the child)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(runs: int, python: str, seed: int,
            trees: dict[str, str] | None = None) -> dict[str, dict[str, float]]:
    """Median/min wall and median CPU per command, over ``runs`` interleaved rounds."""
    todo = cases(python, trees or {})
    walls: dict[str, list[float]] = {label: [] for label, _, _ in todo}
    cpus: dict[str, list[float]] = {label: [] for label, _, _ in todo}
    base_env = dict(os.environ)
    base_env.pop("PYTHONPROFILEIMPORTTIME", None)
    rng = random.Random(seed)
    for _label, cmd, extra in todo:  # one warm-up run each (page cache, .pyc files)
        run_once(cmd, {**base_env, **extra})
    for _ in range(runs):
        order = list(todo)
        rng.shuffle(order)
        for label, cmd, extra in order:
            wall, cpu = run_once(cmd, {**base_env, **extra})
            walls[label].append(wall)
            cpus[label].append(cpu)
    return {
        label: {
            "wall_median": statistics.median(walls[label]),
            "wall_min": min(walls[label]),
            "cpu_median": statistics.median(cpus[label]),
            "runs": float(runs),
        }
        for label, _, _ in todo
    }


def table(results: dict[str, dict[str, float]]) -> str:
    """The results as a Markdown table, ratios against the first (baseline) row."""
    base = next(iter(results.values()))
    lines = [
        "| command | median wall | min wall | median CPU | wall / typer | CPU / typer |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for label, row in results.items():
        lines.append(
            f"| {label} | {row['wall_median'] * 1000:.1f} ms | {row['wall_min'] * 1000:.1f} ms "
            f"| {row['cpu_median'] * 1000:.1f} ms "
            f"| {row['wall_median'] / base['wall_median']:.2f}x "
            f"| {row['cpu_median'] / base['cpu_median']:.2f}x |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=31, help="rounds (default 31)")
    parser.add_argument("--python", default=sys.executable,
                        help="the venv's Python (default: this one)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the shuffled order")
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=DIR",
                        help="time the skillctl package found in DIR (e.g. a `git archive` "
                        "of another commit) under LABEL; repeatable, for A/B runs")
    args = parser.parse_args(argv)
    trees = {}
    for spec in args.tree:
        label, sep, tree = spec.partition("=")
        if not sep or not Path(tree, "skillctl", "__init__.py").is_file():
            parser.error(f"--tree {spec}: expected LABEL=DIR, DIR holding skillctl/")
        trees[label] = str(Path(tree).resolve())
    results = measure(args.runs, args.python, args.seed, trees)
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        print(f"{args.runs} interleaved rounds, {args.python}")
        print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
