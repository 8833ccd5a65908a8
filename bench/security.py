#!/usr/bin/env python3
"""Benchmark skillctl's security rules against the peer skill scanners (issue 18).

Usage (from the repository root, with skillctl installed in the Python that runs this)::

    python bench/security.py                 # table on stdout
    python bench/security.py --json          # the same numbers for machines
    python bench/security.py --write-doc     # also rewrite the block in docs/benchmarks.md

What it does:

1. installs the peers, pinned, into a venv of their own under
   ``~/.cache/skillctl-bench-security/venv`` (never into skillctl's environment):
   ``cisco-ai-skill-scanner`` (command ``skill-scanner``, default static analyzers only:
   no ``--use-llm``, ``--use-behavioral``, VirusTotal, AI Defense or OSV) and
   ``skillguard-cli`` (command ``skillguard``, the Python port); ``--no-peers`` skips them;
2. copies every skill of the labelled set (``tests/data/security``) and of the real corpus
   (``../shared/corpus``) into a flat staging folder per corpus (skillguard's ``scan-set``
   wants skills as direct children and does not follow symbolic links);
3. runs each tool once per corpus, the peers with the network cut off (``unshare --net``)
   where the machine allows it, and maps each tool's findings to a per-skill level
   (:data:`LEVEL_NAMES`, mapping documented in :data:`SEVERITY_MAP`);
4. times ``skillctl lint --no-cache`` with and without the security rules on the corpus
   (interleaved, median of ``--runs``): what the security pass adds to a lint run;
5. prints recall on the malicious skills, alarms on the benign ones and on the corpus, and
   times; ``--json`` prints the raw numbers.

Nothing in the labelled set is executed by any tool: they read files. Nothing here asserts a
time; it measures and reports.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from skillctl import __version__ as skillctl_version

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
LABELLED_SET = REPO / "tests" / "data" / "security"
CORPUS = REPO.parent / "shared" / "corpus"
DOC = REPO / "docs" / "benchmarks.md"
BEGIN = "<!-- bench-security:begin -->"
END = "<!-- bench-security:end -->"
PEER_HOME = Path.home() / ".cache" / "skillctl-bench-security"
#: The peers, pinned so that a re-run measures the same thing; bump deliberately.
PEER_PACKAGES = {"cisco-ai-skill-scanner": "2.3.2", "skillguard-cli": "0.2.6"}
#: Bump when the JSON output changes shape.
OUTPUT_VERSION = 1

#: Per-skill levels: 0 nothing, 1 an alarm (worth a look), 2 flagged (the tool says unsafe).
NOTHING, ALARM, FLAGGED = 0, 1, 2
LEVEL_NAMES = {NOTHING: "nothing", ALARM: "alarm", FLAGGED: "flagged"}
#: How each tool's severities map to a level. "Flagged" is what the tool itself treats as
#: failing: skillctl's security errors (exit 1), Cisco's HIGH and CRITICAL (its ``is_safe:
#: false`` and ``--fail-on-findings``), skillguard's HIGH (its default
#: ``--severity-threshold``). "Alarm" is the next level down. Anything else (Cisco's INFO,
#: such as "no license field") is not a security alarm.
SEVERITY_MAP: dict[str, dict[str, int]] = {
    "skillctl": {"error": FLAGGED, "warning": ALARM},
    "cisco-ai-skill-scanner": {"CRITICAL": FLAGGED, "HIGH": FLAGGED, "MEDIUM": ALARM,
                               "LOW": ALARM},
    "skillguard-cli": {"HIGH": FLAGGED, "MEDIUM": ALARM, "LOW": ALARM},
}


# --------------------------------------------------------------------------- corpora

@dataclass(frozen=True, slots=True)
class Corpus:
    """Skills staged for the scanners: staged folder name -> skill id, and the labels."""

    name: str
    root: Path  # where the skills really are
    stage: Path  # flat copies, one child per skill
    skills: dict[str, str]  # staged name -> skill id (path relative to ``root``)
    labels: dict[str, str] = field(default_factory=dict)  # skill id -> malicious | benign


def skill_dirs(root: Path) -> list[Path]:
    """Every folder below ``root`` holding a SKILL.md (any case), sorted; links not followed."""
    found = set()
    for current, dirs, files in os.walk(root):
        dirs.sort()
        if any(f.lower() == "skill.md" for f in files):
            found.add(Path(current))
    return sorted(found)


def load_labels(root: Path) -> dict[str, str]:
    """Skill id -> ``malicious`` or ``benign`` from ``root/labels.json``."""
    document = json.loads((root / "labels.json").read_text(encoding="utf-8"))
    return {skill_id: str(entry["label"]) for skill_id, entry in document["skills"].items()}


def stage_corpus(name: str, root: Path, stage: Path, labels: Mapping[str, str] | None = None
                 ) -> Corpus:
    """Copy each skill of ``root`` to ``stage/sNNNN`` (links copied as links, never followed)."""
    skills: dict[str, str] = {}
    for index, directory in enumerate(skill_dirs(root)):
        staged = f"s{index:04d}"
        shutil.copytree(directory, stage / staged, symlinks=True)
        skills[staged] = directory.relative_to(root).as_posix()
    return Corpus(name, root, stage, skills, dict(labels or {}))


# --------------------------------------------------------------------------- parsers

def _raise(levels: dict[str, int], skill: str, level: int) -> None:
    if level > levels.get(skill, NOTHING):
        levels[skill] = level


def _staged_name(path: str, stage: Path) -> str | None:
    """The staged folder (``sNNNN``) a reported path lies in, or None."""
    candidate = Path(path)
    if candidate.is_absolute():
        try:
            candidate = candidate.relative_to(stage)
        except ValueError:
            try:
                candidate = candidate.resolve().relative_to(stage.resolve())
            except ValueError:
                return None
    parts = candidate.parts
    return parts[0] if parts else None


def parse_skillctl(report: Mapping[str, Any], stage: Path, security_rules: Iterable[str]
                   ) -> dict[str, int]:
    """Levels per staged skill from ``skillctl lint --format json`` (security rules only)."""
    rules = set(security_rules)
    levels: dict[str, int] = {}
    mapping = SEVERITY_MAP["skillctl"]
    for diagnostic in report.get("diagnostics", []):
        if diagnostic.get("rule") not in rules:
            continue
        skill = _staged_name(str(diagnostic.get("path", "")), stage)
        if skill is not None:
            _raise(levels, skill, mapping.get(str(diagnostic.get("severity")), NOTHING))
    return levels


def parse_cisco(report: Mapping[str, Any], stage: Path) -> dict[str, int]:
    """Levels per staged skill from ``skill-scanner scan-all --format json``."""
    levels: dict[str, int] = {}
    mapping = SEVERITY_MAP["cisco-ai-skill-scanner"]
    for result in report.get("results", []):
        skill = _staged_name(str(result.get("skill_path", "")), stage)
        if skill is None:
            continue
        levels.setdefault(skill, NOTHING)
        for finding in result.get("findings", []):
            _raise(levels, skill, mapping.get(str(finding.get("severity")).upper(), NOTHING))
    return levels


def parse_skillguard(report: Mapping[str, Any]) -> dict[str, int]:
    """Levels per staged skill from ``skillguard scan-set -f json`` (files as ``sNNNN/...``)."""
    levels: dict[str, int] = {}
    mapping = SEVERITY_MAP["skillguard-cli"]
    for finding in report.get("findings", []):
        parts = Path(str(finding.get("file", ""))).parts
        if parts:
            _raise(levels, parts[0], mapping.get(str(finding.get("severity")).upper(), NOTHING))
    return levels


def json_from_output(text: str) -> Any:
    """The JSON document in a tool's stdout (skipping any banner line printed before it)."""
    start = min((i for i in (text.find("{"), text.find("[")) if i >= 0), default=-1)
    if start < 0:
        raise ValueError("no JSON document in the output")
    return json.loads(text[start:])


