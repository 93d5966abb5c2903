"""A scripted HTTP API server for tests that drive a real SDK over real HTTP; the shapes of one
API's answers come from a subclass (tests.support.messages_api, tests.support.chat_api).

The server listens on 127.0.0.1 on a free port (`api.base_url`) in a thread and answers POST
requests to its route. Each request takes the next reply of the script, or, when `script` is a
callable, `script(request) -> reply`. Besides the API's own answers, every API gets the same
transport replies:

    error(status, error_type=None, message=None, retry_after=None, code=None)
                                    an HTTP error in the API's error JSON; retry_after (s)
                                    becomes the retry-after header
    Delay(seconds, then)            answer `then` only after `seconds` (forces a client timeout)
    Drop()                          close the connection without answering
    Malformed(body=…)               200 with a body that is not valid JSON / SSE
    CutStream(answer, events=3)     a stream's first events, then the connection reset

Every request is recorded in `api.requests` (RecordedRequest: method, path, headers, body)
before it is answered. A request beyond the end of a list script is answered 400 "script
exhausted" (not retryable, so the test fails fast) and counted in `api.unscripted`.
"""
from __future__ import annotations

import itertools
import json
import socket
import struct
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Sequence, Union

ids = itertools.count(1)


@dataclass(frozen=True)
class ErrorStatus:
    status: int
    error_type: str | None  # None: the API's usual type for the status
    message: str | None
    retry_after: float | None = None
    code: str | None = None  # OpenAI-style error code, e.g. context_length_exceeded


@dataclass(frozen=True)
class Delay:
    seconds: float
    then: Any


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
    then: Any
    events: int = 3


def error(status: int, error_type: str | None = None, message: str | None = None,
          retry_after: float | None = None, code: str | None = None) -> ErrorStatus:
    return ErrorStatus(status, error_type, message, retry_after, code)


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: Any  # parsed JSON, or the raw text when it is not JSON


Script = Union[Sequence[Any], Callable[[RecordedRequest], Any]]


class ScriptedAPIServer:
    route = "/"

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

    # -- what a subclass says about its API ------------------------------------------------
    def answer_json(self, answer: Any, model: str) -> dict[str, Any]:
        raise NotImplementedError

    def answer_stream(self, answer: Any, model: str, request: Any) -> bytes:
        """The SSE bytes, events separated by a blank line."""
        raise NotImplementedError

    def error_json(self, err: ErrorStatus) -> dict[str, Any]:
        raise NotImplementedError

    def default_model(self) -> str:
        raise NotImplementedError

    # -- the server ------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()  # cut Delay replies short
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()

    def _reply_for(self, request: RecordedRequest) -> Any:
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
                request = RecordedRequest("POST", self.path,
                                          {k.lower(): v for k, v in self.headers.items()}, body)
                if self.path.split("?")[0] != server.route:
                    self._send(404, server.error_json(ErrorStatus(404, None, f"no route {self.path}")))
                    return
                asked = body if isinstance(body, dict) else {}
                self._answer(server._reply_for(request), asked,
                             asked.get("model") or server.default_model())

            def _answer(self, reply: Any, asked: dict[str, Any], model: str) -> None:
                stream = asked.get("stream") is True
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
                    events = server.answer_stream(reply.then, model, asked).split(b"\n\n")
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
                    self._send(reply.status, server.error_json(reply), headers)
                elif stream:
                    self._write(200, "text/event-stream", server.answer_stream(reply, model, asked), {})
                else:
                    self._send(200, server.answer_json(reply, model))

            def _send(self, status: int, obj: Any, headers: dict[str, str] | None = None) -> None:
                self._write(status, "application/json", json.dumps(obj).encode(), headers or {})

            def _write(self, status: int, content_type: str, data: bytes, headers: dict[str, str]) -> None:
                try:
                    self.send_response(status)
                    self.send_header("content-type", content_type)
                    self.send_header("content-length", str(len(data)))
                    self.send_header("request-id", f"req_{next(ids):04d}")
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
