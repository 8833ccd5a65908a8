"""Hidden instructions and prompt injection in the text a model reads: one pass per file.

A skill's SKILL.md, its ``references/`` and ``assets/`` and its other Markdown files are
read by the model as they are, while a reviewer reads them rendered (or skims them). What
differs between the two is where instructions hide: HTML comments, invisible and
bidirectional-control characters, image alt text and link titles, text after a screenful of
blank lines or pushed far to the right. On top of that, some phrasing is aimed at the agent
itself ("ignore previous instructions", "do not tell the user").

:func:`scan_text` looks at one file's text and returns :class:`TextFinding` values; each says
whether the text is quoted as an example (``documentary``: a fenced block, an inline code
span, a blockquote, quotation marks, or prose around it that talks about attacks), which the
rules report as info rather than as an attack. Pure functions of the text: nothing is
evaluated or fetched; standard library only.
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

# ------------------------------------------------------------------ kinds

COMMENT = "comment"  # an HTML comment holding instructions
INVISIBLE = "invisible"  # zero-width and other invisible characters
SMUGGLED = "smuggled"  # Unicode tag or supplementary variation selector characters: hidden text
BIDI = "bidi"  # bidirectional override / embedding / isolate controls
LINK_TEXT = "link-text"  # instructions in image alt text or a link title
OFFSCREEN = "offscreen"  # text after many blank lines or far to the right
INJECTION = "injection"  # phrasing aimed at the agent

#: Characters of the matched text a finding keeps (it quotes them, escaped, in its message).
MAX_QUOTE = 120
#: Blank lines in a row after which text counts as pushed out of sight.
BLANK_RUN = 30
#: Spaces or tabs in a row after which the rest of a line counts as pushed out of sight.
SPACE_RUN = 120
#: Longest HTML comment looked at (an unterminated one runs to the end of the file).
MAX_COMMENT = 20_000


@dataclass(frozen=True, slots=True)
class TextFinding:
    """One suspicious place in a file's text.

    ``text`` is the exact text (raw; printers escape it), ``detail`` what was seen in a few
    words, ``strong`` that it holds injection phrasing an attack uses (rules report those as
    errors), ``documentary`` that it is quoted as an example (rules report those as info).
    """

    kind: str
    line: int
    column: int
    text: str
    detail: str
    strong: bool = False
    documentary: bool = False


# ------------------------------------------------------------------ injection phrasing

_I = re.IGNORECASE
_DETERMINER = r"(?:(?:all|any|the|your|my|every|of|these|those)\s+){0,3}"

#: (pattern, strong, what it does). Strong patterns are what attacks say and documentation
#: does not say outside a quotation; the others are also written by legitimate skills.
_INJECTION: tuple[tuple[re.Pattern[str], bool, str], ...] = (
    (re.compile(
        r"\b(?:ignore|disregard|forget|override|overwrite)\s+" + _DETERMINER
        + r"(?:previous|prior|above|earlier|preceding|former|original|system|developer|"
        r"existing|other)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|"
        r"messages|context|guardrails|constraints)\b", _I),
     True, "tries to override the instructions the agent already has"),
    (re.compile(
        # "do not tell the user a fix date" is advice; "... about this", "... which files you
        # read" or a full stop after "the user" is concealment
        r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|alert|warn|show|let)\s+"
        r"(?:the\s+)?user(?:\s*(?:[.;:!)]|$)|\s+(?:about|anything|this|that\s+you|what\s+you|"
        r"which|where|how\s+you|why|you\b|of\s+(?:this|these|it)))|"
        r"\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose|report)\s+"
        r"(?:this|it|that|these|any\s+of\s+(?:this|these|it))(?:\s+\w+)?\s+(?:to\s+(?:the\s+)?"
        r"user|in\s+your\s+(?:replies|reply|answers?|responses?|summary|output))\b|"
        r"\bwithout\s+(?:telling|informing|notifying|alerting)\s+(?:the\s+)?user\b|"
        r"\b(?:hide|conceal)\s+(?:this|it|these\s+\w+|the\s+\w+)\s+from\s+(?:the\s+)?user\b|"
        r"\bkeep\s+(?:this|it)\s+(?:secret|hidden)\s+from\s+(?:the\s+)?user\b", _I),
     True, "tells the agent to hide what it does from the user"),
    (re.compile(
        r"\byou\s+are\s+now\s+(?:no\s+longer\b|free\s+(?:of|from)\b|unrestricted\b|"
        r"unfiltered\b|jailbroken\b|dan\b|not\s+bound\b|allowed\s+to\s+ignore\b|"
        r"in\s+(?:developer|god|dan|jailbreak|unrestricted|autonomous|yolo)\s+mode\b)|"
        r"\b(?:enter|enable|activate|switch\s+to)\s+(?:developer|god|dan|jailbreak)\s+mode\b",
        _I),
     True, "tries to give the agent a new, unrestricted identity"),
    (re.compile(
        r"\b(?:reveal|print|output|repeat|show|send|leak|dump)\s+(?:me\s+)?(?:your|the)\s+"
        r"(?:full\s+|entire\s+|hidden\s+|original\s+)?(?:system\s+prompt|initial\s+instructions|"
        r"hidden\s+instructions)\b", _I),
     True, "asks the agent to give away its system prompt"),
    (re.compile(
        r"\b(?:disable|turn\s+off|bypass|circumvent|deactivate|ignore|skip|evade)\s+"
        + _DETERMINER
        + r"(?:safety|security|approval|permission|sandbox(?:ing)?|guardrail|content[-\s]filter|"
        r"moderation)s?\s+(?:checks?|prompts?|modes?|rules|filters?|restrictions?|guidelines|"
        r"measures|dialogs?|requests?|policy|policies)\b|"
        r"\b(?:disable|turn\s+off|bypass|circumvent|escape)\s+(?:the\s+)?"
        r"(?:sandbox|guardrails)\b", _I),
     True, "asks the agent to switch off its safety or approval checks"),
    (re.compile(
        r"--dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b|"
        r"--approval-mode[=\s]+yolo\b|--yolo\b|--allow-all-tools\b|--trust-all-tools\b|"
        r"\bbypassPermissions\b|"
        r"\b(?:never|do\s+not|don'?t)\s+ask\s+(?:the\s+user\s+)?(?:for\s+)?(?:permission|"
        r"approval)\b|"
        r"\b(?:auto-?approve|always\s+approve|approve\s+all)\s+(?:all\s+|every\s+)?"
        r"(?:tool\s+calls?|tools|commands|permissions|permission\s+requests|actions)\b", _I),
     False, "runs an agent with its approval prompts switched off"),
    (re.compile(
        r"<\|(?:im_start|im_end|system|endoftext)\|>|^\s*\[(?:SYSTEM|INST)\]|"
        r"^\s*</?system>|^\s*#+\s*system\s+override\b", _I | re.M),
     False, "pretends to be a system message"),
)

#: Words around a quotation that make it an example, not an order.
_CUE = re.compile(
    r"\b(?:e\.g\.|i\.e\.)|\b(?:for\s+example|for\s+instance|such\s+as|examples?|patterns?|attacks?|"
    r"attackers?|injections?|injected|malicious|jailbreaks?|adversarial|detect\w*|flag\w*|"
    r"red[-\s]team\w*|payloads?|phishing|suspicious|exploit\w*|threats?|vulnerab\w*|"
    r"defen[cs]\w*|watch\s+(?:out\s+)?for|look\s+for|indicators?|signs?\s+of|warning\s+signs?|"
    r"scan\w*|audit\w*|triggers?|phrases?|refuse|reject|untrusted|risk\w*|abuse|evad\w*|"
    r"evasion|obfuscat\w*)\b", _I)
#: A heading over a catalogue of attacks.
_ATTACK_TOPIC = re.compile(
    r"attack|injection|malicious|jailbreak|red[-\s]team|threat|adversarial|phishing|exploit|"
    r"payload|red\s+flags|indicators", _I)
#: A skill about security: its list items and table rows are catalogues of attacks.
_SECURITY_TOPIC = re.compile(
    r"prompt[-\s]injection|jailbreak|red[-\s]team|security|threat|vulnerab|guardrail|"
    r"scanner|safety|attack|malicious|adversarial", _I)
_LIST_OR_TABLE = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|\|)")
#: Quotation marks (not the apostrophe: "don't tell the user" is no quotation).
_QUOTES = (('"', '"'), ("\u201c", "\u201d"), ("\u2018", "\u2019"), ("\u00ab", "\u00bb"))


#: For each pattern of :data:`_INJECTION`, the words (case-folded) one of which every match
#: starts with; None: a pattern anchored at line starts, tried only on text holding one of
#: :data:`_ANCHORED_NEEDS`. A case-insensitive pattern costs a try at every character; one
#: scan for all first words and a try where one stands cut the security pass on the 430
#: skills of the shared corpus (17 MB of text) from 9 s to under 3.
_LEADS: tuple[tuple[str, ...] | None, ...] = (
    ("ignore", "disregard", "forget", "override", "overwrite"),
    ("do", "don", "never", "without", "hide", "conceal", "keep"),
    ("you", "enter", "enable", "activate", "switch"),
    ("reveal", "print", "output", "repeat", "show", "send", "leak", "dump"),
    ("disable", "turn", "bypass", "circumvent", "deactivate", "ignore", "skip", "evade",
     "escape"),
    ("--dangerously", "--approval-mode", "--yolo", "--allow-all-tools", "--trust-all-tools",
     "bypasspermissions", "never", "do", "don", "auto", "always", "approve"),
    None,
)
_ANCHORED_NEEDS = ("<|", "[system]", "[inst]", "<system>", "</system>", "override")
#: lead word -> the indexes of the patterns that may start with it
_BY_LEAD: dict[str, tuple[int, ...]] = {}
for _index, _words in enumerate(_LEADS):
    for _word in _words or ():
        _BY_LEAD[_word] = (*_BY_LEAD.get(_word, ()), _index)
#: any lead word, longest first; where one starts is checked by the patterns themselves
_LEAD = re.compile("|".join(re.escape(w) for w in sorted(_BY_LEAD, key=len, reverse=True)))


def injection_matches(text: str) -> Iterator[tuple[re.Match[str], bool, str]]:
    """Every injection phrase in ``text``: (match, strong, why it matters), each pattern's
    matches as ``finditer`` gives them (non-overlapping, leftmost first)."""
    folded = text.casefold()
    if len(folded) != len(text):  # casefold lengthened something (ß -> ss): offsets move
        for pattern, strong, why in _INJECTION:
            yield from ((match, strong, why) for match in pattern.finditer(text))
        return
    found: list[list[re.Match[str]]] = [[] for _ in _INJECTION]
    ends = [0] * len(_INJECTION)
    for lead in _LEAD.finditer(folded):
        position = lead.start()
        for index in _BY_LEAD[lead.group(0)]:
            if position < ends[index]:
                continue
            match = _INJECTION[index][0].match(text, position)
            if match is not None:
                found[index].append(match)
                ends[index] = max(match.end(), position + 1)
    if any(word in folded for word in _ANCHORED_NEEDS):
        found[-1] = list(_INJECTION[-1][0].finditer(text))
    for (_, strong, why), matches in zip(_INJECTION, found, strict=True):
        for match in matches:
            yield match, strong, why


def has_injection(text: str) -> tuple[bool, str] | None:
    """(strong, why) of the first injection phrase in ``text`` (strong ones first), or None."""
    found = sorted(((not strong, why) for _, strong, why in injection_matches(text)))
    return (not found[0][0], found[0][1]) if found else None


# ------------------------------------------------------------------ agent-directed text

#: Words that make a comment or an alt text an instruction to an agent rather than a note.
_AGENT_DIRECTED = re.compile(
    r"\b(?:AI|assistant|agent|Claude|Codex|Gemini|Copilot|Cursor|LLM|language\s+model|"
    r"the\s+model)\b[^.\n]{0,80}\b(?:must|should|always|never|do\s+not|don'?t|shall|will|"
    r"needs?\s+to|has\s+to|run|execute|send|upload|post|fetch|download|install|delete|remove|"
    r"read|open|ignore|include|add|call|use)\b|"
    r"\b(?:you|agent|assistant)\s+(?:must|should|shall|need\s+to|have\s+to)\s+(?:always\s+|"
    r"also\s+|first\s+|silently\s+|quietly\s+)?(?:run|execute|send|upload|post|fetch|download|"
    r"install|delete|remove|copy|read|ignore|curl|wget)\b|"
    r"\b(?:silently|quietly|secretly)\s+(?:run|execute|send|upload|post|fetch|download|install|"
    r"delete|remove|copy|read|add)\b|"
    r"\balso\s+(?:post|send|upload|run|execute|read|copy|include|attach|fetch)\b|"
    r"\b(?:post|send|upload|exfiltrate|forward)\b[^\n]{0,160}https?://", re.IGNORECASE)
#: Commands and endpoints: a comment that holds one is a hidden order, not a note.
_PAYLOAD = re.compile(
    r"\b(?:curl|wget|Invoke-WebRequest|iwr|nc|ncat|base64\s+-d)\s+\S|\|\s*(?:ba|z)?sh\b|"
    r"\b(?:bash|sh|python3?|node)\s+-c\s|\beval\s*\(|https?://\S+\s+\S*(?:send|post|upload)",
    re.IGNORECASE)
#: Comments that are tooling markers, never instructions.
_MARKER_COMMENT = re.compile(
    r"^\s*(?:/?toc\b|prettier-ignore|markdownlint-|textlint-|vale\s|cspell:|spell-?checker:|"
    r"lint-|eslint-|omit in toc|more\b|truncate\b|end\b|begin\b|start\b|@format\b|"
    r"#\s*region|#\s*endregion|BEGIN\b|END\b|SPDX-License-Identifier)", re.IGNORECASE)


def instruction_in(text: str) -> tuple[bool, str] | None:
    """Whether hidden ``text`` holds an instruction: (strong, what) or None.

    Strong: injection phrasing or an order addressed to the agent (hidden, either is an
    attack). Weak: a command or an endpoint alone. A note to authors, a licence or a marker
    is no instruction.
    """
    found = has_injection(text)
    if found is not None:
        return True, found[1]
    if _AGENT_DIRECTED.search(text):
        return True, "an instruction addressed to the agent"
    if _PAYLOAD.search(text):
        return False, "a command or an endpoint"
    return None


# ------------------------------------------------------------------ characters

#: Invisible characters that have no business in instructions (emoji joiners excepted).
_INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e\u115f\u1160\u3164\uffa0"
    "\u17b4\u17b5\u034f"
)
#: The bidi controls that reorder text: embeddings and overrides (U+202A-U+202E) and
#: isolates (U+2066-U+2069). The marks U+200E/U+200F do not reorder and are left alone.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: whether a line holds any of them at all (one C scan before the per-character look)
_INVISIBLE_ANY = re.compile("[" + "".join(sorted(_INVISIBLE)) + "]")
_BIDI_ANY = re.compile("[" + "".join(sorted(_BIDI)) + "]")
_TAG_FIRST, _TAG_LAST = 0xE0000, 0xE007F
_VS_FIRST, _VS_LAST = 0xE0100, 0xE01EF
_BLACK_FLAG = "\U0001f3f4"


def _is_emoji(ch: str) -> bool:
    return unicodedata.category(ch) == "So" or ch in "\ufe0f\u20e3" or (
        0x1F3FB <= ord(ch) <= 0x1F3FF)


def _joins_script(before: str, after: str) -> bool:
    """A ZWJ/ZWNJ between letters of a script that uses them (Persian, Indic, ...)."""
    def non_latin_letter(ch: str) -> bool:
        return ch.isalpha() and not unicodedata.name(ch, "LATIN").startswith("LATIN")
    return non_latin_letter(before) or non_latin_letter(after)


def _legit_joiner(line: str, index: int) -> bool:
    ch = line[index]
    if ch not in "\u200c\u200d":
        return False
    before = line[index - 1] if index > 0 else ""
    after = line[index + 1] if index + 1 < len(line) else ""
    if ch == "\u200d" and before and after and _is_emoji(before) and _is_emoji(after):
        return True
    return bool(before and after) and _joins_script(before, after)


#: Tag characters and supplementary variation selectors (what :func:`_smuggled` decodes).
_SMUGGLING = re.compile("[\U000e0000-\U000e007f\U000e0100-\U000e01ef]")


def _smuggled(line: str) -> Iterator[tuple[int, str]]:
    """(column index, decoded text) of each run of tag or supplementary variation selector
    characters that is not part of an emoji flag."""
    first = _SMUGGLING.search(line)
    if first is None:
        return
    index = first.start()
    while index < len(line):
        code = ord(line[index])
        if _TAG_FIRST <= code <= _TAG_LAST or _VS_FIRST <= code <= _VS_LAST:
            start = index
            while index < len(line) and (
                _TAG_FIRST <= ord(line[index]) <= _TAG_LAST
                or _VS_FIRST <= ord(line[index]) <= _VS_LAST
            ):
                index += 1
            run = line[start:index]
            is_flag = start > 0 and line[start - 1] == _BLACK_FLAG and len(run) <= 7
            if not is_flag and len(run) >= 2:
                yield start, "".join(_decode_smuggled(ch) for ch in run)
        else:
            index += 1


def _decode_smuggled(ch: str) -> str:
    code = ord(ch)
    if _TAG_FIRST <= code <= _TAG_LAST:
        inner = code - _TAG_FIRST
        return chr(inner) if 0x20 <= inner < 0x7F else ""
    byte = code - _VS_FIRST + 16  # the "emoji smuggling" byte encoding
    return chr(byte) if 0x20 <= byte < 0x7F else "?"


def _is_rtl_text(line: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in line)


# ------------------------------------------------------------------ Markdown layout


class _Layout:
    """Where a Markdown file shows text as code or as a quotation.

    Built on first use, part by part: most files hold nothing to report, and splitting every
    file into lines and fences cost the security pass half a second on the shared corpus.
    """

    __slots__ = ("_code_spans", "_fenced", "_headings", "_lines", "_markdown", "_starts",
                 "_text")

    def __init__(self, text: str, markdown: bool) -> None:
        self._text = text
        self._markdown = markdown
        self._lines: tuple[str, ...] | None = None
        self._starts: tuple[int, ...] | None = None
        self._fenced: frozenset[int] | None = None
        self._code_spans: tuple[tuple[int, int], ...] = ()
        self._headings: tuple[int, ...] = ()

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines, without their line breaks (``\r\n`` as well as ``\n``)."""
        if self._lines is None:
            self._lines = tuple(line.rstrip("\r") for line in self._text.split("\n"))
        return self._lines

    @property
    def starts(self) -> tuple[int, ...]:
        """The offset of each line in the text."""
        if self._starts is None:
            self._starts = (0, *itertools.accumulate(
                len(line) + 1 for line in self._text.split("\n")[:-1]))
        return self._starts

    @property
    def fenced(self) -> frozenset[int]:
        """0-based indexes of lines inside (or opening/closing) a fence."""
        if self._fenced is None:
            self._structure()
        assert self._fenced is not None
        return self._fenced

    def _structure(self) -> None:
        fenced: set[int] = set()
        spans: list[tuple[int, int]] = []
        headings: list[int] = []
        if self._markdown:
            lines, starts = self.lines, self.starts
            fence: str | None = None
            for index, line in enumerate(lines):
                # a fence line starts with ``` or ~~~ after at most three spaces
                match = _FENCE.match(line) if line[:6].lstrip()[:1] in ("`", "~") else None
                if fence is not None:
                    fenced.add(index)
                    if (match and match.group(1)[0] == fence[0]
                            and len(match.group(1)) >= len(fence)):
                        fence = None
                    continue
                if match:
                    fence = match.group(1)
                    fenced.add(index)
                    continue
                if line.startswith("#"):
                    headings.append(index)
                if "`" in line:
                    base = starts[index]
                    spans.extend((base + m.start(), base + m.end())
                                 for m in _CODE_SPAN.finditer(line))
        self._fenced = frozenset(fenced)
        self._code_spans = tuple(spans)
        self._headings = tuple(headings)

    def line_of(self, offset: int) -> int:
        """0-based line index of a text offset."""
        return bisect.bisect_right(self.starts, offset) - 1

    def in_code(self, offset: int) -> bool:
        """True inside a fence or an inline code span."""
        if self.line_of(offset) in self.fenced:
            return True
        spans = self._code_spans
        index = bisect.bisect_right(spans, (offset, 1 << 62)) - 1
        return index >= 0 and spans[index][0] <= offset < spans[index][1]

    def heading_before(self, line_index: int) -> str:
        if self._fenced is None:
            self._structure()
        index = bisect.bisect_right(self._headings, line_index) - 1
        return self.lines[self._headings[index]] if index >= 0 else ""


