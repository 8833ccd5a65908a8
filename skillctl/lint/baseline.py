"""``--baseline FILE``: adopt skillctl in a large repository without fixing everything first.

When FILE does not exist, today's findings are written to it and the run reports nothing
(exit 0). When it exists, findings recorded in it are dropped from the report, so only new
ones remain. Findings are keyed by path (relative to the baseline file), rule and message —
never by line, so editing a file does not invalidate its entries. Identical findings are
counted, so a second copy of a known problem is still new.

File format (JSON, sorted, deterministic)::

    {"version": 1, "findings": [{"path": "skills/a/SKILL.md", "rule": "crlf",
      "message": "...", "fingerprint": "3f2a...", "count": 1}]}
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import replace
from pathlib import Path

from skillctl import limits
from skillctl.errors import ConfigError
from skillctl.fsio import UnsafeWriteError, atomic_write_text, read_regular_file, write_boundary
from skillctl.lint.result import LintReport, SkillResult
from skillctl.model import Diagnostic

BASELINE_VERSION = 1


def _relpath(path: str, base: Path) -> str:
    try:
        return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(base))).as_posix()
    except ValueError:  # another drive on Windows
        return Path(path).as_posix()


def fingerprint(path: str, rule: str, message: str) -> str:
    """A stable id of a finding that ignores its line and column."""
    return hashlib.sha256(f"{path}\0{rule}\0{message}".encode()).hexdigest()[:20]


def _key(diag: Diagnostic, base: Path) -> str:
    return fingerprint(_relpath(diag.path, base), diag.rule, diag.message)


def write_baseline(report: LintReport, path: Path) -> int:
    """Record every finding of ``report`` in ``path``; return how many were recorded."""
    base = path.parent
    counts: Counter[tuple[str, str, str]] = Counter(
        (_relpath(d.path, base), d.rule, d.message) for d in report.diagnostics
    )
    findings = [
        {
            "path": p,
            "rule": r,
            "message": m,
            "fingerprint": fingerprint(p, r, m),
            "count": n,
        }
        for (p, r, m), n in sorted(counts.items())
    ]
    text = json.dumps(
        {"version": BASELINE_VERSION, "findings": findings},
        indent=2,
        ensure_ascii=False,
        sort_keys=True,
    )
    try:
        atomic_write_text(path, text + "\n", confine_to=write_boundary(path))
    except UnsafeWriteError as exc:
        raise ConfigError(f"{exc} (baseline not written)") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot write the baseline: {exc.strerror or exc}") from exc
    return sum(counts.values())



def read_baseline(path: Path) -> Counter[str]:
    """Fingerprint -> count of a baseline file; ConfigError when it is not one."""
    try:
        raw = read_regular_file(path, limits.MAX_BASELINE_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: not a readable skillctl baseline: "
                          f"{exc.strerror or exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{path}: not a readable skillctl baseline: {exc}") from exc
    except (RecursionError, ValueError) as exc:  # nesting too deep, a number too long
        raise ConfigError(f"{path}: not a skillctl baseline: {type(exc).__name__}") from exc
    if not isinstance(data, dict) or data.get("version") != BASELINE_VERSION:
        raise ConfigError(f"{path}: not a skillctl baseline (version {BASELINE_VERSION})")
    findings = data.get("findings", [])
    if not isinstance(findings, list):
        raise ConfigError(f"{path}: not a skillctl baseline: 'findings' must be a list")
    counts: Counter[str] = Counter()
    for index, entry in enumerate(findings):
        if not isinstance(entry, dict) or not isinstance(entry.get("fingerprint"), str):
            raise ConfigError(f"{path}: malformed baseline entry number {index + 1}")
        count = entry.get("count", 1)
        valid = isinstance(count, int) and not isinstance(count, bool) and 0 < count < 2**31
        counts[entry["fingerprint"]] += count if valid else 1
    return counts


def apply_baseline(report: LintReport, path: Path) -> LintReport:
    """Write the baseline when ``path`` is absent (and report nothing), else filter by it."""
    if not os.path.lexists(path):  # a dangling link is not "absent": it is refused below
        write_baseline(report, path)
        known: Counter[str] | None = None
    else:
        known = read_baseline(path)
    base = path.parent

    def keep(diags: tuple[Diagnostic, ...]) -> tuple[Diagnostic, ...]:
        if known is None:
            return ()
        kept = []
        for diag in sorted(diags):
            key = _key(diag, base)
            if known[key] > 0:
                known[key] -= 1
            else:
                kept.append(diag)
        return tuple(kept)

    results = tuple(SkillResult(r.path, r.dir, r.name, keep(r.diagnostics)) for r in report.results)
    extra = keep(report.extra)
    before = sum(len(r.diagnostics) for r in report.results) + len(report.extra)
    after = sum(len(r.diagnostics) for r in results) + len(extra)
    return replace(report, results=results, extra=extra, baseline_hidden=before - after)
