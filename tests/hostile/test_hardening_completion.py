"""Issue 15 item 1: TAB completion never runs code named by a skill folder, in any shell.

A repository ships ``.claude/skills/`` folders named ``!\\``, ``a *(e{touch\\ ZSHPWN}) `` and
``z\\`` (each with a SKILL.md); with Typer's zsh script, ``skillctl show <TAB>`` evaluated them and
created ``ZSHPWN``. Each shell test starts the real shell in tmux with the shipped completion
file, types ``skillctl show <TAB>`` for real and checks that nothing was created and that only the
safe name was offered. A shell (or tmux) that is not installed skips its test, saying so.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from skillctl.cli.completion import complete_skill, shell_safe

REPO = Path(__file__).resolve().parents[2]
COMPLETIONS = REPO / "completions"
HOSTILE_NAMES = ("!\\", "a *(e{touch\\ ZSHPWN}) ", "z\\")
#: More names no completion may offer: command substitution, quotes, globs, a newline, an
#: option, a tab (fish's description separator), a bidi override.
MORE_HOSTILE = ("$(touch DOLLARPWN)", "`touch TICKPWN`", "b;touch SEMIPWN", "c'd", 'e"f',
                "g*", "h\nnewline", "-rf", "i\tj", "k\u202el", "(touch FISHPWN)", "~m")
SAFE = "good-skill"


def _skill(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: x\ndescription: y\n---\nbody\n")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git-like project whose Claude Code skills folder holds the hostile names."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    # a plain file: the glob `*(e{...})` runs its code once per file it matches
    (project / "README.md").write_text("# a project\n")
    skills = project / ".claude" / "skills"
    for name in (*HOSTILE_NAMES, *MORE_HOSTILE, SAFE):
        _skill(skills / name)
    return project


def test_only_shell_safe_names_are_offered(repo: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(repo)
    assert complete_skill("") == [SAFE]
    assert complete_skill("a") == []
    assert all(not shell_safe(name) for name in (*HOSTILE_NAMES, *MORE_HOSTILE))
    assert shell_safe("pdf-tools") and shell_safe("v1.2_x+y@z") and shell_safe("café")
    assert not shell_safe("") and not shell_safe("x" * 256)


def test_the_completion_protocol_prints_no_hostile_name(repo: Path, tmp_path: Path) -> None:
    """The bash protocol every shipped script reads: one plain value per line."""
    env = _base_env(tmp_path)
    env.update({"_SKILLCTL_COMPLETE": "complete_bash", "COMP_WORDS": "skillctl show ",
                "COMP_CWORD": "2"})
    proc = subprocess.run([sys.executable, "-m", "skillctl"], cwd=repo, env=env,
                          capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode().splitlines() == [SAFE]


def test_no_shipped_script_evaluates_output() -> None:
    for name in ("_skillctl", "skillctl.bash", "skillctl.fish"):
        text = (COMPLETIONS / name).read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        assert "eval" not in code, name


# --------------------------------------------------------------------------- real shells


def _base_env(tmp_path: Path) -> dict[str, str]:
    """PATH with a ``skillctl`` that runs this checkout, a private HOME, nothing else."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    wrapper = bin_dir / "skillctl"
    if not wrapper.exists():
        wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m skillctl "$@"\n')
        wrapper.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return {
        "PATH": f"{bin_dir}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "PYTHONPATH": str(REPO),
    }


