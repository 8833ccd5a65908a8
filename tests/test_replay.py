"""Replaying an unchanged lint run before the app starts (skillctl/replay.py).

In-process tests go through the console script's own entry point, ``skillctl.__main__.main``,
with the "racy" window set to 0 (files written by a test are otherwise too fresh to be trusted
to their ``stat``); ``replay.Invocation.replayed`` tells whether the app was spared. One test runs
the installed console script for real, after waiting out the window.
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from skillctl import cache, replay
from skillctl.__main__ import main
from tests.conftest import write_skill

RunLint = Callable[..., tuple[int, str, bool]]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A small repository: one clean skill, one with an error, one with a warning."""
    root = tmp_path / "repo"
    write_skill(root / "skills", "good")
    write_skill(root / "skills", "bad", frontmatter="name: Bad_Name\ndescription: x\n")
    write_skill(
        root / "skills",
        "long",
        body="# Title\n\n" + "A line of text.\n" * 600,
    )
    return root


@pytest.fixture
def run_lint(
    tree: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> Iterator[RunLint]:
    """``skillctl lint ARGS`` through the console script's entry point, from ``tree``:
    (exit code, stdout, whether it was replayed without starting the app)."""
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SKILLCTL_JOBS", "1")
    monkeypatch.setattr(replay, "RACY_NS", 0)
    monkeypatch.setattr(cache, "_RACY_NS", 0)
    monkeypatch.chdir(tree)

    def run(*args: str) -> tuple[int, str, bool]:
        monkeypatch.setattr(sys, "argv", ["skillctl", "lint", *args])
        monkeypatch.setattr(replay.Invocation, "argv", None)
        monkeypatch.setattr(replay.Invocation, "replayed", False)
        capsys.readouterr()
        with pytest.raises(SystemExit) as exited:
            main()
        code = exited.value.code
        assert isinstance(code, int)
        return code, capsys.readouterr().out, replay.Invocation.replayed

    yield run


def records(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").glob(f"{replay.RECORD_PREFIX}*.json"))


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "junit"])
def test_an_unchanged_run_is_replayed_byte_for_byte(run_lint: RunLint, fmt: str) -> None:
    first = run_lint("--format", fmt, ".")
    assert first[0] == 1 and first[2] is False  # an error in skills/bad
    second = run_lint("--format", fmt, ".")
    assert second == (first[0], first[1], True)
    assert run_lint("--format", fmt, ".") == second


