"""A tiny stand-in for the Anthropic Messages API on 127.0.0.1, for the Claude Code driver.

It records every request (path and JSON body) and answers ``POST /v1/messages`` with the
smallest valid reply (streamed as server-sent events when the request asks for a stream): a
one-word assistant turn, so that ``claude -p`` ends cleanly, or the blocks a responder chooses
(tool calls, for a driver that wants the agent to load its skills). Every other path gets
``{}``. It serves from a daemon thread and is stopped by leaving the ``with`` block.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_MODEL = "claude-stub"


@dataclass
class Recorded:
    """One request the stand-in received."""

    method: str
    path: str
    body: Any  # the decoded JSON body (None when there was none or it was not JSON)


#: given a ``/v1/messages`` request body, the content blocks of the reply (None: a text "ok")
Responder = Callable[[Any], "list[dict[str, Any]] | None"]


@dataclass
class StubServer:
    """A running stand-in: its base URL and what it has received so far."""

    url: str
    requests: list[Recorded] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    responder: Responder | None = None

    def messages(self) -> list[Any]:
        """The bodies of every ``POST /v1/messages`` request, in order."""
        with self.lock:
            return [r.body for r in self.requests
                    if r.method == "POST" and r.path.split("?", 1)[0] == "/v1/messages"]


def _stop_reason(blocks: list[dict[str, Any]]) -> str:
    return "tool_use" if any(b.get("type") == "tool_use" for b in blocks) else "end_turn"


def _message(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": "msg_stub", "type": "message", "role": "assistant", "model": _MODEL,
            "content": blocks, "stop_reason": _stop_reason(blocks),
            "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}


def _events(blocks: list[dict[str, Any]]) -> bytes:
    start = _message([])
    start["stop_reason"] = None
    events: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"type": "message_start", "message": start})]
    for index, block in enumerate(blocks):
        if block.get("type") == "tool_use":
            opening = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            opening = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block.get("text", "")}
        events += [
            ("content_block_start", {"type": "content_block_start", "index": index,
                                     "content_block": opening}),
            ("content_block_delta", {"type": "content_block_delta", "index": index,
                                     "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": index}),
        ]
    events += [
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": _stop_reason(blocks), "stop_sequence": None},
                           "usage": {"output_tokens": 1}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    return "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n"
                   for name, data in events).encode()


def _handler(server: StubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _record(self) -> Any:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            with server.lock:
                server.requests.append(Recorded(self.command, self.path, body))
            return body

        def _send(self, status: int, content_type: str, payload: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def do_POST(self) -> None:
            body = self._record()
            path = self.path.split("?", 1)[0]
            if path == "/v1/messages/count_tokens":
                self._send(200, "application/json", b'{"input_tokens": 1}')
            elif path == "/v1/messages":
                blocks = server.responder(body) if server.responder is not None else None
                if not blocks:
                    blocks = [{"type": "text", "text": "ok"}]
                if isinstance(body, dict) and body.get("stream"):
                    self._send(200, "text/event-stream", _events(blocks))
                else:
                    self._send(200, "application/json", json.dumps(_message(blocks)).encode())
            else:
                self._send(200, "application/json", b"{}")

        def do_GET(self) -> None:
            self._record()
            self._send(200, "application/json", b"{}")

        do_HEAD = do_GET

    return Handler


@contextmanager
def serve(responder: Responder | None = None) -> Iterator[StubServer]:
    """Start the stand-in on a free port of 127.0.0.1; stop it when the block ends.
    ``responder`` (called from the server's threads) chooses each reply's content blocks."""
    state = StubServer(url="", responder=responder)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, name="stub-messages", daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
