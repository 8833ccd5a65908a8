"""Regenerate every generated file this repository commits for the shell and man(1).

Runs scripts/gen_completions.py (completions/) and scripts/gen_man.py (man/skillctl.1), and
scripts/gen_rule_docs.py (docs/rules.md) when it exists. With ``--check``, writes nothing and
exits 1 when any committed file is out of date.

Usage: python scripts/gen_all.py [--check]
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
GENERATORS = ("gen_completions.py", "gen_man.py", "gen_rule_docs.py")


def main(argv: list[str] | None = None) -> int:
    """Run each generator with the same arguments; the worst exit status wins."""
    args = sys.argv[1:] if argv is None else argv
    status = 0
    for name in GENERATORS:
        path = SCRIPTS / name
        if not path.exists():
            continue
        module = runpy.run_path(str(path), run_name=f"skillctl_gen_{path.stem}")
        status = max(status, int(module["main"](list(args)) or 0))
    return status


if __name__ == "__main__":
    sys.exit(main())
