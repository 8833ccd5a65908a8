"""Lint configuration: ``[tool.skillctl]`` in pyproject.toml or a ``skillctl.toml``.

The file is found by walking up from the first linted path (``--config FILE`` names one
explicitly). Keys::

    [tool.skillctl]
    agents = ["claude-code"]            # like --agent
    select = ["name-case", ...]         # run only these rules (ids or categories: "security")
    ignore = ["body-tokens"]            # never run these (ids or categories)
    strict = false                      # warnings fail the run too
    per-path-ignores = {"legacy/**" = ["body-too-long"]}   # gitignore patterns; "*" = all
    exclude = ["tests/fixtures/"]       # folders never searched for skills (gitignore patterns;
                                        # replaces the default: fixtures/, testdata/ ...)
    extend-exclude = ["vendor/"]        # more of them, added to exclude (and the default)
    unicode-names = false               # rule options (see OPTIONS)
    max-body-lines = 500
    max-body-tokens = 5000
    description-max-catalog = 500
    extra-fields = ["x-team"]           # fields unknown-field accepts

    [tool.skillctl.severity]
    body-too-long = "error"             # error | warning | info | off
    security = "error"                  # a category sets its rules; a rule named alone wins

In ``skillctl.toml`` the same keys may stand at the top level or under ``[tool.skillctl]``.
Unknown keys, unknown rule ids and unknown agents are :class:`ConfigError` (exit 2) naming the
file and the key. The result, :class:`ResolvedConfig`, is a frozen, picklable value with a
stable :meth:`~ResolvedConfig.fingerprint` (the cache key of a lint run).
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillctl import limits
from skillctl.errors import ConfigError, PathNotFoundError, UsageError
from skillctl.fsio import read_regular_file
from skillctl.lint.pathpatterns import PatternError
from skillctl.lint.resolved import OPTIONS, ResolvedConfig, compiled_pattern

CONFIG_FILES = ("skillctl.toml", "pyproject.toml")

_LIST_KEYS = ("agents", "select", "ignore")
_EXCLUDE_KEYS = ("exclude", "extend-exclude")
KNOWN_KEYS = frozenset(
    {*_LIST_KEYS, *_EXCLUDE_KEYS, "strict", "per-path-ignores", "severity", *OPTIONS}
)
SEVERITY_VALUES = ("error", "warning", "info", "off")


# --------------------------------------------------------------------------- finding files


def _places(start: Path) -> Iterator[Path]:
    """Every place a configuration file is looked for, nearest first."""
    here = Path(os.path.abspath(start))
    if not here.is_dir():
        here = here.parent
    for directory in (here, *here.parents):
        for name in CONFIG_FILES:
            yield directory / name


def _is_config(candidate: Path) -> bool:
    """Whether ``candidate`` is the configuration file. A ``pyproject.toml`` that is not
    UTF-8 TOML is an error, as in ruff: whether it holds a ``[tool.skillctl]`` meant for this
    run cannot be known, and skipping it would lose its settings without a word."""
    if not candidate.is_file():
        return False
    if candidate.name == "skillctl.toml":
        return True
    import tomllib  # only where there is a file to read

    try:
        text = _read_config_text(candidate)
    except ConfigError:
        raise
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{candidate}: cannot read config file: not UTF-8 (byte {exc.start}){_LOOKED}"
        ) from None
    except OSError:
        return False
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_invalid_toml(candidate, text, exc) + _LOOKED) from None
    return isinstance(data.get("tool"), dict) and "skillctl" in data["tool"]


_LOOKED = "; skillctl looks for [tool.skillctl] in it: fix it, or name the config with --config"


def _invalid_toml(path: Path, text: str, exc: ValueError) -> str:
    """``path:line:column: invalid TOML: why`` from tomllib's message (which ends in ``(at line
    L, column C)`` or ``(at end of document)``)."""
    message = str(exc)
    found = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if found:
        return f"{path}:{found[1]}:{found[2]}: invalid TOML: {message[: found.start()]}"
    found = re.search(r"\s*\(at end of document\)$", message)
    if found:
        line = text.count("\n") + (0 if text.endswith("\n") else 1)
        return f"{path}:{max(line, 1)}: invalid TOML: {message[: found.start()]} at the end"
    return f"{path}: invalid TOML: {message}"


def find_config(start: Path) -> Path | None:
    """The nearest ``skillctl.toml`` or ``pyproject.toml`` with ``[tool.skillctl]``."""
    return next((candidate for candidate in _places(start) if _is_config(candidate)), None)


def config_inputs(start: Path, config_path: Path | None = None) -> list[str]:
    """The paths whose ``stat`` decides which configuration a run from ``start`` reads, and
    what it says: the explicit file, or every place looked at up to the file found (a file
    created or edited in any of them changes its ``stat`` or its folder's answer)."""
    if config_path is not None:
        return [os.path.abspath(config_path)]
    looked: list[str] = []
    for candidate in _places(start):
        looked.append(str(candidate))
        if _is_config(candidate):
            break
    return looked


def _read_config_text(path: Path) -> str:
    """A configuration file's text: a regular file of at most ``MAX_CONFIG_BYTES`` (a FIFO or
    a huge sparse file in a repository is an error, not a hang or a 600 MB read)."""
    try:
        raw = read_regular_file(path, limits.MAX_CONFIG_BYTES)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno in (errno.EINVAL, errno.EFBIG):
            raise ConfigError(f"{path}: cannot read config file: {exc.strerror}") from exc
        raise
    return raw.decode("utf-8")


def read_config_table(path: Path) -> dict[str, Any]:
    """The skillctl table of a config file; ConfigError for unreadable or invalid TOML."""
    try:
        text = _read_config_text(path)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read config file: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: cannot read config file: {exc}") from exc
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_invalid_toml(path, text, exc)) from exc
    tool = data.get("tool")
    table = tool.get("skillctl") if isinstance(tool, dict) else None
    if table is None and path.name != "pyproject.toml":
        table = {k: v for k, v in data.items() if k != "tool"}
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.skillctl] must be a table")
    return table


