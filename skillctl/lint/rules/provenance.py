"""``lock-drift``: an installed skill whose files no longer match its installer's lock entry.

The records and the hash are :mod:`skillctl.provenance`'s, the same ``list`` and ``show``
report; this module only turns a ``modified`` verdict into a finding at the lock entry.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from skillctl.lint.context import AcrossContext
from skillctl.lint.registry import Finding, rule
from skillctl.model import Severity, Skill


@rule("lock-drift", Severity.WARNING, kind="across", category="file")
def lock_drift(ctx: AcrossContext) -> Iterator[tuple[Skill | Path, Finding]]:
    """An installed skill's files differ from what its installer recorded in its lock file.

    The npm `skills` CLI records each skill it installs in `skills-lock.json` (project) or
    `~/.agents/.skill-lock.json` (user), with a content hash of the folder. When the files
    change afterwards (an edit in place, a partial update, a file dropped in), the next
    `skills update` or `experimental_install` overwrites the change, or teammates installing
    from the lock get something else than what you run. The hash is recomputed exactly as the
    `skills` CLI computes it (see docs/provenance.md); the finding points at the lock entry.
    A lock entry holding a git tree SHA (written by `gh skill install`) cannot be compared
    offline and is not reported.

    Fails: `skills-lock.json` records `pdf-tools` with `computedHash` `b3135e…`, and
    `skills/pdf-tools/README.md` was edited since.

    Passes: the folder is byte for byte what was installed.

    Matters for every agent: the installers write to the folders all of them read.
    """
    from skillctl.provenance import LockIndex, check

    home = Path(os.environ.get("HOME") or Path.home())
    index = LockIndex(home, os.environ)
    for skill in ctx.skills:
        entry = index.entry_for(skill)
        if entry is None or entry.installer != "skills":
            continue
        verdict = check(skill, entry)
        if not verdict.modified:
            continue
        recorded = (entry.hash or "")[:12]
        now = (verdict.current_hash or "")[:12]
        yield skill, Finding(
            f"{skill.name!r} changed since the skills CLI installed it from {entry.source} "
            f"(entry {entry.name!r}: content hash {recorded}…, now {now}…)",
            line=entry.line,
            # as the user gave the paths: relative when the skill was named relatively
            file=str(entry.record) if skill.dir.is_absolute() else os.path.relpath(entry.record),
            hint="reinstall it (npx skills add …) or, if the change is meant, record it "
            "again so the lock matches",
        )
