"""Cases for what Codex reads its own way (found by running @openai/codex 0.169.0):

- its YAML retry: a value holding ``": "`` or not YAML on its own is quoted (a `` #`` comment
  dropped), at any indent; ``[a, b]`` stays a list; numbers and booleans are read as text;
- ``$CODEX_HOME``-free project ``.codex/skills``, read in the working directory only;
- plugin manifests above a skill in a plain root: the skill is ``<manifest name>:<name>``
  (the nearest usable manifest, ``.codex-plugin`` before ``.claude-plugin``; a folder's name
  when ``name`` is missing or empty; an unusable manifest passed over), in a cloned plugin
  repository and in a project that is itself a plugin;
- ``agents/openai.yaml`` with ``policy.allow_implicit_invocation: false`` (left out of the
  catalog), descriptions cut at 1,024 characters, and the budget of 2% of the default
  model's 272,000-token window (a list just under it and one just over it).

They run against every agent like the shared cases (other agents' answers are worth having).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conformance import cases as shared
from conformance.drivers import DRIVER_MODULES
from conformance.model import Case

CaseBuilder = Callable[[Path], Case]
CASES: dict[str, CaseBuilder] = {}


def _own(builder: CaseBuilder) -> CaseBuilder:
    CASES[builder.__name__.replace("_", "-")] = builder
    return builder


_RETRY = {
    "cx-comment-after-colon": "name: cx-comment-after-colon\ndescription: Use: this #tag\n",
    "cx-unclosed-flow": "name: cx-unclosed-flow\ndescription: [unclosed\n",
    "cx-flow-map": "name: cx-flow-map\ndescription: {a: b}\n",
    "cx-flow-list": "name: cx-flow-list\ndescription: [a, b]\nbad: x: y\n",
    "cx-quoted-then-colon": "name: cx-quoted-then-colon\ndescription: 'a': b\n",
    "cx-nested-colon": "name: cx-nested-colon\ndescription: d\nmetadata:\n"
                       "  short-description: a: b\n",
    "cx-metadata-string": "name: cx-metadata-string\ndescription: d\nmetadata: notamap\n",
    "cx-block-and-colon": "name: cx-block-and-colon\ndescription: |\n  multi\n  line\n"
                          "bad: x: y\n",
    "cx-anchor-colon": "name: cx-anchor-colon\ndescription: &anc a: b\n",
    "cx-quoted-key": "name: cx-quoted-key\n\"description\": a: b\n",
    "cx-float-name": "name: 1.50\ndescription: A float name.\n",
    "cx-bool-name": "name: true\ndescription: 42\n",
    "cx-null-name": "name: ~\ndescription: A null name.\n",
    "cx-padded": "name: '  cx-padded  '\ndescription: '  padded  '\n",
    "cx-blank-description": "name: cx-blank-description\ndescription: '   '\n",
    "cx-empty-block": "",
    # which values the retry quotes (probes of 2026-11-29): those holding ": " and those that
    # start with [ { @ or a backtick and are not YAML alone; not "-", "?", "%", "*", "&", "]",
    # "}", "," nor a trailing ":"
    "cx-colon-end": "name: cx-colon-end\ndescription: Ends with a colon:\n",
    "cx-dash-start": "name: cx-dash-start\ndescription: - starts with a dash\n",
    "cx-dash-colon": "name: cx-dash-colon\ndescription: - x: y\n",
    "cx-question-start": "name: cx-question-start\ndescription: ? is a question\n",
    "cx-percent-start": "name: cx-percent-start\ndescription: %percent start\n",
    "cx-star-start": "name: cx-star-start\ndescription: *alias start\n",
    "cx-rbracket-start": "name: cx-rbracket-start\ndescription: ]bracket start\n",
    "cx-at-start": "name: cx-at-start\ndescription: @at start\n",
    "cx-backtick-start": "name: cx-backtick-start\ndescription: `code` first\n",
    "cx-flow-trailing": "name: cx-flow-trailing\ndescription: [a, b] trailing\n",
    "cx-colon-tab": "name: cx-colon-tab\ndescription: Use:\tthis\n",
}


@_own
def codex_yaml_retry(base: Path) -> Case:
    home, project = shared.tree(base)
    for folder, frontmatter in _RETRY.items():
        shared.skill(project / ".agents/skills" / folder, raw=f"---\n{frontmatter}---\nBody.\n")
    return shared.make("codex-yaml-retry", base, home, project,
                       "values Codex quotes and retries, numbers read as text, type errors")


@_own
def codex_dot_codex_in_cwd(base: Path) -> Case:
    home, project = shared.tree(base)
    shared.skill(project / ".codex/skills/cx-at-root")
    shared.skill(project / "sub/.codex/skills/cx-in-cwd")
    shared.skill(project / "sub/deeper/.codex/skills/cx-below-cwd")
    shared.skill(project / ".agents/skills/cx-agents-root")
    return shared.make("codex-dot-codex-in-cwd", base, home, project / "sub",
                       ".codex/skills is read in the working directory only")


@_own
def codex_openai_yaml_policy(base: Path) -> Case:
    home, project = shared.tree(base)
    root = project / ".agents/skills"
    shared.skill(root / "cx-listed")
    quiet = root / "cx-not-implicit"
    shared.skill(quiet)
    shared.write(quiet / "agents/openai.yaml", "policy:\n  allow_implicit_invocation: false\n")
    allowed = root / "cx-implicit-true"
    shared.skill(allowed)
    shared.write(allowed / "agents/openai.yaml", "policy:\n  allow_implicit_invocation: true\n")
    shared.skill(root / "cx-unicode", description="é" * 1100)
    shared.skill(root / "cx-astral", description="\U0001F600" * 1100)
    return shared.make("codex-openai-yaml-policy", base, home, project,
                       "agents/openai.yaml keeps a skill out of the catalog; 1,024-char cut")


def _budget_case(case_id: str, count: int) -> CaseBuilder:
    def build(base: Path) -> Case:
        home, project = shared.tree(base)
        for i in range(count):
            word = f"word{i:02d} "
            shared.skill(home / ".agents/skills" / f"s{i:02d}", description=(word * 90).strip())
        return shared.make(case_id, base, home, project,
                           f"{count} skills of 629-char descriptions around Codex's budget")
    build.__name__ = case_id.replace("-", "_")
    return build


# Codex 0.171.0's budget is 2% of 500,000 tokens: 56 skills make 38,739 bytes of lines (kept
# whole); of 58 (40,061 bytes whole) the descriptions are shortened to 39,995. (With 0.169.0,
# 2% of 272,000 tokens, the cases were 29 and 31 skills: 20,892 and 21,755 bytes.)
CASES["codex-budget-under"] = _budget_case("codex-budget-under", 56)
CASES["codex-budget-over"] = _budget_case("codex-budget-over", 58)


def _manifest(folder: Path, data: str, kind: str = ".claude-plugin") -> None:
    shared.write(folder / kind / "plugin.json", data)


@_own
def codex_folder_manifests(base: Path) -> Case:
    home, project = shared.tree(base)
    root = project / ".agents/skills"
    # a plugin repository cloned into a root (xdevs23/workflow-skills, seen on real trees)
    _manifest(root / "cloned-repo", '{"name": "workflow", "version": "0.4.0"}')
    shared.skill(root / "cloned-repo/skills/audit-loop")
    shared.skill(root / "cloned-repo/skills/workflow", name="workflow")
    _manifest(root / "both", '{"name": "from-claude"}')
    _manifest(root / "both", '{"name": "from-codex"}', ".codex-plugin")
    shared.skill(root / "both/skills/fm-both")
    _manifest(root / "broken-codex", "{not json", ".codex-plugin")
    _manifest(root / "broken-codex", '{"name": "unused"}')
    shared.skill(root / "broken-codex/skills/fm-broken")
    _manifest(root / "no-name", "{}")
    shared.skill(root / "no-name/skills/fm-no-name")
    _manifest(root / "empty-name", '{"name": ""}')
    shared.skill(root / "empty-name/deep/er/fm-empty-name")
    _manifest(root / "spaced", '{"name": "  My Plugin  "}')
    shared.skill(root / "spaced/fm-spaced")
    _manifest(root / "outer", '{"name": "outer"}')
    _manifest(root / "outer/inner", '{"name": "inner"}')
    shared.skill(root / "outer/inner/skills/fm-nearest")
    _manifest(root / "cursor", '{"name": "cursorplug"}', ".cursor-plugin")
    shared.skill(root / "cursor/skills/fm-cursor")
    _manifest(root / "marketplace-only", '{"name": "market"}')
    (root / "marketplace-only/.claude-plugin/plugin.json").unlink()
    shared.write(root / "marketplace-only/.claude-plugin/marketplace.json", '{"name": "mk"}')
    shared.skill(root / "marketplace-only/skills/fm-marketplace")
    shared.skill(root / "fm-plain")
    elsewhere = project.parent / "elsewhere"
    _manifest(elsewhere / "linked", '{"name": "linked"}')
    shared.skill(elsewhere / "linked/skills/fm-linked")
    (root / "fm-linked").symlink_to(elsewhere / "linked/skills/fm-linked")
    _manifest(home / ".agents/skills/user-plugin", '{"name": "userplug"}')
    shared.skill(home / ".agents/skills/user-plugin/skills/fm-user")
    return shared.make("codex-folder-manifests", base, home, project,
                       "plugin manifests above skills in plain roots: Codex names them "
                       "<plugin>:<name>")


@_own
def codex_project_is_a_plugin(base: Path) -> Case:
    home, project = shared.tree(base)
    _manifest(project, '{"name": "this-plugin"}')
    shared.skill(project / ".agents/skills/fm-project")
    _manifest(project / ".agents/skills/bad-name", '{"name": 42}')
    shared.skill(project / ".agents/skills/bad-name/skills/fm-bad-name")
    shared.skill(project / ".claude/skills/fm-claude-root")
    shared.skill(home / ".agents/skills/fm-user-plain")
    return shared.make("codex-project-is-a-plugin", base, home, project,
                       "a project with .claude-plugin/plugin.json at its root: Codex names "
                       "its skills <plugin>:<name>, a manifest whose name is no string is "
                       "passed over")


@_own
def codex_folder_cap(base: Path) -> Case:
    # Codex 0.169.0 takes at most 2,000 folders of one root (the root counted), breadth first
    # and by name, dot folders left out: here the root, 1,991 folders at the first level,
    # five references/ folders below the first skills, then the first three of zz-nest's
    # twenty skill folders; the other seventeen are never found (probes of 2026-11-29: of
    # 2,100 skill folders in one root, the last 101 by name were not loaded)
    home, project = shared.tree(base)
    root = project / ".agents/skills"
    names = ["Aaa", *(f"s{i:04d}" for i in range(1989))]
    for index, name in enumerate(names):
        shared.write(root / name / "SKILL.md",
                     f"---\nname: {name}\ndescription: Skill {name}.\n---\nB.\n")
        if index < 5:
            shared.write(root / name / "references/notes.md", "Notes.\n")
    for i in range(20):
        shared.write(root / "zz-nest" / f"n{i:02d}" / "SKILL.md",
                     f"---\nname: n{i:02d}\ndescription: Nested {i}.\n---\nB.\n")
    shared.write(root / ".hidden/h1/SKILL.md", "---\nname: h1\ndescription: Hidden.\n---\nB.\n")
    # (a Codex case: with 2,010 skills in one root Gemini CLI's catalog order changed from run
    # to run, twice in two full runs, so the others are not asked)
    others = {agent: "a Codex case" for agent in DRIVER_MODULES if agent != "codex"}
    return shared.make("codex-folder-cap", base, home, project,
                       "more than 2,000 folders in one root", skip=others)
