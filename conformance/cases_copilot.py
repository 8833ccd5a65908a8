"""Cases for the GitHub Copilot CLI's catalog budget: which skills it lists in full and which
only by name ("Additional skills available"), and where that line of names stops (5,000
characters, then "... and N more"), run against the Copilot CLI only."""

from __future__ import annotations

from pathlib import Path

from conformance import cases as shared
from conformance.drivers import DRIVER_MODULES
from conformance.model import Case

CaseBuilder = shared.CaseBuilder
CASES: dict[str, CaseBuilder] = {}
_OTHERS = {agent: "a Copilot CLI case" for agent in DRIVER_MODULES if agent != "copilot-cli"}


def _budget(case_id: str, count: int, words: int, root: str, about: str) -> CaseBuilder:
    def build(base: Path) -> Case:
        home, project = shared.tree(base)
        where = home if root.startswith("~/") else project
        for i in range(count):
            word = f"word{i:02d} "
            shared.skill(where / root.removeprefix("~/") / f"s{i:02d}",
                         description=(word * words).strip())
        return shared.make(case_id, base, home, project, about, skip=_OTHERS)
    build.__name__ = case_id.replace("-", "_")
    CASES[case_id] = build
    return build


_budget("copilot-budget-short-user", 40, 3, "~/.agents/skills",
        "40 personal skills with short descriptions")
_budget("copilot-budget-long-project", 30, 90, ".github/skills",
        "30 project skills with 629-character descriptions")
_budget("copilot-budget-mid-user", 30, 40, "~/.agents/skills",
        "30 personal skills with 279-character descriptions")


def _budget_edge(case_id: str, count: int, about: str) -> CaseBuilder:
    """Skills of 99 characters each (``s0000``, description ``d``): with the line break after
    each, 150 take exactly 15,000 characters, the opening tag not counted (seen on a real
    tree whose block was 15,014 characters with it, and with these: 150 whole, not 149)."""
    def build(base: Path) -> Case:
        home, project = shared.tree(base)
        for i in range(count):
            shared.skill(project / ".claude/skills" / f"s{i:04d}", description="d")
        return shared.make(case_id, base, home, project, about, skip=_OTHERS)
    build.__name__ = case_id.replace("-", "_")
    CASES[case_id] = build
    return build


_budget_edge("copilot-budget-edge", 151, "151 skills of which 150 take exactly 15,000 "
             "characters")


def copilot_depth(base: Path) -> Case:
    # found on a real tree (kaiohenricunha/dotclaude in .agents/skills: a template skill 7
    # folders deep won over a shallower copy): the CLI has no depth limit of its own
    home, project = shared.tree(base)
    for depth in (6, 7, 12, 20):
        parts = [f"d{i}" for i in range(depth - 1)] + [f"depth-{depth:02d}"]
        shared.skill(project / ".agents/skills" / Path(*parts), description=f"At {depth}.")
        parts = [f"u{i}" for i in range(depth - 1)] + [f"user-depth-{depth:02d}"]
        shared.skill(home / ".copilot/skills" / Path(*parts), description=f"User, {depth}.")
    return shared.make("copilot-depth", base, home, project,
                       "skills 6 to 20 folders below a project and a personal root",
                       skip=_OTHERS)


CASES["copilot-depth"] = copilot_depth


def _names_line(case_id: str, longer: int, about: str) -> CaseBuilder:
    """13 skills with 1,000-character descriptions fill most of the budget; 150 skills with
    57-character names follow, so that the names line holds exactly 5,000 characters after
    84 names, or 5,001 when the fifth name of the line is ``longer`` by one."""
    def build(base: Path) -> Case:
        home, project = shared.tree(base)
        root = project / ".claude/skills"
        for i in range(13):
            shared.skill(root / f"aaa-fill-{i:02d}", description=f"Fill {'x' * 990} {i}.")
        for i in range(150):
            name = f"b{i:04d}-" + "y" * (51 + (longer if i == 8 else 0))
            shared.skill(root / name, description=f"Short {i}.")
        return shared.make(case_id, base, home, project, about, skip=_OTHERS)
    build.__name__ = case_id.replace("-", "_")
    CASES[case_id] = build
    return build


_names_line("copilot-names-line", 0, "a names line of exactly 5,000 characters")
_names_line("copilot-names-line-over", 1, "a names line one character over 5,000")


