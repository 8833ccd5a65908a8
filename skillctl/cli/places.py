"""``--project`` and ``--home``: the machine a command simulates, checked alike everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer


def project_option() -> Any:
    """``--project DIR``, declared once for the commands that simulate a machine."""
    return typer.Option(
        None,
        "--project",
        metavar="DIR",
        help="Project (working) directory to simulate [default: cwd].",
    )


def home_option() -> Any:
    """``--home DIR``, declared once for the commands that simulate a machine."""
    return typer.Option(
        None, "--home", metavar="DIR", help="Home directory to simulate [default: your home]."
    )


def check_places(project: Path | None, home: Path | None) -> tuple[Path, Path]:
    """The project and home directories to use: the options, else the cwd and ``~``.

    A given path that is not a directory is a usage error (exit 2), rather than an empty
    simulation that silently finds nothing.
    """
    from skillctl.errors import PathNotFoundError, UsageError

    for given, label in ((project, "--project"), (home, "--home")):
        if given is not None and not given.exists():  # a dangling link too
            raise PathNotFoundError(given, label)
        if given is not None and not given.is_dir():
            raise UsageError(f"{label} {given}: not a directory")
    return project or Path.cwd(), home or Path.home()
