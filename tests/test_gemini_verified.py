"""Gemini CLI 0.61.0 as the conformance suite found it by running the real agent (issue 14):
each test pins one verified behaviour on a real tree in tmp_path. No agent needs to be
installed: the built-in skills are found through a stand-in ``gemini`` command on PATH."""

from __future__ import annotations

import os
from pathlib import Path

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover
from skillctl.render.catalog import render_catalog
from skillctl.render.types import BudgetRequest

GEM = get_profile("gemini-cli")


def skill(folder: Path, name: str | None = None, description: str = "Does things.") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    entry = folder / "SKILL.md"
    entry.write_text(f"---\nname: {name or folder.name}\ndescription: {description}\n---\n"
                     "Body.\n", encoding="utf-8")
    return entry


def tree(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return project, home


def test_root_skill_md_and_folders_load_dot_folders_do_not(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = project / ".gemini/skills"
    at_root = skill(root, "at-root")
    below = skill(root / "below")
    hidden = skill(root / ".hidden")
    views = {v.path: v for v in discover(GEM, project, home, {}).views}
    assert views[at_root].status is Status.ACTIVE
    assert views[below].status is Status.ACTIVE  # the root's SKILL.md does not stop the glob
    assert views[hidden].status is Status.HIDDEN


def test_empty_description_loads(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    entry = project / ".agents/skills/empty/SKILL.md"
    entry.parent.mkdir(parents=True)
    entry.write_text('---\nname: empty\ndescription: ""\n---\n', encoding="utf-8")
    views = {v.path: v for v in discover(GEM, project, home, {}).views}
    assert views[entry].status is Status.ACTIVE


def test_clash_inside_one_root_goes_to_the_folder_glob_meets_last(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = home / ".gemini/skills"
    first, second = skill(root / "aaa", "same"), skill(root / "zzz", "same")
    views = {v.path: v for v in discover(GEM, project, home, {}).views}
    # glob meets the folders in reverse byte order, and the last copy wins
    assert views[first].status is Status.ACTIVE
    assert views[second].status is Status.SHADOWED


def test_catalog_keeps_first_insertion_order_with_builtins(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    bundle = tmp_path / "pkg/bundle"
    bundle.mkdir(parents=True)
    (bundle / "gemini.js").write_text("", encoding="utf-8")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    os.symlink(bundle / "gemini.js", bin_dir / "gemini")
    (bundle / "gemini.js").chmod(0o755)
    skill(home / ".gemini/skills/b-user", "shared", "user copy")
    skill(home / ".gemini/skills/a-user")
    skill(project / ".gemini/skills/shared", "shared", "project copy")
    skill(project / ".gemini/skills/skill-creator", "skill-creator", "mine")
    env = {"PATH": str(bin_dir)}
    skills = [v.skill for v in discover(GEM, project, home, env).views
              if v.status is Status.ACTIVE]
    old = dict(os.environ)
    try:  # the built-ins' root is expanded against this process's environment
        os.environ["PATH"] = str(bin_dir)
        text = render_catalog(skills, "gemini-cli", BudgetRequest(home=home), GEM).catalog.text
    finally:
        os.environ.clear()
        os.environ.update(old)
    names = [line.strip()[6:-7] for line in text.splitlines() if "<name>" in line]
    # built-ins first (a project skill takes skill-creator's slot), then user (glob order:
    # b-user before a-user), and the project's "shared" keeps the user copy's slot
    assert names == ["skill-creator", "antigravity-support", "shared", "a-user"]
    assert "<description>mine</description>" in text
    assert "<description>project copy</description>" in text
    assert f"<location>{bundle}/builtin/antigravity-support/SKILL.md</location>" in text
    assert "you can call the `activate_skill` tool" in text


def test_a_clipped_block_scalar_on_the_last_key_keeps_its_final_newline(tmp_path: Path) -> None:
    # js-yaml is given the block with the line break before the closing '---'
    project, home = tree(tmp_path)
    folder = project / ".gemini/skills/literal"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: literal\ndescription: |\n  line one\n"
                                     "  line two\n---\nBody.\n", encoding="utf-8")
    (view,) = discover(GEM, project, home, {}).views
    assert view.description == "line one\nline two\n"


def test_gemini_cli_home_moves_the_user_folders(tmp_path: Path) -> None:
    # $GEMINI_CLI_HOME stands for the home folder in the user's roots, settings and
    # extensions (conformance case settings-gemini-cli-home)
    project, home = tree(tmp_path)
    moved = tmp_path / "gemini-home"
    skill(moved / ".gemini/skills/from-moved")
    skill(moved / ".agents/skills/from-moved-agents")
    skill(moved / ".gemini/skills/switched-off")
    (moved / ".gemini/settings.json").write_text('{"skills": {"disabled": ["switched-off"]}}')
    extension = moved / ".gemini/extensions/ext"
    skill(extension / "skills/from-extension")
    (extension / "gemini-extension.json").write_text('{"name": "ext", "version": "1"}')
    skill(home / ".gemini/skills/from-real-home")
    views = discover(GEM, project, home, {"GEMINI_CLI_HOME": str(moved)}).views
    assert {v.name: v.status.value for v in views} == {
        "from-moved": "active", "from-moved-agents": "active", "switched-off": "disabled",
        "from-extension": "active"}
    assert "from-real-home" in {v.name for v in discover(GEM, project, home, {}).views}
