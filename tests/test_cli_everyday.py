"""Issue 17, everyday use: lint output volume (--statistics, --quiet, concise, grouping),
exclude/extend-exclude, run-script -f and --dry-run without uv, one wording for a missing
path, --diff's wording, the baseline's count, and completion of --format and scripts.

Everything runs the real command line (``python -m skillctl``) on files in tmp_path.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import write_skill

#: A skill that names one missing script three times, plus two one-off warnings.
_REPEATED = (
    "# Repeated\n\nRun `scripts/gone.py` first.\n\nThen run `scripts/gone.py` again.\n\n"
    "Finally `scripts/gone.py`.\n"
)


def skillctl(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "skillctl", *args],
        cwd=cwd, env=full, capture_output=True, text=True, timeout=120, check=False,
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    skills = tmp_path / "skills"
    write_skill(skills, "clean")
    write_skill(skills, "repeated", body=_REPEATED)
    write_skill(skills, "Bad-Name", "name: Bad-Name\ndescription: Does things.\n")
    return tmp_path


def test_text_groups_identical_findings_in_a_file(tree: Path) -> None:
    out = skillctl("lint", "--no-cache", "skills", cwd=tree).stdout
    lines = [line for line in out.splitlines() if "scripts/gone.py" in line]
    assert len(lines) == 1, out
    assert lines[0].startswith("skills/repeated/SKILL.md:")
    assert "(3 times: also " in lines[0] and lines[0].count(":") >= 7


def test_concise_is_one_line_per_finding_and_the_summary(tree: Path) -> None:
    result = skillctl("lint", "--no-cache", "-f", "concise", "skills", cwd=tree)
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert sum("scripts/gone.py" in line for line in lines) == 3  # not grouped
    assert not any(line.startswith((" ", "\t")) or not line for line in lines)  # no hints
    assert lines[-1].startswith("3 skills checked: ")
    assert all(line.count(": ") >= 2 for line in lines[:-1])


def test_quiet_shows_only_errors_and_the_full_summary(tree: Path) -> None:
    full = skillctl("lint", "--no-cache", "-f", "concise", "skills", cwd=tree).stdout
    quiet = skillctl("lint", "--no-cache", "-q", "skills", cwd=tree)
    assert quiet.returncode == 1
    findings = [line for line in quiet.stdout.splitlines() if line.startswith("skills/")]
    assert findings and all(" error " in line for line in findings)
    assert not any("warning" in line for line in findings)
    assert quiet.stdout.splitlines()[-1] == full.splitlines()[-1]  # counts everything


def test_statistics_counts_per_rule(tree: Path) -> None:
    result = skillctl("lint", "--no-cache", "--statistics", "skills", cwd=tree)
    rows = result.stdout.splitlines()
    assert result.returncode == 1
    gone = next(row for row in rows if "broken-reference" in row or "missing-script" in row)
    count = int(gone.split()[0])
    assert count >= 3
    table = rows[: rows.index("")]
    numbers = [int(row.split()[0]) for row in table]
    assert numbers == sorted(numbers, reverse=True)
    assert "skills/" not in result.stdout
    assert rows[-1].startswith("3 skills checked: ")


@pytest.mark.parametrize("flag", ["--quiet", "--statistics"])
def test_people_flags_refuse_machine_formats(tree: Path, flag: str) -> None:
    result = skillctl("lint", "--no-cache", flag, "-f", "json", "skills", cwd=tree)
    assert result.returncode == 2
    assert f"{flag} works with --format text or concise" in result.stderr


def test_exclude_and_extend_exclude_prune_the_walk(tmp_path: Path) -> None:
    write_skill(tmp_path / "skills", "good")
    write_skill(tmp_path / "tests" / "fixtures", "BAD", "name: BAD\n")
    write_skill(tmp_path / "vendor", "X", "name: X\n")
    os.symlink("nowhere", tmp_path / "tests" / "fixtures" / "dangling")
    (tmp_path / "skillctl.toml").write_text(
        'exclude = ["tests/fixtures/"]\nextend-exclude = ["vendor"]\n', encoding="utf-8"
    )
    result = skillctl("lint", "--no-cache", "-f", "concise", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "1 skill checked: 0 errors, 0 warnings.\n"
    # a path named on the command line is still searched, as in ruff
    named = skillctl("lint", "--no-cache", "-f", "concise", "tests/fixtures", cwd=tmp_path)
    assert named.returncode == 1 and "tests/fixtures/BAD/SKILL.md" in named.stdout
    # an excluded folder below a named path is not
    below = skillctl("lint", "--no-cache", "tests", cwd=tmp_path)
    assert below.returncode == 2 and "exclude patterns of the config" in below.stderr


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('["!x"]', "exclude: invalid pattern '!x': negated patterns"),
        ('"x"', "exclude: expected a list of gitignore-style patterns"),
        ('["a/**/b/**/c/**/d"]', "exclude: invalid pattern"),
    ],
)
def test_invalid_exclude_is_exit_2_with_file_and_key(
    tmp_path: Path, value: str, message: str
) -> None:
    write_skill(tmp_path, "good")
    config = tmp_path / "skillctl.toml"
    config.write_text(f"exclude = {value}\n", encoding="utf-8")
    result = skillctl("lint", "--no-cache", cwd=tmp_path)
    assert result.returncode == 2
    assert str(config) in result.stderr and message in result.stderr


def test_per_path_ignores_star_silences_every_rule(tmp_path: Path) -> None:
    write_skill(tmp_path / "legacy", "Old", "name: Old\n")
    (tmp_path / "skillctl.toml").write_text(
        '[per-path-ignores]\n"legacy/**" = ["*"]\n', encoding="utf-8"
    )
    result = skillctl("lint", "--no-cache", "-f", "concise", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("1 skill checked: 0 errors")


def test_one_wording_for_a_missing_path(tmp_path: Path) -> None:
    for command in (["lint"], ["list"], ["render"], ["show"], ["run-script"]):
        args = [*command, "./missing"] + (["x.sh"] if command == ["run-script"] else [])
        result = skillctl(*args, cwd=tmp_path)
        assert result.returncode == 2, (command, result.stderr)
        assert "skillctl: error: path not found: " in result.stderr, (command, result.stderr)
        assert "missing" in result.stderr


def test_usage_lines_have_no_braces(tmp_path: Path) -> None:
    for command, usage in (
        ("run-script", "skillctl run-script [OPTIONS] SKILL [SCRIPT]"),
        ("new", "skillctl new [OPTIONS] NAME"),
        ("show", "skillctl show [OPTIONS] NAME|PATH"),
    ):
        out = skillctl(command, "--help", cwd=tmp_path).stdout
        assert f"Usage: {usage}" in out and "{" not in out.splitlines()[0]


def _demo(tmp_path: Path) -> Path:
    skill = write_skill(tmp_path / ".claude" / "skills", "demo")
    scripts = skill / "scripts"
    scripts.mkdir()
    (scripts / "fetch.py").write_text(
        '# /// script\n# dependencies = ["requests"]\n# ///\nprint(1)\n', encoding="utf-8"
    )
    run = scripts / "run.sh"
    run.write_text("#!/bin/sh\necho hi\n", encoding="utf-8")
    run.chmod(0o755)
    hostile = scripts / "a;b"
    hostile.mkdir()
    (hostile / "x.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    (hostile / "x.sh").chmod(0o755)
    return skill


def test_run_script_has_f_and_dry_run_shows_uv_argv_without_uv(tmp_path: Path) -> None:
    skill = _demo(tmp_path)
    listed = skillctl("run-script", str(skill), "--list", "-f", "json", cwd=tmp_path)
    assert listed.returncode == 0 and listed.stdout.lstrip().startswith("{")
    no_uv = {"PATH": "/nonexistent-bin"}
    dry = skillctl("run-script", str(skill), "scripts/fetch.py", "--dry-run", cwd=tmp_path,
                   env=no_uv)
    assert dry.returncode == 0, dry.stderr
    assert f"uv run --script {os.path.realpath(skill)}/scripts/fetch.py" in dry.stdout
    assert "uv is not on PATH" in dry.stderr and "a real run exits 127" in dry.stderr
    real = skillctl("run-script", str(skill), "scripts/fetch.py", cwd=tmp_path, env=no_uv)
    assert real.returncode == 127


def _complete(words: str, cwd: Path, home: Path) -> list[str]:
    env = {"_SKILLCTL_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split(" ")) - 1), "HOME": str(home)}
    return skillctl(cwd=cwd, env=env).stdout.split()


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("lint", ["text", "concise", "json", "sarif", "github", "junit"]),
        ("list", ["table", "json"]),
        ("show", ["text", "json"]),
        ("agents", ["table", "json"]),
        ("rules", ["text", "json"]),
        ("run-script", ["text", "json"]),
    ],
)
def test_format_completes_its_values(tmp_path: Path, command: str, expected: list[str]) -> None:
    assert _complete(f"skillctl {command} --format ", tmp_path, tmp_path) == expected


def test_render_format_completes_a_prefix(tmp_path: Path) -> None:
    assert _complete("skillctl render -f mark", tmp_path, tmp_path) == ["markdown"]


def test_run_script_completes_the_skills_safe_scripts(tmp_path: Path) -> None:
    skill = _demo(tmp_path)
    by_name = _complete("skillctl run-script demo ", tmp_path, tmp_path)
    assert by_name == ["scripts/fetch.py", "scripts/run.sh"]  # never "scripts/a;b/x.sh"
    by_path = _complete(f"skillctl run-script {skill} scripts/r", tmp_path, tmp_path)
    assert by_path == ["scripts/run.sh"]
    assert _complete("skillctl run-script nothing-here ", tmp_path, tmp_path) == []


def test_diff_says_would_and_changes_nothing(tmp_path: Path) -> None:
    skill = write_skill(tmp_path, "demo", body="# Demo\n\nRun `scripts/build.sh`.\n")
    script = skill / "scripts" / "build.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho hi\n", encoding="utf-8")
    script.chmod(0o644)
    (skill / "SKILL.md").write_bytes((skill / "SKILL.md").read_bytes().replace(b"\n", b"\r\n"))
    result = skillctl("lint", "--no-cache", "--diff", "demo", cwd=tmp_path)
    assert "would add the exec bit" in result.stdout, result.stdout
    assert "would convert CRLF line endings to LF" in result.stdout
    assert "added the exec bit" not in result.stdout.replace("would add", "")
    assert script.stat().st_mode & 0o111 == 0
    fixed = skillctl("lint", "--no-cache", "--fix", "demo", cwd=tmp_path)
    assert "added the exec bit" in fixed.stdout and "would add" not in fixed.stdout
    assert script.stat().st_mode & 0o100


def test_baseline_run_says_how_many_findings_it_hid(tree: Path) -> None:
    first = skillctl("lint", "--no-cache", "--baseline", "base.json", "skills", cwd=tree)
    assert first.returncode == 0 and "baseline written to base.json" in first.stderr
    second = skillctl("lint", "--no-cache", "--baseline", "base.json", "skills", cwd=tree)
    full = skillctl("lint", "--no-cache", "-f", "concise", "skills", cwd=tree)
    total = sum(1 for line in full.stdout.splitlines() if line.startswith("skills/"))
    assert second.returncode == 0
    assert f"the baseline base.json hid {total} known findings" in second.stderr
