"""skillctl.scripts: listing, path confinement, planning and running real scripts on disk."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from skillctl import scripts
from skillctl.agents import get_profile
from skillctl.errors import UsageError
from skillctl.scripts import (
    InterpreterNotFoundError,
    ScriptLaunchError,
    ScriptNotFoundError,
    ScriptPathError,
    execute,
    list_scripts,
    parse_pep723,
    parse_shebang,
    plan_run,
    resolve_script,
)
from tests.conftest import put

PY = sys.executable



@pytest.fixture
def skill(make_skill: Callable[..., Path]) -> Path:
    """A skill with a few scripts."""
    directory = make_skill("demo")
    put(directory, "scripts/ok.sh", "#!/bin/sh\necho ok\n")
    return directory


def _gone(pid: int) -> bool:
    """True when a process no longer runs (absent, or a zombie nobody reaped yet)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    if Path("/proc/self").is_dir():
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
    else:  # macOS and BSDs: ask ps
        ps = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True,
                            text=True, check=False)
        state = ps.stdout.strip()[:1] or "X"
    return state in ("Z", "X")


def _wait_until(check: Callable[[], bool], limit: float = 10.0) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


# --------------------------------------------------------------------------- shebang / PEP 723


@pytest.mark.parametrize(
    ("line", "command", "args", "via_env"),
    [
        (b"#!/usr/bin/env python3\n", "python3", (), True),
        (b"#!/bin/bash -e\n", "/bin/bash", ("-e",), False),
        (b"#!/usr/bin/python3 -u -B\n", "/usr/bin/python3", ("-u -B",), False),  # one word
        (b"#!/usr/bin/env -S uv run --script\n", "uv", ("run", "--script"), True),
        (b"#! /bin/sh\n", "/bin/sh", (), False),
        (b"#!/usr/bin/env -i FOO=1 node\n", "node", (), True),
    ],
)
def test_parse_shebang(line: bytes, command: str, args: tuple[str, ...], via_env: bool) -> None:
    shebang = parse_shebang(line)
    assert shebang is not None
    assert (shebang.command, shebang.args, shebang.via_env, shebang.crlf) == (
        command, args, via_env, False
    )


def test_parse_shebang_crlf_and_none() -> None:
    crlf = parse_shebang(b"#!/usr/bin/env python3\r\nprint(1)\r\n")
    assert crlf is not None and crlf.crlf and crlf.command == "python3"
    assert parse_shebang(b"print(1)\n") is None
    assert parse_shebang(b"") is None
    unsplit = parse_shebang(b"#!/usr/bin/env python3 -u\n")
    assert unsplit is not None and unsplit.unsplit_env_args


def test_parse_pep723() -> None:
    text = (
        "#!/usr/bin/env python3\n# /// script\n# requires-python = \">=3.11\"\n"
        "# dependencies = [\n#   \"requests<3\",\n#   \"rich\",\n# ]\n# ///\nprint(1)\n"
    )
    assert parse_pep723(text) == (("requests<3", "rich"), None)
    assert parse_pep723("# /// script\n# requires-python = '>=3.11'\n# ///\n") == ((), None)
    assert parse_pep723("print(1)\n") == (None, None)
    bad, error = parse_pep723("# /// script\n# dependencies = [\n# ///\n")
    assert bad == () and error is not None and "TOML" in error
    block = "# /// script\n# dependencies = []\n# ///\n"
    two = block + "x = 1\n" + block
    assert parse_pep723(two)[1] == "more than one `# /// script` block"


# --------------------------------------------------------------------------- listing