def test_the_record_keeps_output_exit_code_and_watched_paths(
    run_lint: RunLint, tree: Path, tmp_path: Path
) -> None:
    code, out, _ = run_lint(".")
    [path] = records(tmp_path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["output"] == out and record["exit"] == code == 1
    files = set(record["files"])
    assert str(tree / "skills" / "bad" / "SKILL.md") in files
    assert str(tree / "skills") in files  # a skill added later changes its folder
    # every place a configuration is looked for, up to the file system's root
    assert str(tree / "skillctl.toml") in record["config"]
    assert str(tree.parent / "pyproject.toml") in record["config"]
    assert record["key"] == replay.invocation_key(["lint", "."])


def test_an_edited_skill_is_linted_again(run_lint: RunLint, tree: Path) -> None:
    run_lint(".")
    write_skill(tree / "skills", "bad")  # now a clean skill
    code, out, replayed = run_lint(".")
    assert (code, replayed) == (0, False)
    assert "Bad_Name" not in out
    assert run_lint(".") == (0, out, True)


def test_a_new_skill_is_found(run_lint: RunLint, tree: Path) -> None:
    _, before, _ = run_lint(".")
    write_skill(tree / "skills", "other", frontmatter="name: Other_Name\ndescription: y\n")
    _, after, replayed = run_lint(".")
    assert not replayed and "Other_Name" in after and after != before


def test_a_configuration_created_or_edited_later_applies(run_lint: RunLint, tree: Path) -> None:
    # linting skills/: the repository's root is above the walk, only looked at for config
    _, before, _ = run_lint("skills")
    assert "body-too-long" in before
    config = tree / "skillctl.toml"
    config.write_text('ignore = ["body-too-long"]\n', encoding="utf-8")
    _, after, replayed = run_lint("skills")
    assert not replayed and "body-too-long" not in after
    assert run_lint("skills") == (1, after, True)
    config.write_text('ignore = ["name-case"]\n', encoding="utf-8")
    _, edited, replayed = run_lint("skills")
    assert not replayed and "body-too-long" in edited


def test_another_directory_or_other_arguments_are_other_runs(
    run_lint: RunLint, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, from_root, _ = run_lint(".")
    assert run_lint(".")[2] is True
    assert run_lint("--strict", ".")[2] is False
    monkeypatch.chdir(tree / "skills")
    _, from_skills, replayed = run_lint(".")
    assert not replayed
    # paths are shown relative to the current directory
    assert "skills/bad/SKILL.md" in from_root and "skills/bad" not in from_skills


def test_environment_that_steers_a_run_is_part_of_the_key(
    run_lint: RunLint, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_lint(".")
    monkeypatch.setenv("GIT_DIR", "/nowhere")
    assert run_lint(".")[2] is False
    monkeypatch.setenv("UNRELATED_VARIABLE", "1")
    assert run_lint(".")[2] is True


@pytest.mark.parametrize(
    "args",
    [("--no-cache", "."), ("--diff", "."), ("--baseline", "base.json", ".")],
)
def test_some_runs_never_leave_or_use_a_record(
    run_lint: RunLint, tmp_path: Path, args: tuple[str, ...]
) -> None:
    run_lint(*args)
    assert records(tmp_path) == []
    assert run_lint(*args)[2] is False


def test_no_cache_ignores_an_existing_record(run_lint: RunLint, tmp_path: Path) -> None:
    run_lint(".")
    assert records(tmp_path)
    assert run_lint(".", "--no-cache")[2] is False


def test_a_corrupt_or_foreign_record_is_a_miss(run_lint: RunLint, tmp_path: Path) -> None:
    expected = run_lint(".")
    [path] = records(tmp_path)
    path.write_bytes(b"\x00{not json")
    assert run_lint(".") == (expected[0], expected[1], False)
    assert run_lint(".")[2] is True  # rewritten
    record = json.loads(path.read_text(encoding="utf-8"))
    record["code"] = "older skillctl"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert run_lint(".")[2] is False


def test_an_unusable_cache_directory_never_fails_the_run(
    run_lint: RunLint, tmp_path: Path
) -> None:
    (tmp_path / "cache").write_text("a file, not a folder", encoding="utf-8")
    first = run_lint(".")
    assert first[0] == 1 and "Bad_Name" in first[1]
    assert run_lint(".") == first


def test_a_fresh_change_leaves_no_record(
    run_lint: RunLint, tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every file counts as just changed (as files written a moment ago do)
    monkeypatch.setattr(cache, "_RACY_NS", 10**12)
    run_lint(".")
    assert records(tmp_path) == []
    monkeypatch.setattr(cache, "_RACY_NS", 0)
    config = tree / "pyproject.toml"
    config.write_text("[tool.skillctl]\n", encoding="utf-8")
    monkeypatch.setattr(replay, "RACY_NS", 10**12)  # a configuration written a moment ago
    run_lint(".")
    assert records(tmp_path) == []
    monkeypatch.setattr(replay, "RACY_NS", 0)
    run_lint(".")
    assert records(tmp_path)


def test_the_app_leaves_no_record_when_not_run_by_the_console_script(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from skillctl.cli.app import app

    monkeypatch.setattr(replay, "RACY_NS", 0)
    monkeypatch.setattr(cache, "_RACY_NS", 0)
    monkeypatch.setenv("SKILLCTL_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["lint", str(tree)])
    assert result.exit_code == 1
    assert records(tmp_path) == []


def test_stat_digest_sees_every_kind_of_change(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "gone"
    a.write_text("one", encoding="utf-8")
    files = [str(a), str(b)]
    before = replay.stat_digest(files)
    assert replay.stat_digest(files) == before
    a.write_text("two!", encoding="utf-8")
    assert replay.stat_digest(files) != before
    changed = replay.stat_digest(files)
    b.mkdir()
    assert replay.stat_digest(files) != changed
    assert replay.stat_digest(files, racy_before=time.time_ns() - 10**10) is None


def _console(args: list[str], cwd: Path, env: dict[str, str], **kwargs: object) -> str:
    """Run the installed console script under ``-X importtime``; return its stderr."""
    script = Path(sys.executable).with_name("skillctl")
    command = [sys.executable, "-X", "importtime", str(script), *args]
    done = subprocess.run(
        command, cwd=cwd, env=env, stderr=subprocess.PIPE, text=True, check=False, **kwargs
    )
    return done.stderr


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal needs POSIX")
def test_the_console_script_replays_without_importing_the_app(
    tree: Path, tmp_path: Path
) -> None:
    env = {**os.environ, "SKILLCTL_CACHE_DIR": str(tmp_path / "cache"), "SKILLCTL_JOBS": "1"}
    time.sleep(2.2)  # past the racy window: the files are now trusted to their stat
    out = tmp_path / "out.txt"
    with out.open("w") as handle:
        first = _console(["lint", "."], tree, env, stdout=handle)
    assert " typer" in first and records(tmp_path)
    with out.open("w") as handle:
        second = _console(["lint", "."], tree, env, stdout=handle)
    assert " typer" not in second and "skillctl.replay" in second
    assert "Bad_Name" in out.read_text(encoding="utf-8")
    # on a terminal the output depends on its width and colours: the app runs
    leader, follower = pty.openpty()
    try:
        on_tty = _console(["lint", "."], tree, env, stdout=follower)
    finally:
        os.close(follower)
        os.close(leader)
    assert " typer" in on_tty


def test_a_deleted_working_directory_is_a_clear_error(
    tree: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    monkeypatch.setattr(sys, "argv", ["skillctl", "lint", str(tree)])
    monkeypatch.setattr(replay.Invocation, "replayed", False)
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 2 and not replay.Invocation.replayed
    assert "skillctl: error: the current directory is gone" in capsys.readouterr().err
