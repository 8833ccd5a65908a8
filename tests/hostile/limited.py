"""Run skillctl (or its parser) in a child process with a memory cap and a time limit.

Heavy hostile cases go through here so that a regression shows up as a failed test (killed
by the memory cap, or timed out) instead of a hung or swapping test run.

Child side (``python -m tests.hostile.limited MEM_MB MODE ARGS...``):

- ``core PATH...``: ``parse_file`` each path, print one JSON line per path.
- ``collect PATH...``: ``collect`` the paths, print a JSON summary.
- ``cli ARGS...``: run the skillctl command line with ARGS (exit code passes through).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: Address-space cap for the child. Python + ruamel + typer + rich need ~150 MB of it.
DEFAULT_MEM_MB = 768
#: Wall-clock limit per child: generous for a busy CI box, finite so nothing hangs.
DEFAULT_TIMEOUT = 60.0
NOBODY = 65534


@dataclass(frozen=True)
class Outcome:
    """What a limited child did."""

    returncode: int
    stdout: str
    stderr: str

    def json_lines(self) -> list[dict[str, object]]:
        """The child's stdout as JSON lines."""
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]


def setpriv_available() -> bool:
    """True when we are root and can drop to ``nobody`` with setpriv."""
    return os.geteuid() == 0 and shutil.which("setpriv") is not None


def run_limited(
    mode: str,
    *args: str | Path,
    mem_mb: int = DEFAULT_MEM_MB,
    timeout: float = DEFAULT_TIMEOUT,
    as_nobody: bool = False,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> Outcome:
    """Run this module as a child in ``mode``; a timeout raises ``subprocess.TimeoutExpired``."""
    argv = [sys.executable, "-m", "tests.hostile.limited", str(mem_mb), mode, *map(str, args)]
    if as_nobody:
        argv = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *argv]
    child_env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "NO_COLOR": "1",
        "COLUMNS": "200",
        "PYTHONIOENCODING": "utf-8",
        **(env or {}),
    }
    child_env.pop("SKILLCTL_DEBUG", None)
    proc = subprocess.run(
        argv,
        cwd=cwd or REPO,
        env=child_env,
        capture_output=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    return Outcome(
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )


def _limit_memory(mem_mb: int) -> None:
    limit = mem_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _core(paths: list[str]) -> int:
    from skillctl.parse import parse_file

    for raw in paths:
        parsed = parse_file(Path(raw))
        print(
            json.dumps(
                {
                    "path": raw,
                    "codes": sorted({p.code for p in parsed.problems}),
                    "problems": [[p.code, p.line, p.column, p.message] for p in parsed.problems],
                    "keys": sorted(parsed.data),
                    "text_chars": None if parsed.text is None else len(parsed.text),
                }
            )
        )
    return 0


def _collect(paths: list[str]) -> int:
    from skillctl.collect import collect

    found = collect([Path(p) for p in paths])
    print(
        json.dumps(
            {
                "skills": sorted(
                    [
                        os.fsencode(s.dir).decode("utf-8", "backslashreplace"),
                        sorted({p.code for p in s.parsed.problems}),
                    ]
                    for s in found.skills
                ),
                "notes": sorted(
                    [os.fsencode(n.path).decode("utf-8", "backslashreplace"), n.reason]
                    for n in found.notes
                ),
                "missing": sorted(str(m) for m in found.missing),
            }
        )
    )
    return 0


def _cli(args: list[str]) -> int:
    sys.argv = ["skillctl", *args]
    from skillctl.__main__ import main

    try:
        main()
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0


def main(argv: list[str]) -> int:
    """Child entry point."""
    mem_mb, mode, rest = int(argv[0]), argv[1], argv[2:]
    _limit_memory(mem_mb)
    handlers = {"core": _core, "collect": _collect, "cli": _cli}
    return handlers[mode](rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
