"""The Claude agent: agents._model's loop over Anthropic's Messages API."""
from __future__ import annotations

import time
from typing import Callable

from agents._base import AgentOptions
from agents._model import ModelAgent
from records import ConfigurationError
from llm import AnthropicChat, Chat, ClientConfig, RetryingCaller, RetryPolicy, ToolSpec

DEFAULT_MODEL = "claude-sonnet-5"  # the reference study's model
THINKING_BUDGET = {"low": 4_000, "medium": 16_000, "high": 32_000}  # effort → thinking tokens
OUTPUT_TOKENS = 16_000  # per reply, on top of the thinking budget
NO_KEY_HINT = "or run without a model: --agent=oracle"


class ClaudeAgent(ModelAgent):
    name = "claude"
    api = "Messages API"

    def __init__(self, options: AgentOptions, client: ClientConfig | None = None,
                 retry: RetryPolicy = RetryPolicy(), *,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        if options.effort is not None and options.effort not in THINKING_BUDGET:
            raise ConfigurationError(f"unknown effort {options.effort!r}; valid: "
                           f"{', '.join(THINKING_BUDGET)} (or none: no extended thinking)")
        # Everything that can be wrong with the configuration fails here, before a cluster exists.
        self.client = client or ClientConfig.from_env(hint=NO_KEY_HINT)
        super().__init__(options, retry, sleep)
        self.model = options.model or DEFAULT_MODEL
        self.thinking_budget = THINKING_BUDGET.get(options.effort or "")
        self.max_tokens = OUTPUT_TOKENS + (self.thinking_budget or 0)

    def chat(self, system: str, tools: list[ToolSpec], caller: RetryingCaller) -> Chat:
        return AnthropicChat(self.client, caller, model=self.model, system=system, tools=tools,
                             max_tokens=self.max_tokens, thinking_budget=self.thinking_budget)
