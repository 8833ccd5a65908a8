"""Issue 15 items 9 and 13: run-script runs the file it checked, with the environment it says.

Item 9: a thread swaps the script with a link to an outside file (``renameat2`` with
``RENAME_EXCHANGE``, through ctypes) in a loop while run-script runs many times; the outside
file must never run. A control run by path shows the race is real there. Item 13:
``--clean-env`` hands the script only PATH, HOME, LANG, the agent's variables and ``--env``.
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from skillctl.scripts import (
    FD_DIR,
    ScriptLaunchError,
    ScriptNotFoundError,
    ScriptPathError,
    execute,
    plan_run,
)

PY = sys.executable
REPO = Path(__file__).resolve().parents[2]
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _renameat2() -> object:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        func = libc.renameat2
    except (OSError, AttributeError):
        pytest.skip("renameat2 is not available here: the swap race cannot be staged")
    func.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return func


def _race_tree(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    """A skill whose scripts/run.sh (inside, harmless) has a sibling link to an outside
    script that leaves a mark; returns (skill, script, link, mark)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    mark = tmp_path / "OUTSIDE-RAN"
    outside = tmp_path / "outside.sh"
    outside.write_text(f"#!/bin/sh\necho pwned >> '{mark}'\n")
    outside.chmod(0o755)
    skill = tmp_path / "sk"
    (skill / "scripts").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: sk\ndescription: Races.\n---\nBody.\n")
    script = skill / "scripts" / "run.sh"
    script.write_text("#!/bin/sh\necho inside\n")
    script.chmod(0o755)
    link = skill / "scripts" / "swap"
    link.symlink_to(outside)
    return skill, script, link, mark


def _race(tmp_path: Path, runs: int, via_fd: bool) -> tuple[int, int, bool]:
    """Run the script ``runs`` times while a thread keeps exchanging it with the link.
    Returns (inside runs, refused runs, outside ran)."""
    renameat2 = _renameat2()
    skill, script, link, mark = _race_tree(tmp_path)
    stop = threading.Event()
    a, b = os.fsencode(script), os.fsencode(link)

    def swapper() -> None:
        while not stop.is_set():
            renameat2(_AT_FDCWD, a, _AT_FDCWD, b, _RENAME_EXCHANGE)  # type: ignore[operator]

    thread = threading.Thread(target=swapper, daemon=True)
    thread.start()
    inside = refused = 0
    try:
        for _ in range(runs):
            try:
                plan = plan_run(skill, "scripts/run.sh")
                result = execute(plan, 10, capture=True, via_fd=via_fd)
            except (ScriptPathError, ScriptNotFoundError, ScriptLaunchError):
                refused += 1
                continue
            if result.stdout == b"inside\n":
                inside += 1
    finally:
        stop.set()
        thread.join()
    return inside, refused, mark.exists()


@pytest.mark.skipif(FD_DIR is None, reason="no /proc/self/fd: the script runs by its path")
def test_a_swapped_script_never_runs_the_outside_file(tmp_path: Path) -> None:
    inside, refused, outside_ran = _race(tmp_path, 300, via_fd=True)  # run-script --pin
    assert not outside_ran, "the outside file ran"
    assert inside > 0 and refused > 0, (inside, refused)  # the race really happened


def test_the_race_is_real_when_run_by_path(tmp_path: Path) -> None:
    """The control: run by its path after the same check (what other systems get), the
    outside file does run now and then; this is the window SECURITY.md documents."""
    for attempt in range(3):
        _, _, outside_ran = _race(tmp_path / str(attempt), 300, via_fd=False)
        if outside_ran:
            return
    pytest.skip("the swap never landed in the window in 900 runs (a slow machine)")


def test_the_script_still_gets_its_arguments_and_folder(tmp_path: Path) -> None:
    skill, script, _, _ = _race_tree(tmp_path)
    script.write_text('#!/bin/sh\nprintf "%s|" "$@"; pwd; echo "$SKILL_DIR"\n')
    result = execute(plan_run(skill, "run.sh", ["a b", "--x"]), 10, capture=True)
    assert result.exit_code == 0
    assert result.stdout == f"a b|--x|{skill.resolve()}\n{skill.resolve()}\n".encode()