# --------------------------------------------------------------------------- validation


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    import difflib  # only for a mistake

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _rule_ids(values: Any, where: str, key: str) -> tuple[str, ...]:
    """Rule ids, aliases and category names, as the canonical ids they name (in order)."""
    from skillctl.lint.registry import expand_selector

    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ConfigError(f"{where}: {key}: expected a list of rule ids or categories")
    found: list[str] = []
    for value in values:
        try:
            found.extend(expand_selector(value))
        except UsageError as exc:
            raise ConfigError(f"{where}: {key}: {exc}") from None
    return tuple(dict.fromkeys(found))


def _agents(values: Any, where: str, key: str) -> tuple[str, ...]:
    from skillctl.agents import agent_ids

    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ConfigError(f"{where}: {key}: expected a list of agent ids")
    known = agent_ids()
    for value in values:
        if value not in known:
            raise ConfigError(
                f"{where}: {key}: unknown agent {value!r}{_did_you_mean(value, known)} "
                f"(known agents: {', '.join(known)})"
            )
    return tuple(dict.fromkeys(values))


def _option(name: str, value: Any, where: str) -> Any:
    kind = OPTIONS[name][0]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise ConfigError(f"{where}: {name}: expected a non-negative integer, got {value!r}")
    if kind is bool and not isinstance(value, bool):
        raise ConfigError(f"{where}: {name}: expected true or false, got {value!r}")
    if kind is list:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: {name}: expected a list of strings")
        return tuple(value)
    return value