# --------------------------------------------------------------------------- scoring

@dataclass(frozen=True, slots=True)
class Score:
    """One tool on one corpus."""

    skills: int
    flagged: int  # skills at level FLAGGED
    alarmed: int  # skills at level ALARM or above
    flagged_ids: tuple[str, ...] = ()
    missed_ids: tuple[str, ...] = ()  # for the malicious part: neither flagged nor alarmed


def score(levels: Mapping[str, int], corpus: Corpus, label: str | None) -> Score:
    """Count the skills of ``corpus`` (only those labelled ``label`` when given) per level."""
    staged = [s for s, sid in corpus.skills.items()
              if label is None or corpus.labels.get(sid) == label]
    flagged = sorted(corpus.skills[s] for s in staged if levels.get(s, 0) >= FLAGGED)
    alarmed = [s for s in staged if levels.get(s, 0) >= ALARM]
    missed = sorted(corpus.skills[s] for s in staged if levels.get(s, 0) < ALARM)
    return Score(len(staged), len(flagged), len(alarmed), tuple(flagged), tuple(missed))


# --------------------------------------------------------------------------- running

@dataclass(frozen=True, slots=True)
class Timed:
    stdout: str
    stderr: str
    returncode: int
    wall: float
    cpu: float


def run_timed(argv: Sequence[str], *, env: Mapping[str, str] | None = None,
              cwd: Path | None = None) -> Timed:
    """Run ``argv`` to the end; wall time and the CPU time of the child and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(argv), capture_output=True, text=True, env=dict(env or os.environ),
                          cwd=cwd, check=False, stdin=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(done.stdout, done.stderr, done.returncode, wall, cpu)


def offline_prefix() -> list[str]:
    """``unshare --net`` when this machine lets us cut a child off the network, else []."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    probe = subprocess.run([unshare, "--net", "true"], capture_output=True, check=False)
    return [unshare, "--net"] if probe.returncode == 0 else []


