"""Issue 15 items 7 and 11: no process and no temporary file outlives skillctl.

Real signals to a real ``python -m skillctl``: SIGTERM and SIGHUP (a cancelled CI job,
``timeout``) stop the script of ``run-script`` and the command of ``render --exec`` the way
Ctrl-C does, including a process that detached with ``setsid``; ``--timeout`` and a normal exit
stop detached descendants too; ``lint --fix`` cut short by either signal leaves no
``.SKILL.md.*.skillctl-tmp`` file, over many runs.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PY = sys.executable
REPO = Path(__file__).resolve().parents[2]
LINUX = sys.platform.startswith("linux")
SIGNALS = [signal.SIGTERM, signal.SIGHUP]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"NO_COLOR": "1", "SKILLCTL_CACHE_DIR": str(tmp_path / "cache"),
                "PYTHONPATH": str(REPO)})
    return env


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie nobody reaped yet counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rpartition(b")")[2].split()[0] not in (b"Z", b"X")
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return not LINUX


def _gone_within(pids: list[int], seconds: float = 10.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = [pid for pid in pids if _alive(pid)]
        if not left:
            return []
        time.sleep(0.05)
    return [pid for pid in pids if _alive(pid)]


def _wait_for(path: Path, proc: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    assert path.exists(), proc.communicate(timeout=10) if proc.poll() is not None else "slow"


def _skill(root: Path, script: str) -> Path:
    skill = root / "sk"
    (skill / "scripts").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: sk\ndescription: Runs a script.\n---\nBody.\n")
    path = skill / "scripts" / "run.sh"
    path.write_text(script)
    path.chmod(0o755)
    return skill


def _detaching_script(tmp_path: Path, then: str = "sleep 300 &\nwait\n") -> tuple[str, Path]:
    """A script that starts one child in its group and one detached with setsid, writes both
    pids (the detached one last), then runs ``then``."""
    pids = tmp_path / "pids"
    script = (
        "#!/bin/sh\n"
        f"sleep 300 & echo $! > '{pids}.group'\n"
        f"setsid sh -c 'echo $$ > \"{pids}.tmp\"; mv \"{pids}.tmp\" \"{pids}\"; "
        "exec sleep 300' </dev/null >/dev/null 2>&1 &\n"
        f"while [ ! -e '{pids}' ]; do sleep 0.01; done\n"
        + then
    )
    return script, pids


def _pids(pids: Path) -> list[int]:
    return [int(pids.with_suffix(".group").read_text()), int(pids.read_text())]


def _cleanup(pids: list[int]) -> None:
    for pid in pids:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_signal_to_run_script_stops_the_script_and_what_it_detached(
    tmp_path: Path, sig: int
) -> None:
    script, pid_file = _detaching_script(tmp_path)
    skill = _skill(tmp_path, script)
    proc = subprocess.Popen([PY, "-m", "skillctl", "run-script", str(skill), "run.sh"],
                            env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_for(pid_file, proc)
    pids = _pids(pid_file)
    try:
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 128 + sig, err
        assert f"terminated by {signal.Signals(sig).name}".encode() in err
        assert b"Traceback" not in err
        left = _gone_within([pids[0]])
        assert left == [], "the script's own child survived"
        if LINUX:
            assert _gone_within([pids[1]]) == [], "the setsid-detached process survived"
    finally:
        _cleanup(pids)


def test_timeout_stops_a_detached_descendant(tmp_path: Path) -> None:
    if not LINUX:
        pytest.skip("detached descendants are found only on Linux (child subreaper)")
    script, pid_file = _detaching_script(tmp_path)
    skill = _skill(tmp_path, script)
    proc = subprocess.run(
        [PY, "-m", "skillctl", "run-script", "--timeout", "2", str(skill), "run.sh"],
        env=_env(tmp_path), capture_output=True, timeout=60,
    )
    pids = _pids(pid_file)
    try:
        assert proc.returncode == 124, proc.stderr
        assert b"stopped it and its child processes" in proc.stderr
        assert _gone_within(pids) == []
    finally:
        _cleanup(pids)


def test_a_normal_exit_stops_what_the_script_detached(tmp_path: Path) -> None:
    if not LINUX:
        pytest.skip("detached descendants are found only on Linux (child subreaper)")
    script, pid_file = _detaching_script(tmp_path, then="echo finished\n")
    skill = _skill(tmp_path, script)
    proc = subprocess.run(
        [PY, "-m", "skillctl", "run-script", str(skill), "run.sh"],
        env=_env(tmp_path), capture_output=True, timeout=60,
    )
    pids = _pids(pid_file)
    try:
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == b"finished\n"
        assert b"left processes running" in proc.stderr
        assert _gone_within(pids) == []
    finally:
        _cleanup(pids)


def test_a_double_fork_daemon_is_stopped_and_reaped(tmp_path: Path) -> None:
    """The classic daemon: fork, setsid, fork again, parent exits; it holds no output pipe."""
    if not LINUX:
        pytest.skip("detached descendants are found only on Linux (child subreaper)")
    pid_file = tmp_path / "daemon"
    # the script waits until the daemon has written its pid: under load skillctl could
    # otherwise stop the daemon before it says who it is (the test then knew no pid)
    code = (
        "import os, time\n"
        "if os.fork():\n"
        f"    while not os.path.exists({str(pid_file)!r}): time.sleep(0.01)\n"
        "    os._exit(0)\n"
        "os.setsid()\n"
        "if os.fork(): os._exit(0)\n"
        "fd = os.open(os.devnull, os.O_RDWR)\n"
        "[os.dup2(fd, n) for n in (0, 1, 2)]\n"
        f"open({str(pid_file)!r} + '.tmp', 'w').write(str(os.getpid()))\n"
        f"os.rename({str(pid_file)!r} + '.tmp', {str(pid_file)!r})\n"
        "time.sleep(300)\n"
    )
    skill = _skill(tmp_path, f"#!{PY}\n{code}")
    proc = subprocess.run(
        [PY, "-m", "skillctl", "run-script", "--format", "json", str(skill), "run.sh"],
        env=_env(tmp_path), capture_output=True, timeout=60,
    )
    deadline = time.monotonic() + 10
    while not pid_file.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    daemon = int(pid_file.read_text())
    try:
        assert proc.returncode == 0, proc.stderr
        assert _gone_within([daemon]) == []
    finally:
        _cleanup([daemon])


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_signal_to_render_exec_stops_the_command(tmp_path: Path, sig: int) -> None:
    pids = tmp_path / "pids"
    skill = tmp_path / "sk"
    skill.mkdir()
    command = (f"setsid sh -c 'echo $$ > {pids}.tmp; mv {pids}.tmp {pids}; exec sleep 300' "
               "</dev/null >/dev/null 2>&1 & sleep 300")
    (skill / "SKILL.md").write_text(
        f"---\nname: sk\ndescription: Runs a command.\n---\nNow: !`{command}`\n"
    )
    proc = subprocess.Popen(
        [PY, "-m", "skillctl", "render", "--skill", str(skill), "--exec", "--timeout", "120"],
        env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    _wait_for(pids, proc)
    detached = int(pids.read_text())
    try:
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 128 + sig, err
        assert b"Traceback" not in err
        if LINUX:
            assert _gone_within([detached]) == []
    finally:
        _cleanup([detached])


# --------------------------------------------------------------------------- item 11

CRLF_SKILL = "---\r\nname: {name}\r\ndescription: Does {name}: use when {name}.\r\n---\r\nBody.\r\n"


def _fixable_tree(root: Path, count: int) -> list[Path]:
    entries = []
    for i in range(count):
        entry = root / f"skill-{i:02d}" / "SKILL.md"
        entry.parent.mkdir(parents=True)
        entry.write_bytes(b"\xef\xbb\xbf" + CRLF_SKILL.format(name=f"skill-{i:02d}").encode())
        entries.append(entry)
    return entries


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_signal_during_fix_leaves_no_temporary_file(tmp_path: Path, sig: int) -> None:
    """Each run is signalled while files are being rewritten (after the first one changed)."""
    rng = random.Random(sig)
    interrupted = 0
    for run in range(12):
        tree = tmp_path / f"run-{run}"
        entries = _fixable_tree(tree, 60)
        proc = subprocess.Popen(
            [PY, "-m", "skillctl", "lint", "--no-cache", "--fix", str(tree)],
            env=_env(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            if any(not entry.read_bytes().startswith(b"\xef\xbb\xbf") for entry in entries):
                break
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.03))
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        leftovers = sorted(p.name for p in tree.rglob("*") if p.name.endswith(".skillctl-tmp"))
        assert leftovers == [], (run, leftovers)
        assert b"Traceback" not in err, err
        if proc.returncode == 128 + sig:
            interrupted += 1
            assert f"terminated by {signal.Signals(sig).name}".encode() in err
        else:
            assert proc.returncode in (0, 1), err  # it finished before the signal came
        for entry in entries:  # every file is either the original or the fixed one
            data = entry.read_bytes()
            assert data.startswith(b"\xef\xbb\xbf---\r\n") or data.startswith(b"---\nname:")
    assert interrupted >= 6, f"only {interrupted} of 12 runs were cut short by the signal"