def copilot_name_colons(base: Path) -> Case:
    """Colons in names: the Copilot CLI keeps ``a:b:c`` and ``tail:``, refuses ``:lead`` and
    ``a/b`` (its name rule's first character is a letter or a digit)."""
    home, project = shared.tree(base)
    root = project / ".agents/skills"
    shared.skill(root / "colon-in-name", name='"p:q"')
    shared.skill(root / "c:folder", name="cfolder")
    shared.skill(root / "r:s")
    shared.skill(root / "lead", name='":lead"')
    shared.skill(root / "tail", name='"tail:"')
    shared.skill(root / "two", name='"a:b:c"')
    shared.skill(root / "slash", name='"a/b"')
    return shared.make("copilot-name-colons", base, home, project,
                       "colons and a slash in names and folder names")


CASES["copilot-name-colons"] = copilot_name_colons


def copilot_commands(base: Path) -> Case:
    """Claude Code's commands as the Copilot CLI reads them: each ``.md`` file directly in a
    ``.claude/commands`` folder from the working directory up to the git root is a project
    skill (not the files of its subfolders, not other files), named by its ``name`` field
    (an invalid one drops the file) or its file name, spaces made ``-``; described by its
    ``description`` or its first body lines (one over 1,024 characters drops the file); the
    nearer folder's file wins a name, and a skill or a built-in of the name wins over a file;
    listed after the built-in skills. Run for every agent: Claude Code lists these files as
    its commands (one with neither a description nor a body line as "Custom command")."""
    import os

    home, project = shared.tree(base)
    sub = project / "sub"
    cwd = sub / "deeper"
    cwd.mkdir(parents=True, exist_ok=True)
    root = project / ".claude/commands"
    write = shared.write
    for name, text in (
            ("b-root.md", "---\ndescription: B root.\n---\nX.\n"),
            ("a-root.md", "---\ndescription: A root.\n---\nX.\n"),
            ("dup.md", "---\ndescription: Root dup.\n---\nX.\n"),
            ("Upper.md", "---\ndescription: Upper.\n---\nX.\n"),
            ("with space.md", "---\ndescription: With space.\n---\nX.\n"),
            ("named.md", "---\nname: zz-other\ndescription: Named.\n---\nX.\n"),
            ("badname.md", "---\nname: Bad Name!\ndescription: Bad name field.\n---\nX.\n"),
            ("nodesc.md", "\n\nFirst body line here.\nSecond.\n"),
            ("empty.md", ""),
            ("fmonly.md", "---\nargument-hint: x\n---\n"),
            ("hidden.md",
             "---\ndescription: Hidden.\ndisable-model-invocation: true\n---\nX.\n"),
            ("x.MD", "---\ndescription: Upper-case extension.\n---\nX.\n"),
            ("t.txt", "---\ndescription: Not Markdown.\n---\nX.\n"),
            ("nested/n.md", "---\ndescription: In a subfolder.\n---\nX.\n"),
            ("skill-x.md", "---\ndescription: A file named like a project skill.\n---\nX.\n"),
            ("u-skill.md", "---\ndescription: A file named like a user skill.\n---\nX.\n"),
            ("customize-cloud-agent.md",
             "---\ndescription: A file named like a built-in.\n---\nX.\n"),
            ("longdesc.md", "---\ndescription: " + "word " * 300 + "\n---\nX.\n"),
            ("aa.md", "---\nname: same\ndescription: same in the root's aa.\n---\nX.\n"),
            # read as each agent reads its skills: Claude Code cuts at the next "---", reads
            # the last of a repeated key and writes 1.50 as 1.5
            ("cut.md", "---\ndescription: Use for A---B when asked.\n---\nBody line.\n"),
            ("num.md", "---\ndescription: 1.50\n---\nBody line.\n"),
            ("dup.md", "---\ndescription: First.\ndescription: Second.\n---\nBody line.\n"),
            ("hook.md", "---\ndescription: Plans.\nx: \"echo '---BEGIN---'; cat p\"\n---\n# P\n")):
        write(root / name, text)
    write(base / "elsewhere/target.md", "---\ndescription: A linked file.\n---\nX.\n")
    os.symlink(base / "elsewhere/target.md", root / "linked.md")
    (root / "folder.md").mkdir()
    write(sub / ".claude/commands/dup.md", "---\ndescription: Sub dup.\n---\nX.\n")
    write(sub / ".claude/commands/m-sub.md", "---\ndescription: M sub.\n---\nX.\n")
    write(sub / ".claude/commands/zz.md", "---\nname: same\ndescription: same in sub's zz.\n---\n")
    write(cwd / ".claude/commands/c-cwd.md", "---\ndescription: C cwd.\n---\nX.\n")
    shared.skill(project / ".claude/skills/skill-x", description="The project skill.")
    shared.skill(home / ".copilot/skills/u-skill", description="The user skill.")
    return shared.make("copilot-commands", base, home, cwd,
                       "the .md files of .claude/commands folders, read as skills")


