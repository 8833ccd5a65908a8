"""``dialects.quick_verdict`` (what ``parser-divergence`` asks) equals ``dialects.verdict``.

The quick twin skips the dialects that accept a clean file as it is and lets strictyaml
decide without building data; apart from ``data`` its answer (accepted, reason, line) must be
the full verdict's, on real files, the golden files, the generated benchmark corpus and
hand-written files in every shape that makes some dialect refuse.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillctl import dialects
from skillctl.collect import collect
from skillctl.lint.config import resolve_config
from skillctl.lint.context import SkillContext
from skillctl.lint.registry import Finding
from skillctl.lint.rules.divergence import parser_divergence
from skillctl.model import ParsedSkill
from skillctl.parse import parse_file, parse_text
from tests.conftest import REPO, real_markdown_files

BENCH = REPO / "bench" / "out" / "corpus-2000"

#: Frontmatter (and bodies) that some dialect refuses, or reads through a fallback.
TRICKY = {
    "plain.md": "---\nname: a\ndescription: d\n---\n# Body\n",
    "flow.md": "---\nname: a\ndescription: d\nallowed-tools: [Read, Grep]\n---\n# B\n",
    "anchor.md": "---\nname: &n a\ndescription: *n\n---\n# B\n",
    "tag.md": "---\nname: !!str a\ndescription: d\n---\n# B\n",
    "flow-in-quotes.md": '---\nname: a\ndescription: "see [x] and {y} & *z"\n---\n# B\n',
    "dashes.md": "---\nname: a\ndescription: a---b\n---\n# B\n",
    "dashes-quoted.md": '---\nname: a\ndescription: "x --- y"\n---\n# B\n',
    "no-body.md": "---\nname: a\ndescription: d\n---\n",
    "blank-body.md": "---\nname: a\ndescription: d\n---\n \n\t\n\u3000\n",
    "nbsp-body.md": "---\nname: a\ndescription: d\n---\n\u00a0x\n",
    "tools-string.md": "---\nname: a\ndescription: d\nallowed-tools: Read Grep\n---\n# B\n",
    "tools-list.md": "---\nname: a\ndescription: d\nallowed-tools:\n  - Read\n---\n# B\n",
    "metadata.md": "---\nname: a\ndescription: d\nmetadata:\n  k: v\n  n: '1'\n---\n# B\n",
    "metadata-string.md": "---\nname: a\ndescription: d\nmetadata: x\n---\n# B\n",
    "name-list.md": "---\nname:\n  - a\ndescription: d\n---\n# B\n",
    "no-name.md": "---\ndescription: d\n---\n# B\n",
    "name-number.md": "---\nname: 12\ndescription: d\n---\n# B\n",
    "block.md": "---\nname: a\ndescription: |\n  one\n  two\n---\n# B\n",
    "folded.md": "---\nname: a\ndescription: >\n  one\n  two\n---\n# B\n",
    "colon.md": "---\nname: a\ndescription: Use when: asked\n---\n# B\n",
    "duplicate.md": "---\nname: a\nname: b\ndescription: d\n---\n# B\n",
    "crlf.md": "---\r\nname: a\r\ndescription: d\r\n---\r\n# B\r\n",
    "bom.md": "\ufeff---\nname: a\ndescription: d\n---\n# B\n",
    "leading.md": "<!-- x -->\n---\nname: a\ndescription: d\n---\n# B\n",
    "unclosed.md": "---\nname: a\ndescription: d\n# B\n",
    "none.md": "# Just a body\n",
    "trailing-blank-delim.md": "--- \nname: a\ndescription: d\n---  \n# B\n",
    "closer-last.md": "---\nname: a\ndescription: d\n---",
    "comment.md": "---\n# a comment\nname: a  # trailing\ndescription: d\n---\n# B\n",
    "not-mapping.md": "---\n- a\n- b\n---\n# B\n",
    "null.md": "---\nname: a\ndescription: d\nlicense: ~\n---\n# B\n",
    "bool.md": "---\nname: a\ndescription: d\nuser-invocable: true\n---\n# B\n",
    # frontmatter the simple scanner reads, in the shapes its shortcuts must get right
    "tools-mapping.md": "---\nname: a\ndescription: d\nallowed-tools:\n  Read: yes-ish\n---\n# B\n",
    "name-mapping.md": "---\nname:\n  first: a\ndescription: d\n---\n# B\n",
    "license-mapping.md": "---\nname: a\ndescription: d\nlicense:\n  id: MIT\n---\n# B\n",
    "description-mapping.md": "---\nname: a\ndescription:\n  en: d\n---\n# B\n",
    "metadata-quoted.md": "---\nname: a\ndescription: d\nmetadata: \"k: v\"\n---\n# B\n",
    "quoted.md": "---\nname: 'a'\ndescription: \"d\"\n---\n# B\n",
    "first-column-comment.md": "---\n# c\nname: a\n\ndescription: d\n---\n# B\n",
    "dashes-at-ends.md": "---\nname: a-\ndescription: d--\n---\n--- x\n",
    "closer-blank-then-exact.md": "---\nname: a\ndescription: d\n--- \n# B\n---\nmore\n",
    "closer-blank-last.md": "---\nname: a\ndescription: d\n---\t",
    "dashes-in-key-line.md": "---\nname: a\nx---y: z\ndescription: d\n---\n# B\n",
    "blank-body-simple.md": "---\nname: a\ndescription: d\nmetadata:\n  k: v\n---\n\n \n",
    "cr.md": "---\rname: a\rdescription: d\r---\r# B\r",
    "mixed.md": "---\nname: a\r\ndescription: d\n---\n# B\n",
}


def _files(tmp_path: Path, corpus: Path) -> list[Path]:
    files = real_markdown_files(corpus)
    if BENCH.is_dir():
        files += sorted(BENCH.rglob("SKILL.md"))[::4]
    for name, text in TRICKY.items():
        path = tmp_path / name
        path.write_bytes(text.encode("utf-8"))
        files.append(path)
    return files


def _same(quick: dialects.Verdict, full: dialects.Verdict) -> bool:
    return (quick.accepted, quick.reason, quick.line) == (full.accepted, full.reason, full.line)


def _check(parsed: ParsedSkill) -> None:
    for dialect in dialects.DIALECTS:
        full = dialects.verdict(dialect, parsed)
        assert _same(dialects.quick_verdict(dialect, parsed), full), (parsed.path, dialect)
        clean = dialects.is_clean(parsed)
        assert _same(dialects.quick_verdict(dialect, parsed, clean=clean), full)


def test_quick_verdicts_equal_full_verdicts(tmp_path: Path, corpus: Path) -> None:
    parsed = [parse_file(path) for path in _files(tmp_path, corpus)]
    assert len(parsed) > 100
    for one in parsed:
        _check(one)
    # both sides of the shortcut are exercised
    assert sum(dialects.is_clean(p) for p in parsed) > len(parsed) // 3
    assert sum(not dialects.quick_verdict("strictyaml", p).accepted for p in parsed) > 5


def test_oas_shortcut_answers_as_the_line_parser(tmp_path: Path, corpus: Path) -> None:
    """Frontmatter the simple scanner read gets the plugin's verdict from ``parsed.data``."""
    from skillctl.parse import is_simple

    answered = refused = 0
    for path in _files(tmp_path, corpus):
        parsed = parse_file(path)
        if not dialects.is_clean(parsed):
            continue
        quick = dialects._oas_clean_simple(parsed)
        if quick is None:
            continue
        assert parsed.frontmatter is not None and is_simple(parsed.frontmatter)
        assert _same(quick, dialects.oas_lines(parsed)), path
        answered += 1
        refused += not quick.accepted
    assert answered > 100 and refused > 10


