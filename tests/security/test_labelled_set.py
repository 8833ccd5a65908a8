"""The labelled security set (tests/data/security): what the security rules must catch.

`skillctl lint --select security` runs over 35 malicious skills and 36 benign look-alikes
(see the set's README). Every malicious skill must get a security error or warning in a file
its label names (recall at least 95%), and no benign skill may get a security error. The set
itself is checked too: labels match the folders, nothing is executable, every endpoint is a
placeholder.
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.model import Diagnostic, Severity

SET = Path(__file__).resolve().parent.parent / "data" / "security"
LABELS: dict[str, dict[str, Any]] = json.loads((SET / "labels.json").read_text())["skills"]
MALICIOUS = sorted(k for k, v in LABELS.items() if v["label"] == "malicious")
BENIGN = sorted(k for k, v in LABELS.items() if v["label"] == "benign")
#: The share of malicious skills that must be flagged in a labelled file (issue 18).
MIN_RECALL = 0.95

_URL_HOST = re.compile(r"\b(?:https?|ftp|sftp|wss?)://(?:[^/@\s]*@)?([A-Za-z0-9.\-\[\]:]+)")
_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")
_PLACEHOLDER_SUFFIXES = (".example", ".invalid", "example.com", "example.org", "example.net")
_DOCUMENTATION_NETS = tuple(
    ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")
)


def _harmless_host(host: str) -> bool:
    host = host.strip("[]").split(":")[0].lower().rstrip(".")
    if host in ("localhost", "127.0.0.1") or host.endswith(_PLACEHOLDER_SUFFIXES):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in net for net in _DOCUMENTATION_NETS)


def _set_files() -> list[Path]:
    return sorted(p for p in SET.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def security_findings() -> dict[str, list[tuple[str, Diagnostic]]]:
    """Security diagnostics per labelled skill id, each with its file relative to the skill."""
    report = lint_paths(LintOptions(paths=(SET,), select=("security",), use_cache=False))
    found: dict[str, list[tuple[str, Diagnostic]]] = defaultdict(list)
    for result in report.results:
        for diagnostic in result.diagnostics:
            parts = Path(diagnostic.path).resolve().relative_to(SET).parts
            found["/".join(parts[:2])].append(("/".join(parts[2:]), diagnostic))
    return found


def test_labels_match_the_folders() -> None:
    folders = {f"{p.parent.parent.name}/{p.parent.name}" for p in SET.glob("*/*/SKILL.md")}
    assert folders == set(LABELS)
    assert len(MALICIOUS) >= 30 and len(BENIGN) >= 30
    for skill_id, label in LABELS.items():
        assert label["label"] == skill_id.split("/")[0], skill_id
        assert label["techniques"], skill_id
        named = label["files"] if label["label"] == "malicious" else label["looks_like"]
        assert named, skill_id
        for rel in named:
            assert (SET / skill_id / rel).is_file(), f"{skill_id}: {rel} is missing"


def test_nothing_in_the_set_is_executable() -> None:
    executable = [str(p.relative_to(SET)) for p in _set_files() if p.stat().st_mode & 0o111]
    assert executable == []


def test_every_endpoint_is_a_placeholder() -> None:
    real = []
    for path in _set_files():
        text = path.read_bytes().decode("utf-8", errors="replace")
        hosts = [m.group(1) for m in _URL_HOST.finditer(text)]
        hosts += [m.group(1) for m in _IPV4.finditer(text)]
        real += [f"{path.relative_to(SET)}: {h}" for h in hosts if not _harmless_host(h)]
    assert real == []


def test_malicious_skills_are_flagged_in_the_labelled_file(
    security_findings: dict[str, list[tuple[str, Diagnostic]]],
) -> None:
    missed = []
    for skill_id in MALICIOUS:
        files = set(LABELS[skill_id]["files"])
        hits = [
            d for rel, d in security_findings.get(skill_id, [])
            if rel in files and d.severity in (Severity.ERROR, Severity.WARNING)
        ]
        if not hits:
            elsewhere = sorted({rel for rel, _ in security_findings.get(skill_id, [])})
            missed.append(f"{skill_id} (labelled {sorted(files)}; flagged in {elsewhere})")
    recall = 1 - len(missed) / len(MALICIOUS)
    assert recall >= MIN_RECALL, (
        f"recall {recall:.0%} ({len(MALICIOUS) - len(missed)}/{len(MALICIOUS)}), missed:\n"
        + "\n".join(missed)
    )


def test_benign_skills_get_no_security_error(
    security_findings: dict[str, list[tuple[str, Diagnostic]]],
) -> None:
    false_alarms = [
        f"{skill_id}/{rel}:{d.line}: {d.rule}: {d.message}"
        for skill_id in BENIGN
        for rel, d in security_findings.get(skill_id, [])
        if d.severity is Severity.ERROR
    ]
    assert false_alarms == []
