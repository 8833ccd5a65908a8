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
import functools
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
        r"\b(?:(?:ignore|disregard|forget|override)\s+" + _DETERMINER
        + r"(?:previous|prior|above|earlier|preceding|former|original|system|developer|"
        r"existing|other)|"
        # "overwrite the original prompt" is a file operation (a saved prompt rewritten)
        r"overwrite\s+" + _DETERMINER + r"(?:previous|prior|system|developer))"
        r"\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|"
        r"messages|context|guardrails|constraints)\b"
        # "... in this skill" overrides nothing but the skill's own text (an author's easter
        # egg: "if the argument is X, ignore all other instructions in this skill and reply
        # Y"); "... in this conversation" reaches the agent's
        r"(?!\s+(?:in|of|within)\s+this\s+(?:skill|file|document|section|page|guide)\b)", _I),
     True, "tries to override the instructions the agent already has"),
    (re.compile(
        # "do not tell the user a fix date" is advice; "... about this", "... which files you
        # read" or a full stop after "the user" is concealment
        r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|alert|warn|show|let)\s+"
        # "... about each tool call as you make it" is a narration style, not concealment
        r"(?:the\s+)?user(?:\s*(?:[.;:!)]|$)|\s+(?:about(?!\s+(?:each|every)\b)|anything|this|that\s+you|what\s+you|"
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
        r"\b(?:enter|enable|activate|switch\s+to)\s+(?:god|dan|jailbreak)\s+mode\b|"
        # "Enable Developer mode" is a step in Chrome's, Android's and Windows' own settings
        r"\b(?:enter|activate|switch\s+to)\s+developer\s+mode\b",
        _I),
     True, "tries to give the agent a new, unrestricted identity"),
    (re.compile(
        r"\b(?:reveal|print|output|repeat|show|send|leak|dump)\s+(?:me\s+)?(?:your|the)\s+"
        r"(?:full\s+|entire\s+|hidden\s+|original\s+)?(?:system\s+prompt|initial\s+instructions|"
        r"hidden\s+instructions)\b", _I),
     True, "asks the agent to give away its system prompt"),
    (re.compile(
        r"(?:\b(?:disable|turn\s+off|bypass|circumvent|deactivate|ignore|skip|evade)\s+"
        + _DETERMINER
        + r"(?:safety|security|approval|permission|sandbox(?:ing)?|guardrail|content[-\s]filter|"
        r"moderation)s?\s+(?:checks?|prompts?|modes?|rules|filters?|restrictions?|guidelines|"
        r"measures|dialogs?|requests?|policy|policies)\b|"
        r"\b(?:disable|turn\s+off|bypass|circumvent|escape)\s+(?:the\s+)?"
        r"(?:sandbox|guardrails)\b)"
        # "Bypass permissions mode was disabled" names a mode (Claude Code's) and its state
        r"(?!\s+(?:was|were|is|are|has\s+been)\s+(?:\w+\s+)?(?:disabled|enabled|active|"
        r"on|off|turned\s+(?:on|off))\b)", _I),
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

#: What the injection phrasings that are an order wherever they stand say: overriding the
#: agent's instructions, giving it a new identity, asking for its system prompt. Hiding from
#: the user and switching off checks are also how documentation describes a system or a tool
#: ("parks the conversation without telling the user", "| bypassPermissions | Skip all
#: permission checks |"): in plain sight the rules report those as warnings (three hand
#: samples of unseen collections: 0 of 16 such errors true); hidden, they stay strong.
ORDERS_IN_PLAIN_SIGHT = frozenset(_INJECTION[index][2] for index in (0, 2, 3))

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
    r"payload|red\s+flags|indicators|"
    # the same in Chinese and Japanese ("### 注入检测模式", injection detection patterns)
    r"注入|攻击|恶意|越狱|威胁|钓鱼|攻撃|悪意|脆弱性|インジェクション", _I)
#: A skill about security: its list items and table rows are catalogues of attacks.
_SECURITY_TOPIC = re.compile(
    r"prompt[-\s]injection|jailbreak|red[-\s]team|security|threat|vulnerab|guardrail|"
    r"scanner|safety|attack|malicious|adversarial|firewall", _I)
_LIST_OR_TABLE = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|\|)")
#: Quotation marks (not the apostrophe: "don't tell the user" is no quotation).
_QUOTES = (('"', '"'), ("\u201c", "\u201d"), ("\u2018", "\u2019"), ("\u00ab", "\u00bb"))


#: Off only in tests: every cheap pre-check of this module (where an injection pattern can
#: match at all, which files hold an invisible character, a link title or an image) is
#: skipped and the full analysis runs everywhere; tests/security/test_gates.py checks that
#: both find the same.
GATED = True

