#!/usr/bin/env python3
"""Benchmark skillctl against the skills linters on PyPI, on generated skill corpora.

Usage (from the repository root, with skillctl installed in the Python that runs this)::

    python bench/run.py --sizes 100,2000,10000 --runs 5

What it does, in one run and on the same corpora:

1. generates ``bench/out/corpus-N`` for each size N (deterministic; reused when present):
   skills with ~100-line bodies, a share of them broken the ways lint detects (bad names,
   unquoted colons, CRLF, missing or over-long descriptions, broken references), some with
   ``references/`` and ``scripts/``;
2. installs the peers into a separate venv ``bench/out/peers-venv`` (never skillctl's own):
   ``skills-ref`` (CLI ``agentskills``, and its validator in-process), ``agnix`` and
   ``skilllint``; a peer that cannot be installed is reported as such, the run goes on;
3. times start-up (``--help``, ``lint --help``, TAB completion against ``import typer``) and,
   per corpus, ``skillctl lint`` (no cache, cold cache, warm cache, one process),
   ``skillctl list``, ``skillctl render`` and every peer, interleaving tools run by run;
4. writes the medians, peak memory (max RSS of the child) and ratios into
   ``docs/benchmarks.md`` between the ``bench:begin``/``bench:end`` markers, and the raw
   numbers into ``bench/out/results.json``.

Nothing here asserts a time; it measures and reports.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import itertools
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
OUT = HERE / "out"
DOC = REPO / "docs" / "benchmarks.md"
BEGIN = "<!-- bench:begin -->"
END = "<!-- bench:end -->"

#: Bump when the generated corpus changes, so stale corpora are rebuilt.
GENERATOR_VERSION = 2
PEERS = ("skills-ref", "agnix", "skilllint")

# --------------------------------------------------------------------------- corpus

_VERBS = ("process", "convert", "review", "generate", "analyze", "deploy", "migrate",
          "format", "test", "document", "profile", "audit", "summarize", "extract", "sync")
_NOUNS = ("pdf", "spreadsheet", "changelog", "schema", "api", "invoice", "dataset", "image",
          "release", "component", "query", "report", "config", "notebook", "terraform")
_WORDS = ("the", "skill", "agent", "file", "user", "output", "input", "step", "check",
          "command", "result", "value", "project", "before", "after", "always", "never",
          "run", "read", "write", "table", "field", "error", "script", "reference", "format",
          "when", "each", "list", "page", "version", "build", "source", "target", "option")

#: Kinds of breakage, by ``index % 20`` (so about 35% of skills are broken).
BREAKAGE = {
    0: "bad-name",          # upper case and underscores, does not match the directory
    3: "unquoted-colon",    # ``description: Use when: ...`` (strict YAML fails)
    6: "crlf",              # CRLF line endings
    9: "no-description",    # description missing
    12: "long-description", # description over 1024 characters
    15: "broken-reference", # the body links references/missing.md
    18: "bad-frontmatter",  # unclosed frontmatter
}


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(_WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + "."


def _paragraph(rng: random.Random) -> str:
    return " ".join(_sentence(rng, rng.randint(8, 16)) for _ in range(rng.randint(2, 4)))


def skill_name(index: int) -> str:
    """The directory name of the ``index``-th generated skill."""
    verb = _VERBS[index % len(_VERBS)]
    noun = _NOUNS[(index // len(_VERBS)) % len(_NOUNS)]
    return f"{verb}-{noun}-{index:05d}"


def _body(rng: random.Random, title: str, refs: Sequence[str], scripts: Sequence[str],
          broken_ref: bool) -> list[str]:
    """About 100 lines of Markdown in the shape real skills have."""
    lines = [f"# {title}", "", _paragraph(rng), "", "## When to use", ""]
    lines += [f"- {_sentence(rng, rng.randint(5, 10))}" for _ in range(6)]
    lines += ["", "## Workflow", ""]
    for step in range(1, 9):
        lines += [f"{step}. **{_sentence(rng, 3)[:-1]}**: {_sentence(rng, rng.randint(8, 14))}"]
    lines += ["", "## Example", "", "```bash"]
    lines += [f"{rng.choice(_VERBS)} --{rng.choice(_WORDS)} {rng.choice(_NOUNS)}.txt"
              for _ in range(8)]
    lines += ["```", ""]
    for section in ("Inputs", "Outputs", "Edge cases", "Troubleshooting"):
        lines += [f"## {section}", "", _paragraph(rng), ""]
        lines += [f"- `{rng.choice(_WORDS)}`: {_sentence(rng, rng.randint(6, 12))}"
                  for _ in range(5)]
        lines += [""]
    lines += ["## Checklist", ""]
    lines += [f"- [ ] {_sentence(rng, rng.randint(4, 9))}" for _ in range(10)]
    lines += ["", "## Files", ""]
    lines += [f"- [{ref}](references/{ref}): {_sentence(rng, 6)}" for ref in refs]
    lines += [f"- Run `scripts/{script}` to {rng.choice(_VERBS)} the input." for script in scripts]
    if broken_ref:
        lines += ["- See [the guide](references/missing.md) for details."]
    lines += ["", "## Notes", ""]
    while len(lines) < 98:
        lines += [_paragraph(rng), ""]
    return lines


def write_skill(root: Path, index: int, rng: random.Random) -> Path:
    """Write the ``index``-th skill below ``root``; returns its directory."""
    name = skill_name(index)
    directory = root / "skills" / name
    directory.mkdir(parents=True, exist_ok=True)
    kind = BREAKAGE.get(index % 20)
    refs = [f"guide-{k}.md" for k in range(rng.randint(1, 3))] if index % 3 == 1 else []
    scripts = ["run.py", "check.sh"] if index % 5 == 2 else []
    declared = name.upper().replace("-", "_") if kind == "bad-name" else name
    verb, noun = name.split("-")[:2]
    description = (f"{verb.capitalize()} {noun} files for the user. Use when the user asks to "
                   f"{verb} a {noun}, or mentions {noun} {rng.choice(_WORDS)} work.")
    if kind == "unquoted-colon":
        description = f"{verb.capitalize()} {noun} files. Use when: the user asks for {noun} work."
    elif kind == "long-description":
        description = " ".join(_paragraph(rng) for _ in range(12))
    front = [f"name: {declared}"]
    if kind != "no-description":
        front.append(f"description: {description}")
    if index % 4 == 0:
        front += ["license: Apache-2.0", "metadata:", "  author: bench", '  version: "1.0"']
    if index % 7 == 0:
        front.append("allowed-tools: Read Grep Bash(git:*)")
    lines = ["---", *front]
    if kind != "bad-frontmatter":
        lines.append("---")
    lines += _body(rng, f"{verb.capitalize()} {noun}", refs, scripts, kind == "broken-reference")
    newline = "\r\n" if kind == "crlf" else "\n"
    (directory / "SKILL.md").write_bytes((newline.join(lines) + newline).encode())
    if refs:
        (directory / "references").mkdir(exist_ok=True)
        for ref in refs:
            text = "\n\n".join(f"## {_sentence(rng, 3)}\n\n{_paragraph(rng)}" for _ in range(6))
            (directory / "references" / ref).write_text(f"# {ref}\n\n{text}\n")
    if scripts:
        (directory / "scripts").mkdir(exist_ok=True)
        py = directory / "scripts" / "run.py"
        py.write_text("#!/usr/bin/env python3\n\"\"\"Bench script.\"\"\"\nprint('ok')\n")
        sh = directory / "scripts" / "check.sh"
        sh.write_text("#!/bin/sh\necho ok\n")
        py.chmod(0o755)
        sh.chmod(0o755)
    return directory


def generate_corpus(root: Path, size: int, seed: int = 7) -> list[Path]:
    """Create (or reuse) a corpus of ``size`` skills at ``root``; returns the skill dirs."""
    stamp = root / ".bench-corpus"
    expected = f"{GENERATOR_VERSION} {size} {seed}"
    if stamp.is_file() and stamp.read_text() == expected:
        return sorted(p.parent for p in root.glob("skills/*/SKILL.md"))
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    rng = random.Random(seed)
    dirs = [write_skill(root, index, rng) for index in range(size)]
    stamp.write_text(expected)
    return dirs


# --------------------------------------------------------------------------- measuring


@dataclass
class Sample:
    """One timed child process."""

    wall: float  # seconds
    cpu: float  # user + system seconds of the child
    maxrss_mb: float
    returncode: int


@dataclass
class Series:
    """Every sample of one tool on one corpus, and why it stopped, if it did."""

    label: str
    samples: list[Sample] = field(default_factory=list)
    note: str = ""
    scale: float = 1.0  # >1 when the samples cover a subset and are scaled up

    @property
    def ok(self) -> bool:
        return bool(self.samples) and not self.note.startswith(("failed", "timeout", "n/a"))

    def median(self) -> float:
        return statistics.median(s.wall for s in self.samples) * self.scale

    def median_cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples) * self.scale

    def peak_mb(self) -> float:
        return max(s.maxrss_mb for s in self.samples)


def run_child(cmd: Sequence[str], *, env: dict[str, str] | None = None, timeout: float = 900,
              cwd: Path | None = None) -> tuple[Sample, str]:
    """Run ``cmd`` with output discarded; wall time, CPU time, max RSS and stderr's tail."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(list(cmd), stdout=subprocess.DEVNULL, stderr=err,
                                stdin=subprocess.DEVNULL, env=env, cwd=cwd)
        # A blocking wait (a polling loop would round 60 ms start-ups to its sleeps); a
        # timer kills the child at the deadline.
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        wall = time.perf_counter() - start
        if wall >= timeout and os.WIFSIGNALED(status):
            proc.returncode = -9
            return Sample(timeout, 0.0, 0.0, -9), "timeout"
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        tail = err.read()[-600:].decode("utf-8", "replace")
    # ru_maxrss is in KiB on Linux.
    sample = Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                    proc.returncode)
    return sample, tail


