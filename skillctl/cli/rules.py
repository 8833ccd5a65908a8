"""``skillctl rules``: list the lint rules, export the catalog, or explain one rule.

Only Typer and the standard library are imported here at module level; the registry and the
report module are imported inside the command.
"""

from __future__ import annotations

import enum
import sys
from typing import Annotated

import typer

from skillctl.cli.color import color_option


class RulesFormat(enum.StrEnum):
    """Output formats of ``skillctl rules``."""

    TEXT = "text"
    JSON = "json"


def _complete_rule_id(incomplete: str) -> list[str]:
    """TAB completion of rule ids and categories (imports the registry only when completing)."""
    from skillctl.lint.registry import CATEGORIES, rule_ids

    return [word for word in [*rule_ids(), *CATEGORIES] if word.startswith(incomplete)]


def command(
    rule_id: Annotated[str | None, typer.Argument(
        metavar="[ID]", show_default=False, autocompletion=_complete_rule_id,
        help="A rule id (or an old alias): print that rule's full documentation. A category "
        "(security, spec, ...): list only its rules.",
    )] = None,
    output: Annotated[RulesFormat, typer.Option(
        "--format", "-f", case_sensitive=False,
        help="text: a table (or one rule's documentation); json: the catalog as data "
        '({"version": 1, "rules": [...]}, each rule with its "category").',
    )] = RulesFormat.TEXT,
    color: Annotated[str, color_option(annotated=True)] = "auto",
) -> None:
    """List every lint rule: id, category, default severity, fixable, agents and summary.

    With an ID, print that rule's documentation: what it checks, why, a failing and a
    passing example. With a category name, list that category's rules. An unknown ID exits 2
    and suggests close matches.
    """
    del color  # accepted on every command alike; rules writes no colour
    from skillctl.errors import UsageError
    from skillctl.lint.registry import CATEGORIES, all_rules, get_rule
    from skillctl.report import lint_rules

    if rule_id is None or rule_id in CATEGORIES:
        rules = [r for r in all_rules() if rule_id is None or r.category == rule_id]
        if output is RulesFormat.JSON:
            sys.stdout.write(lint_rules.rules_json(rules))
        else:
            from skillctl.report.term import width

            lint_rules.write_rule_table(rules, sys.stdout, width(sys.stdout))
        return
    try:
        rule = get_rule(rule_id)
    except UsageError as exc:
        typer.echo(f"skillctl: error: {exc}", err=True)
        raise typer.Exit(exc.exit_code) from None
    if output is RulesFormat.JSON:
        sys.stdout.write(lint_rules.rules_json([rule]))
    else:
        lint_rules.write_rule_doc(rule, sys.stdout)
