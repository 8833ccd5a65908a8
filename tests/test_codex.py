"""Codex as the conformance suite found @openai/codex 0.169.0: its YAML dialect, validity rules,
roots and catalog, each pinned on a real tree (no Codex needed to run these)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.agents import get_profile
from skillctl.cli.app import app
from skillctl.discovery import Resolution, SkillView, Status, discover
from tests.conftest import write_skill

ENV: dict[str, str] = {}


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "work" / "proj"
    home.mkdir()
    (project / ".git").mkdir(parents=True)
    return home, project


def codex(home: Path, cwd: Path) -> Resolution:
    return discover(get_profile("codex"), cwd, home, ENV)


def raw_skill(root: Path, folder: str, text: str) -> Path:
    (root / folder).mkdir(parents=True, exist_ok=True)
    entry = root / folder / "SKILL.md"
    entry.write_bytes(text.encode("utf-8"))
    return entry


def by_path(res: Resolution) -> dict[Path, SkillView]:
    return {v.skill.entry: v for v in res.views}


# (frontmatter, expected name or None when Codex 0.169.0 reports an error, description)
FRONTMATTERS = [
    ("name: 123\ndescription: num\n", "123", "num"),
    ("name: 1.50\ndescription: float\n", "1.50", "float"),
    ("name: true\ndescription: 42\n", "true", "42"),
    ("name: [a, b]\ndescription: list\n", None, None),
    ("name: ~\ndescription: null name\n", "dirname", "null name"),
    ("name: '  spaced  '\ndescription: '  padded  '\n", "spaced", "padded"),
    ("name: x\n", None, None),
    ("name: x\ndescription: ''\n", None, None),
    ("name: x\ndescription:\n", None, None),
    ("name: x\ndescription: Use: this #tag\n", "x", "Use: this"),
    ("name: x\ndescription: a # b\n", "x", "a"),
    ("name: x\ndescription: [unclosed\n", "x", "[unclosed"),
    ("name: x\ndescription: {a: b}\n", "x", "{a: b}"),
    ("name: x\ndescription: [a, b]\nbad: x: y\n", None, None),
    ("name: x\ndescription: 'a': b\n", None, None),
    ("name: x\ndescription: d\nmetadata:\n  short-description: a: b\n", "x", "d"),
    ("name: x\ndescription: d\nmetadata: notamap\n", None, None),
    ("name: x\ndescription:\tA tab after the colon.\n", "x", "A tab after the colon."),
    ("name: x\ndescription: |\n  multi\n  line\nbad: x: y\n", "x", "multi\nline"),
    ("name: x\nname: y\ndescription: dup\n", None, None),
    # which values its retry quotes (probes of 2026-11-29)
    ("name: x\ndescription: Ends with a colon:\n", None, None),
    ("name: x\ndescription: - starts with a dash\n", None, None),
    ("name: x\ndescription: - x: y\n", "x", "- x: y"),
    ("name: x\ndescription: ? is a question\n", None, None),
    ("name: x\ndescription: %percent start\n", None, None),
    ("name: x\ndescription: *alias start\n", None, None),
    ("name: x\ndescription: ]bracket start\n", None, None),
    ("name: x\ndescription: @at start\n", "x", "@at start"),
    ("name: x\ndescription: `code` first\n", "x", "`code` first"),
    ("name: x\ndescription: [a, b] trailing\n", "x", "[a, b] trailing"),
    ("name: x\n<<: {description: merged}\n", None, None),  # "<<" is a key to serde
    # a key repeated where Codex does not read (conformance case nested-duplicate-keys)
    ("name: x\ndescription: d\nmetadata:\n  author: a\n  author: b\n", "x", "d"),
    ("name: x\ndescription: d\nmetadata: {tier: a, tier: b}\n", "x", "d"),
    ("name: x\ndescription: d\nx-team: a\nx-team: b\n", "x", "d"),
    ("name: x\ndescription: d\nallowed-tools:\n  - {k: 1, k: 2}\n", "x", "d"),
    ("name: x\ndescription: d\nmetadata:\n  a: 1\nmetadata:\n  b: 2\n", None, None),
    ("name: x\ndescription: d\nmetadata:\n  short-description: a\n"
     "  short-description: b\n", None, None),
    ("name: x\ndescription: d\nx-team: a\nx-team: b\ndescription: e\n", None, None),
]


@pytest.mark.parametrize(("frontmatter", "name", "description"), FRONTMATTERS)
def test_frontmatter_as_codex_reads_it(world: tuple[Path, Path], frontmatter: str,
                                       name: str | None, description: str | None) -> None:
    home, project = world
    entry = raw_skill(project / ".agents/skills", "dirname", f"---\n{frontmatter}---\nBody\n")
    view = by_path(codex(home, project))[entry]
    if name is None:
        assert view.status is Status.INVALID
    else:
        assert view.status is Status.ACTIVE, view.reason
        assert (view.name, view.description) == (name, description)


def test_no_description_limit_and_node_modules_scanned(world: tuple[Path, Path]) -> None:
    home, project = world
    root = project / ".agents/skills"
    long = raw_skill(root, "long", "---\nname: long\ndescription: " + "x" * 1500 + "\n---\n")
    nested = raw_skill(root / "node_modules", "nm", "---\nname: nm\ndescription: d\n---\n")
    views = by_path(codex(home, project))
    assert views[long].status is Status.ACTIVE
    assert views[nested].status is Status.ACTIVE


def test_empty_block_bom_and_linked_entry_are_not_loaded(world: tuple[Path, Path]) -> None:
    home, project = world
    root = project / ".agents/skills"
    empty = raw_skill(root, "empty", "---\n---\nBody\n")
    bom = raw_skill(root, "bom", "\ufeff---\nname: bom\ndescription: d\n---\n")
    source = raw_skill(project / "docs", "real", "---\nname: real\ndescription: d\n---\n")
    (root / "linked").mkdir()
    os.symlink(source, root / "linked" / "SKILL.md")
    views = by_path(codex(home, project))
    assert views[empty].status is Status.INVALID
    assert views[bom].status is Status.INVALID
    assert views[root / "linked" / "SKILL.md"].status is not Status.ACTIVE


def test_project_codex_skills_from_the_working_directory_up_to_the_git_root(
        world: tuple[Path, Path], tmp_path: Path) -> None:
    """Codex 0.169.0 reads .codex/skills in each config layer, nearest first, from the working
    directory up to the git root; outside a repository only the working directory's."""
    home, project = world
    top = write_skill(project / ".codex/skills", "top") / "SKILL.md"
    mid = write_skill(project / "sub/.codex/skills", "mid") / "SKILL.md"
    low = write_skill(project / "sub/deeper/.codex/skills", "low") / "SKILL.md"
    here = by_path(codex(home, project))
    assert here[top].status is Status.ACTIVE and mid not in here and low not in here
    below = codex(home, project / "sub")
    active = [v.skill.entry for v in below.views if v.status is Status.ACTIVE]
    assert active == [mid, top]
    loose = tmp_path / "loose"
    outer = write_skill(loose / ".codex/skills", "outer") / "SKILL.md"
    inner = write_skill(loose / "sub/.codex/skills", "inner") / "SKILL.md"
    alone = by_path(codex(home, loose / "sub"))
    assert alone[inner].status is Status.ACTIVE and outer not in alone


