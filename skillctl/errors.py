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
