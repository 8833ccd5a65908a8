"""``--color auto|always|never``: declared once, on every command.

Precedence (the same everywhere, see :mod:`skillctl.report.term`): ``--color`` >
``NO_COLOR`` > ``FORCE_COLOR`` > whether standard output is a terminal (and ``TERM`` is not
``dumb``).
"""

from __future__ import annotations

from typing import Any

import typer

COLOR_CHOICES = ("auto", "always", "never")


def _check(value: str) -> str:
    if value not in COLOR_CHOICES:
        raise typer.BadParameter(f"{value!r} is not one of: auto, always, never")
    return value


def complete_color(incomplete: str) -> list[str]:
    """TAB completion of ``--color`` values."""
    return [c for c in COLOR_CHOICES if c.startswith(incomplete)]


_HELP = ("Colour: auto, always or never (auto: colour on a terminal unless NO_COLOR is set or "
         "TERM=dumb; FORCE_COLOR turns it on).")


def color_option(*, annotated: bool = False) -> Any:
    """``--color WHEN`` for one command: ``color: str = color_option()``, or with
    ``annotated=True`` for ``Annotated[str, color_option(annotated=True)] = "auto"`` (in
    Annotated form a first positional string would be a second option name)."""
    options: dict[str, Any] = {"metavar": "WHEN", "help": _HELP, "callback": _check,
                               "autocompletion": complete_color}
    if annotated:
        return typer.Option("--color", **options)
    return typer.Option("auto", "--color", **options)