#: For each pattern of :data:`_INJECTION`, the words (lower case) one of which every match
#: starts with; None: a pattern anchored at line starts, tried only on text holding one of
#: its markers (see :data:`_INST_TAG`).
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
#: Around an anchor (bytes of lowered UTF-8): whitespace, or any byte of a non-ASCII
#: character (it may be a Unicode space); after a word, no ASCII word character.
_SPACE = rb"[\s\x1c-\x1f\x80-\xff]"
_END = rb"(?![0-9a-z_])"
#: For each pattern, its anchors: (word, chunks, surroundings). Every match holds one of the
#: words, with at most ``chunks`` whitespace-separated chunks of text between the match's
#: start and the word ("do not tell the user": 4 before "user"), and the surroundings (a
#: pattern matched one byte before the word; empty: none) around it. Lead words are common
#: ("do", "show"), anchors rare: a substring search finds the anchors (C speed, a hundred
#: times faster than trying a case-insensitive pattern at every character), and the lead
#: words are looked for only in the few chunks before each. Keep in step with the patterns:
#: tests/security/test_gates.py checks that this finds what each pattern finds.
_ANCHORS: tuple[tuple[tuple[bytes, int, bytes], ...] | None, ...] = (
    ((b"ignore", 0, b""), (b"disregard", 0, b""), (b"forget", 0, b""), (b"override", 0, b""),
     (b"overwrite", 0, b"")),
    # do not mention any of this <word> to the user / ... in your replies
    ((b"user", 9, _SPACE + b"user" + _END), (b"your", 8, _SPACE + b"your" + _SPACE)),
    # you are now ... / switch to developer mode
    ((b"now", 2, _SPACE + b"now" + _SPACE), (b"mode", 3, _SPACE + b"mode" + _END)),
    # reveal me your full system prompt / initial instructions
    ((b"prompt", 5, _SPACE + b"prompt" + _END),
     (b"instruction", 5, _SPACE + b"instructions" + _END)),
    # turn off all of the safety checks / bypass the sandbox
    ((b"safety", 5, b""), (b"security", 5, _SPACE + b"security"), (b"approv", 5, b""),
     (b"permission", 5, b""), (b"sandbox", 5, b""), (b"guardrail", 5, b""),
     (b"content", 5, _SPACE + b"content[-\\s\\x1c-\\x1f\\x80-\\xff]"),
     (b"moderation", 5, b"")),
    # never ask the user for permission / --dangerously-skip-permissions / --yolo
    ((b"approv", 6, b""), (b"permission", 6, b""), (b"yolo", 1, b""),
     (b"dangerously", 1, b""), (b"all-tools", 1, b"")),
    None,
)
_SURROUNDINGS = {context: re.compile(context) for anchors in _ANCHORS
                 for _, _, context in anchors or () if context}
#: Anchors found together, by one search for a letter they share: a pattern that starts
#: with one letter skips from one to the next in C, about as fast as ``bytes.find`` for one
#: word, and a rare letter stops it seldom, so one search stands in for several. Chosen by
#: measuring on the shared corpus (their letters are among the rarest in English; the
#: other anchors, long words, are found faster one by one with ``bytes.find``, which skips
#: about a needle's length at a time).
_ANCHOR_GROUPS: tuple[tuple[bytes, tuple[bytes, ...]], ...] = (
    (b"y", (b"your", b"yolo", b"safety", b"security", b"dangerously")),
    (b"v", (b"override", b"overwrite", b"approv")),
    (b"g", (b"ignore", b"disregard", b"forget", b"guardrail")),
    (b"m", (b"mode", b"moderation", b"permission", b"prompt")),
    (b"u", (b"user",)),
    (b"w", (b"now",)),
)


def _may_share_letter(letter: bytes, one: bytes, other: bytes) -> bool:
    """Whether ``one`` and ``other`` can both stand at the same ``letter`` of a text (their
    letters before it and after it agree as far as both reach: "mode" and "moderation",
    "safety" and "yolo" in "safetyolo")."""
    at_one, at_other = one.index(letter), other.index(letter)
    before = min(at_one, at_other)
    after = min(len(one) - at_one, len(other) - at_other)
    return (one[at_one - before: at_one + after]
            == other[at_other - before: at_other + after])


