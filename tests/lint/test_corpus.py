"""Lint the whole real-world corpus (the in-repository one, then the extra one when present):
no traceback, no internal error, stable output."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skillctl.cli.app import app
from tests.conftest import CORPUS, corpus_skill_files, require_extra_corpus, skill_files


def test_corpus_lints_without_crashing() -> None:
    result = CliRunner().invoke(app, ["lint", str(CORPUS), "--format", "json", "--no-cache"])
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["skills"] == len(corpus_skill_files())
    assert not [d for d in data["diagnostics"] if "internal error" in d["message"]]
    rules = {d["rule"] for d in data["diagnostics"]}
    # findings checked by hand (see the lint-core report and tests/data/corpus/README.md)
    assert {"crlf", "description-length", "name-dir-mismatch", "duplicate-name"} <= rules
    messages = {(Path(d["path"]).parent.name, d["rule"]) for d in data["diagnostics"]}
    assert ("geomaster", "crlf") in messages
    assert ("database-lookup", "description-length") in messages
    assert ("postgresql", "name-dir-mismatch") in messages
    assert ("skill-creator", "duplicate-name") in messages  # anthropics' and openai's


def test_the_extra_corpus_lints_without_crashing() -> None:
    extra = require_extra_corpus()
    result = CliRunner().invoke(app, ["lint", str(extra), "--format", "json", "--no-cache"])
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["skills"] == len(skill_files(extra))
    assert not [d for d in data["diagnostics"] if "internal error" in d["message"]]


def test_corpus_with_every_agent(corpus: Path) -> None:
    args = ["lint", str(corpus), "--format", "json", "--no-cache"]
    for agent in ("claude-code", "codex", "opencode-agent-skills", "openclaw"):
        args += ["--agent", agent]
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout)
    assert not [d for d in data["diagnostics"] if "internal error" in d["message"]]
