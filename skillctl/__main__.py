"""Entry point for ``python -m skillctl`` and the ``skillctl`` console script."""

from __future__ import annotations

import sys


def main() -> None:
    """Run the command-line app, unless an unchanged lint run can be replayed first."""
    from skillctl.replay import replay_or_continue

    code = replay_or_continue(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from skillctl.cli.app import run

    run()


if __name__ == "__main__":
    main()