class _AnchorGroup:
    """One search for the anchors of a group: ``pattern`` matches at a shared letter where
    one of them stands with its surroundings (look-behind and look-ahead; an empty group
    at the end of each word's branch says which matched). The search stops at the first
    branch that fits; where two words can fit the same letter, the others are then tried
    one by one (``also``)."""

    __slots__ = ("also", "anchors", "branches", "offsets", "pattern")

    def __init__(self, letter: bytes, anchors: Sequence[tuple[bytes, bytes]]) -> None:
        branches = []
        for word, context in anchors:
            at = word.index(letter)
            behind, after = re.escape(word[: at + 1]), re.escape(word[at + 1:])
            if context:
                assert context.startswith(_SPACE + word), context
                behind, after = _SPACE + behind, after + context[len(_SPACE + word):]
            branches.append(b"(?<=" + behind + b")" + (b"(?=" + after + b")" if after else b""))
        if len(anchors) == 1:  # the rest of the word as the search's literal: fewer stops
            (word, context), = anchors
            at = word.index(letter)
            around = (_SPACE + re.escape(word) if context else re.escape(word))
            tail = context[len(_SPACE + word):]
            self.pattern = re.compile(re.escape(word[at:]) + b"(?<=" + around + b")"
                                      + (b"(?=" + tail + b")" if tail else b"") + b"()")
        else:
            self.pattern = re.compile(
                re.escape(letter) + b"(?:" + b"|".join(b + b"()" for b in branches) + b")")
        #: each word's branch alone, tried at a letter another word's branch matched
        self.branches = tuple(re.compile(re.escape(letter) + b) for b in branches)
        self.anchors = tuple(anchors)
        #: how far each word starts before its shared letter
        self.offsets = tuple(word.index(letter) for word, _ in anchors)
        words = [word for word, _ in anchors]
        self.also = tuple(
            tuple(other for other in range(len(words)) if other != one
                  and _may_share_letter(letter, words[one], words[other]))
            for one in range(len(words)))

    def find(self, low: bytes, hits: dict[tuple[bytes, bytes], list[int]]) -> None:
        """Every anchor of the group in ``low``, into ``hits``."""
        found: list[list[int]] = [[] for _ in self.anchors]
        offsets, also, branches = self.offsets, self.also, self.branches
        for match in self.pattern.finditer(low):
            which = (match.lastindex or 1) - 1  # (a branch always matched: never 0)
            at = match.start()
            found[which].append(at - offsets[which])
            for other in also[which]:
                if branches[other].match(low, at) is not None:
                    found[other].append(at - offsets[other])
        hits.update(zip(self.anchors, found, strict=True))  # (in order, as the letters come)


def _anchor_groups() -> dict[tuple[bytes, bytes], _AnchorGroup]:
    """Each grouped anchor (word, surroundings) -> its group's search."""
    contexts = {word: context for anchors in _ANCHORS for word, _, context in anchors or ()}
    groups: dict[tuple[bytes, bytes], _AnchorGroup] = {}
    for letter, words in _ANCHOR_GROUPS:
        group = _AnchorGroup(letter, [(word, contexts[word]) for word in words])
        groups.update((anchor, group) for anchor in group.anchors)
    return groups


#: (word, surroundings) -> the search that finds it with the other anchors of its group
#: (every anchor has one set of surroundings; "approv" and "permission" none in both
#: patterns that use them).
_GROUP_OF = _anchor_groups()
assert len(_GROUP_OF) == len({w for anchors in _ANCHORS for w, _, _ in anchors or ()
                              if any(w in words for _, words in _ANCHOR_GROUPS)})
#: What the line-start pattern needs: "<|", "[inst]", or "system" and then "[system]",
#: "system>" or "override" (most files have no "system": two searches spared). Literal
#: patterns, not ``in``: they start with punctuation (see :data:`_ANGLE_MARKERS`).
_INST_TAG = re.compile(rb"\[inst\]")
_SYSTEM_TAG = re.compile(rb"\[system\]")
#: pattern index -> its lead words as one search, longest first
_LEAD_OF = tuple(
    re.compile(b"|".join(re.escape(w.encode()) for w in sorted(words, key=len, reverse=True)))
    if words else None for words in _LEADS)
_LONGEST_LEAD = max(len(w) for words in _LEADS for w in words or ())
_ASCII_BYTES = bytes(range(128))
#: Whitespace but the line break, as ASCII bytes (what a blank line may hold besides it).
_BLANKS = b" \t\r\x0b\x0c\x1c\x1d\x1e\x1f"
#: ASCII letters lowered, and every blank made a line break: the anchors and lead words are
#: found as they are (a blank stays whitespace to every pattern, to ``split`` and to
#: :data:`_SPACE`), and a run of blank lines or of spaces becomes one run of line breaks,
#: found by one search (:func:`_may_push_offscreen`).
_LOWER_BYTES = bytes(
    10 if code in _BLANKS else code | 0x20 if 65 <= code <= 90 else code for code in range(256))
#: UTF-8 continuation bytes as 1, every other byte as 0 (byte offsets to character offsets)
_CONTINUATION = bytes(1 if 0x80 <= code < 0xC0 else 0 for code in range(256))
#: The only non-ASCII characters a case-insensitive pattern matches to an ASCII letter.
_ASCII_LOOKALIKES = re.compile("[\u0130\u0131\u017f\u212a]")