def test_clean_accepting_dialects_accept_clean_files_as_they_are(
    tmp_path: Path, corpus: Path
) -> None:
    for path in _files(tmp_path, corpus):
        parsed = parse_file(path)
        if not dialects.is_clean(parsed):
            continue
        for dialect in dialects.CLEAN_ACCEPTING:
            found = dialects.verdict(dialect, parsed)
            if dialect == "claude-lenient" and dialects._claude_split(parsed) is not None:
                # Claude Code cuts this frontmatter at a '---' inside it: not as it is, and the
                # quick verdict does not pretend otherwise
                quick = dialects.quick_verdict(dialect, parsed, clean=True)
                assert (quick.accepted, quick.reason, quick.line) == (
                    found.accepted, found.reason, found.line)
                continue
            assert found.accepted and found.reason is None and found.line is None
            assert found.data == parsed.data


_LINES = st.sampled_from(
    [
        "---",
        "--- ",
        "name: a",
        "name: [a]",
        "description: d",
        "description: x --- y",
        "description: a: b",
        "name: !!str a",
        "allowed-tools: Read",
        "allowed-tools:",
        "  - Read",
        "  Read: x",
        "license:",
        "--- x",
        "-----",
        "metadata:",
        "  k: v",
        "  - x",
        "# c",
        "",
        " ",
        "body",
    ]
)


