"""Cases about what only Claude Code does: its bundled skills and commands in the catalog,
``when_to_use``, display names, and skills in folders below the working directory."""

from __future__ import annotations

from pathlib import Path

from conformance.cases import CaseBuilder, make, skill, tree, write
from conformance.model import Case

CASES: dict[str, CaseBuilder] = {}


def _case(builder: CaseBuilder) -> CaseBuilder:
    CASES["cc-" + builder.__name__.strip("_").replace("_", "-")] = builder
    return builder


@_case
def _shadow_bundled(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/dataviz", description="My own charts.")
    skill(project / ".claude/skills/init", description="My own init.")
    skill(home / ".claude/skills/verify", description="My own verify.")
    skill(home / ".claude/skills/simplify", description="My hidden simplify.",
          extra="disable-model-invocation: true")
    return make("cc-shadow-bundled", base, home, project,
                "skills named like Claude Code's bundled skills and commands")


@_case
def _when_to_use(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/with-when", description="Does a thing.",
          extra="when_to_use: When the user asks for the thing.")
    skill(project / ".claude/skills/only-when", description=None,
          extra="when_to_use: Only a when_to_use.", body="# Heading line\n\nBody.\n")
    skill(project / ".claude/skills/shown-name", name="Shown_Name",
          description="A declared name that differs.")
    return make("cc-when-to-use", base, home, project,
                "when_to_use joins the description; a declared name is shown beside")


@_case
def _nested_below_cwd(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/top")
    skill(project / "apps/web/.claude/skills/deploy")
    skill(project / "apps/web/.claude/skills/top", description="The nested copy of top.")
    return make("cc-nested-below-cwd", base, home, project,
                "a .claude/skills folder below the working directory (directory-scoped)")


@_case
def _user_and_project_order(base: Path) -> Case:
    home, project = tree(base)
    for name in ("b-user", "a-user", "Z-user"):
        skill(home / ".claude/skills" / name)
    for name in ("b-proj", "a-proj", "Z-proj", "_proj"):
        skill(project / ".claude/skills" / name)
    sub = project / "pkg"
    sub.mkdir()
    skill(sub / ".claude/skills/a-sub")
    return make("cc-user-and-project-order", base, home, sub,
                "catalog order across user, project and a nearer project folder")


@_case
def _description_whitespace(base: Path) -> Case:
    home, project = tree(base)
    skills = project / ".claude/skills"
    skill(skills / "spaces", description='"two  spaces,\\ttab,  trailing  "')
    skill(skills / "literal", description="|\n  line one\n\n    indented two\n  three\n")
    skill(skills / "crlf-desc", description='"one\\r\\ntwo\\rthree"')
    skill(skills / "markup", description='"<b>bold</b> &amp; &lt;x&gt; \\"q\\" \'s"')
    return make("cc-description-whitespace", base, home, project,
                "spaces, tabs, blank lines, CR and markup in descriptions")


@_case
def _budget(base: Path) -> Case:
    home, project = tree(base)
    for i in range(40):
        skill(project / ".claude/skills" / f"big-{i:02d}",
              description=f"Big skill {i}: " + "consectetur adipiscing elit " * 40)
    return make("cc-budget", base, home, project,
                "40 skills with 1,100-character descriptions: past any listing budget")


@_case
def _commands(base: Path) -> Case:
    # found on a real tree (addyosmani/agent-skills in ~/.claude/skills: a plugin whose
    # manifest names "./.claude/commands", and whose command "accomplish" is offered in
    # place of its skill of that name), then pinned by probes: commands are listed after the
    # skills folders' skills, the user's and project's sorted together by name (the user's
    # copy first), then each plugin's, then the plugins' skills
    import json

    from conformance.cases import write

    home, project = tree(base)
    cwd = project / "sub"
    cwd.mkdir(parents=True, exist_ok=True)
    write(home / ".claude/commands/hello-user.md",
          "---\ndescription: Say hello from the user.\n---\nSay hello.\n")
    write(home / ".claude/commands/nodesc.md", "Just a body line for the command.\nMore.\n")
    write(home / ".claude/commands/heading.md", "---\nargument-hint: x\n---\n\n# Title line\n")
    write(home / ".claude/commands/named.md",
          "---\nname: other-name\ndescription: The file names it.\n---\nX.\n")
    write(home / ".claude/commands/hidden-cmd.md",
          "---\ndescription: Hidden.\ndisable-model-invocation: true\n---\nX.\n")
    write(home / ".claude/commands/Upper.md", "---\ndescription: Upper case file.\n---\nX.\n")
    write(home / ".claude/commands/a-both.md", "---\ndescription: The user's a-both.\n---\nX.\n")
    write(home / ".claude/commands/notes.txt", "Not a command.\n")
    write(project / ".claude/commands/a-both.md",
          "---\ndescription: The project's a-both.\n---\nX.\n")
    write(project / ".claude/commands/root-cmd.md", "---\ndescription: At the git root.\n---\n")
    write(cwd / ".claude/commands/sub/nested-cmd.md",
          "---\ndescription: A nested command.\n---\nDo it.\n")
    write(project / ".claude/commands/proj-skill.md",
          "---\ndescription: A command named like a project skill.\n---\nDo it.\n")
    skill(project / ".claude/skills/proj-skill", description="The project skill wins.")
    for plugin, manifest in (("kit", {"name": "kit"}),
                             ("kit2", {"name": "kit2", "commands": "./cmds"})):
        folder = home / ".claude/skills" / plugin
        write(folder / ".claude-plugin/plugin.json", json.dumps(manifest) + "\n")
        skill(folder / "skills/alpha", description=f"The {plugin} alpha skill.")
        skill(folder / "skills/beta", description=f"The {plugin} beta skill.")
        write(folder / "commands/beta.md", f"---\ndescription: The {plugin} beta command.\n---\n")
        write(folder / "commands/sub/deep.md", f"---\ndescription: {plugin} deep.\n---\n")
        write(folder / "cmds/epsilon.md", f"---\ndescription: The {plugin} epsilon.\n---\n")
    return make("cc-commands", base, home, cwd,
                "user, project and plugin commands beside skills")


@_case
def _command_skill_folders(base: Path) -> Case:
    # probes of Claude Code 2.1.332 (2026-11-29), read from its loader: a folder of the user's
    # or project's commands that holds a SKILL.md (any case) is a skill named after the
    # folder, with ':' between the folders below the commands folder; its other files are no
    # commands, the folders below it still hold commands
    home, project = tree(base)
    user = home / ".claude/commands"
    write(user / "mine" / "SKILL.md", "---\ndescription: A user skill folder.\n---\nB.\n")
    write(user / "plain.md", "---\ndescription: A plain user command.\n---\nB.\n")
    root = project / ".claude/commands"
    write(root / "a/b/SKILL.md", "---\nname: other-name\ndescription: Nested.\n---\nB.\n")
    write(root / "a/b/extra.md", "---\ndescription: Not a command.\n---\nB.\n")
    write(root / "a/b/c/deeper.md", "---\ndescription: Still a command.\n---\nB.\n")
    write(root / "a/top.md", "---\ndescription: A command beside the folder.\n---\nB.\n")
    write(root / "lower/skill.md", "---\ndescription: Lower-case file.\n---\nB.\n")
    write(root / "bare/SKILL.md", "No frontmatter, first line.\n")
    write(root / "off/SKILL.md",
          "---\ndescription: Off.\ndisable-model-invocation: true\n---\nB.\n")
    return make("cc-command-skill-folders", base, home, project,
                "SKILL.md files in folders of commands, user and project")
