"""pytest hooks for the conformance suite: the report names the agents it cannot run."""

from __future__ import annotations

from _pytest.terminal import TerminalReporter

from conformance.drivers import NOT_RUNNABLE


def pytest_terminal_summary(terminalreporter: TerminalReporter) -> None:
    terminalreporter.section("agents not run (no offline way to ask them)")
    for agent, why in NOT_RUNNABLE.items():
        terminalreporter.write_line(f"{agent}: {why}")
