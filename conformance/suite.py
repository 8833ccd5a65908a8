"""Run cases against agents: build each case in a fresh temporary tree, ask the real agent,
ask skillctl, compare. Shared by ``python -m conformance`` and the pytest module."""

from __future__ import annotations

import json
import shutil
import tempfile
import traceback
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from conformance.cases import CASES
from conformance.compare import Comparison, Difference, compare, skillctl_view
from conformance.drivers import DRIVER_MODULES, observer
from conformance.model import AgentUnavailable
from conformance.treestate import TreeState

EXPECTED_FILE = Path(__file__).with_name("expected_differences.json")


def expected_differences() -> dict[str, str]:
    """``"agent/case"`` -> why skillctl still differs there (known, not yet fixed)."""
    if not EXPECTED_FILE.is_file():
        return {}
    data = json.loads(EXPECTED_FILE.read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if not key.startswith("_")}


@dataclass
class Outcome:
    case: str
    agent: str
    comparison: Comparison | None = None
    skipped: str | None = None  # why the pair was not run
    error: str | None = None  # the driver or skillctl failed
    #: the first try differed or failed and the second matched: the agent answered
    #: differently from run to run (Gemini CLI's glob order under load, a time-out)
    flaky: str | None = None

    @property
    def key(self) -> str:
        return f"{self.agent}/{self.case}"

    @property
    def matches(self) -> bool:
        return self.comparison is not None and self.comparison.matches


def run_one(case_id: str, agent: str, keep: Path | None = None) -> Outcome:
    base = Path(tempfile.mkdtemp(prefix=f"skillctl-conf-{agent}-{case_id}-"))
    try:
        case = CASES[case_id](base)
        if agent in case.skip:
            return Outcome(case_id, agent, skipped=case.skip[agent])
        before = TreeState.capture(base)
        try:
            real = observer(agent)(case)
        except AgentUnavailable as exc:
            return Outcome(case_id, agent, skipped=str(exc))
        finally:
            before.restore()  # skillctl judges the tree the agent judged
        ours = skillctl_view(case, agent)
        return Outcome(case_id, agent, compare(case, real, ours))
    except Exception as exc:  # a failed case is reported, the run goes on
        last = traceback.format_exception_only(exc)[-1].strip()
        return Outcome(case_id, agent, error=last)
    finally:
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copytree(base, keep / f"{agent}-{case_id}", symlinks=True,
                            dirs_exist_ok=True)
        shutil.rmtree(base, ignore_errors=True)


def pairs(agents: Iterable[str] | None = None,
          cases: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """(case, agent) pairs to run, in agent order: a case built for some agents only (its
    ``skip``, such as OpenClaw's workspace copies) is not paired with the others at all."""
    chosen_agents = list(agents) if agents else list(DRIVER_MODULES)
    chosen_cases = list(cases) if cases else list(CASES)
    not_for: dict[str, set[str]] = {}
    with tempfile.TemporaryDirectory(prefix="skillctl-conf-cases-") as scratch:
        for index, case_id in enumerate(chosen_cases):
            built = CASES[case_id](Path(scratch) / str(index))
            not_for[case_id] = set(built.skip)
    return [(c, a) for a in chosen_agents for c in chosen_cases if a not in not_for[c]]


def run_with_retry(case_id: str, agent: str, keep: Path | None = None) -> Outcome:
    """:func:`run_one`, and once more when it did not match: a pair that matches on the second
    try is a match marked ``flaky`` (reported), one that differs twice is reported as the
    second try found it."""
    first = run_one(case_id, agent, keep)
    if first.matches or first.skipped is not None:
        return first
    second = run_one(case_id, agent, keep)
    if second.matches:
        second.flaky = describe(first)[0] if describe(first) else "differed once"
    return second


def run(agents: Iterable[str] | None = None, cases: Iterable[str] | None = None,
        jobs: int = 2, keep: Path | None = None) -> Iterator[Outcome]:
    chosen = pairs(agents, cases)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        yield from pool.map(lambda pair: run_with_retry(pair[0], pair[1], keep), chosen)


def describe(outcome: Outcome) -> list[str]:
    """Report lines for one outcome that is not a plain match."""
    if outcome.skipped is not None:
        return [f"SKIP  {outcome.key}: {outcome.skipped}"]
    if outcome.error is not None:
        return [f"ERROR {outcome.key}: {outcome.error}"]
    assert outcome.comparison is not None
    lines = []
    for difference in outcome.comparison.differences:
        lines.append(f"DIFF  {outcome.key} [{difference.what}]")
        lines.append(difference.detail)
    return lines


def to_json(outcomes: list[Outcome]) -> dict[str, object]:
    """A record of a run, for ``bump`` to compare two runs."""
    record: dict[str, object] = {}
    for outcome in outcomes:
        if outcome.skipped is not None:
            record[outcome.key] = {"skipped": outcome.skipped}
        elif outcome.error is not None:
            record[outcome.key] = {"error": outcome.error}
        else:
            assert outcome.comparison is not None
            record[outcome.key] = {"differences": [
                {"what": d.what, "detail": d.detail}
                for d in outcome.comparison.differences]}
    return record


__all__ = ["Difference", "Outcome", "describe", "expected_differences", "pairs", "run",
           "run_one", "to_json"]
