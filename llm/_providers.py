"""The providers by name: which Chat speaks to which API, and each one's default model."""
from __future__ import annotations

from typing import Any, Sequence

from llm._anthropic import AnthropicChat
from llm._call import RetryingCaller
from llm._chat import Chat, ToolSpec
from llm._client import ClientConfig, Provider
from llm._openai import OpenAIChat

DEFAULT_MODEL: dict[Provider, str] = {"anthropic": "claude-sonnet-5", "openai": "gpt-4.1"}
API_NAME: dict[Provider, str] = {"anthropic": "Messages API", "openai": "chat completions API"}


def open_chat(config: ClientConfig, caller: RetryingCaller, *, model: str, system: str,
              tools: Sequence[ToolSpec] = (), max_tokens: int, effort: str | None = None,
              **provider_options: Any) -> Chat:
    """A Chat with `config.provider`'s API; `effort` is output_config.effort for Anthropic and
    reasoning_effort for OpenAI-compatible servers."""
    chat = OpenAIChat if config.provider == "openai" else AnthropicChat
    return chat(config, caller, model=model, system=system, tools=tools, max_tokens=max_tokens,
                effort=effort, **provider_options)
