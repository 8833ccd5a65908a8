#!/usr/bin/env python3
"""How noisy each lint rule is on real skills, and how precise on the labelled set (issue 16).

Usage: ``python bench/precision.py [FOLDER...] [--expected FILE] [--agent AGENT] [--json]``

Lints each folder (default ``../shared/corpus`` beside the clone when present, else
``tests/data/corpus``) with the default configuration and no cache, and prints per rule the
findings by severity and the number of skills affected, noisiest first (errors, then
warnings, then skills affected): one rule that fires on half the skills stands out at the
top. With ``--expected`` (default: ``tests/data/corpus/expected-findings.json`` when the
folder is ``tests/data/corpus``), it also prints per rule the precision on that labelled set:
of the findings lint makes there, the share judged true, the share judged debatable, and
the ones not in the set (new, not judged yet: each is a false alarm until read).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
REPO_CORPUS = REPO / "tests" / "data" / "corpus"
SHARED_CORPUS = REPO.parent / "shared" / "corpus"
LABELLED = REPO_CORPUS / "expected-findings.json"
SEVERITIES = ("error", "warning", "info")
#: (skill folder, file in it, line, rule, severity), relative to the linted folder.
Key = tuple[str, str, int, str, str]


@dataclass
class RuleCount:
    """What one rule reported on one run."""

    by_severity: Counter[str] = field(default_factory=Counter)
    skills: set[str] = field(default_factory=set)

    def sort_key(self, rule: str) -> tuple[int, int, int, int, str]:
        """Noisiest first: errors, warnings, skills affected, all findings; then by name."""
        return (-self.by_severity["error"], -self.by_severity["warning"], -len(self.skills),
                -sum(self.by_severity.values()), rule)


def _skill_of(folder: Path, rel: str) -> tuple[str, str]:
    """(skill folder, file inside it) of a path relative to ``folder``."""
    parts = Path(rel).parts
    for cut in range(len(parts) - 1, -1, -1):
        if (folder.joinpath(*parts[:cut]) / "SKILL.md").is_file():
            return "/".join(parts[:cut]), "/".join(parts[cut:])
    return "", rel


def lint_findings(folder: Path, agents: Sequence[str] = ()) -> tuple[int, list[Key]]:
    """(skills linted, findings) of ``skillctl lint FOLDER --no-cache`` with the default
    configuration, paths relative to ``folder``."""
    from skillctl.lint.engine import LintOptions, lint_paths

    result = lint_paths(LintOptions(paths=(folder,), use_cache=False, agents=tuple(agents)))
    keys = []
    for diag in result.diagnostics:
        path = Path(diag.path)
        rel = os.path.relpath(path if path.is_absolute() else Path.cwd() / path, folder)
        skill, file = _skill_of(folder, rel)
        keys.append((skill, file, diag.line, diag.rule, diag.severity.value))
    return len(result.results), keys


def count(findings: Iterable[Key]) -> dict[str, RuleCount]:
    """Per rule: findings by severity and the skills affected."""
    counts: dict[str, RuleCount] = defaultdict(RuleCount)
    for skill, _file, _line, rule, severity in findings:
        counts[rule].by_severity[severity] += 1
        counts[rule].skills.add(skill)
    return dict(counts)


def load_labelled(path: Path, run: str = "default") -> dict[Key, str]:
    """The labelled findings of one run: key -> judgement (``true``, ``debatable`` or
    ``pending``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    labelled = {}
    for entry in data["findings"]:
        if run in entry.get("runs", data["runs"]):
            key = (entry["skill"], entry["file"], entry["line"], entry["rule"],
                   entry["severity"])
            labelled[key] = entry.get("judged", "true")
    return labelled


def precision(findings: Iterable[Key], labelled: dict[Key, str]) -> dict[str, dict[str, int]]:
    """Per rule: found, true, debatable, pending (listed, not judged one by one yet), unjudged
    (found but not in the set) and lost (in the set, not found)."""
    table: dict[str, dict[str, int]] = defaultdict(
        lambda: {"found": 0, "true": 0, "debatable": 0, "pending": 0, "unjudged": 0, "lost": 0})
    found = set(findings)
    for key in found:
        row = table[key[3]]
        row["found"] += 1
        row[labelled.get(key, "unjudged")] += 1
    for key in labelled.keys() - found:
        table[key[3]]["lost"] += 1
    return dict(table)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def render_counts(folder: str, skills: int, counts: dict[str, RuleCount]) -> list[str]:
    """The per-rule table for one folder, noisiest rule first."""
    lines = [f"{folder}: {skills} skills", "",
             f"{'rule':32} {'errors':>7} {'warnings':>8} {'info':>5} {'skills':>7} {'share':>6}"]
    for rule in sorted(counts, key=lambda r: counts[r].sort_key(r)):
        c = counts[rule]
        lines.append(f"{rule:32} {c.by_severity['error']:>7} {c.by_severity['warning']:>8} "
                     f"{c.by_severity['info']:>5} {len(c.skills):>7} "
                     f"{_share(len(c.skills), skills):>6}")
    return lines


def render_precision(table: dict[str, dict[str, int]]) -> list[str]:
    """Per rule precision on the labelled set (true / found), worst first."""
    lines = ["", "precision on the labelled set (true / found; pending and unjudged count as "
             "not true)", "",
             f"{'rule':32} {'found':>6} {'true':>5} {'debat.':>6} {'pending':>7} {'unjudged':>8} "
             f"{'lost':>5} {'precision':>9}"]
    total = {"found": 0, "true": 0, "debatable": 0, "pending": 0, "unjudged": 0, "lost": 0}
    for rule in sorted(table, key=lambda r: (table[r]["true"] / table[r]["found"]
                                             if table[r]["found"] else 1.0, r)):
        row = table[rule]
        for name in total:
            total[name] += row[name]
        lines.append(f"{rule:32} {row['found']:>6} {row['true']:>5} {row['debatable']:>6} "
                     f"{row['pending']:>7} {row['unjudged']:>8} {row['lost']:>5} "
                     f"{_share(row['true'], row['found']):>9}")
    lines.append(f"{'all rules':32} {total['found']:>6} {total['true']:>5} "
                 f"{total['debatable']:>6} {total['pending']:>7} {total['unjudged']:>8} "
                 f"{total['lost']:>5} "
                 f"{_share(total['true'], total['found']):>9}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Print the tables (or JSON with ``--json``); exit 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--expected", type=Path, default=None,
                        help="labelled findings (expected-findings.json) to score against")
    parser.add_argument("--agent", action="append", default=[], help="lint with --agent")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    folders = args.folders or [SHARED_CORPUS if SHARED_CORPUS.is_dir() else REPO_CORPUS]
    report: list[dict[str, object]] = []
    for folder in folders:
        folder = folder.resolve()
        expected = args.expected
        if expected is None and folder == REPO_CORPUS.resolve() and LABELLED.is_file():
            expected = LABELLED
        skills, findings = lint_findings(folder, args.agent)
        counts = count(findings)
        table = None
        if expected is not None:
            run = args.agent[0] if len(args.agent) == 1 else "default"
            table = precision(findings, load_labelled(expected, run))
        if args.json:
            report.append({
                "folder": str(folder), "skills": skills,
                "rules": {rule: {**{s: c.by_severity[s] for s in SEVERITIES},
                                 "skills": len(c.skills)} for rule, c in sorted(counts.items())},
                **({"precision": dict(sorted(table.items()))} if table is not None else {}),
            })
            continue
        lines = render_counts(str(folder), skills, counts)
        if table is not None:
            lines += render_precision(table)
        print("\n".join(lines) + "\n")
    if args.json:
        print(json.dumps({"version": 1, "folders": report}, indent=2))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