@dataclass
class Tool:
    """A command to time on a corpus."""

    key: str
    label: str
    argv: Callable[[Path, list[Path]], list[str]]
    ok_codes: tuple[int, ...] = (0, 1)
    env: dict[str, str] | None = None
    prepare: Callable[[], dict[str, str] | None] | None = None  # per-run env
    subset: int = 0  # >0: run on this many skills only and scale the time up
    warm_up: bool = False  # run once untimed right before each timed run (fills a cache)
    warm_argv: Callable[[Path, list[Path]], list[str]] | None = None  # warm-up's, if other


def code_stamp() -> tuple[int, int]:
    """Newest mtime and count of skillctl's source files in this checkout (0, 0 if absent)."""
    newest, count = 0, 0
    for path in (REPO / "skillctl").rglob("*.py"):
        try:
            newest = max(newest, path.stat().st_mtime_ns)
            count += 1
        except OSError:
            continue
    return newest, count


#: The Python whose skillctl is timed: a wheel installed into :data:`SKILLCTL_VENV` (what
#: ``pip install skillctl`` gives a user), or this Python's own copy with ``--in-place``.
SKILLCTL_VENV = OUT / "skillctl-venv"
_python = sys.executable


def pool_threshold() -> int | None:
    """skillctl's process-pool threshold, when the installed skillctl says."""
    out = subprocess.run(
        [_python, "-c", "from skillctl.parallel import THRESHOLD; print(THRESHOLD)"],
        capture_output=True, text=True)
    return int(out.stdout) if out.returncode == 0 and out.stdout.strip().isdigit() else None


