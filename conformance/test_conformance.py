"""The conformance suite under pytest: one test per case and agent.

Every pair runs once, concurrently, in a session fixture (the agents are slow to start, and
pytest alone runs tests one at a time); each test then checks its pair's outcome. A pair listed
in ``expected_differences.json`` is an expected failure, strictly: once it matches, the test
fails until the entry is removed. Run with ``python -m pytest conformance`` after
``python -m conformance install``.
"""

from __future__ import annotations

import os
import warnings

import pytest

from conformance import install, suite

PAIRS = [(agent, case) for case, agent in suite.pairs()]
EXPECTED = suite.expected_differences()
JOBS = int(os.environ.get("SKILLCTL_CONFORMANCE_JOBS", "3"))


@pytest.fixture(scope="session")
def outcomes() -> dict[str, suite.Outcome]:
    missing = [pin for key, pin in install.load_pins().items() if not install.is_installed(pin)]
    if missing:
        names = ", ".join(f"{p.package}@{p.version}" for p in missing)
        pytest.fail(f"pinned agents not installed ({names}): run python -m conformance install",
                    pytrace=False)
    return {o.key: o for o in suite.run(jobs=JOBS)}


def _param(agent: str, case: str) -> object:
    key = f"{agent}/{case}"
    marks = []
    if key in EXPECTED:
        marks.append(pytest.mark.xfail(reason=EXPECTED[key], strict=True))
    return pytest.param(agent, case, id=key, marks=marks)


@pytest.mark.parametrize(("agent", "case"), [_param(a, c) for a, c in PAIRS])
def test_agent_agrees(outcomes: dict[str, suite.Outcome], agent: str, case: str) -> None:
    outcome = outcomes[f"{agent}/{case}"]
    if outcome.skipped is not None:
        pytest.skip(outcome.skipped)
    assert outcome.error is None, outcome.error
    assert outcome.matches, "\n".join(suite.describe(outcome))
    if outcome.flaky:
        warnings.warn(f"{outcome.key} matched on the second try; the first: {outcome.flaky}",
                      stacklevel=1)


def test_every_expected_difference_names_a_real_pair() -> None:
    pairs = {f"{agent}/{case}" for agent, case in PAIRS}
    assert set(EXPECTED) <= pairs, sorted(set(EXPECTED) - pairs)
