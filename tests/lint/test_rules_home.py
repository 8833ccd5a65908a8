"""``home-path`` skips text in which its pattern cannot match by looking only at each ``/`` and
``\\``; what it reports is what the pattern finds on every line of every file (the reference
below), on the corpus's SKILL.md and other files, and on generated text and bytes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.lint.rules import body
from tests.conftest import CORPUS, DATA, REPO


def _every_line(text: str) -> Iterator[tuple[int, int, str]]:
    """The pattern on every line, placeholders left out: what ``_home_hits`` must yield."""
    for index, line in enumerate(text.split("\n")):
        for match in body._HOME.finditer(line):
            if match.group(1).lower() not in body._PLACEHOLDERS:
                yield index, match.start() + 1, match.group(0)


def _literal(text: str) -> bool:
    """What ``_may_hold_home`` says, written plainly: one of the pattern's three literals."""
    return "/home/" in text or "/Users" in text or "\\Users" in text


def _texts(corpus: Path) -> Iterator[bytes]:
    # tests/data holds the in-repository corpus; the extra corpus is run on its own
    roots = (DATA, REPO / "bench" / "out" / "corpus-100") if corpus == CORPUS else (corpus,)
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and not path.is_symlink() and path.stat().st_size < 256 * 1024:
                yield path.read_bytes()


def test_files_give_what_every_line_gives(corpus: Path) -> None:
    seen = hits = 0
    for data in _texts(corpus):
        text = data.decode("utf-8", errors="replace")
        assert list(body._home_hits(text)) == list(_every_line(text))
        may = body._may_hold_home_bytes(data)
        assert may == body._may_hold_home(text) == _literal(text)
        if not may:
            assert body._HOME.search(text) is None
        seen += 1
        hits += bool(list(_every_line(text)))
    # the real hits: the golden home-path case (and, in the shared corpus, primekg's SKILL.md)
    assert seen > 400 and hits >= 1


_PIECES = st.sampled_from(
    ["/", "\\", "home", "home/", "Users", "/home/", "/Users/", "C:", "c:\\", "alice", "user", "U",
     "\n", " ", "x", "~", "-", ".", "é"]
)


@given(st.lists(_PIECES, max_size=10).map("".join))
@settings(max_examples=2000, deadline=None, derandomize=True)
def test_generated_text_gives_what_every_line_gives(text: str) -> None:
    assert list(body._home_hits(text)) == list(_every_line(text))
    if body._HOME.search(text) is not None:
        assert body._may_hold_home(text)
    assert body._may_hold_home(text) == body._may_hold_home_bytes(text.encode("utf-8"))
    assert body._may_hold_home(text) == _literal(text)


def test_large_files_are_judged_as_when_read_whole(
    make_skill: Callable[..., Path],
) -> None:
    """A large file whose head holds a NUL byte is skipped unread, as a binary file read
    whole was; one whose NUL or home path lies past the head is read whole, as before."""
    from skillctl.lint.engine import LintOptions, lint_paths

    skill = make_skill("big", body="# Big\n\nSee the files.\n")
    past_head = b"x" * (body._HEAD_FIRST + 100)
    (skill / "image.bin").write_bytes(b"\x89PNG\x00" + past_head + b" /home/alice/x/\n")
    (skill / "notes.txt.md").write_bytes(past_head + b" /home/bob/x/\n")
    (skill / "late-nul.md").write_bytes(past_head + b" /home/carol/x/\n\x00")
    (skill / "small.md").write_bytes(b"a /Users/dave/x/\n")
    found = [d for d in lint_paths(LintOptions(paths=(skill,), use_cache=False)).diagnostics
             if d.rule == "home-path"]
    assert sorted(Path(d.path).name for d in found) == ["notes.txt.md", "small.md"]
