"""Frontmatter dialects: would this agent's parser accept a given SKILL.md, and what does it read?

Agents read the same file differently: Claude Code retries broken YAML with quoted values and
loads the skill with empty metadata when even that fails; Codex and Goose use a strict YAML
parser; the OpenCode plugin has its own little line parser; Gemini CLI falls back to
``name:``/``description:`` lines. Each dialect is a function of a :class:`ParsedSkill` (the file
is never read again) returning a :class:`Verdict`.

``ParsedSkill.frontmatter`` may hold *lenient* data (Claude Code's retry) when strict YAML
failed; ``parsed.problems`` says so, and strict dialects look there first.
"""

from __future__ import annotations

import base64
import decimal
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from skillctl import frontmatter_split
from skillctl.model import BINARY_TAG, SET_TAG, Frontmatter, LineEndings, ParsedSkill, Problem
from skillctl.parse import is_simple

#: Parser problems that mean strict YAML 1.2 rejected the frontmatter.
STRICT_YAML_FAILURES = frozenset({"yaml-syntax", "yaml-colon", "duplicate-key",
                                  "frontmatter-not-mapping"})
#: Parser problems that mean there is no usable frontmatter block at all.
STRUCTURE_FAILURES = ("no-frontmatter", "unclosed-frontmatter", "leading-content")