def ensure_peers(home: Path) -> tuple[Path, dict[str, str]]:
    """The peers' venv (created and filled on first use) and the installed versions."""
    venv = home / "venv"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    wanted = [f"{name}=={version}" for name, version in PEER_PACKAGES.items()]
    versions = peer_versions(python)
    if any(versions.get(name) != version for name, version in PEER_PACKAGES.items()):
        subprocess.run([str(python), "-m", "pip", "install", "-q", *wanted], check=True)
        versions = peer_versions(python)
    return venv, versions


def peer_versions(python: Path) -> dict[str, str]:
    """The installed version of each peer in the venv of ``python`` (absent ones left out)."""
    versions: dict[str, str] = {}
    for name in PEER_PACKAGES:
        done = subprocess.run(
            [str(python), "-c", f"import importlib.metadata as m; print(m.version({name!r}))"],
            capture_output=True, text=True, check=False)
        if done.returncode == 0:
            versions[name] = done.stdout.strip()
    return versions


def security_rule_ids() -> list[str]:
    """The ids of the rules in skillctl's ``security`` category (from ``skillctl rules``)."""
    done = subprocess.run([sys.executable, "-m", "skillctl", "rules", "--format", "json"],
                          capture_output=True, text=True, check=True)
    rules = json_from_output(done.stdout)
    rules = rules.get("rules", rules) if isinstance(rules, dict) else rules
    return sorted(r["id"] for r in rules if r.get("category") == "security")


def _skillctl_env(cache: Path) -> dict[str, str]:
    return dict(os.environ, SKILLCTL_CACHE_DIR=str(cache), NO_COLOR="1")


def run_skillctl(corpus: Corpus, rules: Sequence[str], cache: Path) -> tuple[dict[str, int], Timed]:
    argv = [sys.executable, "-m", "skillctl", "lint", "--select", "security", "--no-cache",
            "--format", "json", "--allow-empty", str(corpus.stage)]
    timed = run_timed(argv, env=_skillctl_env(cache))
    if timed.returncode not in (0, 1):
        raise RuntimeError(f"skillctl failed ({timed.returncode}): {timed.stderr.strip()[:500]}")
    return parse_skillctl(json_from_output(timed.stdout), corpus.stage, rules), timed