def skillctl_cmd() -> list[str]:
    """How to start skillctl: the console script beside the timed Python, else ``-m``."""
    script = Path(_python).with_name("skillctl")
    return [str(script)] if script.exists() else [_python, "-m", "skillctl"]


def install_skillctl() -> str:
    """Install this checkout as a wheel into its own venv, as a user's ``pip install`` does.

    An editable install (the developer's ``.venv``) is not what users run: its path hook
    (``__editable__*_finder``, loaded by ``site`` in every process, ``import typer`` too)
    imports pathlib and importlib.util before anything else, ~10 ms a process, and under
    ``PYTHONDONTWRITEBYTECODE=1`` it would recompile every module on every run. pip compiles
    the installed copy's bytecode, as it did the peers'. The checkout is re-installed on
    every run (``--no-deps --force-reinstall``), so what is timed is the working tree.
    """
    global _python
    python = SKILLCTL_VENV / "bin" / "python"
    try:
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(SKILLCTL_VENV)], check=True,
                           capture_output=True, timeout=300)
            subprocess.run([str(python), "-m", "pip", "install", "-q", str(REPO)], check=True,
                           capture_output=True, timeout=900)
        else:
            subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps",
                            "--force-reinstall", str(REPO)], check=True,
                           capture_output=True, timeout=900)
    except (OSError, subprocess.SubprocessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        raise SystemExit(f"bench: could not install skillctl into {SKILLCTL_VENV}: {exc} "
                         f"{detail.decode(errors='replace')[-500:]}") from exc
    _python = str(python)
    return f"a wheel of this checkout, installed into {SKILLCTL_VENV.relative_to(REPO)}"


def compile_skillctl() -> str:
    """``--in-place``: compile the running Python's skillctl's bytecode, as installing a wheel
    does (pip compiles every module).

    An editable install under ``PYTHONDONTWRITEBYTECODE=1`` would otherwise recompile every
    module from source on every run (~50 ms), which no installed copy pays. The peers were
    installed by pip, so their bytecode is compiled too.
    """
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("skillctl")
    if spec is None or not spec.submodule_search_locations:
        return "skillctl not importable here: bytecode not compiled"
    package = next(iter(spec.submodule_search_locations))
    ok = compileall.compile_dir(package, quiet=1)
    return f"the checkout in place, bytecode compiled ({package})" if ok else \
        f"compiling {package} failed"


def version_of(cmd: Sequence[str]) -> str:
    """First line of ``cmd`` (a ``--version`` call), or ``?``."""
    try:
        out = subprocess.run(list(cmd), capture_output=True, text=True, timeout=60)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "?"


# --------------------------------------------------------------------------- peers

PEERS_VENV = OUT / "peers-venv"

SKILLS_REF_INPROCESS = """
import sys, time
from pathlib import Path
start = time.perf_counter()
from skills_ref.validator import validate
dirs = [Path(line) for line in Path(sys.argv[1]).read_text().splitlines() if line]
errors = 0
for d in dirs:
    errors += bool(validate(d))
print(f"{len(dirs)} skills, {errors} invalid, {time.perf_counter() - start:.3f}s", file=sys.stderr)
"""


def ensure_peers(install: bool) -> dict[str, str]:
    """Install the peers into their own venv; returns ``{peer: version or why not}``."""
    python = PEERS_VENV / "bin" / "python"
    status: dict[str, str] = {}
    if not python.exists():
        if not install:
            return {peer: "not installed (--no-install)" for peer in PEERS}
        try:
            subprocess.run([sys.executable, "-m", "venv", str(PEERS_VENV)], check=True,
                           capture_output=True, timeout=300)
        except (OSError, subprocess.SubprocessError) as exc:
            return {peer: f"not installed: venv failed ({exc})" for peer in PEERS}
    for peer in PEERS:
        probe = subprocess.run(
            [str(python), "-c",
             f"import importlib.metadata as m; print(m.version({peer!r}))"],
            capture_output=True, text=True)
        if probe.returncode != 0 and install:
            subprocess.run([str(python), "-m", "pip", "install", "-q", peer],
                           capture_output=True, text=True, timeout=900)
            probe = subprocess.run(
                [str(python), "-c",
                 f"import importlib.metadata as m; print(m.version({peer!r}))"],
                capture_output=True, text=True)
        status[peer] = probe.stdout.strip() if probe.returncode == 0 else "could not be installed"
    return status


def peer_tools(status: dict[str, str], cli_sample: int) -> list[Tool]:
    """The peer commands that are installed."""
    bin_dir = PEERS_VENV / "bin"
    tools: list[Tool] = []
    if status.get("skills-ref", "").split(".")[0].isdigit():
        def inproc(root: Path, dirs: list[Path]) -> list[str]:
            listing = OUT / f"dirs-{root.name}.txt"
            listing.write_text("\n".join(str(d) for d in dirs) + "\n")
            return [str(bin_dir / "python"), "-c", SKILLS_REF_INPROCESS, str(listing)]

        def cli(root: Path, dirs: list[Path]) -> list[str]:
            # ``agentskills validate`` takes one skill: a shell loop, one process per skill.
            quoted = " ".join(f"'{d}'" for d in dirs[:cli_sample])
            return ["/bin/sh", "-c",
                    f"for d in {quoted}; do '{bin_dir / 'agentskills'}' validate \"$d\" "
                    ">/dev/null 2>&1; done; exit 0"]

        tools.append(Tool("skills-ref-inprocess", "skills-ref validator, in-process", inproc))
        tools.append(Tool("skills-ref-cli", "skills-ref CLI (`agentskills validate`, "
                          "one process per skill)", cli, subset=cli_sample))
    if status.get("agnix", "").split(".")[0].isdigit():
        tools.append(Tool("agnix", "agnix", lambda root, dirs: [
            str(bin_dir / "agnix"), "--max-files", "0", str(root)]))
    if status.get("skilllint", "").split(".")[0].isdigit():
        tools.append(Tool("skilllint", "skilllint (`check --check`)", lambda root, dirs: [
            str(bin_dir / "skilllint"), "check", "--check", "--include-gitignore", str(root)]))
    return tools


# --------------------------------------------------------------------------- skillctl


def skillctl_tools(cache_root: Path) -> list[Tool]:
    """skillctl's commands: lint without cache (default, serial, 2 workers), with an empty
    and a warm cache (replayed before the app starts, and by the app), list, render."""
    base = skillctl_cmd()
    counter = iter(range(1_000_000))

    def cold_env() -> dict[str, str]:
        return {"SKILLCTL_CACHE_DIR": str(cache_root / f"cold-{next(counter)}")}

    warm = {"SKILLCTL_CACHE_DIR": str(cache_root / "warm")}
    return [
        Tool("lint", "skillctl lint --no-cache", lambda root, dirs: [
            *base, "lint", "--no-cache", str(root)]),
        Tool("lint-serial", "skillctl lint --no-cache, one process (SKILLCTL_JOBS=1)",
             lambda root, dirs: [*base, "lint", "--no-cache", str(root)],
             env={"SKILLCTL_JOBS": "1"}),
        Tool("lint-pool", "skillctl lint --no-cache, 2 workers (SKILLCTL_JOBS=2)",
             lambda root, dirs: [*base, "lint", "--no-cache", str(root)],
             env={"SKILLCTL_JOBS": "2"}),
        Tool("lint-cold", "skillctl lint, empty cache", lambda root, dirs: [
            *base, "lint", str(root)], prepare=cold_env),
        Tool("lint-warm", "skillctl lint, warm cache (unchanged repository)",
             lambda root, dirs: [*base, "lint", str(root)], env=warm, warm_up=True),
        # The same cache, warmed by a text run, read by a JSON run: no replay record matches
        # (it is per command line), so the app starts and replays the cache's snapshot, as
        # on a terminal or for the GitHub Action's second run.
        Tool("lint-warm-app", "skillctl lint --format json, warm cache (by a text run)",
             lambda root, dirs: [*base, "lint", "--format", "json", str(root)],
             prepare=cold_env, warm_up=True,  # a new cache each run: no JSON record yet
             warm_argv=lambda root, dirs: [*base, "lint", str(root)]),
        Tool("list", "skillctl list", lambda root, dirs: [*base, "list", str(root)]),
        Tool("render", "skillctl render", lambda root, dirs: [*base, "render", str(root)]),
    ]


def startup(runs: int) -> dict[str, Series]:
    """Start-up times: ``import typer`` versus skillctl's cheapest paths."""
    base = skillctl_cmd()
    tab = {"_SKILLCTL_COMPLETE": "complete_bash", "COMP_WORDS": "skillctl li", "COMP_CWORD": "1"}
    cases: list[tuple[str, list[str], dict[str, str]]] = [
        ('python -c "import typer"', [_python, "-c", "import typer"], {}),
        ("skillctl --help", [*base, "--help"], {}),
        ("skillctl lint --help", [*base, "lint", "--help"], {}),
        ("TAB completion (skillctl li<TAB>)", base, tab),
    ]
    out = {label: Series(label) for label, _, _ in cases}
    for _ in range(runs):
        for label, cmd, extra in cases:
            sample, _ = run_child(cmd, env={**os.environ, **extra}, timeout=60)
            out[label].samples.append(sample)
    return out


# --------------------------------------------------------------------------- running


def bench_corpus(size: int, runs: int, tools: list[Tool], timeout: float, budget: float,
                 cache_root: Path) -> dict[str, Series]:
    """Time every tool on the generated corpus of ``size`` skills, interleaved run by run."""
    root = OUT / f"corpus-{size}"
    print(f"[bench] corpus of {size} skills at {root}", file=sys.stderr)
    dirs = generate_corpus(root, size)
    return bench_tree(root, dirs, runs, tools, timeout, budget, cache_root)


def bench_tree(root: Path, dirs: list[Path], runs: int, tools: list[Tool], timeout: float,
               budget: float, cache_root: Path) -> dict[str, Series]:
    """Time every tool on the skills ``dirs`` below ``root``, interleaved run by run (the
    cache folder is removed at the end)."""
    size = len(dirs)
    series = {tool.key: Series(tool.label) for tool in tools}
    spent = dict.fromkeys(series, 0.0)
    for run in range(runs):
        # A new order each run (seeded, so reproducible): the tool that follows a heavy one
        # (skilllint's 220 MB push the corpus out of the page cache) must change every run.
        # Rotating is not enough: it keeps every tool's neighbours.
        order = list(tools)
        random.Random(f"{size}-{run}").shuffle(order)
        for tool in order:
            s = series[tool.key]
            if s.note or (run > 0 and spent[tool.key] > budget):
                continue
            env = {**os.environ, **(tool.env or {}), **((tool.prepare and tool.prepare()) or {})}
            for _attempt in range(3):
                # A warm run is only warm while skillctl's code is unchanged (the cache key
                # includes it): in a checkout being edited, retry when it changed meanwhile.
                stamp = code_stamp()
                if tool.warm_up:
                    run_child((tool.warm_argv or tool.argv)(root, dirs), env=env, timeout=timeout)
                sample, tail = run_child(tool.argv(root, dirs), env=env, timeout=timeout)
                if not tool.warm_up or code_stamp() == stamp:
                    break
            spent[tool.key] += sample.wall
            if tail == "timeout":
                s.note = f"timeout after {timeout:.0f}s"
            elif sample.returncode not in tool.ok_codes:
                first = tail.strip().splitlines()[-1] if tail.strip() else ""
                first = first[:120].replace("|", "/")
                s.note = f"failed (exit {sample.returncode}: {first})"
            else:
                s.samples.append(sample)
                if tool.subset and size > tool.subset:
                    s.scale = size / tool.subset
                    s.note = f"timed on {tool.subset} skills, scaled to {size}"
            print(f"[bench]   {size:>6} {tool.key:<22} run {run + 1}: {sample.wall:8.3f}s "
                  f"rc={sample.returncode} {s.note}", file=sys.stderr)
    shutil.rmtree(cache_root, ignore_errors=True)
    return series


# --------------------------------------------------------------------------- reporting


def machine() -> dict[str, str]:
    """What this ran on."""
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f"{kb / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return {"os": platform.platform(), "cpu": cpu, "cores": str(os.cpu_count()), "memory": mem,
            "python": platform.python_version(), "load": " ".join(
                f"{x:.2f}" for x in os.getloadavg())}


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _num(row: dict[str, object] | None, field: str = "median") -> float | None:
    """A number from a summarized row, or None."""
    value = (row or {}).get(field)
    return float(value) if isinstance(value, (int, float)) else None


