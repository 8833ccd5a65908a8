"""``skillctl lint --format sarif``: SARIF 2.1.0 for GitHub code scanning and other viewers.

One run whose ``tool.driver`` lists the rules that ran (id, PascalCase name, short and full
description, help as text and Markdown from the rule's docstring, default level, tags: the
rule's source and agents), and one result per finding with ``ruleId``/``ruleIndex``, a
``level`` (error, warning, note), the message (plus the hint), and a physical location:
a URI relative to ``%SRCROOT%`` (the repository checkout) with 1-based line and column.

``partialFingerprints["skillctl/v1"]`` is a hash of the rule, the file and the message (not
the line, so moving text does not make an alert look new), with a counter to tell identical
findings in one file apart. The output is deterministic: no timestamps, no absolute paths
for files below the current directory, sorted rules and results. The log is valid UTF-8 and
valid Unicode: a file name that is not UTF-8 is percent-encoded byte for byte in URIs
(``bad%FF``) and written ``bad\\xff`` in message text (:func:`skillctl.textsafe.unicode_safe`).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from collections.abc import Callable
from itertools import groupby
from operator import attrgetter
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from skillctl import __version__
from skillctl.gcpause import paused_gc
from skillctl.lint.result import LintReport, RuleInfo
from skillctl.model import Diagnostic, Severity
from skillctl.report.jsontext import emit, pieces, quoter
from skillctl.report.lint_common import (
    encodable,
    encodes_all_unicode,
    repo_relative,
)
from skillctl.textsafe import unicode_safe

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
#: Where people learn about the tool (the distribution on PyPI).
INFORMATION_URI = "https://pypi.org/project/skillctl-cli/"
FINGERPRINT_KEY = "skillctl/v1"

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def pascal_case(rule_id: str) -> str:
    """``name-case`` -> ``NameCase`` (SARIF's convention for a rule's ``name``)."""
    return "".join(part[:1].upper() + part[1:] for part in rule_id.replace("_", "-").split("-"))


def _full_description(rule: RuleInfo) -> str:
    paragraphs = [p.strip() for p in rule.doc.strip().split("\n\n") if p.strip()]
    if not paragraphs:
        return rule.summary or rule.id
    chosen = [paragraphs[0]]
    if len(paragraphs) > 1:
        second = paragraphs[1]
        if not second.startswith(("```", "#", "-", "*", "|")) and not second.endswith(":"):
            chosen.append(second)
    return " ".join(" ".join(p.split()) for p in chosen)


def rule_descriptor(rule: RuleInfo) -> dict[str, Any]:
    """The ``reportingDescriptor`` of one rule."""
    doc = rule.doc.strip() or rule.summary or rule.id
    tags = ["skillctl", rule.source, *sorted(rule.agents)]
    return {
        "id": rule.id,
        "name": pascal_case(rule.id),
        "shortDescription": {"text": rule.summary or rule.id},
        "fullDescription": {"text": _full_description(rule)},
        "help": {"text": doc, "markdown": doc},
        "defaultConfiguration": {"level": _LEVEL[rule.default_severity]},
        "properties": {"tags": list(dict.fromkeys(tags)), "fixable": rule.fixable},
    }


def _placeholder_rule(rule_id: str, severity: Severity) -> RuleInfo:
    """A catalog entry for a finding whose rule the report does not describe."""
    return RuleInfo(id=rule_id, default_severity=severity, summary=rule_id, doc="")


#: A relative path that percent-encoding leaves as it is (what almost every path is).
_URI_AS_IS = re.compile(r"[A-Za-z0-9_.~/-]+")


def artifact_location(path: str) -> dict[str, Any]:
    """A SARIF ``artifactLocation``: relative to ``%SRCROOT%`` when it can be."""
    relative = repo_relative(path)
    if _URI_AS_IS.fullmatch(relative) and not relative.startswith("/"):
        return {"uri": relative, "uriBaseId": "%SRCROOT%"}  # quote() would change nothing
    if relative.startswith("/") if os.sep == "/" else Path(relative).is_absolute():
        try:
            return {"uri": Path(relative).as_uri()}
        except UnicodeEncodeError:  # not UTF-8: its bytes percent-encoded, as below
            return {"uri": "file://" + quote(relative, safe="/:", errors="surrogateescape")}
    # surrogateescape: the bytes of a name that is not UTF-8 are percent-encoded as they are
    return {"uri": quote(relative, safe="/", errors="surrogateescape"), "uriBaseId": "%SRCROOT%"}


def _fingerprint(rule: str, uri: str, message: str, occurrence: int) -> str:
    # surrogateescape: a file name that is not valid UTF-8 still hashes (to its own bytes)
    key = f"{rule}\0{uri}\0{message}".encode("utf-8", "surrogateescape")
    digest = hashlib.sha256(key).hexdigest()[:32]
    return f"{digest}:{occurrence}"


def _result(
    diagnostic: Diagnostic,
    index: int,
    occurrences: Counter[tuple[str, str, str]],
    locations: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    location = locations.get(diagnostic.path)
    if location is None:  # a skill's file is named by each of its findings: once is enough
        location = locations[diagnostic.path] = artifact_location(diagnostic.path)
    key = (diagnostic.rule, location["uri"], diagnostic.message)
    occurrences[key] += 1
    text = unicode_safe(diagnostic.message)
    if diagnostic.hint:
        text += f"\nHint: {unicode_safe(diagnostic.hint)}"
    return {
        "ruleId": diagnostic.rule,
        "ruleIndex": index,
        "level": _LEVEL[diagnostic.severity],
        "message": {"text": text},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": location,
                    "region": {
                        "startLine": max(1, diagnostic.line),
                        "startColumn": max(1, diagnostic.column),
                    },
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT_KEY: _fingerprint(*key, occurrences[key])},
        "properties": {"fixable": diagnostic.fixable},
    }


def _rule_ids(report: LintReport, diagnostics: list[Diagnostic]) -> dict[str, RuleInfo]:
    """The rules the log describes, by id: those that ran and those with findings."""
    catalog: dict[str, RuleInfo] = {rule.id: rule for rule in report.rules}
    # the rules of the findings gathered in C; the loop only when one is not in the catalog
    if not set(map(attrgetter("rule"), diagnostics)) <= catalog.keys():
        for diagnostic in diagnostics:
            if diagnostic.rule not in catalog:
                catalog[diagnostic.rule] = _placeholder_rule(diagnostic.rule, diagnostic.severity)
    return {rule_id: catalog[rule_id] for rule_id in sorted(catalog)}


def report_to_sarif(report: LintReport) -> dict[str, Any]:
    """The SARIF log for a report, as plain Python data (the reference :func:`write`'s
    text is tested against)."""
    diagnostics = report.diagnostics
    catalog = _rule_ids(report, diagnostics)
    index = {rule_id: number for number, rule_id in enumerate(catalog)}
    occurrences: Counter[tuple[str, str, str]] = Counter()
    locations: dict[str, dict[str, Any]] = {}
    results = [_result(d, index[d.rule], occurrences, locations) for d in diagnostics]
    return _log(catalog, results)


def _log(catalog: dict[str, RuleInfo], results: list[Any]) -> dict[str, Any]:
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "skillctl",
                        "informationUri": INFORMATION_URI,
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [rule_descriptor(rule) for rule in catalog.values()],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


#: Stands for the results in the log's text, which is cut there to write them one by one.
_RESULTS_HERE = "\0results\0"
#: The indentation of a result's members: results sit five levels deep in the log.
_IN = "\n" + "  " * 5
#: What comes between two results (each result's text starts after its ``{``).
_BETWEEN = ",\n        {"
_PATH = attrgetter("path")


def write(report: LintReport, stream: TextIO, *, color: bool | None = None) -> None:
    """Write the report as a SARIF 2.1.0 log (``color`` is ignored).

    The text is what :func:`report_to_sarif` written as indented JSON gives, byte for byte
    (a property test checks it), but each result is written from a template as it is
    made: no dicts per finding, and no copy of the whole log in memory. The log's text is
    valid Unicode (:func:`unicode_safe`, percent-encoded URIs), so a UTF-8 stream takes it as
    it comes; another one first gets it whole, in ``\\u`` escapes if it cannot encode it.
    """
    del color
    with paused_gc():
        if encodes_all_unicode(stream):
            _write_log(report, stream.write, ensure_ascii=False)
            return
        text: list[str] = []
        _write_log(report, text.append, ensure_ascii=False)
        if not all(encodable(stream, piece) for piece in text):
            text.clear()
            _write_log(report, text.append, ensure_ascii=True)
    for piece in text:
        stream.write(piece)


def _write_log(report: LintReport, sink: Callable[[str], object], *, ensure_ascii: bool) -> None:
    diagnostics = report.diagnostics
    catalog = _rule_ids(report, diagnostics)
    if not diagnostics:
        emit(_log(catalog, []), sink, ensure_ascii=ensure_ascii)
        sink("\n")
        return
    quote = quoter(ensure_ascii=ensure_ascii)
    head, tail = "".join(
        pieces(_log(catalog, [_RESULTS_HERE]), ensure_ascii=ensure_ascii)
    ).split(quote(_RESULTS_HERE))
    sink(head)
    index = {rule_id: number for number, rule_id in enumerate(catalog)}
    # the part of a result's text that depends only on its rule (and severity)
    rule_heads: dict[tuple[str, Severity], str] = {}
    # uri -> how many times each fingerprint's key (by its digest) was seen: a small table
    # per file fills faster than one for the whole log (two spellings of a path share their
    # uri's)
    counts_by_uri: dict[str, dict[str, int]] = {}
    sha256 = hashlib.sha256
    opening = "{"
    # the findings are sorted by path: each file's are one run, its location made once
    for path, found in groupby(diagnostics, _PATH):
        location = artifact_location(path)
        uri = location["uri"]
        occurrences = counts_by_uri.setdefault(uri, {})
        # a flat object of strings: written here as emit(location, level=8) writes it
        members = ",".join([
            f"{_IN}        {quote(name)}: {quote(value)}" for name, value in location.items()
        ])
        where = (
            f'{_IN}}},{_IN}"locations": [{_IN}  {{{_IN}    "physicalLocation": {{{_IN}'
            f'      "artifactLocation": {{{members}{_IN}      }},{_IN}      "region": {{'
            f'{_IN}        "startLine": '
        )
        results: list[str] = []
        for diagnostic in found:
            head_key = (diagnostic.rule, diagnostic.severity)
            rule_head = rule_heads.get(head_key)
            if rule_head is None:
                rule_head = rule_heads[head_key] = (
                    f'{_IN}"ruleId": {quote(diagnostic.rule)},{_IN}"ruleIndex": '
                    f'{index[diagnostic.rule]},{_IN}"level": "{_LEVEL[diagnostic.severity]}",'
                    f'{_IN}"message": {{{_IN}  "text": '
                )
            # _fingerprint, inlined
            key = f"{diagnostic.rule}\0{uri}\0{diagnostic.message}"
            message = diagnostic.message
            try:  # valid Unicode (the common case): then the message is too
                hashed = key.encode("utf-8")
            except UnicodeEncodeError:  # a name that is not UTF-8 hashes to its own bytes
                hashed = key.encode("utf-8", "surrogateescape")
                message = unicode_safe(message)
            digest = sha256(hashed).hexdigest()[:32]
            # counted by digest, not by key: the keys of a whole log held 49 MB at 15,000
            # real skills (long messages), the digests a few; equal digests are equal keys
            occurrence = occurrences[digest] = occurrences.get(digest, 0) + 1
            if diagnostic.hint:
                hint = diagnostic.hint
                message += "\nHint: " + (hint if hint.isascii() else unicode_safe(hint))
            line, column = diagnostic.line, diagnostic.column
            results.append(
                f'{rule_head}{quote(message)}{where}{line if line > 1 else 1},'
                f'{_IN}        "startColumn": {column if column > 1 else 1}{_IN}      }}'
                f'{_IN}    }}{_IN}  }}{_IN}],{_IN}"partialFingerprints": {{{_IN}  '
                f'"{FINGERPRINT_KEY}": "{digest}:{occurrence}"{_IN}}},{_IN}"properties": {{'
                f'{_IN}  "fixable": {"true" if diagnostic.fixable else "false"}{_IN}}}\n        }}'
            )
        sink(opening + _BETWEEN.join(results))
        opening = _BETWEEN
    sink(tail)
    sink("\n")