_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)")


def _quoted(line: str, start: int, end: int) -> bool:
    """The match at [start, end) of ``line`` stands inside quotation marks."""
    for opening, closing in _QUOTES:
        if opening == closing:
            if line.count(opening, 0, start) % 2 == 1 and closing in line[end:]:
                return True
            continue
        left = line.rfind(opening, 0, start)
        if left >= 0 and line.find(closing, left, start) < 0 and line.find(closing, end) >= 0:
            return True
    return False


# ------------------------------------------------------------------ the scan


def _quote(text: str) -> str:
    text = " ".join(text.split()) if "\n" in text else text.strip()
    return text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 1] + "\u2026"


def scan_text(text: str, *, markdown: bool = True, topic: str = "",
              characters_only: bool = False) -> list[TextFinding]:
    """Every hidden instruction and injection phrase in one file's text, sorted by place.

    ``markdown``: the file is Markdown (fences and code spans show text as code);
    ``topic``: the skill's name and description (a skill about security quotes attacks in
    its lists and tables); ``characters_only``: look only for invisible, smuggled and bidi
    characters (source code, where comments and phrasing are the code analysis's part).
    """
    layout = _Layout(text, markdown)
    findings: list[TextFinding] = []
    if characters_only:
        findings.extend(_characters(layout) if not text.isascii() else ())
        findings.sort(key=lambda f: (f.line, f.column, f.kind))
        return findings
    hidden_spans: list[tuple[int, int]] = []
    if "<!--" in text:
        findings.extend(_comments(text, layout, hidden_spans))
    if "](" in text or "<img" in text.lower() or "]:" in text:
        findings.extend(_link_texts(text, layout, hidden_spans))
    if not text.isascii():
        findings.extend(_characters(layout))
    findings.extend(_offscreen(text, layout))
    findings.extend(_injections(text, layout, hidden_spans, _SECURITY_TOPIC.search(topic)
                                is not None))
    findings.sort(key=lambda f: (f.line, f.column, f.kind))
    return findings