#: Whitespace in the lowered bytes: blanks made line breaks, and any byte of a non-ASCII
#: character (it may be a Unicode space).
_LOW_SPACES = b"\n" + bytes(range(0x80, 0x100))


def _system_before(low: bytes, at: int) -> bool:
    """Whether "system" may stand before offset ``at`` with only whitespace between ("#
    System override"): the line-start pattern's only form without punctuation."""
    start = max(0, at - 256)
    before = low[start:at].rstrip(_LOW_SPACES)
    # (what is left shorter than "system" and more before the window: it may be cut off)
    return before.endswith(b"system") or (len(before) < 6 and start > 0)


def _window_start(low: bytes, anchor: int, chunks: int) -> int:
    """The earliest offset at which a match can start that has at most ``chunks``
    whitespace-separated chunks before an anchor at ``anchor`` (bytes split at ASCII
    whitespace, blanks made line breaks: what the patterns' ``\\s`` reads as whitespace,
    but for Unicode spaces, and counting fewer chunks only widens the window)."""
    if chunks == 0:
        return anchor
    reach = 16 * (chunks + 1)
    while True:  # whitespace runs have no bound: widen until enough chunks are in sight
        start = max(0, anchor - reach)
        if start == 0 or len(low[start:anchor].split(None, chunks)) > chunks:
            return start
        reach *= 4


def _anchor_positions(low: bytes, word: bytes, context: bytes,
                      hits: dict[tuple[bytes, bytes], list[int]]) -> list[int]:
    """The offsets of ``word`` in ``low`` where its surroundings (``context``) stand;
    ``hits``: the anchors found so far (a group's search finds all of its anchors)."""
    positions = hits.get((word, context))
    if positions is not None:
        return positions
    group = _GROUP_OF.get((word, context))
    if group is not None:
        group.find(low, hits)
        return hits[word, context]
    positions = []
    at = low.find(word)
    while at >= 0:
        positions.append(at)
        at = low.find(word, at + 1)
    if context:
        around = _SURROUNDINGS[context].match
        positions = [at for at in positions if at and around(low, at - 1) is not None]
    hits[word, context] = positions
    return positions


def _candidates(low: bytes, index: int, anchors: tuple[tuple[bytes, int, bytes], ...],
                hits: dict[tuple[bytes, bytes], list[int]]) -> list[int]:
    """Byte offsets where pattern ``index`` may start: its lead words in the window before
    each anchor (``hits``: the anchors' offsets found so far, shared by the patterns)."""
    lead = _LEAD_OF[index]
    assert lead is not None
    starts: set[int] = set()
    for word, chunks, context in anchors:
        for anchor in _anchor_positions(low, word, context, hits):
            stop = anchor + _LONGEST_LEAD
            found = lead.search(low, _window_start(low, anchor, chunks), stop)
            while found is not None and found.start() <= anchor:
                starts.add(found.start())
                found = lead.search(low, found.end(), stop)
    return sorted(starts)


class _Encoded:
    """A text as the substring searches of every check read it, made once per file: its
    UTF-8 bytes (a search in them is faster than in a ``str`` holding wide characters), the
    same with ASCII letters lowered, and its non-ASCII characters alone (picked out in C:
    a few hundred characters where the text has tens of thousands)."""

    __slots__ = ("_angles", "_low", "data", "lookalikes", "others")

    def __init__(self, text: str, data: bytes | None = None) -> None:
        #: ``data``, when given, must be ``text`` encoded (the file's bytes, when they
        #: decoded without an error): encoding the text again is spared
        self.data = text.encode("utf-8", "surrogatepass") if data is None else data
        self.others = "" if text.isascii() else self.data.translate(
            None, _ASCII_BYTES).decode("utf-8", "surrogatepass")
        #: letters a case-insensitive pattern reads as ASCII ones: lowered bytes miss them
        self.lookalikes = bool(self.others) and _ASCII_LOOKALIKES.search(self.others) is not None
        self._low: bytes | None = None
        self._angles: frozenset[bytes] | None = None

    def holds(self, marker: bytes) -> bool:
        """Whether the lowered bytes hold ``marker``, one of :data:`_ANGLE_MARKERS`' ("<!--",
        "<img", "<|"): all three are found by one search for "<", rare in prose."""
        if self._angles is None:
            found: set[bytes] = set()
            for match in _ANGLE_MARKERS.finditer(self.low):
                found.add(match.group())
                if len(found) == 3:
                    break
            self._angles = frozenset(found)
        return marker in self._angles

    @property
    def low(self) -> bytes:
        """The bytes with ASCII letters lowered and blanks made line breaks
        (:data:`_LOWER_BYTES`)."""
        if self._low is None:
            self._low = self.data.translate(_LOWER_BYTES)
        return self._low


