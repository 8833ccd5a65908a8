"""Catalog formats without a budget: OpenCode, its skills plugin, Gemini CLI, Copilot, Goose,
Amp, the reference validator (skills-ref) and the generic xml, markdown and json formats.

Escaping follows each agent, not taste: OpenCode, Gemini CLI and Amp interpolate names and
descriptions raw (so does skillctl for them); skills-ref applies ``html.escape`` to name and
description only; the generic ``xml`` format escapes everything. Sources: reference/agents.md
§4, reference/spec.md §2.3 and the Amp seed for ``amp``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence

from skillctl.collation import locale_key
from skillctl.render.types import (
    BudgetRequest,
    CatalogEntry,
    EntryReport,
    EntryStatus,
    RenderedCatalog,
    estimate_tokens,
    xml_escape,
)


def _report(format_id: str, entries: Sequence[CatalogEntry], text: str,
            pieces: Sequence[str], notes: Sequence[str] = ()) -> RenderedCatalog:
    reports = tuple(
        EntryReport(e.name, str(e.path), len(piece), estimate_tokens(len(piece)), None,
                    EntryStatus.WHOLE)
        for e, piece in zip(entries, pieces, strict=True))
    return RenderedCatalog(format_id, text, reports, None, tuple(notes))


def _by_name(entries: Sequence[CatalogEntry]) -> list[CatalogEntry]:
    return sorted(entries, key=lambda e: (e.name, e.location))


#: OpenCode escapes a location as HTML text and attribute (seen with 1.18.33: a folder named
#: ``x'a`` is written ``x&#39;a``, ``x"a`` ``x&quot;a``)
_LOCATION_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                   "'": "&#39;"})


def render_opencode(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """OpenCode 1.18.33's system prompt section (verified against the request it sends):
    sorted by name as ``localeCompare`` does, its built-in skill among them, the location a
    plain path with ``&``, ``<``, ``>`` and quotes escaped; name and description raw."""
    ordered = sorted(entries, key=lambda e: (locale_key(e.name), e.location))
    # one skill per name: OpenCode keeps one copy of a duplicated name (at random; skillctl
    # shows the first by location, and ``list`` warns)
    ordered = [e for i, e in enumerate(ordered) if i == 0 or ordered[i - 1].name != e.name]
    pieces = [f"  <skill>\n    <name>{e.name}</name>\n    <description>{e.description}"
              f"</description>\n    <location>{e.location.translate(_LOCATION_ESCAPES)}"
              "</location>\n  </skill>"
              for e in ordered]
    if not pieces:
        return _report("opencode", ordered, "", pieces)
    text = ("Skills provide specialized instructions and workflows for specific tasks.\n"
            "Use the skill tool to load a skill when a task matches its description.\n"
            "<available_skills>\n" + "\n".join(pieces) + "\n</available_skills>")
    return _report("opencode", ordered, text, pieces)


def render_opencode_agent_skills(entries: Sequence[CatalogEntry],
                                 request: BudgetRequest) -> RenderedCatalog:
    """The opencode-agent-skills plugin's synthetic ``<available-skills>`` message."""
    pieces = [f"- {e.name}: {e.description}" for e in entries]
    if not pieces:
        return _report("opencode-agent-skills", entries, "", pieces)
    text = ("<available-skills>\nUse the use_skill, read_skill_file, run_skill_script, and "
            "get_available_skills tools to work with skills.\n\n" + "\n".join(pieces)
            + "\n</available-skills>")
    return _report("opencode-agent-skills", entries, text, pieces)


