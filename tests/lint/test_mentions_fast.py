"""``missing-file`` reads only the body lines that can hold a path or a fence, and asks for
the words before a path only when the rule could report it; both equal reading every line.

The reference below is the rule's former loop over every body line, with every path's
words checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillctl.collect import collect
from skillctl.lint.config import resolve_config
from skillctl.lint.context import SkillContext
from skillctl.lint.paths_in_text import FENCE
from skillctl.lint.rules import mentions
from skillctl.model import Skill
from skillctl.parse import parse_text


def _every_line(ctx: SkillContext) -> Iterator[tuple[int, int, str]]:
    opener: str | None = None
    for line_no, line in ctx.body_lines():
        fence = FENCE.match(line) if ("```" in line or "~~~" in line) else None
        if fence:
            marker = fence.group(1)
            if opener is None:
                opener = marker
            elif (marker[0] == opener[0] and len(marker) >= len(opener)
                  and not line.strip()[len(marker):].strip()):
                opener = None
            continue
        if opener is not None or not mentions._PATH_TAIL.search(line):
            continue
        spans = [(m.start(1), m.group(1)) for m in mentions._CODE_SPAN_PATH.finditer(line)]
        plain = mentions._CODE_SPAN.sub(mentions._blank, line)
        plain = mentions._LINK_OR_URL.sub(mentions._blank, plain)
        plain = mentions._EMPHASIS_UNDERSCORES.sub(mentions._blank, plain)
        spans += [(m.start(1), m.group(1)) for m in mentions._TEXT_PATH.finditer(plain)]
        for start, target in sorted(spans):
            before = line[:start]
            if mentions._READ_VERB.search(before) or mentions._LIST_START.match(before):
                yield line_no, start + 1, target.rstrip(".,;:")


def _context(skill: Skill) -> SkillContext:
    config = resolve_config(
        start=skill.dir, config_path=None, agents=(), select=(), ignore=(), strict=False
    )
    return SkillContext(skill, config)


def _fast(ctx: SkillContext) -> list[tuple[int, int, str]]:
    return list(mentions._mentions(ctx, lambda target: True))


def test_real_bodies_give_the_mentions_of_every_line(corpus: Path) -> None:
    skills = collect([corpus]).skills
    assert len(skills) > 20
    found = 0
    for skill in skills:
        ctx = _context(skill)
        expected = list(_every_line(ctx))
        assert _fast(ctx) == expected, skill.entry
        found += len(expected)
    assert found > 10


_PIECES = st.sampled_from(
    ["```", "~~~", "````", "   ```", "```py", "read", "see", "-", "1.", "`x`",
     "`resources/a.md`", "resources/b.md", "templates/c.txt.", "open", "__rules/d.md__",
     "[e](guides/e.md)", "https://x.io/f.md", "/", ".md", "s", " ", "\t"]
)


@given(st.lists(st.lists(_PIECES, max_size=5).map(" ".join), max_size=12))
@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_generated_bodies_give_the_mentions_of_every_line(lines: list[str]) -> None:
    text = "---\nname: a\ndescription: d\n---\n" + "\n".join(lines)
    skill = Skill(dir=Path("a"), entry=Path("a/SKILL.md"), parsed=parse_text(
        Path("a/SKILL.md"), text))
    ctx = _context(skill)
    assert _fast(ctx) == list(_every_line(ctx))
    # a path the rule cannot report is dropped before its words are read, nothing else
    def wanted(target: str) -> bool:
        return target.startswith("resources/")

    assert list(mentions._mentions(ctx, wanted)) == [
        found for found in _every_line(ctx) if wanted(found[2])
    ]


def _folder_is_named(ctx: SkillContext) -> None:
    """Every mention's first folder is followed by a ``/`` in the body: the test by which the
    rule skips a body that names none of the folders it could report."""
    body = ctx.parsed.body
    for _, _, target in _every_line(ctx):
        assert mentions._names_folder(body, (mentions._first_folder(target),)), target
    assert not mentions._names_folder(body, ())


def test_real_bodies_name_the_folder_of_every_mention(corpus: Path) -> None:
    for skill in collect([corpus]).skills:
        _folder_is_named(_context(skill))


@given(st.lists(st.lists(_PIECES, max_size=5).map(" ".join), max_size=12))
@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_generated_bodies_name_the_folder_of_every_mention(lines: list[str]) -> None:
    text = "---\nname: a\ndescription: d\n---\n" + "\n".join(lines)
    skill = Skill(dir=Path("a"), entry=Path("a/SKILL.md"), parsed=parse_text(
        Path("a/SKILL.md"), text))
    _folder_is_named(_context(skill))


def test_the_rule_finds_what_it_found_without_the_folder_test(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    contexts = [_context(skill) for skill in collect([corpus]).skills]
    fast = [list(mentions.missing_file(ctx)) for ctx in contexts]
    monkeypatch.setattr(mentions, "_names_folder", lambda body, folders: True)
    assert fast == [list(mentions.missing_file(_context(ctx.skill))) for ctx in contexts]
    assert any(fast)