class Pane:
    """One shell in a private tmux server."""

    def __init__(self, tmp_path: Path, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        self.socket = str(tmp_path / "tmux.sock")
        command = ["env", "-i", *(f"{k}={v}" for k, v in env.items()), *argv]
        self.tmux("new-session", "-d", "-x", "200", "-y", "50", "-s", "t", "-c", str(cwd),
                  *command)

    def tmux(self, *args: str) -> str:
        proc = subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null", *args],
                              capture_output=True, text=True, timeout=30)
        return proc.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def wait_for(self, text: str, timeout: float = 40.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; screen:\n{screen}")

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def pane_factory(tmp_path: Path) -> Iterator[list[Pane]]:
    panes: list[Pane] = []
    yield panes
    for pane in panes:
        pane.close()


def _need(program: str) -> str:
    found = shutil.which(program)
    if found is None:
        pytest.skip(f"{program} is not installed: this shell's completion is not tested here")
    return found


def _shell(name: str, tmp_path: Path, env: dict[str, str], script: Path) -> list[str]:
    """argv for an interactive ``name`` with the completion file ``script`` loaded."""
    if name == "zsh":
        zdot = tmp_path / "zdot"
        fpath = tmp_path / "fpath"
        zdot.mkdir()
        fpath.mkdir()
        shutil.copy(script, fpath / "_skillctl")
        (zdot / ".zshrc").write_text(
            "PS1='READY%# '\n"
            f"fpath=({fpath} $fpath)\n"
            f"autoload -Uz compinit && compinit -u -d {tmp_path}/zcompdump\n"
        )
        env["ZDOTDIR"] = str(zdot)
        return [_need("zsh"), "-i"]
    if name == "bash":
        rc = tmp_path / "bashrc"
        rc.write_text(f"PS1='READY$ '\nsource {script}\n")
        return [_need("bash"), "--noprofile", "--rcfile", str(rc), "-i"]
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        path = tmp_path / var.lower()
        path.mkdir()
        env[var] = str(path)
    return [_need("fish"), "--no-config", "-i", "-C",
            f"function fish_prompt; echo -n 'READY> '; end; source {script}"]


SHELL_FILES = {"zsh": "_skillctl", "bash": "skillctl.bash", "fish": "skillctl.fish"}


def type_tab(shell: str, repo: Path, tmp_path: Path, panes: list[Pane], script: Path,
             typed: str = "skillctl show ", expect: str | None = SAFE) -> str:
    """Type ``typed`` then TAB in a real ``shell``; return the screen once completion ran."""
    _need("tmux")
    env = _base_env(tmp_path)
    argv = _shell(shell, tmp_path, env, script)
    pane = Pane(tmp_path, argv, env, repo)
    panes.append(pane)
    pane.wait_for("READY")
    pane.tmux("send-keys", "-t", "t", "-l", typed)
    pane.tmux("send-keys", "-t", "t", "Tab")
    if expect is not None:
        return pane.wait_for(typed + expect)
    time.sleep(3.0)
    return pane.screen()


def _created(repo: Path) -> list[str]:
    return sorted(p.name for p in repo.iterdir() if "PWN" in p.name)  # fixed names only


@pytest.mark.parametrize("shell", sorted(SHELL_FILES))
def test_tab_in_a_real_shell_offers_only_the_safe_name(shell: str, repo: Path, tmp_path: Path,
                                                      pane_factory: list[Pane]) -> None:
    script = COMPLETIONS / SHELL_FILES[shell]
    type_tab(shell, repo, tmp_path, pane_factory, script)
    time.sleep(0.5)
    assert _created(repo) == []


@pytest.mark.parametrize("shell", sorted(SHELL_FILES))
def test_tab_after_a_hostile_prefix_runs_nothing(shell: str, repo: Path, tmp_path: Path,
                                                 pane_factory: list[Pane]) -> None:
    """Only hostile names match: nothing is offered from them (zsh and bash fall back to
    file names, which the shell quotes itself), and nothing runs."""
    script = COMPLETIONS / SHELL_FILES[shell]
    type_tab(shell, repo, tmp_path, pane_factory, script, typed="skillctl show a", expect=None)
    assert _created(repo) == []


def _fake_skillctl(tmp_path: Path, output: bytes) -> None:
    """Put a ``skillctl`` first on PATH that prints ``output`` for every TAB: the shell layer
    is then tested alone, as if skillctl offered hostile names."""
    _base_env(tmp_path)
    data = tmp_path / "fake-output"
    data.write_bytes(output)
    wrapper = tmp_path / "bin" / "skillctl"
    wrapper.write_text(f"#!/bin/sh\nexec cat '{data}'\n")
    wrapper.chmod(0o755)


@pytest.mark.parametrize("shell", sorted(SHELL_FILES))
def test_the_shipped_script_never_evaluates_what_skillctl_prints(
    shell: str, repo: Path, tmp_path: Path, pane_factory: list[Pane]
) -> None:
    """Even if skillctl printed hostile names, the shell would only offer them, quoted."""
    if shell == "fish":  # fish reads Typer's protocol: value, tab, description
        lines = [name.replace("\t", " ") for name in HOSTILE_NAMES + MORE_HOSTILE]
    else:
        lines = list(HOSTILE_NAMES + MORE_HOSTILE)
    _fake_skillctl(tmp_path, "\n".join(line for line in lines if "\n" not in line).encode())
    type_tab(shell, repo, tmp_path, pane_factory, COMPLETIONS / SHELL_FILES[shell],
             expect=None)
    assert _created(repo) == []


def test_typers_eval_script_does_run_the_name(repo: Path, tmp_path: Path,
                                              pane_factory: list[Pane]) -> None:
    """The real-shell tests can fail: Typer's zsh script, fed what its protocol prints for
    the three names of the report, creates ZSHPWN (the defect this file guards against)."""
    _need("zsh")
    from typer._click.shell_completion import CompletionItem
    from typer._completion_classes import ZshComplete

    raw = subprocess.run(
        [sys.executable, "-m", "skillctl"], env={**_base_env(tmp_path),
                                                 "_SKILLCTL_COMPLETE": "source_zsh"},
        capture_output=True, text=True, timeout=60,
    ).stdout
    assert "eval" in raw
    old = tmp_path / "typer_zsh"
    # autoloaded from $fpath, as the shipped file was (scripts/gen_completions.py once did this)
    register = "compdef _skillctl_completion skillctl"
    old.write_text(raw.strip().replace(register, (
        'if [ "$funcstack[1]" = "_skillctl" ]; then _skillctl_completion "$@"; '
        f"else {register}; fi"
    )) + "\n")
    fmt = ZshComplete.__new__(ZshComplete)
    items = [fmt.format_completion(CompletionItem(name)) for name in HOSTILE_NAMES]
    _fake_skillctl(tmp_path, ("_arguments '*: :((" + "\n".join(items) + "))'").encode())
    type_tab("zsh", repo, tmp_path, pane_factory, old, expect=None)
    deadline = time.monotonic() + 20
    while not _created(repo) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _created(repo) == ["ZSHPWN"]
