"""Property tests of ``lint --fix`` (skillctl/lint/fix.py).

Generated skills carry every safe-to-fix problem (BOM, CRLF, an unquoted ``: `` in the
description, a misspelt key) and non-string metadata values (which a fix must leave as they
are) mixed with comments, keys that must not change, and an arbitrary body. After a fix:
the file parses cleanly; every key and value it did not mean to change is the same; every
comment is still there; the body text is the same (line endings aside); and a second fix
changes nothing.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

fix_mod = pytest.importorskip("skillctl.lint.fix")
config_mod = pytest.importorskip("skillctl.lint.config")

from skillctl.collect import load_skill  # noqa: E402
from skillctl.parse import parse_file  # noqa: E402

FIX = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

_WORD = st.text(alphabet=string.ascii_lowercase, min_size=1, max_size=8)
_SAFE_TEXT = (
    st.text(alphabet=string.ascii_letters + string.digits + " .,()-_/", min_size=1, max_size=30)
    .map(str.strip)
    .filter(bool)
)
_META_VALUE = st.one_of(
    st.integers(-1000, 1000),
    st.booleans(),
    st.sampled_from(["1.0", "2.5"]).map(float),
    _SAFE_TEXT.map(lambda s: f'"{s}"'),
)
_BODY_LINE = st.one_of(
    st.text(
        alphabet=string.printable.replace("\r", "").replace("\x0b", "").replace("\x0c", ""),
        max_size=40,
    ).map(lambda s: s.replace("\n", " ")),
    st.sampled_from(
        [
            "# Title",
            "```bash",
            "```",
            "- item",
            "",
            "  indented  ",
            "key: value",
            "!`echo hi`",
            "$ARGUMENTS",
            "trailing space   ",
        ]
    ),
).filter(lambda s: s.strip() != "---")


@dataclass(frozen=True)
class Generated:
    raw: bytes
    description: str
    metadata: dict[str, str]
    comments: tuple[str, ...]
    body: str
    misspelt: bool


@st.composite
def skills(draw: st.DrawFn) -> Generated:
    """A SKILL.md with fixable problems, comments and a body."""
    # starts with a word so it stays a string (not 0, true or null)
    description = f"Does {draw(_WORD)} {draw(_SAFE_TEXT)}" + (
        ": " + draw(_SAFE_TEXT) if draw(st.booleans()) else ""
    )
    metadata = draw(st.dictionaries(_WORD, _META_VALUE, max_size=4))
    comments = tuple(f"# note {i} {draw(_WORD)}" for i in range(draw(st.integers(0, 3))))
    misspelt = draw(st.booleans())
    lines = ["name: prop-skill", f"description: {description}"]
    if metadata:
        lines.append("metadata:")
        lines.extend(
            f"  {k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in metadata.items()
        )
    lines.append(("licence" if misspelt else "license") + ": MIT")
    for comment in comments:  # comments between top-level keys
        lines.insert(draw(st.integers(1, len(lines))), comment)
    body = "\n".join(draw(st.lists(_BODY_LINE, max_size=8))) + "\n"
    text = "---\n" + "\n".join(lines) + "\n---\n" + body
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    raw = text.encode()
    if draw(st.booleans()):
        raw = b"\xef\xbb\xbf" + raw
    expected_meta = {
        k: (str(v).lower() if isinstance(v, bool) else str(v).strip('"'))
        for k, v in metadata.items()
    }
    return Generated(raw, description, expected_meta, comments, body, misspelt)


def _fix(directory: Path) -> tuple[object, ...]:
    config = config_mod.resolve_config(start=directory)
    return tuple(fix_mod.fix_skills([load_skill(directory)], config, write=True).records)


@FIX
@given(skills())
def test_fix_keeps_what_it_does_not_mean_to_change(
    tmp_path_factory: pytest.TempPathFactory, case: Generated
) -> None:
    directory = tmp_path_factory.mktemp("fix") / "prop-skill"
    directory.mkdir()
    entry = directory / "SKILL.md"
    entry.write_bytes(case.raw)

    _fix(directory)
    fixed = entry.read_bytes()
    parsed = parse_file(entry)

    assert parsed.frontmatter is not None, parsed.problems
    assert not [p for p in parsed.problems if p.code.startswith("yaml")], parsed.problems
    data = parsed.data
    assert data["name"] == "prop-skill"
    assert data["description"] == case.description
    assert data.get("license") == "MIT"
    if case.metadata:
        # metadata values are never quoted (issue 16): a boolean stays a boolean
        assert {
            k: str(v).lower() if isinstance(v, bool) else str(v)
            for k, v in data["metadata"].items()
        } == case.metadata
    text = fixed.decode("utf-8")
    for comment in case.comments:
        assert comment in text
    assert parsed.body == case.body, "the body changed"
    assert not fixed.startswith(b"\xef\xbb\xbf") and b"\r\n" not in fixed

    assert _fix(directory) == (), "a second --fix changed something"
    assert entry.read_bytes() == fixed


@FIX
@given(skills())
def test_diff_writes_nothing(tmp_path_factory: pytest.TempPathFactory, case: Generated) -> None:
    directory = tmp_path_factory.mktemp("diff") / "prop-skill"
    directory.mkdir()
    (directory / "SKILL.md").write_bytes(case.raw)
    config = config_mod.resolve_config(start=directory)
    fix_mod.fix_skills([load_skill(directory)], config, write=False)
    assert (directory / "SKILL.md").read_bytes() == case.raw
