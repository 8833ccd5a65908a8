"""Write docs/rules.md from the lint rule registry (the rule docstrings are the source).

Usage: ``python scripts/gen_rule_docs.py`` rewrites the file; ``--check`` only compares and
exits 1 when the committed file differs from what the code would generate
(tests/report/test_rule_docs.py runs the same comparison).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "docs" / "rules.md"
#: A paragraph after the header: how often the rules' errors are right, measured by hand.
PRECISION_NOTE = (
    "\nHow often each rule's errors are right, hand-sampled on public collections: "
    "[rule-precision.md](rule-precision.md); per-rule noise on any folder: "
    "`python bench/precision.py FOLDER`.\n"
)


def render() -> str:
    """The text docs/rules.md should have, from the current registry."""
    from skillctl.lint.registry import all_rules
    from skillctl.report.lint_rules import rules_markdown

    text = rules_markdown(all_rules())
    # the measured precision is hand-written (docs/rule-precision.md): link it from the header
    table = text.index("\n| Rule |")
    return text[:table] + PRECISION_NOTE + text[table:]


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with ``--check`` verify) docs/rules.md; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file would change")
    args = parser.parse_args(argv)
    text = render()
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else None
    if args.check:
        if current != text:
            print(f"{TARGET} is out of date: run python scripts/gen_rule_docs.py",
                  file=sys.stderr)
            return 1
        return 0
    if current != text:
        TARGET.parent.mkdir(parents=True, exist_ok=True)
        TARGET.write_bytes(text.encode("utf-8"))
        print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
