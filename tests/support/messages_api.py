"""A local stand-in for the Anthropic Messages API, for tests that drive the real SDK over HTTP.

    from tests.support.messages_api import MessagesAPIServer, message, text, tool_use, error

    script = [error(529), message(tool_use("run_command", {"node": "node1", "command": "id"})),
              message(text("done"))]
    with MessagesAPIServer(script) as api:
        client = anthropic.Anthropic(api_key="k", base_url=api.base_url, max_retries=0)
        ...
    api.requests[0].body["messages"]          # what the SDK sent, parsed
    api.requests[0].headers["x-api-key"]      # header names are lower-case

The server listens on 127.0.0.1 on a free port (`api.base_url`) in a thread and answers
POST /v1/messages. Each request takes the next reply of the script, or, when `script` is a
callable, `script(request) -> reply`. Replies:

    message(*blocks, stop_reason=None, usage=None, model=None)  a Message; stop_reason defaults
                                    to "tool_use" when a block is a tool_use, else "end_turn";
                                    model defaults to the request's model, as the API echoes it
      blocks: text(s), tool_use(name, input, id=None), thinking(s, signature="sig")
      usage:  Usage(input_tokens, output_tokens, cache_read_input_tokens,
                    cache_creation_input_tokens)
    error(status, error_type=None, message=None, retry_after=None)
                                    an HTTP error with Anthropic's error JSON; retry_after (s)
                                    becomes the retry-after header
    Delay(seconds, then)            answer `then` only after `seconds` (forces a client timeout)
    Drop()                          close the connection without answering
    Malformed(body=…)               200 with a body that is not valid JSON / SSE
    CutStream(message, events=3)    a stream's first events, then the connection reset

The answer's shape follows the request: "stream": true gets the SSE event sequence
(message_start, content_block_start/delta/stop per block, message_delta, message_stop), else
one JSON body. Every request is recorded in `api.requests` (RecordedRequest: method, path,
headers, body) before it is answered. A request beyond the end of a list script is answered
400 invalid_request_error "script exhausted" (not retryable, so the test fails fast) and
counted in `api.unscripted`.
"""
from __future__ import annotations

import itertools
import json
import socket
import struct
import threading
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Sequence, Union

DEFAULT_MODEL = "claude-test-model"
_ids = itertools.count(1)


@dataclass(frozen=True)
class Usage:
    input_tokens: int = 100
    output_tokens: int = 20
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0

    def to_json(self) -> dict[str, int]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class Message:
    content: tuple[dict[str, Any], ...]
    stop_reason: str
    usage: Usage = Usage()
    model: str | None = None  # None: the request's model
    id: str = field(default_factory=lambda: f"msg_{next(_ids):04d}")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": "message", "role": "assistant", "model": self.model,
                "content": list(self.content), "stop_reason": self.stop_reason,
                "stop_sequence": None, "usage": self.usage.to_json()}


@dataclass(frozen=True)
class ErrorStatus:
    status: int
    error_type: str
    message: str
    retry_after: float | None = None


@dataclass(frozen=True)
class Delay:
    seconds: float
    then: "Reply"


@dataclass(frozen=True)
class Drop:
    pass


@dataclass(frozen=True)
class Malformed:
    """HTTP 200 whose body is not the JSON (or the event stream) the API promises."""
    body: bytes = b'{"type": "message", "content": [{"type": "te'


@dataclass(frozen=True)
class CutStream:
    """The first `events` events of `then`'s stream, then the connection reset."""
    then: Message
    events: int = 3


Reply = Union[Message, ErrorStatus, Delay, Drop, Malformed, CutStream]

_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
                403: "permission_error", 404: "not_found_error", 413: "request_too_large",
                429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}


def text(s: str) -> dict[str, Any]:
    return {"type": "text", "text": s}


def tool_use(name: str, input: Any, id: str | None = None) -> dict[str, Any]:
    return {"type": "tool_use", "id": id or f"toolu_{next(_ids):04d}", "name": name, "input": input}


def thinking(s: str, signature: str = "sig") -> dict[str, Any]:
    return {"type": "thinking", "thinking": s, "signature": signature}


def message(*blocks: dict[str, Any], stop_reason: str | None = None, usage: Usage | None = None,
            model: str | None = None) -> Message:
    if stop_reason is None:
        stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return Message(tuple(blocks), stop_reason, usage or Usage(), model)


def error(status: int, error_type: str | None = None, message: str | None = None,
          retry_after: float | None = None) -> ErrorStatus:
    kind = error_type or _ERROR_TYPES.get(status, "api_error")
    return ErrorStatus(status, kind, message or f"scripted {kind}", retry_after)


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: Any  # parsed JSON, or the raw text when it is not JSON


Script = Union[Sequence[Reply], Callable[[RecordedRequest], Reply]]