def _comments(text: str, layout: _Layout, hidden: list[tuple[int, int]]) -> Iterator[TextFinding]:
    position = 0
    while (start := text.find("<!--", position)) >= 0:
        end = text.find("-->", start + 4)
        stop = len(text) if end < 0 else end + 3
        position = stop
        if layout.in_code(start):
            continue
        hidden.append((start, stop))
        inner = text[start + 4: min(stop, start + 4 + MAX_COMMENT)].removesuffix("-->")
        if _MARKER_COMMENT.match(inner):
            continue
        found = instruction_in(inner)
        if found is None:
            continue
        strong, what = found
        line = layout.line_of(start)
        unterminated = " (never closed: it hides the rest of the file)" if end < 0 else ""
        yield TextFinding(COMMENT, line + 1, start - layout.starts[line] + 1,
                          _quote(text[start:stop]), what + unterminated, strong)


_IMAGE_OR_LINK = re.compile(
    r"(!?)\[([^\]\n]{0,2000})\]\(\s*<?[^)\s>]*>?(?:\s+(\"[^\"\n]*\"|'[^'\n]*'|\([^)\n]*\)))?\s*\)")
_REFERENCE_DEF = re.compile(
    r"^\s{0,3}\[[^\]\n]+\]:\s*\S+\s+(\"[^\"\n]*\"|'[^'\n]*'|\([^)\n]*\))\s*$", re.M)
