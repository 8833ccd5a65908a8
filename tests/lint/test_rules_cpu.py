"""Per-skill rules share work through the context; each shortcut equals the full check.

* ``checked_references`` answers a reference naming a listed file without touching the disk;
* ``home-path`` reads a file once and the script rules reuse its first bytes;
* ``script-not-executable`` resolves each folder's real path and git root once.

Each is compared with the long way (no listing, no shared bytes, :func:`index_mode` per file)
on real files: the shared corpus and skills built on disk with links, odd names and git.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.collect import collect
from skillctl.gitfacts import git_index_modes, index_mode
from skillctl.lint.config import resolve_config
from skillctl.lint.context import HEAD_BYTES, SkillContext
from skillctl.lint.registry import Finding
from skillctl.lint.rules.body import home_path
from skillctl.lint.rules.references import checked_references
from skillctl.lint.rules.scripts import (
    _index_modes,
    script_crlf,
    script_not_executable,
    shebang_files,
)
from skillctl.model import Skill
from tests.conftest import REPO


def _contexts(*roots: Path) -> list[SkillContext]:
    config = resolve_config(
        start=roots[0], config_path=None, agents=(), select=(), ignore=(), strict=False
    )
    return [SkillContext(skill, config) for skill in collect(list(roots)).skills]


class _Unlisted(SkillContext):
    """A context whose file listing is never consulted by the reference checks."""

    def __init__(self, skill: Skill, ctx: SkillContext) -> None:
        super().__init__(skill, ctx.config)
        self.__dict__["file_paths"] = frozenset()


def _tricky_skill(make_skill: Callable[..., Path], tmp_path: Path) -> Path:
    body = (
        "# Tricky\n\n"
        "[a](references/a.md) [a again](./references/a.md) [dir](references) "
        "[slash](references/a.md/) [case](References/A.md) [gone](references/gone.md) "
        "[link](references/link.md) [dangling](references/dangling.md) "
        "[tilde](~notes.md) [up](../x.md) [abs](/etc/hosts) [back](references\\a.md) "
        "[space](references/with%20space.md) [dots](references/../references/a.md)\n"
        "Run `scripts/run.sh` or scripts/sub/tool.py, and see `assets/logo.png`.\n"
    )
    directory = make_skill("tricky", body=body)
    (directory / "references").mkdir()
    (directory / "references" / "a.md").write_text("# a\n")
    (directory / "references" / "with space.md").write_text("# s\n")
    (directory / "~notes.md").write_text("# tilde\n")
    os.symlink("a.md", directory / "references" / "link.md")
    os.symlink("nowhere.md", directory / "references" / "dangling.md")
    (directory / "scripts" / "sub").mkdir(parents=True)
    (directory / "scripts" / "run.sh").write_text("#!/bin/sh\necho /home/alice/x\n")
    (directory / "scripts" / "sub" / "tool.py").write_text("#!/usr/bin/env python3\r\n")
    os.chmod(directory / "scripts" / "run.sh", 0o755)
    outside = tmp_path / "outside-assets"
    outside.mkdir()
    (outside / "logo.png").write_bytes(b"\x89PNG\r\n")
    os.symlink(outside, directory / "assets")
    return directory


def _references_the_long_way(ctx: SkillContext) -> object:
    return checked_references(_Unlisted(ctx.skill, ctx))


def test_listed_files_answer_like_the_disk(
    make_skill: Callable[..., Path], tmp_path: Path
) -> None:
    directory = _tricky_skill(make_skill, tmp_path)
    (ctx,) = _contexts(directory)
    fast = checked_references(ctx)
    assert fast == _references_the_long_way(ctx)
    statuses = {ref.target: status for ref, status, _ in fast}
    assert statuses["references/a.md"] == "ok"
    assert statuses["References/A.md"] == "case"
    assert statuses["references/gone.md"] == "missing"
    assert statuses["~notes.md"] == "escape"  # listed, but an escape all the same
    assert statuses["references/dangling.md"] == "ok"  # a link that exists, if dangling


def test_corpus_references_equal_the_long_way(corpus: Path) -> None:
    contexts = _contexts(corpus)
    assert len(contexts) > 20
    for ctx in contexts:
        assert checked_references(ctx) == _references_the_long_way(ctx), ctx.dir


def test_head_reuses_what_read_file_read(make_skill: Callable[..., Path]) -> None:
    directory = make_skill("heads")
    (directory / "big.txt").write_bytes(b"x" * (HEAD_BYTES * 2))
    (directory / "small.sh").write_bytes(b"#!/bin/sh\n")
    (ctx,) = _contexts(directory)
    assert ctx.read_file("big.txt") == b"x" * (HEAD_BYTES * 2)
    (directory / "big.txt").unlink()  # the head is not read again: it is already known
    assert ctx.head("big.txt") == b"x" * HEAD_BYTES
    assert ctx.head("small.sh") == b"#!/bin/sh\n"
    assert ctx.head("missing.sh") == b""
    with pytest.raises(OSError):
        ctx.read_file("missing.sh")


def test_read_file_with_the_listed_size_reads_the_file(make_skill: Callable[..., Path]) -> None:
    """The size the listing saw spares a read; a file that shrank is read to its end, one
    that grew as far as it was listed; empty and unknown sizes read everything."""
    directory = make_skill("sizes")
    content = b"/home/alice/x\n" * 1000
    (directory / "f.txt").write_bytes(content)
    (ctx,) = _contexts(directory)
    for size in (len(content), len(content) + 7, None, 0, 10**9):
        assert ctx.read_file("f.txt", size) == content, size
    assert ctx.read_file("f.txt", 100) == content[:100]
    (directory / "empty.txt").write_bytes(b"")
    assert ctx.read_file("empty.txt", 0) == b""
    assert ctx.read_file("empty.txt", 5) == b""


def _findings(
    rule: Callable[[SkillContext], Iterator[Finding]], ctx: SkillContext
) -> list[Finding]:
    return list(rule(ctx))


def test_script_rules_see_the_same_bytes_after_home_path(
    make_skill: Callable[..., Path], tmp_path: Path
) -> None:
    directory = _tricky_skill(make_skill, tmp_path)
    (after,) = _contexts(directory)
    home = _findings(home_path, after)
    assert [f.file for f in home] == ["scripts/run.sh"]
    (alone,) = _contexts(directory)
    assert list(shebang_files(after)) == list(shebang_files(alone))
    assert _findings(script_crlf, after) == _findings(script_crlf, alone)
    assert len(_findings(script_crlf, after)) == 1
    assert _findings(script_not_executable, after) == _findings(script_not_executable, alone)


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_index_modes_per_folder_equal_index_mode_per_file(
    make_skill: Callable[..., Path], tmp_path: Path
) -> None:
    repo = tmp_path / "repo"
    directory = _tricky_skill(make_skill, tmp_path)
    shutil.move(directory, repo / "skills" / "tricky")
    directory = repo / "skills" / "tricky"
    (directory / "top.sh").write_text("#!/bin/sh\n")
    other = tmp_path / "other-repo"
    (other / "bin").mkdir(parents=True)
    (other / "bin" / "linked.sh").write_text("#!/bin/sh\n")
    _git("init", "-q", cwd=other)
    _git("add", ".", cwd=other)
    os.symlink(other / "bin", directory / "scripts" / "bin")  # a folder in another repository
    _git("init", "-q", cwd=repo)
    _git("add", ".", cwd=repo)
    _git("update-index", "--chmod=+x", "skills/tricky/top.sh", cwd=repo)
    git_index_modes.cache_clear()
    for relative_to in (None, repo):
        cwd = os.getcwd()
        try:
            if relative_to is not None:
                os.chdir(relative_to)
                directory = Path("skills/tricky")
            (ctx,) = _contexts(directory)
            files = [file for file, _ in shebang_files(ctx)]
            assert {f.relpath for f in files} == {
                "scripts/run.sh",
                "scripts/sub/tool.py",
                "scripts/bin/linked.sh",
                "top.sh",
            }
            expected = [index_mode(ctx.dir / f.relpath) for f in files]
            assert list(_index_modes(ctx, files)) == expected
            assert sorted(m or "-" for m in expected) == ["100644", "100644", "100755", "100755"]
        finally:
            os.chdir(cwd)
    git_index_modes.cache_clear()


def _line_count_the_long_way(body: str) -> int:
    lines = body.split("\n")
    count = len(lines)
    while count and not lines[count - 1].strip():
        count -= 1
    return count


@given(st.text(alphabet="a \t\n\r\x0b\x0c\x1c\x85\u00a0\u2028\u3000", max_size=40))
@settings(max_examples=500, deadline=None, derandomize=True)
def test_content_line_count_equals_splitting_the_body(body: str) -> None:
    from skillctl.lint.rules.body import _content_line_count

    class _Body:
        parsed = type("P", (), {"body": body})()

    assert _content_line_count(_Body()) == _line_count_the_long_way(body)  # type: ignore[arg-type]


def test_corpus_line_counts_equal_splitting_the_body(corpus: Path) -> None:
    from skillctl.lint.rules.body import _content_line_count

    for ctx in _contexts(corpus):
        assert _content_line_count(ctx) == _line_count_the_long_way(ctx.parsed.body)


@pytest.mark.parametrize(
    "path",
    ["skill", "a/b/skill", "/abs/skill", ".", "..", "a/..", "a/b/../..", "/", "a/./b", "./x",
     "x/.", "é漢", "a b/c d", "a/b/", "../../x"],
)
def test_resolved_dir_name_equals_the_absolute_path_name(path: str) -> None:
    from skillctl.lint.rules.name import resolved_dir_name

    assert resolved_dir_name(Path(path)) == os.path.basename(os.path.abspath(Path(path)))


def test_remembered_folders_equal_realpath_and_the_git_walk(tmp_path: Path) -> None:
    """Real paths and git roots remembered for a run equal ``realpath`` and the walk up,
    through symlinked folders, ``..``, relative paths, nested repositories; forgotten with
    ``git_index_modes.cache_clear()``."""
    from skillctl.gitfacts import git_root_of_real, git_root_remembered, real_folder

    repo = tmp_path / "repo"
    (repo / "skills" / "a" / "scripts").mkdir(parents=True)
    (repo / "skills" / "nested" / "scripts").mkdir(parents=True)
    (repo / "skills" / "nested" / ".git").mkdir()  # a repository inside the repository
    (repo / ".git").mkdir()
    outside = tmp_path / "outside" / "tools"
    outside.mkdir(parents=True)
    os.symlink(outside, repo / "skills" / "a" / "linked")
    os.symlink(repo / "skills", tmp_path / "skills-link")
    os.symlink(repo / "skills" / "a" / "scripts", repo / "skills" / "a" / "scripts-link")
    folders = [
        repo / "skills" / "a",
        repo / "skills" / "a" / "scripts",
        repo / "skills" / "a" / "linked",
        repo / "skills" / "a" / "scripts-link",
        repo / "skills" / "a" / "gone",
        repo / "skills" / "nested" / "scripts",
        tmp_path / "skills-link" / "a" / "scripts",
        tmp_path / "skills-link" / "a" / ".." / "nested",
        tmp_path / "outside" / "tools",
    ]
    git_index_modes.cache_clear()
    cwd = os.getcwd()
    try:
        for relative_to in (None, repo / "skills", tmp_path / "outside"):
            if relative_to is not None:
                os.chdir(relative_to)
            for _ in range(2):  # the second time from what was remembered
                for folder in folders:
                    given = str(folder) if relative_to is None else os.path.relpath(folder)
                    real = real_folder(given)
                    assert real == os.path.realpath(given), given
                    assert git_root_remembered(real) == git_root_of_real(real), given
        os.chdir(cwd)
        a = repo / "skills" / "a"
        assert git_root_remembered(os.path.realpath(a)) == os.path.realpath(repo)
        (a / ".git").mkdir()  # remembered until the next run
        assert git_root_remembered(os.path.realpath(a)) == os.path.realpath(repo)
        git_index_modes.cache_clear()
        assert git_root_remembered(os.path.realpath(a)) == os.path.realpath(a)
    finally:
        os.chdir(cwd)
        git_index_modes.cache_clear()


class _Options:
    """Just enough of a context for the body rules: a body and two limits."""

    def __init__(self, body: str, lines: int, tokens: int) -> None:
        self.parsed = type("P", (), {"body": body, "body_start_line": 3, "text": body})()
        self.has_frontmatter = True
        self._options = {"max-body-lines": lines, "max-body-tokens": tokens}

    def option(self, name: str) -> int:
        return self._options[name]


def _body_findings_the_long_way(ctx: _Options) -> list[tuple[str, int]]:
    import math

    found = []
    if not ctx.parsed.body.strip():
        found.append(("body-empty", 3))
    count = _line_count_the_long_way(ctx.parsed.body)
    if count > ctx.option("max-body-lines"):
        found.append(("body-too-long", 3 + ctx.option("max-body-lines")))
    if math.ceil(len(ctx.parsed.body.strip()) / 4) > ctx.option("max-body-tokens"):
        found.append(("body-tokens", 3))
    return found


@given(
    st.text(alphabet="a \t\n\r\x0b\x0c\x1c\x85\u00a0\u2028\u3000", max_size=40),
    st.integers(-1, 12),
    st.integers(-1, 12),
)
@settings(max_examples=800, deadline=None, derandomize=True)
def test_body_rules_shortcuts_equal_the_long_way(body: str, lines: int, tokens: int) -> None:
    """``body-empty``, ``body-too-long`` and ``body-tokens`` decide without copying the body
    when they cannot fire; what they report is what stripping and splitting it gives."""
    from skillctl.lint.rules.body import body_empty, body_tokens, body_too_long

    ctx = _Options(body, lines, tokens)
    found = [
        (rule_id, finding.line)
        for rule_id, check in (
            ("body-empty", body_empty),
            ("body-too-long", body_too_long),
            ("body-tokens", body_tokens),
        )
        for finding in check(ctx)  # type: ignore[arg-type]
    ]
    assert found == _body_findings_the_long_way(ctx)


def test_context_options_equal_the_configuration(make_skill: Callable[..., Path]) -> None:
    """Each configuration's options are looked up in one table per configuration object
    (config.option_table): the configured value, else the default; unknown names refused."""
    from skillctl.lint.resolved import OPTIONS, ResolvedConfig

    directory = make_skill("options")
    (skill,) = collect([directory]).skills
    configs = [
        ResolvedConfig(),
        ResolvedConfig(options=(("max-body-lines", 3), ("extra-fields", ["x-a"]))),
        ResolvedConfig(options=(("unicode-names", True),)),
    ]
    for _ in range(2):
        for config in configs:
            ctx = SkillContext(skill, config)
            for name in OPTIONS:
                expected = dict(config.options).get(name, OPTIONS[name][1])
                assert ctx.option(name) == config.option(name) == expected, name
            with pytest.raises(KeyError):
                config.option("no-such-option")
            with pytest.raises(KeyError):
                ctx.option("no-such-option")
    # equal configurations that are different objects get their own (equal) answers
    again = ResolvedConfig(options=(("max-body-lines", 3), ("extra-fields", ["x-a"])))
    assert SkillContext(skill, again).option("max-body-lines") == 3


@pytest.mark.parametrize(
    ("directory", "name"),
    [("ﬁle-tools", "file-tools"), ("ﬁle-tools", "ﬁle-tools"), ("ascii-dir", "ascii-dir"),
     ("ascii-dir", "other"), ("\uff57\uff49\uff44\uff45", "wide"), ("café", "café"),
     ("café", "cafe")],
)
def test_dir_name_is_normalised_as_the_name_is(
    tmp_path: Path, make_skill: Callable[..., Path], directory: str, name: str
) -> None:
    """``name-dir-mismatch`` compares NFKC forms; ASCII directory names skip normalising."""
    import unicodedata

    from skillctl.lint.rules.name import name_dir_mismatch

    folder = tmp_path / directory
    folder.mkdir()
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: d\n---\n# B\n")
    (ctx,) = _contexts(folder)
    found = [f.message for f in name_dir_mismatch(ctx)]
    want_dir = unicodedata.normalize("NFKC", directory)
    want_name = unicodedata.normalize("NFKC", name)
    expected = (
        [] if want_dir == want_name
        else [f"Directory name '{want_dir}' must match skill name '{want_name}'"]
    )
    assert found == expected


def test_rules_return_iterators_and_the_shared_empty_one_stays_empty(
    make_skill: Callable[..., Path],
) -> None:
    """Rules that are plain functions return iterators, :data:`NO_FINDINGS` when they find
    nothing; that one is shared, so it must stay exhausted whoever iterates it."""
    from skillctl.lint.registry import NO_FINDINGS, registered

    clean = make_skill("clean-skill")
    broken = make_skill("broken", frontmatter="name: Bad--Name\ndescription: x: y\n")
    contexts = _contexts(clean) + _contexts(broken)
    for registered_rule in registered():
        if registered_rule.kind != "skill":
            continue
        for ctx in contexts:
            result = registered_rule.check(ctx)
            assert iter(result) is result, registered_rule.info.id
            list(result)
            assert list(NO_FINDINGS) == [] and next(NO_FINDINGS, None) is None


def test_home_path_shortcut_reads_what_the_rule_would(make_skill: Callable[..., Path]) -> None:
    """``home-path`` decides without a generator only when SKILL.md holds no home path and no
    other file can be read; a home path in another file is still found."""
    from skillctl.lint.rules.body import home_path

    plain = make_skill("plain")
    in_file = make_skill("in-file")
    (in_file / "notes.md").write_text("see /home/alice/x/\n")
    in_entry = make_skill("in-entry", body="Run /Users/bob/tools/x.sh\n")
    found = {
        ctx.dir.name: [(f.file, f.line) for f in home_path(ctx)]
        for ctx in _contexts(plain, in_file, in_entry)
    }
    assert found == {"plain": [], "in-file": [("notes.md", 1)], "in-entry": [(None, 5)]}


def test_unresolved_references_are_the_checked_ones_that_are_not_ok(
    make_skill: Callable[..., Path], tmp_path: Path, corpus: Path
) -> None:
    """What the reference rules share (no line counted for a reference that is fine) is
    :func:`checked_references` without the ``ok`` ones, lines included."""
    from skillctl.lint.rules.references import unresolved_references

    roots = [_tricky_skill(make_skill, tmp_path)]
    roots += [root for root in (corpus, REPO / "bench" / "out" / "corpus-2000") if root.is_dir()]
    reported = 0
    for root in roots:
        for ctx in _contexts(root):
            expected = tuple(c for c in checked_references(ctx) if c[1] != "ok")
            assert unresolved_references(ctx) == expected, ctx.dir
            reported += len(expected)
    assert reported > 50
