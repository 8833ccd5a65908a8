"""``references()`` looks only at lines that can hold a reference; the result is the one that
running every pattern on every body line gives.

The reference below is that plain reading (a fence, link, reference definition and code-path
pattern tried on each line); it is compared with :func:`references` on the shared corpus, the
benchmark corpus, the golden files and generated bodies full of fences, links and paths.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillctl.collect import collect
from skillctl.lint import paths_in_text as refs
from skillctl.lint.config import resolve_config
from skillctl.lint.context import SkillContext
from skillctl.model import ParsedSkill, Skill
from skillctl.parse import parse_text
from tests.conftest import CORPUS, DATA, REPO

BENCH = REPO / "bench" / "out" / "corpus-2000"


def _commented(body: str, first_line: int) -> dict[int, list[tuple[int, int]]]:
    """Line -> the column ranges (0-based, end excluded) an HTML comment block covers: one
    opened at a line's start (at most three spaces in) outside a code block, to its ``-->``
    (``<!-->`` closes itself), or to the end of the body."""
    covered: dict[int, list[tuple[int, int]]] = {}
    opener: str | None = None
    open_comment = False
    for offset, line in enumerate(body.split("\n")):
        line_no = first_line + offset
        if open_comment:
            close = line.find("-->")
            covered[line_no] = [(0, len(line) + 1 if close < 0 else close + 3)]
            open_comment = close < 0
            continue
        fence = refs.FENCE.match(line)
        if fence:
            marker = fence.group(1)
            if opener is None:
                opener = marker
            elif marker[0] == opener[0] and len(marker) >= len(opener) \
                    and not line.strip()[len(marker):].strip():
                opener = None
            continue
        indent = len(line) - len(line.lstrip(" "))
        if opener is None and indent <= 3 and line.lstrip(" ").startswith("<!--"):
            close = line.find("-->", indent + 2)
            covered[line_no] = [(indent, len(line) + 1 if close < 0 else close + 3)]
            open_comment = close < 0
    return covered


def _line_by_line(body: str, first_line: int) -> list[refs.Reference]:
    """Every pattern on every line: what :func:`refs.references` must find."""
    covered = _commented(body, first_line)
    return [ref for ref in _every_line(body, first_line)
            if not any(start <= ref.column - 1 < end for start, end in covered.get(ref.line, ()))]


def _every_line(body: str, first_line: int) -> list[refs.Reference]:
    found: list[refs.Reference] = []
    opener: str | None = None
    template = False  # inside ```markdown: code paths are the template's (issue 16)
    for offset, line in enumerate(body.split("\n")):
        line_no = first_line + offset
        fence = refs.FENCE.match(line)
        if fence:
            marker = fence.group(1)
            if opener is None:
                opener = marker
                info = line[fence.end(1) :].strip().lower()
                template = bool(info) and info.split(" ", 1)[0] in refs._TEMPLATE_FENCES
            elif (
                marker[0] == opener[0]
                and len(marker) >= len(opener)
                and not line.strip()[len(marker) :].strip()
            ):
                opener = None
            else:
                fence = None
        seen: set[str] = set()
        if opener is None and not fence:
            outside = refs._INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)
            for match in refs._LINK.finditer(outside):
                target = refs._clean_link(match.group(1))
                if target is not None and target not in seen:
                    seen.add(target)
                    found.append(refs.Reference(target, line_no, match.start(1) + 1, True))
            ref_def = refs._REF_DEF.match(outside)
            if ref_def:
                target = refs._clean_link(ref_def.group(1))
                if target is not None and target not in seen:
                    seen.add(target)
                    found.append(refs.Reference(target, line_no, ref_def.start(1) + 1, True))
        if opener is not None and template:
            continue
        for match in refs._CODE_PATH.finditer(line):
            start = match.start(1)
            if line[:start].endswith("}/") and not refs._skill_dir_variable(line, start - 1):
                continue  # ${CLAUDE_PLUGIN_ROOT}/scripts/x is not the skill's (issue 16)
            token = refs._code_path_token(line, match)
            if token is None:
                continue
            if token.endswith("/") or token in seen or token.lstrip("./") in seen:
                continue
            seen.add(token)
            found.append(refs.Reference(token, line_no, match.start(1) + 1, False))
    return found


class _Body:
    """Just enough of a context for :func:`refs.references`: the parsed file."""

    def __init__(self, parsed: ParsedSkill) -> None:
        self.parsed = parsed

    def computed(self, compute: Callable[[_Body], object]) -> object:
        return compute(self)


def _found(parsed: ParsedSkill) -> list[refs.Reference]:
    return list(refs.references(_Body(parsed)))  # type: ignore[arg-type]


def _skills(corpus: Path) -> list[Skill]:
    # tests/data holds the in-repository corpus; the extra corpus is run on its own
    candidates = (DATA, BENCH) if corpus == CORPUS else (corpus,)
    roots = [root for root in candidates if root.is_dir()]
    return list(collect(roots).skills)


def test_real_bodies_give_the_line_by_line_references(corpus: Path) -> None:
    skills = _skills(corpus)
    assert len(skills) > 100
    with_links = without_links = 0
    for skill in skills:
        parsed = skill.parsed
        expected = _line_by_line(parsed.body, parsed.body_start_line)
        assert _found(parsed) == expected, skill.entry
        if "](" in parsed.body:
            with_links += bool(expected)
        else:
            without_links += bool(expected)
    assert with_links > 10 and without_links > 10  # both readings are exercised


def test_context_references_equal_the_line_by_line_reading(tmp_path: Path) -> None:
    body = (
        "Run scripts/a.sh.\n```\n[x](references/in-fence.md) scripts/in-fence.py\n```\n"
        "~~~~\n```\n[y](references/still.md)\n~~~~\n[z](references/z.md) `[q](references/q.md)`\n"
        "[def]: references/def.md\n    ```\nassets/logo.png and ./scripts/b.py, scripts/<x>.py\n"
    )
    directory = tmp_path / "s"
    directory.mkdir()
    (directory / "SKILL.md").write_text(f"---\nname: s\ndescription: d\n---\n{body}")
    (skill,) = collect([directory]).skills
    ctx = SkillContext(skill, resolve_config(start=tmp_path))
    found = list(refs.references(ctx))
    assert found == _line_by_line(skill.parsed.body, skill.parsed.body_start_line)
    # inside a fence a link is only a code path; inline code hides a link, not a path
    assert [(r.target, r.is_link) for r in found] == [
        ("scripts/a.sh", False),
        ("references/in-fence.md", False),
        ("scripts/in-fence.py", False),
        ("references/still.md", False),
        ("references/z.md", True),
        ("references/q.md", False),
        ("references/def.md", True),
        ("assets/logo.png", False),
        ("./scripts/b.py", False),
    ]


_PIECES = st.sampled_from(
    ["```", "~~~", "````", "   ```", "    ```", "```py", "[a](references/a.md)",
     "[b]: references/b.md", "`x`", "`[c](scripts/c.sh)`", "scripts/d.py", "assets/e",
     "references/", "s/", "](", "]:", "text", " ", "~", "`", "<scripts/f>", "${x}/scripts/g"]
)


@given(st.lists(st.lists(_PIECES, max_size=4).map(" ".join), max_size=12))
@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_generated_bodies_give_the_line_by_line_references(lines: list[str]) -> None:
    body = "\n".join(lines)
    parsed = parse_text(Path("SKILL.md"), "---\nname: a\ndescription: d\n---\n" + body)
    assert _found(parsed) == _line_by_line(parsed.body, parsed.body_start_line)


def _escapes_in_full(target: str) -> str | None:
    """:func:`refs._escapes` with ``normpath`` run on every target."""
    if target.startswith(("/", "~")) or refs._DRIVE.match(target):
        return "an absolute path"
    normal = os.path.normpath(target.replace("\\", "/"))
    if normal == ".." or normal.startswith("../"):
        return "a path outside the skill directory"
    return None


@given(st.text(alphabet="./\\a~:C", max_size=12))
@settings(max_examples=1000, deadline=None, derandomize=True)
def test_escapes_equal_normalising_every_target(target: str) -> None:
    assert refs._escapes(target) == _escapes_in_full(target)


@given(st.text(alphabet="]():s/`~\n[ a.", max_size=60))
@settings(max_examples=1000, deadline=None, derandomize=True)
def test_generated_characters_give_the_line_by_line_references(body: str) -> None:
    parsed = parse_text(Path("SKILL.md"), "---\nname: a\ndescription: d\n---\n" + body)
    assert _found(parsed) == _line_by_line(parsed.body, parsed.body_start_line)


def _descriptions(corpus: Path) -> list[str]:
    values = [skill.parsed.data.get("description") for skill in _skills(corpus)]
    return [value for value in values if isinstance(value, str)]


def test_trigger_words_found_as_ignoring_case_finds_them(corpus: Path) -> None:
    from skillctl.lint.rules.description import _TRIGGER, _has_trigger

    found = 0
    for value in _descriptions(corpus):
        assert _has_trigger(value) == (_TRIGGER.search(value) is not None), value
        found += _has_trigger(value)
    assert found > 100


@given(
    st.lists(
        st.sampled_from(
            ["Use", "WHEN", "when", "İf", "if", "the", "USER", "you", "\u017f", "\u212a", "invoked",
             "Trigger", "for", "tasks", " ", "-", "é", "x", "use this"]
        ),
        max_size=8,
    ).map(" ".join)
)
@settings(max_examples=800, deadline=None, derandomize=True)
def test_generated_trigger_words(value: str) -> None:
    from skillctl.lint.rules.description import _TRIGGER, _has_trigger

    assert _has_trigger(value) == (_TRIGGER.search(value) is not None)


def _clean_link_in_full(raw: str) -> str | None:
    """:func:`refs._clean_link` with every step taken on every target."""
    import urllib.parse

    target = raw.strip()
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if (
        not target
        or target.startswith("#")
        or (refs._SCHEME.match(target) and not refs._DRIVE.match(target))
    ):
        return None
    if "{{" in target or target.startswith(("$", "{", "%")) or refs._BRACED_FIELD.search(target):
        return None
    target = target.split("#", 1)[0].split("?", 1)[0]
    return urllib.parse.unquote(target) or None


@given(st.text(alphabet="<>#?%:/{}$ aC2.\\é", max_size=14))
@settings(max_examples=1500, deadline=None, derandomize=True)
def test_clean_link_equals_taking_every_step(raw: str) -> None:
    assert refs._clean_link(raw) == _clean_link_in_full(raw)


@given(st.text(alphabet="when_1 -éWHEN.", max_size=24))
@settings(max_examples=1500, deadline=None, derandomize=True)
def test_when_at_a_word_start_is_what_the_pattern_finds(value: str) -> None:
    """``_has_trigger`` takes "when" after a non-word character (or at the start) as a match
    without the pattern; next to letters, digits or ``_`` the pattern decides."""
    from skillctl.lint.rules.description import _TRIGGER, _has_trigger

    assert _has_trigger(value) == (_TRIGGER.search(value) is not None)
