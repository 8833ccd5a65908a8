"""The lint engine: paths -> skills -> rules -> a :class:`LintReport`, one skill at a time.

:func:`lint_skill` is a pure function of one skill on disk and a :class:`ResolvedConfig` (both
picklable), so it can be cached by content; :func:`lint_one` parses and lints a skill from its
two paths and keeps only the result and a :class:`SkillSummary`, which is what worker
processes run. :func:`lint_walk` finds the skills and lints them, the workers starting while
the walk goes on. :func:`lint_paths` does everything else: configuration, the cache,
``--fix``, cross-skill rules (on the summaries), the baseline.
"""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillctl.errors import PathNotFoundError, UsageError
from skillctl.lint.config import resolve_config
from skillctl.lint.context import AcrossContext, SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, RegisteredRule, registered
from skillctl.lint.resolved import ResolvedConfig
from skillctl.lint.result import FixRecord, LintReport, RuleInfo, SkillResult, SkillSummary
from skillctl.model import DIAGNOSTIC_ORDER, Diagnostic, Severity, Skill
from skillctl.scan import ScanNote

if TYPE_CHECKING:
    from skillctl.cache import KeyOutcome, LintCache, SkillKeyer, Snapshot


@dataclass(frozen=True, slots=True)
class LintOptions:
    """What ``skillctl lint`` was asked to do (the CLI builds this, nothing else)."""

    paths: tuple[Path, ...] = ()
    agents: tuple[str, ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool = False
    config_path: Path | None = None
    baseline: Path | None = None
    min_skills: int = 1
    allow_empty: bool = False
    fix: bool = False
    diff: bool = False
    use_cache: bool = True


def _active(rule: RegisteredRule, config: ResolvedConfig, kind: str) -> bool:
    if rule.kind != kind or not config.enabled(rule.info.id):
        return False
    return not (rule.needs_agent and not config.agents)


@functools.lru_cache(maxsize=8)
def _rules_of_kind(config: ResolvedConfig, kind: str) -> tuple[RegisteredRule, ...]:
    """The rules of one kind this configuration runs (worked out once, not once per skill)."""
    return tuple(r for r in registered() if _active(r, config, kind))


def active_rules(config: ResolvedConfig) -> list[RuleInfo]:
    """The rules a run with this configuration checks, sorted by id."""
    return [r.info for r in registered() if _active(r, config, r.kind)]


@dataclass(frozen=True, slots=True)
class _Planned:
    """A rule as one configuration runs it: what every finding of it needs, worked out once."""

    rule: RegisteredRule
    id: str
    check: Callable[..., Iterator[Any]]
    #: the severity the configuration forces on the rule (None: the finding's or the default)
    forced: Severity | None
    default: Severity
    fixable: bool


@functools.lru_cache(maxsize=8)
def _plan(config: ResolvedConfig, kind: str) -> tuple[_Planned, ...]:
    """The rules of one kind this configuration runs, with their configured severities."""
    severities = dict(config.severities)
    planned = []
    for rule in _rules_of_kind(config, kind):
        explicit = severities.get(rule.info.id)
        planned.append(
            _Planned(
                rule=rule,
                id=rule.info.id,
                check=rule.check,
                forced=Severity(explicit) if explicit and explicit != "off" else None,
                default=rule.info.default_severity,
                fixable=rule.info.fixable,
            )
        )
    return tuple(planned)


def _diagnostic(planned: _Planned, finding: Finding, path: str) -> Diagnostic:
    return Diagnostic(
        path=path,
        line=max(1, finding.line),
        column=max(1, finding.column),
        rule=planned.id,
        message=finding.message,
        severity=planned.forced or finding.severity or planned.default,
        fixable=planned.fixable if finding.fixable is None else finding.fixable,
        hint=finding.hint,
    )


def _internal_error(rule_id: str, exc: Exception) -> Finding:
    """What a rule that raised reports instead of its findings (a bug must not stop the run)."""
    return Finding(
        f"internal error in rule {rule_id}: {type(exc).__name__}: {exc} (please report it)",
        severity=Severity.ERROR,
    )


def _suppressed(skill: Skill, config: ResolvedConfig) -> frozenset[str]:
    fm = skill.parsed.frontmatter
    inline = fm.ignored_rules if fm is not None else frozenset()
    return inline | config.ignored_for(skill.entry)


def _finding_path(skill: Skill, finding: Finding) -> str:
    return str(skill.dir / finding.file) if finding.file else str(skill.entry)


def lint_skill(skill: Skill, config: ResolvedConfig) -> SkillResult:
    """Run every enabled per-skill rule on one skill (pure: same inputs, same result)."""
    ctx = SkillContext(skill, config)
    suppressed = _suppressed(skill, config)
    everything = "*" in suppressed
    entry = str(skill.entry)
    found: list[Diagnostic] = []
    for planned in _plan(config, "skill"):
        if suppressed and (everything or planned.id in suppressed):
            continue
        try:
            produced = planned.check(ctx)
            if produced is NO_FINDINGS:  # most rules find nothing in most skills
                continue
            findings = list(produced)
        except Exception as exc:  # a rule bug must not stop the run (or hide other findings)
            findings = [_internal_error(planned.id, exc)]
        if not findings:
            continue
        for finding in findings:
            path = str(skill.dir / finding.file) if finding.file else entry
            found.append(_diagnostic(planned, finding, path))
    return SkillResult(
        path=entry,
        dir=str(skill.dir),
        name=skill.declared_name,
        diagnostics=tuple(sorted(set(found), key=DIAGNOSTIC_ORDER)) if found else (),
    )


def lint_skills(
    skills: Sequence[Skill],
    config: ResolvedConfig,
    *,
    cache: LintCache | None = None,
) -> list[SkillResult]:
    """Lint already-parsed skills (``--fix`` has them in hand): unchanged ones from the
    cache, the rest here; results in the order of ``skills``."""
    results = []
    for skill in skills:
        key = cache.key(skill.dir, skill.entry) if cache is not None else None
        stored = cache.get(key) if cache is not None else None
        if stored is None:
            result = lint_skill(skill, config)
            if cache is not None:
                cache.put(key, result, SkillSummary.of(skill))
        else:
            result = stored[0]
        results.append(result)
    return results


def lint_one(
    candidate: tuple[Path, Path], config: ResolvedConfig
) -> tuple[SkillResult, SkillSummary]:
    """Parse and lint the skill at ``(directory, entry)``; keep only its result and summary.

    This is the unit of streaming: the parsed skill is dropped as soon as its rules have run,
    so memory does not grow with the text of every skill, and a worker process needs only
    the two paths to do it.
    """
    from skillctl.collect import load_skill

    skill = load_skill(*candidate)
    return lint_skill(skill, config), SkillSummary.of(skill)


def lint_candidates(
    candidates: Sequence[tuple[Path, Path]],
    config: ResolvedConfig,
    cache: LintCache,
    *,
    jobs: int | None = None,
) -> tuple[list[SkillResult], list[SkillSummary]]:
    """Lint the skills at ``(directory, entry)`` pairs, one at a time: unchanged ones from the
    cache (not even parsed), the rest in this process or, above the measured threshold, on
    a process pool (:func:`skillctl.parallel.map_ordered`). Results in input order."""
    from skillctl.parallel import MIN_SKILLS_PER_WORKER, map_ordered

    keys = [cache.key(d, e) for d, e in candidates]
    stored = [cache.get(key) for key in keys]
    todo = [i for i, hit in enumerate(stored) if hit is None]
    # Lint one skill here first: it loads the rules, jsonschema and the agent profiles once,
    # before any fork, instead of once in every worker.
    job = functools.partial(lint_one, config=config)
    fresh = [job(candidates[i]) for i in todo[:1]]
    fresh += map_ordered(
        job, [candidates[i] for i in todo[1:]], jobs=jobs, min_per_worker=MIN_SKILLS_PER_WORKER
    )
    for i, (result, summary) in zip(todo, fresh, strict=True):
        stored[i] = (result, summary)
        cache.put(keys[i], result, summary)
    done = [pair for pair in stored if pair is not None]
    return [r for r, _ in done], [s for _, s in done]


def lint_and_key(
    candidate: tuple[Path, Path], config: ResolvedConfig, keyer: SkillKeyer
) -> tuple[SkillResult, SkillSummary, KeyOutcome]:
    """:func:`lint_one`, with the skill's cache key computed first, where it is linted."""
    outcome = keyer.compute(*candidate)
    result, summary = lint_one(candidate, config)
    return result, summary, outcome


class _Pair(tuple[Path, Path]):
    """A skill's ``(directory, entry)`` that travels to a worker as two strings: pickled
    paths carry their parts and a class, and unpickle at about twice the cost of parsing
    the text (~6 against ~4 us a skill; ~12 against ~6 for absolute paths)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return _pair_of, (os.fspath(self[0]), os.fspath(self[1]))


def _pair_of(directory: str, entry: str) -> tuple[Path, Path]:
    return Path(directory), Path(entry)


@dataclass(frozen=True, slots=True)
class WalkedLint:
    """What :func:`lint_walk` found below the paths and what linting each skill gave."""

    #: ``(directory, entry)`` of every skill found, in argument then walk order
    candidates: list[tuple[Path, Path]]
    notes: list[ScanNote]
    #: paths that do not exist (nothing was linted when there are any)
    missing: list[Path]
    results: list[SkillResult]
    summaries: list[SkillSummary]


def lint_walk(
    paths: Sequence[Path],
    config: ResolvedConfig,
    cache: LintCache,
    *,
    walked: list[str] | None = None,
    jobs: int | None = None,
) -> WalkedLint:
    """Find the skills below ``paths`` and lint them, the workers starting while the walk
    still goes on (:func:`skillctl.parallel.map_streamed`): the same candidates, notes and
    results as :func:`skillctl.collect.candidates_for` then :func:`lint_candidates`.

    ``walked`` receives every folder the walk listed. When a path does not exist nothing is
    walked or linted (the caller reports it). A cache holding earlier results needs every
    skill's key before it can tell what to lint, so it walks first, then lints.
    """
    from skillctl.collect import iter_candidates
    from skillctl.lint.overlay import tool_module
    from skillctl.parallel import MIN_SKILLS_PER_WORKER, map_streamed

    missing = [p for p in paths if not os.path.lexists(p)]
    if missing:
        return WalkedLint([], [], missing, [], [])
    notes: list[ScanNote] = []
    found = (c for c in iter_candidates(paths, walked=walked, notes=notes, missing=missing,
                                         prune_for=config.prune_for)
             # a "Skill.md" a tool's manifest names is that tool's module, not a skill
             if c.exact_case or not tool_module(c.dir, c.entry))
    if cache.enabled and not cache.is_empty:
        candidates = [(c.dir, c.entry) for c in found]
        results, summaries = lint_candidates(candidates, config, cache, jobs=jobs)
        return WalkedLint(candidates, notes, missing, results, summaries)
    candidates = []

    def pairs() -> Iterator[tuple[Path, Path]]:
        for candidate in found:
            pair = (candidate.dir, candidate.entry)
            candidates.append(pair)
            yield _Pair(pair)

    stream = pairs()
    if not cache.enabled:
        # The first skill is linted here as soon as it is found: it loads the rules,
        # jsonschema and the agent profiles once, before any fork, not once in every worker.
        job = functools.partial(lint_one, config=config)
        done = [job(pair) for pair in itertools.islice(stream, 1)]
        done += map_streamed(job, stream, jobs=jobs, min_per_worker=MIN_SKILLS_PER_WORKER)
        return WalkedLint(
            candidates, notes, missing, [r for r, _ in done], [s for _, s in done]
        )
    # An empty cache: nothing to look up, so each skill's key is computed where it is linted,
    # on every worker, rather than all of them here first (a first run cost ~35% more than
    # --no-cache); the first skill here also fills the keyer's memos before any fork.
    keyed = functools.partial(lint_and_key, config=config, keyer=cache.keyer())
    first = [keyed(pair) for pair in itertools.islice(stream, 1)]
    first += map_streamed(keyed, stream, jobs=jobs, min_per_worker=MIN_SKILLS_PER_WORKER)
    results, summaries = [], []
    for (skill_dir, entry), (result, summary, outcome) in zip(candidates, first, strict=True):
        cache.put(cache.adopt(skill_dir, entry, outcome), result, summary)
        results.append(result)
        summaries.append(summary)
    return WalkedLint(candidates, notes, missing, results, summaries)


def lint_across(
    skills: Sequence[Skill],
    config: ResolvedConfig,
    *,
    roots: Sequence[Path] = (),
    notes: Sequence[ScanNote] = (),
    fix_failures: Sequence[tuple[Skill, str]] = (),
) -> tuple[dict[int, list[Diagnostic]], list[Diagnostic]]:
    """Run the cross-skill rules: findings per skill (by index) and findings about paths."""
    ctx = AcrossContext(skills, config, roots=roots, notes=notes, fix_failures=fix_failures)
    index = {id(skill): i for i, skill in enumerate(skills)}
    per_skill: dict[int, list[Diagnostic]] = {}
    extra: list[Diagnostic] = []
    for planned in _plan(config, "across"):
        try:
            pairs = list(planned.check(ctx))
        except Exception as exc:
            pairs = [(Path("."), _internal_error(planned.id, exc))]
        for target, finding in pairs:
            if isinstance(target, Skill):
                suppressed = _suppressed(target, config)
                if planned.id in suppressed or "*" in suppressed:
                    continue
                diag = _diagnostic(planned, finding, _finding_path(target, finding))
                per_skill.setdefault(index[id(target)], []).append(diag)
            else:
                ignored = config.ignored_for(target)
                if planned.id in ignored or "*" in ignored:
                    continue
                extra.append(_diagnostic(planned, finding, str(target)))
    return per_skill, extra


def _no_skills_message(
    paths: Sequence[Path], notes: Sequence[ScanNote] = (), *, exclude: bool = False,
    fixtures: bool = False, prune_for: Callable[[Path], Any] | None = None,
) -> str:
    shown = ", ".join(str(p) for p in paths)
    hidden = _git_ignored_skills(paths, prune_for) if prune_for is not None else ""
    # What could not be looked at may be the very reason nothing was found (a FIFO named
    # SKILL.md, an unreadable folder): say so rather than leave the user guessing.
    unseen = "".join(
        f"\n  not searched: {note.path} ({note.reason}{': ' + note.detail if note.detail else ''})"
        for note in notes[:10]
    )
    return (
        f"no skill found: searched for SKILL.md below {shown} (respecting .gitignore"
        f"{', leaving out test fixtures (fixtures/, testdata/ ...)' if fixtures else ''}"
        f"{' and the exclude patterns of the config' if exclude else ''}); "
        f"pass --allow-empty if that is expected{unseen}{hidden}"
    )


#: How many skills a search without .gitignore names when nothing else was found.
_IGNORED_SHOWN = 3


def _git_ignored_skills(paths: Sequence[Path], prune_for: Callable[[Path], Any]) -> str:
    """The skills a ``.gitignore`` hid, when nothing else was found: a downloaded copy of a
    repository has no ``.git`` to say which ignored files git tracks, and a ``skills/``
    line there can hide ``.codex/skills/`` (the hundred-and-first sample's collection)."""
    import dataclasses

    from skillctl.collect import TREE_WALK, iter_candidates

    walk = dataclasses.replace(TREE_WALK, respect_gitignore=False)
    found = [c.entry for c in itertools.islice(
        iter_candidates(paths, walk, notes=[], missing=[], prune_for=prune_for),
        _IGNORED_SHOWN + 1)]
    if not found:
        return ""
    more = ", ..." if len(found) > _IGNORED_SHOWN else ""
    shown = ", ".join(str(p) for p in found[:_IGNORED_SHOWN])
    return (f"; a .gitignore leaves out {shown}{more} (outside a git repository it alone "
            "decides; in a clone, the files git tracks are searched)")


def lint_paths(options: LintOptions) -> LintReport:
    """Lint every skill below ``options.paths`` (the current directory when empty).

    Raises UsageError (exit 2) for a missing path, an invalid configuration, no skill found
    (unless ``allow_empty``) or fewer than ``min_skills`` skills.
    """
    return run_lint(options).report


@dataclass(frozen=True, slots=True)
class LintRun:
    """What :func:`run_lint` found, and what else a caller may need of the run."""

    report: LintReport
    #: the configuration that applied (its ``strict`` decides the exit code)
    config: ResolvedConfig
    #: the paths the outcome depends on and a hash of their ``stat``, when the cache stored
    #: or replayed a snapshot of this run (what :mod:`skillctl.replay` records); else None
    snapshot: Snapshot | None = None


def run_lint(options: LintOptions) -> LintRun:
    """:func:`lint_paths`, also returning the resolved configuration and the snapshot."""
    if os.environ.get("SKILLCTL_PHASE_TIMES"):  # the benchmark's phase timings (opt-in)
        from skillctl import phases

        phases.install()
    paths = options.paths or (Path("."),)
    config = resolve_config(
        start=paths[0],
        config_path=options.config_path,
        agents=options.agents,
        select=options.select,
        ignore=options.ignore,
        strict=options.strict,
    )
    from skillctl.cache import LintCache

    cache = LintCache.open(config.fingerprint(), paths, enabled=options.use_cache)
    # An unchanged repository: replay the whole run from the cache, parsing nothing.
    warm = None
    if not (options.fix or options.diff):
        every_path_a_tree = all(os.path.isdir(p) for p in paths)
        warm = cache.replay_snapshot(paths) or cache.warm_run(
            paths,
            walked=[] if every_path_a_tree else None,
            rules=lambda: tuple(active_rules(config)),
            prune_for=config.prune_for,
        )
    if warm is not None and len(warm.results) >= options.min_skills:
        cache.save()
        report = _report(
            warm.results, warm.across, warm.extra, (), "", config, options, rules=warm.rules
        )
        return LintRun(report, config, cache.snapshot)
    from skillctl.gitfacts import git_index_modes

    git_index_modes.cache_clear()  # one `git ls-files` per repository per run, never stale
    walked: list[str] = []
    if options.fix or options.diff:
        from skillctl.collect import candidates_for

        found, notes, missing = candidates_for(paths, walked=walked, prune_for=config.prune_for)
        linted = WalkedLint([(c.dir, c.entry) for c in found], notes, missing, [], [])
        del found  # a run over many skills keeps as little per skill as it can
    else:
        # The walk and the lint overlap: workers start once the walk has found enough skills.
        linted = lint_walk(paths, config, cache, walked=walked)
    candidates, notes, missing = linted.candidates, linted.notes, linted.missing
    if missing:
        raise PathNotFoundError(missing)
    if not candidates and not options.allow_empty:
        raise UsageError(_no_skills_message(paths, notes, exclude=bool(config.exclude),
                                            fixtures=config.skip_fixtures,
                                            prune_for=config.prune_for))
    if options.min_skills > 1 and len(candidates) < options.min_skills:
        raise UsageError(
            f"found {len(candidates)} skill(s) below {', '.join(str(p) for p in paths)}, "
            f"fewer than --min-skills {options.min_skills}"
        )
    roots = [p for p in paths if os.path.isdir(p)]
    if options.fix or options.diff:
        return LintRun(_run_fix(candidates, notes, roots, paths, cache, config, options),
                       config)

    results, summaries = linted.results, linted.summaries
    slim = [s.as_skill(d, e) for s, (d, e) in zip(summaries, candidates, strict=True)]
    per_skill, extra = lint_across(slim, config, roots=roots, notes=notes)
    rules = tuple(active_rules(config))
    every_path_a_tree = len(roots) == len(paths)
    cache.remember_run(
        paths,
        slim,
        notes,
        per_skill,
        extra,
        walked=walked if every_path_a_tree else None,
        rules=rules,
    )
    cache.save()
    report = _report(results, per_skill, extra, (), "", config, options, rules=rules)
    return LintRun(report, config, cache.snapshot)


def _run_fix(
    candidates: Sequence[tuple[Path, Path]],
    notes: Sequence[ScanNote],
    roots: Sequence[Path],
    paths: Sequence[Path],
    cache: LintCache,
    config: ResolvedConfig,
    options: LintOptions,
) -> LintReport:
    """``--fix`` and ``--diff``: every skill is parsed and held, fixed, then linted. Writes
    stay inside the real path of the linted path each skill was found under."""
    from skillctl.collect import load_skill
    from skillctl.lint.fix import fix_skills

    skills = [load_skill(d, e) for d, e in candidates]
    outcome = fix_skills(skills, config, write=options.fix and not options.diff,
                         trees=paths)
    if options.fix and not options.diff:
        skills = list(outcome.skills)
    results = lint_skills(skills, config, cache=cache)
    per_skill, extra = lint_across(
        skills, config, roots=roots, notes=notes, fix_failures=outcome.failures
    )
    cache.save()
    diff = outcome.diff if options.diff else ""
    return _report(results, per_skill, extra, outcome.records, diff, config, options)


def _report(
    results: Sequence[SkillResult],
    per_skill: Mapping[int, Sequence[Diagnostic]],
    extra: Sequence[Diagnostic],
    fixes: tuple[FixRecord, ...],
    diff: str,
    config: ResolvedConfig,
    options: LintOptions,
    *,
    rules: tuple[RuleInfo, ...] | None = None,
) -> LintReport:
    """Merge per-skill and cross-skill findings into the report; apply the baseline."""
    merged = []
    for i, result in enumerate(results):
        more = per_skill.get(i)
        if more:
            result = SkillResult(
                result.path,
                result.dir,
                result.name,
                tuple(sorted(set(result.diagnostics) | set(more), key=DIAGNOSTIC_ORDER)),
            )
        merged.append(result)
    report = LintReport(
        results=tuple(sorted(merged, key=lambda r: r.path)),
        extra=tuple(sorted(set(extra), key=DIAGNOSTIC_ORDER)),
        fixes=fixes,
        diff=diff,
        rules=tuple(active_rules(config)) if rules is None else rules,
    )
    if options.baseline is not None:
        from skillctl.lint.baseline import apply_baseline

        report = apply_baseline(report, options.baseline)
    return report


def exit_code(report: LintReport, *, strict: bool) -> int:
    """0 when clean, 1 when there are errors (or warnings with ``strict``)."""
    if report.count(Severity.ERROR):
        return 1
    if strict and report.count(Severity.WARNING):
        return 1
    return 0