@dataclass(frozen=True, slots=True)
class FileConfig:
    """A validated config table (what a file says, before command-line options)."""

    agents: tuple[str, ...] | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    strict: bool | None = None
    severities: tuple[tuple[str, str], ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    per_path_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    path: Path | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    #: whether test fixtures stay out of a tree search (off once ``exclude`` is set)
    skip_fixtures: bool = True


def _patterns(values: Any, where: str, key: str) -> tuple[str, ...]:
    """A list of gitignore-style patterns; ConfigError naming the file, key and pattern."""
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ConfigError(f"{where}: {key}: expected a list of gitignore-style patterns")
    for pattern in values:
        try:
            compiled_pattern(pattern)
        except PatternError as exc:
            raise ConfigError(f"{where}: {key}: invalid pattern {pattern!r}: {exc}") from None
    return tuple(values)


def validate_table(table: Mapping[str, Any], path: Path | None) -> FileConfig:
    """Check a ``[tool.skillctl]`` table by hand; ConfigError names the file and the key."""
    where = str(path) if path is not None else "config"
    for key in table:
        if key not in KNOWN_KEYS:
            raise ConfigError(
                f"{where}: unknown key {key!r} in [tool.skillctl]{_did_you_mean(key, KNOWN_KEYS)}"
            )
    agents = _agents(table["agents"], where, "agents") if "agents" in table else None
    # An empty list means "no restriction": a config that selects nothing must not make every
    # run pass silently.
    select = _rule_ids(table["select"], where, "select") if table.get("select") else None
    ignore = _rule_ids(table.get("ignore", []), where, "ignore")
    strict = table.get("strict")
    if strict is not None and not isinstance(strict, bool):
        raise ConfigError(f"{where}: strict: expected true or false")
    severities: list[tuple[str, str]] = []
    raw_sev = table.get("severity", {})
    if not isinstance(raw_sev, dict):
        raise ConfigError(f"{where}: severity: expected a table of rule = level")
    from skillctl.lint.registry import CATEGORIES

    by_rule: dict[str, str] = {}
    # A category's level applies to its rules first, so a rule named on its own wins.
    for rule_id, level in sorted(raw_sev.items(), key=lambda item: item[0] not in CATEGORIES):
        if level not in SEVERITY_VALUES:
            raise ConfigError(
                f"{where}: severity.{rule_id}: expected one of {', '.join(SEVERITY_VALUES)}, "
                f"got {level!r}"
            )
        for canonical in _rule_ids([rule_id], where, f"severity.{rule_id}"):
            by_rule[canonical] = level
    severities.extend(by_rule.items())
    per_path: list[tuple[str, tuple[str, ...]]] = []
    raw_pp = table.get("per-path-ignores", {})
    if not isinstance(raw_pp, dict):
        raise ConfigError(f"{where}: per-path-ignores: expected a table of pattern = [rules]")
    for pattern, rules in raw_pp.items():
        key = f"per-path-ignores.{pattern!r}"
        try:
            compiled_pattern(pattern)
        except PatternError as exc:
            raise ConfigError(f"{where}: {key}: invalid pattern: {exc}") from None
        if rules == ["*"] or rules == "*":
            per_path.append((pattern, ("*",)))
            continue
        per_path.append((pattern, _rule_ids(rules, where, key)))
    options = tuple(
        sorted((name, _option(name, table[name], where)) for name in OPTIONS if name in table)
    )
    exclude = tuple(
        dict.fromkeys(
            pattern
            for key in _EXCLUDE_KEYS
            for pattern in _patterns(table.get(key, []), where, key)
        )
    )
    return FileConfig(
        agents=agents,
        select=select,
        ignore=ignore,
        strict=strict,
        severities=tuple(sorted(severities)),
        options=options,
        per_path_ignores=tuple(sorted(per_path)),
        path=path,
        exclude=exclude,
        skip_fixtures="exclude" not in table,
    )


def resolve_config(
    *,
    start: Path,
    config_path: Path | None = None,
    agents: Sequence[str] = (),
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    strict: bool = False,
) -> ResolvedConfig:
    """Merge the config file (explicit, or found above ``start``) with command-line options.

    Command-line ``agents`` and ``select`` replace the file's; ``ignore`` adds to it;
    ``strict`` turns strict on. Unknown rule ids and agents are UsageError (exit 2).
    """
    from skillctl.lint.registry import expand_selector

    if config_path is not None:
        if not config_path.exists():
            raise PathNotFoundError(config_path, "--config")
        if not config_path.is_file():
            raise ConfigError(f"--config {config_path}: not a file")
        path: Path | None = config_path
    else:
        path = find_config(start)
    file_config = validate_table(read_config_table(path), path) if path else FileConfig()
    cli_agents = _cli_agents(agents)
    cli_select = tuple(rule_id for s in select for rule_id in expand_selector(s))
    cli_ignore = tuple(rule_id for s in ignore for rule_id in expand_selector(s))
    base_dir = str(path.parent) if path is not None else os.getcwd()
    return ResolvedConfig(
        agents=cli_agents or file_config.agents or (),
        # ``select`` given but naming no rule (an empty category) selects nothing, not all
        select=tuple(sorted(set(cli_select))) if select else file_config.select,
        ignore=tuple(sorted(set(file_config.ignore) | set(cli_ignore))),
        severities=file_config.severities,
        options=file_config.options,
        per_path_ignores=file_config.per_path_ignores,
        base_dir=base_dir,
        strict=strict or bool(file_config.strict),
        source=str(path) if path is not None else None,
        exclude=file_config.exclude,
        skip_fixtures=file_config.skip_fixtures,
    )


def _cli_agents(agents: Sequence[str]) -> tuple[str, ...]:
    from skillctl.agents import agent_ids

    known = agent_ids()
    for agent in agents:
        if agent not in known:
            raise UsageError(
                f"unknown agent {agent!r}{_did_you_mean(agent, known)} "
                f"(known agents: {', '.join(known)})"
            )
    return tuple(dict.fromkeys(agents))