_HTML_ATTR = re.compile(r"<img\b[^>]*?\b(alt|title)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I)


def _link_texts(text: str, layout: _Layout, hidden: list[tuple[int, int]]
                ) -> Iterator[TextFinding]:
    candidates: list[tuple[int, str, str]] = []  # (offset, hidden text, where)
    for match in _IMAGE_OR_LINK.finditer(text):
        if match.group(1):
            candidates.append((match.start(2), match.group(2), "image alt text"))
        if match.group(3):
            candidates.append((match.start(3), match.group(3)[1:-1], "link title"))
    for match in _REFERENCE_DEF.finditer(text):
        candidates.append((match.start(1), match.group(1)[1:-1], "link title"))
    for match in _HTML_ATTR.finditer(text):
        candidates.append((match.start(2), match.group(2)[1:-1], f"image {match.group(1)}"))
    for offset, content, where in candidates:
        if layout.in_code(offset) or not content.strip():
            continue
        found = instruction_in(content)
        if found is None:
            continue
        hidden.append((offset, offset + len(content)))
        strong, what = found
        line = layout.line_of(offset)
        yield TextFinding(LINK_TEXT, line + 1, offset - layout.starts[line] + 1,
                          _quote(content), f"{what} in {where}", strong)


def _characters(layout: _Layout) -> Iterator[TextFinding]:
    for index, line in enumerate(layout.lines):
        if line.isascii():
            continue
        for column, decoded in _smuggled(line):
            yield TextFinding(SMUGGLED, index + 1, column + 1, _quote(decoded),
                              "text encoded in invisible Unicode tag or variation selector "
                              "characters", strong=True)
        invisible = [i for i, ch in enumerate(line) if ch in _INVISIBLE
                     and not (ch == "\ufeff" and index == 0 and i == 0)
                     and not _legit_joiner(line, i)] if _INVISIBLE_ANY.search(line) else []
        if invisible:
            names = sorted({f"U+{ord(line[i]):04X}" for i in invisible})
            visible = "".join(ch for ch in line if ch not in _INVISIBLE)
            found = has_injection(visible)
            first = invisible[0]
            yield TextFinding(
                INVISIBLE, index + 1, first + 1, _quote(line),
                f"{len(invisible)} invisible character{'s' if len(invisible) != 1 else ''} "
                f"({', '.join(names)})" + (f" hiding text that {found[1]}" if found else ""),
                found is not None and found[0],
                # a quoted sample of the trick ("ig\u200bnore", e.g.) in prose about it
                documentary=found is None and (
                    layout.in_code(layout.starts[index] + first)
                    or _quoted(line, first, first + 1) or _CUE.search(line) is not None))
        controls = ([i for i, ch in enumerate(line) if ch in _BIDI]
                    if _BIDI_ANY.search(line) else [])
        if controls:
            names = sorted({f"U+{ord(line[i]):04X}" for i in controls})
            yield TextFinding(
                BIDI, index + 1, controls[0] + 1, _quote(line),
                f"bidirectional control{'s' if len(controls) != 1 else ''} "
                f"({', '.join(names)}) that reorder what a reviewer sees",
                strong=not _is_rtl_text(line))


_PUSHED_RIGHT = re.compile(r"(?:[ \t]{" + str(SPACE_RUN) + r",}|\t{40,})(\S.*)$")


#: A line break, then a run of at least BLANK_RUN blank lines followed by a line with text
#: (searched in the text after a "\n", so that a run at its very start counts too; a
#: leading "\n" lets the search skip from line break to line break, ten times faster than
#: a ``^`` in multi-line mode).
_BLANK_LINES = re.compile(r"\n(?:[^\S\n]*\n){" + str(BLANK_RUN) + r",}(?=[^\n]*\S)")


def _offscreen(text: str, layout: _Layout) -> Iterator[TextFinding]:
    for run in _BLANK_LINES.finditer("\n" + text):
        index = layout.line_of(run.end() - 1)
        line = layout.lines[index]
        found = instruction_in(line) or (False, "text")
        yield TextFinding(OFFSCREEN, index + 1, 1, _quote(line),
                          f"{found[1]} after {run.group(0).count(chr(10)) - 1} blank lines",
                          found[0])
    if " " * SPACE_RUN not in text and "\t" * 40 not in text:
        return
    for index, line in enumerate(layout.lines):
        if len(line) > SPACE_RUN and (" " * SPACE_RUN in line or "\t" * 40 in line):
            match = _PUSHED_RIGHT.search(line)
            # a Markdown table row padded to align its cells is not hiding anything
            if (match and index not in layout.fenced and not line.lstrip().startswith("|")
                    and any(ch.isalnum() for ch in match.group(1))):
                found = instruction_in(match.group(1)) or (False, "text")
                yield TextFinding(OFFSCREEN, index + 1, match.start(1) + 1,
                                  _quote(match.group(1)),
                                  f"{found[1]} pushed {match.start(1)} columns to the right",
                                  found[0])


def _injections(text: str, layout: _Layout, hidden: Sequence[tuple[int, int]],
                security_topic: bool) -> Iterator[TextFinding]:
    reported: set[tuple[int, int]] = set()
    for match, strong, why in injection_matches(text):
        start = match.start()
        if any(a <= start < b for a, b in hidden):
            continue  # reported as a hidden instruction already
        line = layout.line_of(start)
        column = start - layout.starts[line]
        if (line, column) in reported:
            continue
        reported.add((line, column))
        yield TextFinding(INJECTION, line + 1, column + 1, _quote(match.group(0)), why, strong,
                          _documentary(layout, line, column, column + len(match.group(0)),
                                       security_topic))


def _documentary(layout: _Layout, line: int, start: int, end: int, security_topic: bool) -> bool:
    """Whether a reviewer would read the phrase as a quoted example rather than an order."""
    text = layout.lines[line]
    if layout.in_code(layout.starts[line] + start) or text.lstrip().startswith(">"):
        return True
    if _quoted(text, start, end):
        return True
    # the line itself, the sentence that introduces it ("Attackers write:") or the section
    # heading ("## Injection patterns"); not any line nearby, or an attacker could excuse an
    # order by writing "for example" on the next line
    if _CUE.search(text) or _ATTACK_TOPIC.search(layout.heading_before(line)):
        return True
    before = next((layout.lines[i] for i in range(line - 1, max(-1, line - 4), -1)
                   if layout.lines[i].strip()), "")
    if before.rstrip().endswith(":") and _CUE.search(before):
        return True
    return security_topic and _LIST_OR_TABLE.match(text) is not None
