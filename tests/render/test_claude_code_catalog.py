"""Claude Code's catalog as 2.1.332 writes it, checked by the conformance suite against the
request the real agent sends (``conformance/drivers/claude_code.py``); here on real trees."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skillctl.agents.claude_code import BUNDLED_CATALOG
from tests.conftest import write_skill
from tests.render.conftest import run

INTRO = "The following skills are available for use with the Skill tool:\n\n"


def render(runner: CliRunner, project: Path, home: Path, *extra: str) -> str:
    code, out, _ = run(runner, "render", "--agent", "claude-code", "--project", str(project),
                       "--home", str(home), *extra)
    assert code == 0
    return out


def trees(tmp_path: Path) -> tuple[Path, Path]:
    project, home = tmp_path / "proj", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return project, home


def test_bare_listing_then_bundled_entries(tmp_path: Path, runner: CliRunner) -> None:
    project, home = trees(tmp_path)
    write_skill(project / ".claude/skills", "mine", "name: mine\ndescription: Mine.\n")
    out = render(runner, project, home)
    bundled = "\n".join(f"- {name}: {text}" for name, text, _ in BUNDLED_CATALOG)
    assert out == INTRO + "- mine: Mine.\n" + bundled + "\n"
    assert "<system-reminder>" not in out


def test_a_user_skill_takes_a_bundled_entry_s_place(tmp_path: Path, runner: CliRunner) -> None:
    project, home = trees(tmp_path)
    write_skill(project / ".claude/skills", "dataviz", "description: My charts.\n")
    write_skill(project / ".claude/skills", "simplify", "description: Hidden.\n"
                "disable-model-invocation: true\n")
    out = render(runner, project, home)
    assert out.count("- dataviz:") == 1 and "- dataviz: My charts.\n" in out
    assert "- simplify: Review the changed code" in out  # a hidden skill replaces nothing


def test_user_then_project_each_sorted_like_locale_compare(tmp_path: Path,
                                                          runner: CliRunner) -> None:
    project, home = trees(tmp_path)
    for name in ("b-user", "a-user", "Z-user"):
        write_skill(home / ".claude/skills", name, f"description: {name}.\n")
    for name in ("b-proj", "Z-proj", "_proj", "a-proj"):
        write_skill(project / ".claude/skills", name, f"description: {name}.\n")
    out = render(runner, project, home)
    listed = [line.split(":")[0][2:] for line in out.splitlines()[2:9]]
    assert listed == ["a-user", "b-user", "Z-user", "_proj", "a-proj", "b-proj", "Z-proj"]


def test_descriptions_on_one_line_with_angle_brackets_escaped(tmp_path: Path,
                                                             runner: CliRunner) -> None:
    project, home = trees(tmp_path)
    skills = project / ".claude/skills"
    write_skill(skills, "spaces", 'description: "two  spaces,\\ttab,  trailing  "\n')
    write_skill(skills, "literal", "description: |\n  line one\n\n    indented two\n  three\n")
    write_skill(skills, "markup", "description: '<b>x</b> &amp; \"q\"'\n")
    out = render(runner, project, home)
    assert "- literal: line one   indented two three\n" in out
    assert "- markup: &lt;b&gt;x&lt;/b&gt; &amp; \"q\"\n" in out
    assert "- spaces: two  spaces, tab,  trailing\n" in out
    assert "claude-api: Reference for the Claude API" in out and "\nTRIGGER — " in out


def test_display_name_once_and_for_scalars(tmp_path: Path, runner: CliRunner) -> None:
    project, home = trees(tmp_path)
    skills = project / ".claude/skills"
    write_skill(skills, "alpha", "name: same\ndescription: A.\n")
    write_skill(skills, "beta", "name: same\ndescription: B.\n")
    write_skill(skills, "flag", "name: true\ndescription: F.\n")
    write_skill(skills, "half", "name: 0.5\ndescription: H.\n")
    write_skill(skills, "listed", "name: [a, b]\ndescription: L.\n")
    out = render(runner, project, home)
    assert "- alpha (same): A.\n- beta: B.\n" in out
    assert "- flag (true): F.\n- half (0.5): H.\n- listed: L.\n" in out


def test_budget_keeps_bundled_first_then_user_skills_then_commands(tmp_path: Path,
                                                                  runner: CliRunner) -> None:
    project, home = trees(tmp_path)
    for i in range(3):
        write_skill(project / ".claude/skills", f"big-{i}", f"description: {'x' * 300}\n")
    lines = [f"- {name}: {text}" for name, text, _ in BUNDLED_CATALOG]
    names = sum(len(f"- big-{i}") for i in range(3)) + sum(
        len(f"- {name}") for name, _, _ in BUNDLED_CATALOG)
    skills_extra = sum(len(line) - len(f"- {name}")
                       for line, (name, _, rank) in zip(lines, BUNDLED_CATALOG, strict=True)
                       if rank == 0)
    # room for the bundled skills and one user skill, not for a second one nor the commands
    budget = names + skills_extra + 302 + 50
    out = render(runner, project, home, "--budget", str(budget))
    assert "- big-0: " in out and "\n- big-1\n- big-2\n" in out
    assert "\n- init\n- security-review\n" in out and out.endswith("- security-review\n")
    assert "- dataviz: Use this skill" in out


def test_a_crlf_file_that_needs_the_quote_retry_lists_its_heading(tmp_path: Path,
                                                                   runner: CliRunner) -> None:
    # conformance case crlf-quote-retry: Claude Code quotes no value on a line that ends in
    # CR, so the frontmatter fails, the skill loads with empty metadata and its first body
    # line stands in for the description; the same file with LF is read by the retry
    project, home = trees(tmp_path)
    text = "---\nname: NAME\ndescription: Formats code. Use when: asked.\n---\n\n# Heading NAME\n"
    for name, eol in (("crlf", "\r\n"), ("lf", "\n")):
        folder = project / ".claude/skills" / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_bytes(text.replace("NAME", name).replace("\n", eol).encode())
    out = render(runner, project, home)
    assert "- crlf: Heading crlf\n" in out
    assert "- lf: Formats code. Use when: asked.\n" in out


def test_controls_escapes_and_invisible_characters_in_a_description(
        tmp_path: Path, runner: CliRunner) -> None:
    # Claude Code 2.1.332 (conformance case description-controls): trimmed as JavaScript
    # trims, terminal sequences out (one left open runs to the end), each run of control,
    # format, private-use or unassigned characters one space; other spaces stay
    project, home = trees(tmp_path)
    seen = {
        "c0": ("Ab\x01\x02Cd ef", "Ab Cd ef"),
        "lead": ("\x01Ab cd", " Ab cd"),
        "fs": ("\x1cAb\x85cd\x1f", " Ab cd "),
        "trimmed": ("\ufeff\u00a0Ab\u3000cd\u2028", "Ab\u3000cd"),
        "tab-run": ("Ab \t\x01 Cd", "Ab   Cd"),
        "invisible": ("Ab\u200bCd\u00adef\u202egh\ue000ij\u0378kl", "Ab Cd ef gh ij kl"),
        "csi": ("Ab\x1b[1;31mCd\x9b2J ef", "AbCd ef"),
        "osc": ("Ab\x1b]8;;http://x\x1b\\link\x1b]8;;\x07 ef", "Ablink ef"),
        "esc": ("Ab\x1bxCd\x1b(B ef\x1b", "AbCd ef"),
        "open-dcs": ("Ab\x90xx Cd", "Ab"),
        "closed-sos": ("Ab\x98xx\x9c Cd", "Ab Cd"),
        "entities": ("A<b\x01>c", "A&lt;b &gt;c"),
    }
    for name, (text, _) in seen.items():
        write_skill(project / ".claude/skills", name,
                    f"description: {json.dumps(text)}\n")
    out = render(runner, project, home)
    for name, (_, shown) in seen.items():
        assert f"\n- {name}: {shown}\n" in out, name


def test_the_budget_is_charged_in_terminal_columns_with_the_line_breaks(
        tmp_path: Path, runner: CliRunner) -> None:
    # Claude Code 2.1.332 charges its listing in Bun.stringWidth columns plus one per line
    # break: with 110 skills whose descriptions hold 80 CJK characters (2 columns each), the
    # real agent lists s000-s072 in full and the rest by name (an ad hoc run of the
    # conformance driver); UTF-16 units would keep descriptions up to s097
    project, home = trees(tmp_path)
    for i in range(110):
        text = "汉字测试" * 20 + "word " * 30 + f"end{i}"
        write_skill(project / ".claude/skills", f"s{i:03d}", f"description: {text}\n",
                    body=f"# Heading {i} {'x' * 50}\n\nBody.\n")
    out = render(runner, project, home)
    assert "\n- s072: 汉字测试" in out
    assert "\n- s073\n" in out and "\n- s097\n" in out