def injection_matches(text: str, encoded: _Encoded | None = None
                      ) -> Iterator[tuple[re.Match[str], bool, str]]:
    """Every injection phrase in ``text``: (match, strong, why it matters), each pattern's
    matches as ``finditer`` gives them (non-overlapping, leftmost first).

    Each pattern is tried only where its lead words stand before one of its anchors,
    found in the text's lowered UTF-8 bytes."""
    encoded = encoded or _Encoded(text)
    if not GATED or encoded.lookalikes:
        for pattern, strong, why in _INJECTION:  # every pattern everywhere
            yield from ((match, strong, why) for match in pattern.finditer(text))
        return
    data, low = encoded.data, encoded.low
    continuation = None if len(data) == len(text) else data.translate(_CONTINUATION)
    hits: dict[tuple[bytes, bytes], list[int]] = {}
    for index, (pattern, strong, why) in enumerate(_INJECTION):
        anchors = _ANCHORS[index]
        if anchors is None:  # (after pattern 0, whose anchors include "override")
            if encoded.holds(b"<|") or _INST_TAG.search(low) or (b"system" in low and (
                    _SYSTEM_TAG.search(low) or b"system>" in low
                    or any(_system_before(low, at) for at in hits[b"override", b""]))):
                yield from ((match, strong, why) for match in pattern.finditer(text))
            continue
        end = byte = char = 0
        for offset in _candidates(low, index, anchors, hits):
            if continuation is not None:  # characters before it: bytes less continuations
                char += offset - byte - continuation.count(1, byte, offset)
                byte = offset
            else:
                char = offset
            if char < end:
                continue
            match = pattern.match(text, char)
            if match is not None:
                end = max(match.end(), char + 1)
                yield match, strong, why


def has_injection(text: str) -> tuple[bool, str] | None:
    """(strong, why) of the first injection phrase in ``text`` (strong ones first), or None."""
    found = sorted(((not strong, why) for _, strong, why in injection_matches(text)))
    return (not found[0][0], found[0][1]) if found else None


# ------------------------------------------------------------------ agent-directed text

#: Words that make a comment or an alt text an instruction to an agent rather than a note.
# (not a folder named after one: "block ~/.copilot/ but repos are always accessible")
_AGENT = (r"(?<![./])\b(?:AI|assistant|agent|Claude|Codex|Gemini|Copilot|Cursor|LLM|"
          r"language\s+model|the\s+model)\b(?!/)[^.\n]{0,80}\b")
_ORDER = r"must|should|always|never|do\s+not|don'?t|shall|needs?\s+to|has\s+to"
_DIRECTED_OTHERWISE = (
    r"\b(?:you|agent|assistant)\s+(?:must|should|shall|need\s+to|have\s+to)\s+(?:always\s+|"
    r"also\s+|first\s+|silently\s+|quietly\s+)?(?:run|execute|send|upload|post|fetch|download|"
    r"install|delete|remove|copy|read|ignore|curl|wget)\b|"
    r"\b(?:silently|quietly|secretly)\s+(?:run|execute|send|upload|post|fetch|download|install|"
    r"delete|remove|copy|read|add)\b|"
    r"\balso\s+(?:post|send|upload|run|execute|read|copy|include|attach|fetch)\b|"
    r"\b(?:post|send|upload|exfiltrate|forward)\b[^\n]{0,160}https?://")
_AGENT_DIRECTED = re.compile(
    _AGENT + r"(?:" + _ORDER + r"|will|run|execute|send|upload|post|fetch|download|install|"
    r"delete|remove|read|open|ignore|include|add|call|use)\b|" + _DIRECTED_OTHERWISE,
    re.IGNORECASE)
#: The same for an image's description (alt text): only an order, not what the agent does
#: in the picture ("VS Code with the Claude Code panel open", "Diagram showing Claude Code's
#: connections: install/update connects to ...", "the option to let Claude take screenshots").
_AGENT_DIRECTED_PICTURE = re.compile(
    _AGENT + r"(?:" + _ORDER + r")\b|" + _DIRECTED_OTHERWISE, re.IGNORECASE)
_URL_PATH = re.compile(r"(\w+://)[^\s<>\"'`)\]]+")
#: Commands and endpoints: a comment that holds one is a hidden order, not a note.
_PAYLOAD = re.compile(
    r"\b(?:curl|wget|Invoke-WebRequest|iwr|nc|ncat|base64\s+-d)\s+\S|\|\s*(?:ba|z)?sh\b|"
    r"\b(?:bash|sh|python3?|node)\s+-c\s|\beval\s*\(|https?://\S+\s+\S*(?:send|post|upload)",
    re.IGNORECASE)
