"""The fixture trees every agent is run against.

Each case is a function that lays out a fresh tree below ``base`` and returns a
:class:`~conformance.model.Case`. The trees are small and built for real (files, git
repositories, symbolic links), so that the real agent and skillctl look at the same bytes.
Cases from other modules (``cases_*.py``) join the registry at the end of this file.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

from conformance.model import Case

CaseBuilder = Callable[[Path], Case]
CASES: dict[str, CaseBuilder] = {}


def case(builder: CaseBuilder) -> CaseBuilder:
    """Register ``builder`` under its function name, ``_`` read as ``-``."""
    CASES[builder.__name__.replace("_", "-")] = builder
    return builder


# --------------------------------------------------------------------------- building blocks


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return path


def skill(folder: Path, name: str | None = None, description: str | None = "",
          *, extra: str = "", body: str = "Do the thing.\n", entry: str = "SKILL.md",
          raw: str | bytes | None = None) -> Path:
    """A skill folder with a SKILL.md. ``name`` defaults to the folder's name and
    ``description`` to a sentence naming the skill; None leaves the field out. ``raw``
    replaces the whole file."""
    if raw is not None:
        return write(folder / entry, raw)
    lines = ["---"]
    if name is None:
        name = folder.name
    if name != "":
        lines.append(f"name: {name}")
    if description == "":
        description = f"Use when testing the {folder.name} skill."
    if description is not None:
        lines.append(f"description: {description}")
    if extra:
        lines.append(extra.rstrip("\n"))
    lines.append("---")
    return write(folder / entry, "\n".join(lines) + "\n\n" + body)


def git_init(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(folder)], check=True,
                   env={"PATH": os.environ.get("PATH", ""), "HOME": str(folder),
                        "GIT_CONFIG_NOSYSTEM": "1"})


def tree(base: Path, *, git: bool = True) -> tuple[Path, Path]:
    """An empty home and project below ``base``; the project is a git repository unless
    ``git`` is false."""
    home = base / "home"
    project = base / "work" / "project"
    home.mkdir(parents=True)
    project.mkdir(parents=True)
    if git:
        git_init(project)
    return home, project


def make(case_id: str, base: Path, home: Path, cwd: Path, about: str,
         env: dict[str, str] | None = None, skip: dict[str, str] | None = None) -> Case:
    return Case(case_id, base, home, cwd, env or {}, skip or {}, about)


def _id(builder_name: str) -> str:
    return builder_name.replace("_", "-")


# --------------------------------------------------------------------------- roots and clashes


@case
def empty(base: Path) -> Case:
    home, project = tree(base)
    return make(_id("empty"), base, home, project, "no skills anywhere: only built-ins")


@case
def project_roots(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".opencode/skill",
                 ".gemini/skills", ".codex/skills", "skills"):
        slug = root.strip(".").replace("/", "-").replace(".", "")
        skill(project / root / f"from-{slug}")
    return make(_id("project_roots"), base, home, project,
                "one skill in each project root any agent might scan")


@case
def user_roots(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".config/opencode/skills",
                 ".config/opencode/skill", ".opencode/skills", ".codex/skills",
                 ".gemini/skills", ".openclaw/skills", ".config/agents/skills",
                 ".config/amp/skills", ".copilot/skills", ".config/goose/skills"):
        slug = root.strip(".").replace("/", "-").replace(".", "")
        skill(home / root / f"user-{slug}")
    return make(_id("user_roots"), base, home, project,
                "one skill in each user root any agent might scan")


@case
def clash_project_user(base: Path) -> Case:
    home, project = tree(base)
    for where in (home, project):
        label = "user" if where == home else "project"
        for root in (".claude/skills", ".agents/skills", ".gemini/skills",
                     ".opencode/skills", ".config/opencode/skills"):
            if where == project and root.startswith(".config"):
                continue
            skill(where / root / "dup", description=f"The {label} copy in {root}.")
    return make(_id("clash_project_user"), base, home, project,
                "the same name in project and user roots: who wins")


@case
def clash_compat_roots(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills",
                 ".codex/skills"):
        skill(project / root / "shared", description=f"The copy in {root}.")
    return make(_id("clash_compat_roots"), base, home, project,
                "the same name in every project root")


@case
def clash_declared_name(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/alpha", name="same", description="Alpha folder, name same.")
    skill(project / ".claude/skills/beta", name="same", description="Beta folder, name same.")
    skill(project / ".agents/skills/gamma", name="same", description="Gamma folder, name same.")
    return make(_id("clash_declared_name"), base, home, project,
                "two folders of one root declare the same name")


@case
def clash_dash_before_slash(base: Path) -> Case:
    # found with OpenClaw on jayteealao/agent-skills (plugins/sdlc-workflow/skills/x and
    # plugins/sdlc-workflow-codex/skills/x): which copy of a name a root keeps depends on
    # whether the agent sorts each folder's entries (x before x-codex) or whole paths as
    # localeCompare does (x-codex/... before x/...)
    home, project = tree(base)
    for top, root in ((project, ".agents/skills"), (project, ".opencode/skills"),
                      (home, ".agents/skills"), (project, "skills")):
        for group in ("kit", "kit-codex"):
            skill(top / root / "plugins" / group / "skills" / "consult", name="consult",
                  description=f"The {group} copy in {root}.")
        # a folder whose name another extends (mfang0126/openclaw-skills: market-research/
        # and market-research-skill/, both "market-research")
        for folder in ("research", "research-skill"):
            skill(top / root / "group" / folder, name="research",
                  description=f"The {folder} copy in {root}.")
    return make(_id("clash_dash_before_slash"), base, home, project,
                "one name in two nested folders of a root, x/ and x-codex/")


@case
def walk_up_git(base: Path) -> Case:
    home, project = tree(base)
    skill(project / ".claude/skills/top-claude")
    skill(project / ".agents/skills/top-agents")
    skill(project / ".gemini/skills/top-gemini")
    skill(project / ".opencode/skills/top-opencode")
    sub = project / "packages" / "app"
    skill(sub / ".claude/skills/sub-claude")
    skill(sub / ".agents/skills/sub-agents")
    skill(sub / ".gemini/skills/sub-gemini")
    skill(sub / ".opencode/skills/sub-opencode")
    skill(project.parent / ".claude/skills/above-git")
    skill(project.parent / ".agents/skills/above-git-agents")
    cwd = sub / "src"
    cwd.mkdir(parents=True)
    return make(_id("walk_up_git"), base, home, cwd,
                "started in a subfolder of a git repository; skills above the git root too")


@case
def walk_up_no_git(base: Path) -> Case:
    home, project = tree(base, git=False)
    skill(project / ".claude/skills/top-claude")
    skill(project / ".agents/skills/top-agents")
    skill(project / ".opencode/skills/top-opencode")
    skill(project.parent / ".claude/skills/parent-claude")
    skill(project.parent / ".agents/skills/parent-agents")
    skill(base / ".claude/skills/base-claude")
    cwd = project / "sub"
    cwd.mkdir()
    return make(_id("walk_up_no_git"), base, home, cwd,
                "started in a subfolder, no git anywhere: how far up each agent looks")


@case
def home_is_git_root(base: Path) -> Case:
    home = base / "home"
    git_init(home)
    project = home / "code" / "project"
    project.mkdir(parents=True)
    skill(home / ".claude/skills/in-home-claude")
    skill(home / ".agents/skills/in-home-agents")
    skill(project / ".claude/skills/in-project")
    skill(home / "code/.claude/skills/between")
    return make(_id("home_is_git_root"), base, home, project,
                "$HOME is the git root and the project lies inside it")


@case
def project_is_home(base: Path) -> Case:
    home = base / "home"
    git_init(home)
    skill(home / ".claude/skills/home-claude")
    skill(home / ".agents/skills/home-agents")
    skill(home / ".gemini/skills/home-gemini")
    return make(_id("project_is_home"), base, home, home,
                "the agent is started in $HOME itself")


# --------------------------------------------------------------------------- depth and shape


def _nested(root: Path, prefix: str) -> None:
    for depth in range(1, 7):
        parts = [f"{prefix}-d{depth}" if i == depth - 1 else f"level{i + 1}"
                 for i in range(depth)]
        skill(root.joinpath(*parts), name=f"{prefix}-d{depth}")


@case
def depth_claude(base: Path) -> Case:
    home, project = tree(base)
    _nested(project / ".claude/skills", "claude")
    return make(_id("depth_claude"), base, home, project,
                "skills 1 to 6 folders below .claude/skills")


@case
def depth_agents(base: Path) -> Case:
    home, project = tree(base)
    _nested(project / ".agents/skills", "agents")
    return make(_id("depth_agents"), base, home, project,
                "skills 1 to 6 folders below .agents/skills")


@case
def depth_opencode(base: Path) -> Case:
    home, project = tree(base)
    _nested(project / ".opencode/skills", "opencode")
    _nested(home / ".config/opencode/skills", "config")
    return make(_id("depth_opencode"), base, home, project,
                "skills 1 to 6 folders below .opencode/skills and ~/.config/opencode/skills")


@case
def depth_gemini(base: Path) -> Case:
    home, project = tree(base)
    _nested(project / ".gemini/skills", "gemini")
    _nested(home / ".agents/skills", "user-agents")
    return make(_id("depth_gemini"), base, home, project,
                "skills 1 to 6 folders below .gemini/skills and ~/.agents/skills")


@case
def skill_in_skill(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills"):
        tag = root.split("/")[0].strip(".")
        outer = project / root / f"outer-{tag}"
        skill(outer)
        skill(outer / f"inner-{tag}")
        skill(outer / "scripts" / f"deep-{tag}")
    return make(_id("skill_in_skill"), base, home, project,
                "a skill folder holding other skills")


@case
def skill_md_in_root(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root, name=f"root-{tag}")
        skill(project / root / f"child-{tag}")
    skill(home / ".agents/skills", name="root-user-agents")
    skill(home / ".agents/skills/child-user-agents")
    return make(_id("skill_md_in_root"), base, home, project,
                "a SKILL.md directly in a root, beside ordinary skill folders")


# --------------------------------------------------------------------------- links


@case
def symlinked_skill(base: Path) -> Case:
    home, project = tree(base)
    outside = base / "elsewhere"
    skill(outside / "linked-outside")
    skill(project / "library" / "linked-inside")
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        folder = project / root
        folder.mkdir(parents=True)
        tag = root.split("/")[0].strip(".")
        (folder / f"out-{tag}").symlink_to(outside / "linked-outside")
        (folder / f"in-{tag}").symlink_to(project / "library" / "linked-inside")
    user = home / ".agents/skills"
    user.mkdir(parents=True)
    (user / "user-link").symlink_to(outside / "linked-outside")
    return make(_id("symlinked_skill"), base, home, project,
                "skill folders that are links, to inside and outside the project")


@case
def symlinked_root(base: Path) -> Case:
    home, project = tree(base)
    store = base / "store"
    skill(store / "via-linked-root")
    (project / ".claude").mkdir()
    (project / ".claude/skills").symlink_to(store)
    (project / ".agents").mkdir()
    (project / ".agents/skills").symlink_to(store)
    (home / ".agents").mkdir()
    (home / ".agents/skills").symlink_to(store)
    return make(_id("symlinked_root"), base, home, project,
                "whole roots that are links to one store")


@case
def symlink_loop(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills"):
        folder = project / root / "looped"
        skill(folder)
        (folder / "again").symlink_to("..")
        (project / root / "self").symlink_to(".")
    return make(_id("symlink_loop"), base, home, project, "links that loop back on themselves")


@case
def dangling_link(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        folder = project / root
        skill(folder / "fine")
        (folder / "gone").symlink_to(base / "does-not-exist")
        (folder / "file-link").symlink_to(folder / "fine" / "SKILL.md")
    return make(_id("dangling_link"), base, home, project,
                "a dangling link and a link to a file beside a good skill")


@case
def two_links_one_target(base: Path) -> Case:
    home, project = tree(base)
    target = project / "vendor" / "target"
    skill(target, name="target")
    for root in (".claude/skills", ".agents/skills"):
        folder = project / root
        folder.mkdir(parents=True)
        (folder / "first").symlink_to(target)
        (folder / "second").symlink_to(target)
    return make(_id("two_links_one_target"), base, home, project,
                "two links to one skill folder in the same root")


@case
def linked_entry_file(base: Path) -> Case:
    home, project = tree(base)
    source = skill(project / "docs" / "real-skill", name="entry-link")
    for root in (".claude/skills", ".agents/skills"):
        folder = project / root / "entry-link"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").symlink_to(source)
    return make(_id("linked_entry_file"), base, home, project,
                "a skill folder whose SKILL.md is a link to a file elsewhere")


# --------------------------------------------------------------------------- file names


@case
def entry_case(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"lower-{tag}", entry="skill.md")
        skill(project / root / f"mixed-{tag}", entry="Skill.md")
        skill(project / root / f"upper-{tag}")
    return make(_id("entry_case"), base, home, project,
                "skill.md and Skill.md beside SKILL.md")


@case
def dot_folders(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f".hidden-{tag}", name=f"hidden-{tag}")
        skill(project / root / ".system" / f"sys-{tag}")
        skill(project / root / f"visible-{tag}")
    skill(home / ".agents/skills/.hidden-user", name="hidden-user")
    skill(home / ".config/opencode/skills/.hidden-config", name="hidden-config")
    return make(_id("dot_folders"), base, home, project,
                "skills in folders whose names start with a dot")


@case
def node_modules(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / "node_modules" / f"nm-{tag}")
        skill(project / root / f"pkg-{tag}" / "node_modules" / f"nested-nm-{tag}")
        skill(project / root / f"plain-{tag}")
    return make(_id("node_modules"), base, home, project, "skills inside node_modules folders")


# --------------------------------------------------------------------------- names


@case
def name_differs_from_folder(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"folder-{tag}", name=f"declared-{tag}")
    return make(_id("name_differs_from_folder"), base, home, project,
                "the declared name is not the folder's")


@case
def name_upper_case(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"Upper-{tag}", name=f"Upper-{tag}")
        skill(project / root / f"mixed-{tag}", name=f"Mixed Case {tag.title()}")
    return make(_id("name_upper_case"), base, home, project, "upper case and spaces in names")


@case
def name_numeric(base: Path) -> Case:
    home, project = tree(base)
    for i, root in enumerate((".claude/skills", ".agents/skills", ".opencode/skills",
                              ".gemini/skills")):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"{1000 + i}", name=f"{1000 + i}")
        skill(project / root / f"float-{tag}", name=f"{i}.5")
    return make(_id("name_numeric"), base, home, project, "names YAML reads as numbers")


@case
def name_list_and_map(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"list-{tag}", name=f"[list-{tag}, other]")
        skill(project / root / f"map-{tag}", name=f"{{key: map-{tag}}}")
        skill(project / root / f"bool-{tag}", name="true")
    return make(_id("name_list_and_map"), base, home, project,
                "names that are a list, a map and a boolean")


#: frontmatter fields other than name and description with values of unusual kinds: the
#: Copilot CLI drops a skill whose argument-hint, allowed-tools, user-invocable or
#: disable-model-invocation is not of the kind it reads; Claude Code reads them with String()
_FIELD_KINDS = {
    "hint-list": "argument-hint: [a, b]", "hint-map": "argument-hint: {a: b}",
    "hint-number": "argument-hint: 3", "hint-null": "argument-hint:",
    "invocable-yes": "user-invocable: yes", "invocable-quoted": "user-invocable: 'true'",
    "invocable-true": "user-invocable: True", "model-null": "disable-model-invocation:",
    "tools-numbers": "allowed-tools: [1]", "tools-map": "allowed-tools: {a: b}",
    "tools-list": "allowed-tools: [Read, Bash]", "effort-bad": "effort: extreme",
    "hooks-bad": "hooks: 3",
}


@case
def field_kinds(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        for stem, line in _FIELD_KINDS.items():
            skill(project / root / f"{stem}-{tag}", extra=line)
    return make(_id("field_kinds"), base, home, project,
                "argument-hint, allowed-tools, user-invocable ... of unusual kinds")


@case
def crlf_quote_retry(base: Path) -> Case:
    # Claude Code's retry quotes no value on a line that ends in CR: with CRLF line endings a
    # description that needs quoting loads with empty metadata (the body stands in)
    home, project = tree(base)
    colon = "---\nname: NAME\ndescription: Formats code. Use when: asked.\n---\n\n# Heading\n"
    first = "---\ndescription: Formats code. Use when: asked.\nname: NAME\n---\n\nFirst line.\n"
    nested = ("---\nname: NAME\ndescription: Formats code. Use when: asked.\nmetadata:\n"
              "  a: b\n---\n\nFirst line.\n")
    tabbed = "---\nname: NAME\ndescription: Formats code.\n\tUse when asked.\n---\n\nBody.\n"
    quoted = "---\nname: NAME\ndescription: 'Formats code. Use when: asked.'\n---\n\nBody.\n"
    for root in (".claude/skills", ".agents/skills"):
        tag = root.split("/")[0].strip(".")
        for stem, text in (("colon", colon), ("first", first), ("nested", nested),
                           ("tabbed", tabbed), ("quoted", quoted)):
            for eol in ("lf", "crlf"):
                name = f"{stem}-{eol}-{tag}"
                data = text.replace("NAME", name)
                skill(project / root / name, raw=data if eol == "lf" else
                      data.replace("\n", "\r\n").encode())
    return make(_id("crlf_quote_retry"), base, home, project,
                "values that need Claude Code's quote retry, with LF and CRLF line endings")


@case
def bom_retry(base: Path) -> Case:
    # OpenCode's retry (values holding ':' made block scalars) does not read a file with a
    # BOM; a BOM alone is skipped
    home, project = tree(base)
    colon = "---\nname: NAME\ndescription: Formats code. Use when: asked.\n---\n\nBody.\n"
    clean = "---\nname: NAME\ndescription: Formats code.\n---\n\nBody.\n"
    for root in (".opencode/skills", ".claude/skills", ".agents/skills"):
        tag = root.split("/")[0].strip(".")
        for stem, text in (("colon", colon), ("clean", clean)):
            for bom in ("", "\ufeff"):
                name = f"{stem}{'-bom' if bom else ''}-{tag}"
                skill(project / root / name, raw=(bom + text.replace("NAME", name)).encode())
    return make(_id("bom_retry"), base, home, project,
                "a BOM before a frontmatter that needs a fallback parser")


#: descriptions holding control, format and private-use characters and terminal escape
#: sequences (as JSON strings, so that YAML reads them as written)
_CONTROL_TEXTS = {
    "c0": "Ab\\u0001\\u0002Cd ef", "lead": "\\u0001Ab cd", "del": "Ab\\u007fCd ef",
    "c1": "Ab\\u0085Cd ef", "zero-width": "Ab\\u200bCd\\u00adef", "bidi": "Ab\\u202eCd ef",
    "private": "Ab\\ue000Cd ef", "unassigned": "Ab\\u0378Cd ef", "nbsp": "Ab\\u00a0Cd\\u3000ef",
    "csi": "Ab\\u001b[1;31mCd ef", "esc": "Ab\\u001bxCd ef", "osc": "Ab\\u001b]0;t\\u0007Cd ef",
    "dcs": "Ab\\u0090xx\\u009cCd ef", "apc-open": "Ab\\u009fCd ef", "tab": "Ab\\tCd ef",
    "tab-run": "Ab\\t\\u0001Cd ef", "lead-fs": "\\u001cAb cd", "esc-end": "Ab cd\\u001b",
}


@case
def description_controls(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills"):
        tag = root.split("/")[0].strip(".")
        for stem, text in _CONTROL_TEXTS.items():
            skill(project / root / f"{stem}-{tag}", description=f'"{text}"')
    return make(_id("description_controls"), base, home, project,
                "control, format and private-use characters and escapes in descriptions")


#: skill folder names with hidden, direction-changing and blank-like characters, < and >:
#: Claude Code, which names a skill after its folder, offers none of them
_FOLDER_NAMES = (
    "c0\x01x", "bidi\u202ex", "esc\x1b[2Jx", "zero\u200bwidth", "one space", "acc\u00e9nt",
    "ideo\u3000space", "del\x7fx", "nel\x85x", "private\ue000x", "co:lon", "back\\slash",
    "tab\tx", "lt<x", "gt>x", "nbsp\xa0x", "unassigned\u0378x", "emoji\U0001F600x",
    "soft\xadhyphen", "line\u2028sep", "hangul\u3164filler", "tag\U000E0041x",
    "mark\u0300x", "ogham\u1680x", " lead", "trail ", "two  spaces", "braille\u2800x",
    "vs\ufe0fx", "obj\ufffcx", "repl\ufffdx", "emoji-vs\u2764\ufe0fx", "amp&x",
)


@case
def folder_name_characters(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills"):
        tag = root.split("/")[0].strip(".")
        for index, folder in enumerate(_FOLDER_NAMES):
            skill(project / root / folder, name=f"fold-{index:02d}-{tag}",
                  description=f"Use when testing folder name {index}.")
    return make(_id("folder_name_characters"), base, home, project,
                "folder names with hidden, direction-changing or blank-like characters")


#: characters written as they are (not escaped) in a plain description
_RAW_IN_PLAIN = {"tab": "a\tb", "nel": "a\x85b", "line-sep": "a\u2028b", "para-sep": "a\u2029b",
                 "soh": "a\x01b", "del": "a\x7fb", "bom": "a\ufeffb", "c1": "a\x90b",
                 "nbsp": "a\xa0b", "zero-width": "a\u200bb", "private": "a\ue000b"}


@case
def raw_characters_in_yaml(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills"):
        tag = root.split("/")[0].strip(".")
        for stem, text in _RAW_IN_PLAIN.items():
            skill(project / root / f"raw-{stem}-{tag}",
                  description=f"Use when testing {text} as written.")
    return make(_id("raw_characters_in_yaml"), base, home, project,
                "tabs, separators and controls written as they are in a plain scalar")


#: the in-repository corpus of real skills (tests/data/corpus, with their licences)
_REAL_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus"


@case
def real_corpus(base: Path) -> Case:
    # the 48 real skills of tests/data/corpus, their SKILL.md files as published, spread over
    # the project roots the agents share
    home, project = tree(base)
    roots = (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills")
    entries = sorted(_REAL_CORPUS.rglob("SKILL.md"))
    for index, entry in enumerate(entries):
        write(project / roots[index % len(roots)] / entry.parent.name / "SKILL.md",
              entry.read_bytes())
    return make(_id("real_corpus"), base, home, project,
                f"the {len(entries)} real skills of tests/data/corpus, as published")


@case
def name_missing(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"no-name-{tag}", name="")
    return make(_id("name_missing"), base, home, project, "no name field at all")


@case
def name_too_long(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        long = (f"long-{tag}-" + "x" * 80)[:80]
        skill(project / root / long)
        exact = (f"edge-{tag}-" + "y" * 64)[:64]
        skill(project / root / exact)
    return make(_id("name_too_long"), base, home, project, "names of 64 and 80 characters")


@case
def name_invalid_chars(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"under-{tag}", name=f"under_score_{tag}")
        skill(project / root / f"dash-{tag}", name=f"-lead-{tag}--double-")
        skill(project / root / f"slash-{tag}", name=f'"a/b:{tag}"')
    return make(_id("name_invalid_chars"), base, home, project,
                "underscores, leading and double hyphens, slashes and colons in names")


# --------------------------------------------------------------------------- descriptions


@case
def description_missing(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"nodesc-{tag}", description=None,
              body="# Heading line\n\nFirst paragraph of the body.\n")
        skill(project / root / f"withdesc-{tag}")
    return make(_id("description_missing"), base, home, project, "no description field")


@case
def description_empty(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"emptydesc-{tag}", description='""')
        skill(project / root / f"blankdesc-{tag}", description=" ",
              body="Body first line here.\n")
    return make(_id("description_empty"), base, home, project,
                'description: "" and a description of only a space')


@case
def description_long(base: Path) -> Case:
    home, project = tree(base)
    words = " ".join(f"word{i}" for i in range(400))
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"long-{tag}", description=words[:1100])
        skill(project / root / f"longer-{tag}", description=words[:2000])
        skill(project / root / f"edge-{tag}", description=words[:1024])
    return make(_id("description_long"), base, home, project,
                "descriptions of 1,024, 1,100 and 2,000 characters")


@case
def description_block_scalars(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"folded-{tag}", description=">\n  Folded first line\n"
              "  and its continuation.\n\n  A second paragraph.")
        skill(project / root / f"literal-{tag}", description="|\n  Literal line one\n"
              "  literal line two")
        skill(project / root / f"quoted-{tag}", description="'It''s quoted: with a colon'")
    return make(_id("description_block_scalars"), base, home, project,
                "folded, literal and quoted descriptions")


@case
def description_trailing_newline(base: Path) -> Case:
    # found with OpenClaw on DiversioTeam/agent-skills-marketplace: a block scalar followed by
    # another key ends with a line break, which an agent may keep, trim or fold into a space
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"folded-key-{tag}",
              description=">\n  Folded line\n  and its continuation.",
              extra="license: MIT")
        skill(project / root / f"literal-keep-{tag}",
              description="|+\n  Literal kept\n\n", extra="license: MIT")
        skill(project / root / f"padded-{tag}", description="'  Padded with spaces.  '")
    return make(_id("description_trailing_newline"), base, home, project,
                "descriptions that end with a line break or spaces")


@case
def description_special_chars(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"xml-{tag}",
              description="\"Use for <tags> & 'quotes' > arrows; émojis 🚀 and \\\"escapes\\\"\"")
    return make(_id("description_special_chars"), base, home, project,
                "markup, ampersands, quotes and non-ASCII in a description")


# --------------------------------------------------------------------------- YAML


@case
def broken_yaml(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"broken-{tag}",
              raw=f"---\nname: broken-{tag}\ndescription: [unclosed\n  more: {{\n---\n\nBody.\n")
        skill(project / root / f"ok-{tag}")
    return make(_id("broken_yaml"), base, home, project, "frontmatter no YAML parser accepts")


@case
def unquoted_colon(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"colon-{tag}",
              description="Use this skill: when a plain colon appears unquoted.")
    return make(_id("unquoted_colon"), base, home, project, "an unquoted ': ' inside a value")


@case
def hash_in_value(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"hash-{tag}",
              description="Handles C# projects #tagged and issue #42 references.")
    return make(_id("hash_in_value"), base, home, project, "' #' inside an unquoted value")


@case
def crlf(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        text = (f"---\nname: crlf-{tag}\ndescription: Written with CRLF line endings.\n---\n\n"
                "Body line.\n")
        skill(project / root / f"crlf-{tag}", raw=text.replace("\n", "\r\n"))
    return make(_id("crlf"), base, home, project, "SKILL.md with CRLF line endings")


@case
def bom(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        text = f"---\nname: bom-{tag}\ndescription: Starts with a UTF-8 BOM.\n---\n\nBody.\n"
        skill(project / root / f"bom-{tag}", raw=b"\xef\xbb\xbf" + text.encode())
    return make(_id("bom"), base, home, project, "SKILL.md starting with a UTF-8 BOM")


@case
def no_frontmatter(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"plain-{tag}", raw="# Just Markdown\n\nNo frontmatter.\n")
        skill(project / root / f"unclosed-{tag}",
              raw=f"---\nname: unclosed-{tag}\ndescription: Never closed.\n\nBody.\n")
        skill(project / root / f"rule-{tag}", raw="Intro.\n\n---\n\nAfter a rule.\n")
    return make(_id("no_frontmatter"), base, home, project,
                "no frontmatter, an unclosed block, a horizontal rule")


@case
def frontmatter_only(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"nobody-{tag}",
              raw=f"---\nname: nobody-{tag}\ndescription: No body after the block.\n---\n")
        skill(project / root / f"tabbed-{tag}",
              raw=f"---\nname: tabbed-{tag}\ndescription:\tA tab after the colon.\n---\nB.\n")
    return make(_id("frontmatter_only"), base, home, project,
                "a frontmatter block with no body; a tab after a colon")


@case
def unknown_and_typed_fields(base: Path) -> Case:
    home, project = tree(base)
    extra = ("license: MIT\nallowed-tools: Bash Read\nmetadata:\n  version: 2\n"
             "  nested:\n    deep: true\n  internal: true\nunknown-field: x\n"
             "disable-model-invocation: false\nuser-invocable: true\nbuiltin-tools: [x]")
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"fields-{tag}", extra=extra)
    return make(_id("unknown_and_typed_fields"), base, home, project,
                "known fields of other agents, unknown fields, nested and typed metadata")


@case
def hidden_from_model(base: Path) -> Case:
    home, project = tree(base)
    for root in (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills"):
        tag = root.split("/")[0].strip(".")
        skill(project / root / f"manual-{tag}", extra="disable-model-invocation: true")
        skill(project / root / f"menu-{tag}", extra="user-invocable: false")
        skill(project / root / f"normal-{tag}")
    return make(_id("hidden_from_model"), base, home, project,
                "disable-model-invocation and user-invocable: false")


@case
def catalog_order(base: Path) -> Case:
    home, project = tree(base)
    names = ["zeta", "Alpha", "beta-2", "beta-10", "_under", "9-digits", "mid"]
    for i, name in enumerate(names):
        root = (".claude/skills", ".agents/skills")[i % 2]
        skill(project / root / name, description=f"Skill number {i} named {name}.")
    for name in ("user-zed", "user-abc"):
        skill(home / ".agents/skills" / name)
        skill(home / ".claude/skills" / name)
    return make(_id("catalog_order"), base, home, project,
                "names whose order differs by case, digits and scope")


@case
def many_skills(base: Path) -> Case:
    home, project = tree(base)
    for i in range(60):
        root = (".claude/skills", ".agents/skills", ".opencode/skills", ".gemini/skills")[i % 4]
        skill(project / root / f"bulk-{i:02d}",
              description=f"Bulk skill {i}: " + "lorem ipsum dolor sit amet " * 12)
    return make(_id("many_skills"), base, home, project,
                "60 skills with 350-character descriptions: catalog budgets")


# --------------------------------------------------------------------------- environment


@case
def xdg_config_home(base: Path) -> Case:
    home, project = tree(base)
    xdg = base / "xdg"
    skill(xdg / "opencode/skills/xdg-opencode")
    skill(xdg / "agents/skills/xdg-agents")
    skill(xdg / "amp/skills/xdg-amp")
    skill(home / ".config/opencode/skills/default-config-opencode")
    skill(home / ".config/agents/skills/default-config-agents")
    return make(_id("xdg_config_home"), base, home, project,
                "XDG_CONFIG_HOME moves ~/.config", env={"XDG_CONFIG_HOME": str(xdg)})


@case
def codex_home(base: Path) -> Case:
    home, project = tree(base)
    codex = base / "codex-home"
    skill(codex / "skills/moved-codex")
    skill(home / ".codex/skills/default-codex")
    skill(home / ".agents/skills/user-agents")
    return make(_id("codex_home"), base, home, project, "CODEX_HOME moves ~/.codex",
                env={"CODEX_HOME": str(codex)})


@case
def opencode_config_dir(base: Path) -> Case:
    home, project = tree(base)
    config = base / "oc-config"
    skill(config / "skills/moved-oc")
    skill(config / "skill/moved-oc-singular")
    skill(home / ".config/opencode/skills/default-oc")
    return make(_id("opencode_config_dir"), base, home, project,
                "OPENCODE_CONFIG_DIR adds a config folder",
                env={"OPENCODE_CONFIG_DIR": str(config)})


@case
def claude_config_dir(base: Path) -> Case:
    home, project = tree(base)
    config = base / "claude-config"
    skill(config / "skills/moved-claude")
    skill(home / ".claude/skills/default-claude")
    skill(project / ".claude/skills/project-claude")
    return make(_id("claude_config_dir"), base, home, project,
                "CLAUDE_CONFIG_DIR moves ~/.claude", env={"CLAUDE_CONFIG_DIR": str(config)})


def _compat_tree(base: Path) -> tuple[Path, Path]:
    home, project = tree(base)
    skill(home / ".claude/skills/user-claude")
    skill(home / ".agents/skills/user-agents")
    skill(project / ".claude/skills/project-claude")
    skill(project / ".agents/skills/project-agents")
    skill(project / ".opencode/skills/project-opencode")
    return home, project


@case
def opencode_disable_claude(base: Path) -> Case:
    home, project = _compat_tree(base)
    return make(_id("opencode_disable_claude"), base, home, project,
                "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS=1",
                env={"OPENCODE_DISABLE_CLAUDE_CODE_SKILLS": "1"})


@case
def opencode_disable_claude_code(base: Path) -> Case:
    home, project = _compat_tree(base)
    return make(_id("opencode_disable_claude_code"), base, home, project,
                "OPENCODE_DISABLE_CLAUDE_CODE=1", env={"OPENCODE_DISABLE_CLAUDE_CODE": "1"})


@case
def opencode_disable_external(base: Path) -> Case:
    home, project = _compat_tree(base)
    return make(_id("opencode_disable_external"), base, home, project,
                "OPENCODE_DISABLE_EXTERNAL_SKILLS=1",
                env={"OPENCODE_DISABLE_EXTERNAL_SKILLS": "1"})


@case
def claude_disable_policy(base: Path) -> Case:
    home, project = _compat_tree(base)
    return make(_id("claude_disable_policy"), base, home, project,
                "CLAUDE_CODE_DISABLE_POLICY_SKILLS=1",
                env={"CLAUDE_CODE_DISABLE_POLICY_SKILLS": "1"})


@case
def builtin_named(base: Path) -> Case:
    # found with probes of the Copilot CLI, whose catalog skillctl showed with the built-in
    # github-pr-media beside a project skill of that name: a project skill named like each
    # agent's built-in skills, in the folders the agents read
    home, project = tree(base)
    for name in ("github-pr-media", "imagegen", "canvas", "customize-opencode",
                 "skill-creator"):
        skill(project / ".agents/skills" / name, description=f"A project skill named {name}.")
    skill(project / ".claude/skills/github-pr-media",
          description="The .claude folder's github-pr-media.")
    skill(project / ".claude/skills/customize-opencode",
          description="The .claude folder's customize-opencode.")
    skill(project / ".claude/skills/debug", description="A project skill named debug.")
    return make("builtin-named", base, home, project, "project skills named like built-ins")


@case
def name_variants(base: Path) -> Case:
    # probes of every agent (2026-11-29; all matched skillctl): names equal only after
    # Unicode normalisation, case folding or trimming, a blank description, full-width letters
    import unicodedata

    home, project = tree(base)
    nfc = unicodedata.normalize("NFC", "café-tool")
    nfd = unicodedata.normalize("NFD", "café-tool")
    for root in (project / ".agents/skills", project / ".claude/skills"):
        for folder, name, description in (
                ("a-nfc", f'"{nfc}"', "NFC name."), ("b-nfd", f'"{nfd}"', "NFD name."),
                ("c-case", "Deploy", "Upper D."), ("d-case", "deploy", "Lower d."),
                ("e-space", '"ship "', "Trailing space."), ("f-space", "ship", "Plain ship."),
                ("g-ws-desc", "g-ws-desc", '"   "'),
                ("h-fullwidth", '"\uff44\uff45\uff50\uff4c\uff4f\uff59\uff12"',
                 "Fullwidth."),
                ("i-plain2", "deploy2", "Plain deploy2.")):
            write(root / folder / "SKILL.md",
                  f"---\nname: {name}\ndescription: {description}\n---\nBody line.\n")
    return make("name-variants", base, home, project,
                "names equal after normalising, case folding or trimming")


@case
def frontmatter_scalars_and_duplicates(base: Path) -> Case:
    # probes of every agent (2026-11-29): an empty or blank name (Gemini CLI and OpenCode keep
    # it as the name, the Copilot CLI drops the skill, the others take the folder's), a
    # description YAML reads as a number or boolean (Claude Code writes it as JavaScript
    # does: 1.50 is "1.5", .inf "Infinity"), a repeated key (Claude Code reads the last)
    home, project = tree(base)
    for root in (project / ".agents/skills", project / ".claude/skills"):
        for folder, fields in (
                ("n-empty", 'name: ""\ndescription: Empty name.'),
                ("n-null", "name: null\ndescription: Null name."),
                ("n-tilde", "name: ~\ndescription: Tilde name."),
                ("n-blank", 'name: "  "\ndescription: Blank name.'),
                ("d-null", "name: d-null\ndescription: null"),
                ("d-zero", "name: d-zero\ndescription: 0"),
                ("d-true", "name: d-true\ndescription: true"),
                ("d-num", "name: d-num\ndescription: 1.50"),
                ("d-exp", "name: d-exp\ndescription: 1e3"),
                ("d-hex", "name: d-hex\ndescription: 0x1A"),
                ("d-inf", "name: d-inf\ndescription: .inf"),
                ("d-date", "name: d-date\ndescription: 2024-01-02"),
                ("d-list", "name: d-list\ndescription: [a, b]"),
                ("Folder-Case", "description: Folder upper."),
                ("folder-case", "description: Folder lower."),
                ("dup-key", "name: dup-key\ndescription: First.\ndescription: Second."),
                ("dup-between", "name: dup-between\ndescription: A1.\nx: 1\ndescription: A2."),
                ("dup-name", "name: first-n\nname: second-n\ndescription: Two names."),
                ("anchor", "name: anchor\ndescription: &a Anchored text.\nother: *a")):
            write(root / folder / "SKILL.md", f"---\n{fields}\n---\nBody line of {folder}.\n")
    return make("frontmatter-scalars-and-duplicates", base, home, project,
                "empty names, numbers and booleans as descriptions, repeated keys")


@case
def file_size_caps(base: Path) -> Case:
    # probes of every agent (2026-11-29), files of 255,999 bytes to 5 MB: OpenClaw leaves out
    # a SKILL.md over 256,000 bytes (256e3 in its loader), Claude Code one over 1,000,000
    # (and the Copilot CLI one over 1 MiB: frontmatter-closers); Codex, Gemini CLI and
    # OpenCode load all of them
    home, project = tree(base)
    for root, tag in ((project / ".agents/skills", "a"), (project / ".claude/skills", "c"),
                      (home / ".agents/skills", "h")):
        for size in (256_000, 256_001, 1_000_000, 1_000_001):
            name = f"{tag}-size-{size}"
            head = f"---\nname: {name}\ndescription: A file of {size} bytes.\n---\n"
            write(root / name / "SKILL.md", head + "x" * (size - len(head) - 1) + "\n")
    return make("file-size-caps", base, home, project, "SKILL.md files around size caps")


@case
def cr_line_endings(base: Path) -> Case:
    # probes of every agent (2026-11-29): a SKILL.md whose lines end in a carriage return
    # alone (classic Mac OS). Codex, Gemini CLI, OpenCode and the Copilot CLI split at line
    # feeds and find no frontmatter; Claude Code loads it with the whole file as its first
    # line; OpenClaw reads it
    home, project = tree(base)
    for root, tag in ((project / ".agents/skills", "a"), (project / ".claude/skills", "c"),
                      (home / ".agents/skills", "h")):
        name = f"{tag}-cr-only"
        folder = root / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_bytes(
            f"---\rname: {name}\rdescription: The {name} skill.\r---\rBody.\r".encode())
        write(root / f"{tag}-lf" / "SKILL.md",
              f"---\nname: {tag}-lf\ndescription: The {tag}-lf skill.\n---\nBody.\n")
    return make("cr-line-endings", base, home, project, "lines ending in a carriage return")


@case
def nested_duplicate_keys(base: Path) -> Case:
    # probes of every agent (2026-11-29): a key repeated in a part of the frontmatter an
    # agent does not read. Codex loads the skill unless the key is one it reads (name,
    # description, metadata, metadata.short-description); js-yaml (OpenCode, the Copilot
    # CLI), OpenClaw and the strict readers drop it; Claude Code reads the last value
    home, project = tree(base)
    for root in (project / ".agents/skills", project / ".claude/skills",
                 home / ".agents/skills"):
        for folder, fields in (
                ("nested-dup", "metadata:\n  author: a\n  author: b"),
                ("nested-dup-flow", "metadata: {tier: one, tier: two}"),
                ("top-unknown-dup", "x-team: a\nx-team: b"),
                ("deep-dup", "metadata:\n  openclaw:\n    emoji: a\n    emoji: b"),
                ("list-dup", "allowed-tools:\n  - {x: 1, x: 2}"),
                ("meta-twice", "metadata:\n  a: x\nmetadata:\n  b: y"),
                ("short-desc-dup",
                 "metadata:\n  short-description: one\n  short-description: two"),
                ("plain-meta", "metadata:\n  author: a")):
            name = f"h-{folder}" if root.is_relative_to(home) else folder
            write(root / name / "SKILL.md",
                  f"---\nname: {name}\ndescription: The {name} skill.\n{fields}\n---\n"
                  f"Body line of {name}.\n")
    return make("nested-duplicate-keys", base, home, project,
                "a key repeated where an agent does not read it")


@case
def frontmatter_closers(base: Path) -> Case:
    # probes of every agent (2026-11-29): where each agent's own code ends the frontmatter
    # (skillctl/frontmatter_split.py) -- Claude Code at the next "---" wherever it stands,
    # Gemini CLI and OpenCode at the first line that starts with "---" -- and the largest
    # SKILL.md the Copilot CLI loads (1 MiB)
    home, project = tree(base)
    for root in (project / ".agents/skills", project / ".claude/skills"):
        for folder, closer in (("close-trailing-space", "---   "), ("close-dots", "..."),
                               ("close-four", "----"), ("close-tab", "---\t"),
                               ("close-heading", "---## Next")):
            write(root / folder / "SKILL.md",
                  f"---\nname: {folder}\ndescription: Closed by {len(closer)} characters.\n"
                  f"{closer}\nBody.\n")
        write(root / "open-trailing-space" / "SKILL.md",
              "---  \nname: open-trailing-space\ndescription: Opener with spaces.\n---\nBody.\n")
        write(root / "dashes-in-value" / "SKILL.md",
              "---\nname: dashes-in-value\ndescription: Use for A---B work.\n---\nBody.\n")
        # (found on OthmanAdi's planning-with-files, copied into qi-o/claude-code-skills: a
        # hook command in the frontmatter echoes '---BEGIN PLAN DATA---', and Claude Code's
        # description is what follows that '---')
        write(root / "dashes-in-later-key" / "SKILL.md",
              "---\nname: dashes-in-later-key\ndescription: Plans with files.\nhooks:\n"
              "  command: \"echo '---BEGIN PLAN---'; cat plan.md\"\n---\n# Heading\n")
        write(root / "dash-rule-in-block" / "SKILL.md",
              "---\nname: dash-rule-in-block\ndescription: |\n  First part.\n  ---------\n"
              "  Second part.\n---\nBody.\n")
    for size in (1_048_576, 1_048_577):
        head = f"---\nname: size-{size}\ndescription: A file of {size} bytes.\n---\n"
        write(project / ".agents/skills" / f"size-{size}" / "SKILL.md",
              head + "x" * (size - len(head) - 1) + "\n")
    return make("frontmatter-closers", base, home, project,
                "odd frontmatter closers and openers, dashes in values, a 1 MiB file")


@case
def yaml_tags_and_merges(base: Path) -> Case:
    # probes of every agent (2026-11-29): tags (!!str, !!binary, !!set, an unknown !custom),
    # merge keys, a complex key, tab indentation. Claude Code, Gemini CLI and OpenCode merge
    # "<<", Codex and the Copilot CLI keep it as a key; js-yaml throws on !custom (Gemini CLI
    # falls back to its name:/description: lines, OpenCode drops the skill) and makes
    # !!binary a buffer, which the others show as its base64 text; js-yaml 3 (OpenCode)
    # skips a tab that begins a line
    home, project = tree(base)
    for root in (project / ".agents/skills", project / ".claude/skills"):
        for folder, fields in (
                ("t-str", "name: t-str\ndescription: !!str 123"),
                ("t-custom", "name: t-custom\ndescription: !custom Custom tagged text."),
                ("t-custom-other", "name: t-custom-other\ndescription: Tag elsewhere.\n"
                                   "metadata: !custom {a: b}"),
                ("t-binary", "name: t-binary\ndescription: !!binary SGVsbG8="),
                ("t-set", "name: t-set\ndescription: !!set {a, b}"),
                ("t-merge", "name: t-merge\n<<: {description: Merged description.}"),
                ("t-merge-anchor", "name: t-merge-anchor\nx-base: &base\n"
                                   "  description: From the anchor.\n<<: *base"),
                ("t-merge-nested", "name: t-merge-nested\ndescription: Nested merge.\n"
                                   "meta-base: &m {owner: a}\nmetadata:\n  <<: *m\n"
                                   "  team: b"),
                ("t-complex", "name: t-complex\n? description\n: Complex key text."),
                ("t-name-tag", "name: !!str t-name-tag\ndescription: Name with a tag."),
                ("t-tab-meta", "name: t-tab-meta\ndescription: Tab in metadata.\n"
                               "metadata:\n\tx: 1"),
                ("t-ts", "name: t-ts\ndescription: 2024-01-02T10:20:30Z")):
            write(root / folder / "SKILL.md", f"---\n{fields}\n---\nBody line of {folder}.\n")
    return make(_id("yaml_tags_and_merges"), base, home, project,
                "YAML tags, merge keys, a complex key and tab indentation in frontmatter")


@case
def invalid_utf8(base: Path) -> Case:
    # probes of every agent (2026-11-29): a Latin-1 byte in the description (Codex reads a
    # file as a Rust String and drops it; the others show U+FFFD) and a NUL in the body
    home, project = tree(base)
    for root in (project / ".agents/skills", project / ".claude/skills"):
        write(root / "latin1" / "SKILL.md",
              b"---\nname: latin1\ndescription: Caf\xe9 menu.\n---\nBody.\n")
        write(root / "nul-body" / "SKILL.md",
              b"---\nname: nul-body\ndescription: NUL in body.\n---\nBo\x00dy.\n")
    return make(_id("invalid_utf8"), base, home, project,
                "a byte that is not UTF-8 in the frontmatter, a NUL in the body")


def _extend_registry() -> None:
    """Join the cases other modules define (``cases_*.py``); a clash of ids is a bug."""
    import importlib
    import pkgutil

    import conformance

    for info in pkgutil.iter_modules(conformance.__path__):
        if info.name.startswith("cases_"):
            module = importlib.import_module(f"conformance.{info.name}")
            for key, builder in getattr(module, "CASES", {}).items():
                if key in CASES:
                    raise RuntimeError(f"case id {key!r} defined twice")
                CASES[key] = builder


_extend_registry()