def run_cisco(corpus: Corpus, venv: Path, offline: Sequence[str]) -> tuple[dict[str, int], Timed]:
    argv = [*offline, str(venv / "bin" / "skill-scanner"), "scan-all", str(corpus.stage),
            "--recursive", "--format", "json"]
    timed = run_timed(argv)
    if timed.returncode != 0:
        raise RuntimeError(f"skill-scanner failed ({timed.returncode}): {timed.stderr[-500:]}")
    return parse_cisco(json_from_output(timed.stdout), corpus.stage), timed


def run_skillguard(corpus: Corpus, venv: Path, offline: Sequence[str]
                   ) -> tuple[dict[str, int], Timed]:
    argv = [*offline, str(venv / "bin" / "skillguard"), "scan-set", str(corpus.stage),
            "-f", "json"]
    timed = run_timed(argv)
    if timed.returncode not in (0, 1):  # 1: findings at or above the threshold
        raise RuntimeError(f"skillguard failed ({timed.returncode}): {timed.stderr[-500:]}")
    return parse_skillguard(json_from_output(timed.stdout)), timed


def lint_overhead(corpus: Path, runs: int, cache: Path) -> dict[str, Any]:
    """Median times of ``lint --no-cache`` with and without the security category."""
    base = [sys.executable, "-m", "skillctl", "lint", "--no-cache", "--format", "json",
            "--allow-empty", str(corpus)]
    variants = {"full": base, "without_security": [*base, "--ignore", "security"]}
    walls: dict[str, list[float]] = {k: [] for k in variants}
    cpus: dict[str, list[float]] = {k: [] for k in variants}
    for round_ in range(runs):
        order = list(variants) if round_ % 2 == 0 else list(reversed(variants))
        for key in order:
            timed = run_timed(variants[key], env=_skillctl_env(cache))
            if timed.returncode not in (0, 1):
                raise RuntimeError(f"skillctl lint failed: {timed.stderr.strip()[:500]}")
            walls[key].append(timed.wall)
            cpus[key].append(timed.cpu)
    result: dict[str, Any] = {"runs": runs}
    for key in variants:
        result[key] = {"wall": statistics.median(walls[key]), "cpu": statistics.median(cpus[key])}
    without = result["without_security"]["cpu"]
    result["added_cpu_share"] = (result["full"]["cpu"] - without) / without if without else 0.0
    return result


# --------------------------------------------------------------------------- report

def _pct(part: int, whole: int) -> str:
    # one decimal on the corpus (hundreds of skills), where the target is 1%
    return f"{part}/{whole} ({part / whole:.{1 if whole >= 100 else 0}%})" if whole else "-"


