"""SKILL.md files that are not skills of their own: one without frontmatter that overlays a
skill of the same folder name elsewhere in its repository (a fragment a build step merges
into that skill), and an example another skill keeps in its ``examples/`` or ``templates/``.

UiPath/skills keeps ``skill-flavors/<flavor>/<skill>/SKILL.md`` files of replacement blocks
(``<!--skill-flavor:x:start-->``) beside the real ``skills/<skill>/SKILL.md``; its links
resolve in the skill it is merged into. ``no-frontmatter`` and ``broken-reference`` ask this
module before reporting such a file as a broken skill.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from pathlib import Path

from skillctl.gitfacts import git_root_remembered, real_folder
from skillctl.lint.context import AGENT_SKILL_FOLDERS, SkillContext

#: Folders of a repository that hold its skills, where the overlaid skill is looked for.
_SKILL_FOLDERS = ("skills", ".claude/skills", ".agents/skills")
#: Folders climbed at most, when the skill is in no git repository.
_MAX_LEVELS_WITHOUT_GIT = 4


def overlaid_skill(ctx: SkillContext) -> str | None:
    """The folder of the skill this frontmatter-less SKILL.md overlays (a folder of the same
    name in a skills folder of a parent, up to the git root, with a SKILL.md that has
    frontmatter), or None: also for any SKILL.md that has frontmatter."""
    if ctx.parsed.text is None or not ctx.parsed.has_problem("no-frontmatter"):
        return None
    return ctx.computed(_find_overlaid)


def _find_overlaid(ctx: SkillContext) -> str | None:
    folder = real_folder(os.path.abspath(ctx.directory))
    name = os.path.basename(folder)
    top = git_root_remembered(folder)
    current = os.path.dirname(folder)
    for _ in range(64 if top is not None else _MAX_LEVELS_WITHOUT_GIT):
        for skills in _SKILL_FOLDERS:
            candidate = os.path.join(current, skills, name)
            if candidate != folder and _has_frontmatter(os.path.join(candidate, "SKILL.md")):
                return candidate
        if current == top or os.path.dirname(current) == current:
            break
        current = os.path.dirname(current)
    return None


def _has_frontmatter(path: str) -> bool:
    """Whether ``path`` is a regular file that starts with ``---``; opened without blocking,
    so a FIFO named SKILL.md in the repository cannot hang the run."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, 8)
    except OSError:
        return False
    finally:
        os.close(fd)
    return head.removeprefix(b"\xef\xbb\xbf").startswith(b"---")


#: folders in which a skill keeps examples of skills, skills it copies into a project (its
#: ``assets/``), or skills its tests feed to it (a skill auditor's ``tests/malicious-basic/``,
#: hundred-and-sixth sample), lowercase
EXAMPLE_FOLDERS = frozenset({"example", "examples", "sample", "samples", "template",
                             "templates", "demo", "demos", "assets", "test", "tests",
                             "__tests__"})


#: Of those, the folders of a skill's tests: what they keep is test input.
_TEST_FOLDERS = frozenset({"test", "tests", "__tests__"})


def kept_as(skill_dir: Path, keeper: Path) -> str:
    """What ``skill_dir``, kept below :func:`example_keeper`'s ``keeper``, is: "a test input"
    below its tests folder, else "an example"."""
    below = os.path.relpath(os.path.abspath(skill_dir), os.path.abspath(keeper))
    return "a test input" if below.split(os.sep, 1)[0].lower() in _TEST_FOLDERS \
        else "an example"


def example_keeper(skill_dir: Path) -> Path | None:
    """The skill whose examples folder holds ``skill_dir`` (at most three levels below it),
    or None: ``skill-maker/templates/example-skill/SKILL.md`` is an example skill-maker keeps,
    copied and renamed by whoever uses it."""
    folder = Path(os.path.abspath(skill_dir)).parent
    for _ in range(3):
        if folder.name.lower() in EXAMPLE_FOLDERS and os.path.isfile(folder.parent / "SKILL.md"):
            return folder.parent
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


#: folders in which a skill keeps copies of other people's code, lowercase
VENDOR_FOLDERS = frozenset({"vendor", "vendored", "third_party", "third-party", "thirdparty"})


