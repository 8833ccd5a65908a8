"""The thirty-fourth and thirty-fifth hand samples' false errors (issue 16,
docs/rule-precision.md), rebuilt from the lines that raised them, each beside the shape that
must stay an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import put
from tests.lint.sampled import MakeSkill
from tests.lint.sampled import found as _found

# --------------------------------------------------------------------------- thirty-fourth

_QUERY = ("---\nname: apple-health-query\ndescription: Queries Apple Health exports. Use when "
          "asked about health data.\n---\nRun the query script.\n")
_INSTALL = ('#!/usr/bin/env bash\nSKILL_NAME="apple-health-query"\n'
            'SRC_SKILL_DIR="$REPO_ROOT/openclaw-skill"\n'
            'DEST_SKILL_DIR="${CODEX_HOME:-$HOME/.codex}/skills/$SKILL_NAME"\n'
            'cp "$SRC_SKILL_DIR/SKILL.md" "$DEST_SKILL_DIR/SKILL.md"\n')
_BY_BASENAME = ('#!/usr/bin/env bash\nfor skill_dir in openclaw-skill; do\n'
                '  cp -r "$skill_dir" "$HOME/.codex/skills/$(basename "$skill_dir")"\ndone\n')


@pytest.mark.parametrize(("where", "script", "severity"), [
    # ajde0606/apple-health-skills: a source folder at the repository's root, which
    # scripts/install_skill.sh copies to ~/.codex/skills/apple-health-query/
    ("openclaw-skill", _INSTALL, "info"),
    # the same folder installed under its own name keeps the mismatch
    ("openclaw-skill", _BY_BASENAME, "error"),
    # inside an agent's skills folder the folder is what agents load, whatever a script
    # says (a repository's own skills/ store is a source, as the ninety-sixth sample has it)
    (".claude/skills/openclaw-skill", _INSTALL, "error"),
    ("skills/openclaw-skill", _INSTALL, "info"),
])
def test_a_source_folder_that_a_script_installs_under_the_skills_name(
        tmp_path: Path, where: str, script: str, severity: str) -> None:
    repo = tmp_path / "repo"
    skill = repo / where
    put(skill, "SKILL.md", _QUERY, 0o644)
    put(repo, "scripts/install_skill.sh", script)
    assert _found(skill, "name-dir-mismatch") == {("SKILL.md", 2): severity}


@pytest.mark.parametrize("script", ["bin/audit-crosslinks.mjs", "mkerr.py", "scripts/report.sh"])
def test_a_script_not_named_for_installing_keeps_the_error(tmp_path: Path, script: str) -> None:
    # heymegabyte/claude-skills: bin/audit-crosslinks.mjs names 06-build-and-slice-loop and
    # build-and-slice-loop (a cross-link audit, no installer): the folder keeps its mismatch
    repo = tmp_path / "repo"
    skill = repo / "openclaw-skill"
    put(skill, "SKILL.md", _QUERY, 0o644)
    put(repo, script, "// openclaw-skill links to apple-health-query\n")
    assert _found(skill, "name-dir-mismatch") == {("SKILL.md", 2): "error"}


def test_no_script_naming_the_skill_keeps_the_error(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    skill = repo / "openclaw-skill"
    put(skill, "SKILL.md", _QUERY, 0o644)
    put(repo, "scripts/install_skill.sh", "#!/usr/bin/env bash\necho installing\n")
    put(repo, "notes.py", "# apple-health-query is the name we chose\n")  # folder not named
    assert _found(skill, "name-dir-mismatch") == {("SKILL.md", 2): "error"}


# --------------------------------------------------------------------------- thirty-fifth

_MAKE = ("---\nname: make\ndescription: Makes decks. Use when asked for slides.\n---\n"
         "Falls back to `node scripts/source_to_md/web_to_md.cjs <URL>` when needed.\n")


@pytest.mark.parametrize(("docstring", "severity"), [
    # TubeLiu/presales-skills web_to_md.py: a parenthetical aside wrapped so that its "("
    # opens the line
    ('    If curl_cffi is unavailable, the Node.js counterpart\n'
     '    (scripts/source_to_md/web_to_md.cjs) remains available as a fallback.\n', None),
    # real subshells stay runs of the file
    ("    (scripts/source_to_md/web_to_md.cjs)\n", "error"),
    ("    (scripts/source_to_md/web_to_md.cjs) && echo ok\n", "error"),
    ("    (scripts/source_to_md/web_to_md.cjs) > log\n", "error"),
])
def test_a_wrapped_aside_is_no_subshell(make_skill: MakeSkill, docstring: str,
                                         severity: str | None) -> None:
    skill = make_skill("make", raw=_MAKE.encode())
    put(skill, "scripts/source_to_md/web_to_md.cjs", "#!/usr/bin/env node\nconsole.log(1);\n",
        0o644)
    put(skill, "scripts/source_to_md/web_to_md.py",
        '#!/usr/bin/env python3\n"""Fetch a page.\n\n' + docstring + '"""\n', 0o755)
    expected = {("web_to_md.cjs", 1): severity} if severity else {}
    assert _found(skill, "script-not-executable") == expected
