"""A Chat over an OpenAI-compatible chat-completions API (OpenAI, Gemini's and OpenRouter's
compatible endpoints, vLLM, Ollama, llama.cpp): function tools, streaming or not."""
from __future__ import annotations

import json
import re
from typing import Any, Sequence

import openai

from llm._call import RetryingCaller
from llm._chat import ProviderRejected, Reply, Stop, ToolCall, ToolResult, ToolSpec
from llm._client import ClientConfig
from llm._errors import IncompleteAnswer
from llm._usage import Usage

_STOPS: dict[str | None, Stop] = {"tool_calls": "tool_use", "function_call": "tool_use",
                                  "length": "max_tokens", "content_filter": "content_filter"}
# How servers say the conversation no longer fits: OpenAI's code, vLLM's, llama.cpp's wording.
_CONTEXT = re.compile(r"context[ _](length|window|size)|maximum context|exceeds? the context",
                      re.IGNORECASE)


class OpenAIChat:
    provider = "openai"

    def __init__(self, config: ClientConfig, caller: RetryingCaller, *, model: str, system: str,
                 tools: Sequence[ToolSpec] = (), max_tokens: int,
                 effort: str | None = None) -> None:
        self.config = config
        self.caller = caller
        self.model = model
        self.max_tokens = max_tokens
        self.effort = effort  # reasoning_effort, for the models that reason
        self.tools = [{"type": "function", "function": {
            "name": t.name, "description": t.description, "parameters": dict(t.parameters)}}
            for t in tools]
        self.messages: list[dict[str, Any]] = [{"role": "system", "content": system}]
        # max_retries=0: our retry loop is the only one, so every retry is seen and recorded.
        self._client = openai.OpenAI(api_key=config.api_key, base_url=config.base_url,
                                     timeout=config.request_timeout_s, max_retries=0)

    def describe(self) -> dict[str, Any]:
        return {"provider": self.provider, "base_url": self.config.base_url,
                "max_tokens": self.max_tokens, "reasoning_effort": self.effort,
                "stream": self.config.stream, "tools": self.tools}

    def add_user(self, text: str) -> tuple[str, Any]:
        self.messages.append({"role": "user", "content": text})
        return "user", text

    def add_reply(self, reply: Reply, *, text_only: bool = False) -> None:
        message = {k: v for k, v in reply.content.items() if k in ("role", "content", "tool_calls")}
        message["content"] = message.get("content") or ""  # not null: some servers refuse it
        if text_only:
            if not reply.text:
                return  # nothing of it stands: the notice that follows explains
            message = {"role": "assistant", "content": reply.text}
        if not message.get("content") and not message.get("tool_calls"):
            message = {"role": "assistant", "content": "(empty reply)"}  # servers refuse an empty turn
        self.messages.append(message)

    def add_tool_results(self, results: Sequence[ToolResult]) -> tuple[str, Any]:
        # One message per call, in the order of the calls (the API pairs them by id).
        sent = [{"role": "tool", "tool_call_id": r.call_id, "content": r.text} for r in results]
        self.messages.extend(sent)
        return "tool", sent

    def send(self) -> Reply:
        params: dict[str, Any] = {"model": self.model, "messages": self.messages,
                                  "max_completion_tokens": self.max_tokens}
        if self.config.base_url:
            # OpenAI's reasoning models refuse the old max_tokens; servers built on the older
            # API (llama-cpp-python, older vLLM and Ollama) read only it.
            params["max_tokens"] = self.max_tokens
        if self.tools:
            # "auto" is the API's default, but some servers (llama-cpp-python) leave the tools
            # out of the prompt unless it is said.
            params["tools"], params["tool_choice"] = self.tools, "auto"
        if self.effort:
            params["reasoning_effort"] = self.effort
        where = self.config.base_url or "api.openai.com"
        try:
            return self.caller.call(lambda: self._once(params))
        except openai.AuthenticationError as e:
            raise ProviderRejected(f"the API at {where} rejected OPENAI_API_KEY "
                                   f"({e.status_code}): check the key") from None
        except openai.NotFoundError as e:
            raise ProviderRejected(f"the API at {where} answered 404 ({_message(e)}): check "
                                   f"--model {self.model!r} and OPENAI_BASE_URL") from None
        except openai.BadRequestError as e:
            if not _CONTEXT.search(f"{getattr(e, 'code', '')} {_message(e)}"):
                raise
            return Reply(self.model, "context_window", f"400 {_message(e)}", "", (), Usage(),
                         {"role": "assistant", "content": None, "error": _message(e)})

    def _once(self, params: dict[str, Any]) -> Reply:
        if not self.config.stream:
            completion = self._client.chat.completions.create(**params).model_dump()
            choice = (completion.get("choices") or [{}])[0]
            return _reply(completion.get("model") or self.model, choice.get("finish_reason"),
                          choice.get("message") or {}, completion.get("usage"))
        return self._streamed(params)

    def _streamed(self, params: dict[str, Any]) -> Reply:
        """The chunks put together: text and refusal appended, tool calls by index, the usage
        from the last chunk (stream_options.include_usage)."""
        model, finish, usage = self.model, None, None
        text, refusal, reasoning = [], [], []
        calls: dict[int, dict[str, Any]] = {}
        params = {**params, "stream": True, "stream_options": {"include_usage": True}}
        with self._client.chat.completions.create(**params) as stream:
            for chunk in stream:
                model = chunk.model or model
                usage = chunk.usage.model_dump() if chunk.usage else usage
                for choice in chunk.choices:
                    delta = choice.delta
                    text.append(delta.content or "")
                    refusal.append(getattr(delta, "refusal", None) or "")
                    reasoning.append((delta.model_extra or {}).get("reasoning_content") or "")
                    for tc in delta.tool_calls or []:
                        slot = calls.setdefault(tc.index, {"id": None, "type": "function",
                                                           "function": {"name": "", "arguments": ""}})
                        slot["id"] = tc.id or slot["id"]
                        if tc.function:
                            # Some servers repeat the name in every chunk: it is set once.
                            slot["function"]["name"] = slot["function"]["name"] or tc.function.name or ""
                            slot["function"]["arguments"] += tc.function.arguments or ""
                    finish = choice.finish_reason or finish
        if finish is None:
            raise IncompleteAnswer("the chat completions stream ended without a finish_reason")
        message = {"content": "".join(text) or None, "refusal": "".join(refusal) or None,
                   "reasoning_content": "".join(reasoning) or None,
                   "tool_calls": [calls[i] for i in sorted(calls)]}
        return _reply(model, finish, message, usage)


