"""The per-skill rules' shared work: references found once per skill, fresh directory listings."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillctl.collect import collect
from skillctl.lint.config import resolve_config
from skillctl.lint.context import SkillContext
from skillctl.lint.engine import LintOptions, lint_paths
from skillctl.lint.rules.references import (
    broken_reference,
    checked_references,
    reference_case,
    reference_escape,
    unresolved_references,
)

_BODY = (
    "# Forms\n\n"
    "See [forms](references/Forms.md), [gone](references/gone.md) and [up](../up.md).\n"
    "Run `scripts/fill.py`.\n"
)


def _context(skill_dir: Path) -> SkillContext:
    (skill,) = collect([skill_dir]).skills
    config = resolve_config(
        start=skill_dir, config_path=None, agents=(), select=(), ignore=(), strict=False
    )
    return SkillContext(skill, config)


def _skill(make_skill: Callable[..., Path]) -> Path:
    directory = make_skill("form-filler", body=_BODY)
    (directory / "references").mkdir()
    (directory / "references" / "forms.md").write_text("# forms\n")
    (directory / "scripts").mkdir()
    (directory / "scripts" / "fill.py").write_text("print('hi')\n")
    return directory


def test_the_three_reference_rules_share_one_computation(
    make_skill: Callable[..., Path],
) -> None:
    directory = _skill(make_skill)
    ctx = _context(directory)
    assert [(ref.target, status) for ref, status, _ in checked_references(ctx)] == [
        ("references/Forms.md", "case"),
        ("references/gone.md", "missing"),
        ("../up.md", "escape"),
        ("scripts/fill.py", "ok"),
    ]
    first = ctx.computed(unresolved_references)  # what the rules share: all but the ok ones
    assert [(ref.target, status) for ref, status, _ in first] == [
        ("references/Forms.md", "case"),
        ("references/gone.md", "missing"),
        ("../up.md", "escape"),
    ]
    # Change the disk: rules that looked again would now see forms.md missing, not mis-cased.
    (directory / "references" / "forms.md").unlink()
    assert [f.message for f in broken_reference(ctx)] == [
        "link target 'references/gone.md' does not exist in the skill directory"
    ]
    assert [f.hint for f in reference_case(ctx)] == ["write 'references/forms.md'"]
    assert len(list(reference_escape(ctx))) == 1
    assert ctx.computed(unresolved_references) is first
    # a new context (the next lint run) looks at the disk again
    fresh = _context(directory).computed(checked_references)
    assert [status for _, status, _ in fresh] == ["missing", "missing", "escape", "ok"]


def test_computed_runs_once_per_context_and_forgets_failures(
    make_skill: Callable[..., Path],
) -> None:
    ctx = _context(make_skill("plain-skill"))
    calls: list[int] = []

    def count(context: SkillContext) -> int:
        calls.append(1)
        return len(calls)

    assert ctx.computed(count) == 1
    assert ctx.computed(count) == 1
    assert len(calls) == 1

    def fail(context: SkillContext) -> int:
        calls.append(1)
        raise ValueError("boom")

    for _ in range(2):
        with pytest.raises(ValueError):
            ctx.computed(fail)
    assert len(calls) == 3  # a failure is computed again, not remembered
    assert _context(ctx.dir).computed(count) == 4  # a new context computes afresh


def test_case_variant_follows_the_disk_between_runs(make_skill: Callable[..., Path]) -> None:
    """Directory listings last one skill's lint, not the process: a rename is seen."""
    directory = _skill(make_skill)
    nested = directory / "references" / "deep"
    nested.mkdir()
    (nested / "guide.md").write_text("# guide\n")
    (directory / "SKILL.md").write_text(
        (directory / "SKILL.md").read_text() + "Read [guide](References/Deep/GUIDE.md).\n"
    )

    def case_messages() -> list[str]:
        report = lint_paths(LintOptions(paths=(directory,), use_cache=False))
        return sorted(d.message for d in report.diagnostics if d.rule == "reference-case")

    assert case_messages() == [
        "'References/Deep/GUIDE.md' exists only as 'references/deep/guide.md': it is not "
        "found on case-sensitive file systems (Linux, CI)",
        "'references/Forms.md' exists only as 'references/forms.md': it is not found on "
        "case-sensitive file systems (Linux, CI)",
    ]
    os.rename(directory / "references" / "forms.md", directory / "references" / "FORMS.md")
    os.rename(nested / "guide.md", nested / "Guide.md")
    assert case_messages() == [
        "'References/Deep/GUIDE.md' exists only as 'references/deep/Guide.md': it is not "
        "found on case-sensitive file systems (Linux, CI)",
        "'references/Forms.md' exists only as 'references/FORMS.md': it is not found on "
        "case-sensitive file systems (Linux, CI)",
    ]