def render_gemini(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Gemini CLI's ``# Available Agent Skills`` section (values are not escaped upstream).

    The wording is the one the default (modern) model's snippets use, verified against the
    system prompt Gemini CLI 0.61.0 writes (``GEMINI_WRITE_SYSTEM_MD``): "you can call the
    ``activate_skill`` tool" (in backticks). The legacy snippets, for older models, say "call the
    activate_skill tool" without backticks."""
    pieces = [f"  <skill>\n    <name>{e.name}</name>\n    <description>{e.description}"
              f"</description>\n    <location>{e.location}</location>\n  </skill>"
              for e in entries]
    if not pieces:
        return _report("gemini-cli", entries, "", pieces)
    text = ("# Available Agent Skills\n\nYou have access to the following specialized skills. "
            "To activate a skill and receive its detailed instructions, you can call the "
            "`activate_skill` tool with the skill's name.\n\n<available_skills>\n"
            + "\n".join(pieces) + "\n</available_skills>")
    # the whole system prompt goes through ``replace(/\n{3,}/g, "\n\n")`` before it is sent
    text = re.sub(r"\n{3,}", "\n\n", text)
    return _report("gemini-cli", entries, text, pieces)


def render_copilot(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """VS Code / Copilot's ``<skills>`` block (escaping is not documented; skillctl escapes)."""
    pieces = [f"<skill>\n<name>{xml_escape(e.name)}</name>\n<description>"
              f"{xml_escape(e.description)}</description>\n<file>{xml_escape(e.location)}</file>"
              "\n</skill>" for e in entries]
    if not pieces:
        return _report("copilot", entries, "", pieces)
    text = ("<skills>\nHere is a list of skills that contain domain specific knowledge on a "
            "variety of topics.\nEach skill comes with a description of the topic and a file "
            "path that contains the detailed instructions.\nWhen a user asks you to perform a "
            "task that falls within the domain of a skill, use the 'read_file' tool to acquire "
            "the full instructions from the file URI.\n" + "\n".join(pieces) + "\n</skills>")
    return _report("copilot", entries, text, pieces,
                   ("Copilot's catalog escaping and budget are undocumented (uncertain).",))


def render_goose(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Goose's MCP server instructions: ``• name - description``, sorted by name and path."""
    ordered = _by_name(entries)
    pieces = [f"• {e.name} - {e.description}" for e in ordered]
    if not pieces:
        return _report("goose", ordered, "", pieces)
    text = ("\n\nYou have these skills at your disposal, when it is clear they can help you "
            "solve a problem or you are asked to use them:\n" + "\n".join(pieces))
    return _report("goose", ordered, text, pieces)


def render_amp(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Amp's available-skills prompt as the Amp seed describes it (built server-side: uncertain)."""
    pieces = [f"  <skill>\n    <name>{e.name}</name>\n    <description>{e.description}"
              "</description>\n  </skill>" for e in entries]
    if not pieces:
        return _report("amp", entries, "", pieces)
    text = ("The following skills provide specialized instructions for specific tasks.\n"
            "Use the skill tool to load a skill when the task matches its description.\n\n"
            "<available_skills>\n" + "\n".join(pieces) + "\n</available_skills>")
    return _report("amp", entries, text, pieces,
                   ("Amp builds its prompt server-side; this is the shape the Amp seed describes "
                    "(uncertain).",))


def render_skills_ref(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """``skills-ref to-prompt``, byte for byte: one value per line, ``html.escape`` on name
    and description only, the location unescaped, in argument order."""
    pieces = ["\n".join(["<skill>", "<name>", html.escape(e.name), "</name>", "<description>",
                         html.escape(e.description), "</description>", "<location>", e.location,
                         "</location>", "</skill>"]) for e in entries]
    text = "\n".join(["<available_skills>", *pieces, "</available_skills>"])
    return _report("skills-ref", entries, text, pieces)


def render_xml(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """The client-implementation guide's indented XML, every value XML-escaped."""
    pieces = [f"  <skill>\n    <name>{xml_escape(e.name)}</name>\n    <description>"
              f"{xml_escape(e.description)}</description>\n    <location>"
              f"{xml_escape(e.location)}</location>\n  </skill>" for e in entries]
    if not pieces:
        return _report("xml", entries, "", pieces)
    text = "<available_skills>\n" + "\n".join(pieces) + "\n</available_skills>"
    return _report("xml", entries, text, pieces)


def _md(text: str) -> str:
    return " ".join(text.split())


def render_markdown(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """A Markdown list for AGENTS.md-style files: name, one-line description, location."""
    pieces = [f"- **{e.name}**: {_md(e.description)} (`{e.location}`)" for e in entries]
    if not pieces:
        return _report("markdown", entries, "", pieces)
    text = "## Available skills\n\n" + "\n".join(pieces)
    return _report("markdown", entries, text, pieces)


def render_json(entries: Sequence[CatalogEntry], request: BudgetRequest) -> RenderedCatalog:
    """Versioned JSON: ``{"version": 1, "skills": [{name, description, location}]}``."""
    items = [{"name": e.name, "description": e.description, "location": e.location}
             for e in entries]
    pieces = [json.dumps(item, ensure_ascii=False, sort_keys=True) for item in items]
    text = json.dumps({"version": 1, "skills": items}, ensure_ascii=False, sort_keys=True,
                      indent=2)
    return _report("json", entries, text, pieces)
