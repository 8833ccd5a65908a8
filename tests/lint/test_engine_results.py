"""What lint workers send back: results and summaries survive pickling exactly (every field,
the severity enum itself), for every skill of the corpus."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from skillctl.lint.config import resolve_config
from skillctl.lint.engine import lint_one
from skillctl.lint.result import SkillResult, SkillSummary
from skillctl.model import Diagnostic, Severity
from tests.conftest import skill_files


def test_corpus_results_and_summaries_round_trip_through_pickle(corpus: Path) -> None:
    entries = skill_files(corpus)
    config = resolve_config(start=corpus, agents=("claude-code", "opencode"))
    pairs = [lint_one((entry.parent, entry), config) for entry in entries]
    assert sum(len(result.diagnostics) for result, _ in pairs) > 50
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        loaded = pickle.loads(pickle.dumps(pairs, protocol=protocol))
        assert loaded == pairs
        for (result, summary), (back, back_summary) in zip(pairs, loaded, strict=True):
            assert type(back) is SkillResult and type(back_summary) is SkillSummary
            assert back_summary.ignored_rules == summary.ignored_rules
            for diag, again in zip(result.diagnostics, back.diagnostics, strict=True):
                # compare=False fields too: equality alone would not see them
                assert (again.severity, again.fixable, again.hint) == (
                    diag.severity, diag.fixable, diag.hint
                )
                assert again.severity is diag.severity


@pytest.mark.parametrize("severity", list(Severity))
def test_a_diagnostic_copies_and_pickles_with_every_field(severity: Severity) -> None:
    diag = Diagnostic("a/SKILL.md", 3, 7, "name-case", "msg", severity, True, "a hint")
    for again in (pickle.loads(pickle.dumps(diag, protocol=p)) for p in range(6)):
        assert again == diag and again.to_dict() == diag.to_dict()
    assert copy.deepcopy(diag).to_dict() == diag.to_dict()
    summary = SkillSummary("d", "d/SKILL.md", True, True, None, 2, 5, ("crlf",))
    assert pickle.loads(pickle.dumps(summary)) == summary == copy.copy(summary)