def test_by_default_a_script_finds_its_siblings_as_under_an_agent(tmp_path: Path) -> None:
    # anthropics/skills: pdf/scripts/fill_fillable_fields.py imports a sibling module and
    # web-artifacts-builder/scripts/init-artifact.sh uses dirname "$0" (8 of its 66 scripts
    # find their files through their own path), so the default keeps the script's path
    skill, script, _, _ = _race_tree(tmp_path)
    (skill / "scripts" / "helper.py").write_text("VALUE = 'sibling'\n")
    main = skill / "scripts" / "main.py"
    main.write_text(f"#!{PY}\nimport helper, os\nprint(helper.VALUE, os.path.basename(__file__))\n")
    main.chmod(0o755)
    script.write_text('#!/bin/sh\ncat "$(dirname "$0")/helper.py"\n')
    assert execute(plan_run(skill, "main.py", []), 10, capture=True).stdout == b"sibling main.py\n"
    assert execute(plan_run(skill, "run.sh", []), 10, capture=True).stdout == b"VALUE = 'sibling'\n"
    if FD_DIR is not None:  # --pin: the very file, at the price of its own path
        pinned = execute(plan_run(skill, "main.py", []), 10, capture=True, via_fd=True)
        assert pinned.stdout != b"sibling main.py\n"  # __file__ is /proc/self/fd/N
        pinned = execute(plan_run(skill, "run.sh", []), 10, capture=True, via_fd=True)
        assert pinned.exit_code != 0  # dirname "$0" is /proc/self/fd


# --------------------------------------------------------------------------- item 13


def _env_dump_skill(tmp_path: Path) -> Path:
    skill = tmp_path / "envsk"
    (skill / "scripts").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: envsk\ndescription: Env.\n---\nBody.\n")
    dump = skill / "scripts" / "dump.py"
    dump.write_text(f"#!{PY}\nimport json, os\nprint(json.dumps(dict(os.environ)))\n")
    dump.chmod(0o755)
    return skill


def _run(tmp_path: Path, *args: str) -> dict[str, str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "LANG": "C.UTF-8", "PYTHONPATH": str(REPO), "AWS_SECRET_ACCESS_KEY": "s3cr3t",
           "GITHUB_TOKEN": "ghp_x", "SKILLCTL_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run([PY, "-m", "skillctl", "run-script", *args], env=env,
                          capture_output=True, timeout=60, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data: dict[str, str] = json.loads(proc.stdout)
    return data


def test_by_default_the_script_gets_the_whole_environment(tmp_path: Path) -> None:
    skill = _env_dump_skill(tmp_path)
    env = _run(tmp_path, str(skill), "dump.py")
    assert env["AWS_SECRET_ACCESS_KEY"] == "s3cr3t" and env["GITHUB_TOKEN"] == "ghp_x"


def test_clean_env_keeps_only_path_home_lang_agent_vars_and_env(tmp_path: Path) -> None:
    skill = _env_dump_skill(tmp_path)
    env = _run(tmp_path, "--clean-env", "--agent", "claude-code", "--env", "EXTRA=1 2",
               "--env", "HOME=/elsewhere", str(skill), "dump.py")
    env.pop("LC_CTYPE", None)  # Python's own C-locale coercion may add it in the child
    assert set(env) == {"PATH", "HOME", "LANG", "SKILL_DIR", "CLAUDE_SKILL_DIR",
                        "CLAUDE_PROJECT_DIR", "EXTRA"}, sorted(env)
    assert env["EXTRA"] == "1 2" and env["HOME"] == "/elsewhere"
    assert env["SKILL_DIR"] == str(skill)


def test_a_bad_env_option_is_a_usage_error(tmp_path: Path) -> None:
    skill = _env_dump_skill(tmp_path)
    proc = subprocess.run([PY, "-m", "skillctl", "run-script", "--env", "1BAD=x", str(skill),
                           "dump.py"], capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr and b"NAME=VALUE" in proc.stderr
