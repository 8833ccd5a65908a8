"""The ``skillctl-lint`` pre-commit hook, run for real by pre-commit on a temporary repository.

The hook repository is a git copy of this checkout's working tree (so uncommitted changes are
what gets tested); pre-commit clones it, installs it into its own virtualenv (dependencies come
from the package index) and runs the hook on staged files, then blocks a real ``git commit``.
Slow (one virtualenv install): deselect with ``-m "not slow"``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
GOOD = (
    "---\nname: good-skill\ndescription: Formats release notes from merged pull requests. "
    "Use when the user asks for release notes or a changelog entry.\n---\n"
    "# Good skill\n\nCollect the merged pull requests, group them, write the notes.\n"
)
BROKEN = "---\nname: Broken_Skill\ndescription: x\n---\n# Broken\n\nBody.\n"
NETWORK = re.compile(r"(?i)(connection|network is unreachable|temporary failure in name|"
                     r"could not find a version|no matching distribution)")


def git_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update({
        "HOME": str(home),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "GIT_CONFIG_NOSYSTEM": "1",
        "PRE_COMMIT_HOME": str(home / "pre-commit-cache"),
        "NO_COLOR": "1",
    })
    return env


def run(args: list[str], cwd: Path, env: dict[str, str],
        timeout: int = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


@dataclass
class Sandbox:
    target: Path
    env: dict[str, str]

    def git(self, *args: str) -> subprocess.CompletedProcess[str]:
        proc = run(["git", *args], self.target, self.env)
        assert proc.returncode == 0, proc.stderr
        return proc

    def pre_commit(self, *args: str) -> subprocess.CompletedProcess[str]:
        return run([sys.executable, "-m", "pre_commit", *args], self.target, self.env)

    def write(self, rel: str, text: str) -> None:
        path = self.target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    pytest.importorskip("pre_commit", reason="pre-commit is not installed (test extra)")
    base = tmp_path_factory.mktemp("precommit")
    home = base / "home"
    home.mkdir()
    env = git_env(home)
    # the hook repository: this working tree's package files, committed in a fresh repo
    hook_repo = base / "hook-repo"
    hook_repo.mkdir()
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, hook_repo / name)
    for name in ("skillctl", "man", "completions"):
        shutil.copytree(REPO / name, hook_repo / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "hook"]):
        proc = run(["git", *args], hook_repo, env)
        assert proc.returncode == 0, proc.stderr
    rev = run(["git", "rev-parse", "HEAD"], hook_repo, env).stdout.strip()
    # the repository that uses the hook
    target = base / "project"
    target.mkdir()
    box = Sandbox(target, env)
    box.git("init", "-q")
    box.write(".pre-commit-config.yaml",
              f"repos:\n  - repo: {hook_repo.as_posix()}\n    rev: {rev}\n"
              "    hooks:\n      - id: skillctl-lint\n")
    box.write("README.md", "# project\n")
    box.git("add", "-A")
    box.git("commit", "-q", "--no-verify", "-m", "init")
    installed = box.pre_commit("install-hooks")
    if installed.returncode != 0 and NETWORK.search(installed.stdout + installed.stderr):
        pytest.skip("the package index is not reachable: "
                    + (installed.stdout + installed.stderr)[-300:])
    assert installed.returncode == 0, installed.stdout + installed.stderr
    yield box


def test_hook_passes_a_good_skill(sandbox: Sandbox) -> None:
    sandbox.write(".claude/skills/good-skill/SKILL.md", GOOD)
    sandbox.git("add", "-A")
    proc = sandbox.pre_commit("run")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"skillctl lint\.+Passed", proc.stdout), proc.stdout
    sandbox.git("commit", "-q", "--no-verify", "-m", "good skill")


def test_hook_fails_a_broken_skill_and_names_it(sandbox: Sandbox) -> None:
    sandbox.write(".claude/skills/broken-skill/SKILL.md", BROKEN)
    sandbox.git("add", "-A")
    proc = sandbox.pre_commit("run")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert re.search(r"skillctl lint\.+Failed", proc.stdout), proc.stdout
    assert "broken-skill/SKILL.md" in proc.stdout
    sandbox.git("rm", "-q", "-r", "--cached", ".claude/skills/broken-skill")
    shutil.rmtree(sandbox.target / ".claude/skills/broken-skill")


def test_installed_hook_blocks_a_real_commit(sandbox: Sandbox) -> None:
    installed = sandbox.pre_commit("install")
    assert installed.returncode == 0, installed.stderr
    head = sandbox.git("rev-parse", "HEAD").stdout
    # a script inside the skill changes: lint maps it to its (broken) skill
    sandbox.write(".agents/skills/other/SKILL.md", BROKEN.replace("Broken_Skill", "other2"))
    sandbox.git("add", "-A")
    blocked = run(["git", "commit", "-m", "broken"], sandbox.target, sandbox.env)
    assert blocked.returncode != 0, blocked.stdout + blocked.stderr
    assert sandbox.git("rev-parse", "HEAD").stdout == head
    sandbox.write(".agents/skills/other/SKILL.md", GOOD.replace("good-skill", "other"))
    sandbox.git("add", "-A")
    allowed = run(["git", "commit", "-m", "fixed"], sandbox.target, sandbox.env)
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr
    assert sandbox.git("rev-parse", "HEAD").stdout != head


def test_commit_without_skill_files_skips_or_passes(sandbox: Sandbox) -> None:
    sandbox.write("README.md", "# project\n\nmore\n")
    sandbox.git("add", "-A")
    skipped = sandbox.pre_commit("run")
    assert skipped.returncode == 0, skipped.stdout
    assert re.search(r"skillctl lint\.+\(no files to check\)Skipped", skipped.stdout)
    sandbox.git("commit", "-q", "--no-verify", "-m", "readme")
    # a file below skills/ that belongs to no skill: the hook runs and finds nothing to lint
    sandbox.write(".claude/skills/README.md", "Our skills.\n")
    sandbox.git("add", "-A")
    empty = sandbox.pre_commit("run")
    assert empty.returncode == 0, empty.stdout + empty.stderr
    assert re.search(r"skillctl lint\.+Passed", empty.stdout), empty.stdout


def test_hook_leaves_test_fixtures_alone(sandbox: Sandbox) -> None:
    # a skill-tooling repository's fixtures are broken on purpose (issue 16)
    sandbox.git("add", "-A")  # (what earlier tests left staged)
    sandbox.git("commit", "-q", "--no-verify", "--allow-empty", "-m", "before the fixtures")
    sandbox.write("tests/fixtures/anti/broken/SKILL.md", BROKEN)
    sandbox.write("tests/Fixtures/skills/other/SKILL.md", BROKEN)
    sandbox.git("add", "-A")
    proc = sandbox.pre_commit("run")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"skillctl lint\.+\(no files to check\)Skipped", proc.stdout), proc.stdout
    sandbox.git("commit", "-q", "--no-verify", "-m", "fixtures")
