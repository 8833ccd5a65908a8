"""``unknown-suppression``: a ``# skillctl: ignore[...]`` comment that names no rule.

A typo there silences nothing and says nothing: the finding it was meant to hide comes back,
or (worse) the author believes a rule is silenced that never was. The configuration file's
rule ids are checked the same way (exit 2); a comment in a skill is a warning, so that a
skill written for a newer skillctl still lints.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillctl.errors import UsageError
from skillctl.lint.context import SkillContext
from skillctl.lint.registry import NO_FINDINGS, Finding, canonical_id, found, rule
from skillctl.model import Severity

_COMMENT = re.compile(r"#\s*skillctl:\s*ignore\[([^\]]*)\]")


@rule("unknown-suppression", Severity.WARNING, category="run")
def unknown_suppression(ctx: SkillContext) -> Iterator[Finding]:
    """A `# skillctl: ignore[...]` comment in the frontmatter names a rule that does not exist.

    The comment then silences nothing, while it reads as if it did. Each unknown id is
    reported at its comment's line, with the closest rule id when there is one (renamed
    rules' old ids still count).

    Fails: `description: Formats SQL.  # skillctl: ignore[descripton-no-trigger]`.
    Passes: `# skillctl: ignore[description-no-trigger]`.

    Matters for skillctl itself: agents ignore these comments.
    """
    frontmatter = ctx.skill.parsed.frontmatter
    if frontmatter is None or not frontmatter.ignored_rules:
        return NO_FINDINGS
    findings: list[Finding] = []
    for index, line in enumerate(frontmatter.text.split("\n")):
        for match in _COMMENT.finditer(line):
            for raw in match.group(1).split(","):
                rule_id = raw.strip()
                if not rule_id or rule_id == "*":
                    continue
                try:
                    canonical_id(rule_id)
                except UsageError as exc:
                    findings.append(Finding(
                        f"`# skillctl: ignore[{rule_id}]` names no rule, so it silences "
                        f"nothing ({str(exc).removeprefix('unknown rule ')})",
                        frontmatter.start_line + index, match.start() + 1))
    return found(*findings) if findings else NO_FINDINGS
