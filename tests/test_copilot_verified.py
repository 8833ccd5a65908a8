"""GitHub Copilot CLI 1.0.102 as the conformance suite found it by running the real agent
offline (issue 14): each test pins one verified behaviour on a real tree in tmp_path. No agent
needs to be installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover
from skillctl.render.catalog import render_catalog
from skillctl.render.types import BudgetRequest

CLI = get_profile("copilot-cli")


def skill(folder: Path, name: str | None = None, description: str = "Does things.",
          body: str = "Body.\n") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    entry = folder / "SKILL.md"
    name_line = f"name: {name}\n" if name is not None else ""
    entry.write_text(f"---\n{name_line}description: {description}\n---\n{body}",
                     encoding="utf-8")
    return entry


def tree(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return project, home


def statuses(project: Path, home: Path, cwd: Path | None = None) -> dict[Path, Status]:
    return {v.path: v.status for v in discover(CLI, cwd or project, home, {}).views}


def test_project_roots_walk_up_to_the_git_root(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    top = skill(project / ".github/skills/top")
    sub = skill(project / "pkg/.claude/skills/sub")
    above = skill(tmp_path / ".agents/skills/above")
    cwd = project / "pkg/src"
    cwd.mkdir(parents=True)
    found = statuses(project, home, cwd)
    assert found[top] is Status.ACTIVE
    assert found[sub] is Status.ACTIVE
    assert above not in found


def test_without_git_the_walk_goes_up_to_the_filesystem_root(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "work/project"
    home.mkdir()
    project.mkdir(parents=True)
    far = skill(tmp_path / ".claude/skills/far")
    assert statuses(project, home)[far] is Status.ACTIVE


def test_nested_folders_dot_folders_and_node_modules(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    deep = skill(home / ".agents/skills/a/b/c/d/e/deep")
    hidden = skill(project / ".claude/skills/.hidden")
    modules = skill(project / ".agents/skills/node_modules/pkg")
    found = statuses(project, home)
    assert found[deep] is Status.ACTIVE  # six levels below the root
    assert found.get(hidden) is not Status.ACTIVE
    assert found[modules] is Status.ACTIVE


def test_skill_md_in_a_root_loads_and_hides_the_tree_below(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = skill(project / ".agents/skills", name="at-root")
    child = skill(project / ".agents/skills/child")
    found = statuses(project, home)
    assert found[root] is Status.ACTIVE
    assert found.get(child) is not Status.ACTIVE


def test_names_fall_back_to_the_folder_spaces_become_dashes_bad_ones_drop(
        tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    root = project / ".github/skills"
    unnamed = skill(root / "unnamed")
    spaced = skill(root / "spaced", name="Mixed Case")
    dashed = skill(root / "dashed", name="-lead")
    slashed = skill(root / "slashed", name='"a/b:c"')
    under = skill(root / "_under", name="_under")
    too_long = skill(root / "long", name="x" * 65)
    views = {v.path: v for v in discover(CLI, project, home, {}).views}
    assert views[unnamed].status is Status.ACTIVE and views[unnamed].name == "unnamed"
    assert views[spaced].status is Status.ACTIVE and views[spaced].name == "Mixed-Case"
    for entry in (dashed, slashed, under, too_long):
        assert views[entry].status is Status.INVALID, entry


def test_bom_loads_and_long_descriptions_drop(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    bom = project / ".github/skills/bom/SKILL.md"
    bom.parent.mkdir(parents=True)
    bom.write_bytes(b"\xef\xbb\xbf---\nname: bom\ndescription: With a BOM.\n---\n")
    edge = skill(project / ".github/skills/edge", description="x" * 1024)
    over = skill(project / ".github/skills/over", description="x" * 1025)
    found = statuses(project, home)
    assert found[bom] is Status.ACTIVE
    assert found[edge] is Status.ACTIVE
    assert found[over] is Status.INVALID


def test_catalog_order_escaping_exclusions_and_builtins(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    skill(project / ".claude/skills/zeta")
    skill(project / ".agents/skills/Alpha", description="It's <b> & \"q\"")
    skill(project / ".github/skills/beta", description='""')
    skill(project / ".github/skills/manual", description="Hidden.",
          body="Body.\n").write_text(
        "---\nname: manual\ndescription: Hidden.\ndisable-model-invocation: true\n---\n",
        encoding="utf-8")
    skill(home / ".copilot/skills/mine")
    skills = [v.skill for v in discover(CLI, project, home, {}).views
              if v.status is Status.ACTIVE]
    text = render_catalog(skills, "copilot-cli", BudgetRequest(home=home), CLI).catalog.text
    names = [line.strip()[len("<name>"):-len("</name>")] for line in text.splitlines()
             if line.strip().startswith("<name>")]
    # project skills of one folder merged and sorted by byte order, then personal, then
    # the built-in ones; disable-model-invocation leaves a skill out
    assert names == ["Alpha", "beta", "zeta", "mine", "customize-cloud-agent",
                     "github-pr-media"]
    assert text.startswith("<available_skills>\n<skill>\n  <name>Alpha</name>\n")
    assert "<description>It&apos;s &lt;b&gt; &amp; &quot;q&quot;</description>" in text
    assert "<name>beta</name>\n  <description></description>" in text  # "" is listed as is
    assert "<name>mine</name>\n  <description>Does things.</description>\n" \
           "  <location>user</location>" in text
    assert text.endswith("<location>builtin</location>\n</skill>\n</available_skills>")


def test_a_missing_description_is_the_first_three_lines_that_are_not_headings(
        tmp_path: Path) -> None:
    # conformance case description-from-body: "#Title" is skipped too, a list line is not
    project, home = tree(tmp_path)
    entry = project / ".github/skills/nodesc/SKILL.md"
    entry.parent.mkdir(parents=True)
    entry.write_text("---\nname: nodesc\n---\n# Title\n#Also skipped\n\n- item one\nline two\n\n"
                     "line three\nline four\n", encoding="utf-8")
    views = discover(CLI, project, home, {}).views
    text = render_catalog([v.skill for v in views if v.status is Status.ACTIVE], "copilot-cli",
                          BudgetRequest(home=home), CLI).catalog.text
    assert "<description>- item one line two line three</description>" in text


def test_a_name_or_description_that_is_not_a_string_drops_the_skill(tmp_path: Path) -> None:
    # conformance cases name-numeric, description-empty, codex-yaml-retry
    project, home = tree(tmp_path)
    root = project / ".github/skills"
    fronts = {"numeric": "name: 1000\ndescription: d\n", "null-name": "name:\ndescription: d\n",
              "null-description": "name: null-description\ndescription:\n",
              "map-description": "name: map-description\ndescription: {a: b}\n",
              "no-name": "description: Falls back to the folder.\n",
              "padded": "name: '  padded  '\ndescription: d\n"}
    for folder, front in fronts.items():
        (root / folder).mkdir(parents=True)
        (root / folder / "SKILL.md").write_text(f"---\n{front}---\nBody.\n", encoding="utf-8")
    views = {v.skill.dir_name: v for v in discover(CLI, project, home, {}).views}
    assert {d for d, v in views.items() if v.status is Status.ACTIVE} == {"no-name", "padded"}
    assert views["padded"].name == "padded" and views["no-name"].name == "no-name"
    assert "description is null, not a string" in (views["null-description"].reason or "")
    assert "name is a number, not a string" in (views["numeric"].reason or "")


#: (frontmatter line, whether the Copilot CLI 1.0.102 offers the skill): conformance case
#: field-kinds and the variants run beside it
FIELD_KINDS = {
    "hint-string": ("argument-hint: '[topic]'", True),
    "hint-null": ("argument-hint:", True),
    "hint-list": ("argument-hint: [init | optimize]", False),
    "hint-empty-list": ("argument-hint: []", False),
    "hint-map": ("argument-hint: {a: b}", False),
    "hint-number": ("argument-hint: 3", False),
    "hint-bool": ("argument-hint: true", False),
    "tools-string": ("allowed-tools: Read Bash", True),
    "tools-list": ("allowed-tools: [Read, Bash]", True),
    "tools-empty-list": ("allowed-tools: []", True),
    "tools-numbers": ("allowed-tools: [1]", False),
    "tools-map": ("allowed-tools: {a: b}", False),
    "tools-null": ("allowed-tools:", False),
    "invocable-true": ("user-invocable: True", True),
    "invocable-false": ("user-invocable: false", True),
    "invocable-yes": ("user-invocable: yes", False),
    "invocable-quoted": ("user-invocable: 'true'", False),
    "invocable-one": ("user-invocable: 1", False),
    "invocable-null": ("user-invocable:", False),
    "model-on": ("disable-model-invocation: on", False),
    "model-list": ("disable-model-invocation: [a]", False),
    "license-number": ("license: 3", True),
    "metadata-nested": ("metadata: {a: {b: c}}", True),
    "unknown-list": ("foo: [a]", True),
    "effort-bad": ("effort: extreme", True),
}


def test_a_field_of_a_kind_it_does_not_read_drops_the_skill(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    for folder, (line, _) in FIELD_KINDS.items():
        entry = project / ".github/skills" / folder / "SKILL.md"
        entry.parent.mkdir(parents=True)
        entry.write_text(f"---\nname: {folder}\ndescription: d\n{line}\n---\nBody.\n",
                         encoding="utf-8")
    views = {v.skill.dir_name: v for v in discover(CLI, project, home, {}).views}
    offered = {folder for folder, view in views.items() if view.status is Status.ACTIVE}
    assert offered == {folder for folder, (_, kept) in FIELD_KINDS.items() if kept}
    assert views["hint-list"].reason == "argument-hint is a list, not a string"
    assert views["invocable-yes"].reason == "user-invocable is a string, not true or false"
    assert views["tools-numbers"].reason == \
        "allowed-tools is a list, not a string or a list of strings"


def test_catalog_order_home_folders_then_the_working_directory_then_the_rest(
        tmp_path: Path) -> None:
    # 1.0.102 (conformance cases home-is-git-root, walk-up-git): with $HOME as the git root
    # its folders come first, then the working directory's, then every other folder walked,
    # each group by name; $HOME/.claude/skills is not read by the walk at all
    home = tmp_path / "home"
    (home / ".git").mkdir(parents=True)
    project = home / "code" / "project"
    project.mkdir(parents=True)
    skill(home / ".agents/skills/zz-home")
    skill(home / ".claude/skills/in-home-claude")
    skill(project / ".claude/skills/mm-cwd")
    skill(home / "code/.claude/skills/aa-between")
    views = discover(CLI, project, home, {}).views
    active = [v.skill for v in views if v.status is Status.ACTIVE]
    assert "in-home-claude" not in {v.name for v in views}
    text = render_catalog(active, "copilot-cli", BudgetRequest(home=home, project=project),
                          CLI).catalog.text
    names = [line.strip()[6:-7] for line in text.splitlines() if "<name>" in line]
    assert names[:3] == ["zz-home", "mm-cwd", "aa-between"]


def test_the_catalog_lists_skills_whole_within_15000_characters_then_by_name(
        tmp_path: Path) -> None:
    # 1.0.102 (conformance cases copilot-budget-*): 25 skills of 700-character descriptions,
    # 18 whole and the rest named on one line before the closing tag
    project, home = tree(tmp_path)
    for i in range(25):
        skill(project / f".github/skills/s{i:02d}", description=("d " * 350).strip())
    views = discover(CLI, project, home, {}).views
    active = [v.skill for v in views if v.status is Status.ACTIVE]
    text = render_catalog(active, "copilot-cli", BudgetRequest(home=home, project=project),
                          CLI).catalog.text
    assert text.count("<skill>") == 18
    more = text.splitlines()[-2]
    assert more.startswith("Additional skills available (invoke by name): s18, s19,")
    assert more.endswith("customize-cloud-agent, github-pr-media")
    assert len(text[:text.index("\nAdditional")]) <= 15_000
    wide = render_catalog(active, "copilot-cli", BudgetRequest(home=home, budget_chars=60_000,
                                                              project=project), CLI)
    assert "Additional" not in wide.catalog.text


def test_the_budget_counts_each_skill_and_its_line_break_not_the_opening_tag(
        tmp_path: Path) -> None:
    # 1.0.102 (conformance case copilot-budget-edge): 150 skills of 99 characters each take
    # 150 * 100 = 15,000 with their line breaks and are all whole; with the opening line
    # counted they would be 15,018, and the 150th would be named only
    project, home = tree(tmp_path)
    for i in range(151):
        skill(project / f".claude/skills/s{i:04d}", description="d")
    views = discover(CLI, project, home, {}).views
    active = [v.skill for v in views if v.status is Status.ACTIVE]
    text = render_catalog(active, "copilot-cli", BudgetRequest(home=home, project=project),
                          CLI).catalog.text
    assert text.count("<skill>") == 150
    assert text.splitlines()[-2].startswith("Additional skills available (invoke by name): "
                                            "s0150, customize-cloud-agent")


@pytest.mark.parametrize(("longer", "named"), [(0, 84), (1, 83)])
def test_the_names_line_stops_at_5000_characters(tmp_path: Path, longer: int,
                                                 named: int) -> None:
    # 1.0.102 (conformance cases copilot-names-line, -over; found on 258 real skills): the
    # line may hold 5,000 characters with its opening words, then "... and N more"
    project, home = tree(tmp_path)
    for i in range(13):
        skill(project / f".claude/skills/aaa-fill-{i:02d}", description=f"Fill {'x' * 990} {i}.")
    for i in range(150):
        skill(project / ".claude/skills" / (f"b{i:04d}-" + "y" * (51 + (longer if i == 8 else 0))),
              description=f"Short {i}.")
    views = discover(CLI, project, home, {}).views
    active = [v.skill for v in views if v.status is Status.ACTIVE]
    result = render_catalog(active, "copilot-cli", BudgetRequest(home=home, project=project), CLI)
    more = result.catalog.text.splitlines()[-2]
    shown = more.removeprefix("Additional skills available (invoke by name): ").split("... and")
    statuses = [r.status.value for r in result.catalog.entries]
    dropped = statuses.count("dropped")
    assert len(shown[0].split(", ")) == named == statuses.count("name-only")
    assert shown[1] == f" {dropped} more" and dropped > 50
    assert len(more) - len(f"... and {dropped} more") == (5_000 if named == 84 else 4_942)


def test_a_tab_after_a_colon_is_a_separator(tmp_path: Path) -> None:
    # 1.0.102 (conformance case frontmatter-only): js-yaml refuses it, the CLI does not
    project, home = tree(tmp_path)
    entry = project / ".github/skills/tabbed/SKILL.md"
    entry.parent.mkdir(parents=True)
    entry.write_text("---\nname: tabbed\ndescription:\tA tab after the colon.\n---\nB.\n",
                     encoding="utf-8")
    (view,) = discover(CLI, project, home, {}).views
    assert view.status is Status.ACTIVE and view.description == "A tab after the colon."


def test_a_colon_inside_a_name_is_kept(tmp_path: Path) -> None:
    # 1.0.102 (conformance cases copilot-name-colons, name-punctuation-order): "p:q", "tail:"
    # and a folder "r:s" load; ":lead" and "a/b" do not
    project, home = tree(tmp_path)
    root = project / ".agents/skills"
    for folder, name in (("inner", '"p:q"'), ("tail", '"tail:"'), ("r:s", None),
                         ("lead", '":lead"'), ("slash", '"a/b"')):
        skill(root / folder, name)
    found = {v.name: v.status for v in discover(CLI, project, home, {}).views}
    assert {n for n, s in found.items() if s is Status.ACTIVE} == {"p:q", "tail:", "r:s"}


def test_there_is_no_depth_limit(tmp_path: Path) -> None:
    # 1.0.102 (conformance case copilot-depth): skills 7, 12 and 20 folders below a root load
    project, home = tree(tmp_path)
    for depth in (6, 7, 12, 20):
        parts = [f"d{i}" for i in range(depth - 1)] + [f"depth-{depth:02d}"]
        skill(project.joinpath(".agents/skills", *parts))
    views = discover(CLI, project, home, {}).views
    assert sorted(v.name for v in views if v.status is Status.ACTIVE) == [
        "depth-06", "depth-07", "depth-12", "depth-20"]


def command(folder: Path, file: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(text, encoding="utf-8")
    return path


def test_claude_code_commands_are_skills_of_their_own(tmp_path: Path) -> None:
    # conformance cases cc-commands and copilot-commands
    project, home = tree(tmp_path)
    root = project / ".claude/commands"
    plain = command(root, "plain.md", "---\ndescription: Plain.\n---\nX.\n")
    named = command(root, "named.md", "---\nname: zz-other\ndescription: Named.\n---\n")
    spaced = command(root, "two  words.md", "---\ndescription: Spaced.\n---\n")
    upper = command(root, "upper.MD", "---\ndescription: Upper-case extension.\n---\n")
    bare = command(root, "bare.md", "\n\n# Title\nFirst body line.\nSecond.\n")
    empty = command(root, "empty.md", "")
    bad_name = command(root, "bad.md", "---\nname: Bad Name!\ndescription: Bad.\n---\n")
    bad_yaml = command(root, "broken.md", "---\ndescription: [unclosed\n---\n")
    too_long = command(root, "long.md", "---\ndescription: " + "word " * 300 + "\n---\n")
    text_file = command(root, "notes.txt", "---\ndescription: Not Markdown.\n---\n")
    nested = command(root / "sub", "nested.md", "---\ndescription: Nested.\n---\n")
    (root / "folder.md").mkdir()
    views = {v.path: v for v in discover(CLI, project, home, {}).views}
    assert views[plain].status is Status.ACTIVE and views[plain].name == "plain"
    assert views[named].name == "zz-other"
    assert views[spaced].name == "two-words"
    assert views[upper].name == "upper"
    assert views[bare].status is Status.ACTIVE
    assert views[bare].description == "First body line. Second."
    assert views[empty].status is Status.ACTIVE and views[empty].name == "empty"
    for dropped in (bad_name, bad_yaml, too_long):
        assert views[dropped].status is Status.INVALID, dropped
    assert text_file not in views and nested not in views
    assert not any(path.name == "folder.md" for path in views)
    assert all(v.scope.value == "project" for v in views.values())
    # a file without frontmatter is in the catalog too, read with empty metadata
    skills = [v.skill for v in views.values() if v.status is Status.ACTIVE]
    text = render_catalog(skills, "copilot-cli", BudgetRequest(home=home, project=project),
                          CLI).catalog.text
    assert "<name>bare</name>\n  <description>First body line. Second.</description>" in text
    assert "<name>empty</name>\n  <description></description>" in text


def test_a_skill_a_builtin_and_the_nearer_folder_win_over_a_command(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    cwd = project / "sub/deeper"
    cwd.mkdir(parents=True)
    skill(project / ".claude/skills/taken", description="The project skill.")
    skill(home / ".copilot/skills/mine", description="The user's skill.")
    root = project / ".claude/commands"
    lost_to_skill = command(root, "taken.md", "---\ndescription: A command.\n---\n")
    lost_to_user = command(root, "mine.md", "---\ndescription: A command.\n---\n")
    lost_to_builtin = command(root, "github-pr-media.md", "---\ndescription: Cmd.\n---\n")
    far = command(root, "aa.md", "---\nname: same\ndescription: Far.\n---\n")
    near = command(project / "sub/.claude/commands", "zz.md",
                   "---\nname: same\ndescription: Near.\n---\n")
    views = {v.path: v for v in discover(CLI, cwd, home, {}).views}
    for lost in (lost_to_skill, lost_to_user, lost_to_builtin, far):
        assert views[lost].status is Status.SHADOWED, lost
    assert "built-in" in (views[lost_to_builtin].reason or "")
    assert views[near].status is Status.ACTIVE


def test_commands_are_listed_after_the_builtins(tmp_path: Path) -> None:
    project, home = tree(tmp_path)
    cwd = project / "sub"
    cwd.mkdir()
    skill(project / ".claude/skills/zeta")
    command(project / ".claude/commands", "b-root.md", "---\ndescription: B.\n---\n")
    command(project / ".claude/commands", "Upper.md", "---\ndescription: U.\n---\n")
    command(project / ".claude/commands", "hidden.md",
            "---\ndescription: H.\ndisable-model-invocation: true\n---\n")
    command(cwd / ".claude/commands", "z-cwd.md", "---\ndescription: Z.\n---\n")
    views = discover(CLI, cwd, home, {}).views
    hidden = next(v for v in views if v.name == "hidden")
    assert hidden.status is Status.HIDDEN and "not in the catalog" in (hidden.reason or "")
    skills = [v.skill for v in views if v.status is Status.ACTIVE]
    text = render_catalog(skills, "copilot-cli", BudgetRequest(home=home, project=cwd),
                          CLI).catalog.text
    names = [line.strip()[len("<name>"):-len("</name>")] for line in text.splitlines()
             if line.strip().startswith("<name>")]
    # the working directory's folder first, then the others by byte order; "hidden" is
    # loaded but left out of the catalog
    assert names == ["zeta", "customize-cloud-agent", "github-pr-media", "z-cwd", "Upper",
                     "b-root"]


def test_a_project_skill_named_like_a_builtin_replaces_it(tmp_path: Path) -> None:
    # conformance case builtin-named
    project, home = tree(tmp_path)
    skill(project / ".agents/skills/github-pr-media", description="Mine.")
    skills = [v.skill for v in discover(CLI, project, home, {}).views
              if v.status is Status.ACTIVE]
    text = render_catalog(skills, "copilot-cli", BudgetRequest(home=home), CLI).catalog.text
    assert text.count("<name>github-pr-media</name>") == 1
    assert "<description>Mine.</description>" in text


def test_a_name_made_of_a_folder_or_file_name_is_checked(tmp_path: Path) -> None:
    # conformance case copilot-folder-names
    project, home = tree(tmp_path)
    root = project / ".agents/skills"
    spaced = skill(root / "Two  Spaces")
    declared = skill(root / "declared", name="Two  Spaced")
    trailing = skill(root / "trail-")
    refused = [skill(root / folder) for folder in ("-dash", "bang!", "x" * 70, " lead",
                                                    "tab\tx", "é-accent")]
    refused_file = command(project / ".claude/commands", "-dash-cmd.md",
                           "---\ndescription: D.\n---\n")
    views = {v.path: v for v in discover(CLI, project, home, {}).views}
    assert views[spaced].name == "Two-Spaces" and views[spaced].status is Status.ACTIVE
    assert views[declared].name == "Two-Spaced"
    assert views[trailing].status is Status.ACTIVE
    for entry in (*refused, refused_file):
        assert views[entry].status is Status.INVALID, entry
    assert "the folder's name" in (views[refused[0]].reason or "")
    assert "the file's name" in (views[refused_file].reason or "")


def test_a_fifo_a_device_and_bad_links_named_like_commands_are_skipped(
        tmp_path: Path) -> None:
    import os

    project, home = tree(tmp_path)
    root = project / ".claude/commands"
    root.mkdir(parents=True)
    os.mkfifo(root / "pipe.md")
    (root / "zero.md").symlink_to("/dev/zero")
    (root / "loop.md").symlink_to("loop.md")
    (root / "dangling.md").symlink_to("nowhere.md")
    good = command(root, "good.md", "---\ndescription: Good.\n---\n")
    found = discover(CLI, project, home, {})
    views = {v.path: v for v in found.views}
    assert views[good].status is Status.ACTIVE
    assert set(views) == {good}
    assert any(note.reason == "dangling-symlink" and note.path == root / "dangling.md"
               for note in found.notes)


def test_show_and_run_script_treat_a_command_file_as_a_skill_of_its_own(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from skillctl.cli.app import app

    project, home = tree(tmp_path)
    root = project / ".claude/commands"
    command(root, "deploy.md", "---\ndescription: Deploy it.\n---\nRun it.\n")
    command(root, "other.md", "---\ndescription: Another.\n---\n")
    (root / "helper.sh").write_text("echo hi\n", encoding="utf-8")
    runner = CliRunner()
    where = ["--agent", "copilot-cli", "--project", str(project), "--home", str(home)]
    shown = runner.invoke(app, ["show", "deploy", *where, "--format", "json"],
                          catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert data["path"] == str(root / "deploy.md")
    assert [f["path"] for f in data["files"]] == ["deploy.md"]  # not the folder's others
    assert data["scripts"] == []
    ran = runner.invoke(app, ["run-script", "deploy", "helper.sh", *where])
    assert ran.exit_code == 2
    assert "has no scripts" in ran.stderr


def test_a_skill_md_over_one_mebibyte_is_not_loaded(tmp_path: Path) -> None:
    # conformance case frontmatter-closers: 1,048,576 bytes load, 1,048,577 do not
    project, home = tree(tmp_path)
    entries = {}
    for size in (1_048_576, 1_048_577):
        head = f"---\nname: size-{size}\ndescription: Big.\n---\n"
        entry = project / ".agents/skills" / f"size-{size}" / "SKILL.md"
        entry.parent.mkdir(parents=True)
        entry.write_text(head + "x" * (size - len(head) - 1) + "\n", encoding="utf-8")
        assert entry.stat().st_size == size
        entries[size] = entry
    found = statuses(project, home)
    assert found[entries[1_048_576]] is Status.ACTIVE
    assert found[entries[1_048_577]] is Status.INVALID


def test_a_command_file_named_skill_md_is_the_skill_skill(tmp_path: Path) -> None:
    # conformance case commands-skill-md: the folder's SKILL.md is a file of its own, and
    # it hides none of the folder's other files (as a SKILL.md in a skills root would)
    project, home = tree(tmp_path)
    root = project / ".claude/commands"
    upper = command(root, "SKILL.md", "---\ndescription: Named SKILL.md.\n---\nB.\n")
    other = command(root, "other.md", "---\ndescription: Other.\n---\nB.\n")
    views = {v.path: v for v in discover(CLI, project, home, {}).views}
    assert views[upper].status is Status.ACTIVE and views[upper].name == "SKILL"
    assert views[other].status is Status.ACTIVE and views[other].name == "other"
