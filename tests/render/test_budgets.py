"""Budgets at and around each agent's limits (reference/agents.md §4 and §6)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skillctl.render.budgeted import render_claude_code, render_codex, render_openclaw
from skillctl.render.types import BudgetRequest, CatalogEntry, EntryStatus


def entry(name: str, description: str, location: str | None = None) -> CatalogEntry:
    return CatalogEntry(name, description, location or f"/s/{name}/SKILL.md",
                        Path(f"/s/{name}/SKILL.md"))


def statuses(catalog) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.status.value for e in catalog.entries]


# --------------------------------------------------------------------------- Claude Code


def claude_total(entries: list[CatalogEntry]) -> int:
    # Claude Code 2.1.332 counts the lines (in terminal columns) and the line breaks between
    # them (the listing of 500 real skills beside the real agent)
    return sum(len(f"- {e.name}: {e.description}") for e in entries) + len(entries) - 1


def test_claude_default_budget_is_30000_and_scales_with_the_context() -> None:
    # 2.1.332 with its default model: 30,000 (was 8,000 read from 2.1.330's code)
    assert render_claude_code([entry("a", "x")], BudgetRequest()).budget.limit == 30_000
    assert render_claude_code([entry("a", "x")],
                              BudgetRequest(context_tokens=1_000_000)).budget.limit == 40_000
    assert render_claude_code([entry("a", "x")], BudgetRequest(context_tokens=10)).budget.limit == 1


def test_claude_exactly_at_budget_keeps_everything() -> None:
    entries = [entry("one", "a" * 50), entry("two", "b" * 60)]
    total = claude_total(entries)
    at = render_claude_code(entries, BudgetRequest(budget_chars=total))
    assert statuses(at) == ["whole", "whole"] and not at.notes
    over = render_claude_code(entries, BudgetRequest(budget_chars=total - 1))
    assert statuses(over) == ["whole", "name-only"]
    assert over.text.endswith("\n- two") and "over budget" in over.notes[0]


def test_claude_greedy_keeps_later_descriptions_that_still_fit() -> None:
    # (in the order Claude Code 2.1.332 sorts a root's skills: as localeCompare does)
    entries = [entry("one", "a" * 10), entry("six", "b" * 500), entry("two", "c" * 10)]
    names = sum(len(f"- {e.name}") for e in entries) + len(entries) - 1  # and line breaks
    result = render_claude_code(entries, BudgetRequest(budget_chars=names + 24))
    assert statuses(result) == ["whole", "name-only", "whole"]


def test_claude_description_cap_at_1536() -> None:
    exact = render_claude_code([entry("a", "x" * 1536)], BudgetRequest(budget_chars=10_000))
    assert statuses(exact) == ["whole"]
    cut = render_claude_code([entry("a", "x" * 1537)], BudgetRequest(budget_chars=10_000))
    assert statuses(cut) == ["cut"] and cut.entries[0].cut_at == 1535
    assert cut.text.endswith("- a: " + "x" * 1535 + "…")


def test_claude_cap_counts_utf16_units_like_javascript() -> None:
    emoji = "😀" * 768  # 1536 UTF-16 units, 768 code points
    assert statuses(render_claude_code([entry("a", emoji)], BudgetRequest())) == ["whole"]
    longer = render_claude_code([entry("a", emoji + "x")], BudgetRequest())
    assert longer.entries[0].cut_at == 1534  # a surrogate pair is never split


def test_claude_when_to_use_is_appended() -> None:
    e = CatalogEntry("a", "Does a.", "/s/a", Path("/s/a"), when_to_use="asked for a")
    assert "- a: Does a. - asked for a" in render_claude_code([e], BudgetRequest()).text


# --------------------------------------------------------------------------- Codex


def codex_min(entries: list[CatalogEntry]) -> int:
    return sum(len(f"- {e.name}: (file: {e.location})\n") for e in entries)


def test_codex_fits_then_shares_description_chars_equally() -> None:
    entries = [entry("beta-skill", "uvwxyz"), entry("alpha-skill", "abcdef")]
    full = sum(len(f"- {e.name}: {e.description} (file: {e.location})\n") for e in entries)
    assert statuses(render_codex(entries, BudgetRequest(budget_chars=full))) == ["whole"] * 2
    shared = render_codex(entries, BudgetRequest(budget_chars=codex_min(entries) + 6))
    assert "- alpha-skill: ab (file:" in shared.text and "- beta-skill: uv (file:" in shared.text
    assert [e.cut_at for e in shared.entries] == [2, 2]


def test_codex_unused_share_goes_to_longer_descriptions() -> None:
    entries = [entry("short-skill", "x"), entry("long-skill", "abcdefghi")]
    result = render_codex(entries, BudgetRequest(budget_chars=codex_min(entries) + 11))
    assert "- long-skill: abcdefgh (file:" in result.text
    assert "- short-skill: x (file:" in result.text


def test_codex_drops_lines_in_order_with_a_warning() -> None:
    entries = [entry("a-skill", "desc"), entry("b-skill", "desc"), entry("c-skill", "desc")]
    two = codex_min(entries[:2])
    result = render_codex(entries, BudgetRequest(budget_chars=two))
    assert statuses(result) == ["name-only", "name-only", "dropped"]
    assert result.notes == ("Exceeded skills context budget. All skill descriptions were removed "
                            "and 1 additional skill was not included in the model-visible skills "
                            "list.",)


def test_codex_budget_from_context_is_two_percent_in_tokens() -> None:
    result = render_codex([entry("a", "b")], BudgetRequest(context_tokens=200_000))
    assert (result.budget.limit, result.budget.unit) == (4000, "tokens")
    assert render_codex([entry("a", "b")], BudgetRequest()).budget.limit == 8000


def _shown_description_chars(root: str) -> int:
    """Description characters a 500-token budget leaves to 40 skills below ``root``."""
    entries = [replace(entry(f"s{i:02d}", "word " * 60), root=root,
                       location=f"{root}/s{i:02d}/SKILL.md") for i in range(40)]
    rendered = render_codex(entries, BudgetRequest(context_tokens=25_000))
    lines = [line for line in rendered.text.splitlines() if line.startswith("- s")]
    return sum(len(line.split(": ", 1)[1].rsplit(" (file: ", 1)[0]) for line in lines)


def test_codex_rounds_the_roots_table_with_its_section() -> None:
    """Codex 0.169.0 charges the roots table as the cost of the section with it less the
    cost without it: the table's bytes are rounded to tokens with 2 bytes of the section. A
    root one byte longer whose table then ends 3 bytes past a token leaves one token less to
    the descriptions; one byte more again, nothing more (seen on real trees in temporary
    folders whose names differ in length)."""
    root = "/" + "a" * 189  # the table "- `r0` = `<root>`\n": 202 bytes, 4k + 2
    assert len(f"- `r0` = `{root}`\n") % 4 == 2
    assert _shown_description_chars(root) > _shown_description_chars(root + "b")
    assert _shown_description_chars(root + "b") == _shown_description_chars(root + "bc")


# --------------------------------------------------------------------------- OpenClaw


def test_openclaw_full_at_the_limit_then_compact_one_over() -> None:
    entries = [entry(f"s{i:02d}", "d" * 100) for i in range(5)]
    full = render_openclaw(entries, BudgetRequest(budget_chars=100_000)).text
    at = render_openclaw(entries, BudgetRequest(budget_chars=len(full)))
    assert at.text == full and statuses(at) == ["whole"] * 5
    over = render_openclaw(entries, BudgetRequest(budget_chars=len(full) - 1))
    assert over.text.startswith("⚠️ Skills catalog using compact format (descriptions shortened)")
    assert "..." in over.text and set(statuses(over)) == {"cut"}


def test_openclaw_truncates_with_a_note_when_even_names_do_not_fit() -> None:
    entries = [entry(f"skill-{i:02d}", "d" * 50) for i in range(40)]
    result = render_openclaw(entries, BudgetRequest(budget_chars=2000))
    shown = [e for e in result.entries if e.status is not EntryStatus.DROPPED]
    assert 0 < len(shown) < 40
    head = f"⚠️ Skills truncated: included {len(shown)} of 40 (compact format"
    assert result.text.startswith(head)
    assert len(result.text) <= 2000


def test_openclaw_caps_the_count_at_150_and_uses_tilde_paths(tmp_path: Path) -> None:
    home = tmp_path / "home"
    entries = [entry(f"s{i:03d}", "d", str(home / f"s{i:03d}" / "SKILL.md")) for i in range(151)]
    result = render_openclaw(entries, BudgetRequest(budget_chars=10**7, home=home))
    assert statuses(result).count("dropped") == 1
    assert "~/s000/SKILL.md" in result.text
    assert result.text.startswith("⚠️ Skills truncated: included 150 of 151.")


def test_openclaw_default_budget_is_18000() -> None:
    assert render_openclaw([], BudgetRequest()).budget.limit == 18_000
    assert render_openclaw([], BudgetRequest()).text == ""
