"""``python -m conformance``: install the pinned agents, run the suite, bump the pins.

    python -m conformance install            # npm install every pin into the cache
    python -m conformance run [-a AGENT]... [-c CASE]... [-v] [--json FILE]
    python -m conformance bump [--dry-run]   # pins -> latest, re-run, print what changed
    python -m conformance cases              # the case ids and what each is about
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from conformance import install, suite
from conformance.cases import CASES
from conformance.drivers import DRIVER_MODULES, NOT_RUNNABLE


def _install(args: argparse.Namespace) -> int:
    try:
        done = install.install_all(args.only or None)
    except install.InstallError as exc:
        print(f"conformance: install failed: {exc}", file=sys.stderr)
        return 1
    for key, path in done.items():
        print(f"{key}: {path}")
    return 0


def _run(args: argparse.Namespace) -> int:
    try:
        install.install_all()
    except install.InstallError as exc:
        print(f"conformance: install failed: {exc}", file=sys.stderr)
        return 1
    expected = suite.expected_differences()
    outcomes = []
    counts = {"match": 0, "expected": 0, "unexpected": 0, "fixed": 0, "skipped": 0,
              "error": 0}
    for outcome in suite.run(args.agent, args.case, jobs=args.jobs, keep=args.keep):
        outcomes.append(outcome)
        known = outcome.key in expected
        if outcome.skipped is not None:
            counts["skipped"] += 1
        elif outcome.error is not None:
            counts["error"] += 1
        elif outcome.matches:
            counts["fixed" if known else "match"] += 1
            if outcome.flaky:
                print(f"FLAKY {outcome.key}: matched on the second try; the first: "
                      f"{outcome.flaky}")
            if known:
                print(f"FIXED {outcome.key}: listed in expected_differences.json but matches")
            continue
        else:
            counts["expected" if known else "unexpected"] += 1
        if known and not args.verbose:
            continue
        for line in suite.describe(outcome):
            print(line)
        if known:
            print(f"      (expected: {expected[outcome.key]})")
    for agent, why in NOT_RUNNABLE.items():
        print(f"NOT RUN {agent}: {why}")
    summary = ", ".join(f"{value} {key}" for key, value in counts.items())
    print(f"conformance: {len(outcomes)} pairs: {summary}")
    if args.json:
        Path(args.json).write_text(json.dumps(suite.to_json(outcomes), indent=2) + "\n",
                                   encoding="utf-8")
    return 1 if counts["unexpected"] or counts["error"] or counts["fixed"] else 0


def _latest(package: str) -> str:
    done = subprocess.run(["npm", "view", package, "version"], capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.strip().splitlines()[-1].split()[-1].strip("'")


def _bump(args: argparse.Namespace) -> int:
    pins_text = install.PINS_FILE.read_text(encoding="utf-8")
    pins = json.loads(pins_text)
    changed = {}
    for key, pin in pins.items():
        if key.startswith("_") or key == "node24":
            continue
        latest = _latest(pin["package"])
        if latest != pin["version"]:
            changed[key] = (pin["version"], latest)
    if not changed:
        print("conformance: every pin is already the latest version")
        return 0
    for key, (old, new) in changed.items():
        print(f"{key}: {old} -> {new}")
    if args.dry_run:
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        before = Path(scratch) / "before.json"
        after = Path(scratch) / "after.json"
        chosen = [flag for a in changed if a in DRIVER_MODULES for flag in ("-a", a)]
        cmd = [sys.executable, "-m", "conformance", "run", "--json"]
        subprocess.run([*cmd, str(before), *chosen], check=False)
        install.PINS_FILE.write_text(_with_versions(pins_text, changed), encoding="utf-8")
        subprocess.run([*cmd, str(after), *chosen], check=False)
        old_record = json.loads(before.read_text(encoding="utf-8"))
        new_record = json.loads(after.read_text(encoding="utf-8"))
    print("conformance: what changed with the new versions:")
    for key in sorted(set(old_record) | set(new_record)):
        if old_record.get(key) != new_record.get(key):
            print(f"  {key}: {_state(old_record.get(key))} -> {_state(new_record.get(key))}")
    return 0


def _with_versions(pins_text: str, changed: dict[str, tuple[str, str]]) -> str:
    """``pins.json`` with the new versions, each pin still on its own line as written."""
    lines = pins_text.splitlines(keepends=True)
    for key, (old, new) in changed.items():
        opening = f'  "{key}": {{'
        for index, line in enumerate(lines):
            if line.startswith(opening) and f'"version": "{old}"' in line:
                lines[index] = line.replace(f'"version": "{old}"', f'"version": "{new}"')
                break
        else:
            raise SystemExit(f"conformance: no one-line pin of {key} {old} in pins.json")
    return "".join(lines)


def _state(entry: object) -> str:
    if not isinstance(entry, dict):
        return "absent"
    if "skipped" in entry:
        return "skipped"
    if "error" in entry:
        return f"error ({entry['error']})"
    kinds = sorted({d["what"] for d in entry["differences"]})
    return "match" if not kinds else "differs in " + ", ".join(kinds)


def _cases(_args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        for key, builder in CASES.items():
            built = builder(Path(scratch) / key)
            print(f"{key:32} {built.about}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p_install = sub.add_parser("install", help="install the pinned agents into the cache")
    p_install.add_argument("only", nargs="*", help="pin ids (default: all)")
    p_install.set_defaults(func=_install)
    p_run = sub.add_parser("run", help="run the cases against the real agents and skillctl")
    p_run.add_argument("-a", "--agent", action="append", choices=list(DRIVER_MODULES))
    p_run.add_argument("-c", "--case", action="append", metavar="CASE",
                       help="a case id (repeatable; `python -m conformance cases` lists them)")
    p_run.add_argument("-j", "--jobs", type=int, default=2)
    p_run.add_argument("-v", "--verbose", action="store_true",
                       help="also print the expected (known) differences")
    p_run.add_argument("--json", help="write a record of the run to this file")
    p_run.add_argument("--keep", type=Path, help="copy each case's tree here after the run")
    p_run.set_defaults(func=_run)
    p_bump = sub.add_parser("bump", help="move the pins to the latest versions and re-run")
    p_bump.add_argument("--dry-run", action="store_true", help="only print the new versions")
    p_bump.set_defaults(func=_bump)
    p_cases = sub.add_parser("cases", help="list the cases")
    p_cases.set_defaults(func=_cases)
    args = parser.parse_args(argv)
    unknown = [c for c in getattr(args, "case", None) or [] if c not in CASES]
    if unknown:
        parser.error(f"unknown case {', '.join(unknown)} (python -m conformance cases lists "
                     "them)")
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