@given(st.lists(_LINES, max_size=12))
@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_generated_files_get_the_full_verdicts(lines: list[str]) -> None:
    _check(parse_text(Path("SKILL.md"), "---\n" + "\n".join(lines)))


def test_not_blank_is_what_strip_keeps() -> None:
    """``_NOT_BLANK.search`` finds text exactly when ``str.strip()`` would leave some."""
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue
        assert (dialects._NOT_BLANK.search(char) is not None) == bool(char.strip()), hex(code)


def _findings(ctx: SkillContext) -> list[Finding]:
    return list(parser_divergence(ctx))


def test_rule_findings_equal_the_full_verdicts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``parser-divergence`` says the same with every dialect run in full."""
    roots = [tmp_path / "skills"]
    for name, text in TRICKY.items():
        directory = roots[0] / name.removesuffix(".md")
        directory.mkdir(parents=True)
        (directory / "SKILL.md").write_bytes(text.encode("utf-8"))
    for agents in ((), ("claude-code", "opencode", "codex")):
        config = resolve_config(start=tmp_path, agents=agents)
        skills = collect([*roots, *([BENCH] if BENCH.is_dir() else [])]).skills
        quick = [_findings(SkillContext(skill, config)) for skill in skills]
        with monkeypatch.context() as patch:
            patch.setattr(
                dialects,
                "quick_verdict",
                lambda dialect, parsed, clean=None: dialects.verdict(dialect, parsed),
            )
            full = [_findings(SkillContext(skill, config)) for skill in skills]
        assert quick == full
        assert sum(bool(found) for found in quick) > 5


def _oas_lines_before(parsed: ParsedSkill) -> dialects.Verdict:
    """``oas_lines`` as it read files before it stopped copying the body (the reference)."""
    V = dialects.Verdict
    failed = dialects._unreadable(parsed)
    if failed:
        return failed
    terms = "opencode-agent-skills"
    if parsed.line_endings.value in ("crlf", "cr", "mixed"):
        return V(False, f"{terms}: the frontmatter pattern only matches LF line endings "
                 f"(file uses {parsed.line_endings.value.upper()})", 1)
    if parsed.has_bom or dialects._utf16(parsed):
        return V(False, f"{terms}: a BOM stands before the opening '---'", 1)
    block = dialects._exact_block(parsed.text or "")
    if block is None:
        return V(False, f"{terms}: no '---' frontmatter block at the top of the file", 1)
    lines, closer, after = block
    if not (parsed.text or "")[after:].strip():
        return V(False, f"{terms}: the body after the frontmatter is empty", closer + 1)
    data: dict[str, object] = {}
    current: str | None = None
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        top = dialects._TOP_KEY.match(line)
        if top:
            current = top.group(1)
            value = top.group(2)
            data[current] = dialects._strip_quotes(value) if value and value.strip() else None
            if data[current] is not None:
                current = None
            continue
        item = dialects._LIST_ITEM.match(line)
        if item and current is not None and not isinstance(data.get(current), dict):
            existing = data.get(current)
            items = existing if isinstance(existing, list) else []
            items.append(dialects._strip_quotes(item.group(1)))
            data[current] = items
            continue
        nested = dialects._NESTED_KEY.match(line)
        if nested and current is not None and not isinstance(data.get(current), list):
            existing = data.get(current)
            mapping = existing if isinstance(existing, dict) else {}
            mapping[nested.group(1)] = dialects._strip_quotes(nested.group(2) or "")
            data[current] = mapping
    data = {k: ("" if v is None else v) for k, v in data.items()}
    if "allowed-tools" in data and not isinstance(data["allowed-tools"], list):
        return V(False, f"{terms}: allowed-tools must be a list of '  - item' lines", 1)
    if "metadata" in data and not isinstance(data["metadata"], dict):
        return V(False, f"{terms}: metadata must be a map of 'key: value' lines", 1)
    for key in ("name", "description", "license"):
        if key in data and not isinstance(data[key], str):
            return V(False, f"{terms}: {key} must be a single 'key: value' line", 1)
    return V(True, data=data)


def test_oas_lines_reads_files_as_before(tmp_path: Path, corpus: Path) -> None:
    for path in _files(tmp_path, corpus):
        parsed = parse_file(path)
        assert dialects.oas_lines(parsed) == _oas_lines_before(parsed), path


@given(
    lines=st.lists(
        st.sampled_from(
            ["name: a", "name:", "description: d", "description:  ", "  - x", "  k: v",
             "  k:", " # c", "# c", "", "  ", "metadata:", "allowed-tools:", "license: 'x'",
             "\u3000", "\u00a0y"]
        ),
        max_size=10,
    ),
    body=st.sampled_from(["", "\n", " \n\t", "\u3000", "\u00a0", "x", "\n# B\n"]),
)
@settings(max_examples=500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_oas_lines_reads_generated_files_as_before(lines: list[str], body: str) -> None:
    parsed = parse_text(Path("SKILL.md"), "---\n" + "\n".join(lines) + "\n---\n" + body)
    assert dialects.oas_lines(parsed) == _oas_lines_before(parsed)


def test_rule_messages_are_the_same_worked_out_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``parser-divergence`` remembers what it said per set of verdicts; saying it afresh for
    every skill gives the same findings."""
    from skillctl.lint.rules import divergence

    root = tmp_path / "skills"
    for name, text in TRICKY.items():
        directory = root / name.removesuffix(".md")
        directory.mkdir(parents=True)
        (directory / "SKILL.md").write_bytes(text.encode("utf-8"))
    skills = collect([root, *([BENCH] if BENCH.is_dir() else [])]).skills
    for agents in ((), ("claude-code", "opencode-agent-skills")):
        config = resolve_config(start=tmp_path, agents=agents)
        remembered = [_findings(SkillContext(skill, config)) for skill in skills]
        with monkeypatch.context() as patch:
            patch.setattr(divergence, "_SAID_MAX", 0)
            patch.setattr(divergence, "_SAID", {})
            afresh = [_findings(SkillContext(skill, config)) for skill in skills]
        assert remembered == afresh
        assert sum(bool(found) for found in afresh) > 10


def _block_by_lines(text: str) -> tuple[list[str], int] | None:
    """``dialects._block(exact=False)`` as it was: the whole file split into lines."""
    lines = text.split("\n")

    def is_delim(line: str) -> bool:
        return line.rstrip(" \t") == "---"

    if not lines or not is_delim(lines[0]):
        return None
    closer = next((i for i in range(1, len(lines)) if is_delim(lines[i])), None)
    if closer is None:
        return None
    return lines[1:closer], closer


@given(st.text(alphabet="-- \t\na:", max_size=40))
@settings(max_examples=1500, deadline=None, derandomize=True)
def test_line_based_block_equals_splitting_every_line(text: str) -> None:
    parsed = parse_text(Path("SKILL.md"), text)
    assert parsed.text is not None
    assert dialects._block(parsed, exact=False) == _block_by_lines(parsed.text)


def test_line_based_block_on_real_files(tmp_path: Path, corpus: Path) -> None:
    for path in _files(tmp_path, corpus):
        parsed = parse_file(path)
        if parsed.text is not None:
            assert dialects._block(parsed, exact=False) == _block_by_lines(parsed.text), path
