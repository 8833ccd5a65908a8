"""The lint configuration a run carries: :class:`ResolvedConfig` and the rule options.

A value with no knowledge of files or rules: :mod:`skillctl.lint.config` finds, reads and
validates the configuration (checking rule ids against the registry) and builds it; the rule
context and the rules only read it. Kept apart so that imports run one way (config ->
registry -> context -> this module).
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillctl.lint.pathpatterns import compile_pattern
from skillctl.model import Severity

#: Rule options: name -> (type, default, what it does).
OPTIONS: dict[str, tuple[type, Any, str]] = {
    "unicode-names": (
        bool,
        False,
        "accept Unicode letters and digits in names, as skills-ref does (default: a-z, 0-9, -)",
    ),
    "max-body-lines": (int, 500, "body-too-long: most body lines before a warning"),
    "max-body-tokens": (int, 5000, "body-tokens: most estimated body tokens before a warning"),
    "description-max-catalog": (
        int,
        500,
        "description-long: characters a description may use before it costs catalog space",
    ),
    "extra-fields": (list, [], "field names unknown-field accepts (your own extensions)"),
}


#: Folders of test inputs (``tests/fixtures/``, ``tests/Fixtures/``, ``__fixtures__/``,
#: ``testdata/``, ``fixtures-real/``, ``tests/e2e/data/test_skills/``), and hidden or
#: underscored archives of retired skills (``.archived/``, ``_archive/``), matched
#: case-folded: a skill-tooling repository keeps skills there that are broken on purpose or
#: in another tool's format, or no longer used, and no agent loads them.
FIXTURE_FOLDER = re.compile(
    r"__fixtures__|(?:tests?[-_])?fixtures(?:[-_][\w.]+)?|fixture|test[-_]?data|test[-_]?skills"
    r"|[._]archived?", re.IGNORECASE)


#: The iteration folders of skill-creator's evaluation workspaces (``<skill>-workspace/
#: iteration-2/``, ``iteration-9-gpt-5.4-mini-postfix/``): the outputs of test runs and
#: snapshots of the skill as it was (``skill-snapshot/SKILL.md``), which its author keeps
#: beside the skill but does not ship (forty-eighth sample, and one before it).
EVAL_ITERATION = re.compile(r"iteration-\d+(?:[-_.][\w.-]*)?", re.IGNORECASE)


def _eval_iteration(parent: str, name: str) -> bool:
    """Whether ``parent/name`` is an iteration folder of an evaluation workspace."""
    return EVAL_ITERATION.fullmatch(name) is not None \
        and parent.lower().endswith("-workspace")


def _in_fixtures(folder: str) -> bool:
    """Whether a walk's folder is a folder of test fixtures (or of an evaluation workspace's
    runs): named so, and not itself a skill (``skills/test-fixtures/SKILL.md``, a skill
    about fixtures, is linted)."""
    name = os.path.basename(folder)
    if FIXTURE_FOLDER.fullmatch(name) is None and not (
            name[:1] in "iI" and _eval_iteration(os.path.basename(os.path.dirname(folder)),
                                                 name)):
        return False
    return not os.path.isfile(os.path.join(folder, "SKILL.md"))


def _names_fixtures(root: Path) -> bool:
    """Whether a path named on the command line is inside test fixtures ("lint
    tests/fixtures/broken", linted whole): a folder of it below the current one, or its own
    name when it lies elsewhere (the folders above a checkout are the user's business)."""
    absolute = os.path.abspath(root)
    try:
        relative = os.path.relpath(absolute)
    except ValueError:  # (another drive)
        relative = ".."
    if relative == ".." or relative.startswith(".." + os.sep):
        return FIXTURE_FOLDER.fullmatch(os.path.basename(absolute)) is not None or \
            _eval_iteration(os.path.basename(os.path.dirname(absolute)),
                            os.path.basename(absolute))
    parts = Path(relative).parts
    return any(FIXTURE_FOLDER.fullmatch(part) for part in parts) or any(
        _eval_iteration(parent, part) for parent, part in itertools.pairwise(parts))


@dataclass(frozen=True, slots=True)
class ResolvedConfig:
    """Everything a lint run needs to know besides the skills: frozen, picklable, hashable.

    ``select`` is None when every rule runs. ``base_dir`` is the directory per-path-ignore
    and exclude patterns are relative to (the config file's directory, or the current one).
    """

    agents: tuple[str, ...] = ()
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    severities: tuple[tuple[str, str], ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    per_path_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    base_dir: str = ""
    strict: bool = False
    source: str | None = None
    #: gitignore-style patterns of folders a tree search does not enter (exclude and
    #: extend-exclude together, in that order)
    exclude: tuple[str, ...] = ()
    #: a tree search leaves out test fixtures (:data:`FIXTURE_FOLDER`): the default, off
    #: when the config sets ``exclude`` (as ruff's own defaults)
    skip_fixtures: bool = True

    def prune_for(self, root: Path) -> Callable[[str], bool] | None:
        """What a walk from ``root`` leaves out: a test of a folder's path (as the walk
        spells it, below ``root``) against ``exclude``, or None when nothing is excluded.

        A path named on the command line is always searched, as in ruff: a pattern that
        covers ``root`` itself (or a folder above it) is not applied below it either.
        """
        fixtures = self.skip_fixtures and not _names_fixtures(root)
        if not self.exclude:
            return _in_fixtures if fixtures else None
        base = os.path.abspath(self.base_dir or ".")
        real_base = os.path.realpath(base)

        def relative(path: str) -> str | None:
            absolute = os.path.abspath(path)
            for start, target in ((base, absolute), (real_base, os.path.realpath(absolute))):
                rel = os.path.relpath(target, start)
                if rel != ".." and not rel.startswith(".." + os.sep) and not os.path.isabs(rel):
                    return "" if rel == "." else rel.replace(os.sep, "/")
            return None

        at_root = relative(os.fspath(root))
        patterns = [
            compiled_pattern(p) for p in self.exclude
            if at_root is None or not at_root or compiled_pattern(p).match(at_root + "/") is None
        ]
        if not patterns:
            return _in_fixtures if fixtures else None

        def pruned(folder: str) -> bool:
            if fixtures and _in_fixtures(folder):
                return True
            rel = relative(folder)
            return rel is not None and rel != "" and any(
                p.match(rel + "/") is not None for p in patterns
            )

        return pruned

    def enabled(self, rule_id: str) -> bool:
        """Whether a rule runs at all (select, ignore and ``off`` severities applied)."""
        if self.select is not None and rule_id not in self.select:
            return False
        if rule_id in self.ignore:
            return False
        return dict(self.severities).get(rule_id) != "off"

    def severity(self, rule_id: str, default: Severity) -> Severity:
        """The configured severity of a rule, else its default."""
        value = dict(self.severities).get(rule_id)
        return Severity(value) if value and value != "off" else default

    def option(self, name: str) -> Any:
        """A rule option's configured value, else its default (KeyError for an unknown name)."""
        return option_table(self)[name]

    def ignored_for(self, path: Path) -> frozenset[str]:
        """Rules silenced for ``path`` by per-path-ignores (``*`` means every rule)."""
        if not self.per_path_ignores:
            return frozenset()
        base = os.path.realpath(self.base_dir or ".")
        real = os.path.realpath(path)
        try:
            rel = Path(real).relative_to(base).as_posix()
        except ValueError:
            return frozenset()
        found: set[str] = set()
        for pattern, rules in self.per_path_ignores:
            # the compiled pattern also covers every path below a folder it names
            if compiled_pattern(pattern).match(rel) is not None:
                found.update(rules)
        return frozenset(found)

    def fingerprint(self) -> str:
        """A stable hash of the whole configuration (and skillctl's version)."""
        from skillctl import __version__

        payload = json.dumps(
            {
                "version": __version__,
                "agents": self.agents,
                "select": self.select,
                "ignore": self.ignore,
                "severities": self.severities,
                "options": [(k, v) for k, v in self.options],
                "per_path_ignores": self.per_path_ignores,
                "base_dir": self.base_dir,
                "strict": self.strict,
                "exclude": self.exclude,
                "skip_fixtures": self.skip_fixtures,
            },
            sort_keys=True,
            default=str,
        )
        from skillctl.replay import hasher

        return str(hasher(payload.encode()).hexdigest()[:32])


#: id(config) -> (config, its options with the defaults filled in): one table per
#: configuration, built once, not a dict per ``option()`` call (rules ask several per skill).
#: Keyed by identity, not by the config's hash, which would be computed on every lookup.
_OPTION_TABLES: dict[int, tuple[ResolvedConfig, dict[str, Any]]] = {}
_MAX_OPTION_TABLES = 64


def option_table(config: ResolvedConfig) -> dict[str, Any]:
    """Every rule option's value for ``config``: configured, else the default."""
    found = _OPTION_TABLES.get(id(config))
    if found is not None and found[0] is config:  # (the entry keeps config alive: ids stay)
        return found[1]
    table = {name: spec[1] for name, spec in OPTIONS.items()}
    table.update(config.options)
    if len(_OPTION_TABLES) >= _MAX_OPTION_TABLES:
        _OPTION_TABLES.clear()
    _OPTION_TABLES[id(config)] = (config, table)
    return table


@functools.lru_cache(maxsize=64)
def compiled_pattern(pattern: str) -> re.Pattern[str]:
    """A gitignore-style pattern of the configuration, compiled once."""
    return compile_pattern(pattern)