def _times(a: float, b: float) -> str:
    """'3.2x faster' / '1.5x slower': how ``a`` compares with ``b`` (times, lower is better)."""
    return f"{b / a:.1f}x faster" if a <= b else f"{a / b:.1f}x slower"


def _per_round(rows: dict[str, Any], a: str, b: str) -> list[float]:
    """``b``'s time over ``a``'s in each round both ran (the same round: the tools of a round
    run back to back, so a slow spell of this shared machine hits both); [] if unpaired."""
    first, second = rows.get(a) or {}, rows.get(b) or {}
    xs, ys = first.get("samples") or [], second.get("samples") or []
    if not xs or len(xs) != len(ys) or first.get("note") or second.get("note"):
        return []
    return [y["wall"] / x["wall"] for x, y in zip(xs, ys, strict=True) if x["wall"] > 0]


def render_markdown(results: dict[str, Any]) -> str:
    """The generated part of docs/benchmarks.md."""
    m: dict[str, str] = results["machine"]
    v: dict[str, str] = results["versions"]
    lines = [
        f"Generated by `python bench/run.py {results['args']}` on {results['date']}.",
        "",
        f"- Machine: {m['cpu']}, {m['cores']} cores, {m['memory']}; {m['os']}; "
        f"load average at start {m['load']} (a shared machine: other jobs ran at the same "
        "time, so absolute times are noisy; the ratios come from interleaved runs).",
        f"- Python {m['python']}; " + "; ".join(f"{k} {val}" for k, val in v.items()),
        f"- skillctl timed: {results.get('bytecode', 'the checkout in place')}.",
        "",
    ]
    st: dict[str, dict[str, object]] = results["startup"]
    typer_label = next((label for label in st if "import typer" in label), None)
    typer_med = _num(st[typer_label]) if typer_label else None
    if st and typer_med:
        lines += ["### Start-up", "",
                  "| command | median | min | median / `import typer` |",
                  "|---|---:|---:|---:|"]
        for label, row in st.items():
            med, low = _num(row) or 0.0, _num(row, "min") or 0.0
            lines.append(f"| {label} | {_fmt(med)} | {_fmt(low)} | {med / typer_med:.2f}x |")
        lines.append("")
    corpora: dict[str, dict[str, dict[str, object]]] = dict(
        sorted(results["corpora"].items(), key=lambda item: int(item[0])))
    for size, rows in corpora.items():
        lint_med = _num(rows.get("lint"))
        lines += [f"### {int(size):,} skills", "",
                  "| tool | median wall | median CPU | peak RSS | runs | time / skillctl lint "
                  "| note |",
                  "|---|---:|---:|---:|---:|---:|---|"]
        for key, row in rows.items():
            value = _num(row)
            if value is None:
                lines.append(f"| {row['label']} | - | - | - | 0 | - | {row['note']} |")
                continue
            ratio = f"{value / lint_med:.2f}x" if lint_med and key != "lint" else "1"
            lines.append(
                f"| {row['label']} | {_fmt(value)} | {_fmt(_num(row, 'cpu') or 0.0)} "
                f"| {_num(row, 'peak_mb') or 0.0:.0f} MB | {row['runs']} | {ratio} "
                f"| {row['note']} |")
        lines.append("")
    lines += ["### Where we stand (targets of issue 7)", ""]
    if st and typer_med:
        worst = max((_num(r) or 0.0) / typer_med for label, r in st.items() if label != typer_label)
        lines.append(f"- Start-up: worst of `--help`, `lint --help`, TAB is {worst:.2f}x "
                     "`import typer` (target: at most 1.2x).")
    for size, rows in corpora.items():
        lint_med = _num(rows.get("lint"))
        if not lint_med:
            continue
        for peer, label in (("skills-ref-inprocess", "skills-ref's validator in-process"),
                            ("agnix", "agnix"), ("skilllint", "skilllint")):
            peer_med = _num(rows.get(peer))
            if peer_med:
                rounds = _per_round(rows, "lint", peer)
                paired = (f"; round by round {', '.join(f'{r:.1f}x' for r in rounds)}, "
                          f"median {statistics.median(rounds):.1f}x" if len(rounds) > 1 else "")
                lines.append(f"- {int(size):,} skills: `skillctl lint` is "
                             f"{_times(lint_med, peer_med)} than {label} "
                             f"({_fmt(lint_med)} against {_fmt(peer_med)}{paired}).")
        cold, warm = _num(rows.get("lint-cold")), _num(rows.get("lint-warm"))
        if cold and warm:
            lines.append(f"- {int(size):,} skills: re-linting an unchanged repository is "
                         f"{cold / warm:.1f}x faster than the first run ({_fmt(warm)} against "
                         f"{_fmt(cold)}; target: at least 10x).")
        warm_app = _num(rows.get("lint-warm-app"))
        if cold and warm_app:
            lines.append(f"- {int(size):,} skills: without a replay record (another format, "
                         f"or a terminal), the app's own replay is {cold / warm_app:.1f}x "
                         f"faster than the first run ({_fmt(warm_app)}).")
        serial, pooled = _num(rows.get("lint-serial")), _num(rows.get("lint-pool"))
        threshold = results.get("pool_threshold")
        if serial and pooled and isinstance(threshold, int) and int(size) < threshold:
            lines.append(f"- {int(size):,} skills: below the pool threshold ({threshold}), "
                         "both runs are one process; their difference is noise.")
        elif serial and pooled:
            lines.append(f"- {int(size):,} skills: 2 workers make lint "
                         f"{_times(pooled, serial)} than one process.")
    sizes = sorted(int(s) for s in corpora)
    for a, b in itertools.pairwise(sizes):
        ta, tb = _num(corpora[str(a)].get("lint")), _num(corpora[str(b)].get("lint"))
        ma, mb = (_num(corpora[str(a)].get("lint"), "peak_mb"),
                  _num(corpora[str(b)].get("lint"), "peak_mb"))
        if ta and tb:
            lines.append(f"- Scaling {a:,} → {b:,} skills ({b / a:.0f}x the skills): "
                         f"{tb / ta:.2f}x the time, peak memory {ma or 0:.0f} → {mb or 0:.0f} MB.")
    lines.append("")
    return "\n".join(lines)


