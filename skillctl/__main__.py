"""Entry point for ``python -m skillctl`` and the ``skillctl`` console script."""

from __future__ import annotations


def main() -> None:
    """Run the command-line app."""
    from skillctl.cli.app import run

    run()


if __name__ == "__main__":
    main()