EXPECTED_CATALOG = """\
<skills_instructions>
## Skills
A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. \
Below is the list of skills that can be used. Each entry includes a name, description, and a \
short path that can be expanded into an absolute path using the skill roots table.
### Skill roots
- `r0` = `<P>/.codex/skills`
- `r1` = `<H>/.agents/skills`
- `r2` = `<H>/.codex/skills/.system`
- `r3` = `<P>/.agents/skills`
### Available skills
- imagegen: {imagegen}
- openai-docs: {openai_docs}
- skill-creator: Create or update a Codex skill with appropriately scoped instructions and any \
needed supporting resources. (file: r2/skill-creator/SKILL.md)
- skill-installer: {installer}
- from-agents: Multi line. (file: r3/from-agents/SKILL.md)
- from-codex: {long}... (file: r0/from-codex/SKILL.md)
- linked: User skill. (file: r1/linked/SKILL.md)
</skills_instructions>
"""


def test_render_matches_the_codex_0_169_0_catalog(world: tuple[Path, Path],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Roots table in scan order (project .codex, user, System, repo), System skills from
    the profile's data, skills by scope then name, short paths, descriptions cut at 1,024."""
    home, project = world
    write_skill(project / ".agents/skills", "from-agents",
                "name: from-agents\ndescription: |\n  Multi\n  line.\n")
    write_skill(project / ".codex/skills", "from-codex",
                "name: from-codex\ndescription: " + "y" * 1100 + "\n")
    target = write_skill(home / "store", "linked", "name: linked\ndescription: User skill.\n")
    (home / ".agents/skills").mkdir(parents=True)
    os.symlink(target, home / ".agents/skills/linked")
    monkeypatch.chdir(project)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    result = CliRunner().invoke(app, ["render", "--agent", "codex", "--project", str(project),
                                      "--home", str(home)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    system = dict((name, (desc, path)) for name, desc, path
                  in get_profile("codex").catalog_builtins)

    def line(name: str) -> str:
        desc, path = system[name]
        return f"{desc} (file: r2/{path})"

    expected = (EXPECTED_CATALOG.replace("<P>", str(project)).replace("<H>", str(home))
                .format(imagegen=line("imagegen"), openai_docs=line("openai-docs"),
                        installer=line("skill-installer"), long="y" * 1021))
    assert result.stdout == expected


def test_openai_yaml_can_keep_a_skill_out_of_the_catalog(world: tuple[Path, Path],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """agents/openai.yaml ``policy.allow_implicit_invocation: false``: loaded, not listed
    (Codex 0.169.0 does this to its own review-agent and to a user's skill alike)."""
    home, project = world
    root = project / ".agents/skills"
    write_skill(root, "shown", "name: shown\ndescription: Listed.\n")
    quiet = write_skill(root, "quiet", "name: quiet\ndescription: Not listed.\n")
    (quiet / "agents").mkdir()
    (quiet / "agents/openai.yaml").write_text("policy:\n  allow_implicit_invocation: false\n")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(app, ["render", "--agent", "codex", "--project", str(project),
                                      "--home", str(home)], catch_exceptions=False)
    assert "- shown: Listed." in result.stdout
    assert "quiet" not in result.stdout and "allow_implicit_invocation" in result.stderr
    assert by_path(codex(home, project))[quiet / "SKILL.md"].status is Status.ACTIVE


def test_default_budget_is_two_percent_of_the_default_model(tmp_path: Path) -> None:
    """Without --context-tokens the budget is 2% of 500,000 tokens (Codex 0.171.0's default
    model, gpt-6.2-sol): a 38,739-byte list is kept whole by the real agent, a 40,061-byte one
    is cut (conformance cases codex-budget-under and -over)."""
    from skillctl.render.catalog import render_catalog
    from skillctl.render.types import BudgetRequest

    result = render_catalog([], "codex", BudgetRequest(home=tmp_path), get_profile("codex"))
    assert (result.catalog.budget.limit, result.catalog.budget.unit) == (10_000, "tokens")


@pytest.mark.parametrize(("pad", "entry_bytes"), [(0, 21755), (28, 21751), (60, 21687)])
def test_roots_table_beyond_its_allowance_is_charged_to_the_budget(pad: int,
                                                                   entry_bytes: int) -> None:
    """31 user skills of 629-character descriptions under a home of growing length: the bytes
    of the entry lines Codex 0.169.0 kept, measured with the real agent."""
    from skillctl.model import Scope
    from skillctl.render.budgeted import render_codex
    from skillctl.render.types import BudgetRequest, CatalogEntry

    home = "/zzz/cx/c" + "x" * pad + "/home"  # as long as the measured /tmp/cx/c..., no link
    system = f"{home}/.codex/skills/.system"
    user = f"{home}/.agents/skills"
    entries = [CatalogEntry(name, desc, f"{system}/{path}", Path(system, path),
                            scope=Scope.SYSTEM, root=system)
               for name, desc, path in get_profile("codex").catalog_builtins]
    for i in range(31):
        location = f"{user}/s{i:02d}/SKILL.md"
        entries.append(CatalogEntry(f"s{i:02d}", " ".join([f"word{i:02d}"] * 90), location,
                                    Path(location), scope=Scope.USER, root=user))
    text = render_codex(entries, BudgetRequest(context_tokens=272_000,
                                               description_cap=1024)).text
    kept = [line for line in text.splitlines() if "(file: " in line]
    assert sum(len(line.encode()) + 1 for line in kept) == entry_bytes


def test_codex_trims_and_joins_at_unicode_white_space_only(world: tuple[Path, Path]) -> None:
    # Codex 0.169.0 (conformance case description-controls): Rust's char::is_whitespace,
    # which leaves the separators \x1c-\x1f that Python's strip() and split() take
    home, project = world
    texts = {"fs": "\\u001cAb cd\\u001c", "unit": "Ab\\u001fcd", "nel": "\\u0085Ab\\u0085\\u2028cd",
             "ctl": "\\u0001Ab\\u000bcd"}
    for name, text in texts.items():
        write_skill(project / ".agents/skills", name, f'name: {name}\ndescription: "{text}"\n')
    result = CliRunner().invoke(app, ["render", "--agent", "codex", "--project", str(project),
                                      "--home", str(home)], catch_exceptions=False)
    assert result.exit_code == 0
    lines = {name: line[len(name) + 4:].split(" (file:")[0]
             for line in result.stdout.split("\n") for name in texts
             if line.startswith(f"- {name}: ")}
    assert lines["fs"] == "\x1cAb cd\x1c"
    assert lines["unit"] == "Ab\x1fcd"
    assert lines["nel"] == "Ab cd"
    assert lines["ctl"] == "\x01Ab cd"


def test_a_file_that_is_not_utf8_is_not_read(world: tuple[Path, Path]) -> None:
    home, project = world
    folder = project / ".agents/skills/latin1"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_bytes(b"---\nname: latin1\ndescription: Caf\xe9.\n---\nB.\n")
    view = by_path(codex(home, project))[folder / "SKILL.md"]
    assert view.status is Status.INVALID
    assert "valid UTF-8" in (view.reason or "")
    opencode = discover(get_profile("opencode"), project, home, ENV)
    assert [v.status for v in opencode.views] == [Status.ACTIVE]  # (it shows U+FFFD)


@pytest.mark.parametrize(("empty", "found"), [(1996, True), (1997, False)])
def test_a_root_is_walked_for_2000_folders_breadth_first_by_name(
        world: tuple[Path, Path], empty: int, found: bool) -> None:
    # 0.169.0 (conformance case codex-folder-cap): the root, then its folders by name, then
    # theirs; a dot folder is not counted. The root, a-first, the empty folders and zz fill
    # the first level; zz/late is the 2,000th folder only when 1,996 are empty.
    home, project = world
    root = project / ".agents/skills"
    raw_skill(root, "a-first", "---\nname: a-first\ndescription: First.\n---\nB.\n")
    for i in range(empty):
        (root / f"e{i:04d}").mkdir()
    (root / ".dot" / "x").mkdir(parents=True)
    late = raw_skill(root / "zz", "late", "---\nname: late\ndescription: Late.\n---\nB.\n")
    view = by_path(codex(home, project))[late]
    if found:
        assert view.status is Status.ACTIVE
    else:
        assert view.status is Status.HIDDEN and "after 2,000 folders" in (view.reason or "")