def _message(err: openai.APIStatusError) -> str:
    body = err.body if isinstance(err.body, dict) else {}
    inner = body.get("error") if isinstance(body.get("error"), dict) else body
    return str(inner.get("message") or err.message)


def _reply(model: str, finish: str | None, message: dict[str, Any],
           usage: dict[str, Any] | None) -> Reply:
    text = message.get("content") or ""
    raw_calls = message.get("tool_calls") or []
    calls, wire_calls = [], []
    for n, tc in enumerate(raw_calls, 1):
        fn = tc.get("function") or {}
        call_id = tc.get("id") or f"call_{n}"  # some local servers send none
        name, arguments = fn.get("name") or "", fn.get("arguments") or ""
        calls.append(_tool_call(call_id, name, arguments))
        wire_calls.append({"id": call_id, "type": "function",
                           "function": {"name": name, "arguments": arguments}})
    stop: Stop = _STOPS.get(finish, "end_turn")
    if message.get("refusal"):
        stop = "refusal"
    elif calls and stop == "end_turn":
        stop = "tool_use"  # servers that end a tool-calling reply with "stop"
    content: dict[str, Any] = {"role": "assistant", "content": text or None}
    if wire_calls:
        content["tool_calls"] = wire_calls
    for extra in ("refusal", "reasoning_content"):
        if message.get(extra):
            content[extra] = message[extra]
    return Reply(model, stop, finish, text, tuple(calls), _usage(usage), content)


def _tool_call(call_id: str, name: str, arguments: str) -> ToolCall:
    try:
        return ToolCall(call_id, name, json.loads(arguments or "{}"))
    except ValueError as e:
        shown = arguments if len(arguments) <= 200 else arguments[:200] + "…"
        return ToolCall(call_id, name, None,
                        f"{name}: the arguments are not valid JSON ({e}): {shown}")


def _usage(usage: dict[str, Any] | None) -> Usage:
    """OpenAI counts cached tokens inside prompt_tokens; ours keeps them apart, as Anthropic's."""
    if not usage:
        return Usage()
    cached = ((usage.get("prompt_tokens_details") or {}).get("cached_tokens")) or 0
    prompt = usage.get("prompt_tokens") or 0
    return Usage(input_tokens=max(0, prompt - cached), output_tokens=usage.get("completion_tokens") or 0,
                 cache_read_tokens=cached)