def test_list_scripts_like_the_opencode_plugin(skill: Path) -> None:
    put(skill, "scripts/noexec.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    put(skill, "scripts/plain.py", "print(1)\n", 0o644)
    put(skill, "tools/deploy", "#!/bin/sh\n", 0o755)
    put(skill, "references/notes.md", "# notes\n", 0o644)
    put(skill, ".hidden/secret.sh", "#!/bin/sh\n", 0o755)
    put(skill, "scripts/.dot.sh", "#!/bin/sh\n", 0o755)
    for folder in ("node_modules/x", ".venv/bin", "__pycache__", "venv", ".tox"):
        put(skill, f"{folder}/tool", "#!/bin/sh\n", 0o755)
    deep = "/".join(f"d{i}" for i in range(11))
    put(skill, f"{deep}/too-deep.sh", "#!/bin/sh\n", 0o755)
    put(skill, "/".join(f"d{i}" for i in range(10)) + "/deep-ok.sh", "#!/bin/sh\n", 0o755)

    found, truncated = scripts.scan_scripts(skill)
    by_path = {s.relpath: s for s in found}
    assert sorted(by_path) == [
        "d0/d1/d2/d3/d4/d5/d6/d7/d8/d9/deep-ok.sh",
        "scripts/noexec.py",
        "scripts/ok.sh",
        "scripts/plain.py",
        "tools/deploy",
    ]
    assert truncated  # the 11th level was not searched
    assert by_path["scripts/ok.sh"].executable and by_path["scripts/ok.sh"].listed_by_agents
    assert by_path["scripts/ok.sh"].issues() == ()
    noexec = by_path["scripts/noexec.py"]
    assert not noexec.executable and not noexec.listed_by_agents
    assert any("shebang but no exec bit" in issue for issue in noexec.issues())
    assert by_path["scripts/plain.py"].interpreter == "python3"
    plain_issues = by_path["scripts/plain.py"].issues()
    assert any("python3 scripts/plain.py" in issue for issue in plain_issues)
    assert [s.relpath for s in list_scripts(skill)] == sorted(by_path)


def test_list_flags_crlf_pep723_and_links_out(skill: Path, tmp_path: Path) -> None:
    put(skill, "scripts/crlf.sh", b"#!/bin/sh\r\necho hi\r\n")
    put(skill, "scripts/deps.py", "# /// script\n# dependencies = ['httpx']\n# ///\n", 0o644)
    outside = put(tmp_path, "outside.sh", "#!/bin/sh\n")
    (skill / "scripts" / "link.sh").symlink_to(outside)
    by_path = {s.relpath: s for s in list_scripts(skill)}
    assert any("carriage return" in i for i in by_path["scripts/crlf.sh"].issues())
    assert by_path["scripts/deps.py"].pep723 == ("httpx",)
    link = by_path["scripts/link.sh"]
    assert link.is_symlink and link.outside
    assert any("outside the skill" in i for i in link.issues())
    as_json = scripts.listing_to_dict(skill, list(by_path.values()), False)
    assert as_json["version"] == 1
    assert [s["path"] for s in as_json["scripts"]] == sorted(by_path)


def test_list_scripts_survives_a_loop_and_a_missing_dir(skill: Path, tmp_path: Path) -> None:
    (skill / "scripts" / "loop").symlink_to(skill / "scripts")
    assert [s.relpath for s in list_scripts(skill)] == ["scripts/ok.sh"]
    assert list_scripts(tmp_path / "nope") == []


# --------------------------------------------------------------------------- resolving


TRAVERSALS = [
    "../etc/passwd",
    "..",
    "a/../../b",
    "scripts/../../outside.sh",
    "/etc/passwd",
    "..\\..\\windows\\system32",
    "..\\..\\x",
    "%2e%2e%2fetc%2fpasswd",
    "%2e%2e/outside.sh",
    "%252e%252e%252fetc",  # double-encoded
    "ok\x00.md",
    "scripts/ok.sh\x00",
    "C:/Windows/system32",
]


@pytest.mark.parametrize("bad", TRAVERSALS)
def test_traversal_is_refused(skill: Path, tmp_path: Path, bad: str) -> None:
    put(tmp_path, "outside.sh", "#!/bin/sh\necho escaped\n")
    with pytest.raises(ScriptPathError) as info:
        resolve_script(skill, bad)
    assert info.value.exit_code == 2
    assert "refusing" in str(info.value)


def test_symlink_out_of_the_skill_is_refused(skill: Path, tmp_path: Path) -> None:
    outside = put(tmp_path, "evil.sh", "#!/bin/sh\necho escaped\n")
    (skill / "scripts" / "evil.sh").symlink_to(outside)
    for bad in ("scripts/evil.sh", "evil.sh"):
        with pytest.raises(ScriptPathError, match="outside the skill directory"):
            resolve_script(skill, bad)
    (skill / "linked").symlink_to(tmp_path)  # a folder link out of the skill
    with pytest.raises(ScriptPathError, match="outside the skill directory"):
        resolve_script(skill, "linked/evil.sh")


def test_symlink_inside_the_skill_is_fine(skill: Path) -> None:
    (skill / "run.sh").symlink_to(skill / "scripts" / "ok.sh")
    assert resolve_script(skill, "run.sh") == (skill / "scripts" / "ok.sh").resolve()


def test_resolve_paths_and_bare_names(skill: Path) -> None:
    real = (skill / "scripts" / "ok.sh").resolve()
    assert resolve_script(skill, "scripts/ok.sh") == real
    assert resolve_script(skill, "./scripts/ok.sh") == real
    assert resolve_script(skill, "ok.sh") == real  # a bare name found in the skill
    put(skill, "tools/ok.sh", "#!/bin/sh\n")
    with pytest.raises(ScriptNotFoundError, match="ambiguous"):
        resolve_script(skill, "ok.sh")
    put(skill, "scripts/literal%41.sh", "#!/bin/sh\n")  # a % that decodes harmlessly
    assert resolve_script(skill, "scripts/literal%41.sh").name == "literal%41.sh"


def test_missing_script_lists_the_skills_scripts(skill: Path) -> None:
    with pytest.raises(ScriptNotFoundError) as info:
        resolve_script(skill, "scripts/nope.sh")
    assert info.value.exit_code == 2
    assert "scripts/ok.sh" in str(info.value)
    with pytest.raises(ScriptNotFoundError, match="is a directory"):
        resolve_script(skill, "scripts")
    with pytest.raises(ScriptNotFoundError, match="is a directory"):
        resolve_script(skill, ".")
    with pytest.raises(ScriptPathError, match="empty"):
        resolve_script(skill, "")


# --------------------------------------------------------------------------- planning


def test_plan_for_an_executable_runs_it_directly(skill: Path, tmp_path: Path) -> None:
    plan = plan_run(skill, "scripts/ok.sh", ["a b", "--flag"], project=tmp_path)
    real = str((skill / "scripts" / "ok.sh").resolve())
    assert plan.argv == (real, "a b", "--flag")
    assert plan.mode == "direct"
    assert plan.cwd == skill.resolve()  # the open spec's rule
    assert dict(plan.env_added) == {"SKILL_DIR": str(skill)}
    assert plan.warnings == ()


def test_plan_without_exec_bit_uses_the_shebang_interpreter(skill: Path) -> None:
    put(skill, "scripts/tool.py", "#!/usr/bin/env python3\nprint(1)\n", 0o644)
    plan = plan_run(skill, "scripts/tool.py", environ={"PATH": str(Path(PY).parent)})
    assert plan.mode == "shebang"
    assert os.path.basename(plan.argv[0]) == "python3"
    assert plan.argv[1] == str((skill / "scripts" / "tool.py").resolve())
    assert any("chmod +x scripts/tool.py" in w for w in plan.warnings)
    put(skill, "scripts/strict.sh", "#!/bin/sh -e\necho x\n", 0o644)
    plan = plan_run(skill, "strict.sh")
    assert plan.argv[:2] == ("/bin/sh", "-e")


def test_plan_by_extension_and_unrunnable_files(skill: Path) -> None:
    put(skill, "scripts/plain.py", "print(1)\n", 0o644)
    plan = plan_run(skill, "plain.py", environ={"PATH": str(Path(PY).parent)})
    assert plan.mode == "extension" and os.path.basename(plan.argv[0]) == "python3"
    put(skill, "scripts/data.txt", "hello\n", 0o644)
    with pytest.raises(ScriptLaunchError) as info:
        plan_run(skill, "scripts/data.txt")
    assert info.value.exit_code == 126
    put(skill, "scripts/noshebang", "echo from sh\n", 0o755)
    plan = plan_run(skill, "scripts/noshebang")
    assert plan.mode == "sh" and plan.argv[0].endswith("/sh")
    assert any("no shebang" in w for w in plan.warnings)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("#!/opt/nowhere/python9\nprint(1)\n", "/opt/nowhere/python9"),
        ("#!/usr/bin/env skillctl-no-such-interpreter\n", "skillctl-no-such-interpreter"),
    ],
)
def test_missing_interpreter_is_a_clear_error(skill: Path, text: str, named: str) -> None:
    for mode in (0o755, 0o644):
        put(skill, "scripts/x", text, mode)
        with pytest.raises(InterpreterNotFoundError) as info:
            plan_run(skill, "scripts/x")
        assert info.value.exit_code == 127
        assert named in str(info.value)
        assert "Errno" not in str(info.value)


