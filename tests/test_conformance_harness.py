"""The conformance suite's own machinery, without any real agent: the cases build real trees,
skillctl's side is read from the real CLI, and the comparison reports each kind of difference.
(The suite itself, with the pinned agents, runs from ``.ci/run``: ``python -m pytest
conformance``.)"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from conformance import install
from conformance.cases import CASES
from conformance.compare import SkillctlView, compare, skillctl_view, without_entries
from conformance.model import Observation, Skill, realpath


def test_there_are_at_least_forty_cases_and_each_builds_a_real_tree(tmp_path: Path) -> None:
    assert len(CASES) >= 40
    for key, builder in CASES.items():
        built = builder(tmp_path / key)
        assert built.id == key
        assert built.home.is_dir() and built.cwd.is_dir()
        assert str(built.cwd).startswith(str(tmp_path / key))
        assert built.about


def test_a_case_environment_keeps_nothing_of_the_machine_but_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "secret")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/somewhere")
    built = CASES["xdg-config-home"](tmp_path)
    env = built.environ({"EXTRA": "1"})
    assert "ANTHROPIC_API_KEY" not in env
    assert env["HOME"] == str(built.home)
    assert env["XDG_CONFIG_HOME"] == str(tmp_path / "xdg")
    assert env["EXTRA"] == "1"


def test_symlink_cases_make_real_links(tmp_path: Path) -> None:
    built = CASES["two-links-one-target"](tmp_path)
    first = built.cwd / ".claude/skills/first"
    second = built.cwd / ".claude/skills/second"
    assert first.is_symlink() and second.is_symlink()
    assert realpath(first) == realpath(second)


def test_skillctl_side_is_read_from_the_cli(tmp_path: Path) -> None:
    built = CASES["project-roots"](tmp_path)
    view = skillctl_view(built, "claude-code")
    names = {s.name for s in view.active}
    assert "from-claude-skills" in names
    assert "from-agents-skills" not in names  # Claude Code does not scan .agents/skills
    assert "from-claude-skills" in view.catalog
    path = realpath(built.cwd / ".claude/skills/from-claude-skills/SKILL.md")
    assert Skill("from-claude-skills", path) in view.active


def _view(active: list[Skill], catalog: str = "cat\n",
          skills: list[dict[str, object]] | None = None) -> SkillctlView:
    return SkillctlView("opencode", active, catalog, {"skills": skills or []})


def test_compare_reports_each_kind_of_difference(tmp_path: Path) -> None:
    built = CASES["empty"](tmp_path)
    both = Skill("a", "/x/a/SKILL.md")
    real = Observation("opencode", active=[both, Skill("b", "/x/b/SKILL.md")], catalog="cat")
    result = compare(built, real, _view([both, Skill("c", "/x/c/SKILL.md")]))
    assert [d.what for d in result.differences] == ["active"]
    assert "only the agent: b" in result.differences[0].detail
    assert "only skillctl:  c" in result.differences[0].detail

    result = compare(built, Observation("opencode", active=[both], catalog="other"),
                     _view([both]))
    assert [d.what for d in result.differences] == ["catalog"]
    assert "-other" in result.differences[0].detail

    assert compare(built, Observation("opencode", active=[both], catalog=None),
                   _view([both], catalog="anything")).matches


def test_a_random_winner_must_be_flagged_by_skillctl(tmp_path: Path) -> None:
    built = CASES["empty"](tmp_path)
    real = Observation("opencode", active=[Skill("dup", "/p/1")], nondeterministic=["dup"])
    silent = _view([Skill("dup", "/p/2")], skills=[{"name": "dup", "warnings": []}])
    result = compare(built, real, silent)
    assert [d.what for d in result.differences] == ["random"]
    flagged = _view([], skills=[
        {"name": "dup", "warnings": ["OpenCode picks one of these at random"]},
        {"name": "dup", "reason": "clashes with another copy; the winner is random"}])
    real.catalog = None
    assert compare(built, real, flagged).matches


def test_an_agent_that_hangs_must_be_predicted_by_a_note(tmp_path: Path) -> None:
    built = CASES["symlink-loop"](tmp_path)
    hung = Observation("opencode", hangs=True)
    quiet = _view([Skill("looped", "/p/looped/SKILL.md")])
    assert [d.what for d in compare(built, hung, quiet).differences] == ["hang"]
    # the real answer: skillctl's own list of the case says OpenCode does not finish
    ours = skillctl_view(built, "opencode")
    assert ours.predicts_hang()
    assert compare(built, hung, ours).matches
    # and a prediction the agent belies is a difference too
    answered = Observation("opencode", active=list(ours.active), catalog=None)
    assert [d.what for d in compare(built, answered, ours).differences] == ["hang"]
    assert not skillctl_view(built, "claude-code").predicts_hang()


def _xml(*entries: tuple[str, str]) -> str:
    blocks = "".join(f"  <skill>\n    <name>{name}</name>\n    <location>{where}</location>\n"
                     "  </skill>\n" for name, where in entries)
    return f"<available_skills>\n{blocks}</available_skills>"


def test_the_entries_of_a_random_name_are_left_out_of_both_catalogs(tmp_path: Path) -> None:
    built = CASES["empty"](tmp_path)
    real = Observation("opencode", active=[Skill("dup", "/p/1")], nondeterministic=["dup"],
                       catalog=_xml(("a&b", "/a"), ("dup", "/p/1"), ("z", "/z")))
    flagged = [{"name": "dup", "warnings": ["picked at random"]}]
    ours = _view([], catalog=_xml(("a&b", "/a"), ("dup", "/p/1"), ("dup", "/p/2"), ("z", "/z"))
                 + "\n", skills=flagged)
    assert compare(built, real, ours).matches
    other = _view([], catalog=_xml(("a&b", "/a"), ("dup", "/p/2"), ("y", "/y")),
                  skills=flagged)
    result = compare(built, real, other)
    assert [d.what for d in result.differences] == ["catalog"]
    assert "+    <name>y</name>" in result.differences[0].detail
    assert "dup" not in result.differences[0].detail
    # the plugin's "- name: description" lines, a name with '&' as the catalog escapes it
    assert without_entries("intro\n- a&amp;b: x\n- keep: y\n", {"a&b"}) == "intro\n- keep: y\n"


def test_skillctl_output_keeps_a_carriage_return(tmp_path: Path) -> None:
    built = CASES["empty"](tmp_path)
    folder = built.cwd / ".opencode/skills/crlf"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text('---\nname: crlf\ndescription: "one\\r\\ntwo\\rthree"\n'
                                     "---\nBody.\n", encoding="utf-8")
    view = skillctl_view(built, "opencode-agent-skills")
    assert "- crlf: one\r\ntwo\rthree\n" in view.catalog


def _fake_npm(folder: Path, script: str) -> None:
    folder.mkdir()
    npm = folder / "npm"
    npm.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    npm.chmod(npm.stat().st_mode | stat.S_IXUSR)


def test_install_uses_the_cache_and_fails_with_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLCTL_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    pin = install.Pin("demo", "demo-package", "1.2.3")
    assert install.prefix(pin) == tmp_path / "cache" / "demo-1.2.3"
    _fake_npm(tmp_path / "bad", "echo 'npm error 404 Not Found - demo-package' >&2\nexit 1\n")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bad'}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(install.InstallError) as caught:
        install.install(pin)
    message = str(caught.value)
    assert "\n" not in message
    assert "demo-package@1.2.3" in message and "exit 1" in message and "404" in message
    assert not install.is_installed(pin)


def test_install_stamps_a_finished_install_and_reuses_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLCTL_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    log = tmp_path / "calls"
    _fake_npm(tmp_path / "good", f"echo \"$@\" >> {log}\n")
    monkeypatch.setenv("PATH", f"{tmp_path / 'good'}{os.pathsep}{os.environ['PATH']}")
    pin = install.Pin("demo", "demo-package", "1.2.3")
    install.install(pin)
    install.install(pin)
    assert install.is_installed(pin)
    calls = log.read_text(encoding="utf-8").splitlines()
    assert len(calls) == 1 and "demo-package@1.2.3" in calls[0]


def test_pins_are_exact_versions() -> None:
    pins = json.loads(install.PINS_FILE.read_text(encoding="utf-8"))
    for key, pin in pins.items():
        if key.startswith("_"):
            continue
        assert pin["version"][0].isdigit() and not any(c in pin["version"] for c in "^~*x<> ")


def test_tree_state_puts_back_what_an_agent_changed(tmp_path: Path) -> None:
    from conformance.treestate import TreeState

    (tmp_path / "home/.claude/plugins").mkdir(parents=True)
    record = tmp_path / "home/.claude/plugins/installed_plugins.json"
    record.write_text('{"version": 2}')
    (tmp_path / "gone.txt").write_text("keep me")
    (tmp_path / "link").symlink_to("gone.txt")
    state = TreeState.capture(tmp_path)
    record.write_text('{"version": 2, "plugins": {"added": []}}')  # rewritten by the agent
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "home/.claude.json").write_text("{}")
    (tmp_path / "home/.codex/skills/.system").mkdir(parents=True)
    state.restore()
    assert record.read_text() == '{"version": 2}'
    assert (tmp_path / "gone.txt").read_text() == "keep me"
    assert not (tmp_path / "home/.claude.json").exists()
    assert not (tmp_path / "home/.codex").exists()
    assert os.readlink(tmp_path / "link") == "gone.txt"


def test_a_pair_that_differs_once_is_tried_again_and_marked_flaky(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from conformance import suite
    from conformance.compare import Comparison, Difference

    differs = suite.Outcome("c", "a", Comparison("c", "a", [Difference("catalog", "x")]))
    answers = [differs, suite.Outcome("c", "a", Comparison("c", "a"))]
    monkeypatch.setattr(suite, "run_one", lambda *args: answers.pop(0))
    outcome = suite.run_with_retry("c", "a")
    assert outcome.matches and outcome.flaky and "catalog" in outcome.flaky
    twice = [differs, differs]
    monkeypatch.setattr(suite, "run_one", lambda *args: twice.pop(0))
    assert not suite.run_with_retry("c", "a").matches
