"""OpenCode's catalog order and location escaping, as opencode-ai 1.18.33 writes them
(conformance case name-punctuation-order; found on real collections, where
``alienation_analysis`` came before ``alienation-analysis``)."""

from __future__ import annotations

import re
from pathlib import Path

from skillctl.agents import get_profile
from skillctl.discovery import Status, discover
from skillctl.render.catalog import render_catalog
from tests.conftest import write_skill

#: the order the agent gave for names that differ in one character
AGENT_ORDER = ["x a", "x_a", "x-a", "x,a", "x;a", "x:a", "x!a", "x?a", "x.a", "x'a", 'x"a',
               "x(a", "x[a", "x{a", "x@a", "x*a", "x\\a", "x&a", "x#a", "x%a", "x`a", "x^a",
               "x+a", "x<a", "x=a", "x>a", "x|a", "x~a", "x$a", "x1", "xa", "xA"]


def test_the_catalog_is_in_localecompare_order_with_quotes_escaped(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    for name in reversed(AGENT_ORDER):
        quoted = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
        write_skill(project / ".opencode" / "skills", name,
                    f"name: {quoted}\ndescription: Sort test.\n")
    profile = get_profile("opencode")
    views = discover(profile, project, home, {}).views
    active = [v.skill for v in views if v.status is Status.ACTIVE]
    text = render_catalog(active, "opencode", profile=profile).catalog.text
    names = [n for n in re.findall(r"<name>(.*?)</name>", text) if n.startswith("x")]
    assert names == AGENT_ORDER
    assert "/x&#39;a/SKILL.md</location>" in text and "/x&quot;a/SKILL.md</location>" in text
    assert "<name>x'a</name>" in text  # names are written raw