def vendoring_keeper(skill_dir: Path) -> Path | None:
    """The skill that keeps ``skill_dir`` as a vendored copy, or None: a ``vendor/`` folder
    (or ``third_party/``) on the way up to the nearest folder holding a SKILL.md, at most four
    levels above (``godot-game-dev/References/vendor/terma-godot/SKILL.md``, a third party's
    skill copied word for word as reference text, fifty-second sample)."""
    folder = Path(os.path.abspath(skill_dir)).parent
    vendored = False
    for _ in range(4):
        vendored = vendored or folder.name.lower() in VENDOR_FOLDERS
        if os.path.isfile(folder / "SKILL.md"):
            return folder if vendored else None
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def in_template_store(skill_dir: Path) -> bool:
    """Whether the skill sits in a repository's store of skill templates: directly in a
    ``templates/`` (``template/``) folder with no skills folder above it
    (``templates/architecture-diagram-skill/``, copied to ``.agents/skills/<name>/`` by a
    seeding skill, which names the copy)."""
    folder = Path(os.path.abspath(skill_dir)).parent
    if folder.name.lower() not in ("templates", "template"):
        return False
    return not any(part.lower() in AGENT_SKILL_FOLDERS for part in folder.parts)


#: Where a repository keeps the script that installs its skills, beside a source folder:
#: the folder holding it, and these folders in that one.
_SCRIPT_FOLDERS = ("", "scripts", "bin", "tools")
_SCRIPT_SUFFIXES = (".sh", ".bash", ".zsh", ".py", ".ps1", ".js", ".mjs", ".ts")
#: A script named for installing (``install_skill.sh``, ``setup.py``, ``link-skills.sh``),
#: not one that only lists the folders (``audit-crosslinks.mjs``).
_INSTALLER_NAME = re.compile(
    r"(?:^|[-_.])(?:install|setup|links?|deploy|sync|bootstrap|copy)(?:$|[-_.])", re.IGNORECASE)
#: Most scripts read in one folder, and most bytes of each.
_MAX_SCRIPTS = 16
_SCRIPT_BYTES = 256 * 1024


def installer_naming(skill_dir: Path, name: str) -> str | None:
    """The script that installs a source folder under the skill's name: the skill sits
    below no skills folder, and a script named for installing (``install``, ``setup``,
    ``link``, ``deploy``, ``sync``, ``copy`` in its file name) beside it, or in
    ``scripts/``, ``bin/``, ``tools/`` there, names both the folder and the name
    (``SKILL_NAME="apple-health-query"`` with ``SRC_SKILL_DIR="$REPO_ROOT/openclaw-skill"``).
    The path of that script below the folder, or None. A script that installs the folder
    under its own name (``$(basename "$dir")``) names no other name and does not count; one
    that puts a prefix before it (``"$dest/onecrawler-$name"`` for ``name:
    onecrawler-data-posts`` in ``data-posts/``) does.

    A repository's store, a ``skills/`` folder whose parent is no plugin and lies below no
    skills folder, counts as below none: its skills (``skills/data-posts/``) and its own
    router (``skills/SKILL.md``) are looked up in the scripts beside the store (ninety-second
    and ninety-sixth samples)."""
    folder = Path(os.path.abspath(skill_dir))
    store = folder if folder.name.lower() == "skills" else folder.parent
    if store.name.lower() == "skills" and not _is_plugin(store.parent):
        above, base = store.parent.parts, store.parent
    else:
        above, base = folder.parts, folder.parent
    if any(part.lower() in AGENT_SKILL_FOLDERS for part in above):
        return None
    tokens = (folder.name, name)
    prefix = name[:-len(folder.name)] if name.endswith(folder.name) and name != folder.name \
        else ""
    # `"$dest/onecrawler-$name"`: the prefix the skill's name has before its folder's
    prefixed = (re.compile(rf"(?<![\w.-]){re.escape(prefix)}\$\{{?\w+\}}?")
                if len(prefix) > 1 else None)
    for relpath, text in _scripts_beside(str(base)):
        if not _INSTALLER_NAME.search(relpath.rsplit("/", 1)[-1]):
            continue
        if all(re.search(rf"(?<![\w.-]){re.escape(token)}(?![\w-])", text) for token in tokens):
            return relpath
        if prefixed is not None and prefixed.search(text):
            return relpath
    return None


#: Plugin manifests a folder may hold, for the agents that read them.
_PLUGIN_MANIFESTS = (".codex-plugin/plugin.json", ".claude-plugin/plugin.json")
_MANIFEST_BYTES = 256 * 1024


