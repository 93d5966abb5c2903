"""What every model provider looks like to the agent loop and the LLM verifier.

A `Chat` is one conversation with one model through one provider's API (llm._anthropic,
llm._openai). It keeps the conversation in its provider's own message form and answers each
`send()` with a provider-neutral `Reply`; the callers never see a provider's types. What it adds
to the conversation it also returns in that wire form, so the transcript shows what was sent.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Protocol, Sequence

from records import ConfigurationError
from llm._usage import Usage

# Why a reply ended, the same across providers:
#   tool_use        it asks for tool calls          end_turn    it stopped on its own
#   max_tokens      cut at the output limit         refusal     the model declined
#   content_filter  the provider's filter cut it    context_window  the conversation is too long
Stop = Literal["tool_use", "end_turn", "max_tokens", "refusal", "content_filter", "context_window"]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: Mapping[str, Any]  # JSON Schema of the input object


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    input: Any  # the decoded arguments; None when they were not valid JSON (see input_error)
    input_error: str | None = None  # why the arguments could not be read, shown to the model


@dataclass(frozen=True)
class ToolResult:
    call_id: str
    text: str
    is_error: bool = False


@dataclass(frozen=True)
class Reply:
    model: str  # as the API answered (the billed model)
    stop: Stop
    stop_reason: str | None  # the provider's own word for it, recorded as is
    text: str  # the reply's text, all parts joined
    calls: tuple[ToolCall, ...]
    usage: Usage
    content: Any  # the reply in the provider's message form, for the transcript


class ProviderRejected(ConfigurationError):
    """The provider refused our credentials or the model name: a configuration error."""


class Chat(Protocol):
    provider: str  # "anthropic", "openai"
    model: str  # as asked for

    def describe(self) -> dict[str, Any]:
        """What the transcript's start line records about the requests (limits, thinking…)."""
        ...

    def add_user(self, text: str) -> tuple[str, Any]:
        """Append a user message; returns (role, content) as sent, for the transcript."""
        ...

    def add_reply(self, reply: Reply, *, text_only: bool = False) -> None:
        """Append the model's reply; text_only keeps only its text (a reply cut at max_tokens
        may end in half a tool call)."""
        ...

    def add_tool_results(self, results: Sequence[ToolResult]) -> tuple[str, Any]:
        """Answer the last reply's tool calls, in the order given."""
        ...

    def send(self) -> Reply:
        """Call the model on the conversation so far, retried on transient faults (raises
        llm._errors.LLMUnavailable past the budget, ProviderRejected for bad credentials)."""
        ...
