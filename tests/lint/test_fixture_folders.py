"""A tree search leaves out test fixtures by default (issue 16, twelfth and thirteenth hand
samples): skill-tooling repositories keep skills there that are broken on purpose
(product-on-purpose/agent-skills-toolkit `tests/fixtures/anti/…`) or in another tool's
format (mackysoft/agent-skills `tests/Fixtures/SkillBundle/generated/…`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillctl.errors import UsageError
from skillctl.lint.engine import LintOptions, lint_paths
from tests.conftest import put

_GOOD = "---\nname: {name}\ndescription: Does {name} things. Use when asked.\n---\n# T\n"
_BROKEN = "# no frontmatter here\n"


def _tree(root: Path) -> None:
    put(root, "skills/good/SKILL.md", _GOOD.format(name="good"), 0o644)
    put(root, "tests/fixtures/anti/broken/SKILL.md", _BROKEN, 0o644)
    put(root, "tests/Fixtures/generated/plain/SKILL.md", _BROKEN, 0o644)
    put(root, "src/__fixtures__/x/SKILL.md", _BROKEN, 0o644)
    put(root, "pkg/testdata/y/SKILL.md", _BROKEN, 0o644)
    put(root, "vendor/z/SKILL.md", _BROKEN, 0o644)
    # jamiemills/opencode-skills: a scanner's test repositories in `test/fixtures-real/`
    put(root, "test/fixtures-real/repo/skills/w/SKILL.md", _BROKEN, 0o644)
    # a skill about fixtures is a skill
    put(root, "skills/test-fixtures/SKILL.md", _BROKEN, 0o644)


def _linted(path: Path, root: Path) -> set[str]:
    report = lint_paths(LintOptions(paths=(path,), use_cache=False))
    return {str(Path(d.path).parent.relative_to(root)) for d in report.diagnostics
            if d.rule == "no-frontmatter"}


@pytest.fixture()
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_fixtures_are_left_out_of_a_tree_search(tree: Path) -> None:
    assert _linted(tree, tree) == {"vendor/z", "skills/test-fixtures"}


def test_a_path_named_inside_fixtures_is_linted(tree: Path) -> None:
    assert _linted(tree / "tests" / "fixtures", tree) == {"tests/fixtures/anti/broken"}
    assert _linted(tree / "tests/Fixtures/generated/plain", tree) == {
        "tests/Fixtures/generated/plain"}


def test_exclude_replaces_the_default_and_extend_exclude_adds_to_it(tree: Path) -> None:
    (tree / "skillctl.toml").write_text('extend-exclude = ["vendor/"]\n')
    assert _linted(tree, tree) == {"skills/test-fixtures"}
    (tree / "skillctl.toml").write_text('exclude = ["vendor/"]\n')
    assert _linted(tree, tree) == {"tests/fixtures/anti/broken",
                                   "tests/Fixtures/generated/plain", "src/__fixtures__/x",
                                   "pkg/testdata/y", "test/fixtures-real/repo/skills/w",
                                   "skills/test-fixtures"}
    (tree / "skillctl.toml").write_text("exclude = []\n")
    assert len(_linted(tree, tree)) == 7


def test_a_tree_of_fixtures_only_says_why_nothing_was_found(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    put(tmp_path, "repo/tests/fixtures/x/SKILL.md", _BROKEN, 0o644)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match=r"leaving out test fixtures \(fixtures/, testdata/"):
        lint_paths(LintOptions(paths=(Path("repo"),), use_cache=False))


def test_an_evaluation_workspace_of_skill_creator_is_left_out(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    # kritikumarb/whatsapp-skills (forty-eighth sample): skill-creator's runs and a snapshot
    # of the skill as it was, beside the live skill in .agents/skills
    monkeypatch.chdir(tmp_path)
    skills = tmp_path / ".agents/skills"
    put(skills, "flow-gen/SKILL.md", _GOOD.format(name="flow-gen"), 0o644)
    put(skills, "flow-gen-workspace/iteration-5/skill-snapshot/SKILL.md", _BROKEN, 0o644)
    put(skills, "flow-gen-workspace/iteration-9-gpt-5.4-mini/eval-1/outputs/SKILL.md", _BROKEN,
        0o644)
    put(skills, "flow-gen-workspace/iteration-5/eval-0/eval_metadata.json", "{}\n", 0o644)
    # an iteration folder elsewhere is an ordinary folder, and a skill named so is a skill
    put(tmp_path, "course/iteration-1/lesson/SKILL.md", _BROKEN, 0o644)
    put(tmp_path, "other-workspace/iteration-2/SKILL.md", _BROKEN, 0o644)
    report = lint_paths(LintOptions(paths=(tmp_path,), use_cache=False))
    assert {(d.rule, str(Path(d.path).relative_to(tmp_path))) for d in report.diagnostics} == {
        ("no-frontmatter", "course/iteration-1/lesson/SKILL.md"),
        ("no-frontmatter", "other-workspace/iteration-2/SKILL.md"),
    }
    assert _linted(skills / "flow-gen-workspace/iteration-5", tmp_path) == {
        ".agents/skills/flow-gen-workspace/iteration-5/skill-snapshot"}