def table(results: Mapping[str, Any]) -> str:
    """The Markdown table of a run (``results`` as :func:`measure` returns it)."""
    lines = [
        "| tool | version | recall: flagged | recall: any alarm | benign flagged "
        "| benign alarmed | corpus flagged | corpus alarmed | time, set | time, corpus |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, tool in results["tools"].items():
        if "error" in tool:
            lines.append(f"| {name} | {tool.get('version', '?')} | {tool['error']} |" + " |" * 7)
            continue
        mal, ben = tool["malicious"], tool["benign"]
        cells = [name, tool["version"], _pct(mal["flagged"], mal["skills"]),
                 _pct(mal["alarmed"], mal["skills"]), _pct(ben["flagged"], ben["skills"]),
                 _pct(ben["alarmed"], ben["skills"])]
        corpus = tool.get("corpus")
        if corpus:
            cells += [_pct(corpus["flagged"], corpus["skills"]),
                      _pct(corpus["alarmed"], corpus["skills"])]
        else:
            cells += ["-", "-"]
        cells.append(f"{tool['time_set']['wall']:.2f} s")
        cells.append(f"{tool['time_corpus']['wall']:.2f} s" if corpus else "-")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def render(results: Mapping[str, Any]) -> str:
    """Table, mapping notes, misses and overhead as Markdown (what ``--write-doc`` inserts)."""
    out = [
        f"Generated by `python bench/security.py{results['arguments']}` on {results['date']}.",
        "",
        f"- Machine: {results['machine']}; Python {results['python']}.",
        f"- Labelled set: {results['set']['malicious']} malicious and "
        f"{results['set']['benign']} benign skills (`tests/data/security`); real corpus: "
        f"{results['corpus_skills']} skills (`../shared/corpus`).",
        f"- skillctl security rules in this run: {len(results['security_rules'])} "
        f"({', '.join(results['security_rules']) or 'none yet'}).",
        f"- Peers ran {results['network']}.",
        "",
        table(results),
        "",
    ]
    overhead = results.get("overhead")
    if overhead:
        out.append(
            f"- The security pass adds {overhead['added_cpu_share']:.0%} CPU to "
            f"`skillctl lint --no-cache` on the corpus ({overhead['full']['cpu']:.2f} s against "
            f"{overhead['without_security']['cpu']:.2f} s with `--ignore security`, median of "
            f"{overhead['runs']}; wall {overhead['full']['wall']:.2f} s against "
            f"{overhead['without_security']['wall']:.2f} s)."
        )
    out += targets(results)
    for name, tool in results["tools"].items():
        if "error" in tool:
            continue
        missed = tool["malicious"]["missed_ids"]
        out.append(f"- {name} missed ({len(missed)}): "
                   + (", ".join(m.split("/", 1)[1] for m in missed) or "none") + ".")
        benign = tool["benign"]["flagged_ids"]
        if benign:
            out.append(f"- {name} flagged benign: "
                       + ", ".join(b.split("/", 1)[1] for b in benign) + ".")
    return "\n".join(out) + "\n"


def targets(results: Mapping[str, Any]) -> list[str]:
    """Issue 18's targets against these numbers, one line each (met or not)."""
    tools = {n: t for n, t in results["tools"].items() if "error" not in t}
    ours = tools.get("skillctl")
    if ours is None:
        return []

    def recall(tool: Mapping[str, Any]) -> float:
        mal = tool["malicious"]
        return float(mal["alarmed"]) / mal["skills"] if mal["skills"] else 0.0

    best_peer = max((recall(t) for n, t in tools.items() if n != "skillctl"), default=0.0)
    lines = [f"- Target: recall (any alarm) at least 95% and at least the best peer's "
             f"({best_peer:.0%}): {recall(ours):.0%}, "
             f"{'met' if recall(ours) >= max(0.95, best_peer) else 'NOT met'}."]
    corpus = ours.get("corpus")
    if corpus and corpus["skills"]:
        share = corpus["flagged"] / corpus["skills"]
        lines.append(f"- Target: security errors on at most 1% of the corpus: {share:.1%}, "
                     f"{'met' if share <= 0.01 else 'NOT met'}.")
    overhead = results.get("overhead")
    if overhead:
        added = overhead["added_cpu_share"]
        lines.append(f"- Target: the security pass adds at most 20% to a lint run: {added:.0%}, "
                     f"{'met' if added <= 0.20 else 'NOT met'}.")
    return lines


def write_doc(block: str, doc: Path = DOC) -> None:
    """Replace the text between the markers in ``doc`` (atomically), or fail if absent."""
    text = doc.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{doc}: markers {BEGIN} / {END} not found")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{block}{END}{tail}"
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=doc.parent, delete=False) as tmp:
        tmp.write(new)
    os.replace(tmp.name, doc)


# --------------------------------------------------------------------------- main

def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{cpu}, {os.cpu_count()} cores, {platform.platform()}, load average at start {load}"


def _tool_entry(version: str, levels_set: Mapping[str, int], timed_set: Timed,
                labelled: Corpus, corpus_run: tuple[Mapping[str, int], Timed, Corpus] | None
                ) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "version": version,
        "malicious": asdict(score(levels_set, labelled, "malicious")),
        "benign": asdict(score(levels_set, labelled, "benign")),
        "time_set": {"wall": timed_set.wall, "cpu": timed_set.cpu},
    }
    if corpus_run is not None:
        levels, timed, corpus = corpus_run
        entry["corpus"] = asdict(score(levels, corpus, None))
        entry["time_corpus"] = {"wall": timed.wall, "cpu": timed.cpu}
    return entry