_DELIM_EXACT = "---"
_FLOW = re.compile(r"^\s*(?:-\s+|[^\s#][^:#]*:\s+)[\[{]")
_ANCHOR_TAG = re.compile(r"^\s*(?:-\s+|[^\s#][^:#]*:\s+)[&*!]")
_FLOW_OR_ANCHOR = re.compile(r"[\[{&*!]")
_TOP_KEY = re.compile(r"^([A-Za-z0-9_][A-Za-z0-9_.-]*)\s*:(?:\s+(.*)|)$")
_NESTED_KEY = re.compile(r"^\s+([^\s:#][^:]*?)\s*:(?:\s+(.*)|)$")
_LIST_ITEM = re.compile(r"^\s+-\s*(.*)$")
#: A character ``str.strip()`` keeps (both use Python's notion of whitespace).
_NOT_BLANK = re.compile(r"\S")
_GEMINI_NAME = re.compile(r"^\s*name:\s*(.*)$")
_GEMINI_DESCRIPTION = re.compile(r"^\s*description:\s*(.*)$")
_GEMINI_CONTINUED = re.compile(r"^[ \t]+\S")


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a dialect accepts a SKILL.md.

    ``reason`` says why it was rejected, in the agent's terms; for an accepted file it may say
    how the file was read in a degraded way (e.g. "loaded with empty metadata"). ``data`` is
    the frontmatter as this dialect reads it (None when rejected).
    """

    accepted: bool
    reason: str | None = None
    line: int | None = None
    data: Mapping[str, Any] | None = None
    #: the body as the agent cuts it, when that is not the parser's (Claude Code ends the
    #: frontmatter at the next ``---``: its stand-in description comes from what follows)
    body: str | None = None
    #: read on the agent's second try, after its YAML reader failed on the file as it is
    #: (OpenCode's retry; see ``Profile.failed_reads_remembered``)
    retried: bool = False


# --------------------------------------------------------------------------- helpers


def _problem(parsed: ParsedSkill, codes: frozenset[str] | tuple[str, ...]) -> Problem | None:
    if not parsed.problems:
        return None
    return next((p for p in parsed.problems if p.code in codes), None)


def _clean(parsed: ParsedSkill) -> bool:
    """A readable UTF-8 file without BOM whose frontmatter parsed with no problem at all, with
    no merge key and no tag that the agents' parsers read apart (:func:`unmerged`).

    Every YAML dialect (and Claude Code's, the client guide's and OpenClaw's) accepts such a
    file with the parsed data as it is; they check this first and skip their walk through
    the problems.
    """
    fm = parsed.frontmatter
    return (
        not parsed.problems
        and fm is not None
        and not fm.merges
        and not fm.tags
        and not parsed.has_bom
        and parsed.text is not None
        and parsed.line_endings is not LineEndings.CR
    )


def _cr_only(parsed: ParsedSkill, agent_terms: str) -> Verdict | None:
    """An agent that splits the file at line feeds finds no opening ``---`` line in a file
    whose lines end in a carriage return alone (classic Mac OS): the whole file is its first
    line. Codex, Gemini CLI, OpenCode and the Copilot CLI drop such a skill, OpenClaw reads it
    (probes of 2026-11-29, conformance case cr-line-endings)."""
    if parsed.line_endings is LineEndings.CR:
        return Verdict(False, f"{agent_terms}: no opening '---' line: the file's lines end in "
                       "a carriage return alone (CR), and it splits lines at line feeds", 1)
    return None




def unmerged(parsed: ParsedSkill) -> Mapping[str, Any]:
    """``parsed.data`` as a YAML 1.2 parser that does not merge reads it: ``<<`` is a key like
    any other, holding the map (or maps) written there, and the keys it would have brought
    in are absent. Seen with Codex 0.169.0 (the skill has no description), the Copilot CLI
    1.0.102 (its body stands in) and OpenClaw 2026.9.6, conformance case
    yaml-tags-and-merges."""
    fm = parsed.frontmatter
    if fm is None or not fm.merges:
        return parsed.data

    def rebuilt(value: Any, path: tuple[str | int, ...]) -> Any:
        if isinstance(value, dict):
            out = {key: rebuilt(item, (*path, key)) for key, item in value.items()
                   if (*path, key) not in fm.merged_keys}
            if path in fm.merges:
                out["<<"] = fm.merges[path]
            return out
        if isinstance(value, list):
            return [rebuilt(item, (*path, index)) for index, item in enumerate(value)]
        return value

    data: Mapping[str, Any] = rebuilt(parsed.data, ())
    return data


def _js_yaml_unknown_tag(tags: Mapping[Any, str]) -> str | None:
    """The first tag js-yaml does not know (``!custom``: it throws "unknown tag"), or None.
    Gemini CLI 0.61.0 then reads its ``name:``/``description:`` lines; OpenCode 1.18.33
    drops the skill (conformance case yaml-tags-and-merges)."""
    return next((tag for tag in tags.values() if tag.startswith("!")), None)


def _js_yaml_string(parsed: ParsedSkill, key: str) -> bool:
    """Whether js-yaml reads the top-level ``key`` as a string: not a ``!!binary`` value,
    which it makes a buffer (the Copilot CLI, Claude Code and Codex show its base64 text)."""
    fm = parsed.frontmatter
    return isinstance(parsed.data.get(key), str) and (
        fm is None or fm.tags.get((key,)) != BINARY_TAG)


def _unreadable(parsed: ParsedSkill) -> Verdict | None:
    if parsed.text is None:
        problem = _problem(parsed, ("unreadable",))
        return Verdict(False, problem.message if problem else "cannot read the file")
    return None


def _utf16(parsed: ParsedSkill) -> bool:
    return bool(parsed.problems) and any(
        p.code == "not-utf8" and "UTF-16" in p.message for p in parsed.problems
    )


def _invalid_utf8(parsed: ParsedSkill) -> Problem | None:
    return next((p for p in parsed.problems
                 if p.code == "not-utf8" and p.message.startswith("invalid UTF-8")), None)


def _block(parsed: ParsedSkill, *, exact: bool) -> tuple[list[str], int] | None:
    """The frontmatter lines when the file opens with ``---`` on line 1, and the closer index.

    ``exact`` requires the delimiter lines to be exactly ``---`` (most JavaScript regexes);
    otherwise trailing blanks are allowed (the line-based split).
    """
    if parsed.text is None:
        return None
    if exact:
        found = _exact_block(parsed.text)
        return None if found is None else (found[0], found[1])
    # The line-based split (a delimiter is '---' then only spaces and tabs) without splitting
    # the whole file into lines: the lines starting with '---' are found with str.find.
    text = parsed.text
    first_end = text.find("\n")
    if first_end < 0 or text[:first_end].rstrip(" \t") != _DELIM_EXACT:
        return None  # (a file of one line has no closer)
    at = text.find("\n---", first_end)
    while at >= 0:
        start = at + 1
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        if not text[start + 3 : end].strip(" \t"):
            lines = text[first_end + 1 : at].split("\n") if at > first_end else []
            return lines, text.count("\n", 0, start)
        at = text.find("\n---", end)
    return None


def _exact_closer(text: str) -> tuple[int, int] | None:
    """Where :func:`_exact_block` finds the closer: the offset of the newline before it and
    the offset where the line after it starts; None when there is no such block."""
    if not (text == _DELIM_EXACT or text.startswith("---\n")):
        return None
    at = text.find("\n---\n", 3)  # the closer, followed by more lines
    if at >= 0:
        return at, at + 5
    if len(text) < 7 or not text.endswith("\n---"):  # the closer as the last line
        return None
    return len(text) - 4, len(text)


def _exact_block(text: str) -> tuple[list[str], int, int] | None:
    """``_block(exact=True)`` without splitting the whole file into lines.

    Returns the frontmatter lines, the closer's line index and the offset in ``text`` where
    the line after the closer starts (``len(text)`` when the closer is the last line).
    """
    found = _exact_closer(text)
    if found is None:
        return None
    at, after = found
    lines = text[4:at].split("\n") if at > 3 else []
    return lines, text.count("\n", 0, at + 1), after


def _strip_quotes(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _structure(parsed: ParsedSkill, agent_terms: str) -> Verdict | None:
    """Reject (with the parser's message) when there is no usable frontmatter block."""
    if _utf16(parsed):
        return Verdict(False, f"{agent_terms}: the file is UTF-16, not UTF-8", 1)
    if parsed.has_bom:
        return Verdict(False, f"{agent_terms}: a UTF-8 BOM stands before the opening '---'", 1)
    problem = _problem(parsed, STRUCTURE_FAILURES)
    if problem is not None:
        return Verdict(False, f"{agent_terms}: {problem.message}", problem.line)
    return None


def _strict(parsed: ParsedSkill, agent_terms: str) -> Verdict | None:
    """Reject when strict YAML failed (the data in ``parsed`` may be the lenient retry's)."""
    problem = _problem(parsed, STRICT_YAML_FAILURES)
    if problem is not None:
        return Verdict(False, f"{agent_terms}: {problem.message}", problem.line)
    if parsed.frontmatter is None:
        return Verdict(False, f"{agent_terms}: the frontmatter could not be parsed", 1)
    return None


# --------------------------------------------------------------------------- dialects


def _yaml12_family(agent_terms: str, *, bom_ok: bool, utf8_strict: bool) -> Callable[
    [ParsedSkill], Verdict
]:
    def dialect(parsed: ParsedSkill) -> Verdict:
        if _clean(parsed):
            return Verdict(True, data=parsed.data)
        failed = _unreadable(parsed) or _cr_only(parsed, agent_terms)
        if failed:
            return failed
        if utf8_strict:
            bad = _invalid_utf8(parsed)
            if bad is not None:
                return Verdict(False, f"{agent_terms}: file is not valid UTF-8 ({bad.message})",
                               bad.line)
        if bom_ok and parsed.has_bom and not _utf16(parsed):
            problem = _problem(parsed, STRUCTURE_FAILURES)
            if problem is not None:
                return Verdict(False, f"{agent_terms}: {problem.message}", problem.line)
        else:
            failed = _structure(parsed, agent_terms)
            if failed:
                return failed
        failed = _strict(parsed, agent_terms)
        if failed:
            return failed
        return Verdict(True, data=parsed.data)

    return dialect


yaml12 = _yaml12_family("strict YAML 1.2", bom_ok=False, utf8_strict=True)
js_yaml = _yaml12_family("js-yaml", bom_ok=False, utf8_strict=False)
js_yaml_bom = _yaml12_family("js-yaml", bom_ok=True, utf8_strict=False)

#: a tab after a key's colon (``description:<TAB>Text``), which libyaml-style readers take
#: as the separator and js-yaml and ruamel refuse
_TAB_AFTER_KEY = re.compile(r"^([^\s#:\"'][^:\n]*):\t+(?=\S)", re.MULTILINE)


#: What the Copilot CLI 1.0.102 reads each of these fields as (conformance cases
#: name-numeric, name-list-and-map, field-kinds): a field that is there with a value of
#: another kind drops the skill, although a missing one does not. Kinds as :func:`_kind`
#: names them; "strings" is a list of strings.
_COPILOT_CLI_KINDS: Mapping[str, frozenset[str]] = {
    "name": frozenset({"a string"}),
    "description": frozenset({"a string"}),
    "argument-hint": frozenset({"a string", "null"}),
    "allowed-tools": frozenset({"a string", "strings"}),
    "user-invocable": frozenset({"a boolean"}),
    "disable-model-invocation": frozenset({"a boolean"}),
}
#: the kinds in a message ("null", which a field may always be when it is, goes unsaid)
_KIND_WORDS = {"a string": "a string", "strings": "a list of strings",
               "a boolean": "true or false"}


def _kind(value: Any) -> str:
    """The kind of a YAML value, in words: "a string", "null", "a boolean", "a number",
    "strings" (a list of strings), "a list", "a map", "a date"."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "strings" if all(isinstance(item, str) for item in value) else "a list"
    if isinstance(value, Mapping):
        return "a map"
    return "a date" if hasattr(value, "isoformat") else type(value).__name__


def _key_line(parsed: ParsedSkill, key: str) -> int:
    """The line of a top-level ``key:`` of the frontmatter (1 when it cannot be found)."""
    text = parsed.text or ""
    at = text.find(f"\n{key}:")
    return text.count("\n", 0, at + 1) + 1 if at >= 0 else 1


def _copilot_cli_fields(parsed: ParsedSkill, data: Mapping[str, Any]) -> Verdict | None:
    """The Copilot CLI's rejection of a field of the wrong kind (None when all are right)."""
    for key, kinds in _COPILOT_CLI_KINDS.items():
        if key not in data:
            continue
        kind = _kind(data[key])
        if kind in kinds:
            continue
        wanted = " or ".join(_KIND_WORDS[k] for k in sorted(kinds) if k != "null")
        shown = "a list" if kind == "strings" else kind
        return Verdict(False, f"{key} is {shown}, not {wanted}", _key_line(parsed, key))
    return None


def copilot_cli(parsed: ParsedSkill) -> Verdict:
    """The GitHub Copilot CLI 1.0.102 (its reader is native code; seen through the
    conformance suite): js-yaml's verdicts with a BOM tolerated, except that a tab after a
    key's colon is a separator; then a name, description, argument-hint, allowed-tools,
    user-invocable or disable-model-invocation of a kind it does not read drops the skill
    (:data:`_COPILOT_CLI_KINDS`)."""
    seen = js_yaml_bom(parsed)
    if not seen.accepted and parsed.text is not None and ":\t" in parsed.text:
        from skillctl.parse import parse_text

        again = js_yaml_bom(parse_text(parsed.path, _TAB_AFTER_KEY.sub(r"\1: ", parsed.text)))
        if again.accepted:
            seen = again
    if not seen.accepted or not seen.data:
        return seen
    data = seen.data
    if parsed.frontmatter is not None and parsed.frontmatter.merges:
        data = unmerged(parsed)  # (its reader does not merge "<<")
        seen = Verdict(seen.accepted, seen.reason, seen.line, data, seen.body)
    return _copilot_cli_fields(parsed, data) or seen


def _as_split(parsed: ParsedSkill, split: tuple[str, str]) -> ParsedSkill:
    """``parsed`` as an agent that splits it into ``split`` (frontmatter, body) reads it."""
    from skillctl.parse import parse_text

    text = frontmatter_split.rejoined(split)
    if parsed.line_endings is LineEndings.CRLF:
        text = text.replace("\n", "\r\n")
    return parse_text(parsed.path, text, size=parsed.size, has_bom=parsed.has_bom)


def _claude_split(parsed: ParsedSkill) -> tuple[ParsedSkill, int] | None:
    """The file as Claude Code cuts it, and the line of the ``---`` that ends its frontmatter,
    when that is not the line-based split: its frontmatter ends at the next ``---``, wherever
    it stands (:func:`skillctl.frontmatter_split.claude_code`)."""
    fm = parsed.frontmatter
    text = parsed.text
    if text is None or (fm is not None and "---" not in fm.text) or not text.startswith("---"):
        return None
    split = frontmatter_split.claude_code(text)
    if split is None or not frontmatter_split.differs(fm.text if fm else None, split):
        return None
    # (the opening line's blanks hold no "-": the next "---" is the one that closes)
    return _as_split(parsed, split), text.count("\n", 0, text.find("---", 3)) + 1


def claude_lenient(parsed: ParsedSkill) -> Verdict:
    """Claude Code: its own split (the frontmatter ends at the next ``---``), then strict YAML,
    then the quote retry; if that fails, empty metadata."""
    again = _claude_split(parsed)
    if again is None:
        return _claude_lenient(parsed)
    split, line = again
    seen = _claude_lenient(split)
    note = f"Claude Code ends the frontmatter at the '---' on line {line}"
    return Verdict(seen.accepted, f"{note}; {seen.reason}" if seen.reason else note,
                   seen.line or line, seen.data, split.body)


def _claude_lenient(parsed: ParsedSkill) -> Verdict:
    if _clean(parsed):
        return Verdict(True, data=parsed.data)
    failed = _unreadable(parsed)
    if failed:
        return failed
    if _utf16(parsed):  # a UTF-8 BOM is stripped first (verified with 2.1.332)
        return Verdict(True, "UTF-16 text: no frontmatter seen, loaded with empty metadata",
                       1, {})
    if parsed.line_endings is LineEndings.CR and parsed.text is not None:
        # the whole file is one line and the body (conformance case cr-line-endings): its
        # carriage returns are put back for the description made of the body's first line
        return Verdict(True, "no opening '---' line: the file's lines end in a carriage "
                       "return alone (CR); loaded with empty metadata", 1, {},
                       parsed.text.replace("\n", "\r"))
    problem = _problem(parsed, STRUCTURE_FAILURES)
    if problem is not None:
        return Verdict(True, f"{problem.message}: loaded with empty metadata", problem.line, {})
    duplicate = _problem(parsed, ("duplicate-key",))
    if duplicate is not None:
        # the last value of a repeated key is read (2.1.332, conformance case
        # frontmatter-scalars-and-duplicates); an older release loaded empty metadata
        from skillctl.parse import load_last_key_wins

        last = (load_last_key_wins(parsed.frontmatter.text)
                if parsed.frontmatter is not None and parsed.frontmatter.text else None)
        if last is not None:
            return Verdict(True, f"{duplicate.message}: Claude Code reads the last value",
                           duplicate.line, last)
        return Verdict(True, f"{duplicate.message}: YAML fails, loaded with empty metadata",
                       duplicate.line, {})
    strict = _problem(parsed, STRICT_YAML_FAILURES)
    if parsed.frontmatter is None:
        line = strict.line if strict else 1
        message = strict.message if strict else "frontmatter could not be parsed"
        return Verdict(True, f"{message}; the quote retry fails too: loaded with empty metadata",
                       line, {})
    if strict is not None:
        if parsed.line_endings is LineEndings.CRLF:
            return _claude_crlf_retry(parsed.frontmatter, strict)
        return Verdict(True, f"{strict.message}; read by Claude Code's quote retry", strict.line,
                       parsed.data)
    return Verdict(True, data=parsed.data)


def _claude_crlf_retry(frontmatter: Frontmatter, strict: Problem) -> Verdict:
    """Claude Code's retry in a file with CRLF line endings: it quotes no value on a line
    that ends in CR (2.1.332, conformance case crlf-quote-retry), so only its tabs made
    spaces are left; when that does not parse, the skill loads with empty metadata."""
    from skillctl.parse import parse_yaml, quote_risky_values

    untabbed = quote_risky_values(frontmatter.text, quote=False)
    if untabbed != frontmatter.text:
        again, problems = parse_yaml(untabbed, frontmatter.start_line)
        if again is not None and not any(p.code in STRICT_YAML_FAILURES for p in problems):
            return Verdict(True, f"{strict.message}; read by Claude Code's retry (tabs made "
                           "spaces)", strict.line, again.data)
    return Verdict(True, f"{strict.message}; Claude Code's quote retry quotes no value on a "
                   "line that ends in CR (CRLF line endings): loaded with empty metadata",
                   strict.line, {})


def spec_client(parsed: ParsedSkill) -> Verdict:
    """The open spec's client guide: strict YAML with a fallback for unquoted colons."""
    if _clean(parsed):
        return Verdict(True, data=parsed.data)
    failed = _unreadable(parsed) or _structure(parsed, "YAML frontmatter")
    if failed:
        return failed
    colon = _problem(parsed, ("yaml-colon",))
    others = [p for p in parsed.problems if p.code in STRICT_YAML_FAILURES - {"yaml-colon"}]
    if colon is not None and not others and parsed.frontmatter is not None:
        return Verdict(True, f"{colon.message}; read by the unquoted-colon fallback", colon.line,
                       parsed.data)
    failed = _strict(parsed, "unparseable YAML")
    if failed:
        return failed
    return Verdict(True, data=parsed.data)


#: whitespace holding a tab next to a key's colon, before a comment or at a line's end: js-yaml
#: and the ``yaml`` package read it as separation space, ruamel refuses a tab there
#: the tabs after a line's leading spaces, which js-yaml 3 skips without counting them
_LEADING_TABS = re.compile(r"(?m)^( *)\t+")
_TAB_SEPARATION = re.compile(r"(?m)(?<=:)[ \t]*\t[ \t]*|(?<=\S)[ \t]*\t[ \t]*(?=[:#]|$)")
#: OpenCode's fallback: a top-level ``key: value`` line (no indent, ``\s*`` around the colon)
_OC_PAIR = re.compile(r"^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$")
#: js-yaml 3's timestamp type (a plain scalar that reads as a Date, not a string)
_JS_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\d|\d{4}-\d\d?-\d\d?(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d"
                           r"(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?")
#: The same pattern, for lint rules (``yaml-timestamp``).
PLAIN_TIMESTAMP = _JS_TIMESTAMP
#: dialect id -> the YAML library whose schema makes a plain timestamp (``2026-03-05``) a
#: date object instead of the text: js-yaml 3's default schema has the YAML 1.1 timestamp
#: type. strictyaml, serde (Codex), the ``yaml`` package's core schema (the OpenCode plugin,
#: OpenClaw 2026.9.6, checked in its bundle) keep the text. Claude Code's parser is not known.
DATE_READERS: dict[str, str] = {
    "js-yaml": "js-yaml",
    "js-yaml-bom": "js-yaml",
    "opencode": "js-yaml",
    "js-yaml-fallback": "js-yaml",
}


def _opencode_sanitize(block: str) -> str:
    """OpenCode's second try when js-yaml fails (``fallbackSanitization``): an unindented
    ``key: value`` whose value holds a ``:`` and is neither empty, quoted nor ``|``/``>``
    becomes the block scalar ``key: |-`` holding the trimmed value."""
    out: list[str] = []
    for line in block.split("\n"):
        match = None if line[:1].isspace() or line.strip().startswith("#") else (
            _OC_PAIR.match(line))
        value = match.group(2).strip() if match else ""
        if match is None or value in ("", ">", "|") or value[0] in "\"'" or ":" not in value:
            out.append(line)
            continue
        out.extend((f"{match.group(1)}: |-", f"  {value}"))
    return "\n".join(out)


def _without_leading_tabs(block: str) -> str | None:
    """``block`` with the tabs that begin its lines dropped, after its first line of content
    (js-yaml 3 fails on a tab before the first key), or None when there are none to drop."""
    if not _LEADING_TABS.search(block):
        return None
    lines = block.split("\n")
    first = next((i for i, line in enumerate(lines)
                  if line.strip() and not line.lstrip().startswith("#")), len(lines))
    if first < len(lines) and _LEADING_TABS.match(lines[first]):
        return None
    rest = _LEADING_TABS.sub(r"\1", "\n".join(lines[first + 1:]))
    return "\n".join([*lines[:first + 1], rest])


def _js_yaml_read(block: str) -> Mapping[str, Any] | None:
    """What js-yaml 3 reads from a frontmatter block, approximated with ruamel: as it is,
    with the tabs js-yaml takes for separation space made spaces, then with the tabs that
    begin a line dropped (js-yaml 3 counts only spaces as indentation and skips the tabs:
    ``metadata:`` then ``<TAB>x: 1`` is a null and a top-level ``x``, checked with js-yaml
    3.14.2, and OpenCode 1.18.33 loads the skill; a tab before the first key is an error);
    None when all fail."""
    from skillctl.parse import parse_yaml

    tries = [block]
    if "\t" in block:
        tries.append(_TAB_SEPARATION.sub(" ", block))
        untabbed = _without_leading_tabs(tries[-1])
        if untabbed is not None:
            tries.append(untabbed)
    for text in tries:
        read, problems = parse_yaml(text, 2)
        if read is not None and not any(p.code in STRICT_YAML_FAILURES for p in problems) \
                and _js_yaml_unknown_tag(read.tags) is None:
            return read.data  # (an unknown tag such as !custom: js-yaml throws)
    return None


def _opencode_types(data: Mapping[str, Any], parsed: ParsedSkill,
                    block: str) -> Verdict | Mapping[str, Any]:
    """OpenCode's schema (checked with 1.18.33): a ``description`` that is present must be a
    string to js-yaml (null, a number, a list, a plain timestamp drop the skill). Returns the
    refusal, or the data as js-yaml 3 has it (``0o17`` is not a number to it)."""
    if "description" not in data:
        return data
    value = data["description"]
    fm = parsed.frontmatter
    plain = fm is not None and ("description",) in fm.plain_scalars
    if isinstance(value, str) and plain and _JS_TIMESTAMP.fullmatch(value.strip()):
        return Verdict(False, "OpenCode: js-yaml reads the description as a date, not a string",
                       1)
    if isinstance(value, int) and not isinstance(value, bool):
        octal = re.search(r"(?m)^description[ \t]*:[ \t]*([-+]?0o[0-7]+)[ \t]*$", block)
        if octal is not None:  # js-yaml 3 has no 0o octal: the text stays a string
            return {**data, "description": octal.group(1)}
    if not isinstance(value, str) or (fm is not None
                                      and fm.tags.get(("description",)) == BINARY_TAG):
        return Verdict(False, "OpenCode: description must be a string", 1)
    return data


def opencode_yaml(parsed: ParsedSkill) -> Verdict:
    """OpenCode 1.18.33 (verified by running it): a UTF-8 BOM is skipped, then gray-matter's
    js-yaml reads the frontmatter (a tab after a colon is separation space); when that fails,
    unindented ``key: value`` lines whose value holds a ``:`` are made block scalars and it is
    read again, unless the file starts with a BOM. A description that is not a string drops
    the skill. gray-matter splits the file its own way: the first line that starts with
    ``---`` closes the frontmatter (``----`` too), and without one the rest of the file is
    the frontmatter (:func:`skillctl.frontmatter_split.gray_matter`)."""
    fm = parsed.frontmatter
    text = parsed.text
    if text is not None and (fm is None or fm.text.startswith("---") or "\n---" in fm.text):
        split = frontmatter_split.gray_matter(text)
        if split is not None and frontmatter_split.differs(fm.text if fm else None, split):
            parsed = _as_split(parsed, split)
            fm = parsed.frontmatter
    if _clean(parsed) and fm is not None and not _BLOCK_SCALAR.search(fm.text):
        checked = _opencode_types(parsed.data, parsed, fm.text)
        return checked if isinstance(checked, Verdict) else Verdict(True, data=checked)
    failed = _unreadable(parsed) or _cr_only(parsed, "OpenCode")
    if failed:
        return failed
    if _utf16(parsed):
        return Verdict(False, "OpenCode: the file is UTF-16, not UTF-8", 1)
    problem = _problem(parsed, STRUCTURE_FAILURES)
    lines = _block(parsed, exact=False)
    if problem is not None or lines is None:
        why = problem.message if problem else "no frontmatter block"
        return Verdict(False, f"OpenCode: {why}", problem.line if problem else 1)
    # gray-matter hands js-yaml the block with its last line break: a clipped block scalar on
    # the last line keeps its final newline (verified), unlike ruamel reading the block alone
    block = "\n".join(lines[0]) + "\n"
    strict = _problem(parsed, STRICT_YAML_FAILURES)
    read = _js_yaml_read(block)
    reason = None
    if read is None:
        # the retry does not read a file with a BOM (1.18.33, conformance case bom-retry)
        read = None if parsed.has_bom else _js_yaml_read(_opencode_sanitize(block))
        if read is None:
            line = strict.line if strict else 1
            message = strict.message if strict else "the frontmatter could not be parsed"
            bom = "; OpenCode's retry does not read a file with a BOM" if parsed.has_bom else ""
            return Verdict(False, f"js-yaml: {message}{bom}", line)
        reason = (f"{strict.message if strict else 'js-yaml fails'}; OpenCode makes values "
                  "holding ':' block scalars and reads it again")
    checked = _opencode_types(read, parsed, block)
    if isinstance(checked, Verdict):
        return checked
    return Verdict(True, reason, strict.line if strict and reason else None, dict(checked),
                   retried=reason is not None)


def _strictyaml_scalar(value: Any, parsed: ParsedSkill, path: tuple[str | int, ...]) -> Any:
    """strictyaml reads every scalar as its source text."""
    if isinstance(value, dict):
        return {k: _strictyaml_scalar(v, parsed, (*path, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_strictyaml_scalar(v, parsed, (*path, i)) for i, v in enumerate(value)]
    if isinstance(value, str):
        return value
    token = ""
    if parsed.frontmatter is not None and parsed.text is not None:
        pos = parsed.frontmatter.value_positions.get(path)
        lines = parsed.text.split("\n")
        if pos is not None and 1 <= pos.line <= len(lines):
            token = lines[pos.line - 1][pos.column - 1:].split(" #")[0].strip()
    if value is None:
        return token if token in ("null", "~", "Null", "NULL") else ""
    return token or (str(value).lower() if isinstance(value, bool) else str(value))


def strictyaml(parsed: ParsedSkill) -> Verdict:
    """skills-ref: ``startswith('---')``, naive ``split('---', 2)``, then strictyaml."""
    failed = _unreadable(parsed)
    if failed:
        return failed
    text = parsed.text or ""
    if parsed.has_bom or _utf16(parsed) or not text.startswith("---"):
        return Verdict(False, "SKILL.md must start with YAML frontmatter (---)", 1)
    second = text.find("---", 3)  # text.split("---", 2) without copying the body
    if second < 0:
        return Verdict(False, "SKILL.md frontmatter not properly closed with ---", 1)
    naive = text[3:second]
    fm = parsed.frontmatter
    source = fm.text if fm is not None else None
    if source is None or naive.strip("\n") != source.strip("\n") or _problem(
        parsed, ("leading-content", "unclosed-frontmatter")
    ):
        # The naive split differs from the line-based one (``---`` inside a value, ``---name``):
        # parse what skills-ref actually hands to strictyaml.
        from skillctl.parse import parse_text

        reparsed = parse_text(parsed.path, f"---\n{naive.strip(chr(10))}\n---\n")
        return _strictyaml_checks(reparsed, naive)
    return _strictyaml_checks(parsed, naive)


def _strictyaml_checks(parsed: ParsedSkill, naive: str) -> Verdict:
    problem = _problem(parsed, STRICT_YAML_FAILURES - {"frontmatter-not-mapping"})
    if problem is not None:
        return Verdict(False, f"Invalid YAML in frontmatter: {problem.message}", problem.line)
    offset = (parsed.frontmatter.start_line - 1) if parsed.frontmatter else 1
    # Both patterns need one of these characters: without them no line can match.
    lines = naive.strip("\n").split("\n") if _FLOW_OR_ANCHOR.search(naive) else []
    for index, line in enumerate(lines):
        if _FLOW.match(line):
            return Verdict(False, "Invalid YAML in frontmatter: flow style ([...] or {...}) is "
                           "not allowed by strictyaml", index + 1 + offset)
        if _ANCHOR_TAG.match(line):
            return Verdict(False, "Invalid YAML in frontmatter: anchors, aliases and tags are "
                           "not allowed by strictyaml", index + 1 + offset)
    if _problem(parsed, ("frontmatter-not-mapping",)) or parsed.frontmatter is None:
        return Verdict(False, "SKILL.md frontmatter must be a YAML mapping", 1)
    data = _strictyaml_scalar(dict(parsed.data), parsed, ())
    return Verdict(True, data=data)


def oas_lines(parsed: ParsedSkill) -> Verdict:
    """The opencode-agent-skills plugin: LF-only regex, non-empty body, a small line parser."""
    failed = _unreadable(parsed)
    if failed:
        return failed
    terms = "opencode-agent-skills"
    if parsed.line_endings in (LineEndings.CRLF, LineEndings.CR, LineEndings.MIXED):
        return Verdict(False, f"{terms}: the frontmatter pattern only matches LF line endings "
                       f"(file uses {parsed.line_endings.value.upper()})", 1)
    if parsed.has_bom or _utf16(parsed):
        return Verdict(False, f"{terms}: a BOM stands before the opening '---'", 1)
    text = parsed.text or ""
    block = _exact_block(text)
    if block is None:
        return Verdict(False, f"{terms}: no '---' frontmatter block at the top of the file", 1)
    lines, closer, after = block
    if _NOT_BLANK.search(text, after) is None:  # not text[after:].strip(), without the copy
        return Verdict(False, f"{terms}: the body after the frontmatter is empty", closer + 1)
    data: dict[str, Any] = {}
    current: str | None = None
    for line in lines:
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        top = _TOP_KEY.match(line)
        if top:
            key, value = top.groups()
            if value and value.strip():
                data[key] = _strip_quotes(value)
                current = None
            else:
                data[key] = None
                current = key
            continue
        item = _LIST_ITEM.match(line)
        if item and current is not None and not isinstance(data.get(current), dict):
            existing = data.get(current)
            items = existing if isinstance(existing, list) else []
            items.append(_strip_quotes(item.group(1)))
            data[current] = items
            continue
        nested = _NESTED_KEY.match(line)
        if nested and current is not None and not isinstance(data.get(current), list):
            existing = data.get(current)
            mapping = existing if isinstance(existing, dict) else {}
            mapping[nested.group(1)] = _strip_quotes(nested.group(2) or "")
            data[current] = mapping
    data = {k: ("" if v is None else v) for k, v in data.items()}
    refused = _plugin_schema(data, terms)
    return refused if refused is not None else Verdict(True, data=data)


def _plugin_schema(data: Mapping[str, Any], terms: str) -> Verdict | None:
    """The plugin's schema (zod), checked at parse time (failure = silently skipped): the
    rejection, or None when ``data`` passes."""
    if "allowed-tools" in data and not isinstance(data["allowed-tools"], list):
        return Verdict(False, f"{terms}: allowed-tools must be a list of '  - item' lines", 1)
    if "metadata" in data and not isinstance(data["metadata"], dict):
        return Verdict(False, f"{terms}: metadata must be a map of 'key: value' lines", 1)
    for key in ("name", "description", "license"):
        if key in data and not isinstance(data[key], str):
            return Verdict(False, f"{terms}: {key} must be a single 'key: value' line", 1)
    return None


_OAS_TERMS = "opencode-agent-skills"
#: a block scalar indicator after a key (``|``, ``>-``, ...)
_BLOCK_SCALAR = re.compile(r":[ \t]+[|>]")


def oas_yaml(parsed: ParsedSkill) -> Verdict:
    """The opencode-agent-skills plugin (b5949b8, verified by running it): the LF-only pattern
    ``^---\\n([\\s\\S]*?)\\n---\\n([\\s\\S]*)$`` with a non-empty frontmatter and a
    non-empty rest, then the ``yaml`` package with the core schema (any error, or anything but
    a mapping, reads as ``{}``), then its zod schema; a failure at any step drops the skill."""
    failed = _unreadable(parsed)
    if failed:
        return failed
    if parsed.has_bom or _utf16(parsed):
        return Verdict(False, f"{_OAS_TERMS}: a BOM stands before the opening '---'", 1)
    if parsed.line_endings in (LineEndings.CRLF, LineEndings.CR, LineEndings.MIXED):
        return Verdict(False, f"{_OAS_TERMS}: the frontmatter pattern only matches LF line "
                       f"endings (file uses {parsed.line_endings.value.upper()})", 1)
    text = parsed.text or ""
    at = text.find("\n---\n", 4) if text.startswith("---\n") else -1
    if at < 0 or at == 4:
        return Verdict(False, f"{_OAS_TERMS}: no '---' frontmatter block (LF line endings, "
                       "closing '---' followed by a newline) at the top of the file", 1)
    if at + 5 == len(text):
        return Verdict(False, f"{_OAS_TERMS}: nothing follows the closing '---'",
                       text.count("\n", 0, at + 1) + 1)
    block = text[4:at]
    fm = parsed.frontmatter
    if fm is not None and fm.text.strip("\n") == block.strip("\n") and _problem(
            parsed, STRICT_YAML_FAILURES) is None and not _BLOCK_SCALAR.search(block):
        data: Any = parsed.data
    else:
        from skillctl.parse import parse_yaml

        # the yaml package reads the block as if it ended with a newline: a clipped block
        # scalar on the last line keeps its final line break ("a\nb\n"), unlike ruamel
        block += "\n"
        read, problems = parse_yaml(block, 2)
        if _strict_failed(read, problems) and "\t" in block:
            read, problems = parse_yaml(_TAB_SEPARATION.sub(" ", block), 2)
        if read is None or _strict_failed(read, problems):
            why = problems[0].message if problems else "the frontmatter could not be parsed"
            return Verdict(False, f"{_OAS_TERMS}: {why}; the plugin reads {{}} and drops the "
                           "skill", problems[0].line if problems else 1)
        data = read.data
    if not isinstance(data, Mapping):
        return Verdict(False, f"{_OAS_TERMS}: the frontmatter is not a mapping", 2)
    refused = _oas_schema(data)
    return refused if refused is not None else Verdict(True, data=dict(data))


def _js_block_data(parsed: ParsedSkill) -> Mapping[str, Any]:
    """The frontmatter as a JavaScript YAML parser reads it: the block it is given ends with
    the line break before the closing ``---``, so a clipped block scalar (``|``, ``>``) on the
    last key keeps its final newline ("a\nb\n"); ruamel, given the block without it, drops
    it. Verified with Gemini CLI 0.61.0 (js-yaml)."""
    fm = parsed.frontmatter
    if fm is None or not _BLOCK_SCALAR.search(fm.text):
        return parsed.data
    from skillctl.parse import parse_yaml

    read, problems = parse_yaml(fm.text.rstrip("\r\n") + "\n", 2)
    if read is None or _strict_failed(read, problems):
        return parsed.data
    return read.data


def _strict_failed(read: Any, problems: list[Problem]) -> bool:
    """Whether strict YAML 1.2 rejected what :func:`skillctl.parse.parse_yaml` read (its
    data may then be a lenient retry's, which the ``yaml`` package never makes)."""
    return read is None or any(p.code in STRICT_YAML_FAILURES for p in problems)


def _oas_schema(data: Mapping[str, Any]) -> Verdict | None:
    """The plugin's zod schema beyond the name and description rules of its profile: a key
    that is present must hold its type (``null`` is not "absent")."""
    for key in ("name", "description", "license"):
        if key in data and not isinstance(data[key], str):
            return Verdict(False, f"{_OAS_TERMS}: {key} must be a string", 1)
    tools = data.get("allowed-tools", [])
    if not isinstance(tools, list) or not all(isinstance(t, str) for t in tools):
        return Verdict(False, f"{_OAS_TERMS}: allowed-tools must be a list of strings", 1)
    metadata = data.get("metadata", {})
    if not isinstance(metadata, Mapping) or not all(
            isinstance(v, str) for v in metadata.values()):
        return Verdict(False, f"{_OAS_TERMS}: metadata must map keys to strings", 1)
    return None


def js_yaml_fallback(parsed: ParsedSkill) -> Verdict:
    """Gemini CLI: its own split (the first line starting with ``---`` closes), js-yaml; when
    that fails (or lacks name/description), ``name:`` lines."""
    failed = _unreadable(parsed)
    if failed:
        return failed
    terms = "Gemini CLI"
    if parsed.has_bom or _utf16(parsed):
        return Verdict(False, f"{terms}: a BOM stands before the opening '---'", 1)
    failed = _cr_only(parsed, terms)
    if failed:
        return failed
    text = parsed.text or ""
    split = frontmatter_split.gemini_cli(text)
    if split is None:
        return Verdict(False, f"{terms}: no '---' frontmatter block at the top of the file", 1)
    if frontmatter_split.differs(parsed.frontmatter.text if parsed.frontmatter else None,
                                 split):
        parsed = _as_split(parsed, split)  # ("----" or "--- x" closes it for Gemini CLI)
    strict_ok = (_problem(parsed, STRICT_YAML_FAILURES) is None
                 and parsed.frontmatter is not None
                 and _js_yaml_unknown_tag(parsed.frontmatter.tags) is None)
    if strict_ok and _js_yaml_string(parsed, "name") and _js_yaml_string(parsed, "description"):
        return Verdict(True, data=_js_block_data(parsed))
    lines = split[0].split("\n") if split[0] else []
    name: str | None = None
    description: str | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        match_name = _GEMINI_NAME.match(line)
        match_desc = _GEMINI_DESCRIPTION.match(line)
        if match_name:
            name = match_name.group(1).strip()
        elif match_desc:
            parts = [match_desc.group(1).strip()]
            while index + 1 < len(lines) and _GEMINI_CONTINUED.match(lines[index + 1]):
                index += 1
                parts.append(lines[index].strip())
            description = " ".join(p for p in parts if p)
        index += 1
    if name is not None and description is not None:
        strict = _problem(parsed, STRICT_YAML_FAILURES)
        reason = (f"{strict.message}; read by the name:/description: line fallback"
                  if strict else None)
        return Verdict(True, reason, strict.line if strict else None,
                       {"name": _strip_quotes(name), "description": _strip_quotes(description)})
    strict = _problem(parsed, STRICT_YAML_FAILURES)
    if strict is not None:
        return Verdict(False, f"{terms}: {strict.message}, and the line fallback finds no "
                       "name and description", strict.line)
    missing = "name" if name is None else "description"
    return Verdict(False, f"{terms}: no {missing} in the frontmatter", 1)


#: OpenClaw 2026.9.6 (its bundle, checked with the real agent): the top-level fields whose
#: broken value it quotes and parses again, the line it quotes, and block indicators it leaves
_OPENCLAW_FREEFORM = frozenset({"description", "read_when", "summary"})
_OPENCLAW_FIELD = re.compile(r"""^(?:([\w-]+)|"([\w-]+)"|'([\w-]+)'):\s*(.*)$""")
_OPENCLAW_INDICATOR = re.compile(r"^[|>](?:[1-9][+-]?|[+-][1-9]?)?$")


def _openclaw_quoted(lines: list[str], index: int, colon_error: bool) -> list[str] | None:
    """``lines`` with the value on line ``index`` (where YAML broke) made a JSON string, as
    OpenClaw does for a top-level ``description`` (``read_when``/``summary`` only when the
    error is a ``": "`` in the value); None where it gives up."""
    match = _OPENCLAW_FIELD.match(lines[index]) if 0 <= index < len(lines) else None
    if match is None:
        return None
    key = match[1] or match[2] or match[3]
    value = match[4].strip()
    if (key not in _OPENCLAW_FREEFORM or not value or _OPENCLAW_INDICATOR.match(value)
            or (key != "description" and not (colon_error and ": " in value))):
        return None
    quoted = json.dumps(_strip_quotes(value), ensure_ascii=False)
    return [*lines[:index], f"{key}: {quoted}", *lines[index + 1:]]


def _openclaw_reading(parsed: ParsedSkill) -> Verdict:
    """OpenClaw's reading, before the name is made a string (:func:`openclaw_yaml`)."""
    if _clean(parsed):
        return Verdict(True, data=parsed.data)
    failed = _unreadable(parsed)
    if failed:
        return failed
    if parsed.has_bom and not _utf16(parsed):
        problem = _problem(parsed, STRUCTURE_FAILURES)
        if problem is not None:
            return Verdict(False, f"OpenClaw: {problem.message}", problem.line)
    else:
        failed = _structure(parsed, "OpenClaw")
        if failed:
            return failed
    strict = _problem(parsed, STRICT_YAML_FAILURES)
    if strict is None and parsed.frontmatter is not None:
        return Verdict(True, data=parsed.data)
    first = strict
    block = _block(parsed, exact=False)
    lines = block[0] if block else []
    from skillctl.parse import parse_text

    for _ in _OPENCLAW_FREEFORM:  # one retry per field it may quote, as OpenClaw does
        if strict is None:
            break
        # the block starts on the file's second line
        retried = _openclaw_quoted(lines, strict.line - 2, strict.code == "yaml-colon")
        if retried is None:
            break
        lines = retried
        current = parse_text(parsed.path, "---\n" + "\n".join(lines) + "\n---\n")
        strict = _problem(current, STRICT_YAML_FAILURES)
        if strict is None and current.frontmatter is not None:
            assert first is not None
            return Verdict(True, f"{first.message}; OpenClaw quotes the value and loads it",
                           first.line, current.data)
    problem = strict or first
    message = problem.message if problem else "invalid YAML"
    return Verdict(False, f"OpenClaw: {message} (OpenClaw drops a skill whose frontmatter "
                   "it cannot parse)", first.line if first else None)


def _js_number(value: int | float) -> str:
    """``String(value)`` of a JavaScript number (ECMAScript Number::toString): a YAML integer
    past 2**53 is a double there; ``Infinity``, ``NaN``; digits without an exponent from
    1e-6 up to 1e21."""
    if isinstance(value, int):
        if abs(value) < 2**53:
            return str(value)
        value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"  # -0 too
    sign = "-" if value < 0 else ""
    # the shortest digits that read back as the value (repr), as 0.d1d2...dk x 10**n
    _, digit_tuple, exponent = decimal.Decimal(repr(abs(value))).as_tuple()
    digits = "".join(map(str, digit_tuple)).rstrip("0") or "0"
    assert isinstance(exponent, int)
    k = len(digits)
    n = exponent + len(digit_tuple)
    if k <= n <= 21:
        text = digits + "0" * (n - k)
    elif 0 < n <= 21:
        text = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        text = "0." + "0" * -n + digits
    else:
        power = f"e{'+' if n - 1 >= 0 else '-'}{abs(n - 1)}"
        text = digits + power if k == 1 else digits[0] + "." + digits[1:] + power
    return sign + text


def js_scalar(value: Any) -> str | None:
    """``String(value)`` in JavaScript for a YAML scalar; None for anything else."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _js_number(value)
    if isinstance(value, str):
        return value
    return None


def _js_string_name(value: Any, parsed: ParsedSkill, key: str = "name") -> str:
    """OpenClaw 2026.9.6 (checked) makes a ``name`` or a ``description`` that is not a string
    one: ``1.50`` -> ``1.5``, ``0x10`` -> ``16``, ``true`` -> ``true``, ``[a, b]`` ->
    ``["a","b"]``; a null, a map, or a list holding one, keeps its text (``~`` stays ``~``,
    ``null`` is ``null``). A ``!!binary`` value is a Node buffer written as JSON, a ``!!set``
    ``{}`` (conformance case yaml-tags-and-merges)."""
    tag = parsed.frontmatter.tags.get((key,)) if parsed.frontmatter is not None else None
    if tag == BINARY_TAG and isinstance(value, str):
        data = ",".join(str(byte) for byte in base64.b64decode(value))
        return f'{{"type":"Buffer","data":[{data}]}}'
    if tag == SET_TAG:
        return "{}"
    scalar = js_scalar(value) if value is not None else None  # null keeps its text: ~
    if scalar is not None:
        return scalar
    if isinstance(value, list) and all(
            isinstance(item, str | int | float | bool) or item is None for item in value):
        items = [json.dumps(item, ensure_ascii=False) if isinstance(item, str)
                 else js_scalar(item) for item in value]
        return "[" + ",".join(item or "null" for item in items) + "]"
    match = re.search(rf"^{key}:[ \t]*(.*?)[ \t]*$", parsed.text or "", re.MULTILINE)
    return match.group(1) if match else str(value)


def openclaw_yaml(parsed: ParsedSkill) -> Verdict:
    """OpenClaw: the ``yaml`` package (core schema); where it breaks on a top-level
    ``description`` (or a ``read_when``/``summary`` holding ``": "``), that value is quoted and
    parsed again, up to three times; any other YAML error drops the skill. A UTF-8 BOM before
    the opening ``---`` is tolerated, and a name that is not a string is made one
    (:func:`_js_string_name`); all checked against OpenClaw 2026.9.6."""
    seen = _openclaw_reading(parsed)
    if not seen.accepted or not seen.data:
        return seen
    fm = parsed.frontmatter
    data = seen.data
    if fm is not None and fm.merges and data is parsed.data:  # it does not merge "<<"
        data = unmerged(parsed)
        seen = Verdict(seen.accepted, seen.reason, seen.line, data, seen.body)
    made: dict[str, str] = {}
    notes = [seen.reason] if seen.reason else []
    # a description too (conformance case frontmatter-scalars-and-duplicates)
    for key in ("name", "description"):
        if key not in data or (isinstance(data[key], str)
                               and (fm is None or fm.tags.get((key,)) != BINARY_TAG)):
            continue
        value = data[key]
        made[key] = _js_string_name(value, parsed, key)
        tag = fm.tags.get((key,)) if fm is not None else None
        kind = ("null" if value is None else "binary" if tag == BINARY_TAG
                else "set" if tag == SET_TAG else type(value).__name__)
        notes.append(f"{key} is a {kind}, not a string; OpenClaw reads it as {made[key]!r}")
    if not made:
        return seen
    return Verdict(True, "; ".join(notes), seen.line, {**data, **made})


# Codex 0.169.0 (verified with the real agent): when the frontmatter does not load, each
# ``key: value`` line (at any indent) whose plain value holds ``": "``, or starts with one of
# :data:`_CODEX_QUOTED_FIRST` and is not YAML on its own, gets that value double-quoted, after
# dropping a `` #`` comment, and Codex tries once more:
# ``description: Use: this #tag`` loads as ``Use: this``, ``{a: b}`` as the text ``{a: b}``,
# ``[unclosed`` as ``[unclosed``, while ``[a, b]`` stays a list (and is an error).
_CODEX_PAIR = re.compile(
    r"^(?P<head>[ \t]*(?:[^\s#\-\"'][^:]*?|\"[^\"]*\"[ \t]*):)[ \t]+"
    r"(?P<value>[^\s\"'|>].*?)[ \t]*$"
)
_CODEX_COMMENT = re.compile(r"[ \t]+#.*$")


#: The first characters of a value without ``": "`` that Codex 0.169.0 quotes on its retry
#: when the value alone is not YAML (``[unclosed``, ``@x``, a backtick; ``[a, b]`` is YAML and
#: stays a list). It leaves ``-``, ``?``, ``%``, ``*``, ``&``, ``]``, ``}`` and ``,`` as they
#: are, and a value ending in ``:`` (probes of 2026-11-29, conformance case codex-yaml-retry).
_CODEX_QUOTED_FIRST = "[{@`"


def _yaml_rejects(value: str) -> bool:
    """Whether ``value`` by itself is not YAML."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        YAML(typ="safe", pure=True).load(f"{value}\n")
    except (YAMLError, ValueError, TypeError, RecursionError):
        return True
    return False


def _codex_retry_text(lines: list[str]) -> str:
    out = []
    for line in lines:
        match = _CODEX_PAIR.match(line)
        if match:  # (the separator becomes one space: libyaml takes a tab there, ruamel not)
            head, value = match["head"], match["value"]
            if ": " in value or ":\t" in value or (
                    value[0] in _CODEX_QUOTED_FIRST and _yaml_rejects(value)):
                value = _CODEX_COMMENT.sub("", value)
                escaped = value.replace("\\", "\\\\").replace('"', '\\"')
                line = f'{head} "{escaped}"'
            else:
                line = f"{head} {value}"
        out.append(line)
    return "\n".join(out)


#: Rust's ``char::is_whitespace`` (the Unicode White_Space property), which Codex trims and
#: splits on; Python's ``str.strip()`` and ``split()`` also take ``\x1c``-``\x1f``
RUST_WHITESPACE = ("\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                   "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def _codex_string(data: Mapping[str, Any], key: str, parsed: ParsedSkill,
                  path: tuple[str, ...]) -> tuple[str | None, str | None]:
    """serde's ``Option<String>``: null is absent, a plain scalar is its source text (trimmed
    here, as Codex trims names and descriptions); a list or map is an error."""
    value = data.get(key)
    if value is None:
        return None, None
    kind = "sequence" if isinstance(value, list) else "map" if isinstance(value, dict) else None
    if kind is not None:
        return None, f"{'.'.join(path)}: invalid type: {kind}, expected a string"
    text = value if isinstance(value, str) else _strictyaml_scalar(value, parsed, path)
    return str(text).strip(RUST_WHITESPACE), None


#: The keys of the frontmatter Codex 0.169.0 reads into its typed struct; a key repeated
#: anywhere else is skipped with the rest of what it does not read (probes of 2026-11-29:
#: `metadata.author` twice, `metadata: {tier: a, tier: b}` and an unknown top-level key
#: twice load; `metadata` or `metadata.short-description` twice do not)
_CODEX_READ_PATHS = frozenset({("name",), ("description",), ("metadata",),
                               ("metadata", "short-description")})


def duplicated_paths(text: str) -> set[tuple[str, ...]]:
    """The key paths that a mapping of ``text`` (a frontmatter) holds more than once
    (``("metadata", "author")``; a list item is ``"[]"``), from its YAML nodes: the parser
    reports only the first. Empty when the text does not compose; bounded by skillctl's node
    limit."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    from skillctl import limits

    try:
        root = YAML(typ="rt", pure=True).compose(text)
    except (YAMLError, RecursionError, ValueError, TypeError):
        return set()
    found: set[tuple[str, ...]] = set()
    seen: set[int] = set()
    stack: list[tuple[Any, tuple[str, ...]]] = [(root, ())]
    while stack and len(seen) < limits.MAX_YAML_NODES:
        node, path = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            keys: set[str] = set()
            for key_node, value_node in node.value:
                key = str(key_node.value) if isinstance(key_node, ScalarNode) else "?"
                if key in keys:
                    found.add((*path, key))
                keys.add(key)
                stack.append((value_node, (*path, key)))
        elif isinstance(node, SequenceNode):
            stack.extend((item, (*path, "[]")) for item in node.value)
    return found


def _codex_duplicate(parsed: ParsedSkill) -> Problem | None:
    """The duplicate key that makes Codex's struct fail, if any: one it reads
    (:data:`_CODEX_READ_PATHS`), not one in what it skips."""
    duplicate = _problem(parsed, ("duplicate-key",))
    if duplicate is None or parsed.frontmatter is None:
        return duplicate
    paths = duplicated_paths(parsed.frontmatter.text)
    if not paths or paths & _CODEX_READ_PATHS:
        return duplicate
    return None


def _codex_fields(source: ParsedSkill) -> tuple[dict[str, Any] | None, str | None]:
    """Codex's typed view of a loaded frontmatter, or the type error."""
    failures = STRICT_YAML_FAILURES - {"duplicate-key"}
    problem = _problem(source, failures) or _codex_duplicate(source)
    if problem is not None or source.frontmatter is None:
        return None, f"invalid YAML: {problem.message}" if problem else "invalid YAML"
    data = dict(unmerged(source))
    for key in ("name", "description"):
        text, error = _codex_string(data, key, source, (key,))
        if error is not None:
            return None, f"invalid YAML: {error}"
        data[key] = text
    metadata = data.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        return None, "invalid YAML: metadata: expected a map"
    if isinstance(metadata, dict):
        _, error = _codex_string(metadata, "short-description", source,
                                 ("metadata", "short-description"))
        if error is not None:
            return None, f"invalid YAML: {error}"
    return data, None


def codex(parsed: ParsedSkill) -> Verdict:
    """Codex: serde YAML into its typed frontmatter; when that fails (syntax or type), values
    holding ``": "``, and values that start with ``[``, ``{``, ``@`` or a backtick and are not
    YAML on their own, are quoted and it tries once more. A file that is not UTF-8 is not
    read.

    ``name`` and ``description`` are strings (a number or boolean is read as its source text),
    ``metadata`` a map; a frontmatter block with no line at all counts as missing.
    """
    terms = "Codex"
    failed = _unreadable(parsed) or _structure(parsed, terms) or _cr_only(parsed, terms)
    if failed:
        return failed
    bad = _invalid_utf8(parsed)
    if bad is not None:  # (it reads the file as a Rust String: invalid UTF-8 is an error)
        return Verdict(False, f"{terms}: failed to read file: stream did not contain valid "
                       f"UTF-8 ({bad.message})", bad.line)
    block = _block(parsed, exact=False)
    if block is None or not block[0]:
        return Verdict(False, f"{terms}: missing YAML frontmatter delimited by ---", 1)
    fatal = _problem(parsed, ("frontmatter-not-mapping",)) or _codex_duplicate(parsed)
    if fatal is not None:
        return Verdict(False, f"{terms}: invalid YAML: {fatal.message}", fatal.line)
    data, error = _codex_fields(parsed)
    if data is not None:
        return Verdict(True, data=data)
    strict = _problem(parsed, STRICT_YAML_FAILURES)
    line = strict.line if strict else 1
    from skillctl.parse import parse_text

    retried = _codex_retry_text(block[0])
    if retried != "\n".join(block[0]):
        data, _ = _codex_fields(parse_text(parsed.path, f"---\n{retried}\n---\n"))
        if data is not None:
            return Verdict(True, f"{error}; Codex quotes the value and loads it", line, data)
    return Verdict(False, f"{terms}: {error}", line)


#: dialect id -> function deciding whether that parser accepts a SKILL.md.
DIALECTS: dict[str, Callable[[ParsedSkill], Verdict]] = {
    "yaml12": yaml12,
    "js-yaml": js_yaml,
    "js-yaml-bom": js_yaml_bom,
    "copilot-cli": copilot_cli,
    "claude-lenient": claude_lenient,
    "spec-client": spec_client,
    "strictyaml": strictyaml,
    "oas-lines": oas_lines,
    "oas-yaml": oas_yaml,
    "opencode": opencode_yaml,
    "js-yaml-fallback": js_yaml_fallback,
    "openclaw": openclaw_yaml,
    "codex": codex,
}

#: dialect id -> human label naming the parser and who uses it.
DIALECT_LABELS: dict[str, str] = {
    "yaml12": "strict YAML 1.2 (Codex, Goose, Cursor)",
    "js-yaml": "js-yaml, BOM not stripped (OpenCode, Copilot)",
    "js-yaml-bom": "js-yaml after stripping a BOM (Amp)",
    "copilot-cli": "js-yaml after stripping a BOM, a tab after a colon allowed; a field it "
                   "reads (argument-hint, user-invocable ...) of another kind drops the skill "
                   "(Copilot CLI)",
    "claude-lenient": "YAML with a quote-retry, else empty metadata (Claude Code)",
    "spec-client": "strict YAML with an unquoted-colon fallback (Agent Skills client guide)",
    "strictyaml": "strictyaml after a naive split('---') (skills-ref)",
    "oas-lines": "LF-only line parser (older opencode-agent-skills plugin)",
    "opencode": "js-yaml after skipping a BOM, retried with values holding ':' made block "
                "scalars (OpenCode)",
    "oas-yaml": "LF-only split, then the yaml package's core schema (opencode-agent-skills "
                "plugin)",
    "js-yaml-fallback": "js-yaml, then a name:/description: line fallback (Gemini CLI)",
    "openclaw": "the yaml package, retried with a broken description quoted (OpenClaw)",
    "codex": "serde YAML, retried with rejected values quoted (Codex)",
}


#: Dialects that accept a :func:`_clean` file as it is, with no reason and the parsed data
#: (each checks ``_clean`` first); ``tests/test_dialects_quick.py`` holds them to it.
# (not "openclaw": OpenClaw turns a name that is not a string into one, with a reason)
CLEAN_ACCEPTING = frozenset(
    {"yaml12", "js-yaml", "js-yaml-bom", "claude-lenient", "spec-client"}
)


def _strictyaml_accepts_clean(parsed: ParsedSkill) -> bool:
    """``strictyaml(parsed).accepted`` for a :func:`_clean` file, without building its data.

    The steps of :func:`strictyaml` and :func:`_strictyaml_checks` for a file with no
    problem: the naive split must find what the line-based split found, and no line may
    hold flow style, an anchor or a tag.
    """
    text = parsed.text or ""
    if not text.startswith("---"):
        return False
    second = text.find("---", 3)
    if second < 0:
        return False
    fm = parsed.frontmatter
    if fm is None:
        return False
    if second == len(fm.text) + 5 and text.startswith("---\n") and is_simple(fm):
        # No line of such frontmatter matches either pattern below (no value starts with
        # ``[``, ``{``, ``&``, ``*`` or ``!``, no line with ``-``), so only the split counts:
        # "---\n", the text, "\n---" is a naive split equal to the parser's.
        return True
    naive = text[3:second]
    if naive.strip("\n") != fm.text.strip("\n"):
        return False  # the naive split differs: let strictyaml() reparse what it finds
    if _FLOW_OR_ANCHOR.search(naive) is not None and not is_simple(fm):
        for line in naive.strip("\n").split("\n"):
            if _FLOW.match(line) or _ANCHOR_TAG.match(line):
                return False
    return True


#: What :func:`quick_verdict` answers when a dialect certainly accepts without a reason.
_ACCEPTED = Verdict(True)


def _js_yaml_accepts_clean(parsed: ParsedSkill) -> bool:
    """True when :func:`js_yaml_fallback` accepts a :func:`_clean` file as js-yaml reads it."""
    data = parsed.data  # (a clean file has no tag: see _clean)
    if not (isinstance(data.get("name"), str) and isinstance(data.get("description"), str)):
        return False
    split = frontmatter_split.gemini_cli(parsed.text or "")
    return split is not None and not frontmatter_split.differs(
        parsed.frontmatter.text if parsed.frontmatter else None, split)


def _oas_clean_simple(parsed: ParsedSkill) -> Verdict | None:
    """:func:`oas_lines` of a :func:`_clean` file whose frontmatter the simple scanner read
    (:func:`skillctl.parse.is_simple`), without its line parser; None for any other file.

    On such frontmatter the plugin's line parser reads the same keys with the same types: a
    top-level ``key: value`` line is a string to both, a ``key:`` line opening an indented
    mapping is a mapping to both, comment and blank lines are skipped by both, and no line
    is a list item. So its schema checks can be answered from ``parsed.data``, once its
    ``---`` block (exact delimiters) is the one the parser split off.
    """
    fm = parsed.frontmatter
    if fm is None or not is_simple(fm):
        return None
    terms = "opencode-agent-skills"
    if parsed.line_endings in (LineEndings.CRLF, LineEndings.CR, LineEndings.MIXED):
        return Verdict(False, f"{terms}: the frontmatter pattern only matches LF line endings "
                       f"(file uses {parsed.line_endings.value.upper()})", 1)
    text = parsed.text or ""
    found = _exact_closer(text)
    if found is None or found[0] != 4 + len(fm.text) or not text.startswith("---\n"):
        return None  # another block than the parser's (a closer with trailing blanks)
    at, after = found
    if _NOT_BLANK.search(text, after) is None:
        return Verdict(False, f"{terms}: the body after the frontmatter is empty",
                       text.count("\n", 0, at + 1) + 1)
    # allowed-tools is a string or a mapping here, never a list
    refused = _plugin_schema(parsed.data, terms)
    return refused if refused is not None else _ACCEPTED


def is_clean(parsed: ParsedSkill) -> bool:
    """True for a readable UTF-8 file without BOM whose frontmatter parsed with no problem."""
    return _clean(parsed)


def quick_verdict(dialect_id: str, parsed: ParsedSkill, *, clean: bool | None = None) -> Verdict:
    """:func:`verdict` without ``data``: the same ``accepted``, ``reason`` and ``line``.

    For a file without problems (``clean``: :func:`is_clean`, when the caller knows it) most
    dialects need not run at all, and strictyaml need not build the data it would read.
    """
    if clean is None:
        clean = _clean(parsed)
    if clean:
        if (
            (dialect_id in CLEAN_ACCEPTING
             and not (dialect_id == "claude-lenient" and _claude_split(parsed) is not None))
            or (dialect_id == "strictyaml" and _strictyaml_accepts_clean(parsed))
            or (dialect_id == "js-yaml-fallback" and _js_yaml_accepts_clean(parsed))
        ):
            return _ACCEPTED
        if dialect_id == "oas-lines":
            found = _oas_clean_simple(parsed)
            if found is not None:
                return found
    return verdict(dialect_id, parsed)


def file_skill_verdict(seen: Verdict, parsed: ParsedSkill) -> Verdict:
    """``seen`` for a Markdown file that is a skill of its own (the Copilot CLI's
    ``.claude/commands/*.md``): such a file needs no frontmatter, and without one it is read
    with empty metadata (conformance case copilot-commands)."""
    if not seen.accepted and parsed.frontmatter is None and any(
            problem.code == "no-frontmatter" for problem in parsed.problems):
        return Verdict(True, None, None, {})
    return seen


def verdict(dialect_id: str, parsed: ParsedSkill) -> Verdict:
    """Run one dialect on a parsed file; an unknown dialect id is a programming error."""
    try:
        function = DIALECTS[dialect_id]
    except KeyError:
        raise ValueError(f"unknown dialect {dialect_id!r} (known: {', '.join(DIALECTS)})") from None
    return function(parsed)
