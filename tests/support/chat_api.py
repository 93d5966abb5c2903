"""A local stand-in for an OpenAI-compatible chat-completions API, for tests that drive the real
`openai` SDK over HTTP.

    from tests.support.chat_api import ChatAPIServer, completion, call, error

    script = [error(429, retry_after=1), completion(call("run_command", {"node": "node1",
              "command": "id"})), completion("done")]
    with ChatAPIServer(script) as api:
        client = openai.OpenAI(api_key="k", base_url=api.base_url + "/v1", max_retries=0)

The server (tests.support.scripted_api) answers POST /v1/chat/completions from a script.
Replies:

    completion(text=None, *calls, finish_reason=None, usage=None, model=None, refusal=None)
                                    a chat completion; finish_reason defaults to "tool_calls"
                                    when there are calls, else "stop"; model defaults to the
                                    request's
      calls:  call(name, arguments, id=None): arguments a dict (sent as JSON) or a str (sent
              as is: malformed JSON), id None for a fresh one, "" for none (local servers)
      usage:  ChatUsage(prompt_tokens, completion_tokens, cached_tokens); None: no usage
    and the transport replies of tests.support.scripted_api: error(status, …, code=…)
    (OpenAI's error JSON), Delay, Drop, Malformed, CutStream

"stream": true gets `data:` chunks (the role, the text in pieces, each call's id and name, then
its arguments in 16-character pieces, the finish reason, the usage chunk when the request asked
for it with stream_options.include_usage, and `data: [DONE]`), else one JSON body.
"""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from tests.support.scripted_api import (  # noqa: F401  (re-exported for the tests)
    CutStream, Delay, Drop, ErrorStatus, Malformed, RecordedRequest, Script, ScriptedAPIServer,
    error)

DEFAULT_MODEL = "local-test-model"
_ids = itertools.count(1)
_ERROR_TYPES = {400: "invalid_request_error", 401: "invalid_request_error",
                404: "invalid_request_error", 429: "requests", 500: "server_error",
                503: "server_error"}


@dataclass(frozen=True)
class ChatUsage:
    prompt_tokens: int = 100
    completion_tokens: int = 20
    cached_tokens: int | None = None  # None: prompt_tokens_details not reported

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"prompt_tokens": self.prompt_tokens,
                               "completion_tokens": self.completion_tokens,
                               "total_tokens": self.prompt_tokens + self.completion_tokens}
        if self.cached_tokens is not None:
            out["prompt_tokens_details"] = {"cached_tokens": self.cached_tokens}
        return out


@dataclass(frozen=True)
class Call:
    name: str
    arguments: str  # as sent: JSON text, or not
    id: str


@dataclass(frozen=True)
class Completion:
    text: str | None
    calls: tuple[Call, ...]
    finish_reason: str
    usage: ChatUsage | None = ChatUsage()
    model: str | None = None
    refusal: str | None = None
    id: str = field(default_factory=lambda: f"chatcmpl-{next(_ids):04d}")

    def message(self) -> dict[str, Any]:
        out: dict[str, Any] = {"role": "assistant", "content": self.text, "refusal": self.refusal}
        if self.calls:
            out["tool_calls"] = [{"id": c.id or None, "type": "function",
                                  "function": {"name": c.name, "arguments": c.arguments}}
                                 for c in self.calls]
        return out


def call(name: str, arguments: Any, id: str | None = None) -> Call:
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return Call(name, raw, f"call_{next(_ids):04d}" if id is None else id)


def completion(text: str | Call | None = None, *calls: Call, finish_reason: str | None = None,
               usage: ChatUsage | None = ChatUsage(), model: str | None = None,
               refusal: str | None = None) -> Completion:
    if isinstance(text, Call):
        text, calls = None, (text, *calls)
    if finish_reason is None:
        finish_reason = "tool_calls" if calls else "stop"
    return Completion(text, tuple(calls), finish_reason, usage, model, refusal)


class ChatAPIServer(ScriptedAPIServer):
    route = "/v1/chat/completions"

    def default_model(self) -> str:
        return DEFAULT_MODEL

    def answer_json(self, answer: Completion, model: str) -> dict[str, Any]:
        out = {"id": answer.id, "object": "chat.completion", "created": 1_800_000_000,
               "model": answer.model or model, "choices": [
                   {"index": 0, "message": answer.message(), "finish_reason": answer.finish_reason,
                    "logprobs": None}]}
        if answer.usage is not None:
            out["usage"] = answer.usage.to_json()
        return out

    def answer_stream(self, answer: Completion, model: str, request: Any) -> bytes:
        base = {"id": answer.id, "object": "chat.completion.chunk", "created": 1_800_000_000,
                "model": answer.model or model}

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

        chunks = [chunk({"role": "assistant", "content": ""})]
        text = answer.text or ""
        chunks += [chunk({"content": text[i:i + 8]}) for i in range(0, len(text), 8)]
        if answer.refusal:
            chunks.append(chunk({"refusal": answer.refusal}))
        for index, c in enumerate(answer.calls):
            chunks.append(chunk({"tool_calls": [{"index": index, "id": c.id or None,
                                                 "type": "function", "function": {
                                                     "name": c.name, "arguments": ""}}]}))
            chunks += [chunk({"tool_calls": [{"index": index, "function": {
                "arguments": c.arguments[i:i + 16]}}]}) for i in range(0, len(c.arguments), 16)]
        chunks.append(chunk({}, answer.finish_reason))
        wants_usage = ((request or {}).get("stream_options") or {}).get("include_usage")
        if wants_usage and answer.usage is not None:
            chunks.append({**base, "choices": [], "usage": answer.usage.to_json()})
        return (b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in chunks)
                + b"data: [DONE]\n\n")

    def error_json(self, err: ErrorStatus) -> dict[str, Any]:
        kind = err.error_type or _ERROR_TYPES.get(err.status, "server_error")
        return {"error": {"message": err.message or f"scripted {kind}", "type": kind,
                          "param": None, "code": err.code}}
