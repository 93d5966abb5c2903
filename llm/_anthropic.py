"""A Chat over Anthropic's Messages API: prompt caching with a moving breakpoint, extended
thinking, streaming or not."""
from __future__ import annotations

import copy
from typing import Any, Sequence

import anthropic
from anthropic.types import Message

from llm._call import RetryingCaller
from llm._chat import ProviderRejected, Reply, Stop, ToolCall, ToolResult, ToolSpec
from llm._client import ClientConfig, make_client
from llm._usage import Usage

EPHEMERAL = {"type": "ephemeral"}
_STOPS: dict[str | None, Stop] = {"tool_use": "tool_use", "max_tokens": "max_tokens",
                                  "refusal": "refusal",
                                  "model_context_window_exceeded": "context_window"}


class AnthropicChat:
    provider = "anthropic"

    def __init__(self, config: ClientConfig, caller: RetryingCaller, *, model: str, system: str,
                 tools: Sequence[ToolSpec] = (), max_tokens: int,
                 thinking_budget: int | None = None, effort: str | None = None) -> None:
        self.config = config
        self.caller = caller
        self.model = model
        self.system = system
        self.max_tokens = max_tokens
        self.thinking = ({"type": "enabled", "budget_tokens": thinking_budget}
                         if thinking_budget else None)
        self.effort = effort  # output_config.effort (the verifier's setting)
        self.tools = [{"name": t.name, "description": t.description,
                       "input_schema": dict(t.parameters)} for t in tools]
        self.messages: list[dict[str, Any]] = []
        self._client = make_client(config)

    def describe(self) -> dict[str, Any]:
        return {"provider": self.provider, "max_tokens": self.max_tokens,
                "thinking": self.thinking, "tools": self.tools}

    def add_user(self, text: str) -> tuple[str, Any]:
        blocks = [{"type": "text", "text": text}]
        self._add("user", blocks)
        return "user", blocks

    def add_reply(self, reply: Reply, *, text_only: bool = False) -> None:
        blocks = reply.content
        if text_only:
            blocks = [b for b in blocks if b["type"] == "text" and b["text"]]
        # The API rejects empty text blocks, and an empty turn would merge two user turns.
        blocks = [b for b in blocks if not (b["type"] == "text" and not b["text"])]
        if text_only and not blocks:
            return  # nothing of it stands: the notice that follows explains
        self._add("assistant", blocks or [{"type": "text", "text": "(empty reply)"}])

    def add_tool_results(self, results: Sequence[ToolResult]) -> tuple[str, Any]:
        blocks = [{"type": "tool_result", "tool_use_id": r.call_id, "content": r.text}
                  | ({"is_error": True} if r.is_error else {}) for r in results]
        self._add("user", blocks)
        return "user", blocks

    def send(self) -> Reply:
        params: dict[str, Any] = {"model": self.model, "max_tokens": self.max_tokens,
                                  "messages": self._for_request()}
        if self.tools:
            params["system"] = [{"type": "text", "text": self.system,
                                 "cache_control": dict(EPHEMERAL)}]
            params["tools"] = [*self.tools[:-1], {**self.tools[-1], "cache_control": dict(EPHEMERAL)}]
        else:
            params["system"] = self.system
        if self.thinking:
            params["thinking"] = self.thinking
        if self.effort:
            params["output_config"] = {"effort": self.effort}
        try:
            message = self.caller.call(lambda: self._once(params))
        except anthropic.AuthenticationError as e:
            raise ProviderRejected(f"the Messages API rejected ANTHROPIC_API_KEY "
                                   f"({e.status_code}): check the key") from None
        return _reply(message)

    def _once(self, params: dict[str, Any]) -> Message:
        if not self.config.stream:
            return self._client.messages.create(**params)
        with self._client.messages.stream(**params) as stream:
            return stream.get_final_message()

    def _add(self, role: str, blocks: list[dict[str, Any]]) -> None:
        """Consecutive blocks of one role form one message, as the API wants."""
        if not blocks:
            return
        if self.messages and self.messages[-1]["role"] == role:
            self.messages[-1]["content"].extend(blocks)
        else:
            self.messages.append({"role": role, "content": list(blocks)})

    def _for_request(self) -> list[dict[str, Any]]:
        """A copy with a cache breakpoint on the last block, so each turn reads the previous
        turns from the prompt cache and writes only what is new (agent conversations only: the
        verifier's two calls gain nothing from it)."""
        messages = copy.deepcopy(self.messages)
        if messages and self.tools:
            messages[-1]["content"][-1]["cache_control"] = dict(EPHEMERAL)
        return messages


def _reply(message: Message) -> Reply:
    # warnings=False: a tool input that is not an object is the model's error, shown to it.
    content = [b.model_dump(mode="json", exclude_none=True, warnings=False)
               for b in message.content]
    calls = tuple(ToolCall(b["id"], b["name"], b["input"]) for b in content
                  if b["type"] == "tool_use")
    text = "".join(b["text"] for b in content if b["type"] == "text")
    stop = _STOPS.get(message.stop_reason, "end_turn")
    return Reply(message.model, stop, message.stop_reason, text, calls,
                 Usage.from_api(message.usage), content)