def test_crlf_shebang_is_a_clear_error(skill: Path) -> None:
    put(skill, "scripts/win.sh", b"#!/bin/sh\r\necho hi\r\n")
    with pytest.raises(InterpreterNotFoundError) as info:
        plan_run(skill, "scripts/win.sh")
    assert "carriage return" in str(info.value) and "LF" in str(info.value)


def _fake_uv(tmp_path: Path) -> Path:
    """A `uv` on PATH that prints the arguments it was given as JSON."""
    bin_dir = tmp_path / "bin"
    put(bin_dir, "uv", f"#!{PY}\nimport json, sys\nprint(json.dumps(sys.argv[1:]))\n")
    return bin_dir


def test_pep723_runs_with_uv_when_available(skill: Path, tmp_path: Path) -> None:
    put(skill, "scripts/fetch.py", "# /// script\n# dependencies = ['httpx']\n# ///\n", 0o644)
    bin_dir = _fake_uv(tmp_path)
    environ = {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    plan = plan_run(skill, "scripts/fetch.py", ["--url", "x y"], environ=environ)
    real = str((skill / "scripts" / "fetch.py").resolve())
    assert plan.mode == "uv"
    assert plan.argv == (str(bin_dir / "uv"), "run", "--script", real, "--url", "x y")
    assert any("httpx" in n for n in plan.notes)
    result = execute(plan, 30, capture=True, environ=environ)
    assert result.exit_code == 0 and result.stdout is not None
    assert json.loads(result.stdout) == ["run", "--script", real, "--url", "x y"]


def test_pep723_without_uv_says_what_it_needs(skill: Path, tmp_path: Path) -> None:
    put(skill, "scripts/fetch.py", "# /// script\n# dependencies = ['httpx', 'rich>=13']\n# ///\n")
    environ = {"PATH": str(tmp_path / "empty-bin")}
    with pytest.raises(InterpreterNotFoundError) as info:
        plan_run(skill, "scripts/fetch.py", environ=environ)
    assert "httpx, rich>=13" in str(info.value) and "uv" in str(info.value)
    # no dependencies: plain python3 is enough
    put(skill, "scripts/nodeps.py", "# /// script\n# dependencies = []\n# ///\nprint(7)\n", 0o644)
    environ = {"PATH": str(Path(PY).parent)}
    plan = plan_run(skill, "scripts/nodeps.py", environ=environ)
    assert plan.mode == "extension"
    assert any("uv is not needed" in n for n in plan.notes)


def test_agent_profile_sets_cwd_and_variables(skill: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    profile = get_profile("claude-code")
    plan = plan_run(skill, "ok.sh", profile=profile, project=project, home=tmp_path)
    env = dict(plan.env_added)
    assert env["CLAUDE_SKILL_DIR"] == str(skill)
    assert env["CLAUDE_PROJECT_DIR"] == str(project)
    assert env["SKILL_DIR"] == str(skill)
    assert plan.cwd == (project if profile.script_cwd == "project" else skill.resolve())
    forced = plan_run(skill, "ok.sh", profile=profile, cwd_mode="skill", project=project)
    assert forced.cwd == skill.resolve()
    assert plan_run(skill, "ok.sh", cwd_mode="project", project=project).cwd == project
    with pytest.raises(UsageError):
        plan_run(skill, "ok.sh", cwd_mode="elsewhere")


# --------------------------------------------------------------------------- running


def _py_script(skill: Path, rel: str, body: str) -> None:
    put(skill, rel, f"#!{PY}\n{body}")


def test_execute_success_failure_and_verbatim_args(skill: Path) -> None:
    _py_script(skill, "scripts/args.py", "import json, sys\nprint(json.dumps(sys.argv[1:]))\n")
    args = ["two words", "it's", 'say "hi"', "$HOME", "*", "; rm -rf /", "--timeout", ""]
    result = execute(plan_run(skill, "scripts/args.py", args), 30, capture=True)
    assert result.exit_code == 0 and result.stdout is not None
    assert json.loads(result.stdout) == args
    _py_script(skill, "scripts/fail.py", "import sys\nprint('bad', file=sys.stderr)\nsys.exit(7)\n")
    result = execute(plan_run(skill, "scripts/fail.py"), 30, capture=True)
    assert (result.exit_code, result.stdout, result.stderr) == (7, b"", b"bad\n")
    assert not result.timed_out


def test_execute_env_and_cwd(skill: Path, tmp_path: Path) -> None:
    _py_script(
        skill,
        "scripts/where.py",
        "import json, os\nprint(json.dumps({'cwd': os.getcwd(), 'skill': os.environ.get("
        "'SKILL_DIR'), 'claude': os.environ.get('CLAUDE_SKILL_DIR'), "
        "'project': os.environ.get('CLAUDE_PROJECT_DIR')}))\n",
    )
    plan = plan_run(skill, "where.py", profile=get_profile("claude-code"), cwd_mode="skill",
                    project=tmp_path)
    result = execute(plan, 30, capture=True)
    assert result.stdout is not None
    seen = json.loads(result.stdout)
    assert seen == {
        "cwd": str(skill.resolve()),
        "skill": str(skill),
        "claude": str(skill),
        "project": str(tmp_path),
    }
    plan = plan_run(skill, "where.py", cwd_mode="project", project=tmp_path)
    result = execute(plan, 30, capture=True)
    assert result.stdout is not None
    assert json.loads(result.stdout)["cwd"] == str(tmp_path.resolve())
    assert json.loads(result.stdout)["claude"] is None


def test_stdin_is_closed(skill: Path) -> None:
    put(skill, "scripts/ask.sh", "#!/bin/sh\nif read answer; then echo \"got $answer\"; "
        "else echo eof; fi\n")
    result = execute(plan_run(skill, "ask.sh"), 30, capture=True)
    assert result.stdout == b"eof\n" and result.exit_code == 0
    _py_script(skill, "scripts/ask.py", "import sys\nprint(repr(sys.stdin.read()))\n")
    result = execute(plan_run(skill, "ask.py"), 30, capture=True)
    assert result.stdout == b"''\n"


def test_timeout_kills_the_script_and_its_children(skill: Path, tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"
    # The grandchild ignores SIGTERM, so only the SIGKILL after the grace period stops it.
    put(
        skill,
        "scripts/hang.sh",
        "#!/bin/sh\n"
        f"'{PY}' -c 'import os, signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        f"open(\"{pid_file}\", \"w\").write(str(os.getpid())); time.sleep(60)' &\n"
        "sleep 60\n",
    )
    plan = plan_run(skill, "hang.sh")
    holder: dict[str, scripts.RunResult] = {}

    def run() -> None:
        holder["r"] = execute(plan, 1.0, capture=True, kill_grace=0.5)

    thread = threading.Thread(target=run)
    thread.start()
    assert _wait_until(lambda: pid_file.exists() and pid_file.read_text() != "")
    thread.join(60)
    result = holder["r"]
    assert result.timed_out and result.exit_code == 124
    grandchild = int(pid_file.read_text())
    assert _wait_until(lambda: _gone(grandchild))


def test_leftover_background_processes_are_stopped(skill: Path, tmp_path: Path) -> None:
    pid_file = tmp_path / "bg.pid"
    put(skill, "scripts/bg.sh", f"#!/bin/sh\nsleep 60 &\necho $! > '{pid_file}'\necho done\n")
    result = execute(plan_run(skill, "bg.sh"), 30, capture=True, kill_grace=0.5)
    assert result.exit_code == 0 and result.stdout == b"done\n"
    assert result.stopped_leftovers
    assert any("left processes running" in w for w in result.warnings)
    assert _wait_until(lambda: _gone(int(pid_file.read_text())))


def test_killed_by_a_signal_exits_128_plus_n(skill: Path) -> None:
    put(skill, "scripts/suicide.sh", "#!/bin/sh\nkill -TERM $$\nsleep 5\n")
    result = execute(plan_run(skill, "suicide.sh"), 30, capture=True)
    assert result.returncode == -signal.SIGTERM and result.exit_code == 128 + signal.SIGTERM


def test_keyboard_interrupt_stops_the_group_and_exits_130(skill: Path, tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    put(skill, "scripts/wait.sh", f"#!/bin/sh\necho $$ > '{ready}'\nsleep 60\n")
    plan = plan_run(skill, "wait.sh")

    def interrupt() -> None:
        if _wait_until(lambda: ready.exists() and ready.read_text().strip() != ""):
            os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    result = execute(plan, 60, capture=True, kill_grace=0.5)
    assert result.interrupted and result.exit_code == 130
    assert _wait_until(lambda: _gone(int(ready.read_text())))


def test_capture_is_capped(skill: Path) -> None:
    _py_script(skill, "scripts/loud.py", "import sys\nsys.stdout.write('x' * 300000)\n"
               "sys.stderr.write('e' * 10)\n")
    result = execute(plan_run(skill, "loud.py"), 30, capture=True, limit=1000)
    assert result.stdout == b"x" * 1000 and result.stdout_truncated
    assert result.stderr == b"e" * 10 and not result.stderr_truncated
    data = result.to_dict(plan_run(skill, "loud.py"), 1000)
    assert data["truncated"] == {"stdout": True, "stderr": False}
    assert data["capture_limit_bytes"] == 1000


def test_file_swapped_for_a_symlink_after_the_check_is_refused(skill: Path, tmp_path: Path) -> None:
    marker = tmp_path / "escaped"
    outside = put(tmp_path, "evil.sh", f"#!/bin/sh\ntouch '{marker}'\n")
    plan = plan_run(skill, "scripts/ok.sh")
    target = skill / "scripts" / "ok.sh"
    target.unlink()
    target.symlink_to(outside)  # the swap happens between plan (check) and execute (use)
    with pytest.raises(ScriptPathError, match="changed since it was checked"):
        execute(plan, 30, capture=True)
    assert not marker.exists()


def test_folder_swapped_for_a_symlink_after_the_check(skill: Path, tmp_path: Path) -> None:
    marker = tmp_path / "escaped"
    evil_dir = tmp_path / "evil"
    put(evil_dir, "ok.sh", f"#!/bin/sh\ntouch '{marker}'\n")
    plan = plan_run(skill, "scripts/ok.sh")
    (skill / "scripts").rename(skill / "scripts.old")
    (skill / "scripts").symlink_to(evil_dir)
    with pytest.raises(ScriptPathError):
        execute(plan, 30, capture=True)
    assert not marker.exists()


def test_script_removed_after_the_check(skill: Path) -> None:
    plan = plan_run(skill, "scripts/ok.sh")
    (skill / "scripts" / "ok.sh").unlink()
    with pytest.raises(ScriptNotFoundError, match="No such file"):
        execute(plan, 30, capture=True)


def test_plan_and_result_json_shapes(skill: Path) -> None:
    plan = plan_run(skill, "ok.sh", ["x"])
    data = plan.to_dict()
    assert data["version"] == 1 and data["argv"][-1] == "x" and data["env_added"]["SKILL_DIR"]
    result = execute(plan, 30, capture=True)
    shaped = result.to_dict(plan)
    assert set(shaped) >= {
        "version", "argv", "cwd", "env_added", "exit_code", "duration_s", "timed_out",
        "stdout", "stderr", "truncated",
    }
    assert shaped["stdout"] == "ok\n" and shaped["exit_code"] == 0
    text = scripts.format_plan(plan)
    assert "argv:" in text and "cwd:" in text and "SKILL_DIR=" in text
