"""The exceptions skillctl raises on purpose; the CLI turns each into a message and exit code."""

from __future__ import annotations


class SkillctlError(Exception):
    """Base class: a failure with a message meant for the user (exit 3 unless overridden)."""

    exit_code = 3


class UsageError(SkillctlError):
    """Bad arguments, a missing path, an unknown agent or rule: exit 2."""

    exit_code = 2


class ConfigError(UsageError):
    """An invalid configuration file or key: exit 2."""


class PathNotFoundError(UsageError):
    """Paths given on the command line that do not exist: exit 2.

    The one wording every command uses for them, ``path not found: a, b`` (issue 17), with
    ``note`` in parentheses when the path came from an option (``--project``, ``--config``).
    """

    def __init__(self, paths: object, note: str = "") -> None:
        items = paths if isinstance(paths, (list, tuple)) else [paths]
        super().__init__("path not found: " + ", ".join(str(p) for p in items)
                         + (f" ({note})" if note else ""))