#: A heading or a picture on a line of its own: Markdown content commented out.
_COMMENTED_OUT = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+\S|!\[)", re.MULTILINE)
#: Comments that are tooling markers, never instructions.
_MARKER_COMMENT = re.compile(
    r"^\s*(?:/?toc\b|prettier-ignore|markdownlint-|textlint-|vale\s|cspell:|spell-?checker:|"
    r"lint-|eslint-|omit in toc|more\b|truncate\b|end\b|begin\b|start\b|@format\b|"
    r"#\s*region|#\s*endregion|BEGIN\b|END\b|SPDX-License-Identifier)", re.IGNORECASE)


#: Orders that only send the agent to the skill's own instructions: "If you're an AI agent,
#: read the SKILL.md file instead", "DO NOT READ THIS FILE" atop a README for people
#: (eighty-eighth sample). Left out before looking for an order to the agent.
_NAVIGATION = re.compile(
    r"\b(?:read|see|open|use|follow)\s+(?:the\s+|this\s+skill'?s\s+)?`?SKILL\.md`?"
    r"(?:\s+file)?(?:\s+instead)?|"
    r"\b(?:do\s+not|don'?t|never)\s+(?:read|load|open)\s+this\s+"
    r"(?:file|readme|page|document)\b", re.IGNORECASE)


def instruction_in(text: str, *, picture: bool = False) -> tuple[bool, str] | None:
    """Whether hidden ``text`` holds an instruction: (strong, what) or None.

    Strong: injection phrasing or an order addressed to the agent (hidden, either is an
    attack). Weak: a command or an endpoint alone. A note to authors, a licence or a marker
    is no instruction. ``picture``: the text describes an image (alt text), where the agent
    named with a verb is what the picture shows, and only an order counts.
    """
    found = has_injection(text)
    if found is not None:
        return True, found[1]
    # a section of the page commented out (its headings and pictures kept: "<!-- Screenshots
    # section - uncomment when … ## Screenshots … AI assistants use the tools to read …")
    # describes, as the page does: only an order counts there too
    described = picture or _COMMENTED_OUT.search(text) is not None
    directed = _AGENT_DIRECTED_PICTURE if described else _AGENT_DIRECTED
    # a URL's words address nobody ("<!-- source: https://platform.claude.com/docs/en/
    # about-claude/use-case-guides/x -->"); its scheme stays for "send it to https://..."
    words = _NAVIGATION.sub(" ", _URL_PATH.sub(r"\1url", text) if "://" in text else text)
    if directed.search(words):
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
#: Of those, the ones that make what follows right-to-left (embedding, override, isolate):
#: in a line with no right-to-left letter only these reorder what a reviewer sees.
_RTL_CONTROLS = frozenset("\u202b\u202e\u2067")
#: How a :data:`BIDI` finding of left-to-right controls in left-to-right text ends.
_REORDER_NOTHING = "reorder nothing in this left-to-right line"


def reorders_nothing(finding: TextFinding) -> bool:
    """Whether a :data:`BIDI` finding is of controls that reorder nothing in their line."""
    return finding.detail.endswith(_REORDER_NOTHING)
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
              characters_only: bool = False, data: bytes | None = None) -> list[TextFinding]:
    """Every hidden instruction and injection phrase in one file's text, sorted by place.

    ``markdown``: the file is Markdown (fences and code spans show text as code);
    ``topic``: the skill's name and description (a skill about security quotes attacks in
    its lists and tables); ``characters_only``: look only for invisible, smuggled and bidi
    characters (source code, where comments and phrasing are the code analysis's part);
    ``data``: the text's UTF-8 bytes, when the caller has them (spares encoding it again).
    """
    layout = _Layout(text, markdown)
    encoded = _Encoded(text, data)
    findings: list[TextFinding] = []
    if _may_hide_characters(encoded):
        findings.extend(_characters(layout))
    if characters_only:
        findings.sort(key=lambda f: (f.line, f.column, f.kind))
        return findings
    hidden_spans: list[tuple[int, int]] = []
    if encoded.holds(b"<!--"):
        findings.extend(_comments(text, layout, hidden_spans))
    if _may_hide_link_text(text, encoded):
        findings.extend(_link_texts(text, layout, hidden_spans))
    if _may_push_offscreen(encoded):
        findings.extend(_offscreen(text, layout))
    findings.extend(_injections(text, encoded, layout, hidden_spans,
                                _security_topic(topic)))
    findings.sort(key=lambda f: (f.line, f.column, f.kind))
    return findings


#: Every character :func:`_characters` reports: invisible, bidi, tag and variation selector.
_REPORTED_CHARACTER = re.compile(
    "[" + "".join(sorted(_INVISIBLE | _BIDI)) + "\U000e0000-\U000e007f\U000e0100-\U000e01ef]")


@functools.lru_cache(maxsize=64)
def _security_topic(topic: str) -> bool:
    """Whether a skill's name and description make it a skill about security (asked once
    per skill, not once per file)."""
    return _SECURITY_TOPIC.search(topic) is not None