def test_missing_skill_md_resolves_linked_folders(
    make_skill: Callable[..., Path], tmp_path: Path
) -> None:
    """Folders are resolved once each; links (to a skill, to a folder without one) still are."""
    skills = tmp_path / "skills"
    make_skill("deploy", root=skills)
    elsewhere = tmp_path / "elsewhere"
    make_skill("review", root=elsewhere)
    (elsewhere / "notes").mkdir()
    (elsewhere / "notes" / "README.md").write_text("# notes\n")
    (skills / "plain-notes").mkdir()
    (skills / "plain-notes" / "README.md").write_text("# notes\n")
    os.symlink(elsewhere / "review", skills / "review-link")  # a linted skill, through a link
    os.symlink(elsewhere / "notes", skills / "notes-link")  # no SKILL.md behind the link
    os.symlink(skills, tmp_path / "skills-link")

    def missing(*paths: Path) -> list[str]:
        report = lint_paths(LintOptions(paths=paths, use_cache=False))
        return sorted(
            os.path.relpath(d.path, tmp_path)
            for d in report.diagnostics
            if d.rule == "missing-skill-md"
        )

    assert missing(skills) == ["skills/notes-link", "skills/plain-notes"]
    assert missing(tmp_path / "skills-link") == [
        "skills-link/notes-link",
        "skills-link/plain-notes",
    ]
    # One folder under two spellings in one run (listed once), and a link to a sibling skill.
    os.symlink("deploy", skills / "deploy-alias")
    assert missing(skills, tmp_path / "skills-link") == [
        "skills/notes-link",
        "skills/plain-notes",
    ]
    assert missing(skills / "deploy-alias", skills) == [
        "skills/notes-link",
        "skills/plain-notes",
    ]


def test_missing_file_and_the_reference_rules_read_the_body_once(
    make_skill: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One pass over the body for references serves all four rules that need them."""
    from skillctl.lint import paths_in_text
    from skillctl.lint.rules.mentions import missing_file

    directory = make_skill(
        "reader", body=_BODY + "Open `resources/playbook.md` for details.\n"
    )
    ctx = _context(directory)
    reads: list[str] = []
    real = paths_in_text.raw_references

    def counted(body: str) -> object:
        reads.append(body)
        return real(body)

    monkeypatch.setattr(paths_in_text, "raw_references", counted)
    assert [f.message for f in missing_file(ctx)] == [
        "'resources/playbook.md' does not exist in the skill directory, but the body sends "
        "the agent to it"
    ]
    list(broken_reference(ctx))
    list(reference_case(ctx))
    list(reference_escape(ctx))
    assert [ref.target for ref in paths_in_text.references(ctx)][:2] == [
        "references/Forms.md", "references/gone.md"
    ]
    assert len(reads) == 1


_PATH_PARTS = st.sampled_from(["a", "b.md", ".", "..", "", ".x", "a b", "\\", "é"])


@given(st.lists(_PATH_PARTS, max_size=5).map("/".join).filter(lambda t: not t.startswith("/")))
@settings(max_examples=500, deadline=None, derandomize=True)
def test_joined_as_pathlib_equals_pathlib(target: str) -> None:
    from skillctl.lint.paths_in_text import joined_as_pathlib

    for directory in ("skill", "/abs/skill", "./rel", "."):
        base = str(Path(directory))
        assert joined_as_pathlib(base, target) == str(Path(base) / target)