def _sse(message: Message) -> bytes:
    """The event sequence the API streams for `message`."""
    start = message.to_json() | {"content": [], "stop_reason": None}
    events: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
    for index, block in enumerate(message.content):
        events.extend(_block_events(index, block))
    events.append({"type": "message_delta",
                   "delta": {"stop_reason": message.stop_reason, "stop_sequence": None},
                   "usage": message.usage.to_json()})
    events.append({"type": "message_stop"})
    return b"".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events)


def _block_events(index: int, block: dict[str, Any]) -> list[dict[str, Any]]:
    kind = block["type"]
    if kind == "text":
        empty, deltas = {"type": "text", "text": ""}, [{"type": "text_delta", "text": block["text"]}]
    elif kind == "tool_use":
        raw = json.dumps(block["input"])
        empty = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
        # Split the JSON, as the API does, so the SDK's partial-JSON accumulation is exercised.
        deltas = [{"type": "input_json_delta", "partial_json": raw[i:i + 16]}
                  for i in range(0, len(raw), 16)]
    elif kind == "thinking":
        empty = {"type": "thinking", "thinking": "", "signature": ""}
        deltas = [{"type": "thinking_delta", "thinking": block["thinking"]},
                  {"type": "signature_delta", "signature": block["signature"]}]
    else:
        raise ValueError(f"messages_api: no stream shape for block type {kind!r}")
    return ([{"type": "content_block_start", "index": index, "content_block": empty}]
            + [{"type": "content_block_delta", "index": index, "delta": d} for d in deltas]
            + [{"type": "content_block_stop", "index": index}])


class MessagesAPIServer:
    def __init__(self, script: Script) -> None:
        self.requests: list[RecordedRequest] = []
        self.unscripted = 0
        self._script = script
        self._next = 0
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        # A short poll interval: shutdown() waits up to one interval.
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> MessagesAPIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()  # cut Delay replies short
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()

    def _reply_for(self, request: RecordedRequest) -> Reply:
        with self._lock:
            self.requests.append(request)
            if callable(self._script):
                return self._script(request)
            if self._next < len(self._script):
                self._next += 1
                return self._script[self._next - 1]
            self.unscripted += 1
        return error(400, message=f"script exhausted after {len(self._script)} replies")

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", 0))).decode()
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = raw
                request = RecordedRequest("POST", self.path, {k.lower(): v for k, v in self.headers.items()},
                                          body)
                if self.path.split("?")[0] != "/v1/messages":
                    self._send(404, {"type": "error", "error": {
                        "type": "not_found_error", "message": f"no route {self.path}"}})
                    return
                asked = body if isinstance(body, dict) else {}
                self._answer(server._reply_for(request), asked.get("stream") is True,
                             asked.get("model") or DEFAULT_MODEL)

            def _answer(self, reply: Reply, stream: bool, model: str) -> None:
                if isinstance(reply, Delay):
                    if server._stopping.wait(reply.seconds):
                        return
                    reply = reply.then
                if isinstance(reply, Drop):
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                elif isinstance(reply, Malformed):
                    self._write(200, "text/event-stream" if stream else "application/json",
                                reply.body, {})
                elif isinstance(reply, CutStream):
                    events = _sse(replace(reply.then, model=reply.then.model or model)).split(b"\n\n")
                    self.send_response(200)
                    self.send_header("content-type", "text/event-stream")
                    self.end_headers()
                    self.wfile.write(b"\n\n".join(events[:reply.events]) + b"\n\n")
                    self.wfile.flush()
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                               struct.pack("ii", 1, 0))  # RST, not FIN
                    self.connection.close()
                    self.close_connection = True
                elif isinstance(reply, ErrorStatus):
                    headers = {} if reply.retry_after is None else {"retry-after": str(reply.retry_after)}
                    self._send(reply.status, {"type": "error", "error": {
                        "type": reply.error_type, "message": reply.message}}, headers)
                else:
                    reply = reply if reply.model else replace(reply, model=model)
                    if stream:
                        self._write(200, "text/event-stream", _sse(reply), {})
                    else:
                        self._send(200, reply.to_json())

            def _send(self, status: int, obj: Any, headers: dict[str, str] | None = None) -> None:
                self._write(status, "application/json", json.dumps(obj).encode(), headers or {})

            def _write(self, status: int, content_type: str, data: bytes, headers: dict[str, str]) -> None:
                try:
                    self.send_response(status)
                    self.send_header("content-type", content_type)
                    self.send_header("content-length", str(len(data)))
                    self.send_header("request-id", f"req_{next(_ids):04d}")
                    # One connection per request keeps Drop and Delay deterministic.
                    self.send_header("connection", "close")
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test); nothing to answer
                self.close_connection = True

        return Handler
