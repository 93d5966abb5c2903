"""Model plumbing for the model agents and the LLM verifier, for either provider. The public
names are in `__all__` (loaded on first use, so importing `llm` loads no SDK); the modules behind
them are private:

_chat       Chat (one conversation through one provider), Reply, ToolSpec, ToolCall, ToolResult
_anthropic  the Chat over Anthropic's Messages API (prompt caching, thinking)
_openai     the Chat over an OpenAI-compatible chat-completions API (function tools)
_providers  the providers by name: open_chat, DEFAULT_MODEL, API_NAME
_client     ClientConfig (provider, key and base URL from the environment)
_call       RetryingCaller: one call with our retries, every retry reported
_retry      RetryPolicy, what is retryable (either SDK), how long to wait
_usage      token counts per turn and in total
_ledger     usage per turn with cost (agent/usage.json, verifier/usage*.json)
_prices     the editable price table (prices.toml) and cost
_templates  prompt templates from files
_errors     LLMUnavailable (infrastructure), IncompleteAnswer, MissingAPIKey (configuration)

The one redactor every record goes through is `records`' (records/_redact.py).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "AnthropicChat": "_anthropic", "RetryEvent": "_call", "RetryingCaller": "_call",
    "Chat": "_chat", "ProviderRejected": "_chat", "Reply": "_chat", "Stop": "_chat",
    "ToolCall": "_chat", "ToolResult": "_chat", "ToolSpec": "_chat", "ClientConfig": "_client",
    "Provider": "_client", "IncompleteAnswer": "_errors", "LLMUnavailable": "_errors",
    "MissingAPIKey": "_errors", "UsageLedger": "_ledger", "OpenAIChat": "_openai",
    "Cost": "_prices", "PriceTable": "_prices", "API_NAME": "_providers",
    "DEFAULT_MODEL": "_providers", "open_chat": "_providers", "RetryPolicy": "_retry",
    "render": "_templates", "Usage": "_usage",
}
__all__ = [
    "API_NAME", "AnthropicChat", "Chat", "ClientConfig", "Cost", "DEFAULT_MODEL",
    "IncompleteAnswer", "LLMUnavailable", "MissingAPIKey", "OpenAIChat", "PriceTable",
    "Provider", "ProviderRejected", "Reply", "RetryEvent", "RetryPolicy", "RetryingCaller",
    "Stop", "ToolCall", "ToolResult", "ToolSpec", "Usage", "UsageLedger", "open_chat", "render",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'llm' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"llm.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from llm._anthropic import AnthropicChat
    from llm._call import RetryEvent, RetryingCaller
    from llm._chat import Chat, ProviderRejected, Reply, Stop, ToolCall, ToolResult, ToolSpec
    from llm._client import ClientConfig, Provider
    from llm._errors import IncompleteAnswer, LLMUnavailable, MissingAPIKey
    from llm._ledger import UsageLedger
    from llm._openai import OpenAIChat
    from llm._prices import Cost, PriceTable
    from llm._providers import API_NAME, DEFAULT_MODEL, open_chat
    from llm._retry import RetryPolicy
    from llm._templates import render
    from llm._usage import Usage
