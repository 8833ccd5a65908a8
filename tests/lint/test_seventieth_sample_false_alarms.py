"""The seventieth to seventy-ninth hand samples' false lint errors (issue 16,
docs/rule-precision.md), rebuilt from the lines that raised them, each beside the shape that
must stay an error. (Their false security errors: tests/security/test_seventieth_sample_
security.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import put
from tests.lint.sampled import found as _found

_FRONT = "---\nname: s\ndescription: Does s. Use when asked to.\n---\n"


@pytest.mark.parametrize(("body", "expected"), [
    # worldware-studios/i18n-skills templates/skill/SKILL.md (MIT): links commented out
    ("# S\n\n<!-- Uncomment and link as needed\n- Details: [references/REFERENCE.md]"
     "(references/REFERENCE.md)\n- Template: [assets/template.md](assets/template.md)\n-->\n",
     {}),
    ("# S\n\n<!-- [a](references/a.md) --> See [b](references/b.md).\n",
     {("SKILL.md", 7): "error"}),
    # the same links, not commented out, stay errors
    ("# S\n\n- Details: [references/REFERENCE.md](references/REFERENCE.md)\n",
     {("SKILL.md", 7): "error"}),
    # a comment closed before the link, or one that only an XSS payload opens, hides nothing
    ("# S\n\n<!-- note -->\nSee [b](references/b.md).\n", {("SKILL.md", 8): "error"}),
    ("# S\n\n```js\nconst p = '<!--><script>';\n```\n\nSee [b](references/b.md).\n",
     {("SKILL.md", 11): "error"}),
    ("# S\n\n```html\n<!-- sample.html\n```\n\nSee [b](references/b.md).\n",
     {("SKILL.md", 11): "error"}),
])
def test_a_link_in_an_html_comment_is_commented_out(tmp_path: Path, body: str,
                                                    expected: dict[tuple[str, int], str]
                                                    ) -> None:
    skill = tmp_path / "s"
    put(skill, "SKILL.md", _FRONT + body, 0o644)
    assert _found(skill, "broken-reference") == expected


_ADR = (_FRONT + "# Architecture baseline\n\nWrite ADRs to `docs/adr/` in the project.\n\n"
        "### `docs/ARCHITECTURE.md`\n\n```markdown\n# Architecture\n```\n\n"
        "The index is the part a reviewer actually uses:\n\n| ADR | Decision |\n|---|---|\n"
        "| [0001 - Layer map](adr/0001-layer-map.md) | Package boundaries. |\n")


def test_an_example_index_of_a_project_document_is_a_warning(tmp_path: Path) -> None:
    # victormacaubas/data-engineering-skills architecture-baseline (MIT): the index of the
    # ADRs the skill has the agent write into the project's docs/adr/
    skill = tmp_path / "s"
    put(skill, "SKILL.md", _ADR, 0o644)
    assert _found(skill, "broken-reference") == {("SKILL.md", 19): "warning"}


@pytest.mark.parametrize("body", [
    # no project folder of that name in the text: the skill's own file is missing
    _ADR.replace("Write ADRs to `docs/adr/` in the project.", "Write ADRs."),
    # a folder the skill keeps its own files in stays the skill's
    _FRONT + "Run `./scripts/run-sast.sh`.\n\n- [run-sast.sh](scripts/run-sast.sh)\n",
])
def test_a_missing_file_of_the_skill_stays_an_error(tmp_path: Path, body: str) -> None:
    skill = tmp_path / "s"
    put(skill, "SKILL.md", body, 0o644)
    links = {line: severity for (_, line), severity in _found(skill, "broken-reference").items()
             if "](" in body.split("\n")[line - 1]}
    assert links and set(links.values()) == {"error"}


_CHECK = "#!/usr/bin/env python3\nprint('checked')\n"


@pytest.mark.parametrize(("contract", "severity"), [
    # Saitamasans/testing-skills reverse-test-workbench (MIT): the host's runtime runs it
    ("```bash\n<runtime> scripts/check.py --run-root <run-root>\n```\n", "warning"),
    ("```bash\n$PYTHON scripts/check.py --run-root out\n```\n", "warning"),
    # with no interpreter anywhere, the inline code runs it directly
    ("Keep the run root.\n", "error"),
])
def test_an_interpreter_placeholder_runs_the_script(tmp_path: Path, contract: str,
                                                    severity: str) -> None:
    skill = tmp_path / "s"
    put(skill, "SKILL.md", _FRONT + "# S\n\nRead references/run.md.\n", 0o644)
    put(skill, "references/run.md", "# Run\n\n" + contract + "\nThen call "
        "`scripts/check.py --run-root <run-root>`.\n", 0o644)
    put(skill, "scripts/check.py", _CHECK, 0o644)
    assert _found(skill, "script-not-executable") == {("check.py", 1): severity}


@pytest.mark.parametrize(("folder", "severity"), [
    # tzurp/openapi-skills-cli (seventy-ninth sample): the package's store of the skill its
    # installer fills in (`<command-list-here>`) and writes to skills/openapi-skills/
    ("skill-templates", "info"),
    ("skills-templates", "info"),
    ("skill-template", "info"),
    # a skill about templates keeps the mismatch
    ("templates", "error"),
    ("railway-templates", "error"),
])
def test_a_store_of_skill_templates_holds_a_stand_in(tmp_path: Path, folder: str,
                                                     severity: str) -> None:
    skill = tmp_path / folder
    put(skill, "SKILL.md", "---\nname: openapi-skills\ndescription: Calls the API. Use when "
        "asked to.\n---\n# Commands\n\n<command-list-here>\n", 0o644)
    assert _found(skill, "name-dir-mismatch") == {("SKILL.md", 2): severity}