def plugin_root_skipped(skill_dir: Path, body: str) -> str | None:
    """The manifest of a plugin whose root is ``skill_dir`` and whose skills are loaded from
    elsewhere (``"skills": "./skills/"``): no agent loads the root's own SKILL.md as a skill
    (a generated copy of a repository's SKILL.md at the top of its Codex package,
    hundred-and-sixth and hundred-and-seventh samples). None when no manifest says so, when
    one lists the root itself (``"skills": "./"``), or when its README or ``body`` clones or
    copies the folder into a skills folder as it is (``git clone URL
    ~/.hermes/skills/instagram-skills``: there it is a skill)."""
    import json

    from skillctl.fsio import read_regular_file

    folder = Path(os.path.abspath(skill_dir))
    if any(part.lower() in AGENT_SKILL_FOLDERS for part in folder.parent.parts):
        return None  # an agent's folder: there it is loaded as it stands
    # a copy inside a hidden package folder (.codex-marketplace/x/) is no clone's target,
    # whatever the README copied into it says
    packaged = any(part.startswith(".") for part in folder.parent.parts[-3:])
    own = re.compile(rf"(?<![\w.-])skills/{re.escape(folder.name)}(?![\w-])")
    if not packaged and any(_KEEPS_FOLDER.search(text) or own.search(text)
                            for _, text in (("SKILL.md", body), *_readmes(str(folder)))):
        return None
    for manifest in _PLUGIN_MANIFESTS:
        try:
            data = json.loads(read_regular_file(folder / manifest, _MANIFEST_BYTES))
        except (OSError, ValueError):
            continue
        skills = data.get("skills") if isinstance(data, dict) else None
        listed = [skills] if isinstance(skills, str) else skills if isinstance(skills, list) \
            else None
        if not listed or not all(isinstance(item, str) for item in listed):
            continue
        if all(os.path.normpath(folder / item) != str(folder) for item in listed):
            return manifest
    return None


def _is_plugin(folder: Path) -> bool:
    """Whether ``folder`` is a plugin (Claude Code's or Codex's): its ``skills/`` are loaded
    as they stand."""
    return any(os.path.isfile(folder / manifest) for manifest in _PLUGIN_MANIFESTS)


#: The skills CLI (vercel-labs/skills) run by a package runner: ``skills add owner/repo``
#: installs each skill into ``<agent>/skills/<its frontmatter name>/`` (its installer's
#: ``sanitizeName(skill.name)``), whatever the repository's folder is called.
_SKILLS_CLI_ADD = re.compile(
    r"\b(?:npx|pnpx|bunx|pnpm\s+dlx|yarn\s+dlx)\s+(?:--?[\w-]+\s+)*skills(?:@[\w.^~-]+)?\s+add\b")
#: A clone or copy of the repository itself into a skills folder, which keeps its folder name:
#: ``git clone URL ~/.claude/skills/`` (no name of its own), "copy this directory into ...".
_KEEPS_FOLDER = re.compile(
    r"\bgit\s+clone\s+\S+\s+(?:\S*/)?skills/?(?=[\s`'\"]|$)"
    r"|\b(?:copy|symlink|link|clone|move|drop)\s+(?:or\s+\w+\s+)?(?:this|the)\s+"
    r"(?:whole\s+|entire\s+)?(?:directory|folder|repo|repository)\b",
    re.IGNORECASE | re.MULTILINE)
#: READMEs looked at in a repository-root skill's folder, and the bytes read of each.
_README_NAMES = ("README.md", "README", "README.markdown", "README.txt", "readme.md")
_README_BYTES = 256 * 1024


def install_route_naming(skill_dir: Path, name: str, body: str) -> str | None:
    """How a repository's own skill is installed under its name, when the skill's folder is
    the repository (below no skills folder) and its README or its own text says so: the
    skills CLI (``npx skills add owner/repo``, which names the folder after ``name``), an
    install path ``skills/<name>/`` (``$HOME/.agents/skills/qedgen/tools``), or prose that
    names the install folder ("use a folder named `diagram-studio`"). None when no
    such route is named, or when the text also names the folder as it is (``skills/<folder>``)
    or clones or copies the repository into a skills folder as it is: then the folder keeps
    the repository's name and the mismatch is real (sixty-sixth and sixty-seventh samples,
    ``solana-skills/SKILL.md`` with ``name: qedgen``)."""
    folder = Path(os.path.abspath(skill_dir))
    if any(part.lower() in AGENT_SKILL_FOLDERS for part in folder.parts):
        return None  # already where an agent finds it: the folder's name is the one it gets
    texts = [("SKILL.md", body), *_readmes(str(folder))]
    own = re.compile(rf"(?<![\w.-])skills/{re.escape(folder.name)}(?![\w-])")
    if any(own.search(text) or _KEEPS_FOLDER.search(text) for _, text in texts):
        return None
    for label, text in texts:
        if _SKILLS_CLI_ADD.search(text):
            return f"{label} installs it with the skills CLI (`skills add`)"
    named = re.compile(rf"(?<![\w.-])skills/{re.escape(name)}(?![\w.-])")
    for label, text in texts:
        if named.search(text):
            return f"{label} names its install path skills/{name}/"
    told = _install_folder_told(name)
    for label, text in texts:
        if told.search(text):
            return f"{label} says to install it in a folder named '{name}'"
    return None


