"""--fix and --diff: safe rewrites, comments kept, body untouched, idempotent, re-lint clean."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

from skillctl.lint.engine import LintOptions, lint_paths

FIXABLE = (
    "---\n"
    "# a comment that must survive\n"
    "name: fixme\n"
    "description: Formats code. Use when: the user asks.\n"
    "user-invokable: false   # typo\n"
    "metadata:\n"
    "  author: 'me'\n"
    "  version: 1.0  # keep the spelling\n"
    "  beta: true\n"
    "---\n"
)
BODY = "# Fix me\n\nKeep   this  body: exactly, even `a: b` and --- lines.\n---\n\ttabs stay\n"


def _lint(path: Path, **kwargs: object) -> tuple[set[str], object]:
    report = lint_paths(LintOptions(paths=(path,), use_cache=False, **kwargs))  # type: ignore[arg-type]
    return {d.rule for d in report.diagnostics}, report


def test_fix_round_trip_keeps_comments_quoting_and_body(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("fixme", raw=(FIXABLE + BODY).encode())
    before, _ = _lint(skill)
    assert {"yaml-colon", "unknown-field"} <= before
    # numbers and booleans under metadata are normal (issue 16): no field-type finding
    assert "field-type" not in before
    after, report = _lint(skill, fix=True)
    text = (skill / "SKILL.md").read_text(encoding="utf-8")
    assert text == (
        "---\n"
        "# a comment that must survive\n"
        "name: fixme\n"
        'description: "Formats code. Use when: the user asks."\n'
        "user-invocable: false   # typo\n"
        "metadata:\n"
        "  author: 'me'\n"
        "  version: 1.0  # keep the spelling\n"
        "  beta: true\n"
        "---\n" + BODY
    )
    assert not {"yaml-colon", "unknown-field", "field-type"} & after
    assert {(f.rule) for f in report.fixes} == {"yaml-colon", "unknown-field"}  # type: ignore[attr-defined]
    # idempotent: a second run changes nothing
    _, again = _lint(skill, fix=True)
    assert again.fixes == ()  # type: ignore[attr-defined]
    assert (skill / "SKILL.md").read_text(encoding="utf-8") == text


def test_diff_writes_nothing_and_shows_a_unified_diff(make_skill: Callable[..., Path]) -> None:
    raw = (FIXABLE + BODY).encode()
    skill = make_skill("fixme", raw=raw)
    rules, report = _lint(skill, diff=True)
    assert (skill / "SKILL.md").read_bytes() == raw
    diff = report.diff  # type: ignore[attr-defined]
    assert "--- a/" in diff and "+++ b/" in diff
    assert '+description: "Formats code. Use when: the user asks."' in diff
    assert "-user-invokable: false   # typo" in diff
    assert "yaml-colon" in rules  # --diff lints the file as it is


def test_bom_and_crlf_fixed_body_text_unchanged(make_skill: Callable[..., Path]) -> None:
    body = "# T\r\n\r\nLine  one\r\nLine two\r\n"
    raw = (
        b"\xef\xbb\xbf"
        + (
            "---\r\nname: winfile\r\ndescription: Does it. Use when asked.\r\n---\r\n" + body
        ).encode()
    )
    skill = make_skill("winfile", raw=raw)
    before, _ = _lint(skill)
    assert {"bom", "crlf"} <= before
    after, _ = _lint(skill, fix=True)
    data = (skill / "SKILL.md").read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf") and b"\r" not in data
    assert data.decode().endswith(body.replace("\r\n", "\n"))
    assert not {"bom", "crlf"} & after


def test_crlf_kept_when_only_frontmatter_is_fixed(make_skill: Callable[..., Path]) -> None:
    raw = (
        "---\r\nname: keep\r\ndescription: Does it. Use when asked.\r\n"
        "user-invokable: no\r\n---\r\nBody\r\n"
    )
    skill = make_skill("keep", raw=raw.encode())
    _lint(skill, fix=True, ignore=("crlf",))
    assert (skill / "SKILL.md").read_bytes() == raw.replace(
        "user-invokable", "user-invocable"
    ).encode()


def test_fix_respects_ignore_and_inline_suppression(make_skill: Callable[..., Path]) -> None:
    skill = make_skill(
        "quiet",
        "name: quiet\ndescription: Does it. Use when asked.\n"
        "user-invokable: no  # skillctl: ignore[unknown-field]\n",
    )
    before = (skill / "SKILL.md").read_bytes()
    _, report = _lint(skill, fix=True)
    assert report.fixes == ()  # type: ignore[attr-defined]
    assert (skill / "SKILL.md").read_bytes() == before


def test_unsafe_rename_is_not_made(make_skill: Callable[..., Path]) -> None:
    # both spellings present: renaming would create a duplicate key
    skill = make_skill(
        "both",
        "name: both\ndescription: Does it. Use when asked.\nuser-invocable: no\n"
        "user-invokable: no\n",
    )
    before = (skill / "SKILL.md").read_bytes()
    _lint(skill, fix=True)
    assert (skill / "SKILL.md").read_bytes() == before


def test_exec_bit_fix(make_skill: Callable[..., Path]) -> None:
    skill = make_skill("runner")
    script = skill / "scripts" / "run.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho hi\n")
    os.chmod(script, 0o644)
    assert "script-not-executable" in _lint(skill)[0]
    _, report = _lint(skill, diff=True)
    assert not os.stat(script).st_mode & stat.S_IXUSR
    assert "exec bit" in report.diff  # type: ignore[attr-defined]
    after, _ = _lint(skill, fix=True)
    assert os.stat(script).st_mode & stat.S_IXUSR
    assert "script-not-executable" not in after