DOC_TEMPLATE = f"""# Benchmarks

How fast skillctl starts and lints, measured side by side with the skills linters on PyPI.
Run it yourself: `python bench/run.py --sizes 100,2000,10000 --runs 5` (see `bench/run.py`).

## Results

{BEGIN}
{END}
"""


def write_doc(markdown: str) -> None:
    """Replace the generated block of docs/benchmarks.md (creating the file if needed)."""
    text = DOC.read_text() if DOC.exists() else DOC_TEMPLATE
    if BEGIN not in text or END not in text:
        text += f"\n## Results\n\n{BEGIN}\n{END}\n"
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text(f"{head}{BEGIN}\n{markdown}\n{END}{tail}")


def summarize(series: dict[str, Series]) -> dict[str, dict[str, object]]:
    """Series as plain numbers for JSON and the doc."""
    out: dict[str, dict[str, object]] = {}
    for key, s in series.items():
        row: dict[str, object] = {"label": s.label, "note": s.note, "runs": len(s.samples),
                                  "median": None}
        if s.ok or (s.samples and s.scale != 1.0):
            row.update(median=s.median(), cpu=s.median_cpu(), peak_mb=s.peak_mb(),
                       min=min(x.wall for x in s.samples) * s.scale,
                       samples=[asdict(x) for x in s.samples])
        out[key] = row
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Parse options, run everything, write the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--sizes", default="100,2000,10000",
                        help="corpus sizes, comma-separated (default: 100,2000,10000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per tool (default 5)")
    parser.add_argument("--big-runs", type=int, default=2,
                        help="runs per tool on corpora of 5,000 skills or more (default 2)")
    parser.add_argument("--startup-runs", type=int, default=21)
    parser.add_argument("--timeout", type=float, default=900, help="seconds per command")
    parser.add_argument("--budget", type=float, default=120,
                        help="stop repeating a tool once it used this many seconds on a corpus")
    parser.add_argument("--cli-sample", type=int, default=100,
                        help="skills timed with the one-process-per-skill skills-ref CLI")
    parser.add_argument("--no-peers", action="store_true", help="time skillctl only")
    parser.add_argument("--in-place", action="store_true",
                        help="time the skillctl this Python imports (e.g. an editable "
                        "checkout) instead of a wheel installed into bench/out/skillctl-venv")
    parser.add_argument("--no-install", action="store_true", help="do not pip-install peers")
    parser.add_argument("--only", default="", help="comma-separated tool keys to run")
    parser.add_argument("--no-doc", action="store_true", help="do not touch docs/benchmarks.md")
    parser.add_argument("--generate-only", action="store_true", help="only build the corpora")
    parser.add_argument("--from-results", type=Path, default=None,
                        help="re-render docs/benchmarks.md from a saved results.json")
    args = parser.parse_args(argv)
    if args.from_results is not None:
        write_doc(render_markdown(json.loads(args.from_results.read_text())))
        return 0
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    OUT.mkdir(parents=True, exist_ok=True)
    if args.generate_only:
        for size in sizes:
            generate_corpus(OUT / f"corpus-{size}", size)
        return 0

    bytecode = compile_skillctl() if args.in_place else install_skillctl()
    versions = {"skillctl": version_of([*skillctl_cmd(), "--version"]).removeprefix("skillctl ")}
    status = {} if args.no_peers else ensure_peers(not args.no_install)
    versions.update({peer: v for peer, v in status.items()})
    cache_root = Path(tempfile.mkdtemp(prefix="skillctl-bench-cache-"))
    tools = skillctl_tools(cache_root) + peer_tools(status, args.cli_sample)
    if args.only:
        keep = set(args.only.split(","))
        tools = [t for t in tools if t.key in keep]
    results: dict[str, object] = {
        "date": _dt.date.today().isoformat(),
        "args": " ".join(argv if argv is not None else sys.argv[1:]),
        "machine": machine(),
        "versions": versions,
        "pool_threshold": pool_threshold(),
        "bytecode": bytecode,
    }
    startup_series = startup(args.startup_runs) if args.startup_runs > 0 else {}
    results["startup"] = {
        label: {"median": s.median(), "min": min(x.wall for x in s.samples)}
        for label, s in startup_series.items()}
    corpora: dict[str, dict[str, dict[str, object]]] = {}
    for size in sizes:
        runs = args.big_runs if size >= 5000 else args.runs
        corpora[str(size)] = summarize(
            bench_corpus(size, runs, tools, args.timeout, args.budget, cache_root))
    results["corpora"] = corpora
    for peer, v in status.items():
        if not v[:1].isdigit():
            for rows in corpora.values():
                rows[peer] = {"label": peer, "note": v, "runs": 0, "median": None}
    (OUT / "results.json").write_text(json.dumps(results, indent=2))
    markdown = render_markdown(results)
    print(markdown)
    if not args.no_doc:
        write_doc(markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
