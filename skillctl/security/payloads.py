"""Encoded payloads: base64 and hex blobs that decode to commands, URLs or code.

Every long base64 or hex run in a text is decoded and looked at: a blob that decodes to
binary data (an image, a font, a hash, a key) is not a payload; one that decodes to text
naming a URL, a shell command or code is. One more layer of base64 inside is unwrapped.
Blobs are bounded (at most :data:`MAX_BLOBS` per text, :data:`MAX_BLOB_CHARS` each).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from dataclasses import dataclass

from skillctl.security import facts as F

#: Shortest base64 run looked at (30 bytes of decoded text: "curl x.example/a | sh").
MIN_BASE64 = 28
MIN_HEX = 32
MAX_BLOBS = 200
MAX_BLOB_CHARS = 64 * 1024

_HEX_ESCAPES = re.compile(r"(?:\\x[0-9A-Fa-f]{2}){12,}")
#: What makes decoded text a payload: commands, code and network endpoints.
_SUSPICIOUS = re.compile(
    r"https?://|\b(?:curl|wget|bash|/bin/sh|sh -c|nc|ncat|netcat|powershell|iex|"
    r"Invoke-(?:Expression|WebRequest)|rm -rf|chmod|eval|exec|import os|import socket|"
    r"subprocess|os\.system|/dev/tcp|require\(|child_process|base64 -d|crontab|"
    r"ssh|\.aws|id_rsa|python3? -c|fromCharCode|document\.cookie)\b")


@dataclass(frozen=True, slots=True)
class Payload:
    """A blob at a line that decodes to something suspicious."""

    line: int
    blob: str
    decoded: str  # the decoded text, cut to 120 characters
    encoding: str  # "base64" or "hex"


def _text(data: bytes) -> str | None:
    """Decoded bytes as text when they are mostly printable text, else None."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    printable = sum(ch.isprintable() or ch in "\n\r\t" for ch in text)
    return text if text and printable >= 0.95 * len(text) else None


def _decode_base64(blob: str) -> str | None:
    padded = blob + "=" * (-len(blob) % 4)
    try:
        return _text(base64.b64decode(padded, validate=True))
    except (binascii.Error, ValueError):
        return None


def _decode_hex(blob: str) -> str | None:
    try:
        return _text(bytes.fromhex(blob))
    except ValueError:
        return None


def _judge(decoded: str) -> str | None:
    inner = _BASE64_RUN.search(decoded)
    if inner is not None:  # one more layer
        deeper = _decode_base64(inner.group(0))
        if deeper is not None and _SUSPICIOUS.search(deeper):
            return deeper
    return decoded if _SUSPICIOUS.search(decoded) else None


#: Every byte that cannot be part of a base64 or hex run, mapped to a space: splitting the
#: translated text gives the candidate runs at C speed, so a text without a long run costs
#: no regular expression search.
_NOT_BASE64 = bytes(
    code if chr(code).isascii() and (chr(code).isalnum() or chr(code) in "+/=") else 32
    for code in range(256))


#: Every byte of a run written as "a", every other one as a space: a run long enough holds
#: this needle.
_BASE64_AS_A = bytes(32 if code == 32 else 97 for code in _NOT_BASE64)
_LONG_RUN = b"a" * MIN_BASE64


def _long_runs(text: str) -> list[str]:
    """The runs of base64 characters at least :data:`MIN_BASE64` long, in order."""
    data = text.encode("utf-8", "surrogateescape")
    if _LONG_RUN not in data.translate(_BASE64_AS_A):  # one C search, no split
        return []
    words = data.translate(_NOT_BASE64).split()
    return [w.decode("ascii") for w in words if len(w) >= MIN_BASE64][:MAX_BLOBS]


_HEX_RUN = re.compile(rf"(?:[0-9A-Fa-f]{{2}}){{{MIN_HEX // 2},}}")
_BASE64_RUN = re.compile(rf"[A-Za-z0-9+/]{{{MIN_BASE64},}}={{0,2}}")


def find_payloads(text: str) -> Iterator[Payload]:
    """Encoded blobs in ``text`` that decode to commands, URLs or code."""
    if len(text) > 4 * 1024 * 1024:
        text = text[: 4 * 1024 * 1024]
    searched = 0
    for run in _long_runs(text):
        for piece in run.split("=="):  # runs joined by padding are several blobs
            blob_match = _BASE64_RUN.search(piece)
            if blob_match is None:
                continue
            blob = blob_match.group(0)[:MAX_BLOB_CHARS]
            if _HEX_RUN.fullmatch(blob.rstrip("=")):
                decoded, encoding = _decode_hex(blob.rstrip("=")), "hex"
            elif blob.isalpha() and (blob.islower() or blob.isupper()):
                continue  # a long word, not base64
            else:
                decoded, encoding = _decode_base64(blob.rstrip("=")), "base64"
            if decoded is None:
                continue
            found = _judge(decoded)
            if found is not None:
                searched = text.find(blob.rstrip("=")[:40], searched)
                line = text.count("\n", 0, max(searched, 0)) + 1
                yield Payload(line, blob, F.clip(" ".join(found.split()))[:120], encoding)
    if "\\x" in text:
        for match in _HEX_ESCAPES.finditer(text):
            decoded = _decode_hex(match.group(0)[:MAX_BLOB_CHARS].replace("\\x", ""))
            found = _judge(decoded) if decoded is not None else None
            if found is not None:
                line = text.count("\n", 0, match.start()) + 1
                yield Payload(line, match.group(0), F.clip(" ".join(found.split()))[:120],
                              "hex")
