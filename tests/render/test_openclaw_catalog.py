"""OpenClaw's catalog as openclaw 2026.9.6 writes it: names in ``localeCompare`` order, a
description trimmed as JavaScript trims (its loader's ``frontmatter.description?.trim()``;
conformance case description-trailing-newline, found on DiversioTeam/agent-skills-marketplace
where a folded ``description: >`` followed by another key ended in a line break)."""

from __future__ import annotations

import re
from pathlib import Path

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover
from skillctl.render.catalog import render_catalog
from tests.conftest import write_skill


def _catalog(tmp_path: Path, skills: dict[str, str]) -> str:
    home = tmp_path / "home"
    root = home / ".agents" / "skills"
    for folder, frontmatter in skills.items():
        write_skill(root, folder, frontmatter)
    profile = get_profile("openclaw")
    views = discover(profile, tmp_path / "elsewhere", home, {}).views
    active = [v.skill for v in views if v.status is Status.ACTIVE]
    return render_catalog(active, "openclaw", profile=profile).catalog.text


def test_descriptions_are_trimmed_as_javascript_trims(tmp_path: Path) -> None:
    text = _catalog(tmp_path, {
        "folded": "name: folded\ndescription: >\n  Folded line\n  and more.\nlicense: MIT\n",
        "padded": "name: padded\ndescription: \"\\u00a0 Padded. \\t\"\n",
        "kept": "name: kept\ndescription: \"Ends in a BOM-less mark\\x1f\"\n",
    })
    found = dict(re.findall(r"<name>(.*?)</name>\s*<description>(.*?)</description>", text,
                            re.DOTALL))
    assert found["folded"] == "Folded line and more."
    assert found["padded"] == "Padded."
    # \x1f is white space to Python's strip(), not to JavaScript's trim()
    assert found["kept"] == "Ends in a BOM-less mark\x1f"


def test_names_sort_as_localecompare_sorts_them(tmp_path: Path) -> None:
    text = _catalog(tmp_path, {f: f"name: {f}\ndescription: Sorts.\n"
                               for f in ("x-a", "x_a", "xB", "xa")})
    names = [n for n in re.findall(r"<name>(.*?)</name>", text) if n.startswith("x")]
    assert names == ["x_a", "x-a", "xa", "xB"]