CASES["copilot-commands"] = copilot_commands


def copilot_folder_names(base: Path) -> Case:
    """Names the Copilot CLI makes of folders and files without a name field: a run of spaces
    is one ``-``; a name that breaks its rule (a leading ``-`` or space, ``!``, a tab, a
    letter outside ASCII, over 64 characters) drops the skill, as a declared one does."""
    home, project = shared.tree(base)
    root = project / ".agents/skills"
    for folder in ("-dash", "bang!", "ok.dots_under", "x" * 70, "Two  Spaces", " lead",
                   "tab\tx", "é-accent", "trail-", "fine"):
        shared.write(root / folder / "SKILL.md", f"---\ndescription: Folder {folder!r}.\n---\n")
    shared.write(root / "declared/SKILL.md", "---\nname: Two  Spaced\ndescription: Two.\n---\n")
    shared.write(root / "declared-tab/SKILL.md",
                 '---\nname: "tab\\tname"\ndescription: Tab.\n---\n')
    commands = project / ".claude/commands"
    for file in ("bang!.md", "ok.dots.md", "y" * 70 + ".md", "Three   Spaces.md", "é-cmd.md",
                 " lead-cmd.md", "-dash-cmd.md"):
        shared.write(commands / file, f"---\ndescription: File {file!r}.\n---\n")
    return shared.make("copilot-folder-names", base, home, project,
                       "folder and file names made into names, and refused",
                       skip=_OTHERS)


CASES["copilot-folder-names"] = copilot_folder_names


def commands_skill_md(base: Path) -> Case:
    """A ``.claude/commands`` folder holding a file named ``SKILL.md`` (or ``skill.md``): the
    Copilot CLI reads it as the skill ``SKILL`` beside the folder's other files; Claude Code
    takes such a folder for a skill named after it (an expected difference). Run for every
    agent."""
    home, project = shared.tree(base)
    root = project / ".claude/commands"
    shared.write(root / "SKILL.md", "---\ndescription: A command file named SKILL.md.\n---\nB.\n")
    shared.write(root / "other.md", "---\ndescription: Other command.\n---\nBody.\n")
    shared.write(project / "sub/.claude/commands/skill.md",
                 "---\ndescription: A lower-case skill.md command.\n---\nBody.\n")
    return shared.make("commands-skill-md", base, home, project / "sub",
                       "a command file named SKILL.md")


CASES["commands-skill-md"] = commands_skill_md


def skills_dirs(base: Path) -> Case:
    # 1.0.102: $COPILOT_SKILLS_DIRS is split at commas, blanks around each folder trimmed and
    # empty ones passed over, ~ not expanded, a relative folder taken from the working
    # directory; its skills come after every project and user skill (which win a name), the
    # first listed folder before the second, in the catalog as "custom", sorted by name
    # before the built-ins (one of which a listed skill replaces); dot folders skipped,
    # node_modules and any depth entered
    home, project = shared.tree(base)
    first, second = base / "first", base / "second"
    shared.skill(first / "aaa-custom")
    shared.skill(first / "x/y/deep-custom")
    shared.skill(first / ".hidden/hidden-custom")
    shared.skill(first / "node_modules/module-custom")
    shared.skill(first / "in-both", description="The first folder's copy.")
    shared.skill(second / "in-both", description="The second folder's copy.")
    shared.skill(first / "dup-project", description="Custom copy, shadowed.")
    shared.skill(project / ".github/skills/dup-project", description="Project copy.")
    shared.skill(first / "dup-user", description="Custom copy, shadowed.")
    shared.skill(home / ".copilot/skills/dup-user", description="User copy.")
    shared.skill(second / "customize-cloud-agent", description="Takes the built-in's place.")
    shared.skill(project / "relative/rel-custom")
    shared.skill(home / "tilde/tilde-custom")
    listed = ",".join([str(first), f"  {second} ", "", "relative", "~/tilde"])
    return shared.make("copilot-skills-dirs", base, home, project,
                       "the folders of $COPILOT_SKILLS_DIRS: splitting, precedence, order",
                       env={"COPILOT_SKILLS_DIRS": listed})


CASES["copilot-skills-dirs"] = skills_dirs