def measure(args: argparse.Namespace, arguments: str) -> dict[str, Any]:
    """Run every tool on both corpora; the results as plain data (what ``--json`` prints)."""
    rules = security_rule_ids()
    offline = offline_prefix()
    labels = load_labels(args.set)
    with tempfile.TemporaryDirectory(prefix="skillctl-bench-security-") as tmp:
        work = Path(tmp)
        labelled = stage_corpus("set", args.set, work / "set", labels)
        corpus = (stage_corpus("corpus", args.corpus, work / "corpus")
                  if args.corpus and args.corpus.is_dir() else None)
        cache = work / "cache"
        tools: dict[str, Any] = {}

        levels, timed = run_skillctl(labelled, rules, cache)
        corpus_run = None
        if corpus is not None:
            c_levels, c_timed = run_skillctl(corpus, rules, cache)
            corpus_run = (c_levels, c_timed, corpus)
        tools["skillctl"] = _tool_entry(skillctl_version, levels, timed, labelled, corpus_run)

        if not args.no_peers:
            venv, versions = ensure_peers(args.peer_home)
            runners = {"cisco-ai-skill-scanner": run_cisco, "skillguard-cli": run_skillguard}
            for name, runner in runners.items():
                try:
                    levels, timed = runner(labelled, venv, offline)
                    corpus_run = None
                    if corpus is not None:
                        c_levels, c_timed = runner(corpus, venv, offline)
                        corpus_run = (c_levels, c_timed, corpus)
                    tools[name] = _tool_entry(versions.get(name, "?"), levels, timed,
                                              labelled, corpus_run)
                except (RuntimeError, ValueError, OSError) as exc:
                    tools[name] = {"version": versions.get(name, "?"), "error": str(exc)[:200]}

        overhead = (lint_overhead(args.corpus, args.runs, cache)
                    if corpus is not None and args.runs > 0 else None)
    return {
        "version": OUTPUT_VERSION,
        "date": _dt.date.today().isoformat(),
        "arguments": arguments,
        "machine": _machine(),
        "python": platform.python_version(),
        "network": "not at all (--no-peers)" if args.no_peers
        else "with the network cut off (unshare --net)" if offline
        else "with the network available (unshare --net was not permitted here)",
        "severity_map": SEVERITY_MAP,
        "security_rules": rules,
        "set": {"malicious": sum(v == "malicious" for v in labels.values()),
                "benign": sum(v == "benign" for v in labels.values())},
        "corpus_skills": len(corpus.skills) if corpus is not None else 0,
        "tools": tools,
        "overhead": overhead,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--set", type=Path, default=LABELLED_SET, help="the labelled set")
    parser.add_argument("--corpus", type=Path, default=CORPUS,
                        help="real skills for false positives (skipped when absent)")
    parser.add_argument("--runs", type=int, default=5,
                        help="rounds of the lint-overhead timing (0: skip it)")
    parser.add_argument("--peer-home", type=Path, default=PEER_HOME,
                        help="where the peers' venv lives")
    parser.add_argument("--no-peers", action="store_true", help="measure skillctl only")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--write-doc", action="store_true",
                        help="rewrite the Security block of docs/benchmarks.md")
    parser.add_argument("--from-json", type=Path, metavar="FILE",
                        help="measure nothing: render the results a --json run saved in FILE")
    args = parser.parse_args(argv)
    if args.from_json:
        results = json.loads(args.from_json.read_text(encoding="utf-8"))
    else:
        shown = argv if argv is not None else sys.argv[1:]
        kept = [a for a in shown if a not in ("--json", "--write-doc")]
        results = measure(args, "".join(f" {a}" for a in kept))
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        print(render(results), end="")
    if args.write_doc:
        write_doc(render(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