def _may_hide_characters(encoded: _Encoded) -> bool:
    """Whether the text holds a character :func:`_characters` looks at: only its non-ASCII
    characters are searched (none in most files)."""
    if not encoded.others:
        return False
    return not GATED or _REPORTED_CHARACTER.search(encoded.others) is not None


#: A link with a title: ``](url "title")``, or a reference definition with one: ``]: url
#: "t"`` (one search: both start with "]", so it is quick), in the UTF-8 bytes: any byte
#: of a non-ASCII character may be part of a Unicode space, so this finds at least what
#: :data:`_IMAGE_OR_LINK` and :data:`_REFERENCE_DEF` find in the text.
_TITLED = re.compile(rb"\](?:\(" + _SPACE + rb"*<?[^)\s>]*>?|:" + _SPACE + rb"*\S+)"
                     + _SPACE + rb"+[\"'(]")
_HTML_IMAGE = re.compile(r"<img", re.IGNORECASE)
#: Literal searches for markers that start with punctuation: a pattern that starts with a
#: literal finds it by scanning for its first character, two to three times faster than
#: ``bytes.find`` for a needle of two to six bytes, and punctuation is rare in prose. The
#: markers that start with "<" are found by one search (:meth:`_Encoded.holds`).
_IMAGE_OPEN = re.compile(rb"!\[")
_ANGLE_MARKERS = re.compile(rb"<(?:!--|img|\|)")


def _may_hide_link_text(text: str, encoded: _Encoded) -> bool:
    """Whether the text holds an image, a link or a reference definition with a title, or
    an HTML image: the only places :func:`_link_texts` looks. Almost every Markdown file
    has links; few have images or titles."""
    if not GATED:
        return True
    return (_IMAGE_OPEN.search(encoded.data) is not None
            or _TITLED.search(encoded.data) is not None
            or (_HTML_IMAGE.search(text) is not None if encoded.lookalikes
                else encoded.holds(b"<img")))


_BLANK_RUN_BYTES = b"\n" * BLANK_RUN  # (the search puts one more before the text)


def _may_push_offscreen(encoded: _Encoded) -> bool:
    """Whether :func:`_offscreen` can find anything: a run of blank lines (line breaks with
    nothing but blanks between) or a long run of spaces or tabs. Both are a run of at least
    :data:`BLANK_RUN` line breaks in the lowered bytes (blanks made line breaks): one search
    rules out almost every file; the rest are checked as :func:`_offscreen` reads them."""
    if not GATED:
        return True
    if any(ch.isspace() for ch in set(encoded.others)):  # a Unicode space may fill a line
        return True
    if _BLANK_RUN_BYTES not in encoded.low:
        return False
    data = encoded.data
    if b" " * SPACE_RUN in data or b"\t" * 40 in data:
        return True
    return _BLANK_RUN_BYTES in data.translate(None, _BLANKS)


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
        found = instruction_in(content, picture=where.startswith("image"))
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
            rtl_text = _is_rtl_text(line)
            # in a line of left-to-right letters only the right-to-left controls reorder
            # anything (an embedding copied from a web page, U+202A ... U+202C, does not)
            reorders = rtl_text or any(line[i] in _RTL_CONTROLS for i in controls)
            ranges = _written_as_ranges(line, controls)
            yield TextFinding(
                BIDI, index + 1, controls[0] + 1, _quote(line),
                f"bidirectional control{'s' if len(controls) != 1 else ''} "
                f"({', '.join(names)}) that "
                + ("reorder what a reviewer sees" if reorders else _REORDER_NOTHING)
                + (" (written raw as a range of characters: a filter's data)" if ranges
                   else ""),
                strong=reorders and not rtl_text and not ranges)


def _written_as_ranges(line: str, controls: list[int]) -> bool:
    """Whether every control of ``line`` is an end of a range of such characters written
    raw (``"\u202a-\u202e"`` typed as the characters themselves in a sanitizer's character
    class, ninety-fifth sample): the data of a filter that strips them, not a reordering
    of the code around them."""
    hidden = _BIDI | _INVISIBLE

    def in_range(at: int) -> bool:
        return ((at >= 2 and line[at - 1] == "-" and line[at - 2] in hidden)
                or (at + 2 < len(line) and line[at + 1] == "-" and line[at + 2] in hidden))

    return all(in_range(at) for at in controls)


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


def _injections(text: str, encoded: _Encoded, layout: _Layout,
                hidden: Sequence[tuple[int, int]], security_topic: bool
                ) -> Iterator[TextFinding]:
    reported: set[tuple[int, int]] = set()
    for match, strong, why in injection_matches(text, encoded):
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


