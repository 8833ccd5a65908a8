"""OpenClaw's runtime requirements (``metadata.openclaw``), as 2026.9.6 applies them
(conformance case openclaw-requirements; found on mfang0126/openclaw-skills)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover, unmet_requirement

OPENCLAW = get_profile("openclaw")


def _bin_folder(tmp_path: Path) -> str:
    folder = tmp_path / "bin"
    folder.mkdir()
    tool = folder / "present-tool"
    tool.write_text("#!/bin/sh\n", encoding="utf-8")
    tool.chmod(0o755)
    return str(folder)


@pytest.mark.parametrize(("metadata", "met"), [
    ({"openclaw": {"requires": {"bins": ["present-tool"]}}}, True),
    ({"openclaw": {"requires": {"bins": ["present-tool", "absent-tool"]}}}, False),
    ({"openclaw": {"requires": {"anyBins": ["absent-tool", "present-tool"]}}}, True),
    ({"openclaw": {"requires": {"anyBins": ["absent-tool"]}}}, False),
    ({"openclaw": {"requires": {"env": ["SET_VAR"]}}}, True),
    ({"openclaw": {"requires": {"env": ["UNSET_VAR"]}}}, False),
    ({"clawdbot": {"requires": {"bins": "absent-tool"}}}, False),  # the legacy key, one string
    ('{"openclaw": {"requires": {"bins": ["absent-tool"]}}}', False),  # JSON in a string
    ({"openclaw": {"always": True, "requires": {"bins": ["absent-tool"]}}}, True),
    ({"openclaw": {"os": ["no-such-os"], "always": True}}, False),
    ({"openclaw": {"os": [{"linux": "linux", "darwin": "darwin"}.get(sys.platform, "win32")]}},
     True),
    ({"author": "someone"}, True),
    ("not json", True),
])
def test_requirements(tmp_path: Path, metadata: Any, met: bool) -> None:
    environ = {"PATH": _bin_folder(tmp_path), "SET_VAR": "1"}
    reason = unmet_requirement(OPENCLAW, {"metadata": metadata}, environ)
    assert (reason is None) is met


def test_other_agents_have_no_requirements(tmp_path: Path) -> None:
    data = {"metadata": {"openclaw": {"requires": {"bins": ["absent-tool"]}}}}
    assert unmet_requirement(get_profile("claude-code"), data, {"PATH": ""}) is None


def test_discovery_hides_a_skill_whose_binary_is_missing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    for name, needs in (("reddit", "absent-tool"), ("calc", "present-tool")):
        folder = home / ".agents" / "skills" / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: D.\nmetadata:\n  openclaw:\n    requires:\n"
            f"      bins: [\"{needs}\"]\n---\nBody.\n", encoding="utf-8")
    environ = {"PATH": _bin_folder(tmp_path)}
    views = {v.name: v for v in discover(OPENCLAW, tmp_path, home, environ).views}
    assert views["calc"].status is Status.ACTIVE
    assert views["reddit"].status is Status.HIDDEN
    assert views["reddit"].reason == ("OpenClaw leaves it out: it requires 'absent-tool', "
                                      "which is not on PATH")
