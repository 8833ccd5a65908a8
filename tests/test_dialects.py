"""Dialects: which agents' parsers accept a SKILL.md, on crafted files written to disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillctl.dialects import DIALECT_LABELS, DIALECTS, verdict
from skillctl.model import ParsedSkill
from skillctl.parse import parse_file

OK = b"---\nname: demo\ndescription: Does demo things.\n---\n# Demo\n\nBody.\n"
COLON = b"---\nname: demo\ndescription: Use when: the user asks\n---\nBody.\n"
DUPLICATE = b"---\nname: demo\nname: other\ndescription: d\n---\nBody.\n"
FLOW = b"---\nname: demo\ndescription: d\nallowed-tools: [Read, Bash]\n---\nBody.\n"
BROKEN = b"---\nname: [demo\ndescription: d\n---\nBody.\n"


def parsed(tmp_path: Path, raw: bytes, name: str = "demo") -> ParsedSkill:
    directory = tmp_path / name
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "SKILL.md").write_bytes(raw)
    return parse_file(directory / "SKILL.md")


def accepted(tmp_path: Path, raw: bytes) -> set[str]:
    p = parsed(tmp_path, raw)
    return {d for d in DIALECTS if verdict(d, p).accepted}


def test_every_dialect_has_a_label() -> None:
    assert set(DIALECT_LABELS) == set(DIALECTS)


def test_unknown_dialect_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown dialect"):
        verdict("toml", parsed(tmp_path, OK))


def test_a_clean_file_is_accepted_everywhere(tmp_path: Path) -> None:
    p = parsed(tmp_path, OK)
    for dialect in DIALECTS:
        v = verdict(dialect, p)
        assert v.accepted, dialect
        assert v.data is not None and v.data["name"] == "demo"


def test_unquoted_colon_splits_strict_and_lenient_parsers(tmp_path: Path) -> None:
    assert accepted(tmp_path, COLON) == {
        "claude-lenient", "spec-client", "oas-lines", "js-yaml-fallback", "openclaw",
        "opencode", "codex"}  # OpenCode 1.18.33 and Codex 0.169.0 load it (conformance suite)
    p = parsed(tmp_path, COLON)
    strict = verdict("yaml12", p)
    assert not strict.accepted and "mapping values" in (strict.reason or "")
    assert strict.line == 3
    lenient = verdict("claude-lenient", p)
    assert lenient.data == {"name": "demo", "description": "Use when: the user asks"}
    assert verdict("oas-lines", p).data == {
        "name": "demo", "description": "Use when: the user asks"}


def test_claude_loads_with_empty_metadata_when_the_retry_fails(tmp_path: Path) -> None:
    p = parsed(tmp_path, b"---\nname: demo\ndescription: [unclosed\n  bad: : :\n---\nBody\n")
    v = verdict("claude-lenient", p)
    assert v.accepted and v.data == {} and "empty metadata" in (v.reason or "")
    no_fm = verdict("claude-lenient", parsed(tmp_path, b"# Just a title\n\nBody\n", "plain"))
    assert no_fm.accepted and no_fm.data == {}


def test_claude_quotes_no_value_on_a_line_that_ends_in_cr(tmp_path: Path) -> None:
    # Claude Code 2.1.332 (conformance case crlf-quote-retry; found on ptreezh/
    # sscisubagent-skills class-structure-analysis, whose catalog entry is its heading)
    crlf = verdict("claude-lenient", parsed(tmp_path, COLON.replace(b"\n", b"\r\n"), "crlf"))
    assert crlf.accepted and crlf.data == {} and crlf.line == 3
    assert "line that ends in CR" in (crlf.reason or "")
    lf = verdict("claude-lenient", parsed(tmp_path, COLON, "lf"))
    assert lf.data == {"name": "demo", "description": "Use when: the user asks"}
    # the retry's other step, leading tabs made spaces, still reads a CRLF file
    tabbed = b"---\r\nname: demo\r\ndescription: Formats code.\r\n\tUse when asked.\r\n---\r\nB\r\n"
    untabbed = verdict("claude-lenient", parsed(tmp_path, tabbed, "tabbed"))
    assert untabbed.data == {"name": "demo", "description": "Formats code. Use when asked."}
    assert "tabs made spaces" in (untabbed.reason or "")


def test_duplicate_keys(tmp_path: Path) -> None:
    p = parsed(tmp_path, DUPLICATE)
    assert not verdict("yaml12", p).accepted
    assert not verdict("strictyaml", p).accepted
    assert "duplicate key 'name'" in (verdict("js-yaml", p).reason or "")
    # the small line parsers keep going
    assert verdict("oas-lines", p).accepted


def test_strictyaml_rejects_flow_style_anchors_and_tags(tmp_path: Path) -> None:
    assert not verdict("strictyaml", parsed(tmp_path, FLOW)).accepted
    assert verdict("yaml12", parsed(tmp_path, FLOW)).accepted
    anchor = parsed(tmp_path, b"---\nname: &n demo\ndescription: *n\n---\nBody\n", "a")
    assert "anchors" in (verdict("strictyaml", anchor).reason or "")
    tag = parsed(tmp_path, b"---\nname: !!str demo\ndescription: d\n---\nBody\n", "t")
    assert not verdict("strictyaml", tag).accepted


def test_strictyaml_reads_every_scalar_as_text_and_splits_naively(tmp_path: Path) -> None:
    p = parsed(tmp_path, b"---\nname: demo\ndescription: d\nversion: 1.0\nflag: yes\n"
               b"nothing: null\n---\nB\n")
    data = verdict("strictyaml", p).data
    assert data == {"name": "demo", "description": "d", "version": "1.0", "flag": "yes",
                    "nothing": "null"}
    cut = parsed(tmp_path, b"---\nname: demo\ndescription: before --- after\n---\nBody\n", "cut")
    assert verdict("strictyaml", cut).data == {"name": "demo", "description": "before"}
    assert verdict("yaml12", cut).data == {"name": "demo", "description": "before --- after"}


def test_bom(tmp_path: Path) -> None:
    p = parsed(tmp_path, b"\xef\xbb\xbf" + OK)
    assert not verdict("strictyaml", p).accepted
    assert not verdict("yaml12", p).accepted
    assert "BOM" in (verdict("js-yaml", p).reason or "")
    assert verdict("js-yaml-bom", p).accepted  # Amp strips it
    claude = verdict("claude-lenient", p)  # Claude Code 2.1.332 strips it: the fields count
    assert claude.accepted and claude.data == verdict("js-yaml-bom", p).data
    assert claude.data


def test_crlf_breaks_only_the_lf_only_plugin(tmp_path: Path) -> None:
    p = parsed(tmp_path, OK.replace(b"\n", b"\r\n"))
    rejected = {d for d in DIALECTS if not verdict(d, p).accepted}
    assert rejected == {"oas-lines", "oas-yaml"}
    assert "LF" in (verdict("oas-lines", p).reason or "")


def test_oas_lines_needs_a_body_and_list_allowed_tools(tmp_path: Path) -> None:
    empty_body = parsed(tmp_path, b"---\nname: demo\ndescription: d\n---\n")
    assert not verdict("oas-lines", empty_body).accepted
    string_tools = parsed(
        tmp_path, b"---\nname: demo\ndescription: d\nallowed-tools: Read Bash\n---\nB\n", "s")
    assert "allowed-tools" in (verdict("oas-lines", string_tools).reason or "")
    nested = parsed(
        tmp_path,
        b"---\nname: demo\ndescription: d\nallowed-tools:\n  - Read\n  - Bash\nmetadata:\n"
        b"  author: me\n---\nBody\n",
        "n",
    )
    assert verdict("oas-lines", nested).data == {
        "name": "demo", "description": "d", "allowed-tools": ["Read", "Bash"],
        "metadata": {"author": "me"}}


def test_gemini_line_fallback(tmp_path: Path) -> None:
    p = parsed(tmp_path, BROKEN)
    v = verdict("js-yaml-fallback", p)
    assert v.accepted and v.data == {"name": "[demo", "description": "d"}
    missing = parsed(tmp_path, b"---\nname: demo\n---\nBody\n", "m")
    assert "no description" in (verdict("js-yaml-fallback", missing).reason or "")
    continued = parsed(tmp_path, b"---\nname: demo\ndescription: one: two\n  three\n---\nB\n", "c")
    assert verdict("js-yaml-fallback", continued).data == {
        "name": "demo", "description": "one: two three"}


@pytest.mark.parametrize(("front", "description"), [
    # OpenClaw 2026.9.6 (conformance case openclaw-yaml-recovery): a broken top-level
    # description is quoted and parsed again; read_when/summary only for a ": " in them
    ("name: demo\ndescription: Use when: asked\n", "Use when: asked"),
    ("name: demo\ndescription: [unclosed\n", "[unclosed"),
    ("name: demo\ndescription: one: two\nread_when: three: four\n", "one: two"),
    ("name: demo\ndescription: d\nread_when: Use: always\n", "d"),
    # any other YAML error drops the skill
    ("name: [demo\ndescription: d\n", None),
    ("name: demo: x\ndescription: d\n", None),
    ("name: demo\ndescription: d\nargument-hint: Use: a path\n", None),
    ("name: demo\ndescription: d\nsummary: [open\n", None),
    ("name: demo\ndescription: >\n  d\nargument-hint: Use: a path\n", None),
    ("name: demo\ndescription: [unclosed\n  more: {\n", None),
])
def test_openclaw_quotes_a_broken_description_and_drops_other_errors(
        tmp_path: Path, front: str, description: str | None) -> None:
    v = verdict("openclaw", parsed(tmp_path, f"---\n{front}---\nBody.\n".encode()))
    if description is None:
        assert not v.accepted and "OpenClaw" in (v.reason or "")
    else:
        assert v.accepted and v.data is not None and v.data["description"] == description


def test_spec_client_accepts_only_the_colon_fallback(tmp_path: Path) -> None:
    assert verdict("spec-client", parsed(tmp_path, COLON)).accepted
    assert not verdict("spec-client", parsed(tmp_path, BROKEN, "b")).accepted


@pytest.mark.parametrize("raw", [
    b"",
    b"---\n",
    b"---\nname: x\n",
    b"text\n---\nname: x\n---\n",
    b"\xff\xfe-\x00-\x00-\x00",
    b"---\nname: \xff\n---\nbody\n",
    b"---\n- a\n- b\n---\nbody\n",
])
def test_no_dialect_raises_on_odd_files(tmp_path: Path, raw: bytes) -> None:
    p = parsed(tmp_path, raw)
    for dialect in DIALECTS:
        v = verdict(dialect, p)
        assert v.accepted in (True, False)
        if not v.accepted:
            assert v.reason and v.data is None


def test_invalid_utf8_is_rejected_by_rust_parsers_only(tmp_path: Path) -> None:
    p = parsed(tmp_path, b"---\nname: demo\ndescription: caf\xe9\n---\nBody\n")
    assert not verdict("yaml12", p).accepted
    assert verdict("js-yaml", p).accepted


def test_unreadable_entry_is_rejected(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "SKILL.md").mkdir()  # a directory named SKILL.md
    p = parse_file(tmp_path / "d" / "SKILL.md")
    assert not any(verdict(d, p).accepted for d in DIALECTS)


def test_claude_code_reads_the_last_value_of_a_repeated_key(tmp_path: Path) -> None:
    # conformance case frontmatter-scalars-and-duplicates (Claude Code 2.1.332)
    text = b"---\nname: first\ndescription: One.\nx: 1\ndescription: Two.\nname: second\n---\nB\n"
    seen = verdict("claude-lenient", parsed(tmp_path, text, "repeated"))
    assert seen.accepted
    assert seen.data == {"name": "second", "description": "Two.", "x": 1}
    assert "reads the last value" in (seen.reason or "")


def test_openclaw_makes_a_description_that_is_not_a_string_one(tmp_path: Path) -> None:
    cases = {b"null": "null", b"~": "~", b"0": "0", b"1.50": "1.5", b"0x1A": "26",
             b"true": "true", b"[a, b]": '["a","b"]', b".inf": "Infinity"}
    for index, (raw, expected) in enumerate(cases.items()):
        text = b"---\nname: n\ndescription: " + raw + b"\n---\nB\n"
        seen = verdict("openclaw", parsed(tmp_path, text, f"d{index}"))
        assert seen.accepted and seen.data is not None
        assert seen.data["description"] == expected, raw


def test_numbers_are_written_as_javascript_writes_them() -> None:
    from skillctl.dialects import js_scalar

    # String(x) in Node 24 for each value (pairs: 0, -0.0 and False are one dict key)
    expected = [(0, "0"), (-0.0, "0"), (1.5, "1.5"), (1000.0, "1000"), (1e21, "1e+21"),
                (1e20, "100000000000000000000"), (1e-6, "0.000001"), (1e-7, "1e-7"),
                (1.5e-10, "1.5e-10"), (2**53 + 2, "9007199254740994"),
                (12345678901234567890, "12345678901234567000"), (1 / 3, "0.3333333333333333"),
                (-2.5e-8, "-2.5e-8"), (float("inf"), "Infinity"), (float("-inf"), "-Infinity"),
                (float("nan"), "NaN"), (5e-324, "5e-324"), (True, "true"), (False, "false")]
    for value, text in expected:
        assert js_scalar(value) == text, value


def test_lines_ending_in_a_carriage_return_alone(tmp_path: Path) -> None:
    # conformance case cr-line-endings: agents that split at line feeds see no frontmatter;
    # Claude Code loads the file with the whole of it as the body's first line; OpenClaw reads it
    from skillctl.dialects import quick_verdict
    from skillctl.fallback import body_first_line

    raw = b"---\rname: demo\rdescription: Does demo things.\r---\rBody.\r"
    p = parsed(tmp_path, raw)
    assert {d for d in DIALECTS if quick_verdict(d, p).accepted} == {
        "claude-lenient", "openclaw", "spec-client", "strictyaml"}
    assert {d for d in DIALECTS if verdict(d, p).accepted} == {
        "claude-lenient", "openclaw", "spec-client", "strictyaml"}
    claude = verdict("claude-lenient", p)
    assert claude.data == {} and claude.body is not None
    assert body_first_line(claude.body) == (
        "---\rname: demo\rdescription: Does demo things.\r---\rBody.")
    assert verdict("openclaw", p).data == {"name": "demo", "description": "Does demo things."}
    # a CRLF file is read by all of them as before
    assert "codex" in accepted(tmp_path, raw.replace(b"\r", b"\r\n"))