@functools.lru_cache(maxsize=64)
def _install_folder_told(name: str) -> re.Pattern[str]:
    """Prose that names the folder to install a skill in: "use a folder named
    `diagram-studio`" (eighty-fifth sample), "rename the directory to `x`", "install it as
    `x`"."""
    quoted = rf"[`'\"]?{re.escape(name)}[`'\"]?(?![\w.-])"
    return re.compile(
        rf"\b(?:folder|directory)\s+(?:named|called)\s+{quoted}"
        rf"|\brename\s+(?:the\s+|this\s+|its\s+)?(?:folder|directory|it)\s+to\s+{quoted}"
        rf"|\binstall(?:ed)?\s+(?:it\s+)?as\s+{quoted}", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _readmes(folder: str) -> tuple[tuple[str, str], ...]:
    """(file name, text) of the README files directly in ``folder``."""
    from skillctl.fsio import read_regular_file  # a FIFO named README.md never blocks

    found: list[tuple[str, str]] = []
    for readme in _README_NAMES:
        try:
            data = read_regular_file(Path(folder, readme), _README_BYTES)
        except OSError:
            continue  # (absent, too large, not a regular file, unreadable)
        found.append((readme, data.decode("utf-8", "replace")))
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _scripts_beside(folder: str) -> tuple[tuple[str, str], ...]:
    """(path below ``folder``, text) of the scripts in ``folder`` and its script folders."""
    from skillctl.fsio import read_regular_file  # a FIFO named x.sh never blocks the read

    found: list[tuple[str, str]] = []
    for sub in _SCRIPT_FOLDERS:
        where = os.path.join(folder, sub) if sub else folder
        try:
            names = sorted(n for n in os.listdir(where) if n.lower().endswith(_SCRIPT_SUFFIXES))
        except OSError:
            continue
        for script in names[:_MAX_SCRIPTS]:
            try:
                data = read_regular_file(Path(where, script), _SCRIPT_BYTES)
            except OSError:
                continue  # (too large, not a regular file, unreadable)
            found.append((f"{sub}/{script}" if sub else script,
                          data.decode("utf-8", "replace")))
    return tuple(found)


#: Largest manifest read to see whether it names a folder's entry file.
_MANIFEST_BYTES = 256 * 1024


@functools.lru_cache(maxsize=256)
def _manifest_text(folder: str) -> str:
    """The JSON files directly in ``folder``, joined (empty when there are none)."""
    texts = []
    try:
        names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".json"))
    except OSError:
        return ""
    from skillctl.fsio import read_regular_file  # a FIFO named x.json never blocks the read

    for name in names[:8]:
        try:
            data = read_regular_file(Path(folder, name), _MANIFEST_BYTES)
        except OSError:
            continue  # (too large, not a regular file, unreadable: names nothing)
        texts.append(data.decode("utf-8", "replace"))
    return "\n".join(texts)


def tool_module(skill_dir: Path, entry: Path) -> bool:
    """Whether a folder's entry file that is not spelled ``SKILL.md`` is a module another
    tool reads: a JSON file in the folder above, which holds no entry file, names a file of
    that spelling in one of its folders, ``"<folder>/<entry>"`` (meriley/claude-code-skills
    ``claude-skills-go/manifest.json``: ``"always": ["naming-convention/Skill.md"]``, the
    modules a hook's resolver picks and injects, not skills)."""
    parent = os.path.dirname(os.path.abspath(skill_dir))
    if os.path.exists(os.path.join(parent, "SKILL.md")):
        return False
    text = _manifest_text(parent)
    return f'/{entry.name}"' in text and re.search(
        rf'"[^"/\\]+/{re.escape(entry.name)}"', text) is not None
