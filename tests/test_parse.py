"""The SKILL.md parser on real files: splitting, decoding, YAML with positions, problems."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillctl.model import LineEndings, Position
from skillctl.parse import parse_file, quote_risky_values
from tests.conftest import corpus_params


def write(tmp_path: Path, data: bytes | str, name: str = "SKILL.md") -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def codes(path: Path) -> list[str]:
    return [p.code for p in parse_file(path).problems]


def test_valid_skill_has_data_positions_and_body(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "---\nname: pdf\ndescription: Reads PDFs.\nmetadata:\n  author: me\n---\n# PDF\n\nText.\n",
    )
    parsed = parse_file(path)
    assert parsed.problems == ()
    assert parsed.data == {
        "name": "pdf",
        "description": "Reads PDFs.",
        "metadata": {"author": "me"},
    }
    assert parsed.frontmatter is not None
    assert parsed.frontmatter.position("description") == Position(3, 1)
    assert parsed.frontmatter.value_position("description") == Position(3, 14)
    assert parsed.frontmatter.position("metadata", "author") == Position(5, 3)
    assert parsed.body == "# PDF\n\nText.\n"
    assert parsed.body_start_line == 7
    assert parsed.line_endings is LineEndings.LF


def test_crlf_and_bom_are_tolerated_but_recorded(tmp_path: Path) -> None:
    path = write(tmp_path, b"\xef\xbb\xbf---\r\nname: x\r\ndescription: y\r\n---\r\nbody\r\n")
    parsed = parse_file(path)
    assert parsed.has_bom
    assert parsed.line_endings is LineEndings.CRLF
    assert parsed.data == {"name": "x", "description": "y"}
    assert parsed.body == "body\n"
    assert parsed.problems == ()


def test_delimiters_may_have_trailing_spaces(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "---  \nname: x\n--- \t\nbody"))
    assert parsed.data == {"name": "x"}


def test_dashes_inside_a_value_do_not_close_the_frontmatter(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "---\nname: x\ndescription: before --- after\n---\n"))
    assert parsed.data["description"] == "before --- after"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("# just a body\n", "no-frontmatter"),
        ("---name: x\n---\n", "no-frontmatter"),
        ("---\nname: x\n", "unclosed-frontmatter"),
        ("<!-- c -->\n---\nname: x\n---\n", "leading-content"),
        ("---\nname: [unclosed\n---\n", "yaml-syntax"),
        ("---\n- a\n- b\n---\n", "frontmatter-not-mapping"),
        ("---\nname: a\nname: b\n---\n", "duplicate-key"),
        ("---\nname: x\ndescription: Use when: asked\n---\n", "yaml-colon"),
    ],
)
def test_problems_are_reported_with_their_rule_id(tmp_path: Path, text: str, code: str) -> None:
    assert code in codes(write(tmp_path, text))


def test_yaml_error_has_line_and_column_in_the_file(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "---\nname: x\ndescription: Use when: asked\n---\n"))
    (problem,) = parsed.problems
    assert (problem.code, problem.line, problem.column) == ("yaml-colon", 3, 22)
    # Claude Code's lenient retry still yields the data, so other rules can run.
    assert parsed.data["description"] == "Use when: asked"


def test_leading_content_still_parses_the_block_for_other_rules(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "<!-- c -->\n---\nname: x\n---\nbody\n"))
    assert parsed.data == {"name": "x"}
    assert parsed.body == "body\n"


def test_timestamps_stay_strings_and_yaml12_keeps_yes_a_string(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "---\ndate: 2024-01-02\nflag: yes\nv: 1.0\n---\n"))
    assert parsed.data == {"date": "2024-01-02", "flag": "yes", "v": 1.0}


def test_quoted_block_and_plain_scalars_are_told_apart(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "---\na: plain\nb: 'q'\nc: |\n  block\n---\n"))
    assert parsed.frontmatter is not None
    assert parsed.frontmatter.plain_scalars == {("a",)}
    assert parsed.frontmatter.block_scalars == {("c",)}


def test_suppression_comments(tmp_path: Path) -> None:
    parsed = parse_file(
        write(tmp_path, "---\nname: X  # skillctl: ignore[name-case, name-dir-mismatch]\n---\n")
    )
    assert parsed.frontmatter is not None
    assert parsed.frontmatter.ignored_rules == {"name-case", "name-dir-mismatch"}


def test_invalid_utf8_is_located_and_the_rest_still_parsed(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, b"---\nname: x\ndescription: caf\xe9\n---\n"))
    (problem,) = parsed.problems
    assert (problem.code, problem.line, problem.column) == ("not-utf8", 3, 17)
    assert parsed.data["name"] == "x"


def test_utf16_and_nul_bytes_are_not_utf8(tmp_path: Path) -> None:
    assert "not-utf8" in codes(write(tmp_path, "---\nname: x\n---\n".encode("utf-16")))
    assert "not-utf8" in codes(write(tmp_path, b"---\nname: x\n---\n\x00\x01"))


def test_alias_bomb_is_refused_not_expanded(tmp_path: Path) -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        prev = chr(ord("a") + i - 1)
        cur = chr(ord("a") + i)
        refs = ",".join([f"*{prev}"] * 9)
        lines.append(f"{cur}: &{cur} [{refs}]")
    parsed = parse_file(write(tmp_path, "---\n" + "\n".join(lines) + "\n---\n"))
    assert parsed.frontmatter is None
    assert [p.code for p in parsed.problems] == ["yaml-syntax"]
    assert "too complex" in parsed.problems[0].message


def test_deep_nesting_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "---\nx: " + "[" * 5000 + "]" * 5000 + "\n---\n"))
    assert parsed.frontmatter is None
    assert "yaml-syntax" in [p.code for p in parsed.problems]


def test_python_tags_construct_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = f"---\nname: !!python/object/apply:os.system ['touch {marker}']\n---\n"
    parsed = parse_file(write(tmp_path, text))
    assert not marker.exists()
    assert isinstance(parsed.data.get("name", ""), str | list | dict)


def test_unreadable_things_become_problems(tmp_path: Path) -> None:
    assert codes(tmp_path / "missing.md") == ["unreadable"]
    (tmp_path / "dir" / "SKILL.md").mkdir(parents=True)
    assert codes(tmp_path / "dir" / "SKILL.md") == ["unreadable"]
    fifo = tmp_path / "fifo.md"
    os.mkfifo(fifo)
    assert codes(fifo) == ["unreadable"]
    link = tmp_path / "zero.md"
    link.symlink_to("/dev/zero")
    assert codes(link) == ["unreadable"]


def test_huge_file_is_read_only_up_to_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    with path.open("wb") as handle:
        handle.write(b"---\nname: big\ndescription: d\n---\n")
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB of NULs without using the disk
    parsed = parse_file(path)
    assert parsed.size == 50 * 1024 * 1024
    assert "file-too-large" in [p.code for p in parsed.problems]
    assert parsed.data["name"] == "big"


def test_quote_risky_values_is_claude_codes_retry() -> None:
    assert quote_risky_values("description: Use when: x") == 'description: "Use when: x"'
    assert quote_risky_values("a: 'quoted: ok'") == "a: 'quoted: ok'"
    assert quote_risky_values('a: say "hi" #now') == 'a: "say \\"hi\\" #now"'
    assert quote_risky_values("\tb: c") == "  b: c"
    # a tab after the colon is separation space in YAML 1.2 (Claude Code 2.1.332 reads it)
    assert quote_risky_values("description:\tA tab.") == "description: A tab."
    assert quote_risky_values("d:\tx: y") == 'd: "x: y"'


@pytest.mark.parametrize("path", corpus_params())
def test_every_corpus_skill_parses_without_problems(path: Path) -> None:
    parsed = parse_file(path)
    assert parsed.frontmatter is not None, parsed.problems
    assert isinstance(parsed.declared_name, str)


def test_duplicate_keys_are_reported_and_the_rest_still_read(tmp_path: Path) -> None:
    parsed = parse_file(write(tmp_path, "---\nname: a\ndescription: d\nname: b\n---\nbody\n"))
    assert [(p.code, p.line) for p in parsed.problems] == [("duplicate-key", 4)]
    # ruamel keeps the first value of a duplicated key; the other keys are all there.
    assert parsed.data == {"name": "a", "description": "d"}