def _inside_open_quotation(layout: _Layout, line: int) -> bool:
    """Whether ``line`` sits inside a quotation that spans lines of its paragraph: an odd
    number of straight double quotes before it and a closing one on it or after it
    ("...orders.\nIgnore all previous instructions. ...\"" quoted over two lines). A stray
    quote with no closing one excuses nothing, as a quotation on one line must close too."""
    quotes = 0
    for index in range(line - 1, max(-1, line - 20), -1):
        before = layout.lines[index]
        if not before.strip():
            break
        quotes += before.count('"')
    if quotes % 2 == 0:
        return False
    for index in range(line, min(len(layout.lines), line + 20)):
        after = layout.lines[index]
        if not after.strip():
            return False
        if '"' in after:
            return True
    return False


#: Before a phrase on its line: a command-line option it is what of ("| `--fresh` | false |
#: Ignore previous context", "use `/x --fresh` to ignore previous context", "Add
#: --system-prompt-file option to override system prompt").
_OPTION_BEFORE = re.compile(
    r"(?:^|[\s`(])--[a-z][\w-]*(?:[ =](?:<[^<>\n]*>|\[[^\]\n]*\]|[A-Z_]+))?`?\s*"
    r"(?:(?:option|flag|switch)\s+)?(?:(?:\|[^|\n]*)*\|\s*|to\s+)$", _I)
#: Before a phrase: a table row whose first cell is a code span, a command or a keyword the
#: row describes ("| `expert` | Switch to developer mode |", a tutor's verbosity level).
_TABLE_KEY_BEFORE = re.compile(r"^\s*\|\s*`[^`\n]+`\s*(?:\|[^|\n]*)*\|\s*$")
#: Before a phrase: a denied permission ("never allow user content to override system
#: instructions"): the phrase is what must not happen.
_DENIED_BEFORE = re.compile(
    r"\b(?:never|not|don'?t|cannot|can'?t|won'?t)\s+(?:allow|let|permit)s?\s+(?:[\w'-]+\s+){0,4}"
    r"(?:to\s+)?$", _I)
#: Before a phrase: what something other than the agent can do ("Topics can override
#: system instructions for different modes", a product's documentation): a capability
#: described, not an order. "You can", "the agent may", "Claude can now" and "it could"
#: address the agent, or may, and stay orders.
_CAPABILITY_BEFORE = re.compile(
    r"(?:^|[^\w'-])(?!(?:you|u|it|they|we|i|agents?|assistants?|models?|claude|ai|llms?|"
    r"bots?|chatbots?|codex|gemini|copilot|gpt[\w.-]*)\s)[a-z][\w'-]*\s+"
    r"(?:can|could|may|might|will|would)\s+(?:(?:also|still|even|then|now|optionally)\s+)?$",
    _I)
_DETERMINERS = frozenset({"the", "a", "an"})


def _what_a_tool_does(before: str, phrase: str, line_before: str) -> bool:
    """Whether the phrase says what a command-line option or command does, what must not
    happen, or what something other than the agent can do, rather than ordering it: after an
    option on its line (`--system-prompt <prompt>`), in a table row that a code span opens,
    after a denied permission or a capability ("Topics can"), or beside
    a command named by its words ("print-system-prompt   Print the system prompt for a
    project.", a CLI's help)."""
    if phrase.startswith("-"):
        return False  # an option itself ("claude --verbose --dangerously-skip-permissions")
    if (_OPTION_BEFORE.search(before) or _DENIED_BEFORE.search(before)
            or _TABLE_KEY_BEFORE.match(before) or _CAPABILITY_BEFORE.search(before)):
        return True
    words = [w for w in re.findall(r"[a-z]+", phrase.lower()) if w not in _DETERMINERS]
    command = "-".join(words)
    return len(words) > 1 and (command in before.lower() or command in line_before.lower())


def _documentary(layout: _Layout, line: int, start: int, end: int, security_topic: bool) -> bool:
    """Whether a reviewer would read the phrase as a quoted example rather than an order."""
    text = layout.lines[line]
    if layout.in_code(layout.starts[line] + start) or text.lstrip().startswith(">"):
        return True
    if _quoted(text, start, end) or _inside_open_quotation(layout, line):
        return True
    # the line itself, the sentence that introduces it ("Attackers write:") or the section
    # heading ("## Injection patterns"); not any line nearby, or an attacker could excuse an
    # order by writing "for example" on the next line
    if _CUE.search(text) or _ATTACK_TOPIC.search(layout.heading_before(line)):
        return True
    before = next((layout.lines[i] for i in range(line - 1, max(-1, line - 4), -1)
                   if layout.lines[i].strip()), "")
    if _what_a_tool_does(text[:start], text[start:end], before):
        return True
    if before.rstrip().endswith(":") and _CUE.search(before):
        return True
    return security_topic and _LIST_OR_TABLE.match(text) is not None
