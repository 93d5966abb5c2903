"""A local stand-in for the Anthropic Messages API, for tests that drive the real SDK over HTTP.

    from tests.support.messages_api import MessagesAPIServer, message, text, tool_use, error

    script = [error(529), message(tool_use("run_command", {"node": "node1", "command": "id"})),
              message(text("done"))]
    with MessagesAPIServer(script) as api:
        client = anthropic.Anthropic(api_key="k", base_url=api.base_url, max_retries=0)
        ...
    api.requests[0].body["messages"]          # what the SDK sent, parsed
    api.requests[0].headers["x-api-key"]      # header names are lower-case

The server (tests.support.scripted_api) answers POST /v1/messages from a script. Replies:

    message(*blocks, stop_reason=None, usage=None, model=None)  a Message; stop_reason defaults
                                    to "tool_use" when a block is a tool_use, else "end_turn";
                                    model defaults to the request's model, as the API echoes it
      blocks: text(s), tool_use(name, input, id=None), thinking(s, signature="sig")
      usage:  Usage(input_tokens, output_tokens, cache_read_input_tokens,
                    cache_creation_input_tokens)
    and the transport replies of tests.support.scripted_api: error(status, …) (Anthropic's
    error JSON), Delay, Drop, Malformed, CutStream

The answer's shape follows the request: "stream": true gets the SSE event sequence
(message_start, content_block_start/delta/stop per block, message_delta, message_stop), else
one JSON body.
"""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field, replace
from typing import Any

from tests.support.scripted_api import (  # noqa: F401  (re-exported for the tests)
    CutStream, Delay, Drop, ErrorStatus, Malformed, RecordedRequest, Script, ScriptedAPIServer,
    error)

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


def text(s: str) -> dict[str, Any]:
    return {"type": "text", "text": s}


def tool_use(name: str, input: Any, id: str | None = None) -> dict[str, Any]:
    return {"type": "tool_use", "id": id or f"toolu_{next(_ids):04d}", "name": name, "input": input}


def thinking(s: str, signature: str = "sig") -> dict[str, Any]:
    return {"type": "thinking", "thinking": s, "signature": signature}


_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
                403: "permission_error", 404: "not_found_error", 413: "request_too_large",
                429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}


def message(*blocks: dict[str, Any], stop_reason: str | None = None, usage: Usage | None = None,
            model: str | None = None) -> Message:
    if stop_reason is None:
        stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return Message(tuple(blocks), stop_reason, usage or Usage(), model)


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


class MessagesAPIServer(ScriptedAPIServer):
    route = "/v1/messages"

    def default_model(self) -> str:
        return DEFAULT_MODEL

    def answer_json(self, answer: Message, model: str) -> dict[str, Any]:
        return (answer if answer.model else replace(answer, model=model)).to_json()

    def answer_stream(self, answer: Message, model: str, request: Any) -> bytes:
        return _sse(answer if answer.model else replace(answer, model=model))

    def error_json(self, err: ErrorStatus) -> dict[str, Any]:
        kind = err.error_type or _ERROR_TYPES.get(err.status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": err.message or f"scripted {kind}"}}
