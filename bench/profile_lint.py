#!/usr/bin/env python3
"""Where a cold ``skillctl lint`` spends its CPU: phases, then every per-skill rule.

Usage: ``python bench/profile_lint.py [CORPUS] [--top 15]`` (CORPUS defaults to
``bench/out/corpus-2000``). CPU time (``time.process_time``) is used throughout, so the numbers
hold up on a busy machine. For a call-level view run
``python -m cProfile -s tottime -m skillctl lint --no-cache CORPUS``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    """Print the phase split and the costliest rules."""
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus", nargs="?", default=str(HERE / "out" / "corpus-2000"))
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--ignore", default="", help="rules or categories to leave out, "
                        "as lint's --ignore (e.g. security)")
    args = parser.parse_args()
    root = Path(args.corpus)

    t0 = time.process_time()
    from skillctl.collect import collect
    from skillctl.lint.config import resolve_config
    from skillctl.lint.context import SkillContext
    from skillctl.lint.engine import lint_across, lint_skill
    from skillctl.lint.registry import registered

    config = resolve_config(start=root, config_path=None, agents=(), select=(),
                            ignore=tuple(filter(None, args.ignore.split(","))),
                            strict=False)
    rules = registered()
    t1 = time.process_time()
    skills = list(collect([root]).skills)
    t2 = time.process_time()
    for skill in skills:
        lint_skill(skill, config)
    t3 = time.process_time()
    lint_across(skills, config, roots=[root])
    t4 = time.process_time()
    print(f"{len(skills)} skills: imports+config {t1 - t0:.3f}s, walk+parse {t2 - t1:.3f}s, "
          f"per-skill rules {t3 - t2:.3f}s, cross-skill rules {t4 - t3:.3f}s (CPU)")

    contexts = [SkillContext(skill, config) for skill in skills]
    t5 = time.process_time()
    for ctx in contexts:
        _ = ctx.files  # list every skill's files once, outside the rule timings
    print(f"listing every skill's files: {time.process_time() - t5:.3f}s (CPU)")
    rows = []
    for rule in rules:
        if rule.kind != "skill" or not config.enabled(rule.info.id):
            continue
        start = time.process_time()
        for ctx in contexts:
            try:
                for _ in rule.check(ctx):
                    pass
            except Exception:  # a broken rule is the engine's business, not the profile's
                pass
        rows.append((time.process_time() - start, rule.info.id))
    rows.sort(reverse=True)
    total = sum(t for t, _ in rows) or 1.0
    print(f"per-skill rules, CPU over all skills (total {total:.3f}s):")
    for spent, rule_id in rows[: args.top]:
        print(f"  {spent * 1000:8.1f} ms  {100 * spent / total:5.1f}%  {rule_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
