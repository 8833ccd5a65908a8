"""The labelled corpus: lint finds exactly the findings judged by hand in
tests/data/corpus/expected-findings.json, no new one and none lost (issue 16).

Each entry was judged by reading the skill; a false alarm is fixed in its rule, never listed.
When this test fails, read each skill it names: add a finding a careful author would accept
to the file (the failure prints the lines to paste), or fix the rule that raised a false
alarm; remove an entry only when the finding it names is gone for a good reason.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.conftest import CORPUS

EXPECTED = CORPUS / "expected-findings.json"
#: (skill folder, file inside it, line, rule, severity), all relative to the corpus.
Key = tuple[str, str, int, str, str]


def _expected() -> dict[str, object]:
    data: dict[str, object] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    return data


def _split(path: str) -> tuple[str, str]:
    """(skill folder, file inside it) of a path relative to the corpus: the deepest folder
    above the file that holds a SKILL.md."""
    parts = Path(path).parts
    for cut in range(len(parts) - 1, -1, -1):
        if (CORPUS.joinpath(*parts[:cut]) / "SKILL.md").is_file():
            return "/".join(parts[:cut]), "/".join(parts[cut:])
    return "", path


def _found(run: str) -> set[Key]:
    args = ["lint", ".", "--format", "json", "--no-cache"]
    if run != "default":
        args += ["--agent", run]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code in (0, 1), result.stderr
    found: set[Key] = set()
    for diag in json.loads(result.stdout)["diagnostics"]:
        skill, file = _split(diag["path"])
        found.add((skill, file, diag["line"], diag["rule"], diag["severity"]))
    return found


def _entry(key: Key, run: str) -> str:
    skill, file, line, rule, severity = key
    return json.dumps({"skill": skill, "file": file, "line": line, "rule": rule,
                       "severity": severity, "runs": [run]})


@pytest.fixture
def in_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lint from the corpus with an empty home: no user skills, settings or agent config."""
    monkeypatch.setenv("HOME", str(tmp_path))
    for variable in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "OPENCLAW_STATE_DIR",
                     "OPENCLAW_WORKSPACE_DIR", "XDG_CONFIG_HOME", "GEMINI_CLI_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(CORPUS)


@pytest.mark.parametrize("run", _expected()["runs"])  # type: ignore[arg-type]
def test_lint_finds_the_judged_findings(run: str, in_corpus: None) -> None:
    data = _expected()
    expected: set[Key] = set()
    for entry in data["findings"]:  # type: ignore[attr-defined]
        if run in entry.get("runs", data["runs"]):
            expected.add((entry["skill"], entry["file"], entry["line"], entry["rule"],
                          entry["severity"]))
    found = _found(run)
    new = sorted(found - expected)
    lost = sorted(expected - found)
    report = []
    if new:
        report.append(f"{len(new)} new finding(s) with {run!r}, not judged yet (read each "
                      "skill: paste the accepted ones into expected-findings.json, fix the "
                      "rule for a false alarm):")
        report += [f"  {_entry(key, run)}," for key in new]
    if lost:
        report.append(f"{len(lost)} expected finding(s) lost with {run!r}:")
        report += [f"  {key[0]}/{key[1]}:{key[2]} {key[3]} ({key[4]})" for key in lost]
    assert not report, "\n".join(report)


def test_the_labelled_set_is_well_formed() -> None:
    data = _expected()
    runs = data["runs"]
    assert data["version"] == 1 and runs[0] == "default"  # type: ignore[index]
    keys = []
    for entry in data["findings"]:  # type: ignore[attr-defined]
        assert set(entry) <= {"skill", "file", "line", "rule", "severity", "runs", "why",
                              "judged"}, entry
        assert (CORPUS / entry["skill"] / "SKILL.md").is_file(), entry
        assert (CORPUS / entry["skill"] / entry["file"]).is_file(), entry
        assert set(entry.get("runs", runs)) <= set(runs), entry  # type: ignore[arg-type]
        assert entry.get("judged", "true") in ("true", "debatable", "pending"), entry
        keys.append((entry["skill"], entry["file"], entry["line"], entry["rule"],
                     entry["severity"]))
    assert len(keys) == len(set(keys)) and keys == sorted(keys)
